"""Exact odds of an attack: the distribution of damage and added effects.

:func:`odds` answers for the same
:class:`~rulekeeper.games.haven.attack_draw.AttackDraw` process the game plays,
from the deck as it actually is, with exact :class:`~fractions.Fraction`
probabilities and in time polynomial in the number of cards.

Every procedure (HV-MOD-3, HV-ADV-1..4) draws the same shape of sequence: a
leading run of rolling cards, the first non-rolling card ``x``, and perhaps
one card ``y`` after it. The order within the run never matters (its cards are
all applied or all discarded), and what the run does to the attack depends
only on its :class:`~rulekeeper.games.haven.attacks.CardTotals`. From a pile
of ``N`` cards, a run holding ``s_k`` of the ``c_k`` copies of each rolling
card (``j`` cards in all) followed by a given card ``x`` has probability
``prod_k C(c_k, s_k) * j! * n_x * (N - j - 1)! / N!``: a product over card
kinds times a factor of ``j`` alone. A dynamic program over the rolling card
kinds therefore sums the weights per (totals, ``j``) instead of walking every
order of the cards; which cards apply and which are compared comes from the
procedure itself (:func:`~rulekeeper.games.haven.attack_draw.procedure_stage`,
:func:`~rulekeeper.games.haven.attack_draw.later_card_kept`). A pile that runs
out mid-draw reshuffles the discard pile (HV-ATK-4), exactly as in play.

:func:`odds_by_enumeration` keeps the card-by-card walk over every draw order
(exponential in the rolling cards) as the reference the tests compare with.

A Frosthaven character with advantage chooses which card to keep (HV-ADV-3);
odds need a policy for that choice: by default :func:`keep_most_damage`. The
policy is asked once per pair of compared outcomes and must depend on them
only (the options it is shown are the positions of the first such draw).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.attack_draw import (
    AttackDraw,
    Done,
    NeedChoice,
    Stage,
    later_card_kept,
    procedure_stage,
)
from rulekeeper.games.haven.attacks import (
    Attack,
    AttackContext,
    AttackMode,
    AttackOutcome,
    CardTotals,
    Target,
    attack_context,
    attack_mode,
    resolve_totals,
)
from rulekeeper.games.haven.modifiers import (
    Effect,
    ModifierCatalog,
    ModifierDeck,
    combine_effects,
    standard_catalog,
)
from rulekeeper.games.haven.rule_terms import deck_name
from rulekeeper.games.haven.ruleset import Ruleset
from rulekeeper.i18n import lazy

OutcomeKey = tuple[int, tuple[Effect, ...]]
"""(damage dealt, added effects) of one way the attack can go."""

ChoicePolicy = Callable[[NeedChoice], int]


def keep_most_damage(step: NeedChoice) -> int:
    """The card a player keeps in the odds: more damage; on equal damage the one
    with more effects (when plainly more), else the one drawn first."""
    first, second = step.outcomes
    if second.damage > first.damage or (second.damage == first.damage and second.dominates(first)):
        return step.options[1]
    return step.options[0]


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact distribution of one attack's outcome against one target."""

    joint: dict[OutcomeKey, Fraction]

    @property
    def damage(self) -> dict[int, Fraction]:
        """Damage dealt -> probability, in increasing damage."""
        out: dict[int, Fraction] = {}
        for (damage, _), p in self.joint.items():
            out[damage] = out.get(damage, Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def effects(self) -> dict[str, Fraction]:
        """Each added effect -> probability that the attack applies it."""
        out: dict[str, Fraction] = {}
        for (_, effects), p in self.joint.items():
            for effect in effects:
                out[str(effect)] = out.get(str(effect), Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))

    def at_least(self, damage: int) -> Fraction:
        return sum((p for d, p in self.damage.items() if d >= damage), Fraction(0))

    def rows(self) -> list[tuple[int, Fraction, Fraction]]:
        """(damage, probability, probability of at least that damage), for a table."""
        table = []
        remaining = Fraction(1)
        for damage, p in self.damage.items():
            table.append((damage, p, remaining))
            remaining -= p
        return table

    def to_json(self) -> dict[str, Any]:
        def number(p: Fraction) -> dict[str, Any]:
            return {"fraction": str(p), "value": float(p)}

        return {
            "damage": [
                {"damage": d, "probability": number(p), "at_least": number(a)}
                for d, p, a in self.rows()
            ],
            "effects": {name: number(p) for name, p in self.effects.items()},
            "expected_damage": number(self.expected_damage),
        }


