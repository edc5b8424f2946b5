"""The boxed table and wrapped lines of ``haven odds`` (drawn without rich, issue 12)."""

from __future__ import annotations

import io

import pytest

from rulekeeper.cli.boxed_table import print_table, print_wrapped, render_table


class _Terminal(io.StringIO):
    """A text stream that says it is a terminal, with a chosen encoding."""

    def __init__(self, encoding: str = "utf-8", tty: bool = True) -> None:
        super().__init__()
        self._encoding = encoding
        self._tty = tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return self._tty


def test_the_table_has_a_heavy_head_right_aligned_columns_and_a_centred_title() -> None:
    text = render_table("Odds", ("damage", "p"), [("0", "50%"), ("10", "5%")])
    assert text.splitlines() == [
        "      Odds      ",
        "┏━━━━━━━━┳━━━━━┓",
        "┃ damage ┃   p ┃",
        "┡━━━━━━━━╇━━━━━┩",
        "│      0 │ 50% │",
        "│     10 │  5% │",
        "└────────┴─────┘",
    ]


def test_a_title_wider_than_the_table_wraps_to_its_width_and_keeps_rule_ids_whole() -> None:
    title = "Frosthaven: Attack 3, Pierce 2 (HV-ATK-2)"
    lines = render_table(title, ("damage", "probability"), [("1", "2")]).splitlines()
    assert lines[:3] == [
        " Frosthaven: Attack 3,  ",
        "  Pierce 2 (HV-ATK-2)   ",
        "┏━━━━━━━━┳━━━━━━━━━━━━━┓",
    ]


def test_a_row_with_the_wrong_number_of_cells_is_refused() -> None:
    with pytest.raises(ValueError, match="3 cells for 2 columns"):
        render_table("t", ("a", "b"), [("1", "2", "3")])


def test_a_terminal_gets_an_italic_title_and_a_bold_header() -> None:
    out = _Terminal()
    print_table("Odds", ("damage",), [("1",)], out=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("\x1b[3m") and lines[0].endswith("\x1b[0m")
    assert "\x1b[1m damage \x1b[0m" in lines[2]
    assert "\x1b[" not in "".join(lines[3:])


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_no_color_or_a_dumb_terminal_gets_plain_text(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out = _Terminal()
    print_table("Odds", ("damage",), [("1",)], out=out)
    assert "\x1b[" not in out.getvalue()


def test_a_pipe_gets_plain_text_and_an_ascii_output_an_ascii_box() -> None:
    piped = _Terminal(tty=False)
    print_table("Odds", ("damage",), [("1",)], out=piped)
    assert "\x1b[" not in piped.getvalue() and "┏" in piped.getvalue()
    ascii_out = _Terminal(encoding="ascii", tty=False)
    print_table("Odds", ("damage",), [("1",)], out=ascii_out)
    assert ascii_out.getvalue().isascii()
    assert ascii_out.getvalue().splitlines()[1:4] == ["+--------+", "| damage |", "+--------+"]


def test_prose_wraps_at_the_terminal_width_without_splitting_rule_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    out = io.StringIO()
    text = "a card's shield, retaliate or heal goes to the attacker (HV-SHIELD-2, HV-HEAL-2)"
    print_wrapped(text, out=out)
    lines = out.getvalue().splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert "HV-SHIELD-2," in out.getvalue() and " ".join(lines) == text
