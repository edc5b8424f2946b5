"""Scenario names that carry a party the players chose: ``NAME@hero,hero``.

The chosen party is part of the scenario name, so saves and replays, which
keep the name, play the same party again.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulekeeper.core.errors import ContentError
from rulekeeper.i18n import _, _n

PARTY_MARK = "@"
"""``NAME@a,b`` names scenario ``NAME`` played by the party ``a, b``."""


def with_party(name: str, party: Sequence[str]) -> str:
    """The scenario name that plays ``name`` with ``party``."""
    return f"{name}{PARTY_MARK}{','.join(party)}"


def split_party(name: str, most: int) -> tuple[str, tuple[str, ...] | None]:
    """The base scenario name and the chosen party (None when ``name`` chooses none).

    Raises ContentError (field ``party``) for an empty party, a hero named twice,
    or more than ``most`` heroes; the family checks that each hero exists.
    """
    base, mark, chosen = name.rpartition(PARTY_MARK)
    if not mark or not base or Path(name).exists():
        return name, None
    party = tuple(p.strip() for p in chosen.split(",") if p.strip())
    if not party:
        raise ContentError(_("name the heroes after '@', like NAME@a,b"), field="party")
    if len(set(party)) != len(party):
        raise ContentError(_("each hero may be in the party once"), field="party")
    if len(party) > most:
        raise ContentError(
            _n(
                "{heroes} heroes; the scenario allows {n}",
                "{heroes} heroes; the scenario allows {n}",
                most,
                heroes=len(party),
            ),
            field="party",
        )
    return base, party
