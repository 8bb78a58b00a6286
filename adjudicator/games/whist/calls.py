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

from typing import Any

from adjudicator.cards import Card, Suit, sort_hand
from adjudicator.engine.tricks import PlayedCard
from adjudicator.errors import InputError, pointer_of
from adjudicator.facts.whist_play import LedOutOfTurn
from adjudicator.facts.whist_table import (
    Answer,
    CallAnswered,
    CallRefused,
    PenaltyWaived,
    Refusal,
    WrongPenaltyDemanded,
)
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.whist.facts import Obligation, Phase, Renounce, Trick
from adjudicator.games.whist.table import Table
from adjudicator.games.whist.withdrawals import card_back_in_hand
from adjudicator.record.whist import WhistCall
from adjudicator.seats import WhistSeat, left_of, partner_of, side_of

#: a call that binds nobody, as the finding gives it: its rule, severity and facts
Refused = tuple[str, Severity, CallRefused | PenaltyWaived | WrongPenaltyDemanded]


def apply_call(state: Table, index: int, event: WhistCall) -> None:
    """Rule on the call itself; a lawful one waits for the player's next lead or play."""
    _check(state, index, event)
    if event.what == "card" and event.card in state.exposed[event.seat]:
        if event.card in state.deal.forfeited:
            refused: Refused | None = _forfeited(state, index, event)
        elif (early := _before_turn(state, index, event)) is not None:
            refused = early
        else:
            _card_call(state, index, event)  # an exposed card: whatever made it so
            return
    else:
        lead = _false_lead(state, event.seat)
        if lead is not None:
            state.deal.false_leads_answered.add(lead.event or 0)
        refused = _refused(state, index, event, lead)
        if lead is None and event.what != "waive":
            refused = _wrong_penalty(state, index, event) or refused
    if refused is not None:
        rule, severity, facts = refused
        state.findings.append(
            make_finding(
                rule, severity, facts=facts, event=index, deal=state.deal.number, seat=event.seat
            )
        )
        return
    if lead is not None and isinstance(lead.facts, LedOutOfTurn):
        # whenever a suit is called, the card led in error may go back into its owner's hand:
        # no longer exposed (ENG1900-64; the either-or of ENG64-62; AWL-24: never exposed)
        state.exposed[lead.facts.seat].discard(Card.parse(lead.facts.card))
        card_back_in_hand(state, lead.facts.seat, lead.facts.card, index)
    suit = Suit(event.suit or "S")
    state.calls.append(Obligation(index, event.by, event.seat, suit=suit, offence=lead))


def _check(state: Table, index: int, event: WhistCall) -> None:
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


def _refused(state: Table, index: int, event: WhistCall, lead: Finding | None) -> Refused | None:
    """Why a call binds nobody (rule, severity, facts), or None for a lawful suit call."""
    call = _call_fields(state, index, event)
    if lead is None:
        rule = "WHIST-PEN-3" if event.what == "suit" else "WHIST-PEN-2"
        return rule, "warning", CallRefused(**call, reason="no-lead-out-of-turn")
    offence: dict[str, Any] = {"offender": lead.seat or "", "offence_trick": lead.trick or 0}
    if event.what == "waive":
        return "WHIST-IRREG-1", "info", PenaltyWaived(**call, **offence)
    american = state.rules.code == "american-1893"
    if american and event.what == "card":
        return "WHIST-PEN-4", "violation", _refusal(call, offence, "american-card-call")
    if american and left_of(event.by) != event.seat:
        return "WHIST-PEN-4", "violation", _refusal(call, offence, "american-wrong-adversary")
    if _stood(state, lead) and state.rules.false_lead_completed_penalty != "suit_call_survives":
        return "WHIST-IRREG-1", "warning", _refusal(call, offence, "trick-stood")
    if event.what == "card":  # English: the card led in error is exposed once taken back
        return "WHIST-PEN-2", "warning", CallRefused(**call, reason="not-exposed")
    return None


