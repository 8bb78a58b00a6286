"""HRN, the hand-record notation: hand records as text a director can type (docs/notation.md).

``read_notation`` (text -> record data and the line of each event), ``write_notation``
(record data -> text) and ``convert`` (both ways through the canonical form) are pure and
deterministic; the judging path sees only the record data.
"""

from adjudicator.notation.convert import canonical_record, convert, format_json, read_any
from adjudicator.notation.reader import Notation, looks_like_notation, read_notation
from adjudicator.notation.writer import write_notation

__all__ = [
    "Notation",
    "canonical_record",
    "convert",
    "format_json",
    "looks_like_notation",
    "read_any",
    "read_notation",
    "write_notation",
]
