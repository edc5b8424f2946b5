"""Who acts when: initiative order and its tie rules (HV-INIT-1..5).

- HV-INIT-1: figures act in ascending initiative.
- HV-INIT-2: characters tied compare their second card; still tied, the players
  choose (``tied_characters`` finds the set the players must order).
- HV-INIT-3: a character tied with a monster group acts first.
- HV-INIT-4: a monster group's initiative is its ability card's; within the
  group elites act before normals, each in ascending standee number.
- HV-INIT-5: summons act immediately before their summoner, never in the round
  they were summoned (``actors_of_slot``).

Monster groups tied with each other are ordered by the players (GH p.18:
"the players decide which goes first"; FH p.19: other ties, the party
decides): ``tied_groups`` finds the set, ``choose_group_first`` records the
choice (HV-INIT-6: [GH] the players choose; [FH] types of one set follow the
scenario's special rules, and any other tie is the party's choice).

[FH] A monster set (the scenario's ``monster_sets``, HV-MON-3) is one group: its
types share one ability deck and one card a round, so they always tie; the
group is keyed by the set's first type (``group_of``) and its monsters act type
by type in the set's order (``monsters_of``), never asking the party (HV-INIT-6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven.card_index import class_card, deck_card, type_card

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import MonsterCardSpec
    from rulekeeper.games.haven.state import Figure, HavenState, Hero

LONG_REST_INITIATIVE = 99
"""HV-REST-2: a long rest acts at initiative 99."""
GROUP_PREFIX = "group:"
ALLY_SLOT = "allies"
"""HV-GOAL-3: the scenario allies' place in the turn order (allies.py)."""
OBJECTIVE_INITIATIVE = 99
"""HV-GOAL-2: an objective counts as initiative 99 for focus."""


def card_initiative(state: HavenState, hero: str, card: str) -> int:
    return class_card(state.spec, hero, card).initiative


def hero_initiative(state: HavenState, hero: Hero) -> tuple[int, int]:
    """HV-CARD-2: the leading card sets initiative; the second card breaks ties (HV-INIT-2)."""
    if hero.long_rest or hero.leading is None or hero.second is None:
        return LONG_REST_INITIATIVE, LONG_REST_INITIATIVE
    return card_initiative(state, hero.id, hero.leading), card_initiative(
        state, hero.id, hero.second
    )


def tied_characters(state: HavenState) -> list[str]:
    """HV-INIT-2: the first set of characters still tied after their second cards."""
    by_key: dict[tuple[int, int], list[Hero]] = {}
    for hero in state.living_heroes():
        by_key.setdefault(hero_initiative(state, hero), []).append(hero)
    for key in sorted(by_key):
        unplaced = [h.id for h in by_key[key] if h.tie_rank == 0]
        if len(unplaced) > 1:
            return unplaced
    return []


def choose_first(state: HavenState, hero_id: str) -> None:
    """HV-INIT-2: the players put this tied character ahead of the others still tied."""
    hero = state.heroes[hero_id]
    key = hero_initiative(state, hero)
    placed = [
        h for h in state.living_heroes() if hero_initiative(state, h) == key and h.tie_rank > 0
    ]
    hero.tie_rank = len(placed) + 1


def group_initiative(state: HavenState, name: str) -> int | None:
    """HV-INIT-4: the group's initiative this round; None if it does not act in the order."""
    group = state.groups[name]
    if group.card is None or not has_monsters(state, name):
        return None
    return monster_card_initiative(state, name, group.card)


def allies_acting(state: HavenState) -> bool:
    """HV-GOAL-3: scenario allies are on the map (they take a slot in the order)."""
    return any(f.kind == "ally" for f in state.figures.values())


def _automated_slots(state: HavenState) -> list[tuple[str, int, int]]:
    """Monster groups and the allies' slot with their initiative and tie rank this round."""
    out = []
    for name in sorted(state.groups):
        value = group_initiative(state, name)
        if value is not None:
            out.append((name, value, state.groups[name].tie_rank))
    if allies_acting(state):
        out.append((ALLY_SLOT, state.spec.allies.initiative, state.ally_tie_rank))
    return out


