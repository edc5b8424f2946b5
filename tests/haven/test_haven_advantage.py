"""Advantage and disadvantage with rolling modifiers, by scripted draws (HV-ADV-1..5).

Each test draws a fixed sequence of cards through the attack draw process and
checks how many cards the procedure asks for, which ones apply, and the damage.
Attack 3 against shield 0 unless stated. Gloomhaven p.20–21; Frosthaven p.27
and FAQ §5.3.
"""

from __future__ import annotations

import pytest

from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.attack_draw import (
    AttackDraw,
    Done,
    DrawModifier,
    KeepModifier,
    NeedCard,
    NeedChoice,
)
from rulekeeper.games.haven.attacks import AttackContext
from rulekeeper.games.haven.modifiers import Effect, ModifierDeck, standard_catalog
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN, Ruleset

CATALOG = standard_catalog()
EXTRA = ["rolling+1", "rolling+1", "rolling-poison", "rolling+2", "+0-stun"]
POISON = (Effect("poison"),)


def deck_for(ruleset: Ruleset, owner: str = "monsters") -> ModifierDeck:
    deck = ModifierDeck.standard(owner, ruleset)
    for card in EXTRA:
        deck.shuffle_in(card)
    return deck


def draw_script(
    ruleset: Ruleset,
    mode: str,
    cards: list[str],
    *,
    attack: int = 3,
    shield: int = 0,
    character: bool = False,
) -> tuple[AttackDraw, ModifierDeck]:
    """Draw exactly ``cards``; the process must want each one and no more."""
    owner = "hero" if character else "monsters"
    deck = deck_for(ruleset, owner)
    process = AttackDraw.start(
        ruleset, owner, AttackContext(attack, shield), mode, attacker_is_character=character
    )
    for card in cards:
        assert isinstance(process.next_step(CATALOG), NeedCard), (
            f"the procedure stopped before {card}"
        )
        process = process.apply(DrawModifier(owner, card), deck, CATALOG)
    assert not isinstance(process.next_step(CATALOG), NeedCard), "the procedure wants more cards"
    return process, deck


def resolved(ruleset: Ruleset, mode: str, cards: list[str], **kwargs: object) -> Done:
    process, _ = draw_script(ruleset, mode, cards, **kwargs)  # type: ignore[arg-type]
    step = process.next_step(CATALOG)
    assert isinstance(step, Done)
    return step


# -- Gloomhaven advantage (HV-ADV-1)


def test_HV_ADV_1_gloomhaven_advantage_uses_the_better_of_two_plain_cards() -> None:
    done = resolved(GLOOMHAVEN, "advantage", ["-1", "+1"])
    assert done.applied == (1,) and done.outcome.damage == 4


def test_HV_ADV_1_gloomhaven_advantage_rolling_first_adds_it_to_the_other() -> None:
    done = resolved(GLOOMHAVEN, "advantage", ["rolling+1", "-1"])
    assert done.applied == (0, 1) and done.outcome.damage == 3


def test_HV_ADV_1_gloomhaven_advantage_rolling_second_adds_it_to_the_other() -> None:
    done = resolved(GLOOMHAVEN, "advantage", ["-1", "rolling-poison"])
    assert done.applied == (0, 1)
    assert done.outcome.damage == 2 and done.outcome.effects == POISON


def test_HV_ADV_1_gloomhaven_advantage_both_rolling_keeps_drawing_and_adds_all() -> None:
    done = resolved(GLOOMHAVEN, "advantage", ["rolling+1", "rolling-poison", "+1"])
    assert done.applied == (0, 1, 2)
    assert done.outcome.damage == 5 and done.outcome.effects == POISON


def test_HV_ADV_1_gloomhaven_advantage_rolling_chain_ending_in_x2_doubles_the_total() -> None:
    """(3 + 1 + 1) × 2 = 10: the added values come before the ×2 (attacker's best order)."""
    done = resolved(GLOOMHAVEN, "advantage", ["rolling+1", "rolling+1", "x2"])
    assert done.outcome.damage == 10


def test_HV_ADV_1_gloomhaven_advantage_rolling_chain_ending_in_null_deals_nothing_but_adds_effects() -> (
    None
):
    done = resolved(GLOOMHAVEN, "advantage", ["rolling-poison", "rolling+2", "null"])
    assert done.outcome.damage == 0 and done.outcome.null and done.outcome.effects == POISON


