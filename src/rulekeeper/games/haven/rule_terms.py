"""The rule modules' words beyond haven's game terms (terms.py): attack modes, piles, steps, decks.

:func:`term` is :func:`rulekeeper.games.haven.terms.term` plus the words only the rule
modules write: an attack's advantage or disadvantage, a modifier card's "any" element,
and the steps of an ability that have no kind's name (an area's placement, its next
target, an element's consumption). :func:`pile` names a card pile as a whole noun
("lost pile"), :func:`deck_name` a modifier deck by its owner. Each is a message field
shown in the reader's language; content names stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.games.haven import terms as game_terms
from rulekeeper.i18n import N_, Msg, lazy

_WORDS = {
    "advantage": N_("advantage"),
    "disadvantage": N_("disadvantage"),
    "any": N_("any element"),
    "area": N_("area placement"),
    "area_target": N_("choice of the area's next target"),
    "consume": N_("element consumption"),
}
"""Words of the rule modules that terms.TERMS does not hold, by their key."""

_PILES = {"lost": N_("lost pile"), "discard": N_("discard pile"), "hand": N_("hand")}
"""A character's card piles as whole nouns (HV-CARD-*, HV-CHAR-5/6)."""

MONSTER_DECK = "monsters"
ALLY_DECK = "allies"


def term(key: str) -> Msg | str:
    """``key`` as a message field: a game term or a rule word, translated when shown;
    anything else (a content name) as it is."""
    word = _WORDS.get(key)
    return game_terms.term(key) if word is None else lazy(word)


def terms(keys: Iterable[str]) -> list[Msg | str]:
    """:func:`term` of each key (a list field is shown joined by commas)."""
    return [term(key) for key in keys]


def pile(key: str) -> Msg | str:
    """A card pile by its key (``lost``, ``discard``, ``hand``) as a whole noun."""
    word = _PILES.get(key)
    return key if word is None else lazy(word)


def deck_name(owner: str) -> Msg:
    """A modifier deck by its owner: the monsters', the allies' or a character's (a name)."""
    if owner == MONSTER_DECK:
        return Msg(N_("the monsters' modifier deck"))
    if owner == ALLY_DECK:
        return Msg(N_("the allies' modifier deck"))
    return Msg(N_("{owner}'s modifier deck"), {"owner": owner})
