"""What the play loop shows: the grown map, the payment and its surplus."""

from __future__ import annotations

from ether_setup import die, new_game, reveal, spawn
from rich.console import Console

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.games.ether.actions import AddSource, Spend, move
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.render import map_lines

W = "wren"
ODO = "odo"


def test_the_grown_map_shows_cards_walls_icons_heroes_enemies_and_the_boss() -> None:
    state = new_game()
    reveal(state, "sunken-hall", CardPos(0, -2))
    reveal(state, "ashen-throne", CardPos(2, 0))
    spawn(state, "bog-hound", Space(0, -2))
    spawn(state, "gloom-rat", Space(0, -2))
    state.heroes[1].space = Space(2, 1)
    # Walls "|" "-", open card edges ":" ".", W and O heroes, 2e two enemies on
    # an enemy icon "!", B the boss, ^ > v < explore arrows, * a unique action.
    assert map_lines(state) == [
        "+------+------+",
        "| 2e!  |  ^   |",
        "+      +      +",
        "|         >   |",
        "+......+......+------+------+",
        "|  W^     *   :  !      B   |",
        "+------+      +      +      +",
        "|  <      >v  :  O      >   |",
        "+------+------+------+------+",
    ]


def test_the_payment_panel_shows_the_surplus_before_confirming() -> None:
    state = new_game()
    state.apply(AddSource(W, die("yellow")))
    state.apply(AddSource(W, die("red")))
    console = Console(width=140, record=True)
    console.print(GAME.render(state))
    text = console.export_text()
    assert "gathered: 1 cunning + 1 wrath" in text
    assert "move 1 - cost 1 cunning; surplus lost: 1 wrath" in text
    assert GAME.describe_action(state, Spend(W, move(1))).endswith("surplus lost: 1 wrath")


def test_ET_ROUND_1_the_enemy_phase_choice_names_the_enemy_and_the_damage() -> None:
    """ET-ROUND-1: the heroes see who strikes and what each choice costs (armor counted)."""
    from rulekeeper.games.ether.actions import AssignDamage, EndActivation

    state = new_game()
    state.heroes[1].inventory.append("warding-cloak")  # armor 1 for Odo
    state.item_deck.draw("warding-cloak")
    hound = spawn(state, "bog-hound", Space(1, 1))
    state.apply(EndActivation())
    state.apply(EndActivation())
    assert "Bog Hound" in state.pending_decision()
    assert GAME.describe_action(state, AssignDamage(hound, "wren")).startswith(
        "Wren Ashvale takes 2 damage from Bog Hound"
    )
    assert GAME.describe_action(state, AssignDamage(hound, "odo")).startswith(
        "Odo Brackwater takes 1 damage from Bog Hound"
    )
