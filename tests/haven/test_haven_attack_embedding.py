"""The attack draw embedded in a game State, as the scenario engine will use it.

A test-only game: one Frosthaven character attacks one target; each modifier
card is a chance node, the advantage choice is the player's action (HV-ADV-3),
and the state saves, restores and clones mid-draw. Driven through the core
protocol with ScriptedSampler / SeededSampler.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest

from rulekeeper.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionCodec,
    Game,
    Outcome,
    RandomPolicy,
    RuleViolation,
    ScenarioInfo,
    ScriptedSampler,
    SeededSampler,
    State,
    advance_chance,
    play_out,
)
from rulekeeper.games.haven.attack_draw import ACTION_TYPES, AttackDraw, Done, NeedCard, NeedChoice
from rulekeeper.games.haven.attacks import Attack, Target, attack_context, attack_mode
from rulekeeper.games.haven.modifiers import ModifierDecks, standard_catalog
from rulekeeper.games.haven.ruleset import find_ruleset

CATALOG = standard_catalog()


class OneAttackState(State):
    def __init__(self, game: OneAttack, *, ruleset: str, scenario: str, seed: int) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        rules = find_ruleset(ruleset)
        self.decks = ModifierDecks.standard(["Aria"], rules)
        self.decks["Aria"].shuffle_in("rolling+1", 2)
        self.decks["Aria"].shuffle_in("+0-stun")
        attack, target = Attack(3, advantage=True), Target(shield=1)
        self.draw: AttackDraw | None = AttackDraw.start(
            rules,
            "Aria",
            attack_context(attack, target, rules),
            attack_mode(attack, target),
            attacker_is_character=True,
        )
        self.damage: int | None = None

    def current_player(self) -> int:
        if self.draw is None:
            return TERMINAL
        step = self.draw.next_step(CATALOG)
        return CHANCE if isinstance(step, NeedCard) else 0

    def legal_actions(self) -> list[Action]:
        if self.draw is None:
            return []
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return self.draw.legal_choices(CATALOG)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.draw is None or not self.is_chance_node():
            return super().chance_outcomes()
        return self.draw.chance_outcomes(self.decks["Aria"], CATALOG)

    def check(self, action: Action) -> None:
        if self.draw is None:
            raise RuleViolation("CORE-END", "the attack is over")
        self.draw.check(action, self.decks["Aria"], CATALOG)

    def _apply(self, action: Action) -> None:
        assert self.draw is not None
        self.draw = self.draw.apply(action, self.decks["Aria"], CATALOG)
        if isinstance(self.draw.next_step(CATALOG), Done):
            done = self.draw.finish(self.decks["Aria"], CATALOG)
            self.damage = done.outcome.damage
            self.emit("attack", f"Aria deals {self.damage}", *done.rule_ids)
            self.draw = None

    def pending_decision(self) -> str:
        return "which modifier card to keep"

    def outcome(self) -> Outcome | None:
        return None if self.draw is not None else Outcome("won", f"{self.damage} damage")

    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "decks": self.decks.to_dict(),
            "draw": None if self.draw is None else self.draw.to_dict(),
            "damage": self.damage,
        }

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        self.decks = ModifierDecks.from_dict(data["decks"])
        self.draw = None if data["draw"] is None else AttackDraw.from_dict(data["draw"])
        self.damage = data["damage"]


class OneAttack(Game):
    name = "one-attack"
    title = "One haven attack (test game)"
    rulesets = ("frosthaven", "gloomhaven")

    def __init__(self) -> None:
        self._codec = ActionCodec(ACTION_TYPES)

    @property
    def codec(self) -> ActionCodec:
        return self._codec

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [ScenarioInfo("strike", "one attack", self.rulesets)]

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> OneAttackState:
        return OneAttackState(
            self, ruleset=self.check_ruleset(ruleset), scenario=scenario, seed=seed
        )


GAME = OneAttack()


def test_HV_ADV_3_scripted_chance_then_the_players_choice() -> None:
    state = GAME.new_state("strike", seed=1)
    advance_chance(state, ScriptedSampler(["rolling+1", "-1", "+0-stun"]))
    assert state.current_player() == 0
    assert [a.label() for a in state.legal_actions()] == [
        "keep-modifier 1 -1",
        "keep-modifier 2 +0-stun",
    ]
    with pytest.raises(RuleViolation) as error:
        state.apply(GAME.parse_action({"type": "keep-modifier", "index": 0, "card": "rolling+1"}))
    assert error.value.rule_id == "HV-ADV-3"
    state.apply(GAME.parse_action({"type": "keep-modifier", "index": 2, "card": "+0-stun"}))
    assert state.is_terminal() and state.damage == 3  # 3 + 1 + 0 - shield 1
    assert state.log[-1].rules == ("HV-ADV-3",)
    assert state.decks["Aria"].cards.discard_pile == ["rolling+1", "-1", "+0-stun"]


def test_HV_ADV_1_gloomhaven_character_has_no_choice() -> None:
    state = GAME.new_state("strike", seed=1, ruleset="gloomhaven")
    advance_chance(state, ScriptedSampler(["rolling+1", "-1"]))
    assert state.is_terminal() and state.damage == 2  # 3 + 1 - 1 - shield 1


def test_saved_and_cloned_mid_draw() -> None:
    state = GAME.new_state("strike", seed=1)
    state.apply(GAME.parse_action({"type": "draw-modifier", "deck": "Aria", "card": "rolling+1"}))
    restored = GAME.state_from_dict(state.to_dict())
    twin = state.clone()
    for copy in (restored, twin):
        advance_chance(copy, ScriptedSampler(["+2", "x2"]))
        assert isinstance(copy, OneAttackState) and copy.draw is not None
        assert isinstance(copy.draw.next_step(CATALOG), NeedChoice)
    assert state.draw is not None and state.draw.drawn == ("rolling+1",)
    assert len(state.decks["Aria"]) == 22


def test_random_play_always_ends_and_probabilities_sum_to_one() -> None:
    for seed in range(40):
        state = GAME.new_state("strike", seed=seed)
        while state.is_chance_node():
            assert sum(p for _, p in state.chance_outcomes()) == 1
            state.apply(SeededSampler(seed).sample(state))
        play_out(state, RandomPolicy(seed), SeededSampler(seed))
        assert state.is_terminal() and state.damage is not None and state.damage >= 0
