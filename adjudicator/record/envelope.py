"""The envelope: a hand record is one of the games' record models, chosen by ``game``."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter

from adjudicator.record.bezique import BeziqueRecord, RubiconRecord
from adjudicator.record.whist import WhistRecord

#: Every record model, discriminated by ``game``.
AnyRecord = WhistRecord | BeziqueRecord | RubiconRecord
HandRecord = Annotated[AnyRecord, Field(discriminator="game")]

RecordAdapter: TypeAdapter[AnyRecord] = TypeAdapter(HandRecord)
