"""The proof of an example, presentation-neutral: its start board, steps in words, checks and the engine's log,
built from what verify recorded; the site renders it and the CLI can print it."""
