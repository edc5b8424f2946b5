"""Hero abilities: action abilities and passives (SV-ENG-1, SV-ENG-2, SV-STRAT-1, SV-STRAT-4).

The ability lab's Adept has action abilities (heal once per round, a rolling
strike twice per scenario, recover, one resolved by hand) and two passives (a
ward once per round, a by-hand reminder); the Tactician has passives only (one
more Strategy phase for attacks once per round, one more die committed to a
move, one more die recovered once per scenario).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from salvage_helpers import act, place_enemy, rejected, roll

from rulekeeper.core.conformance import check_game, fuzz_game
from rulekeeper.core.errors import ContentError
from rulekeeper.games.salvage.actions import (
    ApplyHit,
    ApplyRoll,
    ChooseHero,
    CommitDie,
    EndEngagement,
    EndTurn,
    FinishAttack,
    FinishRecovery,
    RecoverDie,
    Reroll,
    Resolved,
    RollDice,
    StartAttack,
    StartMove,
    UseAbility,
)
from rulekeeper.games.salvage.content import load_scenario
from rulekeeper.games.salvage.game import GAME
from rulekeeper.games.salvage.state import SalvageState

ABILITY_LAB = str(Path(__file__).with_name("salvage_ability_lab.toml"))
ADEPT, TACTICIAN = 0, 1


def ability_lab(hero: int = ADEPT, seed: int = 0) -> SalvageState:
    state = GAME.new_state(ABILITY_LAB, seed)
    state.apply(ChooseHero(hero))
    return state


def next_round(state: SalvageState) -> None:
    """End the round with no enemy on the board and every recovery declined."""
    act(state, EndTurn(), EndEngagement())
    while state.recoveries:
        act(state, FinishRecovery())


# -- action abilities (SV-ENG-1, SV-ENG-2) ---------------------------------------------------


def test_SV_ENG_2_action_abilities_are_offered_and_passives_are_not() -> None:
    """SV-ENG-2: the idle menu lists the hero's action abilities beside the basic actions."""
    state = ability_lab()
    offered = {a.ability for a in state.legal_actions() if isinstance(a, UseAbility)}
    # Arc Lash strikes an enemy in the room: with none there it is not offered.
    assert offered == {"Field Dressing", "Second Wind", "Rally Call"}
    rejected(state, UseAbility("Brace Plate"), "SV-ENG-2")  # a passive is not an action
    rejected(state, UseAbility("Overclock"), "SV-ENG-2")  # the Tactician's, not the Adept's
    rejected(state, UseAbility("Arc Lash"), "SV-ENG-2")  # no enemy to strike


def test_SV_ENG_1_an_ability_spends_one_of_the_four_actions() -> None:
    """SV-ENG-1: an ability is an action; after four actions it is refused."""
    state = ability_lab()
    state.heroes[ADEPT].health = 1
    act(state, UseAbility("Field Dressing"))
    assert (state.actions_used, state.heroes[ADEPT].health) == (1, 3)
    act(state, UseAbility("Second Wind"), UseAbility("Second Wind"), UseAbility("Second Wind"))
    assert state.actions_used == 4
    rejected(state, UseAbility("Second Wind"), "SV-ENG-1")


def test_SV_ENG_2_a_per_round_limit_holds_for_the_round_then_resets() -> None:
    """SV-ENG-2 (content limit): Field Dressing once per round."""
    state = ability_lab()
    act(state, UseAbility("Field Dressing"))
    assert UseAbility("Field Dressing") not in state.legal_actions()
    violation = rejected(state, UseAbility("Field Dressing"), "SV-ENG-2")
    assert "1 use per round" in violation.message
    next_round(state)
    act(state, ChooseHero(ADEPT))
    assert UseAbility("Field Dressing") in state.legal_actions()


def test_SV_STRAT_4_an_ability_roll_has_one_strategy_phase_and_no_reroll() -> None:
    """SV-STRAT-4: Arc Lash rolls its own 2 ember dice once; the hits strike, crits make noise."""
    state = ability_lab()
    hulk = place_enemy(state, "Lab Hulk", 0)
    act(state, UseAbility("Arc Lash", hulk))
    assert state.is_chance_node()
    assert {a.die for a, _ in state.chance_outcomes()} == {"ember"}
    rejected(state, Reroll(), "SV-STRAT-4")  # even while its dice are rolling
    roll(state, "crit", "hit")
    assert state.legal_actions() == [ApplyRoll()]
    rejected(state, Reroll(), "SV-STRAT-4")
    act(state, ApplyRoll())
    assert state.enemy(hulk) is not None and state.enemy(hulk).wounds == 2
    assert state.noise == 1  # the applied crit
    assert [d.status for d in state.heroes[ADEPT].dice] == ["ready"] * 5  # its own dice


