"""How a fact's words name things, so that one wording serves both the finding's message and
the director's sentence.

The message names seats by letter, cards in their canonical text and the events in
parentheses ("N called 5C from W (event 19)"); the director names the players, says the cards
in words and keeps the events beside the sentence (issue 18). A fact that words itself
through a ``Voice`` is written once and said either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


def _same(text: str) -> str:
    return text


def _joined(cards: Sequence[str]) -> str:
    return " ".join(cards)


def _in_parentheses(event: int) -> str:
    return f" (event {event})"


@dataclass
class Voice:
    """The namers a fact's words go through; ``heard`` collects the events they named."""

    seat: Callable[[str], str] = _same  # a seat ("N") or a side ("NS")
    cards: Callable[[Sequence[str]], str] = _joined  # one card or several, canonical text
    at: Callable[[int], str] = _in_parentheses  # an event, as said where it is named
    heard: list[int] = field(default_factory=list)

    def event(self, index: int) -> str:
        """An event named in the words: noted, then said as this voice says events."""
        self.heard.append(index)
        return self.at(index)

    def card(self, card: str) -> str:
        return self.cards([card])


#: a suit's letter -> its noun in the singular ("a spade")
SUIT_NOUN = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
PARTNER = {"N": "S", "E": "W", "S": "N", "W": "E"}
#: the seat on a seat's right (who plays before him)
RIGHT = {"N": "W", "E": "N", "S": "E", "W": "S"}
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
