"""Typed facts of findings (issue 18): every kind of finding has one; the finding's message,
the decision's sentences and every view are written from them, never from each other.

``AnyFact`` is the union published in the ruling's JSON as a finding's ``facts``, told apart
by ``kind``. A new kind of fact is a class in the module of its area and one entry here.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from adjudicator.facts.base import Fact
from adjudicator.facts.marks import (
    AgreedResult,
    BrisquesCountRefused,
    DealtOutOfTurn,
    HonoursClaimFails,
    HonoursUnclaimed,
    HonoursVoid,
    LastTrickUnmarked,
    MarkChallengeFails,
    MarkedAgain,
    RevokerHeld,
    Unmarked,
    WrongMark,
)
from adjudicator.facts.whist_play import PlayedOutOfTurn

#: every kind of fact, in the order the schema lists them
KINDS: tuple[type[Fact], ...] = (
    PlayedOutOfTurn,
    AgreedResult,
    BrisquesCountRefused,
    DealtOutOfTurn,
    HonoursClaimFails,
    HonoursUnclaimed,
    HonoursVoid,
    LastTrickUnmarked,
    MarkChallengeFails,
    MarkedAgain,
    RevokerHeld,
    Unmarked,
    WrongMark,
)

AnyFact = Annotated[
    PlayedOutOfTurn
    | AgreedResult
    | BrisquesCountRefused
    | DealtOutOfTurn
    | HonoursClaimFails
    | HonoursUnclaimed
    | HonoursVoid
    | LastTrickUnmarked
    | MarkChallengeFails
    | MarkedAgain
    | RevokerHeld
    | Unmarked
    | WrongMark,
    Field(discriminator="kind"),
]

__all__ = [
    "KINDS",
    "AgreedResult",
    "AnyFact",
    "BrisquesCountRefused",
    "DealtOutOfTurn",
    "Fact",
    "HonoursClaimFails",
    "HonoursUnclaimed",
    "HonoursVoid",
    "LastTrickUnmarked",
    "MarkChallengeFails",
    "MarkedAgain",
    "PlayedOutOfTurn",
    "RevokerHeld",
    "Unmarked",
    "WrongMark",
]
