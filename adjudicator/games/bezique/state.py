"""The Bézique replay (ordinary and Rubicon): a state machine over the record's events.

Phases: ``DEAL`` (no deal yet) -> ``STOCK`` (tricks while the stock lasts; after each, the
winner may declare, then both draw) -> ``END`` (the last eight or nine tricks) -> ``DONE``.
Every copy of every card is tracked: a card on the table remembers the combinations it
was declared in, class by class, which the class rules need (``declarations``).
Irregularities at the table are findings; facts that cannot all be true (a card the pack
does not hold, a draw that is not the top of the given stock) raise ``InputError``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from adjudicator.cards import Card, Suit, format_cards
from adjudicator.engine.tricks import PlayedCard, beats, legal_follows, winning_cards
from adjudicator.errors import InputError, pointer_of
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.bezique import declarations
from adjudicator.games.bezique.tables import COURT, RANKS, Variant, is_brisque
from adjudicator.record.bezique import (
    BeziqueClaim,
    BeziqueDeal,
    BeziqueDeclare,
    BeziqueDraw,
    BeziqueEvent,
    BeziqueExchange,
    BeziquePlay,
    BeziqueResult,
    BeziqueScore,
)

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


@dataclass(slots=True)
class Trick:
    number: int
    leader: str
    plays: list[PlayedCard] = field(default_factory=list)
    winner: str | None = None
    endplay: bool = False


@dataclass
class Mark:
    event: int
    seat: str
    item: str  # declaration | seven | last-trick | brisques | penalty | exchange
    points: int
    ref: int | None = None
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
    endplay_error: tuple[int, str, int] | None = None  # trick, seat, event
    wrong_size: dict[str, str] = field(default_factory=dict)  # seat -> "over" | "short"
    missed_draw: set[str] = field(default_factory=set)
    # unlawful scores of carried declarations: (score event, seat, points, rule, declaration)
    illegal_scores: list[tuple[int, str, int, str, int]] = field(default_factory=list)
    first_trick_events: dict[int, int] = field(default_factory=dict)  # trick -> first play event

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


class BeziqueState:
    """The table during the replay; ``apply(index, event)`` is the only mutator.

    Why it is written as it is: a Rubicon record is some 250 events, so the hot paths (play,
    draw) read plain attributes set when a deal starts (``deal``, ``hand``, ``count``) and
    check the cheap, common case first; the full scans run only to word a finding.
    """

    deal: BeziqueDealFacts  # the current deal: set by each ``deal`` event

    def __init__(
        self,
        variant: Variant,
        *,
        must_win: bool = True,
        refill_by_duplicate: bool = True,
        remarriage_mode: str = "law35",
        exchange_is_declaration: bool = True,
        trump_by_marriage: bool = False,
    ) -> None:
        self.variant = variant
        self.must_win = must_win
        self.refill_by_duplicate = refill_by_duplicate
        self.remarriage_mode = remarriage_mode
        self.exchange_is_declaration = exchange_is_declaration
        self.trump_by_marriage = trump_by_marriage or variant.rubicon
        self.phase = _DEAL
        self.deals: list[BeziqueDealFacts] = []
        self.findings: list[Finding] = []
        self.early_results: list[tuple[int, BeziqueResult]] = []
        self._uid = 0
        # the variant's data as plain attributes, read on every play and draw
        self.rubicon = variant.rubicon
        self._has_turn_up = variant.turn_up
        self._hand_size = variant.hand
        self._tricks = variant.tricks
        self._refill = variant.rubicon and refill_by_duplicate

    # Queries ----------------------------------------------------------------------------

    def has_played(self, seat: str) -> bool:
        """Whether the seat has played a card in this deal (carte blanche comes before)."""
        return any(p.seat == seat for trick in self.deal.tricks for p in trick.plays)

    def held(self, seat: str) -> int:
        """Cards in the hand and on the table (kept as a running count: plays -1, draws +1)."""
        return self.count[seat]

    def expected_leader(self) -> str:
        """The winner of the last trick won (only the current trick may have no winner)."""
        for trick in reversed(self.deal.tricks):
            if trick.winner:
                return trick.winner
        return other(self.deal.dealer)

    def legal_plays(self, seat: str) -> list[Card]:
        """What the seat may lawfully play now (BEZ-PLAY-2, BEZ-LAST-2)."""
        cards = self._held_cards(seat)
        trick = self.current
        if self.phase != _END or trick is None or len(trick.plays) != 1:
            return sorted(set(cards), key=str)
        led = trick.plays[0].card
        return sorted(set(self.endplay_legal(cards, led)), key=str)

    def endplay_legal(self, cards: list[Card], led: Card) -> list[Card]:
        """Follow and win if able; trump when void; else anything (BEZ-LAST-2)."""
        trump = self.deal.trump
        same = [c for c in cards if c.suit == led.suit]
        if same:
            if not self.must_win:
                return same
            winners = winning_cards(same, [led], trump, RANKS)
            return winners or same
        trumps = [c for c in cards if trump is not None and c.suit == trump]
        if trumps and self.must_win:
            return trumps
        return legal_follows(cards, led.suit)

    def _held_cards(self, seat: str) -> list[Card]:
        """Every card the seat holds, hand and table (copies may repeat; callers use sets)."""
        held = [card for card, copies in self.hand[seat].items() if copies > 0]
        held.extend(t.card for t in self.table[seat])
        return held

    # The one mutator ----------------------------------------------------------------------

    def apply(self, index: int, event: BeziqueEvent) -> None:
        """Dispatch on the event's class (one dict look-up: the replay's innermost call)."""
        handler = _HANDLERS.get(type(event))
        if handler is None:  # a subclass of an event model: match it as ``isinstance`` would
            handler = next((h for t, h in _HANDLERS.items() if isinstance(event, t)), None)
            if handler is None:
                return
        handler(self, index, event)

    def finish(self) -> BeziqueReplay:
        if self.deals and self.phase != _DONE:
            self._incomplete(None)
        return BeziqueReplay(self.variant, self.deals, self.findings, self.early_results)

    # Helpers shared with the declaration rules -----------------------------------------------

    def find(
        self,
        rule: str,
        severity: Severity,
        message: str,
        *,
        event: int,
        seat: str | None = None,
        trick: int | None = None,
        basis: list[str] | None = None,
        legal: list[str] | None = None,
    ) -> None:
        self.findings.append(
            make_finding(
                rule,
                severity,
                message,
                event=event,
                deal=self.deal.number,
                trick=trick,
                seat=seat,
                basis=basis or [],
                legal=legal,
            )
        )

    def rub(self, law: int) -> list[str]:
        """The Portland law as a basis, in Rubicon only."""
        return [f"RUB-LAW-{law}"] if self.rubicon else []

    def new_uid(self) -> int:
        self._uid += 1
        return self._uid

    def lay(self, seat: str, table_card: TableCard) -> None:
        """A copy from the hand goes to the table (declared): ``on_table`` keeps count."""
        card = table_card.card
        self.hand[seat][card] -= 1
        self.table[seat].append(table_card)
        copies = self.on_table[seat]
        copies[card] = copies.get(card, 0) + 1

    # Deal (BEZ-DEAL-2, RUB-DEAL-1, BEZ-CARDS-1) ---------------------------------------------

    def _apply_deal(self, index: int, event: BeziqueDeal) -> None:
        if self.deals and self.phase != _DONE:
            self._incomplete(index)
        where = pointer_of("events", index)
        variant = self.variant
        hands: dict[str, list[Card]] = {}
        for seat in SEATS:
            if seat not in event.hands:
                raise InputError(f"{where}/hands", f"no hand for {seat}")
            cards = list(event.hands[seat])
            if len(cards) != variant.hand:
                raise InputError(
                    f"{where}/hands/{seat}", f"{seat} holds {len(cards)} cards, not {variant.hand}"
                )
            hands[seat] = cards
        if variant.turn_up and event.turn_up is None:
            raise InputError(f"{where}/turn_up", "the ordinary game needs the turned-up trump card")
        if not variant.turn_up and event.turn_up is not None:
            raise InputError(f"{where}/turn_up", "Rubicon Bézique has no turn-up")
        self._see_deal(event, hands, where)
        self.stock: list[Card] | None = None
        self._stock_at = 0  # the next card of ``stock`` (an index: ``pop(0)`` would be O(n))
        if event.stock is not None:
            expected = variant.stock_size - (1 if variant.turn_up else 0)
            if len(event.stock) != expected:
                raise InputError(
                    f"{where}/stock", f"the stock holds {len(event.stock)} cards, not {expected}"
                )
            self.stock = list(event.stock)
        self.remaining = variant.stock_size  # cards still to be drawn, turn-up included
        number = len(self.deals) + 1
        trump = (
            event.turn_up.suit if event.turn_up is not None and not self.trump_by_marriage else None
        )
        self.deal = BeziqueDealFacts(number, index, event.dealer, hands, event.turn_up, trump)
        self.deals.append(self.deal)
        self.hand: dict[str, Counter[Card]] = {s: Counter(hands[s]) for s in SEATS}
        self.count = {s: len(hands[s]) for s in SEATS}
        self.table: dict[str, list[TableCard]] = {s: [] for s in SEATS}
        self.on_table: dict[str, dict[Card, int]] = {s: {} for s in SEATS}  # copies by card
        self.turn_up = event.turn_up
        self.current: Trick | None = None
        self.window: dict[str, object] = {}
        self.cb: dict[str, str] = {}  # seat -> "declared" | "offered" (may repeat) | "closed"
        self.missed: dict[str, int] = {}  # seat -> the trick after which it did not draw
        self.last_draw: dict[str, Card] = {}
        # held cards (hand and table) per suit, kept from the end of the stock on (BEZ-LAST-2)
        self.suits: dict[str, dict[Suit, int]] = {}
        self.phase = _STOCK
        if event.turn_up is not None and event.turn_up.rank == "7":
            self.deal.sevens.append((index, event.dealer, "turned up"))  # BEZ-DEAL-3

    def _see_deal(self, event: BeziqueDeal, hands: dict[str, list[Card]], where: str) -> None:
        """``_see`` every card dealt (up to 128): counted in C, and walked one by one, in the
        record's order, only when something is wrong, to point at the first error."""
        cards = [card for seat in SEATS for card in hands[seat]]
        if event.turn_up is not None:
            cards.append(event.turn_up)
        cards.extend(event.stock or ())
        self.seen = Counter(cards)
        if _PACK.issuperset(self.seen) and max(self.seen.values()) <= self.variant.copies:
            return
        self.seen = Counter()
        for seat in SEATS:
            for position, card in enumerate(hands[seat]):
                self._see(card, f"{where}/hands/{seat}/{position}")
        if event.turn_up is not None:
            self._see(event.turn_up, f"{where}/turn_up")
        for position, card in enumerate(event.stock or ()):
            self._see(card, f"{where}/stock/{position}")

    def _see(self, card: Card, pointer: str) -> None:
        if card.rank not in RANKS:
            raise InputError(pointer, f"{card} is not in a bézique pack (A 10 K Q J 9 8 7 only)")
        self.seen[card] += 1
        if self.seen[card] > self.variant.copies:
            raise InputError(
                pointer,
                f"{card} appears more than {self.variant.copies} times: the"
                f" pack holds {self.variant.copies} of each card",
            )

    def _incomplete(self, index: int | None) -> None:
        done = len([t for t in self.deal.tricks if t.winner])
        raise InputError(
            "/events" if index is None else pointer_of("events", index),
            f"deal {self.deal.number} was not played out: {done} of "
            f"{self.variant.tricks} tricks complete (hand-record/1 records every card)",
        )

    def _require_deal(self, index: int, what: str) -> None:
        if not self.deals:
            raise InputError(pointer_of("events", index), f"a {what} before any deal")

    # Play (BEZ-PLAY-1..3, BEZ-IRREG-8, RUB-LAW-24, BEZ-LAST-2) ------------------------------------

    def _apply_play(self, index: int, event: BeziquePlay) -> None:
        phase = self.phase
        if phase is _DEAL or phase is _DONE:
            raise InputError(
                f"/events/{index}",
                "a card is played before any deal"
                if phase is _DEAL
                else f"a card is played after the last trick of deal {self.deal.number}",
            )
        seat, card, given = event.seat, event.card, event.from_
        trick = self.current
        if trick is None or trick.winner is not None:
            # first, as closing the last draws may exhaust the stock: the table cards then go
            # back to the hand and the end-play begins before this card is looked for
            trick = self._open_trick(index, seat)
            phase = self.phase
        elif trick.plays[0].seat == seat:
            raise InputError(
                f"/events/{index}/seat", f"{seat} has already played to trick {trick.number}"
            )
        hand = self.hand[seat]  # (the same Counter all deal long: ``_exhaust`` adds to it)
        source: str
        if given != "table" and hand.get(card, 0) > 0:
            source = given or "hand"  # the common case: a card held in the hand
        else:
            source = self._source(f"/events/{index}", seat, card, given)
        if seat in self.missed:
            self._played_short(index, seat, trick)
        deal = self.deal
        count = self.count
        if seat not in deal.wrong_size and seat not in deal.missed_draw:
            # BEZ-IRREG-4, laws 17, 19: 8 (Rubicon 9) while the stock lasts, then one fewer a trick
            expected = self._tricks - trick.number + 1 if trick.endplay else self._hand_size
            if count[seat] != expected:
                self._wrong_size(index, seat, trick, expected)
        plays = trick.plays
        if trick.endplay and len(plays) == 1:
            self._check_endplay(index, seat, card, trick)
        if self.cb.get(seat) == "offered":  # (only Rubicon has carte blanche)
            self.cb[seat] = "declared"  # the drawn card was not shown in time; the chain goes on
        if phase is _END:
            self.suits[seat][card.suit] -= 1
        if source == "hand":
            count[seat] -= 1
            hand[card] -= 1
            if self._refill and self.on_table[seat].get(card):
                self._re_form(seat, card)
        else:
            self._remove(seat, card, source, index)
        plays.append(PlayedCard(seat, card, index))
        if len(plays) == 2:
            lead = plays[0]
            led = lead.card
            second_wins = beats(card, led, deal.trump, RANKS)  # BEZ-PLAY-3
            winner = trick.winner = seat if second_wins else lead.seat
            if trick.endplay:
                if count[lead.seat] == 0 or count[seat] == 0:
                    self.phase = _DONE  # a player short of cards ends it early (law 19)
            else:
                self.window = {
                    "winner": winner,
                    "trick": trick.number,
                    "drawn": [],
                    "scored": None,
                    "declared": False,
                }

    def _source(self, where: str, seat: str, card: Card, given: str | None) -> str:
        on_table = self.on_table[seat].get(card, 0) > 0
        in_hand = self.hand[seat][card] > 0
        if given == "table" and not on_table:
            raise InputError(f"{where}/card", f"{seat} has no {card} on the table")
        if given == "hand" and not in_hand:
            raise InputError(f"{where}/card", f"{seat} has no {card} in the hand")
        if not (in_hand or on_table):
            raise InputError(f"{where}/card", f"{seat} does not hold {card}")
        return given or ("hand" if in_hand else "table")

    def _played_short(self, index: int, seat: str, trick: Trick) -> None:
        """The seat that did not draw plays again (BEZ-IRREG-1, RUB-IRREG-12)."""
        missed = self.missed.pop(seat)
        rule = "RUB-IRREG-12" if self.rubicon else "BEZ-IRREG-1"
        self.find(
            rule,
            "violation",
            f"{seat} did not draw after trick {missed} and played on with a card short"
            + (": his adversary will score the last trick (law 19)." if self.rubicon else "."),
            event=index,
            seat=seat,
            trick=trick.number,
            basis=["RUB-LAW-19"] if self.rubicon else [],
        )

    def _open_trick(self, index: int, seat: str) -> Trick:
        deal = self.deal
        tricks = deal.tricks
        number = len(tricks) + 1
        # ``expected_leader``: the winner of the trick before (a new trick follows a complete one)
        last = tricks[-1].winner if tricks else None
        leader = last or other(deal.dealer)
        if self.phase is _STOCK and self.window:
            self._close_window(index)
        # positional (number, leader, plays, winner, endplay): half the cost of keywords
        trick = Trick(number, leader, [], None, self.phase is _END)
        tricks.append(trick)
        deal.first_trick_events[number] = index
        self.current = trick
        if seat != leader:
            rule = "RUB-LAW-24" if self.rubicon else "BEZ-IRREG-8"
            self.find(
                rule,
                "violation",
                f"{seat} led to trick {number} out of turn: {leader} was to lead. The "
                "adversary played to it, so the trick stands.",
                event=index,
                seat=seat,
                trick=number,
                legal=[f"{leader} to lead"],
            )
        return trick

    def _close_window(self, index: int) -> None:
        """The next lead: a seat that has not drawn forgot to (BEZ-IRREG-1, RUB-IRREG-12);
        the finding is made when that seat next plays, a card short."""
        drawn = self.window.get("drawn", [])
        assert isinstance(drawn, list)
        if self.remaining > 0 or len(drawn) == 1:
            missed_draw = self.deal.missed_draw
            for seat in SEATS:
                if seat not in drawn and seat not in missed_draw:
                    missed_draw.add(seat)
                    self.missed[seat] = int(self.window["trick"])  # type: ignore[arg-type]
        self.window = {}
        if self.rubicon and self.remaining == 1:
            self._exhaust(index)  # law 32: the odd last card of the stock is not drawn

    def _wrong_size(self, index: int, seat: str, trick: Trick, expected: int) -> None:
        """A player must hold 8 (Rubicon 9) while the stock lasts (BEZ-IRREG-4, laws 17, 19)."""
        held = self.count[seat]
        over = held > expected
        self.deal.wrong_size[seat] = "over" if over else "short"
        rule = ("RUB-LAW-17" if over else "RUB-LAW-19") if self.rubicon else "BEZ-IRREG-4"
        self.find(
            rule,
            "violation",
            f"{seat} played to trick {trick.number} holding {held} cards instead of {expected}.",
            event=index,
            seat=seat,
            trick=trick.number,
        )

    def _endplay_lawful(self, seat: str, card: Card, led: Card) -> bool:
        """Whether ``card`` played to ``led`` obeys BEZ-LAST-2, from the suit counts and at
        most the few higher cards of the suit: no scan of the hand (the full check below
        words the finding). Exactly ``card in endplay_legal(held, led)``."""
        suit = led.suit
        if card.suit is suit:
            if not self.must_win or _ORDER[card.rank] < _ORDER[led.rank]:
                return True  # followed and won (or need not win)
            hand, on_table = self.hand[seat], self.on_table[seat]
            return not any(hand.get(c) or on_table.get(c) for c in _HIGHER[led])
        suits = self.suits[seat]
        if suits[suit]:
            return False  # did not follow while able to
        trump = self.deal.trump
        return card.suit is trump or trump is None or not self.must_win or not suits[trump]

    def _check_endplay(self, index: int, seat: str, card: Card, trick: Trick) -> None:
        led = trick.plays[0].card
        if self._endplay_lawful(seat, card, led):
            return
        cards = self._held_cards(seat)
        legal = self.endplay_legal(cards, led)
        if card in legal:
            return
        same = [c for c in cards if c.suit == led.suit]
        if same and card.suit != led.suit:
            what = f"did not follow suit to {led} while holding {format_cards(sorted(set(same), key=str))}"
        elif same:
            what = f"did not win {led} while able to (with {format_cards(sorted(set(legal), key=str))})"
        else:
            what = f"did not trump {led} while void in its suit and holding trumps"
        self.find(
            "BEZ-LAST-2",
            "violation",
            f"{seat} played {card} to trick {trick.number} of the end-play and {what}.",
            event=index,
            seat=seat,
            trick=trick.number,
            basis=["RUB-LAST-1", "RUB-LAW-55"] if self.rubicon else ["BEZ-LAST-3"],
            legal=sorted({str(c) for c in legal}),
        )
        if self.deal.endplay_error is None:
            self.deal.endplay_error = (trick.number, seat, index)

    def _remove(self, seat: str, card: Card, source: str, index: int) -> None:
        self.count[seat] -= 1
        if source == "table":
            table_card = self._pick_table_card(seat, card)
            self.table[seat].remove(table_card)
            self.on_table[seat][card] -= 1
            declarations.break_pending(self, seat, table_card.uid, index)
            return
        self.hand[seat][card] -= 1
        if self._refill:
            self._re_form(seat, card)

    def _re_form(self, seat: str, card: Card) -> None:
        """RUB-COMBO-1 (Foster): playing the duplicate from the hand re-forms the combination."""
        for table_card in self.table[seat]:
            if table_card.card == card and table_card.history:
                table_card.history = {}
                break

    def _pick_table_card(self, seat: str, card: Card) -> TableCard:
        """The copy played from the table: the one with the least history, then the oldest."""
        copies = [t for t in self.table[seat] if t.card == card]
        return min(copies, key=lambda t: (sum(len(v) for v in t.history.values()), t.uid))

    # Fast paths: runs of lawful tricks and draws (``replay``) ----------------------------------
    #
    # Why: nearly every trick is two plays from the hand, by the right seats, holding the right
    # number of cards, and (while the stock lasts) the winner's then the loser's draw of the
    # top of the stock. ``_run_stock`` and ``_run_end`` take runs of that case alone, reading
    # the events ahead, with the state's containers in locals for the whole run, and leave the
    # state exactly as ``_apply_play``, ``_apply_draw`` and ``_apply_score`` would. They also
    # take the marks between tricks (brisques, last trick: ``_apply_score`` only notes them,
    # the judge rules on them), and ``_run_stock`` a play from the table that loses no carried
    # declaration (Rubicon plays many). Anything else (an irregularity pending, a carte
    # blanche, a declaration or its carried score, the last cards of the stock, a draw not
    # naming the top card, an unlawful end-play card) stops the run before that event, and
    # the per-event handlers rule on it: every finding and InputError stays theirs. Both
    # return the index of the first event not applied.

    def _run_allowed(self) -> bool:
        """Nothing pending that the per-event handlers must rule on."""
        deal = self.deal
        trick = self.current
        return not (
            self.missed
            or self.cb
            or deal.wrong_size
            or deal.missed_draw
            or (trick is not None and trick.winner is None)  # a trick in progress
        )

    def _run_stock(self, events: Sequence[BeziqueEvent], index: int) -> int:
        """Lawful tricks of the stock phase, the draws after each and the marks between
        them (a trick's window is written only for the last one: nothing reads it between a
        trick and its draws)."""
        stock = self.stock
        if stock is None or not self._run_allowed():
            return index
        deal = self.deal
        hands, count, size = self.hand, self.count, self._hand_size
        window = self.window
        if window:
            drawn = window["drawn"]
            if drawn:  # the last trick's draws made: both must have drawn (nothing missed)
                if "A" not in drawn or "B" not in drawn:  # type: ignore[operator]
                    return index
                pending = False
            else:
                pending = True  # the draws of the trick just won come first
        else:
            pending = False
        held = size - 1 if pending else size
        if count["A"] != held or count["B"] != held:
            return index
        tricks = deal.tricks
        if pending:
            winner = window["winner"]  # type: ignore[assignment]
        else:
            winner = (tricks[-1].winner if tricks else None) or other(deal.dealer)
        assert isinstance(winner, str)
        trump = deal.trump  # (fixed only by a declaration, which ends the run)
        refill = self._refill
        first_events, marks = deal.first_trick_events, deal.marks
        remaining, at, end = self.remaining, self._stock_at, len(events) - 1
        number = first = len(tricks)
        start = index
        last_draw = self.last_draw
        order = _RANK_ORDER
        while index < end:
            lead = events[index]
            if type(lead) is BeziqueScore and lead.for_ != "declaration":
                index = self._run_mark(marks, lead, index)  # between tricks or before draws
                continue
            if pending:  # the winner's then the loser's draw of the two top cards
                second = events[index + 1]
                if type(lead) is not BeziqueDraw or type(second) is not BeziqueDraw:
                    break
                if remaining < 4:
                    break  # the last cards: turn-up, odd last card, exhaustion
                loser = _OTHER[winner]
                top, under = stock[at], stock[at + 1]
                named, named2 = lead.card, second.card
                if (
                    lead.seat != winner
                    or second.seat != loser
                    or (named is not None and named is not top)  # (interned: identity)
                    or (named2 is not None and named2 is not under)
                ):
                    break
                if number == first:
                    window["drawn"] = [winner, loser]  # the window the run began with
                hand = hands[winner]
                hand[top] = hand.get(top, 0) + 1
                hand = hands[loser]
                hand[under] = hand.get(under, 0) + 1
                last_draw[winner], last_draw[loser] = top, under
                remaining -= 2
                at += 2
                index += 2
                pending = False
                continue
            follow = events[index + 1]
            if type(lead) is not BeziquePlay or type(follow) is not BeziquePlay:
                break
            if remaining < 2:
                break  # the last card of the stock: the window's close may end it
            seat, card, follower, answer = lead.seat, lead.card, follow.seat, follow.card
            if seat != winner or follower != _OTHER[seat]:
                break
            # each card from the hand if held there (``_source``), else a copy on the table
            hand, answer_hand = hands[seat], hands[follower]
            lead_copy = answer_copy = None
            if lead.from_ == "table" or not hand.get(card):
                lead_copy = self._table_copy(seat, card, lead.from_)
                if lead_copy is None:
                    break
            if follow.from_ == "table" or not answer_hand.get(answer):
                answer_copy = self._table_copy(follower, answer, follow.from_)
                if answer_copy is None:
                    break
            # BEZ-PLAY-3 (``beats``, inline): a higher card of the suit led, or a trump
            suit = answer.suit
            if suit is card.suit:
                winner = follower if order[answer] < order[card] else seat
            else:
                winner = follower if suit is trump else seat
            number += 1
            plays = [PlayedCard(seat, card, index), PlayedCard(follower, answer, index + 1)]
            tricks.append(Trick(number, seat, plays, winner, False))
            first_events[number] = index
            self._run_take(seat, card, hand, lead_copy, refill)
            self._run_take(follower, answer, answer_hand, answer_copy, refill)
            index += 2
            pending = True
        if index == start:
            return index
        # both hold the same all run long: one fewer after a trick, as many again after the draws
        count["A"] = count["B"] = size - 1 if pending else size
        self.remaining, self._stock_at = remaining, at
        if number != first:
            self.current = tricks[-1]
            self.window = {
                "winner": winner,
                "trick": number,
                "drawn": [] if pending else [winner, other(winner)],
                "scored": None,
                "declared": False,
            }
        return index

    def _table_copy(self, seat: str, card: Card, given: str | None) -> TableCard | None:
        """The table copy that a play of ``card`` not from the hand takes (``_source``,
        ``_pick_table_card``); None when there is none to take, or when taking it would lose
        a carried declaration (``break_pending``): the per-event path rules on those."""
        if given == "hand" or not self.on_table[seat].get(card):
            return None
        copy = self._pick_table_card(seat, card)
        uid = copy.uid
        for pending in self.deal.declarations:
            if pending.seat == seat and pending.status == "to-score" and uid in pending.uids:
                return None
        return copy

    def _run_take(
        self, seat: str, card: Card, hand: Counter[Card], copy: TableCard | None, refill: bool
    ) -> None:
        """A card of a run's trick leaves the hand (re-forming Rubicon's duplicate on the
        table, RUB-COMBO-1) or, given its table copy, the table."""
        if copy is None:
            hand[card] -= 1
            if refill and self.on_table[seat].get(card):
                self._re_form(seat, card)
        else:
            self._take_from_table(seat, copy)

    def _take_from_table(self, seat: str, copy: TableCard) -> None:
        """``_remove`` of a table copy, in a run (which keeps the counts itself)."""
        self.table[seat].remove(copy)
        self.on_table[seat][copy.card] -= 1

    @staticmethod
    def _run_mark(marks: list[Mark], event: BeziqueScore, index: int) -> int:
        """A mark other than a carried declaration's, as ``_apply_score`` notes it: taken
        inside a run, a mark between a trick and its draws does not end the run."""
        marks.append(Mark(index, event.seat, event.for_, event.points, event.ref))
        return index + 1

    def _run_end(self, events: Sequence[BeziqueEvent], index: int) -> int:
        """Lawful tricks of the end-play (BEZ-LAST-2 by the suit counts), and the marks
        between them."""
        if not self._run_allowed():
            return index
        deal = self.deal
        tricks = deal.tricks
        number = first = len(tricks)
        held = self._tricks - number  # cards each should hold before the next trick
        count = self.count
        if count["A"] != held or count["B"] != held:
            return index
        hands, suits, on_table, refill = self.hand, self.suits, self.on_table, self._refill
        trump, first_events, marks = deal.trump, deal.first_trick_events, deal.marks
        must_win, order = self.must_win, _RANK_ORDER
        winner = (tricks[-1].winner if tricks else None) or other(deal.dealer)
        start, end = index, len(events) - 1
        while index < end and held:
            lead = events[index]
            if type(lead) is BeziqueScore and lead.for_ != "declaration":
                index = self._run_mark(marks, lead, index)  # between tricks
                continue
            follow = events[index + 1]
            if type(lead) is not BeziquePlay or type(follow) is not BeziquePlay:
                break
            seat, card, follower, answer = lead.seat, lead.card, follow.seat, follow.card
            hand, answer_hand = hands[seat], hands[follower]
            if (
                seat != winner
                or follower != _OTHER[seat]
                or lead.from_ == "table"
                or follow.from_ == "table"
                or not hand.get(card)
                or not answer_hand.get(answer)
            ):
                break
            suit = answer.suit
            same = suit is card.suit
            higher = same and order[answer] < order[card]
            # followed and won (or need not win): lawful without a look at the hand
            if not (
                (higher or (same and not must_win)) or self._endplay_lawful(follower, answer, card)
            ):
                break
            # BEZ-PLAY-3 (``beats``, inline): a higher card of the suit led, or a trump
            winner = follower if higher or (not same and suit is trump) else seat
            number += 1
            plays = [PlayedCard(seat, card, index), PlayedCard(follower, answer, index + 1)]
            tricks.append(Trick(number, seat, plays, winner, True))
            first_events[number] = index
            held -= 1
            count[seat] = count[follower] = held
            suits[seat][card.suit] -= 1
            suits[follower][suit] -= 1
            hand[card] -= 1
            answer_hand[answer] -= 1
            if refill:
                if on_table[seat].get(card):
                    self._re_form(seat, card)
                if on_table[follower].get(answer):
                    self._re_form(follower, answer)
            index += 2
        if index == start:
            return index
        if len(tricks) != first:
            self.current = tricks[-1]
        if not held:
            self.phase = _DONE  # the last card played
        return index

    # Draw (BEZ-PLAY-4, BEZ-IRREG-2, -3, RUB-LAW-28..31) -------------------------------------

    def _apply_draw(self, index: int, event: BeziqueDraw) -> None:
        if not self.deals:
            self._require_deal(index, "draw")
        remaining = self.remaining
        if self.phase is not _STOCK or remaining == 0:
            raise InputError(f"/events/{index}", "a draw when the stock is exhausted")
        seat = event.seat
        window = self.window
        drawn = window.get("drawn") if window else None
        after_trick = isinstance(drawn, list)
        if (  # BEZ-IRREG-9: an even number of face-down cards left for the last pair
            remaining == 2
            and self._has_turn_up
            and after_trick
            and len(drawn) == 1  # type: ignore[arg-type]
            and seat not in drawn  # type: ignore[operator]
        ):
            # the last face-down card is not drawn; the loser takes the trump
            remaining = self.remaining = 1
            self.find(
                "BEZ-IRREG-9",
                "info",
                f"An earlier irregularity left an even number of face-down cards: the last "
                f"one is not drawn and {seat} takes the trump card.",
                event=index,
                seat=seat,
            )
        card = self._next_card(index, event.card)
        if not after_trick:
            self._draw_out_of_turn(index, seat, card)
        else:
            assert isinstance(drawn, list)
            if seat in drawn or (not drawn and seat != window["winner"]):
                self._draw_out_of_turn(index, seat, card)
            drawn.append(seat)
        hand = self.hand[seat]
        hand[card] = hand.get(card, 0) + 1
        self.count[seat] += 1
        self.remaining = remaining = remaining - 1
        self.last_draw[seat] = card
        if seat in self.cb and self.cb[seat] != "closed":  # (only Rubicon has carte blanche)
            self.cb[seat] = "closed" if card.rank in COURT else "offered"
        if remaining == 0:
            self._exhaust(index)

    def _draw_out_of_turn(self, index: int, seat: str, card: Card) -> None:
        """A draw with no trick just won, a second draw, or the loser's draw first."""
        window = self.window
        drawn = window.get("drawn") if window else None
        if not window or not isinstance(drawn, list):
            rule, why = "BEZ-PLAY-4", "no trick has been won since the last draws"
            self.find(
                rule,
                "violation",
                f"{seat} drew {card} out of turn: {why}.",
                event=index,
                seat=seat,
                basis=["BEZ-IRREG-2"] if not self.rubicon else self.rub(29),
            )
        elif seat in drawn:
            rule = "RUB-IRREG-13" if self.rubicon else "BEZ-IRREG-3"
            self.find(
                rule,
                "violation",
                f"{seat} drew a second card ({card}) after trick {window['trick']}.",
                event=index,
                seat=seat,
                trick=int(window["trick"]),  # type: ignore[call-overload]
            )
        else:
            self.find(
                "BEZ-PLAY-4",
                "violation",
                f"{seat} lost trick {window['trick']} but drew ({card}) before the winner.",
                event=index,
                seat=seat,
                trick=int(window["trick"]),  # type: ignore[call-overload]
                basis=["BEZ-IRREG-2"] if not self.rubicon else self.rub(29),
            )

    def _next_card(self, index: int, named: Card | None) -> Card:
        if self.remaining == 1 and self._has_turn_up:
            top = self.turn_up
            assert top is not None
            if named is not None and named != top:
                raise InputError(
                    f"/events/{index}/card",
                    f"the last card of the stock is the turn-up {top}, not {named}",
                )
            return top
        if self.stock is not None:
            top = self.stock[self._stock_at]
            self._stock_at += 1
            if named is not None and named != top:
                raise InputError(
                    f"/events/{index}/card", f"the top card of the stock is {top}, not {named}"
                )
            return top
        if named is None:
            raise InputError(
                f"/events/{index}/card",
                "the deal gives no stock, so every draw must name its card",
            )
        self._see(named, f"/events/{index}/card")
        return named

    def _exhaust(self, index: int) -> None:
        """No card left: no more declarations; table cards go back to the hand (BEZ-LAST-1)."""
        declarations.lapse_pending(self, index)
        for seat in SEATS:
            hand = self.hand[seat]
            for card, copies in self.on_table[seat].items():  # (``on_table`` counts the copies)
                if copies:
                    hand[card] = hand.get(card, 0) + copies
            self.table[seat] = []
            self.on_table[seat] = {}
            suits = self.suits[seat] = dict.fromkeys(_SUITS, 0)
            for card in hand.elements():  # the cards held, not every card the hand has seen
                suits[card.suit] += 1
        self.window = {}
        self.phase = _END

    # Declarations, claims, results --------------------------------------------------------

    def _apply_declare(self, index: int, event: BeziqueDeclare) -> None:
        self._require_deal(index, "declaration")
        declarations.apply_declare(self, index, event)

    def _apply_claim(self, index: int, event: BeziqueClaim) -> None:
        self._require_deal(index, "claim")
        self.deal.claims.append((index, event))

    def _apply_result(self, index: int, event: BeziqueResult) -> None:
        if self.deals:
            self.deal.results.append((index, event))
        else:
            self.early_results.append((index, event))

    # Seven of trumps (BEZ-SEVEN-2, -3) -----------------------------------------------------

    def _apply_exchange(self, index: int, event: BeziqueExchange) -> None:
        self._require_deal(index, "exchange")
        seat = event.seat
        deal = self.deal
        if self.variant.rubicon:
            self.find(
                "BEZ-SEVEN-4",
                "violation",
                "Rubicon Bézique has no seven of trumps to exchange.",
                event=index,
                seat=seat,
            )
            deal.marks.append(Mark(index, seat, "exchange", event.points or 0, void=True))
            deal.exchanges.append((index, seat, False))
            return
        trump = deal.trump
        seven = Card("7", trump) if trump else None
        problem = None
        if self.phase != _STOCK or self.turn_up is None or self.remaining == 0:
            problem = "the turn-up has already been drawn"
        elif seven is None or self.hand[seat][seven] == 0:
            problem = f"{seat} does not hold the seven of trumps in the hand"
        else:
            problem = declarations.window_problem(self, seat)
            if (
                problem is None
                and self.exchange_is_declaration
                and self.window.get("scored") is not None
            ):
                problem = f"{seat} has already scored for this trick (an exchange counts as the trick's declaration)"
        legal = problem is None
        possible = (
            self.phase == _STOCK
            and self.turn_up is not None
            and self.remaining > 0
            and seven is not None
            and self.hand[seat][seven] > 0
        )
        if possible:  # the record states the cards changed hands, lawfully or not
            assert seven is not None and self.turn_up is not None
            self.hand[seat][seven] -= 1
            self.hand[seat][self.turn_up] += 1
            if legal:
                self.window["exchanged"] = self.turn_up
            self.turn_up = seven
        if legal and self.exchange_is_declaration:
            self.window["scored"] = index
        if not legal:
            self.find(
                "BEZ-SEVEN-2",
                "violation",
                f"{seat}'s exchange of the seven of trumps is not allowed: {problem}. It scores "
                "nothing.",
                event=index,
                seat=seat,
            )
        deal.exchanges.append((index, seat, legal))
        if event.points is not None:
            deal.marks.append(Mark(index, seat, "exchange", event.points, void=not legal))

    # Marks --------------------------------------------------------------------------------

    def _apply_score(self, index: int, event: BeziqueScore) -> None:
        self._require_deal(index, "score")
        if event.for_ == "declaration":
            declarations.apply_score_carried(self, index, event)
            return
        self.deal.marks.append(Mark(index, event.seat, event.for_, event.points, event.ref))


