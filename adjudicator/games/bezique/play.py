"""The play of a card (BEZ-PLAY-1..3, BEZ-IRREG-8, RUB-LAW-24, BEZ-LAST-2): where the card
comes from (hand or table copy), the size of the hand, the trick it goes to, who wins it.

Functions over the state's data (``base.StateBase``); ``state`` dispatches ``play`` events to
``apply_play`` (the replay's hottest handler: plain attributes, the common case first).
"""

from __future__ import annotations

from adjudicator.cards import Card
from adjudicator.engine.tricks import PlayedCard, beats
from adjudicator.errors import InputError
from adjudicator.facts.bezique_play import (
    BeziqueLedOutOfTurn,
    BeziqueMissedDraw,
    BeziqueWrongHandSize,
    WrongSizeRemedy,
)
from adjudicator.findings import cite
from adjudicator.games.bezique import declarations
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.endplay import check_endplay
from adjudicator.games.bezique.facts import (
    _DEAL,
    _DONE,
    _END,
    _STOCK,
    SEATS,
    Phase,
    TableCard,
    Trick,
    other,
)
from adjudicator.games.bezique.holdings import (
    choose,
    distinct_copies,
    pending_uids,
    pick_table_card,
    re_form,
)
from adjudicator.games.bezique.position import (
    could_hold,
    endplay_unknown,
    materialise,
    resolve_pending,
)
from adjudicator.games.bezique.stock import _exhaust, remedy_draw
from adjudicator.games.bezique.tables import RANKS
from adjudicator.record.bezique import BeziquePlay

#: (Rubicon, over) -> the rule a hand of the wrong size breaks and what the laws make of it
_WRONG_SIZE: dict[tuple[bool, bool], tuple[str, WrongSizeRemedy]] = {
    (False, True): ("BEZ-IRREG-4", "ordinary-remedy"),
    (False, False): ("BEZ-IRREG-4", "ordinary-remedy"),
    (True, True): ("RUB-LAW-17", "rubiconed"),
    (True, False): ("RUB-LAW-19", "adversary-scores-last-trick"),
}


def apply_play(state: StateBase, index: int, event: BeziquePlay) -> None:
    phase = state.phase
    if phase is _DEAL or phase is _DONE:
        raise _out_of_play(state, index, phase)
    seat, card, given = event.seat, event.card, event.from_
    trick = state.current
    if trick is None or trick.winner is not None:
        # first, as closing the last draws may exhaust the stock: the table cards then go
        # back to the hand and the end-play begins before this card is looked for
        trick = _open_trick(state, index, seat)
        phase = state.phase
    elif trick.plays[0].seat == seat:
        raise InputError(
            f"/events/{index}/seat", f"{seat} has already played to trick {trick.number}"
        )
    hand = state.hand[seat]  # (the same Counter all deal long: ``_exhaust`` adds to it)
    source: str
    copy: TableCard | None = None
    if (
        given != "table"
        and hand.get(card, 0) > 0
        and (given == "hand" or not state.on_table[seat].get(card))
    ):
        source = "hand"  # the common case: a card held in the hand, and only there
    else:
        source, copy = _source(state, index, seat, card, given)
    state.sources[index] = [source]
    if seat in state.missed:
        _played_short(state, index, seat, trick)
    deal = state.deal
    count = state.count
    if seat not in deal.wrong_size and seat not in deal.missed_draw:
        # BEZ-IRREG-4, laws 17, 19: 8 (Rubicon 9) while the stock lasts, then one fewer a trick
        # (from the end-play's first trick: an odd stock, law 32, may bring it on early)
        expected = (
            state._hand_size - trick.number + state.endplay_from
            if trick.endplay
            else state._hand_size
        )
        if count[seat] != expected:
            _wrong_size(state, index, seat, trick, expected)
    plays = trick.plays
    if (
        trick.endplay
        and len(plays) == 1
        and check_endplay(state, index, seat, card, trick)
        and state.unknown.get(seat)
    ):
        endplay_unknown(state, index, seat, card, trick)  # a fragment's unknown cards
    if state.cb.get(seat) == "offered":  # (only Rubicon has carte blanche)
        state.cb[seat] = "declared"  # the drawn card was not shown in time; the chain goes on
    if phase is _END:
        state.suits[seat][card.suit] -= 1
        if state.pending:
            resolve_pending(state, index, seat, card)
    if source == "hand":
        count[seat] -= 1
        hand[card] -= 1
        if state._refill and state.on_table[seat].get(card):
            re_form(state, seat, card)
    else:
        _remove(state, seat, card, source, index, copy)
    plays.append(PlayedCard(seat, card, index))
    if len(plays) == 2:
        lead = plays[0]
        led = lead.card
        second_wins = beats(card, led, deal.trump, RANKS)  # BEZ-PLAY-3
        winner = trick.winner = seat if second_wins else lead.seat
        if trick.endplay:
            if count[lead.seat] == 0 or count[seat] == 0:
                state.phase = _DONE  # a player short of cards ends it early (law 19)
        else:
            state.window = {
                "winner": winner,
                "trick": trick.number,
                "drawn": [],
                "scored": None,
                "declared": False,
            }


