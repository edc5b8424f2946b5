"""Ether content: cards, heroes, enemies, bosses, map cards and scenarios, validated.

The shipped library (``content/ether/library.toml``) defines every card; a
scenario file (``content/ether/scenarios/*.toml`` or a user's own path) picks
heroes, the map deck, the boss and the ether track's length, and may define
more cards of its own in the same tables. Bad data raises
:class:`~rulekeeper.core.errors.ContentError` naming the file and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from rulekeeper.boards.mapcards import (
    OFFSETS,
    CardLayout,
    Direction,
    Local,
    turn_direction,
    turn_local,
)
from rulekeeper.core.documents import read_document, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_COUNT, MAX_MAP_CELLS
from rulekeeper.core.party import split_party
from rulekeeper.core.problems import Problems
from rulekeeper.games.ether.resources import DieColour, Resources, parse_cost
from rulekeeper.games.ether.schema import (
    ContentFile,
    EffectKind,
    EffectModel,
    HeroModel,
    MapCardModel,
    ScenarioHeader,
    UniqueModel,
)
from rulekeeper.games.ether.terms import colour, direction, joined
from rulekeeper.i18n import Msg, _, _n, lazy, lazy_plural

CONTENT_FORMAT = "rulekeeper-ether/1"

ACTIVE_EFFECTS = ("none", "draw", "heal", "damage", "move", "ready", "gain_item")
"""Effects an Instant card resolves at once (ET-INF-1)."""
UNIQUE_EFFECTS = (*ACTIVE_EFFECTS, "damage_all", "move_enemy", "advance_ether")
"""Effects a unique map action resolves (ET-UNQ-1): also every enemy here, moving an
enemy, and advancing the ether track (ET-BOSS-1)."""
TARGETED_EFFECTS = ("damage", "move_enemy")
"""Effects that name one non-boss enemy in the active area as their target."""
PASSIVE_EFFECTS = ("none", "armor", "hand_size")
"""Effects that hold while a card lies in the inventory: items, Ongoing cards (ET-INF-4)."""


# -- definitions the engine uses (frozen values) ---------------------------
@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind = "none"
    amount: int = 0
    colour: DieColour | None = None

    def __str__(self) -> str:
        return str(self.message())

    def message(self) -> Msg:
        """What the effect does, as a message in the reader's language."""
        n = self.amount
        kind = self.kind
        if kind == "draw":
            return lazy_plural("draw {n} card", "draw {n} cards", n)
        if kind == "heal":
            return lazy("heal {amount}", amount=n)
        if kind == "damage":
            return lazy("{amount} damage to an enemy here", amount=n)
        if kind == "damage_all":
            return lazy("{amount} damage to every enemy here", amount=n)
        if kind == "move":
            return lazy_plural("move {n} space", "move {n} spaces", n)
        if kind == "move_enemy":
            return lazy_plural(
                "move an enemy here up to {n} space", "move an enemy here up to {n} spaces", n
            )
        if kind == "advance_ether":
            return lazy("advance the ether {amount}", amount=n)
        if kind == "ready":
            return lazy_plural(
                "ready {n} {colour} die", "ready {n} {colour} dice", n, colour=colour(self.colour)
            )
        if kind == "gain_item":
            return lazy_plural("gain {n} item", "gain {n} items", n)
        if kind == "armor":
            return lazy("armor {amount}", amount=n)
        if kind == "hand_size":
            return lazy("hand size +{amount}", amount=n)
        return lazy("no effect")


@dataclass(frozen=True, slots=True)
class InfluenceCard:
    id: str
    name: str
    yields: Resources
    mode: Literal["instant", "ongoing"]
    costs: tuple[Resources, ...]
    timing: Literal["any", "activation", "movement"]
    effect: Effect
    copies: int = 1


@dataclass(frozen=True, slots=True)
class ItemCard:
    id: str
    name: str
    yields: Resources
    effect: Effect


