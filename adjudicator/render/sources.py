"""The sources a citation names, shortened to law numbers, and the books named once.

A citation's source is ``"ENG64-71; ENG1900-74; AWL-28 — R. F. Foster, ..."``: the law
numbers and pages, then the books. The text and Markdown views print the part before the
dash beside each finding and list the abbreviations it uses once, expanded, at the end; the
expansions are the one table every view shares (``catalogue.sources``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from adjudicator.catalogue.sources import SOURCES, abbreviations_in


class Cited(Protocol):
    rules: list[str]
    events: list[int]


def beside(sentence: Cited) -> str:
    """What the views print beside a decision sentence: its rule IDs, then the events it
    speaks of ("WHIST-REVOKE-1; events 12, 53"); "" when it has neither."""
    parts = [", ".join(sentence.rules)] if sentence.rules else []
    if sentence.events:
        many = len(sentence.events) > 1
        parts.append(("events " if many else "event ") + ", ".join(map(str, sentence.events)))
    return "; ".join(parts)


#: the whist codes' tags in a source: a whist rule's source names its law in each code
_CODE_TAGS = {"english-1900": "ENG1900-", "english-1864": "ENG64-", "american-1893": "AWL-"}


def short(source: str, code: object = None) -> str:
    """The law numbers and pages of a citation, without the books' titles; under a whist code
    (``code``, the ruling's ``rules.code``), without the laws of the two other codes: under
    English 1900, ``ENG64-71; ENG1900-74; AWL-28`` is ``ENG1900-74`` (a review read the three
    codes' laws beside a ruling under one). A source that names no law of the code in force
    is kept whole; the books (FCH, HGI...) always are."""
    laws = source.split(" — ", 1)[0]
    tag = _CODE_TAGS.get(code) if isinstance(code, str) else None
    if tag is None:
        return laws
    others = tuple(t for t in _CODE_TAGS.values() if t != tag)
    parts = laws.split("; ")
    if not any(part.startswith(tag) for part in parts):
        return laws
    return "; ".join(part for part in parts if not part.startswith(others))


def used(sources: Iterable[str]) -> list[tuple[str, str]]:
    """The abbreviations these sources use, expanded, in the table's order."""
    found: set[str] = set()
    for source in sources:
        found.update(abbreviations_in(source))
    return [(tag, text) for tag, text in SOURCES.items() if tag in found]
