"""A whole game of The Lantern Rift, scripted from the first draw to the win.

Every choice is taken from ``legal_actions()`` through the step-by-step payment
(add sources, then the action), as a person at the play loop would.
"""

from __future__ import annotations

import json

from ether_setup import card_census, die, hand, inventory

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.core.actions import Action
from rulekeeper.games.ether.actions import (
    AddSource,
    EndActivation,
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

W = "wren"
ODO = "odo"


def do(state: EtherState, sampler: ScriptedSampler, *actions: Action) -> None:
    for action in actions:
        assert action in state.legal_actions(), (action, state.legal_actions())
        state.apply(action)
        advance_chance(state, sampler)


def pay(state: EtherState, sampler: ScriptedSampler, sources, intent, alternative: int = 0) -> None:
    h = state.active_hero.id
    do(state, sampler, *(AddSource(h, s) for s in sources), Spend(h, intent, alternative))


def test_the_lantern_rift_scripted_to_a_win() -> None:
    sampler = ScriptedSampler(
        [
            # Refresh, round 1: Wren's hand, then Odo's.
            "red-fury", "glimmer-thought", "ember-spite",
            "idle-musing", "idle-musing", "red-fury",
            "lantern-chapel",  # Wren explores north
            "gloom-rat",  # the chapel's enemy icon
            "ashen-throne",  # Odo explores east
        ]
    )  # fmt: skip
    state = GAME.new_state("lantern-rift", 11)
    start = card_census(state)
    advance_chance(state, sampler)
    wren, odo = state.heroes

    # Wren: explore north (ET-EXP-1), walk through the icon (ET-MOVE-3), kindle (ET-UNQ-3).
    pay(state, sampler, [die("green")], explore("north"))
    assert state.placed[CardPos(0, -2)] == "lantern-chapel"
    pay(state, sampler, [die("yellow"), die("yellow")], move(2))
    do(state, sampler, Step("north"))  # the icon: a Gloom Rat appears here
    rat = next(iter(state.enemies))
    do(state, sampler, Step("north"))
    assert wren.space == Space(0, -2) and state.moving is None
    pay(state, sampler, [hand("red-fury")], unique("kindle-lantern"), alternative=1)
    pay(state, sampler, [die("red")], attack(rat, 1))  # same card: the active area
    assert rat not in state.enemies
    do(state, sampler, EndActivation())

    # Odo: to the east arrow, explore, step onto the throne card, face the Warden.
    pay(state, sampler, [die("yellow"), hand("idle-musing")], move(2))
    do(state, sampler, Step("east"), Step("south"))
    pay(state, sampler, [die("green")], explore("east"))
    assert state.enemies["boss"].space == Space(3, 0)
    # A save taken here (three cards on the map, the boss out) restores exactly.
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.to_dict() == state.to_dict()
    assert restored.board.positions() == state.board.positions()
    assert restored.legal_actions() == state.legal_actions()
    pay(state, sampler, [hand("idle-musing")], move(1))
    do(state, sampler, Step("east"))
    wrath = [die("red"), die("red"), inventory("rusted-blade"), hand("red-fury")]
    pay(state, sampler, wrath, face_boss(6))

    assert state.outcome() is not None
    assert state.outcome().result == "won"
    assert state.round == 1
    assert card_census(state) == start
    assert not sampler.remaining
    assert odo.health == odo.max_health
