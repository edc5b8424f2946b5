"""``rulekeeper haven odds``: the table, JSON for scripts, deck files, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import rulekeeper.cli.haven_odds  # noqa: F401  (registers the command)
from rulekeeper.cli.haven_app import haven_app

# Mounted as the main CLI mounts it, so the group works even when it has one command.
ROOT = typer.Typer()
ROOT.add_typer(haven_app, name="haven")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(ROOT, ["haven", "odds", *args])
    return result.exit_code, result.stdout, result.stderr


def as_json(*args: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run(*args, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_prints_the_distribution_table_and_the_mean() -> None:
    code, out, _ = run("--attack", "3")
    assert code == 0
    assert "at least" in out and "expected damage: 3.0000 (3)" in out
    assert "(3/10)" in out  # six +0 of 20 deal exactly 3


def test_json_gives_exact_fractions() -> None:
    data = as_json("--attack", "3", "--shield", "2", "--pierce", "1")
    assert data["expected_damage"]["fraction"] == "41/20"
    assert sum(row["probability"]["value"] for row in data["damage"]) == pytest.approx(1)
    assert data["damage"][0]["at_least"]["fraction"] == "1"


def test_HV_ADV_1_advantage_flag() -> None:
    assert as_json("--attack", "3", "--advantage")["expected_damage"]["fraction"] == "358/95"


def test_HV_ATK_2_advantage_and_disadvantage_flags_cancel() -> None:
    data = as_json("--attack", "3", "--advantage", "--disadvantage")
    assert data["mode"] == "none" and data["expected_damage"]["fraction"] == "3"


def test_HV_ATK_3_ranged_adjacent_and_conditions_set_the_mode() -> None:
    assert as_json("--attack", "3", "--ranged-adjacent")["mode"] == "disadvantage"
    assert as_json("--attack", "3", "--muddled")["expected_damage"]["fraction"] == "212/95"
    assert as_json("--attack", "3", "--strengthened", "--ranged-adjacent")["mode"] == "none"


def test_frosthaven_ruleset_and_ward() -> None:
    data = as_json("--attack", "4", "--ruleset", "frosthaven", "--ward")
    # Every damage is halved, rounded down: 4→2 ×6, 5→2 ×5, 3→1 ×5, 6→3, 2→1, 8→4, miss 0.
    # (12 + 10 + 5 + 3 + 1 + 4) / 20 = 35/20 = 7/4.
    assert data["expected_damage"]["fraction"] == "7/4"


def test_deck_file_describes_the_current_deck(tmp_path: Path) -> None:
    """Only +2 and ×2 left, plus a bless: attack 3 deals 5, 6 or 6: 1/3 and 2/3."""
    deck = tmp_path / "deck.toml"
    deck.write_text('format = 1\ndraw = { "+2" = 1, "x2" = 1 }\nadded = { bless = 1 }\n')
    data = as_json("--attack", "3", "--deck", str(deck))
    assert [(r["damage"], r["probability"]["fraction"]) for r in data["damage"]] == [
        (5, "1/3"),
        (6, "2/3"),
    ]


def test_deck_file_from_the_standard_deck_with_perks(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(
        "format = 1\n"
        'drawn = { "+0" = 6, "+1" = 5, "-1" = 5, "-2" = 1, "null" = 1 }\n'
        'added = { "my-card" = 1 }\n'
        '[cards."my-card"]\nvalue = 1\neffects = ["wound"]\n'
    )
    data = as_json("--attack", "3", "--deck", str(deck))
    # Left: +2 (5), ×2 (6), my-card (4, wound): mean 15/3 = 5.
    assert data["expected_damage"]["fraction"] == "5"
    assert data["effects"]["wound"]["fraction"] == "1/3"


def test_a_malformed_deck_file_is_one_line_naming_the_field(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('format = 1\ndrawn = { "x2" = 2 }\n')
    code, out, err = run("--attack", "3", "--deck", str(deck))
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "drawn.x2" in err and str(deck) in err
    deck.write_text('format = 1\ndraw = { "+0" = "many" }\n')
    code, _, err = run("--attack", "3", "--deck", str(deck))
    assert code == 2 and "draw.+0" in err
    deck.write_text('format = 1\nadded = { "+7" = 1 }\n')
    code, _, err = run("--attack", "3", "--deck", str(deck))
    assert code == 2 and "added.+7" in err and "unknown card" in err
    assert "rolling+1" in err and '[cards."+7"]' in err  # what exists, and how to add one


def test_user_errors_exit_2_with_one_line() -> None:
    code, _, err = run("--attack", "3", "--ruleset", "nowhere")
    assert code == 2 and "unknown haven ruleset" in err
    code, _, err = run("--attack", "3", "--ward")
    assert code == 2 and "ward" in err
    code, _, err = run("--attack", "3", "--deck", "/no/such/deck.toml")
    assert code == 2 and "cannot read" in err


def test_monster_attacks_use_the_automatic_choice() -> None:
    """With plain cards the character's best choice and the monster's rule agree."""
    character = as_json("--attack", "3", "--advantage", "--ruleset", "frosthaven")
    monster = as_json("--attack", "3", "--advantage", "--ruleset", "frosthaven", "--monster")
    assert character["expected_damage"] == monster["expected_damage"]
    assert monster["attacker"] == "monster"


def test_HV_MOD_1_a_discard_pile_without_draw_pile_is_refused(tmp_path: Path) -> None:
    """From the standard deck (20 cards) a 'discard' table would add a 21st card: an x2 listed
    there is a second x2, not the deck's own one drawn. It must say to use 'drawn'."""
    deck = tmp_path / "deck.toml"
    deck.write_text('format = 1\ndiscard = { "x2" = 1 }\n')
    code, out, err = run("--attack", "3", "--deck", str(deck))
    assert code == 2 and out == ""
    assert "discard" in err and "drawn" in err and str(deck) in err