def odds(
    attack: Attack,
    target: Target,
    deck: ModifierDeck,
    ruleset: Ruleset,
    mode: AttackMode | None = None,
    *,
    catalog: ModifierCatalog | None = None,
    attacker_is_character: bool = True,
    choose: ChoicePolicy = keep_most_damage,
) -> Odds:
    """The exact outcome distribution of ``attack`` on ``target`` with ``deck`` as it is.

    ``mode`` forces advantage, disadvantage or neither; left out, it follows
    from the attack and the conditions (HV-ATK-2, HV-ATK-3). The deck is not
    changed.
    """
    catalog = catalog or standard_catalog()
    context = attack_context(attack, target, ruleset)
    if mode is None:
        mode = attack_mode(attack, target)
    process = AttackDraw.start(
        ruleset, deck.owner, context, mode, attacker_is_character=attacker_is_character
    )
    return odds_of_draw(process, deck, catalog, choose)


def odds_of_draw(
    process: AttackDraw,
    deck: ModifierDeck,
    catalog: ModifierCatalog,
    choose: ChoicePolicy = keep_most_damage,
) -> Odds:
    """The exact distribution of an attack draw (possibly already under way)."""
    return _sorted_odds(_exact(process, deck.copy(), catalog, choose))


def odds_by_enumeration(
    process: AttackDraw,
    deck: ModifierDeck,
    catalog: ModifierCatalog,
    choose: ChoicePolicy = keep_most_damage,
) -> Odds:
    """The same distribution by walking every card of every draw order (memoised).

    Exponential in the number of rolling cards: the reference that
    :func:`odds_of_draw` is tested against, not for use on large decks.
    """
    memo: dict[tuple[object, ...], dict[OutcomeKey, Fraction]] = {}
    return _sorted_odds(_enumerated(process, deck.copy(), catalog, choose, memo))


def _sorted_odds(joint: dict[OutcomeKey, Fraction]) -> Odds:
    return Odds(dict(sorted(joint.items(), key=lambda item: (item[0][0], item[0][1]))))


def _settle(
    process: AttackDraw, catalog: ModifierCatalog, choose: ChoicePolicy
) -> tuple[AttackDraw, Done | None]:
    """Make any pending player choice with ``choose``; the result, if the draw is over."""
    step = process.next_step(catalog)
    while isinstance(step, NeedChoice):
        process = process.after_choice(choose(step))
        step = process.next_step(catalog)
    return process, step if isinstance(step, Done) else None


def _enumerated(
    process: AttackDraw,
    deck: ModifierDeck,
    catalog: ModifierCatalog,
    choose: ChoicePolicy,
    memo: dict[tuple[object, ...], dict[OutcomeKey, Fraction]],
) -> dict[OutcomeKey, Fraction]:
    process, done = _settle(process, catalog, choose)
    if done is not None:
        return {(done.outcome.damage, done.outcome.effects): Fraction(1)}
    key = (
        process.memo_key(catalog),
        tuple(deck.cards.draw_pile),
        # The discard pile matters once the draw pile runs out (HV-ATK-4).
        tuple(sorted(deck.cards.discard_pile)),
    )
    cached = memo.get(key)
    if cached is not None:
        return cached
    total: dict[OutcomeKey, Fraction] = {}
    for card, p in deck.draw_outcomes():
        child, done = _settle(process.after_draw(card), catalog, choose)
        if done is not None:
            # A draw that ends the process needs no copy of the deck.
            outcome = (done.outcome.damage, done.outcome.effects)
            total[outcome] = total.get(outcome, Fraction(0)) + p
            continue
        after = deck.copy()
        after.draw(card, catalog)
        for outcome, q in _enumerated(child, after, catalog, choose, memo).items():
            total[outcome] = total.get(outcome, Fraction(0)) + p * q
    memo[key] = total
    return total


