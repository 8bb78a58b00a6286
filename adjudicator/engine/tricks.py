"""Trick-taking mechanics shared by the games: who wins a trick, and what may be played.

The winner rule is the same in whist (WHIST-PLAY-4) and bezique (BEZ end-play and stock
play): a trump beats any plain card; otherwise only a higher card of the suit led beats
the best so far. A card equal to the best so far (bezique's identical copies) does not
beat it, so the earlier card wins the tie.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.cards import Card, Suit


@dataclass(slots=True)
class PlayedCard:
    """A card on the table: who played it, and the record event that says so."""

    seat: str
    card: Card
    event: int


class LawfulPlays:
    """A trick whose ``plays`` may be left unset while its cards are kept compact in
    ``lawful``: (seat, card) for each card in the order played, then the lead's event. The
    games' fast paths replay nearly every trick whole and lawful, and on a clean record
    nothing but the summary reads its cards (from ``lawful``), so the ``PlayedCard`` list
    (a Python ``__init__`` a card) is made only when ``plays`` is first read. The game's
    trick class (a slots dataclass) declares both slots; a subclass of it with this base
    first adds the making, and only the fast paths make that subclass: a class with a
    ``__getattr__`` has every attribute read take the interpreter's slow path (some 300
    instructions more), which a trick played event by event should not pay."""

    __slots__ = ()

    if not TYPE_CHECKING:  # (mypy would read any attribute as valid)

        def __getattr__(self, name: str) -> Any:
            """Reached only for an attribute not set: ``plays`` of a lawful trick is made
            here; anything else (a slot not yet set, as when a copy is being built, or a
            hook that copy and pickle look for) is missing, as without this method."""
            if name != "plays":
                raise AttributeError(name)
            lawful = self.lawful  # (not set either: AttributeError, no recursion)
            if lawful is None:
                raise AttributeError(name)
            self.plays = plays = made_plays(lawful)
            self.lawful = None  # from now on ``plays`` is the trick (it may change)
            return plays


def made_plays(lawful: Sequence[Any]) -> list[PlayedCard]:
    """The ``PlayedCard`` list of a trick kept compact (``LawfulPlays``)."""
    first = lawful[-1]
    return [
        PlayedCard(lawful[at], lawful[at + 1], first + at // 2)
        for at in range(0, len(lawful) - 1, 2)
    ]


def led_suit(cards: Sequence[Card]) -> Suit | None:
    """The suit of the first card of the trick, or None before the lead."""
    return cards[0].suit if cards else None


def beats(card: Card, best: Card, trump: Suit | None, ranks: Sequence[str]) -> bool:
    """Whether ``card`` played later beats ``best``, the winning card so far."""
    if card.suit == best.suit:
        return ranks.index(card.rank) < ranks.index(best.rank)
    return trump is not None and card.suit == trump


def trick_winner(cards: Sequence[Card], trump: Suit | None, ranks: Sequence[str]) -> int:
    """Index (in play order) of the card that wins the trick."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump, ranks):
            best = index
    return best


def cards_of_suit(hand: Iterable[Card], suit: Suit | None) -> list[Card]:
    return [c for c in hand if c.suit == suit]


def legal_follows(hand: Iterable[Card], led: Suit | None) -> list[Card]:
    """Cards a player may play when bound to follow suit: the suit led if held, else any."""
    held = list(hand)
    same = cards_of_suit(held, led)
    return same if same else held


def winning_cards(
    hand: Iterable[Card], cards: Sequence[Card], trump: Suit | None, ranks: Sequence[str]
) -> list[Card]:
    """Cards of the hand that would win the trick as it stands (for must-win rules)."""
    if not cards:
        return list(hand)
    best = cards[trick_winner(cards, trump, ranks)]
    return [c for c in hand if beats(c, best, trump, ranks)]
