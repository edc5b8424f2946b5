"""What a validated scenario must also satisfy across its fields: the map, the party
(HV-CHAR-1), rooms, doors and start hexes, monsters and their decks, items (HV-ITEM-1),
perks (HV-DECK-2, HV-DECK-3, HV-DECK-5), loot, goals, rules and the scenario's own figures.
Each problem names its field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rulekeeper.core.errors import ContentError
from rulekeeper.core.problems import Problems
from rulekeeper.games.haven.board_format import check_map
from rulekeeper.games.haven.item_format import loadout_problem
from rulekeeper.games.haven.monster_format import StandeeSpec
from rulekeeper.games.haven.ruleset import RULESETS
from rulekeeper.games.haven.scaling import character_level, scenario_scaling
from rulekeeper.games.haven.scenario_document import ScenarioSpec
from rulekeeper.games.haven.shipped_content import shipped_library
from rulekeeper.i18n import _


def check_scenario(spec: ScenarioSpec, source: str | None, problems: Problems) -> ScenarioSpec:
    """The map and every cross reference of a validated scenario, each problem reported to
    ``problems`` (a strict one raises the first); the scenario with the shipped library merged."""
    check_map(spec.map, source, problems)
    library = shipped_library()
    classes = {**library.classes, **spec.classes}
    types = {**library.monster_types, **spec.monster_types}
    decks = {**library.monster_decks, **spec.monster_decks}
    items = {**library.items, **spec.items}
    spec = spec.model_copy(
        update={"classes": classes, "monster_types": types, "monster_decks": decks, "items": items}
    )
    _check_references(spec, source, problems)
    return spec


def _check_standee_place(
    n: int,
    standee: StandeeSpec,
    obstacles: set[tuple[int, int]],
    doors: set[tuple[int, int]],
    starts: set[tuple[int, int]],
    placed: dict[tuple[tuple[int, int], int], int],
    fail: Callable[[str, str], None],
) -> None:
    """A standee stands on an open hex: no obstacle, door or start hex, and no other
    standee there for any player count it appears for (one figure per hex)."""
    where = f"monsters.{n}.hex"
    h = standee.hex
    if h in obstacles:
        fail(_("a monster cannot stand on the obstacle {hex}", hex=str(list(h))), where)
    if h in doors:
        fail(
            _("a monster cannot stand on the door {hex} (it opens a room)", hex=str(list(h))), where
        )
    if h in starts:
        fail(_("a monster cannot stand on the start hex {hex}", hex=str(list(h))), where)
    for players in (*standee.normal, *standee.elite):
        other = placed.get((h, players))
        if other is not None and other != n:
            fail(
                _(
                    "monsters.{other} already stands on {hex} for {players} players",
                    other=other,
                    hex=str(list(h)),
                    players=players,
                ),
                where,
            )
        placed[(h, players)] = n


def _check_references(spec: ScenarioSpec, source: str | None, problems: Problems) -> None:
    on_map = set(spec.map.hexes)

    def fail(message: str, field: str) -> None:
        problems.add(message, field)

    for n, cls in enumerate(spec.party):
        if cls not in spec.classes:
            fail(_("unknown class {name}", name=repr(cls)), f"party.{n}")
            continue
        if character_level(spec, cls) > len(spec.classes[cls].hp):
            where = "character_level"
            if cls in spec.characters and spec.characters[cls].level is not None:
                where = f"characters.{cls}.level"
            fail(_("class {name} has no hit points for that level", name=repr(cls)), where)
    if len(set(spec.party)) != len(spec.party):
        fail(_("HV-CHAR-1: a class may join the party once"), "party")
    if len(spec.party) < 2 and not spec.house_rules.one_character:
        fail(
            "HV-CHAR-1: a party has two to four characters (house_rules.one_character allows one)",
            "party",
        )
    _check_perks(spec, source, problems)
    if len(spec.start_hexes) < len(spec.party):
        fail(_("fewer start hexes than characters"), "start_hexes")
    rooms = {room.id for room in spec.rooms}
    obstacles = set(spec.map.terrain.obstacle)
    in_rooms: dict[tuple[int, int], str] = {}
    seen_rooms: set[str] = set()
    for n, room in enumerate(spec.rooms):
        if room.id in seen_rooms:
            fail(_("room id {id} is used twice", id=repr(room.id)), f"rooms.{n}.id")
        seen_rooms.add(room.id)
        for k, h in enumerate(room.hexes):
            if h not in on_map:
                fail(_("{hex} is not on the map", hex=str(list(h))), f"rooms.{n}.hexes")
            if h in in_rooms:
                fail(
                    _("{hex} is already in room {room}", hex=str(list(h)), room=repr(in_rooms[h])),
                    f"rooms.{n}.hexes.{k}",
                )
            in_rooms[h] = room.id
    doors: set[tuple[int, int]] = set()
    for n, door in enumerate(spec.doors):
        if door.hex not in on_map or door.hex in in_rooms:
            fail(_("a door stands on a map hex outside every room"), f"doors.{n}.hex")
        if door.hex in doors:
            fail(_("two doors stand on {hex}", hex=str(list(door.hex))), f"doors.{n}.hex")
        if door.hex in obstacles:
            fail(_("the door on {hex} is an obstacle", hex=str(list(door.hex))), f"doors.{n}.hex")
        doors.add(door.hex)
        for opened in door.opens:
            if opened not in rooms:
                fail(_("unknown room {opened}", opened=repr(opened)), f"doors.{n}.opens")
    starts: set[tuple[int, int]] = set()
    for n, h in enumerate(spec.start_hexes):
        if h not in on_map or h in in_rooms:
            fail(_("{hex} is not in the starting area", hex=str(list(h))), f"start_hexes.{n}")
        if h in starts:
            fail(_("{hex} is listed twice", hex=str(list(h))), f"start_hexes.{n}")
        if h in obstacles:
            fail(
                _("a character cannot start on the obstacle {hex}", hex=str(list(h))),
                f"start_hexes.{n}",
            )
        if h in doors:
            fail(
                _("a character cannot start on the door {hex}", hex=str(list(h))),
                f"start_hexes.{n}",
            )
        starts.add(h)
    top_level = max(scenario_scaling(spec, r).monster_level for r in RULESETS.values())
    for name, mtype in spec.monster_types.items():
        if mtype.deck not in spec.monster_decks:
            fail(
                _("unknown ability deck {deck}", deck=repr(mtype.deck)),
                f"monster_types.{name}.deck",
            )
    for name, deck in spec.monster_decks.items():
        card_ids: set[str] = set()
        for c, mcard in enumerate(deck.cards):
            if mcard.id in card_ids:
                fail(
                    _("card id {id} is used twice", id=repr(mcard.id)),
                    f"monster_decks.{name}.cards.{c}.id",
                )
            card_ids.add(mcard.id)
            for a, act in enumerate(mcard.actions):
                summoned = spec.monster_types.get(act.summon or "")
                if act.type in ("recover", "refresh"):
                    fail(
                        "HV-CHAR-6: recover and refresh bring back a character's cards and"
                        " items; a monster has none",
                        f"monster_decks.{name}.cards.{c}.actions.{a}.type",
                    )
                where = f"monster_decks.{name}.cards.{c}.actions.{a}.summon"
                if act.type == "summon" and summoned is None:
                    fail(_("unknown monster type {summon}", summon=repr(act.summon)), where)
                if summoned is not None and top_level >= len(summoned.normal):
                    fail(
                        _(
                            "{summon} has no stats for level {top_level}",
                            summon=repr(act.summon),
                            top_level=top_level,
                        ),
                        where,
                    )
    placed: dict[tuple[tuple[int, int], int], int] = {}
    for n, standee in enumerate(spec.monsters):
        found = spec.monster_types.get(standee.type)
        if found is None:
            fail(_("unknown monster type {type}", type=repr(standee.type)), f"monsters.{n}.type")
            continue
        mtype = found
        if standee.hex not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(standee.hex))), f"monsters.{n}.hex")
            continue
        _check_standee_place(n, standee, obstacles, doors, starts, placed, fail)
        if top_level >= len(mtype.normal):
            fail(
                _("no stats for level {top_level}", top_level=top_level),
                f"monster_types.{standee.type}",
            )
    for n, h in enumerate(spec.objective.hexes):
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"objective.hexes.{n}")
    if spec.objective.kind == "reach" and not spec.objective.hexes:
        fail(_("a reach objective lists its hexes"), "objective.hexes")
    for n, h in enumerate(spec.escape):
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"escape.{n}")
        elif h in obstacles:
            fail(_("the escape hex {hex} is an obstacle", hex=str(list(h))), f"escape.{n}")
    linked: set[frozenset[tuple[int, int]]] = set()
    for k, pair in enumerate(spec.links):  # HV-ROOM-5
        for end, at in enumerate(pair):
            if at not in on_map:
                fail(_("{hex} is not on the map", hex=str(list(at))), f"links.{k}.{end}")
        if pair[0] == pair[1]:
            fail(_("a hex cannot be linked to itself"), f"links.{k}")
        elif frozenset(pair) in linked:
            fail(_("these two hexes are already linked"), f"links.{k}")
        linked.add(frozenset(pair))
    if spec.objective.kind == "escape" and not spec.escape:
        fail(_("an escape objective needs escape hexes"), "escape")
    if spec.objective.kind == "survive" and spec.objective.rounds < 1:
        fail(_("a survive objective gives its rounds"), "objective.rounds")
    _check_play_content(spec, fail, on_map, set(in_rooms))
    _check_monster_sets(spec, fail)
    _check_figures_of_the_rules(spec, fail, on_map, obstacles | doors | starts)


def _check_play_content(
    spec: ScenarioSpec,
    fail: Callable[[str, str], None],
    on_map: set[tuple[int, int]],
    in_rooms: set[tuple[int, int]],
) -> None:
    """Characters and their items (HV-ITEM-1), loot, treasures, bosses, special rules."""
    for cls, character in spec.characters.items():
        if cls not in spec.party:
            fail(_("{name} is not in the party", name=repr(cls)), f"characters.{cls}")
            continue
        unknown = [item for item in character.items if item not in spec.items]
        for n, item in enumerate(character.items):
            if item not in spec.items:
                fail(_("unknown item {item}", item=repr(item)), f"characters.{cls}.items.{n}")
        if unknown:
            continue
        problem = loadout_problem(
            [spec.items[i] for i in character.items],
            list(character.items),
            character_level(spec, cls),
        )
        if problem:
            fail(_("HV-ITEM-1: {problem}", problem=problem), f"characters.{cls}.items")
    for n, h in enumerate(spec.money):
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"money.{n}")
    treasure_ids = [t.id for t in spec.treasures]
    if len(set(treasure_ids)) != len(treasure_ids):
        fail(_("treasure ids must be unique"), "treasures")
    for n, treasure in enumerate(spec.treasures):
        if treasure.hex not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(treasure.hex))), f"treasures.{n}.hex")
        if treasure.item is not None and treasure.item not in spec.items:
            fail(_("unknown item {item}", item=repr(treasure.item)), f"treasures.{n}.item")
    random_item = spec.loot_deck.random_item
    if random_item is not None and random_item not in spec.items:
        fail(
            _("unknown item {random_item}", random_item=repr(random_item)), "loot_deck.random_item"
        )
    for n, wanted in enumerate(spec.objective.treasures):
        if wanted not in treasure_ids:
            fail(_("unknown treasure {wanted}", wanted=repr(wanted)), f"objective.treasures.{n}")
    if spec.objective.kind == "loot" and not spec.objective.treasures:
        fail(_("a loot objective names its goal treasures"), "objective.treasures")
    bosses = [
        s.type
        for s in spec.monsters
        if s.type in spec.monster_types and spec.monster_types[s.type].boss
    ]
    bosses += [
        s.type
        for r in spec.rules
        for s in r.spawn
        if s.type in spec.monster_types and spec.monster_types[s.type].boss
    ]
    if spec.objective.kind == "kill_boss" and not bosses:
        fail(_("a kill_boss objective needs a boss among the monsters"), "objective.kind")
    doors = {d.hex for d in spec.doors}
    for n, rule in enumerate(spec.rules):
        where = f"rules.{n}"
        if rule.when.door is not None and rule.when.door not in doors:
            fail(_("{hex} is not a door", hex=str(list(rule.when.door))), f"{where}.when.door")
        if rule.when.plate is not None and rule.when.plate not in on_map:
            fail(
                _("{hex} is not on the map", hex=str(list(rule.when.plate))), f"{where}.when.plate"
            )
        if rule.when.enter is not None and rule.when.enter not in on_map:
            fail(
                _("{hex} is not on the map", hex=str(list(rule.when.enter))), f"{where}.when.enter"
            )
        if rule.when.dead and rule.when.dead not in spec.monster_types:
            fail(_("unknown monster type {dead}", dead=repr(rule.when.dead)), f"{where}.when.dead")
        for m, h in enumerate(rule.open_doors):
            if h not in doors:
                fail(_("{hex} is not a door", hex=str(list(h))), f"{where}.open_doors.{m}")
        for m, spawn in enumerate(rule.spawn):
            if spawn.type not in spec.monster_types:
                fail(
                    _("unknown monster type {type}", type=repr(spawn.type)),
                    f"{where}.spawn.{m}.type",
                )
            if spawn.hex not in on_map:
                fail(
                    _("{hex} is not on the map", hex=str(list(spawn.hex))), f"{where}.spawn.{m}.hex"
                )
    del in_rooms


def _check_monster_sets(spec: ScenarioSpec, fail: Callable[[str, str], None]) -> None:
    """HV-MON-3, HV-INIT-6: a set's types are known, in one set each, and share one deck."""
    in_set: dict[str, int] = {}
    for n, monster_set in enumerate(spec.monster_sets):
        decks: dict[str, str] = {}
        for k, name in enumerate(monster_set.types):
            where = f"monster_sets.{n}.types.{k}"
            mtype = spec.monster_types.get(name)
            if mtype is None:
                fail(_("unknown monster type {type}", type=repr(name)), where)
                continue
            if name in in_set:
                fail(
                    _(
                        "HV-INIT-6: {type} is already in monster_sets.{other}",
                        type=repr(name),
                        other=in_set[name],
                    ),
                    where,
                )
            in_set[name] = n
            decks[name] = mtype.deck
        if len(set(decks.values())) > 1:
            fail(
                _(
                    "HV-MON-3: the types of a set share one ability deck, not {decks}",
                    decks=", ".join(f"{t}: {d}" for t, d in decks.items()),
                ),
                f"monster_sets.{n}.types",
            )


