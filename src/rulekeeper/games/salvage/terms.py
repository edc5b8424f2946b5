"""The salvage words players read as game terms: die faces and states, phases, effects.

Content data names a face ``hit`` or an effect ``heal``; these tables give the
English term each stands for, marked for the catalogs, so events and screens
show it in the reader's language (:func:`term` for a lazy field, :func:`say`
for text shown now). A value outside the tables (a content file's own word) is
shown as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulekeeper.i18n import N_, Msg, N_p, _, _p, lazy, lazy_p, lazy_plural

FACES: Mapping[str, str] = {"hit": N_("hit"), "crit": N_("crit"), "blank": N_("blank")}
"""A die face (catalog "Terms")."""

STATUSES: Mapping[str, str] = {
    "ready": N_("ready"),
    "committed": N_("committed"),
    "applied": N_("applied"),
    "exhausted": N_p("die", "exhausted"),
}
"""A hero die's state (catalog "Terms")."""

PHASES: Mapping[str, str] = {
    "engagement": N_("Engagement"),
    "enemy": N_("Enemy phase"),
    "exhaust": N_("Exhaust Dice step"),
}
"""The parts of a round (SV-ROUND-1)."""

ACTION_KINDS: Mapping[str, str] = {
    "move": N_("move"),
    "attack": N_("attack"),
    "salvage": N_("salvage"),
    "trade": N_("trade"),
    "room": N_("room"),
    "ability": N_("ability"),
}
"""The action a hero is in the middle of (SV-ENG-2)."""

EFFECTS: Mapping[str, str] = {
    "none": N_("no effect"),
    "heal": N_("heal"),
    "recover": N_("recover dice"),
    "roll_heal": N_("roll and heal"),
    "strike": N_("strike"),
    "by_hand": N_("resolve by hand"),
    "strategy": N_("more Strategy phases"),
    "commit": N_("more dice committed"),
    "recovery": N_("more dice recovered"),
    "ward": N_("ward"),
    "spawn": N_("spawn"),
    "lose": N_("lose"),
}
"""What an ability, item, room action or noise threshold does (content vocabulary)."""


CONTEXTS: Mapping[str, str] = {"exhausted": "die"}
"""Terms whose English word means something else elsewhere (an exhausted haven character),
by their English text: each is translated in its own context."""


def term(table: Mapping[str, str], key: str) -> Msg | str:
    """``key``'s term as a lazy field (translated when shown), or ``key`` itself."""
    known = table.get(key)
    if known is None:
        return key
    context = CONTEXTS.get(known)
    return lazy(known) if context is None else lazy_p(context, known)


def say(table: Mapping[str, str], key: str) -> str:
    """``key``'s term in the current language, or ``key`` itself."""
    known = table.get(key)
    if known is None:
        return key
    context = CONTEXTS.get(known)
    return _(known) if context is None else _p(context, known)


def requirement(text: str) -> Msg | str:
    """An activation requirement (SV-MOVE-6) in words: ``health:3`` is "Health 3 or more"."""
    kind, _sep, value = text.partition(":")
    if text == "free":
        return lazy("free")
    if kind == "item" and value:
        return lazy("holding {item}", item=value)
    if kind == "health" and value.isdigit():
        return lazy("Health {amount} or more", amount=int(value))
    if kind == "dice" and value.isdigit():
        return lazy_plural("{n} ready die or more", "{n} ready dice or more", int(value))
    return text
