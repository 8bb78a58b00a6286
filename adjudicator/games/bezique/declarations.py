"""Declarations: who may declare when, what the cards form, and the class rules.

Checks in the order of the digest's legality test (§4), the first failure being the
finding: carte blanche timing (RUB-CB-2, -4); stock exhausted (BEZ-DECL-6); the winner of
the trick just played, before drawing (BEZ-DECL-1); one score per trick (BEZ-DECL-3); the
cards form the combination (BEZ-DECL-9); the class rules: no lower after higher
(BEZ-COMBO-4), a new card for a further declaration in a class (BEZ-COMBO-6; Rubicon's
re-forming, laws 34, 35, 38), ordinary game no second use in the same kind (BEZ-COMBO-7),
in ``classes``. Which copies a declaration names is ``copies``'s; the carried declarations'
scores and losses (laws 42, 44-48, 50, 52) are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards import Card
from adjudicator.errors import InputError, pointer_of
from adjudicator.facts.bezique_declarations import (
    LOST_BY,
    Announced,
    CarriedLost,
    FaultReason,
    LostReason,
    UnlawfulDeclaration,
)
from adjudicator.facts.marks import MarkedAgain
from adjudicator.findings import Severity

# The replay's data classes (``facts``): ``state`` imports this module, never the reverse at run time.
from adjudicator.games.bezique import facts
from adjudicator.games.bezique.classes import class_problem
from adjudicator.games.bezique.copies import locate
from adjudicator.games.bezique.holdings import has_played, lay
from adjudicator.games.bezique.position import fresh_card_unknown
from adjudicator.games.bezique.tables import (
    COMBINATIONS,
    COURT,
    forms,
    kind_of,
    right_name,
    value_of,
)
from adjudicator.record.bezique import BeziqueClaim, BeziqueDeclare, BeziqueScore

if TYPE_CHECKING:
    from adjudicator.games.bezique.base import StateBase
    from adjudicator.games.bezique.facts import Declaration, TableCard


def window_fault(state: StateBase, seat: str) -> FaultReason | None:
    """Why ``seat`` may not declare now (BEZ-DECL-1), or None."""
    window = state.window
    if not window:
        return "no-trick-won"
    if window["winner"] != seat:
        return "not-the-winner"
    drawn = window["drawn"]
    assert isinstance(drawn, list)
    if seat in drawn:
        return "drawn-since"
    return None


def window_problem(state: StateBase, seat: str) -> str | None:
    """Why ``seat`` may not declare now (BEZ-DECL-1), in words, or None."""
    reason = window_fault(state, seat)
    if reason is None:
        return None
    trick = state.window["trick"] if state.window else None
    return {
        "no-trick-won": "no trick has just been won (declarations follow a trick won, before"
        " the next lead)",
        "not-the-winner": f"{seat} did not win trick {trick}",
    }.get(reason, f"{seat} has already drawn after trick {trick}")


def found(
    state: StateBase,
    fact: UnlawfulDeclaration | Announced | CarriedLost | MarkedAgain,
    severity: Severity,
    *,
    rule: str,
    event: int,
    trick: int | None = None,
    basis: list[str] | None = None,
) -> None:
    """A finding of this area, its message derived from its fact."""
    state.find(rule, severity, facts=fact, event=event, seat=fact.seat, trick=trick, basis=basis)


# Declare ------------------------------------------------------------------------------------

#: The class rules: whether a declaration may use these copies again (``classes``).
_CLASS_RULES = ("BEZ-COMBO-4", "BEZ-COMBO-6", "BEZ-COMBO-7")


def apply_declare(state: StateBase, index: int, event: BeziqueDeclare) -> None:
    deal = state.deal
    seat, name = event.seat, event.combination
    cards = list(event.cards)
    carte_blanche = name == "carte-blanche"
    given = event.from_
    if given is not None and len(given) != len(cards):
        raise InputError(
            pointer_of("events", index, "from"),
            f"from names {len(given)} sources for {len(cards)} cards",
        )
    instances, lawful = (
        ([], False) if carte_blanche else locate(state, index, seat, cards, name, given)
    )
    table = state.table[seat]
    state.sources[index] = ["table" if t in table else "hand" for t in instances]
    trick = (
        int(state.window["trick"]) if state.window else len([t for t in deal.tricks if t.winner])
    )
    declaration = facts.Declaration(
        event=index,
        seat=seat,
        name=name,
        right_name=name,
        cards=cards,
        uids=[t.uid for t in instances],
        trick=trick,
        marked=event.points,
        value=0,
        status="scored" if event.points is not None else "to-score",
    )
    deal.declarations.append(declaration)
    problem = _problem(state, index, event, declaration, instances, lawful)
    if problem is not None and given is None and problem.rule in _CLASS_RULES and state.unknown:
        said = (problem.rule, problem.message())
        if fresh_card_unknown(state, index, seat, name, instances, said) is None:
            problem = None
        declaration.undecided = problem is None  # lawful only with fresh cards: not known
    if carte_blanche:
        _check_carte_blanche_cards(state, index, event, declaration, problem)
        return
    for table_card in instances:  # the cards are laid on the table whatever the ruling
        if table_card not in table:
            lay(state, seat, table_card)
    if problem is not None:
        rule = problem.rule
        declaration.legal = False
        declaration.rule = rule
        declaration.true = rule != "BEZ-DECL-9"
        found(
            state,
            problem,
            "violation",
            rule=rule,
            event=index,
            trick=trick or None,
            basis=_basis(state, rule, name),
        )
        if event.points is not None and state.window:
            state.window["scored"] = index
        if event.points and declaration.true and state.law50_all:  # a score that may stand
            _fix_trumps_standing(state, declaration, index)
        return
    cls = COMBINATIONS[name].cls
    for table_card in instances:
        table_card.history.setdefault(cls, []).append(index)
    if event.points is not None:
        score_now(state, declaration, index)
    else:
        found(
            state,
            Announced(seat=seat, combination=name, cards=[str(c) for c in cards]),
            "info",
            rule="BEZ-DECL-4",
            event=index,
            trick=trick or None,
            basis=state.rub(44),
        )
    absorb(state, declaration, index)


def _problem(
    state: StateBase,
    index: int,
    event: BeziqueDeclare,
    declaration: Declaration,
    instances: list[TableCard],
    lawful: bool,
) -> UnlawfulDeclaration | None:
    """The fault of a declaration, as its fact, or None; ``lawful``: its copies are known
    to break no class rule (``locate``)."""
    seat, name = event.seat, event.combination
    variant = state.variant
    if name == "carte-blanche":
        return _carte_blanche_problem(state, seat, event.cards)
    trick = state.window.get("trick") if state.window else None
    fault = _timing_fault(state, seat, scoring=event.points is not None)
    exchanged = state.window.get("exchanged") if state.window else None
    detail = None
    if fault is None and exchanged is not None and exchanged in event.cards:
        fault = "exchanged-card"
    if fault is None:
        detail = forms(name, event.cards, state.deal.trump, variant)
        if detail is not None or value_of(name, variant) is None:
            fault = "not-formed" if detail is not None else "does-not-score"
    if fault is None:
        return None if lawful else class_problem(state, seat, name, instances, index)
    return UnlawfulDeclaration(
        rubicon=state.rubicon,
        seat=seat,
        combination=name,
        cards=[str(c) for c in event.cards],
        reason=fault,
        trick=None if trick is None else int(trick),
        card=None if exchanged is None else str(exchanged),
        detail=detail,
    )


def _timing_fault(state: StateBase, seat: str, *, scoring: bool) -> FaultReason | None:
    """Whether ``seat`` may score now: the stock not exhausted (BEZ-DECL-6), the winner of
    the trick just played before drawing (BEZ-DECL-1), and once a trick (BEZ-DECL-3)."""
    if state.phase is not facts.Phase.STOCK or state.remaining == 0:
        return "stock-exhausted"
    window = state.window
    if not window or window["winner"] != seat or seat in window["drawn"]:
        return window_fault(state, seat)  # (its test inline: the common lawful case, no call)
    if scoring and window.get("scored") is not None:
        return "second-score"
    return None


def score_now(state: StateBase, declaration: Declaration, index: int) -> None:
    state.window["scored"] = index
    _fix_trumps(state, declaration, index)
    declaration.right_name = right_name(declaration.name, declaration.cards, state.deal.trump)
    declaration.value = value_of(declaration.right_name, state.variant) or 0


def _fix_trumps(state: StateBase, declaration: Declaration, index: int) -> None:
    """Rubicon: the first marriage scored (else the first sequence) makes trumps (RUB-TRUMP-1)."""
    deal = state.deal
    if deal.trump is not None or not state.trump_by_marriage:
        return
    kind = kind_of(declaration.name)
    if kind in ("marriage", "sequence"):
        deal.trump = declaration.cards[0].suit
        deal.trump_fixed_at = index


def absorb(state: StateBase, declaration: Declaration, index: int) -> None:
    """Laws 47, 48: a carried marriage or bézique used in a scored superior one is lost."""
    if declaration.status != "scored":
        return
    kind = kind_of(declaration.name)
    for pending in state.deal.declarations:
        if (
            pending.status != "to-score"
            or pending.seat != declaration.seat
            or pending is declaration
            or not pending.legal
        ):
            continue
        inside = set(pending.uids) <= set(declaration.uids)
        if kind == "sequence" and kind_of(pending.name) == "marriage" and inside:
            _lose(state, pending, index, "absorbed-in-sequence")
        elif (
            COMBINATIONS[declaration.name].cls == "B"
            and COMBINATIONS[pending.name].cls == "B"
            and inside
        ):
            _lose(state, pending, index, "absorbed-in-bezique")


# Carte blanche (RUB-CB-1..5) -------------------------------------------------------------------


def _carte_blanche_problem(
    state: StateBase, seat: str, cards: list[Card]
) -> UnlawfulDeclaration | None:
    reason = _carte_blanche_fault(state, seat, cards)
    if reason is None:
        return None
    shown = [str(c) for c in cards]
    return UnlawfulDeclaration(
        seat=seat, combination="carte-blanche", cards=shown, reason=reason, rubicon=state.rubicon
    )


def _carte_blanche_fault(state: StateBase, seat: str, cards: list[Card]) -> FaultReason | None:
    if not state.variant.rubicon:
        return "carte-blanche-ordinary"
    status = state.cb.get(seat)
    if status is None:
        if has_played(state, seat):
            return "carte-blanche-after-play"
        if any(c.rank in COURT for c in cards):
            return "carte-blanche-court-card"
        dealt = state.deal.hands[seat]
        if sorted(map(str, cards)) != sorted(map(str, dealt)):
            return "carte-blanche-not-dealt-hand"
        return None
    if status == "offered":
        drawn = state.last_draw.get(seat)
        return None if list(cards) == [drawn] else "carte-blanche-card-not-shown"
    if status == "closed":
        return "carte-blanche-court-drawn"
    return "carte-blanche-no-fresh-card"


def _check_carte_blanche_cards(
    state: StateBase,
    index: int,
    event: BeziqueDeclare,
    declaration: Declaration,
    problem: UnlawfulDeclaration | None,
) -> None:
    seat = event.seat
    declaration.trick = 0
    if problem is not None:
        rule = problem.rule
        declaration.legal = False
        declaration.true = rule != "BEZ-DECL-9"
        declaration.rule = rule
        found(state, problem, "violation", rule=rule, event=index, basis=_basis(state, rule))
        return
    state.cb[seat] = "declared"
    declaration.value = value_of("carte-blanche", state.variant) or 0
    if event.points is None:
        declaration.status = "scored"  # carte blanche is scored when shown (law 42)


# Scoring a carried declaration ---------------------------------------------------------------


def apply_score_carried(state: StateBase, index: int, event: BeziqueScore) -> None:
    deal = state.deal
    seat = event.seat
    target = next(
        (d for d in deal.declarations if d.event == event.ref and d.carried == event.carried),
        None,
    )
    if target is None or target.seat != seat:
        raise InputError(
            pointer_of("events", index, "ref"),
            f"event {event.ref} is not a declaration of {seat} in this deal",
        )
    # the score of an announcement whose own mark was out of time and does not stand: the
    # announcement carries, and this mark scores it (law 42, BEZ-DECL-3, class 8)
    struck = _struck_first_score(state, target)
    already = target.status in ("scored", "scored-later") and not struck
    if not already:  # a second mark leaves the first, and where it was made, as they were
        target.scored_by, target.scored_marked = index, event.points
    late = not target.legal and target.rule in _RETIMED and target.true
    if not already and not target.legal and not late:
        return  # already a finding at the declaration; no second penalty (GEN-IRREG-4)
    trick = int(state.window["trick"]) if state.window else None
    if already:
        again = MarkedAgain(
            seat=seat,
            marked=event.points,
            combination=target.name,
            declared_at=target.event,
            deal=deal.number,
        )
        state.deal.marked_again.append((index, seat, event.points))
        basis = _basis(state, "BEZ-SCORE-5")
        found(state, again, "violation", rule="BEZ-SCORE-5", event=index, trick=trick, basis=basis)
        _score_refused(state, index, event, target, already=True)
        return
    problem = _carried_problem(state, seat, target, late, trick)
    if problem is not None:
        rule = problem.rule
        basis = _basis(state, rule)
        found(state, problem, "violation", rule=rule, event=index, trick=trick, basis=basis)
        state.deal.illegal_scores.append((index, seat, event.points, rule, target.event))
        _score_refused(state, index, event, target, already=False)
        return
    if late:  # lawful now (law 42): the announcement's cards take their place in the class
        if struck:  # its first mark stays an unlawful score, for a challenge to name
            unlawful = (target.event, seat, target.marked or 0, target.rule or "", target.event)
            state.deal.illegal_scores.append(unlawful)
        target.legal, target.rule = True, None
        cls = COMBINATIONS[target.name].cls
        for table_card in state.table[seat]:
            if table_card.uid in target.uids:
                table_card.history.setdefault(cls, []).append(target.event)
    target.status = "scored-later"
    state.window["scored"] = index
    _fix_trumps(state, target, index)
    target.right_name = right_name(target.name, target.cards, state.deal.trump)
    target.value = value_of(target.right_name, state.variant) or 0
    absorb(state, target, index)


#: Faults of an announcement's timing, not of its cards: its score on a later trick it wins
#: is lawful (law 42: out of time; law 43: a second score for one trick, to be carried).
_RETIMED = frozenset({"BEZ-DECL-1", "BEZ-DECL-3"})


def _struck_first_score(state: StateBase, target: Declaration) -> bool:
    """Whether ``target`` was marked when announced, out of time (``_RETIMED``), and that
    mark does not stand: always in the ordinary game; in Rubicon, unless law 50 lets it stand
    (``law50_scope = all_declaration_errors``) for want of a challenge before a card of the
    next trick. A mark that stands has scored the declaration: another is a second mark."""
    if target.status != "scored" or target.legal or target.rule not in _RETIMED:
        return False
    if not target.true or not state.law50_all:
        return target.true
    nexts = [e for e in state.deal.first_trick_events.values() if e > target.event]
    before = min(nexts) if nexts else None
    return any(
        claim.kind in ("irregular-declaration", "score")
        and claim.ref == target.event
        and at > target.event
        and (before is None or at < before)
        for at, claim in state.deal.claims
    )


def _score_refused(
    state: StateBase, index: int, event: BeziqueScore, target: Declaration, *, already: bool
) -> None:
    """A carried score the laws do not allow (or a second mark): it takes the trick's score."""
    if not already:
        target.scored_marked = event.points
        target.status = "lost-scored"
    if state.window:
        state.window["scored"] = index