# -- Gloomhaven disadvantage (HV-ADV-2)


def test_HV_ADV_2_gloomhaven_disadvantage_uses_the_worse_of_two_plain_cards() -> None:
    done = resolved(GLOOMHAVEN, "disadvantage", ["+1", "-1"])
    assert done.applied == (1,) and done.outcome.damage == 2


def test_HV_ADV_2_gloomhaven_disadvantage_rolling_first_is_ignored() -> None:
    done = resolved(GLOOMHAVEN, "disadvantage", ["rolling+2", "+1"])
    assert done.applied == (1,) and done.outcome.damage == 4


def test_HV_ADV_2_gloomhaven_disadvantage_rolling_second_is_ignored() -> None:
    done = resolved(GLOOMHAVEN, "disadvantage", ["+1", "rolling-poison"])
    assert done.applied == (0,) and done.outcome.damage == 4 and done.outcome.effects == ()


def test_HV_ADV_2_gloomhaven_disadvantage_both_rolling_applies_only_the_last_card() -> None:
    done = resolved(GLOOMHAVEN, "disadvantage", ["rolling+1", "rolling-poison", "+2"])
    assert done.applied == (2,) and done.outcome.damage == 5 and done.outcome.effects == ()


def test_HV_ADV_2_gloomhaven_disadvantage_rolling_chain_ending_in_x2_applies_only_the_x2() -> None:
    done = resolved(GLOOMHAVEN, "disadvantage", ["rolling+1", "rolling+2", "x2"])
    assert done.applied == (2,) and done.outcome.damage == 6


def test_HV_ADV_2_gloomhaven_disadvantage_rolling_chain_ending_in_null_deals_nothing() -> None:
    done = resolved(GLOOMHAVEN, "disadvantage", ["rolling-poison", "rolling+1", "null"])
    assert done.outcome.damage == 0 and done.outcome.effects == ()


# -- Frosthaven advantage (HV-ADV-3), a monster: the better card automatically


def test_HV_ADV_3_frosthaven_advantage_plain_cards_monster_uses_the_better() -> None:
    done = resolved(FROSTHAVEN, "advantage", ["-1", "+1"])
    assert done.applied == (1,) and done.outcome.damage == 4


def test_HV_ADV_3_frosthaven_advantage_rolling_first_draws_one_more_after_the_chain() -> None:
    """rolling +1, then -1 ends the chain, then +1 is drawn; -1 vs +1 compared, rolling added: 3+1+1."""
    done = resolved(FROSTHAVEN, "advantage", ["rolling+1", "-1", "+1"])
    assert done.applied == (0, 2) and done.outcome.damage == 5


def test_HV_ADV_3_frosthaven_advantage_rolling_second_has_its_icon_ignored() -> None:
    """Only two cards: the second's rolling icon is ignored and it is compared as +1."""
    done = resolved(FROSTHAVEN, "advantage", ["-1", "rolling+1"])
    assert done.applied == (1,) and done.outcome.damage == 4


def test_HV_ADV_3_frosthaven_advantage_both_rolling_adds_earlier_rolling_to_the_kept_card() -> None:
    done = resolved(FROSTHAVEN, "advantage", ["rolling+1", "rolling-poison", "-1", "+1"])
    assert done.applied == (0, 1, 3)
    assert done.outcome.damage == 5 and done.outcome.effects == POISON


def test_HV_ADV_3_frosthaven_advantage_card_after_the_chain_ignores_its_rolling_icon() -> None:
    done = resolved(FROSTHAVEN, "advantage", ["rolling+1", "+0", "rolling+2"])
    assert done.applied == (0, 2) and done.outcome.damage == 6


def test_HV_ADV_3_frosthaven_advantage_rolling_chain_ending_in_x2() -> None:
    """rolling +1, ×2 ends the chain, then -1: (3+1)×2 = 8 beats 3+1-1 = 3."""
    done = resolved(FROSTHAVEN, "advantage", ["rolling+1", "x2", "-1"])
    assert done.applied == (0, 1) and done.outcome.damage == 8


