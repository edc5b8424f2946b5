"""Actions in words, for people: each legal action of a haven game described in the current
language (the play screen's choices, the log), with the card halves and abilities it names.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.games.haven import cards, monster_effects
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseElement,
    ChooseMonsterOption,
    ChooseTarget,
    ConsumeElement,
    DeclineEffect,
    DrawAbility,
    DrawLoot,
    EndBonus,
    Escape,
    ForceStep,
    GroupFirst,
    ItemsDone,
    KeepEffects,
    LongRest,
    LongRestHeal,
    LoseCard,
    MoveTo,
    Negate,
    NumberAlly,
    NumberStandee,
    PlaceArea,
    PlaceSummon,
    PlayHalf,
    RecoverCard,
    Redraw,
    RefreshItem,
    RefreshItems,
    Resolved,
    RestLoss,
    SelectCard,
    ShortRest,
    Skip,
    UseItem,
)
from rulekeeper.games.haven.attack_draw import DrawModifier, KeepModifier
from rulekeeper.games.haven.modifiers import MONSTER_DECK
from rulekeeper.games.haven.scenario_format import AbilitySpec, HalfSpec
from rulekeeper.games.haven.state import HavenState
from rulekeeper.games.haven.terms import term, terms
from rulekeeper.i18n import _, _n, text_of


def term_text(word: str) -> str:
    """A game term (element, condition, phase, rank, half) in the current language."""
    return text_of(term(word))


def terms_text(words: Sequence[str], sep: str = ", ") -> str:
    return sep.join(term_text(word) for word in words)


def _card_name(state: HavenState, hero: str, card_id: str) -> str:
    try:
        spec = cards.card(state, hero, card_id)
    except (KeyError, StopIteration, RulekeeperError):
        return card_id
    return spec.name or spec.id


def _item_name(state: HavenState, item_id: str) -> str:
    item = state.spec.items.get(item_id)
    return item.name if item is not None and item.name else item_id


def _hex_text(h: tuple[int, int]) -> str:
    return f"[{h[0]}, {h[1]}]"


def _harm_text(state: HavenState, h: tuple[int, int]) -> str:
    """HV-MOVE-2: what a path of a ``via`` move enters at ``h``."""
    if h in state.spec.map.terrain.trap:
        return _("the trap at {hex}", hex=_hex_text(h))
    return _("the hazardous terrain at {hex}", hex=_hex_text(h))


def _yes_no(flag: bool) -> str:
    return _("yes") if flag else _("no")


def _monster_option_text(state: HavenState, action: ChooseMonsterOption) -> str:
    """HV-MOVE-MON-3: one of the mover's tied options in words (the action keeps its English summary)."""
    options = state.turn.options if state.turn else []
    if not 0 <= action.index < len(options):
        return action.summary
    option = options[action.index]
    hex_text = str(option["move_to"])
    if option["targets"] and option.get("condition"):
        return _(
            "give {conditions} to {targets}",
            conditions=terms(option["condition"]["conditions"]),
            targets=list(option["targets"]),
        )
    if option.get("effect"):
        effect = AbilitySpec.model_validate(option["effect"])
        return _(
            "{ability} on {targets}",
            ability=text_of(monster_effects.effect_text(effect)),
            targets=list(option["targets"]),
        )
    if option["targets"]:
        return _("move to {hex}, attack {targets}", hex=hex_text, targets=list(option["targets"]))
    if option.get("focus"):
        return _("move to {hex} (focus {focus})", hex=hex_text, focus=option["focus"])
    return _("move to {hex}", hex=hex_text)


