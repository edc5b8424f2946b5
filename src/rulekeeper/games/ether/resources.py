"""The three resources and what each source yields (ET-PAY-1, ET-PAY-3, ET-UNQ-3).

A :class:`Resources` value counts awareness, cunning and wrath. Costs are
written in content as text, ``"2 cunning"``, ``"1 awareness + 1 wrath"``, and a
slash offers alternatives, ``"2 cunning / 1 wrath"`` (ET-UNQ-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulekeeper.i18n import N_, Msg, _, lazy, lazy_p

Resource = Literal["awareness", "cunning", "wrath"]
RESOURCES: tuple[Resource, ...] = ("awareness", "cunning", "wrath")
DieColour = Literal["green", "yellow", "red"]


@dataclass(frozen=True, slots=True)
class Resources:
    """A count of each resource (never negative)."""

    awareness: int = 0
    cunning: int = 0
    wrath: int = 0

    @classmethod
    def of(cls, resource: Resource, amount: int) -> Resources:
        return cls(**{resource: amount})

    def __add__(self, other: Resources) -> Resources:
        return Resources(
            self.awareness + other.awareness, self.cunning + other.cunning, self.wrath + other.wrath
        )

    def get(self, resource: Resource) -> int:
        value: int = getattr(self, resource)
        return value

    def covers(self, cost: Resources) -> bool:
        """ET-PAY-4: whether these resources pay ``cost`` (each resource at least as many)."""
        return all(self.get(r) >= cost.get(r) for r in RESOURCES)

    def surplus(self, cost: Resources) -> Resources:
        """ET-PAY-3: what is left over (and lost) after paying ``cost``."""
        return Resources(*(max(0, self.get(r) - cost.get(r)) for r in RESOURCES))

    @property
    def total(self) -> int:
        return self.awareness + self.cunning + self.wrath

    def __str__(self) -> str:
        """The machine form (event data, JSON): ``1 cunning + 2 wrath``, ``nothing``."""
        parts = [f"{self.get(r)} {r}" for r in RESOURCES if self.get(r)]
        return " + ".join(parts) if parts else "nothing"

    def message(self) -> Msg:
        """The amounts as a message in the reader's language (``1 cunning + 2 wrath``)."""
        from rulekeeper.games.ether.terms import joined

        parts = [lazy(AMOUNT_NAMES[r], n=self.get(r)) for r in RESOURCES if self.get(r)]
        return joined(parts, "+") if parts else lazy("nothing")

    def cost_message(self) -> Msg:
        """As a cost: ``free`` when it is nothing."""
        return self.message() if self.total else lazy_p("cost", "free")


AMOUNT_NAMES: dict[Resource, str] = {
    "awareness": N_("{n} awareness"),
    "cunning": N_("{n} cunning"),
    "wrath": N_("{n} wrath"),
}
"""How many of a resource, as a message (``{n}`` the amount)."""


NOTHING = Resources()

DIE_YIELD: dict[DieColour, Resources] = {
    "green": Resources(awareness=1),
    "yellow": Resources(cunning=1),
    "red": Resources(wrath=1),
}
"""ET-PAY-1: an exhausted ready die yields one resource of its colour."""


def parse_cost(text: str) -> tuple[Resources, ...]:
    """The alternatives a cost text offers (ET-UNQ-3); ``""`` or ``"free"`` costs nothing.

    Raises ``ValueError`` describing the first bad part.
    """
    text = text.strip()
    if text.lower() in ("", "free", "0"):
        return (NOTHING,)
    alternatives = []
    for option in text.split("/"):
        total = NOTHING
        for part in option.split("+"):
            words = part.split()
            if len(words) != 2 or not words[0].isdigit() or words[1] not in RESOURCES:
                raise ValueError(
                    _(
                        "cannot read cost part {part} (write e.g. '2 cunning / 1 wrath')",
                        part=repr(part.strip()),
                    )
                )
            total = total + Resources.of(words[1], int(words[0]))
        alternatives.append(total)
    return tuple(alternatives)


def format_cost(alternatives: tuple[Resources, ...]) -> str:
    """The alternatives in the current language: ``2 cunning / 1 wrath``."""
    return str(cost_message(alternatives))


def cost_message(alternatives: tuple[Resources, ...]) -> Msg:
    """The alternatives as a message: ``2 cunning / 1 wrath``, ``free``."""
    message = alternatives[0].cost_message() if alternatives else lazy_p("cost", "free")
    for other in alternatives[1:]:
        message = lazy("{first} / {second}", first=message, second=other.cost_message())
    return message
