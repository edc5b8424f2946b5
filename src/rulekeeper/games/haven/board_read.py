"""Reading a haven-board/1 document for the mover: plain values when it can, the models otherwise.

See :mod:`rulekeeper.games.haven.board_plain` for the plain reading and why
(issue 12, start-up of the mover's batch runs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.document_text import parse_document
from rulekeeper.games.haven.board_plain import check_figures, check_links, check_map, plain_board

if TYPE_CHECKING:
    from rulekeeper.games.haven.board_plain import AnyBoard


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
    check_map(board, source)
    check_figures(board.figures, set(board.hexes), board.turn.figure, source)
    check_links(board.links, set(board.hexes), board.ruleset, source)
    return board


def read_board_text(text: str, source: str | None = None) -> AnyBoard:
    """Parse JSON text holding one board (see :func:`read_board`)."""
    return read_board(parse_document(text, source, "json"), source)
