"""Issue 18 acceptance for salvage and areas: a scripted game replayed in Catalan and Turkish.

Each scripted game is a fixed (scenario, seed, actions): the actions are those a
seeded random player and seeded dice choose, so the game replays exactly, and
the seeds are picked for games long enough to go through most of the rules.
It is replayed action by action under ``ca`` and ``tr`` (as ``--lang`` does):
every event of the log must be a message fully translated into that language
(no English word left once the content names are taken out), and so must the
final terminal screen and board.
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from translation_checks import english_words, log_problems

from rulekeeper.core import RandomPolicy, SeededSampler, play_out
from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.core.game import Game, State
from rulekeeper.core.replay import replay_actions
from rulekeeper.games.areas.content import SCENARIO_DIR as AREAS_SCENARIOS
from rulekeeper.games.areas.game import GAME as AREAS
from rulekeeper.games.areas.game import AreasState
from rulekeeper.games.areas.reach import melee_reach, occupancy
from rulekeeper.games.salvage.game import GAME as SALVAGE
from rulekeeper.games.salvage.state import SalvageState
from rulekeeper.i18n import text_of, use_language
from rulekeeper.i18n_catalogs import PACKAGE, extract

LANGS = ("ca", "tr")
SALVAGE_LABS = [
    str(Path(__file__).parents[1] / "salvage" / name)
    for name in ("salvage_lab.toml", "salvage_ability_lab.toml")
]
SALVAGE_GAMES = [
    *((info.name, seed) for info in SALVAGE.scenarios() for seed in (1, 2)),
    *((lab, seed) for lab in SALVAGE_LABS for seed in (1, 2, 3)),
]
AREAS_GAMES = [(info.name, seed) for info in AREAS.scenarios() for seed in (1, 2, 3)]


def scripted(game: Game, scenario: str, seed: int) -> list[dict[str, Any]]:
    """The fixed action list of one scripted game (seeded choices and seeded dice)."""
    state = play_out(
        game.new_state(scenario, seed), RandomPolicy(seed), SeededSampler(seed), max_actions=20_000
    )
    assert state.is_terminal()
    return [action.to_json() for _, action in state.history]


def replayed(game: Game, scenario: str, seed: int, lang: str) -> State:
    """The scripted game replayed, every action checked, with ``lang`` the language."""
    actions = scripted(game, scenario, seed)
    with use_language(lang):
        state = replay_actions(game, "standard", scenario, seed, actions)
    assert state.is_terminal() and len(state.history) == len(actions)
    return state


def salvage_names(state: SalvageState) -> list[str]:
    """Content names and texts of a salvage scenario (data, shown as the file writes them)."""
    data = state.data
    names = [data.title, data.objective.text, *(r.name for r in data.rooms)]
    names += [t.text for t in data.thresholds] + list(data.dice)
    names += [h.name for h in state.heroes] + list(data.enemy_specs) + list(data.items)
    names += [i.text for i in data.items.values()] + list(data.room_actions)
    names += [a.text for a in data.room_actions.values()]
    for hero in data.heroes:
        names += [a.name for a in hero.abilities] + [a.text for a in hero.abilities]
    return [name for name in names if name]


def areas_names(state: AreasState) -> list[str]:
    """Content names of an areas scenario (data, shown as the file writes them)."""
    setup = state.setup
    names = [setup.title, *(a.name for a in setup.board.areas.values())]
    names += [f.name for f in state.figures.values()] + list(state.fallen)
    for hero in setup.heroes.values():
        names += [hero.name, *(t.name for t in hero.tokens), *(e.name for e in hero.effects)]
    names += [i.name for i in setup.items.values()] + [e.name for e in setup.enemies.values()]
    for ally in setup.allies.values():
        names += [ally.name, *(a.name for a in ally.attacks)]
    return [name for name in names if name]


def shown(game: Game, state: State, lang: str) -> str:
    """The terminal play screen and the board, as a player reading ``lang`` sees them."""
    with use_language(lang):
        sections = game.screen(state, 400)
        console = Console(file=io.StringIO(), width=400, color_system=None)
        console.print(game.render(state))
        board = console.file.getvalue()  # type: ignore[attr-defined]
        decision = state.pending_decision()
        outcome = state.outcome()
    lines = [line for _, section in sections for line in section]
    summary = "" if outcome is None else outcome.summary
    return "\n".join([*lines, board, decision, summary])


def _plain(text: str) -> str:
    """``text`` with table borders and rule IDs (``AR-END-1``, data) gone and each run of
    spaces one space (a name wrapped over two lines is still found)."""
    text = re.sub(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b", " ", text)
    return " ".join(re.sub(r"[│┃|]", " ", text).split())


def check_game(game: Game, state: State, lang: str, names: Iterable[str]) -> None:
    names = list(names)
    problems = log_problems(state.log, lang, names)
    assert problems == [], "\n".join(problems[:20])
    screen = shown(game, state, lang)
    left = english_words(_plain(screen), [_plain(name) for name in names], lang)
    assert left == [], f"English words {left} on the final {lang} screen:\n{screen}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("scenario", "seed"), SALVAGE_GAMES)
def test_a_scripted_salvage_game_reads_wholly_in_catalan_and_turkish(
    scenario: str, seed: int, lang: str
) -> None:
    state = replayed(SALVAGE, scenario, seed, lang)
    assert isinstance(state, SalvageState)
    check_game(SALVAGE, state, lang, salvage_names(state))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("scenario", "seed"), AREAS_GAMES)
def test_a_scripted_areas_game_reads_wholly_in_catalan_and_turkish(
    scenario: str, seed: int, lang: str
) -> None:
    state = replayed(AREAS, scenario, seed, lang)
    assert isinstance(state, AreasState)
    check_game(AREAS, state, lang, areas_names(state))


def test_the_scripted_games_go_through_most_of_the_log() -> None:
    """The scripted games are long enough to mean something: together they emit most
    kinds of event each game has."""
    salvage_kinds = {
        e.kind
        for scenario, seed in SALVAGE_GAMES
        for e in replayed(SALVAGE, scenario, seed, "ca").log
    }
    assert {"action", "commit", "roll", "face", "apply", "noise", "gain", "step", "damage"} <= (
        salvage_kinds
    )
    areas_kinds = {
        e.kind for scenario, seed in AREAS_GAMES for e in replayed(AREAS, scenario, seed, "tr").log
    }
    assert {"round", "move", "declare", "reach", "roll", "damage", "wound", "end"} <= areas_kinds


def test_a_refusal_is_translated_in_both_families() -> None:
    """A refused action's reason reads in the chosen language, naming the same rule."""
    salvage = SALVAGE.new_state("drowned-spire", 1)
    areas = AREAS.new_state("sunken-gate", 1)
    for lang, salvage_words, areas_words in (
        ("ca", "heroi", "torn"),
        ("tr", "kahraman", "sıra"),
    ):
        with use_language(lang):
            with pytest.raises(RuleViolation) as salvage_refusal:
                salvage.check(SALVAGE.parse_action({"type": "end_turn"}))
            assert salvage_refusal.value.rule_id == "SV-ROUND-1"
            assert salvage_words in salvage_refusal.value.message
            with pytest.raises(RuleViolation) as areas_refusal:
                areas.check(AREAS.parse_action({"type": "pass", "figure": "nobody"}))
            assert areas_refusal.value.rule_id == "AR-ROUND-1"
            assert areas_words in areas_refusal.value.message


