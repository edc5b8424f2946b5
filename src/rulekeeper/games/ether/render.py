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
from rulekeeper.games.ether import combat, payment
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
    describe_intent,
)
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.games.ether.resources import NOTHING, Resources, format_cost

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState

CELL = 6
ARROWS = {"north": "^", "east": ">", "south": "v", "west": "<"}


def pending_decision(state: EtherState) -> str:
    if state.phase == "over":
        return str(state.outcome())
    if state.is_chance_node():
        return "waiting on a draw"
    if state.pending_rotation is not None:
        card = state.content.map_cards[state.pending_rotation[0]].name
        return f"{state.hero.name} explored: choose how to turn {card} (ET-EXP-1)"
    if state.phase == "enemy":
        enemy = state.enemies[state.enemy_queue[0]]
        return (
            f"enemy phase: {state.enemy_name(enemy)} ({enemy.uid}) strikes - "
            "which hero on its card takes the damage?"
        )
    if state.draft:
        gathered = _gathered(state)
        return (
            f"gathered {gathered} - add another source or choose the action to "
            "pay for (the surplus is shown on each choice and is lost)"
        )
    if state.moving:
        return (
            f"{state.hero.name}: {state.moving} paid step(s) left - step, stop, or pay for "
            "an action"
        )
    return (
        f"{state.active_hero.name}'s activation: any hero may gather sources to pay for an "
        "action (ET-TIME-1), or end the activation"
    )


def _gathered(state: EtherState) -> Resources:
    total = NOTHING
    for source in state.draft:
        total = total + payment.source_yield(state, state.hero, source)
    return total


def _source_text(state: EtherState, source: Source) -> str:
    hero = state.hero
    yielded = payment.source_yield(state, hero, source)
    if source.kind == "die":
        return f"{hero.name}: exhaust a ready {source.ref} die (+{yielded})"
    where = "hand" if source.kind == "hand" else "inventory"
    return f"{hero.name}: discard {state.content.card_name(source.ref)} from {where} (+{yielded})"


def _cost_text(state: EtherState, intent: Intent, alternative: int, paid: Resources) -> str:
    costs = payment.intent_costs(state, intent)
    cost = costs[alternative]
    lost = paid.surplus(cost)
    choice = f" (choice of {format_cost(costs)})" if len(costs) > 1 else ""
    return f"cost {cost if cost.total else 'free'}{choice}; surplus lost: {lost}"


def describe_action(state: EtherState, action: Action) -> str:
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
        return (
            f"{state.hero.name}: [{kind}] {_intent_text(state, action.action)} - "
            f"{_cost_text(state, action.action, action.alternative, _gathered(state))}"
        )
    paid = NOTHING
    for source in action.sources:
        paid = paid + payment.source_yield(state, state.hero, source)
    what = ", ".join(_intent_text(state, i) for i in action.actions)
    return f"{state.hero.name} pays {paid} for {what}"


def _describe_other(state: EtherState, action: Action) -> str:
    if isinstance(action, Step):
        if state.hero.space is None:
            return f"step {action.direction}"
        target = state.board.neighbours(state.hero.space).get(action.direction)
        icon = " (enemy icon!)" if target and state.features(target).enemy_icon else ""
        return f"step {action.direction} to {target}{icon}"
    if isinstance(action, PlaceMap) and state.pending_rotation is not None:
        card = state.content.map_cards[state.pending_rotation[0]].name
        return f"place {card} turned {action.rotation} degrees clockwise"
    if isinstance(action, EndMovement):
        return f"stop moving ({state.moving or 0} paid step(s) lost)"
    if isinstance(action, EndActivation):
        notes = []
        if state.draft:
            notes.append("the gathered sources go back unspent")
        if state.moving:
            notes.append(f"{state.moving} paid step(s) lost")
        return "end the activation" + (f" ({'; '.join(notes)})" if notes else "")
    if isinstance(action, AssignDamage):
        hero = state.hero_by_id(action.hero)
        enemy = state.enemies.get(action.enemy)
        if hero is None or enemy is None:
            return action.label()
        damage = combat.enemy_damage_to(state, enemy, hero)
        return (
            f"{hero.name} takes {damage} damage from {state.enemy_name(enemy)} ({enemy.uid}), "
            f"{hero.health} health left before it"
        )
    if isinstance(action, DrawEnemy):
        return f"enemy deck reveals {state.content.enemies[action.card].name}"
    if isinstance(action, DrawMap):
        return f"map deck reveals {state.content.map_cards[action.card].name}"
    if isinstance(action, DrawItem | DrawInfluence):
        return f"draw {state.content.card_name(action.card)}"
    return action.label()


