"""Mutated notation files end in a record or in an InputError, never in another exception;
and whatever reads converts back to the same record."""

from __future__ import annotations

import random

import pytest

from adjudicator.batch import Item, Settings, judge_item
from adjudicator.errors import InputError
from adjudicator.notation import canonical_record, read_notation, write_notation
from tests.conftest import FIXTURES, ROOT

SOURCES = [
    (FIXTURES / "whist" / "revoke-penalty-tricks.hrn").read_text("utf-8"),
    (ROOT / "docs" / "examples" / "bezique-false-declaration.hrn").read_text("utf-8"),
    (ROOT / "docs" / "examples" / "rubicon-law50-challenged.hrn").read_text("utf-8"),
]
#: Fragments a typing slip or a confused writer might put anywhere.
PIECES = [
    "=",
    '"',
    "[",
    "{",
    "@",
    "#",
    "/",
    ":",
    ".",
    "-",
    "\n",
    " ",
    "T",
    "10",
    "99",
    "♠",
    "deal",
    "A",
    "N",
    "%HRN 1",
    "hands=5",
    "stock=3",
    'hands={"N":5}',
    "ref=#",
    "ref=@x",
    "to score",
    "no-draw",
    "games=x:y",
    "start",
    "score={}",
    "from=[1]",
    "cards=[1]",
    "id=3",
    "stock",
    "draw A",
    "exchange A",
    "rules trump_by_marriage=true",
    # the hostile shapes of issue 20: nesting, long numbers, keys twice, a score twice
    "meta x=" + "[" * 40 + "]" * 40,
    "x=" + "[" * 1100 + "]" * 1100,
    "x=" + "9" * 40,
    "x=" + "9" * 5000,
    " NS=" + "9" * 5000,
    'hands={"N":[],"N":[]}',
    "score=5",
    "games=EW:" + "9" * 30,
    "x=[NaN]",
    "\u202e",
]


def mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text))
        choice = rng.random()
        if choice < 0.4:
            text = text[:at] + rng.choice(PIECES) + text[at:]
        elif choice < 0.7:
            text = text[:at] + text[at + rng.randint(1, 5) :]
        else:
            lines = text.split("\n")
            lines.insert(rng.randrange(len(lines)), rng.choice(lines))
            text = "\n".join(lines)
    return text


def test_mutated_notation_is_read_or_refused_with_an_input_error() -> None:
    rng = random.Random(10)
    for _ in range(400):
        text = mutate(rng, rng.choice(SOURCES))
        try:
            canonical = canonical_record(read_notation(text).data)
        except InputError as error:
            assert error.problems and all(p.message for p in error.problems)
            continue
        assert read_notation(write_notation(canonical)).data == canonical


@pytest.mark.parametrize("part", range(4))  # (four parts: the slowest no longer ends the run)
def test_mutated_notation_is_judged_or_refused_end_to_end_never_an_internal_error(
    part: int,
) -> None:
    """Issue 20: the notation joins the fuzz test of the JSON records. Each mutant goes the
    whole way a file goes (read, validated, judged, rendered), and ends in a ruling or in
    problems with their lines, never in an internal error."""
    rng = random.Random(2000 + part)
    statuses: dict[str, int] = {}
    for number in range(650):
        text = mutate(rng, rng.choice(SOURCES))
        outcome = judge_item(
            Item(f"m{number}.hrn", text.encode("utf-8", "surrogatepass")), Settings()
        )
        assert "internal error" not in outcome.error, (number, text[:3000])
        statuses[outcome.status] = statuses.get(outcome.status, 0) + 1
    assert statuses.get("unjudgeable", 0) > 0 and len(statuses) > 1
