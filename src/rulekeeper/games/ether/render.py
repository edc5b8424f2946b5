"""What the play loop shows: the grown map, the heroes, the payment being gathered.

Interfaces never decide a rule: these functions only read the state. The
surplus a payment would lose (ET-PAY-3) is shown on every spend choice and in
the payment panel before the player confirms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulekeeper.boards.mapcards import Space
from rulekeeper.boards.textgrid import wrap
from rulekeeper.core.actions import Action
from rulekeeper.games.ether import combat, flow, payment, terms
from rulekeeper.games.ether.actions import (
    ACTION_KIND,
    AddSource,
    AssignDamage,
    DrawEnemy,
    DrawInfluence,
    DrawItem,
    DrawMap,
    EndActivation,
    EndMovement,
    Intent,
    Pay,
    PlaceMap,
    Source,
    Spend,
    Step,
    intent_message,
)
from rulekeeper.games.ether.content import ExploreArrow
from rulekeeper.games.ether.pieces import BOSS_UID, Hero
from rulekeeper.games.ether.resources import NOTHING, Resources, cost_message
from rulekeeper.games.ether.terms import (
    COLOUR_NAMES,
    KIND_NAMES,
    MODE_NAMES,
    TIMING_NAMES,
    WHERE_NAMES,
)
from rulekeeper.i18n import Msg, _, _n, lazy

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState

CELL = 6
ARROWS = {"north": "^", "east": ">", "south": "v", "west": "<"}


def pending_decision(state: EtherState) -> str:
    if state.phase == "over":
        line = flow.outcome_line(state)
        return str(state.outcome()) if line is None else str(line)
    if state.is_chance_node():
        return _("waiting on a draw")
    if state.pending_rotation is not None:
        card = state.content.map_cards[state.pending_rotation[0]].name
        return _(
            "{hero} explored: choose how to turn {card} (ET-EXP-1)",
            hero=state.hero.name,
            card=card,
        )
    enemy = state.enemy_to_strike if state.phase == "enemy" else None
    if enemy is not None:
        return _(
            "enemy phase: {enemy} ({uid}) strikes - which hero on its card takes the damage?",
            enemy=state.enemy_name(enemy),
            uid=enemy.uid,
        )
    if state.draft:
        return _(
            "gathered {gathered} - add another source or choose the action to "
            "pay for (the surplus is shown on each choice and is lost)",
            gathered=_gathered(state).message(),
        )
    if state.moving:
        return _n(
            "{hero}: {n} paid step left - step, stop, or pay for an action",
            "{hero}: {n} paid steps left - step, stop, or pay for an action",
            state.moving,
            hero=state.hero.name,
        )
    return _(
        "{hero}'s activation: any hero may gather sources to pay for an "
        "action (ET-TIME-1), or end the activation",
        hero=state.active_hero.name,
    )


def _gathered(state: EtherState) -> Resources:
    total = NOTHING
    for source in state.draft:
        total = total + payment.source_yield(state, state.hero, source)
    return total


def _source_text(state: EtherState, source: Source) -> str:
    hero = state.hero
    yielded = payment.source_yield(state, hero, source).message()
    if source.kind == "die":
        return _(
            "{hero}: exhaust a ready {colour} die (+{yields})",
            hero=hero.name,
            colour=terms.colour(source.ref),
            yields=yielded,
        )
    card = state.content.card_name(source.ref)
    if source.kind == "hand":
        return _(
            "{hero}: discard {card} from hand (+{yields})",
            hero=hero.name,
            card=card,
            yields=yielded,
        )
    return _(
        "{hero}: discard {card} from inventory (+{yields})",
        hero=hero.name,
        card=card,
        yields=yielded,
    )


def _cost_text(state: EtherState, intent: Intent, alternative: int, paid: Resources) -> str:
    costs = payment.intent_costs(state, intent)
    cost = costs[alternative]
    lost = paid.surplus(cost).message()
    if len(costs) > 1:
        return _(
            "cost {cost} (choice of {choices}); surplus lost: {lost}",
            cost=cost.cost_message(),
            choices=cost_message(costs),
            lost=lost,
        )
    return _("cost {cost}; surplus lost: {lost}", cost=cost.cost_message(), lost=lost)


def describe_action(state: EtherState, action: Action) -> str:
    """How a menu shows ``action``, in the current language (``label()`` stays the machine form)."""
    if isinstance(action, AddSource | Spend | Pay):
        index = state.hero_index(action.hero)
        if index is None:
            return action.label()
        with state.acting(index):
            return _describe_payment(state, action)
    return _describe_other(state, action)


def _describe_payment(state: EtherState, action: AddSource | Spend | Pay) -> str:
    if isinstance(action, AddSource):
        return _source_text(state, action.source)
    if isinstance(action, Spend):
        kind = ACTION_KIND[action.action.kind]
        return _(
            "{hero}: [{kind}] {action} - {cost}",
            hero=state.hero.name,
            kind=lazy(KIND_NAMES[kind]),
            action=_intent_text(state, action.action),
            cost=_cost_text(state, action.action, action.alternative, _gathered(state)),
        )
    paid = NOTHING
    for source in action.sources:
        paid = paid + payment.source_yield(state, state.hero, source)
    return _(
        "{hero} pays {paid} for {actions}",
        hero=state.hero.name,
        paid=paid.message(),
        actions=[_intent_text(state, i) for i in action.actions],
    )


def _describe_other(state: EtherState, action: Action) -> str:
    if isinstance(action, Step):
        way = terms.direction(action.direction)
        if state.hero.space is None:
            return _("step {direction}", direction=way)
        target = state.board.neighbours(state.hero.space).get(action.direction)
        if target and state.features(target).enemy_icon:
            return _("step {direction} to {space} (enemy icon!)", direction=way, space=str(target))
        return _("step {direction} to {space}", direction=way, space=str(target))
    if isinstance(action, PlaceMap) and state.pending_rotation is not None:
        card = state.content.map_cards[state.pending_rotation[0]].name
        return _(
            "place {card} turned {degrees} degrees clockwise", card=card, degrees=action.rotation
        )
    if isinstance(action, PlaceMap):
        return _("place the map card turned {degrees} degrees", degrees=action.rotation)
    if isinstance(action, EndMovement):
        return _n(
            "stop moving ({n} paid step lost)",
            "stop moving ({n} paid steps lost)",
            state.moving or 0,
        )
    if isinstance(action, EndActivation):
        return _end_activation_text(state)
    if isinstance(action, AssignDamage):
        hero = state.hero_by_id(action.hero)
        enemy = state.enemies.get(action.enemy)
        if hero is None or enemy is None:
            return action.label()
        damage = combat.enemy_damage_to(state, enemy, hero)
        return _(
            "{hero} takes {damage} damage from {enemy} ({uid}), {health} health left before it",
            hero=hero.name,
            damage=damage,
            enemy=state.enemy_name(enemy),
            uid=enemy.uid,
            health=hero.health,
        )
    if isinstance(action, DrawEnemy):
        return _("enemy deck reveals {enemy}", enemy=state.content.enemies[action.card].name)
    if isinstance(action, DrawMap):
        return _("map deck reveals {card}", card=state.content.map_cards[action.card].name)
    if isinstance(action, DrawItem | DrawInfluence):
        return _("draw {card}", card=state.content.card_name(action.card))
    return action.label()


def _end_activation_text(state: EtherState) -> str:
    if state.draft and state.moving:
        return _n(
            "end the activation (the gathered sources go back unspent; {n} paid step lost)",
            "end the activation (the gathered sources go back unspent; {n} paid steps lost)",
            state.moving,
        )
    if state.draft:
        return _("end the activation (the gathered sources go back unspent)")
    if state.moving:
        return _n(
            "end the activation ({n} paid step lost)",
            "end the activation ({n} paid steps lost)",
            state.moving,
        )
    return _("end the activation")


def _intent_text(state: EtherState, intent: Intent) -> Msg:
    if intent.kind == "influence":
        card = state.content.influence[intent.card]
        fields = {"card": card.name, "mode": lazy(MODE_NAMES[card.mode])}
        if intent.target:
            return lazy(
                "play {card} ({mode}: {effect}) at {target}",
                effect=card.effect.message(),
                target=intent.target,
                **fields,
            )
        return lazy("play {card} ({mode}: {effect})", effect=card.effect.message(), **fields)
    if intent.kind == "unique":
        action = state.content.uniques[intent.action]
        effect = action.effect_message()
        if intent.target and intent.to:
            return lazy(
                "resolve {action} ({effect}) at {target} to {to}",
                action=action.name,
                effect=effect,
                target=intent.target,
                to=str(intent.to),
            )
        if intent.target:
            return lazy(
                "resolve {action} ({effect}) at {target}",
                action=action.name,
                effect=effect,
                target=intent.target,
            )
        return lazy("resolve {action} ({effect})", action=action.name, effect=effect)
    if intent.kind == "attack":
        enemy = state.enemies[intent.enemy]
        return lazy(
            "attack {enemy} ({uid}) for {wrath} damage",
            enemy=state.enemy_name(enemy),
            uid=intent.enemy,
            wrath=intent.wrath,
        )
    return intent_message(intent)


# -- the board -------------------------------------------------------------
def _cell(state: EtherState, space: Space) -> str:
    marks = "".join(h.name[0] for h in state.heroes if h.space == space)
    here = [e for e in state.enemies.values() if e.space == space]
    if any(e.uid == BOSS_UID for e in here):
        marks += "B"
    others = sum(1 for e in here if e.uid != BOSS_UID)
    if others:
        marks += f"{others}e"
    features = state.features(space)
    if features.enemy_icon:
        marks += "!"
    marks += "".join(ARROWS[a.direction] for a in features.explores)
    if features.uniques:
        marks += "*"
    return marks[:CELL].center(CELL)


def map_lines(state: EtherState) -> list[str]:
    """The grown map as text: ``|`` and ``-`` walls, ``:`` and ``.`` open card edges."""
    board = state.board
    min_x, min_y, max_x, max_y = board.bounds()
    lines = []
    for y in range(min_y, max_y + 2):
        border = ""
        for x in range(min_x, max_x + 1):
            above, below = Space(x, y - 1), Space(x, y)
            border += _corner(state, x, y) + _edge(state, above, below, "-" * CELL, "." * CELL)
        lines.append((border + _corner(state, max_x + 1, y)).rstrip())
        if y > max_y:
            break
        row = ""
        for x in range(min_x, max_x + 2):
            left, right = Space(x - 1, y), Space(x, y)
            row += _edge(state, left, right, "|", ":")
            if x <= max_x:
                row += _cell(state, right) if board.has_space(right) else " " * CELL
        lines.append(row.rstrip())
    return lines


def _corner(state: EtherState, x: int, y: int) -> str:
    """``+`` where the corner touches a placed space (top-left corner of space x,y)."""
    around = (Space(x - 1, y - 1), Space(x, y - 1), Space(x - 1, y), Space(x, y))
    return "+" if any(state.board.has_space(s) for s in around) else " "


def _edge(state: EtherState, a: Space, b: Space, wall: str, card_edge: str) -> str:
    board = state.board
    has_a, has_b = board.has_space(a), board.has_space(b)
    if not has_a and not has_b:
        return " " * len(wall)
    if not (has_a and has_b) or board.wall_between(a, b):
        return wall
    if board.card_of(a) != board.card_of(b):
        return card_edge
    return " " * len(wall)


def render(state: EtherState) -> Any:
    header = Text(
        _(
            "{title} - round {round}, ether {ether}/{end}, phase: {phase}",
            title=state.content.title,
            round=state.round,
            ether=state.ether,
            end=state.content.ether_end,
            phase=terms.phase(state.phase),
        ),
        style="bold",
    )
    board = Text("\n".join(map_lines(state)))
    legend = Text(
        _("letters: heroes  B: boss  Ne: enemies  !: enemy icon  ^>v<: explore  *: unique action"),
        style="dim",
    )
    parts: list[Any] = [
        header,
        Panel.fit(board, title=_("map")),
        legend,
        _places(state),
        _heroes(state),
        _cards(state),
    ]
    if state.phase == "activation" and (state.draft or state.moving is not None):
        parts.append(_payment_panel(state))
    return Group(*parts)


def _explore_note(space: Space, arrow: ExploreArrow) -> str:
    return _(
        "{space}: explore {direction} ({cost} awareness)",
        space=str(space),
        direction=terms.direction(arrow.direction),
        cost=arrow.awareness,
    )


def _places(state: EtherState) -> Table:
    table = Table(title=_("map cards and enemies"), show_header=True)
    table.add_column(_("card"))
    table.add_column(_("actions and enemies"))
    for pos, card_id in sorted(state.placed.items()):
        card = state.content.map_cards[card_id]
        orientation = state.orientation_at(pos)
        notes = []
        for local, features in sorted(orientation.features.items()):
            space = state.board.space_at(pos, local)
            for arrow in features.explores:
                notes.append(_explore_note(space, arrow))
            for action in features.uniques:
                fields = {
                    "space": str(space),
                    "action": action.name,
                    "cost": cost_message(action.costs),
                    "effect": action.effect_message(),
                }
                if action.id in state.used_uniques:
                    notes.append(
                        _("{space}: {action} [{cost}] - {effect} [used this round]", **fields)
                    )
                else:
                    notes.append(_("{space}: {action} [{cost}] - {effect}", **fields))
        for enemy in state.enemies_in_area(state.board.spaces_of(pos)[0]):
            notes.append(
                _(
                    "{space}: {enemy} ({uid}), {health} health",
                    space=str(enemy.space),
                    enemy=state.enemy_name(enemy),
                    uid=enemy.uid,
                    health=state.enemy_health(enemy),
                )
            )
        if orientation.degrees:
            name = _(
                "{card} {pos}, turned {degrees}",
                card=card.name,
                pos=str(pos),
                degrees=orientation.degrees,
            )
        else:
            name = f"{card.name} {pos}"
        table.add_row(name, "\n".join(notes))
    return table


def _heroes(state: EtherState) -> Table:
    table = Table(title=_("heroes"))
    for column in (_("hero"), _("health"), _("space"), _("dice ((x) exhausted)")):
        table.add_column(column)
    for index, hero in enumerate(state.heroes):
        marker = "> " if state.phase == "activation" and index == state.active else ""
        if index == state.actor and (state.draft or state.moving is not None):
            marker = "* "
        table.add_row(
            marker + hero.name,
            f"{hero.health}/{hero.max_health}",
            _("defeated") if hero.space is None else str(hero.space),
            _dice_text(hero),
        )
    return table


def _dice_text(hero: Hero) -> str:
    """A hero's dice, ``green-1 yellow-1(x)``, each colour in the current language."""
    shown = []
    for die in hero.dice:
        number = die.id[len(die.colour) :] if die.id.startswith(die.colour) else f" {die.id}"
        shown.append(f"{_(COLOUR_NAMES[die.colour])}{number}{'' if die.ready else '(x)'}")
    return " ".join(shown)


