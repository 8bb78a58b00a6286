"""The base of a finding's facts: a typed record of what happened, from which the finding's
message and the decision's sentences are both written.

Why typed facts: a sentence re-read with regular expressions drifts from the sentence it
reads (issue 18); a fact is read by attribute, and its words are derived from its fields, as a
ruff rule's message is derived from its struct. Facts are plain data: seats as their letters
("N", "A"), sides as "NS"/"EW", cards in their canonical text ("10H", "KS"), events as indexes
into ``/events``. They import nothing of the engine, so every layer may read them.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from adjudicator.fielddocs import Documented


def said_name(name: str) -> str:
    """A combination or score item as said aloud: ``royal-marriage`` -> ``royal marriage``
    (the record's key is for programs)."""
    return name.replace("-", " ")


class Fact(Documented, BaseModel):
    """One kind of finding's facts. Each subclass fixes ``kind`` (the JSON discriminator) to a
    literal and derives the finding's message from its fields in ``message``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: a fact of the score sheet (a mark, a result, an honours claim), written after the cards:
    #: a referee does not tell one at a card, when the marks may yet come (``referee``)
    sheet: ClassVar[bool] = False
    #: a mark missing: known only once the deal's sheet is closed
    missing_mark: ClassVar[bool] = False

    def message(self) -> str:
        """The finding's message, in words, derived from the fields alone."""
        raise NotImplementedError(type(self).__name__)
