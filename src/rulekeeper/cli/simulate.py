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
from rulekeeper.i18n import N_, _, _n, current_language

run_app = typer.Typer(add_completion=False, rich_markup_mode=None)
report_app = typer.Typer(add_completion=False, rich_markup_mode=None)

MAX_GAMES = 1_000_000
MAX_WORKERS = 256


@run_app.command(
    help=N_("Play GAMES games of a scenario with an agent policy; one SQLite row per game.")
)
@user_errors
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=N_("The game to simulate."))],
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", "-s", help=N_("A shipped scenario (default: the first).")),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", "-r", help=N_("The ruleset (default: the game's first).")),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help=N_("How many games to play."))] = 100,
    policy: Annotated[
        str, typer.Option("--policy", "-p", help=N_("The agent: random, greedy or mcts."))
    ] = "random",
    workers: Annotated[
        int,
        typer.Option("--workers", "-w", help=N_("Local worker processes (1: this process).")),
    ] = 1,
    ray_address: Annotated[
        str | None,
        typer.Option("--ray", help=N_("Run on a Ray cluster: 'auto', an address, or 'local'.")),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help=N_("The first game's seed."))] = 0,
    db: Annotated[
        Path, typer.Option("--db", help=N_("The SQLite file the games are added to."))
    ] = Path("simulations.sqlite"),
    quiet: Annotated[bool, typer.Option("--quiet", help=N_("No progress bar."))] = False,
) -> None:
    """Play GAMES games of a scenario with an agent policy; one SQLite row per game."""
    from rulekeeper.ai.adapter import adapter_for
    from rulekeeper.ai.agents import AGENTS
    from rulekeeper.core.registry import find_game
    from rulekeeper.sim.runner import SimulationSpec, run_local, run_ray
    from rulekeeper.sim.store import save_run

    if not 1 <= games <= MAX_GAMES:
        raise fail(_("--games: must be 1..{most}, not {games}", most=MAX_GAMES, games=games))
    if not 1 <= workers <= MAX_WORKERS:
        raise fail(
            _("--workers: must be 1..{most}, not {workers}", most=MAX_WORKERS, workers=workers)
        )
    if policy not in AGENTS:
        raise fail(
            _(
                "--policy: unknown policy {name} (known: {known})",
                name=repr(policy),
                known=", ".join(AGENTS),
            )
        )
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
    if ray_address:
        description = _n(
            "{game} {scenario}: {n} game, {policy}, Ray ({address})",
            "{game} {scenario}: {n} games, {policy}, Ray ({address})",
            games,
            game=game.name,
            scenario=scenario_name,
            policy=policy,
            address=ray_address,
        )
    else:
        description = _n(
            "{game} {scenario}: {n} game, {policy}, local workers: {workers}",
            "{game} {scenario}: {n} games, {policy}, local workers: {workers}",
            games,
            game=game.name,
            scenario=scenario_name,
            policy=policy,
            workers=workers,
        )
    with _progress(quiet, description, games) as advance:
        if ray_address:
            try:
                import ray  # noqa: F401
            except ModuleNotFoundError:
                raise fail(_("--ray needs Ray: pip install 'rulekeeper[cluster]'")) from None
            try:
                records = run_ray(spec, seeds, ray_address, advance)
            except (ConnectionError, RuntimeError) as error:
                first = str(error).strip().splitlines()[0] if str(error).strip() else ""
                raise fail(
                    _(
                        "--ray {address}: no Ray cluster reached ({reason})",
                        address=ray_address,
                        reason=first,
                    )
                ) from None
        else:
            records = run_local(spec, seeds, workers, advance)
    run = save_run(db, spec, records)
    wins = sum(1 for r in records if r.outcome == "won")
    typer.echo(
        _n(
            "run {run}: {n} game, {wins} won; saved to {db}",
            "run {run}: {n} games, {wins} won; saved to {db}",
            len(records),
            run=run,
            wins=wins,
            db=str(db),
        )
    )


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


@report_app.command(help=N_("Outcome rates with 95% intervals, rounds played and damage per hero."))
@user_errors
def report(
    db: Annotated[Path, typer.Argument(metavar="DB", help=N_("A database written by simulate."))],
    run: Annotated[
        int | None, typer.Option("--run", help=N_("The run to report (default: the latest)."))
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help=N_("Also draw the report into this PNG file."))
    ] = None,
) -> None:
    """Outcome rates with 95% intervals, rounds played and damage per hero."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from rulekeeper.sim.report import outcome_name, plot_report, rounds_histogram, summarise
    from rulekeeper.sim.store import load_games

    if plot is not None and plot.suffix.lower() != ".png":
        raise fail(_("--plot: {path} must end in .png", path=str(plot)))
    header, records = load_games(db, run)
    if not records:
        raise fail(_("{db}: run {run} holds no game", db=str(db), run=header["id"]))
    summary = summarise(records)
    title = _(
        "{game} {scenario} ({ruleset}), policy {policy}: run {run}",
        game=header["game"],
        scenario=header["scenario"],
        ruleset=header["ruleset"],
        policy=header["policy"],
        run=header["id"],
    )
    console = Console(highlight=False)
    games_line = _n("{n} game", "{n} games", summary.games)
    console.print(f"[bold]{escape(title)}[/bold] — {games_line}")
    outcomes = Table(title=_("Outcomes (95% Wilson interval)"))
    for column in (_("outcome"), _("games played"), _("rate"), _("95% interval")):
        outcomes.add_column(column)
    for o in summary.outcomes:
        outcomes.add_row(
            outcome_name(o.outcome), str(o.count), f"{o.rate:.1%}", f"{o.low:.1%} – {o.high:.1%}"
        )
    console.print(outcomes)
    mean = f"{summary.mean_rounds:.1f}"
    histogram = Table(title=_("Rounds played (mean {mean})", mean=mean))
    histogram.add_column(_("rounds"))
    histogram.add_column(_("games played"))
    for rounds, count in rounds_histogram(summary.rounds):
        histogram.add_row(str(rounds), str(count))
    console.print(histogram)
    damage = Table(title=_("Damage taken per hero (hit points per game)"))
    damage.add_column(_("hero"))
    damage.add_column(_("mean"))
    damage.add_column(_("sd"))
    for d in summary.damage:
        damage.add_row(d.hero, f"{d.mean:.2f}", f"{d.stdev:.2f}")
    console.print(damage)
    if plot is not None:
        try:
            plot_report(summary, title, plot)
        except ModuleNotFoundError:
            raise fail(_("--plot needs matplotlib: pip install 'rulekeeper[plots]'")) from None
        console.print(_("plot written to {path}", path=str(plot)), markup=False)


def main(args: list[str]) -> None:
    """Run ``simulate ARGS``: ``report ...`` or a simulation."""
    import typer.main

    from rulekeeper.cli.language_option import translate_help

    if args[:1] == ["report"]:
        command, rest, name = report_app, args[1:], "rulekeeper simulate report"
    else:
        command, rest, name = run_app, args, "rulekeeper simulate"
    # The help is declared in English (N_) and shown in the current language.
    click_command = typer.main.get_command(command)
    translate_help(click_command, current_language())
    code = click_command.main(args=rest, prog_name=name, standalone_mode=False)
    if isinstance(code, int) and code:
        raise typer.Exit(code)
