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
from dataclasses import dataclass

from rulekeeper.boards.areagraph import AreaGraph, Blocker, ReachVerdict
from rulekeeper.games.areas.figures import Figure

BLOCKER_RULES: Mapping[Blocker, str] = {
    Blocker.NOT_ADJACENT: "AR-REQ-3",
    Blocker.NOT_FULL: "AR-REQ-3",
    Blocker.BARRIER: "AR-REQ-4",
    Blocker.HEIGHT: "AR-REQ-4",
    Blocker.OUT_OF_RANGE: "AR-RANGE-1",
}


@dataclass(frozen=True, slots=True)
class ReachCheck:
    """The ruling on one target: reachable, or the rule that forbids it and why."""

    target: str
    target_name: str
    area: str
    reachable: bool
    rule_id: str | None
    reason: str

    def line(self) -> str:
        if self.reachable:
            return f"{self.target_name} in {self.area}: reachable ({self.reason})"
        return f"{self.target_name} in {self.area}: not reachable, {self.rule_id} {self.reason}"


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
    return _ruling(board, target, board.melee_reach(attacker.area, target.area, used, at_range))


def _ruling(board: AreaGraph, target: Figure, verdict: ReachVerdict) -> ReachCheck:
    """Name the rule behind a geometric verdict (AR-REQ-3, AR-REQ-4, AR-RANGE-1)."""
    area_name = board.area(target.area).name
    if verdict.reachable:
        return ReachCheck(target.id, target.name, area_name, True, None, verdict.reason)
    if verdict.blocker is None:
        raise ValueError("an unreachable verdict must name its blocker")
    return ReachCheck(
        target.id, target.name, area_name, False, BLOCKER_RULES[verdict.blocker], verdict.reason
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
    return [_ruling(board, figures[t], verdict) for t, verdict in verdicts.items()]


def _opposed(attacker: Figure, other: Figure) -> bool:
    return (attacker.kind == "enemy") != (other.kind == "enemy")