def test_HV_ADV_3_the_table_says_which_card_a_frosthaven_character_is_assumed_to_keep() -> None:
    """A Frosthaven character may keep either card; the odds assume the more damaging one
    and the table says so. Monsters and Gloomhaven have no such choice."""
    _, out, _ = run("--attack", "3", "--advantage", "--ruleset", "frosthaven")
    assert "assumed: the character keeps the card dealing more damage" in out
    _, monster, _ = run("--attack", "3", "--advantage", "--ruleset", "frosthaven", "--monster")
    _, gloomhaven, _ = run("--attack", "3", "--advantage")
    assert "assumed" not in monster and "assumed" not in gloomhaven


def test_HV_PUSH_3_a_push_card_adds_no_damage_and_the_table_says_so(tmp_path: Path) -> None:
    """A card's push or pull moves the target (HV-PUSH-3): the odds count it as an effect."""
    deck = tmp_path / "deck.toml"
    deck.write_text('format = 1\ndraw = { "+1-push-1" = 1, "+0-pull-2" = 1 }\n')
    data = as_json("--attack", "3", "--deck", str(deck))
    assert data["expected_damage"]["fraction"] == "7/2"  # (4 + 3) / 2: no damage from either
    assert data["effects"]["push 1"]["fraction"] == "1/2"
    assert data["effects"]["pull 2"]["fraction"] == "1/2"
    code, out, _ = run("--attack", "3", "--deck", str(deck))
    assert code == 0 and "adds push 1: 50.00%" in out
    assert "it adds no damage (HV-PUSH-3)" in out
    code, out, _ = run("--attack", "3")
    assert "HV-PUSH-3" not in out


def test_HV_TGT_1_HV_SHIELD_2_retaliate_and_target_cards_add_no_damage_and_are_listed(
    tmp_path: Path,
) -> None:
    """A card's "retaliate 1" (the attacker's, HV-SHIELD-2) and "+1 target" (an attack on
    another figure, HV-TGT-1) change no damage of this attack: the odds list them among the
    added effects and say how they are counted."""
    deck = tmp_path / "deck.toml"
    deck.write_text(
        "format = 1\n"
        'draw = { "ret" = 1, "tgt" = 1 }\n'
        '[cards.ret]\nvalue = 1\neffects = ["retaliate 1"]\n'
        '[cards.tgt]\neffects = ["target 1"]\n'
    )
    data = as_json("--attack", "3", "--deck", str(deck))
    assert data["expected_damage"]["fraction"] == "7/2"  # (4 + 3) / 2
    assert data["effects"]["retaliate 1"]["fraction"] == "1/2"
    assert data["effects"]["target 1"]["fraction"] == "1/2"
    code, out, _ = run("--attack", "3", "--deck", str(deck))
    assert code == 0 and "adds retaliate 1: 50.00%" in out and "adds +1 target: 50.00%" in out
    said = " ".join(out.split())  # the console wraps long lines
    assert "goes to the attacker; it adds no damage (HV-SHIELD-2, HV-HEAL-2)" in said
    assert "these odds are for one target and add no damage for it (HV-TGT-1)" in said
    _, plain, _ = run("--attack", "3")
    assert "HV-TGT-1" not in plain and "HV-SHIELD-2" not in plain
