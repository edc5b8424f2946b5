"""``rulekeeper``: list games, play them, replay and manage saved games.

Each command imports what it uses inside its function (rich, pydantic, the
games, the save store), so ``rulekeeper --help`` and a quick command start
fast; the module level holds only typer and the command signatures.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rulekeeper import __version__
from rulekeeper.cli.click_language import install as install_typer_language
from rulekeeper.cli.click_language import usage_error_text
from rulekeeper.cli.content import content_app
from rulekeeper.cli.errors import error_line, fail, user_errors
from rulekeeper.cli.haven import haven_app
from rulekeeper.cli.language_option import LanguageGroup, add_language_option, filled_help
from rulekeeper.cli.rules import rules_command
from rulekeeper.cli.serve import serve_command
from rulekeeper.core.errors import ContentError, RulekeeperError, printable
from rulekeeper.core.limits import MAX_SEED, MIN_SEED
from rulekeeper.i18n import _, _n, lazy

if TYPE_CHECKING:
    from rich.console import Console

    from rulekeeper.core.game import Game, State
    from rulekeeper.store import SaveStore

POLICY_NAMES = ("random",)
"""The policies ``--auto`` accepts: the names of ``core.randomness.POLICIES``, given here so
that every command's help does not import the samplers (start-up, issue 12); a test in
tests/cli/test_cli_imports.py keeps the two equal."""

install_typer_language()

app = typer.Typer(
    cls=LanguageGroup,
    help=_(
        "rulekeeper: exact rules, automated monsters and explained rulings for cooperative dungeon crawlers."
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
saves_app = typer.Typer(
    help=_("List, show, resume, export and import saved games."),
    no_args_is_help=True,
)
app.add_typer(saves_app, name="saves")
app.add_typer(haven_app, name="haven")
app.add_typer(content_app, name="content")
app.command(
    "serve",
    help=_("Play in a browser: every game family on SVG boards, live on several devices."),
)(serve_command)
app.command("rules")(rules_command)


def _console() -> Console:
    """The console every command prints on: text from files is never read as markup."""
    from rich.console import Console

    return Console(highlight=False, markup=False)


def _read_line(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulekeeper {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=_("Show the version.")),
    ] = False,
) -> None:
    """The options every command line may start with."""


# -- games ----------------------------------------------------------------------
@app.command(help=_("List the games, their rulesets and their scenarios."))
@user_errors
def games() -> None:
    """List the games, their rulesets and their scenarios."""
    from rich.table import Table

    from rulekeeper.core.registry import all_games

    console = _console()
    installed = all_games()
    if not installed:
        console.print(_("No game is installed yet."))
        return
    table = Table(title=_("Games"))
    table.add_column(_("game"))
    table.add_column(_("title"))
    table.add_column(_("rulesets"))
    table.add_column(_("scenarios"))
    for game in installed:
        scenarios = ", ".join(s.name for s in game.scenarios()) or _("(none shipped)")
        table.add_row(game.name, game.shown_title(), ", ".join(game.rulesets), scenarios)
    console.print(table)


# -- play -------------------------------------------------------------------------
def _choose(console: Console, title: str, options: list[str]) -> int | None:
    console.print(title)
    for number, option in enumerate(options, start=1):
        console.print(f"  {number}. {option}", markup=False)
    while True:
        line = _read_line("> ")
        if line is None or line.strip() in ("q", "quit"):
            return None
        if line.strip().isdigit() and 1 <= int(line) <= len(options):
            return int(line) - 1
        console.print(_("choose a number from 1 to {last}, or q to quit", last=len(options)))


def _pick_game_and_scenario(console: Console, seed: int) -> tuple[Game, str, str | None] | None:
    """Ask which game, scenario and (where a game has several) ruleset to play."""
    from rulekeeper.core.registry import all_games

    console.print(
        _("seed {seed} (every roll and draw follows it; --seed N to choose one)", seed=seed)
    )

    playable = [g for g in all_games() if g.scenarios()]
    if not playable:
        console.print(_("No game with a scenario is installed yet; nothing to play."))
        return None
    choices: list[tuple[Game, str, str | None]] = []
    labels: list[str] = []
    for game in playable:
        for scenario in game.scenarios():
            rulesets = scenario.rulesets or game.rulesets
            for ruleset in rulesets if len(game.rulesets) > 1 else (None,):
                choices.append((game, scenario.name, ruleset))
                shown = f" ({ruleset})" if ruleset else ""
                labels.append(f"{game.name}: {scenario.name}{shown} — {scenario.title}")
    picked = _choose(console, _("Installed games and scenarios:"), labels)
    if picked is None:
        return None
    game, chosen, ruleset = choices[picked]
    played = _pick_party(console, game, chosen)
    if played is None:
        return None
    return game, played, ruleset


def _pick_party(console: Console, game: Game, scenario: str) -> str | None:
    """Ask who plays, where the game lets the players choose; the scenario name to play."""
    offered = game.party_choices(scenario)
    if offered is None:
        return scenario
    own, classes, most = offered
    options = [_("the scenario's party: {party}", party=list(own)), _("choose the characters")]
    picked = _choose(console, _("Party:"), options)
    if picked is None:
        return None
    if picked == 0:
        return scenario
    sizes = list(range(2, min(most, len(classes)) + 1))
    size = _choose(console, _("How many characters?"), [str(n) for n in sizes])
    if size is None:
        return None
    party: list[str] = []
    while len(party) < sizes[size]:
        left = [c for c in classes if c not in party]
        one = _choose(
            console,
            _("Character {number} of {count}:", number=len(party) + 1, count=sizes[size]),
            left,
        )
        if one is None:
            return None
        party.append(left[one])
    return game.scenario_with_party(scenario, party)


def _title(game: Game, scenario: str) -> str:
    return next((s.title for s in game.scenarios() if s.name == scenario), scenario)


def _default_scenario(game: Game) -> str:
    shipped = game.scenarios()
    if not shipped:
        raise ContentError(
            _("{game} ships no scenario; pass --scenario FILE", game=game.name),
            field="--scenario",
        )
    return shipped[0].name


@app.command(help=_("Play a game in the terminal: numbered choices, undo, save, quit."))
@user_errors
def play(
    game_name: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help=_("The game; omit it to choose from a list.")),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", "-r", help=_("The ruleset (default: the game's first).")),
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", "-s", help=_("A shipped scenario name or a scenario file.")),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=MIN_SEED,
            max=MAX_SEED,
            help=_("Seed for every roll and draw (64 bits); random unless given, and shown."),
        ),
    ] = None,
    auto: Annotated[
        str | None,
        typer.Option(
            "--auto",
            help=filled_help(
                lazy("Let a policy make every choice: {policies}", policies=list(POLICY_NAMES))
            ),
        ),
    ] = None,
    save: Annotated[
        str | None,
        typer.Option("--save", help=_("Save the game under this name as it is played.")),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", help=_("Print only the outcome (with --auto)."))
    ] = False,
    party: Annotated[
        str | None,
        typer.Option(
            "--party",
            help=_(
                "The characters or heroes who play, like warden,sage (default: the scenario's)."
            ),
        ),
    ] = None,
    wide: Annotated[
        bool,
        typer.Option("--wide", help=_("Draw for the terminal's full width instead of 80 columns.")),
    ] = False,
    companion: Annotated[
        bool, typer.Option("--companion", help=_("haven: referee a game on your own board."))
    ] = False,
    library: Annotated[
        Path | None,
        typer.Option("--library", help=_("--companion: the content library folder.")),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help=_("--companion: how many characters play."))
    ] = None,
    level: Annotated[
        int | None, typer.Option("--level", help=_("--companion: the scenario level."))
    ] = None,
    chance: Annotated[
        str, typer.Option("--chance", help=_("--companion: auto (the app draws) or manual."))
    ] = "auto",
) -> None:
    """Play a game in the terminal: numbered choices, undo, save, quit."""
    _check_mode_options(
        companion,
        companion_only={
            "--library": library is not None,
            "--players": players is not None,
            "--level": level is not None,
            "--chance": chance != "auto",
        },
        scenario_only={
            "--auto": auto is not None,
            "--quiet": quiet,
            "--party": party is not None,
            "--wide": wide,
        },
    )
    if companion:
        from rulekeeper.cli.companion import run_companion

        if game_name != "haven":
            raise fail(_("--companion: companion mode is a haven mode (play haven --companion)"))
        run_companion(
            _console(),
            _read_line,
            library=library,
            scenario=scenario,
            players=players,
            level=level,
            seed=1 if seed is None else seed,
            ruleset=ruleset,
            chance=chance,
            save=save,
        )
        return
    from rulekeeper.core.registry import find_game
    from rulekeeper.store import SaveStore, check_save_name

    console = _console()
    if auto is not None and auto not in POLICY_NAMES:
        raise fail(_unknown_policy(auto))
    if save is not None:
        check_save_name(save)
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)  # random by default; shown, and kept in the replay
    if game_name is None:
        picked = _pick_game_and_scenario(console, seed)
        if picked is None:
            return
        game, scenario_name, ruleset = picked[0], picked[1], ruleset or picked[2]
    else:
        game = find_game(game_name)
        scenario_name = scenario or _default_scenario(game)
    if party is not None:
        if game.party_choices(scenario_name) is None:
            raise fail(_("--party: in {game} the scenario sets the party", game=game.name))
        scenario_name = game.scenario_with_party(scenario_name, party.split(","))
    state = game.new_state(scenario_name, seed, game.check_ruleset(ruleset))
    store = SaveStore()
    if save is not None:
        store.create(save, state.replay_header(), hold=True)
    try:
        _run_session(console, state, store=store, save_name=save, auto=auto, quiet=quiet, wide=wide)
    finally:
        store.release_all()


def _check_mode_options(
    companion: bool, *, companion_only: dict[str, bool], scenario_only: dict[str, bool]
) -> None:
    """Refuse an option the chosen mode would ignore (one line naming it, exit status 2)."""
    for option, given in (scenario_only if companion else companion_only).items():
        if not given:
            continue
        if companion:
            raise fail(_("{option}: not used in companion mode (--companion)", option=option))
        raise fail(_("{option}: only used in companion mode (add --companion)", option=option))


def _run_session(
    console: Console,
    state: State,
    *,
    store: SaveStore | None,
    save_name: str | None,
    auto: str | None,
    quiet: bool = False,
    wide: bool = False,
) -> None:
    from rich.text import Text

    from rulekeeper.cli.play import WIDTH, PlaySession
    from rulekeeper.core.randomness import POLICIES

    policy = POLICIES[auto](state.seed) if auto is not None else None
    if not quiet and auto is not None:  # interactive play shows the same on its screen
        heading = Text(state.game.shown_title(), style="bold")
        heading.append(
            _(
                " — scenario {scenario}, ruleset {ruleset}, seed {seed}",
                scenario=printable(state.scenario),
                ruleset=state.ruleset,
                seed=state.seed,
            )
        )
        console.print(heading)
    session = PlaySession(
        state,
        console,
        _read_line,
        store=store,
        save_name=save_name,
        policy=policy,
        quiet=quiet,
        width=max(console.width, WIDTH) if wide else WIDTH,
    )
    finished = session.run()
    if not finished and session.save_name is not None:
        console.print(
            _(
                "Saved as {name}; resume with: rulekeeper saves resume {plain_name}",
                name=repr(session.save_name),
                plain_name=session.save_name,
            )
        )


def _unknown_policy(auto: str) -> str:
    return _(
        "--auto: unknown policy {policy} (known: {known})",
        policy=repr(auto),
        known=list(POLICY_NAMES),
    )


# -- replay -------------------------------------------------------------------------
@app.command(help=_("Replay a game from its file and print the final state."))
@user_errors
def replay(
    file: Annotated[Path, typer.Argument(help=_("A rulekeeper-replay/1 JSON file."))],
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print the final state as JSON."))
    ] = False,
    log: Annotated[
        bool,
        typer.Option("--log", help=_("Print the event log (every ruling, with its rules) first.")),
    ] = False,
) -> None:
    """Replay a game from its file and print the final state."""
    from rulekeeper.core.replay import load_replay, run_replay

    state = run_replay(load_replay(file))
    if log and not as_json:
        for event in state.log:
            typer.echo(printable(f"  {event}"))
    _print_state(state, as_json)


def _print_state(state: State, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(state.to_dict(), indent=2, sort_keys=True))
        return
    console = _console()
    console.print(state.game.render(state))
    outcome = state.outcome()
    if outcome:
        line = _n(
            "{n} action; game over — {outcome}",
            "{n} actions; game over — {outcome}",
            len(state.history),
            outcome=outcome,
        )
    else:
        line = _n(
            "{n} action; {decision}",
            "{n} actions; {decision}",
            len(state.history),
            decision=state.pending_decision(),
        )
    console.print(line, markup=False)


# -- saves ----------------------------------------------------------------------------
@saves_app.command("list", help=_("List the saved games."))
@user_errors
def saves_list() -> None:
    """List the saved games."""
    from rich.table import Table

    from rulekeeper.core.game import shown_outcome
    from rulekeeper.store import SaveStore

    console = _console()
    saved = SaveStore().list()
    if not saved:
        console.print(_("No saved games."))
        return
    table = Table(title=_("Saved games ({path})", path=SaveStore().path))
    for column in (
        _("name"),
        _("game"),
        _("ruleset"),
        _("scenario"),
        _("seed"),
        _("actions"),
        _("updated"),
        _("outcome"),
    ):
        table.add_column(column)
    for s in saved:
        table.add_row(
            s.name,
            s.game,
            s.ruleset,
            s.scenario,
            str(s.seed),
            str(s.actions),
            s.updated,
            shown_outcome(s.outcome) or "—",
        )
    console.print(table)


@saves_app.command("show", help=_("Replay a saved game and show where it stands."))
@user_errors
def saves_show(
    name: Annotated[str, typer.Argument(help=_("The save's name."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the state as JSON."))] = False,
) -> None:
    """Replay a saved game and show where it stands."""
    from rulekeeper.core.replay import run_replay
    from rulekeeper.store import SaveStore

    _print_state(run_replay(SaveStore().load(name)), as_json)


@saves_app.command("resume", help=_("Continue a saved game where it stopped."))
@user_errors
def saves_resume(
    name: Annotated[str, typer.Argument(help=_("The save's name."))],
    auto: Annotated[
        str | None,
        typer.Option(
            "--auto",
            help=filled_help(
                lazy("Let a policy make every choice: {policies}", policies=list(POLICY_NAMES))
            ),
        ),
    ] = None,
) -> None:
    """Continue a saved game where it stopped."""
    from rulekeeper.core.replay import run_replay
    from rulekeeper.store import SaveStore

    if auto is not None and auto not in POLICY_NAMES:
        raise fail(_unknown_policy(auto))
    store = SaveStore()
    console = _console()
    crashed = store.hold(name)
    try:
        if crashed is not None:
            console.print(
                _(
                    "took over {name} from {holder}, which has ended",
                    name=repr(name),
                    holder=crashed.describe(),
                )
            )
        state = run_replay(store.load(name))
        if state.game.name == "haven-companion" and auto is None:
            from rulekeeper.cli.companion import CompanionSession

            CompanionSession(state, console, _read_line, store=store, save_name=name).run()
            return
        _run_session(console, state, store=store, save_name=name, auto=auto)
    finally:
        store.release_all()


@saves_app.command("export", help=_("Export a saved game as a replay file."))
@user_errors
def saves_export(
    name: Annotated[str, typer.Argument(help=_("The save's name."))],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help=_("Write to this file instead of stdout.")),
    ] = None,
) -> None:
    """Export a saved game as a replay file."""
    from rulekeeper.cli.output import write_json
    from rulekeeper.store import SaveStore

    write_json(
        SaveStore().load(name).model_dump(),
        out,
        _("exported {name} to {file}", name=repr(name), file=out),
    )


@saves_app.command(
    "import", help=_("Import a replay file as a saved game (it must replay cleanly).")
)
@user_errors
def saves_import(
    file: Annotated[Path, typer.Argument(help=_("A rulekeeper-replay/1 JSON file."))],
    name: Annotated[
        str | None,
        typer.Option("--name", help=_("The save's name (default: the file's stem).")),
    ] = None,
) -> None:
    """Import a replay file as a saved game (it must replay cleanly)."""
    from rulekeeper.core.replay import load_replay, replay_to_json, run_replay
    from rulekeeper.store import SaveStore, check_save_name

    replay_file = load_replay(file)
    state = run_replay(replay_file)
    save_name = check_save_name(name or file.stem)
    store = SaveStore()
    store.create(save_name, state.replay_header(), replay_to_json(state)["actions"])
    outcome = state.outcome()
    if outcome is not None:
        store.set_outcome(save_name, outcome.to_record())
    typer.echo(
        printable(
            _n(
                "imported {file} as {name} ({n} action)",
                "imported {file} as {name} ({n} actions)",
                len(state.history),
                file=file,
                name=repr(save_name),
            )
        )
    )


# -- simulate ------------------------------------------------------------------------
@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
    help=_(
        "Play many games with an agent (GAME --scenario S --games N --policy P --workers K "
        "[--ray ADDRESS]); 'simulate report DB [--plot FILE.png]' summarises them. See "
        "'rulekeeper simulate --help'."
    ),
)
def simulate(ctx: typer.Context) -> None:
    """Play many games with an agent (GAME --scenario S --games N --policy P --workers K
    [--ray ADDRESS]); 'simulate report DB [--plot FILE.png]' summarises them. See
    'rulekeeper simulate --help'."""
    from rulekeeper.cli.simulate import main as simulate_main
    from rulekeeper.cli.simulate import report_app, run_app

    add_language_option(run_app)
    add_language_option(report_app)
    simulate_main(list(ctx.args))


add_language_option(app)


def main() -> None:
    """The console script's entry point: usage errors, too, are one line and exit 2."""
    try:
        code = app(standalone_mode=False)
    except RulekeeperError as error:  # a user error that escaped a command
        typer.echo(error_line(str(error)), err=True)
        sys.exit(2)
    except Exception as error:
        # typer's usage errors (bad option values, unknown commands) carry exit
        # code 2 and a message; its own classes are private, so match the shape.
        message = getattr(error, "format_message", None)
        if type(error).__name__ == "NoArgsIsHelpError" and callable(message):
            typer.echo(message())  # a bare command group asks for its help
            sys.exit(0)
        if getattr(error, "exit_code", None) == 2 and callable(message):
            context = getattr(error, "ctx", None)
            command = getattr(context, "command_path", None) or "rulekeeper"
            typer.echo(
                printable(
                    _(
                        "{command}: {message} (see --help)",
                        command=command,
                        message=usage_error_text(error, message()),
                    )
                ),
                err=True,
            )
            sys.exit(2)
        if type(error).__name__ == "Abort":
            typer.echo(error_line(_("aborted")), err=True)
            sys.exit(1)
        raise
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
