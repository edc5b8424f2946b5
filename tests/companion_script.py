"""A scripted companion game of the fixture library's Ember Hall, shared by the engine, terminal
and web tests: one character, ability cards, elements, a boss that summons, loot and a treasure.

Chance outcomes are entered as drawn from the physical decks (``draw-ability``,
``draw-modifier``), so the game is the same whatever the seed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

LIBRARY = Path(__file__).parent / "data" / "companion-library"
SCENARIO = f"{LIBRARY}#ember-hall"

SCRIPT: list[dict[str, Any]] = [
    {"type": "party-size", "players": 1},
    {"type": "scenario-level", "level": 1},
    {"type": "choose-class", "character": "lampwright", "level": 2},
    {"type": "resolved", "rule": "The vault is hot: every character entering it suffers 1 damage."},
    # round 1
    {"type": "select-card", "character": "lampwright", "card": "lw-1"},
    {"type": "select-card", "character": "lampwright", "card": "lw-2"},
    {"type": "play-half", "card": "lw-1", "half": "top"},
    {"type": "play-half", "card": "lw-2", "half": "bottom"},
    {"type": "open-door", "room": "vault"},
    {"type": "draw-ability", "group": "cinder-tyrant", "card": "tyrant-smoulder"},
    {"type": "damage", "figure": "lampwright", "amount": 1, "source": "the vault's heat"},
    {"type": "infuse", "element": "fire"},
    {"type": "loot-treasure", "character": "lampwright", "treasure": "7"},
    {"type": "resolved", "rule": "treasure 7: its reward from the treasure index"},
    {"type": "attack", "attacker": "lampwright", "target": "cinder-tyrant-1", "value": 3},
    {"type": "draw-modifier", "deck": "lampwright", "card": "+1"},
    {"type": "end-turn"},
    {"type": "attack", "attacker": "cinder-tyrant-1", "target": "lampwright", "value": 4},
    {"type": "draw-modifier", "deck": "monsters", "card": "+0"},
    {"type": "end-turn"},
    {"type": "short-rest", "character": "lampwright", "rest": False},
    # round 2
    {"type": "select-card", "character": "lampwright", "card": "lw-3"},
    {"type": "select-card", "character": "lampwright", "card": "lw-4"},
    {"type": "draw-ability", "group": "cinder-tyrant", "card": "tyrant-roar"},
    {"type": "spawn", "monster": "ashrat", "elite": False},
    {"type": "draw-ability", "group": "ashrat", "card": "ash-flare"},
    {"type": "end-turn"},
    {"type": "play-half", "card": "lw-3", "half": "top"},
    {"type": "play-half", "card": "lw-4", "half": "bottom"},
    {"type": "attack", "attacker": "lampwright", "target": "cinder-tyrant-1", "value": 5},
    {"type": "draw-modifier", "deck": "lampwright", "card": "+0"},
    {"type": "loot", "character": "lampwright", "tokens": 1},
    {"type": "end-turn"},
    {"type": "attack", "attacker": "ashrat-1", "target": "lampwright", "value": 4},
    {"type": "draw-modifier", "deck": "monsters", "card": "-1"},
    {"type": "end-turn"},
]
"""Round 2: the boss's Special 2 summons an Ash Rat and infuses fire; the lampwright kills
the boss; the rat's card consumes the fire for +1 (HV-ELEM-4); the round is played out."""