def _cards(state: EtherState) -> Table:
    table = Table(title=_("hands and inventories"))
    for column in (_("hero"), _("where"), _("card"), _("yields"), _("card action")):
        table.add_column(column)
    for hero in state.heroes:
        rows = [("hand", c) for c in hero.hand] + [("inventory", c) for c in hero.inventory]
        for where, card_id in rows:
            table.add_row(
                hero.name.split()[0],
                _(WHERE_NAMES[where]),
                state.content.card_name(card_id),
                str(state.content.card_yields(card_id).message()),
                _card_action(state, card_id, where),
            )
    return table


def _card_action(state: EtherState, card_id: str, where: str) -> str:
    if card_id in state.content.influence and where == "hand":
        card = state.content.influence[card_id]
        fields = {
            "mode": lazy(MODE_NAMES[card.mode]),
            "cost": cost_message(card.costs),
            "effect": card.effect.message(),
        }
        if card.timing == "any":
            return _("{mode}, {cost}: {effect}", **fields)
        return _(
            "{mode}, {cost}: {effect} ({timing})", timing=lazy(TIMING_NAMES[card.timing]), **fields
        )
    if card_id in state.content.influence:
        return _("ongoing item: {effect}", effect=state.content.influence[card_id].effect.message())
    return _("item: {effect}", effect=state.content.items[card_id].effect.message())


