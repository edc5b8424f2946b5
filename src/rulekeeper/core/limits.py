"""The documented limits on what a file or a command may ask of rulekeeper.

Nothing a file says may make the engine allocate or loop without bound
(README, "Limits"). This module imports nothing heavy, so the CLI can
use it at start-up; the pydantic field types built on it are in
:mod:`rulekeeper.core.documents`. Each limit is checked where the input is read, and going
beyond one is a :class:`~rulekeeper.core.errors.ContentError` naming the field
and the limit: one line on stderr and exit status 2 from the CLI.
"""

from __future__ import annotations

from typing import Final

MAX_FILE_BYTES: Final = 4 * 1024 * 1024
"""Largest file read: scenarios, boards, decks, replays, imports, batch files (4 MiB)."""

MAX_NESTING: Final = 64
"""Deepest nesting of lists and tables (objects) in a TOML or JSON document."""

MAX_INTEGER: Final = 2**63 - 1
"""Largest magnitude of any whole number in a document (a signed 64-bit value)."""

MIN_SEED: Final = -(2**63)
MAX_SEED: Final = 2**63 - 1
"""Seeds are signed 64-bit values, as the save database stores them."""

MAX_COORDINATE: Final = 100
"""Largest magnitude of a board coordinate (a hex's q or r) and largest map-card side."""

MAX_MAP_CELLS: Final = 10_000
"""Most hexes, rooms, spaces or areas one map may hold."""

MAX_DECK_CARDS: Final = 1_000
"""Most cards one deck may hold."""

MAX_COUNT: Final = 1_000
"""Largest count a content file may give: copies, dice, figures, uses, values."""

MAX_ACTIONS: Final = 100_000
"""Most actions one replay or save may hold, and one play session may apply."""

MAX_LIST_ITEMS: Final = 10_000
"""Most entries one list of a content file may hold."""
