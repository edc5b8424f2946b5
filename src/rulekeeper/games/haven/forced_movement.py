"""Push and pull: an attack's target moved away from or toward the attacker, hex by hex.

GH p.22 ("Attack Effects": Push X / Pull X) and the GH FAQ; FH p.32 ("Forced
Movement"). After the attack on a target resolves (and only if the target is
still on the map), the target is moved up to X hexes:

- Each hex entered must be farther from (push) or closer to (pull) the
  attacker, counted by range around walls (HV-LOS-2), never across a wall, a
  closed door or an obstacle, never through the target's enemies; it may pass
  through its allies but never end in an occupied hex (HV-MOVE-1). A flying
  target ignores figures and obstacles on the way, as in its own movement
  (HV-MOVE-4). Difficult terrain costs nothing extra; traps and hazardous
  terrain hurt on entry (HV-MOVE-2), which is why the path is walked through
  hero_moves.walk once the push ends.
- A character chooses every step. [GH] the push or pull goes its full length
  while any hex allows it (the FAQ: a blocked direction may be chosen); the
  effect as a whole may be declined before its first step. [FH] "up to X": the
  character may stop after any step (``Ruleset.character_forced_move_up_to``).
- A monster's push or pull moves the target as far as possible; the party
  (player 0) chooses among the steps that achieve that (GH p.32 "Ambiguity";
  FH p.32).

Catalog: HV-PUSH-1 (one hex at a time, each farther from / closer to the
actor by range around walls; no such hex ends it), HV-PUSH-2 (the target's own
movement rules: allies passed, enemies and obstacles not, no wall or closed
door, never ending occupied, difficult terrain free, traps spring), HV-PUSH-3
(who steers and how far, per ruleset), HV-PUSH-4 (after the attack's damage,
never a target it killed; immobilized and stunned targets are moved too; only
enemies are targeted, HV-TGT-2). Refusals name HV-MOVE-1, the movement rule
forced movement follows; the events name HV-PUSH-1..4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.boards.hexgrid import LINK
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import items, map_state
from rulekeeper.games.haven.actions import SKIP, ForceStep, Skip
from rulekeeper.games.haven.movement import MoveMode
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Turn

Hex = tuple[int, int]
NEVER = -1


class _Geometry:
    """The facts of one forced movement: where the target may step from each hex."""

    def __init__(self, state: HavenState, attacker: Figure, target: Figure, kind: str) -> None:
        hexboard = map_state.board(state, with_closed_doors=False)
        self.board = hexboard
        index = hexboard.index
        self.flying = target.kind == "monster" and state.spec.monster_types[target.type].flying
        self.obstacles = set(state.spec.map.terrain.obstacle)
        others = [f for f in state.figures.values() if f.id != target.id]
        # HV-GOAL-2: an objective covering several hexes stands in each of them.
        self.occupied = {h for f in others for h in f.covers}
        self.enemies = {h for f in others if f.team != target.team for h in f.covers}
        self.away = kind == "push"
        self.proximity = hexboard.proximity(index[attacker.hex]) if attacker.hex in index else None
        self._furthest: dict[tuple[Hex, int], int] = {}
        self._ends: dict[tuple[Hex, int], frozenset[Hex]] = {}

    def steps(self, here: Hex) -> list[Hex]:
        """HV-MOVE-1: the hexes one step on, farther (push) or closer (pull) by range."""
        index = self.board.index
        if self.proximity is None or here not in index:
            return []
        now = self.proximity[index[here]]
        out = []
        for d, j in self.board.open_neighbours[index[here]]:
            if d == LINK:  # HV-ROOM-5: pushes and pulls count by range, which a link is not
                continue
            h = self.board.hexes[j]
            there = self.proximity[j]
            if (there <= now) if self.away else (there >= now):
                continue
            if not self.flying and (h in self.obstacles or h in self.enemies):
                continue
            out.append(h)
        return sorted(out)

    def free(self, h: Hex) -> bool:
        return h not in self.occupied

    def furthest(self, here: Hex, left: int) -> int:
        """The most further steps that can end in a free hex (NEVER: none can)."""
        key = (here, left)
        if key not in self._furthest:
            best = 0 if self.free(here) else NEVER
            if left > 0:
                for h in self.steps(here):
                    more = self.furthest(h, left - 1)
                    if more != NEVER:
                        best = max(best, more + 1)
            self._furthest[key] = best
        return self._furthest[key]

    def must_go_ends(self, here: Hex, left: int) -> frozenset[Hex]:
        """[GH] where a push that goes on while any viable hex remains may end."""
        key = (here, left)
        if key not in self._ends:
            ends: set[Hex] = set()
            if left > 0:
                for h in self.steps(here):
                    ends |= self.must_go_ends(h, left - 1)
            if not ends and self.free(here):
                ends = {here}
            self._ends[key] = frozenset(ends)
        return self._ends[key]

    def can_stop_somewhere(self, here: Hex, left: int) -> bool:
        return self.furthest(here, left) != NEVER


def _geometry(state: HavenState, turn: Turn) -> _Geometry:
    info = turn.attack["forced"]
    return _Geometry(state, state.figures[turn.actor], state.figures[info["target"]], info["kind"])


def _position(info: dict[str, Any]) -> Hex:
    q, r = info["path"][-1]
    return (int(q), int(r))


def _by_monster(state: HavenState, turn: Turn) -> bool:
    return state.figures[turn.actor].kind in ("monster", "ally")  # no one controls an ally


def may_stop(state: HavenState, turn: Turn) -> bool:
    """Whether the pusher may end the forced movement here, by choice."""
    info = turn.attack["forced"]
    geometry = _geometry(state, turn)
    if not geometry.free(_position(info)) or _by_monster(state, turn):
        return False
    if state.rules.character_forced_move_up_to:
        return True
    return len(info["path"]) == 1  # [GH] only the whole effect may be declined


def next_hexes(state: HavenState, turn: Turn) -> list[Hex]:
    """The hexes the next step may enter, given who pushes and how the rules let them stop."""
    info = turn.attack["forced"]
    geometry = _geometry(state, turn)
    here, left = _position(info), int(info["left"])
    if left <= 0:
        return []
    steps = geometry.steps(here)
    if _by_monster(state, turn):
        best = geometry.furthest(here, left)
        return [h for h in steps if best > 0 and geometry.furthest(h, left - 1) == best - 1]
    if state.rules.character_forced_move_up_to:
        return [h for h in steps if geometry.can_stop_somewhere(h, left - 1)]
    return [h for h in steps if geometry.must_go_ends(h, left - 1)]


def actions(state: HavenState, turn: Turn) -> list[Action]:
    out: list[Action] = [ForceStep(h) for h in next_hexes(state, turn)]
    if may_stop(state, turn):
        out.append(SKIP)
    return out


def plan(state: HavenState, turn: Turn) -> list[tuple[str, int]]:
    """The push and pull effects of the attack on the current target, in order (HV-PUSH-3).

    The ability's own push or pull comes first, then the ones its modifier card added
    (``card_forced``, the effects the player kept, HV-DECK-5). [FH] all pushes of one
    attack combine into one, likewise pulls, and a push and a pull are done one after the
    other; [GH] each effect is a separate forced movement, taken or declined on its own.
    """
    effects = [(kind, int(turn.attack.get(kind) or 0)) for kind in ("push", "pull")]
    effects += [(str(kind), int(amount)) for kind, amount in turn.attack.get("card_forced", [])]
    effects = [(kind, amount) for kind, amount in effects if amount > 0]
    if not state.rules.forced_moves_combine:
        return effects
    totals: dict[str, int] = {}
    for kind, amount in effects:
        totals[kind] = totals.get(kind, 0) + amount
    return list(totals.items())


def start(state: HavenState, turn: Turn, target_id: str) -> bool:
    """After the attack on ``target_id``: begin its push or pull; True if a choice is pending."""
    queue = plan(state, turn)
    turn.attack.pop("card_forced", None)
    turn.attack.pop("card_forced_cards", None)
    target = state.figures.get(target_id)
    if not queue or target is None or turn.actor not in state.figures:
        return False
    if items.ignores_effects(turn, target_id):
        return False  # HV-TGT-6, HV-ITEM-5: the target's item ignores the attack's effects
    if target.kind == "objective":
        state.emit(
            "push",
            lazy("{figure} is an objective: it is not pushed", figure=target_id)
            if queue[0][0] == "push"
            else lazy("{figure} is an objective: it is not pulled", figure=target_id),
            "HV-GOAL-2",
        )
        return False
    turn.attack["forced_queue"] = [[kind, amount] for kind, amount in queue]
    return _next(state, turn, target_id, turn.stage)


def _next(state: HavenState, turn: Turn, target_id: str, resume: str) -> bool:
    """Begin the next push or pull of the queue on the target, if it still stands."""
    queue = turn.attack.get("forced_queue") or []
    target = state.figures.get(target_id)
    if not queue or target is None:
        turn.attack.pop("forced_queue", None)
        return False
    kind, amount = queue.pop(0)
    turn.attack["forced"] = {
        "target": target_id,
        "kind": str(kind),
        "left": int(amount),
        "path": [list(target.hex)],
        "resume": resume,
    }
    turn.stage = "forced"
    return _settle(state, turn)


def _settle(state: HavenState, turn: Turn) -> bool:
    """Take steps that leave no choice; True while the pusher must still decide."""
    while True:
        steps = next_hexes(state, turn)
        if not steps:
            finish(state, turn)
            return "forced" in turn.attack
        if len(steps) > 1 or may_stop(state, turn):
            return True
        _step(turn, steps[0])


def _step(turn: Turn, h: Hex) -> None:
    info = turn.attack["forced"]
    info["path"].append(list(h))
    info["left"] = int(info["left"]) - 1


def check(state: HavenState, turn: Turn, action: Action) -> None:
    """Name the rule a refused step breaks (HV-MOVE-1)."""
    if isinstance(action, Skip):
        raise RuleViolation(
            "HV-MOVE-1",
            lazy(
                "the target must go on: a monster's push or pull goes as far as it can, and in"
                " Gloomhaven a character's goes its full length once begun (GH p.22 and FAQ)"
            ),
        )
    if not isinstance(action, ForceStep):
        raise RuleViolation("HV-MOVE-1", lazy("choose the next hex of the push or pull"))
    info = turn.attack["forced"]
    geometry = _geometry(state, turn)
    here = _position(info)
    if action.hex not in geometry.board.index:
        raise RuleViolation(
            "HV-MOVE-1", lazy("{hex} is not an open map hex", hex=str(list(action.hex)))
        )
    if not geometry.flying and (action.hex in geometry.obstacles or action.hex in geometry.enemies):
        raise RuleViolation(
            "HV-MOVE-1",
            lazy(
                "{hex}: forced movement never enters an obstacle or enemy",
                hex=str(list(action.hex)),
            ),
        )
    if action.hex not in geometry.steps(here):
        raise RuleViolation(
            "HV-MOVE-1",
            lazy(
                "{hex} is not a neighbour one step farther from the attacker across an open edge",
                hex=str(list(action.hex)),
            )
            if info["kind"] == "push"
            else lazy(
                "{hex} is not a neighbour one step closer to the attacker across an open edge",
                hex=str(list(action.hex)),
            ),
        )
    raise RuleViolation(
        "HV-MOVE-1",
        lazy(
            "from {hex} the target could not end in an unoccupied hex, or the push would not go"
            " as far as it can",
            hex=str(list(action.hex)),
        )
        if _by_monster(state, turn)
        else lazy(
            "from {hex} the target could not end in an unoccupied hex", hex=str(list(action.hex))
        ),
    )


def apply(state: HavenState, turn: Turn, action: Action) -> None:
    if isinstance(action, ForceStep):
        _step(turn, action.hex)
        _settle(state, turn)
    else:
        finish(state, turn)


def finish(state: HavenState, turn: Turn) -> None:
    """Walk the chosen path: traps and hazardous terrain on entry (HV-MOVE-2)."""
    from rulekeeper.games.haven.hero_moves import walk

    info = turn.attack.pop("forced")
    turn.stage = info["resume"]
    target = state.figures.get(info["target"])
    path = [(int(q), int(r)) for q, r in info["path"]]
    if target is None or len(path) < 2:
        _next(state, turn, info["target"], info["resume"])
        return
    flying = target.kind == "monster" and state.spec.monster_types[target.type].flying
    state.emit(
        info["kind"],
        lazy_plural(
            "{actor} pushes {target} {n} hex",
            "{actor} pushes {target} {n} hexes",
            len(path) - 1,
            actor=turn.actor,
            target=target.id,
        )
        if info["kind"] == "push"
        else lazy_plural(
            "{actor} pulls {target} {n} hex",
            "{actor} pulls {target} {n} hexes",
            len(path) - 1,
            actor=turn.actor,
            target=target.id,
        ),
        "HV-MOVE-1",
        "HV-PUSH-1",
        "HV-PUSH-2",
        "HV-PUSH-3",
        "HV-PUSH-4",
        figure=target.id,
    )
    walk(state, target, path, MoveMode(flying=flying), mover=turn.actor)  # HV-MON-6
    _next(state, turn, info["target"], info["resume"])  # HV-PUSH-3: the attack's next one
