"""Events: what happened, with the rule IDs that decided it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a game, for the log and for renderers.

    ``rules`` are the catalog IDs applied (``("SV-MOVE-3",)``); ``data`` holds
    machine-readable details (JSON values only).
    """

    kind: str
    text: str
    rules: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "rules": list(self.rules), "data": self.data}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        return cls(
            kind=str(raw["kind"]),
            text=str(raw["text"]),
            rules=tuple(raw.get("rules", ())),
            data=dict(raw.get("data", {})),
        )

    def __str__(self) -> str:
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.text}{cited}"