@pytest.mark.parametrize("scenario", [info.name for info in AREAS.scenarios()])
def test_areas_reach_reasons_say_what_the_board_says(scenario: str) -> None:
    """The translatable reach reasons read, in English, exactly as the board's own verdicts
    (AR-REQ-3, AR-REQ-4, AR-RANGE-1): from every figure to every other, plain and at range."""
    state = AREAS.new_state(scenario, 0)
    used = occupancy(state.board, state.figures.values())
    for attacker in state.figures.values():
        for at_range in (None, 1, 2, 3):
            report = melee_reach(
                state.board, attacker, state.figures, at_range, targets=list(state.figures)
            )
            for ruling in report:
                target = state.figures[ruling.target]
                verdict = state.board.melee_reach(attacker.area, target.area, used, at_range)
                assert text_of(ruling.reason, "en") == verdict.reason


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("game", "scenario", "seed", "names"),
    [
        (SALVAGE, SALVAGE_LABS[1], 1, salvage_names),
        (SALVAGE, "drowned-spire", 2, salvage_names),
        (AREAS, "wharf-landing", 1, areas_names),
    ],
)
def test_every_prompt_and_action_label_of_a_scripted_game_is_translated(
    game: Game, scenario: str, seed: int, names: Any, lang: str
) -> None:
    """At every step of the scripted game the prompt and the label of every legal action
    (the menu a player reads) hold no English word once the content names are out."""
    actions = scripted(game, scenario, seed)
    state = game.new_state(scenario, seed)
    content = [_plain(name) for name in names(state)]
    for raw in actions:
        if not state.is_chance_node():
            with use_language(lang):
                lines = [state.pending_decision()]
                lines += [game.describe_action(state, a) for a in state.legal_actions()]
            for line in lines:
                left = english_words(_plain(line), content, lang)
                assert left == [], f"English words {left} in {lang}: {line!r}"
        state.apply(game.parse_action(raw))


