"""Objective figures (HV-GOAL-2) and scenario allies (HV-GOAL-3), in both rulesets."""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import (
    DUMMY_DECK,
    at,
    chance,
    monster,
    new_state,
    play,
    scenario,
    settle_options,
)

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven import exhaustion, forced_movement, initiative, map_state
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseTarget,
    GroupFirst,
    NumberAlly,
    PlayHalf,
    SelectCard,
)
from rulekeeper.games.haven.board_format import TurnSpec
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]
TWO = ("tester", "tester2")


def with_objective(
    *, guarded: bool = False, hp: int | str = 4, hex_: tuple[int, int] = at(1, 0), **kw: Any
) -> dict[str, Any]:
    data = scenario(party=TWO, **kw)
    data["objectives"] = [
        {"id": "altar", "name": "Altar", "hex": hex_, "hp": hp, "monsters_target": guarded}
    ]
    return data


def select_both(state: HavenState, first: tuple[str, str], second: tuple[str, str]) -> None:
    play(
        state,
        SelectCard("tester", first[0]),
        SelectCard("tester", first[1]),
        SelectCard("tester2", second[0]),
        SelectCard("tester2", second[1]),
    )


# -- HV-GOAL-2: objectives ------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_objective_has_the_hit_points_of_its_equation(ruleset: str) -> None:
    """Hit points from the special rules, an equation in C and L (HV-SCEN-4)."""
    state = new_state(with_objective(hp="3+C*L", level=2), ruleset)
    altar = state.figures["altar"]
    assert altar.kind == "objective" and altar.hp == altar.max_hp == 3 + 2 * 2
    assert state.figure_at(at(1, 0)) is altar  # it occupies its hex


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_characters_attack_it_and_it_is_destroyed_not_killed(ruleset: str) -> None:
    data = with_objective(
        hp=3, objective={"kind": "destroy"}, monsters=[monster("dummy", at(5, 3))]
    )
    state = new_state(data, ruleset)
    select_both(state, ("t1", "t2"), ("t3", "t4"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"))
    assert ChooseTarget("altar") in state.legal_actions()
    play(state, ChooseTarget("altar"))
    chance(state, "+1")  # Attack 3 + 1 = 4 damage against 3 hit points
    assert "altar" not in state.figures and state.destroyed == ["altar"]
    assert state.money == []  # destroyed, not killed: it drops nothing (HV-LOOT-3 is for monsters)
    assert any(e.kind == "destroyed" and "HV-GOAL-2" in e.rules for e in state.log)
    assert not any(e.kind == "death" and "altar" in e.text for e in state.log)
    assert state.ending == "won"  # the destroy goal is met; the round is played out (HV-GOAL-1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_a_rule_fires_when_an_objective_is_destroyed(ruleset: str) -> None:
    data = with_objective(guarded=True, hp=2, monsters=[monster("dummy", at(5, 3))])
    data["rules"] = [{"when": {"destroyed": "altar"}, "lose": True}]
    state = new_state(data, ruleset)
    exhaustion.damage(state, state.figures["altar"], 5, "a test", "HV-GOAL-2")
    assert state.ending == "lost"


@pytest.mark.parametrize(("ruleset", "kept"), [("gloomhaven", ["strengthen"]), ("frosthaven", [])])
def test_HV_GOAL_2_an_objective_is_immune_to_conditions(ruleset: str, kept: list[str]) -> None:
    """[FH] immune to every condition; [GH] an obstacle with hit points to negative ones."""
    state = new_state(with_objective(), ruleset)
    altar = state.figures["altar"]
    exhaustion.add_conditions(state, altar, ["poison", "stun", "strengthen"])
    assert altar.conditions == kept


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_objective_is_never_pushed_or_pulled(ruleset: str) -> None:
    state = new_state(with_objective(monsters=[monster("dummy", at(5, 3))]), ruleset)
    select_both(state, ("t1", "t2"), ("t3", "t4"))
    chance(state, "dummy-b")
    turn = state.turn
    assert turn is not None
    turn.attack = {"push": 2, "pull": 0}
    assert forced_movement.start(state, turn, "altar") is False
    assert state.figures["altar"].hex == at(1, 0)


def monster_focus(state: HavenState, actor: str) -> set[str]:
    figure = state.figures[actor]
    spec = map_state.solver_spec(state, figure, TurnSpec(figure=actor, move=3, targets=1))
    return {o.focus for o in solve_monster_turn(spec).options if o.focus}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("guarded", [True, False])
def test_HV_GOAL_2_monsters_focus_on_an_objective_only_when_the_scenario_says(
    ruleset: str, guarded: bool
) -> None:
    """The altar is nearer the Dummy than the Tester: the Dummy goes for it only when the
    scenario says monsters target it; otherwise it is not their enemy at all."""
    data = with_objective(
        guarded=guarded,
        hex_=at(4, 1),
        start=[at(0, 1), at(0, 3)],
        monsters=[monster("dummy", at(5, 1))],
    )
    state = new_state(data, ruleset)
    focus = monster_focus(state, "dummy 1")
    if guarded:
        assert focus == {"altar"}
    else:
        assert focus and "altar" not in focus


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_objective_counts_as_initiative_99_for_focus(ruleset: str) -> None:
    """Equally near a character and a guarded objective, the monster focuses on the lower
    initiative: the character's (the objective counts as 99)."""
    data = with_objective(
        guarded=True,
        hex_=at(3, 0),
        start=[at(3, 2), at(0, 3)],
        monsters=[monster("dummy", at(3, 1))],
    )
    state = new_state(data, ruleset)
    assert initiative.turn_order_key(state, state.figures["altar"])[0] == 99
    select_both(state, ("t5", "t1"), ("t6", "t1"))
    assert monster_focus(state, "dummy 1") == {"tester"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_objective_takes_no_turns(ruleset: str) -> None:
    state = new_state(with_objective(monsters=[monster("dummy", at(5, 3))]), ruleset)
    select_both(state, ("t1", "t2"), ("t3", "t4"))
    chance(state, "dummy-b")
    assert not any("altar" in slot for slot in state.order)
    assert all("altar" not in initiative.actors_of_slot(state, slot) for slot in state.order)


def test_HV_GOAL_2_objective_figures_are_checked_on_load() -> None:
    data = with_objective(monsters=[monster("dummy", at(1, 0))])
    with pytest.raises(ContentError, match=r"objectives.0.hex"):
        new_state(data)
    data = with_objective()
    data["rules"] = [{"when": {"destroyed": "nothing"}, "lose": True}]
    with pytest.raises(ContentError, match=r"rules.0.when.destroyed"):
        new_state(data)
    data = with_objective(hp="2+H")
    with pytest.raises(ContentError, match=r"objectives\.0.*named monsters"):
        new_state(data)


def test_HV_GOAL_2_a_scenario_without_objectives_or_allies_still_loads() -> None:
    """haven-scenario/1 stays backwards compatible: both are optional."""
    state = new_state(scenario(party=TWO))
    assert not any(f.kind in ("objective", "ally") for f in state.figures.values())


# -- HV-GOAL-3: scenario allies -------------------------------------------------------------------
def with_allies(
    count: int = 1, *, deck: str | None = None, initiative_: int = 50, **kw: Any
) -> dict[str, Any]:
    data = scenario(party=TWO, **kw)
    figures = [
        {"id": f"guard-{n}", "hex": at(2, n), "hp": "2+L", "move": 2, "attack": 2}
        for n in range(1, count + 1)
    ]
    data["allies"] = {"initiative": initiative_, "figures": figures}
    if deck is not None:
        data["allies"]["deck"] = deck
    return data


def test_HV_GOAL_3_gloomhaven_allies_are_numbered_at_random() -> None:
    """[GH] ally tokens are numbered at random: a chance node per number sets their order."""
    state = new_state(with_allies(2), "gloomhaven")
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {NumberAlly("guard-1"), NumberAlly("guard-2")}
    assert all(p == outcomes[NumberAlly("guard-1")] for p in outcomes.values())
    play(state, NumberAlly("guard-2"))
    play(state, NumberAlly("guard-1"))
    assert state.figures["guard-2"].standee == 1 and state.figures["guard-1"].standee == 2
    assert initiative.allies_in_order(state) == ["guard-2", "guard-1"]


def test_HV_GOAL_3_frosthaven_allies_act_in_ascending_standee_number() -> None:
    state = new_state(with_allies(2), "frosthaven")
    assert not state.is_chance_node()
    assert [state.figures[a].standee for a in ("guard-1", "guard-2")] == [1, 2]
    assert initiative.allies_in_order(state) == ["guard-1", "guard-2"]


def start_round(state: HavenState) -> None:
    while state.is_chance_node():
        play(state, state.legal_actions()[0])
    select_both(state, ("t1", "t2"), ("t3", "t4"))
    while state.is_chance_node() and state.phase == "draw":
        play(state, state.legal_actions()[0])
    settle_options(state)  # tied mover options go to the party (HV-MOVE-MON-3)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_3_allies_act_at_their_initiative_from_the_special_rules(ruleset: str) -> None:
    data = with_allies(1, initiative_=15, monsters=[monster("dummy", at(5, 3))])
    state = new_state(data, ruleset)
    start_round(state)
    assert state.order.index("allies") == 1  # after the Tester (10), before tester2 (30)
    assert initiative.actors_of_slot(state, "allies") == ["guard-1"]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("first", ["allies", "dummy"])
def test_HV_GOAL_3_HV_INIT_6_allies_tied_with_a_monster_group_are_the_players_choice(
    ruleset: str, first: str
) -> None:
    """The allies act at 45, the Dummies draw 45: no rule orders them, the players decide."""
    data = with_allies(1, initiative_=45, monsters=[monster("dummy", at(5, 3))])
    state = new_state(data, ruleset)
    while state.is_chance_node():
        play(state, state.legal_actions()[0])
    select_both(state, ("t1", "t2"), ("t3", "t4"))
    chance(state, "dummy-a")  # initiative 45
    assert state.phase == "tie" and state.current_player() == 0
    assert set(state.legal_actions()) == {GroupFirst("allies"), GroupFirst("dummy")}
    with pytest.raises(RuleViolation, match="HV-INIT-6"):
        state.check(ActFirst("tester"))
    play(state, GroupFirst(first))
    slots = [s for s in state.order if s in ("allies", "group:dummy")]
    assert slots == (["allies", "group:dummy"] if first == "allies" else ["group:dummy", "allies"])
    assert any("HV-INIT-6" in e.rules and e.kind == "initiative" for e in state.log)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_3_HV_INIT_3_a_character_tied_with_the_allies_acts_first(ruleset: str) -> None:
    data = with_allies(1, initiative_=30, monsters=[monster("dummy", at(5, 3))])
    state = new_state(data, ruleset)
    start_round(state)  # tester2 leads with t3: initiative 30, as the allies
    assert state.order.index("tester2") + 1 == state.order.index("allies")


@pytest.mark.parametrize(
    ("ruleset", "deck"), [("gloomhaven", "monsters"), ("frosthaven", "allies")]
)
def test_HV_GOAL_3_an_ally_fights_the_monsters_on_its_own(ruleset: str, deck: str) -> None:
    """Run by the mover with the sides swapped: the guard steps to the Dummy and attacks it,
    drawing from the ally deck ([FH]) or the monster deck ([GH]) (HV-DECK-1)."""
    data = with_allies(
        1,
        initiative_=5,
        monsters=[monster("dummy", at(4, 1))],
        monster_types={"dummy": {**_dummy(9)}},
    )
    state = new_state(data, ruleset)
    start_round(state)
    assert state.turn is not None and state.turn.actor == "guard-1"
    assert state.turn.draw is not None and state.turn.draw.deck == deck
    assert state.turn.draw_target == "dummy 1"
    assert state.current_player() < 0  # a chance node: nobody controls the ally
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 9 - 2


def _dummy(hp: int) -> dict[str, Any]:
    stats = {"hp": hp, "move": 2, "attack": 2, "range": 0}
    return {"name": "Dummy", "deck": "dummy", "normal": [stats, stats], "elite": [stats, stats]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_3_monsters_focus_on_allies(ruleset: str) -> None:
    data = with_allies(1, start=[at(0, 0), at(0, 3)], monsters=[monster("dummy", at(4, 1))])
    state = new_state(data, ruleset)
    start_round(state)
    assert monster_focus(state, "dummy 1") == {"guard-1"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_3_allies_drop_no_loot(ruleset: str) -> None:
    state = new_state(with_allies(1), ruleset)
    guard = state.figures["guard-1"]
    exhaustion.damage(state, guard, 10, "a test", "HV-ATK-1")
    assert "guard-1" not in state.figures and state.money == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_3_an_ally_deck_gives_a_card_each_round_added_to_its_stats(ruleset: str) -> None:
    deck = {
        "cards": [
            {
                "id": "guard-a",
                "initiative": 40,
                "actions": [{"type": "move", "value": 1}, {"type": "attack", "value": 1}],
            }
        ]
    }
    data = with_allies(
        1,
        deck="guard-deck",
        initiative_=5,
        monsters=[monster("dummy", at(5, 1))],
        monster_decks={"dummy": DUMMY_DECK, "guard-deck": deck},
        monster_types={"dummy": _dummy(9)},
    )
    state = new_state(data, ruleset)
    start_round(state)
    assert state.groups["allies"].card == "guard-a"
    assert state.turn is not None and state.turn.actor == "guard-1"
    assert state.turn.draw is not None and state.turn.draw.context.attack == 3  # 2 + 1
    assert state.figures["guard-1"].hex != at(2, 1)  # moved 2 + 1 toward the Dummy


def test_HV_GOAL_3_an_ally_deck_may_not_summon() -> None:
    deck = {
        "cards": [{"id": "x", "initiative": 40, "actions": [{"type": "summon", "summon": "dummy"}]}]
    }
    data = with_allies(
        1, deck="guard-deck", monster_decks={"dummy": DUMMY_DECK, "guard-deck": deck}
    )
    with pytest.raises(ContentError, match="HV-GOAL-3"):
        new_state(data)


@pytest.mark.parametrize(("ruleset", "blocked"), [("gloomhaven", True), ("frosthaven", False)])
def test_HV_GOAL_2_an_objective_is_an_obstacle_only_in_gloomhaven(
    ruleset: str, blocked: bool
) -> None:
    """A corridor with the party's objective between the Dummy and the characters: [GH] an
    obstacle with hit points, so the Dummy finds no way (no focus, HV-FOCUS-3); [FH] the
    objective occupies its hex without being an obstacle, and the Dummy may pass."""
    corridor = [at(q, 0) for q in range(7)] + [at(0, 1)]
    data = with_objective(
        hex_=at(4, 0),
        hexes=corridor,
        start=[at(0, 0), at(0, 1)],
        monsters=[monster("dummy", at(6, 0))],
    )
    state = new_state(data, ruleset)
    focus = monster_focus(state, "dummy 1")
    assert (focus == set()) is blocked


@pytest.mark.parametrize(
    ("ruleset", "deck"), [("gloomhaven", "monsters"), ("frosthaven", "allies")]
)
def test_HV_DECK_1_HV_GOAL_3_a_blessed_ally_blesses_the_ally_deck(ruleset: str, deck: str) -> None:
    """[FH] the allies share the ally deck, blessed and cursed apart from the monsters'."""
    state = new_state(with_allies(1), ruleset)
    exhaustion.add_conditions(state, state.figures["guard-1"], ["bless"])
    assert state.decks[deck].counts()["bless"] == 1
    other = "monsters" if deck == "allies" else None
    if other is not None:
        assert state.decks[other].counts()["bless"] == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_HV_GOAL_3_figures_in_a_room_appear_when_it_is_revealed(ruleset: str) -> None:
    from rulekeeper.games.haven import special_rules

    back = [at(q, r) for q in (4, 5) for r in range(4)]
    data = with_objective(hex_=at(5, 1), rooms=[{"id": "back", "hexes": back}])
    data["doors"] = [{"hex": at(3, 1), "opens": ["back"]}]
    data["allies"] = {
        "figures": [
            {"id": "guard-1", "hex": at(5, 2), "hp": 4},
            {"id": "guard-2", "hex": at(4, 3), "hp": 4},
        ]
    }
    state = new_state(data, ruleset)
    assert not {"altar", "guard-1", "guard-2"} & set(state.figures)
    special_rules.open_door(state, at(3, 1))
    assert {"altar", "guard-1", "guard-2"} <= set(state.figures)
    # [GH] the arriving tokens are numbered at random; [FH] in the order listed
    assert bool(state.ally_numbers) is (ruleset == "gloomhaven")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ROOM_5_a_scenario_ally_never_escapes(ruleset: str) -> None:
    """HV-ROOM-5 names a character ending its turn on an escape hex: an ally (HV-GOAL-3)
    ending its turn on one is not asked and stays on the map."""
    data = with_allies(1, initiative_=5, monsters=[monster("dummy", at(5, 3))], escape=[at(2, 1)])
    data["allies"]["figures"][0]["move"] = 0
    state = new_state(data, ruleset)
    start_round(state)
    assert state.turn is None or state.turn.actor != "guard-1"  # its turn is over
    assert state.figures["guard-1"].hex == at(2, 1)
    assert not state.escapes
    assert not any(type(a).__name__ == "Escape" for a in state.legal_actions())
