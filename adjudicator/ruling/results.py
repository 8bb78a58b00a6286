"""Each game's ``results`` part for the registry (``games.registry``): the shape of the
claimed and the corrected result in its ruling, and how its disputes are read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel

from adjudicator.ruling.model import (
    AgreedResult,
    BeziqueClaimed,
    BeziqueCorrected,
    RubiconCorrected,
    WhistClaimed,
    WhistCorrected,
)


@dataclass(frozen=True)
class Results:
    """The ruling's side of a game."""

    #: what the players claimed, from the judgement's ``claimed``
    claimed: Callable[[dict[str, object]], BaseModel]
    #: what the rules give, the model of the judgement's ``corrected``
    corrected: type[BaseModel]
    #: whether an ``amend`` or a ``call`` event is answered as a claim (Bézique's amendment
    #: of a false declaration and call of one of its cards; a whist call is no claim)
    amendments_claim: bool


def _bezique_claimed(claimed: dict[str, object]) -> BeziqueClaimed:
    result = claimed.get("result")
    return BeziqueClaimed(
        result=AgreedResult.model_validate(result) if result else None,
        results=claimed.get("results", []),  # type: ignore[arg-type]
    )


WHIST = Results(WhistClaimed.model_validate, WhistCorrected, amendments_claim=False)
BEZIQUE = Results(_bezique_claimed, BeziqueCorrected, amendments_claim=True)
RUBICON = Results(_bezique_claimed, RubiconCorrected, amendments_claim=True)
