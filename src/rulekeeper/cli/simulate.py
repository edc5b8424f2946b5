"""``rulekeeper simulate``: many games with an agent policy, then a report.

``rulekeeper simulate GAME --scenario S --games N --policy P --workers K
[--ray ADDRESS] [--db FILE]`` plays N games (seeds ``--seed`` .. ``--seed``+N-1)
with a progress bar, on a local process pool or a Ray cluster (``--ray auto``
or an address; the ``cluster`` extra), and stores one row per game in SQLite.
``rulekeeper simulate report DB [--plot FILE.png]`` prints outcome rates with
95% confidence intervals, the rounds played and the damage per hero, and with
``--plot`` draws them (matplotlib, the ``plots`` extra).

Registered in :mod:`rulekeeper.cli.main` as one small command that imports
this module only when run; this module imports the agents and plotting code
only inside the commands.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.cli.errors import fail, user_errors

run_app = typer.Typer(add_completion=False, rich_markup_mode=None)
report_app = typer.Typer(add_completion=False, rich_markup_mode=None)

MAX_GAMES = 1_000_000
MAX_WORKERS = 256


@run_app.command()
@user_errors
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game to simulate.")],
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", "-s", help="A shipped scenario (default: the first)."),
    ] = None,
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help="The ruleset (default: the game's first).")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    policy: Annotated[
        str, typer.Option("--policy", "-p", help="The agent: random, greedy or mcts.")
    ] = "random",
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Local worker processes (1: this process).")
    ] = 1,
    ray_address: Annotated[
        str | None,
        typer.Option("--ray", help="Run on a Ray cluster: 'auto', an address, or 'local'."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The first game's seed.")] = 0,
    db: Annotated[
        Path, typer.Option("--db", help="The SQLite file the games are added to.")
    ] = Path("simulations.sqlite"),
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Play GAMES games of a scenario with an agent policy; one SQLite row per game."""
    from rulekeeper.ai.adapter import adapter_for
    from rulekeeper.ai.agents import AGENTS
    from rulekeeper.core.registry import find_game
    from rulekeeper.sim.runner import SimulationSpec, run_local, run_ray
    from rulekeeper.sim.store import save_run

    if not 1 <= games <= MAX_GAMES:
        raise fail(f"--games: must be 1..{MAX_GAMES}, not {games}")
    if not 1 <= workers <= MAX_WORKERS:
        raise fail(f"--workers: must be 1..{MAX_WORKERS}, not {workers}")
    if policy not in AGENTS:
        raise fail(f"--policy: unknown policy {policy!r} (known: {', '.join(AGENTS)})")
    game = find_game(game_name)
    try:
        adapter_for(game.name)
    except NotImplementedError as error:
        raise fail(str(error)) from None
    scenario_name = scenario or game.scenarios()[0].name
    chosen_ruleset = game.check_ruleset(ruleset)
    game.new_state(scenario_name, seed, chosen_ruleset)  # a bad scenario fails here, in one line
    spec = SimulationSpec(game.name, scenario_name, chosen_ruleset, policy)
    seeds = list(range(seed, seed + games))
    where = f"Ray ({ray_address})" if ray_address else f"{workers} worker(s)"
    with _progress(
        quiet, f"{game.name} {scenario_name}: {games} games, {policy}, {where}", games
    ) as advance:
        if ray_address:
            try:
                import ray  # noqa: F401
            except ModuleNotFoundError:
                raise fail("--ray needs Ray: pip install 'rulekeeper[cluster]'") from None
            try:
                records = run_ray(spec, seeds, ray_address, advance)
            except (ConnectionError, RuntimeError) as error:
                first = str(error).strip().splitlines()[0] if str(error).strip() else ""
                raise fail(f"--ray {ray_address}: no Ray cluster reached ({first})") from None
        else:
            records = run_local(spec, seeds, workers, advance)
    run = save_run(db, spec, records)
    wins = sum(1 for r in records if r.outcome == "won")
    typer.echo(f"run {run}: {len(records)} games, {wins} won; saved to {db}")


class _progress:
    """A rich progress bar (or nothing with --quiet) as a context giving ``advance(n)``."""

    def __init__(self, quiet: bool, description: str, total: int) -> None:
        self.quiet, self.description, self.total = quiet, description, total

    def __enter__(self) -> Callable[[int], None]:
        if self.quiet:
            self.bar = None
            return lambda n: None
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            transient=False,
        )
        self.bar.__enter__()
        task = self.bar.add_task(self.description, total=self.total)
        bar = self.bar
        return lambda n: bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@report_app.command()
@user_errors
def report(
    db: Annotated[Path, typer.Argument(metavar="DB", help="A database written by simulate.")],
    run: Annotated[
        int | None, typer.Option("--run", help="The run to report (default: the latest).")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Also draw the report into this PNG file.")
    ] = None,
) -> None:
    """Outcome rates with 95% intervals, rounds played and damage per hero."""
    from rich.console import Console
    from rich.table import Table

    from rulekeeper.sim.report import plot_report, rounds_histogram, summarise
    from rulekeeper.sim.store import load_games

    if plot is not None and plot.suffix.lower() != ".png":
        raise fail(f"--plot: {plot} must end in .png")
    header, records = load_games(db, run)
    if not records:
        raise fail(f"{db}: run {header['id']} holds no game")
    summary = summarise(records)
    title = (
        f"{header['game']} {header['scenario']} ({header['ruleset']}), "
        f"policy {header['policy']}: run {header['id']}"
    )
    console = Console(highlight=False)
    console.print(f"[bold]{title}[/bold] — {summary.games} games")
    outcomes = Table(title="Outcomes (95% Wilson interval)")
    for column in ("outcome", "games", "rate", "95% interval"):
        outcomes.add_column(column)
    for o in summary.outcomes:
        outcomes.add_row(o.outcome, str(o.count), f"{o.rate:.1%}", f"{o.low:.1%} – {o.high:.1%}")
    console.print(outcomes)
    histogram = Table(title=f"Rounds played (mean {summary.mean_rounds:.1f})")
    histogram.add_column("rounds")
    histogram.add_column("games")
    for rounds, count in rounds_histogram(summary.rounds):
        histogram.add_row(str(rounds), str(count))
    console.print(histogram)
    damage = Table(title="Damage taken per hero (hit points per game)")
    damage.add_column("hero")
    damage.add_column("mean")
    damage.add_column("sd")
    for d in summary.damage:
        damage.add_row(d.hero, f"{d.mean:.2f}", f"{d.stdev:.2f}")
    console.print(damage)
    if plot is not None:
        try:
            plot_report(summary, title, plot)
        except ModuleNotFoundError:
            raise fail("--plot needs matplotlib: pip install 'rulekeeper[plots]'") from None
        console.print(f"plot written to {plot}")


def main(args: list[str]) -> None:
    """Run ``simulate ARGS``: ``report ...`` or a simulation."""
    import typer.main

    if args[:1] == ["report"]:
        command, rest, name = report_app, args[1:], "rulekeeper simulate report"
    else:
        command, rest, name = run_app, args, "rulekeeper simulate"
    code = typer.main.get_command(command).main(args=rest, prog_name=name, standalone_mode=False)
    if isinstance(code, int) and code:
        raise typer.Exit(code)
