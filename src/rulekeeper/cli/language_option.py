"""``--lang`` on every command of the typer application, and help in the chosen language.

:class:`LanguageGroup` is the root command's class: before typer parses a
command line it takes ``--lang`` out of it (any position), refuses a language
rulekeeper does not speak in one line with exit status 2, and runs the command
in the chosen language (without ``--lang``: the current language, which is
``RULEKEEPER_LANG`` or the locale unless the caller chose one). :func:`add_language_option` gives every command and
command group a documented ``--lang`` option, so it shows in each ``--help``
(and works where a command group is run on its own).

Help texts are marked with ``_()`` where the commands are declared, so they are
in the language chosen before the modules were imported (the console script
chooses first). A process that imported them in English (tests through typer's
runner) still shows the help in the chosen language: :func:`translate_help`
looks each English help text up in the catalog.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from rulekeeper.cli.errors import USER_ERROR, error_line
from rulekeeper.cli.language import LANG_OPTION, split_language, unknown_language_message
from rulekeeper.i18n import (
    LANGUAGES,
    Msg,
    UnknownLanguageError,
    _,
    current_language,
    language_from_environment,
    parse_language,
    set_language,
    translations,
    use_language,
)


def _set_language(value: str | None) -> str | None:
    """The ``--lang`` option's check where typer reads it (a command group run on its own)."""
    if value is None:
        return None
    try:
        return set_language(value)
    except UnknownLanguageError as error:
        raise typer.BadParameter(unknown_language_message(error)) from None


LanguageOption = Annotated[
    str | None,
    typer.Option(
        LANG_OPTION,
        metavar="|".join(LANGUAGES),
        callback=_set_language,
        is_eager=True,
        help=_(
            "The language of messages and help: en, ca or tr (default: RULEKEEPER_LANG, else the locale)."
        ),
    ),
]
"""The ``--lang`` option as a command parameter."""

_PARAMETER = "language_choice"


def _with_language(callback: Callable[..., Any]) -> Callable[..., Any]:
    """``callback`` taking one more keyword parameter, the ``--lang`` option (ignored: already applied)."""
    signature = inspect.signature(callback, eval_str=True)
    if _PARAMETER in signature.parameters:
        return callback

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        kwargs.pop(_PARAMETER, None)
        return callback(*args, **kwargs)

    parameter = inspect.Parameter(
        _PARAMETER, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LanguageOption
    )
    run.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), parameter]
    )
    run.__annotations__ = {
        **{
            name: value.annotation
            for name, value in signature.parameters.items()
            if value.annotation is not inspect.Parameter.empty
        },
        _PARAMETER: LanguageOption,
    }
    return run


def _language_only(language_choice: LanguageOption = None) -> None:
    """A command group's callback that only reads ``--lang``."""


def add_language_option(app: typer.Typer) -> None:
    """Give every command and command group of ``app`` (and of its groups) the ``--lang`` option."""
    for info in app.registered_commands:
        if info.callback is not None:
            info.callback = _with_language(info.callback)
    if app.registered_callback is None:
        # a Typer of one command and no groups is that command (typer runs it
        # directly); a callback would turn it into a group of one
        if app.registered_groups or len(app.registered_commands) > 1:
            app.callback()(_language_only)
    elif app.registered_callback.callback is not None:
        app.registered_callback.callback = _with_language(app.registered_callback.callback)
    for group in app.registered_groups:
        if group.typer_instance is not None:
            add_language_option(group.typer_instance)


def _commands(command: Any) -> Iterator[Any]:
    yield command
    for child in getattr(command, "commands", {}).values():
        yield from _commands(child)


_FILLED: dict[str, Msg] = {}
"""Help texts with fields, as shown when declared, and the message each came from."""


def filled_help(message: Msg) -> str:
    """A help text with fields (``lazy("... {policies}", policies=...)``), shown now.

    :func:`translate_help` shows it again in another language later.
    """
    text = message.render()
    _FILLED[text] = message
    return text


def translate_help(command: Any, lang: str) -> None:
    """Show the help of ``command`` and its subcommands in ``lang`` (texts declared in English)."""
    if lang == "en":
        return
    catalog = translations(lang)

    def shown(text: str | None) -> str | None:
        if not text:
            return text
        filled = _FILLED.get(text)
        return filled.render(lang) if filled is not None else catalog.gettext(text)

    for each in _commands(command):
        each.help = shown(each.help)
        each.short_help = shown(each.short_help)
        for parameter in each.params:
            if isinstance(getattr(parameter, "help", None), str):
                parameter.help = shown(parameter.help)


class LanguageGroup(TyperGroup):
    """The root command: ``--lang`` read anywhere in the line, the command run in that language."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        given, rest = split_language(list(sys.argv[1:] if args is None else args))
        try:
            if given is not None:
                lang = parse_language(given, LANG_OPTION)
            else:
                language_from_environment()  # a bad RULEKEEPER_LANG is refused all the same
                lang = current_language()  # as the caller chose, else RULEKEEPER_LANG or the locale
        except UnknownLanguageError as error:
            typer.echo(error_line(unknown_language_message(error)), err=True)
            if standalone_mode:
                sys.exit(USER_ERROR)
            return USER_ERROR
        with use_language(lang):
            translate_help(self, lang)
            return super().main(
                rest,
                prog_name,
                complete_var,
                standalone_mode,
                windows_expand_args,
                **extra,
            )
