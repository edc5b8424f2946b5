"""The message catalogs: extract, update, check and compile them with Babel.

``python -m rulekeeper.i18n_catalogs update`` extracts every marked message
(``_``, ``_n``, ``N_``, ``lazy``, ``lazy_plural`` in Python, and their forms
with a message context, ``_p``, ``_np``, ``N_p``, ``lazy_p``, ``lazy_plural_p``;
``_`` and ``_n`` in the web table's scripts) and brings each ``locale/<lang>/<area>.po`` in line:
new messages arrive untranslated, messages no longer in the source leave.
``compile`` merges the areas of each language into the compiled catalog
``locale/<lang>/LC_MESSAGES/rulekeeper.mo`` that :mod:`rulekeeper.i18n` reads
(``make catalogs`` runs both). ``check`` lists every message without a
translation, a plural form or the same ``{fields}`` as its English text.

A message is its English text and its context (``msgctxt``): one English text
with two contexts is two entries, each translated for what it means there.

A catalog is split into areas (one ``.po`` file per area and language) so that
work on different parts of the program edits different files. Babel is a
development dependency: the program itself only reads the compiled catalogs.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from rulekeeper.i18n import DOMAIN, LANGUAGE_NAMES, LANGUAGES

PACKAGE = Path(__file__).resolve().parent
LOCALE = PACKAGE / "locale"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")

AREAS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "haven-companion",
        (
            "games/haven/companion_*.py",
            "games/haven/ghs_*.py",
            "cli/companion.py",
        ),
    ),
    (
        "haven-play",
        (
            "games/haven/scenario_format.py",
            "games/haven/spec_base.py",
            "games/haven/ability_format.py",
            "games/haven/class_format.py",
            "games/haven/monster_format.py",
            "games/haven/item_format.py",
            "games/haven/rule_format.py",
            "games/haven/figure_format.py",
            "games/haven/scenario_document.py",
            "games/haven/shipped_content.py",
            "games/haven/scenario_checks.py",
            "games/haven/scenario_loading.py",
            "games/haven/render.py",
            "games/haven/map_picture.py",
            "games/haven/action_labels.py",
            "games/haven/state_tables.py",
            "games/haven/play_screen.py",
            "games/haven/state.py",
            "games/haven/library.py",
            "games/haven/objectives.py",
            "games/haven/objective_figures.py",
            "games/haven/items.py",
            "games/haven/board_*.py",
            "games/haven/actions.py",
            "games/haven/cards.py",
            "games/haven/card_effects.py",
            "games/haven/special_rules.py",
            "games/haven/ruleset.py",
            "games/haven/loot.py",
            "games/haven/attack_deck_file.py",
            "games/haven/scaling.py",
            "games/haven/map_state.py",
            "games/haven/scenario_setup.py",
            "games/haven/rooms.py",
            "games/haven/perks.py",
            "games/haven/game.py",
            "games/haven/bosses.py",
            "games/haven/terms.py",
            "games/haven/__init__.py",
            "cli/haven*.py",
        ),
    ),
    ("haven-rules", ("games/haven/*.py",)),
    ("rulebook", ("rulebook.py", "cli/rules.py")),
    ("typer", ("cli/click_language.py",)),
    ("salvage", ("games/salvage/*.py",)),
    ("areas", ("games/areas/*.py",)),
    ("ether", ("games/ether/*.py",)),
    ("agents", ("ai/*.py", "ai/*/*.py", "sim/*.py", "cli/simulate.py")),
    ("web", ("web/*.py", "web/*/*.py", "web/static/*.js")),
    ("core", ("*.py", "*/*.py", "*/*/*.py")),
)
"""Each area's files (relative to the package, first match wins), in order."""

KEYWORDS: dict[str, Any] = {
    "_": None,
    "_n": (1, 2),
    "N_": None,
    "lazy": None,
    "lazy_plural": (1, 2),
    "_p": ((1, "c"), 2),
    "_np": ((1, "c"), 2, 3),
    "N_p": ((1, "c"), 2),
    "lazy_p": ((1, "c"), 2),
    "lazy_plural_p": ((1, "c"), 2, 3),
}
"""The calls whose arguments are a message: its text (and, for plurals, the plural text),
after a context (``msgctxt``) for the ``_p`` forms."""

