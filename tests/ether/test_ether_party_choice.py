"""Issue 17: the players choose ether's party (``NAME@hero,hero``; the catalog is silent on
party size, so any heroes the content defines, each once, start on the start space: ASSUMED,
docs/games/ether.md)."""

from __future__ import annotations

import pytest

from party_choice_checks import play_cli, replays_from_its_name
from rulekeeper.core.errors import ContentError
from rulekeeper.core.registry import find_game

GAME = find_game("ether")


def test_a_chosen_party_plays_with_those_heroes_on_the_start_space() -> None:
    alone = GAME.new_state(GAME.scenario_with_party("ember-vault", ["odo"]), 1)
    assert [h.id for h in alone.heroes] == ["odo"]  # type: ignore[attr-defined]
    swapped = GAME.new_state("ember-vault@odo,wren", 1)
    assert [h.id for h in swapped.heroes] == ["odo", "wren"]  # type: ignore[attr-defined]
    assert len({h.space for h in swapped.heroes}) == 1  # type: ignore[attr-defined]
    assert GAME.party_choices("ember-vault") == (("wren", "odo"), ("odo", "wren"), 2)
    assert [h.id for h in GAME.new_state("ember-vault", 1).heroes] == ["wren", "odo"]  # type: ignore[attr-defined]


def test_a_chosen_party_replays_from_the_scenario_name() -> None:
    replays_from_its_name(GAME, "lantern-rift@wren", 4)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ember-vault@nobody", "scenario.heroes.0: unknown hero 'nobody'"),
        ("ember-vault@odo,odo", "party: each hero may be in the party once"),
        ("ember-vault@ , ", "party: name the heroes"),
    ],
)
def test_a_bad_party_is_refused_naming_the_field(name: str, words: str) -> None:
    with pytest.raises(ContentError, match=words):
        GAME.new_state(name, 1)


def test_play_party_auto_random_finishes_and_a_bad_party_exits_2() -> None:
    done = play_cli("ether", "--party", "odo", "--auto", "random", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    bad = play_cli("ether", "--party", "odo,odo", "--seed", "2")
    assert bad.returncode == 2
    assert bad.stderr.strip() == "rulekeeper: party: each hero may be in the party once"
