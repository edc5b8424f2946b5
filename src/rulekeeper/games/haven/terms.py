"""Haven's game terms: the words of the rules the engine writes into messages.

Elements, conditions, ability kinds, monster ranks, round phases, card halves
and piles, item slots and uses, difficulties: each is marked for the catalogs
(:data:`TERMS`), and :func:`term` makes one a message field that is shown in
the reader's language (``lazy(...)``), while content IDs and names stay data.
Every haven module (play, rules, companion) takes its terms from here. This
module imports nothing heavy: the quick commands use it too.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.i18n import N_, Msg, lazy

TERMS: frozenset[str] = frozenset(
    (
        # elements (HV-ELEM-*) and their states
        N_("fire"),
        N_("ice"),
        N_("air"),
        N_("earth"),
        N_("light"),
        N_("dark"),
        N_("strong"),
        N_("waning"),
        N_("inert"),
        # conditions (HV-COND-*) and the modifier cards that act like them
        N_("poison"),
        N_("wound"),
        N_("immobilize"),
        N_("disarm"),
        N_("stun"),
        N_("muddle"),
        N_("strengthen"),
        N_("invisible"),
        N_("ward"),
        N_("brittle"),
        N_("regenerate"),
        N_("bane"),
        N_("impair"),
        N_("bless"),
        N_("curse"),
        # ability kinds
        N_("move"),
        N_("attack"),
        N_("heal"),
        N_("shield"),
        N_("retaliate"),
        N_("summon"),
        N_("infuse"),
        N_("condition"),
        N_("loot"),
        N_("special"),
        N_("recover"),
        N_("by_hand"),
        N_("push"),
        N_("pull"),
        N_("pierce"),
        N_("jump"),
        N_("flying"),
        N_("range"),
        N_("target"),
        N_("targets"),
        # monster ranks (HV-MON-1, HV-MON-7, HV-BOSS-1) and figure kinds
        N_("normal"),
        N_("elite"),
        N_("boss"),
        N_("named"),
        N_("character"),
        N_("monster"),
        N_("objective"),
        N_("ally"),
        # round phases
        N_("select"),
        N_("draw"),
        N_("tie"),
        N_("turns"),
        N_("rest"),
        # card halves and piles
        N_("top"),
        N_("bottom"),
        N_("hand"),
        N_("discard"),
        N_("lost"),
        N_("active"),
        # item slots and uses (HV-ITEM-*)
        N_("head"),
        N_("body"),
        N_("legs"),
        N_("one_hand"),
        N_("two_hands"),
        N_("small"),
        N_("spent"),
        N_("consumed"),
        N_("passive"),
        # difficulty (HV-SCEN-2)
        N_("easy"),
        N_("hard"),
        N_("very_hard"),
    )
)
"""The haven words the engine writes into messages (elements, conditions, ability kinds, ranks,
phases, piles, item slots): each is a msgid, so :func:`term` shows it in the reader's language."""


def term(word: str) -> Msg | str:
    """``word`` as a message field: a game term (:data:`TERMS`) is translated when shown;
    anything else (a content ID or name) is data and stays as it is."""
    return lazy(word) if word in TERMS else word


def terms(words: Iterable[str]) -> list[Msg | str]:
    """:func:`term` of each word (a list field is shown joined by commas)."""
    return [term(word) for word in words]
