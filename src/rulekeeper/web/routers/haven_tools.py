"""The haven tools: the monster mover on a painted board, and the odds of one attack.

Both only gather the question and send the answer back; the monster mover
(:func:`~rulekeeper.games.haven.monster_ai.solve_monster_turn`) and the odds
(:func:`~rulekeeper.games.haven.odds.odds`) make every ruling.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.attack_deck_file import parse_deck
from rulekeeper.games.haven.attacks import attack_and_target, attack_mode
from rulekeeper.games.haven.board_format import BoardSpec, FigureSpec, parse_board
from rulekeeper.games.haven.modifiers import (
    MONSTER_DECK,
    ModifierCard,
    ModifierDeck,
    standard_catalog,
)
from rulekeeper.games.haven.monster_ai import MonsterOption, solve_monster_turn
from rulekeeper.games.haven.odds import odds
from rulekeeper.games.haven.ruleset import find_ruleset
from rulekeeper.i18n import _, text_of

router = APIRouter(prefix="/api/haven")

MAX_BOARD_HEXES = 600
"""Hexes on a painted board: more than any scenario map, few enough to answer at once."""
MAX_CARD_COUNT = 40
MAX_DECK_CARDS = 80
"""Cards in an edited deck: the odds enumerate draws, so the deck size is bounded."""


@router.post("/monster-move")
async def monster_move(board: dict[str, Any]) -> dict[str, Any]:
    """Every option of the monster's turn on a haven-board/1 board, with its reasons.

    Each option also lists its sight lines: from the hex it ends on to each
    hex it attacks, as drawn on the page.
    """
    hexes = board.get("hexes")
    if isinstance(hexes, list) and len(hexes) > MAX_BOARD_HEXES:
        raise ContentError(
            _("at most {limit} hexes", limit=MAX_BOARD_HEXES), source="board", field="hexes"
        )
    spec = parse_board(board, "board")
    answer = solve_monster_turn(spec)
    where = {f.id: f.hex for f in spec.figures}
    wide = {f.id: f for f in spec.figures if f.more_hexes}
    options = []
    for option in answer.options:
        entry = option.to_json()
        entry["sight_lines"] = [
            [list(option.move_to), list(_aim(spec, option, wide[t]) if t in wide else where[t])]
            for t in option.targets
            if t in where
        ]
        options.append(entry)
    return {"options": options, "reasons": [text_of(reason) for reason in answer.reasons]}


def _aim(spec: BoardSpec, option: MonsterOption, target: FigureSpec) -> tuple[int, int]:
    """HV-GOAL-2: the hex of a figure covering several that the attack aims at: one the area
    holds, else one in range and in sight of where the monster ends (HV-LOS-1/2)."""
    from rulekeeper.games.haven.monster_turn import MonsterTurn

    cover = (target.hex, *target.more_hexes)
    turn = MonsterTurn(spec)
    index = turn.board.index
    at = index[option.move_to]
    sees = [h for h in cover if turn.los.visible(at, index[h])]
    in_area = [h for h in sees if h in option.aoe]
    in_reach = [h for h in sees if turn.in_reach(at, index[h])]
    return (in_area or in_reach or [target.hex])[0]


@router.get("/cards")
async def cards(
    ruleset: Annotated[Literal["gloomhaven", "frosthaven"], Query()] = "gloomhaven",
) -> dict[str, Any]:
    """The modifier cards the deck editor offers, and the standard deck (HV-MOD-1)."""
    rules = find_ruleset(ruleset)
    catalog = standard_catalog()
    standard = Counter(catalog.standard_cards(rules))
    return {
        "standard": dict(standard),
        "cards": {
            card_id: _card_text(catalog[card_id])
            for card_id in sorted(catalog.cards)
            if card_id != ("null" if rules.null_card_name != "null" else "miss")
        },
    }


def _card_text(card: ModifierCard) -> str:
    notes = [card.describe()]
    if card.leaves_deck:
        notes.append(_("leaves the deck once drawn"))
    if card.shuffle:
        notes.append(_("shuffle at round end"))
    return "; ".join(notes)


Count = Annotated[int, Field(ge=0, le=MAX_CARD_COUNT)]


class DeckPiles(BaseModel):
    """The deck as it is now: its draw pile and discard pile, card ID -> count."""

    model_config = ConfigDict(extra="forbid")

    draw: dict[str, Count]
    discard: dict[str, Count] = Field(default_factory=dict)


Small = Annotated[int, Field(ge=0, le=99)]


class OddsQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ruleset: Literal["gloomhaven", "frosthaven"] = "gloomhaven"
    attack: Small
    shield: Small = 0
    pierce: Small = 0
    advantage: bool = False
    disadvantage: bool = False
    poisoned: bool = False
    ward: bool = False
    brittle: bool = False
    muddled: bool = False
    strengthened: bool = False
    ranged_adjacent: bool = False
    monster: bool = False
    deck: DeckPiles | None = None


@router.post("/odds")
async def attack_odds(question: OddsQuestion) -> dict[str, Any]:
    """The exact damage distribution of one attack (HV-ATK-*, HV-MOD-*, HV-ADV-*)."""
    rules = find_ruleset(question.ruleset)
    if (question.ward or question.brittle) and not rules.ward_and_brittle:
        raise ContentError(
            _(
                "ward and brittle need a ruleset with ward and brittle, not {ruleset}",
                ruleset=rules.name,
            ),
            field="ward",
        )
    owner = MONSTER_DECK if question.monster else "character"
    if question.deck is None:
        catalog = standard_catalog()
        deck = ModifierDeck.standard(owner, rules, catalog)
    else:
        total = sum(question.deck.draw.values()) + sum(question.deck.discard.values())
        if total > MAX_DECK_CARDS:
            raise ContentError(
                _("at most {limit} cards in all", limit=MAX_DECK_CARDS), field="deck"
            )
        data = {"format": 1, "draw": question.deck.draw, "discard": question.deck.discard}
        deck, catalog = parse_deck(data, rules, owner, source="deck")
    the_attack, the_target = attack_and_target(question)
    mode = attack_mode(the_attack, the_target)
    result = odds(
        the_attack,
        the_target,
        deck,
        rules,
        mode,
        catalog=catalog,
        attacker_is_character=not question.monster,
    )
    notes = []
    if mode == "advantage" and rules.character_chooses_advantage_card and not question.monster:
        notes.append(
            _(
                "assumed: the character keeps the card dealing more damage"
                " (HV-ADV-3 lets the player keep either)"
            )
        )
    answer = {"ruleset": rules.name, "mode": mode, "notes": notes, **result.to_json()}
    # the effects' names as the reader's language says them (the keys stay English)
    answer["effect_names"] = {name: _(name) for name in answer.get("effects", {}) if name}
    return answer
