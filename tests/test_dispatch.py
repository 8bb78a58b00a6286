"""One shape for every game (issue 18): outside a game's own package nothing chooses the game
by the class of its record, replay, deal summary or result; it asks ``games.registry``."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "adjudicator"

#: The classes that are one game's: its record, its replay (state and facts), its judgement's
#: deal summary, its claimed and corrected results.
GAME_CLASSES = {
    "WhistRecord",
    "BeziqueRecord",
    "RubiconRecord",
    "WhistState",
    "BeziqueState",
    "WhistReplay",
    "BeziqueReplay",
    "WhistDealSummary",
    "BeziqueDealSummary",
    "WhistClaimed",
    "WhistCorrected",
    "BeziqueClaimed",
    "BeziqueCorrected",
    "RubiconCorrected",
    "RubiconGameResult",
}

#: Being rewritten to read typed facts (issue 18, parts 1-2): their ``isinstance`` on a deal
#: summary goes with that work. Take a module off this list when it no longer dispatches.
PENDING: set[str] = set()


def _names(node: ast.expr) -> set[str]:
    """The class names in an ``isinstance`` target: ``A``, ``m.A``, ``(A, B)``, ``A | B``."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Tuple):
        return set().union(*(_names(e) for e in node.elts))
    if isinstance(node, ast.BinOp):
        return _names(node.left) | _names(node.right)
    return set()


def dispatches(source: str) -> list[str]:
    """Each place in ``source`` that chooses by a game's class: ``isinstance``/``issubclass``,
    a ``match`` class pattern, ``type(x) is C`` (or ``==``, ``in``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        names: set[str] = set()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                names = _names(node.args[1])
        elif isinstance(node, ast.MatchClass):
            names = _names(node.cls)
        elif isinstance(node, ast.Compare) and any(
            isinstance(side, ast.Call)
            and isinstance(side.func, ast.Name)
            and side.func.id == "type"
            for side in (node.left, *node.comparators)
        ):
            names = set().union(*(_names(c) for c in (node.left, *node.comparators)))
        line = getattr(node, "lineno", 0)
        found += [f"line {line}: {name}" for name in sorted(names & GAME_CLASSES)]
    return found


def _outside_the_games() -> list[Path]:
    """Every module but those of a game's own package (``games/NAME/``)."""
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if not (
            path.relative_to(PACKAGE).parts[0] == "games"
            and len(path.relative_to(PACKAGE).parts) > 2
        )
    ]


def test_no_module_outside_a_game_dispatches_on_a_game_class() -> None:
    wrong = []
    for path in _outside_the_games():
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in PENDING:
            continue
        wrong += [f"{relative} {where}" for where in dispatches(path.read_text("utf-8"))]
    assert wrong == []


def test_the_check_finds_each_form_of_dispatch() -> None:
    source = """
if isinstance(record, WhistRecord): pass
if isinstance(x, m.BeziqueReplay | RubiconRecord): pass
if type(deal) is WhistDealSummary: pass
match corrected:
    case RubiconCorrected(): pass
if isinstance(event, WhistPlay): pass
"""
    assert dispatches(source) == [
        "line 2: WhistRecord",
        "line 3: BeziqueReplay",
        "line 3: RubiconRecord",
        "line 4: WhistDealSummary",
        "line 6: RubiconCorrected",
    ]


def test_each_module_pending_its_rewrite_still_dispatches() -> None:
    """So that the list only shrinks: a module that no longer dispatches is taken off it."""
    done = [p for p in sorted(PENDING) if not dispatches((PACKAGE / p).read_text("utf-8"))]
    assert done == [], f"take {done} off PENDING: they no longer choose by a game's class"
