"""A false declaration amended, and the call of one of its cards (BEZ-DECL-9, Foster's rule).

Foster (p.381–382, ordinary game; p.392–393, Rubicon): a player who announces a combination
his cards do not show may amend it if he has the right card in his hand and has not drawn
from the stock since; otherwise the adversary may make him take the score down and lead or
play one of the cards he showed. The Portland laws have no law of their own on it; in
Rubicon law 50's time limit applies (RUB-IRREG-1): the call, like any challenge, must come
before a card of the next trick is played.

``apply_amend`` and ``apply_call`` are the replay's handlers of the ``amend`` and ``call``
events; ``rule_on_calls`` rules, once the deal is replayed, whether each call was obeyed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from adjudicator.cards import Card
from adjudicator.errors import InputError, pointer_of
from adjudicator.facts.bezique_declarations import Amendment, CardCalled, NoForceReason
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.bezique.classes import class_problem
from adjudicator.games.bezique.declarations import absorb, score_now
from adjudicator.games.bezique.facts import BeziqueDealFacts, Call, TableCard
from adjudicator.games.bezique.holdings import lay
from adjudicator.games.bezique.position import materialise
from adjudicator.games.bezique.tables import COMBINATIONS, forms, value_of
from adjudicator.record.bezique import BeziqueAmend, BeziqueCall

if TYPE_CHECKING:
    from adjudicator.games.bezique.base import StateBase
    from adjudicator.games.bezique.facts import Declaration

RULE = "BEZ-DECL-9"


def _target(state: StateBase, index: int, ref: int | str, seat: str | None) -> Declaration:
    """The declaration ``ref`` names in this deal (of ``seat``, when given)."""
    found = next((d for d in state.deal.declarations if d.event == ref), None)
    if found is None or (seat is not None and found.seat != seat):
        whose = f" of {seat}" if seat is not None else ""
        raise InputError(
            pointer_of("events", index, "ref"),
            f"event {ref} is not a declaration{whose} in this deal",
        )
    return found


def _basis(state: StateBase) -> list[str]:
    return ["RUB-IRREG-1"] if state.rubicon else ["BEZ-IRREG-6"]


def _found(
    state: StateBase,
    rule: str,
    severity: Severity,
    fact: Amendment | CardCalled,
    *,
    event: int,
    seat: str,
    trick: int | None = None,
    basis: list[str],
) -> None:
    """A finding of an amendment or a call, its message derived from its fact."""
    state.find(rule, severity, facts=fact, event=event, seat=seat, trick=trick, basis=basis)


def _amendment(target: Declaration, seat: str, event: BeziqueAmend, **more: Any) -> Amendment:
    """The amendment's fact: the declaration as made, the cards as amended, and ``more``."""
    return Amendment(
        seat=seat,
        combination=target.name,
        cards=[str(c) for c in target.cards],
        declared_at=target.event,
        amended_combination=event.combination,
        amended_cards=[str(c) for c in event.cards],
        **more,
    )


# Amendment --------------------------------------------------------------------------------------


def apply_amend(state: StateBase, index: int, event: BeziqueAmend) -> None:
    """A lawful amendment replaces the false declaration: its cards on the table (the wrong
    card back to the hand, the right one laid from it), its combination and its score. An
    amendment the rule does not allow leaves the declaration as it was made."""
    state._require_deal(index, "amendment")
    seat = event.seat
    target = _target(state, index, event.ref, seat)
    if target.legal or target.rule != RULE:
        fact = _amendment(target, seat, event, outcome="nothing-to-amend")
        _found(state, RULE, "warning", fact, event=index, seat=seat, basis=_basis(state))
        return
    refusal = _refusal(state, seat, target, event)
    if refusal is not None:
        trick = target.trick or None
        basis = _basis(state)
        _found(
            state,
            refusal.rule,
            "violation",
            refusal,
            event=index,
            seat=seat,
            trick=trick,
            basis=basis,
        )
        return
    _replace(state, target, event, index)


