"""Elements: infused strong at the end of the infusing turn, consumed for a bonus, waning each round.

The element board is ``state.elements``: element -> ``"strong"`` or
``"waning"`` (absent = inert). An infusion takes effect at the end of the turn
that made it (GH p.24; FH p.29); an element is consumable while strong or
waning; at the end of every round strong elements wane and waning ones go
inert. A character's consumption for a bonus is its player's choice
(attack_resolution.offer_consumption); [FH] an action's upper-left consumption is paid before
any of the action or none of it is performed (cards.apply_play). Monsters
consume whenever they can.

Catalog: HV-ELEM-1 (inert at the start; infused at the end of the turn by a
figure that performed any ability of the action: ``infuse_at_end_of_turn``),
HV-ELEM-2 (:func:`wane` at the end of every round), HV-ELEM-3 (consumed while
strong or waning, never what the same turn infused: :func:`consume`), HV-ELEM-4
(optional for characters, mandatory upper-left costs; a monster group consumes once for all its monsters and infuses after its last
monster's turn: attack_resolution.consume_element, turn_sequence._infuse).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState

STRONG = "strong"
WANING = "waning"


def available(state: HavenState, element: str) -> bool:
    return state.elements.get(element) in (STRONG, WANING)


def consume(state: HavenState, element: str) -> bool:
    """HV-ELEM-3: consume ``element`` if it is strong or waning; True if it was."""
    if not available(state, element):
        return False
    del state.elements[element]
    return True


def infuse_at_end_of_turn(state: HavenState, elements: list[str]) -> None:
    for element in elements:
        state.elements[element] = STRONG


def wane(state: HavenState) -> None:
    """HV-ELEM-2: end of round: strong -> waning, waning -> inert."""
    state.elements = {e: WANING for e, level in sorted(state.elements.items()) if level == STRONG}