def _exact(
    process: AttackDraw, deck: ModifierDeck, catalog: ModifierCatalog, choose: ChoicePolicy
) -> dict[OutcomeKey, Fraction]:
    process, done = _settle(process, catalog, choose)
    if done is not None:
        return {(done.outcome.damage, done.outcome.effects): Fraction(1)}
    if not deck.cards.ordered and all(catalog[card].rolling for card in process.drawn):
        return _LeadingRun.of(process, deck, catalog, choose).distribution()
    # Card by card: a pile whose order is known (one outcome per draw), or a
    # draw already past its leading run (a card or two more at most).
    total: dict[OutcomeKey, Fraction] = {}
    for card, p in deck.draw_outcomes():
        after = deck.copy()
        after.draw(card, catalog)
        for outcome, q in _exact(process.after_draw(card), after, catalog, choose).items():
            total[outcome] = total.get(outcome, Fraction(0)) + p * q
    return total


def _exhausted(owner: str) -> RuleViolation:
    """HV-ATK-4, as the deck itself says it when asked for a card it cannot give."""
    return RuleViolation(
        "HV-ATK-4",
        lazy("{deck} has no card left to draw or reshuffle", deck=deck_name(owner)),
    )


Role = Literal["run", "x", "y"]


@dataclass(frozen=True, slots=True)
class _RoleStage:
    """A finished :class:`Stage` with its cards named by role: ``run`` (the whole
    leading run of rolling cards), ``x`` (the first non-rolling card), ``y`` (the
    card after it)."""

    added: frozenset[Role]
    compared: tuple[Role, Role] | None
    keep: Literal["better", "worse"]
    options: tuple[int, int] | None = field(default=None, compare=False)
    """The compared cards' positions, shown to a choosing player."""

    @classmethod
    def of(cls, stage: Stage, run: int) -> _RoleStage:
        if stage.need_card:
            raise NotImplementedError(
                "HV-ATK-1: exact odds expect at most one card after the first non-rolling one"
            )

        def role(index: int) -> Role:
            if index < run:
                raise NotImplementedError(
                    "HV-ATK-1: exact odds expect the leading rolling run to apply as a whole"
                )
            return "x" if index == run else "y"

        in_run = sum(1 for index in stage.added if index < run)
        if in_run not in (0, run):
            raise NotImplementedError(
                "HV-ATK-1: exact odds expect the leading rolling run to apply as a whole"
            )
        added: set[Role] = {role(index) for index in stage.added if index >= run}
        if in_run:
            added.add("run")
        if stage.compared is None:
            return cls(frozenset(added), None, stage.keep)
        first, second = stage.compared
        return cls(frozenset(added), (role(first), role(second)), stage.keep, stage.compared)

    def roles(self) -> frozenset[Role]:
        return self.added.union(self.compared or ())


@dataclass(frozen=True, slots=True)
class _Shape:
    """What the procedure does once the first non-rolling card follows a run of a
    given length: finish (``after_x``) or take one more card (``after_y``, by the
    rolling icon of that card: not rolling, rolling)."""

    after_x: _RoleStage | None
    after_y: tuple[_RoleStage, _RoleStage] | None

    def stages(self) -> tuple[_RoleStage, ...]:
        return (self.after_x,) if self.after_x is not None else self.after_y or ()

    @property
    def uses_run(self) -> bool:
        return any("run" in stage.roles() for stage in self.stages())