@dataclass(frozen=True, slots=True)
class EnemyCard:
    id: str
    name: str
    health: int
    damage: int
    icons: int
    copies: int = 1


@dataclass(frozen=True, slots=True)
class BossCard:
    id: str
    name: str
    health: int
    damage: int
    requires: tuple[str, ...]
    requires_ether: int = 0


@dataclass(frozen=True, slots=True)
class ExploreArrow:
    direction: Direction
    awareness: int


@dataclass(frozen=True, slots=True)
class UniqueAction:
    id: str
    name: str
    costs: tuple[Resources, ...]
    effects: tuple[Effect, ...]
    card: str
    local: Local

    @property
    def targeted(self) -> bool:
        """Whether an effect names an enemy in the active area (damage, move_enemy)."""
        return any(e.kind in TARGETED_EFFECTS for e in self.effects)

    def effect_of(self, kind: str) -> Effect | None:
        return next((e for e in self.effects if e.kind == kind), None)

    @property
    def effect_text(self) -> str:
        """Its effects in the current language."""
        return str(self.effect_message())

    def effect_message(self) -> Msg:
        """Its effects, in order, as one message (``draw 1 card; heal 2``)."""
        if not self.effects:
            return lazy("no effect")
        return joined([e.message() for e in self.effects], ";")


@dataclass(frozen=True, slots=True)
class SpaceFeatures:
    enemy_icon: bool = False
    explores: tuple[ExploreArrow, ...] = ()
    uniques: tuple[UniqueAction, ...] = ()
    boss: bool = False


@dataclass(frozen=True, slots=True)
class Orientation:
    """A map card as placed with one turn: its layout and its spaces' features, turned."""

    degrees: int
    layout: CardLayout
    features: Mapping[Local, SpaceFeatures]

    def at(self, local: Local) -> SpaceFeatures:
        return self.features.get(local, NO_FEATURES)


@dataclass(frozen=True, slots=True)
class MapCard:
    """A map card as printed (``layout``, ``features``) and each way it may be placed."""

    id: str
    name: str
    layout: CardLayout
    features: Mapping[Local, SpaceFeatures]
    orientations: Mapping[int, Orientation] = field(default_factory=dict)

    def at(self, local: Local) -> SpaceFeatures:
        return self.features.get(local, NO_FEATURES)

    @property
    def rotations(self) -> tuple[int, ...]:
        """The clockwise turns the card may be placed with, the start card's first."""
        return tuple(self.orientations)

    def turned(self, degrees: int) -> Orientation:
        return self.orientations[degrees]


NO_FEATURES = SpaceFeatures()


def turn_card(card: MapCard, degrees: int) -> Orientation:
    """``card`` turned ``degrees`` clockwise: its spaces, walls and arrows turn with it."""
    layout = card.layout

    def turn(local: Local) -> Local:
        return turn_local(local, layout.width, layout.height, degrees)

    features = {
        turn(local): replace(
            f,
            explores=tuple(
                ExploreArrow(turn_direction(a.direction, degrees), a.awareness) for a in f.explores
            ),
        )
        for local, f in card.features.items()
    }
    return Orientation(degrees, layout.turned(degrees), features)


@dataclass(frozen=True, slots=True)
class HeroCard:
    id: str
    name: str
    health: int
    hand_size: int
    dice: tuple[DieColour, ...]
    inventory: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    """Everything a game of ether needs, shared (never copied) by its states."""

    name: str
    title: str
    card_width: int
    card_height: int
    heroes: tuple[HeroCard, ...]
    start_card: str
    start_space: Local
    ether_end: int
    boss: BossCard
    map_deck: tuple[str, ...]
    influence_deck: tuple[str, ...]
    item_deck: tuple[str, ...]
    enemy_deck: tuple[str, ...]
    influence: Mapping[str, InfluenceCard]
    items: Mapping[str, ItemCard]
    enemies: Mapping[str, EnemyCard]
    map_cards: Mapping[str, MapCard]
    uniques: Mapping[str, UniqueAction] = field(default_factory=dict)
    ether_per_round: int = 1
    """ET-END-1 (ASSUMED, set by the scenario): the track's advance at each end of round."""

    def card_name(self, card: str) -> str:
        if card in self.influence:
            return self.influence[card].name
        if card in self.items:
            return self.items[card].name
        return card

    def card_yields(self, card: str) -> Resources:
        if card in self.influence:
            return self.influence[card].yields
        return self.items[card].yields


