"""Haven random play in steps a second, alone or side by side with another checkout (issue 12).

The benchmark ``test_bench_haven_search.py`` gives this tree's figure; a figure in
steps a second is only as steady as the machine, and a shared one runs at half
speed in its slow spells. Played side by side with an older checkout, process by
process in turn, the ratio of the two is what the code changed, whatever the
spell::

    python benchmarks/random_play.py                     # this tree, 7 rounds
    git worktree add /tmp/before <commit>
    python benchmarks/random_play.py --against /tmp/before --pairs 6

Each process plays the eight seeded random games of The Sunken Larder the
benchmark plays (seeds 1-8, odd seeds Frosthaven, even Gloomhaven) from prepared
starts: one round to warm up, then ``--rounds`` rounds timed in process time,
and reports the steps of a round and the median round. This tree plays them
trusted and checked (``play_out(..., trusted=...)``); a checkout whose
``play_out`` has no ``trusted`` plays them the one way it can, checked. The
games of two checkouts differ where their rules do (the step counts are shown),
so the comparison is of steps a second. Each process also times ``clone()``
early, in the middle and late in seed 3's game (as ``test_bench_haven_clone``).
``--against`` runs the pairs in turn (the older checkout, this tree trusted and
checked, the order rotating) and prints each pair and the medians of the figures
and of the ratios.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SEEDS = range(1, 9)
HERE = Path(__file__).resolve().parent.parent


def _child(rounds: int, trusted: bool) -> dict[str, object]:
    """The ``--child`` mode: the eight games ``rounds`` times, and ``clone()`` timed."""
    from rulekeeper.core import RandomPolicy, SeededSampler, play_out
    from rulekeeper.games.haven.game import GAME

    can_trust = "trusted" in inspect.signature(play_out).parameters
    options = {"trusted": trusted} if can_trust else {}
    starts = [
        GAME.new_state("sunken-larder", seed, "frosthaven" if seed % 2 else "gloomhaven")
        for seed in SEEDS
    ]

    def play() -> int:
        steps = 0
        for seed, start in zip(SEEDS, starts, strict=True):
            state = start.clone()
            play_out(state, RandomPolicy(seed), SeededSampler(seed), **options)
            steps += len(state.history) - len(start.history)
        return steps

    steps = play()
    clones = _clone_times(GAME.new_state("sunken-larder", 3, "frosthaven"))
    times = []
    for _ in range(rounds):
        began = time.process_time()
        play()
        times.append(time.process_time() - began)
    median = statistics.median(times)
    return {
        "steps": steps,
        "median_ms": round(median * 1000, 2),
        "steps_per_s": round(steps / median),
        "mode": ("trusted" if trusted else "checked") if can_trust else "checked (only way)",
        "clone_us": clones,
    }


CLONE_POINTS = {"early": 0.1, "middle": 0.5, "late": 0.9}
"""Where in seed 3's random game a state is cloned, as ``test_bench_haven_clone`` does."""


def _clone_times(start: Any) -> dict[str, float]:
    """Median microseconds of ``clone()`` early, in the middle and late in seed 3's game.

    The game is played step by step with ``apply`` (every checkout has it); each
    state is timed in 15 batches of clones (as many as take about 10 ms, at most
    100) after one clone that works out any copy plans.
    """
    from rulekeeper.core import RandomPolicy, SeededSampler

    def played(steps: int | None) -> tuple[Any, int]:
        state = start.clone()
        policy, sampler = RandomPolicy(3), SeededSampler(3)
        done = 0
        while not state.is_terminal() and (steps is None or done < steps):
            chance = state.is_chance_node()
            state.apply(sampler.sample(state) if chance else policy.choose(state))
            done += 1
        return state, done

    _, length = played(None)
    figures = {}
    for name, fraction in CLONE_POINTS.items():
        state, _ = played(int(length * fraction))
        began = time.process_time()
        state.clone()
        size = max(1, min(100, int(0.01 / max(time.process_time() - began, 1e-6))))
        batches = []
        for _ in range(15):
            began = time.process_time()
            for _ in range(size):
                state.clone()
            batches.append((time.process_time() - began) / size)
        figures[name] = round(statistics.median(batches) * 1e6, 1)
    return figures


def _run(tree: Path, rounds: int, trusted: bool) -> dict[str, Any]:
    """One child process playing in ``tree`` (its ``src`` first on the path)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", "--rounds", str(rounds)]
    if not trusted:
        command.append("--checked")
    environment = {**os.environ, "PYTHONPATH": str(tree / "src")}
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise SystemExit(f"random_play: the games in {tree} failed: {last}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _show(name: str, result: dict[str, Any]) -> str:
    clones = " ".join(f"{value:>8.1f}" for value in result["clone_us"].values())
    return (
        f"{name:<10}{result['mode']!s:<20}{result['steps']!s:>6} steps"
        f"{result['median_ms']!s:>10} ms{result['steps_per_s']!s:>9} steps/s"
        f"   clone µs (early middle late) {clones}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds a process (7)")
    parser.add_argument("--against", type=Path, help="an older checkout to play side by side")
    parser.add_argument("--pairs", type=int, default=6, help="processes each with --against (6)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--checked", action="store_true", help="play checked, not trusted")
    options = parser.parse_args()
    if options.rounds < 1 or options.pairs < 1:
        parser.error("--rounds and --pairs must be at least 1")
    if options.child:
        print(json.dumps(_child(options.rounds, not options.checked)))
        return
    if options.against is None:
        for trusted in (True, False):
            print(_show("this tree", _run(HERE, options.rounds, trusted)))
        return
    other = options.against.resolve()
    if not (other / "src" / "rulekeeper").is_dir():
        parser.error(f"--against: {other} has no src/rulekeeper")
    figures: dict[str, list[float]] = {"before": [], "trusted": [], "checked": []}
    clones: dict[str, list[float]] = {"before": [], "this tree": []}
    for pair in range(options.pairs):
        runs = [("before", other, True), ("trusted", HERE, True), ("checked", HERE, False)]
        shift = pair % len(runs)
        results = {}
        for name, tree, trusted in runs[shift:] + runs[:shift]:
            results[name] = _run(tree, options.rounds, trusted)
            figures[name].append(float(results[name]["steps_per_s"]))
            clones["before" if name == "before" else "this tree"].append(
                max(results[name]["clone_us"].values())
            )
        print(f"pair {pair + 1}")
        for name in ("before", "trusted", "checked"):
            print("  " + _show(name, results[name]))
        sys.stdout.flush()
    before = figures["before"]
    print(f"medians over {options.pairs} pairs ({options.rounds} rounds a process):")
    print(f"  before   {statistics.median(before):>9,.0f} steps/s")
    for name in ("trusted", "checked"):
        ratios = [new / old for new, old in zip(figures[name], before, strict=True)]
        print(
            f"  {name:<8} {statistics.median(figures[name]):>9,.0f} steps/s"
            f"   {statistics.median(ratios):.2f}x before (pair ratios"
            f" {min(ratios):.2f}-{max(ratios):.2f})"
        )
    for name, values in clones.items():
        print(
            f"  clone() {name}: the slowest of early, middle, late, median {statistics.median(values):,.1f} µs"
        )


if __name__ == "__main__":
    main()
