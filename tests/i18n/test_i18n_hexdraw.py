"""Issue 18: a drawn hex map's legend and notes are in the reader's language."""

from __future__ import annotations

from rulekeeper.boards.hexdraw import draw_hexes
from rulekeeper.i18n import use_language

CELLS = [(q, 0) for q in range(12)]
TERRAIN = {(1, 0): "obstacle", (2, 0): "trap", (3, 0): "icy"}


def test_the_legend_names_terrain_in_the_language() -> None:
    walls = [((4, 0), (5, 0))]
    english = draw_hexes(CELLS, terrain=TERRAIN, walls=walls)
    assert "XX obstacle" in english.legend and "thin wall" in english.legend
    with use_language("tr"):
        turkish = draw_hexes(CELLS, terrain=TERRAIN, walls=walls)
    assert "XX engel" in turkish.legend and "^^ tuzak" in turkish.legend
    assert "** buzlu" in turkish.legend and "ince duvar" in turkish.legend
    with use_language("ca"):
        catalan = draw_hexes(CELLS, terrain=TERRAIN, walls=walls)
    assert "^^ trampa" in catalan.legend and "paret fina" in catalan.legend


def test_a_map_too_wide_says_so_in_the_language() -> None:
    with use_language("ca"):
        notes = draw_hexes(CELLS, width=10).notes
    assert notes and all("el mapa" in note for note in notes)
