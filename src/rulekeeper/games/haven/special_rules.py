"""Scenario special rules: a small declarative vocabulary, and everything else by hand.

- HV-SCEN-7: a scenario's special rules take precedence over these rules.
  Rules in the vocabulary (``[[rules]]``) fire on a trigger: the start of a
  round (before card selection; spawns all at once), a door opening, a
  character ending its turn on a pressure plate (HV-ROOM-5), or the last
  monster of a type dying. They spawn monsters, open (locked) doors, lose
  the scenario, or show text. Any text, and every rule in ``special_rules``,
  is shown to the players marked "resolve by hand": texts of rules that fire
  in play become a pending step the party confirms (``Resolved``), never
  dropped; the scenario's own notes are shown at the start and on screen.
- HV-ROOM-4: a spawned monster goes on its hex, or the nearest empty hex
  (HV-SCEN-6) if that one is not; it acts in the round it appears like a
  revealed monster (spawned at a round's start it draws with the others).
  [GH] it drops no money (HV-LOOT-3).
- HV-SCEN-7 (section links): an ``enter`` rule fires when a character enters its
  hex. [FH] it is read the moment its condition is met, even mid-ability: a
  character's own move pauses on the hex (``section_stop``; also on a closed door
  whose opening fires a ``door`` rule), the rule fires, and
  the move's points left are offered as the rest of the same move; [GH] it fires
  once the movement is over.
- HV-SCEN-6: an empty hex has no figure and no overlay tile other than a
  corridor, pressure plate or open door; [GH] no money token either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import UNREACHABLE
from rulekeeper.games.haven import initiative, map_state, objectives, rooms, standees
from rulekeeper.games.haven.actions import Resolved
from rulekeeper.games.haven.objectives import joined
from rulekeeper.games.haven.scaling import evaluate
from rulekeeper.i18n import N_, Msg, lazy, text_of

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.movement import MoveMode
    from rulekeeper.games.haven.scenario_format import RuleSpec, ScenarioSpec
    from rulekeeper.games.haven.state import Figure, HavenState

Hex = tuple[int, int]
BY_HAND = N_("resolve by hand")
"""The mark of what the players resolve by hand (shown with ``_(BY_HAND)``)."""


def announce(state: HavenState) -> None:
    """Show every special rule at the start: the vocabulary's and the by-hand notes."""
    for text in state.spec.special_rules:
        state.emit("special-rule", lazy("resolve by hand: {text}", text=text), "HV-SCEN-7")
    for rule in state.spec.rules:
        state.emit("special-rule", describe(rule), "HV-SCEN-7")


def describe(rule: RuleSpec) -> Msg:
    when = rule.when
    if when.round:
        trigger = lazy("at the start of round {round}", round=when.round)
    elif when.door is not None:
        trigger = lazy("when the door at {hex} opens", hex=str(list(when.door)))
    elif when.enter is not None:
        trigger = lazy("when a character enters {hex}", hex=str(list(when.enter)))
    elif when.plate is not None:
        trigger = lazy(
            "when a character ends its turn on the plate at {hex}", hex=str(list(when.plate))
        )
    elif when.boss_hp is not None:
        trigger = lazy(
            "when damage takes the boss to {hp} hit points or fewer", hp=str(when.boss_hp)
        )
    elif when.destroyed:
        trigger = lazy("when the objective {objective} is destroyed", objective=when.destroyed)
    else:
        trigger = lazy("when the last {monster} dies", monster=when.dead)
    effects = [
        lazy("spawn {monster} at {hex}", monster=s.type, hex=str(list(s.hex))) for s in rule.spawn
    ]
    effects += [lazy("open the door at {hex}", hex=str(list(h))) for h in rule.open_doors]
    if rule.lose:
        effects.append(lazy("the scenario is lost"))
    if rule.text:
        effects.append(lazy("resolve by hand: {text}", text=rule.text))
    if not effects:
        effects.append(lazy("nothing happens"))
    if rule.repeat:
        return lazy("{trigger} (each time): {effects}", trigger=trigger, effects=joined(effects))
    return lazy("{trigger}: {effects}", trigger=trigger, effects=joined(effects))


# -- triggers ----------------------------------------------------------------------------------
def _fire_matching(state: HavenState, matches: list[int]) -> None:
    for n in matches:
        rule = state.spec.rules[n]
        if n in state.fired and not rule.repeat:
            continue
        if n not in state.fired:
            state.fired.append(n)
        fire(state, n)


