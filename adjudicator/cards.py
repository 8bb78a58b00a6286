"""Cards and packs, once for all games.

A ``Card`` is a small frozen value with a canonical text form (``10H``, ``QS``) that
round-trips through ``Card.parse``. Parsing is lenient (``T`` or ``10`` for ten, lower
case, the suit symbols); formatting is always canonical.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import ClassVar


class Suit(StrEnum):
    """The four suits, in the order S H D C used for sorting hands."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The plural noun a director would say: ``hearts``."""
        return self.name.lower()


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INPUT = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}

#: Ranks from high to low, as whist ranks them in play (WHIST-CARD-1).
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
_RANK_INPUT = {r: r for r in RANKS} | {"T": "10"}

#: JSON Schema pattern for a card as input accepts it (case-insensitive by listing both).
CARD_PATTERN = r"^\s*(?:[AaKkQqJjTt2-9]|10)\s*[SHDCshdc♠♥♦♣♤♡♢♧]\s*$"


#: The validation error type of a card field that is not a card (see ``record.load``).
CARD_ERROR = "card"


class Card:
    """One card, named by rank and suit (copies in a bezique pack are interchangeable).

    Cards are interned: ``Card("10", Suit.HEARTS) is Card.parse("th")``, so equality and
    hashing are by identity, at C speed (a replay hashes cards millions of times).
    """

    __slots__ = ("_text", "rank", "suit")
    _pool: ClassVar[dict[tuple[str, Suit], Card]] = {}
    rank: str
    suit: Suit
    _text: str  # the canonical text (``value``, ``str``)

    def __new__(cls, rank: str, suit: Suit | str | None = None) -> Card:
        """``Card("Q", "S")``, or one text as ``Card.parse`` reads it: ``Card("qs")``.

        (The one-text form is also how pydantic-core's enum validator asks for a card
        whose text is not canonical, in the versions that call the class.)"""
        if suit is None:
            if not isinstance(rank, str):
                raise ValueError(f"{rank!r} is not a card")
            return _parse(rank)
        suit = Suit(suit)
        key = (rank, suit)
        card = cls._pool.get(key)
        if card is None:
            if rank not in RANKS:
                raise ValueError(f"{rank!r} is not a rank")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "_text", rank + suit.value)
            cls._pool[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit.value))

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``10H``, ``TH``, ``th``, ``Q♠``; raise ``ValueError`` naming the text."""
        return _parse(text)

    @property
    def value(self) -> str:
        """The canonical text, as an enum member's value (for pydantic's enum validator)."""
        return self._text

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler: object) -> object:
        """As a model field: canonical text is looked up inside pydantic-core (no Python
        call per card); anything else goes to the lenient parser, written back canonical."""
        from pydantic_core import core_schema

        return core_schema.union_schema(
            [
                core_schema.enum_schema(cls, list(whist_pack()), sub_type="str", strict=False),
                core_schema.no_info_plain_validator_function(_coerce),
            ],
            mode="left_to_right",
            custom_error_type=CARD_ERROR,
            custom_error_message="is not a card",
            serialization=core_schema.plain_serializer_function_ser_schema(str),
        )

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    @property
    def pretty(self) -> str:
        """With the suit symbol, for the terminal: ``10♥``."""
        return self.rank + self.suit.symbol


def _coerce(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return _parse(value)
    raise ValueError(f"{value!r} is not a card")


@cache
def _parse(text: str) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card")
    cleaned = text.strip().upper().replace(" ", "")
    if len(cleaned) < 2 or cleaned[:-1] not in _RANK_INPUT or cleaned[-1] not in _SUIT_INPUT:
        raise ValueError(f'"{text}" is not a card')
    return Card(_RANK_INPUT[cleaned[:-1]], _SUIT_INPUT[cleaned[-1]])


def parse_card(text: str) -> Card:
    """Module-level alias of ``Card.parse`` (for validators)."""
    return _parse(text)


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as a space-separated canonical string."""
    return " ".join(str(c) for c in cards)


def whist_pack() -> tuple[Card, ...]:
    """The 52-card pack (WHIST-CARD-1)."""
    return tuple(Card(r, s) for s in Suit for r in RANKS)


#: Each card's canonical text, for building output rows (a dict look-up, not a call).
CARD_TEXT: dict[Card, str] = {card: card._text for card in whist_pack()}

#: Ranks of the piquet pack used for bezique: A 10 K Q J 9 8 7.
PIQUET_RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")


def piquet_pack(copies: int) -> dict[Card, int]:
    """A bezique pack as card → number of copies (2 for the ordinary game, 4 for Rubicon)."""
    return {Card(r, s): copies for s in Suit for r in PIQUET_RANKS}


def sort_hand(cards: list[Card] | tuple[Card, ...], ranks: tuple[str, ...] = RANKS) -> list[Card]:
    """Sort by suit (S H D C), then rank high to low, for display."""
    suit_order = list(Suit)
    return sorted(cards, key=lambda c: (suit_order.index(c.suit), ranks.index(c.rank)))
