"""``rulekeeper play haven``: automatic games finish, and the board and menus render."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.haven.game import GAME

runner = CliRunner()


@pytest.fixture(autouse=True)
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULEKEEPER_HOME", str(tmp_path / "home"))


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_auto_random_games_finish(ruleset: str, seed: int) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "haven",
            "--ruleset",
            ruleset,
            "--scenario",
            "sunken-larder",
            "--auto",
            "random",
            "--seed",
            str(seed),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    assert "HV-FOCUS-1" in result.stdout  # monster turns are shown with the mover's reasons


def test_the_board_hands_and_menu_render() -> None:
    state = GAME.new_state("ember-vault", 1, "frosthaven")
    while state.is_chance_node():  # HV-SCEN-1: the standees' numbers
        state.apply(state.chance_outcomes()[0][0])
    console = Console(record=True, width=120)
    console.print(GAME.render(state))
    text = console.export_text()
    assert "round 1" in text and "warden" in text and "HP" in text
    menu = [GAME.describe_action(state, a) for a in state.legal_actions()]
    assert menu[0].startswith("select ") and "initiative" in menu[0]