def _carried_problem(
    state: StateBase, seat: str, target: Declaration, late: bool, trick: int | None
) -> UnlawfulDeclaration | None:
    """Why a carried declaration may not be scored now: lost before (laws 46-48, 52: a
    score of it breaks the law that lost it), out of time, or announced out of time and not
    lawful now."""
    lost = target.status == "lost"
    fault: FaultReason | None = _LOST_BY.get(target.rule or "", "card-played") if lost else None
    fault = fault or _timing_fault(state, seat, scoring=True)
    if fault is None:
        return _late_announcement(state, seat, target) if late else None
    return UnlawfulDeclaration(
        seat=seat,
        combination=target.name,
        cards=[str(c) for c in target.cards],
        reason=fault,
        scored=True,
        declared_at=target.event,
        position=target.carried is not None,
        lost_at=target.lost_at if lost else None,
        rubicon=state.rubicon,
        trick=trick,
    )


def _late_announcement(
    state: StateBase, seat: str, target: Declaration
) -> UnlawfulDeclaration | None:
    """A combination announced out of time (BEZ-DECL-1) and scored on a later trick won:
    lawful then (law 42: he may score it once he has won another trick), as a fresh
    declaration of the same cards would be, if the class rules allow it now."""
    uids = set(target.uids)
    instances = [t for t in state.table[seat] if t.uid in uids]
    if len(instances) != len(uids):  # (a card of it played: ``break_pending`` lost it)
        return UnlawfulDeclaration(
            rubicon=state.rubicon,
            seat=seat,
            combination=target.name,
            cards=[str(c) for c in target.cards],
            reason="card-played",
            scored=True,
            declared_at=target.event,
        )
    return class_problem(state, seat, target.name, instances, target.event)


