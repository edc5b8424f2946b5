"""The terminal picture of a haven scenario: the map, figures, hands and the initiative track."""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.table import Table
from rich.text import Text

from rulekeeper.core.actions import Action
from rulekeeper.games.haven import cards, map_state
from rulekeeper.games.haven.actions import PlayHalf, SelectCard
from rulekeeper.games.haven.state import HavenState

TERRAIN_MARKS = {"obstacle": "##", "trap": "^^", "hazardous": "~~", "difficult": "::", "icy": "**"}


def _figure_mark(state: HavenState, figure_id: str) -> str:
    figure = state.figures[figure_id]
    if figure.kind == "character":
        return figure.id[:2].upper()
    if figure.kind == "summon":
        return "s" + str(figure.standee)
    letter = figure.type[0].upper() if figure.elite else figure.type[0].lower()
    return f"{letter}{figure.standee}"


def map_text(state: HavenState) -> Text:
    """Flat-top hexes drawn in columns (odd columns half a row lower).

    The map's edge is its outline; a hex beside a thin wall carries a ``|`` and
    the walls are listed below the map.
    """
    visible = set(map_state.visible_hexes(state, with_closed_doors=True))
    terrain = state.spec.map.terrain
    marks: dict[tuple[int, int], str] = {}
    for kind, mark in TERRAIN_MARKS.items():
        for h in getattr(terrain, kind):
            if kind == "trap" and h in state.sprung_traps:
                continue
            marks[h] = mark
    for h in map_state.closed_doors(state):
        marks[h] = "[]"
    for figure in state.figures.values():
        marks[figure.hex] = _figure_mark(state, figure.id)
    walled = {h for wall in state.spec.map.walls for h in wall}
    hexes = state.spec.map.hexes
    qs = [q for q, _ in hexes]
    rows = [2 * r + q for q, r in hexes]
    text = Text()
    for y in range(min(rows), max(rows) + 1):
        line = ""
        for q in range(min(qs), max(qs) + 1):
            if (y - q) % 2:
                line += "   "
                continue
            h = (q, (y - q) // 2)
            if h not in visible:
                line += "   "
            else:
                line += marks.get(h, "..")[:2] + ("|" if h in walled else " ")
        text.append(line.rstrip() + "\n")
    text.append(
        "## obstacle  ^^ trap  ~~ hazardous  :: difficult  ** icy  [] closed door"
        "  (unrevealed rooms are blank)\n",
        style="dim",
    )
    if state.spec.map.walls:
        shown = ", ".join(f"{list(a)}|{list(b)}" for a, b in state.spec.map.walls)
        text.append(f"thin walls (hexes marked |): {shown}\n")
    return text


def figures_table(state: HavenState) -> Table:
    table = Table(title="Figures", show_lines=False)
    for column in ("mark", "figure", "hex", "HP", "shield", "conditions"):
        table.add_column(column)
    for figure in state.figures.values():
        shield = figure.shield + state.base_shield(figure)
        table.add_row(
            _figure_mark(state, figure.id),
            figure.id + (" (elite)" if figure.elite else ""),
            str(list(figure.hex)),
            f"{figure.hp}/{figure.max_hp}",
            str(shield or ""),
            ", ".join(figure.conditions),
        )
    return table


def heroes_table(state: HavenState) -> Table:
    table = Table(title="Characters")
    for column in ("character", "hand", "discard", "lost", "selected", "initiative"):
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
        )
    return table


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
        header, map_text(state), track, elements, figures_table(state), heroes_table(state)
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
        return f"{action.half} of {spec.name or spec.id}: {_actions_text(half.actions)}" + (
            " (lost)" if half.lost else ""
        )
    return action.label()


def _halves(state: HavenState, action: SelectCard) -> str:
    spec = cards.card(state, action.character, action.card)
    return f"top {_actions_text(spec.top.actions)} / bottom {_actions_text(spec.bottom.actions)}"


def _actions_text(actions: tuple) -> str:  # type: ignore[type-arg]
    parts = []
    for a in actions:
        text = f"{a.type} {a.value}" if a.type in ("move", "attack", "heal", "shield") else a.type
        if a.type == "attack" and a.range:
            text += f" range {a.range}"
        if a.targets > 1:
            text += f" targets {a.targets}"
        if a.conditions:
            text += " " + "+".join(a.conditions)
        if a.summon:
            text += f" {a.summon}"
        if a.element:
            text += f" {a.element}"
        parts.append(text)
    return ", ".join(parts) or "nothing"
