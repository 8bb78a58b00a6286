"""The envelope: a hand record is one of the games' record models, chosen by ``game``."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter

from adjudicator.record.whist import WhistRecord

#: Every record model, discriminated by ``game``. The Bézique models join this union.
HandRecord = Annotated[WhistRecord, Field(discriminator="game")]

RecordAdapter: TypeAdapter[WhistRecord] = TypeAdapter(HandRecord)
