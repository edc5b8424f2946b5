"""``rulekeeper serve``: its options, its join URL, and that other commands never load the web stack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.cli.serve import join_url
from rulekeeper.web.settings import is_local, new_token


def test_serve_is_a_command_with_host_and_port() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--host" in result.output and "--port" in result.output


def test_serve_refuses_a_scenario_folder_that_is_not_one(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "--scenarios", str(tmp_path / "missing")])
    assert result.exit_code == 2
    assert "is not a folder" in result.output


def test_serve_refuses_a_bad_port() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2


def test_only_localhost_goes_without_a_token() -> None:
    assert is_local("127.0.0.1") and is_local("localhost") and is_local("::1")
    assert not is_local("0.0.0.0") and not is_local("192.168.1.5")
    token = new_token()
    assert len(token) >= 20 and token != new_token()
    assert join_url("127.0.0.1", 8765, None) == "http://127.0.0.1:8765/"
    assert join_url("192.168.1.5", 9000, "abc") == "http://192.168.1.5:9000/?token=abc"
    assert join_url("0.0.0.0", 9000, "abc").endswith(":9000/?token=abc")


def test_the_cli_does_not_import_the_web_stack_until_serve_runs() -> None:
    code = (
        "import sys, rulekeeper.cli.main; "
        "print(any(m.split('.')[0] in ('fastapi', 'uvicorn', 'starlette') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_rules_prints_a_rule_from_the_shipped_catalogs() -> None:
    result = CliRunner().invoke(app, ["rules", "SV-MOVE-1", "hv-move-1"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "SV-MOVE-1 (salvage: Move) The hero commits 0..max Health ready dice."
    assert lines[1].startswith("HV-MOVE-1 (haven:")


def test_rules_refuses_an_unknown_id() -> None:
    result = CliRunner().invoke(app, ["rules", "XX-NOPE-1"])
    assert result.exit_code == 2
    assert "not in the shipped catalogs" in result.output