def test_HV_ADV_3_frosthaven_advantage_rolling_chain_ending_in_miss() -> None:
    """rolling +1, miss ends the chain, then +0: the +0 (3+1) beats the miss (0)."""
    done = resolved(FROSTHAVEN, "advantage", ["rolling+1", "miss", "+0"])
    assert done.applied == (0, 2) and done.outcome.damage == 4


# -- Frosthaven advantage (HV-ADV-3), a character: a free choice


def test_HV_ADV_3_frosthaven_character_with_advantage_chooses_either_card() -> None:
    process, deck = draw_script(FROSTHAVEN, "advantage", ["+2", "+0-stun"], character=True)
    step = process.next_step(CATALOG)
    assert isinstance(step, NeedChoice) and step.options == (0, 1)
    assert process.legal_choices(CATALOG) == [KeepModifier(0, "+2"), KeepModifier(1, "+0-stun")]
    chosen = process.apply(KeepModifier(1, "+0-stun"), deck, CATALOG)
    done = chosen.next_step(CATALOG)
    assert isinstance(done, Done)
    assert done.outcome.damage == 3 and done.outcome.effects == (Effect("stun"),)


def test_HV_ADV_3_frosthaven_character_may_even_keep_the_worse_card() -> None:
    process, deck = draw_script(FROSTHAVEN, "advantage", ["rolling+1", "-1", "+1"], character=True)
    done = process.apply(KeepModifier(1, "-1"), deck, CATALOG).next_step(CATALOG)
    assert isinstance(done, Done) and done.applied == (0, 1) and done.outcome.damage == 3


def test_HV_ADV_3_only_the_compared_cards_can_be_kept() -> None:
    process, deck = draw_script(FROSTHAVEN, "advantage", ["rolling+1", "-1", "+1"], character=True)
    with pytest.raises(RuleViolation) as error:
        process.check(KeepModifier(0, "rolling+1"), deck, CATALOG)
    assert error.value.rule_id == "HV-ADV-3"


def test_HV_ADV_3_gloomhaven_characters_and_frosthaven_monsters_do_not_choose() -> None:
    for ruleset, character in ((GLOOMHAVEN, True), (FROSTHAVEN, False)):
        process, deck = draw_script(ruleset, "advantage", ["+2", "+0-stun"], character=character)
        assert isinstance(process.next_step(CATALOG), Done)
        with pytest.raises(RuleViolation) as error:
            process.check(KeepModifier(1, "+0-stun"), deck, CATALOG)
        assert error.value.rule_id == "HV-ADV-3"


def test_HV_ADV_3_frosthaven_character_with_disadvantage_has_no_choice() -> None:
    process, _ = draw_script(FROSTHAVEN, "disadvantage", ["+2", "-1"], character=True)
    step = process.next_step(CATALOG)
    assert isinstance(step, Done) and step.outcome.damage == 2


# -- Frosthaven disadvantage (HV-ADV-4)


def test_HV_ADV_4_frosthaven_disadvantage_plain_cards_uses_the_worse() -> None:
    done = resolved(FROSTHAVEN, "disadvantage", ["+1", "-1"])
    assert done.applied == (1,) and done.outcome.damage == 2


def test_HV_ADV_4_frosthaven_disadvantage_rolling_first_discards_the_rolling_cards() -> None:
    done = resolved(FROSTHAVEN, "disadvantage", ["rolling+2", "-1", "+1"])
    assert done.applied == (1,) and done.outcome.damage == 2


def test_HV_ADV_4_frosthaven_disadvantage_rolling_second_counts_as_its_value() -> None:
    """+2 vs rolling +1 (icon ignored, so +1): the worse is 3+1 = 4, and only two cards are drawn."""
    done = resolved(FROSTHAVEN, "disadvantage", ["+2", "rolling+1"])
    assert done.applied == (1,) and done.outcome.damage == 4


def test_HV_ADV_4_frosthaven_disadvantage_both_rolling_discarded() -> None:
    done = resolved(FROSTHAVEN, "disadvantage", ["rolling+1", "rolling-poison", "+2", "-1"])
    assert done.applied == (3,) and done.outcome.damage == 2 and done.outcome.effects == ()


def test_HV_ADV_4_frosthaven_disadvantage_rolling_chain_ending_in_x2() -> None:
    done = resolved(FROSTHAVEN, "disadvantage", ["rolling+1", "x2", "+1"])
    assert done.applied == (2,) and done.outcome.damage == 4


