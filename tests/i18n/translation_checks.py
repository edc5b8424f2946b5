"""Checks that a log or a screen is fully translated (issue 18), shared by the family tests.

A log line is translated when its event carries a :class:`~rulekeeper.i18n.Msg`
(not a plain string), every message in it (its fields' terms too) has an entry
in the language's compiled catalog, and what is shown, once the content names
(data, shown as they are) are taken out, holds no English word of
:data:`ENGLISH_WORDS`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulekeeper.core.events import Event
from rulekeeper.i18n import Msg, translations

ENGLISH_WORDS = frozenset(
    [
        "the",
        "and",
        "of",
        "to",
        "is",
        "are",
        "was",
        "with",
        "from",
        "for",
        "your",
        "you",
        "their",
        "they",
        "his",
        "her",
        "its",
        "this",
        "that",
        "not",
        "no",
        "has",
        "have",
        "had",
        "can",
        "cannot",
        "must",
        "may",
        "into",
        "onto",
        "at",
        "on",
        "in",
        "by",
        "or",
        "an",
        "a",
        "attack",
        "attacks",
        "move",
        "moves",
        "damage",
        "heal",
        "heals",
        "shield",
        "round",
        "turn",
        "turns",
        "hero",
        "heroes",
        "monster",
        "monsters",
        "ends",
        "end",
        "starts",
        "start",
        "draws",
        "draw",
        "gains",
        "gain",
        "loses",
        "lose",
        "takes",
        "take",
        "rolls",
        "roll",
        "dice",
        "die",
        "card",
        "cards",
        "player",
        "players",
        "phase",
        "hand",
        "hit",
        "hits",
        "miss",
        "misses",
        "defeated",
        "killed",
        "dies",
        "room",
        "rooms",
        "door",
        "opens",
        "open",
        "action",
        "actions",
        "enemy",
        "enemies",
        "wins",
        "won",
        "lost",
        "scenario",
        "choose",
        "chooses",
        "chosen",
        "legal",
        "illegal",
        "none",
        "which",
        "each",
        "every",
        "all",
        "any",
        "one",
        "two",
        "three",
        "it",
        "he",
        "she",
        "them",
        "there",
        "here",
        "now",
    ]
)
"""Common English words that a Catalan or Turkish sentence would not contain."""

NATIVE_WORDS = {
    "ca": frozenset(["a", "no", "on", "he", "has", "or"]),
    "tr": frozenset(["on", "her", "at", "can"]),
}
"""Words of :data:`ENGLISH_WORDS` that are also everyday words of the language itself
(Catalan "a" to, "no" not, "on" where, "he"/"has" have, "or" gold; Turkish "on" ten,
"her" every, "at" throw, "can" health): in a text of that language they are not English left over."""

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b")
"""A rule ID (``ET-END-1``): cited as it is in every language."""


def english_words(text: str, names: Iterable[str] = (), lang: str | None = None) -> list[str]:
    """The English words left in ``text`` once the content ``names`` are taken out.

    With ``lang``, words that are also words of that language (:data:`NATIVE_WORDS`)
    do not count.
    """
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    text = _RULE_ID.sub(" ", text)
    native = NATIVE_WORDS.get(lang or "", frozenset())
    return [
        word
        for word in _WORD.findall(text)
        if word.lower() in ENGLISH_WORDS and word.lower() not in native
    ]


def untranslated(message: Msg | str, lang: str) -> list[str]:
    """The parts of ``message`` that ``lang``'s catalog does not translate."""
    if not isinstance(message, Msg):
        return [f"plain text, not a message: {message!r}"]
    catalog = translations(lang)
    missing = []
    for part in message.parts():
        msgid = part.template if part.context is None else f"{part.context}\x04{part.template}"
        key: object = msgid if part.plural is None else (msgid, 0)
        if key not in getattr(catalog, "_catalog", {}):
            missing.append(part.template)
    return missing


def log_problems(events: Iterable[Event], lang: str, names: Iterable[str] = ()) -> list[str]:
    """Every event of ``events`` not fully translated into ``lang``, with the reason."""
    names = list(names)
    problems = []
    for event in events:
        for part in untranslated(event.message, lang):
            problems.append(f"{event.kind}: no {lang} translation of {part!r}")
        shown = event.text_in(lang)
        left = english_words(shown, _names_in(event.message, names), lang)
        if left:
            problems.append(f"{event.kind}: English words {left} in {shown!r}")
    return problems


def _names_in(message: Msg | str, names: list[str]) -> list[str]:
    """Content names: the given ones and every plain-text field (data shown as it is)."""
    found = list(names)
    if isinstance(message, Msg):
        for part in message.parts():
            for value in part.fields.values():
                for item in value if isinstance(value, list | tuple) else (value,):
                    if isinstance(item, str):
                        found.append(item)
    return found