@pytest.mark.parametrize(
    ("game", "scenario", "seed"), [(SALVAGE, "drowned-spire", 1), (AREAS, "sunken-gate", 1)]
)
def test_the_outcome_reads_in_each_language_and_a_save_keeps_it(
    game: Game, scenario: str, seed: int
) -> None:
    """SV-END-1 / AR-END-1: the outcome's summary follows the reader's language; a save
    keeps the English summary beside the message, and reloads into the same outcome."""
    state = replayed(game, scenario, seed, "en")
    english = state.outcome()
    assert english is not None
    raw = state.to_dict()
    back = game.state_from_dict(raw)
    assert back.to_dict() == raw
    for lang in LANGS:
        with use_language(lang):
            shown, reloaded = state.outcome(), back.outcome()
        assert shown is not None and shown == reloaded
        assert shown.result == english.result and shown.summary != english.summary


@pytest.mark.parametrize(
    ("lang", "salvage_reason", "areas_reason"),
    [
        ("ca", "tipus de dau desconegut 'claw'", "zona desconeguda 'z'"),
        ("tr", "bilinmeyen zar türü 'claw'", "bilinmeyen bölge 'z'"),
    ],
)
def test_a_bad_content_file_is_refused_in_the_chosen_language(
    tmp_path: Path, lang: str, salvage_reason: str, areas_reason: str
) -> None:
    """A content file's error names the file and field as they are, the reason translated."""
    text = Path(SALVAGE_LABS[0]).read_text(encoding="utf-8")
    assert 'damage = ["maw", "fang"]' in text
    bad = tmp_path / "bad-salvage.toml"
    bad.write_text(text.replace('damage = ["maw", "fang"]', 'damage = ["maw", "claw"]', 1))
    with use_language(lang), pytest.raises(ContentError) as salvage_error:
        SALVAGE.new_state(str(bad), 0)
    assert salvage_error.value.field == "enemy.0.damage.1"
    assert salvage_error.value.reason == salvage_reason
    assert str(bad) in str(salvage_error.value)
    shipped = Path(AREAS.scenarios()[0].name)
    areas_text = (AREAS_SCENARIOS / f"{shipped}.toml").read_text(encoding="utf-8")
    bad_areas = tmp_path / "bad-areas.toml"
    bad_areas.write_text(re.sub(r'area = "[^"]+"', 'area = "z"', areas_text, count=1))
    with use_language(lang), pytest.raises(ContentError) as areas_error:
        AREAS.new_state(str(bad_areas), 0)
    assert areas_error.value.reason == areas_reason


@pytest.mark.parametrize("family", ["salvage", "areas"])
def test_every_marked_message_of_the_family_reaches_its_catalog(family: str) -> None:
    """A ``_()`` Babel cannot see (inside an f-string's braces) would stay English for ever:
    every literal message the family's modules mark is extracted into its catalog area."""
    folder = PACKAGE / "games" / family
    paths = sorted(p for p in folder.glob("*.py"))
    extracted = {m.singular for m in extract((family, p) for p in paths)[family]}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked = {
            node.args[0].value
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "_n", "N_", "lazy", "lazy_plural")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        }
        assert marked - extracted == set(), f"{path.name}: not extracted"
