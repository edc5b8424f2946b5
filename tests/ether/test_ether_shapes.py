"""Map cards of the shapes the content defines, laid in the arrow's direction and turned
as each card allows (ET-EXP-1, ET-EXP-2), and their checks at load. Set in The Drowned Stair.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ether_setup import die, hand

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_MAP_CELLS
from rulekeeper.games.ether.actions import Pay, PlaceMap, Step, explore, move
from rulekeeper.games.ether.content import load_scenario
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.state import EtherState

W = "wren"
SHIPPED = Path(__file__).parents[2] / "src" / "rulekeeper" / "content" / "ether" / "scenarios"


def stair(seed: int = 1) -> EtherState:
    """Round 1 of The Drowned Stair, Wren's activation, hands as scripted."""
    state = GAME.new_state("drowned-stair", seed)
    hands = ["glimmer-thought", "quick-feet", "ember-spite", "mending-hymn", "mending-hymn"]
    advance_chance(state, ScriptedSampler([*hands, "iron-skin"]))
    return state


def explore_east(state: EtherState, card: str) -> None:
    """Wren walks to the landing's east arrow (2,0) and explores; ``card`` is drawn."""
    state.heroes[0].space = Space(2, 0)
    state.apply(Pay(W, (die("green"),), (explore("east"),)))
    advance_chance(state, ScriptedSampler([card]))


def test_the_landing_is_a_3x2_card() -> None:
    state = stair()
    assert len(state.board.spaces()) == 6
    assert state.board.bounds() == (0, 0, 2, 1)
    assert state.board.wall_between(Space(1, 0), Space(1, 1))


def test_ET_EXP_1_only_the_turns_the_card_allows_are_offered() -> None:
    """The Tidal Cell (a T) may lie upright or upside down, not on its side."""
    state = stair()
    explore_east(state, "tidal-cell")
    assert state.legal_actions() == [PlaceMap(0), PlaceMap(180)]
    assert state.current_player() == 0  # the explorer chooses
    assert_rejected(state, PlaceMap(90), "ET-EXP-1")


def test_ET_EXP_1_a_card_with_one_turn_that_fits_is_laid_at_once(tmp_path: Path) -> None:
    """A card allowing one turn needs no choice: it is laid as the draw resolves."""
    state = GAME.new_state(_variant(tmp_path, "rotations = [0, 180]", "rotations = [180]"), 1)
    hands = ["glimmer-thought", "quick-feet", "ember-spite", "mending-hymn", "mending-hymn"]
    advance_chance(state, ScriptedSampler([*hands, "iron-skin"]))
    explore_east(state, "tidal-cell")
    assert state.rotations[CardPos(3, -1)] == 180  # upside down: its stem points north
    assert not state.is_chance_node() and state.pending_rotation is None


def test_ET_EXP_1_the_players_choose_the_turn_and_the_card_turns_with_its_arrows() -> None:
    """The Broken Nave (an L, any turn) laid east of 2,0, turned 90 degrees clockwise."""
    state = stair()
    explore_east(state, "broken-nave")
    assert state.legal_actions() == [PlaceMap(0), PlaceMap(90), PlaceMap(180), PlaceMap(270)]
    assert_rejected(state, PlaceMap(45), "ET-EXP-1")
    assert_rejected(state, Pay(W, (die("yellow"),), (move(1),)), "ET-EXP-1")
    state.apply(PlaceMap(90))
    # Turned 90 the L is 3 wide, 2 tall: "###" over "#..": its near column is its west one.
    pos = CardPos(3, 0)
    assert state.placed[pos] == "broken-nave" and state.rotations[pos] == 90
    assert sorted(state.board.spaces_of(pos)) == [
        Space(3, 0),
        Space(3, 1),
        Space(4, 0),
        Space(5, 0),
    ]
    # The printed north arrow at the L's top now points east, from its turned space.
    assert [a.direction for a in state.features(Space(5, 0)).explores] == ["east"]
    assert state.features(Space(3, 0)).enemy_icon  # the L's foot, turned to the west end
    assert state.board.can_step(Space(2, 0), "east")