def _steps_left(state: EtherState) -> str:
    return _n(
        "movement under way: {n} paid step left",
        "movement under way: {n} paid steps left",
        state.moving or 0,
    )


def _payment_panel(state: EtherState) -> Panel:
    gathered = _gathered(state)
    lines = [_("gathered: {gathered}", gathered=gathered.message())]
    lines.extend(f"  {_source_text(state, s)}" for s in state.draft)
    if state.moving is not None:
        lines.append(_steps_left(state))
    options = [a for a in state.legal_actions() if isinstance(a, Spend)]
    for option in options:
        lines.append(f"  -> {describe_action(state, option)}")
    return Panel(
        Text("\n".join(lines)), title=_("payment (nothing is spent until you choose the action)")
    )


# -- the terminal play screen (cli/play.py) ------------------------------------------
def screen(
    state: EtherState, width: int, choices: Sequence[Action] = ()
) -> list[tuple[str, list[str]]]:
    """The ether play screen in sections of plain lines within ``width``."""
    title = _(
        "{title} · round {round} · ether {ether}/{end} · {phase} · seed {seed}",
        title=state.content.title,
        round=state.round,
        ether=state.ether,
        end=state.content.ether_end,
        phase=terms.phase(state.phase),
        seed=state.seed,
    )
    goal = wrap(
        _(
            "goal: defeat {boss} (ET-END-1); lost when every hero is defeated "
            "or the ether track reaches {end}",
            boss=state.content.boss.name,
            end=state.content.ether_end,
        ),
        width,
    )
    board = [line[:width] for line in map_lines(state)]
    board += wrap(
        _("letters: heroes  B: boss  Ne: enemies  !: enemy icon  ^>v<: explore  *: unique"), width
    )
    places: list[str] = []
    for pos, card_id in sorted(state.placed.items()):
        card = state.content.map_cards[card_id]
        notes = []
        for local, features in sorted(card.features.items()):
            space = state.board.space_at(pos, local)
            for arrow in features.explores:
                notes.append(
                    _(
                        "{space} explore {direction} ({cost} aw.)",
                        space=str(space),
                        direction=terms.direction(arrow.direction),
                        cost=arrow.awareness,
                    )
                )
            for unique in features.uniques:
                fields = {
                    "space": str(space),
                    "action": unique.name,
                    "cost": cost_message(unique.costs),
                }
                if unique.id in state.used_uniques:
                    notes.append(_("{space} {action} [{cost}] (used)", **fields))
                else:
                    notes.append(_("{space} {action} [{cost}]", **fields))
        for enemy in state.enemies_in_area(state.board.space_at(pos, (0, 0))):
            notes.append(
                _(
                    "{space} {enemy} ({uid}) {health} health",
                    space=str(enemy.space),
                    enemy=state.enemy_name(enemy),
                    uid=enemy.uid,
                    health=state.enemy_health(enemy),
                )
            )
        places += wrap(f"{card.name} {pos}: " + "; ".join(notes), width, "    ")
    heroes: list[str] = []
    for index, hero in enumerate(state.heroes):
        marker = ">" if state.phase == "activation" and index == state.active else " "
        dice = _dice_text(hero)
        fields = {
            "marker": marker,
            "hero": hero.name,
            "health": hero.health,
            "most": hero.max_health,
            "dice": dice,
        }
        if hero.space is None:
            line = _("{marker}{hero} {health}/{most} defeated; dice {dice}", **fields)
        else:
            line = _(
                "{marker}{hero} {health}/{most} at {space}; dice {dice}",
                space=str(hero.space),
                **fields,
            )
        heroes += wrap(line, width, "    ")
        hand = ", ".join(state.content.card_name(c) for c in hero.hand) or "-"
        inventory = ", ".join(state.content.card_name(c) for c in hero.inventory) or "-"
        heroes += wrap(
            "  " + _("hand: {hand}; items: {items}", hand=hand, items=inventory), width, "    "
        )
    sections = [
        ("title", wrap(title, width)),
        ("goal", goal),
        ("board", board),
        ("places", places),
        ("heroes", heroes),
    ]
    if state.phase == "activation" and (state.draft or state.moving is not None):
        payment_lines = [
            _(
                "gathered so far: {gathered} (nothing is spent yet)",
                gathered=_gathered(state).message(),
            )
        ]
        if state.moving is not None:
            payment_lines.append(_steps_left(state))
        sections.append(("payment", [ln for p in payment_lines for ln in wrap(p, width)]))
    return sections
