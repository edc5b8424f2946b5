"""HV-FOCUS-1..4: whom a monster focuses on, and how [GH] it ranks extra targets.

The focus is the enemy the monster can attack with the least movement: fewest
negative hexes entered (HV-FOCUS-4), then fewest movement points, to a hex it
may end in from which the enemy is in range and line of sight (or inside one
placement of its area attack); ties by proximity (hexes counted around walls,
HV-LOS-2), then initiative, a summon before its summoner (HV-FOCUS-2). Without
an attack it plans a single-target melee attack; with no such hex anywhere it
has no focus (HV-FOCUS-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rulekeeper.boards.hexgrid import UNREACHABLE, has_position, mask_bytes
from rulekeeper.games.haven.monster_turn import MonsterTurn
from rulekeeper.i18n import N_, Msg, lazy, lazy_plural

FocusKey = tuple[int, int, int, tuple[int, int]]
"""(negative hexes, movement points, proximity, (initiative, summon-first))."""


_LEVEL_BITS: Final = UNREACHABLE.bit_length()
"""Bits holding any count of movement points or negative hexes (unreached: UNREACHABLE).
Shifts, not a product: the compiled module multiplies by a factor this large slowly."""
_LEVEL_MASK: Final = (1 << _LEVEL_BITS) - 1


def find_focus(turn: MonsterTurn) -> tuple[list[int], FocusKey]:
    """HV-FOCUS-1/2/4: the enemies needing the least movement to attack, ties broken."""
    move = turn.movement
    negative, distance = move.negative, move.distance
    aoe = turn.aoe
    positions = turn.positions
    hexes: Sequence[int]
    if aoe:
        hexes = turn.stand
        in_range = dict.fromkeys(turn.enemy_index, b"")
    else:
        # without an area, attacking is being in reach: in range (a bit test), then in
        # sight; only the hexes in range of some enemy can hold a focus's key
        in_range = {enemy: turn.range_bytes(enemy) for enemy in turn.enemy_index}
        anywhere = 0
        for enemy in turn.enemy_index:
            anywhere |= turn.within_range(enemy)
        near = mask_bytes(anywhere)
        hexes = [i for i in turn.stand if has_position(near, positions[i])]
    # The hexes by (negative hexes, movement points), each such level in increasing hex
    # number: a level packed in one integer (no count exceeds UNREACHABLE), the levels
    # sorted, not the hexes.
    levels: dict[int, list[int]] = {}
    for i in hexes:
        level_key = (negative[i] << _LEVEL_BITS) | distance[i]
        same = levels.get(level_key)
        if same is None:
            levels[level_key] = [i]
        else:
            same.append(i)
    los = turn.los
    # Every enemy at once, hex by hex in order of (negative hexes, movement points): the
    # first of those keys from which any enemy can be attacked is every focus's, so the
    # sweep ends with it and no enemy's sight lines are read beyond it.
    found: dict[int, FocusKey] = {}
    for level_key in sorted(levels):
        entered = level_key >> _LEVEL_BITS
        spent = level_key & _LEVEL_MASK
        for location in levels[level_key]:
            position = positions[location]
            for enemy, reach in in_range.items():
                if enemy in found:
                    continue
                if (
                    has_position(reach, position) and los.visible(location, enemy)
                    if not aoe
                    else turn.can_attack(location, enemy)
                ):
                    found[enemy] = (
                        entered,
                        spent,
                        turn.proximity_from_start[enemy],
                        turn.initiative[enemy],
                    )
        if found:
            break
    if not found:
        return [], (UNREACHABLE, UNREACHABLE, UNREACHABLE, (0, 0))
    best = min(found.values())
    return [enemy for enemy in turn.enemy_index if found.get(enemy) == best], best


def extra_target_ranks(turn: MonsterTurn) -> dict[int, int]:
    """[GH] extra targets ranked as foci would be: proximity, then initiative; [FH] all equal."""
    if not turn.ruleset.rank_extra_targets_as_focus:
        return {i: 0 for i in turn.enemy_index}
    infos = {i: (turn.proximity_from_start[i], turn.initiative[i]) for i in turn.enemy_index}
    distinct = sorted(set(infos.values()))
    return {i: distinct.index(info) for i, info in infos.items()}


TIE_BY_INITIATIVE = N_(
    "Its proximity ({near} away) and then its initiative ({initiative}) break any tie with the"
    " other enemies (HV-FOCUS-2)."
)
"""The tie-break sentence of a board's focus (the initiatives are printed ones)."""
TIE_BY_TURN_ORDER = N_(
    "Its proximity ({near} away) and then its place in the turn order ({initiative}) break any"
    " tie with the other enemies (HV-FOCUS-2)."
)
"""The same in play, where the mover is given places in the turn order (monster_turns.py)."""


def focus_reason(turn: MonsterTurn, focuses: list[int], key: FocusKey) -> Msg:
    """Plain sentences saying why this focus, the first rule ID leading (``HV-FOCUS-1: ...``).

    A message translated when shown: the mover's hot path builds it and renders nothing.
    """
    names = either(sorted(turn.enemy_index[f].id for f in focuses))
    negative, points, proximity, (initiative, _) = key
    if points == 0:
        first = lazy(
            "{rule}: It can attack {names} from where it stands, so {names} is its focus"
            " (HV-FOCUS-4).",
            rule="HV-FOCUS-1",
            names=names,
        )
    else:
        steps = lazy_plural("{n} movement point", "{n} movement points", points)
        entering = (
            lazy("no negative hex")
            if negative == 0
            else lazy_plural("{n} negative hex", "{n} negative hexes", negative)
        )
        first = lazy(
            "{rule}: It can reach a hex to attack {names} from with {steps}, entering {entering},"
            " so {names} is its focus (HV-FOCUS-4).",
            rule="HV-FOCUS-1",
            names=names,
            steps=steps,
            entering=entering,
        )
    sentences = [first]
    rivals = [e for e in turn.enemy_index if e not in focuses]
    if rivals:
        near = lazy_plural("{n} hex", "{n} hexes", proximity)
        sentences.append(Msg(TIE_BY_INITIATIVE, {"near": near, "initiative": initiative}))
    if len(focuses) > 1:
        sentences.append(lazy("They are still tied, so the players choose (HV-MOVE-MON-3)."))
    if not turn.has_attack:
        sentences.append(
            lazy("It has no attack, so it plans as if for a melee attack (HV-FOCUS-3).")
        )
    return sentences_of(sentences)


def either(names: list[str]) -> Msg | str:
    """``a``, ``a or b``, ``a or b or c``: one of several names."""
    if len(names) == 1:
        return names[0]
    return lazy("{names} or {last}", names=either(names[:-1]), last=names[-1])


def sentences_of(sentences: list[Msg]) -> Msg:
    """Whole sentences shown one after the other, each translated on its own."""
    if len(sentences) == 1:
        return sentences[0]
    return lazy("{sentence} {more}", sentence=sentences[0], more=sentences_of(sentences[1:]))


def first_rule(parts: Sequence[Msg]) -> str:
    """The rule ID leading a reason: the first ``{rule}`` field among its
    ``Msg.parts()``, or ``""``."""
    for part in parts:
        rule = part.fields.get("rule")
        if isinstance(rule, str):
            return rule
    return ""
