"""The reader's language at the web table: chosen per browser, set for each request.

A browser picks its language with the page's picker (a cookie) or ``?lang=``
(which also sets the cookie); without either, its ``Accept-Language`` header
decides, else English. :class:`LanguageGate` sets :mod:`rulekeeper.i18n`'s
current language for the whole request, so the log, refusals, action labels,
boards and rule texts a request returns are in its reader's language: two
browsers at one table may read different languages.

The pages' scripts translate their own words with ``_()`` / ``_n()`` (common.js)
from :func:`script_catalog`: the translations of the messages the scripts use,
taken from the compiled catalog, and the language's plural rule.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulekeeper.i18n import (
    LANGUAGES,
    UnknownLanguageError,
    parse_language,
    translations,
    use_language,
)

LANG_COOKIE = "rulekeeper_lang"
LANG_PARAM = "lang"
COOKIE_MAX_AGE = 400 * 24 * 3600
MAX_ACCEPT_ITEMS = 32
"""Entries of an Accept-Language header looked at (a long header is cut, not walked)."""

_PLURAL_RULE = re.compile(r"^[n0-9 ()!=<>&|?:%+\-*/]+$")
_JS_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_JS_MESSAGE = re.compile(
    r"(?<![A-Za-z0-9_$.])(_n|_)\(\s*" + _JS_STRING + r"(?:\s*,\s*" + _JS_STRING + r")?"
)


def _parse_accept(header: str) -> str | None:
    """The language rulekeeper speaks that ``header`` (Accept-Language) likes best, if any."""
    best: tuple[float, int, str] | None = None
    for position, item in enumerate(header.split(",")[:MAX_ACCEPT_ITEMS]):
        tag, _, params = item.strip().partition(";")
        code = tag.strip().lower().replace("_", "-").split("-")[0]
        if code not in LANGUAGES:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality <= 0:
            continue
        key = (quality, -position, code)
        if best is None or key[:2] > best[:2]:
            best = key
    return None if best is None else best[2]


def choose_language(asked: str | None, cookie: str | None, accept: str | None) -> str:
    """``?lang=`` (raises :class:`UnknownLanguageError` when bad), else the cookie,
    else Accept-Language, else English. A bad cookie is ignored."""
    if asked is not None:
        return parse_language(asked, LANG_PARAM)
    if cookie:
        try:
            return parse_language(cookie, LANG_COOKIE)
        except UnknownLanguageError:
            pass
    if accept:
        found = _parse_accept(accept)
        if found is not None:
            return found
    return "en"


class LanguageGate:
    """Every request runs in its reader's language; ``?lang=`` is remembered in a cookie.

    A plain ASGI middleware: the language is a context variable set around the
    whole request, so the streams and exception handlers see it too.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        asked = request.query_params.get(LANG_PARAM)
        try:
            lang = choose_language(
                asked, request.cookies.get(LANG_COOKIE), request.headers.get("accept-language")
            )
        except UnknownLanguageError as error:
            await PlainTextResponse(str(error), status_code=400)(scope, receive, send)
            return
        target = send
        if asked is not None:
            cookie = f"{LANG_COOKIE}={lang}; Path=/; Max-Age={COOKIE_MAX_AGE}; SameSite=Lax"

            async def send_with_cookie(message: Message) -> None:
                if message["type"] == "http.response.start":
                    MutableHeaders(scope=message).append("set-cookie", cookie)
                await send(message)

            target = send_with_cookie
        with use_language(lang):
            await self.app(scope, receive, target)


def script_messages(text: str) -> list[tuple[str, str | None]]:
    """The ``_("...")`` and ``_n("...", "...", n)`` messages of a page script, in order.

    The scripts write every message as one double-quoted literal (a test checks
    this finds what Babel extracts for the catalogs).
    """
    found: list[tuple[str, str | None]] = []
    for match in _JS_MESSAGE.finditer(text):
        kind, singular, plural = match.group(1), match.group(2), match.group(3)
        one = json.loads(f'"{singular}"')
        if kind == "_n" and plural is not None:
            found.append((one, json.loads(f'"{plural}"')))
        elif kind == "_":
            found.append((one, None))
    return found


@cache
def all_script_messages() -> tuple[tuple[str, str | None], ...]:
    """Every message of every shipped page script, once each."""
    folder = resources.files("rulekeeper.web") / "static"
    seen: dict[str, tuple[str, str | None]] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".js"):
            for message in script_messages(entry.read_text(encoding="utf-8")):
                seen.setdefault(message[0], message)
    return tuple(seen.values())


def _plural_header(lang: str) -> tuple[int, str]:
    """The number of plural forms of ``lang`` and the C-style expression choosing one."""
    header = "" if lang == "en" else translations(lang).info().get("plural-forms", "")
    count = re.search(r"nplurals\s*=\s*(\d+)", header)
    rule = re.search(r"plural\s*=\s*(.*?);?\s*$", header)
    if count is None or rule is None:
        return 2, "n != 1"
    expression = rule.group(1).strip()
    if not _PLURAL_RULE.match(expression):
        raise ValueError(f"unexpected plural rule in the {lang} catalog: {expression!r}")
    return int(count.group(1)), expression


def _sample(lang: str, form: int) -> int:
    """A count whose plural form in ``lang`` is ``form``."""
    pick = getattr(translations(lang), "plural", lambda n: int(n != 1))
    for n in (1, 2, 0, 5, 21, 1_000_000, 2_000_000):
        if pick(n) == form:
            return n
    raise ValueError(f"no count takes plural form {form} in {lang}")


@cache
def script_catalog(lang: str) -> dict[str, Any]:
    """What the pages' ``_()``/``_n()`` read: the translated messages and the plural rule.

    ``messages`` maps each English message to its translation, or a plural
    message to the list of its forms; English sends no messages.
    """
    lang = parse_language(lang)
    count, rule = _plural_header(lang)
    messages: dict[str, Any] = {}
    if lang != "en":
        catalog = translations(lang)
        for singular, plural in all_script_messages():
            if plural is None:
                messages[singular] = catalog.gettext(singular)
            else:
                messages[singular] = [
                    catalog.ngettext(singular, plural, _sample(lang, form)) for form in range(count)
                ]
    return {"lang": lang, "plural": rule, "messages": messages}


def catalog_script(lang: str) -> str:
    """The catalog as a script the pages load before their own (``window.RK_CATALOG``)."""
    return "window.RK_CATALOG = " + json.dumps(script_catalog(lang), ensure_ascii=False) + ";\n"
