"""The terminal picture of a haven scenario: the map, figures, hands and the initiative track.

This module gathers the public names; each part lives in the module named for
what it decides: ``map_picture`` (the map drawn), ``state_tables`` (figures,
heroes, the scenario as rich tables), ``action_labels`` (actions in words) and
``play_screen`` (the terminal play screen's plain lines).
"""

from __future__ import annotations

from rulekeeper.games.haven.action_labels import describe_action
from rulekeeper.games.haven.map_picture import MAP_STYLES, MapView, drawing_text, map_text
from rulekeeper.games.haven.play_screen import screen
from rulekeeper.games.haven.state_tables import figures_table, heroes_table, render_state

__all__ = [
    "MAP_STYLES",
    "MapView",
    "describe_action",
    "drawing_text",
    "figures_table",
    "heroes_table",
    "map_text",
    "render_state",
    "screen",
]
