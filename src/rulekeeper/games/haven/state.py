"""The state of a haven scenario in play: figures, heroes' cards, monster groups, the round.

The values here are plain mutable dataclasses owned by one :class:`HavenState`;
the rules that change them live in the modules named for what they decide
(``round_flow``, ``who_acts``, ``legality``, ``turn_sequence``, ``round_end``,
``initiative``, ``cards``, ``turn``, ``monster_turns``, ``rest``,
``exhaustion``, ``summons``, ``elements``). This module imports none of them:
the rule modules import it, and ``game.HavenPlay`` answers the core protocol
by asking them.

Players: one player index per character, in party order. Decisions the rules
give the party as a whole (a monster's tied options, HV-MOVE-MON-3; tied
characters' order, HV-INIT-2) go to player 0.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from rulekeeper.core.copying import Copier, copier, copy_any
from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import ContentError
from rulekeeper.core.events import Event, make_event
from rulekeeper.core.game import State
from rulekeeper.games.haven.attack_draw import AttackDraw
from rulekeeper.games.haven.modifiers import ModifierCatalog, ModifierDecks
from rulekeeper.games.haven.perks import scenario_catalog
from rulekeeper.games.haven.ruleset import Ruleset, find_ruleset
from rulekeeper.games.haven.scaling import Scaling, evaluate, scenario_scaling
from rulekeeper.games.haven.scenario_format import AbilitySpec, ScenarioSpec
from rulekeeper.i18n import Msg, _, text_of
from rulekeeper.native import field_hints, own_abc_records

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # runtime dependencies only: nothing is compiled
    from rulekeeper.native import mypyc_attr

if TYPE_CHECKING:
    from rulekeeper.core.game import Game, Outcome

Hex = tuple[int, int]
FigureKind = Literal["character", "monster", "summon", "objective", "ally"]
BonusTrigger = Literal["", "attack", "attacked"]
"""What advances an active bonus's use slot (bonuses.py, HV-BONUS-3)."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Figure:
    """A standee on the map: a character, a monster, a summon, an objective (HV-GOAL-2) or a
    scenario ally (HV-GOAL-3)."""

    id: str
    kind: FigureKind
    type: str
    """Class ID, monster type ID, or summon key."""
    hex: Hex
    hp: int
    max_hp: int
    elite: bool = False
    standee: int = 0
    owner: str = ""
    """A summon's summoner (HV-SUM-2)."""
    conditions: list[str] = field(default_factory=list)
    fresh_conditions: list[str] = field(default_factory=list)
    """Gained during the bearer's own turn: they last until the end of its next turn."""
    shield: int = 0
    """Shield from abilities this round (base shield comes from the monster's stats)."""
    retaliate: list[list[int]] = field(default_factory=list)
    """Retaliate bonuses from abilities this round: [value, range], range 0 = adjacent."""
    summoned_round: int = 0
    no_drop: bool = False
    """HV-LOOT-3 [GH]: a summoned or spawned monster drops no money token when it dies."""
    named: str = ""
    """HV-MON-7: a named monster's name (neither normal nor elite)."""
    guarded: bool = False
    """HV-GOAL-2: an objective the monsters focus on and attack (the party guards it)."""
    more_hexes: tuple[Hex, ...] = ()
    """HV-GOAL-2: the other hexes an objective covering several hexes stands in (``hex`` is
    its first); it is still one figure."""

    def copy(self) -> Figure:
        """The copy a clone holds: the condition and retaliate lists copied, the rest shared
        (values). Written out, compiled, for ``clone()`` (issue 12); every field is set, as
        ``tests/haven/test_haven_written_copies.py`` checks against the planned copy."""
        other: Figure = Figure.__new__(Figure)
        other.id = self.id
        other.kind = self.kind
        other.type = self.type
        other.hex = self.hex
        other.hp = self.hp
        other.max_hp = self.max_hp
        other.elite = self.elite
        other.standee = self.standee
        other.owner = self.owner
        other.conditions = self.conditions.copy()
        other.fresh_conditions = self.fresh_conditions.copy()
        other.shield = self.shield
        other.retaliate = [bonus.copy() for bonus in self.retaliate]
        other.summoned_round = self.summoned_round
        other.no_drop = self.no_drop
        other.named = self.named
        other.guarded = self.guarded
        other.more_hexes = self.more_hexes
        return other

    @property
    def covers(self) -> tuple[Hex, ...]:
        """Every hex the figure stands in (HV-GOAL-2: an objective may cover several)."""
        return (self.hex, *self.more_hexes) if self.more_hexes else (self.hex,)

    @property
    def team(self) -> Literal["characters", "monsters"]:
        """Allies share a team. An objective is the party's enemy unless it is guarded, when it
        is the monsters' (characters may attack it either way, attack_resolution.attack_targets)."""
        if self.kind == "objective":
            return "characters" if self.guarded else "monsters"
        return "monsters" if self.kind == "monster" else "characters"


