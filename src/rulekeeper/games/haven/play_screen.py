"""The terminal play screen (cli/play.py): plain lines that fit the width: the map with the
choices' hexes marked, figures, the acting hero's hand, monster and ally cards, elements.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulekeeper.boards import hexdraw
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.games.haven import cards, initiative, loot, map_state, standees
from rulekeeper.games.haven.action_labels import actions_text, term_text, terms_text
from rulekeeper.games.haven.actions import ForceStep, MoveTo, PlaceSummon
from rulekeeper.games.haven.map_picture import figure_mark
from rulekeeper.games.haven.state import Figure, HavenState, Hero
from rulekeeper.games.haven.state_tables import (
    elements_text,
    items_text,
    loot_text,
    rank_text,
    scenario_text,
)
from rulekeeper.i18n import _


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` wrapped to ``width`` columns, continuation lines indented."""
    import textwrap

    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=True, break_on_hyphens=False
    ) or [""]


def _shorten(text: str, room: int) -> str:
    """``text`` cut to ``room`` columns at a word's end, marked with an ellipsis (never a
    piece of a word, which would read as another word)."""
    if len(text) <= room:
        return text
    cut = text.rfind(" ", 0, room)
    return (text[:cut] if cut > 0 else text[: room - 1]) + "…"


def _pack(items: list[str], width: int, prefix: str = "") -> list[str]:
    """Short items joined by two spaces into as few lines of ``width`` as they fit."""
    lines: list[str] = []
    line = prefix
    for item in items:
        item = _shorten(item, width - len(prefix))
        candidate = f"{line}  {item}" if line.strip() else f"{line}{item}"
        if len(candidate) > width and line.strip():
            lines.append(line)
            line = " " * len(prefix) + item
        else:
            line = candidate
    if line.strip():
        lines.append(line)
    return lines


def _choice_hexes(choices: Sequence[Action]) -> dict[tuple[int, int], str]:
    """The hexes the offered choices lead to, labelled with their choice numbers."""
    marks: dict[tuple[int, int], str] = {}
    for number, action in enumerate(choices, start=1):
        if isinstance(action, MoveTo | ForceStep | PlaceSummon) and number < 100:
            marks.setdefault(tuple(action.hex), str(number))  # type: ignore[arg-type]
    return marks


def screen_map(state: HavenState, width: int, choices: Sequence[Action] = ()) -> list[str]:
    """The revealed map with a column ruler (``q``); hexes a choice leads to show its number."""
    visible = set(map_state.visible_hexes(state, with_closed_doors=True))
    terrain_spec = state.spec.map.terrain
    terrain: dict[tuple[int, int], str] = {}
    for kind in hexdraw.TERRAIN_MARKS:
        for h in getattr(terrain_spec, kind):
            if h in visible and not (kind == "trap" and h in state.sprung_traps):
                terrain[h] = kind
    labels: dict[tuple[int, int], str] = {}
    for h in map_state.closed_doors(state):
        if h in visible:
            labels[h] = "[]"
    for h in state.money:
        if h in visible:
            labels[h] = "$" + (str(state.money.count(h)) if state.money.count(h) < 10 else "+")
    for h in loot.treasure_hexes(state).values():
        if h in visible:
            labels[h] = "TT"
    for figure in state.figures.values():
        for h in figure.covers:  # HV-GOAL-2: an objective may cover several hexes
            if h in visible:
                labels[h] = figure_mark(state, figure.id)[:2]
    marked = {h: n for h, n in _choice_hexes(choices).items() if h in visible}
    for h, number in marked.items():
        labels[h] = number.rjust(2)
    if not visible:
        return [_("(no hex is revealed)")]
    drawing = hexdraw.draw_hexes(
        sorted(visible), walls=state.spec.map.walls, terrain=terrain, labels=labels, width=width
    )
    qs = sorted({q for q, _ in visible})
    lines = list(drawing.lines)
    if not drawing.compact:
        step, offset = 3, 1
    else:
        step, offset = 2, 0
    ruler = [" "] * (step * (qs[-1] - qs[0]) + 4)
    for q in qs:
        text = str(q)
        if len(text) > 2:
            continue
        column = step * (q - qs[0]) + offset
        for i, ch in enumerate(text.rjust(2)):
            ruler[column + i] = ch
    top = "".join(ruler).rstrip()
    notes = []
    if drawing.legend and len(top) + 3 + len(drawing.legend) <= width:
        top = f"{top.ljust(len(ruler))}   {drawing.legend}".rstrip()
    elif drawing.legend:
        notes.append(drawing.legend)
    legend = [top]
    if marked:
        notes.append(_("numbers: the hexes the choices below lead to"))
    out = legend + lines
    for note in [*notes, *drawing.notes]:
        out.extend(_wrap(note, width))
    return [line[:width] if len(line) > width else line for line in out]


def _figure_entry(state: HavenState, figure: Figure) -> str:
    shield = figure.shield + state.base_shield(figure)
    parts = [f"{figure_mark(state, figure.id)} {figure.id}{rank_text(state, figure)}"]
    parts.append(_("{hp}/{max_hp}hp", hp=figure.hp, max_hp=figure.max_hp))
    if shield:
        parts.append(_("shield {n}", n=shield))
    if figure.conditions:
        parts.append(terms_text(figure.conditions, "+"))
    return " ".join(parts) + f" @{figure.hex[0]},{figure.hex[1]}"


