"""The director's advisor: which penalty the claimants of unchosen revokes should take.

Trying every combination of choices grows as 3 to the power of the revokes (thirteen
revokes: 1.6 million scorings), so it is never done. Revokes of one side are alike for the
penalty (three tricks or three points each, WHIST-REVOKE-9), so a combination is settled by
how many of each choice a side takes; the only thing the order changes is which points still
count once a side has won the game (WHIST-SCORE-3). Nothing counts after the game is won, so
the claimants lose nothing by having their deductions from the revokers made as early as
their revokes allow and their additions as late: tricks taken change no score until the
tricks are counted, so they go between. That leaves (n+1)(n+2)/2 candidates a side. What each choice is worth is then shown one revoke at a time, the other
revokes kept at the best: 1 + 2n outcomes, never more.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from adjudicator.games.whist.revokes import CHOICES
from adjudicator.games.whist.scoring import Choice

#: The order that is best for the claimants within one combination: deductions first,
#: additions last (an addition that wins the game early voids what follows it).
_BEST_ORDER: tuple[Choice, ...] = ("deduct", "tricks", "add")

R = TypeVar("R")


def _counts(n: int) -> Iterator[tuple[int, int, int]]:
    """Every way of taking n penalties as (deduct, tricks, add) counts."""
    for deduct in range(n + 1):
        for tricks in range(n - deduct + 1):
            yield deduct, tricks, n - deduct - tricks


def candidates(groups: Sequence[int]) -> Iterator[tuple[Choice, ...]]:
    """The candidate combinations for groups of revokes (the unchosen revokes of each side,
    each group in penalty order, groups one after the other): polynomially many."""
    per_group = []
    for size in groups:
        options = []
        for counts in _counts(size):
            options.append(
                tuple(c for c, k in zip(_BEST_ORDER, counts, strict=True) for _ in range(k))
            )
        per_group.append(options)
    for parts in itertools.product(*per_group):
        yield tuple(c for part in parts for c in part)


def advise(
    groups: Sequence[int],
    rank: Callable[[tuple[Choice, ...]], tuple[int, ...] | None],
) -> tuple[tuple[Choice, ...], list[tuple[Choice, ...]]]:
    """The best combination, and the combinations to show: the best, and each revoke's other
    choices with the rest at the best (1 + 2n). ``rank`` gives a combination's worth to its
    claimants, or None when the combination is not allowed; ties go to the combination listed
    first (tricks before deduct before add, revoke by revoke)."""
    best: tuple[Choice, ...] | None = None
    best_key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for combo in candidates(groups):
        worth = rank(combo)
        if worth is None:
            continue
        key = (worth, tuple(-CHOICES.index(c) for c in combo))
        if best_key is None or key > best_key:
            best, best_key = combo, key
    if best is None:
        return (), []
    shown = [best]
    for position in range(len(best)):
        for choice in CHOICES:
            combo = (*best[:position], choice, *best[position + 1 :])
            if combo not in shown:
                shown.append(combo)
    shown.sort(key=lambda combo: tuple(CHOICES.index(c) for c in combo))
    return best, shown
