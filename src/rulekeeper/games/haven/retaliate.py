"""Retaliate: damage back to an attacker within the bonus's range, after each attack.

GH p.26 ("Retaliate"), FH p.31: "Retaliate X" deals X damage to a figure that
attacks the bearer from an adjacent hex; with "Range Y", to an attacker within
Y hexes (counted around walls, as range always is: HV-LOS-2). It takes effect
after the attack that triggered it, once all its effects are resolved (push or
pull included: the attacker's position then counts), once per attack. It is
not an attack: no modifier card is drawn and shield does not reduce it; a
character may negate it like any damage (HV-NEG-1); [FH] ward and brittle do
change it (exhaustion.hurt). If the bearer was killed or exhausted by the
attack, there is no retaliate. Several retaliate bonuses add up to one source of
damage, each only within its own range.

- HV-RET-1: every attack on the bearer (each target of a multi-target attack is
  its own attack) from an attacker adjacent (a wall breaks adjacency) or within
  the bonus's range, whatever the attack's own range.
- HV-RET-2: once the attack and its effects (push, pull) are resolved, from
  where the attacker then stands; no retaliate from a bearer the attack killed.
- HV-RET-3: not an attack, not targeted: no modifier, no line of sight, no
  shield; the bonuses add into one source of damage.

Sources: "retaliate" abilities on cards (a bonus until the end of the round,
like shield: :attr:`Figure.retaliate`; a monster's is active from its turn on,
HV-SHIELD-2), active bonuses (bonuses.py: round or persistent cards, items), and
a monster's stat card (``retaliate`` / ``retaliate_range``, always active).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import bonuses, exhaustion, items, map_state
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState


def sources(state: HavenState, figure: Figure) -> list[tuple[int, int]]:
    """Every retaliate bonus the figure has: (value, range), range 0 meaning adjacent."""
    out = [(int(value), int(reach)) for value, reach in figure.retaliate]
    out.extend(bonuses.retaliates(state, figure))
    if figure.kind == "monster":
        stats = state.monster_stats(figure)
        if stats.retaliate:
            out.append((stats.retaliate, stats.retaliate_range))
    return out


def _within(state: HavenState, bearer: Figure, attacker: Figure, reach: int) -> bool:
    if reach <= 0:
        return map_state.adjacent(state, bearer, attacker)
    hexboard = map_state.board(state, with_closed_doors=True)
    index = hexboard.index
    if bearer.hex not in index or attacker.hex not in index:
        return False
    return hexboard.proximity(index[bearer.hex])[index[attacker.hex]] <= reach


def retaliation(state: HavenState, bearer: Figure, attacker: Figure) -> int:
    """The damage ``bearer``'s retaliate deals to ``attacker`` where they stand now."""
    return sum(
        value for value, reach in sources(state, bearer) if _within(state, bearer, attacker, reach)
    )


def after_attack(state: HavenState, attacker_id: str, target_id: str) -> None:
    """The attack on ``target_id`` is resolved: its retaliate, if any, hits the attacker."""
    bearer = state.figures.get(target_id)
    attacker = state.figures.get(attacker_id)
    if bearer is None or attacker is None:
        return
    amount = retaliation(state, bearer, attacker)
    # HV-ITEM-5: an ``attacked`` item's retaliate answers this one attack.
    amount += sum(
        value
        for value, reach in items.defence_retaliate(state.turn, target_id)
        if _within(state, bearer, attacker, reach)
    )
    if amount <= 0:
        return
    state.emit(
        "retaliate",
        lazy(
            "{bearer} retaliates: {amount} damage to {attacker}",
            bearer=bearer.id,
            amount=amount,
            attacker=attacker.id,
        ),
        "HV-RET-1",
        "HV-RET-2",
        "HV-RET-3",
        figure=bearer.id,
        attacker=attacker.id,
    )
    source = lazy("{figure}'s retaliate", figure=bearer.id)
    exhaustion.hurt(state, attacker, amount, source, ("HV-RET-3",), by=bearer.id)


def add_bonus(state: HavenState, figure: Figure, value: int, reach: int) -> None:
    """A "Retaliate X (Range Y)" ability: a bonus until the end of the round."""
    figure.retaliate.append([value, reach])

    state.emit(
        "retaliate-bonus",
        lazy(
            "{figure} gains retaliate {value} within range {range} this round",
            figure=figure.id,
            value=value,
            range=reach,
        )
        if reach > 0
        else lazy(
            "{figure} gains retaliate {value} against adjacent attackers this round",
            figure=figure.id,
            value=value,
        ),
        "HV-SHIELD-2",
        figure=figure.id,
    )
