"""Mutated notation files end in a record or in an InputError, never in another exception;
and whatever reads converts back to the same record."""

from __future__ import annotations

import random

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
