"""Issue 17: the players choose salvage's party (``NAME@hero,hero``; the catalog is silent on
party size, so any heroes the content defines, each once, start in the start room: ASSUMED,
docs/games/salvage.md)."""

from __future__ import annotations

import pytest

from party_choice_checks import play_cli, replays_from_its_name
from rulekeeper.core.errors import ContentError
from rulekeeper.core.registry import find_game

GAME = find_game("salvage")


def test_a_chosen_smaller_party_plays_with_those_heroes_in_the_start_room() -> None:
    name = GAME.scenario_with_party("drowned-spire", ["Ilse Brand", "Dov Marrow"])
    assert name == "drowned-spire@Ilse Brand,Dov Marrow"
    state = GAME.new_state(name, 1)
    assert [h.name for h in state.heroes] == ["Ilse Brand", "Dov Marrow"]  # type: ignore[attr-defined]
    assert {h.room for h in state.heroes} == {0}  # type: ignore[attr-defined]
    own, known, most = GAME.party_choices("drowned-spire") or ((), (), 0)
    assert own == ("Tamsin Rook", "Dov Marrow", "Sefa Quill")
    assert {"Ilse Brand", "Dov Marrow", "Tamsin Rook"} <= set(known)
    assert most == min(6, len(known))
    # The default scenario keeps its own party.
    assert [h.name for h in GAME.new_state("drowned-spire", 1).heroes] == list(own)  # type: ignore[attr-defined]


def test_a_chosen_party_replays_from_the_scenario_name() -> None:
    replays_from_its_name(GAME, "drowned-spire@Sefa Quill", 5)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("drowned-spire@Nobody", "heroes.0: unknown hero 'Nobody'"),
        ("drowned-spire@Dov Marrow,Dov Marrow", "party: each hero may be in the party once"),
        ("drowned-spire@", "party: name the heroes"),
        ("drowned-spire@a,b,c,d,e,f,g", "party: 7 heroes; the scenario allows 6"),
    ],
)
def test_a_bad_party_is_refused_naming_the_field(name: str, words: str) -> None:
    with pytest.raises(ContentError, match=words):
        GAME.new_state(name, 1)


def test_play_party_auto_random_finishes_and_a_bad_party_exits_2() -> None:
    done = play_cli(
        "salvage", "--party", "Dov Marrow,Ilse Brand", "--auto", "random", "--seed", "2"
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    bad = play_cli("salvage", "--party", "Dov Marrow,Nobody", "--seed", "2")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()]
    assert "unknown hero 'Nobody'" in bad.stderr
