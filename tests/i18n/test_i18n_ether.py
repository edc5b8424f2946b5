"""Issue 18 acceptance for ether: scripted games replayed in Catalan and Turkish.

Each game is a fixed scenario, seed and list of actions: long games chosen by a
seeded policy (several rounds, the enemy phase, defeats, the ether track's end)
and the scripted win over the boss. Replayed with ``--lang ca`` and ``--lang
tr`` (the current language), every event of the log is a translated message
with no English word left once content names are taken out, every menu line
and prompt shown on the way is translated, and so is the final screen.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console
from translation_checks import english_words, log_problems

from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.randomness import pick_weighted
from rulekeeper.core.replay import replay_actions
from rulekeeper.games.ether.actions import (
    AddSource,
    EndActivation,
    Source,
    Spend,
    Step,
    attack,
    explore,
    face_boss,
    move,
    unique,
)
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.state import EtherState
from rulekeeper.i18n import use_language

LANGUAGES = ("ca", "tr")
LONG_GAMES = (("lantern-rift", 0), ("drowned-stair", 6), ("ether-spire", 5))
"""Seeded games that reach the most event kinds of each scenario (24, 27 and 25)."""


def policy_game(scenario: str, seed: int) -> list[dict[str, Any]]:
    """A whole game's actions: a seeded policy that mostly spends, never a fixed script."""
    state = GAME.new_state(scenario, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            action = pick_weighted(state.chance_outcomes(), rng)
        else:
            actions = state.legal_actions()
            spends = [a for a in actions if isinstance(a, Spend)]
            others = [a for a in actions if not isinstance(a, EndActivation)] or actions
            if spends and rng.random() < 0.8:
                action = spends[rng.randrange(len(spends))]
            elif rng.random() < 0.85:
                action = others[rng.randrange(len(others))]
            else:
                action = actions[-1]
        state.apply(action)
    return [action.to_json() for _player, action in state.history]


def scripted_win() -> list[dict[str, Any]]:
    """The Lantern Rift won in round 1: explore, an enemy icon, a unique action, the boss."""
    sampler = ScriptedSampler(
        ["red-fury", "glimmer-thought", "ember-spite", "idle-musing", "idle-musing",
         "red-fury", "lantern-chapel", "gloom-rat", "ashen-throne"]
    )  # fmt: skip
    state = GAME.new_state("lantern-rift", 11)
    advance_chance(state, sampler)

    def do(*actions: Action) -> None:
        for action in actions:
            state.apply(action)
            advance_chance(state, sampler)

    def pay(sources: list[Source], intent: Any, alternative: int = 0) -> None:
        hero = state.active_hero.id
        do(*(AddSource(hero, s) for s in sources), Spend(hero, intent, alternative))

    die = lambda colour: Source("die", colour)  # noqa: E731
    pay([die("green")], explore("north"))
    pay([die("yellow"), die("yellow")], move(2))
    do(Step("north"))
    rat = next(iter(state.enemies))
    do(Step("north"))
    pay([Source("hand", "red-fury")], unique("kindle-lantern"), alternative=1)
    pay([die("red")], attack(rat, 1))
    do(EndActivation())
    pay([die("yellow"), Source("hand", "idle-musing")], move(2))
    do(Step("east"), Step("south"))
    pay([die("green")], explore("east"))
    pay([Source("hand", "idle-musing")], move(1))
    do(Step("east"))
    wrath = [die("red"), die("red"), Source("inventory", "rusted-blade")]
    pay([*wrath, Source("hand", "red-fury")], face_boss(6))
    assert state.outcome() is not None and state.outcome().result == "won"
    return [action.to_json() for _player, action in state.history]


def content_names(state: EtherState) -> list[str]:
    """What the content files name (data, shown as written) and the ids actions carry."""
    content = state.content
    names = [content.title, content.boss.name, content.boss.id]
    for table in (
        content.influence,
        content.items,
        content.enemies,
        content.map_cards,
        content.uniques,
    ):
        for key, card in table.items():
            names += [key, card.name]
    names += [hero.name for hero in content.heroes] + [hero.id for hero in content.heroes]
    return names


def menu_problems(state: EtherState, names: list[str], lang: str) -> list[str]:
    """English words left in the prompt and in every menu line of ``state``."""
    shown = [state.pending_decision()]
    if not state.is_terminal():
        shown += [GAME.describe_action(state, action) for action in state.legal_actions()]
    return [f"{words} in {text!r}" for text in shown if (words := english_words(text, names, lang))]


def screen_text(state: EtherState) -> str:
    # Wide enough that no content name is wrapped across two lines.
    lines = [line for _key, section in GAME.screen(state, 1000) for line in section]
    console = Console(width=1000, record=True, color_system=None)
    with console.capture():
        console.print(GAME.render(state))
    return "\n".join(lines) + "\n" + console.export_text()


def replay_checked(actions: list[dict[str, Any]], scenario: str, seed: int, lang: str) -> None:
    """Replay ``actions`` in ``lang``, checking every prompt and menu, the log and the screen."""
    with use_language(lang):
        state = GAME.new_state(scenario, seed)
        names = content_names(state)
        problems: list[str] = []
        for raw in actions:
            problems += menu_problems(state, names, lang)
            state.apply(GAME.parse_action(raw))
        assert state.is_terminal()
        problems += menu_problems(state, names, lang)
        assert problems == [], "\n".join(problems[:20])
        assert log_problems(state.log, lang, names) == []
        screen = screen_text(state)
        assert english_words(screen, names, lang) == [], screen
    # The same actions replay through the checked replay entry to the same log.
    again = replay_actions(GAME, "standard", scenario, seed, actions)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in state.log]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("scenario", "seed"), LONG_GAMES)
def test_a_long_seeded_game_reads_fully_translated(scenario: str, seed: int, lang: str) -> None:
    actions = policy_game(scenario, seed)
    assert len(actions) > 100
    replay_checked(actions, scenario, seed, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scripted_win_reads_fully_translated(lang: str) -> None:
    replay_checked(scripted_win(), "lantern-rift", 11, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_are_translated(lang: str) -> None:
    """A refused action's reason (ET-PAY-4, ET-MOVE-1, ET-EXP-1) is in the reader's language."""
    state = GAME.new_state("lantern-rift", 11)
    advance_chance(state, ScriptedSampler(["red-fury", "glimmer-thought", "ember-spite",
                                           "idle-musing", "idle-musing", "red-fury"]))  # fmt: skip
    names = content_names(state)
    wren = state.active_hero.id
    refused = [
        Spend(wren, move(3)),
        Step("north"),
        AddSource(wren, Source("die", "purple")),
    ]
    for action in refused:
        with pytest.raises(RuleViolation) as caught:
            state.check(action)
        with use_language(lang):
            text = str(caught.value)
        assert english_words(text, names, lang) == [], text
        assert caught.value.rule_id in text
