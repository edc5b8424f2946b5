"""Attack modifier decks: the standard deck, extra cards, drawing and reshuffles.

HV-MOD-1..3 and HV-ATK-4; Gloomhaven p.4–5, 11, 32; Frosthaven p.25–26, 46.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven.attack_draw import AttackDraw, Done, DrawModifier, NeedCard
from rulekeeper.games.haven.attacks import AttackContext
from rulekeeper.games.haven.modifiers import (
    MONSTER_DECK,
    Effect,
    ModifierDeck,
    ModifierDecks,
    load_catalog,
    parse_card,
    standard_catalog,
)
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN

CATALOG = standard_catalog()


def test_HV_MOD_1_standard_deck_has_twenty_cards_in_the_printed_mix() -> None:
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    assert len(deck) == 20
    assert deck.counts() == Counter(
        {"+0": 6, "+1": 5, "-1": 5, "+2": 1, "-2": 1, "x2": 1, "null": 1}
    )


def test_HV_MOD_1_frosthaven_calls_the_null_card_miss() -> None:
    deck = ModifierDeck.standard("hero", FROSTHAVEN)
    assert deck.counts()["miss"] == 1 and "null" not in deck.counts()
    assert CATALOG["miss"].multiplier == "null"


def test_HV_MOD_1_one_deck_per_character_and_one_shared_by_monsters() -> None:
    decks = ModifierDecks.standard(["Aria", "Brak"], GLOOMHAVEN)
    assert sorted(d.owner for d in decks) == ["Aria", "Brak", MONSTER_DECK]
    decks["Aria"].draw("x2", CATALOG)
    assert len(decks["Aria"]) == 19 and len(decks["Brak"]) == 20 and len(decks.for_monsters()) == 20
    with pytest.raises(RuleViolation) as error:
        decks["Nobody"]
    assert error.value.rule_id == "HV-MOD-1"
    with pytest.raises(ContentError):
        ModifierDecks.standard(["monsters"], GLOOMHAVEN)


def test_HV_MOD_1_bless_and_curse_leave_the_deck_once_drawn() -> None:
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    deck.shuffle_in("bless")
    deck.shuffle_in("curse", 2)
    assert len(deck) == 23
    for card in ("bless", "curse", "+1"):
        deck.draw(card, CATALOG)
    deck.put_away(["bless", "curse", "+1"], CATALOG)
    assert deck.cards.discard_pile == ["+1"]
    assert deck.cards.all_cards()["bless"] == 0 and deck.cards.all_cards()["curse"] == 1


def test_HV_MOD_1_perk_cards_stay_in_the_deck() -> None:
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    deck.shuffle_in("rolling+1")
    deck.draw("rolling+1", CATALOG)
    deck.put_away(["rolling+1"], CATALOG)
    assert deck.cards.discard_pile == ["rolling+1"]


def test_HV_MOD_1_a_draw_is_a_chance_node_over_the_cards_left() -> None:
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    outcomes = dict(deck.draw_outcomes())
    assert outcomes["+0"] == Fraction(6, 20) and outcomes["x2"] == Fraction(1, 20)
    assert sum(outcomes.values()) == 1
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3), "none")
    actions = dict(process.chance_outcomes(deck, CATALOG))
    assert actions[DrawModifier("hero", "+1")] == Fraction(5, 20)
    assert DrawModifier("hero", "+1").label().endswith(" +1")


def test_HV_MOD_2_null_zeroes_damage_and_x2_doubles() -> None:
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(4), "none")
    null = process.after_draw("null").next_step(CATALOG)
    double = process.after_draw("x2").next_step(CATALOG)
    assert isinstance(null, Done) and null.outcome.damage == 0 and null.outcome.null
    assert isinstance(double, Done) and double.outcome.damage == 8


def test_HV_MOD_2_null_keeps_the_added_effects_of_rolling_cards() -> None:
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(4), "none")
    step = process.after_draw("rolling-muddle").after_draw("null").next_step(CATALOG)
    assert isinstance(step, Done)
    assert step.outcome.damage == 0 and step.outcome.effects == (Effect("muddle"),)


def test_HV_MOD_2_curse_is_a_null_and_bless_a_x2() -> None:
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(4), "none")
    curse = process.after_draw("curse").next_step(CATALOG)
    bless = process.after_draw("bless").next_step(CATALOG)
    assert isinstance(curse, Done) and curse.outcome.damage == 0
    assert isinstance(bless, Done) and bless.outcome.damage == 8


def test_HV_MOD_3_rolling_cards_keep_the_draw_going_and_all_apply() -> None:
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3), "none")
    for card in ("rolling+1", "rolling-poison", "rolling-push-1"):
        process = process.after_draw(card)
        assert isinstance(process.next_step(CATALOG), NeedCard)
    step = process.after_draw("+1").next_step(CATALOG)
    assert isinstance(step, Done) and step.applied == (0, 1, 2, 3)
    assert step.outcome.damage == 5
    assert step.outcome.effects == (Effect("poison"), Effect("push", 1))


def test_HV_MOD_3_rolling_pierce_reduces_shield() -> None:
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3, shield=3), "none")
    step = process.after_draw("rolling-pierce-3").after_draw("+0").next_step(CATALOG)
    assert isinstance(step, Done) and step.outcome.damage == 3


def test_HV_ATK_4_x2_or_null_reshuffles_the_deck_at_the_end_of_the_round() -> None:
    for card in ("x2", "null"):
        deck = ModifierDeck.standard("hero", GLOOMHAVEN)
        deck.draw("+1", CATALOG)
        deck.draw(card, CATALOG)
        deck.put_away(["+1", card], CATALOG)
        assert len(deck) == 18 and deck.reshuffle_due
        assert deck.end_of_round() is True
        assert len(deck) == 20 and deck.cards.discard_pile == [] and not deck.reshuffle_due


def test_HV_ATK_4_without_x2_or_null_the_discards_stay_out() -> None:
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    deck.shuffle_in("bless")
    for card in ("+1", "bless"):
        deck.draw(card, CATALOG)
    deck.put_away(["+1", "bless"], CATALOG)
    assert deck.end_of_round() is False
    assert len(deck) == 19 and deck.cards.discard_pile == ["+1"]


def test_HV_ATK_4_all_decks_reshuffle_at_end_of_round_only_if_they_drew_x2_or_null() -> None:
    decks = ModifierDecks.standard(["Aria"], FROSTHAVEN)
    decks.for_monsters().draw("miss", CATALOG)
    decks.for_monsters().put_away(["miss"], CATALOG)
    decks["Aria"].draw("+0", CATALOG)
    decks["Aria"].put_away(["+0"], CATALOG)
    assert decks.end_of_round() == [MONSTER_DECK]
    assert len(decks["Aria"]) == 19


def test_HV_ATK_4_an_empty_deck_is_reshuffled_when_a_card_is_needed() -> None:
    deck = ModifierDeck("hero", Deck(["+1"], ["-1", "+0", "+0"]))
    deck.draw("+1", CATALOG)
    assert deck.is_empty
    outcomes = dict(deck.draw_outcomes())
    assert outcomes == {"+0": Fraction(2, 3), "-1": Fraction(1, 3)}
    assert deck.cards.draw_pile == []  # asking for outcomes changes nothing
    deck.draw("-1", CATALOG)
    assert deck.cards.draw_pile == ["+0", "+0"] and deck.cards.discard_pile == []


def test_HV_ATK_4_cards_in_play_are_not_reshuffled_mid_attack() -> None:
    """The cards drawn for the attack under way are still on the table, not in the discard pile."""
    deck = ModifierDeck("hero", Deck(["rolling+1"], ["+1"]))
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(2), "none")
    process = process.apply(DrawModifier("hero", "rolling+1"), deck, CATALOG)
    assert [a.card for a, _ in process.chance_outcomes(deck, CATALOG)] == ["+1"]  # type: ignore[attr-defined]
    process = process.apply(DrawModifier("hero", "+1"), deck, CATALOG)
    done = process.finish(deck, CATALOG)
    assert done.outcome.damage == 4 and sorted(deck.cards.discard_pile) == ["+1", "rolling+1"]


def test_HV_ATK_4_a_deck_with_no_card_anywhere_cannot_be_drawn() -> None:
    deck = ModifierDeck("hero", Deck([], []))
    with pytest.raises(RuleViolation) as error:
        deck.draw_outcomes()
    assert error.value.rule_id == "HV-ATK-4"


def test_cards_are_data_and_bad_cards_name_the_field() -> None:
    card = parse_card("my-perk", {"value": 1, "rolling": True, "effects": ["heal 2", "infuse ice"]})
    assert card.rolling and card.effects == (Effect("heal", 2), Effect("infuse ice"))
    with pytest.raises(ContentError) as error:
        parse_card("bad", {"value": 1, "colour": "red"}, "deck.toml")
    assert "cards.bad.colour" in str(error.value) and "deck.toml" in str(error.value)
    with pytest.raises(ContentError) as effect:
        parse_card("bad", {"effects": ["sparkle"]})
    assert "cards.bad.effects" in str(effect.value)
    with pytest.raises(ContentError) as catalog:
        load_catalog('format = 1\nstandard_deck = {"+9" = 1}\n[cards."+0"]\n', "x.toml")
    assert "standard_deck" in str(catalog.value)


def test_saved_decks_round_trip() -> None:
    decks = ModifierDecks.standard(["Aria"], GLOOMHAVEN)
    decks["Aria"].draw("x2", CATALOG)
    again = ModifierDecks.from_dict(decks.to_dict())
    assert again.to_dict() == decks.to_dict() and again["Aria"].reshuffle_due


def test_HV_ATK_1_a_single_plain_card_cites_the_attack_rule_not_rolling_modifiers() -> None:
    """One +1 drawn and applied is HV-ATK-1; HV-MOD-3 only when a rolling card kept the draw
    going; a ×2 or null also cites HV-MOD-2."""
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3), "none")
    plain = process.after_draw("+1").next_step(CATALOG)
    assert isinstance(plain, Done) and plain.rule_ids == ("HV-ATK-1",)
    chain = process.after_draw("rolling+1").after_draw("+1").next_step(CATALOG)
    assert isinstance(chain, Done) and chain.rule_ids == ("HV-MOD-3",)
    double = process.after_draw("x2").next_step(CATALOG)
    assert isinstance(double, Done) and double.rule_ids == ("HV-ATK-1", "HV-MOD-2")
    null = process.after_draw("rolling+1").after_draw("null").next_step(CATALOG)
    assert isinstance(null, Done) and null.rule_ids == ("HV-MOD-3", "HV-MOD-2")


def test_HV_ATK_1_no_second_card_for_one_target_without_rolling() -> None:
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3), "none")
    process = process.apply(DrawModifier("hero", "+1"), deck, CATALOG)
    with pytest.raises(RuleViolation) as error:
        process.check(DrawModifier("hero", "+0"), deck, CATALOG)
    assert error.value.rule_id == "HV-ATK-1"
