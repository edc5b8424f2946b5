"""A monster's abilities other than move and attack: heal and summon.

- **Heal** (GH p.31 "Other Monster Abilities", healing works as on p.26; FH
  p.43 "Heal Abilities"): a monster's "Heal X, Range Y" heals itself or an ally
  in range and line of sight (a heal with a range is a ranged ability, GH
  p.26, FH p.21), always the one that has lost the most hit points. When
  several have lost the same most, the rules leave it to the players (GH p.32
  "Ambiguity"; FH p.40): player 0 picks among them, and a refusal names
  HV-MOVE-MON-3, the catalog's rule for every choice the players make for a
  monster. "Heal X, Self" (range 0) heals the monster alone.
- **Summon** (GH p.31–32 "Other Monster Abilities"; FH p.43 "Summon
  Abilities"): the summoned monster goes in an empty hex adjacent to its
  summoner (HV-SUM-1) and as close to an enemy as possible. Closeness is
  counted as a monster would walk (fewest negative hexes, then movement points,
  to a hex next to the enemy), then by proximity around walls (the GH FAQ's
  reading of "closest"); hexes still tied are the players' choice. With no
  empty adjacent hex the summon fails. A summoned monster acts with its type's
  ability cards but never in the round it is summoned (HV-INIT-5). [FH] If its
  type has no ability card this round, one is drawn for it, only to give it an
  initiative for other figures' focus (``Ruleset.monster_summon_draws_card``);
  the group does not act on it this round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import LINK, UNREACHABLE
from rulekeeper.games.haven import exhaustion, healing, initiative, map_state, standees
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.movement import Movement, MoveMode
from rulekeeper.games.haven.rule_terms import term, terms
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.games.haven.state import Figure
from rulekeeper.games.haven.summons import free_adjacent_hexes
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState, Turn


# -- heal ----------------------------------------------------------------------------------
def heal_candidates(state: HavenState, healer: Figure, ability: AbilitySpec) -> list[str]:
    """HV-MON-HEAL-1: the monsters a "Heal X, Range Y" may go to: itself or allies within Y
    and in sight that have lost the most hit points (ties: the party); "self": itself."""
    if ability.range <= 0:
        return [healer.id]
    in_range = [
        f
        for f in state.figures.values()
        if f.team == healer.team
        and f.kind != "objective"  # HV-GOAL-2: an objective is no one's to heal
        and (f.id == healer.id or map_state.in_reach(state, healer, f, ability.range))
    ]
    most = max(f.max_hp - f.hp for f in in_range)
    return sorted(f.id for f in in_range if f.max_hp - f.hp == most)


def start_heal(state: HavenState, healer: Figure, turn: Turn, ability: AbilitySpec) -> bool:
    """Heal the monster that has lost the most; False when the players must break a tie."""
    candidates = heal_candidates(state, healer, ability)
    if len(candidates) == 1:
        finish_heal(state, healer, turn, ability, candidates[0])
        return True
    turn.stage = "monster_heal"
    turn.targeted = candidates
    state.emit(
        "heal",
        lazy(
            "{healer} may heal {candidates}: they have lost the most hit points; the players"
            " choose (HV-MOVE-MON-3)",
            healer=healer.id,
            candidates=list(candidates),
        ),
        "HV-MOVE-MON-3",
    )
    return False


def finish_heal(
    state: HavenState, healer: Figure, turn: Turn, ability: AbilitySpec, target: str
) -> None:
    turn.stage = "ability"
    turn.targeted = []
    if turn.queue:
        turn.queue.pop(0)
    healing.heal(state, state.figures[target], ability.value, healer.id)


# -- summon --------------------------------------------------------------------------------
def _closeness(state: HavenState, summoner: Figure, h: tuple[int, int]) -> tuple[int, int, int]:
    """How close a monster standing on ``h`` is to its nearest enemy: (negative, points, proximity)."""
    hexboard = map_state.board(state, with_closed_doors=False)
    index = hexboard.index
    terrain = map_state.terrain_flags(hexboard, map_state.terrain_spec(state, hexboard.hexes))
    others = [f for f in state.figures.values() if f.hex in index and f.hex != h]
    enemies = [f for f in others if f.team != summoner.team]
    move = Movement(
        hexboard,
        state.rules,
        terrain,
        index[h],
        # HV-GOAL-2: an objective covering several hexes stands in each of them.
        frozenset(index[c] for f in others for c in f.covers if c in index),
        frozenset(index[c] for f in enemies for c in f.covers if c in index),
        MoveMode(),
    )
    best = (UNREACHABLE, UNREACHABLE, UNREACHABLE)
    for e in (index[c] for enemy in enemies for c in enemy.covers if c in index):
        proximity = hexboard.proximity(e)[index[h]]
        for d, j in hexboard.open_neighbours[e]:
            if d == LINK:  # HV-ROOM-5: no melee attack through a link
                continue
            if j == index[h]:
                best = min(best, (0, 1, proximity))
            elif move.distance[j] != UNREACHABLE:
                best = min(best, (move.negative[j], move.distance[j] + 1, proximity))
    return best


def summon_hexes(state: HavenState, summoner: Figure) -> list[tuple[int, int]]:
    """HV-SUM-1: empty hexes next to the summoner, as close to an enemy as possible."""
    free = free_adjacent_hexes(state, summoner)
    if not free:
        return []
    keyed = [(_closeness(state, summoner, h), h) for h in free]
    best = min(k for k, _ in keyed)
    return sorted(h for k, h in keyed if k == best)


def start_summon(state: HavenState, summoner: Figure, turn: Turn, ability: AbilitySpec) -> bool:
    """Place the summoned monster; False when the players must choose among tied hexes."""
    hexes = summon_hexes(state, summoner)
    if standees.standees_left(state, ability.summon or "") <= 0:
        turn.queue.pop(0)
        state.emit(
            "summon",
            lazy("no {summon} standee is left: the summon fails", summon=ability.summon),
            "HV-MON-SUM-1",
            "HV-MON-LIMIT-1",
        )
        return True
    if not hexes:
        turn.queue.pop(0)
        state.emit(
            "summon",
            lazy("{summoner} has no empty adjacent hex: the summon fails", summoner=summoner.id),
            "HV-SUM-1",
        )
        return True
    if len(hexes) == 1:
        place_monster(state, summoner, turn, ability, hexes[0])
        return True
    turn.stage = "monster_summon"
    state.emit(
        "summon",
        lazy(
            "{summoner} may summon at {hexes}: equally close to an enemy; the players choose"
            " (HV-MOVE-MON-3)",
            summoner=summoner.id,
            hexes=[str(list(h)) for h in hexes],
        ),
        "HV-SUM-1",
        "HV-MOVE-MON-3",
    )
    return False


def place_monster(
    state: HavenState, summoner: Figure, turn: Turn, ability: AbilitySpec, h: tuple[int, int]
) -> Figure | None:
    """HV-MON-SUM-1/2: put the summoned standee on ``h``; it acts from the next round
    (HV-INIT-5) and [GH] drops no money when killed (HV-LOOT-3)."""
    turn.stage = "ability"
    if turn.queue:
        turn.queue.pop(0)
    mtype = ability.summon or ""
    figure = standees.add_monster(
        state,
        mtype,
        h,
        ability.elite,
        no_drop=True,
        summoned_round=state.round,
        event="summoned",  # announced once numbered (HV-SCEN-1)
        by=summoner.id,
    )
    if figure is None:
        return None
    name = initiative.group_of(state, mtype)  # HV-MON-SUM-2 [FH]: its set's card
    if state.rules.monster_summon_draws_card and state.groups[name].card is None:
        # [FH p.43] a card only for the summon's initiative in other figures' focus.
        turn.stage = "summon_draw"
        turn.draw_target = name
    return figure


# -- conditions a monster gives (HV-MON-COND-1) ----------------------------------------------
def negative(ability: AbilitySpec) -> bool:
    """A condition action giving negative conditions: a targeted ability on enemies (HV-TGT-2;
    the content check keeps positive and negative conditions out of one action)."""
    return any(not CONDITIONS[name].positive for name in ability.conditions)


def condition_targets(
    state: HavenState, giver: Figure, ability: AbilitySpec, targets: list[str]
) -> None:
    """HV-MON-COND-1: the negative conditions go to the targets the focus rules picked, as for
    an attack (HV-TGT-2: enemies only; HV-COND-INVISIBLE-1: never an invisible one); with
    none in range the ability does nothing."""
    chosen = [
        t for t in targets if t in state.figures and "invisible" not in state.figures[t].conditions
    ]
    if not chosen:
        state.emit(
            "condition",
            lazy(
                "{giver} has no enemy in range for {conditions}",
                giver=giver.id,
                conditions=terms(ability.conditions),
            ),
            "HV-MON-COND-1",
            figure=giver.id,
        )
        return
    for target in chosen:
        state.emit(
            "condition",
            lazy(
                "{giver} targets {target} with {conditions} (chosen by the focus rules)",
                giver=giver.id,
                target=target,
                conditions=terms(ability.conditions),
            ),
            "HV-MON-COND-1",
            "HV-TGT-2",
            figure=giver.id,
        )
        exhaustion.add_conditions(state, state.figures[target], list(ability.conditions))


def give_conditions(state: HavenState, giver: Figure, ability: AbilitySpec) -> None:
    """HV-MON-COND-1: a positive condition with a range goes to the monster in range closest
    to the giver that lacks it (itself included; ties: the earlier in the initiative order).

    [FH p.43]; the engine applies the same reading to Gloomhaven cards (house assumption).
    """
    hexboard = map_state.board(state, with_closed_doors=True)
    here = hexboard.index[giver.hex]
    distance = hexboard.proximity(here)
    for name in ability.conditions:
        lacking = [
            f
            for f in state.figures.values()
            if f.team == giver.team
            and f.kind != "objective"  # HV-GOAL-2: it gains no condition
            and name not in f.conditions
            and (f.id == giver.id or map_state.in_reach(state, giver, f, ability.range))
        ]
        if not lacking:
            state.emit(
                "condition",
                lazy("no monster in range lacks {condition}", condition=term(name)),
                "HV-MON-COND-1",
            )
            continue

        def order(f: Figure) -> tuple[int, int, bool, int]:
            value = initiative.group_initiative(state, f.type) if f.kind == "monster" else None
            return (distance[hexboard.index[f.hex]], value or 100, not f.elite, f.standee)

        chosen = min(lacking, key=order)
        state.emit(
            "condition",
            lazy(
                "{giver} gives {condition} to {chosen}, the closest monster in range lacking it",
                giver=giver.id,
                condition=term(name),
                chosen=chosen.id,
            ),
            "HV-MON-COND-1",
        )
        exhaustion.add_conditions(state, chosen, [name])
