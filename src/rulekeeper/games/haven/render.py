"""The terminal picture of a haven scenario: the map, figures, hands and the initiative track."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console, ConsoleOptions, RenderResult
from rich.console import Group as RichGroup
from rich.table import Table
from rich.text import Text

from rulekeeper.boards import hexdraw, hexgrid
from rulekeeper.core.actions import Action
from rulekeeper.games.haven import cards, loot, map_state, objectives, special_rules, standees
from rulekeeper.games.haven.actions import PlayHalf, SelectCard
from rulekeeper.games.haven.state import Figure, HavenState, Hero

MAP_STYLES: dict[str, str] = {
    hexdraw.GRID: "dim",
    hexdraw.EDGE: "bold",
    hexdraw.WALL: "bold bright_red",
    hexdraw.EMPTY: "dim",
    "terrain.obstacle": "bold",
    "terrain.trap": "magenta",
    "terrain.hazardous": "bright_magenta",
    "terrain.difficult": "green",
    "terrain.icy": "bright_cyan",
    "door": "bold yellow",
    "character": "bold green",
    "summon": "green",
    "monster": "red",
    "elite": "bold yellow",
    "actor": "reverse",
}
"""Colours of the map's style tags (:mod:`rulekeeper.boards.hexdraw`), shared by every haven drawing."""


def drawing_text(drawing: hexdraw.HexDrawing, palette: Mapping[str, str]) -> Text:
    """A hex drawing as rich text, its tags coloured by ``palette`` (unknown tags stay plain).

    Lines are never wrapped: a wrapped hex map is unreadable, and the drawing
    already chose a layout for the width and noted when it does not fit.
    """
    text = Text(drawing.text(), no_wrap=True, overflow="ignore")
    for start, end, tag in drawing.offsets():
        style = palette.get(tag)
        if style:
            text.stylize(style, start, end)
    return text


def _figure_mark(state: HavenState, figure_id: str) -> str:
    figure = state.figures[figure_id]
    if figure.kind == "character":
        return figure.id[:2].upper()
    if figure.kind == "summon":
        return "s" + str(figure.standee)
    if figure.kind == "objective":
        return "OB"  # HV-GOAL-2
    if figure.kind == "ally":
        return "a" + str(figure.standee)  # HV-GOAL-3
    letter = figure.type[0].upper() if figure.elite else figure.type[0].lower()
    return f"{letter}{figure.standee}"


def map_text(state: HavenState, width: int | None = None) -> RichGroup:
    """The revealed map drawn with :func:`rulekeeper.boards.hexdraw.draw_hexes`.

    Hexes are outlined, thin walls drawn with ``#`` and the map edge in bold;
    terrain, closed doors (``[]``) and figure marks fill the hexes. Rooms not
    yet revealed are not drawn. Given ``width`` (the console's), a map too
    wide to draw in full is drawn compact and the drawing says so. The legend
    and notes below the map wrap; the map itself never does.
    """
    visible = set(map_state.visible_hexes(state, with_closed_doors=True))
    locked = [  # HV-ROOM-2: shown, though no one may enter them yet
        d.hex
        for d in state.spec.doors
        if d.locked
        and d.hex not in state.open_doors
        and d.hex not in visible
        and any(n in visible for n in hexgrid.neighbours(d.hex))
    ]
    visible.update(locked)
    terrain_spec = state.spec.map.terrain
    terrain: dict[tuple[int, int], str] = {}
    for kind in hexdraw.TERRAIN_MARKS:
        for h in getattr(terrain_spec, kind):
            if h in visible and not (kind == "trap" and h in state.sprung_traps):
                terrain[h] = kind
    labels: dict[tuple[int, int], str] = {}
    tags: dict[tuple[int, int], list[str]] = {}
    doors = [h for h in map_state.closed_doors(state) if h in visible and h not in locked]
    for h in doors:
        labels[h] = "[]"
        tags[h] = ["door"]
    for h in locked:
        labels[h] = "LD"
        tags[h] = ["door"]
    for h in state.money:  # HV-LOOT-1..3: money or loot tokens ("$" and how many)
        if h in visible:
            count = state.money.count(h)
            labels[h] = "$" + (str(count) if count < 10 else "+")
    for h in loot.treasure_hexes(state).values():  # HV-LOOT-6
        if h in visible:
            labels[h] = "TT"
    plates = {r.when.plate for r in state.spec.rules if r.when.plate is not None}
    for h in plates:  # HV-ROOM-5: pressure plates
        if h in visible:
            labels[h] = "PP"
    actor = state.turn.actor if state.turn else None
    for figure in state.figures.values():
        if figure.hex not in visible:
            continue
        labels[figure.hex] = _figure_mark(state, figure.id)[:2]
        kind = "elite" if figure.elite else figure.kind
        tags[figure.hex] = [kind] + (["actor"] if figure.id == actor else [])
    drawing = hexdraw.draw_hexes(
        sorted(visible),
        walls=state.spec.map.walls,
        terrain=terrain,
        labels=labels,
        styles=tags,
        width=width,
    )
    hidden = len(visible) < len(set(state.spec.map.hexes))
    legend = "  ".join(
        part
        for part in (
            drawing.legend,
            "[] closed door" if doors else "",
            "LD locked door" if locked else "",
            f"$N {loot.token_name(state)} tokens" if state.money else "",
            "TT treasure" if state.treasures else "",
            "PP pressure plate" if any(h in visible for h in plates) else "",
            "(unrevealed rooms are not drawn)" if hidden else "",
        )
        if part
    )
    below = Text(legend + "\n" if legend else "", style="dim")
    for note in drawing.notes:
        below.append(note + "\n", style="default")
    return RichGroup(drawing_text(drawing, MAP_STYLES), below)