def tied_groups(state: HavenState) -> list[str]:
    """HV-INIT-6: monster groups tied on initiative and not yet ordered: the players decide.

    HV-GOAL-3: the allies, run by the monster automation rules at the initiative the special
    rules give, tie with a monster group the same way: the players decide (no rule orders
    them; [FH] they are no set of the scenario's monster types)."""
    by_initiative: dict[int, list[str]] = {}
    for name, value, rank in _automated_slots(state):
        if rank == 0:
            by_initiative.setdefault(value, []).append(name)
    for value in sorted(by_initiative):
        if len(by_initiative[value]) > 1:
            return by_initiative[value]
    return []


def choose_group_first(state: HavenState, name: str) -> None:
    """HV-INIT-6: the players put this tied group (or the allies, HV-GOAL-3) ahead of the
    groups still tied with it."""
    slots = {n: (value, rank) for n, value, rank in _automated_slots(state)}
    value = slots[name][0]
    placed = [n for n, (v, rank) in slots.items() if rank > 0 and v == value]
    if name == ALLY_SLOT:
        state.ally_tie_rank = len(placed) + 1
    else:
        state.groups[name].tie_rank = len(placed) + 1


def turn_order(state: HavenState) -> list[str]:
    """HV-INIT-1/3/4: character IDs and ``group:TYPE`` slots in acting order."""
    keyed: list[tuple[tuple[int, int, int, int, str], str]] = []
    for hero in state.living_heroes():
        first, second = hero_initiative(state, hero)
        hero.initiative = first
        rank = hero.tie_rank if hero.tie_rank > 0 else 9
        keyed.append(((first, 0, second, rank, hero.id), hero.id))
    for name, group in sorted(state.groups.items()):
        initiative = group_initiative(state, name)
        if initiative is None:
            continue
        rank = group.tie_rank if group.tie_rank > 0 else 9
        keyed.append(((initiative, 1, 0, rank, name), GROUP_PREFIX + name))
    if allies_acting(state):
        # HV-GOAL-3: the allies' initiative from the special rules; after tied characters
        # (HV-INIT-3), among tied monster groups as the players chose (HV-INIT-6)
        rank = state.ally_tie_rank if state.ally_tie_rank > 0 else 9
        keyed.append(((state.spec.allies.initiative, 1, 0, rank, ""), ALLY_SLOT))
    keyed.sort()
    return [slot for _, slot in keyed]


def set_of(state: HavenState, mtype: str) -> tuple[str, ...]:
    """HV-MON-3, HV-INIT-6 [FH]: the types of ``mtype``'s monster set in acting order
    (a type in no set, or [GH] any type: itself alone)."""
    if state.rules.monster_sets:
        for monster_set in state.spec.monster_sets:
            if mtype in monster_set.types:
                return monster_set.types
    return (mtype,)


def group_of(state: HavenState, mtype: str) -> str:
    """The group (``state.groups`` key) a monster type draws and acts with: [FH] its set's
    first type (HV-MON-3), otherwise the type itself."""
    return set_of(state, mtype)[0]


def monsters_of(state: HavenState, name: str) -> list[str]:
    """HV-INIT-4: a group's monsters, elites first, each in ascending standee number.

    HV-INIT-6 [FH]: a set's types act one after another in the set's order.
    HV-MON-7: a named monster acts [FH] before the elites; [GH] with them (house reading).
    """
    types = set_of(state, name)
    members = [f for f in state.figures.values() if f.kind == "monster" and f.type in types]
    first = state.rules.named_before_elites

    def rank(f: Figure) -> int:
        if f.named:
            return 0 if first else 1
        return 1 if f.elite else 2

    members.sort(key=lambda f: (types.index(f.type), rank(f), f.standee))
    return [f.id for f in members]


def has_monsters(state: HavenState, name: str) -> bool:
    """Whether :func:`monsters_of` lists anyone (a set's types count, HV-INIT-6), unordered."""
    types = set_of(state, name)
    return any(f.kind == "monster" and f.type in types for f in state.figures.values())


def group_has_members(state: HavenState, name: str) -> bool:
    """Whether an ability deck of ``state.groups`` plays for anyone on the map: a monster
    type's monsters, or the scenario allies (HV-GOAL-3)."""
    if name == ALLY_SLOT and state.spec.allies.deck is not None:
        return any(f.kind == "ally" for f in state.figures.values())
    return has_monsters(state, name)


