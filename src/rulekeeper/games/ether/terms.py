"""Ether's game terms as messages: directions, resources, die colours, phases, card modes.

Each term is marked for the catalogs (``N_``) and handed to a message as a
:class:`~rulekeeper.i18n.Msg` field, so an event or a label shows it in the
reader's language; the machine forms (``"north"``, ``"cunning"``) stay in
actions, saves and JSON.
"""

from __future__ import annotations

from functools import reduce

from rulekeeper.i18n import N_, Msg, lazy

DIRECTION_NAMES = {
    "north": N_("north"),
    "east": N_("east"),
    "south": N_("south"),
    "west": N_("west"),
}
COLOUR_NAMES = {"green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}
PHASE_NAMES = {
    "refresh": N_("refresh"),
    "activation": N_("activation"),
    "enemy": N_("enemy phase"),
    "over": N_("game over"),
}
MODE_NAMES = {"instant": N_("instant"), "ongoing": N_("ongoing")}
TIMING_NAMES = {
    "any": N_("any time"),
    "activation": N_("activation only"),
    "movement": N_("movement only"),
}
WHERE_NAMES = {"hand": N_("hand"), "inventory": N_("inventory")}


def term(names: dict[str, str], key: str) -> Msg | str:
    """The term ``key`` of ``names`` as a message (an unknown key is shown as it is)."""
    template = names.get(key)
    return key if template is None else lazy(template)


def direction(key: str) -> Msg | str:
    return term(DIRECTION_NAMES, key)


def colour(key: str | None) -> Msg | str:
    return term(COLOUR_NAMES, key or "")


def phase(key: str) -> Msg | str:
    return term(PHASE_NAMES, key)


def joined(parts: list[Msg], separator: str) -> Msg:
    """``parts`` as one message: ``a + b + c`` (``separator`` ``+``) or ``a; b; c`` (``;``)."""
    if separator == "+":
        return reduce(lambda a, b: lazy("{first} + {second}", first=a, second=b), parts)
    return reduce(lambda a, b: lazy("{first}; {second}", first=a, second=b), parts)


KIND_NAMES = {"standard": N_("standard"), "influence": N_("influence"), "map": N_("map")}
"""ET-KIND-1: the three kinds of action."""
