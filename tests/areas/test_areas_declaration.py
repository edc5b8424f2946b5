"""Declaring a melee attack: AR-DECL-1..3, AR-REQ-1, AR-REQ-2 and AR-ALLY-1's item ban."""

from __future__ import annotations

from areas_builders import actor_id, build, roll

from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.areas.actions import MeleeAttack, Move, Pass, RollDie
from rulekeeper.games.areas.game import AreasState


def _duel(hero: str = "warden", ally: str | None = None) -> AreasState:
    return build(
        areas=[("hall", 4, 0), ("side", 2, 0)],
        links=[("hall", "side")],
        heroes=[(hero, "hall")],
        allies=[(ally, "hall")] if ally else [],
        enemies=[("crawler", "hall"), ("brute", "side")],
    )


def test_AR_DECL_1_the_target_must_be_an_enemy() -> None:
    state = _duel()
    assert_rejected(state, MeleeAttack("warden", "crush", "warden", "test-axe"), "AR-DECL-1")
    assert_rejected(state, MeleeAttack("warden", "crush", "nobody", "test-axe"), "AR-DECL-1")
    state.apply(MeleeAttack("warden", "crush", "crawler-1", "test-axe"))
    assert state.attack is not None and state.attack.target == "crawler-1"


def test_AR_REQ_1_rejects_an_action_without_the_melee_symbol() -> None:
    state = _duel()
    error = assert_rejected(
        state, MeleeAttack("warden", "shout", "crawler-1", "test-axe"), "AR-REQ-1"
    )
    assert "melee attack symbol" in str(error)
    assert_rejected(state, MeleeAttack("warden", "step", "crawler-1", "test-axe"), "AR-REQ-1")
    assert all(a.action == "crush" for a in state.legal_actions() if isinstance(a, MeleeAttack))


def test_AR_REQ_2_rejects_a_hero_without_an_active_melee_weapon() -> None:
    """AR-REQ-2: the scholar's only active item is gear, which shows no melee symbol."""
    state = _duel("scholar")
    error = assert_rejected(state, MeleeAttack("scholar", "strike", "crawler-1"), "AR-REQ-2")
    assert "no active item showing the melee attack symbol" in str(error)
    assert not any(isinstance(a, MeleeAttack) for a in state.legal_actions())


def test_AR_REQ_2_the_declared_weapon_must_be_an_active_melee_item() -> None:
    state = _duel()
    assert_rejected(state, MeleeAttack("warden", "crush", "crawler-1", "test-rune"), "AR-REQ-2")
    assert_rejected(state, MeleeAttack("warden", "crush", "crawler-1", "test-whip"), "AR-REQ-2")


def test_AR_DECL_2_with_two_melee_weapons_the_attacker_names_one() -> None:
    state = _duel("duelist")
    error = assert_rejected(state, MeleeAttack("duelist", "cut", "crawler-1"), "AR-DECL-2")
    assert "Test Axe" in str(error) and "Test Whip" in str(error)
    weapons = {a.weapon for a in state.legal_actions() if isinstance(a, MeleeAttack)}
    assert weapons == {"test-axe", "test-whip"}
    state.apply(MeleeAttack("duelist", "cut", "crawler-1", "test-whip"))
    assert state.attack is not None and state.attack.weapon == "test-whip"


def test_AR_DECL_2_a_single_melee_weapon_need_not_be_named() -> None:
    state = _duel()
    state.apply(MeleeAttack("warden", "crush", "crawler-1"))
    roll(state, "hit", "hit", "blank")
    assert state.figures.get("crawler-1") is None  # 2 + axe 1 = 3 damage


def test_AR_DECL_3_optional_effects_are_declared_with_the_attack() -> None:
    state = _duel()
    options = {a.effects for a in state.legal_actions() if isinstance(a, MeleeAttack)}
    assert options == {(), ("last-stand",), ("test-rune",), ("last-stand", "test-rune")}
    assert_rejected(
        state, MeleeAttack("warden", "crush", "crawler-1", None, ("fireball",)), "AR-DECL-3"
    )
    assert_rejected(
        state,
        MeleeAttack("warden", "crush", "crawler-1", None, ("test-rune", "test-rune")),
        "AR-DECL-3",
    )