def _intent_text(state: EtherState, intent: Intent) -> str:
    if intent.kind == "influence":
        card = state.content.influence[intent.card]
        target = f" at {intent.target}" if intent.target else ""
        return f"play {card.name} ({card.mode}: {card.effect}){target}"
    if intent.kind == "unique":
        action = state.content.uniques[intent.action]
        target = f" at {intent.target}" if intent.target else ""
        to = f" to {intent.to}" if intent.to else ""
        return f"resolve {action.name} ({action.effect_text}){target}{to}"
    if intent.kind == "attack":
        enemy = state.enemies[intent.enemy]
        return f"attack {state.enemy_name(enemy)} ({intent.enemy}) for {intent.wrath} damage"
    return describe_intent(intent)


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
        f"{state.content.title} - round {state.round}, ether {state.ether}/{state.content.ether_end}, "
        f"phase {state.phase}",
        style="bold",
    )
    board = Text("\n".join(map_lines(state)))
    legend = Text(
        "letters: heroes  B: boss  Ne: enemies  !: enemy icon  ^>v<: explore  *: unique action",
        style="dim",
    )
    parts: list[Any] = [
        header,
        Panel.fit(board, title="map"),
        legend,
        _places(state),
        _heroes(state),
        _cards(state),
    ]
    if state.phase == "activation" and (state.draft or state.moving is not None):
        parts.append(_payment_panel(state))
    return Group(*parts)


def _places(state: EtherState) -> Table:
    table = Table(title="map cards and enemies", show_header=True)
    table.add_column("card")
    table.add_column("actions and enemies")
    for pos, card_id in sorted(state.placed.items()):
        card = state.content.map_cards[card_id]
        orientation = state.orientation_at(pos)
        notes = []
        for local, features in sorted(orientation.features.items()):
            space = state.board.space_at(pos, local)
            for arrow in features.explores:
                notes.append(f"{space}: explore {arrow.direction} ({arrow.awareness} awareness)")
            for action in features.uniques:
                used = " [used this round]" if action.id in state.used_uniques else ""
                notes.append(
                    f"{space}: {action.name} [{format_cost(action.costs)}] - {action.effect_text}{used}"
                )
        for enemy in state.enemies_in_area(state.board.spaces_of(pos)[0]):
            notes.append(
                f"{enemy.space}: {state.enemy_name(enemy)} ({enemy.uid}), {state.enemy_health(enemy)} health"
            )
        turned = f", turned {orientation.degrees}" if orientation.degrees else ""
        table.add_row(f"{card.name} {pos}{turned}", "\n".join(notes))
    return table


def _heroes(state: EtherState) -> Table:
    table = Table(title="heroes")
    for column in ("hero", "health", "space", "dice ((x) exhausted)"):
        table.add_column(column)
    for index, hero in enumerate(state.heroes):
        marker = "> " if state.phase == "activation" and index == state.active else ""
        if index == state.actor and (state.draft or state.moving is not None):
            marker = "* "
        table.add_row(
            marker + hero.name,
            f"{hero.health}/{hero.max_health}",
            "defeated" if hero.space is None else str(hero.space),
            " ".join(f"{d.id}{'' if d.ready else '(x)'}" for d in hero.dice),
        )
    return table


def _cards(state: EtherState) -> Table:
    table = Table(title="hands and inventories")
    for column in ("hero", "where", "card", "yields", "card action"):
        table.add_column(column)
    for hero in state.heroes:
        rows = [("hand", c) for c in hero.hand] + [("inventory", c) for c in hero.inventory]
        for where, card_id in rows:
            table.add_row(
                hero.name.split()[0],
                where,
                state.content.card_name(card_id),
                str(state.content.card_yields(card_id)),
                _card_action(state, card_id, where),
            )
    return table


