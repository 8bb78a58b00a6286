"""A forgiving command line (issue 19): rules found by ID in any case, by a law or by a word,
'did you mean' for a near miss, game names and seats in any case, and only the formats a
command writes; the command line uses only typer's and click's public API."""

from __future__ import annotations

import ast

import pytest
from typer.testing import CliRunner

from adjudicator.cli import EX_USAGE, app
from tests.conftest import ROOT

runner = CliRunner()


def ids(output: str) -> list[str]:
    return [
        line.split()[0]
        for line in output.splitlines()
        if line[:1].isupper() and "-" in line.split()[0]
    ]


@pytest.mark.parametrize("query", [["whist-revoke-9"], ["Whist-Revoke-9"], [" WHIST-REVOKE-9 "]])
def test_explain_takes_a_rule_id_in_any_case(query: list[str]) -> None:
    result = runner.invoke(app, ["explain", *query])
    assert result.exit_code == 0 and result.stdout.startswith("WHIST-REVOKE-9: ")


@pytest.mark.parametrize(
    "query",
    [
        ["ENG1900-74"],
        ["eng1900-74"],
        ["law", "74", "--code", "english-1900"],
        ["law 74", "--code", "ENGLISH-1900"],
    ],
)
def test_explain_a_law_lists_the_rules_that_cite_it(query: list[str]) -> None:
    result = runner.invoke(app, ["explain", *query])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Rules citing ENG1900-74:")
    assert ids(result.stdout) == ["WHIST-PLAY-3", "WHIST-REVOKE-1"]


def test_a_rubicon_law_is_found_as_the_book_cites_it() -> None:
    result = runner.invoke(app, ["explain", "law", "23", "--code", "rubicon-bezique"])
    assert result.exit_code == 0 and "RUB-LAW-23" in ids(result.stdout)
    assert not any(rule.startswith("WHIST") for rule in ids(result.stdout))


def test_explain_a_word_lists_the_rules_that_mention_it_titles_first() -> None:
    result = runner.invoke(app, ["explain", "revoke"])
    assert result.exit_code == 0 and result.stdout.startswith("Rules that mention 'revoke':")
    found = ids(result.stdout)
    assert found[0] == "WHIST-REVOKE-1" and "WHIST-REVOKE-9" in found and "WHIST-PLAY-3" in found


@pytest.mark.parametrize(
    ("query", "suggestion"),
    [("WHIST-REVOK-9", "Did you mean WHIST-REVOKE-9"), ("renonce", "Did you mean renounce?")],
)
def test_a_near_miss_is_answered_with_did_you_mean(query: str, suggestion: str) -> None:
    result = runner.invoke(app, ["explain", query])
    assert result.exit_code == EX_USAGE and "no rule" in result.stderr
    assert suggestion in result.stderr


def test_a_law_nobody_cites_is_said_so() -> None:
    result = runner.invoke(app, ["explain", "ENG1900-999"])
    assert (
        result.exit_code == EX_USAGE
        and "no rule in the catalogue cites ENG1900-999" in result.stderr
    )


def test_rules_can_search_within_a_game_named_in_any_case() -> None:
    result = runner.invoke(app, ["rules", "--search", "lead out of turn", "--game", "WHIST"])
    assert result.exit_code == 0 and ids(result.stdout)[0] == "WHIST-IRREG-1"
    assert all(rule.startswith("WHIST-") for rule in ids(result.stdout))
    missing = runner.invoke(app, ["rules", "--search", "revoak"])
    assert missing.exit_code == EX_USAGE and "Did you mean revoke" in missing.stderr


def test_game_names_and_seats_in_any_case() -> None:
    valued = runner.invoke(app, ["value", "Whist", "ns=2", "Ns@1"])
    assert valued.exit_code == 0 and valued.stdout.startswith("NS wins")
    simulated = runner.invoke(app, ["simulate", "RUBICON-BEZIQUE", "-n", "1"])
    assert simulated.exit_code == 0 and '"game":"rubicon-bezique"' in simulated.stdout


@pytest.mark.parametrize("fmt", ["html", "markdown", "jsonl", "findings"])
def test_value_accepts_only_the_formats_it_writes(fmt: str) -> None:
    result = runner.invoke(app, ["value", "whist", "NS=2", "NS=1", "--format", fmt])
    assert result.exit_code == EX_USAGE and "'text', 'json'" in result.stderr


def test_the_command_line_uses_only_public_api_of_typer_and_click() -> None:
    private = []
    for path in sorted((ROOT / "adjudicator" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            private += [
                f"{path.name}: {n}"
                for n in names
                if n.split(".")[0] in ("typer", "click")
                and any(p.startswith("_") for p in n.split("."))
            ]
    assert private == []
