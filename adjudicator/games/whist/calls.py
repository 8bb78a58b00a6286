"""Calls: a suit or the card called after a lead out of turn, an exposed card called, a
penalty waived; and whether the player called on obeyed (WHIST-IRREG-1, WHIST-PEN-2..4,
WHIST-REVOKE-2).

The replay keeps each lawful call as an obligation of the player called on; his next lead (a
suit call) or his next play (a card call) answers it. A failure to obey when he could is
treated as a revoke (ENG64-61, ENG1900-76, AWL-38): it joins the deal's revokes, established at
once, and is claimed and penalised like one. A call the laws do not give (no lead out of turn
to answer for, the wrong adversary or the wrong penalty under the American code, a card that
is not exposed) is a finding and binds nobody. Under the codes of 1900 and 1893 a call the laws
do not give, made on a player whose only offence to answer for is his exposed cards, is a wrong
penalty demanded for them: they can no longer be called (ENG1900-88, AWL-39; the code of 1864
says nothing of it, so there the cards stay liable to be called).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.cards import Card, Suit, format_cards, sort_hand
from adjudicator.errors import InputError, pointer_of
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.whist.facts import Phase, Renounce, Trick
from adjudicator.record.whist import WhistCall
from adjudicator.seats import WhistSeat, left_of, partner_of, side_of

if TYPE_CHECKING:
    from adjudicator.games.whist.state import WhistState


@dataclass(frozen=True)
class Obligation:
    """A lawful call not yet answered: the suit to lead or the card to play."""

    index: int  # the call
    by: str
    seat: WhistSeat
    suit: Suit | None = None
    card: Card | None = None


def apply_call(state: WhistState, index: int, event: WhistCall) -> None:
    """Rule on the call itself; a lawful one waits for the player's next lead or play."""
    _check(state, index, event)
    if event.what == "card" and event.card in state.exposed[event.seat]:
        if event.card in state.deal.forfeited:
            refused: tuple[str, Severity, str] | None = _forfeited(state, index, event)
        else:
            _card_call(state, index, event)  # an exposed card: whatever made it so
            return
    else:
        lead = _false_lead(state, event.seat)
        if lead is not None:
            state.deal.false_leads_answered.add(lead.event or 0)
        refused = _refused(state, event, lead)
        if lead is None and event.what != "waive":
            refused = _wrong_penalty(state, index, event) or refused
    if refused is not None:
        rule, severity, message = refused
        state.findings.append(
            make_finding(
                rule, severity, message, event=index, deal=state.deal.number, seat=event.seat
            )
        )
        return
    state.calls.append(Obligation(index, event.by, event.seat, suit=Suit(event.suit or "S")))


def _check(state: WhistState, index: int, event: WhistCall) -> None:
    """What cannot be true of a call: no deal in play, a partner calling, a field missing."""
    where = pointer_of("events", index)
    if state.phase is not Phase.PLAY:
        raise InputError(where, "a call with no deal being played")
    if side_of(event.by) == side_of(event.seat):
        raise InputError(f"{where}/by", f"{event.by} cannot call on {event.seat}, a partner")
    if event.what == "suit" and event.suit is None:
        raise InputError(f"{where}/suit", "a suit call names the suit called")
    if event.what == "card" and event.card is None:
        raise InputError(f"{where}/card", "a card call names the card called")


def _refused(
    state: WhistState, event: WhistCall, lead: Finding | None
) -> tuple[str, Severity, str] | None:
    """Why a call binds nobody (rule, severity, words), or None for a lawful suit call."""
    if lead is None:
        rule = "WHIST-PEN-3" if event.what == "suit" else "WHIST-PEN-2"
        return rule, "warning", _nothing_to_call(event)
    offence = f"{lead.seat}'s lead out of turn at trick {lead.trick}"
    if event.what == "waive":
        return "WHIST-IRREG-1", "info", f"{event.by} waived the penalty for {offence}."
    american = state.rules.code == "american-1893"
    if american and event.what == "card":
        return (
            "WHIST-PEN-4",
            "violation",
            f"{event.by} called {event.card} from {event.seat}, but under the American code a"
            " card led out of turn is not exposed and only a suit may be called: a wrong"
            f" penalty having been demanded, none can be enforced for {offence}.",
        )
    if american and left_of(event.by) != event.seat:
        return (
            "WHIST-PEN-4",
            "violation",
            f"{event.by} called a suit from {event.seat}, but under the American code only"
            f" the adversary on {event.seat}'s right, {_right_of(event.seat)}, may: the"
            f" demand being made by the wrong adversary, no penalty can be enforced for"
            f" {offence}.",
        )
    if _stood(state, lead) and state.rules.false_lead_completed_penalty != "suit_call_survives":
        return (
            "WHIST-IRREG-1",
            "warning",
            f"{event.by} called on {event.seat} for {offence}, but all four had played to it:"
            " the trick stands and no penalty remains, so the call binds nobody.",
        )
    if event.what == "card":  # English: the card led in error is exposed once taken back
        return (
            "WHIST-PEN-2",
            "warning",
            f"{event.by} called {event.card} from {event.seat}, but it is not an exposed"
            " card: the call binds nobody.",
        )
    return None


