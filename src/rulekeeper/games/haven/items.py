"""Items: what a character brings, when each may be used, and how it is used up.

- HV-ITEM-1: the item limits are checked when the scenario file is read
  (``scenario_format.loadout_problem``).
- HV-ITEM-2: an item's −1 cards join its owner's modifier deck at setup.
- HV-ITEM-3: a spent item is refreshed by a long rest ([FH] optionally,
  ``Ruleset.long_rest_refresh_optional``) or a refresh ability; a consumed item
  stays lost for the scenario unless a refresh ability of consumed items brings
  it back (never one with the unrecoverable icon, HV-CHAR-6); a passive item
  has no use limit; [FH] a flip item turns over to its other side when used
  (``Ruleset.flip_items``; a Gloomhaven game refuses one at setup).
- HV-ITEM-4: an item with use slots is marked once per use and is spent or
  consumed when its last slot is used; [FH] refreshing resets the slots of
  every spent-type item, so a long rest restores a partly used one; [GH] a
  long rest refreshes only items already spent
  (``Ruleset.refresh_resets_use_slots``). Passive items always apply.
- HV-ITEM-5: using an item costs no action; an item is usable only at the
  moment it names: ``turn`` items during the owner's turn, between the halves
  of its cards ([GH] also while an ability waits for its choice: the item's
  ability follows the current one; ``Ruleset.item_ability_during_ability``),
  ``attack`` items on the owner's attack before a target's modifier draw,
  ``move`` items during the owner's move ability, in both rulesets (they change
  the move, they provide no ability): a move may stop part-way for them
  (``move-to … pause``, offered only while such an item is ready) and go on with
  its points left, plus the item's, as a jump or flying if the item says so;
  ``attacked`` items when an attack targets their owner, before its modifier
  draw: the attack waits for the owner's player (``use-item`` or
  ``items-done``), a decision node of the attack's resolution. An ``attack``
  item adds attack, pierce, conditions or advantage to the rest of the ability;
  an ``attacked`` one gives shield, disadvantage, retaliate (after the attack,
  HV-RET-2) or ignores the attack's added effects on its owner (HV-TGT-6), for
  that one attack. A stunned ([FH]
  or impaired) character uses no items.
- HV-ITEM-6: an item gained in play (treasure, [FH] a random-item loot card)
  [GH] joins the owner's pool for later scenarios; [FH] may be used at once.
  A copy of an item already owned is [GH] sold at once for half its price;
  [FH] given away or sold: the players resolve it by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.actions import ItemsDone, RefreshItems, UseItem
from rulekeeper.games.haven.conditions import can_use_items
from rulekeeper.games.haven.who_acts import HERO_STAGES
from rulekeeper.i18n import Msg, _, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.scenario_format import ItemSide, ItemSpec
    from rulekeeper.games.haven.state import Figure, HavenState, Hero, Turn

MINUS_ONE_CARD = "-1"
"""HV-ITEM-2: the −1 card an item adds (it leaves the deck with the scenario, HV-DECK-3)."""
DURING_ABILITY_STAGES = tuple(stage for stage in HERO_STAGES if stage != "choose")
"""[GH] every step at which a character's ability waits for its player: a ``turn`` item may
be used there, its ability following the current one (HV-ITEM-5)."""
ATTACK_ITEM_STAGES = ("attack", "area", "area_target")
"""Steps of an attack before a target's modifier draw: an ``attack`` item may be used."""


def set_up(state: HavenState) -> None:
    """HV-ITEM-1/2: each character brings its items; their −1 cards join its deck."""
    for cls, hero in state.heroes.items():
        character = state.spec.characters.get(cls)
        if character is None:
            continue
        hero.items = list(character.items)
        for n, item_id in enumerate(hero.items):
            if state.spec.items[item_id].usage == "flip" and not state.rules.flip_items:
                raise ContentError(
                    _(
                        "HV-ITEM-3: {item} is a flip item, a Frosthaven rule: the {ruleset}"
                        " rules have none",
                        item=item_id,
                        ruleset=state.rules.title,
                    ),
                    field=f"characters.{cls}.items.{n}",
                )
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


