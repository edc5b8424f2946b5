"""Languages: every message a person sees, in English, Catalan or Turkish.

Messages are written in English in the source, as ``str.format`` templates with
named fields, and looked up in gettext catalogs compiled from
``locale/<lang>/*.po`` (managed with Babel: ``make catalogs``; see
docs/languages.md). Two ways to mark one:

- ``_("{hero} gains {item}", hero=..., item=...)`` translates now, into the
  current language, and returns a ``str`` (labels, prompts, help, errors
  printed at once). ``_n(singular, plural, n, **fields)`` picks the plural form.
- ``lazy("{hero} gains {item}", hero=..., item=...)`` returns a :class:`Msg`
  that is translated each time it is shown, in the language of whoever reads
  it (the event log, refusals, results: a state is shared by players who read
  different languages, and a save replays in any of them).
  ``lazy_plural(singular, plural, n, **fields)`` is its plural form.

Where one English text means different things in different places (``draw``: a
round phase, or a game ending in a draw), each place gives it a context, and each
context has its own translation: ``_p("round phase", "draw")``,
``lazy_p(context, template, **fields)``, ``_np`` / ``lazy_plural_p`` for counts
and ``N_p(context, text)`` to mark a constant translated later with ``_p``.

A field may itself be a :class:`Msg` (a game term: ``lazy("poison")``) or a
list of values, shown joined by commas. Content names (monsters, heroes,
scenarios) are data and are shown as they are.

The current language is a context variable: ``--lang``, else
``RULEKEEPER_LANG``, else the locale, else English; the web table sets it per
request. Nothing here imports Babel; the catalogs are read with ``gettext``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # read only for other languages: English needs no catalog at all
    import gettext

LANGUAGES = ("en", "ca", "tr")
"""The languages rulekeeper speaks; English is the source language."""
LANGUAGE_NAMES = {"en": "English", "ca": "Català", "tr": "Türkçe"}
"""Each language's name in itself, for pickers."""
DOMAIN = "rulekeeper"
"""The gettext domain of the compiled catalogs (``locale/<lang>/LC_MESSAGES/rulekeeper.mo``)."""
ENV_VAR = "RULEKEEPER_LANG"

_current: ContextVar[str | None] = ContextVar("rulekeeper_language", default=None)


class UnknownLanguageError(ValueError):
    """A language code rulekeeper does not speak."""

    def __init__(self, code: str, where: str) -> None:
        self.code = code
        self.where = where
        super().__init__(
            f"{where}: unknown language {code!r}; choose one of {', '.join(LANGUAGES)}"
        )


def parse_language(code: str, where: str = "--lang") -> str:
    """``code`` as one of :data:`LANGUAGES`, or :class:`UnknownLanguageError` naming ``where``."""
    cleaned = code.strip().lower().replace("-", "_")
    if cleaned in LANGUAGES:
        return cleaned
    raise UnknownLanguageError(code, where)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """``RULEKEEPER_LANG`` when set, else the locale's language when spoken here, else English.

    A bad ``RULEKEEPER_LANG`` raises :class:`UnknownLanguageError` (the user
    asked for it); a locale in another language falls back to English.
    """
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR, "").strip()
    if chosen:
        return parse_language(chosen, ENV_VAR)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "").strip()
        if not value:
            continue
        first = value.split(":")[0].split(".")[0].split("@")[0]
        code = first.split("_")[0].lower()
        return code if code in LANGUAGES else "en"
    return "en"


def current_language() -> str:
    """The language messages are shown in now."""
    chosen = _current.get()
    if chosen is None:
        try:
            chosen = language_from_environment()
        except UnknownLanguageError:
            chosen = "en"
        _current.set(chosen)
    return chosen


def set_language(code: str) -> str:
    """Show messages in ``code`` from now on (in this context); returns the parsed code."""
    lang = parse_language(code)
    _current.set(lang)
    return lang


@contextmanager
def use_language(code: str) -> Iterator[str]:
    """Show messages in ``code`` inside the ``with`` block."""
    token = _current.set(parse_language(code))
    try:
        yield _current.get() or "en"
    finally:
        _current.reset(token)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the identity)."""
    import gettext  # here: a command speaking English never needs the module (start-up)

    if lang == "en":
        return gettext.NullTranslations()
    # the package is a folder on disk (importlib.resources costs quick commands ~10 ms)
    path = os.path.join(os.path.dirname(__file__), "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    if not os.path.isfile(path):
        return gettext.NullTranslations()
    with open(path, "rb") as handle:
        return gettext.GNUTranslations(handle)


def _english_form(singular: str, plural: str, n: int) -> str:
    """English's plural rule, as the identity catalog applies it: the singular for one."""
    return singular if n == 1 else plural


def _fill(template: str, fields: Mapping[str, Any], lang: str) -> str:
    if not fields:
        return template
    shown = {name: _show(value, lang) for name, value in fields.items()}
    return template.format_map(shown)


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, list | tuple):
        return ", ".join(str(_show(item, lang)) for item in value)
    return value


def _(message: str, /, **fields: Any) -> str:
    """``message`` in the current language, its ``{fields}`` filled in."""
    lang = current_language()
    text = message if lang == "en" else translations(lang).gettext(message)
    return _fill(text, fields, lang)


