"""Monster turns in play follow the monster mover (HV-FOCUS-*, HV-MOVE-MON-*), and objectives.

The game asks monster_ai.solve_monster_turn about the map as it stands; these
examples check the play that results: the focus, the destination, the
attack, and the players' choice when the mover finds tied options.
"""

from __future__ import annotations

from test_haven_play_support import (
    at,
    chance,
    monster,
    new_state,
    play,
    rect,
    scenario,
    settle_options,
)

from rulekeeper.boards.hexgrid import distance
from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.actions import (
    ChooseMonsterOption,
    MoveTo,
    Negate,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.board_format import TurnSpec
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.state import HavenState

TWO = ("tester", "tester2")


def monsters_first(state: HavenState, card: str = "dummy-a") -> None:
    """Both characters lead with 50+ so the Dummy (45) acts first."""
    cards = [("t5", "t6"), ("t6", "t5")]
    for hero, (leading, second) in zip(state.heroes, cards, strict=False):
        play(state, SelectCard(hero, leading), SelectCard(hero, second))
    chance(state, card)


def test_HV_FOCUS_1_the_monster_attacks_the_enemy_it_reaches_with_least_movement() -> None:
    state = new_state(
        scenario(party=TWO, start=[at(1, 1), at(0, 3)], monsters=[monster("dummy", at(4, 1))])
    )
    monsters_first(state)
    settle_options(state)
    dummy = state.figures["dummy 1"]
    assert distance(dummy.hex, at(1, 1)) == 1  # two steps west, next to the Tester
    assert state.turn is not None and state.turn.draw_target == "tester"
    focus = [e for e in state.log if e.kind == "mover" and "HV-FOCUS-1" in e.rules]
    assert focus and "so tester is its focus" in focus[0].text


def test_HV_MOVE_MON_the_play_follows_the_solvers_answer() -> None:
    for ruleset in ("gloomhaven", "frosthaven"):
        data = scenario(
            party=TWO,
            start=[at(0, 0), at(0, 3)],
            monsters=[monster("dummy", at(5, 1))],
            terrain={"trap": [at(3, 1)], "difficult": [at(4, 2)]},
        )
        probe = new_state(data, ruleset)
        play(probe, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
        play(probe, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
        probe.groups["dummy"].card = "dummy-a"
        spec = map_state.solver_spec(
            probe, probe.figures["dummy 1"], TurnSpec(figure="dummy 1", move=2, targets=1)
        )
        answer = solve_monster_turn(spec)
        state = new_state(data, ruleset)
        monsters_first(state)
        if len(answer.options) > 1:
            assert state.legal_actions() == [
                ChooseMonsterOption(i, a.label().split(" ", 3)[-1])
                for i, a in enumerate(state.legal_actions())
            ]
            play(state, state.legal_actions()[-1])
            assert state.figures["dummy 1"].hex == answer.options[-1].move_to
        else:
            assert state.figures["dummy 1"].hex == answer.options[0].move_to


def test_HV_MOVE_MON_3_tied_options_are_the_players_choice() -> None:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))]))
    monsters_first(state)
    assert state.current_player() == 0
    options = state.legal_actions()
    assert len(options) > 1 and all(isinstance(o, ChooseMonsterOption) for o in options)
    chosen = state.turn.options[1]["move_to"]  # type: ignore[union-attr]
    play(state, options[1])
    assert list(state.figures["dummy 1"].hex) == chosen


def test_monsters_suffer_traps_on_entry_too() -> None:
    state = new_state(
        scenario(
            hexes=rect(5, 2),
            start=[at(0, 0)],
            monsters=[monster("dummy", at(3, 0))],
            terrain={"trap": [at(2, 0), at(2, 1)]},
        )
    )
    monsters_first(state)  # every way west crosses a trap (HV-FOCUS-4)
    settle_options(state)
    assert state.figures["dummy 1"].hp == 5 - 3


def test_kill_all_is_won_when_the_last_monster_dies() -> None:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t5"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t5", "top"))  # Attack 5 (lost) on the adjacent Dummy (5 hp)
    play(state, state.legal_actions()[0])
    chance(state, "+0")
    # HV-GOAL-1: the goal is met, and the round is played out before the scenario ends.
    assert state.outcome() is None and state.ending == "won"
    play(state, PlayHalf("t1", "bottom"), Skip())
    while not state.is_terminal():
        play(state, state.legal_actions()[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "won" and state.round == 1


def test_reach_is_won_when_a_character_ends_on_the_hex() -> None:
    state = new_state(
        scenario(
            start=[at(0, 0)],
            monsters=[monster("dummy", at(5, 3))],
            objective={"kind": "reach", "hexes": [at(2, 0)]},
        )
    )
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)))
    assert state.ending == "won" and not state.is_terminal()  # HV-GOAL-1: round played out
    while not state.is_terminal():
        if state.negation is not None:
            play(state, Negate("tester", "suffer"))
        else:
            play(state, state.legal_actions()[0])
    assert state.outcome() is not None and state.outcome().result == "won"  # type: ignore[union-attr]
    assert state.round == 1


