"""The haven board as SVG: the revealed hex map, figures with HP and conditions, elements, initiative.

Only reads the state. Hexes carry ``data-place="q,r"`` so the page can turn a
legal action whose place is a hex into a click on that hex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import DIRECTIONS, Hex, add, edge
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.games.haven import cards, class_resources, loot, map_state, state_tables
from rulekeeper.games.haven.actions import ChooseTarget, ForceStep, MoveTo, PlaceSummon
from rulekeeper.i18n import N_, _, _n
from rulekeeper.web.boards.svg import (
    HEX_SIZE,
    attrs,
    esc,
    hex_point,
    hex_polygon,
    svg_open,
    view_box,
)

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
ELEMENT_WORDS = (
    N_("fire"),
    N_("ice"),
    N_("air"),
    N_("earth"),
    N_("light"),
    N_("dark"),
    N_("strong"),
    N_("waning"),
    N_("inert"),
)
"""Element and element-level words the web pages show (the states keep the English keys)."""
TERRAIN_WORDS = (
    N_("obstacle"),
    N_("trap"),
    N_("hazardous"),
    N_("difficult"),
    N_("icy"),
    N_("door"),
    *ELEMENT_WORDS,
)
"""Terrain, element and element-level words the board shows (the state keeps the English keys)."""
TERRAIN_FILL = {
    "obstacle": "#6b5b4b",
    "trap": "#b06ab3",
    "hazardous": "#e07a5f",
    "difficult": "#8fbf6a",
    "icy": "#a8dadc",
}
FIGURE_FILL = {
    "character": "#2a9d8f",
    "summon": "#81b29a",
    "ally": "#3d5a80",
    "objective": "#b08968",
    "monster": "#c1121f",
}


def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def place_of(state: HavenState, action: Action) -> str | None:
    """The hex an action is about, if it has one."""
    if isinstance(action, MoveTo | ForceStep | PlaceSummon):
        return hex_key(action.hex)
    if isinstance(action, ChooseTarget):
        figure = state.figures.get(action.figure)
        return hex_key(figure.hex) if figure is not None else None
    return None


def figure_mark(figure: Figure) -> str:
    if figure.kind == "character":
        return figure.id[:2].upper()
    if figure.kind == "summon":
        return f"s{figure.standee}"
    if figure.kind == "objective":
        return "OB"  # HV-GOAL-2
    if figure.kind == "ally":
        return f"a{figure.standee}"  # HV-GOAL-3
    letter = figure.type[0].upper() if figure.elite else figure.type[0].lower()
    return f"{letter}{figure.standee or '?'}"  # HV-SCEN-1: "?" until its number is drawn


def draw(state: HavenState) -> str:
    """The map, then the element board and the initiative track under it."""
    visible = map_state.visible_hexes(state, with_closed_doors=True)
    present = set(visible)
    terrain = _terrain(state, present)
    doors = {h for h in map_state.closed_doors(state) if h in present}
    occupied = {h for f in state.figures.values() for h in f.covers}  # HV-GOAL-2
    marks = _hex_marks(state, present)
    escape_hexes = set(state.spec.escape) & present
    x, y, w, h = view_box(visible)
    strip = 70.0
    track = 100 + 86 * min(len(state.order), 12)
    # HV-ROOM-5: the links whose two hexes are both shown, each drawn with one mark
    linked = [pair for pair in state.spec.links if pair[0] in present and pair[1] in present]
    partner = {a: (n, b) for n, pair in enumerate(linked) for a, b in (pair, pair[::-1])}
    box = (x, y, max(w, 6 * 70.0 + 20, track), h + strip + 34)  # the track ends 28 below
    out = [svg_open(box, _("{title} map", title=state.spec.title))]
    out.append('<g class="hexes">')
    for hx in visible:
        kind = terrain.get(hx)
        classes = (
            ["hex"] + ([f"terrain-{kind}"] if kind else []) + (["door"] if hx in doors else [])
        )
        fill = TERRAIN_FILL.get(kind or "", "#f4efe6")
        if hx in doors:
            fill = "#e9c46a"
        title = _("hex {hex}", hex=str(list(hx)))
        if kind:
            title = _("{hex_title}, {terrain}", hex_title=title, terrain=_(kind))
        if hx in doors:
            title = _("{hex_title}, closed door", hex_title=title)
        for _mark, words in marks.get(hx, ()):
            title = _("{hex_title}, {what}", hex_title=title, what=words)
        if hx in escape_hexes:
            title = _("{hex_title}, escape hex", hex_title=title)
        if hx in partner:
            n, other = partner[hx]
            title = _(
                "{hex_title}, {mark}: linked to hex {other}",
                hex_title=title,
                mark=link_mark(n),
                other=str(list(other)),
            )
        out.append(
            f"<polygon{attrs({'class': ' '.join(classes), 'points': hex_polygon(hx), 'fill': fill, 'data_place': hex_key(hx)})}>"
            f"<title>{esc(title)}</title></polygon>"
        )
        cx, cy = hex_point(hx)
        if (kind or hx in doors) and hx not in occupied:
            label = _("door") if hx in doors else (_(kind) if kind else "")
            out.append(
                f'<text class="terrain-label {"door" if hx in doors else kind}"'
                f' x="{cx:.1f}" y="{cy + HEX_SIZE * 0.62:.1f}">{esc(label)}</text>'
            )
    out.append("</g>")
    for hx in sorted(escape_hexes):  # HV-ROOM-5: an escape hex is outlined
        out.append(f'<polygon class="escape-hex" points="{hex_polygon(hx)}"/>')
    out.append(_walls(state, present))
    out.append(_link_lines(linked))
    out.append(_figures(state, present))
    out.append(_token_marks(marks))
    out.append(_link_marks(linked))
    out.append(_elements(state, x, y + h + 8))
    out.append(_initiative(state, x, y + h + strip + 4))
    out.append("</svg>")
    legend = _legend(state, marks, escape_hexes)
    if legend:
        out.append(f'<p class="board-legend" data-testid="board-legend">{esc(legend)}</p>')
    if linked:  # under the picture, so it wraps whatever the map's width
        note = _(
            "L1, L2 …: linked hexes. The two hexes with one mark are adjacent for movement"
            " and focus, but give no line of sight and are not adjacent for a melee attack"
            " (HV-ROOM-5)."
        )
        out.append(f'<p class="board-legend" data-testid="link-legend">{esc(note)}</p>')
    return "".join(out)


def _terrain(state: HavenState, present: set[Hex]) -> dict[Hex, str]:
    spec = state.spec.map.terrain
    found: dict[Hex, str] = {}
    for kind in TERRAIN_FILL:
        for h in getattr(spec, kind):
            if h in present and not (kind == "trap" and h in state.sprung_traps):
                found[h] = kind
    return found


def _walls(state: HavenState, present: set[Hex]) -> str:
    """Thin walls between two drawn hexes, and the map's edge, as thick lines."""
    walls = {frozenset(pair) for pair in state.spec.map.walls}
    lines = ['<g class="walls">']
    for h in sorted(present):
        for direction, offset in enumerate(DIRECTIONS):
            other = add(h, offset)
            is_wall = frozenset((h, other)) in walls
            is_edge = other not in present
            if not (is_wall or is_edge) or (is_wall and other in present and other < h):
                continue
            (ax, ay), (bx, by) = edge(h, direction)
            s = HEX_SIZE
            r3 = 3**0.5 / 2
            css = "wall" if is_wall else "edge"
            lines.append(
                f'<line class="{css}" x1="{ax / 2 * s:.1f}" y1="{ay * r3 * s:.1f}"'
                f' x2="{bx / 2 * s:.1f}" y2="{by * r3 * s:.1f}"/>'
            )
    lines.append("</g>")
    return "".join(lines)