def _card_action(state: EtherState, card_id: str, where: str) -> str:
    if card_id in state.content.influence and where == "hand":
        card = state.content.influence[card_id]
        timing = "" if card.timing == "any" else f" ({card.timing} only)"
        return f"{card.mode}, {format_cost(card.costs)}: {card.effect}{timing}"
    if card_id in state.content.influence:
        return f"ongoing item: {state.content.influence[card_id].effect}"
    return f"item: {state.content.items[card_id].effect}"


def _payment_panel(state: EtherState) -> Panel:
    gathered = _gathered(state)
    lines = [f"gathered: {gathered}"]
    lines.extend(f"  {_source_text(state, s)}" for s in state.draft)
    if state.moving is not None:
        lines.append(f"movement under way: {state.moving} paid step(s) left")
    options = [a for a in state.legal_actions() if isinstance(a, Spend)]
    for option in options:
        lines.append(f"  -> {describe_action(state, option)}")
    return Panel(
        Text("\n".join(lines)), title="payment (nothing is spent until you choose the action)"
    )


# -- the terminal play screen (cli/play.py) ------------------------------------------
def screen(
    state: EtherState, width: int, choices: Sequence[Action] = ()
) -> list[tuple[str, list[str]]]:
    """The ether play screen in sections of plain lines within ``width``."""
    title = (
        f"{state.content.title} · round {state.round} · ether {state.ether}/"
        f"{state.content.ether_end} · {state.phase} · seed {state.seed}"
    )
    goal = wrap(
        f"goal: defeat {state.content.boss.name} (ET-END-1); lost when every hero is defeated"
        f" or the ether track reaches {state.content.ether_end}",
        width,
    )
    board = [line[:width] for line in map_lines(state)]
    board += wrap(
        "letters: heroes  B: boss  Ne: enemies  !: enemy icon  ^>v<: explore  *: unique", width
    )
    places: list[str] = []
    for pos, card_id in sorted(state.placed.items()):
        card = state.content.map_cards[card_id]
        notes = []
        for local, features in sorted(card.features.items()):
            space = state.board.space_at(pos, local)
            for arrow in features.explores:
                notes.append(f"{space} explore {arrow.direction} ({arrow.awareness} aw.)")
            for unique in features.uniques:
                used = " (used)" if unique.id in state.used_uniques else ""
                notes.append(f"{space} {unique.name} [{format_cost(unique.costs)}]{used}")
        for enemy in state.enemies_in_area(state.board.space_at(pos, (0, 0))):
            notes.append(
                f"{enemy.space} {state.enemy_name(enemy)} ({enemy.uid}) "
                f"{state.enemy_health(enemy)} health"
            )
        places += wrap(f"{card.name} {pos}: " + "; ".join(notes), width, "    ")
    heroes: list[str] = []
    for index, hero in enumerate(state.heroes):
        marker = ">" if state.phase == "activation" and index == state.active else " "
        where = "defeated" if hero.space is None else f"at {hero.space}"
        dice = " ".join(f"{d.id}{'' if d.ready else '(x)'}" for d in hero.dice)
        heroes += wrap(
            f"{marker}{hero.name} {hero.health}/{hero.max_health} {where}; dice {dice}",
            width,
            "    ",
        )
        hand = ", ".join(state.content.card_name(c) for c in hero.hand) or "-"
        inventory = ", ".join(state.content.card_name(c) for c in hero.inventory) or "-"
        heroes += wrap(f"  hand: {hand}; items: {inventory}", width, "    ")
    sections = [
        ("title", wrap(title, width)),
        ("goal", goal),
        ("board", board),
        ("places", places),
        ("heroes", heroes),
    ]
    if state.phase == "activation" and (state.draft or state.moving is not None):
        payment_lines = [f"gathered so far: {_gathered(state)} (nothing is spent yet)"]
        if state.moving is not None:
            payment_lines.append(f"movement under way: {state.moving} paid step(s) left")
        sections.append(("payment", [ln for p in payment_lines for ln in wrap(p, width)]))
    return sections
