"""The state of a companion game: everything of a haven scenario but the figures' hexes.

The board is physical (DESIGN.md, "Companion mode"): the engine keeps the
rounds, the characters' cards and initiative, the monster groups' ability
cards, every standee's hit points and conditions, the elements, the modifier
decks, the loot and the scenario's objective and special rules. The rules that
change these values live in ``companion_rules.py`` (who acts, what is legal),
``companion_flow.py`` and ``companion_combat.py``; this module holds the data
only.

Players: during setup, player 0 (the party); then one player per character,
in party order. Monster turns and the party's shared decisions go to player 0.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import State
from rulekeeper.games.haven.attack_draw import AttackDraw
from rulekeeper.games.haven.companion_library import CompanionScenario
from rulekeeper.games.haven.modifiers import ModifierCatalog, ModifierDecks, standard_catalog
from rulekeeper.games.haven.ruleset import Ruleset, find_ruleset
from rulekeeper.games.haven.scaling import evaluate
from rulekeeper.games.haven.state import from_json, to_json
from rulekeeper.i18n import Msg, _

if TYPE_CHECKING:
    from rulekeeper.core.game import Game, Outcome

Phase = Literal["setup", "select", "turns", "rest", "over"]


@dataclass
class Standee:
    """A figure on the physical board: a character or a monster standee."""

    id: str
    kind: Literal["character", "monster", "objective", "summon"]
    """An objective figure (an altar, a door to destroy, an escort) is neither side's standee."""
    type: str
    hp: int
    max_hp: int
    elite: bool = False
    boss: bool = False
    number: int = 0
    level_offset: int = 0
    """Levels above (or below) the monster level this standee plays at (a scenario rule)."""
    conditions: list[str] = field(default_factory=list)
    fresh: list[str] = field(default_factory=list)
    """Conditions gained during the bearer's own turn: they last to the end of its next one."""
    shield: int = 0
    """Shield from abilities this round (a monster's stat-card shield is added on top)."""
    retaliate: int = 0
    """Retaliate from abilities this round (a monster's stat-card retaliate is added on top)."""
    owner: str = ""
    """A summon's summoner (HV-SUM-2)."""
    escort: bool = False
    """An objective figure the characters protect: monsters attack it, characters do not."""
    drops_loot: bool = True
    """HV-LOOT-3 [GH]: a monster set out with a room drops a token; summoned or spawned: none."""


@dataclass
class Character:
    """A character's class, cards and round choices (HV-CARD-1..4, HV-REST-*)."""

    id: str
    player: int
    level: int
    hand: list[str]
    discard: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    leading: str | None = None
    second: str | None = None
    played: list[list[str]] = field(default_factory=list)
    """Halves performed this turn: [card, "top"|"bottom"]."""
    long_rest: bool = False
    rested: bool = False
    exhausted: bool = False
    initiative: int = 0
    money: int = 0
    """HV-LOOT-4: money tokens looted ([FH] loot tokens, each one loot card, HV-LOOT-5)."""
    treasures: list[str] = field(default_factory=list)
    """Treasure tiles looted (HV-LOOT-6): their rewards are in the players' treasure index."""
    xp: int = 0

    @property
    def selected(self) -> bool:
        return self.long_rest or self.second is not None


@dataclass
class MonsterGroup:
    """A monster type's ability deck and this round's card (HV-MON-3, HV-INIT-4)."""

    type: str
    deck: Deck
    card: str | None = None
    reshuffle_due: bool = False
    consumed: list[str] = field(default_factory=list)
    """Elements the group consumed this round: every monster of it gets the bonus (HV-ELEM-4)."""


@dataclass
class PendingAttack:
    """An attack entered and waiting on its modifier draw (HV-ATK-1)."""

    attacker: str
    target: str
    deck: str
    draw: AttackDraw
    conditions: list[str] = field(default_factory=list)
    value: int = 0
    pierce: int = 0
    mode: str = "none"
    """The mode entered with the attack (an added target's attack repeats it, HV-TGT-1)."""


@dataclass
class PendingDamage:
    """HV-NEG-1: damage to a character waiting for its player: suffer it, or negate it by
    losing 1 card from hand or 2 from the discard pile (``pile`` once chosen)."""

    character: str
    amount: int
    source: str
    rules: list[str] = field(default_factory=list)
    pile: str = ""
    lost: list[str] = field(default_factory=list)
    said: dict[str, Any] = field(default_factory=dict)
    """The source as a message to translate (``Msg.to_json``); ``source`` is it in English."""

    @property
    def shown_source(self) -> Msg | str:
        """The source, translated when shown."""
        return Msg.from_json(self.said) if self.said else self.source


@dataclass
class TurnInProgress:
    """The acting figure: a character, or one monster of the acting group."""

    actor: str
    attacked: list[str] = field(default_factory=list)
    """Targets attacked this turn (HV-TGT-1: each once per attack)."""
    infusions: list[str] = field(default_factory=list)
    moved: bool = False
    queue: list[str] = field(default_factory=list)
    """Targets of the monster mover's answer still to be attacked, in order."""
    added_targets: int = 0
    """HV-TGT-1: targets a drawn card added, still to be entered (companion_card_choices)."""
    added_attack: dict[str, Any] = field(default_factory=dict)
    """The attack whose card added them: attacker, value, pierce, mode, conditions."""
    card_added: list[str] = field(default_factory=list)
    """Targets attacked as added ones: a "+N target" drawn against them adds none."""
    any_elements: int = 0
    """HV-ELEM-3: elements of the player's choice a drawn card still infuses."""


