"""What a simulation says: outcome rates with confidence intervals, rounds, damage per hero.

Rates carry 95% Wilson score intervals. :func:`plot_report` draws the three
panels (outcome rates with their intervals, a histogram of rounds, mean damage
taken per hero) with matplotlib, imported only there.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulekeeper.i18n import N_, _
from rulekeeper.sim.runner import GameRecord

Z_95 = 1.959963984540054

OUTCOME_NAMES = {"won": N_("won"), "lost": N_("lost"), "cut-off": N_("cut off")}
"""How a report shows the outcomes the database stores (``won``, ``lost``, ``cut-off``)."""


def outcome_name(outcome: str) -> str:
    """An outcome as a person reads it, in the current language (a game's own word as is)."""
    name = OUTCOME_NAMES.get(outcome)
    return outcome if name is None else _(name)


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (0..1 each end)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True, slots=True)
class OutcomeRate:
    outcome: str
    count: int
    rate: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class HeroDamage:
    hero: str
    mean: float
    stdev: float


@dataclass(frozen=True, slots=True)
class Report:
    games: int
    outcomes: list[OutcomeRate]
    rounds: list[int]
    damage: list[HeroDamage]

    @property
    def mean_rounds(self) -> float:
        return statistics.fmean(self.rounds) if self.rounds else 0.0


def summarise(records: Sequence[GameRecord]) -> Report:
    total = len(records)
    counts = Counter(r.outcome for r in records)
    outcomes = []
    for outcome, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        low, high = wilson_interval(count, total)
        outcomes.append(OutcomeRate(outcome, count, count / total, low, high))
    heroes: dict[str, list[int]] = {}
    for record in records:
        for hero, figures in record.heroes.items():
            heroes.setdefault(hero, []).append(int(figures.get("damage_taken", 0)))
    damage = [
        HeroDamage(hero, statistics.fmean(v), statistics.pstdev(v) if len(v) > 1 else 0.0)
        for hero, v in heroes.items()
    ]
    return Report(total, outcomes, [r.rounds for r in records], damage)


def rounds_histogram(rounds: Sequence[int]) -> list[tuple[int, int]]:
    """(rounds, games) for every round count seen, ascending."""
    return sorted(Counter(rounds).items())


def plot_report(report: Report, title: str, path: Path) -> None:
    """Write a PNG with the outcome rates, the rounds histogram and damage per hero."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (rates, rounds, damage) = plt.subplots(1, 3, figsize=(15, 4.5))
    names = [outcome_name(o.outcome) for o in report.outcomes]
    values = [o.rate for o in report.outcomes]
    errors = [
        [o.rate - o.low for o in report.outcomes],
        [o.high - o.rate for o in report.outcomes],
    ]
    rates.bar(names, values, yerr=errors, capsize=6, color="#4c72b0")
    rates.set_ylim(0, 1)
    rates.set_ylabel(_("share of games"))
    rates.set_title(_("Outcomes ({games} games, 95% CI)", games=report.games))
    if report.rounds:
        low, high = min(report.rounds), max(report.rounds)
        rounds.hist(report.rounds, bins=range(low, high + 2), align="left", color="#55a868")
    rounds.set_xlabel(_("rounds"))
    rounds.set_ylabel(_("games played"))
    rounds.set_title(_("Rounds played"))
    heroes = [d.hero for d in report.damage]
    damage.bar(
        heroes,
        [d.mean for d in report.damage],
        yerr=[d.stdev for d in report.damage],
        capsize=6,
        color="#c44e52",
    )
    damage.set_ylabel(_("hit points lost per game (mean, ±1 sd)"))
    damage.set_title(_("Damage taken per hero"))
    damage.tick_params(axis="x", labelrotation=20)
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