_SKIP = ("i18n.py", "i18n_catalogs.py")
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")


@dataclass(frozen=True, slots=True)
class Found:
    """One message found in the source: its English forms and where it is."""

    singular: str
    plural: str | None
    path: str
    line: int
    context: str | None = None


def area_of(relative: str) -> str | None:
    """The area a package file belongs to, or None when it holds no messages."""
    if relative.endswith(_SKIP) and "/" not in relative:
        return None
    for area, patterns in AREAS:
        if any(fnmatch(relative, pattern) for pattern in patterns):
            return area
    return None


def source_files() -> Iterator[tuple[str, Path]]:
    """Every package file messages are extracted from, with its area."""
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix not in (".py", ".js") or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(PACKAGE).as_posix()
        area = area_of(relative)
        if area is not None:
            yield area, path


def extract(paths: Iterable[tuple[str, Path]] | None = None) -> dict[str, list[Found]]:
    """The messages of each area, in source order (a message may appear many times)."""
    from babel.messages.extract import extract as babel_extract

    found: dict[str, list[Found]] = {area: [] for area, _ in AREAS}
    for area, path in paths if paths is not None else source_files():
        method = "javascript" if path.suffix == ".js" else "python"
        with path.open("rb") as handle:
            for line, message, _comments, context in babel_extract(
                method, handle, keywords=KEYWORDS, comment_tags=(), options={}
            ):
                if isinstance(message, tuple):
                    singular, plural = message[0], message[1]
                else:
                    singular, plural = message, None
                if not singular:
                    continue
                where = path.relative_to(PACKAGE) if path.is_relative_to(PACKAGE) else path
                found[area].append(Found(singular, plural, where.as_posix(), line, context))
    return found


def po_path(lang: str, area: str) -> Path:
    return LOCALE / lang / f"{area}.po"


def read_catalog(lang: str, area: str) -> Any:
    """The ``.po`` catalog of one area and language (empty when there is none yet)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(lang, area)
    if not path.is_file():
        return Catalog(locale=lang, domain=DOMAIN)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def write_catalog(catalog: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=100,
        no_location=True,
        omit_header=False,
        sort_output=True,
        ignore_obsolete=True,
        include_previous=False,
    )
    text = buffer.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != text:
        path.write_bytes(text)


def _new_catalog(lang: str, area: str = "all") -> Any:
    from babel.messages.catalog import Catalog

    return Catalog(
        locale=lang,
        domain=DOMAIN,
        header_comment=(
            f"# rulekeeper's messages in {LANGUAGE_NAMES[lang]} ({lang}), area {area}.\n"
            "# Edit the msgstr lines; `make catalogs-update` adds and removes msgids\n"
            "# (see docs/languages.md)."
        ),
        project="rulekeeper",
        version="",
        copyright_holder="the rulekeeper authors",
        msgid_bugs_address="",
        last_translator="the rulekeeper authors",
        language_team=LANGUAGE_NAMES[lang],
        fuzzy=False,
    )


def update() -> dict[str, dict[str, int]]:
    """Bring every area's ``.po`` in line with the source; the untranslated counts."""
    found = extract()
    missing: dict[str, dict[str, int]] = {}
    for lang in TRANSLATED:
        missing[lang] = {}
        for area, _patterns in AREAS:
            old = read_catalog(lang, area)
            new = _new_catalog(lang, area)
            new.creation_date = old.creation_date
            new.revision_date = old.creation_date
            for item in found[area]:
                key: Any = (item.singular, item.plural) if item.plural else item.singular
                if new.get(item.singular, context=item.context) is not None:
                    continue
                previous = old.get(item.singular, context=item.context)
                # a message that gains a context starts from its translation without one,
                # marked fuzzy: it counts as untranslated until someone confirms it
                guessed = previous is None and item.context is not None
                if guessed:
                    previous = old.get(item.singular)
                string: Any = previous.string if previous is not None else None
                if item.plural:
                    if not isinstance(string, tuple | list):
                        string = ("",) * new.num_plurals
                elif not isinstance(string, str):
                    string = ""
                flags = ("fuzzy",) if guessed and previous is not None else ()
                new.add(key, string, context=item.context, flags=flags)
            if len(new) or po_path(lang, area).is_file():
                write_catalog(new, po_path(lang, area))
            missing[lang][area] = sum(1 for entry in new if entry.id and not _complete(entry))
    return missing