def _refusal(call: dict[str, Any], offence: dict[str, Any], reason: Refusal) -> CallRefused:
    return CallRefused(**call, **offence, reason=reason)


def _call_fields(state: Table, index: int, event: WhistCall) -> dict[str, Any]:
    """What every call's facts say: who called on whom, for what, where."""
    return {
        "by": event.by,
        "seat": event.seat,
        "call": event.what,
        "suit": None if event.suit is None else str(event.suit),
        "card": None if event.card is None else str(event.card),
        "deal": state.deal.number,
        "event": index,
    }


def _wrong_penalty(state: Table, index: int, event: WhistCall) -> Refused | None:
    """A call with no lead out of turn to answer for, on a player holding exposed cards: a
    penalty their exposure does not carry (ENG1900-88, AWL-39). The cards are forfeited."""
    code = state.rules.code
    cards = sort_hand([c for c in state.exposed[event.seat] if c not in state.deal.forfeited])
    if code not in ("english-1900", "american-1893") or not cards:
        return None
    state.deal.forfeited.update(dict.fromkeys(cards, index))
    facts = WrongPenaltyDemanded(
        **_call_fields(state, index, event), cards=[str(c) for c in cards], code=code
    )
    return "WHIST-PEN-4", "violation", facts


def _forfeited(state: Table, index: int, event: WhistCall) -> Refused:
    """An exposed card called after a wrong penalty was demanded for it."""
    assert event.card is not None
    facts = CallRefused(
        **_call_fields(state, index, event),
        reason="right-lost",
        forfeited_at=state.deal.forfeited[event.card],
    )
    return "WHIST-PEN-4", "warning", facts


def _before_turn(state: Table, index: int, event: WhistCall) -> Refused | None:
    """English 1900 (ENG1900-59): an exposed card may not be demanded before its owner's
    turn; the adversary who does so loses the penalty for that trick, so a call of it again in
    that trick binds nobody either (a review found such a call treated as lawful, and the card
    not played to the trick a revoke)."""
    if state.rules.code != "english-1900":
        return None
    lead = _false_lead(state, event.seat)
    if lead is not None and isinstance(lead.facts, LedOutOfTurn) and lead.facts.seat == event.seat:
        return None  # the adversaries' election of the card led in error (ENG1900-64): at once
    trick = state.deal.tricks[-1]
    number = trick.number + 1 if trick.quitted or len(trick.plays) == 4 else trick.number
    lost = state.deal.calls_lost
    if (event.seat, number) not in lost and state.expected_seat() == event.seat:
        return None
    lost.add((event.seat, number))
    facts = CallRefused(**_call_fields(state, index, event), reason="before-turn", trick=number)
    return "WHIST-PEN-1", "warning", facts


def _card_call(state: Table, index: int, event: WhistCall) -> None:
    lead = _false_lead(state, event.seat)
    if lead is not None and lead.event is not None:
        state.deal.false_leads_answered.add(lead.event)
    state.calls.append(Obligation(index, event.by, event.seat, card=event.card))


def check_play(state: Table, index: int, seat: str, card: Card, trick: Trick) -> None:
    """Answer the calls on ``seat`` with the card he now plays (before it leaves his hand)."""
    leading = not trick.plays or len(trick.plays) == 4
    for call in [c for c in state.calls if c.seat == seat]:
        if call.suit is not None and not leading:
            continue  # a suit call waits for his next lead
        state.calls.remove(call)
        state.findings.append(_answer(state, call, index, card, trick, leading))


def lapse(state: Table) -> None:
    """Calls still unanswered when the deal ends: the player never had the turn again."""
    for call in state.calls:
        state.findings.append(
            make_finding(
                "WHIST-PEN-3" if call.suit else "WHIST-PEN-2",
                "info",
                facts=_answered(state, call, "no-turn-again"),
                event=call.index,
                deal=state.deal.number,
                seat=call.seat,
            )
        )
    state.calls.clear()