class MapView:
    """The map as a rich renderable, drawn for the console's width when printed."""

    def __init__(self, state: HavenState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield map_text(self.state, width=options.max_width)


def figures_table(state: HavenState) -> Table:
    table = Table(title="Figures", show_lines=False)
    for column in ("mark", "figure", "hex", "HP", "shield", "conditions"):
        table.add_column(column)
    for figure in state.figures.values():
        shield = figure.shield + state.base_shield(figure)
        table.add_row(
            _figure_mark(state, figure.id),
            figure.id + _rank_text(state, figure),
            str(list(figure.hex)),
            f"{figure.hp}/{figure.max_hp}",
            str(shield or ""),
            ", ".join(figure.conditions),
        )
    return table


def _rank_text(state: HavenState, figure: Figure) -> str:
    """ " (elite)" or " (boss)" (HV-BOSS-1); nothing for a normal monster or a character;
    " (objective)" (HV-GOAL-2, " guarded" when the monsters are after it) or " (ally)"."""
    if figure.kind == "objective":
        return " (objective, guarded)" if figure.guarded else " (objective)"
    if figure.kind == "ally":
        return f" (ally {figure.standee})"
    if figure.kind != "monster":
        return ""
    rank = standees.rank(state, figure)
    return "" if rank == "normal" else f" ({rank})"


def heroes_table(state: HavenState) -> Table:
    table = Table(title="Characters")
    for column in (
        "character",
        "hand",
        "discard",
        "lost",
        "selected",
        "initiative",
        "items",
        "loot",
        "xp",
    ):
        table.add_column(column)
    for hero in state.heroes.values():
        selected = (
            "long rest"
            if hero.long_rest
            else ", ".join(c for c in (hero.leading, hero.second) if c)
        )
        table.add_row(
            hero.id + (" (exhausted)" if hero.exhausted else ""),
            ", ".join(sorted(hero.hand)),
            str(len(hero.discard)),
            str(len(hero.lost)),
            selected if state.phase != "select" else ("chosen" if hero.selected else ""),
            str(hero.initiative or ""),
            _items_text(hero),
            _loot_text(state, hero),
            str(hero.xp or ""),
        )
    return table


def _items_text(hero: Hero) -> str:
    """HV-ITEM-3/4: each item with its state (spent, consumed, use slots marked)."""
    out = []
    for item in hero.items:
        if item in hero.consumed:
            out.append(f"{item} (consumed)")
        elif item in hero.spent:
            out.append(f"{item} (spent)")
        elif hero.item_marks.get(item):
            out.append(f"{item} ({hero.item_marks[item]} used)")
        else:
            out.append(item)
    return ", ".join(out)


def _loot_text(state: HavenState, hero: Hero) -> str:
    parts = []
    if hero.money:
        parts.append(f"{hero.money} money")
    if hero.loot_cards:
        parts.append(f"{len(hero.loot_cards)} loot cards")
    if hero.treasures:
        parts.append("treasure " + ", ".join(hero.treasures))
    if hero.gold:
        parts.append(f"{hero.gold} gold")
    return ", ".join(parts)


def scenario_text(state: HavenState) -> Text:
    """The goal and the special rules, always on screen (HV-GOAL-1, HV-SCEN-7)."""
    text = Text(f"goal: {objectives.describe(state)}")
    if state.spec.round_limit:
        text.append(f" — lost at the end of round {state.spec.round_limit}")
    if state.ending:
        text.append(f" — {state.ending} once this round ends ({state.result_text})", style="bold")
    for note in state.spec.special_rules:
        text.append(f"\n{special_rules.BY_HAND}: {note}", style="yellow")
    for n, rule in enumerate(state.spec.rules):
        done = n in state.fired and not rule.repeat
        text.append(f"\nrule: {special_rules.describe(rule)}" + (" (done)" if done else ""))
    for note in state.by_hand:
        text.append(f"\npending, {special_rules.BY_HAND}: {note}", style="bold yellow")
    return text


def render_state(state: HavenState) -> RichGroup:
    header = Text(
        f"{state.spec.title or state.spec.name} — {state.rules.title} rules — round {state.round}"
        f" — phase {state.phase}",
        style="bold",
    )
    track = Text("initiative: " + (" → ".join(state.order) if state.order else "(selecting)"))
    elements = Text(
        "elements: " + (", ".join(f"{e} {lvl}" for e, lvl in state.elements.items()) or "all inert")
    )
    return RichGroup(
        header,
        scenario_text(state),
        MapView(state),
        track,
        elements,
        figures_table(state),
        heroes_table(state),
    )


def describe_action(state: HavenState, action: Action) -> str:
    if isinstance(action, SelectCard):
        spec = cards.card(state, action.character, action.card)
        return f"select {spec.name or spec.id} (initiative {spec.initiative}): {_halves(state, action)}"
    if isinstance(action, PlayHalf):
        if action.basic:
            return f"{action.half} of {action.card} as the basic " + (
                "Attack 2" if action.half == "top" else "Move 2"
            )
        hero = state.turn.actor if state.turn else ""
        spec = cards.card(state, hero, action.card)
        half = spec.top if action.half == "top" else spec.bottom
        return (
            f"{action.half} of {spec.name or spec.id}: {_actions_text(half.actions)}"
            + (" (lost)" if half.lost else "")
            + (f" (first consume {', '.join(half.consume)}: HV-ELEM-4)" if half.consume else "")
        )
    return action.label()


def _halves(state: HavenState, action: SelectCard) -> str:
    spec = cards.card(state, action.character, action.card)
    top = _actions_text(spec.top.actions) + (" (lost)" if spec.top.lost else "")
    bottom = _actions_text(spec.bottom.actions) + (" (lost)" if spec.bottom.lost else "")
    return f"top {top} / bottom {bottom}"


def _actions_text(actions: tuple) -> str:  # type: ignore[type-arg]
    parts = []
    for a in actions:
        valued = ("move", "attack", "heal", "shield", "retaliate")
        text = f"{a.type} {a.value}" if a.type in valued else a.type
        if a.type == "by_hand":
            text = f"by hand: {a.text[:60]}"
        if a.type == "move" and (a.jump or a.flying):
            text += " jump" if a.jump else " flying"
        if a.type in ("attack", "heal", "retaliate") and a.range:
            text += f" range {a.range}"
        if a.targets > 1:
            text += f" targets {a.targets}"
        if a.pierce:
            text += f" pierce {a.pierce}"
        if a.aoe:
            text += f" area of {len(a.aoe)} hexes"
        if a.push:
            text += f" push {a.push}"
        if a.pull:
            text += f" pull {a.pull}"
        if a.conditions:
            text += " " + "+".join(a.conditions)
        if a.summon:
            text += f" {a.summon}"
        if a.element:
            text += f" {a.element}"
            if a.consume_bonus:
                text += f" (consume for +{a.consume_bonus})"
        parts.append(text)
    return ", ".join(parts) or "nothing"
