"""Infrastructure the reference engines share: records and helpers that mean the same in every game.

Each module holds one piece (the rule-id registry, the event log, the action base, the engine's readings, the
exception bases...), parameterised where the engines differ (the registry a log checks ids against, how a
message cites rules). Nothing here knows a game's rules, and nothing here knows ``kb/``; each engine imports what
it needs and re-exports it under its own names.
"""
