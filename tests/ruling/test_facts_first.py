"""Issue 18, facts first: every finding carries typed facts and its message is their words;
the decision is written from facts, never from a finding's message; event numbers and rule
IDs stay beside the director's sentences, out of their words."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, ruling_of

RULING = ROOT / "adjudicator" / "ruling"
_PATHS = sorted(p for p in FIXTURES.glob("*/*.json"))
_RULE_ID = re.compile(r"\b(?:WHIST|BEZ|RUB)-[A-Z]+-\d+\b")

#: modules of the ruling that may use regular expressions, and over what (never a message)
_REGEX_ALLOWED = {
    "words.py": "law numbers as the catalogue gives them",
    "sentences.py": "a combination's name (COUNTED), record data",
}


def _message_reads(tree: ast.AST) -> list[int]:
    """Lines reading an attribute ``message`` that is not a method call (``f.message``, not
    ``f.facts.message()``)."""
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and n.attr == "message" and id(n) not in called
    ]


@pytest.mark.parametrize("path", sorted(RULING.glob("*.py")), ids=lambda p: p.name)
def test_the_decision_never_reads_a_findings_message(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    assert _message_reads(tree) == [], f"{path.name} reads a finding's message"
    imports_re = any(
        isinstance(n, ast.Import) and any(a.name == "re" for a in n.names) for n in ast.walk(tree)
    )
    assert not imports_re or path.name in _REGEX_ALLOWED, f"{path.name} uses regular expressions"


def test_the_message_check_finds_a_message_read() -> None:
    """The check above can fail: a read of ``f.message`` is found, a call of the facts'
    ``message()`` is not."""
    assert _message_reads(ast.parse("x = f.message\ny = f.facts.message()\n")) == [1]


@pytest.mark.parametrize("path", _PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_finding_has_facts_and_its_message_is_their_words(path: Path) -> None:
    for f in ruling_of(path).findings:
        assert f.facts is not None, (f.rule, f.event)
        assert f.message == f.facts.message(), (f.rule, f.event)


@pytest.mark.parametrize("path", _PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_event_numbers_and_rule_ids_stay_beside_the_sentences(path: Path) -> None:
    ruling = ruling_of(path)
    events = len(json.loads(path.read_text("utf-8-sig"))["events"])
    for s in ruling.decision:
        assert "[event" not in s.text and "(event " not in s.text, s.text
        assert not _RULE_ID.search(s.text), s.text
        assert len(set(s.events)) == len(s.events), s.text
        assert all(0 <= e < events for e in s.events), s.text