def test_survive_is_won_at_the_end_of_the_last_round() -> None:
    state = new_state(
        scenario(
            start=[at(0, 0)],
            monsters=[monster("dummy", at(5, 3))],
            objective={"kind": "survive", "rounds": 1},
        )
    )
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "bottom"), Skip(), PlayHalf("t2", "top"))
    while not state.is_terminal():
        if state.is_chance_node():
            play(state, state.legal_actions()[0])
        elif state.negation is not None:
            play(state, Negate("tester", "suffer"))
        else:
            play(state, state.legal_actions()[0])
    assert state.outcome() is not None and state.outcome().result == "won"  # type: ignore[union-attr]


def test_HV_MOVE_3_a_monster_card_move_with_jump_jumps() -> None:
    """A monster's "Move +0, Jump" (GH p.19): it passes over the trap and the obstacle in
    its way and springs no trap; only the last hex counts (HV-MOVE-3)."""
    jump_deck = {
        "cards": [
            {
                "id": "leap",
                "initiative": 45,
                "actions": [
                    {"type": "move", "value": 1, "jump": True},
                    {"type": "attack", "value": 0},
                ],
            }
        ]
    }
    corridor = [at(q, 0) for q in range(5)]
    state = new_state(
        scenario(
            hexes=corridor,
            start=[at(0, 0)],
            monsters=[monster("dummy", at(4, 0))],
            terrain={"obstacle": [at(3, 0)], "trap": [at(2, 0)]},
            monster_decks={"dummy": jump_deck},
            # a one-hex corridor: [GH] neighbours there see each other only by this house
            # rule (HV-LOS-1), and the test is about the jump
            house_rules={"one_character": True, "open_edge_neighbours": True},
        )
    )
    monsters_first(state, "leap")  # Move 2 + 1 = 3, jumping
    settle_options(state)
    assert state.figures["dummy 1"].hex == at(1, 0)
    assert state.figures["dummy 1"].hp == 5  # the trap was jumped over
    assert any(e.kind == "move" and "HV-MOVE-3" in e.rules for e in state.log)


def test_HV_COND_INVISIBLE_1_an_invisible_character_is_not_focused_monsters_treat_it_as_an_obstacle() -> (
    None
):
    """GH p.23 Invisible: it cannot be focused on or targeted by an enemy; monsters treat it
    as an obstacle. The Dummy passes the invisible Tester by and goes for the other."""
    state = new_state(
        scenario(
            party=TWO,
            hexes=rect(6, 4),
            start=[at(0, 0), at(0, 3)],
            monsters=[monster("dummy", at(1, 0))],
        )
    )
    state.figures["tester"].conditions.append("invisible")
    monsters_first(state)
    settle_options(state)
    focus = next(e.text for e in state.log if "HV-FOCUS-1" in e.rules)
    assert "so tester2 is its focus" in focus
    chance(state, "+0")
    assert state.negation is not None and state.negation.hero == "tester2"


def test_HV_LOS_1_GH_no_sight_in_a_one_hex_corridor_without_the_house_rule() -> None:
    """HV-LOS-1 [GH p.19]: in a one-hex corridor every corner lies on the map edge, so the
    monster sees no one (not even from the neighbouring hex) and finds no focus; the
    open_edge_neighbours house rule is off unless the scenario asks for it."""
    jump_deck = {
        "cards": [
            {
                "id": "leap",
                "initiative": 45,
                "actions": [
                    {"type": "move", "value": 1, "jump": True},
                    {"type": "attack", "value": 0},
                ],
            }
        ]
    }
    corridor = [at(q, 0) for q in range(5)]
    state = new_state(
        scenario(
            hexes=corridor,
            start=[at(0, 0)],
            monsters=[monster("dummy", at(4, 0))],
            monster_decks={"dummy": jump_deck},
        )
    )
    assert not state.spec.house_rules.open_edge_neighbours
    monsters_first(state, "leap")
    settle_options(state)
    assert state.figures["dummy 1"].hex == at(4, 0)
    assert not any(e.kind == "attack" for e in state.log)
