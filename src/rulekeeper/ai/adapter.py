"""What the agent interfaces need from a game family, and the registry of them.

A :class:`FamilyAdapter` knows one family's scenario vocabulary (for the fixed
action encoding), its players, what each player may see (hidden information
stays hidden), a fixed-layout feature vector, and the per-hero figures batch
runs record. :class:`AgentGame` binds an adapter to one (scenario, ruleset):
the object every adapter (Gymnasium, PettingZoo, OpenSpiel) and agent works
through. No third-party import here; tensors are built in
:mod:`rulekeeper.ai.observation`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rulekeeper.ai.encoding import ActionEncoding
from rulekeeper.core.actions import Action
from rulekeeper.core.game import CHANCE, TERMINAL, Game, State
from rulekeeper.core.registry import find_game
from rulekeeper.i18n import _

UTILITY = {"won": 1.0, "lost": -1.0}
"""The whole party's utility for a finished game (cooperative: everyone shares it)."""


@dataclass
class Layout:
    """Named segments of a feature vector, in order: ``[(name, size), ...]``."""

    segments: list[tuple[str, int]] = field(default_factory=list)

    def add(self, name: str, size: int) -> None:
        self.segments.append((name, size))

    @property
    def size(self) -> int:
        return sum(size for _, size in self.segments)

    def offsets(self) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        at = 0
        for name, size in self.segments:
            out[name] = (at, size)
            at += size
        return out


class Features:
    """A feature vector being filled segment by segment (plain floats)."""

    def __init__(self, layout: Layout) -> None:
        self.values = [0.0] * layout.size
        self._offsets = layout.offsets()

    def put(self, segment: str, position: int, value: float) -> None:
        start, size = self._offsets[segment]
        if 0 <= position < size:
            self.values[start + position] = float(value)

    def add(self, segment: str, position: int, value: float = 1.0) -> None:
        start, size = self._offsets[segment]
        if 0 <= position < size:
            self.values[start + position] += float(value)

    def one_hot(self, segment: str, domain: Sequence[object], value: object) -> None:
        if value in domain:
            self.put(segment, list(domain).index(value), 1.0)


class FamilyAdapter:
    """One game family's answers for agents; subclasses fill the hooks."""

    game_name = ""
    hidden_information = ""
    """What this family hides from which player (for the docs and tests)."""

    def vocabulary(self, state: State) -> dict[str, Sequence[object]]:
        """Field name → the values it can take in this scenario."""
        raise NotImplementedError

    def players(self, state: State) -> list[str]:
        """Agent names by player index (a hero or character each)."""
        raise NotImplementedError

    def view(self, state: State, viewer: int) -> dict[str, Any]:
        """What ``viewer`` may see now, as JSON values (hidden parts left out)."""
        raise NotImplementedError

    def hidden_history(self, state: State, viewer: int) -> set[int]:
        """History positions whose action ``viewer`` may not see (yet)."""
        return set()

    def layout(self, state: State, vocabulary: Mapping[str, Sequence[object]]) -> Layout:
        raise NotImplementedError

    def features(
        self, state: State, viewer: int, vocabulary: Mapping[str, Sequence[object]], out: Features
    ) -> None:
        raise NotImplementedError

    def hero_health(self, state: State) -> dict[str, int]:
        """Each hero's current hit points (0 once gone), for damage figures."""
        raise NotImplementedError

    def enemy_health(self, state: State) -> int:
        """The hit points the enemies have left (what the party must take away)."""
        return 0

    def rounds(self, state: State) -> int:
        return int(getattr(state, "round", 0))


_ADAPTER_MODULES = {
    "haven": "rulekeeper.ai.families.haven",
    "salvage": "rulekeeper.ai.families.salvage",
    "ether": "rulekeeper.ai.families.ether",
    "areas": "rulekeeper.ai.families.areas",
}


def adapter_for(game_name: str) -> FamilyAdapter:
    """The family adapter of a game; raises NotImplementedError for one without."""
    module_name = _ADAPTER_MODULES.get(game_name)
    if module_name is None:
        raise NotImplementedError(_("no agent adapter for the game {game}", game=repr(game_name)))
    adapter = importlib.import_module(module_name).ADAPTER
    if not isinstance(adapter, FamilyAdapter):
        raise TypeError(f"{module_name}.ADAPTER is not a FamilyAdapter")
    return adapter


def supported_games() -> list[str]:
    return list(_ADAPTER_MODULES)


