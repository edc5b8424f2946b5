"""Haven's game terms as they appear inside messages: conditions, elements, ability kinds...

The rule modules keep these terms as plain English keys (``"poison"``,
``"fire"``, ``"move"``): they are machine-readable values of the state, the
actions and the event data. A message that shows one passes :func:`term` as
the field, a :class:`~rulekeeper.i18n.Msg` translated when the message is shown
(issue 18: Catalan and Turkish players read "enverinament" and "zehir", not
"poison"). A key that is no term here (a content ID or name) is returned as it
is. Every haven module (play, rules) takes its terms from here; the module
imports nothing heavy, so the quick commands use it too.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.i18n import N_, Msg, N_p

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
"""Every condition of conditions.CONDITIONS (and the bless and curse cards), by its key."""

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
    "refresh": N_p("ability", "refresh"),
    "by_hand": N_("ability resolved by hand"),
    "damage": N_("suffer damage"),
    "push": N_("push"),
    "pull": N_("pull"),
    "target": N_("target"),
    "targets": N_("targets"),
    "pierce": N_("pierce"),
    "jump": N_("jump"),
    "flying": N_("flying"),
    "range": N_("range"),
}
"""Every ability kind of scenario_format.AbilityKind, its modifiers (jump, flying, range,
pierce, targets), and a modifier card's push, pull and "+X target" effects."""

OTHER_TERMS = {
    "advantage": N_("advantage"),
    "disadvantage": N_("disadvantage"),
    "strong": N_("strong"),
    "waning": N_("waning"),
    "inert": N_("inert"),
    "lost": N_("lost pile"),
    "discard": N_("discard pile"),
    "hand": N_("hand"),
    "active": N_p("card pile", "active"),
    "area": N_("area placement"),
    "area_target": N_("choice of the area's next target"),
    "consume": N_("element consumption"),
}
"""Attack modes, element strengths, card piles and the steps of an ability without a kind's
name (``area``, ``area_target``, ``consume``)."""

RANK_TERMS = {
    "normal": N_("normal"),
    "elite": N_("elite"),
    "boss": N_("boss"),
    "named": N_("named"),
}
"""A monster's rank (HV-MON-1, HV-MON-7, HV-BOSS-1)."""

PLAY_TERMS = {
    # figure kinds
    "character": N_("character"),
    "monster": N_("monster"),
    "objective": N_("objective"),
    "ally": N_("ally"),
    # round phases
    "select": N_("select"),
    "draw": N_("draw"),
    "tie": N_("tie"),
    "turns": N_("turns"),
    "rest": N_("rest"),
    # card halves
    "top": N_("top"),
    "bottom": N_("bottom"),
    # item slots and uses (HV-ITEM-*)
    "head": N_("head"),
    "body": N_("body"),
    "legs": N_("legs"),
    "one_hand": N_("one_hand"),
    "two_hands": N_("two_hands"),
    "small": N_("small"),
    "spent": N_("spent"),
    "consumed": N_("consumed"),
    "passive": N_p("item use", "passive"),
    # difficulty (HV-SCEN-2)
    "easy": N_("easy"),
    "hard": N_("hard"),
    "very_hard": N_("very_hard"),
}
"""Figure kinds, round phases, card halves, item slots and uses, difficulties (the play screen,
its action labels and the scenario file's errors)."""

_TERMS: dict[str, str] = {
    **PLAY_TERMS,
    **RANK_TERMS,
    **OTHER_TERMS,
    **ABILITY_TERMS,
    **ELEMENT_TERMS,
    **CONDITION_TERMS,
}


_TERM_CONTEXTS = {"refresh": "ability", "active": "card pile", "passive": "item use"}
"""Terms whose English word means something else elsewhere (salvage's active and passive
abilities, ether's refresh phase): each is translated in its own context."""


def term(key: str) -> Msg | str:
    """``key`` as a message field: a known game term translated when shown, else as it is."""
    text = _TERMS.get(key)
    return key if text is None else Msg(text, context=_TERM_CONTEXTS.get(key))


def terms(keys: Iterable[str]) -> list[Msg | str]:
    """Several keys as one list field (shown joined by commas)."""
    return [term(key) for key in keys]


def deck_name(owner: str) -> Msg:
    """A modifier deck by its owner: the monsters', the allies' or a character's (a name)."""
    if owner == "monsters":
        return Msg(N_("the monsters' modifier deck"))
    if owner == "allies":
        return Msg(N_("the allies' modifier deck"))
    return Msg(N_("{owner}'s modifier deck"), {"owner": owner})
