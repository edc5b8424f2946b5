"""Issue 18, HV-MOVE-MON-3: the monster mover's tied options read in the players' language.

The action keeps its English summary (machine text, part of the action's
JSON); the menu line is built from the turn's option in the reader's language.
"""

from __future__ import annotations

from test_i18n_haven_log import content_names
from translation_checks import english_words

from rulekeeper.core import RandomPolicy, SeededSampler
from rulekeeper.games.haven.actions import ChooseMonsterOption
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.render import describe_action
from rulekeeper.i18n import use_language


def _tied_options() -> tuple[object, list[ChooseMonsterOption]]:
    """A game state where the players pick among the mover's tied options (ember-vault, seed 5)."""
    for seed in range(5, 40):
        state = GAME.new_state("ember-vault", seed, "gloomhaven")
        policy, sampler = RandomPolicy(seed), SeededSampler(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            if not state.is_chance_node():
                options = [a for a in state.legal_actions() if isinstance(a, ChooseMonsterOption)]
                if options:
                    return state, options
            state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    raise AssertionError("no game offered the monster mover's tied options")


def test_tied_monster_options_are_described_in_catalan_and_turkish() -> None:
    state, options = _tied_options()
    names = content_names(state)  # type: ignore[arg-type]
    for option in options:
        english = describe_action(state, option)  # type: ignore[arg-type]
        assert "move to" in english
        for lang, verb in (("ca", "moure's a"), ("tr", "hareket et")):
            with use_language(lang):
                shown = describe_action(state, option)  # type: ignore[arg-type]
            assert verb in shown
            assert english_words(shown, names, lang) == [], shown
        assert option.summary.startswith("move to")
