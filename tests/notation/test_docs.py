"""docs/notation.md: every example in it reads, and the complete ones are the files they name."""

from __future__ import annotations

import re

from adjudicator.notation import read_notation
from tests.conftest import ROOT

DOC = (ROOT / "docs" / "notation.md").read_text("utf-8")
BLOCKS = re.findall(r"```hrn\n(.*?)```", DOC, flags=re.S)


def test_every_complete_example_of_the_notation_docs_reads() -> None:
    complete = [block for block in BLOCKS if block.startswith("%HRN")]
    assert len(complete) == 4
    for block in complete:
        read_notation(block)


def test_the_hands_example_gives_four_hands_of_thirteen_distinct_cards() -> None:
    (block,) = [block for block in BLOCKS if block.startswith("deal dealer=W")]
    hands = read_notation("%HRN 1\ngame whist\n" + block).data["events"][0]["hands"]
    cards = [card for hand in hands.values() for card in hand]
    assert [len(hand) for hand in hands.values()] == [13] * 4 and len(set(cards)) == 52


def test_the_complete_examples_are_the_example_files() -> None:
    for name in (
        "fixtures/whist/revoke-penalty-tricks.hrn",
        "docs/examples/bezique-false-declaration.hrn",
        "docs/examples/rubicon-law50-challenged.hrn",
        "fixtures/rubicon-bezique/declaration-dispute-fragment.hrn",
    ):
        assert (ROOT / name).read_text("utf-8") in BLOCKS
