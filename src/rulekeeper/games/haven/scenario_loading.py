"""Loading a scenario: a shipped one by name, a user's file by path (TOML or JSON), or
either with a party the players chose (``NAME@class,class``, HV-CHAR-1); validated and
checked on load, bad input raising ContentError naming the file and the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulekeeper.core.documents import parse_document, read_text, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.core.problems import Problems
from rulekeeper.games.haven.scenario_checks import check_scenario
from rulekeeper.games.haven.scenario_document import ScenarioSpec
from rulekeeper.games.haven.shipped_content import content_text, shipped_scenario_names
from rulekeeper.i18n import _


def parse_scenario(data: object, source: str | None = None) -> ScenarioSpec:
    """Validate a haven-scenario/1 value and its cross references; ContentError names the field."""
    return check_scenario(validate(ScenarioSpec, data, source), source, Problems(source))


def _with_chosen_party(spec: ScenarioSpec, chosen: str, source: str) -> ScenarioSpec:
    party = tuple(p.strip() for p in chosen.split(",") if p.strip())
    if not party:
        raise ContentError(
            _("name the party's classes after '@', like @warden,sage"), source=source
        )
    unknown = [p for p in party if p not in spec.classes]
    if unknown:
        known = ", ".join(sorted(spec.classes))
        raise ContentError(
            _("unknown class {name} (known: {known})", name=repr(unknown[0]), known=known),
            source=source,
        )
    if len(set(party)) != len(party):
        raise ContentError(_("HV-CHAR-1: each class may be in the party once"), source=source)
    if len(party) > len(spec.start_hexes):
        raise ContentError(
            _(
                "the scenario has {starts} start hexes, not enough for {characters} characters",
                starts=len(spec.start_hexes),
                characters=len(party),
            ),
            source=source,
        )
    house = spec.house_rules.model_copy(
        update={"one_character": spec.house_rules.one_character or len(party) == 1}
    )
    data = spec.model_dump(mode="json")
    characters = {k: v for k, v in data.get("characters", {}).items() if k in party}
    data.update(party=list(party), characters=characters, house_rules=house.model_dump(mode="json"))
    return parse_scenario(data, source)


def party_choices(name_or_path: str) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """For a menu: the scenario's own party, the classes a party may take, and the most
    characters its start hexes allow (HV-CHAR-1 caps a party at four)."""
    spec = load_scenario(name_or_path)
    return spec.party, tuple(sorted(spec.classes)), min(4, len(spec.start_hexes))


def load_scenario_text(text: str, source: str) -> ScenarioSpec:
    return parse_scenario(parse_document(text, source), source)


PARTY_MARK = "@"
"""``NAME@class,class`` names a scenario played by a party of the players' choosing."""


def with_party(name: str, party: Sequence[str]) -> str:
    """The scenario name that plays ``name`` with ``party`` (kept as is in saves and replays)."""
    return f"{name}{PARTY_MARK}{','.join(party)}"


def load_scenario(name_or_path: str) -> ScenarioSpec:
    """A shipped scenario by name, or a user's scenario file by path (TOML or JSON).

    ``NAME@warden,sage`` is the scenario with the party the players chose
    (HV-CHAR-1: two to four characters, each class once, no more than the start
    hexes; one character only as the house rule ``one_character``, which the
    choice then turns on). The monsters set up follow the party's size (HV-SCEN-1).
    """
    base, mark, chosen = name_or_path.rpartition(PARTY_MARK)
    if mark and base and not Path(name_or_path).exists():
        return _with_chosen_party(load_scenario(base), chosen, name_or_path)
    if name_or_path in shipped_scenario_names():
        filename = f"{name_or_path}.toml"
        return load_scenario_text(content_text(f"scenarios/{filename}"), filename)
    path = Path(name_or_path)
    if not path.exists():
        known = ", ".join(shipped_scenario_names())
        raise ContentError(
            _("no shipped scenario of that name (known: {known}) and no such file", known=known),
            source=name_or_path,
        )
    return load_scenario_text(read_text(path), str(path))
