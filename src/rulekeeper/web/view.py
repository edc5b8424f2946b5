"""What a browser is sent about a table: board SVG, legal actions, log, outcome.

The view lists ``legal_actions()`` with each action's JSON form and, where the
board drawer says an action has a place (a hex, a room, a space, an area),
that place; the page makes those places clickable and every other action a
button. Nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from pathlib import PurePath
from typing import Any

from rulekeeper.core.game import State
from rulekeeper.i18n import N_, _, text_of
from rulekeeper.web.boards import drawer
from rulekeeper.web.boards.svg import action_json, esc, svg_open
from rulekeeper.web.tables import Table

LOG_SHOWN = 200
"""Newest log entries sent with each view (the whole log is in the save)."""
RESULTS = (N_("won"), N_("lost"))
"""The outcomes every family uses; ``result`` stays the machine word, ``result_text`` is shown."""


def _fallback_board(state: State) -> str:
    return (
        svg_open((0, 0, 600, 60), f"{state.game.name} board")
        + f'<text x="10" y="35">{esc(state.pending_decision())}</text></svg>'
    )


def table_view(table: Table) -> dict[str, Any]:
    state = table.state
    module = drawer(state.game.name)
    board = module.draw(state) if module else _fallback_board(state)
    panel = module.panel(state) if module else ""
    actions = [] if state.is_terminal() else state.legal_actions()
    places = [module.place_of(state, a) if module else None for a in actions]
    shared = Counter(p for p in places if p is not None)
    listed = []
    for action, place in zip(actions, places, strict=True):
        listed.append(
            {
                "json": action_json(action.to_json()),
                "label": state.game.describe_action(state, action),
                # a place shared by several actions is highlighted, and each is a button
                "place": place if place is not None and shared[place] == 1 else None,
                "near": place,
            }
        )
    history = state.history
    can_undo = any(player >= 0 for player, _ in history)
    outcome = state.outcome()
    log = state.log[-LOG_SHOWN:]
    first = len(state.log) - len(log)
    return {
        "id": table.id,
        "version": table.version,
        "game": state.game.name,
        "title": state.game.shown_title(),
        "ruleset": state.ruleset,
        "scenario": state.scenario,
        # a scenario from the folder is shown by its file name, not the server's path to it
        "scenario_label": PurePath(state.scenario).name
        if "/" in state.scenario
        else state.scenario,
        "seed": state.seed,
        "chance": table.chance,
        "save": table.save_name,
        "player": None if state.is_terminal() else state.player_name(state.current_player()),
        "decision": "" if state.is_terminal() else state.pending_decision(),
        "chance_node": state.is_chance_node(),
        "board": board,
        "panel": panel,
        "actions": listed,
        # each entry in the reader's language (Event.to_json() keeps English for the saves)
        "log": [
            {"n": first + n + 1, "kind": e.kind, "text": e.text, "rules": list(e.rules)}
            for n, e in enumerate(log)
        ],
        "outcome": None
        if outcome is None
        else {
            "result": outcome.result,
            "result_text": _(outcome.result),
            "summary": text_of(outcome.summary),  # a family may keep it as a message
        },
        "can_undo": can_undo,
        "can_redo": bool(table.redo_stack),
        "actions_played": len(history),
    }