def _hand_lines(state: HavenState, hero: Hero, width: int, *, full: bool) -> list[str]:
    """A character's cards by name (``full``) or counted. While cards are being selected
    the chosen ones stay in the count (marked ``*``), so the number of cards does not
    shift between the first and the second pick."""
    chosen = [c for c in (hero.leading, hero.second) if c] if state.phase == "select" else []
    names = []
    for card_id in sorted(set(hero.hand) | set(chosen)):
        spec = cards.card(state, hero.id, card_id)
        names.append((spec.name or spec.id) + ("*" if card_id in chosen else ""))
    if hero.exhausted:
        head = _("{hero} (exhausted): {n} in hand", hero=hero.id, n=len(names))
    else:
        head = _("{hero}: {n} in hand", hero=hero.id, n=len(names))
    tail = _("discard {discard}, lost {lost}", discard=len(hero.discard), lost=len(hero.lost))
    if hero.xp:
        tail += ", " + _("xp {n}", n=hero.xp)
    money = loot_text(state, hero)
    if money:
        tail += f", {money}"
    if hero.items:
        tail += ", " + _("items {items}", items=items_text(state, hero))
    if state.phase != "select" and (hero.leading or hero.long_rest):
        picked = (
            _("long rest")
            if hero.long_rest
            else " + ".join(
                (cards.card(state, hero.id, c).name or c) for c in (hero.leading, hero.second) if c
            )
        )
        tail += "; " + _("playing {cards}", cards=picked)
    if not full:
        return _wrap(f"{head} ({tail})", width, "    ")
    return _wrap(f"{head} ({tail}): {', '.join(names)}", width, "    ")


def _acting_hero(state: HavenState) -> str | None:
    selecting = cards.selecting_hero(state) if state.phase == "select" else None
    if selecting is not None:
        return selecting.id
    actor = state.turn.actor if state.turn else None
    return actor if actor in state.heroes else None


def monster_card_lines(state: HavenState, width: int) -> list[str]:
    """Each monster group's ability card this round with every standee's own numbers
    (HV-MON-3, HV-MON-4: the card's values added to the normal or elite stats)."""
    from rulekeeper.games.haven import allies, monster_turns

    out: list[str] = []
    for name, group in state.groups.items():
        if not group.card or state.phase == "select":
            continue
        if name == allies.ALLY_GROUP:  # HV-GOAL-3: the allies' own deck
            out.extend(_ally_card_lines(state, width))
            continue
        deck = state.spec.monster_decks[state.spec.monster_types[name].deck]
        spec = next((c for c in deck.cards if c.id == group.card), None)
        if spec is None:
            continue
        card_text = actions_text(spec.actions)
        out.extend(
            _wrap(
                _(
                    "{monster}: card {card} (initiative {initiative}): {abilities}",
                    monster=" / ".join(initiative.set_of(state, name)),  # HV-INIT-6 [FH]
                    card=spec.id,
                    initiative=spec.initiative,
                    abilities=card_text,
                ),
                width,
                "  ",
            )
        )
        on_map = [f for t in initiative.set_of(state, name) for f in standees.on_map(state, t)]
        for figure in on_map:
            try:
                program = [
                    monster_turns.absolute(state, figure, a)
                    for a in monster_turns.program(state, figure)
                ]
            except (KeyError, StopIteration, RulekeeperError):
                continue
            rank = standees.rank(state, figure)
            shown = actions_text(tuple(program))
            line = f"  {figure_mark(state, figure.id)} {term_text(rank)}: {shown}"
            out.extend(_wrap(line, width, "      "))
    return out


def _ally_card_lines(state: HavenState, width: int) -> list[str]:
    """HV-GOAL-3: the allies' ability card this round and each ally's own numbers."""
    from rulekeeper.games.haven import allies

    spec = allies.card(state)
    if spec is None:
        return []
    head = _(
        "allies: card {card} (initiative {initiative}): {abilities}",
        card=spec.id,
        initiative=spec.initiative,
        abilities=actions_text(spec.actions),
    )
    out = _wrap(head, width, "  ")
    for figure in state.figures.values():
        if figure.kind != "ally":
            continue
        program = [allies.absolute(state, figure, a) for a in allies.program(state, figure)]
        line = f"  {figure_mark(state, figure.id)}: {actions_text(tuple(program))}"
        out.extend(_wrap(line, width, "      "))
    return out


def screen(
    state: HavenState, width: int, choices: Sequence[Action] = ()
) -> list[tuple[str, list[str]]]:
    """The haven play screen in sections (cli/play.py prints the ones that changed)."""
    title = _(
        "{scenario} · {ruleset} · round {round} · {phase} · seed {seed}",
        scenario=state.spec.title or state.spec.name,
        ruleset=state.rules.title,
        round=state.round,
        phase=term_text(state.phase),
        seed=state.seed,
    )
    goal = [
        line
        for part in scenario_text(state).plain.splitlines()
        for line in _wrap(part, width, "  ")
    ]
    order = " → ".join(state.order) if state.order else _("(selecting cards)")
    track = _("initiative: {order}", order=order)
    track += " · " + _("elements: {elements}", elements=elements_text(state))
    figures = _pack([_figure_entry(state, f) for f in state.figures.values()], width)
    acting = _acting_hero(state)
    hands = [
        line
        for hero in state.heroes.values()
        if hero.id == acting or acting is None
        for line in _hand_lines(state, hero, width, full=True)
    ]
    if acting is not None:
        others = [
            _hand_lines(state, hero, 10_000, full=False)[0]
            for hero in state.heroes.values()
            if hero.id != acting
        ]
        hands += _pack(others, width)
    return [
        ("title", _wrap(title, width)),
        ("goal", goal),
        ("board", screen_map(state, width, choices)),
        ("track", _wrap(track, width, "  ")),
        ("figures", figures),
        ("cards", monster_card_lines(state, width)),
        ("hands", hands),
    ]