#: the codes under which a wrong penalty demanded forfeits every penalty for the offence
_FORFEITS = {
    "english-1900": "Having demanded a penalty not authorised for the offence, {side} forfeit"
    " all right to any penalty for it",
    "american-1893": "A wrong penalty having been demanded, none can be enforced for it",
}


def _wrong_penalty(
    state: WhistState, index: int, event: WhistCall
) -> tuple[str, Severity, str] | None:
    """A call with no lead out of turn to answer for, on a player holding exposed cards: a
    penalty their exposure does not carry (ENG1900-88, AWL-39). The cards are forfeited."""
    forfeit = _FORFEITS.get(state.rules.code)
    cards = sort_hand([c for c in state.exposed[event.seat] if c not in state.deal.forfeited])
    if forfeit is None or not cards:
        return None
    state.deal.forfeited.update(dict.fromkeys(cards, index))
    what = _a_suit(event) if event.what == "suit" else str(event.card)
    shown = format_cards(cards)
    return (
        "WHIST-PEN-4",
        "violation",
        f"{event.by} called {what} from {event.seat}, with no lead out of turn to answer for: a"
        f" penalty the laws do not give for the {'card' if len(cards) == 1 else 'cards'}"
        f" {event.seat} had exposed, {shown}. {forfeit.format(side=side_of(event.by))}, and"
        f" {shown} can no longer be called.",
    )


def _forfeited(state: WhistState, index: int, event: WhistCall) -> tuple[str, Severity, str]:
    """An exposed card called after a wrong penalty was demanded for it."""
    assert event.card is not None
    return (
        "WHIST-PEN-4",
        "warning",
        f"{event.by} called {event.card} from {event.seat} (event {index}), but the right to"
        f" call it was lost by the wrong penalty demanded before (event"
        f" {state.deal.forfeited[event.card]}): the call binds nobody.",
    )


def _card_call(state: WhistState, index: int, event: WhistCall) -> None:
    lead = _false_lead(state, event.seat)
    if lead is not None and lead.event is not None:
        state.deal.false_leads_answered.add(lead.event)
    state.calls.append(Obligation(index, event.by, event.seat, card=event.card))


def check_play(state: WhistState, index: int, seat: str, card: Card, trick: Trick) -> None:
    """Answer the calls on ``seat`` with the card he now plays (before it leaves his hand)."""
    leading = not trick.plays or len(trick.plays) == 4
    for call in [c for c in state.calls if c.seat == seat]:
        if call.suit is not None and not leading:
            continue  # a suit call waits for his next lead
        state.calls.remove(call)
        state.findings.append(_answer(state, call, index, card, trick, leading))


def lapse(state: WhistState) -> None:
    """Calls still unanswered when the deal ends: the player never had the turn again."""
    for call in state.calls:
        what = f"a {call.suit.noun[:-1]}" if call.suit else str(call.card)
        state.findings.append(
            make_finding(
                "WHIST-PEN-3" if call.suit else "WHIST-PEN-2",
                "info",
                f"{call.by} called {what} from {call.seat}, who had no"
                f" {'lead' if call.suit else 'turn to play'} again in the deal: nothing"
                " remains of the call.",
                event=call.index,
                deal=state.deal.number,
                seat=call.seat,
            )
        )
    state.calls.clear()


