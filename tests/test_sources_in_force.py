"""The source beside a finding names the laws of the code in force (``render.sources.short``):
a whist rule's source gives its law in each of the three codes, and a director ruling under
one reads that one (a review read "ENG64-71; ENG1900-74; AWL-28" under English 1900)."""

from __future__ import annotations

import pytest

from adjudicator.findings import cite
from adjudicator.render.sources import short

REVOKE = cite("WHIST-REVOKE-1").source  # ENG64-71; ENG1900-74; AWL-28 — the books


@pytest.mark.parametrize(
    ("code", "said"),
    [("english-1900", "ENG1900-74"), ("english-1864", "ENG64-71"), ("american-1893", "AWL-28")],
)
def test_only_the_code_in_force_is_named(code: str, said: str) -> None:
    assert short(REVOKE).startswith("ENG64-71; ENG1900-74; AWL-28")
    assert short(REVOKE, code) == said


def test_the_books_stay_and_a_source_without_the_code_stays_whole() -> None:
    penalty = cite("WHIST-REVOKE-9").source  # FCH, ENG64, ENG1900 and HGI: no AWL law
    assert short(penalty, "english-1900") == (
        'FCH "The Revoke"; ENG1900-50; ENG1900-75; ENG1900-87; HGI'
    )
    assert short(penalty, "american-1893") == short(penalty)  # names no AWL law: all kept


def test_bezique_sources_are_not_filtered() -> None:
    source = "HGM-L 40; F p.381 — books"
    assert short(source, "rubicon-bezique") == short(source) == "HGM-L 40; F p.381"
