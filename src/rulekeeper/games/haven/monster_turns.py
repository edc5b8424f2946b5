"""Monster and summon turns: the monster mover decides, the attack draws resolve.

For each monster (HV-INIT-4 order) the group's ability card is performed in
order. A move followed by an attack is one question to the monster mover
(:func:`~rulekeeper.games.haven.monster_ai.solve_monster_turn`, HV-FOCUS-*,
HV-MOVE-MON-*): the game builds a haven-board/1 document of the map now and
asks it. When it returns several equally good options the players choose
(HV-MOVE-MON-3; the decision goes to player 0, the party). The monster then
walks the chosen path (traps and hazardous terrain on entry, HV-MOVE-2) and
attacks the chosen targets, one modifier draw per target (HV-ATK-1), from the
monster deck, or for a summon from its summoner's deck (HV-SUM-2).

Monster card values for move and attack are added to the monster's stats
(and range too for a ranged monster); shield and conditions on a monster card
affect the monster itself; heal and summon are decided in
monster_abilities.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import (
    added_targets,
    allies,
    attack_resolution,
    bosses,
    hero_moves,
    initiative,
    map_state,
    monster_abilities,
    monster_effects,
    summons,
)
from rulekeeper.games.haven import turn as turns
from rulekeeper.games.haven.board_plain import PlainTurn
from rulekeeper.games.haven.card_index import type_card
from rulekeeper.games.haven.conditions import has
from rulekeeper.games.haven.focus import TIE_BY_INITIATIVE, TIE_BY_TURN_ORDER, first_rule
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.movement import move_mode
from rulekeeper.games.haven.ruleset import Ruleset
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Turn


def program(state: HavenState, figure: Figure) -> list[AbilitySpec]:
    """The abilities this figure performs this turn, in order."""
    if figure.kind == "summon":
        return summons.summon_program(state, figure)
    if figure.kind == "ally":
        return allies.program(state, figure)  # HV-GOAL-3
    group = state.groups[initiative.group_of(state, figure.type)]
    card = type_card(state.spec, figure.type, group.card or "")
    return bosses.card_program(state, figure, card.actions)


def _flying(state: HavenState, figure: Figure) -> bool:
    if figure.kind == "summon":
        return summons.summon_spec(state, figure).flying
    if figure.kind == "ally":
        return allies.spec_of(state, figure).flying
    return state.spec.monster_types[figure.type].flying


_MADE_LIMIT = 256
_absolute: dict[tuple[int, int, int], tuple[AbilitySpec, Any, Ruleset, AbilitySpec]] = {}
_dumped: dict[int, tuple[AbilitySpec, dict[str, Any]]] = {}
_read: dict[int, tuple[dict[str, Any], AbilitySpec]] = {}


def _remember(cache: dict[Any, Any], key: Any, entry: Any) -> None:
    """Keep ``entry``: the values are immutable specs (and their JSON, never changed)."""
    if len(cache) >= _MADE_LIMIT:
        cache.clear()
    cache[key] = entry


def absolute(state: HavenState, figure: Figure, ability: AbilitySpec) -> AbilitySpec:
    """HV-MON-4: a monster card's move and attack added to the monster's stats (summons:
    printed). Range: [GH] a ranged monster's card range adds to its stat range; [FH] the
    card gives the range, none meaning melee (``Ruleset.monster_card_range_absolute``)."""
    if figure.kind == "ally":
        return allies.absolute(state, figure, ability)
    if figure.kind != "monster":
        return ability
    stats = state.monster_stats(figure)
    # The same card on the same stat line gives the same spec: made once (issue 12).
    key = (id(ability), id(stats), id(state.rules))
    found = _absolute.get(key)
    if found is not None and found[0] is ability and found[1] is stats and found[2] is state.rules:
        return found[3]
    made = _absolute_of(state, stats, ability)
    _remember(_absolute, key, (ability, stats, state.rules, made))
    return made


def _absolute_of(state: HavenState, stats: Any, ability: AbilitySpec) -> AbilitySpec:
    if ability.type == "move":
        return ability.model_copy(update={"value": max(0, stats.move + ability.value)})
    if ability.type == "attack":
        reach = stats.range + ability.range if stats.range > 0 else ability.range
        if state.rules.monster_card_range_absolute:
            reach = ability.range
        update: dict[str, Any] = {
            "value": max(0, stats.attack + ability.value),
            "range": max(0, reach),
        }
        if stats.attack_conditions or stats.attack_pierce or stats.attack_targets:
            update |= _stat_card_effects(stats, ability)
        if (stats.attack_push or stats.attack_pull) and not (ability.push or ability.pull):
            update |= {"push": stats.attack_push, "pull": stats.attack_pull}
        return ability.model_copy(update=update)
    return ability


def _stat_card_effects(stats: Any, ability: AbilitySpec) -> dict[str, Any]:
    """HV-MON-2: the stat card's attack effects join every attack of the type."""
    extra = tuple(c for c in stats.attack_conditions if c not in ability.conditions)
    return {
        "conditions": (*ability.conditions, *extra),
        "pierce": ability.pierce + stats.attack_pierce,
        "targets": max(ability.targets, stats.attack_targets),
    }


