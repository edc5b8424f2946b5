"""The monster mover's answer: its options and reasons (haven-board/1 answers).

Shared by the mover's two paths: monster_ai.py (one-hex figures) and
monster_ai_wide.py (a figure covering several hexes, HV-GOAL-2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from rulekeeper.boards.hexgrid import Hex
from rulekeeper.games.haven.monster_turn import hex_list
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.monster_turn import MonsterTurn


class Attack(Protocol):
    """An attack hex and the targets attacked from it, as the mover ranks them."""

    @property
    def location(self) -> int: ...

    @property
    def targets(self) -> frozenset[int]: ...


class PlannedAttack(Attack, Protocol):
    """An attack with every area placement that hits exactly its targets."""

    @property
    def aoe(self) -> tuple[frozenset[Hex], ...]: ...


class _Located(Protocol):
    @property
    def location(self) -> int: ...


VolleyT = TypeVar("VolleyT", bound=_Located)

ScoredVolley = tuple[tuple[int, ...], int, frozenset[int], VolleyT]
"""A volley ranked by the mover: its key, its disadvantaged targets, its target group."""


def closest_best_volleys(
    scored: Sequence[ScoredVolley[VolleyT]], distance: Sequence[int]
) -> list[tuple[frozenset[int], VolleyT]]:
    """HV-MOVE-MON-1/2: of the volleys whose target group has the best key (any volley of
    that group counts), those with the fewest disadvantaged targets, then the fewest
    movement points; both mover paths end their ranking here."""
    best = min(s[0] for s in scored)
    groups = {group for key, _, group, _ in scored if key == best}
    finalists = [
        (dis, distance[v.location], group, v) for _, dis, group, v in scored if group in groups
    ]
    top = min((d, c) for d, c, _, _ in finalists)
    return [(group, v) for d, c, group, v in finalists if (d, c) == top]


class MonsterOption:
    """One outcome the players may choose for the monster's turn (a value, never changed).

    This class and :class:`MonsterAnswer` are plain classes, not dataclasses:
    see :class:`~rulekeeper.games.haven.movement.Terrain` (issue 12, start-up).
    """

    __slots__ = ("aoe", "focus", "heading_to", "move_to", "path", "targets")

    def __init__(
        self,
        move_to: Hex,
        path: tuple[Hex, ...],
        focus: str | None,
        targets: tuple[str, ...],
        aoe: tuple[Hex, ...],
        heading_to: tuple[Hex, ...],
    ) -> None:
        self.move_to = move_to
        self.path = path
        self.focus = focus
        self.targets = targets
        self.aoe = aoe
        self.heading_to = heading_to

    def _fields(self) -> tuple[object, ...]:
        return (self.move_to, self.path, self.focus, self.targets, self.aoe, self.heading_to)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MonsterOption) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"MonsterOption(move_to={self.move_to!r}, path={self.path!r}, focus={self.focus!r}, "
            f"targets={self.targets!r}, aoe={self.aoe!r}, heading_to={self.heading_to!r})"
        )

    def to_json(self) -> dict[str, object]:
        """The answer entry of haven-board/1."""
        return {
            "move_to": list(self.move_to),
            "path": [list(h) for h in self.path],
            "focus": self.focus,
            "targets": list(self.targets),
            "aoe": [list(h) for h in self.aoe],
            "heading_to": [list(h) for h in self.heading_to],
        }


class MonsterAnswer:
    """Every valid option and the reasons, each citing the rule IDs that decided it."""

    __slots__ = ("messages", "options")

    def __init__(self, options: tuple[MonsterOption, ...], messages: tuple[Msg, ...] = ()) -> None:
        self.options = options
        self.messages = messages
        """The reasons as messages (translated when shown; the mover renders no text)."""

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MonsterAnswer)
            and self.options == other.options
            and self.messages == other.messages
        )

    def __hash__(self) -> int:
        return hash((self.options, self.messages))

    def __repr__(self) -> str:
        return f"MonsterAnswer(options={self.options!r}, messages={self.messages!r})"

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reasons in the current language."""
        return tuple(message.render() for message in self.messages)

    def to_json(self) -> dict[str, object]:
        """The answer document of haven-board/1."""
        return {"options": [o.to_json() for o in self.options]}


