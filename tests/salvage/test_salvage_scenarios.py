"""The shipped salvage scenarios (issue 19): how many, what rules each exercises, a won game.

Every shipped scenario also goes through the protocol conformance check and the
near-miss fuzz in ``tests/test_conformance_games.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.salvage.content import load_scenario, shipped_scenario_names
from rulekeeper.games.salvage.game import GAME
from rulekeeper.sim.runner import SimulationSpec, play_game

NEW_SCENARIOS = ["frozen-berth", "signal-relay"]


def test_at_least_three_original_scenarios_ship() -> None:
    names = shipped_scenario_names()
    assert len(names) >= 3
    assert set(NEW_SCENARIOS) <= set(names)


def test_each_scenario_exercises_its_own_mix_of_rules() -> None:
    """SV-END-1 objectives of both kinds, SV-ENG-2 hero abilities in one of them,
    SV-ROUND-4 thresholds everywhere, SV-MOVE-6 requirements of every kind."""
    scenarios = {name: load_scenario(name) for name in shipped_scenario_names()}
    kinds = {s.objective.kind for s in scenarios.values()}
    assert kinds == {"escape", "defeat"}
    with_abilities = [name for name, s in scenarios.items() if any(h.abilities for h in s.heroes)]
    assert with_abilities == ["signal-relay"]
    relay = scenarios["signal-relay"]
    effects = {(a.kind, a.effect) for h in relay.heroes for a in h.abilities}
    assert effects == {
        ("action", "strike"),
        ("passive", "strategy"),
        ("action", "heal"),
        ("passive", "ward"),
        ("passive", "commit"),
    }
    requirement_kinds = {r.kind for s in scenarios.values() for r in s.requirements.values()}
    assert requirement_kinds == {"free", "item", "health", "dice"}
    mixes = {
        name: (s.objective.kind, s.grid.rows * s.grid.cols, len(s.heroes), bool(s.enemies))
        for name, s in scenarios.items()
    }
    assert len(set(mixes.values())) == len(mixes)  # no two scenarios alike


def test_SV_ENG_2_the_relay_heroes_offer_their_abilities() -> None:
    """SV-ENG-2: in the Signal Relay, Ilse's Field Dressing is on her first menu."""
    from rulekeeper.games.salvage.actions import ChooseHero, UseAbility

    state = GAME.new_state("signal-relay", 1)
    state.apply(ChooseHero(1))
    assert UseAbility("Field Dressing") in state.legal_actions()


def test_SV_STRAT_1_wrens_steady_hands_add_a_salvage_phase() -> None:
    """SV-STRAT-1 + SV-ENG-2: Wren (Strategy 2) salvages through 3 phases; moves through 2."""
    from rulekeeper.core import ScriptedSampler, advance_chance
    from rulekeeper.core.conformance import assert_rejected
    from rulekeeper.games.salvage.actions import (
        ApplyRoll,
        ChooseHero,
        CommitDie,
        Reroll,
        RollDice,
        StartMove,
        StartSalvage,
    )

    state = GAME.new_state("signal-relay", 1)
    state.apply(ChooseHero(0))
    state.apply(StartSalvage())
    for _ in range(2):
        advance_chance(state, ScriptedSampler(["blank"] * 5))
        state.apply(Reroll())
    advance_chance(state, ScriptedSampler(["blank"] * 5))
    assert_rejected(state, Reroll(), "SV-STRAT-1")
    state.apply(ApplyRoll())
    state.apply(StartMove())
    state.apply(CommitDie("brass"))
    state.apply(RollDice())
    advance_chance(state, ScriptedSampler(["blank"]))
    state.apply(Reroll())
    advance_chance(state, ScriptedSampler(["blank"]))
    assert_rejected(state, Reroll(), "SV-STRAT-1")


def test_SV_END_1_the_greedy_agent_wins_the_frozen_berth() -> None:
    """SV-END-1: the greedy agent plays the Frozen Berth to a win (defeat the Rust Gnawer)."""
    spec = SimulationSpec("salvage", "frozen-berth", "standard", "greedy")
    records = [play_game(spec, seed) for seed in range(4)]
    won = [r for r in records if r.outcome == "won"]
    assert won, [r.summary for r in records]
    assert all(r.summary == "every Rust Gnawer is defeated" for r in won)


@pytest.mark.parametrize("scenario", NEW_SCENARIOS)
def test_random_autoplay_finishes_every_new_scenario(
    scenario: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rulekeeper play salvage --auto random` plays each new scenario to its end."""
    monkeypatch.setenv("RULEKEEPER_HOME", str(tmp_path))
    result = CliRunner().invoke(
        app, ["play", "salvage", "--scenario", scenario, "--auto", "random", "--seed", "2"]
    )
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Game over" in result.stdout
