"""The language of a command line: ``--lang`` anywhere in it, else ``RULEKEEPER_LANG``, else the locale.

Help texts are translated when the modules that declare the commands are
imported, so the console script reads ``--lang`` here, before importing typer or
any command module (this module imports neither), and sets the language first.
The typer application reads it again the same way (:mod:`rulekeeper.cli.language_option`),
so a command line means the same through the console script and through
typer's test runner.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulekeeper.i18n import (
    LANGUAGES,
    UnknownLanguageError,
    _,
    language_from_environment,
    parse_language,
)

LANG_OPTION = "--lang"


def split_language(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The value of ``--lang X`` / ``--lang=X`` in ``args`` and the other arguments.

    ``--lang`` may stand anywhere before a ``--`` (after it every argument is
    the command's); when it is given more than once the last one counts. A
    ``--lang`` without a value gives the empty string (refused by
    :func:`choose_language`).
    """
    value: str | None = None
    rest: list[str] = []
    position = 0
    while position < len(args):
        token = args[position]
        if token == "--":
            rest.extend(args[position:])
            break
        if token == LANG_OPTION:
            value = args[position + 1] if position + 1 < len(args) else ""
            position += 2
            continue
        if token.startswith(LANG_OPTION + "="):
            value = token.removeprefix(LANG_OPTION + "=")
            position += 1
            continue
        rest.append(token)
        position += 1
    return value, rest


def choose_language(args: Sequence[str]) -> tuple[str, list[str]]:
    """The language ``args`` ask for (else ``RULEKEEPER_LANG``, else the locale) and the other arguments.

    A value rulekeeper does not speak raises :class:`UnknownLanguageError`
    naming ``--lang`` or ``RULEKEEPER_LANG``.
    """
    given, rest = split_language(args)
    if given is not None:
        return parse_language(given, LANG_OPTION), rest
    return language_from_environment(), rest


def unknown_language_message(error: UnknownLanguageError) -> str:
    """The one line that refuses a language rulekeeper does not speak."""
    return _(
        "{option}: unknown language {code}; choose one of {choices}",
        option=error.where,
        code=repr(error.code),
        choices=", ".join(LANGUAGES),
    )
