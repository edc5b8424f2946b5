"""Deterministic random haven-board/1 documents, for regression goldens and benchmarks.

``random_boards(count, seed)`` gives the same boards for the same arguments on
every machine and Python version (``random.Random`` with an integer seed, and
only its ``random()``-based methods and ``randrange`` are used). Each board is a
new map: a ragged patch of hexes with holes, thin walls and every terrain kind,
figures of both teams (summons included) and a monster turn drawn across the
features of the format: melee and ranged attacks, several or all targets, melee
and ranged areas, jump, flying, teleport and muddle, under both rulesets.

Run as a script to write boards as JSON lines, or with ``--answers`` the
monster mover's answer to each (options and reasons), as the golden file
``tests/data/haven/random-board-answers.jsonl`` holds for the first 200
boards of seed 12::

    python tests/haven_random_boards.py --count 2000 --seed 12 > boards.jsonl
    python tests/haven_random_boards.py --count 200 --answers \\
        > tests/data/haven/random-board-answers.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

Hex = tuple[int, int]

_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

MELEE_AREAS: tuple[tuple[Hex, ...], ...] = (
    ((1, 0), (1, -1)),
    ((1, 0), (2, 0)),
    ((1, 0), (1, -1), (0, -1)),
    ((1, 0), (2, -1), (1, -1)),
    ((1, 0), (2, 0), (3, 0)),
    ((1, -1), (1, 0), (0, 1)),
)
"""Melee area shapes: offsets from the attacker, which is never one of them."""

RANGED_AREAS: tuple[tuple[Hex, ...], ...] = (
    ((0, 0), (1, 0)),
    ((0, 0), (1, 0), (0, 1)),
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)),
    ((0, 0), (1, -1), (2, -2)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
)
"""Ranged area shapes, placed anywhere in range."""


def _patch(rng: random.Random) -> list[Hex]:
    """A map: an offset rectangle of hexes, sometimes two joined, with holes cut out."""
    width = rng.randrange(4, 15)
    height = rng.randrange(3, 10)
    q0 = rng.randrange(-6, 7)
    r0 = rng.randrange(-6, 7)
    cells: dict[Hex, None] = {}
    for dq in range(width):
        for row in range(height):
            cells[(q0 + dq, r0 + row - (dq + (q0 & 1)) // 2)] = None
    if rng.random() < 0.3:
        # a second room overlapping the first at one side
        w2 = rng.randrange(3, 8)
        h2 = rng.randrange(3, 7)
        q1 = q0 + width - rng.randrange(1, 3)
        r1 = r0 + rng.randrange(-3, 4)
        for dq in range(w2):
            for row in range(h2):
                cells[(q1 + dq, r1 + row - (dq + (q1 & 1)) // 2)] = None
    hexes = list(cells)
    holes = rng.randrange(0, max(1, len(hexes) // 8))
    for _ in range(holes):
        hexes.pop(rng.randrange(len(hexes)))
    return hexes


def _walls(rng: random.Random, hexes: list[Hex]) -> list[tuple[Hex, Hex]]:
    """Thin walls: some lone edges and some straight runs of edges."""
    present = set(hexes)
    walls: dict[tuple[Hex, Hex], None] = {}
    budget = rng.choice((0, 0, 2, 5, 10, 16))
    for _ in range(4 * budget):
        if len(walls) >= budget:
            break
        h = rng.choice(hexes)
        d = rng.randrange(6)
        run = rng.choice((1, 1, 2, 3, 4))
        along = _DIRECTIONS[(d + 2) % 6]
        for _ in range(run):
            other = (h[0] + _DIRECTIONS[d][0], h[1] + _DIRECTIONS[d][1])
            if other in present and h in present:
                pair = (h, other) if h < other else (other, h)
                walls[pair] = None
            h = (h[0] + along[0], h[1] + along[1])
    return list(walls)


def random_board(rng: random.Random, ruleset: str) -> dict[str, Any]:
    """One valid haven-board/1 document drawn from ``rng``."""
    hexes = _patch(rng)
    free = hexes[:]
    rng.shuffle(free)
    figures: list[dict[str, Any]] = []
    actor = free.pop()
    figures.append({"id": "A", "team": "monsters", "hex": list(actor)})
    n_heroes = rng.choice((1, 1, 2, 2, 3, 4, 5))
    for i in range(n_heroes):
        if not free:
            break
        figures.append(
            {
                "id": f"C{i + 1}",
                "team": "characters",
                "hex": list(free.pop()),
                "initiative": rng.randrange(1, 100),
            }
        )
    heroes = [f["id"] for f in figures[1:]]
    if heroes and free and rng.random() < 0.25:
        summoner = rng.choice(heroes)
        initiative = next(f["initiative"] for f in figures if f["id"] == summoner)
        figures.append(
            {
                "id": "S1",
                "team": "characters",
                "hex": list(free.pop()),
                "initiative": initiative,
                "summoner": summoner,
            }
        )
    for i in range(rng.choice((0, 0, 1, 2, 3, 4))):
        if not free:
            break
        figures.append({"id": f"M{i + 1}", "team": "monsters", "hex": list(free.pop())})
    terrain: dict[str, list[list[int]]] = {}
    density = rng.choice((0.0, 0.03, 0.06, 0.1, 0.15))
    kinds = ["obstacle", "trap", "hazardous", "difficult"]
    if rng.random() < 0.25:
        kinds.append("icy")
    for kind in kinds:
        count = int(len(hexes) * density * rng.random() * 1.5)
        picked = [free.pop() for _ in range(min(count, len(free)))]
        if picked:
            terrain[kind] = [list(h) for h in sorted(picked)]
    turn: dict[str, Any] = {"figure": "A", "move": rng.choice((0, 1, 2, 2, 3, 3, 4, 5, 6))}
    style = rng.random()
    if style < 0.08:
        turn["targets"] = 0
    else:
        ranged = rng.random() < 0.45
        if ranged:
            turn["range"] = rng.randrange(2, 7)
        turn["targets"] = rng.choice((1, 1, 1, 1, 2, 2, 3, 6))
        if rng.random() < 0.2:
            turn["aoe"] = [list(c) for c in rng.choice(RANGED_AREAS if ranged else MELEE_AREAS)]
            if rng.random() < 0.7:
                turn["targets"] = 1
    movement = rng.random()
    if movement < 0.1:
        turn["jumping"] = True
    elif movement < 0.2:
        turn["flying"] = True
    elif movement < 0.25:
        turn["teleport"] = True
        if rng.random() < 0.3:
            turn["flying"] = True
    if rng.random() < 0.1:
        turn["muddled"] = True
    return {
        "format": "haven-board/1",
        "ruleset": ruleset,
        "hexes": [list(h) for h in hexes],
        "walls": [[list(a), list(b)] for a, b in _walls(rng, hexes)],
        "terrain": terrain,
        "figures": figures,
        "turn": turn,
    }


def random_boards(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` boards, alternating Gloomhaven and Frosthaven, the same for the same seed."""
    rng = random.Random(seed)
    rulesets = ("gloomhaven", "frosthaven")
    return [random_board(rng, rulesets[n % 2]) for n in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--answers", action="store_true", help="write answers, not boards")
    args = parser.parse_args()
    out = sys.stdout
    for board in random_boards(args.count, args.seed):
        value = answer_of(board) if args.answers else board
        out.write(json.dumps(value, separators=(",", ":")) + "\n")


def answer_of(board: dict[str, Any]) -> dict[str, Any]:
    """The monster mover's answer to ``board``: its options and its reasons."""
    from rulekeeper.games.haven.board_format import parse_board
    from rulekeeper.games.haven.monster_ai import solve_monster_turn

    answer = solve_monster_turn(parse_board(board))
    return {**answer.to_json(), "reasons": list(answer.reasons)}


if __name__ == "__main__":
    main()