def test_SV_STRAT_4_an_ability_rolling_the_heros_own_dice_has_one_strategy_phase() -> None:
    """SV-STRAT-4: Surge Mend commits up to 2 of the Tactician's ready dice, rolls them once
    (no re-roll), heals 1 per hit; the crit makes noise and the dice are exhausted."""
    state = ability_lab(TACTICIAN)
    state.heroes[TACTICIAN].health = 1
    act(state, UseAbility("Surge Mend"), CommitDie("brass"), CommitDie("brass"))
    rejected(state, CommitDie("brass"), "SV-ENG-2")  # its count is 2
    act(state, RollDice())
    rejected(state, Reroll(), "SV-STRAT-4")  # even while its dice are rolling
    roll(state, "hit", "crit")
    assert state.legal_actions() == [ApplyRoll()]
    act(state, ApplyRoll())
    hero = state.heroes[TACTICIAN]
    assert (hero.health, state.noise, hero.count("exhausted")) == (3, 1, 2)
    assert state.actions_used == 1


def test_SV_ENG_2_a_per_scenario_limit_outlasts_the_round() -> None:
    """SV-ENG-2 (content limit): Arc Lash twice per scenario, whatever the round."""
    state = ability_lab()
    hulk = place_enemy(state, "Lab Hulk", 0)
    for _ in range(2):
        act(state, UseAbility("Arc Lash", hulk))
        roll(state, "blank", "blank")
        act(state, ApplyRoll())
    violation = rejected(state, UseAbility("Arc Lash", hulk), "SV-ENG-2")
    assert "per scenario" in violation.message
    state.heroes[ADEPT].room = state.heroes[TACTICIAN].room = 8  # the Hulk cannot reach them
    next_round(state)
    state.heroes[ADEPT].room = 0
    act(state, ChooseHero(ADEPT))
    assert state.round == 2 and state.enemy(hulk) is not None
    rejected(state, UseAbility("Arc Lash", hulk), "SV-ENG-2")


def test_SV_ENG_2_a_strike_names_an_enemy_in_the_room() -> None:
    """SV-ENG-2: a strike ability's target is an enemy in the hero's room."""
    state = ability_lab()
    here = place_enemy(state, "Lab Grub", 0)
    away = place_enemy(state, "Lab Grub", 4)
    assert UseAbility("Arc Lash", here) in state.legal_actions()
    rejected(state, UseAbility("Arc Lash", away), "SV-ENG-2")
    rejected(state, UseAbility("Field Dressing", here), "SV-ENG-2")  # heal takes no target


def test_SV_ENG_2_an_ability_outside_the_vocabulary_is_resolved_by_hand() -> None:
    """SV-ENG-2: Rally Call is shown as a step the players resolve by hand, then confirm."""
    state = ability_lab()
    act(state, UseAbility("Rally Call"))
    assert state.legal_actions() == [Resolved("Rally Call")]
    assert "swap two of their items" in state.pending_decision()
    assert any(e.kind == "by_hand" and "Rally Call" in e.text for e in state.log)
    rejected(state, UseAbility("Second Wind"), "SV-ENG-1")  # finish the ability first
    rejected(state, Resolved("Field Dressing"), "SV-ENG-2")
    act(state, Resolved("Rally Call"))
    assert state.pending is None and state.actions_used == 1


def test_SV_ENG_2_a_by_hand_passive_is_shown_at_each_turn() -> None:
    """SV-ENG-2: the Adept's Lucky Coin is not modelled: it is shown, never dropped."""
    state = ability_lab()
    reminders = [e.text for e in state.log if e.kind == "by_hand"]
    assert reminders == ["resolve by hand: Lucky Coin of Lab Adept: " + _coin_text()]
    shown = str(GAME.render(state).renderables[-1])
    assert "Lucky Coin (passive, resolve by hand)" in shown


