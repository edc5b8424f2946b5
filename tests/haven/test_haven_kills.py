"""Kill credit (HV-MON-6): the figure that dealt the damage, a summon's to its summoner, the
mover for a death in a negative hex after forced movement; none for wound, bane or a
figure's own movement. The end summary lists each character's kills (for battle goals,
HV-END-5)."""

from __future__ import annotations

from test_haven_abilities_forced import pushing
from test_haven_play_followups import summon_turn
from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.games.haven import condition_timing, objectives
from rulekeeper.games.haven.actions import ChooseTarget, ForceStep, PlayHalf, SelectCard
from rulekeeper.games.haven.hero_moves import walk
from rulekeeper.games.haven.movement import MoveMode
from rulekeeper.i18n import text_of


def kills(state: object) -> list[tuple[str, str]]:
    log = state.log  # type: ignore[attr-defined]
    return [(e.data["hero"], e.data["figure"]) for e in log if e.kind == "kill"]


def test_HV_MON_6_the_attacking_character_is_credited_with_the_kill() -> None:
    state = new_state(
        scenario(
            start=[at(0, 0)], monsters=[monster("dummy", at(1, 0)), monster("dummy", at(5, 3))]
        )
    )
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    state.figures["dummy 1"].hp = 2
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert "dummy 1" not in state.figures
    assert state.heroes["tester"].kills == ["dummy 1"]
    assert kills(state) == [("tester", "dummy 1")]
    assert any(e.kind == "kill" and "HV-MON-6" in e.rules for e in state.log)
    assert objectives.summary(state)["tester"]["kills"] == ["dummy 1"]


def test_HV_MON_6_HV_SUM_6_a_summons_kill_counts_for_its_summoner() -> None:
    state = summon_turn("gloomhaven")  # the pup attacks the Dummy next
    state.figures["dummy 1"].hp = 1
    chance(state, "+0", "+0")  # strengthened: advantage
    assert "dummy 1" not in state.figures
    assert state.heroes["tester"].kills == ["dummy 1"]
    kill = next(e for e in state.log if e.kind == "kill")
    assert kill.data["by"] == "tester-pup-1" and kill.data["hero"] == "tester"


def test_HV_MON_6_a_death_in_a_trap_after_a_pull_is_the_movers_kill() -> None:
    state = pushing(
        {"pull": 1, "range": 3},
        "frosthaven",
        monsters=[monster("dummy", (3, 1))],
        terrain={"trap": [(2, 1)]},
    )
    state.figures["dummy 1"].hp = 3  # the trap deals 2 + level 1
    play(state, ForceStep((2, 1)))
    assert "dummy 1" not in state.figures
    assert state.heroes["tester"].kills == ["dummy 1"]


def test_HV_MON_6_no_credit_for_a_wound_or_a_monsters_own_movement() -> None:
    state = new_state(
        scenario(
            start=[at(0, 0)],
            monsters=[monster("dummy", at(3, 0)), monster("dummy", at(5, 3))],
            terrain={"trap": [at(4, 0)]},
        )
    )
    wounded = state.figures["dummy 1"]
    wounded.hp, wounded.conditions = 1, ["wound"]
    condition_timing.start_of_turn(state, wounded)
    assert "dummy 1" not in state.figures
    walker = state.figures["dummy 2"]
    walker.hp = 1
    walk(state, walker, [walker.hex, at(4, 0)], MoveMode())  # its own move into the trap
    assert "dummy 2" not in state.figures
    assert state.heroes["tester"].kills == [] and kills(state) == []


def test_HV_MON_6_HV_END_5_the_end_summary_lists_each_characters_kills() -> None:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    state.figures["dummy 1"].hp = 1
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    while not state.is_terminal():
        play(state, state.legal_actions()[0])
    assert "tester is credited with 1 kill: dummy 1" in text_of(objectives.end_text(state))
