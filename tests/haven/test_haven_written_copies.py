"""Copies written out for ``clone()`` (issue 12: compiled, not planned and interpreted).

``Figure``, ``Hero``, ``Group`` and ``Turn`` write their own ``copy``, which
:mod:`rulekeeper.core.copying` uses for them. Each must set every field and copy
exactly what the copy planned from the field types copies (lists, dictionaries,
the deck; values inside ``Any`` as deep as they need), sharing the rest. The
instances below hold a value other than the default in every field, so a field
added later and not copied fails here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rulekeeper.core.copying import _dataclass_copier, copier
from rulekeeper.core.deck import Deck
from rulekeeper.games.haven.ability_format import AbilitySpec
from rulekeeper.games.haven.attack_draw import AttackDraw
from rulekeeper.games.haven.attacks import AttackContext
from rulekeeper.games.haven.state import Figure, Group, Hero, Turn, to_json
from rulekeeper.native import field_hints


def _figure() -> Figure:
    return Figure(
        "fire-imp-2",
        "summon",
        "fire-imp",
        (2, -1),
        3,
        5,
        elite=True,
        standee=2,
        owner="brute",
        conditions=["poison", "wound"],
        fresh_conditions=["stun"],
        shield=1,
        retaliate=[[1, 0], [2, 3]],
        summoned_round=4,
        no_drop=True,
        named="Ember",
        guarded=True,
        more_hexes=((3, -1), (3, -2)),
    )


def _hero() -> Hero:
    return Hero(
        "brute",
        1,
        ["b-1", "b-2"],
        discard=["b-3"],
        lost=["b-4"],
        active=["b-5"],
        leading="b-1",
        second="b-2",
        long_rest=True,
        exhausted=True,
        initiative=12,
        tie_rank=2,
        xp=3,
        money=4,
        gold=5,
        loot_cards=["loot-1"],
        treasures=["t-7"],
        items=["boots"],
        item_marks={"boots": 1},
        spent=["boots"],
        consumed=["potion"],
        gained_items=["cloak"],
        flipped=["ring"],
        escaped=True,
        resources={"ember": 2},
        kills=["guard-1"],
    )


def _group() -> Group:
    deck = Deck.of(["g-1", "g-2", "g-3"])
    deck.discard_pile.append("g-4")
    return Group(
        "guard",
        deck,
        card="g-4",
        reshuffle_due=True,
        tie_rank=1,
        consumed=["fire"],
        infusions=["ice"],
        types=["guard", "guard-captain"],
    )


def _turn() -> Turn:
    return Turn(
        "brute",
        stage="attack",
        halves=[["b-1", "top", False], ["b-2", "bottom", True]],
        queue=[AbilitySpec(type="attack", value=1, range=1)],
        targets_left=2,
        targeted=["guard-1"],
        options=[{"move_to": [1, 0], "targets": ["C1"], "path": [[0, 0], [1, 0]]}],
        reasons=["HV-FOCUS-1"],
        attack={"value": 3, "conditions": ["poison"], "targets": {"guard-1": [1, 2]}},
        draw=AttackDraw("monsters", AttackContext(3)),
        draw_target="guard-1",
        infusions=["fire"],
        experience=1,
        unperformed="b-2",
        item_source="boots",
    )


MADE = {Figure: _figure, Hero: _hero, Group: _group, Turn: _turn}


def _planned_copy(cls: type) -> Any:
    """The copy :mod:`rulekeeper.core.copying` plans from the fields' types (not ``copy``)."""
    hints = field_hints(cls)
    return _dataclass_copier(cls, [(f.name, hints[f.name]) for f in dataclasses.fields(cls)])


def _same_sharing(written: Any, planned: Any, original: Any, where: str) -> None:
    """``written`` shares with ``original`` exactly what ``planned`` shares, at every depth."""
    assert (written is original) == (planned is original), where
    if written is original:
        return
    if isinstance(original, list):
        assert len(written) == len(planned) == len(original), where
        for n, (w, p, o) in enumerate(zip(written, planned, original, strict=True)):
            _same_sharing(w, p, o, f"{where}[{n}]")
    elif isinstance(original, dict):
        assert list(written) == list(planned) == list(original), where
        for key in original:
            _same_sharing(written[key], planned[key], original[key], f"{where}[{key!r}]")
    elif isinstance(original, Deck):
        for pile in ("draw_pile", "discard_pile"):
            _same_sharing(
                getattr(written, pile),
                getattr(planned, pile),
                getattr(original, pile),
                f"{where}.{pile}",
            )


@pytest.mark.parametrize("cls", list(MADE), ids=lambda c: c.__name__)
def test_every_field_holds_no_default_in_the_instance_checked(cls: type) -> None:
    made = MADE[cls]()
    for f in dataclasses.fields(cls):
        value = getattr(made, f.name)
        if f.default is not dataclasses.MISSING:
            assert value != f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert value != f.default_factory(), f.name


@pytest.mark.parametrize("cls", list(MADE), ids=lambda c: c.__name__)
def test_written_copy_sets_every_field_and_shares_what_the_planned_copy_shares(
    cls: type,
) -> None:
    original = MADE[cls]()
    before = to_json(original)
    written = original.copy()
    planned = _planned_copy(cls)(original)
    assert type(written) is cls
    assert written == original == planned
    assert to_json(written) == before
    for f in dataclasses.fields(cls):
        _same_sharing(
            getattr(written, f.name), getattr(planned, f.name), getattr(original, f.name), f.name
        )


@pytest.mark.parametrize("cls", list(MADE), ids=lambda c: c.__name__)
def test_clones_copy_with_the_written_copy_and_stay_apart(cls: type) -> None:
    plan = copier(cls)
    assert plan is not None and plan.__name__ == "copy"
    original = MADE[cls]()
    before = to_json(original)
    twin = plan(original)
    for f in dataclasses.fields(cls):  # change every list and dictionary of the copy
        value = getattr(twin, f.name)
        if isinstance(value, list):
            value.append(value[0])
            if value and isinstance(value[0], list | dict):
                value[0].clear()
        elif isinstance(value, dict):
            value.clear()
        elif isinstance(value, Deck):
            value.draw_pile.clear()
    assert to_json(original) == before
