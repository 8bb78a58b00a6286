"""The whist replay: a state machine over the record's events, collecting facts and findings.

Phases: ``DEAL`` (no deal yet) -> ``PLAY`` (tricks being played) -> ``AFTER_PLAY`` (13 tricks
done: claims, honours, marks) -> ``AFTER_CUT`` (cards cut for the next deal) -> next ``deal``.
Legality is a query (``expected_seat``, ``legal_plays``); applying an event records the fact
whatever happened. Irregularities at the table become findings; facts that cannot all be
true (a card not in the hand, a hand of 12) raise ``InputError`` with the event's pointer.
Claims, penalties and honours are only collected here; ``judge`` rules on them once the
whole deal is known.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar, cast

from adjudicator.cards import RANKS, Card, Suit, sort_hand, whist_pack
from adjudicator.engine.tricks import PlayedCard, legal_follows
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.facts import LedOutOfTurn, PlayedOutOfTurn, Revoked
from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist.calls import apply_call, check_play, lapse
from adjudicator.games.whist.facts import (
    DealFacts,
    MisdealFacts,
    Phase,
    TimedEvent,
    Trick,
    WhistReplay,
    lawful_trick,
)
from adjudicator.games.whist.follow import SUIT_CARDS, check_follow
from adjudicator.games.whist.position import apply_position, revealed, stop_part_way
from adjudicator.games.whist.rest import claim_rest
from adjudicator.games.whist.table import Table
from adjudicator.games.whist.withdrawals import apply_retract
from adjudicator.record.whist import (
    WhistCall,
    WhistClaim,
    WhistClaimRest,
    WhistCut,
    WhistDeal,
    WhistEvent,
    WhistHonours,
    WhistMisdeal,
    WhistPenalty,
    WhistPlay,
    WhistPosition,
    WhistRecord,
    WhistResult,
    WhistRetract,
    WhistRules,
    WhistScore,
)
from adjudicator.seats import WHIST_SEATS, WhistSeat, left_of, partner_of

E = TypeVar("E")
_LEFT: dict[str, str] = {seat: left_of(seat) for seat in WHIST_SEATS}
_PARTNER: dict[str, str] = {seat: partner_of(seat) for seat in WHIST_SEATS}
_RANK = {rank: position for position, rank in enumerate(RANKS)}  # 0 is the ace
_POWER = {card: _RANK[card.rank] for card in whist_pack()}  # by card: one lookup, not two


def _trick_order(trump: Suit, led: Suit) -> dict[Card, int]:
    """Each card's standing in a trick (WHIST-PLAY-4): any trump above any card of the suit
    led, higher rank above lower, and a card of neither suit nowhere (0)."""
    order = {}
    for card, power in _POWER.items():
        strength = len(RANKS) - power  # 13 for the ace .. 1 for the deuce
        if card.suit is trump:
            order[card] = 200 + strength
        elif card.suit is led:
            order[card] = 100 + strength
        else:
            order[card] = 0
    return order


#: By trump suit, then suit led: the trick's winner is the card of highest standing. One
#: table, so the replay's hot loop decides a trick with four look-ups and a ``max``.
_TRICK_ORDER = {trump: {led: _trick_order(trump, led) for led in Suit} for trump in Suit}


def _winner(plays: list[PlayedCard], trump: Suit) -> int:
    """The index of the winning card of a complete trick (WHIST-PLAY-4)."""
    order = _TRICK_ORDER[trump][plays[0].card.suit]
    standing = [order[p.card] for p in plays]
    return standing.index(max(standing))


def _may_play_before_partner(seat: str, plays: list[PlayedCard], findings: list[Finding]) -> bool:
    """Whether ``seat`` is the fourth hand and the third hand has played before the second
    (ENG1900-70, ENG64-67, AWL-25: the fourth hand may then play before his partner). The
    third hand's card must have been played out of turn, not left on the table when the
    second hand took his back (a renounce corrected: the second then plays again first)."""
    if len(plays) != 2:
        return False
    leader, third = plays[0].seat, plays[1]
    if third.seat != _PARTNER[leader] or seat != _PARTNER[_LEFT[leader]]:
        return False
    return any(f.event == third.event and f.rule == "WHIST-IRREG-2" for f in reversed(findings))


_PLAY = Phase.PLAY  # a module global: an Enum class attribute lookup is slow in the hot loop


class WhistState(Table):
    """The table during the replay. ``apply(index, event)`` is the only mutator; the data
    is ``Table``'s, the rules on positions, calls, claims of the rest, following suit and
    cards taken back are functions over it (``position``, ``calls``, ``rest``, ``follow``,
    ``withdrawals``)."""

    # Queries ---------------------------------------------------------------------------

    def may_play_now(self, seat: str) -> bool:
        """Whether the seat may lawfully play now: his turn, or the fourth hand's leave to play
        before his partner once the third hand has played before the second (ENG1900-70)."""
        if seat == self.expected_seat():
            return True
        trick = self.deals[-1].tricks[-1]
        return not trick.quitted and _may_play_before_partner(seat, trick.plays, self.findings)

    def legal_plays(self, seat: str) -> list[Card]:
        """What the seat may lawfully play now (WHIST-PLAY-3), in display order."""
        trick = self.trick
        on_table = not trick.quitted and 0 < len(trick.plays) < 4
        led = trick.plays[0].card.suit if on_table else None
        return sort_hand(legal_follows(self.hands[seat], led))

    # The one mutator ---------------------------------------------------------------------

    def apply(self, index: int, event: WhistEvent) -> None:
        if type(event) is WhistPlay:  # nine events in ten: straight to it
            self._apply_play(index, event)
            return
        match event:  # the usual events first: each case is an isinstance test, tried in turn
            case WhistScore():
                self._require_deal(index, "score")
                deal = self.deal if event.ref is None else self._marked_deal(index, event.ref)
                deal.marks.append(TimedEvent(index, event))
            case WhistDeal():
                self._apply_deal(index, event)
            case WhistCut():
                self._require_deal(index, "cut")
                if self.phase == Phase.PLAY:
                    raise InputError(
                        pointer_of("events", index),
                        f"the cards are cut while deal {self.deal.number} is still being played "
                        f"({len(self._complete_tricks())} of 13 tricks)",
                    )
                self.phase = Phase.AFTER_CUT
                self.deal.cut_event = index
            case WhistHonours():
                self._require_deal(index, "honours claim")
                self._apply_honours(index, event)
            case WhistResult():
                if not self.deals:
                    self.early_results.append(TimedEvent(index, event))
                else:
                    self.deal.results.append(TimedEvent(index, event))
            case WhistClaim():
                self._require_deal(index, "claim")
                self._target_deal(index, event.ref).claims.append(
                    self._timed(index, event, event.ref)
                )
            case WhistPenalty():
                self._require_deal(index, "penalty")
                self._target_deal(index, None).penalties.append(self._timed(index, event, None))
            case WhistPosition():
                if self.phase is _PLAY:
                    self._incomplete_deal(index)
                self._establish_all()
                apply_position(self, index, event)
            case WhistRetract():
                apply_retract(self, index, event)
            case WhistMisdeal():
                self._apply_misdeal(index, event)
            case WhistClaimRest():
                claim_rest(self, index, event)
            case WhistCall():
                apply_call(self, index, event)
            case WhistPlay():
                self._apply_play(index, event)

    def finish(self) -> WhistReplay:
        """Close the record: the last deal must have been played out, unless it began at a
        position (a fragment may stop where the dispute ends)."""
        if self.phase == Phase.PLAY:
            if self.deal.position is None and not self.stops_part_way:
                self._incomplete_deal(None)
            stop_part_way(self)
        self._establish_all()
        return WhistReplay(self.deals, self.findings, self.early_results, self.misdeals)

    # Deal (WHIST-DEAL-3; the rotation, WHIST-DEAL-4 and -7, needs the score: judge) ------

    def _apply_deal(self, index: int, event: WhistDeal) -> None:
        if self.phase is _PLAY:
            self._incomplete_deal(index)
        self._establish_all()
        given = event.hands
        hands: dict[str, list[Card]] = {s: list(given[s]) for s in WHIST_SEATS if s in given}
        if (
            len(hands) != 4
            or any(len(cards) != 13 for cards in hands.values())
            or len(set().union(*hands.values())) != 52
            or event.trump not in hands[event.dealer]
        ):
            raise InputError.of(self._deal_problems(index, event))
        number = len(self.deals) + 1
        deal = DealFacts(number, index, event.dealer, event.trump, hands)
        deal.tricks.append(Trick(1, _LEFT[event.dealer]))
        self.deals.append(deal)
        self.hands = {seat: set(cards) for seat, cards in hands.items()}
        self.exposed = {seat: set() for seat in WHIST_SEATS}
        self.phase = _PLAY

    def _apply_misdeal(self, index: int, event: WhistMisdeal) -> None:
        """A deal that does not stand. Between deals it only moves the turn to deal; during
        the play only a pack found imperfect stops the deal, which is then void (WHIST-DEAL-5:
        scores made before stand). A misdeal implies the cards were gathered and cut again."""
        voids = None
        if self.phase is _PLAY:
            deal = self.deal
            if event.reason != "imperfect-pack" or deal.position is not None:
                raise InputError(
                    pointer_of("events", index, "reason"),
                    f"a misdeal while deal {deal.number} is being played"
                    f" ({len(self._complete_tricks())} of 13 tricks): once play has begun only a"
                    " pack found imperfect (imperfect-pack) ends a deal begun at its deal;"
                    " otherwise the deal stands and is played out",
                )
            if event.dealer != deal.dealer:
                raise InputError(
                    pointer_of("events", index, "dealer"),
                    f"deal {deal.number} in play was dealt by {deal.dealer}, not {event.dealer}",
                )
            deal.void_at = voids = index
            self.pending.clear()
        self.misdeals.append(
            MisdealFacts(
                TimedEvent(index, event),
                len(self.deals) + 1,
                None if voids is None else self.deal.number,
            )
        )
        if self.deals and event.reason != "pack-not-cut":
            self.phase = Phase.AFTER_CUT
            if self.deal.cut_event is None:
                self.deal.cut_event = index
        elif self.deals and self.phase is _PLAY:
            self.phase = Phase.AFTER_CUT

    @staticmethod
    def _deal_problems(index: int, event: WhistDeal) -> list[Problem]:
        """Everything wrong with a deal that is not 4 x 13 distinct cards with the trump card
        in the dealer's hand: each hand missing, each card dealt twice, each wrong size."""
        where = pointer_of("events", index)
        seen: dict[Card, str] = {}
        problems: list[Problem] = []
        for seat in WHIST_SEATS:
            if seat not in event.hands:
                problems.append(
                    Problem(
                        f"{where}/hands",
                        f"no hand for {seat}: a deal gives all four hands (a deal known only"
                        " in part is recorded as a position)",
                    )
                )
                continue
            cards = event.hands[seat]
            for position, card in enumerate(cards):
                if card in seen:
                    problems.append(
                        Problem(
                            f"{where}/hands/{seat}/{position}",
                            f"{card} is dealt twice (also to {seen[card]})",
                        )
                    )
                seen.setdefault(card, seat)
            if len(cards) != 13:
                problems.append(
                    Problem(f"{where}/hands/{seat}", f"{seat} holds {len(cards)} cards, not 13")
                )
        if event.dealer in event.hands and event.trump not in event.hands[event.dealer]:
            problems.append(
                Problem(
                    f"{where}/trump",
                    f"the trump card {event.trump} is not in the dealer's ({event.dealer}) hand",
                )
            )
        if not problems:  # pragma: no cover - 4 x 13 distinct cards are the whole pack
            missing = [str(c) for c in whist_pack() if c not in seen]
            problems.append(Problem(f"{where}/hands", f"cards missing from the pack: {missing}"))
        return problems

    def _incomplete_deal(self, index: int | None) -> None:
        done = len(self._complete_tricks())
        raise InputError(
            "/events" if index is None else pointer_of("events", index),
            f"deal {self.deal.number} was not played out: {done} of 13 tricks complete "
            "(hand-record/1 records every card played)",
        )

    def _complete_tricks(self) -> list[Trick]:
        return [t for t in self.deal.tricks if len(t.plays) == 4]

    # Play (WHIST-PLAY-2..5, WHIST-IRREG-1, -2, WHIST-REVOKE-1, -3) ----------------------------

    def _apply_play(self, index: int, event: WhistPlay) -> None:
        """Nine events in ten: the lawful case is kept short; findings only when it is not."""
        if self.phase is not _PLAY:
            raise InputError(f"/events/{index}", self._no_play_message())
        seat = event.seat
        card = event.card
        deal = self.deals[-1]
        trick = deal.tricks[-1]
        plays = trick.plays
        count = len(plays)
        if count == 4:
            self._quit(trick, index)
            trick = Trick(trick.number + 1, trick.winner or trick.leader)
            deal.tricks.append(trick)
            plays = trick.plays
            count = 0
        hand = self.hands[seat]
        if card not in hand:
            raise InputError(f"/events/{index}/card", self._not_held_message(seat, card))
        if not count:
            expected = trick.leader
        else:
            last = plays[-1].seat
            expected = _LEFT[last]  # the usual case: play passes to the left
            if expected == plays[0].seat or (count > 1 and last != _LEFT[plays[-2].seat]):
                expected = self.expected_seat()
            # the expected seat has not played to this trick; any other seat may have
            if seat != expected and seat in [p.seat for p in plays]:
                raise InputError(
                    f"/events/{index}/seat",
                    f"{seat} has already played to trick {trick.number}; a second card to the "
                    "same trick must be taken back with a retract first",
                )
        if self.pending:
            self._establish_by_play(seat, trick.number, index)
        if seat != expected and not _may_play_before_partner(seat, plays, self.findings):
            self._out_of_turn(index, seat, card, expected, trick)
        if count and card.suit is not plays[0].card.suit:
            check_follow(self, index, seat, card, trick)
        if self.calls:
            check_play(self, index, seat, card, trick)
        hand.remove(card)
        exposed = self.exposed[seat]
        if exposed:
            exposed.discard(card)
        plays.append(PlayedCard(seat, card, index))
        if count == 3:
            trick.winner = plays[_winner(plays, deal.trump.suit)].seat
            if trick.number == 13:
                self._quit(trick, index)
                deal.end_event = index
                self.phase = Phase.AFTER_PLAY

    def play_lawful_tricks(self, events: Sequence[WhistEvent], index: int) -> int:
        """Apply whole lawful tricks from ``events[index]`` on; return the first index not applied.

        Why: nearly every event is a play and nearly every trick is lawful, so checking a
        trick's four plays at once, in locals, costs far less than four ``_apply_play`` calls.
        Only the lawful case is accepted: no renounce pending and no card exposed, a trick
        about to start, then four plays, each by the seat in turn from the leader, of a card
        it holds, following suit or holding none of the suit led. At the first trick that is
        anything else it stops before touching it, so the per-event path (``apply``) rules on
        that trick and every finding, ``InputError`` and pointer comes from there. The state
        it leaves is the state ``apply`` would leave, event by event.
        """
        if self.phase is not _PLAY or self.pending or self.calls or any(self.exposed.values()):
            return index
        deal = self.deals[-1]
        if deal.unknown:  # a seat's unshown cards may hold the suit he renounces
            return index
        tricks = deal.tricks
        trick = tricks[-1]
        if trick.lawful is None and len(trick.plays) not in (0, 4):  # a trick part-played
            return index
        # WHIST-PLAY-2: the last trick's winner leads (a complete trick has its winner)
        started = trick.lawful is not None or bool(trick.plays)
        if not started and (trick.false_lead is not None or trick.free_withdrawals):
            return index
        leader = (trick.winner or trick.leader) if started else trick.leader
        hands = self.hands
        trick_order = _TRICK_ORDER[deal.trump.suit]
        left = _LEFT
        suit_cards = SUIT_CARDS
        last = len(events) - 4  # the last index that starts four events
        while index <= last:
            e0, e1, e2, e3 = events[index : index + 4]
            if not (
                type(e0) is WhistPlay
                and type(e1) is WhistPlay
                and type(e2) is WhistPlay
                and type(e3) is WhistPlay
            ):
                break
            s0, s1, s2, s3 = e0.seat, e1.seat, e2.seat, e3.seat
            if s0 != leader or s1 != left[s0] or s2 != left[s1] or s3 != left[s2]:
                break
            c0, c1, c2, c3 = e0.card, e1.card, e2.card, e3.card
            h0, h1, h2, h3 = hands[s0], hands[s1], hands[s2], hands[s3]
            if c0 not in h0 or c1 not in h1 or c2 not in h2 or c3 not in h3:
                break
            led = c0.suit  # WHIST-PLAY-3: follow suit if able
            if (
                (c1.suit is not led and not h1.isdisjoint(suit_cards[led]))
                or (c2.suit is not led and not h2.isdisjoint(suit_cards[led]))
                or (c3.suit is not led and not h3.isdisjoint(suit_cards[led]))
            ):
                break
            h0.remove(c0)
            h1.remove(c1)
            h2.remove(c2)
            h3.remove(c3)
            order = trick_order[led]  # WHIST-PLAY-4
            k0, k1, k2, k3 = order[c0], order[c1], order[c2], order[c3]
            best = max(k0, k1, k2, k3)
            winner = s0 if best == k0 else s1 if best == k1 else s2 if best == k2 else s3
            cards = (s0, c0, s1, c1, s2, c2, s3, c3, index)
            if started:  # the lead quits the trick before (AMB-17)
                trick.quitted = True
                trick = lawful_trick(trick.number + 1, leader, winner, cards)
                tricks.append(trick)
            else:  # the deal's first trick, not begun: made again, lawful
                trick = tricks[-1] = lawful_trick(trick.number, leader, winner, cards)
                started = True
            leader = winner
            index += 4
            if trick.number == 13:
                trick.quitted = True
                deal.end_event = index - 1
                self.phase = Phase.AFTER_PLAY
                break
        return index

    def _out_of_turn(self, index: int, seat: str, card: Card, expected: str, trick: Trick) -> None:
        if not trick.plays:
            trick.false_lead = index
            completed = self.rules.false_lead_completed_penalty
            self.findings.append(
                make_finding(
                    "WHIST-IRREG-1",
                    "violation",
                    facts=LedOutOfTurn(
                        seat=seat,
                        card=str(card),
                        deal=self.deal.number,
                        trick=trick.number,
                        turn=expected,
                        if_completed="suit-call" if completed == "suit_call_survives" else "none",
                    ),
                    event=index,
                    deal=self.deal.number,
                    trick=trick.number,
                    seat=seat,
                    legal=[f"{expected} to lead"],
                )
            )
        else:
            self.findings.append(
                make_finding(
                    "WHIST-IRREG-2",
                    "violation",
                    facts=PlayedOutOfTurn(
                        seat=seat,
                        card=str(card),
                        deal=self.deal.number,
                        trick=trick.number,
                        turn=expected,
                    ),
                    event=index,
                    deal=self.deal.number,
                    trick=trick.number,
                    seat=seat,
                    legal=[f"{expected} to play"],
                )
            )

    def _establish_by_play(self, seat: WhistSeat, trick_number: int, index: int) -> None:
        """The revoker or his partner playing to a later trick establishes (WHIST-REVOKE-3)."""
        if not self.pending:
            return
        for renounce in self.pending:
            if trick_number > renounce.trick and seat in (renounce.seat, partner_of(renounce.seat)):
                renounce.established_at = index
        self._settle_pending()

    def _quit(self, trick: Trick, index: int) -> None:
        """The trick is turned and quitted (by the next lead, AMB-17): renounces in it stand."""
        trick.quitted = True
        if not self.pending:
            return
        if self.rules.infer_quit_from_next_lead or trick.number == 13:
            for renounce in self.pending:
                if renounce.trick == trick.number and renounce.established_at is None:
                    renounce.established_at = index
        self._settle_pending()

    def _settle_pending(self) -> None:
        for renounce in [r for r in self.pending if r.is_established]:
            self.pending.remove(renounce)
            self.deal.renounces.append(renounce)
            self.findings.append(
                make_finding(
                    "WHIST-REVOKE-1",
                    "violation",
                    facts=Revoked(
                        seat=renounce.seat,
                        card=str(renounce.card),
                        led=renounce.led.noun[:-1],
                        held=tuple(str(c) for c in renounce.held),
                        deal=self.deal.number,
                        trick=renounce.trick,
                        established_at=cast(int, renounce.established_at),
                    ),
                    event=renounce.event,
                    deal=self.deal.number,
                    trick=renounce.trick,
                    seat=renounce.seat,
                    basis=["WHIST-PLAY-3", "WHIST-REVOKE-3"],
                    legal=[str(c) for c in renounce.held],
                )
            )

    def _establish_all(self) -> None:
        """At the end of a deal every trick is quitted: what is still pending stands."""
        if self.calls:
            lapse(self)
        if self.deals and self.pending:
            for renounce in self.pending:
                renounce.established_at = self.deal.end_event
            self._settle_pending()

    # Claims and honours: collected for judge -------------------------------------------------

    def _timed(self, index: int, event: E, ref: int | str | None) -> TimedEvent[E]:
        target = self._target_deal(index, ref)
        late_deal = target is not self.deal
        after_cut = late_deal or self.phase == Phase.AFTER_CUT
        marks_before = bool(target.marks)
        return TimedEvent(
            index, event, after_cut=after_cut, after_first_mark=marks_before, late_deal=late_deal
        )

    def _marked_deal(self, index: int, ref: int | str) -> DealFacts:
        """The deal a mark written later scores (``ref``): an earlier deal, or this one."""
        if TYPE_CHECKING:  # ``load`` resolves a ref by id to the event's index
            assert isinstance(ref, int)
        if ref >= index:
            raise InputError(
                pointer_of("events", index, "ref"),
                f"a mark is written for a deal already dealt: event {ref} is not before it",
            )
        return self._target_deal(index, ref)

    def _target_deal(self, index: int, ref: int | str | None) -> DealFacts:
        """The deal a claim is about: the one holding ``ref``, else the current one."""
        if ref is None:
            return self.deal
        if TYPE_CHECKING:  # ``load`` resolves a ref by id to the event's index
            assert isinstance(ref, int)
        for deal in reversed(self.deals):
            if deal.event <= ref:
                return deal
        raise InputError(
            pointer_of("events", index, "ref"), f"event {ref} is before the first deal"
        )

    def _apply_honours(self, index: int, event: WhistHonours) -> None:
        """Honours are claimed after the hand; a claim during the next deal's play is late."""
        if self.phase == Phase.PLAY and len(self.deals) > 1:
            target = self.deals[-2]
            late_deal = True
        else:
            target = self.deal
            late_deal = False
        target.honours.append(
            TimedEvent(
                index,
                event,
                after_cut=late_deal or self.phase == Phase.AFTER_CUT,
                late_deal=late_deal,
            )
        )

    # Messages for impossible facts ---------------------------------------------------------

    def _require_deal(self, index: int, what: str) -> None:
        if not self.deals:
            raise InputError(pointer_of("events", index), f"a {what} before any deal")

    def _no_play_message(self) -> str:
        if self.phase == Phase.DEAL:
            return "a card is played before any deal"
        if self.deal.rest is not None:
            return (
                f"a card is played after deal {self.deal.number} ended on the claim of the"
                f" tricks not played at event {self.deal.rest.event}"
            )
        if self.deal.void_at is not None:
            return (
                f"a card is played after deal {self.deal.number} was stopped by the misdeal at"
                f" event {self.deal.void_at}"
            )
        return f"a card is played after all 13 tricks of deal {self.deal.number}"

    def _not_held_message(self, seat: str, card: Card) -> str:
        for trick in self.deal.tricks:
            for played in trick.plays:
                if played.card == card:
                    return (
                        f"{seat} does not hold {card}: it was played by {played.seat} to trick "
                        f"{trick.number} (event {played.event})"
                    )
        owner = next(s for s in WHIST_SEATS if card in self.hands[s])
        return f"{seat} does not hold {card}: {owner} holds it"


def iter_states(record: WhistRecord, rules: WhistRules) -> Iterator[tuple[int, WhistState]]:
    """Replay event by event, yielding the live state after each event (python-chess style).

    The state is the same object each time: read what you need before the next step.
    Raises ``InputError`` where the record states impossible facts.
    """
    state = WhistState(rules)
    state.revealed = revealed(record.events)
    for index, event in enumerate(record.events):
        state.apply(index, event)
        yield index, state


def replay(record: WhistRecord, rules: WhistRules) -> WhistReplay:
    """Replay every event in order; findings of play are collected, never raised."""
    state = WhistState(rules)
    if WhistPosition in map(type, record.events):  # a fragment (in C: no Python loop)
        state.revealed = revealed(record.events)
    apply, play, lawful = state.apply, state._apply_play, state.play_lawful_tricks
    events = record.events
    index = 0
    while index < len(events):
        event = events[index]
        if type(event) is WhistPlay:  # straight to the hot path, as ``apply`` would
            after = lawful(events, index)  # whole lawful tricks at once, if any
            if after != index:
                index = after
                continue
            play(index, event)
        else:
            apply(index, event)
        index += 1
    return state.finish()
