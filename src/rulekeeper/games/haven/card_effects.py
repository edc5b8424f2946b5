"""A drawn card's added effects, which the character may decline (HV-DECK-5).

- HV-DECK-5: a character may decline a drawn card's optional added effects;
  [FH] it also decides them for the cards its summon draws (a Gloomhaven summon's
  cards apply in full, as the monster automation has it).
- HV-TGT-6: the effects come after the damage: the damage is dealt first, then the
  player keeps or declines each effect (``decline-effect``, ``keep-effects``), and
  only then does the attack go on to its push, pull and retaliate.
- HV-TGT-2: negative conditions go to the target, positive ones, heals, shields
  and infusions to the attacker (attack_resolution.card_effects_on_attacker).

The decision is a small stage of the attack (``card_effects``) offered only when a
kept card carries an effect the engine applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.actions import DeclineEffect, KeepEffects
from rulekeeper.games.haven.modifiers import Effect
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Turn

STAGE = "card_effects"


def chooses(state: HavenState, attacker: Figure) -> bool:
    """HV-DECK-5: does the attacker's player decide the card's effects?"""
    if attacker.kind == "character":
        return True
    return attacker.kind == "summon" and state.rules.character_chooses_advantage_card


def offer(state: HavenState, turn: Turn, target: str, effects: list[Effect]) -> None:
    """Wait for the player's choice about ``effects`` of the card(s) kept."""
    turn.attack["card_effects"] = {
        "target": target,
        "effects": [[e.name, e.amount] for e in effects],
        "resume": turn.stage,
    }
    turn.stage = STAGE


def pending(turn: Turn) -> list[Effect]:
    info = turn.attack.get("card_effects") or {}
    return [Effect(str(name), int(amount)) for name, amount in info.get("effects", [])]


def actions(turn: Turn) -> list[Action]:
    return [KeepEffects(), *(DeclineEffect(str(e)) for e in pending(turn))]


def check(turn: Turn, action: Action) -> None:
    if isinstance(action, KeepEffects):
        return
    if isinstance(action, DeclineEffect):
        if action.effect in {str(e) for e in pending(turn)}:
            return
        raise RuleViolation(
            "HV-DECK-5", lazy("{effect} is not an effect of the card kept", effect=action.effect)
        )
    raise RuleViolation("HV-DECK-5", lazy("first keep or decline the drawn card's effects"))


def apply(state: HavenState, turn: Turn, action: Action) -> tuple[str, list[Effect]] | None:
    """Decline one effect, or keep the rest (HV-DECK-5): then returns the target and the
    effects kept, which the caller applies (attack_resolution.apply_card_effects, HV-TGT-6)."""
    info = turn.attack["card_effects"]
    if isinstance(action, DeclineEffect):
        info["effects"] = [[n, a] for n, a in info["effects"] if str(Effect(n, a)) != action.effect]
        state.emit(
            "card-effect",
            lazy("{figure} declines the card's {effect}", figure=turn.actor, effect=action.effect),
            "HV-DECK-5",
            figure=turn.actor,
        )
        if info["effects"]:
            return None
    kept = pending(turn)
    del turn.attack["card_effects"]
    turn.stage = info["resume"]
    return str(info["target"]), kept
