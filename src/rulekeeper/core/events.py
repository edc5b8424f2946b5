"""Events: what happened, with the rule IDs that decided it."""

from __future__ import annotations

from typing import Any

from rulekeeper.i18n import Msg, text_of


class Event(tuple[str, Msg | str, tuple[str, ...], dict[str, Any]]):
    """One thing that happened in a game, for the log and for renderers.

    ``message`` says what happened, translated when shown (:class:`Msg`; a plain
    string is shown as is in every language, and only old saves carry one);
    ``text`` is it in the current language. ``rules`` are the catalog IDs
    applied (``("SV-MOVE-3",)``); ``data`` holds machine-readable details (JSON
    values only).

    An immutable record of (kind, message, rules, data): a tuple underneath, the
    cheapest immutable value to make, since games emit events at every step of a
    rollout (issue 12). Nothing changes an event once emitted, ``data`` included.
    """

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        message: Msg | str,
        rules: tuple[str, ...] = (),
        data: dict[str, Any] | None = None,
    ) -> Event:
        return tuple.__new__(cls, (kind, message, rules, {} if data is None else data))

    def __getnewargs__(self) -> tuple[str, Msg | str, tuple[str, ...], dict[str, Any]]:
        return (self[0], self[1], self[2], self[3])

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def message(self) -> Msg | str:
        return self[1]

    @property
    def rules(self) -> tuple[str, ...]:
        return self[2]

    @property
    def data(self) -> dict[str, Any]:
        return self[3]

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, message={self.message!r}, rules={self.rules!r},"
            f" data={self.data!r})"
        )

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


make_event = tuple.__new__
"""``make_event(Event, (kind, message, rules, data))`` is the event ``Event(...)`` makes from
those four fields (``data`` a dict), made in C without the Python-level ``__new__``: games
emit at every step of a rollout (issue 12)."""
