"""A fixed action encoding: every action of a game family is one integer.

An encoding is built for one (game, scenario, ruleset) from the family's
*vocabulary*: for each action field name, the values it can take in that
scenario (hexes of the map, the party's cards, the figures...). Every action
class of the game gets a block of indices; inside a block an index is the
mixed-radix number of the positions of its field values in their domains, so
index ``i`` names the same action in every state (``move-to [2, 3]`` is always
the same integer). Chance outcomes are encoded in the same space.

How a field's domain is found, generically, so that new action types of a game
are encoded without new code when their fields reuse known names:

1. the vocabulary entry ``"<TYPE>.<field>"``, then
2. ``bool`` → ``(False, True)``; ``Literal[...]`` → its values; ``X | None`` →
   ``None`` then the domain of ``X``;
3. the vocabulary entry ``"<field>"``.

A vocabulary entry may be :data:`DERIVED`: the field is then not part of the
index (it follows from the others in a given state, like the text summary of a
monster's tied option) and :meth:`ActionEncoding.decode` finds the full action
among the legal ones.

An action class with a field no rule above covers is *ordinal*: its actions
share the final :attr:`ActionEncoding.ordinal_slots` indices, where slot ``k``
means "the ``k``-th legal action not covered by a fixed block, in the order of
their canonical JSON". This is the one state-relative part of the encoding; the
documentation of each family says which types use it (haven's area placements,
whose hex sets are combinatorial). A legal action whose value lies outside its
block's vocabulary falls into the ordinal slots too, so :meth:`encode` is total
over legal actions; more than ``ordinal_slots`` such actions at once raise
``NotImplementedError`` naming the limit.

This module imports no third-party package.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import get_type_hints

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import Game, State
from rulekeeper.i18n import _, lazy

DERIVED: tuple[object, ...] = ("<derived>",)
"""A vocabulary entry marking a field that is not part of the index."""

DEFAULT_ORDINAL_SLOTS = 64


def canonical_json(action: Action) -> str:
    """The action's JSON form with sorted keys: the order of ordinal slots."""
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def _hashable(value: object) -> object:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Block:
    """The indices of one action class: ``offset`` .. ``offset + size - 1``."""

    cls: type[Action]
    offset: int
    key_fields: tuple[str, ...]
    domains: tuple[tuple[object, ...], ...]
    positions: tuple[Mapping[object, int], ...]
    size: int

    def key(self, action: Action) -> tuple[object, ...]:
        return tuple(_hashable(getattr(action, name)) for name in self.key_fields)

    def index(self, action: Action) -> int | None:
        """The action's index, or None if a field value is outside its domain."""
        number = 0
        for name, domain, positions in zip(
            self.key_fields, self.domains, self.positions, strict=True
        ):
            position = positions.get(_hashable(getattr(action, name)))
            if position is None:
                return None
            number = number * len(domain) + position
        return self.offset + number

    def key_of(self, index: int) -> tuple[object, ...]:
        number = index - self.offset
        values: list[object] = []
        for domain in reversed(self.domains):
            number, position = divmod(number, len(domain))
            values.append(domain[position])
        return tuple(reversed(values))


def _field_domain(
    cls: type[Action], name: str, hint: object, vocabulary: Mapping[str, Sequence[object]]
) -> tuple[object, ...] | None:
    typed = vocabulary.get(f"{cls.TYPE}.{name}")
    if typed is not None:
        return tuple(typed)
    return _type_domain(name, hint, vocabulary)


def _type_domain(
    name: str, hint: object, vocabulary: Mapping[str, Sequence[object]]
) -> tuple[object, ...] | None:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is bool:
        return (False, True)
    if origin is typing.Literal:
        return tuple(args)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = _type_domain(name, rest[0], vocabulary)
            return None if inner is None else (None, *inner)
    found = vocabulary.get(name)
    return None if found is None else tuple(found)


