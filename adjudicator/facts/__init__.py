"""Typed facts of findings (issue 18): every kind of finding has one; the finding's message,
the decision's sentences and every view are written from them, never from each other.

``AnyFact`` is the union published in the ruling's JSON as a finding's ``facts``, told apart
by ``kind``. A new kind of fact is a class in the module of its area and one entry here.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from adjudicator.facts.base import Fact
from adjudicator.facts.bezique_declarations import (
    Amendment,
    Announced,
    CardCalled,
    CarriedLost,
    ChallengeRuled,
    UnlawfulDeclaration,
)
from adjudicator.facts.bezique_play import (
    BeziqueDrewOutOfTurn,
    BeziqueEndplayRuleBroken,
    BeziqueLastCardNotDrawn,
    BeziqueLedOutOfTurn,
    BeziqueMissedDraw,
    BeziqueSevenExchangeRefused,
    BeziqueSevenNotInGame,
    BeziqueWrongHandSize,
)
from adjudicator.facts.marks import (
    AgreedResult,
    BrisquesCountRefused,
    HonoursClaimFails,
    HonoursUnclaimed,
    HonoursVoid,
    LastTrickUnmarked,
    MarkedAgain,
    Unmarked,
    WrongMark,
)
from adjudicator.facts.whist_play import (
    PlayedOutOfTurn,
)
from adjudicator.facts.whist_revokes import (
    AmericanPenaltyDemand,
    BothSidesRevoked,
    CardTakenBack,
    PenaltyAdvised,
    PenaltyChoiceChanged,
    PenaltyOrder,
    PenaltyRefused,
    RenounceCorrected,
    RevokeClaimFailed,
    Revoked,
    ScoreHeld,
)

#: every kind of fact, in the order the schema lists them
KINDS: tuple[type[Fact], ...] = (
    PlayedOutOfTurn,
    Revoked,
    RenounceCorrected,
    CardTakenBack,
    RevokeClaimFailed,
    PenaltyRefused,
    PenaltyAdvised,
    PenaltyChoiceChanged,
    PenaltyOrder,
    AmericanPenaltyDemand,
    BothSidesRevoked,
    ScoreHeld,
    WrongMark,
    Unmarked,
    MarkedAgain,
    AgreedResult,
    HonoursClaimFails,
    HonoursUnclaimed,
    HonoursVoid,
    LastTrickUnmarked,
    BrisquesCountRefused,
    UnlawfulDeclaration,
    Announced,
    CarriedLost,
    ChallengeRuled,
    Amendment,
    CardCalled,
    BeziqueLedOutOfTurn,
    BeziqueWrongHandSize,
    BeziqueMissedDraw,
    BeziqueDrewOutOfTurn,
    BeziqueLastCardNotDrawn,
    BeziqueSevenNotInGame,
    BeziqueSevenExchangeRefused,
    BeziqueEndplayRuleBroken,
)

AnyFact = Annotated[
    PlayedOutOfTurn
    | Revoked
    | RenounceCorrected
    | CardTakenBack
    | RevokeClaimFailed
    | PenaltyRefused
    | PenaltyAdvised
    | PenaltyChoiceChanged
    | PenaltyOrder
    | AmericanPenaltyDemand
    | BothSidesRevoked
    | ScoreHeld
    | WrongMark
    | Unmarked
    | MarkedAgain
    | AgreedResult
    | HonoursClaimFails
    | HonoursUnclaimed
    | HonoursVoid
    | LastTrickUnmarked
    | BrisquesCountRefused
    | UnlawfulDeclaration
    | Announced
    | CarriedLost
    | ChallengeRuled
    | Amendment
    | CardCalled
    | BeziqueLedOutOfTurn
    | BeziqueWrongHandSize
    | BeziqueMissedDraw
    | BeziqueDrewOutOfTurn
    | BeziqueLastCardNotDrawn
    | BeziqueSevenNotInGame
    | BeziqueSevenExchangeRefused
    | BeziqueEndplayRuleBroken,
    Field(discriminator="kind"),
]

__all__ = [
    "KINDS",
    "AgreedResult",
    "Amendment",
    "AmericanPenaltyDemand",
    "Announced",
    "AnyFact",
    "BeziqueDrewOutOfTurn",
    "BeziqueEndplayRuleBroken",
    "BeziqueLastCardNotDrawn",
    "BeziqueLedOutOfTurn",
    "BeziqueMissedDraw",
    "BeziqueSevenExchangeRefused",
    "BeziqueSevenNotInGame",
    "BeziqueWrongHandSize",
    "BothSidesRevoked",
    "BrisquesCountRefused",
    "CardCalled",
    "CardTakenBack",
    "CarriedLost",
    "ChallengeRuled",
    "Fact",
    "HonoursClaimFails",
    "HonoursUnclaimed",
    "HonoursVoid",
    "LastTrickUnmarked",
    "MarkedAgain",
    "PenaltyAdvised",
    "PenaltyChoiceChanged",
    "PenaltyOrder",
    "PenaltyRefused",
    "PlayedOutOfTurn",
    "RenounceCorrected",
    "RevokeClaimFailed",
    "Revoked",
    "ScoreHeld",
    "UnlawfulDeclaration",
    "Unmarked",
    "WrongMark",
]
