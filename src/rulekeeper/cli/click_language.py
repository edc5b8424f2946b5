"""typer's own words (help headings, the usage line, usage errors) in the current language.

typer (through the click it carries) writes its help headings ("Options",
"Commands") with ``gettext`` and its usage line, help option and usage errors
in English. :func:`install` points typer's ``gettext`` names at rulekeeper's
catalogs and has the usage line and the help option speak the current
language; :func:`usage_error_text` says a usage error (unknown option, missing
argument, bad value) in it. The texts are listed here so that they are
extracted into our catalogs. A text typer adds in a later version simply stays
English until it is listed; a typer laid out differently is left as it is.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from rulekeeper.i18n import N_, _, current_language, translations

CLICK_TEXTS = (
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Aborted!"),
)
"""The texts typer writes through ``gettext``, marked for the catalogs."""

_SHOW_HELP = N_("Show this message and exit.")


def click_gettext(message: str) -> str:
    """``message`` in the current language, its fields left for click to fill."""
    lang = current_language()
    return message if lang == "en" else translations(lang).gettext(message)


def click_ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a click plural text for ``n`` in the current language, unfilled."""
    return translations(current_language()).ngettext(singular, plural, n)


def install() -> None:
    """Make typer's own texts (help headings, usage line, help option) follow the current language.

    Safe to call more than once; a typer without these parts is left as it is.
    """
    import importlib

    for name in ("typer.core", "typer._click.parser"):
        try:
            module: ModuleType = importlib.import_module(name)
        except ImportError:  # pragma: no cover - another typer layout
            continue
        if callable(getattr(module, "_", None)):
            module._ = click_gettext  # type: ignore[attr-defined]
        if callable(getattr(module, "ngettext", None)):
            module.ngettext = click_ngettext  # type: ignore[attr-defined]
    try:
        formatting = importlib.import_module("typer._click.formatting")
        core = importlib.import_module("typer._click.core")
    except ImportError:  # pragma: no cover - another typer layout
        return
    formatter = formatting.HelpFormatter
    if not getattr(formatter.write_usage, "_rulekeeper", False):
        write_usage = formatter.write_usage

        def translated_usage(
            self: Any, prog: str, args: str = "", prefix: str | None = None
        ) -> None:
            write_usage(self, prog, args, _("Usage: ") if prefix is None else prefix)

        translated_usage._rulekeeper = True  # type: ignore[attr-defined]
        formatter.write_usage = translated_usage
    command = core.Command
    if not getattr(command.get_help_option, "_rulekeeper", False):
        get_help_option = command.get_help_option

        def translated_help_option(self: Any, ctx: Any) -> Any:
            option = get_help_option(self, ctx)
            if option is not None:
                option.help = _(_SHOW_HELP)
            return option

        translated_help_option._rulekeeper = True  # type: ignore[attr-defined]
        command.get_help_option = translated_help_option


def _bad_value_reason(error: Exception) -> str:
    """Why typer refused a value: its converter's pydantic error in our words (typer
    writes pydantic's English), else typer's own message."""
    from pydantic import ValidationError

    cause = error.__cause__
    if isinstance(cause, ValidationError) and cause.errors():
        from rulekeeper.core.documents import pydantic_reason

        return pydantic_reason(cause.errors()[0])
    return str(getattr(error, "message", ""))


def usage_error_text(error: Exception, fallback: str) -> str:
    """A usage error of typer's (unknown option, missing argument...) in the current language.

    ``fallback`` (typer's English text) is kept for the kinds not listed here.
    """
    kind = type(error).__name__
    if kind == "NoSuchOption":
        text = _("No such option: {name}", name=getattr(error, "option_name", ""))
        possible = getattr(error, "possibilities", None)
        if possible:
            text += " " + _("(possible options: {options})", options=sorted(possible))
        return text
    if kind in ("MissingParameter", "BadParameter"):
        hint = getattr(error, "param_hint", None)
        param = getattr(error, "param", None)
        if hint is None and param is not None:
            hint = param.get_error_hint()
        if isinstance(hint, list | tuple):
            hint = " / ".join(f"'{each}'" for each in hint)
        if kind == "MissingParameter":
            param_type = getattr(error, "param_type", None) or getattr(param, "param_type_name", "")
            if param_type == "argument":
                return _("Missing argument {hint}.", hint=hint or "")
            if param_type == "option":
                return _("Missing option {hint}.", hint=hint or "")
            return _("Missing parameter {hint}.", hint=hint or "")
        message = _bad_value_reason(error)
        if hint is None:
            return _("Invalid value: {message}", message=message)
        return _("Invalid value for {hint}: {message}", hint=hint, message=message)
    message = str(getattr(error, "message", ""))
    extra = "Got unexpected extra argument(s) ("
    if message.startswith(extra) and message.endswith(")"):
        return _("Unexpected extra arguments: {args}", args=message[len(extra) : -1])
    return fallback
