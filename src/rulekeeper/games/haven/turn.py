"""A figure's turn: the abilities of the played halves, one small step at a time.

A character's turn (HV-CARD-3): pick a half, perform its actions in order,
pick the other card's other half, perform it. Each action is a step:
``move`` offers the hexes the character may end in (HV-MOVE-1..4, through
movement.py's path rules; traps and hazardous terrain hurt on entry, HV-MOVE-2,
and a closed door opens when entered); ``attack`` offers the legal targets one
at a time, each resolved by an attack modifier draw (HV-ATK-1, attack_draw.py);
``heal`` offers allies in range; ``summon`` offers the free adjacent hexes
(HV-SUM-1); ``shield``, ``condition`` and ``infuse`` happen by themselves.
``Skip`` leaves the rest of an action unused. Monster and summon turns are
run by monster_turns.py and share the attack code here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import (
    allies,
    area_attacks,
    bonuses,
    card_effects,
    class_resources,
    elements,
    exhaustion,
    initiative,
    items,
    loot,
    map_state,
    objectives,
    retaliate,
    special_rules,
    summons,
)
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    ConsumeElement,
    MoveTo,
    PlaceArea,
    PlaceSummon,
    RecoverCard,
    RefreshItem,
    Skip,
)
from rulekeeper.games.haven.attack_draw import AttackDraw, Done
from rulekeeper.games.haven.attacks import (
    Attack,
    AttackOutcome,
    Target,
    attack_context,
    attack_mode,
)
from rulekeeper.games.haven.conditions import (
    CONDITIONS,
    check_can_target,
    condition,
)
from rulekeeper.games.haven.healing import heal
from rulekeeper.games.haven.modifiers import MONSTER_DECK, Effect, effect_text
from rulekeeper.games.haven.movement import Movement, MoveMode
from rulekeeper.games.haven.rule_terms import pile as pile_name
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.games.haven.state import Figure
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.boards.hexgrid import HexBoard
    from rulekeeper.games.haven.state import HavenState, Turn


def actor(state: HavenState) -> Figure | None:
    turn = state.turn
    return None if turn is None else state.figures.get(turn.actor)


def has(figure: Figure, name: str) -> bool:
    return name in figure.conditions


# -- movement (HV-MOVE-1..4) ---------------------------------------------------------
def move_mode(ability: AbilitySpec) -> MoveMode:
    return MoveMode(flying=ability.flying, jumping=ability.jump)


_DESTINATIONS: dict[tuple[int, int], tuple[Movement, tuple[Action, ...]]] = {}
_DESTINATIONS_LIMIT = 4


def move_destinations(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[Action]:
    """HV-MOVE-1..4: the moves a hero's move ability offers, each hex's default path first.

    Kept per travel table (map_state.movement shares one while nothing on the map
    changes): entering the move, listing it and checking a choice ask once (issue 12).
    """
    if has(figure, "immobilize") or has(figure, "stun"):
        return []
    hexboard, move = map_state.movement(state, figure, move_mode(ability))
    key = (id(move), ability.value)
    found = _DESTINATIONS.get(key)
    if found is not None and found[0] is move:
        return list(found[1])
    out = _destinations(state, figure, ability, hexboard, move)
    if len(_DESTINATIONS) >= _DESTINATIONS_LIMIT:
        del _DESTINATIONS[next(iter(_DESTINATIONS))]
    _DESTINATIONS[key] = (move, tuple(out))
    return out


def _destinations(
    state: HavenState, figure: Figure, ability: AbilitySpec, hexboard: HexBoard, move: Movement
) -> list[Action]:
    hexes = map_state.reachable(state, figure, ability.value, move_mode(ability), built=move)
    out: list[Action] = [MoveTo(h) for h in sorted(hexes) if h != figure.hex]
    choices = [MoveTo(to, via) for to, via, _ in _path_options(ability, hexboard, move)]
    if choices:
        # each hex's default move first, then its via moves; hexes only a via reaches last
        listed: list[Action] = []
        for action in out:
            listed.append(action)
            if isinstance(action, MoveTo):
                listed.extend(c for c in choices if c.hex == action.hex)
        listed.extend(c for c in choices if c.hex not in hexes)
        out = listed
    return out


MAX_PATH_CHOICES = 3
"""HV-MOVE-2: at most this many ``via`` paths are offered per hex, besides the default."""


def path_choices(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[MoveTo]:
    """HV-MOVE-2: the ``via`` moves, one per other minimal set of traps and hazardous hexes
    a path within the move enters (the default path's own set is the plain move).

    A hex only a path through such hexes reaches within the move gets ``via`` moves
    alone: its default path (the fewest of them) is too long.
    """
    return [MoveTo(to, via) for to, via, _ in _options_of(state, figure, ability)]


def _options_of(
    state: HavenState, figure: Figure, ability: AbilitySpec
) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...], list[tuple[int, int]]]]:
    return _path_options(ability, *map_state.movement(state, figure, move_mode(ability)))


def _path_options(
    ability: AbilitySpec, hexboard: HexBoard, move: Movement
) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...], list[tuple[int, int]]]]:
    options = move.harm_paths(ability.value)
    if not options:
        return []
    hexes = hexboard.hexes
    negative = move.terrain.negative
    out = []
    for v in sorted(options, key=lambda i: hexes[i]):
        default: frozenset[int] | None = None
        if move.distance[v] <= ability.value:
            default = frozenset(i for i in move.path(v)[1:] if negative[i])
        variants = [(s, p) for s, p in options[v] if s != default]
        variants.sort(key=lambda sp: (len(sp[0]), sorted(hexes[i] for i in sp[0])))
        for harm, path in variants[:MAX_PATH_CHOICES]:
            via = tuple(sorted(hexes[i] for i in harm))
            out.append((hexes[v], via, [hexes[i] for i in path]))
    return out


def check_move(
    state: HavenState,
    figure: Figure,
    ability: AbilitySpec,
    to: tuple[int, int],
    via: tuple[tuple[int, int], ...] = (),
) -> None:
    """HV-MOVE-1..4: name the rule a refused destination breaks."""
    for name in ("immobilize", "stun"):
        if has(figure, name):
            raise RuleViolation(
                f"HV-COND-{name.upper()}-1",
                lazy("a figure with {condition} cannot move", condition=term(name)),
            )
    if via:
        if any(o[:2] == (to, via) for o in _options_of(state, figure, ability)):
            return
        rule = "HV-MOVE-3" if ability.jump else "HV-MOVE-4" if ability.flying else "HV-MOVE-2"
        raise RuleViolation(
            rule,
            lazy(
                "no path to {hex} within Move {value} is offered that enters exactly {via} (a via lists"
                " the traps and hazardous hexes of a path that enters fewer than the default, or"
                " other ones)",
                hex=str(list(to)),
                value=ability.value,
                via=", ".join(str(list(h)) for h in via),
            ),
        )
    if MoveTo(to) in move_destinations(state, figure, ability):
        return
    hexboard, move = map_state.movement(state, figure, move_mode(ability))
    if to not in hexboard.index:
        raise RuleViolation("HV-MOVE-1", lazy("{hex} is not a revealed map hex", hex=str(list(to))))
    i = hexboard.index[to]
    if state.figure_at(to) is not None:
        raise RuleViolation(
            "HV-MOVE-1", lazy("{hex} is occupied: a move cannot end there", hex=str(list(to)))
        )
    if not move.can_end(i):
        raise RuleViolation("HV-MOVE-1", lazy("{hex} holds an obstacle", hex=str(list(to))))
    mode = move_mode(ability)
    free = map_state.reachable(state, figure, ability.value, mode, enemies_passable=True)
    if to in free:
        raise RuleViolation(
            "HV-MOVE-1",
            lazy("{hex} is reachable only by moving through an enemy", hex=str(list(to))),
        )
    raise RuleViolation(
        "HV-MOVE-2",
        lazy(
            "{hex} is {distance} movement points away (Move {value}; difficult terrain costs 2)",
            hex=str(list(to)),
            distance=move.distance[i],
            value=ability.value,
        ),
    )


def walk(
    state: HavenState,
    figure: Figure,
    path: list[tuple[int, int]],
    mode: MoveMode,
    *,
    mover: str = "",
) -> None:
    """Move along ``path``; traps and hazardous terrain act on entry (HV-MOVE-2, HV-MOVE-3/4).

    ``mover`` is the figure forcing the movement (a push or pull): a monster dying in a
    negative hex is credited to it (HV-MON-6); a figure's own movement credits no one."""
    if len(path) < 2:
        return
    terrain = state.spec.map.terrain
    trap = set(terrain.trap) - set(state.sprung_traps)
    hazardous = set(terrain.hazardous)
    doors = {d.hex: d for d in state.spec.doors}
    entered = path[1:]
    if mode.flying:
        entered = []
    elif mode.jumping:
        entered = entered[-1:]
    figure.hex = path[-1]
    state.emit(
        "move",
        lazy("{figure} moves to {hex}", figure=figure.id, hex=str(list(path[-1]))),
        "HV-MOVE-1",
        *(["HV-MOVE-3"] if mode.jumping else []),
        *(["HV-MOVE-4"] if mode.flying else []),
        figure=figure.id,
        path=[list(h) for h in path],
    )
    for h in path[1:]:
        # HV-SUM-7: only a character's own movement opens a door, never a summon's.
        if figure.kind == "character" and h in doors and h not in state.open_doors:
            special_rules.open_door(state, h, revealer=h)
    for h in entered:
        if figure.id not in state.figures:
            return
        if h in trap:
            state.sprung_traps.append(h)
            amount = state.scaling.trap_damage  # HV-SCEN-3, HV-SCEN-5
            trap_source = lazy("a trap at {hex}", hex=str(list(h)))
            exhaustion.hurt(state, figure, amount, trap_source, ("HV-MOVE-2",), by=mover)
        elif h in hazardous:
            amount = state.scaling.hazardous_damage
            where = lazy("hazardous terrain at {hex}", hex=str(list(h)))
            exhaustion.hurt(state, figure, amount, where, ("HV-MOVE-2",), by=mover)
    # HV-SCEN-7: a section link whose hex a character entered (a jump enters its last only)
    special_rules.entered(state, figure, path[-1:] if mode.jumping else path[1:])
    if figure.kind == "character" and figure.id in state.figures:
        objectives.reached(state, figure.id, figure.hex)


def pause_for_section(
    state: HavenState,
    figure: Figure,
    turn: Turn,
    ability: AbilitySpec,
    path: list[tuple[int, int]],
) -> None:
    """HV-SCEN-7 [FH]: the move stops on the hex whose section is read at once (walk fires
    it); the points left are the rest of the same move, offered after the section."""
    mode = move_mode(ability)
    left = ability.value - special_rules.move_cost(state, path, mode)
    state.emit(
        "move",
        lazy_plural(
            "{figure} pauses at {hex}: a section is read the moment its condition is met;"
            " {n} movement point of its move remains",
            "{figure} pauses at {hex}: a section is read the moment its condition is met;"
            " {n} movement points of its move remain",
            max(left, 0),
            figure=figure.id,
            hex=str(list(path[-1])),
        ),
        "HV-SCEN-7",
        figure=figure.id,
    )
    walk(state, figure, path, mode)
    if left > 0 and figure.id in state.figures and not state.result:
        turn.queue.insert(0, ability.model_copy(update={"value": left}))


# -- attacks (HV-ATK-1..3 through attack_draw.py) --------------------------------------
def start_attack(
    state: HavenState, figure: Figure, ability: AbilitySpec, value: int, *, consume: bool = True
) -> None:
    """Note the attack being made; an element offered for a bonus is consumed now, unless
    ``consume`` is False (the caller first makes sure the attack has a target)."""
    turn = state.turn
    if turn is None:
        return
    deck = MONSTER_DECK if figure.kind == "monster" else (figure.owner or figure.id)
    if figure.kind == "ally":
        deck = allies.modifier_deck(state)  # HV-DECK-1, HV-GOAL-3
    turn.attack = {
        "value": value,
        "range": ability.range,
        "pierce": ability.pierce,
        "conditions": list(ability.conditions),
        "push": ability.push,
        "pull": ability.pull,
        "deck": deck,
        "pending": [],
    }
    turn.targets_left = ability.targets
    turn.targeted = []
    if consume:
        consume_element(state, figure, ability)


def consume_element(state: HavenState, figure: Figure, ability: AbilitySpec) -> None:
    """The attack's element bonus: the element is consumed only for an attack that is made."""
    turn = state.turn
    if turn is None or not (ability.element and ability.consume_bonus):
        return
    group = None
    if figure.kind == "monster":
        group = state.groups.get(initiative.group_of(state, figure.type))
    if group is not None and ability.element in group.consumed:
        # GH p.24: every monster of the type gets the bonus of the element it consumed.
        turn.attack["value"] += ability.consume_bonus
        state.emit(
            "element",
            lazy(
                "{figure} gets +{bonus} attack from the {element} its group consumed this"
                " round (GH p.24)",
                figure=figure.id,
                bonus=ability.consume_bonus,
                element=term(ability.element or ""),
            ),
            "HV-ELEM-4",
        )
        return
    if elements.consume(state, ability.element):
        if group is not None:
            group.consumed.append(ability.element)
        turn.attack["value"] += ability.consume_bonus
        state.emit(
            "element",
            lazy(
                "{figure} consumes {element}: +{bonus} attack",
                figure=figure.id,
                element=term(ability.element or ""),
                bonus=ability.consume_bonus,
            ),
            "HV-ELEM-3",
        )


def offer_consumption(state: HavenState, figure: Figure, ability: AbilitySpec, then: str) -> None:
    """HV-ELEM-4: a character's consumption for a bonus is optional: with the element
    available its player decides (stage ``consume``) before the attack goes to ``then``."""
    turn = state.turn
    if turn is None:
        return
    element = ability.element
    offered = element is not None and ability.consume_bonus > 0
    if figure.kind == "character" and offered and elements.available(state, element or ""):
        turn.attack["element"] = element
        turn.attack["then"] = then
        turn.stage = "consume"
        return
    consume_element(state, figure, ability)
    turn.stage = then


def consumption_choice(state: HavenState, figure: Figure, turn: Turn, consume: bool) -> None:
    """HV-ELEM-4: the player's answer: consume for the bonus, or leave the element."""
    ability = turn.queue[0]
    if consume:
        consume_element(state, figure, ability)
    else:
        state.emit(
            "element",
            lazy(
                "{figure} leaves {element} unconsumed (its consumption is optional)",
                figure=figure.id,
                element=term(ability.element or ""),
            ),
            "HV-ELEM-4",
        )
    turn.attack.pop("element", None)
    turn.stage = turn.attack.pop("then", "attack")


def attack_targets(state: HavenState, figure: Figure) -> list[str]:
    """Enemies in range and line of sight not yet targeted by this attack (HV-LOS-1/2).

    HV-TGT-1: no figure is targeted twice by one ability; HV-TGT-2: an attack targets
    only enemies; HV-TGT-5: an attack without a range is melee (range 1, adjacent);
    HV-COND-INVISIBLE-1: an invisible enemy cannot be targeted. HV-GOAL-2: a character may
    attack any objective, even one the monsters are after.
    """
    turn = state.turn
    if turn is None or not turn.attack:
        return []
    out = []
    for other in state.figures.values():
        if other.id in turn.targeted:
            continue
        if other.team == figure.team and not (
            other.kind == "objective" and figure.kind == "character"
        ):
            continue
        if has(other, "invisible"):
            continue
        if map_state.in_reach(state, figure, other, turn.attack["range"]):
            out.append(other.id)
    return sorted(out)


def begin_draw(state: HavenState, figure: Figure, target_id: str) -> None:
    """Freeze the attack against one target and start its modifier draw (HV-ATK-1).

    HV-ITEM-5: a character target with a ready ``attacked`` item is asked first (the
    draw waits; :func:`items.open_defence`), and what it used counts for this attack only.
    HV-TGT-1: each target is a separate attack with its own draw. HV-COND-POISON-1: a
    poisoned target adds +1 in step 1; HV-COND-MUDDLE-1 / HV-COND-STRENGTHEN-1: the
    attacker's disadvantage / advantage (attacks.attack_mode).
    """
    turn = state.turn
    if turn is None:
        return
    target = state.figures[target_id]
    if items.open_defence(state, turn, target):
        return  # HV-ITEM-5: the target's player first decides on its attacked items
    item_shield, item_disadvantage = items.defence_against(turn, target_id)
    info: dict[str, Any] = turn.attack
    ranged = info["range"] > 0
    attack = Attack(
        info["value"],
        bonus=bonuses.attack_bonus(state, figure),
        pierce=info["pierce"],
        ranged=ranged,
        disadvantage=item_disadvantage,
        attacker_conditions=tuple(c for c in figure.conditions if c in ("muddle", "strengthen")),
    )
    defence = Target(
        shield=target.shield
        + state.base_shield(target)
        + bonuses.shield(state, target)
        + item_shield,
        conditions=tuple(c for c in target.conditions if _known(state, c)),
        adjacent=map_state.adjacent(state, figure, target),
    )
    check_can_target(defence.conditions)
    context = attack_context(attack, defence, state.rules)
    mode = attack_mode(attack, defence)
    turn.targeted.append(target_id)
    turn.draw_target = target_id
    turn.draw = AttackDraw.start(
        state.rules, info["deck"], context, mode, attacker_is_character=player_draws(figure)
    )
    # HV-BONUS-3: each target is a separate attack (HV-TGT-1); slots advance even for
    # no benefit, the attacker's "+X attack" bonuses and the target's shields alike.
    bonuses.triggered(state, figure.id, "attack")
    bonuses.triggered(state, target_id, "attacked")
    state.emit(
        "attack",
        lazy(
            "{attacker} attacks {target} (attack {value}, {mode})",
            attacker=figure.id,
            target=target_id,
            value=context.attack,
            mode=term(mode),
        )
        if mode != "none"
        else lazy(
            "{attacker} attacks {target} (attack {value})",
            attacker=figure.id,
            target=target_id,
            value=context.attack,
        ),
        "HV-ATK-1",
        # HV-ATK-2: muddle and strengthen are sources of disadvantage and advantage, which
        # do not stack and cancel one of each (with HV-ATK-3's, too).
        *(["HV-ATK-2"] if attack.attacker_conditions else []),
        *(["HV-ATK-3"] if ranged and defence.adjacent else []),
        attacker=figure.id,
        target=target_id,
    )


def player_draws(figure: Figure) -> bool:
    """HV-ADV-3 [FH]: whose player keeps a card under advantage.

    A character's player chooses for the character, and the summoner's player for a
    summon (FH FAQ: the summon draws from its summoner's deck, HV-SUM-2, and the
    summoner chooses its card); only a monster takes the better card automatically.
    """
    return figure.kind not in ("monster", "ally")  # an ally is controlled by no one


def _known(state: HavenState, name: str) -> bool:
    try:
        condition(name, state.rules)
    except ValueError:
        return False
    return True


def finish_draw(state: HavenState) -> None:
    """The draw is done: put the cards away and apply damage and effects to the target.

    HV-TGT-6: the added effects come after the damage, even at 0, never on a target the
    attack killed (exhaustion.hurt adds them only to a figure still standing).
    """
    turn = state.turn
    if turn is None or turn.draw is None:
        return
    deck = state.decks[turn.draw.deck]
    draw = turn.draw
    done: Done = draw.finish(deck, state.catalog)
    turn.draw = None
    # Effects after the attack (retaliate.py) wait until its damage is settled (HV-NEG-1).
    turn.attack["resolving"] = turn.draw_target
    target = state.figures.get(turn.draw_target)
    attacker = turn.actor
    if target is None:
        return
    outcome = done.outcome
    # HV-PUSH-3 [GH]: each card's push or pull is an effect of its own (note_card_forced).
    per_card = [
        [e.name, e.amount]
        for card in outcome.cards
        for e in state.catalog[card].effects
        if e.name in ("push", "pull")
    ]
    if per_card:
        turn.attack["card_forced_cards"] = per_card
    use_up_ward_and_brittle(state, target, draw, outcome)
    state.emit(
        "modifier",
        lazy(
            "modifier {cards}: {damage} damage to {target}",
            cards=modifier_text(draw, done),
            damage=outcome.damage,
            target=target.id,
        ),
        *done.rule_ids,
        cards=list(outcome.cards),
        drawn=list(draw.drawn),
        applied=list(done.applied),
        damage=outcome.damage,
    )
    effects = [e for e in outcome.effects if _applies(state, e)]
    actor_figure = state.figures.get(attacker)
    by_hand_effects(state, attacker, [e for e in outcome.effects if not _applies(state, e)])
    if effects and actor_figure is not None and card_effects.chooses(state, actor_figure):
        # HV-DECK-5: the damage first, then the player keeps or declines the card's effects.
        own = [c for c in turn.attack.get("conditions", []) if _known(state, c)]
        exhaustion.hurt(
            state,
            target,
            outcome.damage,
            attacker,
            ("HV-ATK-1",),
            tuple(own),
            factored=True,
            by=attacker,
        )
        if target.id not in state.figures:  # HV-PUSH-4: a killed target is not moved
            effects = [e for e in effects if e.name not in ("push", "pull")]
        if effects:
            card_effects.offer(state, turn, target.id, effects)
        return
    note_card_forced(turn, effects)
    added = [e.name for e in effects if e.name in _CONDITION_NAMES]
    # HV-TGT-2: a card's negative conditions go to the target, its positive ones to the
    # attacker (the acting figure); the ability's own conditions are written for its targets.
    conditions = [*turn.attack.get("conditions", []), *(c for c in added if not _positive(c))]
    conditions = [c for c in conditions if _known(state, c)]
    exhaustion.hurt(
        state,
        target,
        outcome.damage,
        attacker,
        ("HV-ATK-1",),
        tuple(conditions),
        factored=True,
        by=attacker,
    )
    if actor_figure is not None:
        card_effects_on_attacker(state, actor_figure, effects)
        add_card_targets(state, actor_figure, target.id, effects)


def _applies(state: HavenState, effect: Effect) -> bool:
    """A card effect the engine applies: a known condition, heal, shield, retaliate, "+N
    target", an infusion, or a push or pull (HV-PUSH-3, forced_movement.plan). Any other
    (an element of the player's choice) is a step the players resolve by hand."""
    if effect.name in _CONDITION_NAMES:
        return _known(state, effect.name)
    if effect.name.startswith("infuse "):
        return effect.name != "infuse any"
    applied = ("heal", "shield", "retaliate", "target", "push", "pull")
    return effect.name in applied or bool(effect.resource)


def by_hand_effects(state: HavenState, attacker: str, effects: list[Effect]) -> None:
    """HV-DECK-5: a drawn card's effect the engine does not run is never dropped: the
    players resolve it by hand before play goes on (the pending step of HV-SCEN-7)."""
    for effect in effects:
        if effect.name == "infuse any":
            text = lazy(
                "{figure}'s modifier card infuses an element of its player's choice",
                figure=attacker,
            )
        else:
            text = lazy(
                "{figure}'s modifier card adds {effect}",
                figure=attacker,
                effect=effect_text(effect),
            )
        state.by_hand.append(text)
        state.emit(
            "by-hand",
            lazy("resolve by hand: {text}", text=text),
            "HV-DECK-5",
            "HV-SCEN-7",
            figure=attacker,
        )


def add_card_targets(
    state: HavenState, figure: Figure, target_id: str, effects: list[Effect]
) -> None:
    """HV-TGT-1: a card's "+N target" adds N more targets to the attack, each within range
    and not yet targeted, with a modifier draw of its own; one added to an area attack
    lies outside the area (HV-TGT-4). A target added this way gets the attack's effects
    except more targets: a "+N target" drawn against it adds none.

    A character's player chooses the added targets (the ``attack`` stage takes them);
    a monster's, summon's or ally's added target is chosen by the players by hand, as
    the mover plans its targets before the attack (monster_turns.py).
    """
    turn = state.turn
    added = sum(e.amount for e in effects if e.name == "target")
    if turn is None or not added or not turn.attack:
        return
    if target_id in turn.attack.get("card_added_targets", []):
        state.emit(
            "card-target",
            lazy(
                "{target} is an added target: the card's +{n} target adds no further target",
                target=target_id,
                n=added,
            ),
            "HV-TGT-1",
            figure=figure.id,
        )
        return
    if figure.kind != "character":
        by_hand_effects(state, figure.id, [Effect("target", added)])
        return
    turn.targets_left += added
    turn.attack["card_targets"] = int(turn.attack.get("card_targets", 0)) + added
    state.emit(
        "card-target",
        lazy_plural(
            "{figure}'s modifier card adds {n} target to the attack",
            "{figure}'s modifier card adds {n} targets to the attack",
            added,
            figure=figure.id,
        ),
        "HV-TGT-1",
        "HV-TGT-4",
        figure=figure.id,
        targets=added,
    )


def note_card_forced(turn: Turn | None, effects: list[Effect]) -> None:
    """HV-PUSH-3: the cards' push and pull wait for the target's forced movement, which
    comes after the damage and the card's other effects (HV-PUSH-4, HV-TGT-6).

    The kept effects are combined over the cards drawn (attacks.AttackOutcome); each
    card's own push or pull is noted too (``card_forced_cards``), so [GH] each is a
    separate effect (forced_movement.plan; [FH] they combine again).
    """
    if turn is None:
        return
    per_card = turn.attack.pop("card_forced_cards", None) or []
    forced: list[list[Any]] = []
    for e in effects:
        if e.name not in ("push", "pull"):
            continue
        split = [[kind, int(amount)] for kind, amount in per_card if kind == e.name]
        total = sum(amount for _kind, amount in split)
        forced += split if total == e.amount else [[e.name, e.amount]]
    if forced:
        turn.attack["card_forced"] = forced


def apply_card_effects(
    state: HavenState, attacker: str, target_id: str, kept: list[Effect]
) -> None:
    """HV-DECK-5: the effects the player kept: negative conditions on the target (if it still
    stands, HV-TGT-6), the rest on the attacker (HV-TGT-2)."""
    note_card_forced(state.turn, kept)
    target = state.figures.get(target_id)
    negative = [e.name for e in kept if e.name in _CONDITION_NAMES and not _positive(e.name)]
    if target is not None and negative:
        add_conditions(state, target, negative)
    actor_figure = state.figures.get(attacker)
    if actor_figure is not None:
        card_effects_on_attacker(state, actor_figure, kept)
        add_card_targets(state, actor_figure, target_id, kept)


def _positive(name: str) -> bool:
    return CONDITIONS[name].positive


def card_effects_on_attacker(state: HavenState, figure: Figure, effects: list[Effect]) -> None:
    """The modifier cards' effects for the acting figure, after the damage (HV-TGT-6).

    Positive conditions (HV-TGT-2), "heal X" (a heal, HV-HEAL-2: several heal effects
    drawn for one attack are one heal), "shield X" and "retaliate X" (against adjacent
    attackers, HV-RET-1, both to the end of the round, HV-SHIELD-2) and infusions (at the
    end of the turn, HV-ELEM-1).
    """
    positive = [
        e.name
        for e in effects
        if e.name in _CONDITION_NAMES and _positive(e.name) and _known(state, e.name)
    ]
    if positive:
        add_conditions(state, figure, positive)
    for effect in effects:
        if effect.resource:
            class_resources.gain(state, figure, effect)  # HV-DECK-5: to the summoner
        elif effect.name == "heal":
            heal(state, figure, effect.amount, lazy("its modifier card"), "HV-HEAL-2")
        elif effect.name == "shield":
            figure.shield += effect.amount
            state.emit(
                "shield",
                lazy(
                    "{figure} gains shield {amount} this round from its modifier card",
                    figure=figure.id,
                    amount=effect.amount,
                ),
                "HV-SHIELD-2",
                figure=figure.id,
            )
        elif effect.name == "retaliate":
            retaliate.add_bonus(state, figure, effect.amount, 0)
        elif effect.name.startswith("infuse ") and state.turn is not None:
            element = effect.name.removeprefix("infuse ")
            if element != "any":
                state.turn.infusions.append(element)
                state.emit(
                    "element",
                    lazy(
                        "{figure} infuses {element} from its modifier card (at the end of its"
                        " turn)",
                        figure=figure.id,
                        element=term(element),
                    ),
                    "HV-ELEM-1",
                )


def use_up_ward_and_brittle(
    state: HavenState, target: Figure, draw: AttackDraw, outcome: AttackOutcome
) -> None:
    """HV-ATK-1 [FH p.28–29]: ward and brittle are removed once they have changed damage.

    Ward halved it, brittle doubled it; a target holding both has them cancel, and both
    are removed (FH p.28). Neither is used up when shield (or a null) already left no
    damage to change (FH FAQ §5.2): ``outcome.factors_used`` says whether they applied.
    """
    if not state.rules.ward_and_brittle:
        return
    held = [name for name in ("ward", "brittle") if name in target.conditions]
    if not held:
        return
    # Both held: the context carries no factor (they cancel), so the damage is unchanged
    # and shows whether there was damage for them to meet.
    cancelled = not draw.context.damage_factors
    if not (outcome.factors_used or (cancelled and outcome.damage > 0)):
        return
    exhaustion.use_up(state, target, held)


def modifier_text(draw: AttackDraw, done: Done) -> Msg | list[str]:
    """The cards applied and, when the draw set some aside, every card drawn.

    Under advantage or disadvantage (HV-ADV-1..4) a drawn card may not be used;
    the log lists all of them in draw order and says which were used, so the
    ruling can be followed: "+1 (drawn -1, +1; used +1)".
    """
    used = [draw.drawn[i] for i in done.applied]
    if len(done.applied) == len(draw.drawn):
        return used if used else lazy("no card")
    return lazy(
        "{used} (drawn {drawn} with {mode}; {used} used)",
        used=used if used else lazy("no card"),
        drawn=list(draw.drawn),
        mode=term(draw.mode),
    )


_CONDITION_NAMES = frozenset(CONDITIONS)
"""Added effects of a modifier card that are conditions (bless and curse included)."""


def add_conditions(state: HavenState, target: Figure, conditions: list[str]) -> None:
    exhaustion.add_conditions(state, target, conditions)


# -- heal, shield, summon, self effects ---------------------------------------------------
def heal_targets(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[str]:
    """HV-HEAL-1, HV-TGT-2: the acting figure or an ally in range and sight, never an enemy."""
    out = []
    for other in state.figures.values():
        if other.team != figure.team or other.kind == "objective":
            continue  # HV-GOAL-2: an objective is no one's ally to heal
        if other.id == figure.id or map_state.in_reach(state, figure, other, ability.range):
            out.append(other.id)
    return sorted(out)


def self_effect(state: HavenState, figure: Figure, ability: AbilitySpec) -> bool:
    """Abilities that need no choice; True if ``ability`` was one of them."""
    turn = state.turn
    if ability.type == "shield":
        figure.shield += ability.value
        state.emit(
            "shield",
            lazy("{figure} gains shield {value} this round", figure=figure.id, value=ability.value),
        )
        return True
    if ability.type == "condition":
        add_conditions(state, figure, list(ability.conditions))
        return True
    if ability.type == "infuse":
        if turn is not None and ability.element:
            turn.infusions.append(ability.element)
            state.emit(
                "element",
                lazy(
                    "{figure} infuses {element} (at the end of its turn)",
                    figure=figure.id,
                    element=term(ability.element),
                ),
                "HV-ELEM-1",
            )
        return True
    if ability.type == "retaliate":
        retaliate.add_bonus(state, figure, ability.value, ability.range)
        return True
    if ability.type == "loot":
        loot.perform_loot(state, figure, ability.value)
        return True
    if ability.type == "by_hand":
        # Imported content the engine does not run: the players resolve it before play
        # goes on (the same pending step as a special rule's text, HV-SCEN-7).
        state.by_hand.append(f"{figure.id}: {ability.text}")
        state.emit(
            "by-hand",
            lazy("{figure} — resolve by hand: {text}", figure=figure.id, text=ability.text),
            "HV-SCEN-7",
        )
        return True
    return False


# -- a character's step (called when the turn's stage is an ability) ----------------------
def hero_step_actions(state: HavenState, figure: Figure, turn: Turn) -> list[Action]:
    ability = turn.queue[0]
    if turn.stage == "consume":
        element = turn.attack["element"]
        return [ConsumeElement(element, True), ConsumeElement(element, False)]
    if turn.stage == "move":
        return [*move_destinations(state, figure, ability), Skip()]
    if turn.stage == "attack":
        return [*(ChooseTarget(t) for t in attack_targets(state, figure)), Skip()]
    if turn.stage == "area":
        found = area_attacks.placements(state, figure, ability)
        return [*(PlaceArea(p) for p in found), Skip()]
    if turn.stage == "area_target":
        pending: list[Action] = [ChooseTarget(t) for t in turn.attack.get("pending", [])]
        # HV-TGT-4 [FH]: the attacker may leave the rest of the area's enemies out.
        return [*pending, Skip()] if state.rules.area_targets_optional else pending
    if turn.stage == "heal":
        return [*(ChooseTarget(t) for t in heal_targets(state, figure, ability)), Skip()]
    if turn.stage == "summon":
        return [PlaceSummon(h) for h in summons.free_adjacent_hexes(state, figure)]
    if turn.stage == "recover":
        return [*(RecoverCard(c) for c in recoverable(state, turn, ability)), Skip()]
    if turn.stage == "refresh":
        hero = state.heroes[turn.actor]
        ready = items.refreshable_by_ability(state, hero, ability.refresh)
        return [*(RefreshItem(i) for i in ready), Skip()]
    return []


def recoverable(state: HavenState, turn: Turn, ability: AbilitySpec) -> list[str]:
    """HV-CHAR-6: cards of the ability's pile a recover may return: never one with the
    unrecoverable icon, nor a card played this turn."""
    hero = state.heroes[turn.actor]
    pile = hero.lost if ability.pile == "lost" else hero.discard
    played = {c for c, _, _ in turn.halves}
    unrecoverable = {c.id for c in state.spec.classes[hero.id].cards if c.unrecoverable}
    return sorted({c for c in pile if c not in played and c not in unrecoverable})


def check_hero_step(state: HavenState, figure: Figure, turn: Turn, action: Action) -> None:
    ability = turn.queue[0]
    if isinstance(action, Skip) and turn.stage in (
        "move",
        "attack",
        "heal",
        "area",
        "recover",
        "refresh",
    ):
        return
    if turn.stage == "refresh" and isinstance(action, RefreshItem):
        hero = state.heroes[turn.actor]
        if action.item not in items.refreshable_by_ability(state, hero, ability.refresh):
            raise RuleViolation(
                "HV-CHAR-6",
                lazy(
                    "{item} cannot be refreshed: this ability refreshes {which} items, and an"
                    " unrecoverable one never comes back",
                    item=action.item,
                    which=term(ability.refresh),
                ),
            )
        return
    if turn.stage == "consume" and isinstance(action, ConsumeElement):
        if action.element != turn.attack.get("element"):
            raise RuleViolation(
                "HV-ELEM-3",
                lazy(
                    "this ability offers {offered}, not {element}",
                    offered=term(str(turn.attack.get("element"))),
                    element=term(action.element),
                ),
            )
        return
    if turn.stage == "recover" and isinstance(action, RecoverCard):
        if action.card not in recoverable(state, turn, ability):
            raise RuleViolation(
                "HV-CHAR-6",
                lazy(
                    "{card} cannot be recovered: not in the {pile}, played this turn, or"
                    " unrecoverable",
                    card=action.card,
                    pile=pile_name(ability.pile),
                ),
            )
        return
    if turn.stage == "area" and isinstance(action, PlaceArea):
        area_attacks.check_placement(state, figure, ability, action.hexes)
        return
    if turn.stage == "area_target":
        raise RuleViolation(
            "HV-TGT-4",
            "every enemy in the area is attacked: choose which of "
            + ", ".join(turn.attack.get("pending", []))
            + " is next",
        )
    if turn.stage == "move" and isinstance(action, MoveTo):
        check_move(state, figure, ability, action.hex, action.via)
        return
    if turn.stage == "attack" and isinstance(action, ChooseTarget):
        if action.figure not in attack_targets(state, figure):
            other = state.figures.get(action.figure)
            if other is not None and other.team == figure.team:
                raise RuleViolation(
                    "HV-ATK-1", lazy("{figure} is not an enemy", figure=action.figure)
                )
            raise RuleViolation(
                "HV-LOS-1",
                lazy(
                    "{figure} is not in range and line of sight of this attack",
                    figure=action.figure,
                ),
            )
        return
    if turn.stage == "heal" and isinstance(action, ChooseTarget):
        if action.figure not in heal_targets(state, figure, ability):
            raise RuleViolation(
                "HV-LOS-2", lazy("{figure} is not an ally in range", figure=action.figure)
            )
        return
    if turn.stage == "summon" and isinstance(action, PlaceSummon):
        if action.hex not in summons.free_adjacent_hexes(state, figure):
            raise RuleViolation(
                "HV-SUM-1", lazy("a summon is placed in an empty hex next to its summoner")
            )
        return
    raise RuleViolation(
        "HV-CARD-3",
        lazy(
            "{action} is not part of the {stage} step",
            action=action.label(),
            stage=term(turn.stage),
        ),
    )


def apply_hero_step(state: HavenState, figure: Figure, turn: Turn, action: Action) -> None:
    ability = turn.queue[0]
    if isinstance(action, ConsumeElement):
        consumption_choice(state, figure, turn, action.consume)
        return
    if not isinstance(action, Skip):
        performed(state, figure, turn)
    if isinstance(action, Skip):
        state.emit(
            "skip",
            lazy(
                "{figure} leaves the rest of its {ability} unused",
                figure=figure.id,
                ability=term(ability.type),
            ),
        )
        done_with_ability(turn)
    elif isinstance(action, MoveTo):
        if action.via:
            path = next(
                p
                for to, via, p in _path_options(
                    ability, *map_state.movement(state, figure, move_mode(ability))
                )
                if (to, via) == (action.hex, action.via)
            )
        else:
            _, move = map_state.movement(state, figure, move_mode(ability))
            hexboard = map_state.board(state, with_closed_doors=True)
            path = [hexboard.hexes[i] for i in move.path(hexboard.index[action.hex])]
        done_with_ability(turn)
        mode = move_mode(ability)
        stop = special_rules.section_stop(state, figure, path, mode)
        if stop is None:
            walk(state, figure, path, mode)
        else:
            pause_for_section(state, figure, turn, ability, path[: stop + 1])
    elif isinstance(action, ChooseTarget) and turn.stage == "attack":
        # HV-TGT-1: targets added by a card are taken last (note_added_target).
        note_added_target(turn, action.figure)
        turn.targets_left -= 1
        begin_draw(state, figure, action.figure)
    elif isinstance(action, PlaceArea):
        targets = area_attacks.area_targets(state, figure, action.hexes)
        state.emit(
            "area",
            lazy(
                "{figure} places the area on {hexes}: it attacks {targets}",
                figure=figure.id,
                hexes=", ".join(str(list(h)) for h in action.hexes),
                targets=", ".join(targets),
            ),
            "HV-ATK-1",
            "HV-LOS-1",
            hexes=[list(h) for h in action.hexes],
        )
        turn.attack["pending"] = targets
        # "+X target" on an area attack adds targets outside the area (FH p.22).
        turn.targets_left = ability.targets - 1
        next_area_target(state, figure, turn)
    elif isinstance(action, ChooseTarget) and turn.stage == "area_target":
        turn.attack["pending"].remove(action.figure)
        begin_draw(state, figure, action.figure)
    elif isinstance(action, ChooseTarget):
        heal(state, state.figures[action.figure], ability.value, figure.id)
        done_with_ability(turn)
    elif isinstance(action, RecoverCard):
        hero = state.heroes[figure.id]
        (hero.lost if ability.pile == "lost" else hero.discard).remove(action.card)
        hero.hand.append(action.card)
        turn.targets_left -= 1
        state.emit(
            "recover",
            lazy(
                "{figure} recovers {card} from its {pile} to hand",
                figure=figure.id,
                card=action.card,
                pile=pile_name(ability.pile),
            ),
            "HV-CHAR-6",
            card=action.card,
        )
        if turn.targets_left <= 0 or not recoverable(state, turn, ability):
            done_with_ability(turn)
    elif isinstance(action, RefreshItem):
        hero = state.heroes[figure.id]
        items.refresh_one(state, hero, action.item, ability.refresh)
        turn.targets_left -= 1
        if turn.targets_left <= 0 or not items.refreshable_by_ability(state, hero, ability.refresh):
            done_with_ability(turn)
    elif isinstance(action, PlaceSummon):
        summon = summons.place(state, figure, ability.summon or "", action.hex)
        if turn.halves:
            bonuses.link_summon(state, figure.id, turn.halves[-1][0], summon.id)
        done_with_ability(turn)


def note_added_target(turn: Turn, target_id: str) -> None:
    """HV-TGT-1: once only the targets a card added are left, each one chosen is an added
    target (a "+N target" drawn against it adds no more, add_card_targets)."""
    card_targets = int(turn.attack.get("card_targets", 0))
    if card_targets and turn.targets_left <= card_targets:
        turn.attack["card_targets"] = card_targets - 1
        turn.attack.setdefault("card_added_targets", []).append(target_id)


def performed(state: HavenState, figure: Figure, turn: Turn) -> None:
    """An ability of the half is being performed: its experience (HV-CHAR-3) is gained once,
    and its lost icon now applies (HV-CHAR-5)."""
    turn.unperformed = ""
    if turn.experience:
        amount, turn.experience = turn.experience, 0
        bonuses.gain_experience(state, figure.id, amount, lazy("its action"), "HV-CHAR-3")


def settle_half(state: HavenState, turn: Turn) -> None:
    """HV-CHAR-5: a half whose abilities were all skipped is discarded, even with a lost
    icon (the icon applies once any part of the action is performed)."""
    card, turn.unperformed = turn.unperformed, ""
    turn.experience = 0
    hero = state.heroes.get(turn.actor)
    if not card or hero is None or card not in hero.lost:
        return
    hero.lost.remove(card)
    hero.discard.append(card)
    state.emit(
        "play",
        lazy(
            "{hero} performed none of the half: {card} is discarded, not lost",
            hero=hero.id,
            card=card,
        ),
        "HV-CHAR-5",
        card=card,
    )


def done_with_ability(turn: Turn) -> None:
    if turn.queue:
        turn.queue.pop(0)
    if not turn.queue:
        turn.item_source = ""
    turn.stage = "ability"
    turn.attack = {}
    turn.targets_left = 0
    turn.targeted = []


def enter_hero_ability(state: HavenState, figure: Figure, turn: Turn) -> bool:
    """Set up the next queued ability; True if it resolved by itself (no choice needed)."""
    ability = turn.queue[0]
    if has(figure, "stun"):
        done_with_ability(turn)
        return True
    if self_effect(state, figure, ability):
        performed(state, figure, turn)
        done_with_ability(turn)
        return True
    if ability.type == "move":
        if not move_destinations(state, figure, ability):
            if has(figure, "immobilize"):
                state.emit(
                    "immobilize",
                    lazy("{figure} is immobilized: it cannot move", figure=figure.id),
                    "HV-COND-IMMOBILIZE-1",
                    figure=figure.id,
                )
            done_with_ability(turn)
            return True
        turn.stage = "move"
        return False
    if ability.type == "attack":
        if has(figure, "disarm"):
            state.emit(
                "disarm",
                lazy("{figure} is disarmed: it cannot attack", figure=figure.id),
                "HV-COND-DISARM-1",
                figure=figure.id,
            )
            done_with_ability(turn)
            return True
        start_attack(state, figure, ability, ability.value, consume=False)
        if ability.aoe:
            if not area_attacks.placements(state, figure, ability):
                state.emit(
                    "attack",
                    lazy("{figure} has no enemy to catch in the area", figure=figure.id),
                    "HV-LOS-1",
                )
                done_with_ability(turn)
                return True
            offer_consumption(state, figure, ability, "area")
            return False
        if not attack_targets(state, figure):
            state.emit(
                "attack",
                lazy("{figure} has no enemy in range and line of sight", figure=figure.id),
                "HV-LOS-1",
            )
            done_with_ability(turn)
            return True
        offer_consumption(state, figure, ability, "attack")
        return False
    if ability.type == "heal":
        if ability.range == 0:
            performed(state, figure, turn)
            heal(state, figure, ability.value, figure.id)
            done_with_ability(turn)
            return True
        turn.stage = "heal"
        return False
    if ability.type == "recover":
        if figure.kind != "character" or not recoverable(state, turn, ability):
            state.emit(
                "recover", lazy("{figure} has no card to recover", figure=figure.id), "HV-CHAR-6"
            )
            done_with_ability(turn)
            return True
        turn.targets_left = ability.value
        turn.stage = "recover"
        return False
    if ability.type == "refresh":
        hero = state.heroes.get(figure.id)
        if hero is None or not items.refreshable_by_ability(state, hero, ability.refresh):
            state.emit(
                "item",
                lazy("{figure} has no item to refresh", figure=figure.id),
                "HV-CHAR-6",
            )
            done_with_ability(turn)
            return True
        turn.targets_left = ability.value
        turn.stage = "refresh"
        return False
    if ability.type == "summon":
        if not summons.free_adjacent_hexes(state, figure):
            state.emit(
                "summon",
                lazy("{figure} has no free adjacent hex: the summon fails", figure=figure.id),
                "HV-SUM-1",
            )
            if turn.halves:
                # HV-SUM-4: no summon to keep: the card leaves the active area at once.
                bonus = f"{figure.id}/{turn.halves[-1][0]}"
                found = bonuses.find(state, bonus)
                if found is not None and not (
                    found.summon or found.shield or found.retaliate or found.attack
                ):
                    bonuses.end(state, bonus, lazy("the summon failed"), "HV-SUM-4")
            done_with_ability(turn)
            return True
        turn.stage = "summon"
        return False
    raise NotImplementedError(f"the {ability.type} ability is not supported yet")


def next_area_target(state: HavenState, figure: Figure, turn: Turn) -> None:
    """The area's next target: the player orders them while more than one is left."""
    pending: list[str] = turn.attack.get("pending", [])
    pending[:] = [t for t in pending if t in state.figures]
    if len(pending) > 1 or (pending and state.rules.area_targets_optional):
        turn.stage = "area_target"
    elif pending:
        turn.stage = "area_target"
        begin_draw(state, figure, pending.pop())
    elif turn.targets_left > 0 and attack_targets(state, figure):
        turn.stage = "attack"
    else:
        done_with_ability(turn)


def after_attack_target(state: HavenState, figure: Figure | None, turn: Turn) -> None:
    """After one target's draw: go on to the next target, or finish the attack."""
    if figure is None:
        return
    if turn.stage == "area_target":
        next_area_target(state, figure, turn)
        return
    if turn.targets_left <= 0 or not attack_targets(state, figure):
        done_with_ability(turn)
