"""The differences between the Gloomhaven and Frosthaven rulesets, as data.

Every place where the two rulebooks differ reads a field here; no rule module
compares ruleset names (STYLE.md). Fields are grouped by the module that
consults them.
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple would turn each field's
# annotation text into a ForwardRef, compiling it at import (46 fields, start-up of issue 12).
from typing import Literal, NamedTuple

from rulekeeper.i18n import _


class Ruleset(NamedTuple):
    """One haven ruleset. Look one up with :func:`find_ruleset`.

    A named tuple, not a dataclass: every command that reads a board imports
    this module, and a dataclass would cost its start-up the ``dataclasses``
    module and code generated for the class (issue 12).
    """

    name: str
    title: str

    # -- line of sight and movement (boards/hexgrid.py, HV-LOS-1, HV-MOVE-2..4)
    line_of_sight: Literal["corner_to_corner", "any_point"]
    """HV-LOS-1: [GH] lines are drawn between hex corners; [FH] between any points."""
    jump_ignores_terrain_on_last_hex: bool
    """HV-MOVE-3: [FH] a jump ignores difficult and icy terrain even on its last hex."""
    hazardous_damage_rule: Literal["half_trap", "one_plus_third_of_level"]
    """HV-MOVE-2: [GH] half a trap's damage rounded down; [FH] 1 + ceil(level / 3)."""

    # -- monster focus and movement (games/haven/monster_ai.py, HV-FOCUS-*, HV-MOVE-MON-*)
    focus_disadvantage_before_more_targets: bool
    """HV-MOVE-MON-1: [GH] avoiding disadvantage on the focus outranks adding targets; [FH] not."""
    plan_best_attack_when_out_of_reach: bool
    """HV-MOVE-MON-1: [GH] out of reach, head for the best attack hex; [FH] for the focus alone."""
    rank_extra_targets_as_focus: bool
    """HV-MOVE-MON-1: [GH] extra targets are chosen by focus rules; [FH] the players choose."""

    # -- attacks and modifier decks (games/haven/modifiers.py, attacks.py, HV-ATK/MOD/ADV)
    advantage_procedure: Literal["gloomhaven", "frosthaven"]
    """HV-ADV-1/2 [GH] or HV-ADV-3/4 [FH]: how rolling cards combine with advantage."""
    character_chooses_advantage_card: bool
    """HV-ADV-3: [FH] a character under advantage may keep either card."""
    null_card_name: str
    """HV-MOD-1: the card that zeroes damage: [GH] null, [FH] miss."""
    ward_and_brittle: bool
    """HV-ATK-1: [FH] ward halves and brittle doubles damage after shield."""
    frosthaven_conditions: bool
    """[FH] regenerate, ward, brittle, bane and impair exist (HV-COND-REGENERATE-1,
    HV-COND-WARD-1, HV-COND-BRITTLE-1, HV-COND-BANE-1, HV-COND-IMPAIR-1)."""
    bless_supply: int
    """HV-COND-BLESS-2: bless cards for all decks together (10; [GH] read the same way)."""
    curse_supply: int
    """HV-COND-CURSE-2: curse cards of each icon (monster, player): 10 each."""
    used_up_bonus_to_lost: bool
    """HV-BONUS-3: [GH] a bonus whose last use slot is used goes to the lost pile;
    [FH] to the discard or lost pile by the action's lost icon."""
    remove_round_bonus_at_will: bool
    area_targets_optional: bool
    """HV-TGT-4: [GH] every enemy in an area is attacked; [FH] the attacker may leave some out."""
    """HV-BONUS-4: [GH] any active card may be removed at will; [FH] only persistent ones."""

    # -- scaling, items, loot and the scenario's end (scaling.py, items.py, loot.py, objectives.py)
    solo_scaling: Literal["monster_level_plus_one", "average_plus_one"]
    """HV-SCEN-2: solo play raises [GH] monster level and trap damage by 1; [FH] the average
    character level by 1 before halving."""
    long_rest_refresh_optional: bool
    """HV-ITEM-3 / HV-REST-2: [FH] recovering spent items on a long rest is optional."""
    refresh_resets_use_slots: bool
    """HV-ITEM-4: [FH] refreshing an item clears its use slots, so a long rest restores a
    partly used item; [GH] a long rest refreshes only items already spent."""
    item_ability_during_ability: bool
    """HV-ITEM-5: [GH] items may be used even in the middle of an ability; [FH] an item that
    provides an ability cannot be used during another ability."""
    loot_needs_line_of_sight: bool
    """HV-LOOT-1: [GH] looting is an ability with a range and needs line of sight; [FH] not."""
    loot_deck: bool
    """HV-LOOT-5: [FH] a looted token draws a card from the scenario's loot deck; [GH] money
    tokens are counted and converted at the end (HV-LOOT-4)."""
    spawned_monsters_drop_loot: bool
    """HV-LOOT-3: [FH] every monster that dies drops a loot token, summoned and spawned ones
    included; [GH] summoned and spawned monsters drop no money token."""
    item_gained_usable_at_once: bool
    """HV-ITEM-6: [FH] an item gained in a scenario may be used at once; [GH] from the next
    scenario."""
    flip_items: bool
    """HV-ITEM-3: [FH] an item with the flip icon turns over as its text says; [GH] has none."""
    both_ends_in_a_round_lose: bool
    """HV-GOAL-1: [FH] a scenario whose goal and whose loss both happen in one round is lost;
    [GH] the first to happen decides."""
    named_before_elites: bool
    monster_sets: bool
    """HV-MON-3, HV-INIT-6: [FH] the types of a scenario's monster set share one ability deck,
    draw one card together and act in the order its special rules give; [GH] every type draws
    from its own deck (a scenario's ``monster_sets`` do not apply)."""
    linked_hexes: bool
    """HV-ROOM-5: [FH] a scenario may link hexes (adjacent for movement and focus, no line of
    sight); [GH] has no such rule, so a scenario with links is refused naming the rule."""
    section_links_mid_ability: bool
    """HV-SCEN-7: [FH] a section link is read the moment its condition is met, even
    mid-ability: a move entering a linked hex pauses there; [GH] once the movement is over."""
    monster_card_range_absolute: bool
    """HV-MON-4: [FH] a monster card's range is the attack's range (none: melee); [GH] a
    ranged monster's card range is added to its stat card's range."""
    standee_limit_order: Literal["closest_to_revealer", "elites_then_closest_to_enemy"]
    """HV-MON-LIMIT-1: which standees are placed first when a type runs out."""
    """HV-MON-7: [FH] a named monster acts before the elites of its type."""
    # -- scenario play (rest.py, the round engine; HV-REST-*, HV-MOVE-2)
    long_rest_heal_optional: bool
    """HV-REST-2: [FH] the long rest's heal and item refresh are optional."""
    character_forced_move_up_to: bool
    """Push/pull (GH p.22 and FAQ; FH p.32): [GH] a character's push goes its full length
    while it can (it may decline the whole effect); [FH] "up to X", it may stop anywhere."""
    forced_moves_combine: bool
    """HV-PUSH-3: [FH] all pushes of one attack (the ability's and its modifier card's) combine
    into one, likewise pulls; [GH] each push or pull effect is taken or declined on its own."""
    monster_summon_draws_card: bool
    """HV-SUM-1 [FH p.43]: a monster summoned for a type without an ability card this round
    draws one, only for its initiative in other figures' focus; [GH] no such draw."""
    monsters_pass_through_invisible: bool
    """HV-COND-INVISIBLE-2 [GH p.23]: the monster mover treats an invisible enemy as an obstacle;
    [FH p.28] it may move through the figure's hex but not end its move there."""
    objective_is_obstacle: bool
    """HV-GOAL-2: [GH] an objective is an obstacle given hit points: no figure moves through
    it; [FH] it occupies its hex without being an obstacle (its own side may pass)."""
    objective_immune_to_all_conditions: bool
    """HV-GOAL-2: [FH] an objective gains no condition; [GH] an obstacle with hit points is
    immune to negative conditions only."""
    target_immune_to_condition_only: bool
    monster_effect_targets_by_focus: bool
    """HV-MON-COND-1: [FH p.43] a monster picks the targets of a negative targeted ability other
    than an attack (a lone push, pull or "suffer damage" at a range) by the focus rules, as
    if it were an attack; [GH] the rulebook only says it uses such abilities "as best as
    possible" (p.30), so the party picks among the enemies in range and line of sight (p.32,
    "Ambiguity"; HV-MOVE-MON-3)."""
    """HV-COND-3: [FH] a figure may be targeted by an ability whose only effect is a condition
    it is immune to; [GH] it may not."""
    allies_have_own_deck: bool
    """HV-GOAL-3, HV-DECK-1: [FH] scenario allies draw from the ally modifier deck; [GH] from
    the monster deck."""
    allies_numbered_at_random: bool
    """HV-GOAL-3: [GH] ally tokens are numbered at random (a chance node) to set their order;
    [FH] they act in ascending standee number as placed."""
    tokens_fill_hexes: bool
    """HV-SCEN-6: [GH] a hex with a money token is not empty (no summon, spawn or placed
    monster goes there); [FH] tokens do not count."""

    def hazardous_damage(self, scenario_level: int) -> int:
        """HV-MOVE-2: [GH] half a trap's damage rounded down; [FH] 1 + ceil(level / 3)."""
        if self.hazardous_damage_rule == "one_plus_third_of_level":
            return 1 + -(-scenario_level // 3)
        return self.trap_damage(scenario_level) // 2

    @staticmethod
    def trap_damage(scenario_level: int) -> int:
        """HV-MOVE-2: a trap deals 2 + scenario level damage."""
        return 2 + scenario_level


GLOOMHAVEN = Ruleset(
    name="gloomhaven",
    title="Gloomhaven",
    line_of_sight="corner_to_corner",
    jump_ignores_terrain_on_last_hex=False,
    hazardous_damage_rule="half_trap",
    focus_disadvantage_before_more_targets=True,
    plan_best_attack_when_out_of_reach=True,
    rank_extra_targets_as_focus=True,
    advantage_procedure="gloomhaven",
    character_chooses_advantage_card=False,
    null_card_name="null",
    ward_and_brittle=False,
    frosthaven_conditions=False,
    bless_supply=10,
    curse_supply=10,
    used_up_bonus_to_lost=True,
    remove_round_bonus_at_will=True,
    area_targets_optional=False,
    long_rest_heal_optional=False,
    character_forced_move_up_to=False,
    forced_moves_combine=False,
    monster_summon_draws_card=False,
    monsters_pass_through_invisible=False,
    solo_scaling="monster_level_plus_one",
    long_rest_refresh_optional=False,
    refresh_resets_use_slots=False,
    item_ability_during_ability=True,
    loot_needs_line_of_sight=True,
    loot_deck=False,
    spawned_monsters_drop_loot=False,
    item_gained_usable_at_once=False,
    flip_items=False,
    both_ends_in_a_round_lose=False,
    named_before_elites=False,
    monster_sets=False,
    linked_hexes=False,
    section_links_mid_ability=False,
    standee_limit_order="closest_to_revealer",
    monster_card_range_absolute=False,
    objective_is_obstacle=True,
    objective_immune_to_all_conditions=False,
    target_immune_to_condition_only=False,
    monster_effect_targets_by_focus=False,
    allies_have_own_deck=False,
    allies_numbered_at_random=True,
    tokens_fill_hexes=True,
)

FROSTHAVEN = Ruleset(
    name="frosthaven",
    title="Frosthaven",
    line_of_sight="any_point",
    jump_ignores_terrain_on_last_hex=True,
    hazardous_damage_rule="one_plus_third_of_level",
    focus_disadvantage_before_more_targets=False,
    plan_best_attack_when_out_of_reach=False,
    rank_extra_targets_as_focus=False,
    advantage_procedure="frosthaven",
    character_chooses_advantage_card=True,
    null_card_name="miss",
    ward_and_brittle=True,
    frosthaven_conditions=True,
    bless_supply=10,
    curse_supply=10,
    used_up_bonus_to_lost=False,
    remove_round_bonus_at_will=False,
    area_targets_optional=True,
    long_rest_heal_optional=True,
    character_forced_move_up_to=True,
    forced_moves_combine=True,
    monster_summon_draws_card=True,
    monsters_pass_through_invisible=True,
    solo_scaling="average_plus_one",
    long_rest_refresh_optional=True,
    refresh_resets_use_slots=True,
    item_ability_during_ability=False,
    loot_needs_line_of_sight=False,
    loot_deck=True,
    spawned_monsters_drop_loot=True,
    item_gained_usable_at_once=True,
    flip_items=True,
    both_ends_in_a_round_lose=True,
    named_before_elites=True,
    monster_sets=True,
    linked_hexes=True,
    section_links_mid_ability=True,
    standee_limit_order="elites_then_closest_to_enemy",
    monster_card_range_absolute=True,
    objective_is_obstacle=False,
    objective_immune_to_all_conditions=True,
    target_immune_to_condition_only=True,
    monster_effect_targets_by_focus=True,
    allies_have_own_deck=True,
    allies_numbered_at_random=False,
    tokens_fill_hexes=False,
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (GLOOMHAVEN, FROSTHAVEN)}


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; raises ValueError naming the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(
            _("unknown haven ruleset {name} (known: {known})", name=repr(name), known=known)
        ) from None
