"""Words the decision is made of: players by name, cards in words, the laws by number.

Kept apart from the sentence builder so that its tables read as sentences, not as code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from adjudicator import catalogue
from adjudicator.cards import Card

#: the code's own law numbers in a rule's source, by code (whist) or game (Rubicon)
_LAW_TAGS = {
    "english-1900": "ENG1900-",
    "english-1864": "ENG64-",
    "american-1893": "AWL-",
    "rubicon-bezique": "HGM-L ",
}
#: ordinary Bézique has no code of laws: the decision names the book and page instead
_BOOK_NAMES = {"F": "Foster", "HGM-B": "Hoffmann", "EW": "Enquire Within", "HGM-L": "Portland law"}
_RANKS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "knave",
    "10": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}


class Names:
    """Players by name with their seat in brackets: ``Walter Yeats (E)``; sides as pairs."""

    def __init__(self, players: dict[str, str]) -> None:
        self.players = players
        self._sides: dict[str, str] = {}  # a side's words, once: a decision names it often

    def seat(self, seat: str | None) -> str:
        if not seat:
            return "a player"
        name = self.players.get(seat)
        return f"{name} ({seat})" if name else seat

    def side(self, side: str) -> str:
        """``Ursula Venn and Agnes Bellamy (NS)``; a single seat (Bézique) is a player."""
        said = self._sides.get(side)
        if said is None:
            said = self._sides[side] = self._side(side)
        return said

    def _side(self, side: str) -> str:
        if len(side) == 1:
            return self.seat(side)
        names = [self.players.get(s) for s in side]
        if all(names):
            return f"{names[0]} and {names[1]} ({side})"
        return side

    def any(self, who: str | None) -> str:
        if who is None:
            return "a player"
        return self.side(who) if len(who) == 2 else self.seat(who)


def card(text: str) -> str:
    """``6S`` -> ``the six of spades``."""
    parsed = Card.parse(text)
    return f"the {_RANKS.get(parsed.rank, parsed.rank)} of {parsed.suit.noun}"


def cards_said(cards: Iterable[str]) -> str:
    """``the king of spades``, ``the king of spades and the queen of spades``, ``a, b and c``:
    cards said aloud, joined."""
    said = [card(c) for c in cards]
    return " and ".join(said) if len(said) < 3 else ", ".join(said[:-1]) + " and " + said[-1]


#: A choice of revoke penalty, short, as said in a list of choices and in the views
PENALTY_SHORT = {
    "tricks": "three tricks taken",
    "deduct": "three deducted",
    "add": "three added",
    "waive": "waived",
}


def penalty_words(penalty: str) -> str:
    """``add`` -> ``three added``: a revoke penalty in words."""
    return PENALTY_SHORT.get(penalty, penalty)


def suit_of(text: str) -> str:
    """``6S`` -> ``spade`` (as in "a spade lead")."""
    noun = Card.parse(text).suit.noun
    return noun[:-1] if noun.endswith("s") else noun


@cache
def law(rule_id: str, code: str) -> str:
    """The law numbers of the code in force for a rule: ``law 74``, ``laws 46, 50``; for
    ordinary Bézique (no code of laws) the book and page: ``Foster p.381``; "" if none.

    ``RULE@n+m`` cites only laws n and m of the rule's sources, for a sentence about one
    of the offences a rule covers (WHIST-PEN-4@39: a wrong penalty demanded, not the suit
    called by the wrong adversary of AWL-24)."""
    rule_id, _, only = rule_id.partition("@")
    try:
        source = catalogue.get(rule_id).source
    except KeyError:
        return ""
    items = [s.strip() for s in source.split(";") if s.strip()]
    tag = _LAW_TAGS.get(code)
    if tag:
        numbers = [i[len(tag) :] for i in items if i.startswith(tag)]
        numbers = [n for n in numbers if re.fullmatch(r"[0-9]+", n)]
        if only:
            numbers = [n for n in numbers if n in only.split("+")]
        if numbers:
            return ("law " if len(numbers) == 1 else "laws ") + ", ".join(numbers)
    for book in _BOOK_NAMES:  # in order of preference: Foster, Hoffmann, ... Portland last
        for item in items:
            tag, _, rest = item.partition(" ")
            if tag == book and rest:
                return f"{_BOOK_NAMES[book]} {rest}"
    return ""


def laws(rule_ids: list[str] | tuple[str, ...], code: str) -> str:
    """``(law 74)`` or ``(laws 74, 77)`` for several rules together; "" when none is known."""
    return _laws(tuple(rule_ids), code)


@cache
def _laws(rule_ids: tuple[str, ...], code: str) -> str:
    """``laws`` for one set of rules under one code: the same few sets recur in every ruling."""
    found: list[str] = []
    for rule_id in rule_ids:
        text = law(rule_id, code)
        for part in text.removeprefix("laws ").removeprefix("law ").split(", ") if text else ():
            if part and part not in found:
                found.append(part)
    if not found:
        return ""
    if all(re.fullmatch(r"[0-9]+", p) for p in found):  # in the code's order, as cited
        found.sort(key=int)
        return f" ({'law' if len(found) == 1 else 'laws'} {', '.join(found)})"
    portland = [p.removeprefix("Portland law ") for p in found if p.startswith("Portland law ")]
    books = [p for p in found if not p.startswith("Portland law ")]
    if len(portland) > 1:
        books.append("Portland laws " + ", ".join(portland))
    elif portland:
        books.append(f"Portland law {portland[0]}")
    return f" ({'; '.join(books)})"
