"""The modifier draw of one attack against one target, as a resumable process.

:class:`AttackDraw` is a small immutable state machine. Ask it
:meth:`~AttackDraw.next_step`: it needs a card from a deck (a chance node:
:meth:`~AttackDraw.chance_outcomes`), a player's choice of card ([FH] a
character with advantage, HV-ADV-3: :meth:`~AttackDraw.legal_choices`), or it is
done and says which cards apply and what they do to this target. A game State
embeds it as a field, exposes its outcomes and choices, applies the
:class:`DrawModifier` / :class:`KeepModifier` actions it accepts, and saves it
with :meth:`~AttackDraw.to_dict`. :func:`rulekeeper.games.haven.odds.odds`
enumerates the very same process.

The procedures, read literally from the rulebooks (see haven.md, haven-notes.md §1):

* no advantage (HV-MOD-3): draw until a non-rolling card; apply everything.
* [GH] advantage (HV-ADV-1): draw two. Neither rolling: the better. Exactly one
  rolling: both apply. Both rolling: draw until a non-rolling card, all apply.
* [GH] disadvantage (HV-ADV-2): draw two. Neither rolling: the worse. Exactly one
  rolling: only the non-rolling one. Both rolling: draw until a non-rolling
  card; only that last card applies.
* [FH] advantage / disadvantage (HV-ADV-3, HV-ADV-4): draw one. If it is not
  rolling, draw a second (its rolling icon ignored) and compare the two. If it
  is rolling, draw until a non-rolling card, then one more (rolling icon
  ignored) and compare those last two; with advantage the earlier rolling
  cards are added to the card kept, with disadvantage they are discarded. A
  character with advantage (or a summon, whose summoner chooses: FH FAQ) keeps
  either card (a choice); otherwise the better
  (advantage) or worse (disadvantage) is kept automatically.
* HV-ADV-5: "better" compares the resulting damage against this target and the
  added effects (each positive but of undefined size); when neither card is
  plainly better, the card drawn first is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, Literal

from rulekeeper.core.actions import Action, action_type
from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven.attacks import AttackContext, AttackMode, AttackOutcome, resolve
from rulekeeper.games.haven.modifiers import ModifierCatalog, ModifierDeck
from rulekeeper.games.haven.rule_terms import deck_name
from rulekeeper.games.haven.ruleset import Ruleset
from rulekeeper.i18n import _, lazy

Procedure = Literal["gloomhaven", "frosthaven"]


@action_type("draw-modifier")
@dataclass(frozen=True, slots=True)
class DrawModifier(Action):
    """Chance outcome: the next card of ``deck`` is ``card`` (label ends in the card)."""

    deck: str
    card: str


@action_type("keep-modifier")
@dataclass(frozen=True, slots=True)
class KeepModifier(Action):
    """HV-ADV-3 [FH]: a character with advantage keeps the card drawn at ``index``."""

    index: int
    card: str


ACTION_TYPES: tuple[type[Action], ...] = (DrawModifier, KeepModifier)
"""The action classes an embedding game adds to its codec."""

_set: Final = object.__setattr__
"""How the frozen classes below set their fields in their own ``__init__``."""


@dataclass(frozen=True, slots=True)
class NeedCard:
    """The process needs the next card of ``deck`` (a chance node)."""

    deck: str

    def __init__(self, deck: str) -> None:
        # The dataclass's fields set by a compiled __init__, not the generated one, which is
        # interpreted (issue 12: a draw makes these at every card); frozen, hence
        # object.__setattr__.
        _set(self, "deck", deck)


@dataclass(frozen=True, slots=True)
class NeedChoice:
    """HV-ADV-3: the player keeps one of two drawn cards (indices in draw order)."""

    options: tuple[int, int]
    outcomes: tuple[AttackOutcome, AttackOutcome]


@dataclass(frozen=True, slots=True)
class Done:
    """The draw is over: ``applied`` (indices in draw order) apply, giving ``outcome``."""

    applied: tuple[int, ...]
    outcome: AttackOutcome
    rule_ids: tuple[str, ...]

    def __init__(
        self, applied: tuple[int, ...], outcome: AttackOutcome, rule_ids: tuple[str, ...]
    ) -> None:
        _set(self, "applied", applied)  # as NeedCard's
        _set(self, "outcome", outcome)
        _set(self, "rule_ids", rule_ids)


Step = NeedCard | NeedChoice | Done


@dataclass(frozen=True, slots=True)
class Stage:
    """Where a procedure stands, from the rolling icons of the cards drawn so far.

    Indices are positions in draw order. ``compared`` names the two cards
    compared (HV-ADV-1..5), ``added`` the cards applied regardless.
    """

    need_card: bool = False
    compared: tuple[int, int] | None = None
    keep: Literal["better", "worse"] = "better"
    added: tuple[int, ...] = ()
    """Cards applied regardless (or, with ``compared``, added to the one kept)."""
    rule_id: str = "HV-MOD-3"

    def __init__(
        self,
        need_card: bool = False,
        compared: tuple[int, int] | None = None,
        keep: Literal["better", "worse"] = "better",
        added: tuple[int, ...] = (),
        rule_id: str = "HV-MOD-3",
    ) -> None:
        _set(self, "need_card", need_card)  # as NeedCard's
        _set(self, "compared", compared)
        _set(self, "keep", keep)
        _set(self, "added", added)
        _set(self, "rule_id", rule_id)


_DRAW = Stage(need_card=True)


def _plain_stage(rolling: tuple[bool, ...]) -> Stage:
    """HV-MOD-3: keep drawing until a non-rolling card; everything drawn applies.

    A single card drawn and applied is HV-ATK-1 itself; HV-MOD-3 is cited only
    when rolling cards made the draw go on.
    """
    if not rolling or rolling[-1]:
        return _DRAW
    rule = "HV-MOD-3" if len(rolling) > 1 else "HV-ATK-1"
    return Stage(added=tuple(range(len(rolling))), rule_id=rule)


def _gloomhaven_stage(rolling: tuple[bool, ...], advantage: bool) -> Stage:
    """HV-ADV-1 (advantage) and HV-ADV-2 (disadvantage), Gloomhaven p.20–21."""
    rule = "HV-ADV-1" if advantage else "HV-ADV-2"
    if len(rolling) < 2:
        return _DRAW
    first, second = rolling[0], rolling[1]
    if not first and not second:
        return Stage(compared=(0, 1), keep="better" if advantage else "worse", rule_id=rule)
    if first != second:
        if advantage:
            return Stage(added=(0, 1), rule_id=rule)
        return Stage(added=(1 if first else 0,), rule_id=rule)
    if rolling[-1]:
        return _DRAW
    last = len(rolling) - 1
    return Stage(added=tuple(range(len(rolling))) if advantage else (last,), rule_id=rule)


def _frosthaven_stage(rolling: tuple[bool, ...], advantage: bool) -> Stage:
    """HV-ADV-3 (advantage) and HV-ADV-4 (disadvantage), Frosthaven p.27 and FAQ §5.3."""
    rule = "HV-ADV-3" if advantage else "HV-ADV-4"
    keep: Literal["better", "worse"] = "better" if advantage else "worse"
    if not rolling:
        return _DRAW
    if not rolling[0]:
        # The second card's rolling icon, if any, is ignored: two cards only.
        if len(rolling) < 2:
            return _DRAW
        return Stage(compared=(0, 1), keep=keep, rule_id=rule)
    ending = next((i for i, r in enumerate(rolling) if not r), None)
    if ending is None or len(rolling) < ending + 2:
        return _DRAW
    earlier = tuple(range(ending)) if advantage else ()
    return Stage(compared=(ending, ending + 1), keep=keep, added=earlier, rule_id=rule)


def procedure_stage(mode: AttackMode, procedure: Procedure, rolling: tuple[bool, ...]) -> Stage:
    """Where a draw stands after cards with these rolling icons (in draw order)."""
    if mode == "none":
        return _plain_stage(rolling)
    advantage = mode == "advantage"
    if procedure == "frosthaven":
        return _frosthaven_stage(rolling, advantage)
    return _gloomhaven_stage(rolling, advantage)


def later_card_kept(
    keep: Literal["better", "worse"], first: AttackOutcome, second: AttackOutcome
) -> bool:
    """HV-ADV-5: the later of two compared cards is used only when plainly better (worse)."""
    if keep == "better":
        return second.dominates(first)
    return first.dominates(second)


_last_step: tuple[AttackDraw, ModifierCatalog, Step] | None = None
"""The step of the draw asked last (draws are immutable; see AttackDraw.next_step)."""


@lru_cache(maxsize=8192)
def _resolve_cards(
    context: AttackContext, cards: tuple[str, ...], catalog: ModifierCatalog
) -> AttackOutcome:
    """HV-ATK-1 for these cards; cached, since enumeration meets the same sets often."""
    return resolve(context, (catalog[card] for card in cards))


_draw_modifier = lru_cache(maxsize=4096)(DrawModifier)
"""``DrawModifier(deck, card)``, made once per card (actions are values; every draw lists them)."""


@dataclass(frozen=True, slots=True)
class AttackDraw:
    """One target's modifier draw in progress (immutable; each step returns a new one)."""

    deck: str
    context: AttackContext
    mode: AttackMode = "none"
    procedure: Procedure = "gloomhaven"
    player_chooses: bool = False
    """HV-ADV-3: [FH] a character with advantage picks the card to keep (the summoner's
    player picks for a summon: ``attacker_is_character`` is True for both)."""
    drawn: tuple[str, ...] = ()
    choice: int | None = None

    def __init__(
        self,
        deck: str,
        context: AttackContext,
        mode: AttackMode = "none",
        procedure: Procedure = "gloomhaven",
        player_chooses: bool = False,
        drawn: tuple[str, ...] = (),
        choice: int | None = None,
    ) -> None:
        _set(self, "deck", deck)  # as NeedCard's
        _set(self, "context", context)
        _set(self, "mode", mode)
        _set(self, "procedure", procedure)
        _set(self, "player_chooses", player_chooses)
        _set(self, "drawn", drawn)
        _set(self, "choice", choice)

    def __deepcopy__(self, memo: dict[int, Any]) -> AttackDraw:
        return self  # immutable all through: a clone shares it

    def __copy__(self) -> AttackDraw:
        return self

    @classmethod
    def start(
        cls,
        ruleset: Ruleset,
        deck: str,
        context: AttackContext,
        mode: AttackMode = "none",
        *,
        attacker_is_character: bool = False,
    ) -> AttackDraw:
        """A new draw for one target; the ruleset says which procedure applies."""
        chooses = (
            mode == "advantage"
            and attacker_is_character
            and ruleset.character_chooses_advantage_card
        )
        # AttackDraw, not cls: a direct call of the compiled class (issue 12)
        return AttackDraw(deck, context, mode, ruleset.advantage_procedure, chooses)

    # -- where the procedure stands

    def _stage(self, catalog: ModifierCatalog) -> Stage:
        cards = catalog.cards
        rolling = tuple(
            cards[card].rolling if card in cards else catalog[card].rolling for card in self.drawn
        )
        return procedure_stage(self.mode, self.procedure, rolling)

    def _outcome(self, catalog: ModifierCatalog, indices: tuple[int, ...]) -> AttackOutcome:
        return _resolve_cards(self.context, tuple(self.drawn[i] for i in sorted(indices)), catalog)

    def next_step(self, catalog: ModifierCatalog) -> Step:
        """What the process needs next, or its result.

        A draw is immutable, so its step is kept: who acts, the chance outcomes and
        the state's automatic steps all ask the same draw in turn (issue 12).
        """
        global _last_step
        last = _last_step
        if last is not None and last[0] is self and last[1] is catalog:
            return last[2]
        step = self._next_step(catalog)
        _last_step = (self, catalog, step)
        return step

    def _next_step(self, catalog: ModifierCatalog) -> Step:
        stage = self._stage(catalog)
        if stage.need_card:
            return NeedCard(self.deck)
        if stage.compared is None:
            cited = (stage.rule_id, *self._multiplier_rule(catalog, stage.added))
            return Done(stage.added, self._outcome(catalog, stage.added), cited)
        first, second = stage.compared
        first_outcome = self._outcome(catalog, (*stage.added, first))
        second_outcome = self._outcome(catalog, (*stage.added, second))
        rules = [stage.rule_id]
        if self.player_chooses:
            if self.choice is None:
                return NeedChoice((first, second), (first_outcome, second_outcome))
            if self.choice not in (first, second):
                raise RuleViolation(
                    "HV-ADV-3",
                    lazy("card {choice} was not one of the two compared", choice=self.choice),
                )
            kept = self.choice
        else:
            # HV-ADV-5: the later card is used only when it is plainly better (worse).
            later_wins = later_card_kept(stage.keep, first_outcome, second_outcome)
            plain = later_wins or later_card_kept(
                "worse" if stage.keep == "better" else "better", first_outcome, second_outcome
            )
            if not plain and first_outcome != second_outcome:
                rules.append("HV-ADV-5")
            kept = second if later_wins else first
        applied = (*stage.added, kept)
        outcome = first_outcome if kept == first else second_outcome
        rules.extend(self._multiplier_rule(catalog, applied))
        return Done(tuple(sorted(applied)), outcome, tuple(rules))

    def _multiplier_rule(
        self, catalog: ModifierCatalog, applied: tuple[int, ...]
    ) -> tuple[str, ...]:
        """HV-MOD-2 is cited when an applied card is a ×2 or a null (bless and curse too)."""
        if any(catalog[self.drawn[i]].multiplier != "none" for i in applied):
            return ("HV-MOD-2",)
        return ()

    def is_done(self, catalog: ModifierCatalog) -> bool:
        return isinstance(self.next_step(catalog), Done)

    # -- chance and choices, for an embedding State

    def chance_outcomes(
        self, deck: ModifierDeck, catalog: ModifierCatalog
    ) -> list[tuple[Action, Fraction]]:
        """The cards the next draw may reveal (HV-ATK-4: an empty pile reshuffles first)."""
        self._expect_card(deck, catalog)
        return [(_draw_modifier(self.deck, card), p) for card, p in deck.draw_outcomes()]

    def legal_choices(self, catalog: ModifierCatalog) -> list[Action]:
        step = self.next_step(catalog)
        if not isinstance(step, NeedChoice):
            return []
        return [KeepModifier(i, self.drawn[i]) for i in step.options]

    def check(self, action: Action, deck: ModifierDeck, catalog: ModifierCatalog) -> None:
        """Raise RuleViolation unless ``action`` is what the process accepts now (pure)."""
        step = self.next_step(catalog)
        if isinstance(action, DrawModifier):
            self._expect_card(deck, catalog)
            if action.deck != self.deck:
                raise RuleViolation(
                    "HV-MOD-1", lazy("this attack draws from {deck}", deck=deck_name(self.deck))
                )
            if action.card not in {card for card, _ in deck.draw_outcomes()}:
                raise RuleViolation(
                    "HV-ATK-4",
                    lazy(
                        "{card} is not in the draw pile of {deck}",
                        card=repr(action.card),
                        deck=deck_name(self.deck),
                    ),
                )
            return
        if isinstance(action, KeepModifier):
            if not isinstance(step, NeedChoice):
                raise RuleViolation("HV-ADV-3", lazy("no modifier card is waiting to be chosen"))
            if action.index not in step.options or self.drawn[action.index] != action.card:
                options = ", ".join(f"{i}:{self.drawn[i]}" for i in step.options)
                raise RuleViolation(
                    "HV-ADV-3",
                    lazy("keep one of the two compared cards ({options})", options=options),
                )
            return
        raise RuleViolation(
            "HV-ATK-1", lazy("{action} is not part of a modifier draw", action=action.label())
        )

    def apply(self, action: Action, deck: ModifierDeck, catalog: ModifierCatalog) -> AttackDraw:
        """Check and apply a draw or a choice; a draw also takes the card from ``deck``."""
        self.check(action, deck, catalog)
        if isinstance(action, KeepModifier):
            return self.after_choice(action.index)
        if not isinstance(action, DrawModifier):
            raise RuleViolation(
                "HV-ATK-1", lazy("{action} is not part of a modifier draw", action=action.label())
            )
        deck.draw(action.card, catalog)
        return self.after_draw(action.card)

    def apply_listed(
        self, action: Action, deck: ModifierDeck, catalog: ModifierCatalog
    ) -> AttackDraw:
        """:meth:`apply` for a draw or choice the state has already checked: it was one of
        its chance outcomes or listed choices (``State.apply``), or the driver knows it
        was (``apply_trusted``), so it is not checked again."""
        if isinstance(action, KeepModifier):
            return self.after_choice(action.index)
        if not isinstance(action, DrawModifier):
            raise RuleViolation(
                "HV-ATK-1", lazy("{action} is not part of a modifier draw", action=action.label())
            )
        deck.draw(action.card, catalog)
        return self.after_draw(action.card)

    def finish(self, deck: ModifierDeck, catalog: ModifierCatalog) -> Done:
        """Put the drawn cards away (bless and curse leave the deck) and return the result."""
        step = self.next_step(catalog)
        if not isinstance(step, Done):
            raise RuleViolation("HV-ATK-1", lazy("the modifier draw is not finished"))
        deck.put_away(self.drawn, catalog)
        return step

    def _expect_card(self, deck: ModifierDeck, catalog: ModifierCatalog) -> None:
        step = self.next_step(catalog)
        if not isinstance(step, NeedCard):
            # The procedure that stopped the draw is the rule refusing another card.
            rule = step.rule_ids[0] if isinstance(step, Done) else "HV-ADV-3"
            raise RuleViolation(rule, lazy("this attack draws no more modifier cards"))
        if deck.owner != self.deck:
            raise RuleViolation(
                "HV-MOD-1",
                lazy(
                    "this attack draws from {deck}, not from {other}",
                    deck=deck_name(self.deck),
                    other=deck_name(deck.owner),
                ),
            )

    # -- the unchecked path, for enumeration

    def after_draw(self, card: str) -> AttackDraw:
        # Built directly rather than with dataclasses.replace: enumeration calls this a lot.
        return AttackDraw(
            self.deck,
            self.context,
            self.mode,
            self.procedure,
            self.player_chooses,
            (*self.drawn, card),
            None,
        )

    def after_choice(self, index: int) -> AttackDraw:
        return AttackDraw(
            self.deck,
            self.context,
            self.mode,
            self.procedure,
            self.player_chooses,
            self.drawn,
            index,
        )

    def memo_key(self, catalog: ModifierCatalog) -> tuple[object, ...]:
        """A key equal for draws whose futures are identical.

        The order of a leading run of rolling cards never matters (they are all
        added, or all discarded), so it is sorted.
        """
        run = 0
        while run < len(self.drawn) and catalog[self.drawn[run]].rolling:
            run += 1
        drawn = (*sorted(self.drawn[:run]), *self.drawn[run:])
        return (self.mode, self.procedure, self.player_chooses, self.choice, drawn)

    # -- saving

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "context": self.context.to_dict(),
            "mode": self.mode,
            "procedure": self.procedure,
            "player_chooses": self.player_chooses,
            "drawn": list(self.drawn),
            "choice": self.choice,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AttackDraw:
        try:
            mode = data["mode"]
            procedure = data["procedure"]
            if mode not in ("none", "advantage", "disadvantage"):
                raise ValueError(_("mode {mode}", mode=repr(mode)))
            if procedure not in ("gloomhaven", "frosthaven"):
                raise ValueError(_("procedure {procedure}", procedure=repr(procedure)))
            choice = data.get("choice")
            return cls(
                deck=str(data["deck"]),
                context=AttackContext.from_dict(data["context"]),
                mode=mode,
                procedure=procedure,
                player_chooses=bool(data.get("player_chooses", False)),
                drawn=tuple(str(c) for c in data.get("drawn", ())),
                choice=None if choice is None else int(choice),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ContentError(
                _("bad attack draw ({error})", error=str(error)), field="attack_draw"
            ) from None
