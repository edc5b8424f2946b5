"""Items: what a character brings, when each may be used, and how it is used up.

- HV-ITEM-1: the item limits are checked when the scenario file is read
  (``scenario_format.loadout_problem``).
- HV-ITEM-2: an item's −1 cards join its owner's modifier deck at setup.
- HV-ITEM-3: a spent item is refreshed by a long rest ([FH] optionally,
  ``Ruleset.long_rest_refresh_optional``); a consumed item stays lost for the
  scenario; a passive item has no use limit.
- HV-ITEM-4: an item with use slots is marked once per use and is spent or
  consumed when its last slot is used; [FH] refreshing resets the slots of
  every spent-type item, so a long rest restores a partly used one; [GH] a
  long rest refreshes only items already spent
  (``Ruleset.refresh_resets_use_slots``). Passive items always apply.
- HV-ITEM-5: using an item costs no action; an item is usable only at the
  moment it names: ``turn`` items during the owner's turn, between the halves
  of its cards ([GH] also while an ability waits for its choice: the item's
  ability follows the current one; ``Ruleset.item_ability_during_ability``),
  ``attack`` items on the owner's attack before a target's modifier draw. A
  stunned ([FH] or impaired) character uses no items.
- HV-ITEM-6: an item gained in play (treasure, [FH] a random-item loot card)
  [GH] joins the owner's pool for later scenarios; [FH] may be used at once.
  A copy of an item already owned is [GH] sold at once for half its price;
  [FH] given away or sold: the players resolve it by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.actions import RefreshItems, UseItem
from rulekeeper.games.haven.conditions import can_use_items
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.scenario_format import ItemSpec
    from rulekeeper.games.haven.state import HavenState, Hero, Turn

MINUS_ONE_CARD = "-1"
"""HV-ITEM-2: the −1 card an item adds (it leaves the deck with the scenario, HV-DECK-3)."""
DURING_ABILITY_STAGES = ("move", "attack", "heal")
"""[GH] steps of an ability at which a ``turn`` item may still be used (HV-ITEM-5)."""


def set_up(state: HavenState) -> None:
    """HV-ITEM-1/2: each character brings its items; their −1 cards join its deck."""
    for cls, hero in state.heroes.items():
        character = state.spec.characters.get(cls)
        if character is None:
            continue
        hero.items = list(character.items)
        minus = sum(state.spec.items[i].minus_one for i in hero.items)
        if minus:
            state.decks[cls].shuffle_in(MINUS_ONE_CARD, minus)
            state.emit(
                "item",
                lazy_plural(
                    "{hero}'s items add {n} −1 card to its modifier deck",
                    "{hero}'s items add {n} −1 cards to its modifier deck",
                    minus,
                    hero=cls,
                ),
                "HV-ITEM-2",
                hero=cls,
            )


def item(state: HavenState, item_id: str) -> ItemSpec:
    return state.spec.items[item_id]


def ready(hero: Hero, item_id: str) -> bool:
    """HV-ITEM-3: neither spent nor consumed."""
    return item_id not in hero.spent and item_id not in hero.consumed


def _moment_problem(state: HavenState, hero: Hero, item_id: str) -> tuple[str, Msg | str]:
    """The rule and reason ``item_id`` cannot be used now, or ("", "")."""
    if item_id not in hero.items:
        if item_id in hero.gained_items:
            return "HV-ITEM-6", lazy(
                "{item} was gained in play: it can be brought next scenario", item=item_id
            )
        return "HV-ITEM-1", lazy("{hero} did not bring {item}", hero=hero.id, item=item_id)
    spec = item(state, item_id)
    if spec.usage == "passive":
        return "HV-ITEM-4", lazy("{item} is passive: it always applies", item=item_id)
    if not ready(hero, item_id):
        if item_id in hero.spent:
            return "HV-ITEM-3", lazy("{item} is spent", item=item_id)
        return "HV-ITEM-3", lazy("{item} is consumed", item=item_id)
    t = state.turn
    if t is None or t.actor != hero.id or hero.long_rest:
        return "HV-ITEM-5", lazy(
            "{item} is used during {hero}'s own turn", item=item_id, hero=hero.id
        )
    figure = state.figures.get(hero.id)
    if figure is None:
        return "HV-ITEM-5", lazy("{hero} is not on the map", hero=hero.id)
    if not can_use_items(figure.conditions):
        return "HV-ITEM-5", lazy("{hero} is stunned or impaired: it uses no items", hero=hero.id)
    if t.draw is not None or state.negation is not None:
        return "HV-ITEM-5", lazy("not while a modifier draw or a damage choice is pending")
    if spec.when == "turn":
        during = state.rules.item_ability_during_ability and t.stage in DURING_ABILITY_STAGES
        if t.stage != "choose" and not during:
            return "HV-ITEM-5", lazy(
                "{item} provides an ability: it is used between abilities of the turn",
                item=item_id,
            )
        return "", ""
    if t.stage != "attack" or not t.attack:
        return "HV-ITEM-5", lazy(
            "{item} is used on an attack, before its modifier card is drawn", item=item_id
        )
    if item_id in t.attack.get("items", []):
        return "HV-ITEM-5", lazy("{item} is already used on this attack", item=item_id)
    return "", ""


def usable(state: HavenState, hero: Hero) -> list[Action]:
    """The items ``hero`` may use at this moment (HV-ITEM-5)."""
    return [
        UseItem(hero.id, i)
        for i in sorted(set(hero.items))
        if not _moment_problem(state, hero, i)[0]
    ]


def check_use(state: HavenState, action: UseItem) -> None:
    hero = state.heroes.get(action.character)
    if hero is None:
        raise RuleViolation(
            "HV-ITEM-1", lazy("{character} is not a character here", character=action.character)
        )
    rule, reason = _moment_problem(state, hero, action.item)
    if rule:
        raise RuleViolation(rule, reason)


def use(state: HavenState, action: UseItem) -> None:
    """Use the item: mark a slot (HV-ITEM-4), then do what it does (HV-ITEM-5)."""
    hero = state.heroes[action.character]
    spec = item(state, action.item)
    t = state.turn
    assert t is not None  # checked: the owner's turn
    marks = hero.item_marks.get(action.item, 0) + 1
    hero.item_marks[action.item] = marks
    used_up = marks >= spec.uses
    if used_up:
        (hero.spent if spec.usage == "spent" else hero.consumed).append(action.item)
    if not used_up:
        text = lazy_plural(
            "{hero} uses {item} ({marks} of {n} use marked)",
            "{hero} uses {item} ({marks} of {n} uses marked)",
            spec.uses,
            hero=hero.id,
            item=spec.name,
            marks=marks,
        )
    elif spec.usage == "spent":
        text = lazy("{hero} uses {item} (spent)", hero=hero.id, item=spec.name)
    else:
        text = lazy("{hero} uses {item} (consumed)", hero=hero.id, item=spec.name)
    rules = ["HV-ITEM-5", "HV-ITEM-3"] + (["HV-ITEM-4"] if spec.uses > 1 else [])
    state.emit(
        "item",
        text,
        *rules,
        hero=hero.id,
        item=action.item,
    )
    if spec.when == "attack":
        _boost_attack(state, t, action.item, spec)
        return
    abilities = list(spec.actions)
    if t.stage == "choose":
        t.queue = abilities
        t.stage = "ability"
    else:  # [GH] during an ability: the item's ability follows the current one
        t.queue[1:1] = abilities


def _boost_attack(state: HavenState, t: Turn, item_id: str, spec: ItemSpec) -> None:
    t.attack["value"] += spec.attack_bonus
    t.attack["pierce"] += spec.pierce
    t.attack["conditions"] = [*t.attack.get("conditions", []), *spec.conditions]
    t.attack["items"] = [*t.attack.get("items", []), item_id]


# -- refreshing (HV-ITEM-3/4, HV-REST-2) ----------------------------------------------------
def refreshable(state: HavenState, hero: Hero) -> list[str]:
    """What a long rest would refresh: spent items; [FH] partly used spent-type items too."""
    out = list(hero.spent)
    if state.rules.refresh_resets_use_slots:
        out += [
            i
            for i, marks in hero.item_marks.items()
            if marks and i not in hero.spent and item(state, i).usage == "spent"
        ]
    return sorted(set(out))


def refresh(state: HavenState, hero: Hero) -> None:
    """HV-ITEM-3/4: the long rest refreshes spent items (consumed ones stay lost)."""
    again = refreshable(state, hero)
    if not again:
        return
    for item_id in again:
        if item_id in hero.spent:
            hero.spent.remove(item_id)
        hero.item_marks.pop(item_id, None)
    state.emit(
        "item",
        lazy("{hero}'s long rest refreshes {items}", hero=hero.id, items=", ".join(again)),
        "HV-ITEM-3",
        "HV-ITEM-4",
        "HV-REST-2",
        hero=hero.id,
    )


def after_long_rest_heal(state: HavenState, hero: Hero, turn: Turn) -> bool:
    """After the heal: refresh at once ([GH]) or ask ([FH]); True when the rest is over."""
    if not refreshable(state, hero):
        return True
    if state.rules.long_rest_refresh_optional:
        turn.stage = "long_rest_refresh"
        return False
    refresh(state, hero)
    return True


def refresh_actions(hero: Hero) -> list[Action]:
    return [RefreshItems(hero.id, True), RefreshItems(hero.id, False)]


def apply_refresh(state: HavenState, hero: Hero, action: RefreshItems) -> None:
    if action.refresh:
        refresh(state, hero)
    else:
        state.emit(
            "item",
            lazy("{hero} keeps its spent items spent", hero=hero.id),
            "HV-ITEM-3",
            hero=hero.id,
        )


# -- items gained in play (HV-ITEM-6) ------------------------------------------------------
def gain_item(state: HavenState, hero: Hero, item_id: str) -> None:
    spec = item(state, item_id)
    owned = item_id in hero.items or item_id in hero.gained_items
    if owned and not state.rules.item_gained_usable_at_once:
        hero.gold += spec.cost // 2
        state.emit(
            "item",
            lazy(
                "{hero} already owns {item}: sold at once for {gold} gold",
                hero=hero.id,
                item=spec.name,
                gold=spec.cost // 2,
            ),
            "HV-ITEM-6",
            hero=hero.id,
        )
        return
    if owned:
        state.by_hand.append(
            lazy(
                "HV-ITEM-6: {hero} gained a second {item}: give it to another character or sell it",
                hero=hero.id,
                item=spec.name,
            )
        )
        return
    if state.rules.item_gained_usable_at_once:
        hero.items.append(item_id)
        text = lazy(
            "{hero} gains {item}: usable at once, even beyond the item limits",
            hero=hero.id,
            item=spec.name,
        )
    else:
        hero.gained_items.append(item_id)
        text = lazy(
            "{hero} gains {item}: it joins its pool: it can be brought from the next scenario",
            hero=hero.id,
            item=spec.name,
        )
    state.emit("item", text, "HV-ITEM-6", hero=hero.id)