def _fix_trumps_standing(state: StateBase, declaration: Declaration, index: int) -> None:
    """Rubicon, law 50 with law 41: a marriage (or sequence) scored out of time that nobody
    challenges before a card of the next trick stands, and, the first of the deal, makes
    trumps. Taken as standing now (the next card needs the trumps); a timely challenge
    undoes it (``challenge_trumps``)."""
    if state.deal.trump is not None:
        return
    _fix_trumps(state, declaration, index)
    if state.deal.trump is not None:
        declaration.right_name = right_name(declaration.name, declaration.cards, state.deal.trump)


def challenge_trumps(state: StateBase, index: int, claim: BeziqueClaim) -> None:
    """A timely challenge (before a card of the next trick) of the wrong marriage that fixed
    trumps under law 50 strikes it, and with it the trumps it made (law 41: scored)."""
    deal = state.deal
    fixed = deal.trump_fixed_at
    if fixed is None or claim.ref != fixed or claim.kind not in ("irregular-declaration", "score"):
        return
    target = next((d for d in deal.declarations if d.event == fixed), None)
    if target is None or target.legal:
        return
    first_events = deal.first_trick_events
    if first_events and max(first_events.values()) > fixed:
        return  # a card of the next trick was played: too late, the trumps stand
    deal.trump, deal.trump_fixed_at = None, None
    target.right_name = target.name