def _n(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language, filled in.

    ``n`` is also available to the template as ``{n}``.
    """
    lang = current_language()
    text = (
        _english_form(singular, plural, n)
        if lang == "en"
        else translations(lang).ngettext(singular, plural, n)
    )
    return _fill(text, {"n": n, **fields}, lang)


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalogs without translating it (translate later with ``_``)."""
    return message


def _p(context: str, message: str, /, **fields: Any) -> str:
    """``message`` as meant in ``context``, in the current language, filled in."""
    lang = current_language()
    text = message if lang == "en" else translations(lang).pgettext(context, message)
    return _fill(text, fields, lang)


def _np(context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form of ``singular``/``plural`` for ``n``, as meant in ``context``, filled in."""
    lang = current_language()
    text = (
        _english_form(singular, plural, n)
        if lang == "en"
        else translations(lang).npgettext(context, singular, plural, n)
    )
    return _fill(text, {"n": n, **fields}, lang)


def N_p(context: str, message: str, /) -> str:
    """Mark ``message`` in ``context`` for the catalogs (translate later with ``_p(context, ...)``)."""
    return message


class Msg:
    """A message translated when shown: an English template, its fields, a plural count."""

    __slots__ = ("context", "fields", "n", "plural", "template")

    def __init__(
        self,
        template: str,
        fields: dict[str, Any] | None = None,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
    ) -> None:
        self.template = template
        self.fields = fields or {}
        self.plural = plural
        self.n = n
        self.context = context

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        lang = current_language() if lang is None else lang
        english = lang == "en"
        if self.plural is None:
            if english:
                text = self.template
            elif self.context is None:
                text = translations(lang).gettext(self.template)
            else:
                text = translations(lang).pgettext(self.context, self.template)
            return _fill(text, self.fields, lang)
        n = self.n or 0
        if english:
            text = _english_form(self.template, self.plural, n)
        elif self.context is None:
            text = translations(lang).ngettext(self.template, self.plural, n)
        else:
            text = translations(lang).npgettext(self.context, self.template, self.plural, n)
        return _fill(text, {"n": n, **self.fields}, lang)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        if self.context is not None:
            return f"Msg({self.template!r}, {self.fields!r}, context={self.context!r})"
        return f"Msg({self.template!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.template, self.plural, self.n, self.fields, self.context) == (
            other.template,
            other.plural,
            other.n,
            other.fields,
            other.context,
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The message as JSON values (fields that are messages nest)."""
        raw: dict[str, Any] = {"id": self.template}
        if self.context is not None:
            raw["context"] = self.context
        if self.fields:
            raw["fields"] = {name: _field_to_json(value) for name, value in self.fields.items()}
        if self.plural is not None:
            raw["plural"] = self.plural
            raw["n"] = self.n
        return raw

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Msg:
        fields = {name: _field_from_json(value) for name, value in raw.get("fields", {}).items()}
        plural = raw.get("plural")
        n = raw.get("n")
        context = raw.get("context")
        return cls(
            str(raw["id"]),
            fields,
            None if plural is None else str(plural),
            None if n is None else int(n),
            None if context is None else str(context),
        )

    def parts(self) -> list[Msg]:
        """This message and every message among its fields, depth first.

        A loop over a stack, not nested generators: the game walks the monster mover's
        reasons with it at every monster turn of a rollout (issue 12).
        """
        found: list[Msg] = []
        stack: list[Msg] = [self]
        while stack:
            message = stack.pop()
            found.append(message)
            inner: list[Msg] = []
            for value in message.fields.values():
                if isinstance(value, Msg):
                    inner.append(value)
                elif isinstance(value, list | tuple):
                    inner.extend([item for item in value if isinstance(item, Msg)])
            inner.reverse()  # the first field's message is taken next
            stack.extend(inner)
        return found


def _field_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, list | tuple):
        return [_field_to_json(item) for item in value]
    return value


def _field_from_json(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"msg"}:
        return Msg.from_json(value["msg"])
    if isinstance(value, list):
        return [_field_from_json(item) for item in value]
    return value


def lazy(template: str, /, **fields: Any) -> Msg:
    """A message translated when shown (event log, refusals, results)."""
    # Msg(template, fields), its fields set here: the rules make one at nearly every step
    # of a rollout, and this skips a call of __init__ (issue 12)
    message = _new_msg(Msg)
    message.template = template
    message.fields = fields
    message.plural = message.n = message.context = None
    return message


_new_msg = object.__new__


def _made(
    template: str, fields: dict[str, Any], plural: str | None, n: int | None, context: str | None
) -> Msg:
    """A message with these fields, made as :func:`lazy` makes its own (no ``__init__`` call)."""
    message = _new_msg(Msg)
    message.template = template
    message.fields = fields
    message.plural = plural
    message.n = n
    message.context = context
    return message


def lazy_plural(singular: str, plural: str, n: int, /, **fields: Any) -> Msg:
    """A plural message translated when shown; ``{n}`` is ``n``."""
    return _made(singular, fields, plural, n, None)


def lazy_p(context: str, template: str, /, **fields: Any) -> Msg:
    """A message as meant in ``context``, translated when shown."""
    return _made(template, fields, None, None, context)


def lazy_plural_p(context: str, singular: str, plural: str, n: int, /, **fields: Any) -> Msg:
    """A plural message as meant in ``context``, translated when shown; ``{n}`` is ``n``."""
    return _made(singular, fields, plural, n, context)


def text_of(message: str | Msg, lang: str | None = None) -> str:
    """``message`` shown in ``lang``: a :class:`Msg` is translated, a plain string is as is."""
    return message.render(lang) if isinstance(message, Msg) else message