# -- loading ---------------------------------------------------------------
def shipped_dir() -> Path:
    return Path(str(resources.files("rulekeeper") / "content" / "ether"))


def shipped_scenarios() -> dict[str, Path]:
    folder = shipped_dir() / "scenarios"
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def read_content(path: Path) -> ContentFile:
    """Read and validate one ether content file; ContentError names file and field."""
    return validate(ContentFile, read_document(path, "toml"), str(path))


def load_scenario(name_or_path: str) -> Scenario:
    """The scenario ``name_or_path`` names: a shipped name or a content file path.

    ``NAME@wren,odo`` is the scenario with the heroes the players chose, in turn
    order, all on the start space (ASSUMED: the catalog ties nothing to the party's
    size); the scenario checks each hero as it checks its own list.
    """
    name_or_path, party = split_party(name_or_path, MAX_COUNT)
    shipped = shipped_scenarios()
    path = shipped.get(name_or_path) or Path(name_or_path)
    if name_or_path not in shipped and not path.exists():
        known = ", ".join(shipped)
        raise ContentError(
            _(
                "unknown scenario {name} (shipped: {known})",
                name=repr(name_or_path),
                known=known,
            ),
            field="scenario",
        )
    library = read_content(shipped_dir() / "library.toml")
    scenario_file = read_content(path)
    if party is not None and scenario_file.scenario is not None:
        header = scenario_file.scenario.model_copy(update={"heroes": list(party)})
        scenario_file = scenario_file.model_copy(update={"scenario": header})
    return build_scenario(library, scenario_file, str(path))


def party_choices(name_or_path: str) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """For a menu: the scenario's own heroes, every hero the library and the scenario
    file define, and the most (each hero once)."""
    scenario = load_scenario(name_or_path)
    base = split_party(name_or_path, MAX_COUNT)[0]
    own = read_content(shipped_scenarios().get(base) or Path(base)).hero
    library = read_content(shipped_dir() / "library.toml").hero
    known = tuple(sorted({h.id for h in [*library, *own]}))
    return tuple(h.id for h in scenario.heroes), known, len(known)


def build_scenario(library: ContentFile, scenario_file: ContentFile, source: str) -> Scenario:
    """Merge the library with a scenario file's own cards and check every reference; the
    first problem raises its ContentError."""
    scenario = check_scenario(library, scenario_file, source, Problems(source))
    if scenario is None:  # a strict collector raised at the first problem
        raise ContentError(_("the scenario has problems"), source=source)
    return scenario


def check_scenario(
    library: ContentFile, scenario_file: ContentFile, source: str, problems: Problems
) -> Scenario | None:
    """The checks of :func:`build_scenario`, each problem reported to ``problems``; the
    scenario when there was none."""
    header = scenario_file.scenario
    if header is None:
        problems.add(_("the file has no [scenario] table"), "scenario")
        return None
    b = _Builder(source, problems)
    for content in (library, scenario_file):
        b.add(content)
    return b.finish(header)


def check_library(content: ContentFile, source: str, problems: Problems | None = None) -> None:
    """Check a content file without a scenario: ids once, costs that parse, effects allowed
    where they stand (the checks :func:`build_scenario` runs on each file it merges)."""
    _Builder(source, problems).add(content)


