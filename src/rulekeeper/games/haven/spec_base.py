"""The base of every haven file model and the field types they share.

Models are frozen and refuse unknown fields, so a typo in a content file is
reported by name; a frozen model may be shared rather than copied.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

NonNegative = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Element = Literal["fire", "ice", "air", "earth", "light", "dark"]
AbilityKind = Literal[
    "move",
    "attack",
    "heal",
    "shield",
    "retaliate",
    "summon",
    "infuse",
    "condition",
    "loot",
    "special",
    "recover",
    "refresh",
    "push",
    "pull",
    "damage",
    "spend",
    "by_hand",
]
ItemSlot = Literal["head", "body", "legs", "one_hand", "two_hands", "small"]
Formula = Annotated[str, Field(min_length=1, max_length=80)]


class SpecModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """Frozen, so a copy may share it: ``HavenState.clone()`` (search, rollouts) stays cheap."""
        return self
