"""The replay's fast paths: runs of lawful tricks and draws, taken many events at a time.

Functions over the state's data (``base.StateBase``): they read and write its
containers, and leave it exactly as the per-event handlers would.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from adjudicator.cards import Card
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.endplay import endplay_lawful
from adjudicator.games.bezique.facts import (
    _DONE,
    _OTHER,
    _RANK_ORDER,
    Mark,
    TableCard,
    lawful_trick,
    other,
)
from adjudicator.games.bezique.holdings import pick_table_card, re_form
from adjudicator.record.bezique import (
    BeziqueDraw,
    BeziqueEvent,
    BeziquePlay,
    BeziqueScore,
)

# Runs of lawful tricks of the stock phase and of the end-play (``replay``).


def _run_allowed(state: StateBase) -> bool:
    """Nothing pending that the per-event handlers must rule on."""
    deal = state.deal
    trick = state.current
    return not (
        state.missed
        or state.cb
        or deal.wrong_size
        or deal.missed_draw
        or (trick is not None and trick.winner is None)  # a trick in progress
    )


def run_stock(state: StateBase, events: Sequence[BeziqueEvent], index: int) -> int:
    """Lawful tricks of the stock phase, the draws after each and the marks between
    them (a trick's window is written only for the last one: nothing reads it between a
    trick and its draws). Draws and cards leaving the hand inline: a call costs more."""
    stock = state.stock
    entry = None if stock is None else _run_entry(state)
    if entry is None or stock is None:
        return index
    pending, winner = entry
    deal = state.deal
    hands, window, last_draw, on_table = state.hand, state.window, state.last_draw, state.on_table
    tricks, trump = deal.tricks, deal.trump  # (trumps fixed only by a declaration: no run)
    refill, first_events, marks = state._refill, deal.first_trick_events, deal.marks
    remaining, at, end = state.remaining, state._stock_at, len(events) - 1
    number = first = len(tricks)
    order, start = _RANK_ORDER, index
    while index < end:
        lead = events[index]
        if type(lead) is BeziqueScore and lead.for_ != "declaration":
            index = _run_mark(marks, lead, index)  # between tricks or before draws
            continue
        if pending:  # the winner's then the loser's draw of the two top cards, as named
            second, loser = events[index + 1], _OTHER[winner]
            if type(lead) is not BeziqueDraw or type(second) is not BeziqueDraw or remaining < 4:
                break  # (the last cards: turn-up, odd last card, exhaustion)
            top, under, named, named2 = stock[at], stock[at + 1], lead.card, second.card
            if (
                lead.seat != winner
                or second.seat != loser
                or (named is not None and named is not top)  # (interned: identity)
                or (named2 is not None and named2 is not under)
            ):
                break
            if number == first:  # the window the run began with
                window["drawn"] = [winner, loser]
            hand, hand2 = hands[winner], hands[loser]
            hand[top], hand2[under] = hand.get(top, 0) + 1, hand2.get(under, 0) + 1
            last_draw[winner], last_draw[loser] = top, under
            remaining, at, index, pending = remaining - 2, at + 2, index + 2, False
            continue
        follow = events[index + 1]
        if type(lead) is not BeziquePlay or type(follow) is not BeziquePlay or remaining < 2:
            break  # (the last card of the stock: the window's close may end it)
        seat, card, follower, answer = lead.seat, lead.card, follow.seat, follow.card
        if seat != winner or follower != _OTHER[seat]:
            break
        # each card from the hand if held there (``_source``), else a copy on the table
        hand, answer_hand = hands[seat], hands[follower]
        lead_copy = answer_copy = None
        if lead.from_ == "table" or not hand.get(card):
            lead_copy = _table_copy(state, seat, card, lead.from_)
            if lead_copy is None:
                break
        if follow.from_ == "table" or not answer_hand.get(answer):
            answer_copy = _table_copy(state, follower, answer, follow.from_)
            if answer_copy is None:
                break
        # BEZ-PLAY-3 (``beats``, inline): a higher card of the suit led, or a trump
        suit = answer.suit
        if suit is card.suit:
            winner = follower if order[answer] < order[card] else seat
        else:
            winner = follower if suit is trump else seat
        number += 1
        cards = (seat, card, follower, answer, index)  # (its plays made when read)
        tricks.append(lawful_trick(number, seat, winner, False, cards))
        first_events[number] = index
        if lead_copy is None and not (refill and on_table[seat].get(card)):
            hand[card] -= 1  # the common case of ``_run_take``, inline
        else:
            _run_take(state, seat, card, hand, lead_copy, refill)
        if answer_copy is None and not (refill and on_table[follower].get(answer)):
            answer_hand[answer] -= 1
        else:
            _run_take(state, follower, answer, answer_hand, answer_copy, refill)
        index += 2
        pending = True
    if index != start:
        _run_exit(state, pending, winner, remaining, at, 0 if number == first else number)
    return index


def _run_entry(state: StateBase) -> tuple[bool, str] | None:
    """Whether a run may start here, and if so: whether the draws of the trick just won
    come first (``pending``), and the seat to lead or to draw first."""
    if not _run_allowed(state):
        return None
    count, size = state.count, state._hand_size
    window = state.window
    if window:
        drawn = window["drawn"]
        if drawn:  # the last trick's draws made: both must have drawn (nothing missed)
            if "A" not in drawn or "B" not in drawn:
                return None
            pending = False
        else:
            pending = True  # the draws of the trick just won come first
    else:
        pending = False
    held = size - 1 if pending else size
    if count["A"] != held or count["B"] != held:
        return None
    deal = state.deal
    tricks = deal.tricks
    if pending:
        winner = window["winner"]
    else:
        winner = (tricks[-1].winner if tricks else None) or other(deal.dealer)
    assert isinstance(winner, str)
    return pending, winner


def _run_exit(
    state: StateBase, pending: bool, winner: str, remaining: int, at: int, last: int
) -> None:
    """The state a run leaves, as the per-event handlers would leave it (``last``: the
    number of the last trick it took, 0 if it took none)."""
    # both hold the same all run long: one fewer after a trick, as many again after the draws
    size = state._hand_size
    state.count["A"] = state.count["B"] = size - 1 if pending else size
    state.remaining, state._stock_at = remaining, at
    if last:
        state.current = state.deal.tricks[-1]
        state.window = {
            "winner": winner,
            "trick": last,
            "drawn": [] if pending else [winner, _OTHER[winner]],
            "scored": None,
            "declared": False,
        }


def _table_copy(state: StateBase, seat: str, card: Card, given: str | None) -> TableCard | None:
    """The table copy that a play of ``card`` not from the hand takes (``_source``,
    ``pick_table_card``); None when there is none to take, or when taking it would lose
    a carried declaration (``break_pending``): the per-event path rules on those."""
    if given == "hand" or not state.on_table[seat].get(card):
        return None
    copy = pick_table_card(state, seat, card)
    uid = copy.uid
    for pending in state.deal.declarations:
        if pending.seat == seat and pending.status == "to-score" and uid in pending.uids:
            return None
    return copy


def _run_take(
    state: StateBase,
    seat: str,
    card: Card,
    hand: Counter[Card],
    copy: TableCard | None,
    refill: bool,
) -> None:
    """A card of a run's trick leaves the hand (re-forming Rubicon's duplicate on the
    table, RUB-COMBO-1) or, given its table copy, the table."""
    if copy is None:
        hand[card] -= 1
        if refill and state.on_table[seat].get(card):
            re_form(state, seat, card)
    else:
        _take_from_table(state, seat, copy)


def _take_from_table(state: StateBase, seat: str, copy: TableCard) -> None:
    """``_remove`` of a table copy, in a run (which keeps the counts itself)."""
    state.table[seat].remove(copy)
    state.on_table[seat][copy.card] -= 1


def _run_mark(marks: list[Mark], event: BeziqueScore, index: int) -> int:
    """A mark other than a carried declaration's, as ``state.apply_score`` notes it: taken
    inside a run, a mark between a trick and its draws does not end the run."""
    marks.append(Mark(index, event.seat, event.for_, event.points, event.ref))
    return index + 1


def run_end(state: StateBase, events: Sequence[BeziqueEvent], index: int) -> int:
    """Lawful tricks of the end-play (BEZ-LAST-2 by the suit counts), and the marks
    between them."""
    if not _run_allowed(state):
        return index
    deal = state.deal
    tricks = deal.tricks
    number = first = len(tricks)
    held = state._tricks - number  # cards each should hold before the next trick
    count = state.count
    if count["A"] != held or count["B"] != held:
        return index
    hands, suits, on_table, refill = state.hand, state.suits, state.on_table, state._refill
    trump, first_events, marks = deal.trump, deal.first_trick_events, deal.marks
    must_win, order = state.must_win, _RANK_ORDER
    winner = (tricks[-1].winner if tricks else None) or other(deal.dealer)
    start, end = index, len(events) - 1
    while index < end and held:
        lead = events[index]
        if type(lead) is BeziqueScore and lead.for_ != "declaration":
            index = _run_mark(marks, lead, index)  # between tricks
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
            (higher or (same and not must_win)) or endplay_lawful(state, follower, answer, card)
        ):
            break
        # BEZ-PLAY-3 (``beats``, inline): a higher card of the suit led, or a trump
        winner = follower if higher or (not same and suit is trump) else seat
        number += 1
        cards = (seat, card, follower, answer, index)  # (its plays made when read)
        tricks.append(lawful_trick(number, seat, winner, True, cards))
        first_events[number] = index
        held -= 1
        count[seat] = count[follower] = held
        suits[seat][card.suit] -= 1
        suits[follower][suit] -= 1
        hand[card] -= 1
        answer_hand[answer] -= 1
        if refill:
            if on_table[seat].get(card):
                re_form(state, seat, card)
            if on_table[follower].get(answer):
                re_form(state, follower, answer)
        index += 2
    if index == start:
        return index
    if len(tricks) != first:
        state.current = tricks[-1]
    if not held:
        state.phase = _DONE  # the last card played
    return index
