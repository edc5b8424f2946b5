"""A scenario's goal and its special rules in a haven file: the objective (HV-GOAL-1) and
rules in the declarative vocabulary: a trigger, and the monsters they spawn, the doors they
open, the text they show or the loss they bring (HV-SCEN-7, special_rules.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rulekeeper.games.haven.board_format import HexSpec
from rulekeeper.games.haven.scaling import FormulaError, check_formula
from rulekeeper.games.haven.spec_base import Formula, NonNegative, SpecModel
from rulekeeper.i18n import _


class ObjectiveSpec(SpecModel):
    """The scenario's goal (HV-GOAL-1): ``kill_all``, ``kill_boss`` (every boss dead),
    ``reach`` (a character ends a move on one of ``hexes``), ``survive`` (``rounds``
    played), ``loot`` (the goal treasures ``treasures`` looted), ``destroy`` (the
    objective figures ``destroy`` destroyed, HV-GOAL-2) or ``escape`` (every character
    not exhausted has escaped from an escape hex, HV-ROOM-5)."""

    kind: Literal["kill_all", "kill_boss", "reach", "survive", "loot", "destroy", "escape"] = (
        "kill_all"
    )
    """How the scenario is won (HV-GOAL-1)."""
    hexes: tuple[HexSpec, ...] = ()
    """reach: the hexes a character must end a move on."""
    rounds: NonNegative = 0
    """survive: the rounds to play."""
    treasures: tuple[str, ...] = ()
    """loot: the goal treasures to loot (treasure ids)."""
    destroy: tuple[str, ...] = ()
    """destroy: the objective figures (HV-GOAL-2) to destroy; none listed: all of them."""


class TriggerSpec(SpecModel):
    """When a special rule fires (HV-SCEN-7): exactly one of these."""

    boss_hp: Formula | None = None
    """When damage takes a boss to or below these hit points (HV-BOSS-3): a section the
    players resolve before anything else; the boss is not dead until they have."""

    round: Annotated[int, Field(ge=0, le=99)] = 0
    """At the start of this round, before card selection."""
    door: HexSpec | None = None
    """When the door on this hex opens."""
    plate: HexSpec | None = None
    """When a character ends its turn on this pressure plate (HV-ROOM-5)."""
    enter: HexSpec | None = None
    """When a character enters this hex (a section link, HV-SCEN-7): [FH] read the moment
    it is entered, even mid-move (the move pauses there and its points left follow);
    [GH] once the movement is over."""
    dead: str = ""
    """When no monster of this type is left on the map (after one was)."""
    destroyed: str = ""
    """When damage destroys this objective figure (HV-GOAL-2)."""

    @model_validator(mode="after")
    def _one_trigger(self) -> TriggerSpec:
        given = [bool(self.round), self.door is not None, self.plate is not None, bool(self.dead)]
        given += [self.boss_hp is not None, bool(self.destroyed), self.enter is not None]
        if sum(given) != 1:
            raise ValueError(
                _(
                    "a trigger gives exactly one of round, door, plate, enter, dead, boss_hp,"
                    " destroyed"
                )
            )
        if self.boss_hp is not None:
            try:
                check_formula(self.boss_hp)
            except FormulaError as error:
                raise ValueError(_("boss_hp: {error} (HV-SCEN-4)", error=error)) from None
        return self


class SpawnSpec(SpecModel):
    """A monster a rule spawns: on ``hex`` or the nearest empty hex (HV-ROOM-4)."""

    type: str
    """The monster type spawned."""
    hex: HexSpec
    """Where: this hex or the nearest empty one (HV-ROOM-4)."""
    normal: tuple[Annotated[int, Field(ge=1, le=4)], ...] = (2, 3, 4)
    """Character counts for which it spawns as a normal monster."""
    elite: tuple[Annotated[int, Field(ge=1, le=4)], ...] = ()
    """Character counts for which it spawns as an elite."""


class RuleSpec(SpecModel):
    """A special rule in the declarative vocabulary (special_rules.py, HV-SCEN-7)."""

    when: TriggerSpec
    """What fires the rule."""
    spawn: tuple[SpawnSpec, ...] = ()
    """Monsters the rule spawns."""
    open_doors: tuple[HexSpec, ...] = ()
    """Doors the rule opens, by hex."""
    text: str = ""
    """Shown to the players as a step they resolve by hand when the rule fires."""
    lose: bool = False
    """The scenario is lost (a loss condition of its rules, HV-GOAL-1)."""
    repeat: bool = False
    """Fires each time its trigger is met; otherwise once."""

    @model_validator(mode="after")
    def _does_something(self) -> RuleSpec:
        if not (self.spawn or self.open_doors or self.text or self.lose):
            raise ValueError(_("a rule spawns, opens doors, loses the scenario or shows text"))
        return self