class ActionEncoding:
    """Actions of one game family (one scenario and ruleset) as integers."""

    def __init__(
        self,
        game: Game,
        vocabulary: Mapping[str, Sequence[object]],
        *,
        ordinal_slots: int = DEFAULT_ORDINAL_SLOTS,
    ) -> None:
        self.game = game
        self.blocks: list[Block] = []
        self.ordinal_types: list[str] = []
        self._by_class: dict[type[Action], Block] = {}
        offset = 0
        for cls in game.codec.classes:
            block = self._block(cls, offset, vocabulary)
            if block is None:
                self.ordinal_types.append(cls.TYPE)
                continue
            self.blocks.append(block)
            self._by_class[cls] = block
            offset += block.size
        self.ordinal_offset = offset
        self.ordinal_slots = ordinal_slots
        self.num_distinct_actions = offset + ordinal_slots
        self._offsets = [b.offset for b in self.blocks]

    @staticmethod
    def _block(
        cls: type[Action], offset: int, vocabulary: Mapping[str, Sequence[object]]
    ) -> Block | None:
        hints = get_type_hints(cls)
        names: list[str] = []
        domains: list[tuple[object, ...]] = []
        for field in dataclasses.fields(cls):
            domain = _field_domain(cls, field.name, hints[field.name], vocabulary)
            if domain is None:
                return None
            if domain == DERIVED:
                continue
            if not domain:
                return None
            names.append(field.name)
            domains.append(tuple(_hashable(v) for v in domain))
        size = 1
        for domain in domains:
            size *= len(domain)
        positions = tuple({v: i for i, v in enumerate(d)} for d in domains)
        return Block(cls, offset, tuple(names), tuple(domains), positions, size)

    # -- the two directions ---------------------------------------------------
    def fixed_index(self, action: Action) -> int | None:
        """The action's fixed index, or None if it takes an ordinal slot."""
        block = self._by_class.get(type(action))
        return None if block is None else block.index(action)

    def encode(self, action: Action, state: State | None = None) -> int:
        """The action's index. An ordinal action needs the ``state`` it is legal in."""
        index = self.fixed_index(action)
        if index is not None:
            return index
        if state is None:
            raise ValueError(f"{action.label()} takes an ordinal slot: pass the state")
        ordinal = self._ordinal_actions(state)
        try:
            return self.ordinal_offset + ordinal.index(action)
        except ValueError:
            raise RuleViolation(
                "CORE-LEGAL", lazy("{action} is not legal now", action=action.label())
            ) from None

    def decode(self, index: int, state: State) -> Action:
        """The legal action (or chance outcome) that ``index`` names in ``state``.

        Raises RuleViolation if that action is not legal in ``state``.
        """
        if not 0 <= index < self.num_distinct_actions:
            raise RuleViolation(
                "CORE-LEGAL",
                lazy(
                    "action index {index} is outside 0..{last}",
                    index=index,
                    last=self.num_distinct_actions - 1,
                ),
            )
        if index >= self.ordinal_offset:
            ordinal = self._ordinal_actions(state)
            slot = index - self.ordinal_offset
            if slot < len(ordinal):
                return ordinal[slot]
            raise RuleViolation(
                "CORE-LEGAL", lazy("ordinal action slot {slot} is empty now", slot=slot)
            )
        block = self._block_of(index)
        key = block.key_of(index)
        for action in _choices(state):
            if type(action) is block.cls and block.key(action) == key:
                return action
        shown = " ".join(f"{n}={v}" for n, v in zip(block.key_fields, key, strict=True))
        what = f"{block.cls.TYPE} {shown}".strip()
        raise RuleViolation(
            "CORE-LEGAL",
            lazy("action {index} ({action}) is not legal now", index=index, action=what),
        )

    def describe(self, index: int) -> str:
        """What a fixed index means, in words (``move-to hex=(2, 3)``)."""
        if index >= self.ordinal_offset:
            return f"ordinal slot {index - self.ordinal_offset}"
        block = self._block_of(index)
        key = block.key_of(index)
        shown = " ".join(f"{n}={v}" for n, v in zip(block.key_fields, key, strict=True))
        return f"{block.cls.TYPE} {shown}".strip()

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions (chance outcomes at a chance node), sorted."""
        indices: list[int] = []
        ordinal = 0
        for action in _choices(state):
            index = self.fixed_index(action)
            if index is None:
                ordinal += 1
            else:
                indices.append(index)
        if ordinal:
            self._check_ordinal(ordinal)
            indices.extend(range(self.ordinal_offset, self.ordinal_offset + ordinal))
        return sorted(indices)

    def _ordinal_actions(self, state: State) -> list[Action]:
        actions = [a for a in _choices(state) if self.fixed_index(a) is None]
        self._check_ordinal(len(actions))
        return sorted(actions, key=canonical_json)

    def _check_ordinal(self, count: int) -> None:
        if count > self.ordinal_slots:
            raise NotImplementedError(
                _(
                    "{game}: {count} legal actions need ordinal slots, "
                    "more than the encoding's {slots}",
                    game=self.game.name,
                    count=count,
                    slots=self.ordinal_slots,
                )
            )

    def _block_of(self, index: int) -> Block:
        low, high = 0, len(self.blocks) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self._offsets[middle] <= index:
                low = middle
            else:
                high = middle - 1
        return self.blocks[low]


def _choices(state: State) -> list[Action]:
    if state.is_chance_node():
        return [a for a, _ in state.chance_outcomes()]
    if state.is_terminal():
        return []
    return state.legal_actions()


def canonical_value(value: object) -> str:
    """A field value's JSON text with sorted keys (orders vocabularies)."""
    from rulekeeper.core.actions import _to_json_value

    return json.dumps(_to_json_value(value), sort_keys=True)