def face(state: HavenState, hero: Hero, item_id: str) -> ItemSide:
    """HV-ITEM-3: the side of the item face up ([FH] a flip item's back once turned over)."""
    return item(state, item_id).side(item_id in hero.flipped)


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
    spec = face(state, hero, item_id)
    if spec.usage == "passive":
        return "HV-ITEM-4", lazy("{item} is passive: it always applies", item=item_id)
    if not ready(hero, item_id):
        if item_id in hero.spent:
            return "HV-ITEM-3", lazy("{item} is spent", item=item_id)
        return "HV-ITEM-3", lazy("{item} is consumed", item=item_id)
    t = state.turn
    if t is not None and t.attack.get("defending"):
        return _defence_problem(state, hero, item_id, spec, t)
    if spec.when == "attacked":
        return "HV-ITEM-5", lazy(
            "{item} is used when an attack targets {hero}, before its modifier card is drawn",
            item=item_id,
            hero=hero.id,
        )
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
    if spec.when == "move":
        if t.stage != "move" or not t.queue or t.queue[0].type != "move":
            return "HV-ITEM-5", lazy(
                "{item} is used during {hero}'s move ability", item=item_id, hero=hero.id
            )
        return "", ""
    if spec.when == "turn":
        during = state.rules.item_ability_during_ability and t.stage in DURING_ABILITY_STAGES
        if t.stage != "choose" and not during:
            return "HV-ITEM-5", lazy(
                "{item} provides an ability: it is used between abilities of the turn",
                item=item_id,
            )
        return "", ""
    if t.stage not in ATTACK_ITEM_STAGES or not t.attack:
        return "HV-ITEM-5", lazy(
            "{item} is used on an attack, before its modifier card is drawn", item=item_id
        )
    if item_id in t.attack.get("items", []):
        return "HV-ITEM-5", lazy("{item} is already used on this attack", item=item_id)
    return "", ""


def _defence_problem(
    state: HavenState, hero: Hero, item_id: str, spec: ItemSide, t: Turn
) -> tuple[str, Msg | str]:
    """While an attack on a character waits for its items: only that character's
    ``attacked`` items, once each (HV-ITEM-5)."""
    if t.attack["defending"] != hero.id:
        return "HV-ITEM-5", lazy(
            "an attack on {target} waits for its items first", target=t.attack["defending"]
        )
    if spec.when != "attacked":
        return "HV-ITEM-5", lazy(
            "{item} is not used when {hero} is attacked", item=item_id, hero=hero.id
        )
    if item_id in t.attack["defence"]["items"]:
        return "HV-ITEM-5", lazy("{item} is already used on this attack", item=item_id)
    if not _attacker_fits(state, hero, spec):
        return "HV-ITEM-5", lazy("{item} is used only against an adjacent attacker", item=item_id)
    return "", ""


def _attacker_fits(state: HavenState, hero: Hero, spec: ItemSide) -> bool:
    """An ``adjacent_attacker`` item answers only an attack from an adjacent figure."""
    if not spec.adjacent_attacker:
        return True
    t = state.turn
    attacker = state.figures.get(t.actor) if t is not None else None
    owner = state.figures.get(hero.id)
    return attacker is not None and owner is not None and map_state.adjacent(state, attacker, owner)


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
    """Use the item: mark a slot (HV-ITEM-4), then do what it does (HV-ITEM-5); [FH] a flip
    item turns over (HV-ITEM-3)."""
    hero = state.heroes[action.character]
    name = item(state, action.item).name
    spec = face(state, hero, action.item)
    t = state.turn
    assert t is not None  # checked: the owner's turn, or an attack on the owner
    if spec.usage == "flip":
        _flip(state, hero, action.item)
    else:
        _mark(state, hero, action.item, spec, name)
    if spec.when == "attacked":
        _defend(state, t, hero, action.item, spec)
        return
    if spec.when == "attack":
        _boost_attack(state, t, action.item, spec)
        return
    if spec.when == "move":
        _boost_move(state, t, hero, spec)
        return
    abilities = list(spec.actions)
    t.item_source = action.item
    if t.stage == "choose":
        t.queue = abilities
        t.stage = "ability"
    else:  # [GH] during an ability: the item's ability follows the current one
        t.queue[1:1] = abilities


def _mark(state: HavenState, hero: Hero, item_id: str, spec: ItemSide, name: str) -> None:
    marks = hero.item_marks.get(item_id, 0) + 1
    hero.item_marks[item_id] = marks
    used_up = marks >= spec.uses
    if used_up:
        (hero.spent if spec.usage == "spent" else hero.consumed).append(item_id)
    if not used_up:
        text = lazy_plural(
            "{hero} uses {item} ({marks} of {n} use marked)",
            "{hero} uses {item} ({marks} of {n} uses marked)",
            spec.uses,
            hero=hero.id,
            item=name,
            marks=marks,
        )
    elif spec.usage == "spent":
        text = lazy("{hero} uses {item} (spent)", hero=hero.id, item=name)
    else:
        text = lazy("{hero} uses {item} (consumed)", hero=hero.id, item=name)
    rules = ["HV-ITEM-5", "HV-ITEM-3"] + (["HV-ITEM-4"] if spec.uses > 1 else [])
    state.emit("item", text, *rules, hero=hero.id, item=item_id)