def _answer(
    state: WhistState, call: Obligation, index: int, card: Card, trick: Trick, leading: bool
) -> Finding:
    """Obeyed, paid, lapsed, or disobeyed: the finding for the call's answer."""
    number = trick.number + 1 if len(trick.plays) == 4 else trick.number
    led = None if leading else trick.plays[0].card.suit
    answer = _suit_answer if call.suit is not None else _card_answer
    words, held = answer(call, state.hands[call.seat], card, led, f"(event {index})", number)
    if held:
        return _disobeyed(state, call, index, card, number, held, words)
    return make_finding(
        "WHIST-PEN-3" if call.suit else "WHIST-PEN-2",
        "info",
        f"{words}.",
        event=call.index,
        deal=state.deal.number,
        trick=number,
        seat=call.seat,
    )


def _suit_answer(
    call: Obligation, hand: set[Card], card: Card, led: Suit | None, at: str, number: int
) -> tuple[str, list[Card]]:
    """A suit call answered by his lead: the words, and the cards of the suit he held when
    he led another (none: no failure)."""
    assert call.suit is not None
    asked = f"{call.by} called a {call.suit.noun[:-1]} from {call.seat} (event {call.index})"
    held = sort_hand([c for c in hand if c.suit is call.suit])
    if card.suit is call.suit:
        return f"{asked}; {call.seat} led {card} {at}, as called, to trick {number}", []
    if not held:
        return (
            f"{asked}; {call.seat} held none, so the penalty is paid, and led {card} {at} to"
            f" trick {number}",
            [],
        )
    return (
        f"{asked}, but {call.seat} led {card} to trick {number} holding {format_cards(held)}",
        held,
    )


def _card_answer(
    call: Obligation, hand: set[Card], card: Card, led: Suit | None, at: str, number: int
) -> tuple[str, list[Card]]:
    """A card call answered by his next play: played, lapsed (it could not be played without
    revoking), or another card played when it could have been (the called card: a failure)."""
    called = call.card
    assert called is not None
    asked = f"{call.by} called {called}, an exposed card, from {call.seat} (event {call.index})"
    if card == called:
        return f"{asked}; {call.seat} played it {at}, as called, to trick {number}", []
    if led is not None and called.suit is not led and any(c.suit is led for c in hand):
        return (
            f"{asked}; at trick {number} it could not be played without revoking, so the call"
            " lapses for that trick",
            [],
        )
    return f"{asked}, but {call.seat} played {card} to trick {number} instead", [called]


def _disobeyed(
    state: WhistState,
    call: Obligation,
    index: int,
    card: Card,
    trick: int,
    held: list[Card],
    what: str,
) -> Finding:
    """A lawful call not obeyed when it could be: the penalty of a revoke (WHIST-REVOKE-2)."""
    renounce = Renounce(
        call.seat, trick, index, card, call.suit or held[0].suit, held, established_at=index
    )
    state.deal.renounces.append(renounce)
    return make_finding(
        "WHIST-REVOKE-2",
        "violation",
        f"{what}: a failure to obey a lawful call, which the laws treat as a revoke.",
        event=index,
        deal=state.deal.number,
        trick=trick,
        seat=call.seat,
        basis=["WHIST-IRREG-10", "WHIST-PEN-3" if call.suit else "WHIST-PEN-2"],
        legal=[str(c) for c in held],
    )


def _false_lead(state: WhistState, seat: WhistSeat) -> Finding | None:
    """The last lead out of turn of this deal by the seat or his partner not yet answered."""
    answered = state.deal.false_leads_answered
    for f in reversed(state.findings):
        if (
            f.rule == "WHIST-IRREG-1"
            and f.severity == "violation"
            and f.deal == state.deal.number
            and f.seat in (seat, partner_of(seat))
            and f.event not in answered
        ):
            return f
    return None


def _stood(state: WhistState, lead: Finding) -> bool:
    """Whether all four played to the lead out of turn, so that its trick stands."""
    return any(len(t.plays) == 4 and t.plays[0].event == lead.event for t in state.deal.tricks)


def _right_of(seat: WhistSeat) -> str:
    return partner_of(left_of(seat))


def _nothing_to_call(event: WhistCall) -> str:
    what = {"suit": _a_suit(event), "card": str(event.card), "waive": "a waiver"}
    return (
        f"{event.by} called {what[event.what]} from {event.seat}, but there is no lead out of"
        f" turn by {event.seat} or {partner_of(event.seat)} to answer for"
        + ("" if event.what != "card" else ", nor is the card exposed")
        + ": the call binds nobody."
    )


def _a_suit(event: WhistCall) -> str:
    """The suit called, in words (``a spade``): a bare letter would read as a seat."""
    return f"a {Suit(event.suit or 'S').noun[:-1]}"
