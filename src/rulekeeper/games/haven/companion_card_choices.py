"""Companion mode: what a drawn modifier card leaves to choose, asked of the players.

The positions are the players', so the engine cannot pick a target; it stops and
asks, as in play (added_targets.py, card_elements.py):

- HV-TGT-1: a kept card's "+N target" adds N more targets in range and line of sight,
  not yet targeted, each attacked with the same attack (its value, pierce and
  conditions) and a draw of its own; a "+N target" drawn against an added target adds
  none. The players enter each added attack (listed) or say none is left in reach
  (``no-added-target``): [GH] a monster's by the focus rules (the closest enemy, then
  the earliest initiative: HV-MOVE-MON-1, HV-FOCUS-2), [FH] as they choose
  (HV-MOVE-MON-3); a character's player as it likes, and may leave it out. A monster's
  added targets come after the mover's planned ones.
- HV-ELEM-1, HV-ELEM-3: a card's "infuse any" is one element per card, strong at the
  end of the turn, chosen by the attacker's player (the party, for a monster) with the
  ``infuse`` action from the six elements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.companion_actions import Attack, Infuse, NoAddedTarget
from rulekeeper.games.haven.companion_terms import term
from rulekeeper.i18n import _, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.companion_state import CompanionState, PendingAttack

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")

Waiting = Literal["", "element", "target"]


def note_targets(state: CompanionState, attack: PendingAttack, amount: int) -> None:
    """HV-TGT-1: the card's "+N target" against ``attack.target``: N targets to add."""
    turn = state.turn
    if turn is None or amount <= 0:
        return
    if attack.target in turn.card_added:
        state.emit(
            "card-target",
            lazy(
                "{target} is an added target: the card's +{n} target adds no further target",
                target=attack.target,
                n=amount,
            ),
            "HV-TGT-1",
        )
        return
    turn.added_targets += amount
    turn.added_attack = {
        "attacker": attack.attacker,
        "target": attack.target,
        "value": attack.value,
        "pierce": attack.pierce,
        "mode": attack.mode,
        "conditions": list(attack.conditions),
    }
    state.emit(
        "card-target",
        lazy_plural(
            "{figure}'s modifier card adds {n} target to the attack",
            "{figure}'s modifier card adds {n} targets to the attack",
            amount,
            figure=attack.attacker,
        ),
        "HV-TGT-1",
    )


def note_elements(state: CompanionState, attacker: str, count: int) -> None:
    """HV-ELEM-1, HV-ELEM-3: ``count`` elements of the attacker's choice to infuse."""
    turn = state.turn
    if turn is None or count <= 0:
        return
    turn.any_elements += count
    state.emit(
        "element",
        lazy("{figure}'s modifier card infuses an element of its player's choice", figure=attacker)
        if state.figures.get(attacker) is None or state.figures[attacker].kind != "monster"
        else lazy(
            "{figure}'s modifier card infuses an element the players choose", figure=attacker
        ),
        "HV-ELEM-1",
        "HV-ELEM-3",
    )


def waiting(state: CompanionState) -> Waiting:
    turn = state.turn
    if turn is None:
        return ""
    if turn.any_elements > 0:
        return "element"
    # A monster's planned targets come first (HV-MOVE-MON-1); an attacker gone adds none.
    if turn.added_targets > 0 and not turn.queue:
        return "target"
    return ""


def element_actions() -> list[Action]:
    return [Infuse(e) for e in ELEMENTS]


def monster_attacker(state: CompanionState) -> bool:
    turn = state.turn
    if turn is None:
        return False
    figure = state.figures.get(str(turn.added_attack.get("attacker", "")))
    return figure is not None and figure.kind == "monster"


def attack_of(state: CompanionState, target: str) -> Attack:
    """The added attack on ``target``: the same value, pierce, mode and conditions."""
    info = state.turn.added_attack if state.turn is not None else {}
    return Attack(
        str(info["attacker"]),
        target,
        int(info["value"]),
        int(info["pierce"]),
        info["mode"],
        tuple(info["conditions"]),
    )


def prompt(state: CompanionState) -> str:
    """What the players are asked now (shown at once)."""
    kind = waiting(state)
    if kind == "element":
        return _("the drawn card infuses an element of your choice: which one? (HV-ELEM-3)")
    attacker = state.turn.added_attack.get("attacker", "") if state.turn else ""
    if not monster_attacker(state):
        return _(
            "{figure}'s modifier card adds a target: attack an enemy in range and line of"
            " sight not yet targeted, or leave it out (HV-TGT-1)",
            figure=attacker,
        )
    if state.rules.rank_extra_targets_as_focus:
        return _(
            "{figure}'s modifier card adds a target: the enemy in range and line of sight not"
            " yet targeted that is closest, then earliest in initiative (HV-TGT-1,"
            " HV-MOVE-MON-1), or none left",
            figure=attacker,
        )
    return _(
        "{figure}'s modifier card adds a target: choose an enemy in range and line of sight"
        " not yet targeted (HV-TGT-1, HV-MOVE-MON-3), or none left",
        figure=attacker,
    )


def check(state: CompanionState, action: Action, listed: list[Action]) -> None:
    """Refuse anything but an answer to the question waiting."""
    if action in listed:
        return
    if waiting(state) == "element":
        raise RuleViolation(
            "HV-ELEM-3",
            lazy(
                "first choose the element the drawn card infuses: {elements}",
                elements=list(ELEMENTS),
            ),
        )
    raise RuleViolation(
        "HV-TGT-1",
        lazy(
            "first attack the target the drawn card added (the same attack), or say none is"
            " left in range"
        ),
    )


def apply(state: CompanionState, action: Action) -> bool:
    """The players' answer; True when it is an added attack to start now."""
    turn = state.turn
    if turn is None:
        return False
    if isinstance(action, Infuse):
        turn.any_elements -= 1
        turn.infusions.append(action.element)
        state.emit(
            "element",
            lazy("the card infuses {element} at the end of the turn", element=term(action.element)),
            "HV-ELEM-1",
            "HV-ELEM-3",
        )
        return False
    if isinstance(action, NoAddedTarget):
        turn.added_targets = 0
        state.emit(
            "card-target",
            lazy("the added target is not attacked (none left in reach, or left out)"),
            "HV-TGT-1",
        )
        return False
    if isinstance(action, Attack):
        turn.added_targets -= 1
        turn.card_added.append(action.target)
        return True
    return False
