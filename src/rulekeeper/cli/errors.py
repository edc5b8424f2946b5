"""How the CLI reports a user error: one line on stderr and exit status 2.

Every command reports through :func:`fail`, so every message is one printable
line (control characters from file names or file contents are shown escaped)
and the exit status is always :data:`USER_ERROR`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from rulekeeper.core.errors import RulekeeperError, printable

if TYPE_CHECKING:
    import typer

P = ParamSpec("P")
R = TypeVar("R")

USER_ERROR = 2


def error_line(message: str) -> str:
    """The one line a user error prints: ``rulekeeper: <message>``."""
    return "rulekeeper: " + printable(message.removeprefix("rulekeeper: "))


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the one error line and return the exit to raise."""
    import typer

    typer.echo(error_line(message), err=True)
    return typer.Exit(USER_ERROR)


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn the engine's input errors into one line on stderr and exit status 2."""

    @wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except RulekeeperError as error:
            raise fail(str(error)) from None
        except ValueError as error:
            raise fail(str(error)) from None

    return run
