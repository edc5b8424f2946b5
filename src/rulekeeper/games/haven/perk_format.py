"""A perk in a haven file (HV-DECK-2): the modifier cards it removes and adds.

Its own module, on the spec base alone: a deck file (``haven odds --deck``) lists
perks too and needs none of the rest of the scenario format.
"""

from __future__ import annotations

from rulekeeper.games.haven.spec_base import Positive, SpecModel


class PerkSpec(SpecModel):
    """HV-DECK-2: one perk: modifier cards it removes from and adds to the deck."""

    remove: dict[str, Positive] = {}
    """Modifier cards the perk removes, by card id and count."""
    add: dict[str, Positive] = {}
    """Modifier cards the perk adds, by card id and count."""
    text: str = ""
    """The perk as printed, for the players."""