class _LeadingRun:
    """The exact distribution of a draw whose cards so far are all rolling.

    ``prefix`` are the rolling cards already drawn (plus, when the pile held
    nothing else, the whole pile); ``pile`` holds at least one non-rolling card;
    ``after`` is what a reshuffle would bring once ``pile`` runs out.
    """

    def __init__(
        self,
        process: AttackDraw,
        prefix: list[str],
        pile: Counter[str],
        after: Counter[str],
        catalog: ModifierCatalog,
        choose: ChoicePolicy,
        owner: str,
    ) -> None:
        self.process = process
        self.prefix = prefix
        self.pile = pile
        self.after = after
        self.catalog = catalog
        self.choose = choose
        self.owner = owner
        context = process.context
        self.context: AttackContext = context
        # Pierce beyond the shield left by the attack's own pierce changes nothing.
        self.pierce_cap = max(0, context.shield - context.pierce)
        self.rolling = sorted((card, n) for card, n in pile.items() if catalog[card].rolling)
        self.plain = sorted((card, n) for card, n in pile.items() if not catalog[card].rolling)
        cards = {card: CardTotals.of((catalog[card],)) for card in (*pile, *after, *prefix)}
        # A run's totals are kept in two parts: what sets the damage, and the
        # effects; each part takes few values, and a step adds a card to each.
        self.card_damage = {card: _without_effects(totals) for card, totals in cards.items()}
        self.card_effects = {card: totals.effects for card, totals in cards.items()}
        self.damage_parts: list[CardTotals] = []
        self.damage_ids: dict[CardTotals, int] = {}
        self.damage_steps: dict[tuple[int, str], int] = {}
        self.damage_values: dict[int, int] = {}
        self.effect_parts: list[tuple[Effect, ...]] = []
        self.effect_ids: dict[tuple[Effect, ...], int] = {}
        self.effect_steps: dict[tuple[int, str], int] = {}
        self.runs: list[tuple[int, int]] = []
        self.run_ids: dict[tuple[int, int], int] = {}
        self.steps: dict[tuple[int, str], int] = {}
        self.outcome_of_run: dict[int, int] = {}
        self.outcomes: list[AttackOutcome] = []
        self.outcome_ids: dict[tuple[int, int], int] = {}
        self.decisions: dict[int, int] = {}

    @classmethod
    def of(
        cls,
        process: AttackDraw,
        deck: ModifierDeck,
        catalog: ModifierCatalog,
        choose: ChoicePolicy,
    ) -> _LeadingRun:
        """HV-ATK-4: an empty pile is reshuffled when a card is needed; a pile of
        rolling cards only is drawn in full, then the discard pile is reshuffled."""
        draw = Counter(deck.cards.draw_pile)
        discard = Counter(deck.cards.discard_pile)
        prefix = list(process.drawn)
        if not draw:
            draw, discard = discard, Counter()
        if draw and all(catalog[card].rolling for card in draw):
            prefix.extend(sorted(draw.elements()))
            draw, discard = discard, Counter()
        if not any(not catalog[card].rolling for card in draw):
            raise _exhausted(deck.owner)
        return cls(process, prefix, draw, discard, catalog, choose, deck.owner)

    # -- totals of the run, merged when they resolve alike

    def _canonical(self, damage: CardTotals) -> CardTotals:
        if damage.null:
            # HV-MOD-2: a null card leaves no damage to add, double or pierce.
            return CardTotals(null=True)
        if damage.pierce > self.pierce_cap:
            return CardTotals(False, damage.gains, damage.losses, damage.doubles, self.pierce_cap)
        return damage

    def _damage_id(self, damage: CardTotals) -> int:
        damage = self._canonical(damage)
        found = self.damage_ids.get(damage)
        if found is None:
            found = self.damage_ids[damage] = len(self.damage_parts)
            self.damage_parts.append(damage)
        return found

    def _effect_id(self, effects: tuple[Effect, ...]) -> int:
        found = self.effect_ids.get(effects)
        if found is None:
            found = self.effect_ids[effects] = len(self.effect_parts)
            self.effect_parts.append(effects)
        return found

    def _run_id(self, damage: int, effects: int) -> int:
        key = (damage, effects)
        found = self.run_ids.get(key)
        if found is None:
            found = self.run_ids[key] = len(self.runs)
            self.runs.append(key)
        return found

    def _intern(self, totals: CardTotals) -> int:
        """The id of a run with these totals (runs that resolve alike share it)."""
        return self._run_id(
            self._damage_id(_without_effects(totals)), self._effect_id(totals.effects)
        )

    def _step(self, run: int, card: str) -> int:
        """The run ``run`` with ``card`` added."""
        key = (run, card)
        found = self.steps.get(key)
        if found is None:
            damage, effects = self.runs[run]
            damage_key = (damage, card)
            next_damage = self.damage_steps.get(damage_key)
            if next_damage is None:
                next_damage = self.damage_steps[damage_key] = self._damage_id(
                    self.damage_parts[damage] + self.card_damage[card]
                )
            effects_key = (effects, card)
            next_effects = self.effect_steps.get(effects_key)
            if next_effects is None:
                added = self.card_effects[card]
                next_effects = self.effect_steps[effects_key] = (
                    self._effect_id(combine_effects((*self.effect_parts[effects], *added)))
                    if added
                    else effects
                )
            found = self.steps[key] = self._run_id(next_damage, next_effects)
        return found

    # -- the procedure, by run length

    def _stage(self, rolling: tuple[bool, ...]) -> Stage:
        return procedure_stage(self.process.mode, self.process.procedure, rolling)

    def _shapes(self) -> list[_Shape]:
        """The procedure's shape for each length ``j`` of the run drawn from the pile."""
        rolling_cards = sum(n for _, n in self.rolling)
        longest = len(self.prefix) + rolling_cards
        for drawn in range(len(self.process.drawn), longest + 1):
            if not self._stage((True,) * drawn).need_card:
                raise NotImplementedError(
                    "HV-MOD-3: exact odds expect a leading run of rolling cards to be drawn out"
                )
        shapes = []
        for j in range(rolling_cards + 1):
            run = len(self.prefix) + j
            head = (True,) * run
            after_x = self._stage((*head, False))
            if after_x.need_card:
                after_y = (
                    _RoleStage.of(self._stage((*head, False, False)), run),
                    _RoleStage.of(self._stage((*head, False, True)), run),
                )
                shapes.append(_Shape(None, after_y))
            else:
                shapes.append(_Shape(_RoleStage.of(after_x, run), None))
        return shapes

    def _run_weights(self, tracks: bool, marks: bool, room: int) -> tuple[dict[int, int], int, int]:
        """Packed sums per run: (table, stride, width). ``table`` maps
        ``run id * stride + j`` (``j`` the run length) to the sum of
        prod_k C(c_k, s_k) over the runs with those totals, then (with ``marks``)
        per rolling kind k the same sum weighted by s_k, each in a field of
        ``width`` bits, the first sum lowest. ``room`` bits more per field let
        the caller scale and add the packed sums without a carry.

        Without ``tracks`` every run has the same id.
        """
        first = (
            CardTotals.of(self.catalog[card] for card in self.prefix) if tracks else CardTotals()
        )
        rolling_cards = sum(count for _, count in self.rolling)
        stride = rolling_cards + 1
        # A sum is at most 2**rolling_cards, times s_k <= c_k for the weighted ones.
        width = rolling_cards + max((c for _, c in self.rolling), default=1).bit_length() + 1 + room
        field_mask = (1 << width) - 1
        table: dict[int, int] = {self._intern(first) * stride: 1}
        for k, (card, count) in enumerate(self.rolling):
            binomials = [math.comb(count, s) for s in range(count + 1)]
            shift = width * (k + 1)
            grown: dict[int, int] = {}
            for key, packed in table.items():
                run, j = divmod(key, stride)
                weight = packed & field_mask
                target = run
                for s, binomial in enumerate(binomials):
                    if s and tracks:
                        target = self._step(target, card)
                    added = packed * binomial
                    if marks and s:
                        added += (weight * binomial * s) << shift
                    at = target * stride + j + s
                    grown[at] = grown.get(at, 0) + added
            table = grown
        return table, stride, width

    # -- outcomes, by id

    def _outcome_id(self, run: int) -> int:
        """The id of the outcome of a run's cards: one id per (damage, effects), all
        the odds report and all a comparison of two cards looks at (HV-ADV-5)."""
        found = self.outcome_of_run.get(run)
        if found is None:
            damage_id, effects_id = self.runs[run]
            damage = self.damage_values.get(damage_id)
            if damage is None:
                damage_part = self.damage_parts[damage_id]
                damage = self.damage_values[damage_id] = resolve_totals(
                    self.context, damage_part
                ).damage
            key = (damage, effects_id)
            found = self.outcome_ids.get(key)
            if found is None:
                found = self.outcome_ids[key] = len(self.outcomes)
                totals = self.damage_parts[damage_id] + CardTotals(
                    effects=self.effect_parts[effects_id]
                )
                self.outcomes.append(resolve_totals(self.context, totals))
            self.outcome_of_run[run] = found
        return found

    def _grid(self, mask: int, run: int, xs: list[str], ys: list[str]) -> list[list[int]]:
        """Outcome ids of the cards in ``mask`` (1 the run, 2 x, 4 y) for each x and y."""
        base = run if mask & 1 else self._intern(CardTotals())
        with_x = [self._step(base, x) for x in xs] if mask & 2 else [base] * len(xs)
        if mask & 4:
            if not mask & 2:
                row = [self._outcome_id(self._step(base, y)) for y in ys]
                return [row] * len(xs)
            return [[self._outcome_id(self._step(t, y)) for y in ys] for t in with_x]
        return [[self._outcome_id(t)] * len(ys) for t in with_x]

    def _finals(self, stage: _RoleStage, run: int, xs: list[str], ys: list[str]) -> list[list[int]]:
        """The outcome id each (x, y) ends with at ``stage`` (HV-ADV-3, HV-ADV-5)."""
        added = _mask(stage.added)
        if stage.compared is None:
            return self._grid(added, run, xs, ys)
        first_role, second_role = stage.compared
        firsts = self._grid(added | _ROLE_BITS[first_role], run, xs, ys)
        seconds = self._grid(added | _ROLE_BITS[second_role], run, xs, ys)
        keep = 1 if stage.keep == "better" else 0
        decisions = self.decisions
        finals = []
        for first_row, second_row in zip(firsts, seconds, strict=True):
            row = []
            for first, second in zip(first_row, second_row, strict=True):
                key = (first << 33) | (second << 1) | keep
                final = decisions.get(key)
                if final is None:
                    later = self._later_kept(stage, self.outcomes[first], self.outcomes[second])
                    final = decisions[key] = second if later else first
                row.append(final)
            finals.append(row)
        return finals

    def _later_kept(self, stage: _RoleStage, first: AttackOutcome, second: AttackOutcome) -> bool:
        if not self.process.player_chooses:
            return later_card_kept(stage.keep, first, second)
        assert stage.options is not None
        pick = self.choose(NeedChoice(stage.options, (first, second)))
        if pick not in stage.options:
            raise RuleViolation(
                "HV-ADV-3", lazy("card {pick} was not one of the two compared", pick=pick)
            )
        return pick == stage.options[1]

    # -- the distribution

    def distribution(self) -> dict[OutcomeKey, Fraction]:
        shapes = self._shapes()
        tracks = any(shape.uses_run for shape in shapes)
        marks = bool(self.rolling) and any(shape.after_y is not None for shape in shapes[1:])
        size = sum(self.pile.values())
        factorial = [math.factorial(i) for i in range(size + 1)]
        # Room for a factorial scale and a sum over every run length and kind.
        room = factorial[size].bit_length() + 2 * (size + 1).bit_length() + 8
        table, stride, width = self._run_weights(tracks, marks, room)
        field_mask = (1 << width) - 1
        groups: dict[_Shape, int] = {}
        group_of = [groups.setdefault(shape, len(groups)) for shape in shapes]
        shape_of = list(groups)
        uses_run = [shape.uses_run for shape in shape_of]
        # Weights over size!: a run then a given x (the draw ends), or (packed)
        # a run, a given x and a given y; ``emptied``: y comes from the reshuffle.
        ending: dict[tuple[int, int], int] = {}
        going_on: dict[tuple[int, int], int] = {}
        emptied: dict[tuple[int, int], int] = {}
        for at, packed in table.items():
            run, j = divmod(at, stride)
            group = group_of[j]
            key = (group, run if uses_run[group] else -1)
            if shape_of[group].after_x is not None:
                weight = (packed & field_mask) * factorial[j] * factorial[size - j - 1]
                ending[key] = ending.get(key, 0) + weight
            elif j <= size - 2:
                going_on[key] = (
                    going_on.get(key, 0) + packed * factorial[j] * factorial[size - j - 2]
                )
            else:
                # The run and x took the whole pile: y comes from the reshuffle (HV-ATK-4).
                emptied[key] = emptied.get(key, 0) + (packed & field_mask) * factorial[j]
        xs = [card for card, _ in self.plain]
        rolling_ys = [card for card, _ in self.rolling]
        weights_by_outcome: dict[int, int] = {}
        for (group, run), weight in ending.items():
            stage = shape_of[group].after_x
            assert stage is not None
            finals = self._finals(stage, run, xs, [""])
            for (_, n_x), row in zip(self.plain, finals, strict=True):
                _add(weights_by_outcome, row[0], weight * n_x)
        for (group, run), packed in going_on.items():
            after_y = shape_of[group].after_y
            assert after_y is not None
            weight = packed & field_mask
            # Per rolling kind: the copies the run left, sum of (c_k - s_k) * weight.
            left = [
                count * weight - ((packed >> (width * (1 + k))) & field_mask if marks else 0)
                for k, (_, count) in enumerate(self.rolling)
            ]
            if after_y[0] == after_y[1]:
                finals = self._finals(after_y[0], run, xs, xs + rolling_ys)
                plain_finals = [row[: len(xs)] for row in finals]
                rolling_finals = [row[len(xs) :] for row in finals]
            else:
                plain_finals = self._finals(after_y[0], run, xs, xs)
                rolling_finals = self._finals(after_y[1], run, xs, rolling_ys)
            # Count the ways per final outcome in small numbers, then scale once.
            ways: dict[int, int] = {}
            for (x, n_x), plain_row in zip(self.plain, plain_finals, strict=True):
                for (y, n_y), final in zip(self.plain, plain_row, strict=True):
                    copies = n_y - (x == y)
                    if copies:
                        ways[final] = ways.get(final, 0) + n_x * copies
            for final, count in ways.items():
                _add(weights_by_outcome, final, weight * count)
            for k, copies_left in enumerate(left):
                if not copies_left:
                    continue
                ways = {}
                for (_, n_x), rolling_row in zip(self.plain, rolling_finals, strict=True):
                    ways[rolling_row[k]] = ways.get(rolling_row[k], 0) + n_x
                for final, count in ways.items():
                    _add(weights_by_outcome, final, copies_left * count)
        total: dict[OutcomeKey, Fraction] = {}
        for outcome_id, weight in weights_by_outcome.items():
            _add_share(total, self.outcomes[outcome_id], Fraction(weight, factorial[size]))
        if emptied:
            reshuffled = sum(self.after.values())
            if not reshuffled:
                raise _exhausted(self.owner)
            ((x, _),) = self.plain
            after = sorted(self.after.items())
            tail: dict[int, int] = {}
            for (group, run), weight in emptied.items():
                after_y = shape_of[group].after_y
                assert after_y is not None
                for y, n_y in after:
                    stage = after_y[1 if self.catalog[y].rolling else 0]
                    (final,) = self._finals(stage, run, [x], [y])[0]
                    _add(tail, final, weight * n_y)
            for outcome_id, weight in tail.items():
                share = Fraction(weight, factorial[size] * reshuffled)
                _add_share(total, self.outcomes[outcome_id], share)
        return total


_ROLE_BITS: dict[Role, int] = {"run": 1, "x": 2, "y": 4}


def _mask(roles: frozenset[Role] | tuple[Role, ...]) -> int:
    return sum(_ROLE_BITS[role] for role in roles)


def _without_effects(totals: CardTotals) -> CardTotals:
    return CardTotals(totals.null, totals.gains, totals.losses, totals.doubles, totals.pierce)


def _add(weights: dict[int, int], key: int, weight: int) -> None:
    weights[key] = weights.get(key, 0) + weight


def _add_share(total: dict[OutcomeKey, Fraction], outcome: AttackOutcome, share: Fraction) -> None:
    key = (outcome.damage, outcome.effects)
    total[key] = total.get(key, Fraction(0)) + share
