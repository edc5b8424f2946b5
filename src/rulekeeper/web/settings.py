"""How one ``rulekeeper serve`` runs: where it listens, its join token, the scenario folder."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from rulekeeper.core.errors import ContentError
from rulekeeper.i18n import _
from rulekeeper.store import SaveStore

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
SCENARIO_SUFFIXES = (".toml", ".json")
MAX_LISTED_FILES = 500
"""Scenario files listed from the user's folder; a huge folder is cut off, not walked forever."""


def is_local(host: str) -> bool:
    return host in LOCAL_HOSTS or host.startswith("127.")


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class WebSettings:
    """``token`` None means no token is asked (bound to this machine only)."""

    host: str = "127.0.0.1"
    port: int = 8765
    token: str | None = None
    scenario_folder: Path | None = None
    store_path: Path | None = None
    library_folder: Path | None = None
    """A haven content library (``rulekeeper haven import``): its scenarios play in companion
    mode."""
    _files: dict[str, Path] = field(default_factory=dict, repr=False)

    def store(self) -> SaveStore:
        return SaveStore(self.store_path)

    def scenario_files(self) -> dict[str, Path]:
        """Scenario files under the folder named at start, by their path relative to it."""
        folder = self.scenario_folder
        if folder is None:
            return {}
        found: dict[str, Path] = {}
        root = folder.resolve()
        for path in sorted(root.rglob("*")):
            if len(found) >= MAX_LISTED_FILES:
                break
            if path.suffix in SCENARIO_SUFFIXES and path.is_file():
                resolved = path.resolve()
                if resolved.is_relative_to(root):
                    found[path.relative_to(root).as_posix()] = resolved
        return found

    def scenario_file(self, name: str) -> Path:
        """The listed file called ``name``; any other name is refused."""
        path = self.scenario_files().get(name)
        if path is None:
            raise ContentError(
                _("{name} is not one of the listed scenario files", name=repr(name)),
                field="scenario_file",
            )
        return path
