"""HV-CHAR-1, HV-SCEN-1: the players choose the party (issue 17): ``NAME@class,class``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulekeeper.core.errors import ContentError
from rulekeeper.core.randomness import SeededSampler, choose_step
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import parse_replay, replay_to_json, run_replay

GAME = find_game("haven")


def test_HV_CHAR_1_a_chosen_party_plays_and_its_size_sets_the_monsters() -> None:
    """HV-CHAR-1 / HV-SCEN-1: two chosen characters start; the roster is the one for two."""
    two = GAME.new_state(GAME.scenario_with_party("frozen-weir", ["tinker", "sage"]), 1)
    three = GAME.new_state("frozen-weir", 1)
    assert list(two.heroes) == ["tinker", "sage"]  # type: ignore[attr-defined]
    assert list(three.heroes) == ["warden", "tinker", "sage"]  # type: ignore[attr-defined]
    assert two.scenario == "frozen-weir@tinker,sage"
    assert GAME.party_choices("frozen-weir") == (
        ("warden", "tinker", "sage"),
        ("sage", "tinker", "warden"),
        3,
    )


def test_HV_CHAR_1_a_chosen_party_replays_from_its_scenario_name() -> None:
    """The scenario name carries the party, so (scenario, seed, actions) still replays."""
    state = GAME.new_state("ember-vault@warden,sage", 7)
    sampler = SeededSampler(7)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(choose_step(state, None, sampler)[0])
        else:
            state.apply(state.legal_actions()[0])
    again = run_replay(parse_replay(replay_to_json(state)))
    assert again.to_dict()["state"] == state.to_dict()["state"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ember-vault@nobody", "unknown class 'nobody'"),
        ("ember-vault@sage,sage", "HV-CHAR-1"),
        ("ember-vault@", "name the party"),
    ],
)
def test_HV_CHAR_1_a_bad_party_is_refused_by_name(name: str, words: str) -> None:
    with pytest.raises(ContentError, match=words):
        GAME.new_state(name, 1)


def test_play_party_option_is_checked_before_play() -> None:
    """``--party`` with a bad class or hero: one line, exit 2."""
    for args in (["haven", "--party", "warden,nobody"], ["salvage", "--party", "x"]):
        result = subprocess.run(
            [sys.executable, "-m", "rulekeeper.cli.main", "play", *args, "--seed", "1"],
            capture_output=True,
            text=True,
            input="quit\n",
            timeout=120,
        )
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_HV_SCEN_1_a_party_of_one_sets_out_the_ranks_for_two_where_none_is_given_for_one() -> None:
    """HV-SCEN-1 / HV-CHAR-1: a placement shows ranks for 2, 3 and 4 characters only; a
    party of one (house rule) on such a scenario meets the monsters two would, never an
    empty map (the start room's roster and later spawns alike)."""
    one = GAME.new_state("frozen-weir@warden", 1)
    two = GAME.new_state("frozen-weir@warden,sage", 1)
    while one.is_chance_node():
        one.apply(choose_step(one, None, SeededSampler(1))[0])
    while two.is_chance_node():
        two.apply(choose_step(two, None, SeededSampler(1))[0])

    def roster(state: object) -> list[tuple[str, bool]]:
        figures = state.figures.values()  # type: ignore[attr-defined]
        return sorted((f.type, f.elite) for f in figures if f.kind == "monster")

    assert roster(two)
    assert roster(one) == roster(two)