def _human_label(state: HavenState, action: Action) -> str | None:
    """Plain words for the actions whose own label is an id or a flag."""
    if isinstance(action, LongRest):
        return _(
            "{character}: long rest (no cards played; initiative 99)", character=action.character
        )
    if isinstance(action, ActFirst):
        return _("{character} acts first", character=action.character)
    if isinstance(action, MoveTo) and action.pause:
        if not action.via:
            return _("move to {hex} and pause there to use an item", hex=_hex_text(action.hex))
        return _(
            "move to {hex} through {harms} and pause there to use an item",
            hex=_hex_text(action.hex),
            harms=", ".join(_harm_text(state, h) for h in action.via),
        )
    if isinstance(action, MoveTo):
        if not action.via:
            return _("move to {hex}", hex=_hex_text(action.hex))
        return _(
            "move to {hex} through {harms}",
            hex=_hex_text(action.hex),
            harms=", ".join(_harm_text(state, h) for h in action.via),
        )
    if isinstance(action, ForceStep):
        return _("push/pull the target to {hex}", hex=_hex_text(action.hex))
    if isinstance(action, PlaceSummon):
        return _("place the summon on {hex}", hex=_hex_text(action.hex))
    if isinstance(action, PlaceArea):
        return _("area on {hexes}", hexes=", ".join(_hex_text(h) for h in action.hexes))
    if isinstance(action, ChooseTarget):
        stage = state.turn.stage if state.turn else ""
        if stage in ("heal", "monster_heal"):
            return _("heal {figure}", figure=action.figure)
        if stage == "area_target":
            return _("attack {figure} next", figure=action.figure)
        if stage == "condition":
            return _("give {figure} the conditions", figure=action.figure)
        if stage == "added_target":
            return _("attack {figure} as the added target", figure=action.figure)
        return _("attack {figure}", figure=action.figure)
    if isinstance(action, Skip):
        if state.turn is not None and state.turn.stage == "added_target":
            return _("leave the added target out")
        return _("skip the rest of this ability")
    if isinstance(action, ChooseElement):
        return _("the modifier card infuses {element}", element=term_text(action.element))
    if isinstance(action, ChooseMonsterOption):
        return _("the monster: {option}", option=_monster_option_text(state, action))
    if isinstance(action, Negate):
        if action.choice == "suffer":
            return _("{character} suffers the damage", character=action.character)
        if action.choice == "hand":
            return _("{character} loses 1 card from hand instead", character=action.character)
        return _(
            "{character} loses 2 cards from the discard pile instead", character=action.character
        )
    if isinstance(action, LoseCard | RestLoss):
        name = _card_name(state, action.character, action.card)
        return _("{character}: lose {card}", character=action.character, card=name)
    if isinstance(action, RecoverCard):
        hero = state.turn.actor if state.turn else ""
        return _("recover {card}", card=_card_name(state, hero, action.card))
    if isinstance(action, ShortRest):
        return _(
            "{character}: short rest: {answer}",
            character=action.character,
            answer=_yes_no(action.rest),
        )
    if isinstance(action, Redraw):
        if action.redraw:
            return _(
                "{character}: suffer 1 damage to lose another random card instead",
                character=action.character,
            )
        return _("{character}: lose the card drawn at random", character=action.character)
    if isinstance(action, LongRestHeal):
        return _(
            "{character}: long-rest heal 2: {answer}",
            character=action.character,
            answer=_yes_no(action.heal),
        )
    if isinstance(action, RefreshItem):
        return _("refresh {item}", item=_item_name(state, action.item))
    if isinstance(action, ItemsDone):
        return _("{character}: use no more items against this attack", character=action.character)
    if isinstance(action, RefreshItems):
        return _(
            "{character}: refresh spent items: {answer}",
            character=action.character,
            answer=_yes_no(action.refresh),
        )
    if isinstance(action, UseItem):
        return _(
            "{character}: use {item}",
            character=action.character,
            item=_item_name(state, action.item),
        )
    if isinstance(action, EndBonus):
        hero = state.turn.actor if state.turn else ""
        return _("end the active card {card}", card=_card_name(state, hero, action.card))
    if isinstance(action, KeepEffects):
        return _("keep the drawn cards' added effects")
    if isinstance(action, DeclineEffect):
        return _("decline the added effect {effect}", effect=action.effect)
    if isinstance(action, ConsumeElement):
        return _(
            "consume {element}: {answer}",
            element=term_text(action.element),
            answer=_yes_no(action.consume),
        )
    if isinstance(action, Escape):
        if action.escape:
            return _("{character}: escape the scenario", character=action.character)
        return _("{character}: stay in the scenario", character=action.character)
    if isinstance(action, Resolved):
        return _("resolved by hand: {rule}", rule=_by_hand_note(state, action.rule))
    if isinstance(action, KeepModifier):
        return _("keep the modifier card {card}", card=action.card)
    return _chance_label(action)


