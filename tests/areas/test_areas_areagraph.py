"""The area graph board: adjacency, barriers, heights, occupancy and melee lines."""

from __future__ import annotations

import pytest

from rulekeeper.boards.areagraph import Area, AreaGraph, Blocker, Link


def _map() -> AreaGraph:
    # a - b - c - d in a row at height 0; e is up a step from b; f is behind a barrier from a.
    return AreaGraph(
        [
            Area("a", "A", 3),
            Area("b", "B", 2),
            Area("c", "C", 1),
            Area("d", "D", 2),
            Area("e", "E", 2, height=1),
            Area("f", "F", 2),
        ],
        [
            Link("a", "b"),
            Link("b", "c"),
            Link("c", "d"),
            Link("b", "e"),
            Link("a", "f", barrier=True),
            Link("f", "d"),
        ],
    )


def test_neighbours_walks_and_open_lines() -> None:
    board = _map()
    assert set(board.neighbours("a")) == {"b", "f"}
    assert board.walk_neighbours("a") == ("b",)
    assert set(board.walk_neighbours("b")) == {"a", "c", "e"}
    assert set(board.open_neighbours("b")) == {"a", "c"}
    assert board.walk_distance("a", "f") == 4  # round the barrier: a b c d f
    assert board.walk_distance("a", "e") == 2
    assert board.open_distance("a", "e") is None
    assert board.open_distance("a", "d") == 3


def test_occupancy_counts_figure_size() -> None:
    board = _map()
    used = board.occupancy([("a", 1), ("a", 2), ("b", 1)])
    assert used["a"] == 3 and board.is_full("a", used)
    assert not board.is_full("b", used)
    assert board.has_room("b", used, 1)
    assert not board.has_room("b", used, 2)


def test_plain_melee_reaches_same_area_and_full_adjacent_only() -> None:
    """AR-REQ-3 geometry: same area, or an adjacent area at maximum capacity."""
    board = _map()
    assert board.melee_reach("a", "a", {}).reachable
    full = board.melee_reach("a", "b", {"b": 2})
    assert full.reachable and full.distance == 1
    open_area = board.melee_reach("a", "b", {"b": 1})
    assert not open_area.reachable and open_area.blocker is Blocker.NOT_FULL
    assert board.melee_reach("a", "c", {"c": 1}).blocker is Blocker.NOT_ADJACENT


def test_barrier_and_height_block_melee_even_when_full() -> None:
    """AR-REQ-4 geometry: no line across a solid barrier or into another height."""
    board = _map()
    assert board.melee_reach("a", "f", {"f": 2}).blocker is Blocker.BARRIER
    assert board.melee_reach("b", "e", {"e": 2}).blocker is Blocker.HEIGHT


def test_melee_at_range_counts_areas_along_open_lines() -> None:
    """AR-RANGE-1 geometry: within n areas, capacity aside, but never through a barrier."""
    board = _map()
    assert board.melee_reach("a", "b", {}, at_range=2).reachable
    assert board.melee_reach("a", "c", {}, at_range=2).reachable
    far = board.melee_reach("c", "a", {}, at_range=1)
    assert not far.reachable and far.blocker is Blocker.OUT_OF_RANGE and far.distance == 2
    # a to d is 2 links through the barrier to f, 3 along open lines: the barrier is the cause.
    assert board.melee_reach("a", "d", {}, at_range=2).blocker is Blocker.BARRIER
    assert board.melee_reach("a", "d", {}, at_range=3).reachable
    behind = board.melee_reach("a", "f", {}, at_range=2)
    assert behind.blocker is Blocker.BARRIER
    assert board.melee_reach("a", "e", {}, at_range=3).blocker is Blocker.HEIGHT


def test_range_goes_round_a_barrier_when_the_open_line_is_short_enough() -> None:
    board = AreaGraph(
        [Area("x", "X", 2), Area("y", "Y", 2), Area("z", "Z", 2)],
        [Link("x", "y", barrier=True), Link("x", "z"), Link("z", "y")],
    )
    assert board.melee_reach("x", "y", {}, at_range=2).reachable
    assert board.melee_reach("x", "y", {}, at_range=1).blocker is Blocker.BARRIER
    assert board.melee_reach("x", "y", {"y": 2}).blocker is Blocker.BARRIER


def test_AR_RANGE_1_intermediate_heights_do_not_matter_for_range() -> None:
    """AR-RANGE-1 (source reading): only the target area's height must match the attacker's."""
    board = AreaGraph(
        [
            Area("x", "X", 2),
            Area("up", "Up", 2, height=1),
            Area("y", "Y", 2),
            Area("top", "Top", 2, height=1),
        ],
        [Link("x", "up"), Link("up", "y"), Link("y", "top")],
    )
    over = board.melee_reach("x", "y", {}, at_range=2)
    assert over.reachable and over.distance == 2
    assert board.melee_reach("x", "y", {}, at_range=1).blocker is Blocker.OUT_OF_RANGE
    # Into an area of a different height: refused at any range, adjacent or not.
    assert board.melee_reach("x", "up", {}, at_range=3).blocker is Blocker.HEIGHT
    assert board.melee_reach("x", "top", {}, at_range=3).blocker is Blocker.HEIGHT


def test_AR_RANGE_1_a_range_line_never_crosses_a_solid_barrier() -> None:
    """AR-RANGE-1: a line through a barrier does not count, whatever its length."""
    board = AreaGraph(
        [Area("x", "X", 2), Area("y", "Y", 2), Area("z", "Z", 2)],
        [Link("x", "y", barrier=True), Link("y", "z")],
    )
    verdict = board.melee_reach("x", "z", {}, at_range=3)
    assert not verdict.reachable and verdict.blocker is Blocker.BARRIER
    assert "solid barrier" in verdict.reason


def test_reach_of_many_figures_at_once_says_why_not() -> None:
    """The reusable query: which of these figures a figure in ``a`` reaches, and why not."""
    board = _map()
    verdicts = board.melee_reach_all(
        "a", {"x1": "a", "x2": "b", "x3": "f", "x4": "c"}, {"a": 2, "b": 1, "f": 2, "c": 1}
    )
    assert {k: v.blocker for k, v in verdicts.items()} == {
        "x1": None,
        "x2": Blocker.NOT_FULL,
        "x3": Blocker.BARRIER,
        "x4": Blocker.NOT_ADJACENT,
    }
    assert verdicts["x1"].reachable and verdicts["x2"].reason.startswith("adjacent B is not")


@pytest.mark.parametrize(
    ("areas", "links", "message"),
    [
        ([Area("a", "A", 1), Area("a", "A", 1)], [], "two areas"),
        ([Area("a", "A", 0)], [], "capacity"),
        ([Area("a", "A", 1)], [Link("a", "b")], "unknown area"),
        ([Area("a", "A", 1)], [Link("a", "a")], "itself"),
        ([Area("a", "A", 1), Area("b", "B", 1)], [Link("a", "b"), Link("b", "a")], "twice"),
    ],
)
def test_bad_maps_are_refused(areas: list[Area], links: list[Link], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AreaGraph(areas, links)
