"""Running the real console entry point in-process, and checking what a user error leaves.

:func:`run_cli` calls ``rulekeeper.cli.entry.main`` (the console script), so
what it checks is what a person sees: the exit status, stdout and stderr.
:func:`snapshot` records every file under a folder, byte for byte, so a test can
say "state and files exactly as before".
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from rulekeeper.cli.entry import main


@dataclass(frozen=True)
class CliResult:
    code: int
    out: str
    err: str

    def assert_user_error(self, *fragments: str) -> None:
        """Exit 2 with exactly one line on stderr holding every fragment."""
        assert self.code == 2, (self.code, self.out[-2000:], self.err[-2000:])
        lines = self.err.splitlines()
        assert len(lines) == 1, self.err
        assert "Traceback" not in self.err
        assert "\x1b" not in self.err
        for fragment in fragments:
            assert fragment in lines[0], (fragment, lines[0])


def run_cli(*args: str, stdin: str = "") -> CliResult:
    """Run ``rulekeeper ARGS`` through the console script's entry point."""
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv = ["rulekeeper", *args]
    sys.stdin = io.StringIO(stdin)
    code: int | str | None = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
    except SystemExit as stop:
        code = stop.code
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
    return CliResult(code if isinstance(code, int) else 1, out.getvalue(), err.getvalue())


def snapshot(*folders: Path) -> dict[str, bytes]:
    """Every regular file under ``folders`` with its bytes."""
    files: dict[str, bytes] = {}
    for folder in folders:
        if not folder.exists():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.is_symlink():
                files[str(path)] = path.read_bytes()
    return files
