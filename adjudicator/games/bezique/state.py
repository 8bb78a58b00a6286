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
from dataclasses import dataclass, field
from enum import Enum

from adjudicator.cards import Card, Suit, format_cards
from adjudicator.engine.tricks import PlayedCard, legal_follows, trick_winner, winning_cards
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


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


class Phase(Enum):
    DEAL = "deal"
    STOCK = "stock play"
    END = "end-play"
    DONE = "deal over"


@dataclass
class TableCard:
    """One physical copy lying on a player's table, with its history by class."""

    uid: int
    card: Card
    history: dict[str, list[int]] = field(default_factory=dict)  # class -> declaration events


@dataclass
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


@dataclass
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
    """The table during the replay; ``apply(index, event)`` is the only mutator."""

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
        self.phase = Phase.DEAL
        self.deals: list[BeziqueDealFacts] = []
        self.findings: list[Finding] = []
        self.early_results: list[tuple[int, BeziqueResult]] = []
        self._uid = 0

    # Queries ----------------------------------------------------------------------------

    @property
    def deal(self) -> BeziqueDealFacts:
        return self.deals[-1]

    def held(self, seat: str) -> int:
        """Cards in the hand and on the table (kept as a running count: plays -1, draws +1)."""
        return self.count[seat]

    def expected_leader(self) -> str:
        done = [t for t in self.deal.tricks if t.winner]
        return done[-1].winner if done else other(self.deal.dealer)  # type: ignore[return-value]

    def legal_plays(self, seat: str) -> list[Card]:
        """What the seat may lawfully play now (BEZ-PLAY-2, BEZ-LAST-2)."""
        cards = list((self.hand[seat] + Counter(t.card for t in self.table[seat])).elements())
        trick = self.current
        if self.phase != Phase.END or trick is None or len(trick.plays) != 1:
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

    # The one mutator ----------------------------------------------------------------------

    def apply(self, index: int, event: BeziqueEvent) -> None:
        match event:
            case BeziqueDeal():
                self._apply_deal(index, event)
            case BeziquePlay():
                self._apply_play(index, event)
            case BeziqueDraw():
                self._apply_draw(index, event)
            case BeziqueDeclare():
                self._require_deal(index, "declaration")
                declarations.apply_declare(self, index, event)
            case BeziqueExchange():
                self._require_deal(index, "exchange")
                self._apply_exchange(index, event)
            case BeziqueScore():
                self._require_deal(index, "score")
                self._apply_score(index, event)
            case BeziqueClaim():
                self._require_deal(index, "claim")
                self.deal.claims.append((index, event))
            case BeziqueResult():
                if self.deals:
                    self.deal.results.append((index, event))
                else:
                    self.early_results.append((index, event))

    def finish(self) -> BeziqueReplay:
        if self.deals and self.phase != Phase.DONE:
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
        return [f"RUB-LAW-{law}"] if self.variant.rubicon else []

    def new_uid(self) -> int:
        self._uid += 1
        return self._uid

    # Deal (BEZ-DEAL-2, RUB-DEAL-1, BEZ-CARDS-1) ---------------------------------------------

    def _apply_deal(self, index: int, event: BeziqueDeal) -> None:
        if self.deals and self.phase != Phase.DONE:
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
        self.seen: Counter[Card] = Counter()
        for seat in SEATS:
            for position, card in enumerate(hands[seat]):
                self._see(card, f"{where}/hands/{seat}/{position}")
        if event.turn_up is not None:
            self._see(event.turn_up, f"{where}/turn_up")
        self.stock: list[Card] | None = None
        if event.stock is not None:
            for position, card in enumerate(event.stock):
                self._see(card, f"{where}/stock/{position}")
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
        self.deals.append(
            BeziqueDealFacts(number, index, event.dealer, hands, event.turn_up, trump)
        )
        self.hand: dict[str, Counter[Card]] = {s: Counter(hands[s]) for s in SEATS}
        self.count = {s: len(hands[s]) for s in SEATS}
        self.table: dict[str, list[TableCard]] = {s: [] for s in SEATS}
        self.turn_up = event.turn_up
        self.current: Trick | None = None
        self.window: dict[str, object] = {}
        self.played_any = {s: False for s in SEATS}
        self.cb: dict[str, str] = {}  # seat -> "declared" | "offered" (may repeat) | "closed"
        self.missed: dict[str, int] = {}  # seat -> the trick after which it did not draw
        self.last_draw: dict[str, Card] = {}
        self.phase = Phase.STOCK
        if event.turn_up is not None and event.turn_up.rank == "7":
            self.deal.sevens.append((index, event.dealer, "turned up"))  # BEZ-DEAL-3

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
        where = f"/events/{index}"
        if self.phase in (Phase.DEAL, Phase.DONE):
            raise InputError(
                where,
                "a card is played before any deal"
                if self.phase == Phase.DEAL
                else f"a card is played after the last trick of deal {self.deal.number}",
            )
        seat, card = event.seat, event.card
        source = self._source(where, seat, card, event.from_)
        trick = self.current
        if trick is None or trick.winner is not None:
            trick = self._open_trick(index, seat)
        elif trick.plays[0].seat == seat:
            raise InputError(f"{where}/seat", f"{seat} has already played to trick {trick.number}")
        if seat in self.missed:
            missed = self.missed.pop(seat)
            rule = "RUB-IRREG-12" if self.variant.rubicon else "BEZ-IRREG-1"
            self.find(
                rule,
                "violation",
                f"{seat} did not draw after trick {missed} and played on with a card short"
                + (
                    ": his adversary will score the last trick (law 19)."
                    if self.variant.rubicon
                    else "."
                ),
                event=index,
                seat=seat,
                trick=trick.number,
                basis=["RUB-LAW-19"] if self.variant.rubicon else [],
            )
        self._check_size(index, seat, trick)
        if trick.endplay and len(trick.plays) == 1:
            self._check_endplay(index, seat, card, trick)
        if self.variant.rubicon and self.cb.get(seat) == "offered":
            self.cb[seat] = "declared"  # the drawn card was not shown in time; the chain goes on
        self.played_any[seat] = True
        self._remove(seat, card, source, index)
        trick.plays.append(PlayedCard(seat, card, index))
        if len(trick.plays) == 2:
            cards = [p.card for p in trick.plays]
            trick.winner = trick.plays[trick_winner(cards, self.deal.trump, RANKS)].seat
            if trick.endplay:
                if self.held(trick.plays[0].seat) == 0 or self.held(trick.plays[1].seat) == 0:
                    self.phase = Phase.DONE  # a player short of cards ends it early (law 19)
            else:
                self.window = {
                    "winner": trick.winner,
                    "trick": trick.number,
                    "drawn": [],
                    "scored": None,
                    "declared": False,
                }

    def _source(self, where: str, seat: str, card: Card, given: str | None) -> str:
        on_table = any(t.card == card for t in self.table[seat])
        in_hand = self.hand[seat][card] > 0
        if given == "table" and not on_table:
            raise InputError(f"{where}/card", f"{seat} has no {card} on the table")
        if given == "hand" and not in_hand:
            raise InputError(f"{where}/card", f"{seat} has no {card} in the hand")
        if not (in_hand or on_table):
            raise InputError(f"{where}/card", f"{seat} does not hold {card}")
        return given or ("hand" if in_hand else "table")

    def _open_trick(self, index: int, seat: str) -> Trick:
        number = len(self.deal.tricks) + 1
        leader = self.expected_leader()
        if self.phase == Phase.STOCK and self.window:
            self._close_window(index)
        trick = Trick(number, leader, endplay=self.phase == Phase.END)
        self.deal.tricks.append(trick)
        self.deal.first_trick_events[number] = index
        self.current = trick
        if seat != leader:
            rule = "RUB-LAW-24" if self.variant.rubicon else "BEZ-IRREG-8"
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
            for seat in SEATS:
                if seat not in drawn and seat not in self.deal.missed_draw:
                    self.deal.missed_draw.add(seat)
                    self.missed[seat] = int(self.window["trick"])  # type: ignore[arg-type]
        self.window = {}
        if self.variant.rubicon and self.remaining == 1:
            self._exhaust(index)  # law 32: the odd last card of the stock is not drawn

    def _check_size(self, index: int, seat: str, trick: Trick) -> None:
        """A player must hold 8 (Rubicon 9) while the stock lasts (BEZ-IRREG-4, laws 17, 19)."""
        if seat in self.deal.wrong_size or seat in self.deal.missed_draw:
            return
        expected = self.variant.tricks - trick.number + 1 if trick.endplay else self.variant.hand
        held = self.held(seat)
        if held == expected:
            return
        over = held > expected
        self.deal.wrong_size[seat] = "over" if over else "short"
        rule = ("RUB-LAW-17" if over else "RUB-LAW-19") if self.variant.rubicon else "BEZ-IRREG-4"
        self.find(
            rule,
            "violation",
            f"{seat} played to trick {trick.number} holding {held} cards instead of {expected}.",
            event=index,
            seat=seat,
            trick=trick.number,
        )

    def _check_endplay(self, index: int, seat: str, card: Card, trick: Trick) -> None:
        cards = list((self.hand[seat] + Counter(t.card for t in self.table[seat])).elements())
        led = trick.plays[0].card
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
            basis=["RUB-LAST-1", "RUB-LAW-55"] if self.variant.rubicon else ["BEZ-LAST-3"],
            legal=sorted({str(c) for c in legal}),
        )
        if self.deal.endplay_error is None:
            self.deal.endplay_error = (trick.number, seat, index)

    def _remove(self, seat: str, card: Card, source: str, index: int) -> None:
        self.count[seat] -= 1
        if source == "table":
            table_card = self._pick_table_card(seat, card)
            self.table[seat].remove(table_card)
            declarations.break_pending(self, seat, table_card.uid, index)
            return
        self.hand[seat][card] -= 1
        if self.variant.rubicon and self.refill_by_duplicate:
            # RUB-COMBO-1 (Foster): playing the duplicate from the hand re-forms the combination
            for table_card in self.table[seat]:
                if table_card.card == card and table_card.history:
                    table_card.history = {}
                    break

    def _pick_table_card(self, seat: str, card: Card) -> TableCard:
        """The copy played from the table: the one with the least history, then the oldest."""
        copies = [t for t in self.table[seat] if t.card == card]
        return min(copies, key=lambda t: (sum(len(v) for v in t.history.values()), t.uid))

    # Draw (BEZ-PLAY-4, BEZ-IRREG-2, -3, RUB-LAW-28..31) -------------------------------------

    def _apply_draw(self, index: int, event: BeziqueDraw) -> None:
        where = f"/events/{index}"
        self._require_deal(index, "draw")
        if self.phase != Phase.STOCK or self.remaining == 0:
            raise InputError(where, "a draw when the stock is exhausted")
        seat = event.seat
        window = self.window
        drawn = window.get("drawn") if window else None
        odd_end = (  # BEZ-IRREG-9: an even number of face-down cards left for the last pair
            self.variant.turn_up
            and self.remaining == 2
            and isinstance(drawn, list)
            and len(drawn) == 1
            and seat not in drawn
        )
        if odd_end:
            self.remaining = 1  # the last face-down card is not drawn; the loser takes the trump
            self.find(
                "BEZ-IRREG-9",
                "info",
                f"An earlier irregularity left an even number of face-down cards: the last "
                f"one is not drawn and {seat} takes the trump card.",
                event=index,
                seat=seat,
            )
        card = self._next_card(where, event.card)
        if not window or not isinstance(drawn, list):
            rule, why = "BEZ-PLAY-4", "no trick has been won since the last draws"
            self.find(
                rule,
                "violation",
                f"{seat} drew {card} out of turn: {why}.",
                event=index,
                seat=seat,
                basis=["BEZ-IRREG-2"] if not self.variant.rubicon else self.rub(29),
            )
        elif seat in drawn:
            rule = "RUB-IRREG-13" if self.variant.rubicon else "BEZ-IRREG-3"
            self.find(
                rule,
                "violation",
                f"{seat} drew a second card ({card}) after trick {window['trick']}.",
                event=index,
                seat=seat,
                trick=int(window["trick"]),
            )  # type: ignore[arg-type]
        elif not drawn and seat != window["winner"]:
            self.find(
                "BEZ-PLAY-4",
                "violation",
                f"{seat} lost trick {window['trick']} but drew ({card}) before the winner.",
                event=index,
                seat=seat,
                trick=int(window["trick"]),  # type: ignore[arg-type]
                basis=["BEZ-IRREG-2"] if not self.variant.rubicon else self.rub(29),
            )
        if isinstance(drawn, list):
            drawn.append(seat)
        self.hand[seat][card] += 1
        self.count[seat] += 1
        self.remaining -= 1
        self.last_draw[seat] = card
        if self.variant.rubicon and seat in self.cb and self.cb[seat] != "closed":
            self.cb[seat] = "closed" if card.rank in COURT else "offered"
        if self.remaining == 0:
            self._exhaust(index)

    def _next_card(self, where: str, named: Card | None) -> Card:
        if self.remaining == 1 and self.variant.turn_up:
            top = self.turn_up
            assert top is not None
            if named is not None and named != top:
                raise InputError(
                    f"{where}/card", f"the last card of the stock is the turn-up {top}, not {named}"
                )
            return top
        if self.stock is not None:
            top = self.stock.pop(0)
            if named is not None and named != top:
                raise InputError(
                    f"{where}/card", f"the top card of the stock is {top}, not {named}"
                )
            return top
        if named is None:
            raise InputError(
                f"{where}/card", "the deal gives no stock, so every draw must name its card"
            )
        self._see(named, f"{where}/card")
        return named

    def _exhaust(self, index: int) -> None:
        """No card left: no more declarations; table cards go back to the hand (BEZ-LAST-1)."""
        declarations.lapse_pending(self, index)
        for seat in SEATS:
            for table_card in self.table[seat]:
                self.hand[seat][table_card.card] += 1
            self.table[seat] = []
        self.window = {}
        self.phase = Phase.END

    # Seven of trumps (BEZ-SEVEN-2, -3) -----------------------------------------------------

    def _apply_exchange(self, index: int, event: BeziqueExchange) -> None:
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
        if self.phase != Phase.STOCK or self.turn_up is None or self.remaining == 0:
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
            self.phase == Phase.STOCK
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
        if event.for_ == "declaration":
            declarations.apply_score_carried(self, index, event)
            return
        self.deal.marks.append(Mark(index, event.seat, event.for_, event.points, event.ref))


def replay(events: list[BeziqueEvent], state: BeziqueState) -> BeziqueReplay:
    """Replay every event in order; findings are collected, never raised."""
    for index, event in enumerate(events):
        state.apply(index, event)
    return state.finish()
