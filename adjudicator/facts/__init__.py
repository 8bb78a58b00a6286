"""Typed facts of findings (issue 18): every kind of finding has one; the finding's message,
the decision's sentences and every view are written from them, never from each other.

``AnyFact`` is the union published in the ruling's JSON as a finding's ``facts``, told apart
by ``kind``. A new kind of fact is a class in the module of its area and one entry here.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from adjudicator.facts.base import Fact
from adjudicator.facts.whist_play import FalseLeadRenounceTakenBack, LedOutOfTurn, PlayedOutOfTurn
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
    | RestClaim,
    Field(discriminator="kind"),
]

__all__ = [
    "KINDS",
    "AnyFact",
    "CallAnswered",
    "CallRefused",
    "DealtOutOfTurn",
    "Fact",
    "FalseLeadRenounceTakenBack",
    "LedOutOfTurn",
    "Misdeal",
    "PenaltyWaived",
    "PlayedOutOfTurn",
    "RestClaim",
    "WrongPenaltyDemanded",
]