def step(state: HavenState, figure: Figure, turn: Turn) -> bool:
    """Perform the next ability; False when the players must choose a mover option."""
    summons.check_can_act(state, figure)
    ability = absolute(state, figure, turn.queue[0])
    if figure.kind in ("monster", "ally") and ability.type == "condition" and ability.range > 0:
        turn.queue.pop(0)
        if monster_abilities.negative(ability):
            # HV-MON-COND-1: targets picked by the focus rules as if it were an attack, from
            # where the monster stands (it does not change how the monster moves).
            return _solve(state, figure, turn, None, None, condition=ability)
        monster_abilities.give_conditions(state, figure, ability)  # HV-MON-COND-1
        return True
    if figure.kind in ("monster", "ally") and monster_effects.is_effect(ability):
        turn.queue.pop(0)
        return _effect(state, figure, turn, ability)
    if turns.self_effect(state, figure, ability):
        turn.queue.pop(0)
        return True
    if ability.type == "heal":
        return monster_abilities.start_heal(state, figure, turn, ability)
    if ability.type == "summon":
        return monster_abilities.start_summon(state, figure, turn, ability)
    move = ability if ability.type == "move" else None
    attack = ability if ability.type == "attack" else None
    turn.queue.pop(0)
    if move is not None and turn.queue and turn.queue[0].type == "attack":
        attack = absolute(state, figure, turn.queue.pop(0))
    if attack is not None and has(figure, "disarm"):
        state.emit(
            "disarm",
            lazy("{figure} is disarmed: it cannot attack", figure=figure.id),
            "HV-COND-DISARM-1",
            figure=figure.id,
        )
        attack = None
    if move is not None and move.value > 0 and has(figure, "immobilize"):
        state.emit(
            "immobilize",
            lazy("{figure} is immobilized: it cannot move", figure=figure.id),
            "HV-COND-IMMOBILIZE-1",
            figure=figure.id,
        )
    return _solve(state, figure, turn, move, attack)


def _effect(state: HavenState, figure: Figure, turn: Turn, ability: AbilitySpec) -> bool:
    """A lone push or pull, or "suffer N damage" (monster_effects.py): on the figure itself,
    or on enemies picked [FH] by the focus rules as for an attack from where it stands
    (HV-MON-COND-1), [GH] by the party among those in range (GH p.32; HV-MOVE-MON-3)."""
    if monster_effects.on_itself(ability):
        monster_effects.suffer_itself(state, figure, ability)
        return True
    if state.rules.monster_effect_targets_by_focus:
        return _solve(state, figure, turn, None, None, effect=ability)
    picks = monster_effects.party_options(state, figure, ability)
    if picks is None:
        text = lazy(
            "{figure}'s {ability}: too many ways to pick its targets to list them",
            figure=figure.id,
            ability=monster_effects.effect_text(ability),
        )
        state.by_hand.append(text)
        state.emit(
            "by-hand",
            lazy("resolve by hand: {text}", text=text),
            "HV-MOVE-MON-3",
            "HV-SCEN-7",
            figure=figure.id,
        )
        return True
    here = list(figure.hex)
    turn.options = [
        {
            "move_to": here,
            "path": [here],
            "focus": None,
            "targets": list(pick),
            "aoe": [],
            "heading_to": [],
            "attack": None,
            "effect": _spec_json(ability),
            "flying": False,
            "jumping": False,
        }
        for pick in picks
    ]
    if len(turn.options) > 1:
        turn.stage = "monster_option"
        return False
    perform(state, figure, turn, 0)
    return True


def _solve(
    state: HavenState,
    figure: Figure,
    turn: Turn,
    move: AbilitySpec | None,
    attack: AbilitySpec | None,
    *,
    condition: AbilitySpec | None = None,
    effect: AbilitySpec | None = None,
) -> bool:
    points = 0 if move is None or has(figure, "immobilize") else move.value
    flying = _flying(state, figure)
    aims = attack or condition or effect
    spec = map_state.solver_spec(
        state,
        figure,
        PlainTurn(
            figure=figure.id,
            move=points,
            range=aims.range if aims else 0,
            targets=aims.targets if aims else 0,
            aoe=attack.aoe if attack else (),
            flying=flying,
            jumping=move is not None and move.jump and not flying,
            # A condition or effect draws no modifier card: muddle changes nothing of it.
            muddled=has(figure, "muddle") and condition is None and effect is None,
        ),
    )
    answer = solve_monster_turn(spec)
    for reason in answer.messages:
        parts = reason.parts()
        rule = first_rule(parts)
        # The mover was given places in the turn order, not printed initiatives
        # (map_state.initiative_ranks, HV-FOCUS-2 with HV-INIT-2/3).
        for part in parts:
            if part.template == TIE_BY_INITIATIVE:
                part.template = TIE_BY_TURN_ORDER
        state.emit(
            "mover",
            lazy("{figure}: {reason}", figure=figure.id, reason=reason),
            rule,
            figure=figure.id,
        )
    turn.options = [
        {
            **option.to_json(),
            "attack": _spec_json(attack) if attack else None,
            **({"condition": _spec_json(condition)} if condition else {}),
            **({"effect": _spec_json(effect)} if effect else {}),
            "flying": flying,
            "jumping": move is not None and move.jump and not flying,
        }
        for option in answer.options
    ]
    if len(turn.options) > 1:
        turn.stage = "monster_option"
        return False
    perform(state, figure, turn, 0)
    return True


