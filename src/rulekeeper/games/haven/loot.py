"""Loot and money: tokens on the map, looting, drops, treasure and the loot deck.

- HV-LOOT-1: "Loot X" takes every money ([FH] loot) token and treasure tile
  within X hexes, its own hex included, range counted around walls; [GH] it
  needs line of sight, [FH] not (``Ruleset.loot_needs_line_of_sight``); [FH]
  it cannot be performed with nothing to loot in range.
- HV-LOOT-2: a character loots its own hex at the end of its turn; a
  monster's loot ability removes the tokens in its range for good, never
  treasure.
- HV-LOOT-3: a dying monster drops a token in its hex ([GH] not a summoned or
  spawned one, ``Ruleset.spawned_monsters_drop_loot``); a room's tokens
  appear when it is revealed.
- HV-LOOT-4 [GH]: money tokens belong to whoever looted them; each is worth
  the gold conversion rate at the end (objectives.py).
- HV-LOOT-5 [FH]: each loot token looted draws one loot card (a chance node)
  from the deck built at setup; none once it is empty.
- HV-LOOT-6: a numbered treasure gives its reward to the looting character
  and leaves the map; a goal treasure counts for a ``loot`` objective.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.deck import Deck
from rulekeeper.games.haven import items, map_state
from rulekeeper.games.haven.actions import DrawLoot
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.state import Figure, HavenState

Hex = tuple[int, int]
RANDOM_ITEM = "random-item"
RANDOM_ITEM_COINS = 3
"""HV-LOOT-5: a random-item card with no item to give counts as 3 coins."""


# -- setup -------------------------------------------------------------------------------------
def build_loot_deck(state: HavenState) -> Deck:
    """HV-LOOT-5 [FH]: the loot deck from the scenario's loot table (GH: no deck)."""
    if not state.rules.loot_deck:
        return Deck.of([])
    table = state.spec.loot_deck
    cards = ["coin-1"] * table.coin_1 + ["coin-2"] * table.coin_2 + ["coin-3"] * table.coin_3
    for name, copies in sorted(table.materials.items()):
        cards += [f"material-{name}"] * copies
    for name, copies in sorted(table.herbs.items()):
        cards += [f"herb-{name}"] * copies
    if table.random_item:
        cards.append(RANDOM_ITEM)
    return Deck.of(cards)


def place_tokens(state: HavenState, room: str | None) -> None:
    """HV-LOOT-3: the tokens and treasure tiles the scenario places in ``room`` (None: the
    starting area) appear with it."""
    rooms = map_state.room_of(state)
    placed = [h for h in state.spec.money if rooms.get(h) == room]
    state.money.extend(placed)
    for treasure in state.spec.treasures:
        if rooms.get(treasure.hex) == room:
            state.treasures.append(treasure.id)
    if placed and room is not None:
        if state.rules.loot_deck:
            text = lazy_plural("{n} loot token appears", "{n} loot tokens appear", len(placed))
        else:
            text = lazy_plural("{n} money token appears", "{n} money tokens appear", len(placed))
        state.emit("loot", text, "HV-LOOT-3")


def token_name(state: HavenState) -> str:
    """The kind of token on the map: "loot" [FH] or "money" [GH] (an ID, not shown)."""
    return "loot" if state.rules.loot_deck else "money"


# -- looting ------------------------------------------------------------------------------------
def hexes_in_loot_range(state: HavenState, figure: Figure, range_: int) -> set[Hex]:
    """HV-LOOT-1: hexes within ``range_`` (around walls), own hex included; [GH] in sight."""
    hexboard = map_state.board(state, with_closed_doors=True)
    if figure.hex not in hexboard.index:
        return set()
    here = hexboard.index[figure.hex]
    distance = hexboard.proximity(here)
    sight = map_state.sight(state, hexboard) if state.rules.loot_needs_line_of_sight else None
    out = set()
    for h, i in hexboard.index.items():
        if distance[i] > range_:
            continue
        if sight is not None and i != here and not sight.visible(here, i):
            continue
        out.add(h)
    return out


def treasure_hexes(state: HavenState) -> dict[str, Hex]:
    return {t.id: t.hex for t in state.spec.treasures if t.id in state.treasures}


def anything_to_loot(state: HavenState, figure: Figure, range_: int) -> bool:
    reach = hexes_in_loot_range(state, figure, range_)
    return any(h in reach for h in state.money) or any(
        h in reach for h in treasure_hexes(state).values()
    )


def perform_loot(state: HavenState, figure: Figure, range_: int) -> None:
    """The loot ability (HV-LOOT-1); a monster's removes the tokens instead (HV-LOOT-2)."""
    if not anything_to_loot(state, figure, range_):
        state.emit(
            "loot",
            lazy("{figure} has nothing to loot within {range}", figure=figure.id, range=range_),
            "HV-LOOT-1",
        )
        return
    reach = hexes_in_loot_range(state, figure, range_)
    if figure.kind == "monster":
        taken = [h for h in state.money if h in reach]
        state.money = [h for h in state.money if h not in reach]
        state.emit(
            "loot",
            lazy_plural(
                "{figure} loots {n} token: removed for good",
                "{figure} loots {n} tokens: removed for good",
                len(taken),
                figure=figure.id,
            ),
            "HV-LOOT-2",
        )
        return
    if figure.kind != "character":
        return  # HV-LOOT-2: summons never loot
    take(state, figure, reach, "HV-LOOT-1")


