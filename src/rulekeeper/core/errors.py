"""The errors every layer raises: rule violations, bad content, bad files.

Each error renders as one line a person can act on; the CLI prints ``str(error)``
and exits with status 2.
"""

from __future__ import annotations

import errno
import unicodedata

from rulekeeper.i18n import N_, Msg, _, current_language, text_of


class RulekeeperError(Exception):
    """Base of every error rulekeeper raises on bad input."""


class RuleViolation(RulekeeperError):
    """An action the rules forbid. The state it was offered to is unchanged.

    ``rule_id`` is the catalog ID of the rule that forbids it (``SV-ATK-1``).
    """

    def __init__(self, rule_id: str, message: Msg | str) -> None:
        super().__init__(rule_id, message)
        self.rule_id = rule_id
        self.reason = message

    @property
    def message(self) -> str:
        """Why the action is refused, in the current language."""
        return text_of(self.reason)

    def __str__(self) -> str:
        return _("illegal: {rule} {reason}", rule=self.rule_id, reason=self.message)


class ActionFormatError(RulekeeperError):
    """An action's JSON form is malformed: unknown type, missing or bad field."""


class ContentError(RulekeeperError):
    """A content, scenario or save file failed validation.

    The message names the file (when there is one), the field and the reason,
    on one printable line.
    """

    def __init__(
        self, message: str, *, source: str | None = None, field: str | None = None
    ) -> None:
        parts = [p for p in (source, field) if p]
        prefix = ": ".join(parts)
        # File names and field names come from the user: shown escaped, on one line.
        super().__init__(printable(f"{prefix}: {message}" if prefix else message, 2000))
        self.source = source
        self.field = field
        self.reason = message


class UnknownGameError(RulekeeperError):
    """No game is registered under the name asked for."""


class ReplayError(RulekeeperError):
    """A replay stopped at an action it could not apply."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(_("illegal at action {index}: {reason}", index=index, reason=reason))
        self.index = index
        self.reason = reason


def printable(text: str, limit: int = 1000) -> str:
    """``text`` safe to print on one terminal line.

    Control characters (newlines, escape sequences) and other unprintable
    characters become visible escapes, so text taken from a file or a command
    line can neither break the one-line error rule nor drive the terminal; text
    longer than ``limit`` characters is cut with an ellipsis.
    """
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if unicodedata.category(ch) == "Zs":
        return " "
    return ch.encode("unicode_escape").decode("ascii")


_OS_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EEXIST: N_("it already exists"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.EADDRNOTAVAIL: N_("the address is not available on this machine"),
}
"""The operating system's common reasons, in our words for the other languages (its own
text is in English)."""


def os_reason(error: OSError) -> str:
    """Why the operating system refused, in the current language (its own text in
    English and for a reason not listed)."""
    known = _OS_REASONS.get(error.errno) if error.errno is not None else None
    if known is not None and current_language() != "en":
        return _(known)
    return error.strerror or str(error)