def _answered(
    state: Table,
    call: Obligation,
    outcome: Answer,
    played: PlayedCard | None = None,
    trick: int | None = None,
    held: list[Card] | None = None,
) -> CallAnswered:
    """The facts of a lawful call and what became of it."""
    lead = call.offence.facts if call.offence is not None else None
    offence = lead if isinstance(lead, LedOutOfTurn) else None
    return CallAnswered(
        by=call.by,
        seat=call.seat,
        call="suit" if call.suit else "card",
        suit=None if call.suit is None else str(call.suit),
        card=None if call.card is None else str(call.card),
        deal=state.deal.number,
        event=call.index,
        outcome=outcome,
        played=None if played is None else str(played.card),
        played_at=None if played is None else played.event,
        trick=trick,
        held=[str(c) for c in held or ()],
        offence_at=None if call.offence is None else call.offence.event,
        offender=None if offence is None else offence.seat,
        offence_trick=None if offence is None else offence.trick,
    )


def _answer(
    state: Table, call: Obligation, index: int, card: Card, trick: Trick, leading: bool
) -> Finding:
    """Obeyed, paid, lapsed, or disobeyed: the finding for the call's answer."""
    number = trick.number + 1 if len(trick.plays) == 4 else trick.number
    led = None if leading else trick.plays[0].card.suit
    answer = _suit_answer if call.suit is not None else _card_answer
    outcome, held = answer(call, state.hands[call.seat], card, led)
    facts = _answered(state, call, outcome, PlayedCard(call.seat, card, index), number, held)
    if held:
        return _disobeyed(state, call, index, card, number, held, facts)
    return make_finding(
        "WHIST-PEN-3" if call.suit else "WHIST-PEN-2",
        "info",
        facts=facts,
        event=call.index,
        deal=state.deal.number,
        trick=number,
        seat=call.seat,
    )


def _suit_answer(
    call: Obligation, hand: set[Card], card: Card, led: Suit | None
) -> tuple[Answer, list[Card]]:
    """A suit call answered by his lead: how, and the cards of the suit he held when he led
    another (none: no failure)."""
    assert call.suit is not None
    held = sort_hand([c for c in hand if c.suit is call.suit])
    if card.suit is call.suit:
        return "obeyed", []
    if not held:
        return "none-held", []
    return "disobeyed", held


def _card_answer(
    call: Obligation, hand: set[Card], card: Card, led: Suit | None
) -> tuple[Answer, list[Card]]:
    """A card call answered by his next play: played, lapsed (it could not be played without
    revoking), or another card played when it could have been (the called card: a failure)."""
    called = call.card
    assert called is not None
    if card == called:
        return "obeyed", []
    if led is not None and called.suit is not led and any(c.suit is led for c in hand):
        return "lapsed-for-trick", []
    return "disobeyed", [called]


def _disobeyed(
    state: Table,
    call: Obligation,
    index: int,
    card: Card,
    trick: int,
    held: list[Card],
    facts: CallAnswered,
) -> Finding:
    """A lawful call not obeyed when it could be: the penalty of a revoke (WHIST-REVOKE-2)."""
    renounce = Renounce(
        call.seat, trick, index, card, call.suit or held[0].suit, held, established_at=index
    )
    state.deal.renounces.append(renounce)
    return make_finding(
        "WHIST-REVOKE-2",
        "violation",
        facts=facts,
        event=index,
        deal=state.deal.number,
        trick=trick,
        seat=call.seat,
        basis=["WHIST-IRREG-10", "WHIST-PEN-3" if call.suit else "WHIST-PEN-2"],
        legal=[str(c) for c in held],
    )


def _false_lead(state: Table, seat: WhistSeat) -> Finding | None:
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


def _stood(state: Table, lead: Finding) -> bool:
    """Whether all four played to the lead out of turn, so that its trick stands."""
    return any(len(t.plays) == 4 and t.plays[0].event == lead.event for t in state.deal.tricks)
