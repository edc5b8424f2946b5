"""Issue 16's acceptance path: an original fixture in the GHS data folder's shape, imported by
``rulekeeper haven import`` into a library, played to the end in companion mode — ability
cards, elements, a boss with its specials, loot and a treasure."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_script import GHS_FOLDER, IMPORTED_SCRIPT
from rulekeeper.core.conformance import check_game, fuzz_game
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import replay_actions
from rulekeeper.games.haven.companion_library import scenario_name
from rulekeeper.games.haven.ghs_library import convert, write_library

GAME = find_game("haven-companion")


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("imported") / "library"
    converted, report = convert(GHS_FOLDER, "gh", lambda _: None)
    assert all(c.converted == c.total for c in report.counts.values())
    write_library(converted, report, out)
    return out


def test_an_imported_scenario_is_played_to_the_end(library: Path) -> None:
    state = GAME.new_state(scenario_name(library, "gh-1"), 1)
    for raw in IMPORTED_SCRIPT:
        state.apply(GAME.parse_action(raw))
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "won"
    assert outcome.summary.endswith("lampwright: 6 xp, 4 gold, treasure 4")
    log = "\n".join(str(e) for e in state.log)
    # the boss: hit points 7xC, attack C+2 (+1 from its card) — equations in C and L
    assert "cinder-tyrant-1 (boss Cinder Tyrant, 7 hit points) is set out: room 2" in log
    assert "cinder-tyrant-1's turn: attack 4 melee, shield 1" in log
    # its Special 2: a summon and an infusion after its turn (HV-BOSS-2, HV-ELEM-4)
    assert "cinder-tyrant-1: infuse fire, summon ash-rat" in log
    assert "cinder-tyrant infuses fire [HV-ELEM-4]" in log
    assert "ember-altar-1 (Ember Altar, 3 hit points, an objective) is set out: room 2" in log
    assert "ash-rat-1 drops a loot token [HV-LOOT-3]" in log
    again = replay_actions(
        GAME, state.ruleset, state.scenario, state.seed, [a.to_json() for _, a in state.history]
    )
    assert again.to_dict() == state.to_dict()


def test_seeded_random_games_of_the_imported_scenario_conform(library: Path) -> None:
    scenario = scenario_name(library, "gh-1")
    report = check_game(GAME, scenario, range(1, 4))
    assert all(o.split(":")[0] in ("won", "lost") for o in report.outcomes)
    assert fuzz_game(GAME, scenario, range(1, 2)) > 0