def agent_scenarios() -> list[tuple[str, str, str]]:
    """Every (game, scenario, ruleset) shipped with an adapter: what the tests cover."""
    out = []
    for name in supported_games():
        game = find_game(name)
        for scenario in game.scenarios():
            for ruleset in scenario.rulesets or game.rulesets:
                out.append((name, scenario.name, ruleset))
    return out


class AgentGame:
    """One family adapter bound to a scenario and ruleset: encoding, players, views."""

    def __init__(self, game_name: str, scenario: str, ruleset: str | None = None) -> None:
        self.game: Game = find_game(game_name)
        self.ruleset = self.game.check_ruleset(ruleset)
        self.scenario = scenario
        self.adapter = adapter_for(self.game.name)
        template = self.game.new_state(scenario, 0, self.ruleset)
        self._template = template
        own = self.adapter.vocabulary(template)
        self.vocabulary = complete_vocabulary(self.game, own, explored_vocabulary(template))
        self.explored_fields = {
            key for key, values in self.vocabulary.items() if tuple(own.get(key, ())) != values
        }
        """Vocabulary entries that seeded random play completed (see complete_vocabulary)."""
        self.encoding = ActionEncoding(self.game, self.vocabulary)
        self.player_names = self.adapter.players(template)
        self.num_players = len(self.player_names)
        self.layout = self.adapter.layout(template, self.vocabulary)
        self.feature_size = self.layout.size

    def new_state(self, seed: int) -> State:
        """A new game with ``seed``: a copy of the scenario's first state (loaded once).

        A new state's fields do not depend on its seed (chance is explicit), so
        a copy with the seed set equals ``game.new_state(scenario, seed)``.
        """
        state = self._template.clone()
        state.seed = seed
        return state

    # -- views -------------------------------------------------------------
    def features(self, state: State, viewer: int) -> list[float]:
        """The viewer's fixed-layout feature vector (see the family docs)."""
        out = Features(self.layout)
        self.adapter.features(state, viewer, self.vocabulary, out)
        return out.values

    def observation_string(self, state: State, viewer: int) -> str:
        view = self.adapter.view(state, viewer)
        view["acting"] = _player_label(state, self.player_names)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    def information_state_string(self, state: State, viewer: int) -> str:
        """The viewer's whole history: actions seen (hidden ones masked), then the view."""
        hidden = self.adapter.hidden_history(state, viewer)
        steps = []
        for position, (player, action) in enumerate(state.history):
            if position in hidden:
                steps.append(f"{player}:{action.TYPE} ?")
            else:
                steps.append(f"{player}:{action.label()}")
        return "\n".join([*steps, self.observation_string(state, viewer)])

    # -- outcome -----------------------------------------------------------
    def returns(self, state: State) -> list[float]:
        """Each player's return: the party's shared utility once the game is over."""
        outcome = state.outcome()
        value = UTILITY.get(outcome.result, 0.0) if outcome is not None else 0.0
        return [value] * self.num_players

    def legal_indices(self, state: State) -> list[int]:
        return self.encoding.legal_indices(state)

    def decode(self, index: int, state: State) -> Action:
        return self.encoding.decode(index, state)


@cache
def agent_game(game_name: str, scenario: str, ruleset: str | None = None) -> AgentGame:
    """A shared :class:`AgentGame` (its encoding is built once per process)."""
    return AgentGame(game_name, scenario, ruleset)


def _player_label(state: State, names: Sequence[str]) -> str:
    player = state.current_player()
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "terminal"
    return names[player] if 0 <= player < len(names) else str(player)


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def counts(values: Iterable[object]) -> dict[str, int]:
    """A multiset as sorted counts: how decks are shown (their order stays hidden)."""
    out: dict[str, int] = {}
    for value in values:
        out[str(value)] = out.get(str(value), 0) + 1
    return dict(sorted(out.items()))


Hook = Callable[[State], Any]


def add_header(layout: Layout, num_players: int) -> None:
    """The segments every family's features start with."""
    layout.add("acting", num_players + 2)
    layout.add("viewer", num_players)
    layout.add("round", 1)


def write_header(state: State, viewer: int, num_players: int, out: Features) -> None:
    player = state.current_player()
    if player == CHANCE:
        out.put("acting", num_players, 1.0)
    elif player == TERMINAL:
        out.put("acting", num_players + 1, 1.0)
    else:
        out.put("acting", player, 1.0)
    out.put("viewer", viewer, 1.0)
    out.put("round", 0, float(getattr(state, "round", 0)))