def allies_in_order(state: HavenState) -> list[str]:
    """HV-GOAL-3: the allies act in ascending standee number."""
    found = [f for f in state.figures.values() if f.kind == "ally"]
    return [f.id for f in sorted(found, key=lambda f: (f.standee, f.id))]


def ability_card(state: HavenState, group: str, card: str) -> MonsterCardSpec:
    """The ability card ``card`` of a monster type's deck, or of the allies' (HV-GOAL-3)."""
    if group == ALLY_SLOT and state.spec.allies.deck is not None:
        return deck_card(state.spec, state.spec.allies.deck, card)
    return type_card(state.spec, group, card)


def actors_of_slot(state: HavenState, slot: str) -> list[str]:
    """The figures acting in this slot: a group's monsters, the allies (HV-GOAL-3), or a
    character after its summons (HV-INIT-5), which act in the order they were summoned
    (HV-SUM-5)."""
    if slot == ALLY_SLOT:
        return allies_in_order(state)
    if slot.startswith(GROUP_PREFIX):
        # A monster summoned this round waits for the next one (HV-INIT-5).
        members = monsters_of(state, slot.removeprefix(GROUP_PREFIX))
        return [m for m in members if state.figures[m].summoned_round < state.round]
    summons = [
        f
        for f in state.figures.values()
        if f.kind == "summon" and f.owner == slot and f.summoned_round < state.round
    ]
    summons.sort(key=lambda f: f.standee)
    return [*(f.id for f in summons), slot]


NO_INITIATIVE = 100
"""Sorts after every initiative: a monster whose group has no card this round."""


def turn_order_key(state: HavenState, figure: Figure) -> tuple[int, int, int, int]:
    """Where ``figure`` stands in this round's settled turn order (HV-INIT-1..4).

    The same order as ``initiative.turn_order``: leading initiative; a character
    before a monster group tied with it (HV-INIT-3); tied characters by their
    second card, then by the order the players chose (HV-INIT-2); tied groups by
    the order the players chose. A summon takes its summoner's place (the mover
    puts it first, HV-FOCUS-2). Ties the players have not settled stay equal.
    """
    if figure.kind == "objective":
        return (OBJECTIVE_INITIATIVE, 2, 0, 0)  # HV-GOAL-2
    if figure.kind == "ally":  # HV-GOAL-3
        return (state.spec.allies.initiative, 1, 0, state.ally_tie_rank or NO_INITIATIVE)
    if figure.kind != "monster":
        hero = state.heroes[figure.owner if figure.kind == "summon" else figure.id]
        first, second = hero_initiative(state, hero)
        return (first, 0, second, hero.tie_rank or NO_INITIATIVE)
    name = group_of(state, figure.type)
    group = state.groups.get(name)
    if group is None or group.card is None:
        return (NO_INITIATIVE, 2, 0, 0)
    value = monster_card_initiative(state, name, group.card)
    # HV-INIT-6 [FH]: a set's types in the set's order, after the groups' own order
    return (value, 1, group.tie_rank or NO_INITIATIVE, set_of(state, name).index(figure.type))


def initiative_ranks(state: HavenState, figures: list[Figure]) -> dict[str, int]:
    """The initiative the monster mover breaks focus ties with (HV-FOCUS-2), as ranks.

    The mover compares one number per figure, but the rules order characters on
    the same leading initiative by their second card and then by the players'
    choice (HV-INIT-2), and a character before a monster group tied with it
    (HV-INIT-3). Each figure gets its place among the distinct turn-order keys
    (1 = earliest), so the mover breaks a focus tie exactly as the settled turn
    order does and asks the players only about ties the rules leave open.
    """
    keys: dict[str, tuple[int, int, int, int]] = {}
    by_type: dict[str, tuple[int, int, int, int]] = {}  # a monster's key is its type's
    for f in figures:
        if f.kind == "monster":
            key = by_type.get(f.type)
            if key is None:
                key = by_type[f.type] = turn_order_key(state, f)
        else:
            key = turn_order_key(state, f)
        keys[f.id] = key
    places = {key: n for n, key in enumerate(sorted(set(keys.values())), start=1)}
    return {fid: places[key] for fid, key in keys.items()}


def monster_card_initiative(state: HavenState, mtype: str, card: str) -> int:
    return type_card(state.spec, mtype, card).initiative
