"""The terminal picture of a haven scenario: the map, figures, hands and the initiative track."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.console import Group as RichGroup
from rich.table import Table
from rich.text import Text

from rulekeeper.boards import hexdraw, hexgrid
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.games.haven import (
    cards,
    class_resources,
    initiative,
    loot,
    map_state,
    monster_effects,
    objectives,
    special_rules,
    standees,
)
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseElement,
    ChooseMonsterOption,
    ChooseTarget,
    ConsumeElement,
    DeclineEffect,
    EndBonus,
    Escape,
    ForceStep,
    ItemsDone,
    KeepEffects,
    LongRest,
    LongRestHeal,
    LoseCard,
    MoveTo,
    Negate,
    PlaceArea,
    PlaceSummon,
    PlayHalf,
    RecoverCard,
    Redraw,
    RefreshItem,
    RefreshItems,
    Resolved,
    RestLoss,
    SelectCard,
    ShortRest,
    Skip,
    UseItem,
)
from rulekeeper.games.haven.attack_draw import KeepModifier
from rulekeeper.games.haven.scenario_format import AbilitySpec, HalfSpec
from rulekeeper.games.haven.state import Figure, HavenState, Hero
from rulekeeper.games.haven.terms import term, terms
from rulekeeper.i18n import _, _n, text_of


def _term(word: str) -> str:
    """A game term (element, condition, phase, rank, half) in the current language."""
    return text_of(term(word))


def _terms(words: Sequence[str], sep: str = ", ") -> str:
    return sep.join(_term(word) for word in words)


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
    return f"{letter}{figure.standee or '?'}"  # HV-SCEN-1: "?" until its number is drawn


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
    linked = [pair for pair in state.spec.links if pair[0] in visible and pair[1] in visible]
    for n, pair in enumerate(linked):  # HV-ROOM-5: both hexes of a link carry one mark
        for h in pair:
            labels[h] = "L" + _LINK_MARKS[n % len(_LINK_MARKS)]
    actor = state.turn.actor if state.turn else None
    for figure in state.figures.values():
        kind = "elite" if figure.elite else figure.kind
        for h in figure.covers:  # HV-GOAL-2: an objective may cover several hexes
            if h in visible:
                labels[h] = _figure_mark(state, figure.id)[:2]
                tags[h] = [kind] + (["actor"] if figure.id == actor else [])
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
            _("[] closed door") if doors else "",
            _("LD locked door") if locked else "",
            _token_legend(state) if state.money else "",
            _("TT treasure") if state.treasures else "",
            _("PP pressure plate") if any(h in visible for h in plates) else "",
            _("L1 linked hexes (the two hexes with one mark)") if linked else "",
            _("(unrevealed rooms are not drawn)") if hidden else "",
        )
        if part
    )
    below = Text(legend + "\n" if legend else "", style="dim")
    for note in drawing.notes:
        below.append(note + "\n", style="default")
    return RichGroup(drawing_text(drawing, MAP_STYLES), below)


_LINK_MARKS = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The second character of a link's mark, one per link shown (HV-ROOM-5)."""


def _token_legend(state: HavenState) -> str:
    if loot.token_name(state) == "loot":
        return _("$N loot tokens")
    return _("$N money tokens")


