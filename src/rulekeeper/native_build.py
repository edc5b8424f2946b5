"""Build the compiled modules (mover and haven rules) with mypyc (``make venv`` runs it).

``python -m rulekeeper.native_build`` compiles :data:`rulekeeper.native.MODULES`
in place (a shared library ``rulekeeper/compiled__mypyc…`` and one small
extension beside each source file) and writes the build record that
:mod:`rulekeeper.native` checks at every start; nothing is installed into the
environment. An up-to-date build is left alone. ``status`` says which path
this process runs, ``clean`` removes the build.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from rulekeeper.native import (
    GROUP,
    MODULES,
    PURE_VARIABLE,
    RECORD,
    SOURCE_ROOT,
    record_text,
    running,
    source_checksums,
    source_path,
    stale_reason,
)

if TYPE_CHECKING:
    from collections.abc import Sequence


def _compiler() -> str | None:
    """Why no C extension can be built here, or None when one can."""
    import shutil
    import sysconfig

    command = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(command) is None:
        return f"no C compiler ({command}) found"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "the Python headers (Python.h) are missing"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with the dev dependency mypy)"
    return None


def _compiled_files(root: str) -> list[str]:
    """The compiled files of the modules and their shared library present under ``root``."""
    found = []
    for module in (*MODULES, GROUP + "__mypyc"):
        folder = os.path.join(root, *module.split(".")[:-1])
        stem = module.split(".")[-1] + "."
        if os.path.isdir(folder):
            found += [
                os.path.relpath(os.path.join(folder, name), root)
                for name in sorted(os.listdir(folder))
                if name.startswith(stem) and name.endswith((".so", ".pyd"))
            ]
    return found


def _recorded_files(root: str) -> list[str]:
    """The compiled files the build record lists (an earlier build may have compiled modules
    that :data:`MODULES` no longer names: their files must go too, or importing the module
    would load an extension whose shared library lacks it)."""
    try:
        with open(os.path.join(root, RECORD), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    names = [line.removeprefix("file ") for line in lines if line.startswith("file ")]
    # only extension files inside the package: the record never makes us delete anything else
    return [
        name
        for name in names
        if name.startswith("rulekeeper/")
        and ".." not in name.split("/")
        and name.endswith((".so", ".pyd"))
    ]


def clean(root: str = SOURCE_ROOT) -> None:
    """Remove the compiled files (of this build and of the one the record lists) and the record."""
    for name in [*_compiled_files(root), *_recorded_files(root), RECORD]:
        path = os.path.join(root, name)
        if os.path.exists(path):
            os.remove(path)


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
temp, group, *paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace", "--build-temp", temp + "/t", "--build-lib", temp + "/l"]
setup(name="rulekeeper-compiled", py_modules=[],
      ext_modules=mypycify(paths, opt_level="3", target_dir=temp + "/c", group_name=group))
"""


def build(root: str = SOURCE_ROOT) -> int:
    """Compile :data:`MODULES` in place unless an up-to-date build is there; 0 when done.

    Without a C compiler (or Python headers, or mypyc) it says so in one line,
    removes any earlier build and returns 0: everything runs as pure Python.
    """
    import subprocess
    import tempfile

    if stale_reason(root) is None:
        print("rulekeeper: the compiled modules are up to date")
        return 0
    clean(root)
    missing = _compiler()
    if missing is not None:
        print(f"rulekeeper: {missing}; everything runs as pure Python")
        return 0
    checksums = source_checksums(root, MODULES)  # the sources as they are before compiling
    paths = [os.path.relpath(source_path(m, root), root) for m in MODULES]
    print(f"rulekeeper: compiling {len(MODULES)} modules with mypyc (a few minutes of CPU)")
    with tempfile.TemporaryDirectory(prefix="rulekeeper-mypyc-") as temp:
        done = subprocess.run(
            [sys.executable, "-c", _SETUP, temp, GROUP, *paths],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, PURE_VARIABLE: "1"},
        )
    if done.returncode != 0:
        clean(root)
        print((done.stdout + done.stderr)[-4000:], file=sys.stderr)
        print("rulekeeper: the mypyc build failed (output above)", file=sys.stderr)
        return 1
    files = _compiled_files(root)
    with open(os.path.join(root, RECORD), "w", encoding="utf-8") as handle:
        handle.write(record_text(files, checksums))
    reason = stale_reason(root)
    if reason is not None:
        print(f"rulekeeper: the build is not usable: {reason}", file=sys.stderr)
        return 1
    print(f"rulekeeper: compiled {len(files)} files")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulekeeper.native_build [build | status | clean]`` (build by default)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in ([], ["build"]):
        return build()
    if args == ["clean"]:
        clean()
        return 0
    if args == ["status"]:
        print(f"rulekeeper: {running()}")
        return 0
    print("usage: python -m rulekeeper.native_build [build | status | clean]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
