"""The scenario's goal, its loss, and what each character keeps at the end.

- HV-GOAL-1: the scenario is completed when its goal is met and lost when
  every character is exhausted or a loss condition of its rules occurs; once
  either is triggered the round is played out, then the scenario ends. [FH]
  if both happen in the same round it is lost; [GH] the first decides
  (``Ruleset.both_ends_in_a_round_lose``). [FH] "kill all" also waits for the
  scenario's pending spawns. Every character exhausted ends play at once:
  nobody is left to play the round out.
- Goals: ``kill_all``, ``kill_boss``, ``reach``, ``survive``, ``loot``,
  ``destroy`` (objective figures destroyed, HV-GOAL-2); shown
  at the start (an event) and in play (render.py).
- HV-SCEN-7: scenarios that count rounds advance at the end of each round;
  ``round_limit`` loses the scenario at the end of that round.
- HV-END-1: each character keeps its experience and the gold of its own
  loot ([GH] money tokens × conversion rate; [FH] coins on its loot cards ×
  rate) plus treasure gold; on a completed scenario each also gains the bonus
  experience 4 + 2L. HV-END-4: exhausted characters too.
- HV-END-2: tokens and treasure left on the map are lost; [FH] resources from
  loot cards are kept when the scenario is completed (when lost, only if the
  party returns to town: the summary says so).
- HV-END-3: after the scenario cards, items, hit points and conditions are
  restored and bless, curse and −1 item cards leave the decks: the summary
  lists this for the players; the state ends here.
- HV-END-5: battle goals are the players' (the engine deals none): the
  summary asks the players to resolve them by hand, checkmarks only on a win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.games.haven import loot, standees
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import ScenarioSpec
    from rulekeeper.games.haven.state import HavenState


def describe(state: HavenState) -> Msg:
    """The goal in words (shown at the start and in play)."""
    objective = state.spec.objective
    if objective.kind == "kill_all":
        return lazy("kill every monster, in every room")
    if objective.kind == "kill_boss":
        names = sorted({state.spec.monster_types[t].name for t in _boss_types(state)})
        return lazy("kill the boss ({names})", names=", ".join(names))
    if objective.kind == "reach":
        return lazy(
            "a character ends a move on {hexes}",
            hexes=", ".join(str(list(h)) for h in objective.hexes),
        )
    if objective.kind == "survive":
        return lazy_plural("survive {n} round", "survive {n} rounds", objective.rounds)
    if objective.kind == "destroy":
        return lazy("destroy the objective {names}", names=", ".join(_to_destroy(state)))
    if objective.kind == "escape":
        return lazy(
            "every character not exhausted escapes from {hexes}",
            hexes=", ".join(str(list(h)) for h in state.spec.escape),
        )
    return lazy("loot the treasure {names}", names=", ".join(objective.treasures))


def _to_destroy(state: HavenState) -> list[str]:
    """HV-GOAL-2: the objective figures a ``destroy`` goal names (none named: all)."""
    return list(state.spec.objective.destroy) or [o.id for o in state.spec.objectives]


def announce(state: HavenState) -> None:
    if state.spec.round_limit:
        text = lazy(
            "goal: {goal}; lost at the end of round {round}",
            goal=describe(state),
            round=state.spec.round_limit,
        )
    else:
        text = lazy("goal: {goal}", goal=describe(state))
    state.emit("goal", text, "HV-GOAL-1")


def _pending_spawns(state: HavenState, types: frozenset[str] | None = None) -> bool:
    """[FH] HV-GOAL-1: spawn rules that have not fired yet (the kill-all count includes them)."""
    for n, rule in enumerate(state.spec.rules):
        if n in state.fired or not rule.spawn:
            continue
        if types is None or any(s.type in types for s in rule.spawn):
            return True
    return False


def _goal_facts(spec: ScenarioSpec) -> tuple[int | None, frozenset[str]]:
    """The room count of a ``kill_all`` goal (else None) and the boss types of a scenario,
    worked out once per scenario (its content never changes; asked after every step)."""
    global _last_goal_facts
    last = _last_goal_facts
    if last is not None and last[0] is spec:
        return last[1]  # the scenario asked last: one comparison, no look-up (issue 12)
    found = _GOAL_FACTS.get(id(spec))
    if found is not None and found[0] is spec:
        _last_goal_facts = found
        return found[1]
    rooms = len(spec.rooms) if spec.objective.kind == "kill_all" else None
    types = {s.type for s in spec.monsters} | {s.type for r in spec.rules for s in r.spawn}
    facts = (rooms, frozenset(t for t in types if spec.monster_types[t].boss))
    if len(_GOAL_FACTS) >= 64:
        _GOAL_FACTS.clear()
    _GOAL_FACTS[id(spec)] = _last_goal_facts = (spec, facts)
    return facts


_GOAL_FACTS: dict[int, tuple[ScenarioSpec, tuple[int | None, frozenset[str]]]] = {}
_last_goal_facts: tuple[ScenarioSpec, tuple[int | None, frozenset[str]]] | None = None
"""The entry of ``_GOAL_FACTS`` read last (a rollout plays one scenario)."""


def _boss_types(state: HavenState) -> frozenset[str]:
    return _goal_facts(state.spec)[1]


def goal_met(state: HavenState) -> bool:
    """HV-GOAL-1: is the goal met as the board stands (reach: ``reached``)?"""
    rooms = _goal_facts(state.spec)[0]
    if rooms is not None:
        if len(state.revealed) < rooms:
            return False
        for f in state.figures.values():
            if f.kind == "monster":
                return False
        return not (state.rules.both_ends_in_a_round_lose and _pending_spawns(state))
    objective = state.spec.objective
    if objective.kind == "kill_boss":
        bosses = _boss_types(state)
        seen = any(standees.appeared(state, t) for t in bosses)
        alive = any(f.kind == "monster" and f.type in bosses for f in state.figures.values())
        return seen and not alive and not _pending_spawns(state, bosses)
    if objective.kind == "loot":
        looted = {t for hero in state.heroes.values() for t in hero.treasures}
        return set(objective.treasures) <= looted
    if objective.kind == "destroy":
        return set(_to_destroy(state)) <= set(state.destroyed)
    if objective.kind == "escape":  # HV-ROOM-5: every character not exhausted escaped
        heroes = state.heroes.values()
        return any(h.escaped for h in heroes) and all(h.escaped or h.exhausted for h in heroes)
    return False


def trigger(state: HavenState, result: str, why: Msg) -> None:
    """HV-GOAL-1: note the end; the round is played out before the scenario ends."""
    if state.result:
        return
    if state.ending == result:
        return
    if state.ending and not state.rules.both_ends_in_a_round_lose:
        return  # [GH] the first to happen decides
    if state.ending and result == "won":
        return  # [FH] lost already, and both in one round is lost
    state.ending = result
    state.result_text = why
    if result == "won":
        text = lazy("{why}: the scenario will be completed once this round is played out", why=why)
    else:
        text = lazy("{why}: the scenario will be lost once this round is played out", why=why)
    state.emit("goal", text, "HV-GOAL-1")


def check(state: HavenState) -> None:
    """After every step: a met goal is noted (HV-GOAL-1)."""
    if not state.result and state.ending != "won" and goal_met(state):
        trigger(state, "won", lazy("goal met: {goal}", goal=describe(state)))


def reached(state: HavenState, hero_id: str, h: tuple[int, int]) -> None:
    objective = state.spec.objective
    if objective.kind == "reach" and h in objective.hexes:
        trigger(state, "won", lazy("{hero} reached {hex}", hero=hero_id, hex=str(list(h))))


def all_exhausted(state: HavenState) -> None:
    """Every character exhausted: the scenario ends now (HV-EXH-2, HV-GOAL-1)."""
    if state.ending == "won" and not state.rules.both_ends_in_a_round_lose:
        finish(state, "won", state.result_text)  # [GH] the goal came first
        return
    finish(state, "lost", lazy("every character is exhausted (HV-EXH-2)"))


def no_one_left(state: HavenState) -> None:
    """HV-ROOM-5: no character is left on the map, some escaped: the scenario ends now, won
    if its goal is met or was triggered first ([FH] a loss in the round still loses)."""
    check(state)
    if state.ending == "won":
        finish(state, "won", state.result_text)
        return
    if state.ending == "lost":
        finish(state, "lost", state.result_text)
        return
    finish(state, "lost", lazy("no character is left in the scenario and its goal is not met"))


def end_of_round(state: HavenState) -> None:
    """The round is over: survive and round limits, then a triggered end ends play."""
    objective = state.spec.objective
    if objective.kind == "survive" and state.round >= objective.rounds:
        survived = lazy_plural(
            "the party survived {n} round", "the party survived {n} rounds", objective.rounds
        )
        trigger(state, "won", survived)
    if state.spec.round_limit and state.round >= state.spec.round_limit:
        over = lazy("round {round} is over (the round limit)", round=state.spec.round_limit)
        trigger(state, "lost", over)
    if state.ending:
        finish(state, state.ending, state.result_text)


def finish(state: HavenState, result: str, why: Msg | str) -> None:
    state.result = result
    state.result_text = why
    if result == "won":
        state.emit(result, lazy("{why}: the scenario is won", why=why), "HV-GOAL-1")
    else:
        state.emit(result, lazy("{why}: the scenario is lost", why=why), "HV-GOAL-1")
    state.emit(
        "scenario-end",
        end_text(state),
        "HV-END-1",
        "HV-END-2",
        "HV-END-3",
        "HV-END-4",
        "HV-END-5",
        characters=summary(state),
    )


def summary(state: HavenState) -> dict[str, dict[str, Any]]:
    """HV-END-1/2/4: what each character keeps, exhausted or not."""
    won = state.result == "won"
    rate = state.scaling.gold_conversion
    out: dict[str, dict[str, Any]] = {}
    for cls, hero in state.heroes.items():
        if state.rules.loot_deck:
            looted_gold = loot.coins(state, hero.loot_cards) * rate
            resources = loot.resources(state, hero.loot_cards)
        else:
            looted_gold = hero.money * rate
            resources = {}
        bonus = state.scaling.bonus_experience if won else 0
        out[cls] = {
            "experience": hero.xp + bonus,
            "ability_experience": hero.xp,
            "bonus_experience": bonus,
            "gold": looted_gold + hero.gold,
            "resources": resources,
            "resources_kept": "yes" if won else "only if the party returns to town",
            "items_gained": list(hero.gained_items),
            "treasures": list(hero.treasures),
            "exhausted": hero.exhausted,
            "escaped": hero.escaped,
            "kills": list(hero.kills),  # HV-MON-6 (battle goals read it, HV-END-5)
        }
    return out


def end_text(state: HavenState) -> Msg:
    """HV-END-1..5: what each character keeps, then what the players do by hand."""
    lines: list[Msg] = []
    for cls, kept in summary(state).items():
        resources = ", ".join(f"{n} {r}" for r, n in sorted(kept["resources"].items()))
        numbers = {
            "hero": cls,
            "experience": kept["experience"],
            "ability": kept["ability_experience"],
            "bonus": kept["bonus_experience"],
            "gold": kept["gold"],
        }
        if not resources:
            line = lazy(
                "{hero}: {experience} experience ({ability} from abilities + {bonus} bonus),"
                " {gold} gold",
                **numbers,
            )
        elif state.result == "won":
            line = lazy(
                "{hero}: {experience} experience ({ability} from abilities + {bonus} bonus),"
                " {gold} gold, {resources} (kept)",
                resources=resources,
                **numbers,
            )
        else:
            line = lazy(
                "{hero}: {experience} experience ({ability} from abilities + {bonus} bonus),"
                " {gold} gold, {resources} (kept only if the party returns to town)",
                resources=resources,
                **numbers,
            )
        lines.append(line)
    for cls, kept in summary(state).items():
        if kept["kills"]:
            lines.append(
                lazy_plural(
                    "{hero} is credited with {n} kill: {monsters}",
                    "{hero} is credited with {n} kills: {monsters}",
                    len(kept["kills"]),
                    hero=cls,
                    monsters=", ".join(kept["kills"]),
                )
            )
    lines.append(
        lazy(
            "tokens and treasure left on the map are lost; every character recovers its cards,"
            " items, hit points and conditions; bless, curse and item −1 cards leave the decks"
        )
    )
    if state.result == "won":
        lines.append(lazy("resolve by hand: battle goals (checkmarks for those met)"))
    else:
        lines.append(lazy("resolve by hand: battle goals (none: the scenario is lost)"))
    return lazy("scenario end: {summary}", summary=joined(lines))


def joined(parts: list[Msg]) -> Msg:
    """``parts`` as one message, separated by semicolons (each part translated on its own)."""
    message = parts[-1]
    for part in reversed(parts[:-1]):
        message = lazy("{first}; {rest}", first=part, rest=message)
    return message
