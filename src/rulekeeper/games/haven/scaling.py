"""Scaling a scenario: its level, what the level sets, and scenario equations.

- HV-SCEN-2: the scenario level is fixed before play (0–7): by default the
  recommended level ⌈average character level / 2⌉ adjusted by difficulty
  (easy −1, hard +1, very hard +2); solo play or open information raises
  [GH] monster level and trap damage by 1 (gold and bonus experience stay),
  [FH] uses ⌈(average level + 1) / 2⌉ instead (``Ruleset.solo_scaling``).
- HV-SCEN-3: by scenario level L: monster level L, trap damage 2 + L,
  hazardous terrain as HV-MOVE-2, gold conversion 2, 2, 3, 3, 4, 4, 5, 6,
  bonus experience 4 + 2L.
- HV-SCEN-4: equations use L, C (characters in the scenario, exhausted ones
  included) and [FH] H; a calculation with no stated rounding rounds up.

Everything here is pure: the state asks :func:`scaling` once per need.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING, Literal

from rulekeeper.i18n import _

if TYPE_CHECKING:
    from rulekeeper.games.haven.ruleset import Ruleset
    from rulekeeper.games.haven.scenario_format import ScenarioSpec

Difficulty = Literal["easy", "normal", "hard", "very_hard"]
DIFFICULTY_ADJUSTMENT: dict[str, int] = {"easy": -1, "normal": 0, "hard": 1, "very_hard": 2}
"""HV-SCEN-2 [GH p.15–16; FH p.16]: added to the recommended scenario level."""
GOLD_CONVERSION = (2, 2, 3, 3, 4, 4, 5, 6)
"""HV-SCEN-3: gold per money token (or coin) by scenario level 0–7."""
MAX_LEVEL = 7


@dataclass(frozen=True, slots=True)
class Scaling:
    """What the scenario level sets (HV-SCEN-3), after solo adjustments (HV-SCEN-2)."""

    scenario_level: int
    monster_level: int
    trap_damage: int
    hazardous_damage: int
    gold_conversion: int
    bonus_experience: int


def recommended_level(
    character_levels: list[int], difficulty: str, *, solo: bool, rules: Ruleset
) -> int:
    """HV-SCEN-2: ⌈average level / 2⌉ ([FH] solo: ⌈(average + 1) / 2⌉) plus difficulty, 0–7."""
    average = Fraction(sum(character_levels), len(character_levels))
    if solo and rules.solo_scaling == "average_plus_one":
        average += 1
    level = ceil(average / 2) + DIFFICULTY_ADJUSTMENT[difficulty]
    return max(0, min(MAX_LEVEL, level))


def scaling(scenario_level: int, *, solo: bool, rules: Ruleset) -> Scaling:
    """HV-SCEN-3 by level; [GH] solo adds 1 to monster level and trap damage (HV-SCEN-2)."""
    bump = 1 if solo and rules.solo_scaling == "monster_level_plus_one" else 0
    trap_level = scenario_level + bump
    return Scaling(
        scenario_level=scenario_level,
        monster_level=min(MAX_LEVEL, scenario_level + bump),
        trap_damage=rules.trap_damage(trap_level),
        hazardous_damage=rules.hazardous_damage(trap_level),
        gold_conversion=GOLD_CONVERSION[scenario_level],
        bonus_experience=4 + 2 * scenario_level,
    )


# -- scenario equations (HV-SCEN-4) ----------------------------------------------------------
MAX_FORMULA_LENGTH = 80


class FormulaError(ValueError):
    """A scenario equation that cannot be read."""


def evaluate(formula: str, *, level: int, characters: int, elite_hp: int | None = None) -> int:
    """HV-SCEN-4: the value of ``formula`` in L, C and H, rounded up.

    The grammar is numbers, the letters L, C and H, ``+ - * x /`` and
    parentheses; every division is exact (a fraction) and the result is
    rounded up once at the end ([FH p.76] no stated rounding: round up).
    """
    names = {"L": level, "C": characters}
    if elite_hp is not None:
        names["H"] = elite_hp
    return ceil(_Parser(formula, names).parse())


def check_formula(formula: str) -> None:
    """Raise FormulaError when ``formula`` is not a scenario equation (used at load)."""
    _Parser(formula, {"L": 1, "C": 2, "H": 1}).parse()


class _Parser:
    """A small recursive-descent reader, bounded by MAX_FORMULA_LENGTH characters."""

    def __init__(self, text: str, names: dict[str, int]) -> None:
        if len(text) > MAX_FORMULA_LENGTH:
            raise FormulaError(
                _("an equation has at most {most} characters", most=MAX_FORMULA_LENGTH)
            )
        self.tokens = _tokens(text)
        self.names = names
        self.at = 0

    def parse(self) -> Fraction:
        value = self._sum()
        if self.at != len(self.tokens):
            raise FormulaError(_("unexpected {token}", token=repr(self.tokens[self.at])))
        return value

    def _peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def _sum(self) -> Fraction:
        value = self._product()
        while self._peek() in ("+", "-"):
            op = self.tokens[self.at]
            self.at += 1
            right = self._product()
            value = value + right if op == "+" else value - right
        return value

    def _product(self) -> Fraction:
        value = self._atom()
        while self._peek() in ("*", "x", "/"):
            op = self.tokens[self.at]
            self.at += 1
            right = self._atom()
            if op == "/":
                if right == 0:
                    raise FormulaError(_("division by zero"))
                value = value / right
            else:
                value = value * right
        return value

    def _atom(self) -> Fraction:
        token = self._peek()
        self.at += 1
        if token == "(":
            value = self._sum()
            if self._peek() != ")":
                raise FormulaError(_("a '(' is not closed"))
            self.at += 1
            return value
        if token == "-":
            return -self._atom()
        if token.isdigit():
            return Fraction(int(token))
        if token in self.names:
            return Fraction(self.names[token])
        raise FormulaError(
            _(
                "expected a number, L, C, H or '(' but found {found}",
                found=repr(token) if token else _("the end"),
            )
        )


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit() and j - i < 6:
                j += 1
            out.append(text[i:j])
            i = j
        elif ch in "+-*x/()LCH":
            out.append(ch)
            i += 1
        else:
            raise FormulaError(_("unexpected character {character}", character=repr(ch)))
    return out


def character_level(spec: ScenarioSpec, cls: str) -> int:
    """A character's level: its own entry under ``characters``, else ``character_level``."""
    own = spec.characters.get(cls)
    return own.level if own is not None and own.level is not None else spec.character_level


def scenario_scaling(spec: ScenarioSpec, rules: Ruleset) -> Scaling:
    """HV-SCEN-2/3 for a scenario file: its level as given, or the recommended one."""
    level = spec.level
    if level is None:
        levels = [character_level(spec, cls) for cls in spec.party]
        level = recommended_level(levels, spec.difficulty, solo=spec.solo, rules=rules)
    return scaling(level, solo=spec.solo, rules=rules)
