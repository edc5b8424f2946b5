"""The start page's data: games, rulesets, scenarios; and opening a new table."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_SEED, MIN_SEED
from rulekeeper.core.registry import all_games, find_game
from rulekeeper.i18n import _
from rulekeeper.store import check_save_name
from rulekeeper.web.routers.deps import hub_of, settings_of

router = APIRouter(prefix="/api")


@router.get("/games")
async def list_games(request: Request) -> dict[str, Any]:
    """Every game with its rulesets and shipped scenarios, and the user's scenario files."""
    settings = settings_of(request)
    return {
        "games": [
            {
                "name": game.name,
                "title": game.shown_title(),
                "rulesets": list(game.rulesets),
                "scenarios": [
                    {"name": s.name, "title": s.title, "rulesets": list(s.rulesets)}
                    for s in game.scenarios()
                ],
            }
            for game in all_games()
        ],
        "scenario_folder": str(settings.scenario_folder) if settings.scenario_folder else None,
        "scenario_files": sorted(settings.scenario_files()),
    }


class NewTable(BaseModel):
    """A new game: a shipped ``scenario`` or one of the listed ``scenario_file``s."""

    model_config = ConfigDict(extra="forbid")

    game: str
    ruleset: str | None = None
    scenario: str | None = None
    scenario_file: str | None = None
    seed: Annotated[int, Field(ge=MIN_SEED, le=MAX_SEED)] = 1
    chance: Literal["auto", "manual"] = "auto"
    save: str | None = None


@router.post("/tables", status_code=201)
async def new_table(body: NewTable, request: Request) -> dict[str, Any]:
    settings = settings_of(request)
    game = find_game(body.game)
    if body.scenario is not None and body.scenario_file is not None:
        raise ContentError(_("give a scenario or a scenario_file, not both"), field="scenario")
    if body.scenario_file is not None:
        scenario = str(settings.scenario_file(body.scenario_file))
    elif body.scenario is not None:
        shipped = {s.name for s in game.scenarios()}
        if body.scenario not in shipped:
            known = ", ".join(sorted(shipped)) or _("none")
            raise ContentError(
                _(
                    "{game} ships no scenario {scenario} (shipped: {known})",
                    game=game.name,
                    scenario=repr(body.scenario),
                    known=known,
                ),
                field="scenario",
            )
        scenario = body.scenario
    else:
        shipped_list = game.scenarios()
        if not shipped_list:
            raise ContentError(
                _("{game} ships no scenario; pick a file", game=game.name), field="scenario"
            )
        scenario = shipped_list[0].name
    if body.save is not None:
        check_save_name(body.save)
    state = game.new_state(scenario, body.seed, game.check_ruleset(body.ruleset))
    hub = hub_of(request)
    table = hub.open(state, chance=body.chance, store=settings.store())
    if body.save is not None:
        try:
            table.save(body.save)
        except Exception:
            hub.tables.pop(table.id, None)
            raise
    return {"id": table.id, "url": f"/play/{table.id}"}
