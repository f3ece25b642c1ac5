"""Search the index: rule-number jumps first, then ranked text matches, typo corrections and cross-language links.

Needs only the index (no graph): everything a hit shows was stored at build time. A ``SearchEngine`` reads
one index generation into memory; after a rebuild, make a new engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.core.ids import normalise_lookup
from kb.core.paths import Paths
from kb.search.analysis import analyse, negated_stems
from kb.search.definitions import definition_subjects, subject_heads
from kb.search.filters import Filters, make_filters
from kb.search.fuzzy import FUZZY_BOOST, fuzzy_pass, unknown_words
from kb.search.lexicon import REAL_WORDS_FILE, real_words_from_json
from kb.search.matching import evaluate
from kb.search.query import ParsedQuery, QueryBuilder, plain_words, split_query, to_whoosh
from kb.search.results import SearchHit, SearchResult, hit_from_stored
from kb.search.shapes import CLAUSE, QUALIFIER, Asked, shapes_of
from kb.search.snippets import snippet
from kb.search.store import SYNONYMS, OpenIndex, open_index, source_fingerprint
from kb.search.synonyms import Synonyms

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from whoosh import query as wq

    from kb.search.postings import PostingsCache

#: The score of a rule reached by its number (its subrules follow just below it).
JUMP_SCORE = 1000.0
#: The kinds of entry a glossary entry's parent has when it is the text that defines the term.
DEFINING_KINDS = ("rule", "paragraph")
#: The kinds of entry whose text surveys their subrules rather than stating a rule: ranked below the best
#: of their subrules the question matches (see ``_headings_below_subrules``).
OVERVIEW_KINDS = ("chapter",)
#: Fewer text hits than this, and the fuzzy pass runs for every word.
FEW_HITS = 3
#: The rules an entry leads to follow it at this fraction of its (unweighted) text score, decaying per
#: rule: a German passage's CR rules, an English passage's, a ruling's cited rules, a scenario's. The
#: fraction is added to the rule's own text score: a rule the question matches itself and that a matching
#: passage, ruling or scenario leads to has two pieces of evidence (for a German question, its German
#: passage and its translation) and ranks above a rule with one.
RELATED_FACTOR = {"de": 0.97, "en": 0.75, "ruling": 0.6, "scenario": 0.6}
RELATED_DECAY = 0.97
#: An entry lifts the rules it is about (``IndexDoc.primary``: a ruling's first rule) at ``RELATED_FACTOR``,
#: the others it cites on the way at this fraction of it: a ruling matching the question is evidence for the
#: rule it answers about more than for the neighbours its answer cites.
SECONDARY_SHARE = 0.9
#: A rule ranks above a subrule the question matches less than 1/SUBRULE_MARGIN as well as the rule itself.
SUBRULE_MARGIN = 2.0
#: A passage in the question's language is placed this much below the best of the rules it leads to.
LEAD = 1.0001
#: The ranking does not depend on how many hits are shown: this many text hits (or ``limit``, if more) are
#: collected and ranked, the best ``RELATED_HITS`` of them lead to their rules, and only then is the list
#: cut to ``limit``.
CANDIDATES = 60
RELATED_HITS = 10
#: A question keeps to one game when it uses words of that game's vocabulary (see ``_game_of_words``).
VOCABULARY_MIN_ENTRIES = 2
VOCABULARY_SHARE = 0.05
VOCABULARY_RATIO = 10.0
#: A word that names a glossary entry of one game alone (Altered's "Step", "Sub-type", "stats" for Statistics) is
#: that game's vocabulary at a lower ratio: common in it and this many times as common as in any other game.
NAMED_RATIO = 3.0
#: Rules named by number: each jump's score is this far below the previous one's (its subrules, in order,
#: 0.01 apart, fit in between).
JUMP_SPACING = 10.0
#: A question that negates ("I don't have a Hero", "a character with no defense value") ranks an English entry
#: that negates the same word ("has no Hero", "without a defensive value") this much higher: among rules that
#: share its words, the one saying what does not happen answers a question about what does not
#: (see ``negated_stems``).
NEGATION_BONUS = 1.2
#: Kinds of entry that lead to rules rather than state them (a ruling's question, a scenario's script): no
#: negation bonus of their own, which would carry over to every rule they lead to.
SECONDARY_KINDS = ("ruling", "scenario")
#: How a rule named by number, and its subrules, are reached.
JUMP_REASONS = ("rule number", "subrule of")
#: The game option that searches every game: no game named in the query or detected from its words applies.
ALL_GAMES = "all"


class SearchEngine:
    """An open index and everything needed to query it."""

    def __init__(self, paths: Paths | None = None, opened: OpenIndex | None = None):
        self.paths = paths or Paths.discover()
        self.opened = opened or open_index(self.paths)
        self.cache = self.opened.cache
        self.meta = self.opened.meta
        self.games: frozenset[str] = frozenset(self.meta.get("games", []))
        #: The other spellings of the games' names their documents use ("athenum": athernum).
        self.game_names: dict[str, str] = dict(self.meta.get("game_names", {}))
        synonyms_file = self.opened.path / SYNONYMS
        synonyms = (
            Synonyms.from_json(synonyms_file.read_text(encoding="utf-8"))
            if synonyms_file.exists()
            else Synonyms()
        )
        self.builder = QueryBuilder(synonyms)
        real_words_file = self.opened.path / REAL_WORDS_FILE
        self.real_words = (
            real_words_from_json(real_words_file.read_text(encoding="utf-8"))
            if real_words_file.exists()
            else {}
        )
        self._scores: dict[int, float] = {}  # every document's score in the last text search
        #: Documents the index also holds in another language (a rulebook and its translation), and per
        #: question language the entries left out for it (made on first use).
        self._translated = {
            docid: frozenset(langs) for docid, langs in self.meta.get("translated", {}).items()
        }
        self._other_language: dict[str, frozenset[int]] = {}
        self._term_counts: dict[tuple[str, str], dict[str, int]] = {}
        self._sizes: dict[str, int] = {}
        self._negations: list[frozenset[str]] | None = None
        self._glossary_names: dict[tuple[str, ...], frozenset[str]] | None = None
        self._dots: int | None = None

    def close(self) -> None:
        """Nothing to release (the index is read into memory); kept so that an engine is a context manager."""

    def __enter__(self) -> SearchEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what the index says about itself --------------------------------------------------------

    @property
    def warnings(self) -> list[str]:
        return list(self.opened.warnings)

    def is_stale(self) -> bool:
        """True when a rule source, the rulings, the verify results or the synonyms changed since the build."""
        return source_fingerprint(self.paths) != self.meta.get("fingerprint")

    def get(self, node_id: str) -> dict[str, Any] | None:
        """The stored fields of the entry with this qualified id."""
        docnum = self.cache.docnum(node_id.casefold())
        if docnum is None or self.cache.ids[docnum] != node_id:
            return None
        return self.cache.stored[docnum]

    # --- ids ---------------------------------------------------------------------------------------

    def resolve(self, typed: str, game: str | None = None) -> str | None:
        """The id of the entry ``typed`` names, in every form a judge types (as ``rulekb rule`` accepts)."""
        key = normalise_lookup(typed)
        candidates = [key.key]
        if ":" not in typed:
            games = [game] if game else []
            games += ["athernum"] + sorted(self.games - {"athernum"})
            local = key.local
            for g in games:
                candidates += [f"{g}:{local}".casefold(), f"{g}:term/{local}".casefold()]
        for candidate in candidates:
            docnum = self.cache.docnum(candidate)
            if docnum is not None:
                return self.cache.ids[docnum]
        return None

    def suggest(self, typed: str, limit: int = 5) -> list[str]:
        """Ids that start like ``typed`` (dropping its last parts until some do), for a 'did you mean'."""
        key = normalise_lookup(typed).key
        game, _, local = key.partition(":")
        parts = local.split(".")
        del parts[self._most_dots() + 1 :]  # no id starts with more parts than the longest id has
        while parts:
            stem = f"{game}:{'.'.join(parts)}".rstrip("abcdefghijklmnopqrstuvwxyz")
            docnums = sorted({d for k, d in self.cache.keys.items() if k.startswith(stem)})
            if docnums and len(parts) > 1:
                return [self.cache.ids[d] for d in docnums[:limit]]
            parts.pop()
        return []

    def _most_dots(self) -> int:
        """The most dots an id of the index holds (made on first use)."""
        if self._dots is None:
            self._dots = max((k.count(".") for k in self.cache.keys), default=0)
        return self._dots

    def filters(
        self, game: str | None = None, document: str | None = None, kind: str | None = None
    ) -> Filters:
        """Validated filters: a game, a document (``cr`` or ``athernum:cr``), a kind or category of entry."""
        return make_filters(self.meta, game, document, kind)

    # --- search -------------------------------------------------------------------------------------

    def search(
        self,
        text: str,
        *,
        game: str | None = None,
        default_game: str | None = None,
        document: str | None = None,
        kind: str | None = None,
        limit: int = 10,
    ) -> SearchResult:
        """Ranked hits for what a judge typed; never raises on malformed input. ``game="all"`` searches every
        game: the judge undoes the game the query names or its words suggest. ``default_game``: the event's game
        the judge set (``RULEKB_GAME``, the site's remembered chip): it applies unless ``game`` is given or the
        query names a game, before the game the question's words suggest."""
        text = text or ""
        limit = max(1, limit)
        every_game = (game or "").casefold() == ALL_GAMES
        game = None if every_game else game
        parsed = split_query(text, self.games, self.game_names)
        lone_word = not parsed.ids and len(parsed.text.split()) == 1
        if lone_word and any(c.isdigit() for c in parsed.text) and self.resolve(parsed.text.strip(), game):
            parsed.ids, parsed.text = (
                [parsed.text.strip()],
                "",
            )  # a ruling's id (R-ATH-001) or another numbered id
        self.builder.build(parsed, self.cache)
        result = SearchResult(query=text)
        if not every_game:
            game = (
                game
                or parsed.filters.get("game")
                or self._default_game(default_game, result)
                or self._game_of_words(parsed, result)
            )
        filters = self.filters(
            game, document or parsed.filters.get("document"), kind or parsed.filters.get("kind")
        )
        result.game = filters.game
        result.lang = parsed.lang
        ranked = _Ranking(self.cache, filters)
        self._jump(parsed, filters, ranked, result)
        if parsed.fallback:
            result.fallback = True
            result.notes.append(
                "the query could not be parsed as written; searched its plain words: "
                + " ".join(parsed.words)
            )
        if parsed.query is not None or parsed.clauses or parsed.unknown:  # unknown words only: the fuzzy pass
            self._text(parsed, filters, limit, ranked, result)
        if parsed.clauses:
            self._definitions_first(parsed, filters, ranked)
            self._shaped_first(parsed, ranked)
        elif not parsed.ids and not parsed.words:
            result.notes.append("nothing to search for: type words, a phrase in quotes, or a rule number")
        hits = [
            hit_from_stored(self.cache.stored[docnum], score, self._via(via))
            for docnum, score, via in ranked.best(limit)
        ]
        self._snippets(hits, parsed)
        result.hits = hits
        return result

    def _default_game(self, default_game: str | None, result: SearchResult) -> str | None:
        """The event's game the judge set, said in a note; none when unset or ``all``."""
        default = (default_game or "").strip().casefold()
        if not default or default == ALL_GAMES:
            return None
        result.notes.append(f"kept to {default}: the game set for the event")
        return default

    def _game_of_words(self, parsed: ParsedQuery, result: SearchResult) -> str | None:
        """The game whose vocabulary the question uses (``Noon``, ``horizon``, ``Contingency``): the search
        keeps to it. Counted per typed word (its index terms, synonyms and translations alike), as the
        share of each game's entries that hold it:

        - a word is a game's vocabulary when at least ``VOCABULARY_MIN_ENTRIES`` of its entries hold it and
          either no other game's entry does, or it is common there (a share of ``VOCABULARY_SHARE``) and
          ``VOCABULARY_RATIO`` times as common as in any other game (``NAMED_RATIO`` times, for a word that names
          a glossary entry of that game alone: ``_named_games``); it votes for the game with its share;
        - a game is ruled out by a word it never uses that is common (``VOCABULARY_SHARE / 2``) in another;
        - the game with the most votes wins when no other game left has a tenth of its votes, and when the
          evidence is more than one odd word: two or more words vote for it, or the one that does is common
          in it (``VOCABULARY_SHARE``) or the question's key term (the word the fewest entries hold); not a
          word a big game happens to use alone ("keyword" in "what is the guardian keyword").

        A word typed twice counts once, with its first place's readings (synonyms are added there only: "sword"
        reads "item" the first time).

        A question in another language than English keeps to the one game with texts in that language."""
        if not parsed.clauses or len(self.games) < 2:
            return None
        speaking = sorted(
            {game for game, lang in zip(self.cache.games, self.cache.langs) if lang == parsed.lang}
        )
        if parsed.lang != "en" and len(speaking) == 1:  # a German question: only Athernum has German texts
            result.notes.append(f"kept to {speaking[0]}: the only game with texts in the question's language")
            return speaking[0]
        sizes = self._game_sizes()
        counts: dict[int, dict[str, int]] = {}  # typed word → game → entries holding it (best field)
        first: dict[str, int] = {}  # a word typed twice counts once, with the readings its first place has
        for n, typed in enumerate(parsed.words):
            first.setdefault(typed.casefold(), n)
        for clause in parsed.clauses:
            if len(clause.stems) == 1 and clause.group < len(parsed.words):
                word = counts.setdefault(first[parsed.words[clause.group].casefold()], {})
                for game, count in self._term_games(clause.field, clause.stems[0]).items():
                    word[game] = max(word.get(game, 0), count)
        named = self._named_games(parsed)
        votes = dict.fromkeys(sorted(self.games), 0.0)
        voters: dict[str, list[tuple[int, bool]]] = {game: [] for game in votes}  # (word, common in the game)
        for group, word in counts.items():
            shares = {game: word.get(game, 0) / sizes[game] for game in votes}
            for game, share in shares.items():
                others = [other for g, other in shares.items() if g != game]
                ratio = NAMED_RATIO if named.get(group) == game else VOCABULARY_RATIO
                if word.get(game, 0) >= VOCABULARY_MIN_ENTRIES and (
                    not any(others) or (share >= VOCABULARY_SHARE and all(share >= ratio * o for o in others))
                ):
                    votes[game] += share
                    voters[game].append((group, share >= VOCABULARY_SHARE))
            for game in [g for g in votes if not shares[g] and max(shares.values()) >= VOCABULARY_SHARE / 2]:
                del votes[game]
        ranked = sorted(votes.items(), key=lambda gv: (-gv[1], gv[0]))
        if (
            not ranked
            or not ranked[0][1]
            or (len(ranked) > 1 and ranked[1][1] * VOCABULARY_RATIO > ranked[0][1])
        ):
            return None
        game = ranked[0][0]
        held = {group: sum(word.values()) for group, word in counts.items() if word}
        key = {group for group, n in held.items() if n == min(held.values())}
        if len(voters[game]) < 2 and not any(common or group in key for group, common in voters[game]):
            return None
        result.notes.append(f"kept to {game}: the question uses its vocabulary")
        return game

    def _named_games(self, parsed: ParsedQuery) -> dict[int, str]:
        """Per typed word: the one game whose glossary entry it names exactly (as typed, as a synonym or a
        translation, or with its neighbour: "daily effects"), if only one game's glossary has that name."""
        if self._glossary_names is None:
            names: dict[tuple[str, ...], set[str]] = {}
            for docnum in range(self.cache.count):
                if self.cache.kinds[docnum] == "term":
                    title = tuple(analyse(self.cache.stored[docnum].get("title") or "", "en"))
                    names.setdefault(title, set()).add(self.cache.games[docnum])
            self._glossary_names = {name: frozenset(games) for name, games in names.items() if name}
        games: dict[int, set[str]] = {}
        for clause in parsed.clauses or []:
            if clause.group < len(parsed.words) and clause.stems in self._glossary_names:
                games.setdefault(clause.group, set()).update(self._glossary_names[clause.stems])
        return {group: next(iter(found)) for group, found in games.items() if len(found) == 1}

    def _game_sizes(self) -> dict[str, int]:
        """How many entries each game has."""
        if not self._sizes:
            for game in self.cache.games:
                self._sizes[game] = self._sizes.get(game, 0) + 1
        return self._sizes

    def _term_games(self, fieldname: str, stem: str) -> dict[str, int]:
        """How many entries of each game hold ``stem`` in ``fieldname`` (remembered)."""
        key = (fieldname, stem)
        if key not in self._term_counts:
            counts: dict[str, int] = {}
            entry = self.cache.postings.get(fieldname, {}).get(stem)
            for docnum in entry[0] if entry else ():
                game = self.cache.games[docnum]
                counts[game] = counts.get(game, 0) + 1
            self._term_counts[key] = counts
        return self._term_counts[key]

    def _via(self, via: tuple[str, int]) -> str:
        """Why a hit was found, as the judge reads it: "text", "rule number", "subrule of 4.2.2", …"""
        reason, source = via
        return reason if source < 0 else f"{reason} {self.cache.labels[source]}"

    def _jump(self, parsed: ParsedQuery, filters: Filters, ranked: _Ranking, result: SearchResult) -> None:
        """Rules named by number come first, each followed by its subrules."""
        for n, typed in enumerate(parsed.ids):
            node_id = self.resolve(typed, filters.game)
            docnum = self.cache.docnum(node_id.casefold()) if node_id else None
            if docnum is None:
                hints = self.suggest(typed)
                result.notes.append(
                    f"no rule {typed!r}" + (f"; did you mean: {', '.join(hints)}" if hints else "")
                )
                continue
            base = JUMP_SCORE - n * JUMP_SPACING
            ranked.add(docnum, base, ("rule number", -1))
            for i, sub in enumerate(self.cache.subrules[docnum][: int(JUMP_SPACING / 0.01) - 1]):
                ranked.add(sub, base - (i + 1) * 0.01, ("subrule of", docnum))

    def _text(
        self, parsed: ParsedQuery, filters: Filters, limit: int, ranked: _Ranking, result: SearchResult
    ) -> None:
        """Text hits (with a fuzzy pass for unknown words, or for all words when few hits), then, for a plain
        question, the rules each passage, ruling or scenario leads to, those the question also matches first."""
        fetch = max(limit, CANDIDATES)
        hits = self._run(parsed, filters, fetch)
        unknown = (
            parsed.unknown
            if parsed.clauses is not None
            else unknown_words(self.cache, parsed.words, parsed.lang)
        )
        if unknown or len(hits) < FEW_HITS:
            groups = {w: n for n, w in enumerate(parsed.words)}
            fuzzy = fuzzy_pass(self.cache, unknown or parsed.words, groups, (parsed.lang,), self.real_words)
            if parsed.lang == "de" and fuzzy.corrections:  # a corrected German word is translated as well
                fuzzy.clauses += self.builder.translate(
                    fuzzy.corrections, groups, self.cache, parsed.lang, FUZZY_BOOST
                )
            if fuzzy.clauses:
                if parsed.clauses is not None:
                    parsed.clauses = parsed.clauses + fuzzy.clauses
                else:
                    from whoosh import query as wq

                    parsed.query = wq.Or([parsed.query, to_whoosh(fuzzy.clauses)])
                hits = self._run(parsed, filters, fetch)
                result.corrections = fuzzy.corrections
                shown = "; ".join(f"{w} → {', '.join(ts)}" for w, ts in fuzzy.corrections.items())
                result.notes.append(f"also searched similar words: {shown}")
        for docnum, score in hits:
            ranked.add(docnum, score, ("text", -1))
        if parsed.clauses is None:
            return  # a query in Whoosh's language lists what it matches, and only that
        cache = self.cache
        for docnum, score in hits[:RELATED_HITS]:
            related = cache.related[docnum]
            kind = cache.kinds[docnum]
            if (
                not related or kind == "term"
            ):  # an entry restates its defining rule: no second evidence for it
                continue
            factor = RELATED_FACTOR.get(kind) or RELATED_FACTOR["de" if cache.langs[docnum] == "de" else "en"]
            reason = {"ruling": "cited by", "scenario": "shown by"}.get(kind, "explained by")
            base = self._scores.get(
                docnum, score
            )  # the unweighted text score: the prior is for the entry itself
            primary = self._primary(docnum)
            for i, rule in enumerate(sorted(related, key=lambda r: -self._scores.get(r, 0.0))):
                own = self._scores.get(rule, 0.0) * cache.priors[rule]
                share = 1.0 if not primary or rule in primary else SECONDARY_SHARE
                ranked.add(rule, own + base * factor * share * RELATED_DECAY**i, (reason, docnum))
        negated = negated_stems(parsed.text) if parsed.lang == "en" else frozenset()
        if negated:
            self._negations_together(negated, ranked)
        self._own_language_beside(parsed.lang, hits[:RELATED_HITS], ranked)
        self._rules_above_examples(hits[:RELATED_HITS], ranked)
        self._headings_below_subrules(ranked)
        self._rules_above_weaker_subrules(ranked)
        if len(parsed.words) > 1:  # one word looks a topic up, as its glossary entry's name does
            self._glossary_below_defining_rules(ranked)

    def _primary(self, docnum: int) -> set[int]:
        """The docnums of the rules an entry is about (``IndexDoc.primary``); empty: all it leads to."""
        ids = self.cache.stored[docnum].get("primary") or ()
        found = (self.cache.docnum(str(i).casefold()) for i in ids)
        return {n for n in found if n is not None}

    def _negations_together(self, negated: frozenset[str], ranked: _Ranking) -> None:
        """For a question that negates: each entry the question matches itself that negates one of the words the
        question negates ranks ``NEGATION_BONUS`` times higher (after the rules that passages lead to have
        joined, so that which passages lead is left as it was; rules named by number keep their place)."""
        negations = self._negated()
        for docnum, (score, via, position) in list(ranked.entries.items()):
            if (
                negations[docnum] & negated
                and self._scores.get(docnum, 0.0) > 0
                and via[0] not in JUMP_REASONS
            ):
                ranked.entries[docnum] = (score * NEGATION_BONUS, via, position)

    def _glossary_below_defining_rules(self, ranked: _Ranking) -> None:
        """A glossary entry ranks just below the best of its defining rule and that rule's subrules that the
        question matches itself: the entry restates the rule in brief, the rules answer a question. A definition
        question puts the entry first afterwards (``_definitions_first``)."""
        cache = self.cache
        for docnum, (score, via, _) in list(ranked.entries.items()):
            if cache.kinds[docnum] == "term" and cache.related[docnum]:
                rule = cache.related[docnum][0]
                self._below_best_match(ranked, docnum, score, via, (rule, *cache.subrules[rule]))

    def _headings_below_subrules(self, ranked: _Ranking) -> None:
        """A heading with no text of its own (``8.0.2 Initiative Determination``), and a chapter, whose text only
        introduces it (``5 Resources``), rank just below the best of their subrules that the question matches
        itself: the heading names the topic and the chapter surveys it, the subrule answers. A heading of a rules
        text without numbers (Atnia's rules page, a rulebook) is the only name its passages have (they hold it as
        context alone): the best of them is first raised to the heading's score ("highlander format rules": the
        passage under "Highlander")."""
        cache = self.cache
        for docnum, (score, via, _) in list(ranked.entries.items()):
            if not cache.subrules[docnum]:
                continue
            textless = not (cache.stored[docnum].get("text") or "").strip()
            if textless and not cache.stored[docnum].get("number"):
                self._named_passage_first(ranked, docnum, score, via)
            elif textless or cache.kinds[docnum] in OVERVIEW_KINDS:
                self._below_best_match(ranked, docnum, score, via, cache.subrules[docnum])

    def _named_passage_first(self, ranked: _Ranking, docnum: int, score: float, via: tuple[str, int]) -> None:
        """The best ranked of an unnumbered heading's passages that the question matches itself takes the
        heading's score, if that is higher, and the heading follows just below it."""
        matched = [
            o for o in self.cache.subrules[docnum] if o in ranked.entries and self._scores.get(o, 0.0) > 0
        ]
        if not matched:
            return
        best = max(matched, key=lambda o: ranked.entries[o][0])
        if ranked.entries[best][0] <= score:
            ranked.place(best, score, ranked.entries[best][1])
            ranked.place(docnum, score / LEAD, via)

    def _rules_above_weaker_subrules(self, ranked: _Ranking) -> None:
        """A rule the question matches clearly better itself (``SUBRULE_MARGIN`` times) than one of its subrules
        does ranks just above that subrule: the subrule's match is then mostly the rule's own words (its
        context), so where another entry (a scenario, a ruling) leads to the subrule, the rule that says what
        was asked comes first ("Schlägt das Ziel zurück?": 9.3.9b, not 9.3.9b.I)."""
        cache = self.cache
        for docnum, (score, _, _) in sorted(ranked.entries.items(), key=lambda e: -e[1][0]):
            if cache.kinds[docnum] != "rule":
                continue
            parent = cache.docnum(str(cache.stored[docnum].get("parent") or "").casefold())
            if parent is None or parent not in ranked.entries or cache.kinds[parent] != "rule":
                continue
            own = self._scores.get(docnum, 0.0)
            if ranked.entries[parent][0] < score and self._scores.get(parent, 0.0) > SUBRULE_MARGIN * own:
                ranked.place(parent, score * LEAD, ranked.entries[parent][1])

    def _below_best_match(
        self, ranked: _Ranking, docnum: int, score: float, via: tuple[str, int], others: Iterable[int]
    ) -> None:
        """Place ``docnum`` just below the best ranked of ``others`` that the question matches itself, if that
        ranks lower than it."""
        best = max(
            (ranked.entries[o][0] for o in others if o in ranked.entries and self._scores.get(o, 0.0) > 0),
            default=None,
        )
        if best is not None and best < score:
            ranked.place(docnum, best / LEAD, via)

    def _rules_above_examples(self, hits: list[tuple[int, float]], ranked: _Ranking) -> None:
        """An example or remark in the rules text that the question matches brings the rule it belongs to
        just above itself: the rule is the answer, the example shows it."""
        for docnum, _ in hits:
            if self.cache.kinds[docnum] in ("example", "remark") and docnum in ranked.entries:
                parent = self.cache.docnum(str(self.cache.stored[docnum].get("parent") or "").casefold())
                if parent is not None:
                    ranked.add(parent, ranked.entries[docnum][0] * LEAD, ("illustrated by", docnum))

    def _own_language_beside(self, lang: str, hits: list[tuple[int, float]], ranked: _Ranking) -> None:
        """For a question in another language than the rules it leads to (German, with the CR in English):
        the passage in the question's language whose rules rank best is shown right after the best of
        them (the CR is definitive; the passage is its reading in the judge's language), and its rules are
        shown as reached through it."""
        cache = self.cache
        best: tuple[float, int] | None = None
        for docnum, _ in hits:
            related = [r for r in cache.related[docnum] if r in ranked.entries]
            if cache.langs[docnum] != lang or not related or all(cache.langs[r] == lang for r in related):
                continue
            top = max(ranked.entries[r][0] for r in related)
            if best is None or top > best[0]:
                best = (top, docnum)
        if best is None:
            return
        top, passage = best
        ranked.place(passage, top / LEAD, ("text", -1))
        for rule in cache.related[passage]:
            ranked.credit(rule, ("explained by", passage))

    def _definitions_first(self, parsed: ParsedQuery, filters: Filters, ranked: _Ranking) -> None:
        """For "what does X mean", "what is X", "difference between X and Y" (and in German): the glossary
        entry of each subject heads the results, each followed by the rule it sits under (a numbered rule, or
        the passage of a rules text without numbers, as Atnia's), in the order asked. A subject's entry is the
        shortest glossary entry whose names hold all of the subject's words, else all of the words of a synonym or
        translation that stands for the whole subject (the words typed name the entry asked about: "support
        ability" is Support Ability, not its synonym's Activation Fee). A search that is nothing but a glossary entry's name
        ("exhausted", "OFV") looks that entry up the same way."""
        subjects = definition_subjects(parsed.text)
        readings = parsed.readings()
        found: list[int] = []
        for subject in subjects or [parsed.text]:
            for candidate in subject_heads(subject, parsed.lang) if subjects else [subject]:
                term = self._glossary_entry(candidate, parsed.lang, filters, not subjects, readings)
                if term is not None:
                    break
            if term is not None and term not in found:
                found.append(term)
        if not found:
            return
        top = max((score for score, _, _ in ranked.entries.values()), default=1.0)
        place = 2 * len(found)
        for term in found:
            ranked.place(term, top * LEAD**place, ("definition", -1))
            parent = self.cache.docnum(str(self.cache.stored[term].get("parent") or "").casefold())
            if parent is not None and self.cache.kinds[parent] in DEFINING_KINDS:
                ranked.place(parent, top * LEAD ** (place - 1), ("defines", term))
            place -= 2

    def _shaped_first(self, parsed: ParsedQuery, ranked: _Ranking) -> None:
        """For a question of a shape (``kb.search.shapes``: "when does the evening phase end", "where on the card
        are the subtypes", and in German): the best-ranked rule (or rules-text passage) that answers it heads the
        results, for the first shape one does."""
        for asked in shapes_of(parsed.text):
            if self._answer_first(parsed, ranked, asked):
                return

    def _answer_first(self, parsed: ParsedQuery, ranked: _Ranking, asked: Asked) -> bool:
        """The best-ranked rule (or rules-text passage) whose own text says what the question asks and whose
        scope names one of its subjects heads the results; whether one did. A subject is read in English (a German
        one as ``_glossary_entry`` reads it), or as a synonym that stands for all of it ("stats": statistics); a
        word written with a hyphen is the word written solid ("sub-types": subtypes). A German passage's scope is
        read in English too, through the gloss ("Objective-Fähigkeiten": objective abilities)."""
        if not ranked.entries:
            return False
        readings = parsed.readings()
        wanted: list[frozenset[str]] = []
        for subject in asked.subjects:
            english = self._in_english(subject, readings) if parsed.lang == "de" else subject
            spellings = [english, *self._whole_synonyms(subject, parsed.lang)]
            wanted += [s for s in (frozenset(analyse(_solid(w), "en")) for w in spellings) if s]
        cache, answer = self.cache, asked.answer
        best: tuple[float, int, int] | None = None  # (-score, position, docnum)
        for docnum, (score, _, position) in ranked.entries.items():
            text = cache.stored[docnum].get("text") or ""
            found = answer.says.search(text) if cache.kinds[docnum] in DEFINING_KINDS else None
            if found is None or (answer.also is not None and not answer.also.search(text)):
                continue
            scope = self._scope(docnum, answer.scope, text, found.start())
            words = set(analyse(_solid(scope), "en"))
            if cache.stored[docnum].get("lang") == "de":  # a German passage names its subject in German
                words |= set(analyse(_solid(self.builder.synonyms.gloss(scope)), "en"))
            if any(subject <= words for subject in wanted) and (
                best is None or (-score, position) < best[:2]
            ):
                best = (-score, position, docnum)
        if best is None:
            return False
        top = max(score for score, _, _ in ranked.entries.values())
        ranked.place(best[2], top * LEAD, (asked.shape, -1))
        return True

    def _scope(self, docnum: int, scope: str, text: str, says_at: int) -> str:
        """The words where a rule names what it says something of (``kb.search.shapes.SCOPES``), given where its
        text says it: its text; its title and section's name (in no section: its title and its text before it
        says it); its title, section's name and the clause before it says it; its title, section's name and text;
        or the clause before it says it, to a qualifying phrase."""
        if scope == "text":
            return text
        if scope == "subject":
            return QUALIFIER.split(CLAUSE.split(text[:says_at])[-1])[0]
        title, section = self.cache.stored[docnum].get("title") or "", self._section_name(docnum)
        if scope == "heading":
            return f"{title} {text[:says_at]}" if section is None else f"{title} {section}"
        return f"{title} {section or ''} {text if scope == 'rule' else CLAUSE.split(text[:says_at])[-1]}"

    def _section_name(self, docnum: int) -> str | None:
        """The name of the section a rule sits in (a section without a title: its text); none in no section."""
        parent = self.cache.docnum(str(self.cache.stored[docnum].get("parent") or "").casefold())
        if parent is None or self.cache.kinds[parent] == "document":
            return None
        section = self.cache.stored[parent]
        return str(section.get("title") or section.get("text") or "")

    def _whole_synonyms(self, subject: str, lang: str) -> list[str]:
        """The alternatives of the synonyms that stand for all of a question's subject ("stats": statistics)."""
        stems = set(analyse(subject, lang))
        return [
            alternative
            for rule in self.builder.synonyms.expand(subject, lang)
            if stems and stems <= set(rule.match)
            for alternative in rule.alternatives
        ]

    def _in_english(self, subject: str, readings: dict[str, tuple[str, ...]]) -> str:
        """A German subject of a question in English: each word as the question reads it (a compound as its parts,
        a verb form as its infinitive), glossed through the translations (``Abendphase`` → evening phase)."""
        return self.builder.synonyms.gloss(
            " ".join(" ".join(readings.get(w, (w,))) for w in plain_words(subject))
        )

    def _glossary_entry(
        self,
        subject: str,
        lang: str,
        filters: Filters,
        named: bool = False,
        readings: dict[str, tuple[str, ...]] | None = None,
    ) -> int | None:
        """The glossary entry a definition question's subject names, if any (see ``_definitions_first``);
        ``named``: only an entry whose name is exactly those words. A German subject is also read in English,
        its compounds as their parts (``Befehlsfähigkeit`` → command ability)."""
        wanted = [tuple(analyse(subject, "en"))]
        wanted += [tuple(analyse(alternative, "en")) for alternative in self._whole_synonyms(subject, lang)]
        if lang == "de":
            wanted.append(tuple(analyse(self._in_english(subject, readings or {}), "en")))
        cache, norms = self.cache, self.cache.norms["terms"]
        # the subject's words first, an entry named by exactly those words before one that holds them among others
        # (a target is "Target / Targeting", not "Linked Target"), then the shortest
        best: tuple[bool, bool, float, int] | None = None
        for n, words in enumerate(wanted):
            entries = [e for e in (cache.postings["terms"].get(stem) for stem in words) if e is not None]
            if not words or len(entries) < len(words):
                continue
            for docnum in set(entries[0][0]).intersection(*(entry[0] for entry in entries[1:])):
                exact = set(analyse(cache.stored[docnum].get("title") or "", "en")) == set(words)
                key = (n > 0, not exact, norms[docnum], docnum)
                if (
                    cache.kinds[docnum] == "term"
                    and (not named or exact)
                    and (
                        not filters.active
                        or filters.accepts_parts(
                            cache.games[docnum], cache.documents[docnum], cache.kinds[docnum]
                        )
                    )
                    and (best is None or key < best)
                ):
                    best = key
        return best[3] if best else None

    def _run(self, parsed: ParsedQuery, filters: Filters, limit: int) -> list[tuple[int, float]]:
        """The best (docnum, score) pairs of the clauses (a plain question) or of the parsed query."""
        accept = self._accept(filters)
        hidden = (
            self._in_other_language(parsed.lang) if not (filters.document or filters.docid) else frozenset()
        )
        if parsed.clauses is not None:
            self._scores = self.cache.score(parsed.clauses)
            return self._top(self._scores, limit, accept, hidden)
        self._scores = {}
        if parsed.query is None:
            return []
        self._scores = evaluate(self.cache, parsed.query)
        return self._top(self._scores, limit, accept, hidden)

    def _negated(self) -> list[frozenset[str]]:
        """Per entry: the stems its negating words bear on (``negated_stems``), for an English entry that states
        rules (not ``SECONDARY_KINDS``); made on first use."""
        if self._negations is None:
            cache = self.cache
            self._negations = [
                negated_stems(f"{cache.stored[d].get('title') or ''} {cache.stored[d].get('text') or ''}")
                if cache.langs[d] == "en" and cache.kinds[d] not in SECONDARY_KINDS
                else frozenset()
                for d in range(cache.count)
            ]
        return self._negations

    def _top(
        self,
        scores: dict[int, float],
        limit: int,
        accept: Callable[[int], bool] | None,
        hidden: frozenset[int],
    ) -> list[tuple[int, float]]:
        """The ``limit`` best entries, without those left out for the question's language (a German question
        does not list the English rulebook that the German one translates: see :meth:`_in_other_language`).
        Those are dropped from the best twice ``limit`` when that leaves enough, else from all the scores."""
        if not hidden:
            return self.cache.top(scores, limit, accept)
        best = self.cache.top(scores, 2 * limit, accept)
        kept = [(d, s) for d, s in best if d not in hidden]
        if len(kept) >= limit or len(best) < 2 * limit:
            return kept[:limit]
        for docnum in hidden.intersection(scores):
            del scores[docnum]
        return self.cache.top(scores, limit, accept)

    def _accept(self, filters: Filters) -> Callable[[int], bool] | None:
        """A test of document numbers against the filters (None when nothing is filtered)."""
        if not filters.active:
            return None
        cache = self.cache
        return lambda d: filters.accepts_parts(cache.games[d], cache.documents[d], cache.kinds[d])

    def _in_other_language(self, lang: str) -> frozenset[int]:
        """The entries a question in ``lang`` leaves out: those of a document the index also holds in ``lang``
        (the English rulebook, for a German question, since the German rulebook translates it; the German
        one for an English question), so that the passage is found in the question's language."""
        if lang not in self._other_language:
            documents = {docid for docid, langs in self._translated.items() if lang in langs}
            cache = self.cache
            self._other_language[lang] = (
                frozenset(
                    d
                    for d in range(cache.count)
                    if cache.langs[d] != lang and f"{cache.games[d]}:{cache.documents[d]}" in documents
                )
                if documents
                else frozenset()
            )
        return self._other_language[lang]

    def _snippets(self, hits: list[SearchHit], parsed: ParsedQuery) -> None:
        """Each hit's snippet, with the stems (and prefixes) the query searched marked."""
        stems: dict[str, set[str]] = {"en": set(), "de": set()}
        prefixes: dict[str, list[str]] = {"en": [], "de": []}
        for clause in parsed.clauses or []:
            stems["de" if clause.field.endswith("_de") else "en"].update(clause.stems)
        if parsed.query is not None:
            from whoosh import query as wq

            for leaf in _leaves(parsed.query):
                lang = "de" if (leaf.field() or "").endswith("_de") else "en"
                if isinstance(leaf, (wq.Prefix, wq.Wildcard)):
                    prefixes[lang].append(leaf.text.rstrip("*?"))
                else:
                    stems[lang].update(str(t) for _, t in leaf.iter_all_terms())
        for hit in hits:
            body = f"{hit.title} — {hit.text}" if hit.title and hit.text else hit.text or hit.title
            lang = hit.lang
            hit.snippet = snippet(body, lang, frozenset(stems[lang]), tuple(prefixes[lang]))


class _Ranking:
    """Hits gathered by document number (jumps, text matches, linked rules), best score kept, filters applied."""

    def __init__(self, cache: PostingsCache, filters: Filters):
        self.cache = cache
        self.filters = filters
        self.entries: dict[int, tuple[float, tuple[str, int], int]] = {}

    def add(self, docnum: int, score: float, via: tuple[str, int]) -> None:
        cache = self.cache
        if self.filters.active and not self.filters.accepts_parts(
            cache.games[docnum], cache.documents[docnum], cache.kinds[docnum]
        ):
            return
        current = self.entries.get(docnum)
        if current is None:
            self.entries[docnum] = (score, via, len(self.entries))
        elif score > current[0]:
            self.entries[docnum] = (score, via, current[2])

    def place(self, docnum: int, score: float, via: tuple[str, int]) -> None:
        """Rank an entry at ``score``, whatever it scored before (filters still apply)."""
        current = self.entries.pop(docnum, None)
        self.add(docnum, score, via)
        if current is not None and docnum in self.entries:
            self.entries[docnum] = (score, via, current[2])

    def credit(self, docnum: int, via: tuple[str, int]) -> None:
        """Show an entry as reached through ``via`` (at the score it has)."""
        if docnum in self.entries:
            score, _, position = self.entries[docnum]
            self.entries[docnum] = (score, via, position)

    def best(self, limit: int) -> list[tuple[int, float, tuple[str, int]]]:
        top = sorted(self.entries.items(), key=lambda e: (-e[1][0], e[1][2]))[:limit]
        return [(docnum, score, via) for docnum, (score, via, _) in top]


def _solid(text: str) -> str:
    """Text with its hyphenated words written solid: "sub-types" and "subtypes" are one word to a question."""
    return text.replace("-", "")


def _leaves(query: wq.Query) -> list[wq.Query]:
    return [query] if query.is_leaf() else list(query.leaves())
