"""The targets a drawn modifier card adds for a figure the engine moves (HV-TGT-1).

A card's "+N target" adds N more targets within the attack's range and line of
sight, none already targeted by the ability, each a separate attack with its own
modifier draw and the attack's value and effects, except that a "+N target" drawn
against an added target adds none. A character's player picks them in the
``attack`` stage (turn.py). For a figure the engine moves (a monster, a summon, an
ally) the added targets come once the mover's planned targets are attacked, each
after the previous target's retaliate (HV-RET-2):

* [GH] by the monster automation: the next target is ranked as a focus would be,
  by proximity (hexes counted around walls), then initiative, a summon before its
  summoner (HV-MOVE-MON-1, HV-FOCUS-2); targets still tied are the players' choice
  (HV-MOVE-MON-3).
* [FH] the players choose among every eligible target (HV-MOVE-MON-3: the mover
  ranks further targets equally, ``Ruleset.rank_extra_targets_as_focus``).

A monster or an ally attacks as many targets as it can, so it never stops early; a
character, and [FH] a summon's summoner (who decides the summon's card effects,
HV-DECK-5), may stop instead. With no eligible target the added target is lost.
The players' pick is an action (``target`` or ``skip``, stage ``added_target``), so
a game replays exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import card_effects, map_state
from rulekeeper.games.haven.actions import SKIP, ChooseTarget, Skip, choose_target
from rulekeeper.games.haven.attack_resolution import attack_targets, begin_draw
from rulekeeper.games.haven.board_plain import PlainTurn
from rulekeeper.games.haven.focus import extra_target_ranks
from rulekeeper.games.haven.monster_turn import MonsterTurn
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Turn

STAGE = "added_target"
"""A figure the engine moves waits for the players to pick its card-added target."""


def may_stop(state: HavenState, figure: Figure) -> bool:
    """HV-DECK-5: only a player deciding the card's effects may leave an added target out."""
    return card_effects.chooses(state, figure)


def next_added_target(state: HavenState, figure: Figure, turn: Turn) -> bool:
    """Start the attack on the next card-added target of a figure the engine moves.

    Returns False when there is none (the attack is over), True when a draw started or
    the players are asked (stage ``added_target``).
    """
    left = int(turn.attack.get("card_targets", 0))
    if left <= 0:
        return False
    eligible = attack_targets(state, figure)
    if not eligible:
        turn.attack["card_targets"] = 0
        state.emit(
            "card-target",
            lazy(
                "{figure} has no enemy left in range and line of sight for the added target",
                figure=figure.id,
            ),
            "HV-TGT-1",
            figure=figure.id,
        )
        return False
    options = eligible
    if state.rules.rank_extra_targets_as_focus:
        options = _best_ranked(state, figure, eligible)
    if len(options) == 1 and not may_stop(state, figure):
        ranked = len(eligible) > 1  # [GH] the focus rules put it first (HV-MOVE-MON-1)
        state.emit(
            "card-target",
            lazy(
                "{figure}'s added target is {target}, the next by the focus rules (proximity,"
                " then initiative)",
                figure=figure.id,
                target=options[0],
            )
            if ranked
            else lazy(
                "{figure}'s added target is {target}, the only enemy left in range and line of"
                " sight",
                figure=figure.id,
                target=options[0],
            ),
            "HV-TGT-1",
            *(("HV-MOVE-MON-1", "HV-FOCUS-2") if ranked else ()),
            figure=figure.id,
            target=options[0],
        )
        take_added_target(state, figure, turn, options[0])
        return True
    turn.attack["added_options"] = options
    turn.stage = STAGE
    return True


def _best_ranked(state: HavenState, figure: Figure, eligible: list[str]) -> list[str]:
    """[GH] HV-MOVE-MON-1: further targets are chosen by the focus rules: the eligible
    enemies of the best rank (HV-FOCUS-2: proximity, then initiative), ties all kept.
    HV-GOAL-2: a figure covering several hexes is ranked by its nearest hex."""
    spec = map_state.solver_spec(
        state, figure, PlainTurn(figure=figure.id, range=turn_range(state), targets=2)
    )
    mover = MonsterTurn(spec)
    if any(f.more_hexes for f in spec.figures):
        from rulekeeper.games.haven.monster_ai_wide import WideTurn

        mover = WideTurn(spec)
    ranks = {mover.enemy_index[i].id: rank for i, rank in extra_target_ranks(mover).items()}
    worst = len(ranks) + 1
    best = min(ranks.get(t, worst) for t in eligible)
    return [t for t in eligible if ranks.get(t, worst) == best]


def turn_range(state: HavenState) -> int:
    turn = state.turn
    return int(turn.attack.get("range", 0)) if turn is not None else 0


def target_actions(state: HavenState, turn: Turn) -> list[Action]:
    """The players' choice of the added target (stopping where HV-DECK-5 allows it)."""
    figure = state.figures.get(turn.actor)
    options: list[Action] = [choose_target(t) for t in turn.attack.get("added_options", [])]
    if figure is not None and may_stop(state, figure):
        options.append(SKIP)
    return options


def check_target(state: HavenState, turn: Turn, action: Action) -> None:
    """Why ``action`` is not a choice of the added target (RuleViolation), or nothing."""
    if action in target_actions(state, turn):
        return
    options = list(turn.attack.get("added_options", []))
    if isinstance(action, Skip):
        raise RuleViolation(
            "HV-TGT-1",
            lazy(
                "{figure} attacks as many targets as it can: choose its added target among"
                " {targets}",
                figure=turn.actor,
                targets=options,
            ),
        )
    raise RuleViolation(
        "HV-TGT-1",
        lazy(
            "the added target must be an enemy in range and line of sight not yet targeted:"
            " {targets}",
            targets=options,
        ),
    )


def apply_target(state: HavenState, figure: Figure, turn: Turn, action: Action) -> None:
    """The players' pick: attack it, or (where allowed) leave the added targets out."""
    turn.attack.pop("added_options", None)
    turn.stage = "ability"
    if isinstance(action, ChooseTarget):
        state.emit(
            "card-target",
            lazy(
                "the players choose {target} as {figure}'s added target",
                target=action.figure,
                figure=figure.id,
            ),
            "HV-TGT-1",
            "HV-MOVE-MON-3",
            figure=figure.id,
            target=action.figure,
        )
        take_added_target(state, figure, turn, action.figure)
        return
    turn.attack["card_targets"] = 0
    state.emit(
        "card-target",
        lazy("{figure}'s summoner leaves the added target out", figure=figure.id),
        "HV-DECK-5",
        figure=figure.id,
    )


def take_added_target(state: HavenState, figure: Figure, turn: Turn, target: str) -> None:
    """HV-TGT-1: the added target is attacked with the attack's value and effects; a
    "+N target" drawn against it adds no more (attack_resolution.add_card_targets)."""
    turn.attack["card_targets"] = int(turn.attack.get("card_targets", 0)) - 1
    turn.attack.setdefault("card_added_targets", []).append(target)
    begin_draw(state, figure, target)
