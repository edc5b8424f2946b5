"""The game terms companion mode shows inside its messages, translated where they are shown.

A condition, an element, an element's strength or a standee's rank is a word of
the rules, kept in the state as its English name (the actions and saves use
it). :func:`term` makes it a lazy message field (an event or a refusal shows it
in the reader's language); :func:`term_now` translates it at once (the table,
prompts, menus). A word that is not a game term (a content name) is returned
as it is.

The by-hand steps the engine adds itself (a treasure's reward, [FH] loot cards)
are kept in the state as English text, because the ``resolved`` action names
the step by it; :func:`by_hand_message` shows such a step as a message, and a
scenario's own special rule (content data) as it is.
"""

from __future__ import annotations

import re

from rulekeeper.i18n import N_, Msg, _, lazy, lazy_plural

TERMS = frozenset(
    [
        # conditions (conditions.py)
        N_("poison"),
        N_("wound"),
        N_("muddle"),
        N_("immobilize"),
        N_("disarm"),
        N_("stun"),
        N_("curse"),
        N_("bless"),
        N_("strengthen"),
        N_("invisible"),
        N_("regenerate"),
        N_("ward"),
        N_("brittle"),
        N_("bane"),
        N_("impair"),
        # elements and their strength (elements.py)
        N_("fire"),
        N_("ice"),
        N_("air"),
        N_("earth"),
        N_("light"),
        N_("dark"),
        N_("strong"),
        N_("waning"),
        # a standee's rank
        N_("normal"),
        N_("elite"),
        N_("boss"),
        # an attack's mode
        N_("advantage"),
        N_("disadvantage"),
    ]
)
"""Every word :func:`term` translates."""


def term(word: str) -> Msg | str:
    """``word`` as a lazy message field: a game term is translated when shown."""
    return lazy(word) if word in TERMS else word


def terms(words: list[str] | tuple[str, ...]) -> list[Msg | str]:
    """Each of ``words`` as :func:`term` (a list field is shown joined by commas)."""
    return [term(word) for word in words]


def term_now(word: str) -> str:
    """``word`` in the current language when it is a game term, else as it is."""
    return _(word) if word in TERMS else word


def phase_name(phase: str) -> str:
    """A companion game's phase, in the current language."""
    names = {
        "setup": N_("setup"),
        "select": N_("card selection"),
        "turns": N_("turns"),
        "rest": N_("end of the round"),
        "over": N_("over"),
    }
    return _(names[phase]) if phase in names else phase


def treasure_step(treasure: str) -> str:
    """The by-hand step a looted treasure tile adds (HV-LOOT-6), as the state keeps it."""
    return f"treasure {treasure}: its reward from the treasure index"


def loot_card_step(character: str, cards: int) -> str:
    """[FH] The by-hand step a looted token adds (HV-LOOT-5), as the state keeps it."""
    return (
        f"{character} draws {cards} loot card(s) from the scenario's loot deck and keeps them"
        " (HV-LOOT-5)"
    )


_TREASURE = re.compile(r"^treasure (?P<treasure>.+): its reward from the treasure index$")
_LOOT_CARDS = re.compile(
    r"^(?P<character>\S+) draws (?P<n>\d+) loot card\(s\) from the scenario's loot deck and"
    r" keeps them \(HV-LOOT-5\)$"
)


def by_hand_message(text: str) -> Msg | str:
    """A by-hand step as shown: the engine's own steps translated, a scenario's rule as is."""
    found = _TREASURE.match(text)
    if found is not None:
        return lazy(
            "treasure {treasure}: its reward from the treasure index",
            treasure=found["treasure"],
        )
    found = _LOOT_CARDS.match(text)
    if found is not None:
        return lazy_plural(
            "{character} draws {n} loot card from the scenario's loot deck and keeps it"
            " (HV-LOOT-5)",
            "{character} draws {n} loot cards from the scenario's loot deck and keeps them"
            " (HV-LOOT-5)",
            int(found["n"]),
            character=found["character"],
        )
    return text
