"""The errors every layer raises: rule violations, bad content, bad files.

Each error renders as one line a person can act on; the CLI prints ``str(error)``
and exits with status 2.
"""

from __future__ import annotations


class RulekeeperError(Exception):
    """Base of every error rulekeeper raises on bad input."""


class RuleViolation(RulekeeperError):
    """An action the rules forbid. The state it was offered to is unchanged.

    ``rule_id`` is the catalog ID of the rule that forbids it (``SV-ATK-1``).
    """

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id} {message}")
        self.rule_id = rule_id
        self.message = message

    def __str__(self) -> str:
        return f"illegal: {self.rule_id} {self.message}"


class ActionFormatError(RulekeeperError):
    """An action's JSON form is malformed: unknown type, missing or bad field."""


class ContentError(RulekeeperError):
    """A content, scenario or save file failed validation.

    The message names the file (when there is one), the field and the reason.
    """

    def __init__(
        self, message: str, *, source: str | None = None, field: str | None = None
    ) -> None:
        parts = [p for p in (source, field) if p]
        prefix = ": ".join(parts)
        super().__init__(f"{prefix}: {message}" if prefix else message)
        self.source = source
        self.field = field
        self.reason = message


class UnknownGameError(RulekeeperError):
    """No game is registered under the name asked for."""


class ReplayError(RulekeeperError):
    """A replay stopped at an action it could not apply."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"illegal at action {index}: {reason}")
        self.index = index
        self.reason = reason