class MapView:
    """The map as a rich renderable, drawn for the console's width when printed."""

    def __init__(self, state: HavenState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield map_text(self.state, width=options.max_width)


def figures_table(state: HavenState) -> Table:
    table = Table(title=_("Figures"), show_lines=False)
    for column in (_("mark"), _("figure"), _("hex"), _("HP"), _("shield"), _("conditions")):
        table.add_column(column)
    for figure in state.figures.values():
        shield = figure.shield + state.base_shield(figure)
        table.add_row(
            _figure_mark(state, figure.id),
            figure.id + _rank_text(state, figure),
            ", ".join(str(list(h)) for h in figure.covers),
            f"{figure.hp}/{figure.max_hp}",
            str(shield or ""),
            _terms(figure.conditions),
        )
    return table


def _rank_text(state: HavenState, figure: Figure) -> str:
    """ " (elite)" or " (boss)" (HV-BOSS-1); nothing for a normal monster or a character;
    " (objective)" (HV-GOAL-2, " guarded" when the monsters are after it) or " (ally)"."""
    if figure.kind == "objective":
        return " " + (_("(objective, guarded)") if figure.guarded else _("(objective)"))
    if figure.kind == "ally":
        return " " + _("(ally {number})", number=figure.standee)
    if figure.kind != "monster":
        return ""
    rank = standees.rank(state, figure)
    return "" if rank == "normal" else f" ({_term(rank)})"


def heroes_table(state: HavenState) -> Table:
    table = Table(title=_("Characters"))
    for column in (
        _("character"),
        _("hand"),
        _("discard"),
        _("lost cards"),
        _("selected"),
        _("initiative"),
        _("items"),
        _("loot"),
        _("xp"),
    ):
        table.add_column(column)
    # HV-DECK-5: class resources, a column only when a class in play has some
    resources = any(state.spec.classes[hero.id].resources for hero in state.heroes.values())
    if resources:
        table.add_column(_("class resources"))
    for hero in state.heroes.values():
        selected = (
            _("long rest")
            if hero.long_rest
            else ", ".join(c for c in (hero.leading, hero.second) if c)
        )
        table.add_row(
            hero.id
            + (" " + _("(exhausted)") if hero.exhausted else "")
            + (" " + _("(escaped)") if hero.escaped else ""),
            ", ".join(sorted(hero.hand)),
            str(len(hero.discard)),
            str(len(hero.lost)),
            selected if state.phase != "select" else (_("chosen") if hero.selected else ""),
            str(hero.initiative or ""),
            _items_text(hero),
            _loot_text(state, hero),
            str(hero.xp or ""),
            *([class_resources.describe(state, hero)] if resources else []),
        )
    return table


def _items_text(hero: Hero) -> str:
    """HV-ITEM-3/4: each item with its state (spent, consumed, use slots marked)."""
    out = []
    for item in hero.items:
        if item in hero.consumed:
            out.append(_("{item} (consumed)", item=item))
        elif item in hero.spent:
            out.append(_("{item} (spent)", item=item))
        elif hero.item_marks.get(item):
            out.append(_("{item} ({n} used)", item=item, n=hero.item_marks[item]))
        else:
            out.append(item)
        if item in hero.flipped:
            out[-1] = _("{item}, turned over", item=out[-1])
    return ", ".join(out)


def _loot_text(state: HavenState, hero: Hero) -> str:
    parts = []
    if hero.money:
        parts.append(_n("{n} money token", "{n} money tokens", hero.money))
    if hero.loot_cards:
        parts.append(_n("{n} loot card", "{n} loot cards", len(hero.loot_cards)))
    if hero.treasures:
        parts.append(_("treasure {names}", names=", ".join(hero.treasures)))
    if hero.gold:
        parts.append(_("{gold} gold", gold=hero.gold))
    return ", ".join(parts)


def scenario_text(state: HavenState) -> Text:
    """The goal and the special rules, always on screen (HV-GOAL-1, HV-SCEN-7)."""
    text = Text(_("goal: {goal}", goal=text_of(objectives.describe(state))))
    if state.spec.round_limit:
        text.append(" — " + _("lost at the end of round {round}", round=state.spec.round_limit))
    why = text_of(state.result_text)
    if state.ending == "won":
        text.append(" — " + _("won once this round ends ({why})", why=why), style="bold")
    elif state.ending:
        text.append(" — " + _("lost once this round ends ({why})", why=why), style="bold")
    for note in state.spec.special_rules:
        text.append("\n" + _("resolve by hand: {text}", text=note), style="yellow")
    for n, rule in enumerate(state.spec.rules):
        shown = text_of(special_rules.describe(rule))
        if n in state.fired and not rule.repeat:
            text.append("\n" + _("rule: {rule} (done)", rule=shown))
        else:
            text.append("\n" + _("rule: {rule}", rule=shown))
    for pending in state.by_hand:
        note = _("pending, resolve by hand: {text}", text=text_of(pending))
        text.append("\n" + note, style="bold yellow")
    return text


def render_state(state: HavenState) -> RichGroup:
    header = Text(
        _(
            "{scenario} — {ruleset} rules — round {round} — phase {phase}",
            scenario=state.spec.title or state.spec.name,
            ruleset=state.rules.title,
            round=state.round,
            phase=_term(state.phase),
        ),
        style="bold",
    )
    order = " → ".join(state.order) if state.order else _("(selecting)")
    track = Text(_("initiative: {order}", order=order))
    elements = Text(_("elements: {elements}", elements=_elements_text(state)))
    return RichGroup(
        header,
        scenario_text(state),
        MapView(state),
        track,
        elements,
        figures_table(state),
        heroes_table(state),
    )


def _elements_text(state: HavenState) -> str:
    """HV-ELEM-*: each strong or waning element, or "all inert"."""
    shown = [
        _("{element} {level}", element=_term(e), level=_term(lvl))
        for e, lvl in state.elements.items()
    ]
    return ", ".join(shown) or _("all inert")


def _card_name(state: HavenState, hero: str, card_id: str) -> str:
    try:
        spec = cards.card(state, hero, card_id)
    except (KeyError, StopIteration, RulekeeperError):
        return card_id
    return spec.name or spec.id


def _item_name(state: HavenState, item_id: str) -> str:
    item = state.spec.items.get(item_id)
    return item.name if item is not None and item.name else item_id


def _hex_text(h: tuple[int, int]) -> str:
    return f"[{h[0]}, {h[1]}]"


def _harm_text(state: HavenState, h: tuple[int, int]) -> str:
    """HV-MOVE-2: what a path of a ``via`` move enters at ``h``."""
    if h in state.spec.map.terrain.trap:
        return _("the trap at {hex}", hex=_hex_text(h))
    return _("the hazardous terrain at {hex}", hex=_hex_text(h))


def _yes_no(flag: bool) -> str:
    return _("yes") if flag else _("no")


def _monster_option_text(state: HavenState, action: ChooseMonsterOption) -> str:
    """HV-MOVE-MON-3: one of the mover's tied options in words (the action keeps its English summary)."""
    options = state.turn.options if state.turn else []
    if not 0 <= action.index < len(options):
        return action.summary
    option = options[action.index]
    hex_text = str(option["move_to"])
    if option["targets"] and option.get("condition"):
        return _(
            "give {conditions} to {targets}",
            conditions=terms(option["condition"]["conditions"]),
            targets=list(option["targets"]),
        )
    if option.get("effect"):
        effect = AbilitySpec.model_validate(option["effect"])
        return _(
            "{ability} on {targets}",
            ability=text_of(monster_effects.effect_text(effect)),
            targets=list(option["targets"]),
        )
    if option["targets"]:
        return _("move to {hex}, attack {targets}", hex=hex_text, targets=list(option["targets"]))
    if option.get("focus"):
        return _("move to {hex} (focus {focus})", hex=hex_text, focus=option["focus"])
    return _("move to {hex}", hex=hex_text)


def _human_label(state: HavenState, action: Action) -> str | None:
    """Plain words for the actions whose own label is an id or a flag."""
    if isinstance(action, LongRest):
        return _(
            "{character}: long rest (no cards played; initiative 99)", character=action.character
        )
    if isinstance(action, ActFirst):
        return _("{character} acts first", character=action.character)
    if isinstance(action, MoveTo):
        if not action.via:
            return _("move to {hex}", hex=_hex_text(action.hex))
        return _(
            "move to {hex} through {harms}",
            hex=_hex_text(action.hex),
            harms=", ".join(_harm_text(state, h) for h in action.via),
        )
    if isinstance(action, ForceStep):
        return _("push/pull the target to {hex}", hex=_hex_text(action.hex))
    if isinstance(action, PlaceSummon):
        return _("place the summon on {hex}", hex=_hex_text(action.hex))
    if isinstance(action, PlaceArea):
        return _("area on {hexes}", hexes=", ".join(_hex_text(h) for h in action.hexes))
    if isinstance(action, ChooseTarget):
        stage = state.turn.stage if state.turn else ""
        if stage in ("heal", "monster_heal"):
            return _("heal {figure}", figure=action.figure)
        if stage == "area_target":
            return _("attack {figure} next", figure=action.figure)
        if stage == "condition":
            return _("give {figure} the conditions", figure=action.figure)
        if stage == "added_target":
            return _("attack {figure} as the added target", figure=action.figure)
        return _("attack {figure}", figure=action.figure)
    if isinstance(action, Skip):
        if state.turn is not None and state.turn.stage == "added_target":
            return _("leave the added target out")
        return _("skip the rest of this ability")
    if isinstance(action, ChooseElement):
        return _("the modifier card infuses {element}", element=_term(action.element))
    if isinstance(action, ChooseMonsterOption):
        return _("the monster: {option}", option=_monster_option_text(state, action))
    if isinstance(action, Negate):
        if action.choice == "suffer":
            return _("{character} suffers the damage", character=action.character)
        if action.choice == "hand":
            return _("{character} loses 1 card from hand instead", character=action.character)
        return _(
            "{character} loses 2 cards from the discard pile instead", character=action.character
        )
    if isinstance(action, LoseCard | RestLoss):
        name = _card_name(state, action.character, action.card)
        return _("{character}: lose {card}", character=action.character, card=name)
    if isinstance(action, RecoverCard):
        hero = state.turn.actor if state.turn else ""
        return _("recover {card}", card=_card_name(state, hero, action.card))
    if isinstance(action, ShortRest):
        return _(
            "{character}: short rest: {answer}",
            character=action.character,
            answer=_yes_no(action.rest),
        )
    if isinstance(action, Redraw):
        if action.redraw:
            return _(
                "{character}: suffer 1 damage to lose another random card instead",
                character=action.character,
            )
        return _("{character}: lose the card drawn at random", character=action.character)
    if isinstance(action, LongRestHeal):
        return _(
            "{character}: long-rest heal 2: {answer}",
            character=action.character,
            answer=_yes_no(action.heal),
        )
    if isinstance(action, RefreshItem):
        return _("refresh {item}", item=_item_name(state, action.item))
    if isinstance(action, ItemsDone):
        return _("{character}: use no more items against this attack", character=action.character)
    if isinstance(action, RefreshItems):
        return _(
            "{character}: refresh spent items: {answer}",
            character=action.character,
            answer=_yes_no(action.refresh),
        )
    if isinstance(action, UseItem):
        return _(
            "{character}: use {item}",
            character=action.character,
            item=_item_name(state, action.item),
        )
    if isinstance(action, EndBonus):
        hero = state.turn.actor if state.turn else ""
        return _("end the active card {card}", card=_card_name(state, hero, action.card))
    if isinstance(action, KeepEffects):
        return _("keep the drawn cards' added effects")
    if isinstance(action, DeclineEffect):
        return _("decline the added effect {effect}", effect=action.effect)
    if isinstance(action, ConsumeElement):
        return _(
            "consume {element}: {answer}",
            element=_term(action.element),
            answer=_yes_no(action.consume),
        )
    if isinstance(action, Escape):
        if action.escape:
            return _("{character}: escape the scenario", character=action.character)
        return _("{character}: stay in the scenario", character=action.character)
    if isinstance(action, Resolved):
        return _("resolved by hand: {rule}", rule=_by_hand_note(state, action.rule))
    if isinstance(action, KeepModifier):
        return _("keep the modifier card {card}", card=action.card)
    return None


def _by_hand_note(state: HavenState, label: str) -> str:
    """The pending by-hand note a ``Resolved`` action names (its English text, cut), shown in
    the current language."""
    for note in state.by_hand:
        if text_of(note, "en")[:80] == label:
            return text_of(note)
    return label


def describe_action(state: HavenState, action: Action) -> str:
    human = _human_label(state, action)
    if human is not None:
        return human
    if isinstance(action, SelectCard):
        spec = cards.card(state, action.character, action.card)
        return _(
            "select {card} (initiative {initiative}): {halves}",
            card=spec.name or spec.id,
            initiative=spec.initiative,
            halves=_halves(state, action),
        )
    if isinstance(action, PlayHalf):
        hero = state.turn.actor if state.turn else ""
        if action.basic:
            name = _card_name(state, hero, action.card)
            if action.half == "top":
                return _("top of {card} as the basic Attack 2", card=name)
            return _("bottom of {card} as the basic Move 2", card=name)
        spec = cards.card(state, hero, action.card)
        half = spec.top if action.half == "top" else spec.bottom
        shown = _half_text(half)
        if action.half == "top":
            text = _("top of {card}: {abilities}", card=spec.name or spec.id, abilities=shown)
        else:
            text = _("bottom of {card}: {abilities}", card=spec.name or spec.id, abilities=shown)
        if half.consume:
            text += " " + _("(first consume {elements}: HV-ELEM-4)", elements=_terms(half.consume))
        return text
    return action.label()


def _half_text(half: HalfSpec) -> str:
    text = _actions_text(half.actions)
    return text + " " + _("(lost)") if half.lost else text


def _halves(state: HavenState, action: SelectCard) -> str:
    spec = cards.card(state, action.character, action.card)
    return _(
        "top {top} / bottom {bottom}", top=_half_text(spec.top), bottom=_half_text(spec.bottom)
    )


def _ability_text(a: AbilitySpec) -> str:
    """One ability in words: its kind and value, then its modifiers."""
    if a.type == "by_hand":
        return _("by hand: {text}", text=a.text[:60])
    valued = ("move", "attack", "heal", "shield", "retaliate")
    text = f"{_term(a.type)} {a.value}" if a.type in valued else _term(a.type)
    if a.type == "refresh":
        text += f" {a.value} {_term(a.refresh)}"
    if a.type == "move" and (a.jump or a.flying):
        text += " " + (_term("jump") if a.jump else _term("flying"))
    if a.type in ("push", "pull", "damage"):
        text = f"{_term(a.type)} {a.value}"
    if a.type in ("attack", "heal", "retaliate", "push", "pull", "damage") and a.range:
        text += " " + _("range {n}", n=a.range)
    if a.targets > 1:
        text += " " + _("targets {n}", n=a.targets)
    if a.pierce:
        text += " " + _("pierce {n}", n=a.pierce)
    if a.aoe:
        text += " " + _n("area of {n} hex", "area of {n} hexes", len(a.aoe))
    if a.push:
        text += " " + _("push {n}", n=a.push)
    if a.pull:
        text += " " + _("pull {n}", n=a.pull)
    if a.conditions:
        text += " " + _terms(a.conditions, "+")
    if a.summon:
        text += f" {a.summon}"
    if a.element:
        text += f" {_term(a.element)}"
        if a.consume_bonus:
            text += " " + _("(consume for +{n})", n=a.consume_bonus)
    return text


def _actions_text(actions: tuple) -> str:  # type: ignore[type-arg]
    return ", ".join(_ability_text(a) for a in actions) or _("nothing")


# -- the terminal play screen (cli/play.py): plain lines that fit the width ---------------
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
                labels[h] = _figure_mark(state, figure.id)[:2]
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
    parts = [f"{_figure_mark(state, figure.id)} {figure.id}{_rank_text(state, figure)}"]
    parts.append(_("{hp}/{max_hp}hp", hp=figure.hp, max_hp=figure.max_hp))
    if shield:
        parts.append(_("shield {n}", n=shield))
    if figure.conditions:
        parts.append(_terms(figure.conditions, "+"))
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
    money = _loot_text(state, hero)
    if money:
        tail += f", {money}"
    if hero.items:
        tail += ", " + _("items {items}", items=_items_text(hero))
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
        card_text = _actions_text(spec.actions)
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
            shown = _actions_text(tuple(program))
            line = f"  {_figure_mark(state, figure.id)} {_term(rank)}: {shown}"
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
        abilities=_actions_text(spec.actions),
    )
    out = _wrap(head, width, "  ")
    for figure in state.figures.values():
        if figure.kind != "ally":
            continue
        program = [allies.absolute(state, figure, a) for a in allies.program(state, figure)]
        line = f"  {_figure_mark(state, figure.id)}: {_actions_text(tuple(program))}"
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
        phase=_term(state.phase),
        seed=state.seed,
    )
    goal = [
        line
        for part in scenario_text(state).plain.splitlines()
        for line in _wrap(part, width, "  ")
    ]
    order = " → ".join(state.order) if state.order else _("(selecting cards)")
    track = _("initiative: {order}", order=order)
    track += " · " + _("elements: {elements}", elements=_elements_text(state))
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