def _out_of_play(state: StateBase, index: int, phase: Phase) -> InputError:
    """A card played before the first deal or after the last trick of a deal."""
    return InputError(
        f"/events/{index}",
        "a card is played before any deal"
        if phase is _DEAL
        else f"a card is played after the last trick of deal {state.deal.number}",
    )


def _source(
    state: StateBase, index: int, seat: str, card: Card, given: str | None
) -> tuple[str, TableCard | None]:
    """Hand or table, and which table copy: when more than one could be meant, the
    reading's choice (``choose``), the hand first, then the copy with least history."""
    where = f"/events/{index}/card"
    on_table = state.on_table[seat].get(card, 0) > 0
    in_hand = state.hand[seat][card] > 0
    if given == "table" and not on_table:
        raise InputError(where, f"{seat} has no {card} on the table")
    if given == "hand" and not in_hand and not materialise(state, seat, card):
        raise InputError(where, f"{seat} has no {card} in the hand")
    in_hand = state.hand[seat][card] > 0
    if not (in_hand or on_table):
        if given == "table" or not materialise(state, seat, card):
            raise InputError(where, f"{seat} does not hold {card}")
        in_hand = True  # one of his unknown cards (a deal begun at a position)
    options: list[TableCard | None] = [None] if in_hand and given != "table" else []
    if on_table and given != "hand":
        # a copy spent in scored combinations before one a carried declaration needs: law
        # 46 loses it only when its own card is played (the lawful reading first)
        pending = pending_uids(state, seat)
        copies = distinct_copies(state, seat, card)
        copies.sort(key=lambda t: t.uid in pending)
        options.extend(copies)
    # a deal begun at a position: the card may also be one of the unknown cards, when the
    # hand holds no known copy (offered last: the record's copies are read first)
    unknown = not in_hand and given != "table" and bool(could_hold(state, seat, [card]))
    if unknown:
        options.append(None)
    pick = options[choose(state, index, len(options))] if len(options) > 1 else options[0]
    if pick is None and not in_hand:
        materialise(state, seat, card)
    return ("hand", None) if pick is None else ("table", pick)


def _played_short(state: StateBase, index: int, seat: str, trick: Trick) -> None:
    """The seat that did not draw plays again (BEZ-IRREG-1, RUB-IRREG-12)."""
    missed = state.missed.pop(seat)
    rule = "RUB-IRREG-12" if state.rubicon else "BEZ-IRREG-1"
    state.find(
        rule,
        "violation",
        facts=BeziqueMissedDraw(
            seat=seat,
            deal=state.deal.number,
            trick=trick.number,
            after=missed,
            remedy="adversary-scores-last-trick" if state.rubicon else "draw-two-next",
        ),
        event=index,
        seat=seat,
        trick=trick.number,
        basis=["RUB-LAW-19"] if state.rubicon else [],
    )


