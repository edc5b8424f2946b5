"""The shape of every game package (DESIGN.md, "Package shape"; issue 12, "Structure").

Inside a game package imports run one way: ``state.py`` (data) imports nothing
of the rules, rule modules import state, and ``game.py`` wires them into the
core protocol. So no module imports ``game.py`` at run time and the run-time
imports inside a package form no cycle. Imports under ``if TYPE_CHECKING:``
are for annotations only and do not count; imports inside functions do.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rulekeeper.games

GAMES_DIR = Path(rulekeeper.games.__file__).parent
GAME_PACKAGES = sorted(
    p.name for p in GAMES_DIR.iterdir() if p.is_dir() and (p / "__init__.py").exists()
)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(node: ast.stmt, package: str, modules: set[str]) -> set[str]:
    """The package's own modules that one import statement names."""
    found: set[str] = set()
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        if node.module == package:
            found |= {a.name for a in node.names if a.name in modules}
        elif node.module.startswith(package + "."):
            found.add(node.module[len(package) + 1 :].split(".")[0])
    elif isinstance(node, ast.ImportFrom) and node.level:
        raise AssertionError(f"{package}: relative imports are not used in this project")
    elif isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith(package + "."):
                found.add(alias.name[len(package) + 1 :].split(".")[0])
    return found & modules


def import_graph(
    package_dir: Path, package: str
) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per module: the package's modules it imports at run time, and under TYPE_CHECKING."""
    modules = {p.stem for p in package_dir.glob("*.py")}
    runtime: dict[str, set[str]] = {}
    typing_only: dict[str, set[str]] = {}
    for name in sorted(modules):
        tree = ast.parse((package_dir / f"{name}.py").read_text(encoding="utf-8"))
        skipped: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                for child in node.body:
                    skipped |= {id(n) for n in ast.walk(child)}
        runtime[name] = set()
        typing_only[name] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                target = typing_only if id(node) in skipped else runtime
                target[name] |= _imported(node, package, modules) - {name}
    return runtime, typing_only


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path (first module repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(module: str) -> list[str] | None:
        path.append(module)
        on_path.add(module)
        for dep in sorted(graph.get(module, ())):
            if dep in on_path:
                return [*path[path.index(dep) :], dep]
            if dep not in done:
                cycle = visit(dep)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(module)
        done.add(module)
        return None

    for start in sorted(graph):
        if start not in done:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for dep in graph.get(todo.pop(), ()):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_no_import_cycle_inside_a_game_package(game: str) -> None:
    runtime, _ = import_graph(GAMES_DIR / game, f"rulekeeper.games.{game}")
    cycle = find_cycle(runtime)
    assert cycle is None, f"{game}: import cycle {' -> '.join(cycle or [])}"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_nothing_imports_game_py_at_run_time(game: str) -> None:
    runtime, _ = import_graph(GAMES_DIR / game, f"rulekeeper.games.{game}")
    importers = sorted(m for m, deps in runtime.items() if "game" in deps and m != "__init__")
    assert importers == [], f"{game}: game.py wires the package; {importers} import it"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_state_module_imports_no_rule_module(game: str) -> None:
    """A rule module is one that works on the state (imports state.py, even for types only)."""
    runtime, typing_only = import_graph(GAMES_DIR / game, f"rulekeeper.games.{game}")
    if "state" not in runtime:
        pytest.skip(f"{game} keeps its state class in game.py")
    rule_modules = {m for m in runtime if "state" in runtime[m] | typing_only[m]}
    wrong = sorted(reachable(runtime, "state") & rule_modules)
    assert wrong == [], f"{game}: state.py imports rule modules {wrong}"


def test_the_checks_catch_a_cycle_and_a_state_importing_rules(tmp_path: Path) -> None:
    """The checks above can fail: a small package with both faults is caught."""
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "state.py").write_text("from toy import rules\n")
    (package / "rules.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from toy.state import State\n"
        "def f():\n    from toy.flow import g\n"
    )
    (package / "flow.py").write_text("from toy.rules import f\n")
    runtime, typing_only = import_graph(package, "toy")
    assert find_cycle(runtime) == ["flow", "rules", "flow"]
    assert "state" in typing_only["rules"] and "state" not in runtime["rules"]
    assert "rules" in reachable(runtime, "state")
    (package / "flow.py").write_text("x = 1\n")
    runtime, _ = import_graph(package, "toy")
    assert find_cycle(runtime) is None
