"""How the areas game looks in a terminal: the area map, the figures, the reach now.

The map is drawn as its graph: each area with its height, the capacity used,
who stands there, and its links (a solid barrier or a change of height is
marked on the link). When a hero or ally is acting, the reach panel shows the
same reach query the rules use: who can be attacked in melee, and the rule
that forbids each of the others. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rulekeeper.boards.textgrid import wrap
from rulekeeper.core.actions import Action
from rulekeeper.games.areas.actions import EnemyStep, EnemyTarget, MeleeAttack, Move, Pass, RollDie
from rulekeeper.games.areas.declaration import available_effects, melee_weapons
from rulekeeper.games.areas.reach import melee_reach, occupancy
from rulekeeper.games.areas.terms import FACES, PHASES, SIDES, say
from rulekeeper.i18n import _, _n, text_of

if TYPE_CHECKING:
    from rulekeeper.games.areas.game import AreasState


def render_state(state: AreasState) -> Group:
    """The whole board as a rich renderable."""
    header = Text()
    header.append(state.setup.title, style="bold")
    header.append(
        "   "
        + _(
            "round {round}/{limit}, {phase}",
            round=state.round,
            limit=state.setup.round_limit,
            phase=say(PHASES, state.phase),
        )
        + "\n",
        style="dim",
    )
    if not state.is_terminal():
        header.append(f"{state.player_name(state.current_player())}: ")
    header.append(state.pending_decision())
    parts: list[object] = [header, _area_table(state), _figure_table(state)]
    reach = _reach_panel(state)
    if reach is not None:
        parts.append(reach)
    if state.fallen:
        parts.append(Text(_("Removed: {figures}", figures=list(state.fallen)), style="dim"))
    return Group(*parts)  # type: ignore[arg-type]


def _figure_text(name: str, health: int, size: int) -> str:
    if size > 1:
        return _("{figure} {health}hp (size {size})", figure=name, health=health, size=size)
    return _("{figure} {health}hp", figure=name, health=health)


def _area_table(state: AreasState) -> Table:
    board = state.board
    used = occupancy(board, state.figures.values())
    table = Table(title=_("Area map"), title_justify="left", show_lines=False)
    table.add_column(_("area"))
    table.add_column(_("height"), justify="right")
    table.add_column(_("space"), justify="right")
    table.add_column(_("figures"))
    table.add_column(_("links (╳ solid barrier, ↑↓ other height)"))
    for area in board.areas.values():
        space = f"{used[area.id]}/{area.capacity}"
        if used[area.id] >= area.capacity:
            space += " " + _("full")
        here = [f for f in state.figures.values() if f.area == area.id]
        figures = ", ".join(_figure_text(f.name, f.health, f.size) for f in here)
        links = []
        for other_id in board.neighbours(area.id):
            other = board.area(other_id)
            mark = ""
            if board.has_barrier(area.id, other_id):
                mark = "╳ "
            elif other.height > area.height:
                mark = "↑ "
            elif other.height < area.height:
                mark = "↓ "
            links.append(f"{mark}{other.name}")
        table.add_row(
            f"{area.name} [{area.id}]", str(area.height), space, figures, ", ".join(links)
        )
    return table


def _figure_table(state: AreasState) -> Table:
    table = Table(title=_("Figures"), title_justify="left")
    for column in (_("figure"), _("side"), _("area"), _("health"), _("notes")):
        table.add_column(column)
    for figure in state.figures.values():
        notes: list[str] = []
        if figure.kind == "hero":
            hero = state.setup.heroes[figure.type_id]
            notes.append(_("items: {items}", items=[state.setup.items[i].name for i in hero.items]))
            effects = available_effects(state, figure)
            left = state.uses_left.get(figure.id, {})
            shown = [
                _n("{effect} ({n} use left)", "{effect} ({n} uses left)", left[k], effect=e.name)
                if k in left
                else e.name
                for k, e in effects.items()
            ]
            if shown:
                notes.append(_("effects: {effects}", effects=shown))
        if figure.poison:
            notes.append(_("poison {amount}", amount=figure.poison))
        if figure.stunned:
            notes.append(_("stunned"))
        table.add_row(
            figure.name,
            say(SIDES, figure.kind),
            state.board.area(figure.area).name,
            f"{figure.health}/{figure.max_health}",
            "; ".join(notes),
        )
    return table


def _reach_panel(state: AreasState) -> Text | None:
    """The acting figure's melee reach, per weapon or printed attack."""
    actor = state.actor()
    if actor is None:
        return None
    ranges: list[tuple[str, int | None]]
    if actor.kind == "hero":
        hero = state.setup.heroes[actor.type_id]
        ranges = [(w.name, w.range) for w in melee_weapons(state, hero)]
        if not ranges:
            return Text(
                _("{figure} has no active melee weapon (AR-REQ-2)", figure=actor.name),
                style="yellow",
            )
    else:
        ranges = [(a.name, a.range) for a in state.setup.allies[actor.type_id].attacks]
    text = Text()
    for label, at_range in ranges:
        if at_range:
            heading = _(
                "Melee reach of {figure} with {weapon}, range {range}:",
                figure=actor.name,
                weapon=label,
                range=at_range,
            )
        else:
            heading = _("Melee reach of {figure} with {weapon}:", figure=actor.name, weapon=label)
        text.append(heading + "\n", style="bold")
        for ruling in melee_reach(state.board, actor, state.figures, at_range):
            style = "green" if ruling.reachable else "red"
            text.append(f"  {text_of(ruling.line())}\n", style=style)
    return text


