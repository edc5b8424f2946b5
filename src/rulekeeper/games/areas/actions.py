"""The areas game's actions, with their stable JSON forms.

Players' actions name the figure that acts, so a saved game reads on its own.
A melee attack carries its whole declaration (AR-DECL-1..3): target, weapon,
optional effects; the dice it makes roll are chance outcomes, one per die
(AR-DMG-1), and an enemy's turn asks the players only where the rules leave a
tie (AR-ROUND-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.core.actions import Action, action_type


@action_type("move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move ``figure`` to the adjacent area ``to`` (AR-ROUND-1).

    A hero names the Action token whose move symbol it uses; an ally has none.
    """

    figure: str
    to: str
    token: str | None = None


@action_type("melee_attack")
@dataclass(frozen=True, slots=True)
class MeleeAttack(Action):
    """A declared melee attack (AR-DECL-1..3).

    ``action`` is the hero's Action token or the ally's printed attack;
    ``weapon`` is required when the hero has more than one active melee weapon
    (AR-DECL-2); ``effects`` are the optional effects used (AR-DECL-3);
    ``push_to`` is the area a token that pushes moves the target into (AR-DMG-4).
    """

    attacker: str
    action: str
    target: str
    weapon: str | None = None
    effects: tuple[str, ...] = ()
    push_to: str | None = None


@action_type("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """``figure`` ends its turn without acting."""

    figure: str


@action_type("roll")
@dataclass(frozen=True, slots=True)
class RollDie(Action):
    """Chance: one Action die shows ``face`` (AR-DMG-1)."""

    face: str


@action_type("enemy_step")
@dataclass(frozen=True, slots=True)
class EnemyStep(Action):
    """Players break a tie: the area ``enemy`` steps into toward the nearest hero."""

    enemy: str
    to: str


@action_type("enemy_target")
@dataclass(frozen=True, slots=True)
class EnemyTarget(Action):
    """Players break a tie: the figure ``enemy`` attacks among equally near ones."""

    enemy: str
    target: str


ACTION_CLASSES: tuple[type[Action], ...] = (
    Move,
    MeleeAttack,
    Pass,
    RollDie,
    EnemyStep,
    EnemyTarget,
)
