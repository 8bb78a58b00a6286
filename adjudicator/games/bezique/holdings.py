"""The copies each seat holds, hand and table: laying a copy down, the table copies of a card
grouped by what playing or declaring them does, the copy a play from the table takes.

Functions over the state's data (``base.StateBase``), used by the state's handlers and by the
declaration rules.
"""

from __future__ import annotations

from adjudicator.cards import Card
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.facts import TableCard


def has_played(state: StateBase, seat: str) -> bool:
    """Whether the seat has played a card in this deal (carte blanche comes before)."""
    return any(p.seat == seat for trick in state.deal.tricks for p in trick.plays)


def lay(state: StateBase, seat: str, table_card: TableCard) -> None:
    """A copy from the hand goes to the table (declared): ``on_table`` keeps count."""
    card = table_card.card
    state.hand[seat][card] -= 1
    state.table[seat].append(table_card)
    copies = state.on_table[seat]
    copies[card] = copies.get(card, 0) + 1


def choose(state: StateBase, index: int, count: int) -> int:
    """The alternative the reading takes at this choice of copies (``readings``)."""
    state.decisions.append((index, count))
    return state.plan.get(len(state.decisions) - 1, 0)


def copy_groups(state: StateBase, seat: str, card: Card) -> list[list[TableCard]]:
    """The seat's table copies of ``card``, grouped by what a play or a declaration of
    them does (their history by class, a carried declaration they belong to): copies
    of one group are interchangeable. Least history first, then the oldest."""
    copies = sorted(
        (t for t in state.table[seat] if t.card is card),
        key=lambda t: (sum(len(v) for v in t.history.values()), t.uid),
    )
    if len(copies) < 2:
        return [[t] for t in copies]
    pending = pending_uids(state, seat)
    groups: dict[tuple[object, ...], list[TableCard]] = {}
    for copy in copies:
        key = (
            tuple(sorted((k, tuple(v)) for k, v in copy.history.items())),
            copy.uid in pending,
        )
        groups.setdefault(key, []).append(copy)
    return list(groups.values())


def pending_uids(state: StateBase, seat: str) -> set[int]:
    """The table copies of the seat's declarations carried to score (law 46 guards them)."""
    return {
        uid
        for d in state.deal.declarations
        if d.seat == seat and d.status == "to-score" and d.legal
        for uid in d.uids
    }


def distinct_copies(state: StateBase, seat: str, card: Card) -> list[TableCard]:
    """One table copy of each group (``copy_groups``)."""
    return [group[0] for group in copy_groups(state, seat, card)]


def re_form(state: StateBase, seat: str, card: Card) -> None:
    """RUB-COMBO-1 (Foster): playing the duplicate from the hand re-forms the combination."""
    for table_card in state.table[seat]:
        if table_card.card == card and table_card.history:
            table_card.history = {}
            break


def pick_table_card(state: StateBase, seat: str, card: Card) -> TableCard:
    """The copy played from the table: one no carried declaration needs, then the one
    with the least history, then the oldest."""
    copies = [t for t in state.table[seat] if t.card == card]
    pending = pending_uids(state, seat)
    return min(
        copies,
        key=lambda t: (t.uid in pending, sum(len(v) for v in t.history.values()), t.uid),
    )
