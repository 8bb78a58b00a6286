"""Shared test fixtures: the project's own snapshot extension, as users get it."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.findings import Finding, Severity, cite

pytest_plugins = ["adjudicator.testing"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"


def findings_from(ruling: Any, first: int, shift: int) -> list[tuple[str, str, int]]:
    """(rule, severity, event - shift) of the findings at ``first`` or later: a fragment's
    findings against the whole record's (issue 11)."""
    return [
        (f.rule, f.severity, f.event - shift)
        for f in ruling.findings
        if f.event is not None and f.event >= first
    ]


@cache
def ruling_of(path: Path) -> Any:
    """The ruling of a fixture, judged once in each test process: a dozen tests read the same
    one (its findings, result, snapshots, schema, views) and none of them changes it."""
    from adjudicator import adjudicate, load_record

    return adjudicate(load_record(path))


def bare_finding(
    rule: str,
    severity: Severity,
    message: str,
    *,
    event: int | None,
    deal: int | None = None,
    trick: int | None = None,
    seat: str | None = None,
    basis: Iterable[str] = (),
    legal: Iterable[str] | None = None,
) -> Finding:
    """A finding with words and no facts, as a test builds one by hand (the engine's
    ``make_finding`` wants its facts): what the decision says of a finding it knows only by
    its rule."""
    return Finding(
        rule=rule,
        severity=severity,
        event=event,
        deal=deal,
        trick=trick,
        seat=seat,
        message=message,
        citation=cite(rule),
        basis=list(basis),
        legal=None if legal is None else list(legal),
    )


#: Tests that run for seconds each (mypy over the package, the fuzz, processes and virtual
#: environments, a browser): started first, so that on two cores the suite does not end
#: waiting on one of them begun last (the suite must stay under two minutes).
_SLOW = (
    "tests/test_readme.py::test_the_package_and_the_examples_pass_mypy_strict",
    "tests/test_fuzz.py::",
    "tests/test_processes.py::",
    "tests/test_bench.py::",
    "tests/desk/test_browser.py::",
    "tests/test_browser.py::",
    "tests/ruling/test_invariants.py::",
)


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """The slow tests first, each group in its own order; the rest as collected."""
    items.sort(
        key=lambda item: next(
            (i for i, p in enumerate(_SLOW) if item.nodeid.startswith(p)), len(_SLOW)
        )
    )