def describe(state: AreasState, action: Action) -> str:
    """Menu text for an action."""
    names = {f.id: f.name for f in state.figures.values()}
    board = state.board
    if isinstance(action, Move):
        figure = state.figures.get(action.figure)
        size = figure.size if figure else 1
        used = occupancy(board, state.figures.values())
        area = board.area(action.to) if action.to in board.areas else None
        where = f"{area.name} ({used[area.id]}/{area.capacity})" if area else action.to
        token = ""
        if figure and figure.kind == "hero" and action.token:
            tokens = {t.id: t.name for t in state.setup.heroes[figure.type_id].tokens}
            token = f" [{tokens.get(action.token, action.token)}]"
        who = names.get(action.figure, action.figure)
        if size > 1:
            return _(
                "{figure}: move to {area}{token} (size {size})",
                figure=who,
                area=where,
                token=token,
                size=size,
            )
        return _("{figure}: move to {area}{token}", figure=who, area=where, token=token)
    if isinstance(action, MeleeAttack):
        return _describe_attack(state, action)
    if isinstance(action, Pass):
        return _("{figure}: pass", figure=names.get(action.figure, action.figure))
    if isinstance(action, RollDie):
        try:
            successes = state.setup.die.successes(action.face)
        except KeyError:
            return action.label()
        return _n(
            "Action die shows {face} ({n} success)",
            "Action die shows {face} ({n} successes)",
            successes,
            face=say(FACES, action.face),
        )
    if isinstance(action, EnemyStep):
        area_name = board.area(action.to).name if action.to in board.areas else action.to
        return _(
            "{enemy} steps into {area}",
            enemy=names.get(action.enemy, action.enemy),
            area=area_name,
        )
    if isinstance(action, EnemyTarget):
        return _(
            "{enemy} attacks {target}",
            enemy=names.get(action.enemy, action.enemy),
            target=names.get(action.target, action.target),
        )
    return action.label()