def _check_figures_of_the_rules(
    spec: ScenarioSpec,
    fail: Callable[[str, str], None],
    on_map: set[tuple[int, int]],
    blocked: set[tuple[int, int]],
) -> None:
    """HV-GOAL-2 objectives and HV-GOAL-3 allies: ids unique among figures, one figure per
    open hex, their goal, rules and ability deck known."""
    taken = {s.hex for s in spec.monsters}
    ids = set(spec.party)
    figures: list[tuple[str, str, tuple[int, int], str]] = []
    room = {h: r.id for r in spec.rooms for h in r.hexes}
    for n, o in enumerate(spec.objectives):
        if o.hexes:  # HV-GOAL-2: one figure covering several hexes
            figures += [(f"objectives.{n}", o.id, h, f"hexes.{i}") for i, h in enumerate(o.hexes)]
            if len({room.get(h) for h in o.hexes}) > 1:
                fail(_("its hexes are not all in one room"), f"objectives.{n}.hexes")
        else:
            figures.append((f"objectives.{n}", o.id, o.hex, "hex"))
    figures += [
        (f"allies.figures.{n}", a.id, a.hex, "hex") for n, a in enumerate(spec.allies.figures)
    ]
    for where, figure_id, h, field in figures:
        first = field in ("hex", "hexes.0")  # the others are more hexes of the same figure
        if first and (
            figure_id in ids or figure_id.startswith(tuple(f"{t} " for t in spec.monster_types))
        ):
            fail(
                _("id {figure_id} is already a figure's", figure_id=repr(figure_id)), f"{where}.id"
            )
        ids.add(figure_id)
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"{where}.{field}")
        if h in blocked or h in taken:
            fail(
                _("{hex} is not an open hex: one figure per hex", hex=str(list(h))),
                f"{where}.{field}",
            )
        taken.add(h)
    objective_ids = {o.id for o in spec.objectives}
    for n, wanted in enumerate(spec.objective.destroy):
        if wanted not in objective_ids:
            fail(
                _("unknown objective figure {wanted}", wanted=repr(wanted)),
                f"objective.destroy.{n}",
            )
    if spec.objective.kind == "destroy" and not spec.objectives:
        fail(_("a destroy objective needs objective figures"), "objective.kind")
    for n, rule in enumerate(spec.rules):
        if rule.when.destroyed and rule.when.destroyed not in objective_ids:
            fail(
                _("unknown objective figure {destroyed}", destroyed=repr(rule.when.destroyed)),
                f"rules.{n}.when.destroyed",
            )
    if spec.allies.figures and ("allies" in spec.monster_types or "allies" in spec.party):
        fail(_("'allies' names the allies' decks: no monster type or class may use it"), "allies")
    deck = spec.allies.deck
    if deck is not None:
        found = spec.monster_decks.get(deck)
        if found is None:
            fail(_("unknown ability deck {deck}", deck=repr(deck)), "allies.deck")
        for c, card in enumerate(found.cards if found is not None else ()):
            for a, act in enumerate(card.actions):
                if act.type in ("summon", "special", "loot"):
                    fail(
                        f"HV-GOAL-3: an ally's card cannot {act.type} (not in the engine)",
                        f"monster_decks.{deck}.cards.{c}.actions.{a}.type",
                    )


