"""Issue 18 acceptance, haven: a scripted game replayed in Catalan and in Turkish is fully
translated, its log and its terminal screen.

Each game is recorded once (a fixed seed, the seeded random policy, played to its end, on
both rulesets), written as a replay file (scenario, seed, actions), and replayed from that
file. Every event of the replayed log must carry a message the language's catalog
translates, terms included, and hold no English word once the content names (data) are
taken out; so must the terminal play screen and the actions offered at each decision of
the replay.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console
from translation_checks import english_words, log_problems

from rulekeeper.core import RandomPolicy, SeededSampler
from rulekeeper.core.replay import parse_replay, replay_to_json, run_replay
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.map_picture import figure_mark
from rulekeeper.games.haven.render import describe_action, render_state, screen
from rulekeeper.games.haven.state import HavenState
from rulekeeper.i18n import use_language

SCRIPTED = [
    ("gloomhaven", "signal-fire", 7),
    ("gloomhaven", "gilded-crypt", 7),
    ("frosthaven", "frozen-weir", 7),
    ("frosthaven", "toll-bridge", 3),
]
"""(ruleset, scenario, seed): together they reach special rules, spawns, doors, loot,
items, rests, exhaustion, a round limit and the scenario's end on both rulesets."""


def record(ruleset: str, scenario: str, seed: int) -> dict[str, object]:
    """The replay file of a game played to its end by the seeded random policy."""
    state = GAME.new_state(scenario, seed, ruleset)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    for _ in range(20_000):
        if state.is_terminal():
            break
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    assert state.is_terminal()
    return replay_to_json(state)


def content_names(state: HavenState) -> set[str]:
    """Every name and ID the content files give: data, shown as the file writes it."""
    spec = state.spec
    names = {spec.name, spec.title, state.rules.title, state.scenario}
    for cls_id, cls in spec.classes.items():
        names |= {cls_id, cls.name}
        for card in cls.cards:
            names |= {card.id, card.name}
    for type_id, monster in spec.monster_types.items():
        names |= {type_id, monster.name, *monster.notes}
    for deck in spec.monster_decks.values():
        names |= {card.id for card in deck.cards}
    for item_id, item in spec.items.items():
        names |= {item_id, item.name}
    names |= {o.id for o in spec.objectives} | {o.name for o in spec.objectives}
    names |= {t.id for t in spec.treasures} | {r.id for r in spec.rooms}
    names |= set(spec.special_rules) | {r.text for r in spec.rules}
    names |= set(state.figures) | {f.type for f in state.figures.values()}
    names |= {figure_mark(state, figure) for figure in state.figures}  # map marks: s1, a2
    return {name for name in names if name}


def decisions(replay: dict[str, object]) -> Iterator[HavenState]:
    """The replayed game before each of its first player decisions, then at its end."""
    actions = replay["actions"]
    assert isinstance(actions, list)
    for cut in range(0, len(actions), max(1, len(actions) // 12)):
        state = run_replay(parse_replay({**replay, "actions": actions[:cut]}))
        assert isinstance(state, HavenState)
        yield state
    final = run_replay(parse_replay(replay))
    assert isinstance(final, HavenState)
    yield final


@pytest.fixture(scope="module")
def replays() -> dict[tuple[str, str, int], dict[str, object]]:
    return {game: record(*game) for game in SCRIPTED}


@pytest.mark.parametrize("lang", ["ca", "tr"])
@pytest.mark.parametrize("game", SCRIPTED, ids=lambda g: f"{g[0]}-{g[1]}")
def test_a_replayed_haven_log_is_fully_translated(
    replays: dict[tuple[str, str, int], dict[str, object]], game: tuple[str, str, int], lang: str
) -> None:
    """Issue 18: no English sentence left in the log of a replayed haven game."""
    state = run_replay(parse_replay(replays[game]))
    assert isinstance(state, HavenState) and state.is_terminal()
    names = content_names(state)
    problems = log_problems(state.log, lang, names)
    assert not problems, "\n".join(problems[:40])
    with use_language(lang):
        outcome = state.outcome()
        assert outcome is not None
        assert not english_words(outcome.summary, names, lang), outcome.summary


@pytest.mark.parametrize("lang", ["ca", "tr"])
@pytest.mark.parametrize("game", SCRIPTED, ids=lambda g: f"{g[0]}-{g[1]}")
def test_the_haven_screen_and_choices_are_translated(
    replays: dict[tuple[str, str, int], dict[str, object]], game: tuple[str, str, int], lang: str
) -> None:
    """Issue 18: the terminal play screen and the offered actions speak the language."""
    problems: list[str] = []
    for state in decisions(replays[game]):
        names = content_names(state)
        with use_language(lang):
            decide = not (state.is_terminal() or state.is_chance_node())
            choices = state.legal_actions() if decide else []
            for section, lines in screen(state, 100, choices):
                # a section's lines joined again, so that wrapped content names are whole
                text = " ".join(line.strip() for line in lines)
                left = english_words(text, names, lang)
                if left:
                    problems.append(f"screen {section}: {left} in {text!r}")
            for action in choices:
                label = describe_action(state, action)
                left = english_words(label, names, lang)
                if left:
                    problems.append(f"choice: {left} in {label!r}")
    final = run_replay(parse_replay(replays[game]))
    assert isinstance(final, HavenState)
    with use_language(lang):  # the rich picture of the final state (GAME.render)
        console = Console(record=True, width=1000, file=io.StringIO())  # no wrapped names
        console.print(render_state(final))
        text = console.export_text()
    left = english_words(text, content_names(final), lang)
    if left:
        problems.append(f"render: {left} in {text!r}")
    unique = sorted(set(problems))
    assert not unique, "\n".join(unique[:40])
