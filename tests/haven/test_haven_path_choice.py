"""Issue 17: the player chooses the path when paths to a hex differ in the traps and
hazardous hexes they enter (HV-MOVE-2); jump and flying have no such choice (HV-MOVE-3/4).

Two rows of six hexes; the Tester starts at ``at(0, 0)`` with Move 3 (t1), Move 2
jump (t4). ``at(2, 1)`` is two points away through ``at(1, 0)`` and three through
``at(1, 1)``.
"""

from __future__ import annotations

import pytest
from test_haven_play_moves import corridor, refused
from test_haven_play_support import at, play

from rulekeeper.core.registry import find_game
from rulekeeper.games.haven.actions import MoveTo, Negate
from rulekeeper.games.haven.hero_moves import MAX_PATH_CHOICES
from rulekeeper.games.haven.state import HavenState

GAME = find_game("haven")
TWO_ROWS = [at(q, r) for q in range(6) for r in range(2)]
TRAP, HAZARD, GOAL = at(1, 0), at(1, 1), at(2, 1)


def board(card: str = "t1", **terrain: list[tuple[int, int]]) -> HavenState:
    return corridor(card=card, hexes=TWO_ROWS, terrain=terrain, level=1)


def test_HV_MOVE_2_paths_differing_in_harm_are_offered_after_the_default() -> None:
    state = board(trap=[TRAP], hazardous=[HAZARD])
    legal = state.legal_actions()
    default = legal.index(MoveTo(GOAL))
    assert legal[default + 1] == MoveTo(GOAL, (HAZARD,))
    assert [a for a in legal if isinstance(a, MoveTo) and a.hex == GOAL] == [
        MoveTo(GOAL),
        MoveTo(GOAL, (HAZARD,)),
    ]
    assert GAME.describe_action(state, legal[default + 1]) == (
        "move to [2, 0] through the hazardous terrain at [1, 1]"
    )
    # a hex every path to which enters the same harm has no choice
    assert [a for a in legal if isinstance(a, MoveTo) and a.hex == TRAP] == [MoveTo(TRAP)]


def test_HV_MOVE_2_the_default_is_the_shortest_path_with_the_least_harm() -> None:
    """Both paths enter one negative hex; the default is the shorter, over the trap."""
    state = board(trap=[TRAP], hazardous=[HAZARD])
    play(state, MoveTo(GOAL))
    assert state.negation is not None and state.negation.damage == 3  # 2 + level
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - 3 and TRAP in state.sprung_traps


def test_HV_MOVE_2_a_via_move_enters_exactly_its_hexes() -> None:
    state = board(trap=[TRAP], hazardous=[HAZARD])
    play(state, MoveTo(GOAL, (HAZARD,)))
    assert state.negation is not None and state.negation.damage == 1  # [GH] half of 3
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - 1 and not state.sprung_traps
    assert state.figures["tester"].hex == GOAL
    moves = [e for e in state.log if e.kind == "move"]
    assert moves[-1].data["path"] == [list(at(0, 0)), list(at(0, 1)), list(HAZARD), list(GOAL)]


def test_HV_MOVE_2_a_via_no_offered_path_realises_is_refused() -> None:
    state = board(trap=[TRAP], hazardous=[HAZARD])
    assert refused(state, MoveTo(GOAL, (TRAP,))) == "HV-MOVE-2"  # the default's own set
    assert refused(state, MoveTo(GOAL, (TRAP, HAZARD))) == "HV-MOVE-2"  # not minimal
    assert refused(state, MoveTo(GOAL, (at(5, 0),))) == "HV-MOVE-2"  # not on any path
    assert refused(state, MoveTo(at(4, 1), (HAZARD,))) == "HV-MOVE-2"  # too far


@pytest.mark.parametrize(("card", "rule"), [("t4", "HV-MOVE-3"), ("t5", "HV-MOVE-4")])
def test_HV_MOVE_3_a_jump_enters_only_its_last_hex_so_offers_no_via(card: str, rule: str) -> None:
    """Jump (t4) and flying (t5) enter no hex but the last: no path choice, a via refused."""
    state = board(card=card, trap=[TRAP], hazardous=[HAZARD])
    assert not [a for a in state.legal_actions() if isinstance(a, MoveTo) and a.via]
    assert refused(state, MoveTo(GOAL, (HAZARD,))) == rule


def test_HV_MOVE_2_a_hex_only_a_harmful_path_reaches_in_time_is_offered_through_it() -> None:
    """The trap-free way to ``at(3, 0)`` takes 4 points: Move 3 reaches it over the trap."""
    state = board(trap=[TRAP])
    legal = state.legal_actions()
    assert MoveTo(at(3, 0)) not in legal and MoveTo(at(3, 0), (TRAP,)) in legal
    assert refused(state, MoveTo(at(3, 0))) == "HV-MOVE-2"
    play(state, MoveTo(at(3, 0), (TRAP,)), Negate("tester", "suffer"))
    assert state.figures["tester"].hex == at(3, 0) and state.figures["tester"].hp == 10 - 3


def test_HV_MOVE_2_choices_per_hex_are_bounded() -> None:
    hazards = [h for h in TWO_ROWS if h != at(0, 0) and h[0] in (1, 2)]
    state = board(hazardous=hazards)
    per_hex: dict[tuple[int, int], int] = {}
    for a in state.legal_actions():
        if isinstance(a, MoveTo):
            per_hex[a.hex] = per_hex.get(a.hex, 0) + 1
    assert max(per_hex.values()) <= 1 + MAX_PATH_CHOICES
    assert max(per_hex.values()) > 1


def test_move_to_json_without_via_is_unchanged_for_old_saves() -> None:
    assert MoveTo(GOAL).to_json() == {"type": "move-to", "hex": [2, 0]}
    assert GAME.codec.parse({"type": "move-to", "hex": [2, 0]}) == MoveTo(GOAL)
    chosen = MoveTo(GOAL, (HAZARD,))
    assert chosen.to_json() == {"type": "move-to", "hex": [2, 0], "via": [[1, 1]]}
    assert GAME.codec.parse(chosen.to_json()) == chosen


@pytest.mark.parametrize("via", [(TRAP,), ()])
def test_move_to_labels_name_the_path(via: tuple[tuple[int, int], ...]) -> None:
    label = MoveTo(GOAL, via).label()
    assert label == ("move-to [2, 0] via [[1, 0]]" if via else "move-to [2, 0]")