def start_of_round(state: HavenState) -> None:
    """HV-SCEN-7: start-of-round rules fire before card selection."""
    found = [n for n, r in enumerate(state.spec.rules) if r.when.round == state.round]
    _fire_matching(state, found)


def open_door(state: HavenState, h: Hex, revealer: Hex | None = None) -> None:
    """HV-ROOM-1 (rooms.py), then the rules that fire when this door opens (HV-SCEN-7)."""
    rooms.open_door(state, h, revealer)
    door_opened(state, h)


def door_opened(state: HavenState, h: Hex) -> None:
    _fire_matching(state, [n for n, r in enumerate(state.spec.rules) if r.when.door == h])


def _enter_rules(state: HavenState, h: Hex) -> list[int]:
    """The ``enter`` rules of hex ``h`` that may still fire."""
    return [
        n
        for n, r in enumerate(state.spec.rules)
        if r.when.enter == h and (r.repeat or n not in state.fired)
    ]


def _door_rules(state: HavenState, h: Hex) -> list[int]:
    """The ``door`` rules of the closed door ``h`` that may still fire when it opens."""
    if h in state.open_doors:
        return []
    return [
        n
        for n, r in enumerate(state.spec.rules)
        if r.when.door == h and (r.repeat or n not in state.fired)
    ]


def entered(state: HavenState, figure: Figure, hexes: list[Hex]) -> None:
    """HV-SCEN-7: a character entering a hex with an ``enter`` rule fires it, in path order."""
    for h in hexes:
        if figure.kind != "character" or figure.id not in state.figures:
            return
        _fire_matching(state, _enter_rules(state, h))


def section_stop(state: HavenState, figure: Figure, path: list[Hex], mode: MoveMode) -> int | None:
    """HV-SCEN-7 [FH]: where a character's own move pauses to read a section mid-move.

    The index of the first hex of ``path`` before its last whose ``enter`` rule may fire
    (or a closed door whose opening fires a ``door`` rule: a door opening mid-move),
    provided the character may stop there (no other figure, no obstacle unless flying) and
    no icy slide comes before it; None when the move goes on to its end (a jump enters only
    its last hex; [GH] rules fire once the movement is over).
    """
    if not state.rules.section_links_mid_ability or figure.kind != "character" or mode.jumping:
        return None
    terrain = state.spec.map.terrain
    for k in range(1, len(path) - 1):
        h = path[k]
        if h in terrain.icy:
            return None
        if not _enter_rules(state, h) and not _door_rules(state, h):
            continue  # no section link here (an ``enter`` rule, or a door that opens one)
        blocked = h in terrain.obstacle and not mode.flying
        if state.figure_at(h) is None and not blocked:
            return k
    return None


def move_cost(state: HavenState, path: list[Hex], mode: MoveMode) -> int:
    """HV-MOVE-2/4: the movement points a path without icy terrain costs (flying: 1 a hex;
    otherwise difficult terrain 2)."""
    if mode.flying:
        return len(path) - 1
    difficult = set(state.spec.map.terrain.difficult)
    return sum(2 if h in difficult else 1 for h in path[1:])


def end_of_turn(state: HavenState, figure: Figure) -> None:
    """HV-ROOM-5: a character ending its turn on a pressure plate sets it off."""
    if figure.kind != "character" or figure.id not in state.figures:
        return
    found = [n for n, r in enumerate(state.spec.rules) if r.when.plate == figure.hex]
    _fire_matching(state, found)


def boss_damaged(state: HavenState, figure: Figure, before: int) -> bool:
    """HV-BOSS-3: damage took a boss past thresholds: their rules fire, in order; True if one
    of them is a section to resolve by hand (the boss is not dead until it is)."""
    if not state.spec.monster_types[figure.type].boss:
        return False
    held = False
    for n, rule in enumerate(state.spec.rules):
        formula = rule.when.boss_hp
        if formula is None or n in state.fired:
            continue
        threshold = evaluate(
            formula, level=state.scaling.scenario_level, characters=len(state.spec.party)
        )
        if before > threshold >= figure.hp:
            state.emit(
                "boss",
                lazy(
                    "{figure} falls to {threshold} hit points or fewer",
                    figure=figure.id,
                    threshold=threshold,
                ),
                "HV-BOSS-3",
                figure=figure.id,
            )
            state.fired.append(n)
            fire(state, n)
            held = held or bool(rule.text)
    return held


def objective_destroyed(state: HavenState, figure_id: str) -> None:
    """HV-GOAL-2: the rules triggered by this objective's destruction fire (HV-SCEN-7)."""
    found = [n for n, r in enumerate(state.spec.rules) if r.when.destroyed == figure_id]
    _fire_matching(state, found)


