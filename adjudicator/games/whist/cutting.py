"""Cutting for partners and the first deal, as a pure function of the cards cut.

Why: a record may give the cuts that formed the table; the director must be able to say
who partners whom and who deals first, and why, before the first deal is judged.

Rules (digest /work/shared/rules/whist.md): in cutting the ace is the lowest card
(WHIST-CARD-1); the two lowest play against the two highest and the lowest deals and
chooses (WHIST-TABLE-1); players whose equal cards leave the partnerships or the deal
open cut again (WHIST-TABLE-2; ENG1900 laws 9, 10 and their footnote examples, EX-9).
A new cut ranks the tied players among themselves only: a player who was not tied keeps
his place, so the original lowest keeps the deal even if a lower card comes out in the
new cut (EX-9 a). Equal cards between the two highest decide nothing and are not cut again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: Ranks from low to high as they count in cutting: the ace is lowest (WHIST-CARD-1).
CUT_ORDER: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_VALUE: dict[str, int] = {rank: n for n, rank in enumerate(CUT_ORDER, 1)} | {"T": 10}


@dataclass(frozen=True)
class Partnerships:
    """The table as the cut formed it."""

    low: tuple[str, str]  # the two lowest, the dealer first (WHIST-TABLE-1)
    high: tuple[str, str]  # the two highest
    dealer: str  # deals first and has the choice of seats and cards
    steps: tuple[str, ...]  # the cut in words, each naming its rule


def cut_value(card: str) -> int:
    """The value of a cut card for cutting, ace 1 to king 13 (WHIST-CARD-1)."""
    value = _VALUE.get(card.strip().upper())
    if value is None:
        raise ValueError(f"{card!r} is not a card rank to cut (A, 2-10, J, Q, K)")
    return value


def _deciding_tie(keys: dict[str, tuple[int, ...]]) -> tuple[list[str], str] | None:
    """The tied players who must cut again and what their cut decides, or None if settled."""
    order = sorted(keys, key=keys.__getitem__)
    for pos in (0, 1):  # lowest v. second decides the deal; second v. third, the partners
        if keys[order[pos]] == keys[order[pos + 1]]:
            tied = [p for p in order if keys[p] == keys[order[pos]]]
            places = [order.index(p) for p in tied]
            stakes = []
            if min(places) <= 1 < max(places):
                stakes.append("the partnerships")
            if min(places) == 0:
                stakes.append("the deal")
            return tied, " and ".join(stakes)
    return None


def _names(players: Sequence[str]) -> str:
    return ", ".join(players[:-1]) + " and " + players[-1] if len(players) > 1 else players[0]


def cut_for_partners(rounds: Sequence[Mapping[str, str]]) -> Partnerships:
    """Settle partners and the first dealer from the first cut and the needed new cuts.

    ``rounds[0]`` maps each of the four players to the rank he cut ("3", "J", "A");
    each later round holds the new cuts of exactly the players who were still tied where
    it mattered. Raise ``ValueError`` if the rounds are malformed, name the wrong players,
    stop before the table is settled, or go on after it is.
    """
    if not rounds:
        raise ValueError("no cut given: the four players must cut for partners (WHIST-TABLE-1)")
    first = rounds[0]
    if len(first) != 4:
        raise ValueError(f"the first cut must name four players, got {len(first)}: {list(first)}")
    keys: dict[str, tuple[int, ...]] = {
        player: (cut_value(card),) for player, card in first.items()
    }
    shown = ", ".join(f"{p} {CUT_ORDER[v[0] - 1]}" for p, v in keys.items())
    steps = [f"Cut for partners: {shown}; in cutting the ace is the lowest card (WHIST-CARD-1)."]
    for number, cuts in enumerate(rounds[1:], 2):
        tie = _deciding_tie(keys)
        if tie is None:
            raise ValueError(
                f"cut {number} ({_names(list(cuts))}) is not needed: the table was already settled"
            )
        tied, stakes = tie
        if set(cuts) != set(tied):
            raise ValueError(
                f"cut {number} must be by {_names(tied)}, who tied for {stakes}; "
                f"got cuts by {_names(list(cuts)) if cuts else 'nobody'}"
            )
        rank = CUT_ORDER[keys[tied[0]][-1] - 1]
        steps.append(
            f"{_names(tied)} cut equal cards ({rank}), which leaves {stakes} open: "
            "they cut again (WHIST-TABLE-2)."
        )
        for player in tied:
            keys[player] += (cut_value(cuts[player]),)
        shown = ", ".join(f"{p} {CUT_ORDER[keys[p][-1] - 1]}" for p in tied)
        steps.append(
            f"Cut {number}: {shown}; it ranks {_names(tied)} among themselves only, "
            "the others keep their places (WHIST-TABLE-2)."
        )
    tie = _deciding_tie(keys)
    if tie is not None:
        tied, stakes = tie
        rank = CUT_ORDER[keys[tied[0]][-1] - 1]
        raise ValueError(
            f"not settled: {_names(tied)} cut equal cards ({rank}), which leaves "
            f"{stakes} open; they must cut again (WHIST-TABLE-2)"
        )
    order = sorted(keys, key=keys.__getitem__)
    low, high = (order[0], order[1]), (order[2], order[3])
    steps.append(
        f"{_names(list(low))}, the two lowest, play against {_names(list(high))}, "
        f"the two highest; {low[0]} cut lowest and deals first, with the choice of "
        "seats and cards (WHIST-TABLE-1)."
    )
    return Partnerships(low, high, low[0], tuple(steps))