def _hex_marks(state: HavenState, present: set[Hex]) -> dict[Hex, list[tuple[str, str]]]:
    """What lies on each shown hex besides terrain and figures: tokens (HV-LOOT-1..3), treasure
    (HV-LOOT-6), a pressure plate (HV-ROOM-5); each as (short mark, words for the tooltip)."""
    marks: dict[Hex, list[tuple[str, str]]] = {}
    loot_tokens = loot.token_name(state) == "loot"
    for h in sorted(set(state.money) & present):
        count = state.money.count(h)
        words = (
            _n("{n} loot token", "{n} loot tokens", count)
            if loot_tokens
            else _n("{n} money token", "{n} money tokens", count)
        )
        marks.setdefault(h, []).append((f"${count}", words))
    for h in loot.treasure_hexes(state).values():
        if h in present:
            marks.setdefault(h, []).append(("T", _("treasure")))
    for rule in state.spec.rules:
        plate = rule.when.plate
        if plate is not None and plate in present:
            marks.setdefault(plate, []).append(("P", _("pressure plate")))
    return marks


def _token_marks(marks: dict[Hex, list[tuple[str, str]]]) -> str:
    """Tokens, treasure and plates as small badges at the left of their hex, over the figures
    (clicks go through to the hex)."""
    if not marks:
        return ""
    out = ['<g class="hex-marks" pointer-events="none">']
    for h, shown in marks.items():
        cx, cy = hex_point(h)
        for n, (mark, _words) in enumerate(shown):
            kind = "token" if mark.startswith("$") else ("treasure" if mark == "T" else "plate")
            bx, by = cx - HEX_SIZE * 0.88, cy - HEX_SIZE * 0.3 + n * HEX_SIZE * 0.46
            out.append(
                f'<g class="hex-mark {kind}" data-mark="{esc(mark)}" data-hex="{hex_key(h)}">'
                f'<rect x="{bx:.1f}" y="{by:.1f}" width="{HEX_SIZE * 0.5:.1f}"'
                f' height="{HEX_SIZE * 0.42:.1f}" rx="3"/>'
                f'<text x="{bx + HEX_SIZE * 0.25:.1f}" y="{by + HEX_SIZE * 0.22:.1f}">'
                f"{esc(mark)}</text></g>"
            )
    out.append("</g>")
    return "".join(out)


