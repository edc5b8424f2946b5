"""``rulekeeper play`` in an 80x24 pseudo-terminal, one scripted game per family (issue 17).

A small driver on the standard library's ``os.openpty`` (no pexpect): the
terminal is set to 24 lines of 80 columns, every prompt is answered from a
script, and the whole output is checked: no line wider than 80 columns, and
the key screens present (the title with the seed, the objective, the board,
numbered choices, explain with the rule's text, undo and redo, the save
offered on quit).
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
PROMPTS = ("> ",)


class Terminal:
    """A child process on a pseudo-terminal of ``rows`` x ``columns``."""

    def __init__(self, argv: list[str], env: dict[str, str], rows: int = 24, columns: int = 80):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.output = ""

    def read_until_prompt(self, timeout: float = 60.0) -> str:
        """Everything printed up to the next input prompt (or the end of the process)."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                self.output += chunk.decode("utf-8", "replace")
                if self.output.endswith(PROMPTS):
                    return self.output[start:]
            elif self.process.poll() is not None:
                break
        return self.output[start:]

    def send(self, line: str) -> str:
        os.write(self.master, (line + "\n").encode())
        return self.read_until_prompt()

    def close(self) -> int:
        try:
            return self.process.wait(timeout=30)
        finally:
            os.close(self.master)


def lines_of(text: str) -> list[str]:
    plain = ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    return plain.split("\n")


def play(tmp_path: Path, args: list[str], script: list[str]) -> tuple[str, list[str], int]:
    env = {
        **os.environ,
        "RULEKEEPER_HOME": str(tmp_path),
        "COLUMNS": "80",
        "LINES": "24",
        "TERM": "xterm",
    }
    env.pop("NO_COLOR", None)
    terminal = Terminal([sys.executable, "-m", "rulekeeper.cli.main", "play", *args], env)
    screens = [terminal.read_until_prompt()]
    for line in script:
        screens.append(terminal.send(line))
    status = terminal.close()
    return terminal.output, screens, status


SCRIPT_TAIL = ["board", "status", "explain", "undo", "redo", "quit", "no"]

FAMILIES = {
    "haven": (["haven", "--seed", "5"], ["1", "1"], ["Ember Vault", "goal:", "/WA\\"]),
    "salvage": (
        ["salvage", "--seed", "3"],
        ["1", "1"],
        ["Drowned Spire", "objective:", "0 Tidegate"],
    ),
    "ether": (["ether", "--seed", "2"], ["1", "1"], ["Lantern Rift", "goal:", "+------+"]),
    "areas": (["areas", "--seed", "2"], ["1", "1"], ["Sunken Gate", "goal:", "Gatehouse h0"]),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_play_fits_an_80_by_24_terminal(tmp_path: Path, family: str) -> None:
    """Issue 17: the screens fit 80 columns; board, status, explain, undo/redo and the
    save offer on quit all appear; the seed is shown."""
    args, moves, key_lines = FAMILIES[family]
    output, screens, status = play(tmp_path, args, moves + SCRIPT_TAIL)
    lines = lines_of(output)
    too_wide = [line for line in lines if len(line) > 80]
    assert too_wide == [], too_wide[:3]
    assert status == 0, output[-2000:]
    text = "\n".join(lines)
    assert "seed " + args[-1] in text
    for key in key_lines:
        assert key in text, key
    assert re.search(r"^\s+1\. \S", text, re.M), "numbered choices"
    # board: the whole screen again, with the title and the objective
    board_screen = "\n".join(lines_of(screens[len(moves) + 1]))
    for key in key_lines:
        assert key in board_screen, f"board lacks {key!r}"
    status_screen = "\n".join(lines_of(screens[len(moves) + 2]))
    assert key_lines[1] in status_screen
    explain_screen = "\n".join(lines_of(screens[len(moves) + 3]))
    assert re.search(r"^[A-Z]{2,5}-[A-Z0-9-]+ \(\w+: ", explain_screen, re.M), explain_screen
    assert "undone: back to action" in text
    assert "redone:" in text
    assert "This game is not saved" in text
    # the first screen, from its title to the prompt above the choices, fits 24 lines
    first = lines_of(screens[0])
    title_at = next(i for i, line in enumerate(first) if " · seed " in line)
    choices_at = next(i for i, line in enumerate(first) if re.match(r"\s+1\. ", line))
    assert choices_at - title_at <= 24, first[title_at:choices_at]


def test_after_a_choice_only_what_changed_is_printed(tmp_path: Path) -> None:
    """Issue 17: after a choice the unchanged sections (here the salvage room grid and the
    objective) are not printed again; ``board`` prints them."""
    _, screens, _ = play(tmp_path, ["salvage", "--seed", "3"], ["1", "board", "quit", "no"])
    first, after_choice, board = ("\n".join(lines_of(s)) for s in screens[:3])
    assert "objective:" in first and "0 Tidegate" in first
    assert "objective:" not in after_choice
    assert "objective:" in board and "0 Tidegate" in board


def test_quit_saves_under_the_name_given(tmp_path: Path) -> None:
    """Issue 17: quit on an unsaved game offers a save; a name saves it."""
    output, _, status = play(tmp_path, ["areas", "--seed", "2"], ["1", "quit", "evening"])
    assert status == 0
    assert "saved as 'evening'" in output
    listed = subprocess.run(
        [sys.executable, "-m", "rulekeeper.cli.main", "saves", "list"],
        env={**os.environ, "RULEKEEPER_HOME": str(tmp_path), "COLUMNS": "200"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert "evening" in listed.stdout
