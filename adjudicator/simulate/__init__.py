"""Seeded simulators that play whole deals and write them as hand records.

They give the adjudicator an endless supply of legal, realistic records: a legal deal must
draw no violation, and a single changed event must draw exactly the finding it deserves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from adjudicator.games.registry import find_game


def record_seed(seed: int, number: int) -> int:
    """The seed of the ``number``-th record of a run: distinct, stable, independent of count."""
    return seed * 1_000_003 + number


def records(
    game: str, count: int, seed: int, inject: str | None = None
) -> Iterator[dict[str, Any]]:
    """``count`` records of ``game``; ``inject`` plants one irregularity of that kind in each.

    Raises ``ValueError`` for an unknown game or kind of irregularity.
    """
    try:
        simulator: Simulator = find_game(game).part("simulator")
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None
    yield from simulator(count, seed, inject)


#: A game's ``simulator`` part (``games.registry``): ``(count, seed, inject)`` -> records.
Simulator = Callable[[int, int, str | None], Iterator[dict[str, Any]]]


def whist_records(count: int, seed: int, inject: str | None) -> Iterator[dict[str, Any]]:
    from adjudicator.simulate.whist import INJECTIONS, generate_record

    if inject is not None and inject not in INJECTIONS:
        raise ValueError(f"unknown --inject {inject!r} for whist; one of {', '.join(INJECTIONS)}")
    for number in range(count):
        yield generate_record(record_seed(seed, number), inject=inject)


def two_handed_records(
    game: str, count: int, seed: int, inject: str | None
) -> Iterator[dict[str, Any]]:
    """Either Bézique's records: the one simulator, with the variant's pack and rules."""
    from adjudicator.simulate.bezique import generate_deal

    if inject is None:
        for number in range(count):
            s = record_seed(seed, number)
            yield generate_deal(game, s, dealer="AB"[s % 2])
        return
    from adjudicator.simulate.bezique_inject import INJECTIONS as KINDS
    from adjudicator.simulate.bezique_inject import generate_injected

    if inject not in KINDS:
        raise ValueError(f"unknown --inject {inject!r} for {game}; one of {', '.join(KINDS)}")
    for number in range(count):
        yield generate_injected(game, record_seed(seed, number), inject)


bezique_records: Simulator = partial(two_handed_records, "bezique")
rubicon_records: Simulator = partial(two_handed_records, "rubicon-bezique")
