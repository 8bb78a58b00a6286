"""What the whist replay finds, as plain data: tricks, renounces, the deal's facts.

``state`` builds these event by event; ``judge`` and its parts read them once a deal is
complete. Kept apart from the state machine so both can import them one way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from adjudicator.cards import Card, Suit
from adjudicator.engine.tricks import LawfulPlays, PlayedCard
from adjudicator.findings import Finding
from adjudicator.record.whist import (
    WhistClaim,
    WhistHonours,
    WhistMisdeal,
    WhistPenalty,
    WhistResult,
    WhistScore,
)
from adjudicator.seats import WHIST_SEATS, Side, WhistSeat, side_of

E = TypeVar("E")
_SIDE: dict[str, Side] = {seat: side_of(seat) for seat in WHIST_SEATS}
# WHIST-HONOURS-1: the trump A K Q J, by trump suit
_HONOUR_CARDS = {suit: frozenset(Card(rank, suit) for rank in "AKQJ") for suit in Suit}


class Phase(Enum):
    DEAL = "deal"
    PLAY = "play"
    AFTER_PLAY = "after play"
    AFTER_CUT = "after cut"


@dataclass(slots=True)
class Trick:
    """One trick: the cards on the table, in the order played."""

    number: int
    leader: str  # the seat that should lead (the previous winner, or eldest hand)
    plays: list[PlayedCard] = field(default_factory=list)
    winner: str | None = None
    quitted: bool = False
    # seats that may take back a card without penalty; rarely any, so a shared empty default
    free_withdrawals: frozenset[str] = frozenset()
    # the event of a card led out of turn to this trick, while cards played to it may be taken
    # back (WHIST-IRREG-1); None for a lawful lead
    false_lead: int | None = None
    # A whole trick replayed lawful (``lawful_trick``): its seats and cards in the order
    # played and the event of its lead, while ``plays`` is still unset; None otherwise.
    lawful: tuple[Any, ...] | None = None

    def seats(self) -> set[str]:
        return {p.seat for p in self.plays}


class LawfulTrick(LawfulPlays, Trick):
    """A ``Trick`` replayed whole and lawful, its ``plays`` made when first read. A class of
    its own: the ``__getattr__`` that makes them keeps the interpreter from specialising
    attribute reads, so a trick played event by event (a referee's push) stays a plain
    ``Trick``, read at full speed."""

    __slots__ = ()


_new_trick = object.__new__
_NO_SEATS: frozenset[str] = frozenset()


def lawful_trick(number: int, leader: str, winner: str, cards: tuple[Any, ...]) -> Trick:
    """A complete trick replayed whole and lawful, not yet quitted, its ``plays`` left to be
    made when read (``LawfulPlays.__getattr__``): ``cards`` is (seat, card) four times in the order
    played, then the lead's event. Built slot by slot: the dataclass's ``__init__`` would make
    ``plays``."""
    trick = _new_trick(LawfulTrick)
    trick.number = number
    trick.leader = leader
    trick.winner = winner
    trick.quitted = False
    trick.free_withdrawals = _NO_SEATS
    trick.false_lead = None
    trick.lawful = cards
    return trick


@dataclass
class Renounce:
    """A failure to follow suit while holding the suit led (WHIST-REVOKE-1)."""

    seat: WhistSeat
    trick: int
    event: int
    card: Card
    led: Suit
    held: list[Card]
    established_at: int | None = None
    corrected_at: int | None = None

    @property
    def side(self) -> Side:
        return side_of(self.seat)

    @property
    def is_established(self) -> bool:
        return self.established_at is not None


@dataclass
class TimedEvent(Generic[E]):
    """An event of the deal, with its index and whether it came after the cut."""

    index: int
    event: E
    after_cut: bool = False
    after_first_mark: bool = False
    late_deal: bool = False  # made once the next deal had begun


@dataclass(frozen=True)
class RestClaimed:
    """The tricks not played, gone as a player claimed or conceded them (``claim-rest``)."""

    event: int
    seat: WhistSeat
    tricks: int  # of the tricks not played, those the claimer's side takes
    remaining: int  # the tricks not played (the one on the table among them)
    sure: int | None  # what the claimer's side is sure of with every card shown; None: unknown

    @property
    def side(self) -> Side:
        return side_of(self.seat)


@dataclass
class DealFacts:
    """Everything the record says about one deal, as the replay found it."""

    number: int
    event: int
    dealer: WhistSeat
    trump: Card
    hands: dict[str, list[Card]]
    tricks: list[Trick] = field(default_factory=list)
    renounces: list[Renounce] = field(default_factory=list)
    claims: list[TimedEvent[WhistClaim]] = field(default_factory=list)
    penalties: list[TimedEvent[WhistPenalty]] = field(default_factory=list)
    honours: list[TimedEvent[WhistHonours]] = field(default_factory=list)
    marks: list[TimedEvent[WhistScore]] = field(default_factory=list)
    results: list[TimedEvent[WhistResult]] = field(default_factory=list)
    cut_event: int | None = None
    end_event: int | None = None  # the event that completed trick 13
    position: object | None = None  # the position the deal begins at (issue 11), if any
    # a deal begun at a position: how many of each hand's cards no event shows; and, if the
    # record stops part-way, the renounces it cannot decide (``position.stop_part_way``)
    unknown: dict[str, int] = field(default_factory=dict)
    unfinished: bool = False
    open_renounces: list[Renounce] = field(default_factory=list)  # held the suit? unknown
    unsettled: list[Renounce] = field(default_factory=list)  # proven, not yet established
    void_at: int | None = None  # a misdeal found the pack imperfect during the play (DEAL-5)
    rest: RestClaimed | None = None  # the play ended on a claim or concession of the rest
    false_leads_answered: set[int] = field(default_factory=set)  # leads out of turn called on
    # exposed cards no longer callable, a wrong penalty having been demanded for them
    # (ENG1900-88, AWL-39): card -> the event of that demand
    forfeited: dict[Card, int] = field(default_factory=dict)
    # (seat, trick) for which a call of an exposed card was lost, demanded before the
    # owner's turn (ENG1900-59)
    calls_lost: set[tuple[str, int]] = field(default_factory=set)

    @property
    def trump_suit(self) -> Suit:
        return self.trump.suit

    def tricks_won(self) -> dict[Side, int]:
        won: dict[Side, int] = {"NS": 0, "EW": 0}
        for trick in self.tricks:
            if trick.winner is not None:
                won[_SIDE[trick.winner]] += 1
        if self.rest is not None:  # the tricks not played go as claimed (WHIST-REVOKE-16)
            claimer = self.rest.side
            won[claimer] += self.rest.tricks
            won["EW" if claimer == "NS" else "NS"] += self.rest.remaining - self.rest.tricks
        return won

    def honours_held(self, turn_up_counts: bool = True) -> dict[Side, int]:
        """Trump A K Q J held per side as dealt (WHIST-HONOURS-1, -2; AMB-23)."""
        held: dict[Side, int] = {"NS": 0, "EW": 0}
        honours = _HONOUR_CARDS[self.trump.suit]
        if not turn_up_counts:
            honours = honours - {self.trump}
        for seat, cards in self.hands.items():  # (each hand's 13 cards looked up in C)
            held[_SIDE[seat]] += len(honours.intersection(cards))
        return held


@dataclass
class MisdealFacts:
    """A misdeal as the replay found it: the event and the deal it came before (1-based)."""

    timed: TimedEvent[WhistMisdeal]
    before_deal: int
    voids_deal: int | None = None  # a deal whose pack was found imperfect during the play


@dataclass
class WhistReplay:
    """The result of replaying a record: the deals' facts and the play findings."""

    deals: list[DealFacts]
    findings: list[Finding]
    results_before_deal: list[TimedEvent[WhistResult]]
    misdeals: list[MisdealFacts] = field(default_factory=list)


@dataclass(frozen=True)
class Obligation:
    """A lawful call not yet answered: the suit to lead or the card to play."""

    index: int  # the call
    by: str
    seat: WhistSeat
    suit: Suit | None = None
    card: Card | None = None
    offence: Finding | None = None  # the lead out of turn a suit call answers


def claim_matches(claim: WhistClaim, renounce: Renounce, *, exactly: bool = True) -> bool:
    """Whether a revoke claim names this revoke (the adversaries', and as specified).
    ``exactly=False``: the trick and card it names left aside (``claimed_revokes``)."""
    return (
        renounce.side != claim.by
        and (claim.against is None or renounce.seat == claim.against)
        and (not exactly or claim.trick is None or renounce.trick == claim.trick)
        and (not exactly or claim.ref is None or renounce.event == claim.ref)
    )


def claimed_revokes(claim: WhistClaim, renounces: list[Renounce]) -> list[Renounce]:
    """The revokes among ``renounces`` that a claim reaches: those it names; or, if it names
    a trick or card where the player it accuses did not revoke, his (or his side's) revokes
    elsewhere in the deal, for the claimants may search all the tricks (WHIST-REVOKE-6,
    ENG64-75, ENG1900-79, AWL-32): the trick is a particular of the claim, not its substance."""
    named = [r for r in renounces if claim_matches(claim, r)]
    if named or (claim.trick is None and claim.ref is None):
        return named
    return [r for r in renounces if claim_matches(claim, r, exactly=False)]
