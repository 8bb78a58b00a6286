"""`adjudicator value`: the books' end-of-game figures, from the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()


def value_json(*args: str) -> dict:
    result = runner.invoke(app, ["value", *args, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("args", "winner", "value"),
    [
        # the four seed examples (Foster p.393; Hoffmann, Rubicon p.21)
        (["A=1830", "B=1260"], "A", 1100),
        (["A=1260", "B=1140", "--brisques", "A=7,B=25"], "B", 600),
        (["A=1510", "B=1240"], "A", 800),
        (["A=1550", "B=1520"], "A", 600),
        # E5a (Hoffmann p.22): the rubiconed loser
        (["A=1320", "B=620"], "A", 3200),
    ],
)
def test_rubicon_values_come_out_as_the_books_give_them(
    args: list[str], winner: str, value: int
) -> None:
    result = value_json("rubicon-bezique", *args)
    assert (result["winner"], result["value"]) == (winner, value)
    assert all(re_step.endswith("]") for re_step in result["steps"])


def test_a_tie_after_brisques_is_null_and_void() -> None:
    result = value_json("rubicon-bezique", "A=1200", "B=1200", "--brisques", "A=16,B=16")
    assert result["winner"] is None and result["value"] == 0
    assert "RUB-GAME-5" in result["steps"][-1]


def test_the_text_view_names_the_winner_and_the_rules() -> None:
    result = runner.invoke(app, ["value", "rubicon-bezique", "A=1320", "B=620"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "A wins 3200 (the loser is rubiconed)"
    assert "[RUB-RUBICON-2]" in result.stdout


def test_a_whist_rubber_from_its_games() -> None:
    """EX-3 (smallest rubber, 1) and EX-6 (Enquire Within: P 1 + 3 + 2 - Q's 2 = 4)."""
    smallest = value_json("whist", "NS@3", "EW@0", "NS@4")
    assert (smallest["winner"], smallest["value"]) == ("NS", 1)
    ex6 = value_json("whist", "NS=1", "EW=2", "NS=3")
    assert (ex6["winner"], ex6["value"]) == ("NS", 4)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rubicon-bezique", "A=1260", "B=1140", "--brisques", "A=7,B=20"], "must total 32"),
        (["rubicon-bezique", "A=x", "B=1"], "is not A=N or B=N"),
        (["rubicon-bezique", "A=1000"], "give both"),
        (["whist", "NS=2"], "needs a side with two games"),
        (["whist", "NS=2", "NS=1", "EW=1"], "already over"),
        (["whist", "NS=5", "NS=1"], "1, 2 or 3"),
    ],
)
def test_values_that_cannot_be_computed_exit_2_with_a_message(
    args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["value", *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_value_refuses_negative_brisques_empty_brisques_and_huge_scores() -> None:
    from typer.testing import CliRunner

    from adjudicator.cli import app

    runner = CliRunner()
    negative = runner.invoke(
        app, ["value", "rubicon-bezique", "A=1830", "B=1260", "--brisques", "A=-1,B=33"]
    )
    assert negative.exit_code == 2 and "cannot be negative" in negative.stderr
    empty = runner.invoke(app, ["value", "rubicon-bezique", "A=1830", "B=1260", "--brisques", ""])
    assert empty.exit_code == 2 and "give both" in empty.stderr
    huge = runner.invoke(app, ["value", "rubicon-bezique", "A=" + "9" * 5000, "B=1260"])
    assert huge.exit_code == 2 and "at most 12 digits" in huge.stderr and len(huge.stderr) < 200
