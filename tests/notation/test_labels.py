"""Labels in the notation: an event's ``id`` written ``@label``, a ``ref`` written ``ref=@label``
(or ``ref=#17`` for an index), read as the record's ``id`` and ``ref`` and written back."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.notation import canonical_record, read_notation, write_notation

TEXT = """%HRN 1
game bezique
players A=Ann B=Bob
deal dealer=B turn_up=9H @d1
A JS 9S 8S 10H 8H 8D QC 7C
B 10S QS 8S QH 9H JD 7D 8C
stock JC 9S AH KH 7S AH
  1  A   7C   8C
declare B marriage KS QS to score @m1 note="laid down after the first trick"
  2  B   8D   7D
score B 20 declaration ref=@m1 @s.1
claim A score ref=@s.1
claim A score ref=#8
"""


def test_labels_and_refs_are_read_as_ids_and_written_back() -> None:
    events = read_notation(TEXT).data["events"]
    assert events[0]["id"] == "d1"
    marriage = events[3]
    assert marriage == {
        "type": "declare",
        "seat": "B",
        "combination": "marriage",
        "cards": ["KS", "QS"],
        "id": "m1",
        "note": "laid down after the first trick",
    }
    score, claim, by_index = (e for e in events if e["type"] in ("score", "claim"))
    assert (score["id"], score["ref"]) == ("s.1", "m1")
    assert claim["ref"] == "s.1" and by_index["ref"] == 8
    text = write_notation(read_notation(TEXT).data)
    assert "@m1" in text and "ref=@m1" in text and "ref=#8" in text
    assert read_notation(text).data == read_notation(TEXT).data


def test_a_bad_label_is_a_syntax_problem() -> None:
    with pytest.raises(InputError) as caught:
        read_notation(TEXT.replace("@m1 note", "@1m note").replace("ref=#8", "ref=#x"))
    assert [(p.line, p.column) for p in caught.value.problems] == [(9, 35), (13, 15)]


def test_a_record_with_labels_converts_both_ways_and_keeps_its_ids() -> None:
    canonical = canonical_record(read_notation(TEXT).data)
    assert canonical["events"][3]["id"] == "m1"
    assert read_notation(write_notation(canonical)).data == canonical