# Losing carried declarations (BEZ-DECL-5, -6) -----------------------------------------------------


def break_pending(state: StateBase, seat: str, uid: int, index: int) -> None:
    """Law 46. An announcement made unlawfully carries no right to lose (its later score is
    judged when made: ``_late_announcement``)."""
    for pending in state.deal.declarations:
        if (
            pending.seat == seat
            and pending.status == "to-score"
            and pending.legal
            and uid in pending.uids
        ):
            _lose(state, pending, index, "card-played")


def lapse_pending(state: StateBase, index: int) -> None:
    for pending in state.deal.declarations:
        if pending.status == "to-score" and pending.legal:
            _lose(state, pending, index, "stock-exhausted")


def _lose(state: StateBase, pending: Declaration, index: int, reason: LostReason) -> None:
    """A carried declaration lost before it was scored (laws 46-48, 52)."""
    fact = CarriedLost(
        seat=pending.seat,
        combination=pending.name,
        declared_at=pending.event,
        position=pending.carried is not None,
        reason=reason,
    )
    pending.status = "lost"
    pending.lost_at = index
    pending.rule = fact.rule
    found(
        state,
        fact,
        "info",
        rule=fact.rule,
        event=index,
        trick=state.current.number if state.current is not None else None,
        basis=state.rub(LOST_BY[reason][2]),
    )