def test_AR_DECL_3_a_once_per_scenario_effect_is_spent_by_declaring_it() -> None:
    state = _duel()
    state.apply(MeleeAttack("warden", "crush", "brute-1", "test-axe", ("last-stand",)))
    assert state.uses_left["warden"]["last-stand"] == 0
    roll(state, "blank", "blank", "blank")
    # the next round: the effect is gone
    while actor_id(state) != "warden":
        state.apply(state.legal_actions()[0])
    assert not any(
        "last-stand" in a.effects for a in state.legal_actions() if isinstance(a, MeleeAttack)
    )
    assert_rejected(
        state, MeleeAttack("warden", "crush", "brute-1", None, ("last-stand",)), "AR-DECL-3"
    )


def test_AR_DECL_3_declarations_cannot_change_after_the_roll() -> None:
    """AR-DECL-3: once the Action dice roll, another declaration is refused, state untouched."""
    state = _duel()
    state.apply(MeleeAttack("warden", "crush", "crawler-1", "test-axe"))
    state.apply(RollDie("blank"))
    assert_rejected(state, MeleeAttack("warden", "crush", "brute-1", "test-axe"), "AR-DECL-3")
    assert_rejected(
        state, MeleeAttack("warden", "crush", "crawler-1", "test-axe", ("test-rune",)), "AR-DECL-3"
    )
    roll(state, "hit", "blank")
    assert state.figures["crawler-1"].health == 1  # 1 success + 1 axe, no rune added


def test_AR_ROUND_1_the_attacker_neither_moves_nor_passes_while_its_dice_roll() -> None:
    """AR-ROUND-1 (issue 17): the attack is the warden's one action this turn, so a move or
    a pass mid-roll cites that rule, not CORE-CHANCE; another figure's action only waits."""
    state = _duel(ally="hound")
    state.apply(MeleeAttack("warden", "crush", "crawler-1", "test-axe"))
    state.apply(RollDie("blank"))
    assert_rejected(state, Pass("warden"), "AR-ROUND-1")
    assert_rejected(state, Move("warden", "side", "crush"), "AR-ROUND-1")
    assert_rejected(state, Pass("hound"), "CORE-CHANCE")


def test_AR_ALLY_1_rejects_an_ally_using_an_item() -> None:
    state = _duel(ally="hound")
    state.apply(Pass("warden"))
    error = assert_rejected(
        state, MeleeAttack("hound", "bite", "crawler-1", "test-axe"), "AR-ALLY-1"
    )
    assert "may not use items" in str(error)
    assert_rejected(
        state, MeleeAttack("hound", "bite", "crawler-1", None, ("test-rune",)), "AR-ALLY-1"
    )
    assert_rejected(state, MeleeAttack("hound", "claw", "crawler-1"), "AR-ALLY-1")
    assert_rejected(state, Move("hound", "side", "step"), "AR-ALLY-1")


def test_AR_ALLY_1_an_ally_attacks_without_a_weapon() -> None:
    state = _duel(ally="hound")
    state.apply(Pass("warden"))
    attacks = [a for a in state.legal_actions() if isinstance(a, MeleeAttack)]
    assert attacks == [
        MeleeAttack("hound", "bite", "crawler-1"),
        MeleeAttack("hound", "bite", "brute-1"),
    ]
    state.apply(attacks[0])
    assert state.figures["crawler-1"].health == 1


def test_only_the_acting_figure_may_declare() -> None:
    """AR-ROUND-1: the heroes act first; an ally may not act in a hero's turn."""
    state = _duel(ally="hound")
    assert_rejected(state, MeleeAttack("hound", "bite", "crawler-1"), "AR-ROUND-1")


def test_AR_ALLY_1_an_ally_attack_must_show_the_melee_symbol() -> None:
    """AR-ALLY-1 (source reading): the same requirements apply to an ally, so AR-REQ-1 too.

    The hound's Howl shows only the ranged symbol: it is never offered as a
    melee attack and a declared one is refused by AR-REQ-1.
    """
    state = _duel(ally="hound")
    state.apply(Pass("warden"))
    attacks = {a.action for a in state.legal_actions() if isinstance(a, MeleeAttack)}
    assert attacks == {"bite"}
    error = assert_rejected(state, MeleeAttack("hound", "howl", "crawler-1"), "AR-REQ-1")
    assert "AR-ALLY-1" in str(error)