def end_of_turn_loot(state: HavenState, figure: Figure) -> None:
    """HV-LOOT-2: a character loots its own hex at the end of its turn."""
    if figure.kind != "character" or figure.id not in state.figures:
        return
    here = {figure.hex}
    if figure.hex in state.money or figure.hex in treasure_hexes(state).values():
        take(state, figure, here, "HV-LOOT-2")


def take(state: HavenState, figure: Figure, reach: set[Hex], rule: str) -> None:
    hero = state.heroes[figure.id]
    tokens = [h for h in state.money if h in reach]
    state.money = [h for h in state.money if h not in reach]
    if tokens:
        if state.rules.loot_deck:
            state.loot_draws.extend([hero.id] * len(tokens))
            state.emit(
                "loot",
                lazy_plural(
                    "{hero} loots {n} loot token: a loot card",
                    "{hero} loots {n} loot tokens: a loot card each",
                    len(tokens),
                    hero=hero.id,
                ),
                rule,
                "HV-LOOT-5",
                hero=hero.id,
            )
        else:
            hero.money += len(tokens)
            state.emit(
                "loot",
                lazy_plural(
                    "{hero} loots {n} money token ({total} in all)",
                    "{hero} loots {n} money tokens ({total} in all)",
                    len(tokens),
                    hero=hero.id,
                    total=hero.money,
                ),
                rule,
                "HV-LOOT-4",
                hero=hero.id,
            )
    for treasure_id, h in sorted(treasure_hexes(state).items()):
        if h in reach:
            loot_treasure(state, hero.id, treasure_id)
    _drop_empty_draws(state)


def loot_treasure(state: HavenState, hero_id: str, treasure_id: str) -> None:
    """HV-LOOT-6: the treasure's reward goes to the looter; the tile leaves the map."""
    hero = state.heroes[hero_id]
    state.treasures.remove(treasure_id)
    hero.treasures.append(treasure_id)
    treasure = next(t for t in state.spec.treasures if t.id == treasure_id)
    parts: list[Msg] = []
    if treasure.gold:
        hero.gold += treasure.gold
        parts.append(lazy("{gold} gold", gold=treasure.gold))
    if treasure.goal:
        parts.append(lazy("a goal treasure"))
    if parts:
        text = lazy(
            "{hero} loots treasure {treasure}: {rewards}",
            hero=hero_id,
            treasure=treasure_id,
            rewards=parts,
        )
    else:
        text = lazy("{hero} loots treasure {treasure}", hero=hero_id, treasure=treasure_id)
    state.emit(
        "treasure",
        text,
        "HV-LOOT-6",
        hero=hero_id,
        treasure=treasure_id,
    )
    if treasure.item:
        items.gain_item(state, hero, treasure.item)


# -- drops (HV-LOOT-3) -------------------------------------------------------------------------
def drop_on_death(state: HavenState, figure: Figure) -> None:
    """HV-LOOT-3: a dead monster leaves a token in its hex ([GH] not if summoned or spawned)."""
    if figure.kind != "monster":
        return
    if figure.no_drop and not state.rules.spawned_monsters_drop_loot:
        return
    state.money.append(figure.hex)
    where = str(list(figure.hex))
    if state.rules.loot_deck:
        text = lazy("{figure} drops a loot token at {hex}", figure=figure.id, hex=where)
    else:
        text = lazy("{figure} drops a money token at {hex}", figure=figure.id, hex=where)
    state.emit(
        "loot",
        text,
        "HV-LOOT-3",
    )


# -- the loot deck (HV-LOOT-5, a chance node) --------------------------------------------------
def _drop_empty_draws(state: HavenState) -> None:
    if state.loot_draws and state.loot_deck.is_empty:
        state.emit("loot", lazy("the loot deck is empty: no more loot cards"), "HV-LOOT-5")
        state.loot_draws = []


def draw_outcomes(state: HavenState) -> list[tuple[Action, Fraction]]:
    hero = state.loot_draws[0]
    return [(DrawLoot(hero, card), p) for card, p in state.loot_deck.draw_outcomes()]


def apply_draw(state: HavenState, action: DrawLoot) -> None:
    state.loot_draws.pop(0)
    state.loot_deck.draw(action.card)
    hero = state.heroes[action.hero]
    hero.loot_cards.append(action.card)
    state.emit(
        "loot",
        lazy("{hero} draws the loot card {card}", hero=hero.id, card=action.card),
        "HV-LOOT-5",
        hero=hero.id,
    )
    if action.card == RANDOM_ITEM and state.spec.loot_deck.random_item:
        items.gain_item(state, hero, state.spec.loot_deck.random_item)
    _drop_empty_draws(state)


def coins(state: HavenState, cards: list[str]) -> int:
    """HV-LOOT-5: coins on loot cards; a random-item card with no item is worth 3."""
    total = 0
    for card in cards:
        if card.startswith("coin-"):
            total += int(card.removeprefix("coin-"))
        elif card == RANDOM_ITEM and not state.spec.loot_deck.random_item:
            total += RANDOM_ITEM_COINS
    return total


def resources(state: HavenState, cards: list[str]) -> dict[str, int]:
    """HV-LOOT-5: materials (yield by the number of characters) and herbs on loot cards."""
    count = min(4, max(2, len(state.spec.party)))
    per_material = state.spec.loot_deck.material_yield[count - 2]
    out: dict[str, int] = {}
    for card in cards:
        if card.startswith("material-"):
            name = card.removeprefix("material-")
            out[name] = out.get(name, 0) + per_material
        elif card.startswith("herb-"):
            name = card.removeprefix("herb-")
            out[name] = out.get(name, 0) + 1
    return out
