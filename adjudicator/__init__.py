"""adjudicator: replay recorded card games through the old codes and rule on them.

The public API::

    from adjudicator import load_record, adjudicate, render_text, render_json
    ruling = adjudicate(load_record("hand.json"))
    print(render_text(ruling))
    ruling.decision, ruling.has_violation, ruling.findings, ruling.result.corrected

The models a caller meets (``Ruling``, ``Sentence``, ``Finding``, the corrected results) are
exported here too, so that typed code (``mypy --strict``) can name them.

``load_record`` and ``adjudicate`` raise ``InputError`` (``.pointer``, ``.message``) for a
record that cannot be judged; irregularities at the table are findings in the ruling.
"""

from adjudicator.errors import InputError
from adjudicator.findings import Finding
from adjudicator.record import load_record, parse_record
from adjudicator.render.compact import render_compact
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

__all__ = [
    "BeziqueCorrected",
    "Finding",
    "InputError",
    "RubiconCorrected",
    "RubiconGameResult",
    "Ruling",
    "Sentence",
    "WhistCorrected",
    "adjudicate",
    "load_record",
    "parse_record",
    "render_compact",
    "render_json",
    "render_markdown",
    "render_text",
]
__version__ = "0.1.0"