def _legend(state: HavenState, marks: dict[Hex, list[tuple[str, str]]], escape: set[Hex]) -> str:
    shown = {mark[:1] for listed in marks.values() for mark, _words in listed}
    parts = []
    if "$" in shown:
        parts.append(
            _("$N: loot tokens") if loot.token_name(state) == "loot" else _("$N: money tokens")
        )
    if "T" in shown:
        parts.append(_("T: treasure"))
    if "P" in shown:
        parts.append(_("P: pressure plate"))
    if escape:
        parts.append(_("green outline: escape hex"))
    return " · ".join(parts)


def link_mark(n: int) -> str:
    """The mark both hexes of the ``n``-th shown link carry (HV-ROOM-5)."""
    return f"L{n + 1}"


def _link_lines(linked: list[tuple[Hex, Hex]]) -> str:
    """A dotted line from each linked hex to its partner, under the figures."""
    if not linked:
        return ""
    out = ['<g class="link-lines" pointer-events="none">']
    for n, (one, other) in enumerate(linked):
        (ax, ay), (bx, by) = hex_point(one), hex_point(other)
        out.append(
            f'<line class="hex-link" data-link="{link_mark(n)}" x1="{ax:.1f}" y1="{ay:.1f}"'
            f' x2="{bx:.1f}" y2="{by:.1f}"/>'
        )
    out.append("</g>")
    return "".join(out)


def _link_marks(linked: list[tuple[Hex, Hex]]) -> str:
    """The link's mark on both of its hexes, over the figures; clicks go through to the hex,
    whose tooltip names the other end."""
    if not linked:
        return ""
    out = ['<g class="link-marks" pointer-events="none">']
    for n, pair in enumerate(linked):
        for end in pair:
            cx, cy = hex_point(end)
            bx, by = cx + HEX_SIZE * 0.18, cy - HEX_SIZE * 0.78
            out.append(
                f'<g class="link-mark" data-link="{link_mark(n)}" data-hex="{hex_key(end)}">'
                f'<rect x="{bx:.1f}" y="{by:.1f}" width="{HEX_SIZE * 0.62:.1f}"'
                f' height="{HEX_SIZE * 0.42:.1f}" rx="3"/>'
                f'<text x="{bx + HEX_SIZE * 0.31:.1f}" y="{by + HEX_SIZE * 0.22:.1f}">'
                f"{esc(link_mark(n))}</text></g>"
            )
    out.append("</g>")
    return "".join(out)