#: How a carried declaration was lost, by the rule that lost it (a score of it afterwards
#: breaks that rule).
_LOST_BY: dict[str, LostReason] = {
    "BEZ-DECL-5": "card-played",
    "BEZ-COMBO-9": "absorbed-in-sequence",
    "BEZ-COMBO-10": "absorbed-in-bezique",
    "BEZ-DECL-6": "stock-exhausted",
}

_RUB_LAW = {
    "BEZ-DECL-1": 42,
    "BEZ-DECL-3": 43,
    "BEZ-DECL-6": 52,
    "BEZ-DECL-9": 50,
    "BEZ-COMBO-4": 37,
    "BEZ-COMBO-6": 34,
    "BEZ-DECL-5": 46,
    "BEZ-COMBO-9": 47,
    "BEZ-COMBO-10": 48,
    "BEZ-SCORE-5": 51,
}


def _basis(state: StateBase, rule: str, name: str | None = None) -> list[str]:
    """The Rubicon law a declaration's fault breaks (none in the ordinary game); ``name``,
    the combination: a lower bézique after a higher breaks law 38, not 37 (marriages and
    sequences)."""
    law = _RUB_LAW.get(rule)
    combination = COMBINATIONS.get(name or "")
    if rule == "BEZ-COMBO-4" and combination is not None and combination.cls == "B":
        law = 38
    return state.rub(law) if law else []
