"""The README's Python examples: they run, and they pass ``mypy --strict`` (the types they
need are exported from ``adjudicator``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text("utf-8")


def _examples() -> list[str]:
    """The Python blocks of the two sections about using the package from Python."""
    start = README.index("## Using it from Python")
    end = README.index("## Development")
    blocks = re.findall(r"```python\n(.*?)```", README[start:end], re.S)
    return [b for b in blocks if "from adjudicator import" in b]


def test_the_readme_has_both_examples() -> None:
    assert len(_examples()) == 2


def test_the_python_example_runs(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)
    exec(compile(_examples()[0], "README.md", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert "claimed a revoke against" in out and "Decision" in out


def test_the_package_and_the_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """One run of mypy over the whole package and the README's examples (about 8 s cold)."""
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")
    files = []
    for number, example in enumerate(_examples()):
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
