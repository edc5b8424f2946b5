"""The areas game on the core protocol: rounds, turns, attacks, and the end.

A round (AR-ROUND-1, ASSUMED) is the heroes' turns, then the non-hero allies'
turns, then the enemies' turns. A hero's turn is one Action token's action:
move to an adjacent area with room, or a melee attack; a turn may also be
passed (moves: ``movement.py``). A hero's attack is declared whole
(``declaration.py``), then its Action dice are rolled one chance node per die
(AR-DMG-1) and the damage resolves (``resolution.py``, ``damage.py``); the
enemies act on their own (``enemy_turns.py``). Figures at 0 health are removed; the party wins when no enemy
is left and loses when no hero is (AR-END-1), or, by a house assumption, when
the scenario's round limit passes.

Players are the heroes, in scenario order. Allies' turns and the ties of the
enemies' turns are decided by the first hero still standing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal

from rulekeeper.boards.areagraph import AreaGraph
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE, TERMINAL, Game, Outcome, ScenarioInfo, State
from rulekeeper.core.limits import MAX_COUNT
from rulekeeper.core.party import split_party, with_party
from rulekeeper.games.areas import enemy_turns, movement, resolution
from rulekeeper.games.areas.actions import (
    ACTION_CLASSES,
    EnemyStep,
    EnemyTarget,
    MeleeAttack,
    Move,
    Pass,
    RollDie,
)
from rulekeeper.games.areas.content import Scenario, load_scenario, shipped_scenarios
from rulekeeper.games.areas.declaration import (
    check_declaration,
    legal_declarations,
    melee_weapons,
)
from rulekeeper.games.areas.figures import EnemyChoice, Figure, PendingAttack
from rulekeeper.i18n import N_, Msg, _, lazy

Phase = Literal["heroes", "allies", "enemies"]


class AreasState(State):
    """An areas game in progress."""

    def __init__(
        self, game: AreasGame, setup: Scenario, *, ruleset: str, seed: int, scenario: str
    ) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        self.setup = setup
        self.figures: dict[str, Figure] = {}
        for start in setup.start:
            self.figures[start.id] = _new_figure(
                setup, start.id, start.kind, start.type_id, start.area
            )
        self.hero_order: tuple[str, ...] = tuple(s.id for s in setup.start if s.kind == "hero")
        self.uses_left: dict[str, dict[str, int]] = {}
        for hero_id in self.hero_order:
            hero = setup.heroes[self.figures[hero_id].type_id]
            limited = {e.id: e.uses for e in hero.effects if e.uses is not None}
            for item_id in hero.items:
                effect = setup.items[item_id].effect
                if effect is not None and effect.uses is not None:
                    limited[item_id] = effect.uses
            self.uses_left[hero_id] = limited
        self.fallen: list[str] = []
        self.round = 1
        self.phase: Phase = "heroes"
        self.queue: list[str] = list(self.hero_order)
        self.enemy_started = False
        self.enemy_moved = False
        self.attack: PendingAttack | None = None
        self.choice: EnemyChoice | None = None
        self.ended: Outcome | None = None
        self.ended_message: Msg | None = None
        """The outcome's summary as a message (``ended`` keeps it in English for saves)."""
        self.emit(
            "round",
            lazy("Round {round} of {limit}: the heroes' turns", round=1, limit=setup.round_limit),
            "AR-ROUND-1",
        )

    @property
    def board(self) -> AreaGraph:
        return self.setup.board

    # -- who acts ----------------------------------------------------------
    def actor(self) -> Figure | None:
        """The hero or ally whose turn it is, if a hero or ally is acting."""
        if self.ended or self.attack or self.choice or not self.queue or self.phase == "enemies":
            return None
        return self.figures[self.queue[0]]

    def controller(self) -> int:
        """The player who decides for allies and enemy ties: the first hero standing."""
        for index, hero_id in enumerate(self.hero_order):
            if hero_id in self.figures:
                return index
        return TERMINAL

    def current_player(self) -> int:
        if self.ended is not None:
            return TERMINAL
        if self.attack is not None:
            return CHANCE
        if self.choice is not None:
            return self.controller()
        actor = self.actor()
        if actor is None:
            return TERMINAL
        if actor.kind == "hero":
            return self.hero_order.index(actor.id)
        return self.controller()

    def player_name(self, player: int) -> str:
        if player == CHANCE:
            return _("chance")
        if 0 <= player < len(self.hero_order):
            # A placement may give the hero its own figure id; the name is its catalog entry's.
            hero_id = self.hero_order[player]
            type_id = next(s.type_id for s in self.setup.start if s.id == hero_id)
            return self.setup.heroes[type_id].name
        return super().player_name(player)

    def pending_decision(self) -> str:
        if self.ended is not None:
            return _("the game is over ({outcome})", outcome=self.outcome_message())
        if self.attack is not None:
            rolled = len(self.attack.faces) + 1
            return _("roll Action die {number} of {dice}", number=rolled, dice=self.attack.dice)
        if self.choice is not None:
            enemy = self.figures[self.choice.enemy].name
            if self.choice.kind == "step":
                return _(
                    "{enemy} has equally good steps toward the nearest hero: choose its area",
                    enemy=enemy,
                )
            return _("{enemy} can reach equally near figures: choose whom it attacks", enemy=enemy)
        actor = self.actor()
        if actor is None:
            return _("waiting")
        if actor.kind == "ally":
            return _("turn of {ally} (non-hero ally): move, attack or pass", ally=actor.name)
        return _("your turn: choose an Action token's action (move or attack) or pass")

    # -- legal actions -----------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.ended is not None:
            return []
        if self.attack is not None:
            return [a for a, _odds in self.chance_outcomes()]
        if self.choice is not None:
            choice = self.choice
            if choice.kind == "step":
                return [EnemyStep(choice.enemy, o) for o in choice.options]
            return [EnemyTarget(choice.enemy, o) for o in choice.options]
        actor = self.actor()
        if actor is None:
            return []
        actions: list[Action] = list(movement.legal_moves(self, actor))
        actions.extend(legal_declarations(self, actor))
        actions.append(Pass(actor.id))
        return actions

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.attack is None:
            return super().chance_outcomes()
        return [(RollDie(face), p) for face, p in self.setup.die.die().outcomes()]

    # -- checking ----------------------------------------------------------
    def listed_form(self, action: Action) -> Action:
        """AR-DECL-2: an attack that leaves out the hero's only melee weapon names it."""
        if isinstance(action, MeleeAttack) and action.weapon is None:
            figure = self.figures.get(action.attacker)
            if figure is not None and figure.kind == "hero":
                weapons = melee_weapons(self, self.setup.heroes[figure.type_id])
                if len(weapons) == 1:
                    return replace(action, weapon=weapons[0].id)
        return action

    def check(self, action: Action) -> None:
        """Raise RuleViolation naming the rule ``action`` breaks; never mutates."""
        if self.ended is not None:
            raise RuleViolation(
                "AR-END-1", lazy("the game is over ({outcome})", outcome=self.outcome_message())
            )
        if self.attack is not None:
            self._check_roll(action)
            return
        if self.choice is not None:
            self._check_choice(action)
            return
        actor = self.actor()
        if actor is None:
            raise RuleViolation("AR-ROUND-1", lazy("no hero or ally is acting now"))
        if isinstance(action, RollDie):
            raise RuleViolation("CORE-CHANCE", lazy("no Action dice are being rolled"))
        if isinstance(action, EnemyStep | EnemyTarget):
            raise RuleViolation("AR-ROUND-1", lazy("no enemy's turn is waiting on the players"))
        who = (
            action.attacker if isinstance(action, MeleeAttack) else getattr(action, "figure", None)
        )
        if who != actor.id:
            raise RuleViolation(
                "AR-ROUND-1",
                lazy("it is the turn of {actor}, not of {who}", actor=actor.name, who=repr(who)),
            )
        if isinstance(action, Move):
            movement.check_move(self, actor, action)
        elif isinstance(action, MeleeAttack):
            check_declaration(self, action)
        elif not isinstance(action, Pass):
            raise RuleViolation(
                "CORE-LEGAL", lazy("{action} is not an areas action", action=action.label())
            )

    def _check_roll(self, action: Action) -> None:
        """AR-DECL-3: once the dice are rolling, the declaration stands as made.

        A rule that forbids an action whatever the dice show is cited before
        CORE-CHANCE (issue 17): the attacker's turn is its one action, the attack
        being rolled, so it neither moves nor passes now (AR-ROUND-1).
        """
        if isinstance(action, MeleeAttack):
            raise RuleViolation(
                "AR-DECL-3", lazy("declarations cannot be changed after the dice are rolled")
            )
        attacker = self.attack.attacker if self.attack is not None else None
        if isinstance(action, Move | Pass) and action.figure == attacker:
            raise RuleViolation(
                "AR-ROUND-1",
                lazy(
                    "the action of {attacker} this turn is the attack being rolled",
                    attacker=attacker,
                ),
            )
        if not isinstance(action, RollDie) or action.face not in self.setup.die.die().faces:
            raise RuleViolation(
                "CORE-CHANCE",
                lazy("{action} is not a face of the Action die", action=action.label()),
            )

    def _check_choice(self, action: Action) -> None:
        """AR-ROUND-1: while an enemy's tie waits, only one of its options is legal."""
        choice = self.choice
        if choice is None:
            raise RuleViolation("AR-ROUND-1", lazy("no enemy's turn is waiting on the players"))
        option: str | None = None
        if choice.kind == "step" and isinstance(action, EnemyStep) and action.enemy == choice.enemy:
            option = action.to
        elif (
            choice.kind == "target"
            and isinstance(action, EnemyTarget)
            and action.enemy == choice.enemy
        ):
            option = action.target
        else:
            raise RuleViolation("AR-ROUND-1", self.choice_message(choice))
        if option not in choice.options:
            raise RuleViolation(
                "AR-ROUND-1",
                lazy(
                    "{option} is not one of the tied options ({options})",
                    option=repr(option),
                    options=list(choice.options),
                ),
            )

    def choice_message(self, choice: EnemyChoice) -> Msg:
        """The tie the players break now (AR-ROUND-1), as a refusal states it."""
        enemy = self.figures[choice.enemy].name
        if choice.kind == "step":
            return lazy(
                "{enemy} has equally good steps toward the nearest hero: choose its area",
                enemy=enemy,
            )
        return lazy("{enemy} can reach equally near figures: choose whom it attacks", enemy=enemy)

    def outcome_message(self) -> Msg | str:
        """How the game ended (``won: ...``), translated when shown."""
        if self.ended is None or self.ended_message is None:
            return str(self.ended)
        if self.ended.result == "won":
            return lazy("won: {summary}", summary=self.ended_message)
        return lazy("lost: {summary}", summary=self.ended_message)

    def finish(self, result: str, summary: Msg) -> None:
        """End the game (AR-END-1): ``won`` or ``lost``, and why."""
        self.ended = Outcome(result, summary.render("en"))
        self.ended_message = summary

    # -- applying ----------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, RollDie):
            resolution.roll(self, action.face)
        elif isinstance(action, MeleeAttack):
            resolution.declare(self, check_declaration(self, action))
        elif isinstance(action, Move):
            movement.move(self, self.figures[action.figure], action.to)
            self.end_turn()
        elif isinstance(action, Pass):
            self.emit(
                "pass",
                lazy("{figure} passes", figure=self.figures[action.figure].name),
                "AR-ROUND-1",
            )
            self.end_turn()
        elif isinstance(action, EnemyStep):
            self.choice = None
            enemy_turns.enemy_step(self, self.figures[action.enemy], action.to)
        elif isinstance(action, EnemyTarget):
            self.choice = None
            enemy_turns.enemy_attack(self, self.figures[action.enemy], action.target)
        self._advance()

    def wound(self, figure: Figure, amount: int, text: Msg, *rules: str) -> None:
        """Take health (never below 0); AR-END-1: a figure at 0 is removed."""
        figure.health = max(0, figure.health - amount)
        self.emit(
            "wound",
            lazy(
                "{what} ({health}/{most} left)",
                what=text,
                health=figure.health,
                most=figure.max_health,
            ),
            *rules,
            figure=figure.id,
        )
        if figure.health == 0:
            del self.figures[figure.id]
            self.fallen.append(figure.name)
            self.emit(
                "removed",
                lazy("{figure} is at 0 health and is removed", figure=figure.name),
                "AR-END-1",
                figure=figure.id,
            )

    def end_turn(self) -> None:
        if self.queue:
            self.queue.pop(0)

    def _advance(self) -> None:
        """Run the automatic parts of a round until a player or chance must act."""
        while self.ended is None:
            if not any(f.kind == "enemy" for f in self.figures.values()):
                self.finish(
                    "won", lazy("every enemy is removed, in round {round}", round=self.round)
                )
                self.emit(
                    "end",
                    lazy("Won: every enemy is removed, in round {round}", round=self.round),
                    "AR-END-1",
                )
                return
            if not any(f.kind == "hero" for f in self.figures.values()):
                self.finish(
                    "lost", lazy("every hero is removed, in round {round}", round=self.round)
                )
                self.emit(
                    "end",
                    lazy("Lost: every hero is removed, in round {round}", round=self.round),
                    "AR-END-1",
                )
                return
            if self.attack is not None or self.choice is not None:
                return
            while self.queue and self.queue[0] not in self.figures:
                self.queue.pop(0)
            if self.queue:
                if self.phase != "enemies":
                    return
                enemy_turns.run_enemy_turn(self)
                continue
            self._next_phase()

    def _next_phase(self) -> None:
        """AR-ROUND-1: heroes, then allies, then enemies; then the next round."""
        if self.phase == "heroes":
            self.phase = "allies"
            self.queue = [f.id for f in self.figures.values() if f.kind == "ally"]
            if self.queue:
                self.emit("phase", lazy("The allies' turns"), "AR-ROUND-1")
            return
        if self.phase == "allies":
            self.phase = "enemies"
            self.queue = [f.id for f in self.figures.values() if f.kind == "enemy"]
            self.enemy_started = self.enemy_moved = False
            self.emit("phase", lazy("The enemies' turns"), "AR-ROUND-1")
            return
        if self.round >= self.setup.round_limit:
            self.finish(
                "lost",
                lazy(
                    "enemies remain after the round limit ({limit} rounds)",
                    limit=self.setup.round_limit,
                ),
            )
            self.emit(
                "end",
                lazy(
                    "Lost: enemies remain after the round limit ({limit} rounds) (house assumption)",
                    limit=self.setup.round_limit,
                ),
                "AR-ROUND-1",
            )
            return
        self.round += 1
        self.phase = "heroes"
        self.queue = [h for h in self.hero_order if h in self.figures]
        self.emit(
            "round",
            lazy(
                "Round {round} of {limit}: the heroes' turns",
                round=self.round,
                limit=self.setup.round_limit,
            ),
            "AR-ROUND-1",
        )

    def outcome(self) -> Outcome | None:
        """How the game ended, its summary in the current language."""
        if self.ended is None or self.ended_message is None:
            return self.ended
        return Outcome(self.ended.result, self.ended_message.render(), message=self.ended_message)

    # -- copies and files --------------------------------------------------
    def clone(self) -> AreasState:
        other = AreasState.__new__(AreasState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.log = list(self.log)
        other.figures = {k: f.copy() for k, f in self.figures.items()}
        other.uses_left = {k: dict(v) for k, v in self.uses_left.items()}
        other.fallen = list(self.fallen)
        other.queue = list(self.queue)
        return other

    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "figures": [f.to_dict() for f in self.figures.values()],
            "uses_left": {k: dict(v) for k, v in self.uses_left.items()},
            "fallen": list(self.fallen),
            "round": self.round,
            "phase": self.phase,
            "queue": list(self.queue),
            "enemy_started": self.enemy_started,
            "enemy_moved": self.enemy_moved,
            "attack": self.attack.to_dict() if self.attack else None,
            "choice": self.choice.to_dict() if self.choice else None,
            "ended": [
                self.ended.result,
                self.ended.summary,
                *([] if self.ended_message is None else [self.ended_message.to_json()]),
            ]
            if self.ended
            else None,
        }

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        self.figures = {f["id"]: Figure.from_dict(f) for f in data["figures"]}
        self.uses_left = {
            k: {e: int(n) for e, n in v.items()} for k, v in data["uses_left"].items()
        }
        self.fallen = [str(n) for n in data["fallen"]]
        self.round = int(data["round"])
        self.phase = data["phase"]
        self.queue = [str(q) for q in data["queue"]]
        self.enemy_started = bool(data["enemy_started"])
        self.enemy_moved = bool(data["enemy_moved"])
        self.attack = PendingAttack.from_dict(data["attack"]) if data["attack"] else None
        self.choice = EnemyChoice.from_dict(data["choice"]) if data["choice"] else None
        ended = data["ended"]
        self.ended = Outcome(str(ended[0]), str(ended[1])) if ended else None
        self.ended_message = Msg.from_json(ended[2]) if ended and len(ended) > 2 else None