_DEAD_RULES: dict[int, tuple[ScenarioSpec, tuple[tuple[int, str], ...]]] = {}
"""Each scenario's ``dead`` rules, as (rule number, type) (content never changes)."""


_last_dead_rules: tuple[ScenarioSpec, tuple[tuple[int, str], ...]] | None = None
"""The entry of ``_DEAD_RULES`` read last (a rollout plays one scenario)."""


def _dead_rules(spec: ScenarioSpec) -> tuple[tuple[int, str], ...]:
    global _last_dead_rules
    last = _last_dead_rules
    if last is not None and last[0] is spec:
        return last[1]  # the scenario asked last: one comparison, no look-up (issue 12)
    found = _DEAD_RULES.get(id(spec))
    if found is not None and found[0] is spec:
        _last_dead_rules = found
        return found[1]
    rules = tuple((n, r.when.dead) for n, r in enumerate(spec.rules) if r.when.dead)
    if len(_DEAD_RULES) >= 64:
        _DEAD_RULES.clear()
    _DEAD_RULES[id(spec)] = _last_dead_rules = (spec, rules)
    return rules


def after_step(state: HavenState) -> None:
    """A type whose last monster died fires its ``dead`` rules (once it had appeared)."""
    for n, dead in _dead_rules(state.spec):
        if n in state.fired or not standees.appeared(state, dead):
            continue
        if not standees.on_map(state, dead):
            _fire_matching(state, [n])


# -- effects -----------------------------------------------------------------------------------
def fire(state: HavenState, n: int) -> None:
    rule = state.spec.rules[n]
    state.emit("special-rule", lazy("special rule: {rule}", rule=describe(rule)), "HV-SCEN-7")
    for h in rule.open_doors:
        if h not in state.open_doors:
            open_door(state, h)
    _spawn(state, rule)
    if rule.text:
        state.by_hand.append(rule.text)
    if rule.lose:
        objectives.trigger(state, "lost", lazy("a loss condition of the special rules"))


def _spawn(state: HavenState, rule: RuleSpec) -> None:
    count = standees.placement_count(state)
    wanted = []
    for spawn in rule.spawn:
        if count in spawn.elite:
            wanted.append((spawn.type, spawn.hex, True))
        elif count in spawn.normal:
            wanted.append((spawn.type, spawn.hex, False))
    mid_round = state.phase == "turns"
    for mtype, h, elite in standees.placement_order(state, wanted, None):
        where = nearest_empty(state, h)
        if where is None:
            if h not in map_state.board(state, with_closed_doors=False).index:
                # The rulebooks place a spawn on the map; a room still behind its door is
                # not on it, so the scenario's spawn there does not happen (said, not dropped).
                message = lazy(
                    "the {monster} spawning at {hex} does not appear: that hex is in a room"
                    " not revealed yet",
                    monster=mtype,
                    hex=str(list(h)),
                )
            else:
                message = lazy(
                    "no empty hex for the {monster} spawning at {hex}",
                    monster=mtype,
                    hex=str(list(h)),
                )
            state.emit("spawn", message, "HV-ROOM-4")
            continue
        figure = standees.add_monster(state, mtype, where, elite, no_drop=True, event="spawns")
        if figure is None:
            continue
        if mid_round:
            state.arrivals.append(figure.id)
            name = initiative.group_of(state, mtype)
            if state.groups[name].card is None and name not in state.reveal_draws:
                state.reveal_draws.append(name)


def is_empty(state: HavenState, h: Hex) -> bool:
    """HV-SCEN-6: see :func:`map_state.is_empty`."""
    return map_state.is_empty(state, h)


def nearest_empty(state: HavenState, h: Hex) -> Hex | None:
    """HV-ROOM-4: ``h`` if empty, else the nearest empty revealed hex (ties: lowest hex)."""
    hexboard = map_state.board(state, with_closed_doors=False)
    if h not in hexboard.index:
        return None
    distance = hexboard.proximity(hexboard.index[h])
    found = [
        (distance[i], other)
        for other, i in hexboard.index.items()
        if distance[i] != UNREACHABLE and is_empty(state, other)
    ]
    return min(found)[1] if found else None


# -- the pending by-hand step --------------------------------------------------------------------
def pending_actions(state: HavenState) -> list[Action]:
    return [Resolved(text_of(state.by_hand[0], "en")[:80])]


def resolve(state: HavenState) -> None:
    text = state.by_hand.pop(0)
    state.emit("special-rule", lazy("the players resolved by hand: {text}", text=text), "HV-SCEN-7")
