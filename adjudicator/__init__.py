"""adjudicator: replay recorded card games through the old codes and rule on them.

The public API::

    from adjudicator import load_record, adjudicate, render_text, render_json
    ruling = adjudicate(load_record("hand.json"))  # JSON or the notation (HRN)
    print(render_text(ruling))
    ruling.decision, ruling.has_violation, ruling.findings, ruling.result.corrected

    for source, ruling in iter_rulings("archive.jsonl.gz"): ...  # or an InputError
    referee = Referee.new(header); referee.push(event); referee.legal_plays()

(``docs/api.md`` shows each.)

The models a caller meets (``Ruling``, ``Sentence``, ``Finding``, the corrected results) are
exported here too, so that typed code (``mypy --strict``) can name them.

``load_record`` and ``adjudicate`` raise ``InputError`` (``.pointer``, ``.message``) for a
record that cannot be judged; irregularities at the table are findings in the ruling.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.errors import InputError
    from adjudicator.findings import Finding
    from adjudicator.reading import iter_rulings, load_record
    from adjudicator.record import parse_record
    from adjudicator.referee import Referee
    from adjudicator.render.compact import render_compact
    from adjudicator.render.html import render_html
    from adjudicator.render.json import render_json
    from adjudicator.render.markdown import render_markdown
    from adjudicator.render.text import render_text
    from adjudicator.ruling.build import adjudicate
    from adjudicator.ruling.model import (
        BeziqueCorrected,
        RubiconCorrected,
        RubiconGameResult,
        Ruling,
        Sentence,
        WhistCorrected,
    )

#: Where each public name lives: loaded on first use (PEP 562), so that the command starts
#: with nothing but its signal handlers in place (Ctrl-C during start-up ends quietly).
_WHERE = {
    "InputError": "adjudicator.errors",
    "Finding": "adjudicator.findings",
    "load_record": "adjudicator.reading",
    "iter_rulings": "adjudicator.reading",
    "parse_record": "adjudicator.record",
    "Referee": "adjudicator.referee",
    "render_compact": "adjudicator.render.compact",
    "render_html": "adjudicator.render.html",
    "render_json": "adjudicator.render.json",
    "render_markdown": "adjudicator.render.markdown",
    "render_text": "adjudicator.render.text",
    "adjudicate": "adjudicator.ruling.build",
    "BeziqueCorrected": "adjudicator.ruling.model",
    "RubiconCorrected": "adjudicator.ruling.model",
    "RubiconGameResult": "adjudicator.ruling.model",
    "Ruling": "adjudicator.ruling.model",
    "Sentence": "adjudicator.ruling.model",
    "WhistCorrected": "adjudicator.ruling.model",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'adjudicator' has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__all__ = [
    "BeziqueCorrected",
    "Finding",
    "InputError",
    "Referee",
    "RubiconCorrected",
    "RubiconGameResult",
    "Ruling",
    "Sentence",
    "WhistCorrected",
    "adjudicate",
    "iter_rulings",
    "load_record",
    "parse_record",
    "render_compact",
    "render_html",
    "render_json",
    "render_markdown",
    "render_text",
]
__version__ = "0.1.0"