def test_HV_ADV_4_frosthaven_disadvantage_rolling_chain_ending_in_miss() -> None:
    done = resolved(FROSTHAVEN, "disadvantage", ["rolling+1", "miss", "+1"])
    assert done.applied == (1,) and done.outcome.damage == 0


# -- Ambiguity (HV-ADV-5)


@pytest.mark.parametrize("ruleset", [GLOOMHAVEN, FROSTHAVEN], ids=lambda r: r.name)
@pytest.mark.parametrize("mode", ["advantage", "disadvantage"])
def test_HV_ADV_5_ambiguous_cards_use_the_card_drawn_first(ruleset: Ruleset, mode: str) -> None:
    """+2 vs +0 stun: more damage against an undefined positive effect is ambiguous (GH FAQ)."""
    first = resolved(ruleset, mode, ["+2", "+0-stun"])
    assert first.applied == (0,) and "HV-ADV-5" in first.rule_ids
    second = resolved(ruleset, mode, ["+0-stun", "+2"])
    assert second.applied == (0,) and second.outcome.effects == (Effect("stun"),)


def test_HV_ADV_5_an_added_effect_with_equal_damage_is_better() -> None:
    """+0 stun vs +0: the stun is plainly better (GH FAQ: '+1 Stun vs +1: +1 Stun is better')."""
    assert resolved(GLOOMHAVEN, "advantage", ["+0", "+0-stun"]).applied == (1,)
    assert resolved(GLOOMHAVEN, "disadvantage", ["+0-stun", "+0"]).applied == (1,)


def test_HV_ADV_5_x2_is_judged_against_the_actual_attack() -> None:
    """Attack 1: ×2 makes 2, +2 makes 3, so +2 is better; attack 3: ×2 makes 6 and wins."""
    assert resolved(FROSTHAVEN, "advantage", ["x2", "+2"], attack=1).outcome.damage == 3
    assert resolved(FROSTHAVEN, "advantage", ["+2", "x2"], attack=3).outcome.damage == 6


def test_HV_ADV_5_damage_is_compared_against_this_target() -> None:
    """Attack 1 against shield 3: +0 and +1 both deal 0, so the first drawn is used."""
    done = resolved(GLOOMHAVEN, "advantage", ["+0", "+1"], attack=1, shield=3)
    assert done.applied == (0,) and done.outcome.damage == 0


def test_drawing_from_another_deck_is_refused() -> None:
    """HV-MOD-1: the attack draws from the attacker's own deck."""
    deck = ModifierDeck("monsters", Deck.of(["+0", "+1"]))
    process = AttackDraw.start(GLOOMHAVEN, "monsters", AttackContext(2), "none")
    with pytest.raises(RuleViolation) as error:
        process.check(DrawModifier("hero", "+1"), deck, CATALOG)
    assert error.value.rule_id == "HV-MOD-1"
    with pytest.raises(RuleViolation) as missing:
        process.check(DrawModifier("monsters", "x2"), deck, CATALOG)
    assert missing.value.rule_id == "HV-ATK-4"


@pytest.mark.parametrize(
    ("ruleset", "mode", "cards", "character", "rule"),
    [
        (GLOOMHAVEN, "advantage", ["+0", "+1"], False, "HV-ADV-1"),
        (GLOOMHAVEN, "disadvantage", ["rolling+1", "rolling+2", "+0"], False, "HV-ADV-2"),
        (FROSTHAVEN, "advantage", ["rolling+1", "-1", "+1"], True, "HV-ADV-3"),
        (FROSTHAVEN, "advantage", ["+0", "+1"], False, "HV-ADV-3"),
        (FROSTHAVEN, "disadvantage", ["+0", "rolling+1"], False, "HV-ADV-4"),
    ],
)
def test_a_third_card_is_refused_by_the_advantage_rule_that_stopped_the_draw(
    ruleset: Ruleset, mode: str, cards: list[str], character: bool, rule: str
) -> None:
    """HV-ADV-1..4: once the procedure has its cards, another draw cites that procedure."""
    process, deck = draw_script(ruleset, mode, cards, character=character)
    owner = "hero" if character else "monsters"
    with pytest.raises(RuleViolation) as error:
        process.check(DrawModifier(owner, "+0"), deck, CATALOG)
    assert error.value.rule_id == rule
