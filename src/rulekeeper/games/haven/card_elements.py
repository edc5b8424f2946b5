"""The element a drawn modifier card's "infuse any" makes strong (HV-ELEM-1, HV-ELEM-3).

"Infuse any" on a kept card is one element of the attacker's choice, strong at the
end of its turn: its player picks it for a character (and the summoner's player for
a summon), the party for a monster or an ally, from the six elements (stage
``card_element``, action ``choose-element``), right after the card's other effects
(HV-TGT-6). Each card carrying it is one element. The pick is an action, so a game
replays exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.actions import ChooseElement
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Turn

STAGE = "card_element"
"""An attacker waits for its player (the party, for monsters) to pick an element."""
ELEMENT_CHOICES: tuple[str, ...] = ("fire", "ice", "air", "earth", "light", "dark")


def ask_element(state: HavenState, figure: Figure, count: int) -> None:
    """Wait for ``count`` elements of the attacker's choice (one per card carrying it)."""
    turn = state.turn
    if turn is None or count <= 0:
        return
    pending = turn.attack.get("card_element")
    if pending:
        pending["count"] += count
        return
    turn.attack["card_element"] = {"count": count, "resume": turn.stage}
    turn.stage = STAGE
    state.emit(
        "element",
        lazy(
            "{figure}'s modifier card infuses an element of its player's choice",
            figure=figure.id,
        )
        if figure.kind in ("character", "summon")
        else lazy(
            "{figure}'s modifier card infuses an element the players choose", figure=figure.id
        ),
        "HV-ELEM-1",
        "HV-ELEM-3",
        figure=figure.id,
    )


def element_actions() -> list[Action]:
    return [ChooseElement(e) for e in ELEMENT_CHOICES]  # type: ignore[arg-type]


def check_element(action: Action) -> None:
    if isinstance(action, ChooseElement) and action.element in ELEMENT_CHOICES:
        return
    raise RuleViolation(
        "HV-ELEM-3",
        lazy(
            "first choose the element the drawn card infuses: {elements}",
            elements=list(ELEMENT_CHOICES),
        ),
    )


def apply_element(state: HavenState, figure: Figure, turn: Turn, action: ChooseElement) -> None:
    """The chosen element is strong at the end of the turn (HV-ELEM-1)."""
    pending = turn.attack["card_element"]
    turn.infusions.append(action.element)
    state.emit(
        "element",
        lazy(
            "{figure} infuses {element} from its modifier card (at the end of its turn)",
            figure=figure.id,
            element=term(action.element),
        ),
        "HV-ELEM-1",
        "HV-ELEM-3",
        figure=figure.id,
        element=action.element,
    )
    pending["count"] -= 1
    if pending["count"] > 0:
        return
    del turn.attack["card_element"]
    turn.stage = pending["resume"]
