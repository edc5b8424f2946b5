"""What the companion page is sent besides the table view: the round, the elements, the
initiative track, every standee with its numbers, the characters, loot and the objective.
Nothing here decides a rule: the numbers come from companion_numbers.py."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_state import CompanionState
from rulekeeper.games.haven.companion_terms import by_hand_message
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.i18n import N_, _, text_of
from rulekeeper.web.boards.haven import ELEMENT_WORDS

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
TERMS = (
    *ELEMENT_WORDS,
    # monster ranks
    N_("normal"),
    N_("elite"),
    N_("boss"),
    # the companion's phases
    N_("setup"),
    N_("select"),
    N_("turns"),
    N_("rest"),
    N_("over"),
    # conditions
    N_("poison"),
    N_("wound"),
    N_("immobilize"),
    N_("disarm"),
    N_("stun"),
    N_("muddle"),
    N_("strengthen"),
    N_("invisible"),
    N_("ward"),
    N_("brittle"),
    N_("regenerate"),
    N_("bane"),
    N_("impair"),
    N_("bless"),
    N_("curse"),
)
"""The game words the companion page shows; the data keeps them in English (they are keys)."""


def terms() -> dict[str, str]:
    """Each game word the page shows, in the reader's language."""
    return {term: _(term) for term in (*TERMS, *sorted(CONDITIONS))}


def companion_data(state: CompanionState) -> dict[str, Any]:
    content = state.content
    actor = state.turn.actor if state.turn is not None else None
    return {
        "title": content.title,
        "round": state.round,
        "phase": state.phase,
        "level": state.level,
        "players": state.players,
        "actor": actor,
        "elements": {e: state.elements.get(e, "inert") for e in ELEMENTS},
        "order": [
            {"id": entry.split(":", 1)[1], "current": n == state.slot}
            for n, entry in enumerate(state.order)
        ],
        "monsters": [_monster(state, m.id) for m in sorted(state.monsters(), key=_key)],
        "characters": [_character(state, c) for c in state.characters],
        "objectives": [
            {
                "id": f.id,
                "hp": f.hp,
                "max_hp": f.max_hp,
                "escort": f.escort,
                "conditions": list(f.conditions),
            }
            for f in state.figures.values()
            if f.kind == "objective"
        ],
        "summons": [
            {
                "id": f.id,
                "owner": f.owner,
                "hp": f.hp,
                "max_hp": f.max_hp,
                "conditions": list(f.conditions),
            }
            for f in state.figures.values()
            if f.kind == "summon"
        ],
        "tokens": state.tokens,
        "treasures": list(state.treasures),
        "revealed": list(state.revealed),
        "goal": content.spec.goal.model_dump(mode="json"),
        "rules": list(content.spec.rules),
        "by_hand": [text_of(by_hand_message(step)) for step in state.by_hand],
        "conditions": sorted(CONDITIONS),
        "terms": terms(),
    }


def _key(figure: Any) -> tuple[str, int]:
    return (figure.type, figure.number)


def _monster(state: CompanionState, figure_id: str) -> dict[str, Any]:
    figure = state.figures[figure_id]
    group = state.groups[figure.type]
    values = numbers(state, figure) if group.card is not None else None
    return {
        "id": figure.id,
        "name": state.content.monster_types[figure.type].name,
        "rank": "boss" if figure.boss else ("elite" if figure.elite else "normal"),
        "hp": figure.hp,
        "max_hp": figure.max_hp,
        "conditions": list(figure.conditions),
        "card": group.card,
        "numbers": values.summary() if values is not None else "",
        "can_move": values is not None and (values.move is not None or values.attack is not None),
    }


def _character(state: CompanionState, character_id: str) -> dict[str, Any]:
    character = state.characters[character_id]
    figure = state.figures.get(character_id)
    return {
        "id": character.id,
        "name": state.content.classes[character.id].name,
        "level": character.level,
        "hp": figure.hp if figure is not None else 0,
        "max_hp": figure.max_hp if figure is not None else 0,
        "conditions": list(figure.conditions) if figure is not None else [],
        "shield": figure.shield if figure is not None else 0,
        "exhausted": character.exhausted,
        "hand": len(character.hand),
        "discard": len(character.discard),
        "lost": len(character.lost),
        "cards": [c for c in (character.leading, character.second) if c],
        "long_rest": character.long_rest,
        "initiative": character.initiative,
        "money": character.money,
        "treasures": list(character.treasures),
    }