#: The handler of each event class (``BeziqueState.apply``).
_HANDLERS: dict[type, Callable[[BeziqueState, int, Any], None]] = {
    BeziqueDeal: BeziqueState._apply_deal,
    BeziquePlay: BeziqueState._apply_play,
    BeziqueDraw: BeziqueState._apply_draw,
    BeziqueDeclare: BeziqueState._apply_declare,
    BeziqueExchange: BeziqueState._apply_exchange,
    BeziqueScore: BeziqueState._apply_score,
    BeziqueClaim: BeziqueState._apply_claim,
    BeziqueResult: BeziqueState._apply_result,
}


def replay(events: list[BeziqueEvent], state: BeziqueState) -> BeziqueReplay:
    """Replay every event in order; findings are collected, never raised.

    A play or a draw first offers itself, with the events after it, to the fast paths
    (runs of lawful tricks and draws only); whatever they decline goes to its handler.
    """
    handlers = _HANDLERS
    index, end = 0, len(events)
    while index < end:
        event = events[index]
        kind = type(event)
        if kind is BeziquePlay or kind is BeziqueDraw:
            phase = state.phase
            if phase is _STOCK:
                after = state._run_stock(events, index)
            elif phase is _END and kind is BeziquePlay:
                after = state._run_end(events, index)
            else:
                after = index
            if after != index:
                index = after
                continue
        handler = handlers.get(kind)  # ``state.apply``, one call the fewer
        if handler is None:
            state.apply(index, event)
        else:
            handler(state, index, event)
        index += 1
    return state.finish()
