"""Issue 17: the players choose the areas party (``NAME@hero,hero``; the catalog is silent on
party size, so catalog heroes, each once, take the scenario's hero starts in order: ASSUMED,
docs/games/areas.md)."""

from __future__ import annotations

import pytest

from party_choice_checks import play_cli, replays_from_its_name
from rulekeeper.core.errors import ContentError
from rulekeeper.core.registry import find_game

GAME = find_game("areas")


def test_a_chosen_party_takes_the_scenario_hero_starts_in_order() -> None:
    state = GAME.new_state(GAME.scenario_with_party("sunken-gate", ["orla", "sellis"]), 1)
    own = GAME.new_state("sunken-gate", 1)
    assert state.hero_order == ("orla", "sellis")  # type: ignore[attr-defined]
    starts = [own.figures[h].area for h in own.hero_order]  # type: ignore[attr-defined]
    assert [state.figures[h].area for h in state.hero_order] == starts[:2]  # type: ignore[attr-defined]
    assert GAME.party_choices("wharf-landing") == (
        ("brannoc", "sellis"),
        ("brannoc", "orla", "sellis"),
        2,
    )


def test_a_chosen_party_replays_from_the_scenario_name() -> None:
    replays_from_its_name(GAME, "wharf-landing@orla", 3)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("wharf-landing@nobody", "heroes.0.figure: unknown hero 'nobody'"),
        ("wharf-landing@orla,orla", "party: each hero may be in the party once"),
        ("wharf-landing@orla,sellis,brannoc", "party: 3 heroes; the scenario places 2"),
    ],
)
def test_a_bad_party_is_refused_naming_the_field(name: str, words: str) -> None:
    with pytest.raises(ContentError, match=words):
        GAME.new_state(name, 1)


def test_play_party_auto_random_finishes_and_a_bad_party_exits_2() -> None:
    done = play_cli("areas", "--party", "orla,brannoc", "--auto", "random", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    bad = play_cli(
        "areas", "--scenario", "wharf-landing", "--party", "orla,sellis,brannoc", "--seed", "2"
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() == "rulekeeper: party: 3 heroes; the scenario places 2"
