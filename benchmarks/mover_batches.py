"""Write the monster-mover batches that are raced against the reference solver (issue 12).

Three files of haven-board/1 lines, one board per line, for
``rulekeeper haven monster-move --batch FILE``:

- ``ref724.jsonl``: the boards of the 362 reference cases
  (``tests/data/haven/monster-ai``), the whole list twice (the issue's "362
  reference boards twice over");
- ``rand1000.jsonl`` and ``rand2000.jsonl``: ``random_boards(n, 12)`` from
  ``tests/haven_random_boards.py``, every board a new map, both rulesets (the
  first 1,000 lines of both are the same boards).

Usage, then a whole-process race (docs/games/haven-monster-ai.md)::

    python benchmarks/mover_batches.py /tmp/race
    python benchmarks/race.py --rounds 7 'ref=REFERENCE DRIVER /tmp/race/rand1000.jsonl' \\
        'ours=rulekeeper haven monster-move --batch /tmp/race/rand1000.jsonl'

The reference solver is not part of rulekeeper: it is set up in a scratch
folder with a driver of its own that reads these lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "haven" / "monster-ai"
RANDOM_SEED = 12
"""The seed of the random boards (also the one ``test_bench_haven_monster_new_maps`` uses)."""


def reference_boards(cases: Path = CASES) -> list[dict[str, object]]:
    """The boards of the reference cases, Gloomhaven then Frosthaven, in file order."""
    boards: list[dict[str, object]] = []
    for ruleset in ("gloomhaven", "frosthaven"):
        listed = json.loads((cases / f"{ruleset}.json").read_text(encoding="utf-8"))
        boards += [case["board"] for case in listed]
    return boards


def write_lines(path: Path, boards: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(board) + "\n" for board in boards), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where the .jsonl files are written")
    parser.add_argument(
        "--random",
        type=int,
        nargs="*",
        default=[1000, 2000],
        metavar="N",
        help="sizes of the random-board batches (default: 1000 2000)",
    )
    options = parser.parse_args(argv)
    for count in options.random:
        if count < 1:
            parser.error(f"--random: {count} is not a positive number of boards")
    sys.path.insert(0, str(ROOT / "tests"))
    from haven_random_boards import random_boards

    folder: Path = options.folder
    folder.mkdir(parents=True, exist_ok=True)
    boards = reference_boards()
    write_lines(folder / f"ref{2 * len(boards)}.jsonl", boards + boards)
    for count in options.random:
        write_lines(folder / f"rand{count}.jsonl", random_boards(count, RANDOM_SEED))
    print(f"wrote the batches to {folder}")


if __name__ == "__main__":
    main()
