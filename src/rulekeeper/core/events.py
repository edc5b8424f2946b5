"""Events: what happened, with the rule IDs that decided it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulekeeper.i18n import Msg, text_of


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a game, for the log and for renderers.

    ``message`` says what happened, translated when shown (:class:`Msg`; a plain
    string is shown as is in every language, and only old saves carry one);
    ``text`` is it in the current language. ``rules`` are the catalog IDs
    applied (``("SV-MOVE-3",)``); ``data`` holds machine-readable details (JSON
    values only).
    """

    kind: str
    message: Msg | str
    rules: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """What happened, in the current language."""
        return text_of(self.message)

    def text_in(self, lang: str) -> str:
        """What happened, in ``lang``."""
        return text_of(self.message, lang)

    def to_json(self) -> dict[str, Any]:
        """JSON values: ``text`` in English (readable saves) and ``msg`` to translate from."""
        raw: dict[str, Any] = {
            "kind": self.kind,
            "text": text_of(self.message, "en"),
            "rules": list(self.rules),
            "data": self.data,
        }
        if isinstance(self.message, Msg):
            raw["msg"] = self.message.to_json()
        return raw

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        message: Msg | str = (
            Msg.from_json(raw["msg"]) if isinstance(raw.get("msg"), dict) else str(raw["text"])
        )
        return cls(
            kind=str(raw["kind"]),
            message=message,
            rules=tuple(raw.get("rules", ())),
            data=dict(raw.get("data", {})),
        )

    def __str__(self) -> str:
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.text}{cited}"
