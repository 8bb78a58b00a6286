"""What a game's engine offers the layers above it: the ``engine`` part of its registry entry.

The ruling builder and the referee drive every game the same way through this shape, so that
neither chooses a game by the class of its record or replay (``games.registry``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from adjudicator.engine.judgement import Judgement

R = TypeVar("R")  # the game's record model
P = TypeVar("P")  # what its replay hands its judge


@dataclass(frozen=True)
class Engine(Generic[R, P]):
    """A game's engine: each entry point a plain function of the record."""

    #: the rules in force: the record's own, every option filled (frozen, hashable)
    rules: Callable[[R], BaseModel]
    #: the record replayed under those rules: its facts and the findings of play
    replay: Callable[[R, Any], P]
    #: the judgement of a record from its replay: findings, deal summaries, the result
    judge: Callable[[R, Any, P], Judgement[Any]]
    #: a deal event's own consistency, no replay: raises ``InputError`` with its problems
    check_deal: Callable[[int, Any], None]
    #: the model of one deal's summary in the ruling
    summary: type[BaseModel]

    def judgement(
        self, record: R, replayed: P | None = None, rules: BaseModel | None = None
    ) -> Judgement[Any]:
        """The judgement of ``record``: of ``replayed`` when the caller has its replay (the
        referee's table), else of the record replayed here; under ``rules`` when the caller
        has resolved them already (``self.rules(record)``)."""
        if rules is None:
            rules = self.rules(record)
        if replayed is None:
            replayed = self.replay(record, rules)
        return self.judge(record, rules, replayed)


__all__ = ["Engine", "Judgement"]