@dataclass(frozen=True, slots=True)
class ActiveBonus:
    """One bonus in play. Immutable: changes replace it in ``state.bonuses``."""

    id: str
    owner: str
    """The figure that benefits (the character, or its summon for a summon card)."""
    hero: str
    """The character whose active area holds the card (or who carries the item)."""
    source: str
    """The ability card's ID, or an item's ID."""
    duration: Literal["round", "persistent"]
    card: bool = True
    """True: an ability card in the active area; False: an item's bonus."""
    lost: bool = False
    """HV-BONUS-1: the action's lost icon: the card goes to the lost pile when it ends."""
    shield: int = 0
    retaliate: int = 0
    retaliate_range: int = 0
    attack: int = 0
    """Added to each attack the owner makes while the bonus lasts (HV-ATK-1 step 1)."""
    uses: int = 0
    """Use slots (0: none). HV-BONUS-3."""
    used: int = 0
    trigger: BonusTrigger = ""
    """What advances a slot: the owner's attack, or an attack on the owner."""
    experience: tuple[int, ...] = ()
    """Slots (1-based) with an experience icon."""
    rounds: int = 0
    """[FH] lasts this many rounds after the one it was played in (0: no limit)."""
    started_round: int = 0
    summon: str = ""
    """HV-SUM-4: the summon this card keeps on the map."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ActiveBonus:
        return self

    def __copy__(self) -> ActiveBonus:
        return self


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Hero:
    """A character's cards and round choices (HV-CARD-1..4, HV-REST-*, HV-EXH-*)."""

    id: str
    player: int
    hand: list[str]
    discard: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    active: list[str] = field(default_factory=list)
    """Cards in play this turn (between being played and reaching their pile)."""
    leading: str | None = None
    second: str | None = None
    long_rest: bool = False
    exhausted: bool = False
    initiative: int = 0
    tie_rank: int = 0
    """HV-INIT-2: the order the players chose among fully tied characters."""
    xp: int = 0
    """HV-CHAR-2, HV-CHAR-3, HV-END-1: experience gained from abilities this scenario (0 at
    its start)."""
    money: int = 0
    """HV-LOOT-4 [GH]: money tokens looted (never shared)."""
    gold: int = 0
    """Gold gained in play besides money: treasures (HV-LOOT-6), items sold (HV-ITEM-6)."""
    loot_cards: list[str] = field(default_factory=list)
    """HV-LOOT-5 [FH]: loot cards drawn."""
    treasures: list[str] = field(default_factory=list)
    """HV-LOOT-6: treasure tiles looted."""
    items: list[str] = field(default_factory=list)
    """HV-ITEM-1: the items brought (and [FH] gained in play, HV-ITEM-6)."""
    item_marks: dict[str, int] = field(default_factory=dict)
    """HV-ITEM-4: use slots marked so far, per item."""
    spent: list[str] = field(default_factory=list)
    consumed: list[str] = field(default_factory=list)
    """HV-ITEM-3: items turned sideways (spent) or face down (consumed)."""
    gained_items: list[str] = field(default_factory=list)
    """HV-ITEM-6 [GH]: items gained in play, brought only from the next scenario."""
    flipped: list[str] = field(default_factory=list)
    """HV-ITEM-3 [FH]: flip items turned over to their back."""
    escaped: bool = False
    """HV-ROOM-5: left the scenario from an escape hex (not exhausted, takes no part)."""
    resources: dict[str, int] = field(default_factory=dict)
    """HV-DECK-5: the class resources held, by ID (class_resources.py)."""
    kills: list[str] = field(default_factory=list)
    """HV-MON-6: the monsters this character is credited with killing (its summons' kills
    included), by their id when they died."""

    def copy(self) -> Hero:
        """The copy a clone holds: every list and dictionary copied, the rest shared
        (values). Written out, compiled, for ``clone()`` (issue 12); every field is set, as
        ``tests/haven/test_haven_written_copies.py`` checks against the planned copy."""
        other: Hero = Hero.__new__(Hero)
        other.id = self.id
        other.player = self.player
        other.hand = self.hand.copy()
        other.discard = self.discard.copy()
        other.lost = self.lost.copy()
        other.active = self.active.copy()
        other.leading = self.leading
        other.second = self.second
        other.long_rest = self.long_rest
        other.exhausted = self.exhausted
        other.initiative = self.initiative
        other.tie_rank = self.tie_rank
        other.xp = self.xp
        other.money = self.money
        other.gold = self.gold
        other.loot_cards = self.loot_cards.copy()
        other.treasures = self.treasures.copy()
        other.items = self.items.copy()
        other.item_marks = self.item_marks.copy()
        other.spent = self.spent.copy()
        other.consumed = self.consumed.copy()
        other.gained_items = self.gained_items.copy()
        other.flipped = self.flipped.copy()
        other.escaped = self.escaped
        other.resources = self.resources.copy()
        other.kills = self.kills.copy()
        return other

    @property
    def selected(self) -> bool:
        return self.long_rest or self.second is not None

    def all_cards(self) -> list[str]:
        return [*self.hand, *self.discard, *self.lost, *self.active]


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Group:
    """A monster type's ability deck and this round's card (HV-INIT-4)."""

    type: str
    deck: Deck
    card: str | None = None
    reshuffle_due: bool = False
    tie_rank: int = 0
    """The order the players chose among groups tied on initiative (GH p.18; FH p.19)."""
    consumed: list[str] = field(default_factory=list)
    """Elements the group consumed this round: every monster of it gets the bonus (GH p.24)."""
    infusions: list[str] = field(default_factory=list)
    """Infusions waiting for the end of the group's last monster's turn (GH p.24; FH p.43)."""
    types: list[str] = field(default_factory=list)
    """[FH] HV-MON-3: the types of a monster set that have appeared (a set shares a group)."""

    def copy(self) -> Group:
        """The copy a clone holds: the deck and the lists copied, the rest shared (values).
        Written out, compiled, for ``clone()`` (issue 12); every field is set, as
        ``tests/haven/test_haven_written_copies.py`` checks against the planned copy."""
        other: Group = Group.__new__(Group)
        other.type = self.type
        other.deck = self.deck.copy()
        other.card = self.card
        other.reshuffle_due = self.reshuffle_due
        other.tie_rank = self.tie_rank
        other.consumed = self.consumed.copy()
        other.infusions = self.infusions.copy()
        other.types = self.types.copy()
        return other


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Negation:
    """HV-NEG-1: damage waiting for its victim's choice to negate it by losing cards."""

    hero: str
    damage: int
    source: Msg | str
    """What deals it: a figure's ID, or a message (``lazy("a trap at {hex}")``)."""
    conditions: list[str] = field(default_factory=list)
    pile: str = ""
    """"hand" or "discard" once chosen; cards are then picked one at a time."""
    to_lose: int = 0
    rules: list[str] = field(default_factory=list)
    """The rules that caused the damage (HV-ATK-1 for an attack, HV-MOVE-2 for a trap)."""
    lost: list[str] = field(default_factory=list)
    """The cards lost so far to negate it."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Turn:
    """The acting figure's turn in progress."""

    actor: str
    stage: str = "start"
    halves: list[list[Any]] = field(default_factory=list)
    """Halves played so far: [card, "top"|"bottom", basic]."""
    queue: list[AbilitySpec] = field(default_factory=list)
    targets_left: int = 0
    targeted: list[str] = field(default_factory=list)
    options: list[dict[str, Any]] = field(default_factory=list)
    """The monster mover's options the players choose among (HV-MOVE-MON-3)."""
    reasons: list[str] = field(default_factory=list)
    attack: dict[str, Any] = field(default_factory=dict)
    """The attack in progress: value, pierce, range, conditions, deck, targets to go."""
    draw: AttackDraw | None = None
    draw_target: str = ""
    infusions: list[str] = field(default_factory=list)
    experience: int = 0
    """HV-CHAR-3: the experience of the half being performed, given once any of its
    abilities is performed (then 0)."""
    unperformed: str = ""
    """HV-CHAR-5: the card of a lost half none of whose abilities is performed yet."""
    item_source: str = ""
    """The item whose abilities are queued, until the queue empties: its refresh never readies
    that item (HV-CHAR-6)."""

    def copy(self) -> Turn:
        """The copy a clone holds: the lists and the attack copied (the halves, options and
        attack as deep as their ``Any`` values need, as their planned copies go), the draw
        and the rest shared (values). Written out, compiled, for ``clone()`` (issue 12); every
        field is set, as ``tests/haven/test_haven_written_copies.py`` checks against the
        planned copy."""
        other: Turn = Turn.__new__(Turn)
        other.actor = self.actor
        other.stage = self.stage
        other.halves = [[copy_any(v) for v in half] for half in self.halves]
        other.queue = self.queue.copy()
        other.targets_left = self.targets_left
        other.targeted = self.targeted.copy()
        other.options = [{k: copy_any(v) for k, v in o.items()} for o in self.options]
        other.reasons = self.reasons.copy()
        other.attack = {k: copy_any(v) for k, v in self.attack.items()}
        other.draw = self.draw
        other.draw_target = self.draw_target
        other.infusions = self.infusions.copy()
        other.experience = self.experience
        other.unperformed = self.unperformed
        other.item_source = self.item_source
        return other


