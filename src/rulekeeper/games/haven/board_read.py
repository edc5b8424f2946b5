"""Reading a haven-board/1 document for the mover: plain values when it can, the models otherwise.

See :mod:`rulekeeper.games.haven.board_plain` for the plain reading and why
(issue 12, start-up of the mover's batch runs).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.core.document_text import JSON_DECODER, parse_document
from rulekeeper.games.haven.board_plain import (
    check_figures,
    check_links,
    check_map,
    plain_board,
    plain_hexes,
    plain_hexes_text,
    within_document_limits,
)

if TYPE_CHECKING:
    from rulekeeper.boards.hexgrid import Hex
    from rulekeeper.games.haven.board_plain import AnyBoard, Cells, PlainBoard


def read_board(data: object, source: str | None = None) -> AnyBoard:
    """Validate a haven-board/1 JSON value; raises ContentError naming the field.

    The same acceptance, values and errors as
    :func:`~rulekeeper.games.haven.board_format.parse_board`, which it calls for
    anything not in the plain shape.
    """
    board = plain_board(data)
    if board is None:
        from rulekeeper.games.haven.board_format import parse_board

        return parse_board(data, source)
    return _checked(board, source, set(board.hexes))


def _checked(board: PlainBoard, source: str | None, cells: Cells) -> PlainBoard:
    """The plain board once the cross-field rules hold (else ContentError naming the field);
    ``cells`` is the set of its hexes."""
    check_map(board, source, cells=cells)
    check_figures(board.figures, cells, board.turn.figure, source)
    check_links(board.links, cells, board.ruleset, source)
    return board


def read_board_text(text: str, source: str | None = None) -> AnyBoard:
    """Parse JSON text holding one board (see :func:`read_board`)."""
    board = _read_known_map(text, source)
    if board is not None:
        return board
    return read_board(parse_document(text, source, "json"), source)


class _KnownMap(NamedTuple):
    """A map's hexes as read, and their set (the checks and the mover ask it per board)."""

    hexes: tuple[Hex, ...]
    cells: frozenset[Hex]


_HEXES_KEY = '"hexes":'
_KNOWN_MAPS: dict[str, _KnownMap] = {}
"""The maps read before, by the text of their ``hexes`` array (issue 12: batches hold many
boards of one map)."""
_KNOWN_MAPS_LIMIT = 256
"""Maps kept at most; the table starts afresh when full."""


def _read_known_map(text: str, source: str | None) -> PlainBoard | None:
    """The board, its ``hexes`` array read once per map, or None to read it the usual way.

    The array written ``"hexes":[...]`` or ``"hexes": [...]`` (one ``"hexes"``
    in the text, no escape) ends at the first ``]]``; its text keys a table of hexes
    already read. The rest of the document is parsed with the array replaced by
    ``0``, which only the key ``hexes`` of the board can hold afterwards. Any
    doubt (the array not plain, the rest not parsed, not plain or not the board's
    ``hexes``, or something the document limits might refuse) returns None, and the
    whole text is read as before, so the values and the errors are the same.
    """
    start = text.find(_HEXES_KEY)
    if start < 0 or "\\" in text or text.count('"hexes"') != 1:
        return None
    begin = start + len(_HEXES_KEY)
    if text.startswith(" [", begin):  # as json.dumps writes it
        begin += 1
    elif not text.startswith("[", begin):
        return None
    end = text.find("]]", begin) + 2
    if end < 2:
        return None
    segment = text[begin:end]
    known = _KNOWN_MAPS.get(segment)
    if known is None:
        hexes = plain_hexes_text(segment)
        if hexes is None:
            try:
                hexes = plain_hexes(json.loads(segment))
            except (ValueError, RecursionError):  # not JSON, not one whole array, too deep
                return None
            if hexes is None:
                return None
        if len(_KNOWN_MAPS) >= _KNOWN_MAPS_LIMIT:
            _KNOWN_MAPS.clear()
        known = _KNOWN_MAPS[segment] = _KnownMap(hexes, frozenset(hexes))
    try:
        # the limits of parse_document are checked on the board read (within_document_limits)
        data = JSON_DECODER.decode(text[:begin] + "0" + text[end:])
    except (ValueError, RecursionError):  # not JSON, NaN or Infinity, a number too long
        return None
    if type(data) is not dict or type(data.get("hexes")) is not int or data["hexes"] != 0:
        return None
    board = plain_board(data, known.hexes)
    if board is None or not within_document_limits(board):
        return None
    return _checked(board, source, known.cells)
