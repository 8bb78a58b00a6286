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
    FalseLeadRenounceTakenBack,
    LedOutOfTurn,
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
from adjudicator.facts.whist_table import (
    CallAnswered,
    CallRefused,
    DealtOutOfTurn,
    Misdeal,
    PenaltyWaived,
    RestClaim,
    WrongPenaltyDemanded,
)

#: every kind of fact, in the order the schema lists them
KINDS: tuple[type[Fact], ...] = (
    PlayedOutOfTurn,
    LedOutOfTurn,
    FalseLeadRenounceTakenBack,
    Misdeal,
    DealtOutOfTurn,
    CallRefused,
    PenaltyWaived,
    WrongPenaltyDemanded,
    CallAnswered,
    RestClaim,
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
    | LedOutOfTurn
    | FalseLeadRenounceTakenBack
    | Misdeal
    | DealtOutOfTurn
    | CallRefused
    | PenaltyWaived
    | WrongPenaltyDemanded
    | CallAnswered
    | RestClaim
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
    "CallAnswered",
    "CallRefused",
    "CardCalled",
    "CardTakenBack",
    "CarriedLost",
    "ChallengeRuled",
    "DealtOutOfTurn",
    "Fact",
    "FalseLeadRenounceTakenBack",
    "HonoursClaimFails",
    "HonoursUnclaimed",
    "HonoursVoid",
    "LastTrickUnmarked",
    "LedOutOfTurn",
    "MarkedAgain",
    "Misdeal",
    "PenaltyAdvised",
    "PenaltyChoiceChanged",
    "PenaltyOrder",
    "PenaltyRefused",
    "PenaltyWaived",
    "PlayedOutOfTurn",
    "RenounceCorrected",
    "RestClaim",
    "RevokeClaimFailed",
    "Revoked",
    "ScoreHeld",
    "UnlawfulDeclaration",
    "Unmarked",
    "WrongMark",
    "WrongPenaltyDemanded",
]