def _chance_label(action: Action) -> str | None:
    """Chance outcomes as a table with manual chance lists them (cards and ids are data)."""
    if isinstance(action, DrawModifier):
        if action.deck == MONSTER_DECK:
            return _("the monster modifier deck shows {card}", card=action.card)
        return _("{owner}'s modifier deck shows {card}", owner=action.deck, card=action.card)
    if isinstance(action, DrawAbility):
        return _("{monster}'s ability card: {card}", monster=action.group, card=action.card)
    if isinstance(action, DrawLoot):
        return _("{character} draws the loot card {card}", character=action.hero, card=action.card)
    if isinstance(action, GroupFirst):
        return _("{who} acts first among those tied", who=action.group)
    if isinstance(action, NumberAlly):
        return _("the next ally number goes to {ally}", ally=action.ally)
    if isinstance(action, NumberStandee):
        return _("{monster}: standee number {number}", monster=action.monster, number=action.number)
    return None


def _by_hand_note(state: HavenState, label: str) -> str:
    """The pending by-hand note a ``Resolved`` action names (its English text, cut), shown in
    the current language."""
    for note in state.by_hand:
        if text_of(note, "en")[:80] == label:
            return text_of(note)
    return label


def describe_action(state: HavenState, action: Action) -> str:
    human = _human_label(state, action)
    if human is not None:
        return human
    if isinstance(action, SelectCard):
        spec = cards.card(state, action.character, action.card)
        return _(
            "select {card} (initiative {initiative}): {halves}",
            card=spec.name or spec.id,
            initiative=spec.initiative,
            halves=_halves(state, action),
        )
    if isinstance(action, PlayHalf):
        hero = state.turn.actor if state.turn else ""
        if action.basic:
            name = _card_name(state, hero, action.card)
            if action.half == "top":
                return _("top of {card} as the basic Attack 2", card=name)
            return _("bottom of {card} as the basic Move 2", card=name)
        spec = cards.card(state, hero, action.card)
        half = spec.top if action.half == "top" else spec.bottom
        shown = _half_text(half)
        if action.half == "top":
            text = _("top of {card}: {abilities}", card=spec.name or spec.id, abilities=shown)
        else:
            text = _("bottom of {card}: {abilities}", card=spec.name or spec.id, abilities=shown)
        if half.consume:
            text += " " + _(
                "(first consume {elements}: HV-ELEM-4)", elements=terms_text(half.consume)
            )
        return text
    return action.label()


def _half_text(half: HalfSpec) -> str:
    text = actions_text(half.actions)
    return text + " " + _("(lost)") if half.lost else text


def _halves(state: HavenState, action: SelectCard) -> str:
    spec = cards.card(state, action.character, action.card)
    return _(
        "top {top} / bottom {bottom}", top=_half_text(spec.top), bottom=_half_text(spec.bottom)
    )


def _ability_text(a: AbilitySpec) -> str:
    """One ability in words: its kind and value, then its modifiers."""
    if a.type == "by_hand":
        return _("by hand: {text}", text=a.text[:60])
    valued = ("move", "attack", "heal", "shield", "retaliate")
    text = f"{term_text(a.type)} {a.value}" if a.type in valued else term_text(a.type)
    if a.type == "refresh":
        text += f" {a.value} {term_text(a.refresh)}"
    if a.type == "move" and (a.jump or a.flying):
        text += " " + (term_text("jump") if a.jump else term_text("flying"))
    if a.type in ("push", "pull", "damage"):
        text = f"{term_text(a.type)} {a.value}"
    if a.type in ("attack", "heal", "retaliate", "push", "pull", "damage") and a.range:
        text += " " + _("range {n}", n=a.range)
    if a.targets > 1:
        text += " " + _("targets {n}", n=a.targets)
    if a.pierce:
        text += " " + _("pierce {n}", n=a.pierce)
    if a.aoe:
        text += " " + _n("area of {n} hex", "area of {n} hexes", len(a.aoe))
    if a.push:
        text += " " + _("push {n}", n=a.push)
    if a.pull:
        text += " " + _("pull {n}", n=a.pull)
    if a.conditions:
        text += " " + terms_text(a.conditions, "+")
    if a.summon:
        text += f" {a.summon}"
    if a.element:
        text += f" {term_text(a.element)}"
        if a.consume_bonus:
            text += " " + _("(consume for +{n})", n=a.consume_bonus)
    return text


def actions_text(actions: tuple) -> str:  # type: ignore[type-arg]
    return ", ".join(_ability_text(a) for a in actions) or _("nothing")
