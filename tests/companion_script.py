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
    {"type": "negate", "character": "lampwright", "choice": "suffer"},
    {"type": "infuse", "element": "fire"},
    {"type": "loot-treasure", "character": "lampwright", "treasure": "7"},
    {"type": "resolved", "rule": "treasure 7: its reward from the treasure index"},
    {"type": "attack", "attacker": "lampwright", "target": "cinder-tyrant-1", "value": 3},
    {"type": "draw-modifier", "deck": "lampwright", "card": "+1"},
    {"type": "end-turn"},
    {"type": "attack", "attacker": "cinder-tyrant-1", "target": "lampwright", "value": 4},
    {"type": "draw-modifier", "deck": "monsters", "card": "+0"},
    {"type": "negate", "character": "lampwright", "choice": "suffer"},
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
    {"type": "negate", "character": "lampwright", "choice": "suffer"},
    {"type": "end-turn"},
]
"""Round 2: the boss's Special 2 summons an Ash Rat and infuses fire; the lampwright kills
the boss; the rat's card consumes the fire for +1 (HV-ELEM-4); the round is played out."""


GHS_FOLDER = Path(__file__).parent / "data" / "companion-ghs"
"""An original fixture in the GHS data folder's shape: `rulekeeper haven import` makes the
library the imported game below is played from (scenario ``gh-1``, one character)."""

IMPORTED_SCRIPT: list[dict[str, Any]] = [
    {"type": "party-size", "players": 1},
    {"type": "scenario-level", "level": 1},
    {"type": "choose-class", "character": "lampwright", "level": 2},
    {
        "type": "resolved",
        "rule": "round R == 2, at the start of the round: The braziers flare: infuse fire.",
    },
    # round 1: the lampwright kills the rat, opens the door to the boss and the altar
    {"type": "select-card", "character": "lampwright", "card": "lampwright-1"},
    {"type": "select-card", "character": "lampwright", "card": "lampwright-2"},
    {"type": "draw-ability", "group": "ash-rat", "card": "ash-rat-3"},
    {"type": "play-half", "card": "lampwright-1", "half": "bottom"},
    {"type": "play-half", "card": "lampwright-2", "half": "top"},
    {"type": "infuse", "element": "fire"},
    {"type": "attack", "attacker": "lampwright", "target": "ash-rat-1", "value": 4},
    {"type": "draw-modifier", "deck": "lampwright", "card": "+1"},
    {"type": "loot", "character": "lampwright", "tokens": 1},
    {"type": "open-door", "room": "2"},
    {"type": "draw-ability", "group": "cinder-tyrant", "card": "tyrant-3"},
    {"type": "end-turn"},
    {"type": "attack", "attacker": "cinder-tyrant-1", "target": "lampwright", "value": 4},
    {"type": "draw-modifier", "deck": "monsters", "card": "+0"},
    {"type": "negate", "character": "lampwright", "choice": "suffer"},
    {"type": "end-turn"},
    {"type": "short-rest", "character": "lampwright", "rest": False},
    # round 2: the boss's Special 2 summons a rat and infuses fire; the boss falls
    {"type": "select-card", "character": "lampwright", "card": "lampwright-3"},
    {"type": "select-card", "character": "lampwright", "card": "lampwright-4"},
    {"type": "draw-ability", "group": "cinder-tyrant", "card": "tyrant-1"},
    {"type": "spawn", "monster": "ash-rat", "elite": False},
    {"type": "draw-ability", "group": "ash-rat", "card": "ash-rat-2"},
    {"type": "end-turn"},
    {
        "type": "attack",
        "attacker": "ash-rat-1",
        "target": "lampwright",
        "value": 2,
        "conditions": ["poison"],
    },
    {"type": "draw-modifier", "deck": "monsters", "card": "-1"},
    # the lampwright negates the damage by losing two discarded cards (HV-NEG-1)
    {"type": "negate", "character": "lampwright", "choice": "discard"},
    {"type": "lose-card", "character": "lampwright", "card": "lampwright-1"},
    {"type": "lose-card", "character": "lampwright", "card": "lampwright-2"},
    {"type": "end-turn"},
    {"type": "play-half", "card": "lampwright-3", "half": "top"},
    {"type": "play-half", "card": "lampwright-4", "half": "bottom"},
    {"type": "consume", "element": "fire"},
    {"type": "attack", "attacker": "lampwright", "target": "cinder-tyrant-1", "value": 7},
    {"type": "draw-modifier", "deck": "lampwright", "card": "+2"},
    {"type": "declare-result", "result": "won"},
    {"type": "loot", "character": "lampwright", "tokens": 1},
    {"type": "loot-treasure", "character": "lampwright", "treasure": "4"},
    {"type": "resolved", "rule": "treasure 4: its reward from the treasure index"},
    {"type": "end-turn"},
]