def _spec_json(ability: AbilitySpec) -> dict[str, Any]:
    """An attack or condition as the turn's options record it (shared: nothing changes it)."""
    found = _dumped.get(id(ability))
    if found is not None and found[0] is ability:
        return found[1]
    data = ability.model_dump(mode="json")
    _remember(_dumped, id(ability), (ability, data))
    _remember(_read, id(data), (data, ability))
    return data


def _spec_of(data: dict[str, Any]) -> AbilitySpec:
    """The ability an option records (read back without validating what was just written)."""
    found = _read.get(id(data))
    if found is not None and found[0] is data:
        return found[1]
    return AbilitySpec.model_validate(data)


def option_summary(option: dict[str, Any]) -> str:
    move_to = option["move_to"]
    targets = option["targets"]
    text = f"move to {move_to}"
    if targets and option.get("condition"):
        text = f"give {', '.join(option['condition']['conditions'])} to {', '.join(targets)}"
    elif option.get("effect"):
        effect = option["effect"]
        text = f"{effect['type']} {effect['value']}: {', '.join(targets) or 'no target'}"
    elif targets:
        text += f", attack {', '.join(targets)}"
    elif option.get("focus"):
        text += f" (focus {option['focus']})"
    return text


def perform(state: HavenState, figure: Figure, turn: Turn, index: int) -> None:
    """Walk the chosen option's path, then start its attack against each target in turn."""
    option = turn.options[index]
    turn.options = []
    turn.stage = "ability"
    path = [(int(h[0]), int(h[1])) for h in option["path"]]
    mode = move_mode(option["flying"], option.get("jumping", False))
    hero_moves.walk(state, figure, path, mode)
    if figure.id in state.figures and option.get("condition"):
        monster_abilities.condition_targets(
            state, figure, _spec_of(option["condition"]), option["targets"]
        )
        return
    if figure.id in state.figures and option.get("effect"):
        _start_effect(state, figure, turn, _spec_of(option["effect"]), option["targets"])
        return
    if figure.id not in state.figures or option["attack"] is None:
        return
    # An invisible figure cannot be targeted by enemies (conditions table, GH p.23).
    targets = [
        t
        for t in option["targets"]
        if t in state.figures and not has(state.figures[t], "invisible")
    ]
    if not targets:
        return
    ability = _spec_of(option["attack"])
    attack_resolution.start_attack(state, figure, ability, ability.value)
    turn.attack["pending"] = targets
    next_target(state, figure, turn)


def _start_effect(
    state: HavenState, figure: Figure, turn: Turn, ability: AbilitySpec, picked: list[str]
) -> None:
    """The picked targets of a push, pull or damage, one after the other (monster_effects)."""
    targets = [t for t in picked if t in state.figures and not has(state.figures[t], "invisible")]
    if not targets:
        monster_effects.no_target(state, figure, ability)
        return
    turn.attack = {"pending": targets, "effect": _spec_json(ability)}
    next_target(state, figure, turn)


def next_target(state: HavenState, figure: Figure, turn: Turn) -> None:
    """Start the draw against the next of the mover's targets still standing, then against
    the targets its modifier cards added (HV-TGT-1, added_targets.py); a push, pull or
    damage (monster_effects): perform it on the next target, waiting while the party steers
    a push."""
    pending: list[str] = turn.attack.get("pending", [])
    effect = turn.attack.get("effect")
    if effect is not None:
        ability = _spec_of(effect)
        while pending:
            if monster_effects.apply_to(state, figure, turn, ability, pending.pop(0)):
                return
        turn.attack = {}
        return
    while pending:
        target = pending.pop(0)
        if target in state.figures and figure.id in state.figures:
            attack_resolution.begin_draw(state, figure, target)
            return
    if figure.id in state.figures and added_targets.next_added_target(state, figure, turn):
        return
    turn.attack = {}


def check_option(state: HavenState, figure: Figure, turn: Turn, index: int) -> None:
    summons.check_can_act(state, figure)
    if turn.stage != "monster_option" or not 0 <= index < len(turn.options):
        raise RuleViolation("HV-MOVE-MON-3", lazy("choose one of the monster mover's options"))
