"""haven-scenario/1: a playable scenario, character classes and monsters, validated on load.

A scenario file (TOML, or JSON with the same shape) embeds a haven-board/1
:class:`~rulekeeper.games.haven.board_format.MapSpec` under ``[map]`` and adds
the scenario level, the party, rooms revealed when a door opens, monster
standees per player count, the objective and special-rule notes. Character
classes (``[classes.ID]``), monster types (``[monster_types.ID]``) and monster
ability decks (``[monster_decks.ID]``) may be given inline; the shipped ones in
``content/haven/classes.toml`` and ``content/haven/monsters.toml`` are always
available and inline definitions override them by ID.

Abilities on cards share one small structured vocabulary
(:class:`AbilitySpec`). On a character card the values are absolute; on a
monster ability card ``move`` and ``attack`` values are added to the
monster's base stats, as is ``range`` for a monster whose base range is not 0
(docs/games/haven.md, "File formats").

Bad input raises :class:`~rulekeeper.core.errors.ContentError` naming the
file and the field (``classes.warden.cards.3.top.actions.0.type``).

This module gathers the format's public names; each part lives in the module
named for what it decides: ``ability_format`` (abilities, bonuses),
``class_format`` (classes, cards, characters), ``monster_format`` (monster
types, decks, standees), ``item_format`` (items and the loadout limits),
``rule_format`` (goal, special rules), ``figure_format`` (objectives, allies),
``scenario_document`` (the whole documents, rooms, doors, treasures),
``scenario_checks`` (cross references), ``shipped_content`` and
``scenario_loading`` (reading files).
"""

from __future__ import annotations

from rulekeeper.games.haven.ability_format import AbilitySpec, BonusSpec
from rulekeeper.games.haven.class_format import (
    CardSpec,
    CharacterSpec,
    ClassSpec,
    HalfSpec,
    SummonSpec,
)
from rulekeeper.games.haven.figure_format import AllyFigureSpec
from rulekeeper.games.haven.item_format import ItemSide, ItemSpec, loadout_problem
from rulekeeper.games.haven.monster_format import (
    MonsterCardSpec,
    MonsterDeckSpec,
    MonsterStats,
    MonsterTypeSpec,
)
from rulekeeper.games.haven.perk_format import PerkSpec
from rulekeeper.games.haven.rule_format import RuleSpec
from rulekeeper.games.haven.scenario_checks import check_scenario
from rulekeeper.games.haven.scenario_document import MAX_LINKS, LibrarySpec, ScenarioSpec
from rulekeeper.games.haven.scenario_loading import (
    load_scenario,
    parse_scenario,
    party_choices,
    with_party,
)
from rulekeeper.games.haven.shipped_content import (
    parse_library,
    shipped_library,
    shipped_scenario_names,
)

__all__ = [
    "MAX_LINKS",
    "AbilitySpec",
    "AllyFigureSpec",
    "BonusSpec",
    "CardSpec",
    "CharacterSpec",
    "ClassSpec",
    "HalfSpec",
    "ItemSide",
    "ItemSpec",
    "LibrarySpec",
    "MonsterCardSpec",
    "MonsterDeckSpec",
    "MonsterStats",
    "MonsterTypeSpec",
    "PerkSpec",
    "RuleSpec",
    "ScenarioSpec",
    "SummonSpec",
    "check_scenario",
    "load_scenario",
    "loadout_problem",
    "parse_library",
    "parse_scenario",
    "party_choices",
    "shipped_library",
    "shipped_scenario_names",
    "with_party",
]
