"""The areas words players read as game terms: phases, sides, the Action die's faces.

Content names a face ``hit`` and the state a phase ``allies``; these tables give
the English term each stands for, marked for the catalogs, so the log and the
screens show it in the reader's language (:func:`term` for a lazy field,
:func:`say` for text shown now). A value outside the tables (a content file's
own face name) is shown as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulekeeper.i18n import N_, Msg, _, lazy

PHASES: Mapping[str, str] = {
    "heroes": N_("the heroes' turns"),
    "allies": N_("the allies' turns"),
    "enemies": N_("the enemies' turns"),
}
"""The parts of a round (AR-ROUND-1)."""

SIDES: Mapping[str, str] = {"hero": N_("hero"), "ally": N_("ally"), "enemy": N_("enemy")}
"""What a figure is."""

FACES: Mapping[str, str] = {"blank": N_("blank"), "hit": N_("hit"), "double": N_("double")}
"""The shipped Action die's faces (AR-DMG-1)."""


def term(table: Mapping[str, str], key: str) -> Msg | str:
    """``key``'s term as a lazy field (translated when shown), or ``key`` itself."""
    known = table.get(key)
    return key if known is None else lazy(known)


def say(table: Mapping[str, str], key: str) -> str:
    """``key``'s term in the current language, or ``key`` itself."""
    known = table.get(key)
    return key if known is None else _(known)