def _flip(state: HavenState, hero: Hero, item_id: str) -> None:
    """HV-ITEM-3 [FH]: the flip item turns over; the side now up is the item."""
    spec = item(state, item_id)
    if item_id in hero.flipped:
        hero.flipped.remove(item_id)
    else:
        hero.flipped.append(item_id)
    hero.item_marks.pop(item_id, None)
    up = spec.side(item_id in hero.flipped)
    state.emit(
        "item",
        lazy(
            "{hero} uses {item}: it turns over to {side}",
            hero=hero.id,
            item=spec.name,
            side=getattr(up, "name", "") or spec.name,
        ),
        "HV-ITEM-5",
        "HV-ITEM-3",
        hero=hero.id,
        item=item_id,
        flipped=item_id in hero.flipped,
    )


def move_item_ready(state: HavenState, hero: Hero) -> bool:
    """HV-ITEM-5: ``hero`` holds a ready item used during a move (a move may pause for it)."""
    return any(
        face(state, hero, i).when == "move" and not _moment_problem(state, hero, i)[0]
        for i in set(hero.items)
    )


def _boost_move(state: HavenState, t: Turn, hero: Hero, spec: ItemSide) -> None:
    """HV-ITEM-5: the current move gains the item's points, and its jump or flying, for all
    of the move still to come."""
    ability = t.queue[0]
    update: dict[str, object] = {"value": ability.value + spec.move}
    if spec.jump:
        update["jump"] = True
    if spec.flying:
        update["flying"] = True
    t.queue[0] = ability.model_copy(update=update)
    state.emit(
        "item",
        lazy_plural(
            "{hero}'s move has {n} movement point left",
            "{hero}'s move has {n} movement points left",
            t.queue[0].value,
            hero=hero.id,
        ),
        "HV-ITEM-5",
        *(["HV-MOVE-3"] if spec.jump else []),
        *(["HV-MOVE-4"] if spec.flying else []),
        hero=hero.id,
        value=t.queue[0].value,
        jump=t.queue[0].jump,
        flying=t.queue[0].flying,
    )


def _boost_attack(state: HavenState, t: Turn, item_id: str, spec: ItemSide) -> None:
    t.attack["value"] += spec.attack_bonus
    t.attack["pierce"] += spec.pierce
    t.attack["conditions"] = [*t.attack.get("conditions", []), *spec.conditions]
    t.attack["items"] = [*t.attack.get("items", []), item_id]
    if spec.advantage:
        # HV-ITEM-5: the rest of the attack ability, each target's draw (HV-ATK-2 decides how
        # it meets the attack's other sources of advantage and disadvantage).
        t.attack["advantage"] = True
        state.emit(
            "item",
            lazy(
                "{item}: {hero} attacks with advantage for the rest of this ability",
                item=item(state, item_id).name,
                hero=t.actor,
            ),
            "HV-ITEM-5",
            "HV-ATK-2",
            hero=t.actor,
        )


# -- items used when attacked (HV-ITEM-5) ---------------------------------------------------
def defence_items(state: HavenState, hero: Hero) -> list[str]:
    """The ready items ``hero`` may use when an attack targets it."""
    return sorted(
        i
        for i in set(hero.items)
        if ready(hero, i)
        and face(state, hero, i).when == "attacked"
        and _attacker_fits(state, hero, face(state, hero, i))
    )


def open_defence(state: HavenState, t: Turn, target: Figure) -> bool:
    """HV-ITEM-5: an attack on a character holding a ready ``attacked`` item waits, before its
    modifier draw, for the character's player to use such items (True: it waits).

    Asked once per target of the attack; a stunned ([FH] or impaired) character is not asked.
    """
    hero = state.heroes.get(target.id)
    if target.kind != "character" or hero is None or t.attack.get("asked") == target.id:
        return False
    if not can_use_items(target.conditions) or not defence_items(state, hero):
        return False
    t.attack["defending"] = target.id
    t.attack["defence"] = {
        "shield": 0,
        "disadvantage": False,
        "items": [],
        "retaliate": [],
        "ignore": False,
    }
    return True


def defence_actions(state: HavenState) -> list[Action]:
    """While an attack waits for its target's items: those still unused, or none more."""
    t = state.turn
    if t is None or not t.attack.get("defending"):
        return []
    hero = state.heroes[t.attack["defending"]]
    used = t.attack["defence"]["items"]
    return [
        *(UseItem(hero.id, i) for i in defence_items(state, hero) if i not in used),
        ItemsDone(hero.id),
    ]


def defence_settled(state: HavenState) -> bool:
    """Nothing more to use against the attack: its draw may start."""
    return defence_actions(state) == [ItemsDone(state.turn.attack["defending"])]  # type: ignore[union-attr]


def close_defence(state: HavenState) -> str:
    """The target's items are decided: the attack goes on (its draw); the target's id."""
    t = state.turn
    assert t is not None
    target = str(t.attack.pop("defending"))
    t.attack["asked"] = target
    return target