def _refusal(
    state: StateBase, seat: str, target: Declaration, event: BeziqueAmend
) -> Amendment | None:
    """Why the amendment is not allowed, as the refused amendment's fact, or None: drawn
    since the declaration; the right card not in the hand; the amended cards still wrong."""
    window = state.window
    drawn = window.get("drawn", []) if window else []
    if not window or window.get("trick") != target.trick or seat in drawn:
        return _amendment(target, seat, event, outcome="refused", reason="drawn-since")
    added = Counter(event.cards) - Counter(target.cards)
    for card, wanted in added.items():
        while state.hand[seat][card] < wanted and materialise(state, seat, card):
            pass  # (a deal begun at a position: the card was among his unknown cards)
        if state.hand[seat][card] < wanted:
            return _amendment(
                target, seat, event, outcome="refused", reason="card-not-held", card=str(card)
            )
    not_formed = forms(event.combination, event.cards, state.deal.trump, state.variant)
    if not_formed is not None or value_of(event.combination, state.variant) is None:
        why = not_formed or "it does not score in this game"
        return _amendment(
            target, seat, event, outcome="refused", reason="still-not-formed", detail=why
        )
    kept, _ = _split(state, target, event.cards)
    fresh = [TableCard(0, card) for card in added.elements()]  # (not laid: the check only)
    problem = class_problem(state, seat, event.combination, kept + fresh, target.event)
    if problem is not None:
        return _amendment(
            target, seat, event, outcome="refused", reason="class-rule", class_fault=problem
        )
    return None


def _split(
    state: StateBase, target: Declaration, cards: list[Card]
) -> tuple[list[TableCard], list[TableCard]]:
    """The declaration's copies on the table that the amended cards keep, and those they do
    not (the wrong cards)."""
    wanted = Counter(cards)
    uids = set(target.uids)
    kept: list[TableCard] = []
    dropped: list[TableCard] = []
    for copy in (t for t in state.table[target.seat] if t.uid in uids):
        if wanted[copy.card] > 0:
            wanted[copy.card] -= 1
            kept.append(copy)
        else:
            dropped.append(copy)
    return kept, dropped


def _replace(state: StateBase, target: Declaration, event: BeziqueAmend, index: int) -> None:
    seat = target.seat
    kept, dropped = _split(state, target, event.cards)
    laid_now = {
        uid
        for uid, source in zip(target.uids, state.sources.get(target.event, []), strict=False)
        if source == "hand"
    }
    for copy in dropped:  # the wrong card goes back to the hand; one already there stays
        if copy.uid in laid_now:
            state.table[seat].remove(copy)
            state.on_table[seat][copy.card] -= 1
            state.hand[seat][copy.card] += 1
    added = Counter(event.cards) - Counter(c.card for c in kept)
    fresh = [TableCard(state.new_uid(), card) for card in added.elements()]
    for copy in fresh:
        lay(state, seat, copy)
    fact = _amendment(target, seat, event, outcome="lawful")
    target.name = target.right_name = event.combination
    target.cards = list(event.cards)
    target.uids = [t.uid for t in kept + fresh]
    target.marked = event.points
    target.status = "scored" if event.points is not None else "to-score"
    target.legal, target.true, target.rule = True, True, None
    target.amended_at = index
    state.findings[:] = [  # the false declaration is cured: no longer a finding
        f
        for f in state.findings
        if not (f.event == target.event and f.rule == RULE and f.severity == "violation")
    ]
    cls = COMBINATIONS[target.name].cls
    for copy in kept + fresh:
        copy.history.setdefault(cls, []).append(target.event)
    if event.points is not None:
        score_now(state, target, target.event)
    elif state.window.get("scored") == target.event:
        state.window["scored"] = None
    absorb(state, target, target.event)
    fact = fact.model_copy(
        update={
            "laid": [str(c.card) for c in fresh],
            "replaced": [str(c.card) for c in dropped],
            "value": target.value,
        }
    )
    trick = target.trick or None
    _found(state, RULE, "info", fact, event=index, seat=seat, trick=trick, basis=_basis(state))