class CompanionState(State):
    """A companion game's fields, lookups and files (rules: ``companion_rules.py`` and the modules it names)."""

    def __init__(
        self,
        game: Game,
        *,
        ruleset: str,
        scenario: str,
        seed: int,
        content: CompanionScenario,
    ) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        self.content = content
        self.rules: Ruleset = find_ruleset(ruleset)
        self.catalog: ModifierCatalog = standard_catalog()
        self.players = 0
        self.level = -1
        self.phase: Phase = "setup"
        self.round = 1
        self.figures: dict[str, Standee] = {}
        self.characters: dict[str, Character] = {}
        self.groups: dict[str, MonsterGroup] = {}
        self.decks = ModifierDecks()
        self.elements: dict[str, str] = {}
        self.revealed: list[str] = []
        self.order: list[str] = []
        """This round's turn order: character ids and monster type ids (HV-INIT-1..4)."""
        self.ties: list[list[str]] = []
        """Order entries tied on initiative the players still have to order (HV-INIT-2)."""
        self.slot = 0
        self.acting: list[str] = []
        """The monsters of the acting group still to act, in order (HV-INIT-4)."""
        self.turn: TurnInProgress | None = None
        self.attack: PendingAttack | None = None
        self.damage: list[PendingDamage] = []
        """Damage to characters waiting for the negation choice (HV-NEG-1), oldest first."""
        self.tokens = 0
        """Money or loot tokens on the board (HV-LOOT-1..3)."""
        self.treasures: list[str] = []
        """Treasure tiles on the revealed rooms, not yet looted (HV-LOOT-6)."""
        self.by_hand: list[str] = []
        """Special rules shown: the players resolve them and say so (HV-SCEN-7)."""
        self.fired: list[int] = []
        self.rest_queue: list[str] = []
        """Characters still to decide on a short rest at the end of the round (HV-REST-1)."""
        self.rest_loss: str = ""
        self.rest_card: str = ""
        """The card a short rest drew at random, waiting for the redraw choice (HV-REST-1)."""
        self.rest_redrawn: bool = False
        """The character whose short rest waits on its random card (a chance node)."""
        self.ending = ""
        """HV-GOAL-1: "won" or "lost" once triggered; the round is played out first."""
        self.result = ""
        self.result_text = ""

    # -- the core protocol's plain answers ---------------------------------------
    def player_name(self, player: int) -> str:
        if player < 0:
            return super().player_name(player)
        for character in self.characters.values():
            if character.player == player:
                name = self.content.classes[character.id].name
                return _("{name} (player {n})", name=name, n=player + 1)
        return _("the party") if player == 0 else _("player {n}", n=player + 1)

    def outcome(self) -> Outcome | None:
        """The result, summed up in the current language (from the closing event)."""
        from rulekeeper.core.game import Outcome

        if not self.result:
            return None
        for event in reversed(self.log):
            if event.kind == "scenario-end" and isinstance(event.message, Msg):
                summary = event.message.fields.get("summary")
                if isinstance(summary, Msg):
                    return Outcome(self.result, summary.render(), message=summary)
        return Outcome(self.result, self.result_text)

    # -- lookups --------------------------------------------------------------------
    def monster_level(self, figure: Standee | None = None) -> int:
        """HV-SCEN-3: the scenario level; a placement's offset moves one standee (0 to 7)."""
        offset = figure.level_offset if figure is not None else 0
        return max(0, min(7, max(0, self.level) + offset))

    def stats(self, figure: Standee) -> Any:
        """HV-MON-1: the elite or normal line (a boss: its only line) at the monster level;
        an attack given as an equation (a boss, HV-BOSS-1) is worked out in L and C."""
        mtype = self.content.monster_types[figure.type]
        table = mtype.elite if figure.elite else mtype.normal
        line = table[min(self.monster_level(figure), len(table) - 1)]
        if isinstance(line.attack, str):
            value = evaluate(line.attack, level=max(0, self.level), characters=self.players)
            line = line.model_copy(update={"attack": max(0, value)})
        return line

    def monsters(self) -> list[Standee]:
        return [f for f in self.figures.values() if f.kind == "monster"]

    def living_characters(self) -> list[Character]:
        return [c for c in self.characters.values() if not c.exhausted]

    # -- copies and files ------------------------------------------------------------
    def _shared_memo(self) -> dict[int, Any]:
        memo = super()._shared_memo()
        memo[id(self.content)] = self.content
        memo[id(self.rules)] = self.rules
        memo[id(self.catalog)] = self.catalog
        return memo

    def _fields_to_dict(self) -> dict[str, Any]:
        return {name: _to_json(getattr(self, name)) for name in _SAVED}

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        hints = typing.get_type_hints(_SavedFields)
        try:
            for name in _SAVED:
                setattr(self, name, _from_json(hints[name], data[name]))
        except (KeyError, TypeError, ValueError) as error:
            raise ContentError(
                _("bad companion state ({error})", error=error), field="state"
            ) from None


@dataclass
class _SavedFields:
    players: int
    level: int
    phase: str
    round: int
    figures: dict[str, Standee]
    characters: dict[str, Character]
    groups: dict[str, MonsterGroup]
    decks: ModifierDecks
    elements: dict[str, str]
    revealed: list[str]
    order: list[str]
    ties: list[list[str]]
    slot: int
    acting: list[str]
    turn: TurnInProgress | None
    attack: PendingAttack | None
    damage: list[PendingDamage]
    tokens: int
    treasures: list[str]
    by_hand: list[str]
    fired: list[int]
    rest_queue: list[str]
    rest_loss: str
    rest_card: str
    rest_redrawn: bool
    ending: str
    result: str
    result_text: str


_SAVED = tuple(f.name for f in dataclasses.fields(_SavedFields))


def _to_json(value: Any) -> Any:
    return to_json(value)


def _from_json(hint: Any, data: Any) -> Any:
    return from_json(hint, data)
