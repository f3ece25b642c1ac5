"""German rulebook passages lead to the CR rules that say the same: paragraph alignment and related rules."""

from __future__ import annotations

from dataclasses import replace

from kb.search.crosslang import (
    align_paragraphs,
    counterparts_key,
    english_counterparts,
    matching_key,
    related_rules,
)
from kb.search.synonyms import load_synonyms


def test_alignment_survives_a_paragraph_split_in_one_language():
    """A paragraph the German text splits in two maps both halves to the one English paragraph."""
    en = [
        "You choose an attacker among your characters.",
        "To add a resource to the pool, exhaust an available resource token. Only your own pool is spent.",
        "Resources in the pool expire at the end of the phase.",
    ]
    de = [
        "Du wählst einen Angreifer unter deinen Charakteren.",
        "Um eine Ressource dem Pool hinzuzufügen, erschöpfe eine verfügbare Ressource. Dadurch wird ihrem Typ",
        "entsprechend ein Marker gelegt. Du kannst nur Ressourcen aus deinem eigenen Pool ausgeben.",
        "Ressourcen im Pool verfallen am Ende der Phase.",
    ]
    assert align_paragraphs(de, en, load_synonyms()) == {0: [0], 1: [1], 2: [1], 3: [2]}


def test_real_split_paragraph_in_the_rulebook_is_aligned(graph):
    """In "Ressourcen und der Ressourcenpool" the German p7 (pool expires) translates the English p6."""
    counterparts = english_counterparts(graph, load_synonyms())
    de = "athernum:rulebook-de/ressourcen-und-der-ressourcenpool/p7"
    assert counterparts[de] == ["athernum:rulebook-en/resources-and-the-resource-pool/p6"]


def test_items_pair_with_the_paragraphs_of_an_english_subsection(graph):
    """The German rulebook lists its important terms as items of one paragraph, the English one as a subsection's
    paragraphs: "Spielstein – auch Token genannt" translates the English "Token" paragraph, not the section's
    introduction, and so leads to the CR's rules on tokens (2.5)."""
    synonyms = load_synonyms()
    de = "athernum:rulebook-de/offizielle-klarstellungen-und-regelauslegung/p2.3"
    (en,) = english_counterparts(graph, synonyms)[de]
    assert graph.node(en).text.startswith("Token – ")
    assert {"athernum:2.5.0", "athernum:2.5.3"} <= set(related_rules(graph, synonyms)[de])


def test_a_name_before_its_definition_is_read_with_it(graph):
    """ "Token – A game element created by an effect …": the name alone is not matched with whatever short rule holds
    the word (a victory token's, 10.1.3), so the German passage leads to the CR's rules on tokens first."""
    de = "athernum:rulebook-de/offizielle-klarstellungen-und-regelauslegung/p2.3"
    related = related_rules(graph, load_synonyms())[de]
    assert related[0] == "athernum:2.5.0"
    assert "athernum:10.1.3" not in related


def test_list_item_is_read_with_its_lead_in(graph):
    """ "Ihren Namen", an item under "Sie behält jedoch:" in "Verdeckte Karten" (a turned card retains: its name),
    leads to the rule on the name a turned card retains (6.2.4a), not to rules about names in general."""
    related = related_rules(graph, load_synonyms())["athernum:rulebook-de/verdeckte-karten/p7"]
    assert related[0] == "athernum:6.2.4a"


def test_passage_leads_to_the_rules_of_each_of_its_sentences(graph):
    """A passage stating two facts leads to a rule for each: who may look at face-down and at exhausted cards."""
    related = related_rules(graph, load_synonyms())["athernum:rulebook-de/verdeckte-karten/p1"]
    assert {"athernum:6.1.4", "athernum:6.2.5"} <= set(related)


def test_heading_line_borrows_the_paragraph_it_heads(graph):
    """A one-line heading ("Karten aufdecken") leads to the rules of the paragraph under it, not to look-alikes."""
    related = related_rules(graph, load_synonyms())["athernum:rulebook-de/besondere-hinweise/p12"]
    assert {"athernum:2.1.2d", "athernum:6.1.7", "athernum:2.3.2e"} & set(related[:3])


def test_passage_leads_to_the_rule_stating_it_not_to_a_bare_heading(graph):
    """ "maximal fünf reguläre Charakterplätze" leads to 7.1.2a (exactly 5 slots), not to the heading 7.1.2."""
    related = related_rules(graph, load_synonyms())["athernum:rulebook-de/das-spielfeld/p3"]
    assert "athernum:7.1.2a" in related and "athernum:7.1.2" not in related


def test_the_matching_is_kept_between_builds_until_a_game_with_rulebooks_changes(graph, tmp_path):
    """The matching a build keeps is what a fresh one gives; an edit to a CR rule of a game with rulebooks redoes
    it (the rule no longer matches), an edit to a game without rulebooks leaves it as it was."""
    synonyms = load_synonyms()
    fresh = related_rules(graph, synonyms)
    assert related_rules(graph, synonyms, tmp_path) == fresh
    assert related_rules(graph, synonyms, tmp_path) == fresh
    edited = graph.copy()
    rule = "athernum:6.2.5"
    edited.nodes[rule]["node"] = replace(graph.node(rule), text="Zebras graze in herds.")
    assert matching_key(edited, synonyms) != matching_key(graph, synonyms)
    redone = related_rules(edited, synonyms, tmp_path)
    assert redone == related_rules(edited, synonyms) and redone != fresh
    assert rule not in redone.get("athernum:rulebook-de/verdeckte-karten/p1", [])
    elsewhere = graph.copy()
    node_id, data = next((n, d) for n, d in graph.node_items() if d.game != "athernum" and d.text)
    elsewhere.nodes[node_id]["node"] = replace(data, text=data.text + " Zebras graze in herds.")
    assert matching_key(elsewhere, synonyms) == matching_key(graph, synonyms)


def test_the_alignment_is_kept_across_a_cr_edit_and_redone_when_a_rulebook_changes(
    graph, tmp_path, monkeypatch
):
    """A CR edit redoes the matching but not the alignment of the translated paragraphs (which reads only the
    rulebooks), and gives the matching a fresh build gives; an edit to a rulebook paragraph aligns them again."""
    import kb.search.crosslang as crosslang

    synonyms = load_synonyms()
    aligned: list[object] = []
    real = crosslang.english_counterparts

    def counted(graph, translate=None):
        aligned.append(graph)
        return real(graph, translate)

    monkeypatch.setattr(crosslang, "english_counterparts", counted)
    related_rules(graph, synonyms, tmp_path)
    assert len(aligned) == 1
    cr_edit = graph.copy()
    rule = "athernum:6.2.5"
    cr_edit.nodes[rule]["node"] = replace(graph.node(rule), text="Zebras graze in herds.")
    assert counterparts_key(cr_edit, synonyms) == counterparts_key(graph, synonyms)
    assert related_rules(cr_edit, synonyms, tmp_path) == related_rules(cr_edit, synonyms)
    assert len(aligned) == 2  # the fresh matching's only: the memo's alignment was kept
    rulebook_edit = graph.copy()
    paragraph = "athernum:rulebook-de/verdeckte-karten/p1"
    node = graph.node(paragraph)
    rulebook_edit.nodes[paragraph]["node"] = replace(node, text=node.text + " Zebras grasen in Herden.")
    assert counterparts_key(rulebook_edit, synonyms) != counterparts_key(graph, synonyms)
    assert related_rules(rulebook_edit, synonyms, tmp_path) == related_rules(rulebook_edit, synonyms)
    assert len(aligned) == 4  # aligned again for the memo, and for the fresh matching
