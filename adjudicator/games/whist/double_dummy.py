"""The tricks a side is sure of with every card shown: an exact double-dummy search.

Why: a claim or concession of the tricks not played is judged against the cards (WHIST-IRREG-6,
WHIST-REVOKE-16). Both sides play their best knowing every card; the value is what the side
can force. The search is exact or it gives no answer: it is memoised at each trick's start,
treats touching cards of one hand (no live card between them) as one, and stops at a bound
of positions searched, returning None ("cannot be decided within the bound"), never a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.cards import RANKS, Card, Suit
from adjudicator.seats import WHIST_SEATS, Side

#: positions searched before giving up: small enough to stay well under a second
NODE_BOUND = 40_000
#: the most tricks not played that the search is tried on
MAX_TRICKS = 6

_STRENGTH = {rank: len(RANKS) - i for i, rank in enumerate(RANKS)}  # ace 13 .. two 1
Hands = tuple[frozenset[Card], ...]  # by seat index, N E S W
Plays = tuple[tuple[int, Card], ...]


class _OutOfBound(Exception):
    """The bound was reached: the value is not known."""


class _Search:
    def __init__(self, trump: Suit, bound: int) -> None:
        self.trump = trump
        self.bound = bound
        self.nodes = 0
        self.memo: dict[tuple[Hands, int], tuple[int, int]] = {}

    def from_trick_start(self, hands: Hands, leader: int, alpha: int, beta: int) -> int:
        """Tricks North-South take from here with best play by both sides (alpha-beta, fail
        soft: a value at or below ``alpha`` is an upper bound, at or above ``beta`` a lower
        bound). Each position's bounds are kept, so a transposition is searched once."""
        if not hands[leader]:
            return 0
        key = (hands, leader)
        low, high = self.memo.get(key, (0, len(hands[leader])))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        value = self.in_trick(hands, leader, (), alpha, beta)
        if value <= alpha:
            high = value
        elif value >= beta:
            low = value
        else:
            low = high = value
        self.memo[key] = (low, high)
        return value

    def in_trick(self, hands: Hands, leader: int, plays: Plays, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.bound:
            raise _OutOfBound
        if len(plays) == 4:
            winner = self._winner(plays)
            won = int(winner % 2 == 0)
            return won + self.from_trick_start(hands, winner, alpha - won, beta - won)
        seat = (leader + len(plays)) % 4
        north_south = seat % 2 == 0
        best = -1 if north_south else 99
        for card in self._choices(hands, seat, plays):
            after = tuple(h - {card} if i == seat else h for i, h in enumerate(hands))
            value = self.in_trick(after, leader, (*plays, (seat, card)), alpha, beta)
            if north_south:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _choices(self, hands: Hands, seat: int, plays: Plays) -> list[Card]:
        """The seat's lawful cards, one of each run of touching cards (WHIST-PLAY-3)."""
        hand = hands[seat]
        if plays:
            led = plays[0][1].suit
            follow = [c for c in hand if c.suit is led]
            cards = follow or list(hand)
        else:
            cards = list(hand)
        live = {c for h in hands for c in h} | {c for _, c in plays}
        chosen: list[Card] = []
        for card in sorted(cards, key=lambda c: (c.suit.value, -_STRENGTH[c.rank])):
            if chosen and chosen[-1].suit is card.suit and _touching(chosen[-1], card, live):
                continue
            chosen.append(card)
        return chosen

    def _winner(self, plays: Plays) -> int:
        led = plays[0][1].suit

        def standing(play: tuple[int, Card]) -> tuple[int, int]:
            card = play[1]
            kind = 2 if card.suit is self.trump else 1 if card.suit is led else 0
            return kind, _STRENGTH[card.rank]

        return max(plays, key=standing)[0]


def _touching(higher: Card, lower: Card, live: set[Card]) -> bool:
    """No live card of the suit lies between the two: they win and lose the same tricks."""
    top, bottom = _STRENGTH[higher.rank], _STRENGTH[lower.rank]
    return not any(c.suit is higher.suit and bottom < _STRENGTH[c.rank] < top for c in live)


def sure_tricks(
    hands: dict[str, set[Card]],
    plays: Sequence[tuple[str, Card]],
    leader: str,
    trump: Suit,
    side: Side,
    bound: int = NODE_BOUND,
) -> int | None:
    """The tricks not yet played (the one on the table among them) that ``side`` takes with
    best play by both sides and every card shown; None when the search would pass ``bound``
    positions or more than ``MAX_TRICKS`` tricks remain."""
    index: dict[str, int] = {seat: i for i, seat in enumerate(WHIST_SEATS)}
    state = tuple(frozenset(hands[seat]) for seat in WHIST_SEATS)
    on_table = tuple((index[seat], card) for seat, card in plays)
    if _tricks_left(state, on_table) > MAX_TRICKS:
        return None
    search = _Search(trump, bound)
    total = _tricks_left(state, on_table)
    try:
        north_south = search.in_trick(state, index[leader], on_table, -1, total + 1)
    except _OutOfBound:
        return None
    return north_south if side == "NS" else total - north_south


def _tricks_left(hands: Hands, plays: Plays) -> int:
    """The tricks not yet complete: the trick on the table, if begun, and the rest."""
    if not plays:
        return max(len(h) for h in hands)
    return 1 + len(hands[plays[0][0]])  # the leader has played his card to it