def test_ET_EXP_1_a_strip_is_laid_lengthwise_or_across() -> None:
    state = stair()
    explore_east(state, "flooded-corridor")
    state.apply(PlaceMap(90))  # across: one column of three beyond the arrow
    assert sorted(state.board.spaces_of(CardPos(3, 0))) == [Space(3, 0), Space(3, 1), Space(3, 2)]


def test_ET_EXP_2_no_exploring_toward_a_placed_space() -> None:
    state = stair()
    explore_east(state, "silt-stair")
    state.apply(PlaceMap(90))  # a row of two east of the landing: 3,0 and 4,0
    state.heroes[1].space = Space(1, 1)
    state.apply(Pay("odo", (die("yellow"),), (move(1),)))
    state.apply(Step("east"))
    assert state.board.has_space(Space(3, 0))
    # Wren stands on the landing's east arrow again: the space beyond is taken.
    assert_rejected(state, Pay(W, (hand("glimmer-thought"),), (explore("east"),)), "ET-EXP-2")


def test_the_turn_is_kept_in_saves_and_replays() -> None:
    state = stair()
    explore_east(state, "broken-nave")
    state.apply(PlaceMap(270))
    again = GAME.state_from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert again.rotations[CardPos(3, -1)] == 270


# -- checked at load --------------------------------------------------------------
def _variant(tmp_path: Path, old: str, new: str) -> str:
    text = (SHIPPED / "drowned-stair.toml").read_text("utf-8")
    assert old in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('shape = ["###"]', 'shape = ["###", "#"]', "map_card.1.shape"),
        ('shape = ["###"]', 'shape = ["#x#"]', "map_card.1.shape"),
        ('shape = ["###", ".#."]', 'shape = ["#.#", "..."]', "map_card.3.shape"),
        ('shape = ["###"]', "shape = []", "map_card.1.shape"),
        (
            "rotations = [0, 90]\n  [[map_card.space]]\n  at = [1, 0]\n  enemy_icon",
            "rotations = [0, 0]\n  [[map_card.space]]\n  at = [1, 0]\n  enemy_icon",
            "map_card.1.rotations",
        ),
        ("rotations = [0, 180]", "rotations = [45]", "map_card.3.rotations"),
        ("size = [3, 2]", "size = [3, 2000]", "map_card.0.size"),
        (
            'explore = [{ direction = "south", awareness = 1 }]\n  [[map_card.space]]\n  at = [2, 0]',
            'explore = [{ direction = "east", awareness = 1 }]\n  [[map_card.space]]\n  at = [2, 0]',
            "map_card.1.space.0.explore.0",
        ),
        (
            'at = [1, 1]\n  explore = [{ direction = "south"',
            'at = [1, 2]\n  explore = [{ direction = "south"',
            "map_card.0.space.2.at",
        ),
    ],
)
def test_shapes_are_checked_at_load_with_one_line_naming_the_field(
    tmp_path: Path, old: str, new: str, field: str
) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario(_variant(tmp_path, old, new))
    message = str(caught.value)
    assert field in message, message
    assert "\n" not in message


def test_the_whole_map_is_bounded_at_load(tmp_path: Path) -> None:
    """Nothing a file says makes the map grow without bound (core/limits.py)."""
    path = _variant(tmp_path, "size = [2, 3]", "size = [100, 100]")
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    assert str(MAX_MAP_CELLS) in str(caught.value) and "map_deck" in str(caught.value)


def test_a_turned_shaped_card_is_drawn_as_it_lies() -> None:
    """The text map shows the L turned 90 degrees: three across, its foot under the west end."""
    from rulekeeper.games.ether.render import map_lines
    from rulekeeper.web.boards.ether import draw

    state = stair()
    explore_east(state, "broken-nave")
    state.apply(PlaceMap(90))
    assert map_lines(state) == [
        "+------+------+------+------+------+------+",
        "|  O*            W>  :  !      *      >   |",
        "+      +------+      +      +------+------+",
        "|  <      v          :  v   |",
        "+------+------+------+------+",
    ]
    assert draw(state).count('class="space"') == 10