def attack_reason(turn: MonsterTurn, name: str, attacks: Sequence[Attack]) -> Msg:
    """The reason for attacking ``name`` from the hexes of ``attacks`` (HV-MOVE-MON-1/2)."""
    rule_id = (
        "HV-MOVE-MON-1"
        if turn.ruleset.focus_disadvantage_before_more_targets
        else ("HV-MOVE-MON-2")
    )
    where = hex_list(sorted({turn.board.hexes[a.location] for a in attacks}))
    most = max(len(a.targets) for a in attacks)
    if not turn.has_attack:
        return lazy(
            "{rule}: it moves the fewest points to {where}, next to {name}.",
            rule=rule_id,
            where=where,
            name=name,
        )
    fields = {"rule": rule_id, "where": where, "name": name}
    if most > 1 and turn.susceptible:
        return lazy_plural(
            "{rule}: from {where} it attacks {name} and {n} more target with the fewest negative"
            " hexes and movement points, avoiding disadvantage where it can (HV-ATK-3).",
            "{rule}: from {where} it attacks {name} and {n} more targets with the fewest negative"
            " hexes and movement points, avoiding disadvantage where it can (HV-ATK-3).",
            most - 1,
            **fields,
        )
    if most > 1:
        return lazy_plural(
            "{rule}: from {where} it attacks {name} and {n} more target with the fewest negative"
            " hexes and movement points.",
            "{rule}: from {where} it attacks {name} and {n} more targets with the fewest negative"
            " hexes and movement points.",
            most - 1,
            **fields,
        )
    if turn.susceptible:
        return lazy(
            "{rule}: from {where} it attacks {name} with the fewest negative hexes and movement"
            " points, avoiding disadvantage where it can (HV-ATK-3).",
            **fields,
        )
    return lazy(
        "{rule}: from {where} it attacks {name} with the fewest negative hexes and movement"
        " points.",
        **fields,
    )


def stay_answer(turn: MonsterTurn, reason: Msg) -> MonsterAnswer:
    """The monster neither moves nor attacks (HV-FOCUS-3), for ``reason``."""
    stay = turn.actor.hex
    return MonsterAnswer((MonsterOption(stay, (stay,), None, (), (), ()),), (reason,))


def no_enemy_answer(turn: MonsterTurn) -> MonsterAnswer:
    return stay_answer(
        turn,
        lazy("{rule}: no enemy on the board, so no focus: the monster stays.", rule="HV-FOCUS-3"),
    )


def no_focus_answer(turn: MonsterTurn) -> MonsterAnswer:
    return stay_answer(
        turn,
        lazy(
            "{rule}: no hex from which it could attack any enemy can be reached, so it"
            " has no focus and neither moves nor attacks.",
            rule="HV-FOCUS-3",
        ),
    )


def focus_answer(
    turn: MonsterTurn,
    focuses: Sequence[int],
    can_attack_focus: bool,
    reasons: list[Msg],
    best_attacks: Callable[[int, list[int]], Sequence[PlannedAttack]],
    move_closer: Callable[[int], list[int]],
) -> MonsterAnswer:
    """Every option over the tied ``focuses`` (HV-MOVE-MON-1/2/3), both mover paths' ranking.

    ``best_attacks(focus, heeded)`` gives the best attack hexes against ``focus`` counting
    the ``heeded`` enemies as extra targets; ``move_closer(goal)`` the hexes within the
    move from which the rest of the way to ``goal`` is shortest.
    """
    move = turn.movement
    merged: dict[tuple[Hex, str, tuple[str, ...], tuple[Hex, ...]], set[Hex]] = {}
    for focus in sorted(focuses, key=lambda i: turn.enemy_index[i].id):
        heeded = (
            [focus]
            if not turn.ruleset.plan_best_attack_when_out_of_reach and not can_attack_focus
            else sorted(turn.enemy_index)
        )
        destinations = best_attacks(focus, heeded)
        name = turn.enemy_index[focus].id
        if destinations and move.distance[destinations[0].location] <= turn.spec.turn.move:
            for attack in destinations:
                targets = (
                    tuple(sorted(turn.enemy_index[t].id for t in attack.targets))
                    if turn.has_attack
                    else ()
                )
                where = turn.board.hexes[attack.location]
                for placement in attack.aoe if turn.has_attack else (frozenset(),):
                    aoe = tuple(sorted(placement))
                    merged.setdefault((where, name, targets, aoe), set()).add(where)
            reasons.append(attack_reason(turn, name, destinations))
        else:
            goals = sorted({a.location for a in destinations})
            for goal in goals:
                for stop in move_closer(goal):
                    where = turn.board.hexes[stop]
                    merged.setdefault((where, name, (), ()), set()).add(turn.board.hexes[goal])
            reasons.append(
                lazy(
                    "{rule}: it cannot attack {name} this turn, so within its move it goes where"
                    " the rest of the way to {hexes} is shortest, entering the fewest negative"
                    " hexes (HV-FOCUS-4) and spending no more movement than that needs.",
                    rule="HV-MOVE-MON-1"
                    if turn.ruleset.plan_best_attack_when_out_of_reach
                    else "HV-MOVE-MON-2",
                    name=name,
                    hexes=hex_list(turn.board.hexes[g] for g in goals),
                )
            )
    options = tuple(
        MonsterOption(
            move_to=where,
            path=tuple(turn.board.hexes[i] for i in move.path(turn.board.index[where])),
            focus=name,
            targets=targets,
            aoe=aoe,
            heading_to=tuple(sorted(heading)),
        )
        for (where, name, targets, aoe), heading in sorted(merged.items())
    )
    if len(options) > 1:
        reasons.append(
            lazy_plural(
                "{rule}: {n} equally good option; the players choose.",
                "{rule}: {n} equally good options; the players choose.",
                len(options),
                rule="HV-MOVE-MON-3",
            )
        )
    return MonsterAnswer(options, tuple(reasons))
