"""Haven's game terms as they appear inside messages: conditions, elements, ability kinds...

The rule modules keep these terms as plain English keys (``"poison"``,
``"fire"``, ``"move"``): they are machine-readable values of the state, the
actions and the event data. A message that shows one passes :func:`term` as
the field, a :class:`~rulekeeper.i18n.Msg` translated when the message is shown
(issue 18: Catalan and Turkish players read "enverinament" and "zehir", not
"poison"). A key that is no term here (a content name) is returned as it is.
"""

from __future__ import annotations

from rulekeeper.i18n import N_, Msg

CONDITION_TERMS = {
    "poison": N_("poison"),
    "wound": N_("wound"),
    "immobilize": N_("immobilize"),
    "disarm": N_("disarm"),
    "stun": N_("stun"),
    "muddle": N_("muddle"),
    "strengthen": N_("strengthen"),
    "invisible": N_("invisible"),
    "ward": N_("ward"),
    "brittle": N_("brittle"),
    "regenerate": N_("regenerate"),
    "bane": N_("bane"),
    "impair": N_("impair"),
    "bless": N_("bless"),
    "curse": N_("curse"),
}
"""Every condition of conditions.CONDITIONS, by its key."""

ELEMENT_TERMS = {
    "fire": N_("fire"),
    "ice": N_("ice"),
    "air": N_("air"),
    "earth": N_("earth"),
    "light": N_("light"),
    "dark": N_("dark"),
    "any": N_("any element"),
}
"""The six elements (and a modifier card's "any" element choice)."""

ABILITY_TERMS = {
    "move": N_("move"),
    "attack": N_("attack"),
    "heal": N_("heal"),
    "shield": N_("shield"),
    "retaliate": N_("retaliate"),
    "summon": N_("summon"),
    "infuse": N_("infuse"),
    "condition": N_("condition"),
    "loot": N_("loot"),
    "special": N_("special ability"),
    "recover": N_("recover"),
    "by_hand": N_("ability resolved by hand"),
    "push": N_("push"),
    "pull": N_("pull"),
    "target": N_("target"),
}
"""Every ability kind of scenario_format.AbilityKind, and a modifier card's push, pull and
"+X target" effects."""

OTHER_TERMS = {
    "advantage": N_("advantage"),
    "disadvantage": N_("disadvantage"),
    "strong": N_("strong"),
    "waning": N_("waning"),
    "lost": N_("lost pile"),
    "discard": N_("discard pile"),
    "area": N_("area placement"),
    "area_target": N_("choice of the area's next target"),
    "consume": N_("element consumption"),
}
"""Attack modes, element strengths, card piles and the steps of an ability without a kind's
name (``area``, ``area_target``, ``consume``)."""

_TERMS: dict[str, str] = {**OTHER_TERMS, **ABILITY_TERMS, **ELEMENT_TERMS, **CONDITION_TERMS}


def term(key: str) -> Msg | str:
    """``key`` as a message field: a known game term translated when shown, else as it is."""
    text = _TERMS.get(key)
    return key if text is None else Msg(text)


def terms(keys: list[str] | tuple[str, ...]) -> list[Msg | str]:
    """Several keys as one list field (shown joined by commas)."""
    return [term(key) for key in keys]


RANK_TERMS = {
    "normal": N_("normal"),
    "elite": N_("elite"),
    "boss": N_("boss"),
}
"""A monster's rank."""

_TERMS.update(RANK_TERMS)


def deck_name(owner: str) -> Msg:
    """A modifier deck by its owner: the monsters', the allies' or a character's (a name)."""
    if owner == "monsters":
        return Msg(N_("the monsters' modifier deck"))
    if owner == "allies":
        return Msg(N_("the allies' modifier deck"))
    return Msg(N_("{owner}'s modifier deck"), {"owner": owner})
