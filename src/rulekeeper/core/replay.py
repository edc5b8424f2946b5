"""Replay files: ``(game, ruleset, scenario, seed, actions)`` is the whole game.

The same triple is the save file, the replay and the bug report (DESIGN.md,
"Data flow"). Actions include chance outcomes, so a replay needs no sampler.
Action indexes in messages count from 1, as a person counts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.documents import Seed, read_document, validate
from rulekeeper.core.errors import ContentError, ReplayError, RulekeeperError, RuleViolation
from rulekeeper.core.game import CHANCE, Game, State
from rulekeeper.core.limits import MAX_ACTIONS
from rulekeeper.core.registry import find_game

REPLAY_FORMAT = "rulekeeper-replay/1"


class ReplayFile(BaseModel):
    """The validated JSON form of a replay file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["rulekeeper-replay/1"]
    game: str
    ruleset: str
    scenario: str
    seed: Seed
    actions: Annotated[list[dict[str, Any]], Field(max_length=MAX_ACTIONS)]


def parse_replay(data: object, source: str | None = None) -> ReplayFile:
    """Validate a replay's JSON value; raises ContentError naming the field."""
    return validate(ReplayFile, data, source)


def load_replay(path: Path) -> ReplayFile:
    """Read and validate a replay file; raises ContentError naming file and field."""
    return parse_replay(read_document(path, "json"), str(path))


def replay_to_json(state: State) -> dict[str, Any]:
    """The replay of ``state`` as a JSON value."""
    return {
        "format": REPLAY_FORMAT,
        **state.replay_header(),
        "actions": [action.to_json() for _, action in state.history],
    }


def run_replay(replay: ReplayFile, *, upto: int | None = None) -> State:
    """Rebuild the game a replay describes, checking every action.

    Raises :class:`ReplayError` at the first action that does not parse or is
    illegal, naming its index (from 1) and the rule it breaks.
    """
    game = find_game(replay.game)
    return replay_actions(
        game, replay.ruleset, replay.scenario, replay.seed, replay.actions, upto=upto
    )


def replay_actions(
    game: Game,
    ruleset: str,
    scenario: str,
    seed: int,
    actions: list[dict[str, Any]],
    *,
    upto: int | None = None,
) -> State:
    """A new state of ``game`` with ``actions`` applied through the checked entry."""
    try:
        state = game.new_state(scenario, seed, ruleset)
    except ValueError as error:
        raise ContentError(str(error), field="ruleset") from None
    for index, raw in enumerate(actions[:upto], start=1):
        try:
            action = game.parse_action(raw)
            while state.is_chance_node():
                filled = game.unrecorded_outcome(state, action)
                if filled is None:
                    break
                state.apply(filled)
            # Listed once per step: a listed action needs only check_listed, any
            # other is ruled on by check and refused unless it is a listed one.
            state.apply(action, legal=[] if state.is_terminal() else state.legal_actions())
        except RulekeeperError as error:
            raise ReplayError(index, _reason(error)) from None
    return state


def undo_cut(state: State) -> int | None:
    """How many history entries stay when the last choice a player made is undone.

    The chance outcomes that followed that choice go with it. ``None`` when no
    player has chosen anything yet.
    """
    history = state.history
    cut = len(history)
    while cut and history[cut - 1][0] == CHANCE:
        cut -= 1
    return cut - 1 if cut else None


def replay_prefix(state: State, cut: int) -> State:
    """A new state with the first ``cut`` entries of ``state``'s history replayed."""
    return replay_actions(
        state.game,
        state.ruleset,
        state.scenario,
        state.seed,
        [action.to_json() for _, action in state.history[:cut]],
    )


def _reason(error: RulekeeperError) -> str:
    if isinstance(error, RuleViolation):
        return f"{error.rule_id} {error.message}"
    return str(error)
