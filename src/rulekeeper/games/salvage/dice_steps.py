"""Committing, rolling and re-rolling dice: the Strategy phase (SV-STRAT-*).

A basic action that rolls (move, attack, salvage) goes: commit dice one at a
time, roll them (one chance node per die), then either repeat the Strategy
phase, re-rolling *all* committed dice (SV-STRAT-2), while phases remain
(SV-STRAT-1), or apply the roll. Crits only raise noise when applied, so a
re-rolled crit costs nothing (SV-STRAT-3). Trade has no Strategy phase and
room or item rolls never repeat it (SV-STRAT-4).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import CommitDie, DieFace, Reroll, RollDice
from rulekeeper.games.salvage.passives import ability_named, draw_on, strategy_limit
from rulekeeper.games.salvage.passives import commit_limit as boosted_commit_limit
from rulekeeper.games.salvage.records import HITTING_FACES, Hero, Pending
from rulekeeper.games.salvage.terms import ACTION_KINDS, FACES, term
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState

COMMIT_RULE = {"move": "SV-MOVE-1", "attack": "SV-ATK-1", "ability": "SV-ENG-2"}
"""Which rule caps the dice committed, by action (SV-MOVE-1, SV-ATK-1; an ability's
own count is content, SV-ENG-2)."""


def commit_limit(state: SalvageState, pending: Pending) -> int:
    """SV-MOVE-1 / SV-ATK-1: at most max Health dice are committed (more with a
    ``commit`` passive ability, SV-ENG-2).

    Dice already applied to enemies by earlier attacks this turn do not count
    against the limit (SV-ATK-1): only the dice committed to *this* action do. An
    ability that rolls the hero's own dice commits at most its ``count``.
    """
    if pending.kind == "ability":
        spec = ability_named(state, state.turn_hero or 0, pending.ability or "")
        return 0 if spec is None else spec.roll_count
    return boosted_commit_limit(state, state.turn_hero or 0, pending)


def legal_commits(state: SalvageState, pending: Pending) -> list[Action]:
    hero = state.active_hero()
    actions: list[Action] = []
    if hero.count("committed") < commit_limit(state, pending):
        actions.extend(CommitDie(die) for die in hero.types_with("ready"))
    actions.append(RollDice())
    return actions


def check_commit(state: SalvageState, pending: Pending | None, action: CommitDie) -> None:
    if pending is None or pending.stage != "commit":
        if pending is not None and pending.kind == "salvage":
            raise RuleViolation("SV-SALV-2", lazy("salvage commits all ready dice at once"))
        raise RuleViolation("SV-STRAT-1", lazy("dice are committed only before the first roll"))
    rule = COMMIT_RULE[pending.kind]
    hero = state.active_hero()
    if hero.first("ready", action.die) is None:
        raise RuleViolation(
            rule, lazy("{hero} has no ready {die} die to commit", hero=hero.name, die=action.die)
        )
    limit = commit_limit(state, pending)
    if hero.count("committed") >= limit:
        why: Msg = (
            lazy("your max Health")
            if limit == hero.max_health
            else lazy("max Health and abilities")
        )
        if pending.kind == "ability":
            why = lazy("the count of {ability}", ability=pending.ability)
        raise RuleViolation(
            rule,
            lazy_plural(
                "you may commit at most {n} die ({why})",
                "you may commit at most {n} dice ({why})",
                limit,
                why=why,
            ),
        )


def apply_commit(state: SalvageState, action: CommitDie) -> None:
    hero = state.active_hero()
    index = hero.first("ready", action.die)
    if index is None:
        raise RuleViolation("SV-MOVE-1", lazy("no ready {die} die", die=action.die))
    if (
        state.pending is not None
        and state.turn_hero is not None
        and state.pending.kind != "ability"
    ):
        draw_on(state, state.turn_hero, state.pending, "commit", hero.count("committed") + 1)
    hero.set_die(index, "committed")
    rule = COMMIT_RULE[state.pending.kind] if state.pending else "SV-MOVE-1"
    state.emit("commit", lazy("{hero} commits one {die} die", hero=hero.name, die=action.die), rule)


def start_rolling(state: SalvageState, pending: Pending) -> None:
    """SV-STRAT-1: roll every committed die; the first roll is the first Strategy phase."""
    hero = state.active_hero()
    pending.phases += 1
    pending.to_roll = hero.indexes("committed")
    for index in pending.to_roll:
        hero.set_die(index, "committed", None)
    pending.stage = "rolling" if pending.to_roll else "decide"
    if pending.kind == "ability":
        state.emit(
            "roll",
            lazy_plural(
                "{hero} rolls {n} die for {ability} (one Strategy phase, no re-roll)",
                "{hero} rolls {n} dice for {ability} (one Strategy phase, no re-roll)",
                len(pending.to_roll),
                hero=hero.name,
                ability=pending.ability,
            ),
            "SV-STRAT-4",
        )
        return
    limit = strategy_limit(state, state.turn_hero or 0, pending)
    state.emit(
        "roll",
        lazy_plural(
            "{hero} rolls {n} die (Strategy phase {phase} of {most})",
            "{hero} rolls {n} dice (Strategy phase {phase} of {most})",
            len(pending.to_roll),
            hero=hero.name,
            phase=pending.phases,
            most=limit,
        ),
        "SV-STRAT-1",
    )


def apply_roll_dice(state: SalvageState, action: RollDice) -> None:
    if state.pending is None:
        raise RuleViolation("SV-STRAT-1", lazy("no action is waiting to roll"))
    start_rolling(state, state.pending)


def check_reroll(state: SalvageState, pending: Pending | None, action: Reroll) -> None:
    """SV-STRAT-1/2/4: a re-roll needs a rolled basic action with Strategy phases left."""
    if pending is None:
        raise RuleViolation("SV-STRAT-1", lazy("there is no roll to repeat"))
    if pending.kind in ("trade", "room", "ability"):
        raise RuleViolation(
            "SV-STRAT-4",
            lazy(
                "a {action} action may never repeat the Strategy phase",
                action=term(ACTION_KINDS, pending.kind),
            ),
        )
    hero = state.active_hero()
    if pending.applied_any:
        raise RuleViolation("SV-STRAT-1", lazy("hits were applied: the Strategy phases are over"))
    limit = strategy_limit(state, state.turn_hero or 0, pending)
    if pending.phases >= limit and pending.stage in ("rolling", "decide"):
        if limit == hero.strategy:
            used = lazy_plural(
                "{hero} has used their {n} Strategy phase (their Strategy)",
                "{hero} has used all {n} Strategy phases (their Strategy)",
                limit,
                hero=hero.name,
            )
        else:
            used = lazy_plural(
                "{hero} has used their {n} Strategy phase (their Strategy and abilities)",
                "{hero} has used all {n} Strategy phases (their Strategy and abilities)",
                limit,
                hero=hero.name,
            )
        raise RuleViolation("SV-STRAT-1", used)
    if pending.stage == "rolling":
        return  # a re-roll may follow once these dice land (CORE-CHANCE)
    if pending.stage != "decide":
        raise RuleViolation("SV-STRAT-1", lazy("the Strategy phase is repeated only after a roll"))
    if hero.count("committed") == 0:
        raise RuleViolation(
            "SV-STRAT-2", lazy("no dice are committed, so there is nothing to re-roll")
        )


def can_reroll(state: SalvageState, pending: Pending) -> bool:
    try:
        check_reroll(state, pending, Reroll())
    except RuleViolation:
        return False
    return True


def apply_reroll(state: SalvageState, action: Reroll) -> None:
    """SV-STRAT-2: re-roll all committed dice; SV-STRAT-3: unapplied crits raise no noise."""
    pending = state.pending
    if pending is None:
        raise RuleViolation("SV-STRAT-1", lazy("there is no roll to repeat"))
    hero = state.active_hero()
    crits = sum(1 for d in hero.dice if d.status == "committed" and d.face == "crit")
    # The log reads in order: the re-roll, what it costs (nothing), then the new phase.
    if state.turn_hero is not None:
        draw_on(state, state.turn_hero, pending, "strategy", pending.phases + 1)
    state.emit("reroll", lazy("{hero} re-rolls all committed dice", hero=hero.name), "SV-STRAT-2")
    if crits:
        state.emit(
            "quiet",
            lazy_plural(
                "{n} unapplied crit re-rolled: no noise",
                "{n} unapplied crits re-rolled: no noise",
                crits,
            ),
            "SV-STRAT-3",
        )
    start_rolling(state, pending)


def roll_totals(hero: Hero) -> tuple[int, int]:
    """(hits, crits) among the committed dice; a crit counts as a hit (catalog "Terms")."""
    hits = crits = 0
    for d in hero.dice:
        if d.status == "committed" and d.face in HITTING_FACES:
            hits += 1
            crits += d.face == "crit"
    return hits, crits


# -- chance ---------------------------------------------------------------------------


def face_outcomes(state: SalvageState, pending: Pending) -> list[tuple[Action, Fraction]]:
    """The next die's faces: a hero die of the pending action, or a room's die."""
    if pending.to_roll:
        die = state.active_hero().dice[pending.to_roll[0]].die
    elif pending.kind == "ability":
        ability = ability_named(state, state.turn_hero or 0, pending.ability or "")
        die = "" if ability is None else ability.roll_die or ""
    else:
        die = state.data.room_actions[pending.room_action or ""].die or ""
    return [(DieFace(die, face), p) for face, p in state.data.dice[die].outcomes()]


def apply_face(state: SalvageState, action: DieFace) -> None:
    pending = state.pending
    if pending is None:
        raise RuleViolation("CORE-CHANCE", lazy("no die is waiting to be rolled"))
    if pending.to_roll:
        hero = state.active_hero()
        index = pending.to_roll.pop(0)
        hero.set_die(index, "committed", action.face)
        state.emit(
            "face",
            lazy(
                "the {die} die of {hero} shows {face}",
                die=action.die,
                hero=hero.name,
                face=term(FACES, action.face),
            ),
            "SV-STRAT-1",
        )
        if not pending.to_roll:
            pending.stage = "decide"
        return
    pending.room_dice_left -= 1
    pending.room_faces.append(action.face)
    if pending.kind == "ability":
        shows = lazy(
            "the {die} die of {ability} shows {face}",
            die=action.die,
            ability=pending.ability,
            face=term(FACES, action.face),
        )
    else:
        shows = lazy(
            "the {die} die of the room shows {face}",
            die=action.die,
            face=term(FACES, action.face),
        )
    state.emit("face", shows, "SV-STRAT-4")
    if pending.room_dice_left == 0:
        pending.stage = "decide"