def _open_trick(state: StateBase, index: int, seat: str) -> Trick:
    deal = state.deal
    tricks = deal.tricks
    number = len(tricks) + 1
    # ``expected_leader``: the winner of the trick before (a new trick follows a complete one)
    last = tricks[-1].winner if tricks else None
    leader = last or other(deal.dealer)
    if state.phase is _STOCK and state.window:
        _close_window(state, index)
    # positional (number, leader, plays, winner, endplay): half the cost of keywords
    trick = Trick(number, leader, [], None, state.phase is _END)
    tricks.append(trick)
    deal.first_trick_events[number] = index
    state.current = trick
    if seat != leader:
        rule = "RUB-LAW-24" if state.rubicon else "BEZ-IRREG-8"
        state.find(
            rule,
            "violation",
            facts=BeziqueLedOutOfTurn(seat=seat, deal=deal.number, trick=number, leader=leader),
            event=index,
            seat=seat,
            trick=number,
            legal=[f"{leader} to lead"],
        )
    return trick


def _close_window(state: StateBase, index: int) -> None:
    """The next lead: a seat that has not drawn forgot to (BEZ-IRREG-1, RUB-IRREG-12);
    the finding is made when that seat next plays, a card short."""
    drawn = state.window.get("drawn", [])
    assert isinstance(drawn, list)
    if state.remaining > 0 or len(drawn) == 1:
        missed_draw = state.deal.missed_draw
        for seat in SEATS:
            if (
                seat not in drawn
                and seat not in missed_draw
                and not remedy_draw(state, seat, short=False)
            ):
                missed_draw.add(seat)
                state.missed[seat] = int(state.window["trick"])
    state.window = {}
    if state.rubicon and state.remaining == 1:
        _exhaust(state, index)  # law 32: the odd last card of the stock is not drawn


def _wrong_size(state: StateBase, index: int, seat: str, trick: Trick, expected: int) -> None:
    """A player must hold 8 (Rubicon 9) while the stock lasts (BEZ-IRREG-4, laws 17, 19)."""
    held = state.count[seat]
    over = held > expected
    sizes = state.deal.wrong_size
    sizes[seat] = "over" if over else "short"
    rule, remedy = _WRONG_SIZE[state.rubicon, over]
    if state.rubicon and set(sizes.values()) == {"over", "short"}:
        # one over nine, the other short: law 21 rules both hands
        rule, remedy = "RUB-LAW-21", "neither-scores-last-trick"
        state.findings[:] = [
            f.model_copy(
                update={
                    "rule": rule,
                    "citation": cite(rule),
                    "facts": f.facts.model_copy(update={"remedy": remedy}),
                }
            )
            if f.deal == state.deal.number
            and f.rule in ("RUB-LAW-17", "RUB-LAW-19")
            and isinstance(f.facts, BeziqueWrongHandSize)
            else f
            for f in state.findings
        ]
    state.find(
        rule,
        "violation",
        facts=BeziqueWrongHandSize(
            seat=seat,
            deal=state.deal.number,
            trick=trick.number,
            held=held,
            expected=expected,
            remedy=remedy,
        ),
        event=index,
        seat=seat,
        trick=trick.number,
    )


def _remove(
    state: StateBase, seat: str, card: Card, source: str, index: int, copy: TableCard | None = None
) -> None:
    state.count[seat] -= 1
    if source == "table":
        table_card = copy or pick_table_card(state, seat, card)
        state.table[seat].remove(table_card)
        state.on_table[seat][card] -= 1
        declarations.break_pending(state, seat, table_card.uid, index)
        return
    state.hand[seat][card] -= 1
    if state._refill:
        re_form(state, seat, card)
