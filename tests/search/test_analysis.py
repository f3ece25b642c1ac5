"""Text analysis: the stemmers and stopwords a judge's words meet the rule text with."""

from __future__ import annotations

from kb.search.analysis import analyse


def test_english_inflections_share_a_stem():
    """``activated``, ``activate`` and ``activating`` meet (porter2; the old porter leaves ``activat``)."""
    assert len({analyse(w)[0] for w in ("activated", "activate", "activating")}) == 1


def test_face_down_keeps_its_direction():
    """``down`` and ``up`` are not stopwords: face-down and face-up stay distinguishable."""
    assert analyse("face-down") == ("face", "down") and analyse("face-up") == ("face", "up")


def test_rule_numbers_are_single_tokens():
    """A rule number in text is one token, not split at its dots."""
    assert "4.2.2a" in analyse("see rule 4.2.2a")


def test_german_plural_and_umlaut_forms_meet():
    """``Karten``/``Karte`` and ``Fähigkeiten``/``Fähigkeit`` share stems (snowball German)."""
    assert analyse("Karten", "de") == analyse("Karte", "de")
    assert analyse("Fähigkeiten", "de") == analyse("Fähigkeit", "de")


def test_german_separable_participles_meet_their_infinitives():
    """``abgelegt``/``ablegen``, ``aufgedeckt``/``aufdecken``, ``angesehen``/``ansehen`` share stems."""
    for participle, infinitive in (("abgelegt", "ablegen"), ("aufgedeckt", "aufdecken"), ("angesehen", "ansehen")):
        assert analyse(participle, "de") == analyse(infinitive, "de")