class _Builder:
    """Collects definitions from the library and the scenario file, then checks references."""

    def __init__(self, source: str, problems: Problems | None = None) -> None:
        self.source = source
        self.problems = problems if problems is not None else Problems(source)
        self.found_before = len(self.problems)
        self.broken_cards: set[str] = set()
        self.heroes: dict[str, HeroModel] = {}
        self.influence: dict[str, InfluenceCard] = {}
        self.items: dict[str, ItemCard] = {}
        self.enemies: dict[str, EnemyCard] = {}
        self.bosses: dict[str, BossCard] = {}
        self.map_cards: dict[str, tuple[MapCardModel, dict[Local, SpaceFeatures], str]] = {}
        self.uniques: dict[str, UniqueAction] = {}
        self.card_ids: set[str] = set()

    def fail(self, message: str, where: str) -> None:
        """Report a problem (a strict collector raises it); the caller skips what needs it."""
        self.problems.add(message, where)

    @property
    def failed(self) -> bool:
        return len(self.problems) > self.found_before

    def _unique_id(self, table: dict[str, Any], key: str, where: str) -> bool:
        if key in table:
            self.fail(_("duplicate id {id}", id=repr(key)), where)
            return False
        return True

    def _costs(self, text: str, where: str) -> tuple[Resources, ...]:
        try:
            return parse_cost(text)
        except ValueError as error:
            self.fail(str(error), where)
            return ()

    def _effect(self, model: EffectModel, allowed: tuple[str, ...], where: str) -> Effect:
        if model.kind not in allowed:
            self.fail(
                _(
                    "effect {kind} is not allowed here (allowed: {allowed})",
                    kind=repr(model.kind),
                    allowed=", ".join(allowed),
                ),
                where,
            )
            return Effect()
        if model.kind == "ready" and model.colour is None:
            self.fail(_("a 'ready' effect needs a colour"), where)
            return Effect()
        return Effect(model.kind, model.amount, model.colour)

    def _unique_effects(self, unique: UniqueModel, where: str) -> tuple[Effect, ...]:
        """ET-UNQ-1: a unique action's printed effects, resolved in order."""
        if unique.effect is not None and unique.effects:
            self.fail(_("give either 'effect' or 'effects', not both"), f"{where}.effects")
        if unique.effect is not None:
            return (self._effect(unique.effect, UNIQUE_EFFECTS, f"{where}.effect"),)
        effects = tuple(
            self._effect(e, UNIQUE_EFFECTS, f"{where}.effects.{n}")
            for n, e in enumerate(unique.effects)
        )
        kinds = [e.kind for e in effects]
        if len(set(kinds)) != len(kinds):
            self.fail(_("an effect kind is listed twice"), f"{where}.effects")
        return effects or (Effect(),)

    def add(self, content: ContentFile) -> None:
        for i, hero in enumerate(content.hero):
            if self._unique_id(self.heroes, hero.id, f"hero.{i}.id"):
                self.heroes[hero.id] = hero
        for i, card in enumerate(content.influence):
            where = f"influence.{i}"
            if card.id in self.card_ids:
                self.fail(_("duplicate card id {id}", id=repr(card.id)), f"{where}.id")
                continue
            allowed = ACTIVE_EFFECTS if card.mode == "instant" else PASSIVE_EFFECTS
            self.influence[card.id] = InfluenceCard(
                card.id,
                card.name,
                Resources(**card.yields.model_dump()),
                card.mode,
                self._costs(card.cost, f"{where}.cost"),
                card.timing,
                self._effect(card.effect, allowed, f"{where}.effect"),
                card.copies,
            )
            self.card_ids.add(card.id)
        for i, item in enumerate(content.item):
            where = f"item.{i}"
            if item.id in self.card_ids:
                self.fail(_("duplicate card id {id}", id=repr(item.id)), f"{where}.id")
                continue
            self.items[item.id] = ItemCard(
                item.id,
                item.name,
                Resources(**item.yields.model_dump()),
                self._effect(item.effect, PASSIVE_EFFECTS, f"{where}.effect"),
            )
            self.card_ids.add(item.id)
        for i, enemy in enumerate(content.enemy):
            if not self._unique_id(self.enemies, enemy.id, f"enemy.{i}.id"):
                continue
            self.enemies[enemy.id] = EnemyCard(
                enemy.id, enemy.name, enemy.health, enemy.damage, enemy.icons, enemy.copies
            )
        for i, boss in enumerate(content.boss):
            if not self._unique_id(self.bosses, boss.id, f"boss.{i}.id"):
                continue
            self.bosses[boss.id] = BossCard(
                boss.id,
                boss.name,
                boss.health,
                boss.damage,
                tuple(boss.requires),
                boss.requires_ether,
            )
        for i, map_card in enumerate(content.map_card):
            self._add_map_card(map_card, f"map_card.{i}")

    def _add_map_card(self, model: MapCardModel, where: str) -> None:
        if not self._unique_id(self.map_cards, model.id, f"{where}.id"):
            return
        features: dict[Local, SpaceFeatures] = {}
        for j, space in enumerate(model.space):
            here = f"{where}.space.{j}"
            if space.at in features:
                self.fail(_("space {at} is listed twice", at=str(space.at)), f"{here}.at")
                continue
            uniques = []
            for k, unique in enumerate(space.unique):
                at = f"{here}.unique.{k}"
                if not self._unique_id(self.uniques, unique.id, f"{at}.id"):
                    continue
                action = UniqueAction(
                    unique.id,
                    unique.name,
                    self._costs(unique.cost, f"{at}.cost"),
                    self._unique_effects(unique, at),
                    model.id,
                    space.at,
                )
                self.uniques[unique.id] = action
                uniques.append(action)
            directions = [e.direction for e in space.explore]
            if len(set(directions)) != len(directions):
                self.fail(_("two explore arrows point the same way"), f"{here}.explore")
            features[space.at] = SpaceFeatures(
                space.enemy_icon,
                tuple(ExploreArrow(e.direction, e.awareness) for e in space.explore),
                tuple(uniques),
                space.boss,
            )
        # The layout needs the card size, known once the scenario header is read.
        self.map_cards[model.id] = (model, features, where)

    def finish(self, header: ScenarioHeader) -> Scenario | None:
        """Check the scenario against everything collected; the scenario when nothing failed."""
        where = "scenario"
        width, height = header.card_width, header.card_height
        map_cards: dict[str, MapCard] = {}
        for card_id, (map_model, features, at) in self.map_cards.items():
            card = self._map_card(map_model, features, at, (width, height))
            if card is None:
                self.broken_cards.add(card_id)
            else:
                map_cards[card_id] = card
        heroes = []
        for i, hero_id in enumerate(header.heroes):
            model = self.heroes.get(hero_id)
            if model is None:
                self.fail(_("unknown hero {id}", id=repr(hero_id)), f"{where}.heroes.{i}")
                continue
            for item in model.inventory:
                if item not in self.items:
                    self.fail(_("unknown item {id}", id=repr(item)), f"hero {hero_id!r}.inventory")
            heroes.append(
                HeroCard(
                    model.id,
                    model.name,
                    model.health,
                    model.hand_size,
                    tuple(model.dice),
                    tuple(model.inventory),
                )
            )
        if len(set(header.heroes)) != len(header.heroes):
            self.fail(_("a hero is listed twice"), f"{where}.heroes")
        for i, card_id in enumerate([header.start_card, *header.map_deck]):
            if card_id not in map_cards and card_id not in self.broken_cards:
                self.fail(_("unknown map card {id}", id=repr(card_id)), f"{where}.map_deck.{i}")
        if len(set(header.map_deck) | {header.start_card}) != len(header.map_deck) + 1:
            self.fail(_("a map card is used twice"), f"{where}.map_deck")
        used = [c for c in [header.start_card, *header.map_deck] if c in map_cards]
        cells = sum(map_cards[c].layout.size for c in used)
        if cells > MAX_MAP_CELLS:
            self.fail(
                _(
                    "the map would hold {cells} spaces; at most {most}",
                    cells=cells,
                    most=MAX_MAP_CELLS,
                ),
                f"{where}.map_deck",
            )
        start_space = header.start_space
        start_card = map_cards.get(header.start_card)
        if start_card is not None:
            if not start_card.layout.contains(header.start_space):
                self.fail(_("the start space is outside the start card"), f"{where}.start_space")
            # The start card lies at its first rotation; the start space turns with it.
            degrees = start_card.rotations[0]
            start_space = turn_local(
                header.start_space, start_card.layout.width, start_card.layout.height, degrees
            )
        boss = self.bosses.get(header.boss)
        if boss is None:
            self.fail(_("unknown boss {id}", id=repr(header.boss)), f"{where}.boss")
        used_maps = {header.start_card, *header.map_deck}
        for req in boss.requires if boss is not None else ():
            if req not in self.uniques:
                self.fail(
                    _("unknown unique action {id}", id=repr(req)), f"boss {header.boss!r}.requires"
                )
            # ET-BOSS-1: a requirement printed on no card of this map could never be met.
            elif self.uniques[req].card not in used_maps:
                self.fail(
                    _(
                        "unique action {id} is on map card {card}, which is not in this scenario",
                        id=repr(req),
                        card=repr(self.uniques[req].card),
                    ),
                    f"boss {header.boss!r}.requires",
                )
        # ET-BOSS-1: a track position the ether never reaches before the game is lost.
        if boss is not None and boss.requires_ether >= header.ether_end:
            self.fail(
                _(
                    "the boss needs ether {needed}, but the game is lost at {end}",
                    needed=boss.requires_ether,
                    end=header.ether_end,
                ),
                f"boss {boss.id!r}.requires_ether",
            )
        # The boss appears when its lair is explored (ET-EXP-1), never on the start card.
        if start_card is not None and any(f.boss for f in start_card.features.values()):
            self.fail(
                _("the boss's lair must be explored, not be the start card"),
                f"{where}.start_card",
            )
        lairs = [
            c
            for c in header.map_deck
            if c in map_cards and any(f.boss for f in map_cards[c].features.values())
        ]
        broken_deck = any(c in self.broken_cards for c in header.map_deck)
        if not broken_deck and (
            len(lairs) != 1 or sum(f.boss for f in map_cards[lairs[0]].features.values()) != 1
        ):
            self.fail(
                _("exactly one space of the map deck must hold the boss"), f"{where}.map_deck"
            )
        enemy_deck = self._deck(header.enemy_deck, self.enemies, f"{where}.enemy_deck")
        influence_deck = self._deck(
            header.influence_deck, self.influence, f"{where}.influence_deck"
        )
        held = {item for hero in heroes for item in hero.inventory}
        default_items = [i for i in self.items if i not in held]
        item_deck = self._deck(
            header.item_deck if header.item_deck is not None else default_items,
            self.items,
            f"{where}.item_deck",
        )
        if not enemy_deck:
            self.fail(_("the enemy deck is empty"), f"{where}.enemy_deck")
        if self.failed or boss is None:
            return None
        return Scenario(
            name=header.name,
            title=header.title,
            card_width=width,
            card_height=height,
            heroes=tuple(heroes),
            start_card=header.start_card,
            start_space=start_space,
            ether_end=header.ether_end,
            ether_per_round=header.ether_per_round,
            boss=boss,
            map_deck=tuple(header.map_deck),
            influence_deck=influence_deck,
            item_deck=item_deck,
            enemy_deck=enemy_deck,
            influence=dict(self.influence),
            items=dict(self.items),
            enemies=dict(self.enemies),
            map_cards={k: v for k, v in map_cards.items() if k in used_maps},
            uniques={k: u for k, u in self.uniques.items() if u.card in used_maps},
        )

    def _map_card(
        self,
        model: MapCardModel,
        features: dict[Local, SpaceFeatures],
        where: str,
        default_size: tuple[int, int],
    ) -> MapCard | None:
        """A map card's shape, checked: spaces, walls and arrows inside it and facing out
        (None when it has a problem, each reported)."""
        found = len(self.problems)
        width, height = model.size or default_size
        holes: set[Local] = set()
        if model.shape is not None:
            rows = model.shape
            if not rows or not rows[0]:
                self.fail(_("the shape has no rows; give rows of '#' and '.'"), f"{where}.shape")
                return None
            for y, row in enumerate(rows):
                if len(row) != len(rows[0]):
                    self.fail(
                        _n(
                            "row {y} has {n} cell, row 0 has {first}; "
                            "every row has the same length",
                            "row {y} has {n} cells, row 0 has {first}; "
                            "every row has the same length",
                            len(row),
                            y=y,
                            first=len(rows[0]),
                        ),
                        f"{where}.shape.{y}",
                    )
                odd = sorted(set(row) - {"#", "."})
                if odd:
                    self.fail(
                        _(
                            "row {y} holds {char}; a row holds only '#' (a space) and '.'",
                            y=y,
                            char=repr(odd[0]),
                        ),
                        f"{where}.shape.{y}",
                    )
            if len(self.problems) > found:
                return None
            if model.size is not None and (len(rows[0]), len(rows)) != tuple(model.size):
                self.fail(
                    _(
                        "the shape is {width}x{height}, the size says {size_width}x{size_height}",
                        width=len(rows[0]),
                        height=len(rows),
                        size_width=model.size[0],
                        size_height=model.size[1],
                    ),
                    f"{where}.shape",
                )
                return None
            width, height = len(rows[0]), len(rows)
            holes = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "."}
        try:
            layout = CardLayout(
                model.name,
                width,
                height,
                frozenset(frozenset(w) for w in model.walls),
                frozenset((w.at, w.side) for w in model.edge_walls),
                frozenset(holes),
            )
        except ValueError as error:
            text = str(error)
            field_name = (
                "edge_walls" if "edge wall" in text else "walls" if "wall" in text else "shape"
            )
            self.fail(text, f"{where}.{field_name}")
            return None
        for j, space in enumerate(model.space):
            if not layout.contains(space.at):
                self.fail(
                    _("space {at} is not on the card", at=str(space.at)), f"{where}.space.{j}.at"
                )
                continue
            for k, arrow in enumerate(space.explore):
                dx, dy = OFFSETS[arrow.direction]
                if layout.contains((space.at[0] + dx, space.at[1] + dy)):
                    self.fail(
                        _(
                            "the arrow points {direction} into the card; an explore arrow "
                            "points off the card's edge (ET-EXP-1)",
                            direction=direction(arrow.direction),
                        ),
                        f"{where}.space.{j}.explore.{k}",
                    )
        if len(set(model.rotations)) != len(model.rotations):
            self.fail(_("a rotation is listed twice"), f"{where}.rotations")
        if len(self.problems) > found:
            return None
        card = MapCard(model.id, model.name, layout, features)
        turned: dict[int, Orientation] = {d: turn_card(card, d) for d in model.rotations}
        return replace(card, orientations=turned)

    def _deck(
        self, listed: list[str] | None, table: Mapping[str, Any], where: str
    ) -> tuple[str, ...]:
        if listed is None:
            cards: list[str] = []
            for card_id, card in table.items():
                cards.extend([card_id] * getattr(card, "copies", 1))
            return tuple(cards)
        for i, card_id in enumerate(listed):
            if card_id not in table:
                self.fail(_("unknown card {id}", id=repr(card_id)), f"{where}.{i}")
        return tuple(listed)