def _check_perks(spec: ScenarioSpec, source: str | None, problems: Problems) -> None:
    """HV-DECK-2, HV-DECK-3: every character's deck can be built from its perks."""
    from rulekeeper.games.haven.perks import deck_with_perks, scenario_catalog

    try:
        catalog = scenario_catalog(spec.modifier_cards, source)
    except ContentError as error:
        problems.add_error(error)
        return
    for cls, character in spec.characters.items():
        if cls not in spec.party:
            problems.add(_("{name} is not in the party", name=repr(cls)), f"characters.{cls}")
            continue
        try:
            deck = deck_with_perks(
                character.perks, catalog, None, source=source, field=f"characters.{cls}.perks"
            )
        except ContentError as error:
            problems.add_error(error)
            deck = Counter()
        _check_resources(spec, cls, [*deck, *character.scenario_cards], catalog, problems)
        for card_id in character.scenario_cards:
            if card_id not in catalog and card_id not in ("null", "miss"):
                problems.add(
                    _("unknown modifier card {card_id}", card_id=repr(card_id)),
                    f"characters.{cls}.scenario_cards.{card_id}",
                )


def _check_resources(
    spec: ScenarioSpec, cls: str, cards: list[str], catalog: Any, problems: Problems
) -> None:
    """HV-DECK-5: a card's ``resource ID N`` names a resource of the character's class."""
    own = spec.classes[cls].resources if cls in spec.classes else {}
    for card_id in dict.fromkeys(cards):
        if card_id not in catalog:
            continue
        for effect in catalog[card_id].effects:
            name = effect.name.removeprefix("resource ")
            if effect.name.startswith("resource ") and name not in own:
                problems.add(
                    _(
                        "modifier card {card} adds to the class resource {resource}, which"
                        " {cls} does not have (HV-DECK-5)",
                        card=repr(card_id),
                        resource=repr(name),
                        cls=repr(cls),
                    ),
                    f"characters.{cls}.perks",
                )
