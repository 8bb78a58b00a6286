"""The class rules of declarations (BEZ-COMBO-4, -6, -7; Rubicon laws 34, 35, 37, 38): may
these copies, with the combinations each was declared in, form this combination now?

Shared by ``declarations`` (the ruling on a declaration) and ``copies`` (which copies a
declaration is read with).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.facts.bezique_declarations import UnlawfulDeclaration
from adjudicator.games.bezique.tables import (
    COMBINATIONS,
    kind_of,
)

if TYPE_CHECKING:
    from adjudicator.games.bezique.base import StateBase
    from adjudicator.games.bezique.facts import TableCard


def class_problem(
    state: StateBase, seat: str, name: str, instances: list[TableCard], index: int
) -> UnlawfulDeclaration | None:
    """The class rule these copies break, as the declaration's fact, or None."""
    combo = COMBINATIONS[name]
    cls = combo.cls
    if not cls:
        return None
    for t in instances:  # (a loop, not a list: the common case builds none)
        if cls in t.history:
            break
    else:
        return None  # the common case: every card new to the class
    used = [t for t in instances if t.history.get(cls)]
    by_event = state.deal.by_event()
    kind = kind_of(name)
    for table_card in used:
        for earlier in table_card.history[cls]:
            before = by_event[earlier]
            lower = COMBINATIONS[before.name].rank > combo.rank
            if lower or (not state.variant.rubicon and kind_of(before.name) == kind):
                return UnlawfulDeclaration(
                    rubicon=state.variant.rubicon,
                    seat=seat,
                    combination=name,
                    cards=[str(t.card) for t in instances],
                    reason="lower-after-higher" if lower else "second-of-kind",
                    card=str(table_card.card),
                    earlier=before.name,
                    earlier_event=earlier if earlier >= 0 else None,
                )
    on_table = {id(t) for t in state.table[seat]}
    if state.variant.rubicon:
        fresh = [t for t in instances if not t.history.get(cls)]
        if (
            fresh
            or _bezique_union(state, name, instances)
            or _remarriage(state, seat, name, instances, index)
        ):
            return None
    elif any(id(t) not in on_table for t in instances):
        return None
    return UnlawfulDeclaration(
        rubicon=state.variant.rubicon,
        seat=seat,
        combination=name,
        cards=[str(t.card) for t in instances],
        reason="no-new-card",
    )


def _bezique_union(state: StateBase, name: str, instances: list[TableCard]) -> bool:
    """Law 38: béziques declared separately may later be united into a superior one."""
    if COMBINATIONS[name].cls != "B":
        return False
    by_event = state.deal.by_event()
    for table_card in instances:
        if any(
            COMBINATIONS[by_event[e].name].rank >= COMBINATIONS[name].rank
            for e in table_card.history.get("B", [])
        ):
            return False
    return True


def _remarriage(
    state: StateBase, seat: str, name: str, instances: list[TableCard], index: int
) -> bool:
    """Law 35: with several marriages declared in a suit, a fresh pairing after a play."""
    if kind_of(name) != "marriage":
        return False
    by_event = state.deal.by_event()
    king, queen = sorted(instances, key=lambda t: t.card.rank)  # "K" < "Q"
    suit = king.card.suit
    earlier = [by_event[e] for e in king.history.get("A", []) + queen.history.get("A", [])]
    if any(kind_of(d.name) == "sequence" for d in earlier):
        return False
    marriages = [
        d
        for d in state.deal.by_event().values()  # those a position shows count too
        if d.seat == seat
        and d.legal
        and d.event != index
        and kind_of(d.name) == "marriage"
        and d.cards[0].suit == suit
    ]
    if len(marriages) < 2:
        return False
    if state.remarriage_mode == "pairing":  # HGM: each new pairing once
        return not set(king.history.get("A", [])) & set(queen.history.get("A", []))
    last = max(d.event for d in marriages)
    return any(
        p.seat == seat and p.event > last and p.card.suit == suit and p.card.rank in "KQ"
        for trick in state.deal.tricks
        for p in trick.plays
    )