# The call of a card ------------------------------------------------------------------------------


def apply_call(state: StateBase, index: int, event: BeziqueCall) -> None:
    """The adversary calls a card of a false declaration. A call with no force (the
    declaration was lawful or amended, the card is not one of it or no longer held, the call
    was made by the offender or, in Rubicon, after a card of the next trick) is a warning;
    a call in force is ruled on when the deal is over (``rule_on_calls``)."""
    state._require_deal(index, "call")
    target = _target(state, index, event.ref, None)
    offender, card = target.seat, event.card
    why = _no_force(state, event.by, target, card)
    if why is not None:
        reason, later = why
        fact = CardCalled(
            by=event.by,
            offender=offender,
            card=str(card),
            combination=target.name,
            declared_at=target.event,
            called_at=index,
            outcome="no-force",
            reason=reason,
            amended_at=target.amended_at,
            next_card=later,
        )
        rule = "BEZ-SCORE-6" if reason == "too-late" else RULE
        basis = ["RUB-LAW-50"] if reason == "too-late" else _basis(state)
        _found(state, rule, "warning", fact, event=index, seat=event.by, basis=basis)
        return
    state.deal.calls.append(Call(index, event.by, offender, card, target.event))


def _no_force(
    state: StateBase, by: str, target: Declaration, card: Card
) -> tuple[NoForceReason, int | None] | None:
    """Why a call has no force (and, when too late, the first card of the next trick)."""
    offender = target.seat
    if by == offender:
        return "offender-called", None
    if target.amended_at is not None:
        return "amended", None
    if target.true:
        return "not-false", None
    if card not in target.cards:
        return "not-shown", None
    held = state.hand[offender][card] + state.on_table[offender].get(card, 0)
    if held <= 0:
        return "not-held", None
    later = [e for e in state.deal.first_trick_events.values() if e > target.event]
    if state.rubicon and later:
        return "too-late", min(later)
    return None


def calls_in_time(deal: BeziqueDealFacts) -> dict[int, bool]:
    """The false declarations a call in force challenged (Rubicon: a call is made only in
    time, before a card of the next trick): law 50's challenge, for the score."""
    return {call.declaration: True for call in deal.calls}


def rule_on_calls(deal: BeziqueDealFacts) -> list[Finding]:
    """Each call in force against the offender's next card: obeyed (info) or not (violation:
    the laws of Bézique name no penalty for it, and no player may gain by a breach,
    GEN-IRREG-4). A call after which the record shows no card of his is not ruled on."""
    found: list[Finding] = []
    for call in deal.calls:
        nxt = next(
            (
                (trick, play)
                for trick in deal.tricks
                for play in trick.plays
                if play.seat == call.offender and play.event > call.event
            ),
            None,
        )
        if nxt is None:
            continue
        trick, play = nxt
        obeyed = play.card == call.card
        fact = CardCalled(
            by=call.by,
            offender=call.offender,
            card=str(call.card),
            combination=_name_of(deal, call.declaration),
            declared_at=call.declaration,
            called_at=call.event,
            outcome="obeyed" if obeyed else "not-obeyed",
            played=str(play.card),
            led=trick.plays[0] is play,
            trick=trick.number,
        )
        found.append(
            make_finding(
                RULE,
                "info" if obeyed else "violation",
                facts=fact,
                event=play.event,
                deal=deal.number,
                trick=trick.number,
                seat=call.offender,
                basis=[] if obeyed else ["GEN-IRREG-4"],
                legal=[str(call.card)],
            )
        )
    return found


def _name_of(deal: BeziqueDealFacts, event: int) -> str:
    """The combination declared at ``event`` (as it stands: a false one is never amended
    once a call is in force)."""
    declared = deal.by_event().get(event)
    return declared.name if declared is not None else "declaration"
