"""docs/api.md's Python examples run, and print what the page says they print."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

PAGE = (ROOT / "docs" / "api.md").read_text("utf-8")


def _examples() -> list[str]:
    return [b for b in re.findall(r"```python\n(.*?)```", PAGE, re.S) if "from adjudicator" in b]


def _printed() -> list[str]:
    """The lines the page shows the card-room example printing ("..." ends a line cut)."""
    block = re.search(r"It prints, among the rest:\n\n```text\n(.*?)```", PAGE, re.S)
    assert block is not None
    return block.group(1).splitlines()


def test_the_page_has_its_examples() -> None:
    assert len(_examples()) == 2


def test_the_archive_example_runs(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)
    exec(compile(_examples()[0], "docs/api.md", "exec"), {"__name__": "api"})
    assert capsys.readouterr().out  # the folder has records with violations


def test_the_card_room_example_prints_what_the_page_says(
    monkeypatch: pytest.MonkeyPatch,
    capsys,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(_examples()[1], "docs/api.md", "exec"), {"__name__": "api"})
    out = capsys.readouterr().out.splitlines()
    for line in _printed():
        if line.endswith("..."):
            assert any(o.startswith(line.removesuffix("...")) for o in out), line
        else:
            assert line in out
    assert any("upheld" in o for o in out)  # the decision, read from the ruling