def complete_vocabulary(
    game: Game,
    vocabulary: Mapping[str, Sequence[object]],
    explored: Mapping[str, Sequence[object]],
) -> dict[str, tuple[object, ...]]:
    """The family's vocabulary, completed with the values seeded random play met.

    For each field of each action class whose domain (see
    :mod:`rulekeeper.ai.encoding`) misses values that play met, or that has no
    domain at all (a new action type, a new field), the entry
    ``"<TYPE>.<field>"`` becomes the domain followed by the missing values, in
    JSON order. So the family's own values keep their positions and an action
    type added to a game gets fixed indices without new adapter code.
    """
    import dataclasses
    from typing import get_type_hints

    from rulekeeper.ai.encoding import DERIVED, _field_domain

    out: dict[str, tuple[object, ...]] = {
        name: tuple(dict.fromkeys(_freeze(v) for v in values))
        for name, values in vocabulary.items()
    }
    for cls in game.codec.classes:
        hints = get_type_hints(cls)
        for field_ in dataclasses.fields(cls):
            met = explored.get(f"{cls.TYPE}.{field_.name}")
            if not met:
                continue
            domain = _field_domain(cls, field_.name, hints[field_.name], out)
            if domain == DERIVED:
                continue
            known = tuple(_freeze(v) for v in domain or ())
            missing = [v for v in (_freeze(m) for m in met) if v not in set(known)]
            if missing or domain is None:
                out[f"{cls.TYPE}.{field_.name}"] = tuple(dict.fromkeys([*known, *missing]))
    return out


def explored_vocabulary(
    state: State, *, games: int = 8, max_actions: int = 2000
) -> dict[str, list[object]]:
    """``"<TYPE>.<field>"`` → every value seen in random games of ``state``'s scenario.

    For families whose content does not list every value an action field takes:
    seeded random play (seeds 0..games-1) meets the values, sorted by their JSON
    form so the indices do not depend on the order they were met. A value never
    met still encodes, in an ordinal slot (see :mod:`rulekeeper.ai.encoding`).
    Bool and ``Literal`` fields need no vocabulary and are skipped.
    """
    import dataclasses
    import random
    from typing import get_type_hints

    from rulekeeper.ai.encoding import _type_domain, canonical_value
    from rulekeeper.core.randomness import pick_weighted

    seen: dict[str, set[object]] = {}
    auto: dict[type[Action], list[str]] = {}
    for seed in range(games):
        game_state = state.game.new_state(state.scenario, seed, state.ruleset)
        rng = random.Random(f"explore:{seed}")
        for _step in range(max_actions):
            if game_state.is_terminal():
                break
            if game_state.is_chance_node():
                outcomes = game_state.chance_outcomes()
                choices = [a for a, _ in outcomes]
                chosen = pick_weighted(outcomes, rng)
            else:
                choices = game_state.legal_actions()
                chosen = choices[rng.randrange(len(choices))]
            for action in choices:
                cls = type(action)
                if cls not in auto:
                    hints = get_type_hints(cls)
                    auto[cls] = [
                        f.name
                        for f in dataclasses.fields(cls)
                        if _type_domain(f.name, hints[f.name], {}) is None
                    ]
                for name in auto[cls]:
                    seen.setdefault(f"{cls.TYPE}.{name}", set()).add(getattr(action, name))
            game_state.apply_trusted(chosen)
    return {key: sorted(values, key=canonical_value) for key, values in sorted(seen.items())}


def describe_agent_game(bound: AgentGame) -> str:
    """A Markdown summary of a scenario's encoding and feature layout (for docs/agents.md)."""
    encoding = bound.encoding
    lines = [
        f"`{bound.game.name}` / `{bound.scenario}` / `{bound.ruleset}`: "
        f"{encoding.num_distinct_actions} actions, {bound.feature_size} features, "
        f"players {', '.join(bound.player_names)}",
        "",
        "| indices | action type | fields in the index (domain sizes) |",
        "|---|---|---|",
    ]
    for block in encoding.blocks:
        fields = ", ".join(
            f"{name} ({len(domain)})"
            for name, domain in zip(block.key_fields, block.domains, strict=True)
        )
        last = block.offset + block.size - 1
        lines.append(f"| {block.offset}..{last} | `{block.cls.TYPE}` | {fields or '—'} |")
    ordinal_end = encoding.num_distinct_actions - 1
    types = ", ".join(f"`{t}`" for t in encoding.ordinal_types) or "values outside a domain"
    lines.append(f"| {encoding.ordinal_offset}..{ordinal_end} | ordinal slots | {types} |")
    lines += ["", "| feature segment | size |", "|---|---|"]
    lines += [f"| `{name}` | {size} |" for name, size in bound.layout.segments]
    return "\n".join(lines)