def new_turn(actor: str) -> Turn:
    """``Turn(actor)``, its fields set one by one (issue 12: a turn starts at every turn of a
    rollout, and the dataclass's generated ``__init__`` is interpreted). Every field and
    default of :class:`Turn` is set here; ``tests/haven/test_haven_written_inits.py``
    checks the two agree."""
    turn: Turn = Turn.__new__(Turn)
    turn.actor = actor
    turn.stage = "start"
    turn.halves = []
    turn.queue = []
    turn.targets_left = 0
    turn.targeted = []
    turn.options = []
    turn.reasons = []
    turn.attack = {}
    turn.draw = None
    turn.draw_target = ""
    turn.infusions = []
    turn.experience = 0
    turn.unperformed = ""
    turn.item_source = ""
    return turn


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class StandeeDraw:
    """HV-SCEN-1: a standee placed and waiting for its number, drawn at random (a chance node)."""

    figure: str
    """Its provisional id until the number is drawn (standees.provisional_id)."""
    event: str = ""
    """How it arrived, announced once numbered: "" (setup), "appears", "spawns", "summoned"."""
    by: str = ""
    """The summoner of a summoned monster."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class RestStep:
    """A short rest in progress at the end of the round (HV-REST-1)."""

    hero: str
    stage: str = "decide"
    lost_card: str = ""
    redrawn: bool = False


@dataclass
class _SavedFields:
    """The saved fields of :class:`HavenState` and their types (for restoring)."""

    round: int
    phase: str
    figures: dict[str, Figure]
    heroes: dict[str, Hero]
    groups: dict[str, Group]
    decks: ModifierDecks
    elements: dict[str, str]
    revealed: list[str]
    open_doors: list[Hex]
    sprung_traps: list[Hex]
    arrivals: list[str]
    reveal_draws: list[str]
    order: list[str]
    slot: int
    actors: list[str]
    turn: Turn | None
    negation: Negation | None
    damage_queue: list[Negation]
    rest: RestStep | None
    bonuses: tuple[ActiveBonus, ...]
    result: str
    result_text: Msg | str
    money: list[Hex]
    treasures: list[str]
    loot_deck: Deck
    loot_draws: list[str]
    by_hand: list[Msg | str]
    fired: list[int]
    held_deaths: list[str]
    ending: str
    ally_numbers: list[str]
    destroyed: list[str]
    escapes: list[str]
    standee_draws: list[StandeeDraw]
    ally_tie_rank: int


_SAVED = tuple(f.name for f in dataclasses.fields(_SavedFields))
_SAVED_SINCE = frozenset({"ally_numbers", "destroyed", "escapes", "standee_draws", "ally_tie_rank"})
"""Saved fields added later: older saves lack them."""
_DERIVED = ("spec", "rules", "catalog", "scaling")
"""Fields set up from the scenario and the ruleset, never saved: immutable, so a clone shares
them."""
_OWN = _DERIVED + _SAVED
"""The fields :class:`HavenState` adds to the core's (its slots)."""
_CORE_FIELDS = frozenset({"game", "ruleset", "scenario", "seed", "_history", "_log"})
"""The core's fields, in the instance dictionary: a clone shares the game and the header and
forks the history and the log."""


