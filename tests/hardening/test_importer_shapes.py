"""The haven monster importer: a file of the wrong shape names the field (issue 11).

Wrong types (a list where an object belongs, a number where a list belongs, a
string where true/false belongs) crashed the importer with AttributeError or
TypeError; each is now one line naming the file and the field, exit 2, and no
output file is written.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hardening_cli import run_cli, snapshot

DATA = Path(__file__).parents[1] / "data" / "haven" / "ghs" / "monster"
STATS = json.loads((DATA / "reed-stalker.json").read_text())
DECK = json.loads((DATA / "deck" / "reed-stalker.json").read_text())


def _set(document: Any, path: str, value: object) -> Any:
    changed = copy.deepcopy(document)
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    where = changed
    for key in keys[:-1]:
        where = where[key]
    where[keys[-1]] = value
    return changed


STATS_CASES = {
    "stats is a number": ("stats", 3),
    "a stats row is a list": ("stats.0", [1, 2]),
    "a row's type is a list": ("stats.0.type", ["normal"]),
    "baseStat is a string": ("baseStat", "normal"),
    "flying is a string": ("flying", "no"),
    "a row's actions is an object": ("stats.0.actions", {"type": "shield"}),
}
DECK_CASES = {
    "an ability is a string": ("abilities.0", "attack"),
    "an ability's actions is a number": ("abilities.0.actions", 7),
    "an action is a list": ("abilities.0.actions.0", ["move"]),
    "subActions is a string": ("abilities.0.actions.0.subActions", "range"),
    "a sub-action is a number": ("abilities.0.actions.0.subActions", [5]),
    "shuffle is a number": ("abilities.0.shuffle", 1),
}


def _first_with_key(document: Any, path: str) -> bool:
    try:
        where = document
        for key in path.split(".")[:-1]:
            where = where[int(key) if key.isdigit() else key]
        return isinstance(where, dict | list)
    except (KeyError, IndexError, TypeError):
        return False


@pytest.mark.parametrize("case", sorted(STATS_CASES))
def test_stats_of_the_wrong_shape_name_the_field(case: str, tmp_path: Path) -> None:
    path, value = STATS_CASES[case]
    stats = tmp_path / "reed-stalker.json"
    stats.write_text(json.dumps(_set(STATS, path, value)))
    out = tmp_path / "library.json"
    before = snapshot(tmp_path)
    result = run_cli(
        "haven",
        "import-monsters",
        str(stats),
        str(DATA / "deck" / "reed-stalker.json"),
        "--out",
        str(out),
    )
    result.assert_user_error(str(stats), path.split(".")[0])
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("case", sorted(DECK_CASES))
def test_decks_of_the_wrong_shape_name_the_field(case: str, tmp_path: Path) -> None:
    path, value = DECK_CASES[case]
    assert _first_with_key(DECK, path), path
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(_set(DECK, path, value)))
    result = run_cli("haven", "import-monsters", str(DATA / "reed-stalker.json"), str(deck))
    result.assert_user_error(str(deck), "abilities.0")