def _figures(state: HavenState, present: set[Hex]) -> str:
    actor = state.turn.actor if state.turn else None
    out = ['<g class="figures">']
    for figure in state.figures.values():
        if figure.hex not in present:
            continue
        cx, cy = hex_point(figure.hex)
        classes = (
            f"figure {figure.kind}"
            + (" elite" if figure.elite else "")
            + (" actor" if figure.id == actor else "")
        )
        fill = FIGURE_FILL.get(figure.kind, "#555")
        stroke = "#f1c40f" if figure.elite else "#222"
        shown = [_(c) for c in figure.conditions]
        conditions = ", ".join(shown)
        title = _(
            "{figure}: {hp}/{max_hp} HP", figure=figure.id, hp=figure.hp, max_hp=figure.max_hp
        )
        if conditions:
            title = _("{figure_title}; {conditions}", figure_title=title, conditions=conditions)
        out.append(
            # clicks go through to the hex under the figure, which carries the action
            f"<g{attrs({'class': classes, 'data_figure': figure.id, 'pointer_events': 'none'})}>"
            f"<title>{esc(title)}</title>"
            f'<circle cx="{cx:.1f}" cy="{cy - 4:.1f}" r="{HEX_SIZE * 0.5:.1f}" fill="{fill}" stroke="{stroke}"/>'
            f'<text class="mark" x="{cx:.1f}" y="{cy:.1f}">{esc(figure_mark(figure))}</text>'
            f'<text class="hp" x="{cx:.1f}" y="{cy + HEX_SIZE * 0.72:.1f}">{figure.hp}/{figure.max_hp}</text>'
        )
        if conditions:
            short = " ".join(c[:4] for c in shown)
            out.append(
                f'<text class="conditions" x="{cx:.1f}" y="{cy - HEX_SIZE * 0.62:.1f}">{esc(short)}</text>'
            )
        # HV-GOAL-2: an objective covering several hexes is drawn on each of them
        for more in figure.more_hexes:
            if more in present:
                mx, my = hex_point(more)
                out.append(
                    f'<circle cx="{mx:.1f}" cy="{my - 4:.1f}" r="{HEX_SIZE * 0.5:.1f}" fill="{fill}" stroke="{stroke}"/>'
                    f'<text class="mark" x="{mx:.1f}" y="{my:.1f}">{esc(figure_mark(figure))}</text>'
                )
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _elements(state: HavenState, x: float, y: float) -> str:
    out = [f'<g class="elements" transform="translate({x + 10:.1f},{y:.1f})">']
    for n, element in enumerate(ELEMENTS):
        level = state.elements.get(element, "inert")
        name, level_name = _(element), _(level)
        out.append(
            f'<g class="element {level}" data-element="{element}">'
            f'<rect x="{n * 70}" y="0" width="64" height="40" rx="6"/>'
            f'<text x="{n * 70 + 32}" y="17">{esc(name)}</text>'
            f'<text class="level" x="{n * 70 + 32}" y="33">{esc(level_name)}</text></g>'
        )
    out.append("</g>")
    return "".join(out)


def _initiative(state: HavenState, x: float, y: float) -> str:
    out = [f'<g class="initiative" transform="translate({x + 10:.1f},{y:.1f})">']
    title = _("initiative")
    out.append(f'<text class="track-title" x="0" y="14">{esc(title)}</text>')
    actor = state.turn.actor if state.turn else None
    for n, who in enumerate(state.order[:12]):
        current = " current" if who == actor else ""
        out.append(
            f'<g class="slot{current}"><rect x="{80 + n * 86}" y="0" width="80" height="24" rx="4"/>'
            f'<text x="{120 + n * 86}" y="13">{esc(who.removeprefix("group:")[:12])}</text></g>'
        )
    if not state.order:
        note = _("(cards being selected)")
        out.append(f'<text class="track-note" x="80" y="14">{esc(note)}</text>')
    out.append("</g>")
    return "".join(out)