def test_SV_ENG_2_the_web_panel_lists_every_ability() -> None:
    """SV-ENG-2: the web table's hero panel shows abilities, by-hand ones marked."""
    from rulekeeper.web.boards.salvage import panel

    shown = panel(ability_lab())
    assert "Lucky Coin (passive, resolve by hand)" in shown
    assert "Field Dressing (action; 0/1 this round)" in shown


def _coin_text() -> str:
    spec = load_scenario(ABILITY_LAB).heroes[ADEPT].abilities[5]
    return spec.text


# -- passives ---------------------------------------------------------------------------------


def _attack(state: SalvageState, *faces: str) -> None:
    act(state, StartAttack(), *(CommitDie("brass") for _ in faces), RollDice())
    roll(state, *faces)


def test_SV_STRAT_1_a_strategy_passive_adds_a_phase_within_its_limit() -> None:
    """SV-STRAT-1 + SV-ENG-2: Strategy 1, Overclock +1 for attacks once per round."""
    state = ability_lab(TACTICIAN)
    _attack(state, "blank")
    act(state, Reroll())  # phase 2 comes from Overclock, which is now used
    assert state.heroes[TACTICIAN].round_uses == {"Overclock": 1}
    roll(state, "blank")
    rejected(state, Reroll(), "SV-STRAT-1")
    act(state, FinishAttack())
    _attack(state, "blank")  # a second attack this round: Overclock is spent
    rejected(state, Reroll(), "SV-STRAT-1")


def test_SV_STRAT_1_a_strategy_passive_applies_only_to_the_actions_it_names() -> None:
    """SV-STRAT-1: Overclock names attacks; a move keeps Strategy 1."""
    state = ability_lab(TACTICIAN)
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "blank")
    rejected(state, Reroll(), "SV-STRAT-1")
    assert state.heroes[TACTICIAN].round_uses == {}


def test_SV_MOVE_1_a_commit_passive_raises_the_cap() -> None:
    """SV-MOVE-1 + SV-ENG-2: max Health 3, Long Reach +1 die on moves (not on attacks)."""
    state = ability_lab(TACTICIAN)
    act(state, StartMove(), *(CommitDie("brass") for _ in range(4)))
    rejected(state, CommitDie("brass"), "SV-MOVE-1")
    assert state.heroes[TACTICIAN].count("committed") == 4
    state = ability_lab(TACTICIAN)
    act(state, StartAttack(), *(CommitDie("brass") for _ in range(3)))
    rejected(state, CommitDie("brass"), "SV-ATK-1")


def test_SV_ROUND_3_a_recovery_passive_adds_dice_within_its_limit() -> None:
    """SV-ROUND-3 + SV-ENG-2: recovery 1, Scrounger +1 once per scenario."""
    state = ability_lab(TACTICIAN)
    act(state, StartMove(), *(CommitDie("brass") for _ in range(3)), RollDice())
    roll(state, "blank", "blank", "blank")
    act(state, ApplyRoll(), EndTurn(), EndEngagement())
    # The Adept has no exhausted die, so only the Tactician recovers: 1 + Scrounger's 1.
    assert [(r.hero, r.remaining) for r in state.recoveries] == [(TACTICIAN, 2)]
    act(state, RecoverDie("brass"), RecoverDie("brass"))
    assert state.heroes[TACTICIAN].count("exhausted") == 1
    act(state, ChooseHero(TACTICIAN), EndTurn(), EndEngagement())
    assert [(r.hero, r.remaining) for r in state.recoveries] == [(TACTICIAN, 1)]  # spent


def test_SV_OPP_2_a_ward_prevents_an_enemy_hit_within_its_limit() -> None:
    """SV-OPP-2 + SV-ENG-2: Brace Plate turns the first enemy hit each round into no damage."""
    state = ability_lab()
    state.heroes[TACTICIAN].room = 8  # out of the way: the Grub attacks the Adept
    place_enemy(state, "Lab Grub", 0)
    act(state, EndTurn(), EndEngagement())
    roll(state, "hit", "hit")  # the Grub's maw and fang entries (SV-ROUND-2)
    assert state.heroes[ADEPT].health == 2  # one hit warded, one taken
    assert any(e.kind == "ward" for e in state.log)
    assert state.heroes[ADEPT].scenario_uses == {"Brace Plate": 1}
    assert state.round == 2 and state.heroes[ADEPT].round_uses == {}  # a new round: ready again


