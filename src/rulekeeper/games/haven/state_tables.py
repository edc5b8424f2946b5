"""The haven state as rich tables: figures, heroes with their cards, items and loot, the
scenario's goal and rules, and the whole picture with the map (``render_state``).
"""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.table import Table
from rich.text import Text

from rulekeeper.games.haven import class_resources, objectives, special_rules, standees
from rulekeeper.games.haven.action_labels import term_text, terms_text
from rulekeeper.games.haven.map_picture import MapView, figure_mark
from rulekeeper.games.haven.state import Figure, HavenState, Hero
from rulekeeper.i18n import _, _n, text_of


def figures_table(state: HavenState) -> Table:
    table = Table(title=_("Figures"), show_lines=False)
    for column in (_("mark"), _("figure"), _("hex"), _("HP"), _("shield"), _("conditions")):
        table.add_column(column)
    for figure in state.figures.values():
        shield = figure.shield + state.base_shield(figure)
        table.add_row(
            figure_mark(state, figure.id),
            figure.id + rank_text(state, figure),
            ", ".join(str(list(h)) for h in figure.covers),
            f"{figure.hp}/{figure.max_hp}",
            str(shield or ""),
            terms_text(figure.conditions),
        )
    return table


def rank_text(state: HavenState, figure: Figure) -> str:
    """ " (elite)" or " (boss)" (HV-BOSS-1); nothing for a normal monster or a character;
    " (objective)" (HV-GOAL-2, " guarded" when the monsters are after it) or " (ally)"."""
    if figure.kind == "objective":
        return " " + (_("(objective, guarded)") if figure.guarded else _("(objective)"))
    if figure.kind == "ally":
        return " " + _("(ally {number})", number=figure.standee)
    if figure.kind != "monster":
        return ""
    rank = standees.rank(state, figure)
    return "" if rank == "normal" else f" ({term_text(rank)})"


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
            items_text(state, hero),
            loot_text(state, hero),
            str(hero.xp or ""),
            *([class_resources.describe(state, hero)] if resources else []),
        )
    return table


def items_text(state: HavenState, hero: Hero) -> str:
    """HV-ITEM-3/4: each item by its name (a turned-over item by its back's) with its state
    (spent, consumed, use slots marked)."""
    out = []
    for item in hero.items:
        spec = state.spec.items.get(item)
        name = item if spec is None else spec.name
        if spec is not None and item in hero.flipped and spec.back is not None:
            name = spec.back.name or name  # [FH] the back's own name, if it has one
        if item in hero.consumed:
            out.append(_("{item} (consumed)", item=name))
        elif item in hero.spent:
            out.append(_("{item} (spent)", item=name))
        elif hero.item_marks.get(item):
            out.append(_("{item} ({n} used)", item=name, n=hero.item_marks[item]))
        else:
            out.append(name)
        if item in hero.flipped:
            out[-1] = _("{item}, turned over", item=out[-1])
    return ", ".join(out)


def loot_text(state: HavenState, hero: Hero) -> str:
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
            phase=term_text(state.phase),
        ),
        style="bold",
    )
    order = " → ".join(state.order) if state.order else _("(selecting)")
    track = Text(_("initiative: {order}", order=order))
    elements = Text(_("elements: {elements}", elements=elements_text(state)))
    return RichGroup(
        header,
        scenario_text(state),
        MapView(state),
        track,
        elements,
        figures_table(state),
        heroes_table(state),
    )


def elements_text(state: HavenState) -> str:
    """HV-ELEM-*: each strong or waning element, or "all inert"."""
    shown = [
        _("{element} {level}", element=term_text(e), level=term_text(lvl))
        for e, lvl in state.elements.items()
    ]
    return ", ".join(shown) or _("all inert")
