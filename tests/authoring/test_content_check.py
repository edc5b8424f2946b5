"""``rulekeeper content check``: every problem of a file, with file, field and reason (issue 19).

Good files of every family pass (exit 0); files with several problems report
every one of them, each with its field path (exit 2). Schema problems come
from pydantic's whole error list; cross-reference problems from the games'
own load-time checks.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.authoring.check import check_data, check_file
from rulekeeper.authoring.kinds import KINDS, detect
from rulekeeper.cli.main import app

CONTENT = Path(__file__).parents[2] / "src" / "rulekeeper" / "content"
SHIPPED = sorted(
    p for p in CONTENT.rglob("*.toml") if p.parent.name != "rules" and "examples" not in p.parts
)
EXAMPLES = sorted((CONTENT / "examples").iterdir())

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["content", *args])
    return result.exit_code, result.stdout, result.stderr


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _fields(path: Path, game: str | None = None) -> list[str]:
    return [p.field or "" for p in check_file(path, game).problems]


# -- good files ---------------------------------------------------------------------
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(CONTENT)))
def test_every_shipped_content_file_is_clean(path: Path) -> None:
    game = "areas" if path.name == "catalog.toml" else None
    report = check_file(path, game)
    assert report.problems == (), [p.line() for p in report.problems]
    assert report.kind is not None and report.kind.family == path.relative_to(CONTENT).parts[0]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_file_is_clean(path: Path) -> None:
    game = path.name.split("-")[0]
    report = check_file(path, game)
    assert report.problems == (), [p.line() for p in report.problems]
    assert report.kind is not None and f"{report.kind.family}-{report.kind.name}" == path.stem


def test_every_file_kind_has_a_checked_example_or_shipped_file() -> None:
    for kind in KINDS:
        shipped = kind.example is not None and (CONTENT / kind.example).exists()
        example = any(p.stem == f"{kind.family}-{kind.name}" for p in EXAMPLES)
        assert shipped or example or kind.name == "library-scenario", kind.label


def test_cli_clean_files_exit_0_with_one_ok_line_each() -> None:
    files = [str(CONTENT / "areas/scenarios/sunken-gate.toml"), str(CONTENT / "salvage/dice.toml")]
    code, out, err = run("check", *files)
    assert code == 0, err
    assert out.splitlines() == [
        f'{files[0]}: ok (areas scenario, format = "rulekeeper-areas/1")',
        f'{files[1]}: ok (salvage catalog, format = "salvage-content/1")',
    ]


def test_cli_checks_every_content_file_of_a_folder_nested_ones_too(tmp_path: Path) -> None:
    import shutil

    shutil.copy(CONTENT / "salvage/dice.toml", tmp_path / "dice.toml")
    (tmp_path / "more").mkdir()
    shutil.copy(CONTENT / "areas/scenarios/sunken-gate.toml", tmp_path / "more" / "gate.TOML")
    _write(tmp_path / "more", "broken.toml", 'format = "rulekeeper-areas/1"\ntitle = \n')
    _write(tmp_path, "notes.txt", "not content")
    code, out, err = run("check", str(tmp_path))
    assert code == 2
    assert (
        out.splitlines()[0]
        == f'{tmp_path / "dice.toml"}: ok (salvage catalog, format = "salvage-content/1")'
    )
    assert f"{tmp_path / 'more' / 'broken.toml'}: not valid TOML" in out
    assert f"{tmp_path / 'more' / 'gate.TOML'}: ok (areas scenario" in out
    assert "notes.txt" not in out + err
    assert err == f"rulekeeper: {tmp_path / 'more' / 'broken.toml'}: 1 problem\n"


def test_cli_a_folder_without_content_files_is_a_problem(tmp_path: Path) -> None:
    _write(tmp_path, "readme.md", "nothing to check")
    code, out, err = run("check", str(tmp_path))
    assert code == 2
    assert err == f"rulekeeper: {tmp_path}: 1 problem\n"
    assert out == f"{tmp_path}: no content file in this folder (looked for .toml .json)\n"


def test_cli_a_folder_walk_does_not_follow_linked_folders(tmp_path: Path) -> None:
    import shutil

    shutil.copy(CONTENT / "salvage/dice.toml", tmp_path / "dice.toml")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    code, out, err = run("check", str(tmp_path))
    assert code == 0, err
    assert out.splitlines() == [
        f'{tmp_path / "dice.toml"}: ok (salvage catalog, format = "salvage-content/1")'
    ]


# -- the family from the format field -----------------------------------------------------
def test_the_kind_is_told_by_the_format_field_and_game() -> None:
    assert detect({"format": "haven-scenario/1"}).label == "haven scenario"
    assert detect({"format": 1, "standard_deck": {}}).label == "haven modifier-cards"
    assert detect({"format": 1, "drawn": {}}).label == "haven deck"
    assert detect({"format": "rulekeeper-ether/1", "scenario": {}}).label == "ether scenario"
    assert detect({"format": "rulekeeper-ether/1"}).label == "ether library"
    assert detect({"heroes": []}, "areas").label == "areas catalog"


@pytest.mark.parametrize(
    ("data", "game", "reason"),
    [
        ({"title": "x"}, None, "does not say what it is"),
        ({"format": "areas/9"}, None, "unknown format 'areas/9'"),
        ({"format": "salvage-scenario/1"}, "areas", "is a salvage format, not a areas one"),
        ([1, 2], None, "not a table of fields"),
    ],
)
def test_an_unknown_or_missing_format_is_one_problem_on_the_format_field(
    data: object, game: str | None, reason: str
) -> None:
    report = check_data(data, "f.toml", game)
    assert [(p.field, reason in p.reason) for p in report.problems] == [("format", True)]


def test_a_file_that_does_not_parse_is_one_problem_naming_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "broken.toml", 'format = "rulekeeper-areas/1"\ntitle = \n')
    code, out, err = run("check", str(path))
    assert code == 2
    assert out.count("\n") == 1 and out.startswith(f"{path}: not valid TOML")
    assert err == f"rulekeeper: {path}: 1 problem\n"


def test_the_hardened_reader_limits_apply(tmp_path: Path) -> None:
    deep = _write(tmp_path, "deep.json", "[" * 100 + "]" * 100)
    assert "nested too deep" in check_file(deep).problems[0].reason
    code, out, _ = run("check", "/dev/zero")
    assert code == 2 and "not a regular file" in out


# -- several problems, every one reported ------------------------------------------------
AREAS_SCHEMA = """
format = "rulekeeper-areas/1"
title = "Broken"
round_limit = 0
areas = [
  { id = "a", name = "A", capacity = 2 },
  { id = "b", name = "B", capacity = 0 },
  { id = "c", name = "C", capacity = 1, colour = "red" },
]
heroes = [{ figure = "brannoc", area = "a" }]
enemies = [{ figure = "skitterer", area = "b" }]
"""

AREAS_REFERENCES = """
format = "rulekeeper-areas/1"
title = "Broken references"
round_limit = 5
areas = [
  { id = "a", name = "A", capacity = 2 },
  { id = "a", name = "B", capacity = 1 },
]
heroes = [{ figure = "nobody", area = "a" }, { figure = "brannoc", area = "zz" }]
enemies = [{ figure = "skitterer", area = "a" }, { figure = "ghost", area = "a" }]
[catalog]
heroes = [
  { id = "x", name = "X", health = 1, items = ["no-such-item"], tokens = [{ id = "t", name = "T" }] },
  { id = "x", name = "X again", health = 1, tokens = [{ id = "t", name = "T" }] },
]
"""


def test_areas_schema_problems_are_all_reported_with_their_fields(tmp_path: Path) -> None:
    path = _write(tmp_path, "schema.toml", AREAS_SCHEMA)
    assert _fields(path) == ["round_limit", "areas.1.capacity", "areas.2.colour"]


def test_areas_cross_reference_problems_are_all_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, "refs.toml", AREAS_REFERENCES)
    problems = check_file(path).problems
    assert [(p.field, p.reason) for p in problems] == [
        ("catalog.heroes.1.id", "id 'x' is used twice"),
        ("areas.1.id", "two areas share the id 'a'"),
        ("catalog.heroes.0.items.0", "unknown item 'no-such-item'"),
        ("heroes.0.figure", "unknown hero 'nobody'"),
        ("heroes.1.area", "unknown area 'zz'"),
        ("enemies.1.figure", "unknown enemy 'ghost'"),
    ]


def test_areas_over_capacity_start_is_reported(tmp_path: Path) -> None:
    text = AREAS_SCHEMA.replace("round_limit = 0", "round_limit = 3")
    text = text.replace("capacity = 0", "capacity = 1").replace(', colour = "red"', "")
    text = text.replace('area = "b" }]', 'area = "a" }, { figure = "gloom-ogre", area = "a" }]')
    path = _write(tmp_path, "crowded.toml", text)
    problems = check_file(path).problems
    assert [(p.field, p.reason) for p in problems] == [
        ("areas.a", "figures of total size 4 start in an area of capacity 2")
    ]


def test_a_loaded_areas_scenario_still_stops_at_its_first_problem(tmp_path: Path) -> None:
    """Playing a scenario is strict: the first cross-reference problem is the error."""
    from rulekeeper.core.errors import ContentError
    from rulekeeper.games.areas.content import load_scenario

    path = _write(tmp_path, "refs.toml", AREAS_REFERENCES)
    with pytest.raises(ContentError) as caught:
        load_scenario(str(path))
    assert caught.value.field == "catalog.heroes.1.id"


SALVAGE_SCHEMA = """
format = "salvage-scenario/1"
name = "broken"
title = "Broken"
rows = 0
cols = 13
start_room = 0
heroes = []
rooms = [{ name = "Hall", smell = "damp" }]
enemy_dice = {}
round_limit = 3
objective = { kind = "escape", text = "Out" }
"""

ETHER_SCHEMA = """
format = "rulekeeper-ether/1"
[[hero]]
id = "h"
name = "H"
health = 0
hand_size = 2
dice = ["purple"]
[[enemy]]
id = "e"
health = 2
damage = -1
"""

HAVEN_SCHEMA = """
format = "haven-scenario/1"
name = ""
party = []
start_hexes = [[0, 0]]
map = { hexes = [[0, 0], [0, 101]] }
difficulty = "brutal"
"""

HAVEN_BOARD = """{"format": "haven-board/1", "ruleset": "gloomhaven",
 "hexes": [[0, 0], [1, 0], [0, 0]], "walls": [[[0, 0], [5, 5]]],
 "figures": [{"id": "a", "team": "monsters", "hex": [0, 0]}], "turn": {"figure": "a"}}"""


@pytest.mark.parametrize(
    ("name", "text", "fields"),
    [
        (
            "salvage.toml",
            SALVAGE_SCHEMA,
            ["rows", "cols", "heroes", "rooms.0.smell", "objective"],
        ),
        (
            "ether.toml",
            ETHER_SCHEMA,
            ["hero.0.health", "hero.0.dice.0", "enemy.0.name", "enemy.0.damage"],
        ),
        (
            "haven.toml",
            HAVEN_SCHEMA,
            ["name", "difficulty", "party", "map.hexes.1.1"],
        ),
    ],
)
def test_schema_problems_of_every_family_are_all_reported(
    tmp_path: Path, name: str, text: str, fields: list[str]
) -> None:
    path = _write(tmp_path, name, text)
    assert sorted(_fields(path)) == sorted(fields)


def test_haven_board_problems_are_all_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, "board.json", HAVEN_BOARD)
    report = check_file(path)
    assert [(p.field, p.reason) for p in report.problems] == [
        ("hexes.2", "[0, 0] is listed twice"),
        ("walls.0", "[5, 5] is not on the map"),
        ("walls.0", "a wall must separate two adjacent hexes, not [0, 0] and [5, 5]"),
    ]


def test_haven_deck_file_problems_are_all_reported(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "deck.toml",
        'format = 1\ndiscard = { "-1" = 1 }\ndrawn = { "zz" = 1, "x2" = 3 }\n'
        'added = { "yy" = -1 }\n',
    )
    problems = check_file(path).problems
    assert [(p.field, p.reason[:22]) for p in problems] == [
        ("discard", "give 'discard' only wi"),
        ("drawn.zz", "unknown card 'zz' (kno"),
        ("drawn.x2", "the deck has only 1 'x"),
        ("added.yy", "a card count cannot be"),
    ]


def test_a_deck_file_for_the_odds_still_stops_at_its_first_problem(tmp_path: Path) -> None:
    from rulekeeper.core.errors import ContentError
    from rulekeeper.games.haven.attack_deck_file import read_deck_file
    from rulekeeper.games.haven.ruleset import RULESETS

    path = _write(tmp_path, "deck.toml", 'format = 1\ndrawn = { "zz" = 1, "yy" = 1 }\n')
    with pytest.raises(ContentError) as caught:
        read_deck_file(path, RULESETS["gloomhaven"], "deck")
    assert caught.value.field == "drawn.zz"


def test_ether_scenario_cross_references_are_all_reported(tmp_path: Path) -> None:
    text = (CONTENT / "ether/scenarios/lantern-rift.toml").read_text("utf-8")
    text = text.replace('boss = "', 'boss = "no-such-', 1)
    text = text.replace(
        "[scenario]",
        '[[enemy]]\nid = "e"\nname = "E"\nhealth = 1\ndamage = 0\n'
        '[[enemy]]\nid = "e"\nname = "E2"\nhealth = 1\ndamage = 0\n\n[scenario]',
        1,
    )
    path = _write(tmp_path, "rift.toml", text)
    problems = check_file(path).problems
    assert [(p.field, p.reason[:22]) for p in problems] == [
        ("enemy.1.id", "duplicate id 'e'"),
        ("scenario.boss", "unknown boss 'no-such-"),
    ]


def test_a_loaded_ether_scenario_still_stops_at_its_first_problem(tmp_path: Path) -> None:
    from rulekeeper.core.errors import ContentError
    from rulekeeper.games.ether.content import load_scenario

    text = (CONTENT / "ether/scenarios/lantern-rift.toml").read_text("utf-8")
    path = _write(tmp_path, "rift.toml", text.replace('boss = "', 'boss = "no-such-', 1))
    with pytest.raises(ContentError) as caught:
        load_scenario(str(path))
    assert caught.value.field == "scenario.boss"


def test_salvage_catalog_cross_references_are_all_reported(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "cat.toml",
        'format = "salvage-content/1"\n'
        '[[hero]]\nname = "Ada"\nmax_health = 3\nstrategy = 1\ndice = ["nope"]\nitems = ["gone"]\n'
        '[[hero]]\nname = "Ada"\nmax_health = 3\nstrategy = 1\ndice = ["nope2"]\n',
    )
    assert _fields(path) == ["hero.1.name", "hero.0.dice.0", "hero.0.items.0", "hero.1.dice.0"]


# -- the command line ---------------------------------------------------------------
def test_cli_reports_every_problem_one_per_line_and_exits_2(tmp_path: Path) -> None:
    bad = _write(tmp_path, "refs.toml", AREAS_REFERENCES)
    good = CONTENT / "areas/scenarios/thorn-warren.toml"
    code, out, err = run("check", str(bad), str(good))
    assert code == 2
    lines = out.splitlines()
    assert lines[0] == f"{bad}: catalog.heroes.1.id: id 'x' is used twice"
    assert len(lines) == 7 and lines[-1].startswith(f"{good}: ok")
    assert err == f'rulekeeper: {bad}: 6 problems (areas scenario, format = "rulekeeper-areas/1")\n'


def test_cli_json_lists_the_problems(tmp_path: Path) -> None:
    bad = _write(tmp_path, "schema.toml", AREAS_SCHEMA)
    code, out, _ = run("check", "--json", str(bad))
    assert code == 2
    document = json.loads(out)
    assert document[0]["game"] == "areas" and document[0]["kind"] == "scenario"
    assert [p["field"] for p in document[0]["problems"]] == [
        "round_limit",
        "areas.1.capacity",
        "areas.2.colour",
    ]


def test_cli_game_option_reads_a_catalog_and_refuses_an_unknown_game() -> None:
    catalog = str(CONTENT / "areas/catalog.toml")
    assert run("check", catalog)[0] == 2
    assert run("check", "--game", "areas", catalog)[0] == 0
    code, out, err = run("check", "--game", "chess", catalog)
    assert code == 2 and out == ""
    assert err == "rulekeeper: --game: unknown game 'chess' (known: haven, salvage, ether, areas)\n"


def test_cli_problem_lines_never_carry_control_characters(tmp_path: Path) -> None:
    path = _write(tmp_path, "evil\x1b[2J.toml", AREAS_SCHEMA)
    code, out, err = run("check", str(path))
    assert code == 2
    assert "\x1b" not in out + err and "\\x1b" in out


SALVAGE_REFERENCES = """
format = "salvage-scenario/1"
name = "refs"
title = "Broken references"
rows = 1
cols = 2
start_room = 5
heroes = ["Nobody"]
rooms = [
  { name = "Hall", active = true, items = ["Lost Thing"], requirements = ["key:x"] },
  { name = "Vault", actions = ["Nap"] },
]
enemies = [{ enemy = "Ghost", room = 0 }]
enemy_dice = { "plaid" = 1 }
round_limit = 3
objective = { kind = "defeat", enemy = "Phantom", text = "Win" }
"""


def test_salvage_scenario_cross_references_are_all_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, "refs.toml", SALVAGE_REFERENCES)
    assert _fields(path) == [
        "start_room",
        "heroes.0",
        "rooms.0.items.0",
        "rooms.0.requirements.0",
        "rooms.1.actions.0",
        "enemies.0.enemy",
        "enemy_dice.plaid",
        "objective.enemy",
    ]


def test_a_loaded_salvage_scenario_still_stops_at_its_first_problem(tmp_path: Path) -> None:
    from rulekeeper.core.errors import ContentError
    from rulekeeper.games.salvage.content import load_scenario

    path = _write(tmp_path, "refs.toml", SALVAGE_REFERENCES)
    with pytest.raises(ContentError) as caught:
        load_scenario(str(path))
    assert caught.value.field == "start_room"
    assert str(caught.value) == f"{path}: start_room: room 5 is off the grid"


def _broken_haven_scenario(tmp_path: Path) -> Path:
    """The shipped Sunken Larder with six independent mistakes, as JSON."""
    import tomllib

    data = tomllib.loads((CONTENT / "haven/scenarios/sunken-larder.toml").read_text("utf-8"))
    data["party"] = ["warden", "gardener", "sage"]
    data["start_hexes"][2] = [40, 40]
    data["doors"][0]["opens"] = ["attic"]
    data["monsters"][1]["type"] = "sea-serpent"
    data["characters"]["sage"]["scenario_cards"] = {"golden-ticket": 1}
    data["characters"]["warden"]["items"] = ["no-such-sword"]
    return _write(tmp_path, "larder.json", json.dumps(data))


def test_haven_scenario_cross_references_are_all_reported(tmp_path: Path) -> None:
    path = _broken_haven_scenario(tmp_path)
    problems = check_file(path).problems
    assert [(p.field, p.reason) for p in problems] == [
        ("party.1", "unknown class 'gardener'"),
        ("characters.sage.scenario_cards.golden-ticket", "unknown modifier card 'golden-ticket'"),
        ("doors.0.opens", "unknown room 'attic'"),
        ("start_hexes.2", "[40, 40] is not in the starting area"),
        ("monsters.1.type", "unknown monster type 'sea-serpent'"),
        ("characters.warden.items.0", "unknown item 'no-such-sword'"),
    ]


def test_a_loaded_haven_scenario_still_stops_at_its_first_problem(tmp_path: Path) -> None:
    from rulekeeper.core.errors import ContentError
    from rulekeeper.games.haven.scenario_format import load_scenario

    path = _broken_haven_scenario(tmp_path)
    with pytest.raises(ContentError) as caught:
        load_scenario(str(path))
    assert str(caught.value) == f"{path}: party.1: unknown class 'gardener'"


def test_a_file_in_a_syntax_its_game_does_not_read_is_a_problem(tmp_path: Path) -> None:
    """Areas reads TOML only and haven boards JSON only: content check says so."""
    scenario = tomllib.loads((CONTENT / "areas/scenarios/sunken-gate.toml").read_text("utf-8"))
    path = _write(tmp_path, "gate.json", json.dumps(scenario))
    problems = check_file(path).problems
    assert [(p.field, p.reason) for p in problems] == [
        (None, "areas scenario files are read as TOML, and this one is JSON")
    ]
    board = _write(tmp_path, "board.toml", 'format = "haven-board/1"\nruleset = "gloomhaven"\n')
    assert "haven board files are read as JSON, and this one is TOML" in [
        p.reason for p in check_file(board).problems
    ]