def _describe_attack(state: AreasState, action: MeleeAttack) -> str:
    figure = state.figures.get(action.attacker)
    target = state.figures.get(action.target)
    target_text = action.target
    if target is not None:
        target_text = _(
            "{figure} in {area}", figure=target.name, area=state.board.area(target.area).name
        )
    if figure is None:
        return action.label()
    if figure.kind == "ally":
        attacks = {a.id: a for a in state.setup.allies[figure.type_id].attacks}
        attack = attacks.get(action.action)
        if attack is None:
            return action.label()
        if attack.damage is not None:
            return _(
                "{ally}: {attack} ({damage} damage) on {target}",
                ally=figure.name,
                attack=attack.name,
                damage=attack.damage,
                target=target_text,
            )
        return _(
            "{ally}: {attack} (no damage, stuns) on {target}",
            ally=figure.name,
            attack=attack.name,
            target=target_text,
        )
    hero = state.setup.heroes[figure.type_id]
    token = next((t for t in hero.tokens if t.id == action.action), None)
    used = (
        _n("{token} ({n} die)", "{token} ({n} dice)", token.dice, token=token.name)
        if token
        else action.action
    )
    weapon = state.setup.items.get(action.weapon or "")
    effects = [state.setup.items[e].name if e in state.setup.items else e for e in action.effects]
    own = {e.id: e.name for e in hero.effects}
    effects = [own.get(e, e) for e in effects]
    if weapon and effects:
        return _(
            "{hero}: {attack} with {weapon} on {target} + {effects}",
            hero=figure.name,
            attack=used,
            weapon=weapon.name,
            target=target_text,
            effects=effects,
        )
    if weapon:
        return _(
            "{hero}: {attack} with {weapon} on {target}",
            hero=figure.name,
            attack=used,
            weapon=weapon.name,
            target=target_text,
        )
    if effects:
        return _(
            "{hero}: {attack} on {target} + {effects}",
            hero=figure.name,
            attack=used,
            target=target_text,
            effects=effects,
        )
    return _("{hero}: {attack} on {target}", hero=figure.name, attack=used, target=target_text)


# -- the terminal play screen (cli/play.py) ------------------------------------------
def screen(
    state: AreasState, width: int, choices: Sequence[Action] = ()
) -> list[tuple[str, list[str]]]:
    """The areas play screen in sections of plain lines within ``width``."""
    board = state.board
    title = _(
        "{title} · round {round}/{limit} · {phase} · seed {seed}",
        title=state.setup.title,
        round=state.round,
        limit=state.setup.round_limit,
        phase=say(PHASES, state.phase),
        seed=state.seed,
    )
    goal = wrap(
        _(
            "goal: defeat every enemy (AR-END-1); lost when no hero stands or after round {limit}",
            limit=state.setup.round_limit,
        ),
        width,
    )
    used = occupancy(board, state.figures.values())
    areas: list[str] = []
    for area in board.areas.values():
        full = " " + _("full") if used[area.id] >= area.capacity else ""
        here = [
            _figure_text(f.name, f.health, f.size)
            for f in state.figures.values()
            if f.area == area.id
        ]
        links = []
        for other_id in board.neighbours(area.id):
            other = board.area(other_id)
            mark = ""
            if board.has_barrier(area.id, other_id):
                mark = "x "
            elif other.height > area.height:
                mark = _("up") + " "
            elif other.height < area.height:
                mark = _("down") + " "
            links.append(f"{mark}{other.name}")
        head = f"{area.name} h{area.height} {used[area.id]}/{area.capacity}{full}"
        who = ", ".join(here) or _("empty")
        areas += wrap(f"{head}: {who} -> {', '.join(links)}", width, "    ")
    areas += wrap(_("links: x solid barrier, up/down another height"), width)
    figures: list[str] = []
    for figure in state.figures.values():
        notes = []
        if figure.poison:
            notes.append(_("poison {amount}", amount=figure.poison))
        if figure.stunned:
            notes.append(_("stunned"))
        if figure.kind == "hero":
            effects = available_effects(state, figure)
            left = state.uses_left.get(figure.id, {})
            notes += [
                _("{effect} {n} left", effect=e.name, n=left[k]) if k in left else e.name
                for k, e in effects.items()
            ]
        extra = f" ({', '.join(notes)})" if notes else ""
        figures.append(
            f"{figure.name} [{say(SIDES, figure.kind)}] {figure.health}/{figure.max_health}{extra}"
        )
    out = [
        ("title", wrap(title, width)),
        ("goal", goal),
        ("board", areas),
        ("figures", [line for f in figures for line in wrap(f, width, "    ")]),
    ]
    if state.fallen:
        out.append(("fallen", wrap(_("removed: {figures}", figures=list(state.fallen)), width)))
    return out
