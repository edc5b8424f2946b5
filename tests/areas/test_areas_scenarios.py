"""The shipped areas scenarios: each shows its own rules at the start, and one is won by an agent.

The Wharf Landing is about full areas (AR-REQ-3) and a scenario's own figures;
The Tollkeeper's Tower about heights (AR-REQ-4), melee at range (AR-RANGE-1) and a
token that only pushes (AR-DMG-4). The greedy agent (rulekeeper.ai.agents)
wins The Wharf Landing on most seeds, where random play mostly loses.
"""

from __future__ import annotations

from rulekeeper.ai.agents import make_agent
from rulekeeper.core import RandomPolicy, SeededSampler, play_out
from rulekeeper.games.areas.actions import MeleeAttack
from rulekeeper.games.areas.game import GAME, AreasState
from rulekeeper.games.areas.reach import melee_reach


def _reach(state: AreasState, attacker: str, at_range: int | None = None) -> dict[str, str]:
    """Each enemy's ruling for ``attacker``: "ok", or the rule that forbids it."""
    checks = melee_reach(state.board, state.figures[attacker], state.figures, at_range)
    return {c.target: "ok" if c.reachable else str(c.rule_id) for c in checks}


def test_every_new_scenario_is_shipped() -> None:
    names = {info.name for info in GAME.scenarios()}
    assert {"wharf-landing", "tollkeepers-tower"} <= names and len(names) >= 3


# -- The Wharf Landing --------------------------------------------------------------
def test_wharf_landing_full_areas_are_reached_from_the_landing_AR_REQ_3() -> None:
    """AR-REQ-3: the jetty (2 of 2) and the crates (3 of 3) are full, so their rats are
    reached from the landing; the queen on the barge is in no adjacent area."""
    state = GAME.new_state("wharf-landing", 1)
    assert _reach(state, "brannoc") == {
        "river-rat-1": "ok",
        "river-rat-2": "ok",
        "river-rat-3": "ok",
        "river-rat-4": "ok",
        "river-rat-5": "ok",
        "rat-queen-1": "AR-REQ-3",
    }


def test_wharf_landing_jetty_is_out_of_reach_once_it_has_room_AR_REQ_3() -> None:
    """AR-REQ-3: with one jetty rat gone, the jetty is below capacity and the other is not
    reachable from the landing."""
    state = GAME.new_state("wharf-landing", 1)
    del state.figures["river-rat-1"]
    assert _reach(state, "brannoc")["river-rat-2"] == "AR-REQ-3"


def test_wharf_landing_scenario_ally_attacks_with_its_printed_damage_AR_ALLY_1() -> None:
    """AR-ALLY-1, AR-DMG-3: the scenario's own ally reaches the same rats, no weapon needed."""
    state = GAME.new_state("wharf-landing", 1)
    assert state.setup.allies["ferry-hound"].attacks[0].damage == 2
    assert _reach(state, "ferry-hound")["river-rat-1"] == "ok"


def test_greedy_agent_wins_the_wharf_landing_where_random_play_mostly_loses() -> None:
    """AR-END-1: the greedy agent plays The Wharf Landing to a win on most seeds."""
    seeds = range(1, 11)
    greedy = [
        play_out(GAME.new_state("wharf-landing", s), make_agent("greedy", s), SeededSampler(s))
        for s in seeds
    ]
    rand = [
        play_out(GAME.new_state("wharf-landing", s), RandomPolicy(s), SeededSampler(s))
        for s in seeds
    ]
    greedy_wins = sum(str(g.outcome()).startswith("won") for g in greedy)
    random_wins = sum(str(r.outcome()).startswith("won") for r in rand)
    assert greedy_wins >= 6, greedy_wins
    assert greedy_wins > random_wins
    won = next(g for g in greedy if str(g.outcome()).startswith("won"))
    assert not any(f.kind == "enemy" for f in won.figures.values())


# -- The Tollkeeper's Tower ------------------------------------------------------------------
def test_tollkeepers_tower_from_the_yard_AR_REQ_4_and_AR_RANGE_1() -> None:
    """From the yard (height 0) the bell hook (range 3) reaches the ogre in the chapel, an
    adjacent area below capacity (range lifts AR-REQ-3); the gallery, landing and belfry are
    higher and the crypt lower (AR-REQ-4)."""
    state = GAME.new_state("tollkeepers-tower", 1)
    assert _reach(state, "tollkeeper", at_range=3) == {
        "bone-warden-1": "AR-REQ-4",
        "cinder-imp-1": "AR-REQ-4",
        "cinder-imp-2": "AR-REQ-4",
        "gloom-ogre-1": "ok",
        "skitterer-1": "AR-REQ-4",
    }
    # Without the hook, the chapel (2 of 3 used by the ogre) is not full: AR-REQ-3.
    assert _reach(state, "brannoc")["gloom-ogre-1"] == "AR-REQ-3"


def test_tollkeepers_tower_from_the_stair_the_hook_reaches_along_the_first_floor_AR_RANGE_1() -> (
    None
):
    """AR-RANGE-1: from the stair (height 1) the hook reaches the gallery and the upper
    landing two areas on; the belfry (height 2) stays out of reach (AR-REQ-4)."""
    state = GAME.new_state("tollkeepers-tower", 1)
    state.figures["tollkeeper"].area = "stair"
    ruling = _reach(state, "tollkeeper", at_range=3)
    assert ruling["bone-warden-1"] == "ok" and ruling["cinder-imp-1"] == "ok"
    assert ruling["cinder-imp-2"] == "AR-REQ-4"
    assert _reach(state, "tollkeeper", at_range=1)["cinder-imp-1"] == "AR-RANGE-1"


def test_tollkeepers_tower_shove_pushes_without_damage_AR_DMG_4() -> None:
    """AR-DMG-4: the tollkeeper's shove shows no damage; its listed attacks declare a push."""
    state = GAME.new_state("tollkeepers-tower", 1)
    shove = [
        a
        for a in state.legal_actions()
        if isinstance(a, MeleeAttack) and a.attacker == "tollkeeper" and a.action == "shove"
    ]
    assert shove and all(a.target == "gloom-ogre-1" for a in shove)
    assert {a.push_to for a in shove} <= {"yard", "crypt", None}
    token = next(t for t in state.setup.heroes["tollkeeper"].tokens if t.id == "shove")
    assert token.damage is False and token.push and token.dice == 0
