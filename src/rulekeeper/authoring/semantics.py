"""The cross-reference checks of each file kind: the games' own load-time checks.

Each function takes a schema-valid model, the parsed data, the file name and a
collecting :class:`~rulekeeper.core.problems.Problems`. The games' checks
report to a collector (strict when a game loads a file, collecting here), so
every problem of a file is found in one run. Game modules are imported inside
the functions, never by the CLI at start-up.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core.problems import Problems
from rulekeeper.i18n import _


# -- haven ------------------------------------------------------------------------
def haven_scenario(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Map, party, rooms, doors, standees, objective, items, perks (scenario_format), every
    problem collected."""
    from rulekeeper.games.haven.scenario_format import check_scenario

    del data
    check_scenario(model, source, problems)


def haven_library(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Each monster type's ability deck exists (in the file or the shipped library), and
    each card id is used once per deck."""
    from rulekeeper.games.haven.scenario_format import shipped_library

    decks = {**shipped_library().monster_decks, **model.monster_decks}
    for name, monster_type in model.monster_types.items():
        if monster_type.deck not in decks:
            problems.add(
                _("unknown ability deck {deck}", deck=repr(monster_type.deck)),
                f"monster_types.{name}.deck",
            )
    for name, deck in model.monster_decks.items():
        seen: set[str] = set()
        for index, card in enumerate(deck.cards):
            if card.id in seen:
                problems.add(
                    _("card id {card} is used twice", card=repr(card.id)),
                    f"monster_decks.{name}.cards.{index}.id",
                )
            seen.add(card.id)


def haven_board(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Hexes once, walls between adjacent hexes, terrain, figures and links on the map."""
    from rulekeeper.games.haven.board_format import check_figures, check_links, check_map

    del data
    check_map(model, source, problems)
    check_figures(model.figures, set(model.hexes), model.turn.figure, source, problems)
    check_links(model.links, set(model.hexes), model.ruleset, source, problems)


def haven_deck(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Every card named is known (or described under [cards]); the piles add up."""
    from rulekeeper.games.haven.attack_deck_file import parse_deck
    from rulekeeper.games.haven.ruleset import RULESETS

    del model
    parse_deck(data, RULESETS["gloomhaven"], "deck", None, source, problems)


def haven_modifier_cards_model() -> Any:
    """The modifier card catalog's model (haven builds it on first need, keeping pydantic
    out of the odds command's start-up)."""
    from rulekeeper.games.haven.modifiers import _models

    return _models()[1]


def haven_modifier_cards(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Every card of the standard deck is described."""
    del data
    for card_id in model.standard_deck:
        if card_id not in model.cards:
            problems.add(_("unknown card {card}", card=repr(card_id)), f"standard_deck.{card_id}")


# -- salvage ------------------------------------------------------------------------
def salvage_scenario(model: Any, data: Any, source: str, problems: Problems) -> None:
    """The grid, rooms, heroes, enemies, dice, thresholds and objective resolve (every
    problem collected)."""
    from rulekeeper.games.salvage.content import check_scenario, shipped_catalog

    del data
    check_scenario(model, shipped_catalog(), source, problems)


def salvage_catalog(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Names once per section; every die named is defined (here or shipped)."""
    from rulekeeper.games.salvage.content import shipped_catalog

    del data
    for section in ("die", "hero", "enemy", "item", "room_action"):
        names: set[str] = set()
        for index, entry in enumerate(getattr(model, section)):
            if entry.name in names:
                problems.add(
                    _("{name} is defined twice", name=repr(entry.name)), f"{section}.{index}.name"
                )
            names.add(entry.name)
    dice = {d.name for d in [*shipped_catalog().die, *model.die]}
    items = {i.name for i in [*shipped_catalog().item, *model.item]}
    for index, hero in enumerate(model.hero):
        for j, die in enumerate(hero.dice):
            if die not in dice:
                problems.add(_unknown_die(die), f"hero.{index}.dice.{j}")
        for j, item in enumerate(hero.items):
            if item not in items:
                problems.add(_("unknown item {item}", item=repr(item)), f"hero.{index}.items.{j}")
        for j, ability in enumerate(hero.abilities):
            if ability.roll is not None and ability.roll.die not in (None, *dice):
                problems.add(_unknown_die(ability.roll.die), f"hero.{index}.abilities.{j}.roll.die")
    for index, enemy in enumerate(model.enemy):
        for j, die in enumerate(enemy.damage):
            if die not in dice:
                problems.add(_unknown_die(die), f"enemy.{index}.damage.{j}")
    for index, action in enumerate(model.room_action):
        if action.die is not None and action.die not in dice:
            problems.add(_unknown_die(action.die), f"room_action.{index}.die")


def _unknown_die(die: object) -> str:
    return _("unknown die type {die}", die=repr(die))


# -- ether ------------------------------------------------------------------------
def ether_scenario(model: Any, data: Any, source: str, problems: Problems) -> None:
    """The library and the file's own cards merge; every reference of the scenario resolves."""
    from rulekeeper.games.ether.content import check_scenario, read_content, shipped_dir

    del data
    check_scenario(read_content(shipped_dir() / "library.toml"), model, source, problems)


def ether_library(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Ids once, costs that parse, effects allowed where they stand."""
    from rulekeeper.games.ether.content import check_library

    del data
    check_library(model, source, problems)


# -- areas ------------------------------------------------------------------------
def areas_scenario(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Ids, the catalog, the map and the start, every problem collected."""
    from pathlib import Path

    from rulekeeper.games.areas.content import check_scenario

    del data
    check_scenario(model, Path(source).stem, source, problems)


def areas_catalog(model: Any, data: Any, source: str, problems: Problems) -> None:
    """Ids once per section; heroes' items known."""
    from rulekeeper.games.areas.content import check_catalog

    del data, source
    check_catalog(model, problems)
