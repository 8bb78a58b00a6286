"""What the desk's requests do, without the web: check a record typed in the notation or
JSON as ``check --format html`` does, list the templates, convert a record for download.

Every answer is plain data (JSON for the page). A record that cannot be judged gives the
same problems as ``check``, each with its line and column in the text typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from adjudicator import InputError, Ruling, adjudicate, parse_record, render_text
from adjudicator.batch import Item, describe, placed
from adjudicator.notation import Notation, convert, looks_like_notation, read_notation
from adjudicator.render.html import render_html
from adjudicator.render.safe import printable

#: The name a record typed at the desk goes by in messages (as a file given to ``check``).
SOURCE = "desk"


@dataclass(frozen=True)
class Template:
    """A record to start from: a file of ``templates/`` in the notation."""

    key: str
    title: str
    text: str


#: key -> the title shown in the page's list, in the list's order
TEMPLATE_TITLES = {
    "whist-deal": "Whist: a whole deal (a revoke claimed)",
    "whist-fragment": "Whist: a fragment (the last tricks of a deal)",
    "bezique-deal": "Bézique: a whole deal (a false declaration)",
    "rubicon-fragment": "Rubicon Bézique: a fragment (a declaration disputed)",
}


@cache
def templates() -> tuple[Template, ...]:
    """The templates, one per game and kind of record, read from the package."""
    folder = resources.files("adjudicator.desk") / "templates"
    return tuple(
        Template(key, title, (folder / f"{key}.hrn").read_text("utf-8"))
        for key, title in TEMPLATE_TITLES.items()
    )


def check(raw: bytes) -> dict[str, Any]:
    """The desk's check of one record: its ruling (the decision, the verdict and the report
    of ``check --format html``) or its problems with line and column; never raises."""
    if not raw.strip():
        return {"status": "empty"}
    item = Item(SOURCE, raw)
    notation: Notation | None = None
    try:
        if looks_like_notation(raw):
            notation = read_notation(raw)
            record = parse_record(notation.data)
        else:
            record = parse_record(raw)
        ruling = adjudicate(record)
    except InputError as error:
        return _problems(item, error, notation)
    except Exception as error:  # a bug of ours: one message, as check gives it
        why = printable(f"internal error {type(error).__name__}: {str(error)[:200]}")
        problem = {"line": None, "column": None, "pointer": "", "message": why}
        return {"status": "problems", "problems": [problem], "omitted": 0, "text": why}
    return ruled(ruling)


def ruled(ruling: Ruling) -> dict[str, Any]:
    """A ruling as the page shows it: the decision first, then the whole report."""
    counts = ruling.counts
    return {
        "status": "ruled",
        "verdict": _verdict(ruling),
        "has_violation": ruling.has_violation,
        "counts": {"violation": counts.violation, "warning": counts.warning, "info": counts.info},
        "decision": [{"text": s.text, "rules": list(s.rules)} for s in ruling.decision],
        "report": render_html(ruling),
        "name": file_name(ruling),
    }


def file_name(ruling: Ruling) -> str:
    """A name for the files of a dispute, from the record's date, event and table when it
    gives them (``2026-02-11-hartwell-card-club-table-1``), else its game: a night's disputes
    saved one after the other are told apart (a review found every one named ``record``)."""
    meta = ruling.meta
    parts = [
        meta.get("date", ""),
        meta.get("event", ""),
        f"table {meta['table']}" if meta.get("table") else "",
    ]
    words = re.findall(r"[a-z0-9]+", " ".join(parts).lower())
    return "-".join(words)[:80].strip("-") or ruling.game


def _verdict(ruling: Ruling) -> str:
    """The verdict line of the text ruling (``check``'s words)."""
    text = render_text(ruling)
    return next((line for line in text.splitlines() if line.startswith("Verdict:")), "")


def _problems(item: Item, error: InputError, notation: Notation | None) -> dict[str, Any]:
    problems = [
        {
            "line": where[0] if where else None,
            "column": where[1] if where else None,
            "pointer": problem.pointer,
            "message": printable(problem.message),
        }
        for problem, where in placed(item, error, notation)
    ]
    return {
        "status": "problems",
        "problems": problems,
        "omitted": error.omitted,
        "text": describe(item, error, notation),
    }


def converted(raw: bytes, to: str) -> dict[str, Any]:
    """The record in the notation (``text``) or canonical JSON (``json``), for download; or
    its problems, as ``check`` gives them."""
    try:
        return {"status": "converted", "text": convert(raw, to, SOURCE)}
    except InputError as error:
        return _problems(Item(SOURCE, raw), error, None)
