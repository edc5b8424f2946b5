"""Race the monster mover against the public reference solver on the same boards (issue 12).

The reference (the Python 3 port of Gloomhaven Monster Mover, ``github:Toucan4Life/gloom``)
is never a dependency of rulekeeper: it is fetched into a scratch folder with an
environment of its own (``pipe``, ``cachetools``, ``colorama``), and this driver runs
inside that environment, reading the batches ``benchmarks/mover_batches.py`` writes::

    git clone https://github.com/Toucan4Life/gloom /tmp/ref/gloom
    python3 -m venv /tmp/ref/venv && /tmp/ref/venv/bin/pip install pipe cachetools colorama
    python benchmarks/mover_batches.py /tmp/race
    /tmp/ref/venv/bin/python benchmarks/reference_driver.py solve /tmp/ref/gloom \\
        /tmp/race/rand1000.jsonl > /tmp/race/rand1000.ref.txt
    rulekeeper haven monster-move --batch /tmp/race/rand1000.jsonl --json > /tmp/race/rand1000.json
    python benchmarks/reference_driver.py compare /tmp/race/rand1000.jsonl \\
        /tmp/race/rand1000.json /tmp/race/rand1000.ref.txt
    python benchmarks/race.py --rounds 7 \\
        'ref=/tmp/ref/venv/bin/python benchmarks/reference_driver.py solve /tmp/ref/gloom
        /tmp/race/rand1000.jsonl' \\
        'ours=rulekeeper haven monster-move --batch /tmp/race/rand1000.jsonl'

``solve`` builds the reference's map for each board line: our hexes placed in its
grid of columns (odd columns half a hex lower, as its neighbour table has them), the
map edge and holes as its wall hexes (``X``), thin walls on its hex edges, the five
terrain kinds, the acting monster, characters and other monsters, characters'
initiatives (a summon just before its summoner), the turn's move, range, targets,
flying, jumping, teleport and muddle, and an area in its 7×7 grid. It prints one line
per board: each option as ``q,r>t1q,t1r;...`` (where the monster moves, the hexes it
attacks), sorted, joined by `` | ``; or ``SKIP`` and why, for what its format cannot
hold (links, house rules, figures on several hexes, areas wider than its grid).

The reference keeps per-map results in method caches without a bound
(``@cached(cache={})``, keyed on the map object, so a later board never reuses
them): ``solve`` empties them after each board, as a long-running process would have
to; ``--keep-caches`` runs it as shipped. ``compare`` counts the boards where both
give the same options (focus, area and path are not compared).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

Hex = tuple[int, int]
TERRAIN_CODES = {"obstacle": "O", "trap": "T", "hazardous": "H", "difficult": "D", "icy": "I"}
AOE_SIDE = 7
"""The reference's area grid is 7 by 7, its centre (column 3, row 3) the attacker."""


def grid_row(q: int, r: int) -> int:
    """The row of hex ``(q, r)`` in the reference's column (before the board's offset)."""
    return -r - (q + 1) // 2


def aoe_cells(cells: list[Hex], ranged: bool) -> list[bool] | None:
    """An area's cells (offsets from the attacker, or any placement when ranged) in the
    reference's 7×7 grid, column by column; None when a cell falls outside it."""
    grid = [False] * (AOE_SIDE * AOE_SIDE)
    centre_r = -3 - (3 + 1) // 2  # the axial row that puts (3, centre_r) at row 3
    for dq, dr in cells:
        if not ranged and (dq, dr) == (0, 0):
            continue  # a melee area's own hex: the attacker
        q, r = 3 + dq, centre_r + dr
        column, row = q, grid_row(q, r)
        if not (0 <= column < AOE_SIDE and 0 <= row < AOE_SIDE):
            return None
        grid[column * AOE_SIDE + row] = True
    return grid


def options_line(options: set[tuple[Hex, tuple[Hex, ...]]]) -> str:
    """Options (where to move, the hexes attacked) in the driver's one-line form."""
    return " | ".join(
        f"{q},{r}>" + ";".join(f"{tq},{tr}" for tq, tr in targets)
        for (q, r), targets in sorted(options)
    )


