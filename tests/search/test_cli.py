"""`rulekb search` and `rulekb index` as a judge runs them in a terminal."""

from __future__ import annotations

import json

from kb.commands.search import KIND_CHOICES
from kb.search.filters import DOCUMENT_KINDS
from kb.search.schema import CATEGORIES, KIND_TO_CATEGORY


def test_search_prints_rank_id_breadcrumb_snippet_and_link(indexed, run):
    """A search prints each hit's qualified id, its parent chain, the matching text and its site link."""
    code, out, _ = run(indexed.root, "search", "--limit", "3", "4.2.2a")
    assert code == 0
    assert " 1  4.2.2a  athernum:4.2.2a  rule" in out
    assert "4.2.0 State-Based Checks › 4.2.2" in out
    assert "damage counters equal to or greater" in out and "athernum/cr/4.html#4.2.2a" in out


def test_search_json_holds_the_hits_with_the_documented_keys(indexed, run):
    """`--json` prints one versioned object whose hits have id, game, document, kind, title, text and url, and
    no score unless --explain asks why they ranked so."""
    code, out, _ = run(indexed.root, "search", "--json", "--kind", "term", "victory", "token")
    assert code == 0
    data = json.loads(out)
    assert data["schema_version"] == 1 and data["schema"] == "search" and data["query"] == "victory token"
    hits = data["hits"]
    assert hits and all({"id", "game", "document", "kind", "title", "text", "url"} <= set(h) for h in hits)
    assert not any("score" in h for h in hits)
    assert {h["kind"] for h in hits} == {"term"}


def test_search_words_need_no_quotes(indexed, run):
    """`rulekb search damage counters` searches both words, as if quoted."""
    code, out, _ = run(indexed.root, "search", "--json", "--limit", "1", "damage", "counters")
    assert code == 0 and "damage" in json.loads(out)["hits"][0]["text"].lower()


def test_search_notes_go_to_stderr_in_json_mode(indexed, run):
    """Corrections and fallbacks are noted on stderr (and in the JSON's notes) so that `--json` stays parseable."""
    code, out, err = run(indexed.root, "search", "--json", '"exhuasted')
    assert code in (0, 1) and any("plain words" in note for note in json.loads(out)["notes"])
    assert "plain words" in err and "exhuasted" in err


def test_bad_filter_is_an_error_message(indexed, run):
    """An unknown game is a one-line error with exit code 2, no traceback."""
    code, _, err = run(indexed.root, "search", "--game", "chess", "damage")
    assert code == 2 and "no game 'chess'" in err and "Traceback" not in err


def test_game_all_searches_every_game(indexed, run):
    """`--game all` keeps hits of every game where the question's vocabulary would keep it to one."""
    code, out, _ = run(indexed.root, "search", "--game", "all", "--json", "--limit", "30", "atnia", "damage")
    assert code == 0 and len({h["game"] for h in json.loads(out)["hits"]}) > 1


def test_the_event_game_from_the_environment_keeps_search_and_ask_to_it(indexed, run, monkeypatch):
    """With ``RULEKB_GAME=atnia`` (a judge at an Atnia event) search and ask keep to Atnia and say so, where the
    question alone would search every game."""
    code, out, _ = run(indexed.root, "search", "--json", "--limit", "10", "location")
    assert code == 0 and len({h["game"] for h in json.loads(out)["hits"]}) > 1
    monkeypatch.setenv("RULEKB_GAME", "atnia")
    code, out, err = run(indexed.root, "search", "--json", "--limit", "10", "location")
    assert code == 0 and {h["game"] for h in json.loads(out)["hits"]} == {"atnia"}
    assert "kept to atnia: the game set for the event" in err
    code, out, _ = run(indexed.root, "ask", "--json", "--limit", "3", "how", "do", "I", "win")
    answer = json.loads(out)
    assert code == 0 and answer["rules"] and {r["id"].split(":")[0] for r in answer["rules"]} == {"atnia"}


def test_game_option_and_a_game_the_question_names_win_over_the_event_game(indexed, run, monkeypatch):
    """``--game`` and a game the question names ("in Altered") win over ``RULEKB_GAME``; ``--game all`` searches
    every game."""
    monkeypatch.setenv("RULEKB_GAME", "atnia")
    for args, games in (
        (("--game", "athernum", "location"), {"athernum"}),
        (("in", "altered", "how", "many", "phases", "does", "a", "day", "have"), {"altered"}),
    ):
        code, out, _ = run(indexed.root, "search", "--json", "--limit", "10", *args)
        assert code == 0 and {h["game"] for h in json.loads(out)["hits"]} == games, args
    code, out, _ = run(indexed.root, "search", "--json", "--limit", "30", "--game", "all", "location")
    assert code == 0 and len({h["game"] for h in json.loads(out)["hits"]}) > 1


def test_an_unknown_event_game_is_an_error_naming_the_variable(indexed, run, monkeypatch):
    """A ``RULEKB_GAME`` the index has no game of is a one-line error naming the variable, exit code 2."""
    monkeypatch.setenv("RULEKB_GAME", "chess")
    for command in ("search", "ask"):
        code, _, err = run(indexed.root, command, "damage")
        assert code == 2 and "$RULEKB_GAME is 'chess'" in err and "Traceback" not in err


def test_help_tells_of_the_event_game(run, indexed):
    """``search --help`` and ``ask --help`` say how ``RULEKB_GAME`` sets the event's game."""
    for command in ("search", "ask"):
        code, out, _ = run(indexed.root, command, "--help")
        assert code == 0 and "RULEKB_GAME" in out


def test_kind_choices_cover_the_index_categories():
    """The command's --kind choices offer every category, the rulebooks and every node kind the index knows."""
    assert set(CATEGORIES) | set(DOCUMENT_KINDS) | set(KIND_TO_CATEGORY) == set(KIND_CHOICES)


def test_index_command_rebuilds_and_reports(project, run):
    """`rulekb index` builds the index and reports how many entries of each kind it holds."""
    code, out, _ = run(project.root, "index")
    assert code == 0
    assert "indexed" in out and "rule" in out and ".rulekb/index/g-" in out
    code, out, _ = run(project.root, "search", "--json", "--limit", "1", "rule", "3.0.7e.II")
    assert json.loads(out)["hits"][0]["id"] == "athernum:3.0.7e.II"


def test_search_shows_scores_and_matches_only_with_explain(indexed, run):
    """Scores are left out of a search; --explain gives each hit's score and which words matched which fields,
    a German word matching English text as a translation."""
    code, out, _ = run(indexed.root, "search", "--limit", "2", "Wer darf verdeckte Karten ansehen")
    assert code == 0 and "score" not in out
    code, out, _ = run(
        indexed.root, "search", "--explain", "--limit", "2", "Wer darf verdeckte Karten ansehen"
    )
    assert code == 0 and "score " in out and "reached by " in out
    assert "verdeckte → body_en: face down (translation)" in out and "verdeckte → body_de: verdeckt\n" in out


def test_search_with_no_hits_exits_1(indexed, run):
    """A search that finds nothing says so and exits 1."""
    code, out, _ = run(indexed.root, "search", "qwxzv", "zzqpf")
    assert code == 1 and "no results" in out