def panel(state: HavenState) -> str:
    """The figures and the characters' cards, as HTML tables."""
    rows = []
    for f in state.figures.values():
        shield = f.shield + state.base_shield(f)
        name = _("{figure} (elite)", figure=f.id) if f.elite else f.id
        rows.append(
            f"<tr><td>{esc(figure_mark(f))}</td>"
            f"<td>{esc(name)}</td>"
            f"<td>{f.hp}/{f.max_hp}</td><td>{shield or ''}</td><td>{esc(', '.join(_(c) for c in f.conditions))}</td></tr>"
        )
    heroes = []
    for hero in state.heroes.values():
        chosen = (
            _("long rest")
            if hero.long_rest
            else ", ".join(_card_title(state, hero.id, c) for c in (hero.leading, hero.second) if c)
        )
        if state.phase == "select":
            chosen = _("chosen") if hero.selected else ""
        name = _("{hero} (exhausted)", hero=hero.id) if hero.exhausted else hero.id
        # HV-DECK-5: class resources go under the name, so the table keeps to the panel's width
        resources = class_resources.describe(state, hero)
        extra = f'<div class="sub resources">{esc(resources)}</div>' if resources else ""
        names = ", ".join(sorted(_card_title(state, hero.id, c) for c in hero.hand))
        hand = _("in hand: {cards}", cards=names) if names else _("no cards in hand")
        more = [hand]
        if hero.items:  # HV-ITEM-3/4: each item with its state
            more.append(_("items: {items}", items=state_tables.items_text(state, hero)))
        loot_text = state_tables.loot_text(state, hero)
        if loot_text:  # HV-LOOT-1..6
            more.append(_("loot: {loot}", loot=loot_text))
        if hero.xp:
            more.append(_("experience: {n}", n=hero.xp))
        if hero.escaped:
            name = _("{hero} (escaped)", hero=name)
        heroes.append(
            f'<tr class="hero" data-hero="{esc(hero.id)}"><td class="who">{esc(name)}{extra}</td>'
            f'<td class="piles">{len(hero.hand)}/{len(hero.discard)}/{len(hero.lost)}</td>'
            f"<td>{esc(chosen)}</td><td>{hero.initiative or ''}</td></tr>"
            f'<tr class="hand-row"><td colspan="4" class="haven-hand">'
            + "<br>".join(esc(line) for line in more)
            + "</td></tr>"
        )
    status = _(
        "{rules} rules · round {round} · phase {phase}",
        rules=state.rules.title,
        round=state.round,
        phase=_(state.phase),
    )
    figures_caption, heroes_caption = _("Figures"), _("Characters")
    figure_heads = (_("mark"), _("figure"), _("HP"), _("shield"), _("conditions"))
    # the piles in one column (hand/discard/lost, as the companion page shows them): the
    # table keeps to the side panel's width in every language
    hero_heads = (_("character"), _("hand/discard/lost"), _("selected"), _("initiative"))
    # HV-GOAL-1, HV-SCEN-7: the goal, the round limit and the special rules stay on screen
    goal, *notes = state_tables.scenario_text(state).plain.split("\n")
    scenario = (
        f'<div class="scenario-notes" data-testid="scenario-notes"><p class="goal">{esc(goal)}</p>'
        + (
            "<ul>" + "".join(f"<li>{esc(note)}</li>" for note in notes if note) + "</ul>"
            if any(notes)
            else ""
        )
        + "</div>"
    )
    return (
        f'<p class="status-line">{esc(status)}</p>'
        + scenario
        + f'<table class="figures" data-testid="figures"><caption>{esc(figures_caption)}</caption><tr>'
        + "".join(f"<th>{esc(h)}</th>" for h in figure_heads)
        + "</tr>"
        + "".join(rows)
        + "</table>"
        f'<table class="heroes" data-testid="heroes"><caption>{esc(heroes_caption)}</caption><tr>'
        + "".join(f"<th>{esc(h).replace('/', '/<wbr>')}</th>" for h in hero_heads)
        + "</tr>"
        + "".join(heroes)
        + "</table>"
    )


def _card_title(state: HavenState, hero: str, card_id: str) -> str:
    """A card's printed name (its id when the class does not name it)."""
    try:
        spec = cards.card(state, hero, card_id)
    except (KeyError, StopIteration, RulekeeperError):
        return card_id
    return spec.name or spec.id