def defence_against(t: Turn, target: str) -> tuple[int, bool]:
    """The shield and disadvantage the target's items gave against this attack."""
    if t.attack.get("asked") != target or "defence" not in t.attack:
        return 0, False
    defence = t.attack["defence"]
    return int(defence["shield"]), bool(defence["disadvantage"])


def defence_retaliate(t: Turn | None, target: str) -> list[tuple[int, int]]:
    """The retaliate (value, range) the target's items gave against this attack (HV-RET-1)."""
    if t is None or t.attack.get("asked") != target or "defence" not in t.attack:
        return []
    return [(int(value), int(reach)) for value, reach in t.attack["defence"].get("retaliate", [])]


def ignores_effects(t: Turn | None, target: str) -> bool:
    """Whether the target's item makes it ignore this attack's added effects (HV-TGT-6)."""
    if t is None or t.attack.get("asked") != target or "defence" not in t.attack:
        return False
    return bool(t.attack["defence"].get("ignore"))


def check_defence(state: HavenState, action: Action) -> None:
    t = state.turn
    assert t is not None
    if isinstance(action, UseItem):
        check_use(state, action)
    elif isinstance(action, ItemsDone) and action.character == t.attack["defending"]:
        return
    raise RuleViolation(
        "HV-ITEM-5",
        lazy(
            "first decide which items {hero} uses against the attack on it",
            hero=t.attack["defending"],
        ),
    )


def _defend(state: HavenState, t: Turn, hero: Hero, item_id: str, spec: ItemSide) -> None:
    defence = t.attack["defence"]
    defence["items"] = [*defence["items"], item_id]
    defence["shield"] += spec.shield
    defence["disadvantage"] = defence["disadvantage"] or spec.disadvantage
    if spec.retaliate:
        defence["retaliate"] = [
            *defence.get("retaliate", []),
            [spec.retaliate, spec.retaliate_range],
        ]
        state.emit(
            "item",
            lazy(
                "{hero} gains retaliate {value} against this attack from {item}",
                hero=hero.id,
                value=spec.retaliate,
                item=item(state, item_id).name,
            ),
            "HV-ITEM-5",
            "HV-RET-1",
            hero=hero.id,
        )
    if spec.ignore_effects:
        defence["ignore"] = True
        state.emit(
            "item",
            lazy(
                "{item}: {hero} ignores the added effects of this attack",
                item=item(state, item_id).name,
                hero=hero.id,
            ),
            "HV-ITEM-5",
            "HV-TGT-6",
            hero=hero.id,
        )
    if spec.shield:
        state.emit(
            "item",
            lazy(
                "{hero} gains shield {value} against this attack from {item}",
                hero=hero.id,
                value=spec.shield,
                item=item(state, item_id).name,
            ),
            "HV-ITEM-5",
            hero=hero.id,
        )
    if spec.disadvantage:
        state.emit(
            "item",
            lazy(
                "{item}: {attacker} attacks {hero} with disadvantage",
                item=item(state, item_id).name,
                attacker=t.actor,
                hero=hero.id,
            ),
            "HV-ITEM-5",
            "HV-ATK-2",
            hero=hero.id,
        )


# -- refresh abilities (HV-CHAR-6, HV-ITEM-3) ------------------------------------------------
def refreshable_by_ability(state: HavenState, hero: Hero, which: str) -> list[str]:
    """The items a refresh ability may bring back: spent ones, or consumed ones without the
    unrecoverable icon (HV-CHAR-6); never an item whose own ability it is (its use spent it)."""
    t = state.turn
    own = {t.item_source} if t is not None else set()
    if which == "spent":
        return sorted(set(hero.spent) - own)
    return sorted(i for i in set(hero.consumed) - own if not item(state, i).unrecoverable)


def refresh_one(state: HavenState, hero: Hero, item_id: str, which: str) -> None:
    """HV-CHAR-6: a refresh ability readies one item; its use slots are cleared (HV-ITEM-4)."""
    (hero.spent if which == "spent" else hero.consumed).remove(item_id)
    hero.item_marks.pop(item_id, None)
    state.emit(
        "item",
        lazy("{hero} refreshes {item}", hero=hero.id, item=item(state, item_id).name),
        "HV-CHAR-6",
        "HV-ITEM-3",
        hero=hero.id,
        item=item_id,
    )


# -- refreshing (HV-ITEM-3/4, HV-REST-2) ----------------------------------------------------
def refreshable(state: HavenState, hero: Hero) -> list[str]:
    """What a long rest would refresh: spent items; [FH] partly used spent-type items too."""
    out = list(hero.spent)
    if state.rules.refresh_resets_use_slots:
        out += [
            i
            for i, marks in hero.item_marks.items()
            if marks and i not in hero.spent and face(state, hero, i).usage == "spent"
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