@mypyc_attr(serializable=True)
class HavenState(State):
    """A haven scenario in play on one ruleset: its fields, lookups and files.

    The rules are wired in by :class:`rulekeeper.games.haven.game.HavenPlay`.
    The rule modules read its own fields at every step: compiled (``native.MODULES``)
    they are the native class's attributes, read without a lookup; as pure Python they
    are slots. The core's fields, and any attribute a subclass adds, stay in the
    instance dictionary. Serializable: a clone makes an instance without ``__init__``
    (as do ``copy`` and ``pickle``), then sets every field.
    """

    __slots__ = _OWN

    def __init__(
        self, game: Game, *, ruleset: str, scenario: str, seed: int, spec: ScenarioSpec
    ) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        self.spec = spec
        self.rules: Ruleset = find_ruleset(ruleset)
        self.catalog: ModifierCatalog = scenario_catalog(spec.modifier_cards)
        """The modifier cards this scenario's decks may hold (HV-MOD-1, HV-DECK-2)."""
        self.round = 1
        self.phase = "select"
        self.figures: dict[str, Figure] = {}
        self.heroes: dict[str, Hero] = {}
        self.groups: dict[str, Group] = {}
        self.decks = ModifierDecks()
        self.elements: dict[str, str] = {}
        self.revealed: list[str] = []
        self.open_doors: list[Hex] = []
        self.sprung_traps: list[Hex] = []
        self.arrivals: list[str] = []
        """Monsters revealed during the current turn: they act this round (GH p.19)."""
        self.reveal_draws: list[str] = []
        """Revealed monster types still waiting for this round's ability card (GH p.19)."""
        self.order: list[str] = []
        self.slot = 0
        self.actors: list[str] = []
        self.turn: Turn | None = None
        self.negation: Negation | None = None
        self.damage_queue: list[Negation] = []
        self.rest: RestStep | None = None
        self.bonuses: tuple[ActiveBonus, ...] = ()
        """Round and persistent bonuses in play (bonuses.py, HV-BONUS-1..5)."""
        self.result: str = ""
        self.result_text: Msg | str = ""
        """Why the scenario ended or will end (a message; an older save holds its English)."""
        self.scaling: Scaling = scenario_scaling(spec, self.rules)
        """HV-SCEN-2/3: derived from the scenario and the ruleset, never saved."""
        self.money: list[Hex] = []
        """HV-LOOT-1..3: money ([GH]) or loot ([FH]) tokens on the map, one entry per token."""
        self.treasures: list[str] = []
        """HV-LOOT-6: treasure tiles on the revealed map, by id."""
        self.loot_deck: Deck = Deck.of([])
        """HV-LOOT-5 [FH]: the loot deck built at setup."""
        self.loot_draws: list[str] = []
        """[FH] characters waiting for a loot card, one entry per token looted."""
        self.by_hand: list[Msg | str] = []
        """HV-SCEN-7: special rules fired that the players resolve by hand (a pending step)."""
        self.fired: list[int] = []
        """Special rules (by index) that have fired."""
        self.held_deaths: list[str] = []
        """HV-BOSS-3: bosses at 0 hit points waiting for their section to be resolved."""
        self.ending: str = ""
        """HV-GOAL-1: "won" or "lost" once triggered; the round is played out first."""
        self.ally_numbers: list[str] = []
        """HV-GOAL-3 [GH]: allies still waiting for their random number (a chance node)."""
        self.destroyed: list[str] = []
        """HV-GOAL-2: objective figures destroyed so far."""
        self.escapes: list[str] = []
        """HV-ROOM-5: characters whose turn ended on an escape hex, waiting to decide."""
        self.standee_draws: list[StandeeDraw] = []
        """HV-SCEN-1: standees placed and waiting for their random number (chance nodes)."""
        self.ally_tie_rank = 0
        """HV-GOAL-3, HV-INIT-6: the place the players gave the allies among monster groups
        tied with them this round (0: not placed)."""

    # -- the core protocol: game.HavenPlay answers the rest through the rule modules --
    def player_name(self, player: int) -> str:
        if player < 0:
            return super().player_name(player)
        for hero in self.heroes.values():
            if hero.player == player:
                name = self.spec.classes[hero.id].name
                return _("{name} (player {number})", name=name, number=player + 1)
        return _("player {number}", number=player + 1)

    def outcome(self) -> Outcome | None:
        from rulekeeper.core.game import Outcome

        if not self.result:
            return None
        message = self.result_text if isinstance(self.result_text, Msg) else None
        return Outcome(self.result, text_of(self.result_text), message=message)

    def emit(self, kind: str, message: Msg | str, *rules: str, **data: Any) -> Event:
        """:meth:`State.emit`, compiled with the rules that report at every step."""
        event = make_event(Event, (kind, message, rules, data))
        self._log.append(event)
        return event

    # -- lookups ---------------------------------------------------------------------
    def hero_figure(self, hero: str) -> Figure | None:
        return self.figures.get(hero)

    def living_heroes(self) -> list[Hero]:
        return [h for h in self.heroes.values() if not h.exhausted and not h.escaped]

    def figure_at(self, h: Hex) -> Figure | None:
        for figure in self.figures.values():
            if figure.hex == h or (figure.more_hexes and h in figure.more_hexes):
                return figure
        return None

    def monster_stats(self, figure: Figure) -> Any:
        """HV-MON-1: the elite or normal line (a boss: its only line) at the monster level."""
        mtype = self.spec.monster_types[figure.type]
        table = mtype.elite if figure.elite or figure.named else mtype.normal
        line = table[self.scaling.monster_level]
        if isinstance(line.attack, str):  # HV-BOSS-1: a boss's attack may be an equation
            value = evaluate(
                line.attack, level=self.scaling.scenario_level, characters=len(self.heroes)
            )
            line = line.model_copy(update={"attack": max(0, value)})
        return line

    def stat_hp(self, hp: int | str) -> int:
        """HV-SCEN-4, HV-BOSS-1: a stat line's hit points; an equation uses L and C."""
        if isinstance(hp, int):
            return hp
        return max(1, evaluate(hp, level=self.scaling.scenario_level, characters=len(self.heroes)))

    def base_shield(self, figure: Figure) -> int:
        """Stat-card shield (HV-MON-2, HV-MON-5); a character's passive items (HV-ITEM-4)."""
        if figure.kind == "monster":
            return int(self.monster_stats(figure).shield)
        if figure.kind == "ally":
            return next(a.shield for a in self.spec.allies.figures if a.id == figure.id)
        hero = self.heroes.get(figure.id)
        if hero is None:
            return 0
        sides = [self.spec.items[i].side(i in hero.flipped) for i in hero.items]
        return sum(side.shield for side in sides if side.usage == "passive")

    # -- copies and files ------------------------------------------------------------
    def clone(self) -> HavenState:
        """An independent copy: content, ruleset, history and log shared; the rest copied.

        Each saved field is copied as its type needs (:mod:`rulekeeper.core.copying`);
        an attribute this class does not know is deep copied.
        """
        cls = type(self)
        other = cls.__new__(cls)
        fields = self.__dict__.copy()
        fields["_history"] = self._history.fork()
        fields["_log"] = self._log.fork()
        unknown = fields.keys() - _CORE_FIELDS
        if unknown:
            memo = self._shared_memo()
            for name in unknown:
                fields[name] = copy.deepcopy(fields[name], memo)
        other.__dict__ = fields
        for name, plan in _field_copiers():
            value = getattr(self, name)
            setattr(other, name, value if plan is None else plan(value))
        return other

    def _shared_memo(self) -> dict[int, Any]:
        memo = super()._shared_memo()
        memo[id(self.spec)] = self.spec
        memo[id(self.rules)] = self.rules
        memo[id(self.catalog)] = self.catalog
        memo[id(self.scaling)] = self.scaling
        return memo

    def _fields_to_dict(self) -> dict[str, Any]:
        return {name: to_json(getattr(self, name)) for name in _SAVED}

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        hints = field_hints(_SavedFields)
        try:
            for name in _SAVED:
                if name in _SAVED_SINCE and name not in data:
                    continue  # a save from before the field: it keeps its fresh value
                setattr(self, name, from_json(hints[name], data[name]))
        except (KeyError, TypeError, ValueError) as error:
            raise ContentError(_("bad haven state ({error})", error=error), field="state") from None


