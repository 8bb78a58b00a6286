"""adjudicator: replay recorded card games through the old codes and rule on them.

The public API::

    from adjudicator import load_record, adjudicate, render_text, render_json
    ruling = adjudicate(load_record("hand.json"))
    print(render_text(ruling))
    ruling.has_violation, ruling.findings, ruling.result.corrected

``load_record`` and ``adjudicate`` raise ``InputError`` (``.pointer``, ``.message``) for a
record that cannot be judged; irregularities at the table are findings in the ruling.
"""

from adjudicator.errors import InputError
from adjudicator.record import load_record, parse_record
from adjudicator.render.json import render_json
from adjudicator.render.text import render_text
from adjudicator.ruling.build import adjudicate
from adjudicator.ruling.model import Ruling

__all__ = [
    "InputError",
    "Ruling",
    "adjudicate",
    "load_record",
    "parse_record",
    "render_json",
    "render_text",
]
__version__ = "0.1.0"
