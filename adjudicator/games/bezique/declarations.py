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

from adjudicator.cards import Card, format_cards
from adjudicator.errors import InputError, pointer_of
from adjudicator.facts.marks import MarkedAgain

# The replay's data classes (``facts``): ``state`` imports this module, never the reverse at run time.
from adjudicator.games.bezique import facts
from adjudicator.games.bezique.classes import class_problem
from adjudicator.games.bezique.copies import locate
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
    from adjudicator.games.bezique.state import BeziqueState


def window_problem(state: StateBase, seat: str) -> str | None:
    """Why ``seat`` may not declare now (BEZ-DECL-1), or None."""
    window = state.window
    if not window:
        return "no trick has just been won (declarations follow a trick won, before the next lead)"
    if window["winner"] != seat:
        return f"{seat} did not win trick {window['trick']}"
    drawn = window["drawn"]
    assert isinstance(drawn, list)
    if seat in drawn:
        return f"{seat} has already drawn after trick {window['trick']}"
    return None


# Declare ------------------------------------------------------------------------------------

#: The class rules: whether a declaration may use these copies again (``classes``).
_CLASS_RULES = ("BEZ-COMBO-4", "BEZ-COMBO-6", "BEZ-COMBO-7")


def apply_declare(state: BeziqueState, index: int, event: BeziqueDeclare) -> None:
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
    instances = [] if carte_blanche else locate(state, index, seat, cards, name, given)
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
    problem = _problem(state, index, event, declaration, instances)
    if problem is not None and given is None and problem[0] in _CLASS_RULES and state.unknown:
        problem = state.fresh_card_unknown(index, seat, name, instances, problem)
        declaration.undecided = problem is None  # lawful only with fresh cards: not known
    if carte_blanche:
        _check_carte_blanche_cards(state, index, event, declaration, problem)
        return
    for table_card in instances:  # the cards are laid on the table whatever the ruling
        if table_card not in table:
            state.lay(seat, table_card)
    if problem is not None:
        rule, message = problem
        declaration.legal = False
        declaration.rule = rule
        declaration.true = rule != "BEZ-DECL-9"
        state.find(
            rule,
            "violation",
            message,
            event=index,
            seat=seat,
            trick=trick or None,
            basis=_basis(state, rule),
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
        _score_now(state, declaration, index)
    else:
        state.find(
            "BEZ-DECL-4",
            "info",
            f"{seat} announced {name} ({format_cards(cards)}) to score on a later trick won.",
            event=index,
            seat=seat,
            trick=trick or None,
            basis=state.rub(44),
        )
    _absorb(state, declaration, index)


def _problem(
    state: BeziqueState,
    index: int,
    event: BeziqueDeclare,
    declaration: Declaration,
    instances: list[TableCard],
) -> tuple[str, str] | None:
    seat, name = event.seat, event.combination
    variant = state.variant
    if name == "carte-blanche":
        return _carte_blanche_problem(state, seat, event.cards)
    if state.phase is not facts.Phase.STOCK or state.remaining == 0:
        return (
            "BEZ-DECL-6",
            f"{seat} declared {name} after the stock was exhausted: nothing "
            "can be declared or scored in the last tricks.",
        )
    why = window_problem(state, seat)
    if why is not None:
        return (
            "BEZ-DECL-1",
            f"{seat} declared {name}, but {why}: a declaration is made only by "
            "the winner of a trick, before he draws.",
        )
    if event.points is not None and state.window.get("scored") is not None:
        return (
            "BEZ-DECL-3",
            f"{seat} scored {name} after already scoring for trick "
            f"{state.window['trick']}: one score per trick won; the rest must be carried.",
        )
    exchanged = state.window.get("exchanged")
    if exchanged is not None and exchanged in event.cards:
        return (
            "BEZ-SEVEN-2",
            f"{seat} declared {name} with {exchanged}, the card just taken in "
            "exchange for the seven of trumps: it may not serve on the same trick.",
        )
    trump = state.deal.trump
    not_formed = forms(name, event.cards, trump, variant)
    if not_formed is not None or value_of(name, variant) is None:
        why = not_formed or f"{name} does not score in this game"
        return ("BEZ-DECL-9", f"{seat} declared {name} with {format_cards(event.cards)}: {why}.")
    return class_problem(state, seat, name, instances, index)


def _score_now(state: BeziqueState, declaration: Declaration, index: int) -> None:
    state.window["scored"] = index
    _fix_trumps(state, declaration, index)
    declaration.right_name = right_name(declaration.name, declaration.cards, state.deal.trump)
    declaration.value = value_of(declaration.right_name, state.variant) or 0


def _fix_trumps(state: BeziqueState, declaration: Declaration, index: int) -> None:
    """Rubicon: the first marriage scored (else the first sequence) makes trumps (RUB-TRUMP-1)."""
    deal = state.deal
    if deal.trump is not None or not state.trump_by_marriage:
        return
    kind = kind_of(declaration.name)
    if kind in ("marriage", "sequence"):
        deal.trump = declaration.cards[0].suit
        deal.trump_fixed_at = index


def _absorb(state: BeziqueState, declaration: Declaration, index: int) -> None:
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
            _lose(
                state,
                pending,
                index,
                "BEZ-COMBO-9",
                "absorbed into the sequence scored",
                basis=state.rub(47),
            )
        elif (
            COMBINATIONS[declaration.name].cls == "B"
            and COMBINATIONS[pending.name].cls == "B"
            and inside
        ):
            _lose(
                state,
                pending,
                index,
                "BEZ-COMBO-10",
                "absorbed into the superior bézique scored",
                basis=state.rub(48),
            )


# Carte blanche (RUB-CB-1..5) -------------------------------------------------------------------


def _carte_blanche_problem(
    state: BeziqueState, seat: str, cards: list[Card]
) -> tuple[str, str] | None:
    if not state.variant.rubicon:
        return (
            "BEZ-DECL-9",
            f"{seat} declared carte blanche: it does not score in the ordinary game.",
        )
    status = state.cb.get(seat)
    if status is None:
        if state.has_played(seat):
            return (
                "RUB-CB-2",
                f"{seat} declared carte blanche after playing a card: it must be "
                "declared before the holder plays.",
            )
        if any(c.rank in COURT for c in cards):
            return ("BEZ-DECL-9", f"{seat} declared carte blanche showing a court card.")
        dealt = state.deal.hands[seat]
        if sorted(map(str, cards)) != sorted(map(str, dealt)):
            return ("BEZ-DECL-9", f"{seat} declared carte blanche without showing the hand dealt.")
        return None
    if status == "offered":
        drawn = state.last_draw.get(seat)
        if list(cards) != [drawn]:
            return (
                "RUB-CB-4",
                f"{seat} repeated carte blanche without showing the card just drawn.",
            )
        return None
    if status == "closed":
        return ("RUB-CB-4", f"{seat} repeated carte blanche after drawing a king, queen or knave.")
    return ("RUB-CB-4", f"{seat} repeated carte blanche without a fresh non-court card drawn.")


def _check_carte_blanche_cards(
    state: BeziqueState,
    index: int,
    event: BeziqueDeclare,
    declaration: Declaration,
    problem: tuple[str, str] | None,
) -> None:
    seat = event.seat
    declaration.trick = 0
    if problem is not None:
        rule, message = problem
        declaration.legal = False
        declaration.true = rule != "BEZ-DECL-9"
        declaration.rule = rule
        state.find(rule, "violation", message, event=index, seat=seat, basis=_basis(state, rule))
        return
    state.cb[seat] = "declared"
    declaration.value = value_of("carte-blanche", state.variant) or 0
    if event.points is None:
        declaration.status = "scored"  # carte blanche is scored when shown (law 42)


# Scoring a carried declaration ---------------------------------------------------------------


def apply_score_carried(state: BeziqueState, index: int, event: BeziqueScore) -> None:
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
    already = target.status in ("scored", "scored-later")
    if not already:  # a second mark leaves the first, and where it was made, as they were
        target.scored_by, target.scored_marked = index, event.points
    problem: tuple[str, str] | None = None
    again: MarkedAgain | None = None  # the facts of a second mark (BEZ-SCORE-5)
    late = not target.legal and target.rule == "BEZ-DECL-1" and target.true
    if already:
        again = MarkedAgain(
            seat=seat,
            marked=event.points,
            combination=target.name,
            declared_at=target.event,
            deal=deal.number,
        )
        problem = ("BEZ-SCORE-5", again.message())
        state.deal.marked_again.append((index, seat, event.points))
    elif not target.legal and not late:
        return  # already a finding at the declaration; no second penalty (GEN-IRREG-4)
    elif target.status == "lost":
        # the law that lost it: a card played (46), absorbed (47, 48), the stock out (52)
        rule = target.rule if target.rule in _LOST_BY else "BEZ-DECL-5"
        how, law = _LOST_BY[rule]
        problem = (
            rule,
            f"{seat} scored the {target.name} carried from {_origin(target)}, but it "
            f"was lost at event {target.lost_at} ({how}{f', law {law}' if state.rubicon else ''}).",
        )
    elif state.phase is not facts.Phase.STOCK or state.remaining == 0:
        problem = (
            "BEZ-DECL-6",
            f"{seat} scored the carried {target.name} after the stock was exhausted.",
        )
    else:
        why = window_problem(state, seat)
        if why is not None:
            problem = ("BEZ-DECL-1", f"{seat} scored the carried {target.name}, but {why}.")
        elif state.window.get("scored") is not None:
            problem = (
                "BEZ-DECL-3",
                f"{seat} scored the carried {target.name} after already scoring "
                f"for trick {state.window['trick']}.",
            )
        elif late:
            problem = _late_announcement(state, seat, target)
    trick = int(state.window["trick"]) if state.window else None
    if problem is not None:
        rule, message = problem
        state.find(
            rule,
            "violation",
            message,
            event=index,
            seat=seat,
            trick=trick,
            basis=_basis(state, rule),
            facts=again,
        )
        if rule != "BEZ-SCORE-5":  # a declaration error (law 50), not a marking error (law 51)
            state.deal.illegal_scores.append((index, seat, event.points, rule, target.event))
        if not already:
            target.scored_marked = event.points
            target.status = "lost-scored"
        if state.window:
            state.window["scored"] = index
        return
    if late:  # lawful now (law 42): the announcement's cards take their place in the class
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
    _absorb(state, target, index)


def _late_announcement(
    state: BeziqueState, seat: str, target: Declaration
) -> tuple[str, str] | None:
    """A combination announced out of time (BEZ-DECL-1) and scored on a later trick won:
    lawful then (law 42: he may score it once he has won another trick), as a fresh
    declaration of the same cards would be, if the class rules allow it now."""
    uids = set(target.uids)
    instances = [t for t in state.table[seat] if t.uid in uids]
    if len(instances) != len(uids):  # (a card of it played: ``break_pending`` lost it)
        return (
            "BEZ-DECL-5",
            f"{seat} scored the {target.name} announced at event {target.event}, but a card "
            "of it has been played.",
        )
    return class_problem(state, seat, target.name, instances, target.event)


def _fix_trumps_standing(state: BeziqueState, declaration: Declaration, index: int) -> None:
    """Rubicon, law 50 with law 41: a marriage (or sequence) scored out of time that nobody
    challenges before a card of the next trick stands, and, the first of the deal, makes
    trumps. Taken as standing now (the next card needs the trumps); a timely challenge
    undoes it (``challenge_trumps``)."""
    if state.deal.trump is not None:
        return
    _fix_trumps(state, declaration, index)
    if state.deal.trump is not None:
        declaration.right_name = right_name(declaration.name, declaration.cards, state.deal.trump)


def challenge_trumps(state: BeziqueState, index: int, claim: BeziqueClaim) -> None:
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


def break_pending(state: BeziqueState, seat: str, uid: int, index: int) -> None:
    """Law 46. An announcement made unlawfully carries no right to lose (its later score is
    judged when made: ``_late_announcement``)."""
    for pending in state.deal.declarations:
        if (
            pending.seat == seat
            and pending.status == "to-score"
            and pending.legal
            and uid in pending.uids
        ):
            _lose(
                state,
                pending,
                index,
                "BEZ-DECL-5",
                "a card of it was played before it was scored",
                basis=state.rub(46),
            )


def lapse_pending(state: StateBase, index: int) -> None:
    for pending in state.deal.declarations:
        if pending.status == "to-score" and pending.legal:
            _lose(
                state,
                pending,
                index,
                "BEZ-DECL-6",
                "the stock was exhausted before it was scored",
                basis=state.rub(52),
            )


def _origin(declaration: Declaration) -> str:
    """Where a carried declaration was announced: its event, or the position that states it
    (announced before the record begins)."""
    if declaration.carried is None:
        return f"event {declaration.event}"
    return f"the position (event {declaration.event})"


def _lose(
    state: StateBase, pending: Declaration, index: int, rule: str, why: str, basis: list[str]
) -> None:
    pending.status = "lost"
    pending.lost_at = index
    pending.rule = rule
    state.find(
        rule,
        "info",
        f"{pending.seat}'s {pending.name} carried from {_origin(pending)} is lost: {why}.",
        event=index,
        seat=pending.seat,
        trick=state.current.number if state.current is not None else None,
        basis=basis,
    )


#: How a carried declaration is lost, by rule (a score of it afterwards breaks that rule).
#: (The Portland law is named in Rubicon only.)
_LOST_BY = {
    "BEZ-DECL-5": ("a card of it was played", 46),
    "BEZ-COMBO-9": ("absorbed into a sequence", 47),
    "BEZ-COMBO-10": ("absorbed into a superior bézique", 48),
    "BEZ-DECL-6": ("the stock was exhausted", 52),
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


def _basis(state: BeziqueState, rule: str) -> list[str]:
    law = _RUB_LAW.get(rule)
    return state.rub(law) if law else []