def test_SV_ATK_2_ability_and_attack_hits_add_up() -> None:
    """SV-ATK-2: wounds from an ability's strike and an attack's hits defeat together."""
    state = ability_lab()
    grub = place_enemy(state, "Lab Grub", 0)
    act(state, UseAbility("Arc Lash", grub))
    roll(state, "hit", "blank")
    act(state, ApplyRoll())
    _attack(state, "hit")
    act(state, ApplyHit(0, grub))
    assert state.enemy(grub) is None


def test_ability_uses_survive_save_and_clone() -> None:
    """Limits are state: a saved game and a clone keep the uses counted."""
    state = ability_lab()
    act(state, UseAbility("Field Dressing"))
    again = GAME.state_from_dict(state.to_dict())
    rejected(again, UseAbility("Field Dressing"), "SV-ENG-2")
    rejected(state.clone(), UseAbility("Field Dressing"), "SV-ENG-2")


def test_the_ability_lab_conforms_to_the_protocol() -> None:
    """Random play with abilities keeps every protocol promise (replay, clone, save),
    and near-miss actions (an ability's name or target nudged) are refused cleanly."""
    report = check_game(GAME, ABILITY_LAB, range(1, 3))
    assert report.games == 2
    assert fuzz_game(GAME, ABILITY_LAB, range(1, 2)) > 0


# -- content validation ----------------------------------------------------------------------

BAD_ABILITIES = [
    ('kind = "action"\neffect = "ward"\nper_round = 1', "abilities.0.effect"),
    ('kind = "action"\neffect = "heal"', "abilities.0.amount"),
    ('kind = "action"\neffect = "heal"\namount = 1\nroll = { die = "ember", count = 1 }', "amount"),
    ('kind = "passive"\neffect = "ward"', "abilities.0.per_scenario"),
    ('kind = "passive"\neffect = "commit"\namount = 1\napplies_to = ["salvage"]', "applies_to"),
    ('kind = "passive"\neffect = "by_hand"', "abilities.0.text"),
    ('kind = "passive"\neffect = "by_hand"\ntext = "x"\nper_round = 1', "abilities.0.per_round"),
    ('kind = "action"\neffect = "strike"\nroll = { die = "opal", count = 2 }', "roll.die"),
    ('kind = "action"\neffect = "strike"\nroll = { count = 0 }', "roll.count"),
    ('kind = "action"\neffect = "heal"\namount = 1\nper_round = 0', "abilities.0.per_round"),
    ('kind = "action"\neffect = "heal"\namount = 1\nspeed = 3', "abilities.0.speed"),
]


@pytest.mark.parametrize(("body", "field"), BAD_ABILITIES)
def test_a_bad_ability_fails_on_load_naming_the_field(
    tmp_path: Path, body: str, field: str
) -> None:
    """Abilities are validated on load; the one-line error names the field at fault."""
    text = Path(ABILITY_LAB).read_text("utf-8")
    text = text.replace('heroes = ["Lab Adept", "Lab Tactician"]', 'heroes = ["Lab Odd"]')
    text += '\n[[hero]]\nname = "Lab Odd"\nmax_health = 3\nstrategy = 1\ndice = ["brass"]\n'
    text += f'\n[[hero.abilities]]\nname = "Odd"\n{body}\n'
    path = tmp_path / "odd.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(ContentError) as error:
        load_scenario(str(path))
    message = str(error.value)
    assert field in message and "\n" not in message


def test_content_check_reports_every_bad_ability(tmp_path: Path) -> None:
    """`rulekeeper content check` names each bad ability field, one line each, exit 2."""
    from typer.testing import CliRunner

    from rulekeeper.cli.main import app

    path = tmp_path / "odd-heroes.toml"
    path.write_text(
        'format = "salvage-content/1"\n\n[[hero]]\nname = "Odd One"\nmax_health = 3\n'
        'strategy = 1\ndice = ["brass"]\n\n'
        '[[hero.abilities]]\nname = "Mend"\nkind = "action"\neffect = "heal"\n\n'
        '[[hero.abilities]]\nname = "Guard"\nkind = "passive"\neffect = "ward"\n',
        "utf-8",
    )
    result = CliRunner().invoke(app, ["content", "check", str(path)])
    assert result.exit_code == 2
    assert "hero.0.abilities.0.amount" in result.stdout
    assert "hero.0.abilities.1.per_scenario" in result.stdout
