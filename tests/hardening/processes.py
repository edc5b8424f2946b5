"""A real ``rulekeeper`` process to talk to, read from and kill (``kill -9``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path


class Rulekeeper:
    """``python -m rulekeeper.cli.main ARGS`` with pipes, its output read as it comes."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "RULEKEEPER_HOME": str(home), "COLUMNS": "200"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rulekeeper.cli.main", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self._chunks: list[bytes] = []
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read(self) -> None:
        assert self.process.stdout is not None
        while True:
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                return
            with self._lock:
                self._chunks.append(chunk)

    def output(self) -> str:
        with self._lock:
            return b"".join(self._chunks).decode("utf-8", "replace")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def wait_for(self, text: str, count: int = 1, timeout: float = 60.0) -> str:
        """Wait until ``text`` has appeared ``count`` times in the output."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            out = self.output()
            if out.count(text) >= count:
                return out
            if self.process.poll() is not None:
                time.sleep(0.05)
                out = self.output()
                if out.count(text) >= count:
                    return out
                raise AssertionError(f"the process ended before {text!r} x{count}:\n{out[-3000:]}")
            time.sleep(0.01)
        raise AssertionError(f"no {text!r} x{count} within {timeout}s:\n{self.output()[-3000:]}")

    def kill_9(self) -> None:
        """SIGKILL: no handler, no finally block, no flush runs."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self._reader.join(timeout=5)

    def finish(self, timeout: float = 60.0) -> int:
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()
        code = self.process.wait(timeout=timeout)
        self._reader.join(timeout=5)
        return code