def _complete(entry: Any) -> bool:
    if entry.fuzzy:
        return False
    strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
    return all(strings)


def fields_of(text: str) -> set[str]:
    """The ``{field}`` names a message template uses."""
    return set(_FIELD.findall(text))


def problems() -> list[str]:
    """Every message that lacks a translation, a plural form or keeps other fields."""
    found = extract()
    problems: list[str] = []
    for lang in TRANSLATED:
        for area, _patterns in AREAS:
            catalog = read_catalog(lang, area)
            for item in found[area]:
                entry = catalog.get(item.singular, context=item.context)
                where = f"{lang}/{area}.po ({item.path}:{item.line})"
                if item.context is not None:
                    where += f" [context {item.context!r}]"
                if entry is None:
                    problems.append(f"{where}: no entry for {item.singular!r}")
                    continue
                if not _complete(entry):
                    problems.append(f"{where}: untranslated or fuzzy {item.singular!r}")
                    continue
                english = fields_of(item.singular) | fields_of(item.plural or "")
                strings = (
                    entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
                )
                if item.plural and len(strings) != catalog.num_plurals:
                    problems.append(f"{where}: wrong number of plural forms {item.singular!r}")
                for string in strings:
                    extra = fields_of(string) - english - {"n"}
                    if extra or (not item.plural and fields_of(string) != english):
                        problems.append(
                            f"{where}: fields {sorted(fields_of(string))} differ from "
                            f"{sorted(english)} in {item.singular!r}"
                        )
        problems.extend(_differing(lang))
    return sorted(set(problems))


def _differing(lang: str) -> list[str]:
    """Messages (text and context) that two areas translate differently: the program has one
    catalog, so only one of them would be shown. Give each meaning its own context."""
    seen: dict[tuple[str | None, str], dict[str, Any]] = {}
    for area, _patterns in AREAS:
        for entry in read_catalog(lang, area):
            if not entry.id or not _complete(entry):
                continue
            singular = entry.id if isinstance(entry.id, str) else entry.id[0]
            string = entry.string if isinstance(entry.string, str) else tuple(entry.string)
            seen.setdefault((entry.context, singular), {})[area] = string
    problems = []
    for (context, singular), by_area in seen.items():
        if len(set(by_area.values())) > 1:
            areas = ", ".join(by_area)
            about = f"{singular!r}" + (f" [context {context!r}]" if context else "")
            problems.append(
                f"{lang}: {about} is translated differently in {areas}: one translation, "
                "or a context for each meaning (docs/languages.md)"
            )
    return problems


def compile_all() -> list[Path]:
    """Merge each language's areas into its compiled ``.mo`` catalog; the files written."""
    from babel.messages.mofile import write_mo

    written: list[Path] = []
    for lang in TRANSLATED:
        merged = _new_catalog(lang)
        for area, _patterns in AREAS:
            for entry in read_catalog(lang, area):
                if not entry.id or not _complete(entry):
                    continue
                if merged.get(entry.id, context=entry.context) is not None:
                    continue
                merged.add(entry.id, entry.string, context=entry.context)
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, merged, use_fuzzy=False)
        if not path.is_file() or path.read_bytes() != buffer.getvalue():
            path.write_bytes(buffer.getvalue())
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        for lang, areas in update().items():
            summary = ", ".join(f"{area} {count}" for area, count in areas.items() if count)
            print(f"{lang}: untranslated: {summary or 'none'}")
        return 0
    if command == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(PACKAGE.parent.parent)}")
        return 0
    if command == "check":
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    print("usage: python -m rulekeeper.i18n_catalogs update|compile|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
