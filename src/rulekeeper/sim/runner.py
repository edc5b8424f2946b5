"""Play many games of one scenario with an agent policy, on processes or Ray.

A game is a pure function of (game, scenario, ruleset, policy, seed): the
game's seed drives chance (:class:`SeededSampler`) and seeds the agent, so a
simulation gives identical rows with one worker, a process pool or a Ray
cluster; rows are returned in seed order whatever order they finish in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from rulekeeper.i18n import text_of

MAX_ACTIONS = 20_000
"""Actions after which a game is cut off (recorded with outcome ``cut-off``)."""


@dataclass(frozen=True, slots=True)
class SimulationSpec:
    game: str
    scenario: str
    ruleset: str
    policy: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One simulated game: what SQLite keeps per row."""

    seed: int
    outcome: str
    summary: str
    rounds: int
    actions: int
    heroes: dict[str, dict[str, int]]
    """Per hero: ``damage_taken`` (hit points lost over the game), ``final_health``."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_game(spec: SimulationSpec, seed: int) -> GameRecord:
    """Play one game to its end; tracks each hero's hit points after every action."""
    from rulekeeper.ai.adapter import agent_game
    from rulekeeper.ai.agents import make_agent
    from rulekeeper.core.collector import collector_set_aside
    from rulekeeper.core.randomness import SeededSampler
    from rulekeeper.i18n import use_language

    bound = agent_game(spec.game, spec.scenario, spec.ruleset)
    adapter = bound.adapter
    state = bound.new_state(seed)
    agent = make_agent(spec.policy, seed)
    sampler = SeededSampler(seed)
    health = adapter.hero_health(state)
    damage = dict.fromkeys(health, 0)
    actions = 0
    with collector_set_aside():
        while not state.is_terminal() and actions < MAX_ACTIONS:
            if state.is_chance_node():
                state.apply_trusted(sampler.sample(state))
            else:
                state.apply_trusted(agent.choose(state))
            actions += 1
            now = adapter.hero_health(state)
            for hero, points in now.items():
                lost = health.get(hero, points) - points
                if lost > 0:
                    damage[hero] = damage.get(hero, 0) + lost
            health = now
    # The database is machine data: the same row whatever language the worker speaks.
    with use_language("en"):
        outcome = state.outcome()
    return GameRecord(
        seed=seed,
        outcome=outcome.result if outcome else "cut-off",
        summary=text_of(outcome.summary, "en")
        if outcome
        else f"stopped after {MAX_ACTIONS} actions",
        rounds=adapter.rounds(state),
        actions=actions,
        heroes={
            hero: {"damage_taken": damage.get(hero, 0), "final_health": health.get(hero, 0)}
            for hero in health
        },
    )


def _play_batch(spec: SimulationSpec, seeds: Sequence[int]) -> list[GameRecord]:
    return [play_game(spec, seed) for seed in seeds]


def _batches(seeds: Sequence[int], size: int) -> list[list[int]]:
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def run_local(
    spec: SimulationSpec, seeds: Sequence[int], workers: int, progress: Progress | None = None
) -> list[GameRecord]:
    """Play the seeds in this process (``workers == 1``) or a process pool."""
    records: list[GameRecord] = []
    if workers <= 1:
        for seed in seeds:
            records.append(play_game(spec, seed))
            if progress:
                progress(1)
        return records
    batch = max(1, min(8, len(seeds) // (workers * 4) or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_batch, spec, b) for b in _batches(seeds, batch)]
        for future in as_completed(futures):
            done = future.result()
            records.extend(done)
            if progress:
                progress(len(done))
    return sorted(records, key=lambda r: r.seed)


def run_ray(
    spec: SimulationSpec,
    seeds: Sequence[int],
    address: str,
    progress: Progress | None = None,
    *,
    num_cpus: int | None = None,
) -> list[GameRecord]:
    """Play the seeds as Ray tasks on the cluster at ``address`` (``auto``, ``local``...).

    ``local`` starts a Ray instance in this process (with ``num_cpus`` CPUs).
    """
    import ray

    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(_play_batch)
        pending = [remote.remote(spec, b) for b in _batches(seeds, 4)]
        records: list[GameRecord] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for done in ray.get(ready):
                records.extend(done)
                if progress:
                    progress(len(done))
        return sorted(records, key=lambda r: r.seed)
    finally:
        if started:
            ray.shutdown()


def iter_seeds(first: int, count: int) -> Iterator[int]:
    return iter(range(first, first + count))
