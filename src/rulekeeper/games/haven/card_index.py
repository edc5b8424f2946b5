"""A scenario's ability cards by id, indexed once per scenario.

Turn order, card play and monster turns look cards up by id every step of a
rollout (issue 12); a scenario is immutable, so its cards are indexed once
and the index is shared by every state playing it. A card the index lacks is
looked for as before (an unknown id raises ``StopIteration`` as it always did).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import CardSpec, MonsterCardSpec, ScenarioSpec

_LIMIT = 64
_Index = tuple[
    dict[tuple[str, str], "CardSpec"],
    dict[tuple[str, str], "MonsterCardSpec"],
    dict[tuple[str, str], "MonsterCardSpec"],
]
"""Class cards by (class, card), monster cards by (deck, card) and by (monster type, card)."""
_indexes: dict[int, tuple[ScenarioSpec, _Index]] = {}


_last: tuple[ScenarioSpec, _Index] | None = None
"""The entry of ``_indexes`` read last (a game or a rollout plays one scenario)."""


def _index(spec: ScenarioSpec) -> _Index:
    global _last
    last = _last
    if last is not None and last[0] is spec:
        return last[1]  # one comparison, no look-up (issue 12)
    found = _indexes.get(id(spec))
    if found is not None and found[0] is spec:
        _last = found
        return found[1]
    classes: dict[tuple[str, str], CardSpec] = {}
    for name, cls in spec.classes.items():
        for c in cls.cards:
            classes.setdefault((name, c.id), c)
    decks: dict[tuple[str, str], MonsterCardSpec] = {}
    for name, deck in spec.monster_decks.items():
        for m in deck.cards:
            decks.setdefault((name, m.id), m)
    by_type: dict[tuple[str, str], MonsterCardSpec] = {}
    for name, mtype in spec.monster_types.items():
        for (deck_name, card), m in decks.items():
            if deck_name == mtype.deck:
                by_type[name, card] = m
    if len(_indexes) >= _LIMIT:
        _indexes.clear()
    index = (classes, decks, by_type)
    _indexes[id(spec)] = _last = (spec, index)
    return index


def class_card(spec: ScenarioSpec, hero: str, card: str) -> CardSpec:
    """The ability card ``card`` of the class ``hero`` (the first of that id)."""
    found = _index(spec)[0].get((hero, card))
    if found is not None:
        return found
    return next(c for c in spec.classes[hero].cards if c.id == card)


def deck_card(spec: ScenarioSpec, deck: str, card: str) -> MonsterCardSpec:
    """The monster ability card ``card`` of the deck named ``deck`` (the first of that id)."""
    found = _index(spec)[1].get((deck, card))
    if found is not None:
        return found
    return next(c for c in spec.monster_decks[deck].cards if c.id == card)


def type_card(spec: ScenarioSpec, mtype: str, card: str) -> MonsterCardSpec:
    """The card ``card`` of the deck the monster type ``mtype`` draws from: ``deck_card`` of
    that type's deck, without reading the type's fields at each look-up (issue 12)."""
    found = _index(spec)[2].get((mtype, card))
    if found is not None:
        return found
    return deck_card(spec, spec.monster_types[mtype].deck, card)
