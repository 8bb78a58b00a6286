"""The Bézique replay's facts: the copies on the table, the declarations, tricks, marks and
deals as the replay learns them, and the constant tables its hot paths read.

Kept apart from ``state`` (the state machine) so that ``declarations`` and the judge read
these data classes without importing the replay that fills them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from adjudicator.cards import Card, Suit
from adjudicator.engine.tricks import LawfulPlays, PlayedCard
from adjudicator.findings import Finding
from adjudicator.games.bezique.tables import RANKS, Variant, is_brisque
from adjudicator.record.bezique import BeziqueClaim, BeziqueResult

SEATS = ("A", "B")

#: Rank order within a suit (BEZ-PLAY-3), lower wins: for the end-play must-win check.
_ORDER = {rank: position for position, rank in enumerate(RANKS)}
#: The 32 cards of one bézique pack (cards are interned: membership is by identity, in C).
_PACK = frozenset(Card(rank, suit) for suit in Suit for rank in RANKS)
#: The cards of the same suit that beat each card (the end-play's must-win check).
_HIGHER = {card: tuple(Card(r, card.suit) for r in RANKS[: _ORDER[card.rank]]) for card in _PACK}
#: ``_ORDER`` by card, for the fast paths' inline ``beats`` (every card in play is a pack card).
_RANK_ORDER = {card: _ORDER[card.rank] for card in _PACK}
_SUITS = tuple(Suit)  # (iterating the Enum class itself runs Python code)


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


_OTHER = {"A": "B", "B": "A"}  # ``other`` as a look-up, for the fast paths


class Phase(Enum):
    DEAL = "deal"
    STOCK = "stock play"
    END = "end-play"
    DONE = "deal over"


# The members as plain names: an Enum member look-up is a descriptor call, and the replay
# compares phases on every event.
_DEAL, _STOCK, _END, _DONE = Phase.DEAL, Phase.STOCK, Phase.END, Phase.DONE


@dataclass(slots=True, eq=False)
class TableCard:
    """One physical copy lying on a player's table, with its history by class.

    Copies are told apart by identity (each has its own ``uid``): ``in`` and ``remove`` on
    the table lists then run at C speed.
    """

    uid: int
    card: Card
    history: dict[str, list[int]] = field(default_factory=dict)  # class -> declaration events


@dataclass(slots=True)
class Declaration:
    """A ``declare`` event as judged: legal or not, scored now, carried, lost."""

    event: int
    seat: str
    name: str  # as recorded
    right_name: str  # royal or plain as the trumps make it
    cards: list[Card]
    uids: list[int]
    trick: int  # the trick whose winning gives the right to declare (0: before play)
    marked: int | None  # points marked with the declaration
    value: int  # what the combination is worth (0 when it is no scoring combination)
    legal: bool = True
    true: bool = True  # the cards form the combination
    status: str = "scored"  # scored | to-score | scored-later | lost
    scored_by: int | None = None  # the score event that scored a carried declaration
    scored_marked: int | None = None
    challenged_at: int | None = None
    lost_at: int | None = None
    rule: str | None = None  # the rule broken, if illegal
    undecided: bool = False  # lawful only if a fragment's unknown cards were laid
    carried: int | None = None  # a position's carried declaration: its index in the seat's list
    amended_at: int | None = None  # the amend event that made a false declaration lawful


@dataclass(slots=True, frozen=True)
class Call:
    """A card of a false declaration called by the adversary, in force (``amendments``)."""

    event: int
    by: str
    offender: str
    card: Card
    declaration: int  # the declare event


@dataclass(slots=True)
class Trick:
    number: int
    leader: str
    plays: list[PlayedCard] = field(default_factory=list)
    winner: str | None = None
    endplay: bool = False
    # A whole trick replayed lawful by a run (``lawful_trick``): the lead's seat and card,
    # the answer's, and the lead's event, while ``plays`` is still unset; None otherwise.
    lawful: tuple[Any, ...] | None = None


class LawfulTrick(LawfulPlays, Trick):
    """A ``Trick`` a run replayed, its ``plays`` made when first read (a class of its own,
    as whist's: ``engine.tricks.LawfulPlays``)."""

    __slots__ = ()


_new_trick = object.__new__


def lawful_trick(
    number: int, leader: str, winner: str, endplay: bool, cards: tuple[Any, ...]
) -> Trick:
    """A whole trick replayed lawful by a run, its ``plays`` left to be made when read
    (``LawfulPlays.__getattr__``): ``cards`` is the lead's seat and card, the answer's, and the
    lead's event. Built slot by slot: the dataclass's ``__init__`` would make ``plays``."""
    trick = _new_trick(LawfulTrick)
    trick.number = number
    trick.leader = leader
    trick.winner = winner
    trick.endplay = endplay
    trick.lawful = cards
    return trick


@dataclass
class Mark:
    event: int
    seat: str
    item: str  # declaration | seven | last-trick | brisques | penalty | exchange
    points: int
    ref: int | str | None = None  # the record's ref (an id is resolved to its index on load)
    void: bool = False  # the mark of an unlawful act (already a finding): taken down


@dataclass
class BeziqueDealFacts:
    """Everything the replay learned about one deal."""

    number: int
    event: int
    dealer: str
    hands: dict[str, list[Card]]
    turn_up: Card | None
    trump: Suit | None = None
    trump_fixed_at: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    declarations: list[Declaration] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    exchanges: list[tuple[int, str, bool]] = field(default_factory=list)  # event, seat, legal
    sevens: list[tuple[int, str, str]] = field(default_factory=list)  # event, seat, why
    claims: list[tuple[int, BeziqueClaim]] = field(default_factory=list)
    results: list[tuple[int, BeziqueResult]] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)  # cards of false declarations called
    endplay_error: tuple[int, str, int] | None = None  # trick, seat, event
    wrong_size: dict[str, str] = field(default_factory=dict)  # seat -> "over" | "short"
    missed_draw: set[str] = field(default_factory=set)
    # unlawful scores of carried declarations: (score event, seat, points, rule, declaration)
    illegal_scores: list[tuple[int, str, int, str, int]] = field(default_factory=list)
    # a declaration's score marked a second time: (score event, seat, points) (BEZ-SCORE-5)
    marked_again: list[tuple[int, str, int]] = field(default_factory=list)
    first_trick_events: dict[int, int] = field(default_factory=dict)  # trick -> first play event
    stock: list[Card] | None = None  # as the record gives it, top first (for the report)
    # a deal begun part-way (issue 11): the position stated, the declarations it shows
    # (negative events, keyed as ``by_event`` reads them) and an end-play play not decided
    position: object | None = None
    earlier: dict[int, Declaration] = field(default_factory=dict)
    undecided_endplay: bool = False
    undecided: bool = False  # a finding not made for want of a fact (``undetermined``)
    unfinished: bool = False  # begun at a position and not played out

    def by_event(self) -> dict[int, Declaration]:
        """Every declaration by its event, those the position shows included."""
        found = {d.event: d for d in self.declarations}
        if self.earlier:
            found.update(self.earlier)
        return found

    def brisques(self) -> dict[str, int]:
        """Brisques (aces and tens) taken in each seat's tricks."""
        taken = {"A": 0, "B": 0}
        for trick in self.tricks:
            if trick.winner:
                taken[trick.winner] += sum(is_brisque(p.card) for p in trick.plays)
        return taken

    def complete(self, variant: Variant) -> bool:
        return len([t for t in self.tricks if t.winner]) == variant.tricks


@dataclass
class BeziqueReplay:
    variant: Variant
    deals: list[BeziqueDealFacts]
    findings: list[Finding]
    early_results: list[tuple[int, BeziqueResult]]
    undetermined: list[dict[str, object]] = field(default_factory=list)
