"""The README and the docs it sends readers to: every command of the README runs (in a
scratch folder), every block of output it shows is what the command gives, its Python runs;
the Python examples of docs/python-api.md run and pass ``mypy --strict`` (the types they need
are exported from ``adjudicator``); the first disputes of docs/ give the rulings they show."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.desk import judge
from adjudicator.notation import canonical_record, read_any
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text("utf-8")
DOCS = ROOT / "docs"
API = (DOCS / "python-api.md").read_text("utf-8")
runner = CliRunner()


def blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def commands(text: str) -> list[str]:
    """The command lines of the sh blocks, without their comments."""
    found = []
    for block in blocks(text, "sh"):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line:
                found.append(line)
    return found


def _examples() -> list[str]:
    """The Python blocks of docs/python-api.md that use the package."""
    return [b for b in blocks(API, "python") if "from adjudicator import" in b]


def squeeze(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder to run the README's commands in: the repository's fixtures and docs are
    there (linked), and whatever a command writes stays there."""
    for name in ("fixtures", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(line: str) -> str:
    """One command line of the docs, run as the reader would (``|`` and ``> FILE`` too);
    its output."""
    words = shlex.split(line)
    if ">" in words:
        at = words.index(">")
        output = run(shlex.join(words[:at]))
        Path(words[at + 1]).write_text(output, "utf-8")
        return output
    if "|" in words:
        at = words.index("|")
        return run_one(words[at + 1 :], stdin=run(shlex.join(words[:at])))
    return run_one(words)


def run_one(words: list[str], stdin: str | None = None) -> str:
    line = shlex.join(words)
    if words[:4] == ["python3", "-m", "pip", "install"]:
        assert words[-1] == "-e" or words[-1].startswith(".[")
        assert "test = [" in (ROOT / "pyproject.toml").read_text("utf-8")
        return ""
    if words[:3] == ["python3", "-m", "pytest"]:
        return ""  # this is it
    assert words[0] == "adjudicator", line
    if words[1] == "desk":  # a server: its options are checked, it is not started here
        shown = runner.invoke(app, ["desk", "--help"])
        assert shown.exit_code == 0
        assert all(w in shown.stdout for w in words[2:] if w.startswith("--"))
        return ""
    result = runner.invoke(app, words[1:], input=stdin)
    assert result.exit_code in (0, 1), f"{line}: {result.exit_code} {result.stderr[-500:]}"
    return result.stdout


def test_the_readme_front_page_is_short_and_sends_each_reader_to_a_part() -> None:
    assert len(README.splitlines()) <= 150
    for part in ("## For club directors", "## For archive keepers", "## For developers"):
        assert part in README


def test_every_file_the_readme_and_its_docs_link_to_exists() -> None:
    for path in (ROOT / "README.md", *DOCS.glob("*.md")):
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", path.read_text("utf-8")):
            if "://" not in target:
                assert (path.parent / target).exists(), f"{path.name} links to {target}"


def test_every_command_of_the_readme_runs_and_shows_what_it_says(scratch: Path) -> None:
    """Each sh block runs; a text block after it is found in the output of its first line."""
    pieces = re.split(r"```(sh|text)\n(.*?)```", README, flags=re.S)
    last_output = None
    ran = 0
    for kind, body in zip(pieces[1::3], pieces[2::3], strict=True):
        if kind == "sh":
            outputs = [run(line) for line in commands(f"```sh\n{body}```")]
            ran += len(outputs)
            last_output = outputs[0]
        else:
            assert last_output is not None
            assert squeeze(body) in squeeze(last_output)
    assert ran >= 10
    assert (scratch / "ruling.html").read_text("utf-8").startswith("<!DOCTYPE html>")
    assert (scratch / "rulings.jsonl").stat().st_size and (scratch / "summary.json").exists()


def test_the_readmes_notation_is_part_of_the_record_it_names() -> None:
    (excerpt,) = blocks(README, "hrn")
    whole = (ROOT / "fixtures" / "whist" / "revoke-penalty-tricks.hrn").read_text("utf-8")
    lines = whole.splitlines()
    shown = [line for line in excerpt.splitlines() if line != "..."]
    assert shown and all(line in lines for line in shown)
    assert [lines.index(line) for line in shown] == sorted(lines.index(line) for line in shown)


def test_the_readmes_python_runs(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)
    (example,) = blocks(README, "python")
    exec(compile(example, "README.md", "exec"), {"__name__": "readme"})
    assert "claimed a revoke against" in capsys.readouterr().out


@pytest.mark.parametrize("doc", ["desk.md", "first-dispute-whist.md", "first-dispute-rubicon.md"])
def test_the_commands_of_the_directors_docs_run(doc: str, scratch: Path) -> None:
    for line in commands((DOCS / doc).read_text("utf-8")):
        run(line)


def decision_of(raw: bytes) -> str:
    answer = judge.check(raw)
    assert answer["status"] == "ruled", answer.get("text")
    return squeeze(
        " ".join(
            f"{n}. {s['text']} [{', '.join(s['rules'])}]"
            for n, s in enumerate(answer["decision"], start=1)
        )
    )


def test_the_first_whist_dispute_gives_the_ruling_it_shows() -> None:
    doc = (DOCS / "first-dispute-whist.md").read_text("utf-8")
    typed = "".join(blocks(doc, "hrn"))
    whole = (DOCS / "examples" / "first-dispute-whist.hrn").read_bytes()
    ours, _ = read_any(typed.encode(), "typed.hrn")
    theirs, _ = read_any(whole, "whole.hrn")
    assert canonical_record(ours) == canonical_record(theirs)
    slip, shown = blocks(doc, "text")
    assert squeeze(shown) in decision_of(typed.encode())
    line, column = (int(n) for n in re.findall(r"line (\d+), column (\d+)", slip)[0])
    lines = typed.splitlines()
    assert lines[line - 1][column - 1 : column + 1] == "6S"
    lines[line - 1] = lines[line - 1].replace("6S", "6X")
    problem = judge.check("\n".join(lines).encode())["problems"][0]
    assert (
        f"line {problem['line']}, column {problem['column']}: {problem['message']}" == slip.strip()
    )


def test_the_first_rubicon_dispute_gives_the_rulings_it_shows() -> None:
    doc = (DOCS / "first-dispute-rubicon.md").read_text("utf-8")
    *typed_blocks, seen = blocks(doc, "hrn")
    typed = "".join(typed_blocks)
    fixture = ROOT / "fixtures" / "rubicon-bezique" / "declaration-dispute-fragment.hrn"
    ours, _ = read_any(typed.encode(), "typed.hrn")
    theirs, _ = read_any(fixture.read_bytes(), fixture.name)
    assert ours["events"] == theirs["events"] and ours["players"] == theirs["players"]
    undecided, upheld = blocks(doc, "text")
    assert squeeze(undecided) in decision_of(typed.encode())
    declared = next(line for line in typed.splitlines() if line.startswith("declare"))
    assert squeeze(upheld) in decision_of(typed.replace(declared, seen.strip()).encode())


def test_the_api_docs_have_both_examples() -> None:
    assert len(_examples()) == 2


def test_the_python_example_runs(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)
    exec(compile(_examples()[0], "docs/python-api.md", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert "claimed a revoke against" in out and "Decision" in out


def test_the_package_and_the_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """One run of mypy over the whole package, the examples of docs/python-api.md and the
    README's (about 8 s cold)."""
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")
    files = []
    for number, example in enumerate([*_examples(), *blocks(README, "python")]):
        path = tmp_path / f"example_{number}.py"
        path.write_text(example, "utf-8")
        files.append(str(path))
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
            str(ROOT / "adjudicator"),
            *files,
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
