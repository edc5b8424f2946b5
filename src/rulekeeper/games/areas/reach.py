"""Melee reach: which enemies a figure can attack in melee, and why not the others.

One query serves the legal-action list, :meth:`AreasState.check`, the renderer
and the enemies' turns, so a rejection always carries the same reason as the
report. The geometry is the board's (:meth:`AreaGraph.melee_reach`); this
module says which rule each geometric blocker is:

* AR-REQ-3: the target must be in the attacker's area, or in an adjacent area
  at maximum capacity;
* AR-REQ-4: never across a solid barrier, never into an area of another height;
* AR-RANGE-1: a weapon or ally effect with a range reaches any area within
  that many areas along open lines (no barrier crossed, no height change);
* AR-ALLY-1: non-hero allies follow the same reach rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rulekeeper.boards.areagraph import AreaGraph, Blocker, ReachVerdict
from rulekeeper.games.areas.figures import Figure
from rulekeeper.i18n import Msg, lazy, lazy_plural

BLOCKER_RULES: Mapping[Blocker, str] = {
    Blocker.NOT_ADJACENT: "AR-REQ-3",
    Blocker.NOT_FULL: "AR-REQ-3",
    Blocker.BARRIER: "AR-REQ-4",
    Blocker.HEIGHT: "AR-REQ-4",
    Blocker.OUT_OF_RANGE: "AR-RANGE-1",
}


@dataclass(frozen=True, slots=True)
class ReachCheck:
    """The ruling on one target: reachable, or the rule that forbids it and why.

    ``reason`` says why in words the log and the screens translate (the board's
    own English reason is ``text_of(reason, "en")``); it is put into words only
    when asked for, so listing legal actions never builds it.
    """

    target: str
    target_name: str
    area: str
    reachable: bool
    rule_id: str | None
    grounds: tuple[AreaGraph, str, str, ReachVerdict, Mapping[str, int], int | None] = field(
        compare=False, repr=False
    )
    """What :func:`reason` words the ruling from: board, areas, verdict, occupancy, range."""

    @property
    def reason(self) -> Msg:
        return reason(*self.grounds)

    def line(self) -> Msg:
        if self.reachable:
            return lazy(
                "{figure} in {area}: reachable ({reason})",
                figure=self.target_name,
                area=self.area,
                reason=self.reason,
            )
        return lazy(
            "{figure} in {area}: not reachable, {rule} {reason}",
            figure=self.target_name,
            area=self.area,
            rule=self.rule_id,
            reason=self.reason,
        )


def occupancy(board: AreaGraph, figures: Iterable[Figure]) -> dict[str, int]:
    """Capacity used in each area, counting every figure by its size."""
    return board.occupancy((f.area, f.size) for f in figures)


def reach_check(
    board: AreaGraph,
    attacker: Figure,
    target: Figure,
    used: Mapping[str, int],
    at_range: int | None,
) -> ReachCheck:
    """AR-REQ-3, AR-REQ-4, AR-RANGE-1 (and AR-ALLY-1 for allies) for one target."""
    verdict = board.melee_reach(attacker.area, target.area, used, at_range)
    return _ruling(board, attacker.area, target, verdict, used, at_range)


def _ruling(
    board: AreaGraph,
    from_area: str,
    target: Figure,
    verdict: ReachVerdict,
    used: Mapping[str, int],
    at_range: int | None,
) -> ReachCheck:
    """Name the rule behind a geometric verdict (AR-REQ-3, AR-REQ-4, AR-RANGE-1)."""
    area_name = board.area(target.area).name
    why = (board, from_area, target.area, verdict, used, at_range)
    if verdict.reachable:
        return ReachCheck(target.id, target.name, area_name, True, None, why)
    if verdict.blocker is None:
        raise ValueError("an unreachable verdict must name its blocker")
    return ReachCheck(target.id, target.name, area_name, False, BLOCKER_RULES[verdict.blocker], why)


def reason(
    board: AreaGraph,
    from_area: str,
    target_area: str,
    verdict: ReachVerdict,
    used: Mapping[str, int],
    at_range: int | None,
) -> Msg:
    """The board's verdict in words (the same words as :class:`AreaGraph`'s English reason)."""
    if from_area == target_area:
        return lazy("same area")
    here, there = board.area(from_area), board.area(target_area)
    distance = verdict.distance
    if verdict.reachable:
        if at_range is not None:
            return lazy_plural(
                "{n} area away, range {range}",
                "{n} areas away, range {range}",
                distance or 0,
                range=at_range,
            )
        return lazy(
            "adjacent {area} is full ({used}/{capacity})",
            area=there.name,
            used=used.get(there.id, 0),
            capacity=there.capacity,
        )
    blocker = verdict.blocker
    if blocker is Blocker.NOT_ADJACENT:
        return lazy(
            "{area} is neither {here} nor an area adjacent to it", area=there.name, here=here.name
        )
    if blocker is Blocker.NOT_FULL:
        return lazy(
            "adjacent {area} is not at maximum capacity ({used}/{capacity})",
            area=there.name,
            used=used.get(there.id, 0),
            capacity=there.capacity,
        )
    if blocker is Blocker.HEIGHT:
        return lazy(
            "{area} is at height {height}, {here} at height {here_height}",
            area=there.name,
            height=there.height,
            here=here.name,
            here_height=here.height,
        )
    if blocker is Blocker.BARRIER:
        if at_range is not None:
            return lazy_plural(
                "every line from {here} to {area} within {n} area crosses a solid barrier",
                "every line from {here} to {area} within {n} areas crosses a solid barrier",
                at_range,
                here=here.name,
                area=there.name,
            )
        if board.has_barrier(here.id, there.id):
            return lazy(
                "a solid barrier stands between {here} and {area}", here=here.name, area=there.name
            )
        return lazy_plural(
            "every line from {here} to {area} within {n} area crosses a solid barrier "
            "or a change of height",
            "every line from {here} to {area} within {n} areas crosses a solid barrier "
            "or a change of height",
            1,
            here=here.name,
            area=there.name,
        )
    if distance is None:
        return lazy(
            "{area} is behind solid barriers, beyond range {range}", area=there.name, range=at_range
        )
    return lazy_plural(
        "{area} is {n} area away, beyond range {range}",
        "{area} is {n} areas away, beyond range {range}",
        distance,
        area=there.name,
        range=at_range,
    )


def melee_reach(
    board: AreaGraph,
    attacker: Figure,
    figures: Mapping[str, Figure],
    at_range: int | None,
    *,
    targets: Iterable[str] | None = None,
) -> list[ReachCheck]:
    """Which of ``targets`` (default: every opposing figure) ``attacker`` reaches in melee.

    Heroes and allies oppose enemies; enemies oppose heroes and allies.
    """
    used = occupancy(board, figures.values())
    if targets is None:
        targets = [f.id for f in figures.values() if _opposed(attacker, f)]
    verdicts = board.melee_reach_all(
        attacker.area, {t: figures[t].area for t in targets}, used, at_range
    )
    return [
        _ruling(board, attacker.area, figures[t], verdict, used, at_range)
        for t, verdict in verdicts.items()
    ]


def _opposed(attacker: Figure, other: Figure) -> bool:
    return (attacker.kind == "enemy") != (other.kind == "enemy")