own_abc_records(HavenState)


@functools.cache
def _field_copiers() -> tuple[tuple[str, Copier | None], ...]:
    """How :meth:`HavenState.clone` copies each of its fields (None: shared, as it cannot
    change)."""
    hints = field_hints(_SavedFields)
    return tuple((name, None) for name in _DERIVED) + tuple(
        (name, copier(hints[name])) for name in _SAVED
    )


# -- JSON for the dataclasses above ----------------------------------------------------
def to_json(value: Any) -> Any:
    """JSON values for the state's dataclasses, decks, draws and ability specs."""
    if isinstance(value, Deck | ModifierDecks | AttackDraw):
        return value.to_dict()
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, AbilitySpec):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def _has_default(f: dataclasses.Field[Any]) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


def from_json(hint: Any, data: Any) -> Any:
    """The inverse of :func:`to_json`, guided by the type hints."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        if Msg in args:  # a message, or the plain text of an older save
            is_msg = isinstance(data, dict) and isinstance(data.get("msg"), dict)
            return Msg.from_json(data["msg"]) if is_msg else str(data)
        return from_json(next(a for a in args if a is not type(None)), data)
    if origin is Literal:
        return data
    if hint in (Deck, ModifierDecks, AttackDraw):
        return hint.from_dict(data)
    if hint is AbilitySpec:
        return AbilitySpec.model_validate(data)
    if origin is list:
        return [from_json(args[0], v) for v in data]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        return tuple(from_json(a, v) for a, v in zip(args, data, strict=True))
    if origin is dict:
        return {str(k): from_json(args[1], v) for k, v in data.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        sub = field_hints(hint)
        # a field with a default may be missing from an older save
        return hint(
            **{
                f.name: from_json(sub[f.name], data[f.name])
                for f in dataclasses.fields(hint)
                if f.name in data or not _has_default(f)
            }
        )
    if hint is int:
        return int(data)
    if hint is str:
        return str(data)
    if hint is bool:
        return bool(data)
    return data