class Reference:
    """The reference solver's classes, imported from its source folder."""

    def __init__(self, folder: Path) -> None:
        sys.path.insert(0, str(folder / "server"))
        from solver.gloomhaven_map import GloomhavenMap
        from solver.hexagonal_grid import hexagonal_grid
        from solver.monster import Monster
        from solver.rule import Rule
        from solver.solver import Solver

        self.map_class: Any = GloomhavenMap
        self.grid_class: Any = hexagonal_grid
        self.monster_class: Any = Monster
        self.rule_class: Any = Rule
        self.solver_class: Any = Solver
        self.cached = [
            GloomhavenMap.find_active_monster_traversal_cost,
            GloomhavenMap.get_main_attack_char,
            GloomhavenMap.get_secondary_attack_char,
            GloomhavenMap.get_all_attackable_char_combination_for_a_location,
        ]
        self._neighbours: dict[tuple[int, int], Any] = {}

    def empty_caches(self) -> None:
        for method in self.cached:
            method.cache.clear()

    def neighbours(self, width: int, height: int) -> Any:
        found = self._neighbours.get((width, height))
        if found is None:
            grid = self.grid_class(width, height)
            grid.setup_neighbors_mapping()
            found = self._neighbours[width, height] = grid.neighbors
        return found

    def solve(self, board: dict[str, Any]) -> str:
        """One board's options as :func:`options_line` writes them, or ``SKIP why``."""
        if board.get("links") or board.get("house_rules"):
            return "SKIP links or house rules"
        turn = board["turn"]
        actor = turn["figure"]
        if any(f.get("more_hexes") for f in board["figures"]):
            return "SKIP a figure on several hexes"
        if next(f["team"] for f in board["figures"] if f["id"] == actor) != "monsters":
            return "SKIP the acting figure is not a monster"
        ranged = turn.get("range", 0) > 0
        aoe = aoe_cells([(dq, dr) for dq, dr in turn.get("aoe", [])], ranged)
        if aoe is None:
            return "SKIP an area wider than the reference's grid"
        hexes: list[Hex] = [(q, r) for q, r in board["hexes"]]
        q_low = min(q for q, _ in hexes)
        q_base = q_low - 1 if (q_low - 1) % 2 == 0 else q_low - 2  # even: parity kept
        rows = [grid_row(q, r) for q, r in hexes]
        row_base = min(rows) - 1  # a border of wall hexes all round
        width = max(q for q, _ in hexes) - q_base + 2
        height = max(rows) - row_base + 2

        def place(h: list[int] | Hex) -> int:
            q, r = h
            return (q - q_base) * height + grid_row(q, r) - row_base

        size = width * height
        contents = ["X"] * size
        for h in hexes:
            contents[place(h)] = " "
        for kind, cells in board.get("terrain", {}).items():
            for h in cells:
                contents[place(h)] = TERRAIN_CODES[kind]
        neighbours = self.neighbours(width, height)
        walls = [[False] * 6 for _ in range(size)]
        for a, b in board.get("walls", []):
            here, there = place(a), place(b)
            if there in neighbours[here]:
                walls[here][neighbours[here].index(there)] = True
        figures = [" "] * size
        initiatives = [0] * size
        for figure in board["figures"]:
            at = place(figure["hex"])
            if figure["id"] == actor:
                figures[at] = "A"
            elif figure["team"] == "monsters":
                figures[at] = "M"
            else:
                figures[at] = "C"
                printed = figure.get("initiative")
                printed = 99 if printed is None else printed
                initiatives[at] = 2 * printed + (0 if figure.get("summoner") else 1)
        monster = self.monster_class(
            action_move=turn.get("move", 0),
            action_range=turn.get("range", 0),
            action_target=turn.get("targets", 1),
            flying=turn.get("flying", False),
            jumping=turn.get("jumping", False),
            muddled=turn.get("muddled", False),
            aoe=aoe,
            teleport=turn.get("teleport", False),
        )
        rule = self.rule_class.Gloom if board["ruleset"] == "gloomhaven" else self.rule_class.Frost
        game_map = self.map_class(
            width, height, monster, figures, contents, initiatives, walls, rule
        )
        found = self.solver_class(rule, game_map).calculate_monster_move()
        back = {place(h): h for h in hexes}
        options: set[tuple[Hex, tuple[Hex, ...]]] = set()
        if found[0][1] == -1:  # no option: the monster stays
            options.add((back[found[0][0]], ()))
        else:
            for option in found:
                targets = tuple(sorted(back[t] for t in option[3]))
                for stop in option[2]:
                    options.add((back[stop], targets))
        return options_line(options)


def our_line(board: dict[str, Any], answer: dict[str, Any]) -> str:
    """Our JSON answer to ``board`` in the driver's one-line form."""
    where = {f["id"]: (f["hex"][0], f["hex"][1]) for f in board["figures"]}
    options: set[tuple[Hex, tuple[Hex, ...]]] = set()
    for option in answer.get("options", []):
        q, r = option["move_to"]
        options.add(((q, r), tuple(sorted(where[t] for t in option["targets"]))))
    return options_line(options)


def compare(batch: Path, ours: Path, theirs: Path) -> tuple[int, int, list[int]]:
    """(boards agreeing, boards skipped by the driver, line numbers differing)."""
    boards = [json.loads(line) for line in batch.read_text(encoding="utf-8").splitlines() if line]
    answers = [json.loads(line) for line in ours.read_text(encoding="utf-8").splitlines() if line]
    lines = theirs.read_text(encoding="utf-8").splitlines()
    if not len(boards) == len(answers) == len(lines):
        raise SystemExit(f"{len(boards)} boards, {len(answers)} answers, {len(lines)} lines")
    same = skipped = 0
    differ: list[int] = []
    for number, (board, answer, line) in enumerate(zip(boards, answers, lines, strict=True), 1):
        if line.startswith("SKIP"):
            skipped += 1
        elif our_line(board, answer) == line:
            same += 1
        else:
            differ.append(number)
    return same, skipped, differ


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser("solve", help="the reference's options, one line per board")
    solve.add_argument("reference", type=Path, help="the reference's checkout (holds server/)")
    solve.add_argument("batch", type=Path)
    solve.add_argument("--keep-caches", action="store_true", help="run it as shipped")
    check = commands.add_parser("compare", help="boards where both solvers agree")
    check.add_argument("batch", type=Path)
    check.add_argument("ours", type=Path, help="monster-move --batch --json output")
    check.add_argument("theirs", type=Path, help="solve output")
    options = parser.parse_args(argv)
    if options.command == "compare":
        same, skipped, differ = compare(options.batch, options.ours, options.theirs)
        total = same + skipped + len(differ)
        print(f"{options.batch}: {same} of {total} agree, {skipped} skipped, differ: {differ}")
        return
    if not (options.reference / "server" / "solver").is_dir():
        parser.error(f"{options.reference}: no server/solver folder (a reference checkout?)")
    reference = Reference(options.reference)
    out = sys.stdout
    with options.batch.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                out.write(reference.solve(json.loads(line)) + "\n")
                if not options.keep_caches:
                    reference.empty_caches()


if __name__ == "__main__":
    main()
