"""The scenario's own figures in a haven file: objectives, figures with hit points that take
no turns (HV-GOAL-2), and scenario allies run by the monster mover for the party (HV-GOAL-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import Field, model_validator

from rulekeeper.boards.hexgrid import distance
from rulekeeper.games.haven.board_format import HexSpec
from rulekeeper.games.haven.scaling import FormulaError, check_formula
from rulekeeper.games.haven.spec_base import Formula, NonNegative, Positive, SpecModel
from rulekeeper.i18n import _


def _check_figure_hp(hp: int | str) -> None:
    """An objective's or an ally's hit points: a number, or an equation in C and L."""
    if isinstance(hp, str):
        try:
            check_formula(hp)
        except FormulaError as error:
            raise ValueError(_("hp: {error} (HV-SCEN-4)", error=error)) from None
        if "H" in hp:
            raise ValueError(_("hp: H (an elite's hit points) is for named monsters only"))


MAX_OBJECTIVE_HEXES = 7
"""HV-GOAL-2: the most hexes one objective figure covers."""


def contiguous(hexes: Sequence[tuple[int, int]]) -> bool:
    """Every hex reaches every other through neighbouring hexes of the set."""
    rest = set(hexes)
    todo = [hexes[0]]
    rest.discard(hexes[0])
    while todo:
        here = todo.pop()
        near = [h for h in rest if distance(h, here) == 1]
        for h in near:
            rest.discard(h)
            todo.append(h)
    return not rest


class ObjectiveFigureSpec(SpecModel):
    """HV-GOAL-2: an objective: a figure with hit points that takes no turns.

    ``hp`` is a number or an equation in L and C (HV-SCEN-4). Characters may
    attack it; monsters focus on it and attack it only when ``monsters_target``
    (the party guards it), and otherwise it is the party's enemy (its summons
    and allies focus on it). One standing in a room appears when the room is
    revealed. When damage destroys it, ``objective.kind = "destroy"`` and rules
    triggered ``when = { destroyed = ID }`` (a loss, a spawn) may follow.
    """

    id: Annotated[str, Field(min_length=1, max_length=40)]
    """The figure's id (targets, rules and the goal name it)."""
    name: str = ""
    """The name shown to the players."""
    hex: HexSpec
    """Its hex (one covering several hexes: the first of ``hexes``); one in a room appears
    when the room is revealed."""
    hexes: Annotated[tuple[HexSpec, ...], Field(max_length=MAX_OBJECTIVE_HEXES)] = ()
    """HV-GOAL-2: every hex it covers, contiguous (``hex`` or ``hexes``, not both); it is
    still one figure."""
    hp: Positive | Formula
    """Hit points: a number or an equation in C and L (HV-SCEN-4)."""
    monsters_target: bool = False
    """The monsters focus on and attack it (the party guards it); otherwise it is the
    party's enemy."""

    @model_validator(mode="before")
    @classmethod
    def _hex_from_hexes(cls, data: Any) -> Any:
        """HV-GOAL-2: ``hexes`` names all its hexes; ``hex`` is then the first of them."""
        if not isinstance(data, dict) or "hexes" not in data:
            return data
        if "hex" in data:
            raise ValueError(_("hex and hexes: give one of them, not both"))
        hexes = data["hexes"]
        if isinstance(hexes, list | tuple):
            if not hexes:
                raise ValueError(_("hexes: an objective covers at least one hex"))
            return {**data, "hex": hexes[0]}
        return data

    @model_validator(mode="after")
    def _hp_formula_reads(self) -> ObjectiveFigureSpec:
        _check_figure_hp(self.hp)
        if self.hexes:
            if len(set(self.hexes)) != len(self.hexes):
                raise ValueError(_("hexes: a hex is listed twice"))
            if not contiguous(self.hexes):
                raise ValueError(_("hexes: the hexes are not contiguous (HV-GOAL-2)"))
        return self

    @property
    def covers(self) -> tuple[tuple[int, int], ...]:
        """HV-GOAL-2: every hex it covers (``hex`` alone, or ``hexes``)."""
        return self.hexes or (self.hex,)


class AllyFigureSpec(SpecModel):
    """HV-GOAL-3: one scenario ally, its stats as the special rules give them."""

    id: Annotated[str, Field(min_length=1, max_length=40)]
    """The figure's id."""
    name: str = ""
    """The name shown to the players."""
    hex: HexSpec
    """Where it starts; one in a room is placed when the room is revealed."""
    hp: Positive | Formula
    """Hit points: a number or an equation in C and L (HV-SCEN-4)."""
    move: NonNegative = 2
    """Its move."""
    attack: NonNegative = 2
    """Its attack."""
    range: NonNegative = 0
    """0: melee."""
    shield: NonNegative = 0
    """Its shield, always active."""
    flying: bool = False
    """It flies (HV-MOVE-4)."""

    @model_validator(mode="after")
    def _hp_formula_reads(self) -> AllyFigureSpec:
        _check_figure_hp(self.hp)
        return self


class AlliesSpec(SpecModel):
    """HV-GOAL-3: scenario allies, run by the monster mover for the party.

    They act together at ``initiative`` (from the special rules), one after
    another by standee number: [FH] in the order listed; [GH] numbered at random
    at setup (a chance node). With a ``deck`` (a monster ability deck) one card
    is drawn for them each round and its move and attack are added to their
    stats, as for monsters; without one each moves and attacks with its stats.
    [FH] they draw attack modifiers from the ally deck; [GH] from the monster deck.
    """

    initiative: Annotated[int, Field(ge=1, le=99)] = 50
    """The allies' initiative, as the special rules give it."""
    deck: str | None = None
    """An ability deck of ``monster_decks`` drawn for them each round; none: their stats."""
    figures: Annotated[tuple[AllyFigureSpec, ...], Field(max_length=10)] = ()
    """The allies, in standee order ([GH] renumbered at random at setup)."""
