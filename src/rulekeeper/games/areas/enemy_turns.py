"""The enemies' turns of a round (AR-ROUND-1, an ASSUMED rule).

Each enemy in turn: a stunned enemy skips its turn; a poisoned one loses
health first. Then, if it can reach a hero with the same reach rules as the
party (AR-REQ-3, AR-REQ-4, AR-RANGE-1), it attacks the nearest one for its
printed damage without moving. Otherwise it moves one area toward the nearest
hero, into an area with room for its size, and attacks if it now can (or, when
it has no such step, if it can where it stands): the nearest reachable hero,
else the nearest reachable ally. An ally within reach does not hold it back
from moving toward the heroes.

The engine decides nothing the rules leave open: when two targets are equally
near, or two areas are equally good steps, the players choose (an
:class:`EnemyChoice` the state exposes as legal actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.areas.figures import EnemyChoice, Figure
from rulekeeper.games.areas.reach import melee_reach, occupancy
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.areas.game import AreasState


def attack_options(
    state: AreasState, enemy: Figure, kinds: tuple[str, ...] = ("hero", "ally")
) -> list[str]:
    """The figures the enemy may attack now: the nearest reachable heroes, else allies."""
    at_range = state.setup.enemies[enemy.type_id].range
    report = melee_reach(state.board, enemy, state.figures, at_range)
    reachable = [state.figures[r.target] for r in report if r.reachable]
    for kind in kinds:
        group = [f for f in reachable if f.kind == kind]
        if group:
            distance = {f.id: state.board.open_distance(enemy.area, f.area) or 0 for f in group}
            nearest = min(distance.values())
            return [f.id for f in group if distance[f.id] == nearest]
    return []


def step_options(state: AreasState, enemy: Figure) -> list[str]:
    """Adjacent areas with room that lie on a shortest walk to a nearest hero."""
    board = state.board
    distances = board.walk_distances(enemy.area)
    heroes = [f for f in state.figures.values() if f.kind == "hero" and f.area in distances]
    if not heroes:
        return []
    nearest = min(distances[h.area] for h in heroes)
    goals = {h.area for h in heroes if distances[h.area] == nearest}
    used = occupancy(board, state.figures.values())
    steps = []
    for area in board.walk_neighbours(enemy.area):
        if not board.has_room(area, used, enemy.size):
            continue
        if any(board.walk_distance(area, goal) == nearest - 1 for goal in goals):
            steps.append(area)
    return steps


def run_enemy_turn(state: AreasState) -> None:
    """Advance the current enemy's turn until it ends or the players must choose."""
    enemy = state.figures.get(state.queue[0])
    if enemy is None:
        end_enemy_turn(state)
        return
    if not state.enemy_started:
        state.enemy_started = True
        if enemy.stunned:
            enemy.stunned = False
            state.emit(
                "stunned",
                lazy("{enemy} is stunned and skips its turn", enemy=enemy.name),
                "AR-ROUND-1",
            )
            end_enemy_turn(state)
            return
        if enemy.poison:
            state.wound(
                enemy,
                enemy.poison,
                lazy(
                    "{enemy} suffers {amount} poison damage", enemy=enemy.name, amount=enemy.poison
                ),
                "AR-DECL-3",
                "AR-ROUND-1",
            )
            if enemy.id not in state.figures:
                end_enemy_turn(state)
                return
    if not state.enemy_moved:
        # Only a hero already in reach spares the move toward the heroes (house reading).
        if _attack_or_choose(state, enemy, attack_options(state, enemy, ("hero",))):
            return
        steps = step_options(state, enemy)
        if len(steps) > 1:
            state.choice = EnemyChoice(enemy.id, "step", tuple(steps))
            return
        if steps:
            enemy_step(state, enemy, steps[0])
            return
        targets = attack_options(state, enemy)
        if not targets:
            state.emit(
                "enemy",
                lazy("{enemy} has no step toward a hero and waits", enemy=enemy.name),
                "AR-ROUND-1",
            )
            end_enemy_turn(state)
            return
        state.emit(
            "enemy", lazy("{enemy} has no step toward a hero", enemy=enemy.name), "AR-ROUND-1"
        )
        _attack_or_choose(state, enemy, targets)
        return
    if not _attack_or_choose(state, enemy, attack_options(state, enemy)):
        state.emit(
            "enemy",
            lazy("{enemy} cannot reach anyone after moving", enemy=enemy.name),
            "AR-ROUND-1",
        )
        end_enemy_turn(state)


def _attack_or_choose(state: AreasState, enemy: Figure, targets: list[str]) -> bool:
    """Attack the one target, or let the players break a tie; False if there is none."""
    if len(targets) > 1:
        state.choice = EnemyChoice(enemy.id, "target", tuple(targets))
    elif targets:
        enemy_attack(state, enemy, targets[0])
    return bool(targets)


def enemy_step(state: AreasState, enemy: Figure, area: str) -> None:
    """Move the enemy one area toward the nearest hero (AR-ROUND-1)."""
    before = state.board.area(enemy.area).name
    enemy.area = area
    state.enemy_moved = True
    state.emit(
        "move",
        lazy(
            "{figure} moves from {before} to {after}",
            figure=enemy.name,
            before=before,
            after=state.board.area(area).name,
        ),
        "AR-ROUND-1",
        figure=enemy.id,
        to=area,
    )


def enemy_attack(state: AreasState, enemy: Figure, target_id: str) -> None:
    """The enemy attacks for its printed damage, then its turn ends (AR-ROUND-1)."""
    target = state.figures[target_id]
    definition = state.setup.enemies[enemy.type_id]
    ruling = melee_reach(state.board, enemy, state.figures, definition.range, targets=[target_id])[
        0
    ]
    state.emit(
        "reach",
        lazy("Reach check for {enemy}: {line}", enemy=enemy.name, line=ruling.line()),
        "AR-REQ-3",
        "AR-REQ-4",
        "AR-RANGE-1",
        attacker=enemy.id,
        reach=[{"target": ruling.target, "reachable": ruling.reachable, "rule": ruling.rule_id}],
    )
    state.wound(
        target,
        definition.damage,
        lazy(
            "{enemy} attacks {target} for its printed damage {damage}",
            enemy=enemy.name,
            target=target.name,
            damage=definition.damage,
        ),
        "AR-ROUND-1",
    )
    end_enemy_turn(state)


def end_enemy_turn(state: AreasState) -> None:
    state.queue.pop(0)
    state.enemy_started = False
    state.enemy_moved = False