def _new_figure(setup: Scenario, figure_id: str, kind: str, type_id: str, area: str) -> Figure:
    if kind == "hero":
        hero = setup.heroes[type_id]
        return Figure(
            figure_id, "hero", type_id, hero.name, area, hero.health, hero.health, hero.size
        )
    if kind == "ally":
        ally = setup.allies[type_id]
        return Figure(
            figure_id, "ally", type_id, ally.name, area, ally.health, ally.health, ally.size
        )
    enemy = setup.enemies[type_id]
    number = figure_id.rsplit("-", 1)[-1]
    name = f"{enemy.name} {number}" if number.isdigit() else enemy.name
    return Figure(figure_id, "enemy", type_id, name, area, enemy.health, enemy.health, enemy.size)


class AreasGame(Game):
    """The area-capacity crawler."""

    name = "areas"
    title = N_("Areas: the area-capacity crawler")
    rulesets = ("standard",)

    action_classes = tuple(ACTION_CLASSES)

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [
            ScenarioInfo(name, load_scenario(name).title, self.rulesets)
            for name in shipped_scenarios()
        ]

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> AreasState:
        ruleset = self.check_ruleset(ruleset)
        return self.state_for(load_scenario(scenario), seed, ruleset, scenario=scenario)

    def state_for(
        self,
        setup: Scenario,
        seed: int = 0,
        ruleset: str | None = None,
        *,
        scenario: str | None = None,
    ) -> AreasState:
        """A new game of an already loaded scenario (tests build scenarios in code)."""
        state = AreasState(
            self,
            setup,
            ruleset=self.check_ruleset(ruleset),
            seed=seed,
            scenario=scenario or setup.name,
        )
        state._advance()
        return state

    def party_choices(self, scenario: str) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
        """Any catalog heroes, each once, on the scenario's hero starts (ASSUMED)."""
        from rulekeeper.games.areas.content import party_choices

        return party_choices(scenario)

    def scenario_with_party(self, scenario: str, party: Sequence[str]) -> str:
        return with_party(split_party(scenario, MAX_COUNT)[0], party)

    def render(self, state: State) -> Any:
        from rulekeeper.games.areas.render import render_state

        if not isinstance(state, AreasState):
            raise TypeError("the areas game renders only its own states")
        return render_state(state)

    def screen(
        self, state: State, width: int, choices: Sequence[Action] = ()
    ) -> list[tuple[str, list[str]]]:
        from rulekeeper.games.areas.render import screen

        if not isinstance(state, AreasState):
            return super().screen(state, width, choices)
        return screen(state, width, choices)

    def describe_action(self, state: State, action: Action) -> str:
        from rulekeeper.games.areas.render import describe

        if not isinstance(state, AreasState):
            raise TypeError("the areas game describes only its own states")
        return describe(state, action)


GAME = AreasGame()
