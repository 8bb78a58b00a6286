"""Bézique rule data as tables: combinations (BEZ-COMBO-0), variants, and what forms what.

One row per combination, each with its class, its value in each game and its rule. The
ordinary game and Rubicon differ only in the data of ``VARIANTS``; the replay is shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.cards import PIQUET_RANKS, Card, Suit
from adjudicator.facts.base import said_name

BEZIQUE_CARDS = (Card("Q", Suit.SPADES), Card("J", Suit.DIAMONDS))  # BEZ-COMBO-11
COURT = frozenset({"K", "Q", "J"})  # BEZ-CARDS-3
BRISQUE_RANKS = frozenset({"A", "10"})  # BEZ-CARDS-4


@dataclass(frozen=True)
class Combo:
    cls: str  # "A" marriages and sequences, "B" béziques, "C" fours, "" none
    rank: int  # order within the class: a lower may not follow a higher (BEZ-COMBO-4)
    ordinary: int | None  # value in the ordinary game; None: not a scoring combination there
    rubicon: int | None
    rule: str


#: BEZ-COMBO-0, row for row (the royal forms are the trump forms of the same combination)
COMBINATIONS: dict[str, Combo] = {
    "marriage":          Combo("A", 1, 20, 20, "BEZ-COMBO-0"),
    "royal-marriage":    Combo("A", 1, 40, 40, "BEZ-COMBO-0"),
    "sequence":          Combo("A", 2, None, 150, "BEZ-COMBO-0"),
    "royal-sequence":    Combo("A", 2, 250, 250, "BEZ-COMBO-0"),
    "bezique":           Combo("B", 1, 40, 40, "BEZ-COMBO-0"),
    "double-bezique":    Combo("B", 2, 500, 500, "BEZ-COMBO-0"),
    "triple-bezique":    Combo("B", 3, None, 1500, "BEZ-COMBO-0"),
    "quadruple-bezique": Combo("B", 4, None, 4500, "BEZ-COMBO-0"),
    "four-aces":         Combo("C", 1, 100, 100, "BEZ-COMBO-0"),
    "four-kings":        Combo("C", 1, 80, 80, "BEZ-COMBO-0"),
    "four-queens":       Combo("C", 1, 60, 60, "BEZ-COMBO-0"),
    "four-jacks":        Combo("C", 1, 40, 40, "BEZ-COMBO-0"),
    "carte-blanche":     Combo("", 0, None, 50, "RUB-CB-1"),
    "seven-of-trumps":   Combo("", 0, 10, None, "BEZ-SEVEN-3"),
}  # fmt: skip

FOURS = {"four-aces": "A", "four-kings": "K", "four-queens": "Q", "four-jacks": "J"}
BEZIQUES = {"bezique": 1, "double-bezique": 2, "triple-bezique": 3, "quadruple-bezique": 4}
SEQUENCE_RANKS = ("A", "10", "K", "Q", "J")


@dataclass(frozen=True)
class Variant:
    """What distinguishes the ordinary game from Rubicon, as data."""

    game: str
    copies: int  # of each card (BEZ-CARDS-1)
    hand: int  # cards dealt to each (BEZ-DEAL-2, RUB-DEAL-1)
    last_trick: int  # BEZ-LAST-4
    turn_up: bool
    rubicon: bool

    @property
    def pack_size(self) -> int:
        return 32 * self.copies

    @property
    def stock_size(self) -> int:
        """Cards drawn in the deal: the face-down stock plus (ordinary) the turn-up."""
        return self.pack_size - 2 * self.hand

    @property
    def tricks(self) -> int:
        return self.pack_size // 2


VARIANTS = {
    "bezique": Variant("bezique", 2, 8, 10, True, False),
    "rubicon-bezique": Variant("rubicon-bezique", 4, 9, 50, False, True),
}


def value_of(name: str, variant: Variant) -> int | None:
    combo = COMBINATIONS[name]
    return combo.rubicon if variant.rubicon else combo.ordinary


_PLAIN = {"royal-marriage": "marriage", "royal-sequence": "sequence"}


def kind_of(name: str) -> str:
    """Marriage and royal marriage are one combination; trumps decide which it is."""
    return _PLAIN.get(name, name)


def forms(name: str, cards: Sequence[Card], trump: Suit | None, variant: Variant) -> str | None:
    """Why ``cards`` do not form ``name`` under this trump, or None when they do.

    Marriage and royal marriage (sequence and royal sequence) are judged as one
    combination here; which value it has is a matter of trumps (``right_name``).
    """
    kind = _PLAIN.get(name, name)
    if kind == "marriage":  # (two cards: no comprehension, this runs on every declaration)
        if (
            len(cards) != 2
            or cards[0].suit != cards[1].suit
            or {cards[0].rank, cards[1].rank} != {"K", "Q"}
        ):
            return "a marriage is the king and queen of one suit"
        return None
    if kind == "sequence":
        suits = {c.suit for c in cards}
        if (
            len(cards) != 5
            or len(suits) != 1
            or sorted(c.rank for c in cards) != sorted(SEQUENCE_RANKS)
        ):
            return "a sequence is the A 10 K Q J of one suit"
        suit = cards[0].suit
        if not variant.rubicon and suit != trump:
            return "in the ordinary game only the sequence in trumps scores"
        return None
    if kind in BEZIQUES:
        n = BEZIQUES[kind]
        if not variant.rubicon and n > 2:
            return f"{said_name(name)} is impossible with two packs"
        queen, knave = BEZIQUE_CARDS  # exactly n of each (cards are interned: count in C)
        if len(cards) != 2 * n or cards.count(queen) != n or cards.count(knave) != n:
            return f"{said_name(name)} is {n} queen{'s' if n > 1 else ''} of spades and {n} jack{'s' if n > 1 else ''} of diamonds"
        return None
    if kind in FOURS:
        rank = FOURS[kind]
        if len(cards) != 4 or any(c.rank != rank for c in cards):
            return f"{said_name(name)} are four cards of rank {rank}"
        return None
    if kind == "carte-blanche":
        if not variant.rubicon:
            return "carte blanche does not score in the ordinary game"
        if any(c.rank in COURT for c in cards):
            return "carte blanche is a hand without king, queen or knave"
        return None
    if kind == "seven-of-trumps":
        if variant.rubicon:
            return "the seven of trumps scores only in the ordinary game"
        if trump is None or list(cards) != [Card("7", trump)]:
            return "the seven of trumps is one card, the seven of the trump suit"
        return None
    return f"{name} is not a combination"  # pragma: no cover - the model's Literal forbids it


def right_name(name: str, cards: Sequence[Card], trump: Suit | None) -> str:
    """The royal or plain form that the trump suit gives a marriage or sequence."""
    kind = kind_of(name)
    if kind in ("marriage", "sequence"):
        royal = trump is not None and cards[0].suit == trump
        return ("royal-" + kind) if royal else kind
    return name


def is_brisque(card: Card) -> bool:
    return card.rank in BRISQUE_RANKS


RANKS = PIQUET_RANKS
