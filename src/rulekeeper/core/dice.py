"""Dice with typed faces from data, and exact distributions over pools.

A die is rolled as a chance node: ``Die.outcomes()`` lists its distinct faces
with exact probabilities. A pool is rolled die by die (one chance node each),
which keeps every outcome list as short as one die's faces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulekeeper.core.errors import ContentError
from rulekeeper.i18n import _


@dataclass(frozen=True, slots=True)
class Die:
    """A die type: a name and its faces (face names from content data)."""

    name: str
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ContentError(_("a die needs at least one face"), field=f"die {self.name!r}.faces")

    def outcomes(self) -> list[tuple[str, Fraction]]:
        """Each distinct face with its exact probability, in first-seen face order."""
        counts = Counter(self.faces)
        total = len(self.faces)
        seen: list[str] = []
        for face in self.faces:
            if face not in seen:
                seen.append(face)
        return [(face, Fraction(counts[face], total)) for face in seen]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "faces": list(self.faces)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Die:
        try:
            return cls(str(data["name"]), tuple(str(f) for f in data["faces"]))
        except (KeyError, TypeError) as error:
            raise ContentError(
                _("a die needs 'name' and 'faces' ({reason})", reason=error), field="die"
            ) from None


def pool_distribution(dice: Sequence[Die], value: Callable[[str], int]) -> dict[int, Fraction]:
    """The exact distribution of the summed ``value`` of every face in a pool."""
    distribution: dict[int, Fraction] = {0: Fraction(1)}
    for die in dice:
        step: dict[int, Fraction] = {}
        for total, p in distribution.items():
            for face, q in die.outcomes():
                key = total + value(face)
                step[key] = step.get(key, Fraction(0)) + p * q
        distribution = step
    return dict(sorted(distribution.items()))


def face_counts(faces: Iterable[str]) -> Counter[str]:
    """How many of each face a roll shows."""
    return Counter(faces)
