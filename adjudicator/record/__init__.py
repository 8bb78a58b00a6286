"""Layer 1: the hand-record/1 input contract as strict pydantic models, and the loader."""

from adjudicator.record.envelope import HandRecord, RecordAdapter
from adjudicator.record.load import load_record, parse_record, validate_record

__all__ = ["HandRecord", "RecordAdapter", "load_record", "parse_record", "validate_record"]
