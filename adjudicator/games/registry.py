"""The registry: every game the adjudicator knows, one entry each, keyed by a record's ``game``.

A game is a set of parts, each living in the layer that owns it (imports go one way:
``tests/test_layers.py``), and each named here by dotted path (``module:attribute``), loaded
on first use and kept. Why paths and not the objects: this module imports nothing from the
package, so every layer may dispatch through it (the renderers, which never see a game's
engine, included) and no layer below imports one above it. ``tests/test_registry.py``
checks that every entry names every part, in the right layer, of the right shape.

The parts (each one's type is defined by the layer that uses it):

========== ============================= ==========================================================
part       type, module                  what it is
========== ============================= ==========================================================
record     pydantic model, ``record``    the record model (``WhistRecord``...)
engine     ``games.protocol.Engine``     the rules in force, the replay and the judge, a deal's own
                                         check, the deal summary's model
results    ``ruling.results.Results``    the claimed and corrected result models of the ruling
text       ``render.text.Sections``      the text view's deal section and corrected result
markdown   ``render.markdown.Sections``  the Markdown view's deal table, score sheet and result
html       ``render.html.Sections``      the HTML view's deal context and result rows
table      ``referee.tables``            the referee's table for a header: ``(record) -> Table``
simulator  ``simulate``                  ``(count, seed, inject) -> Iterator[record as dict]``
========== ============================= ==========================================================

Adding a game: a package ``games/NAME`` (with its ``Engine``), its record model, each
layer's part beside the other games' (a renderer's sections beside theirs), and one entry in
``GAMES`` below. Dispatch once per record (``find_game(record.game).part("engine")``), never
per event, and never on a record's, replay's, summary's or result's class
(``tests/test_dispatch.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from importlib import import_module
from typing import Any

#: each part and the package its object must live in (``{package}``: the game's own package)
PARTS: dict[str, str] = {
    "record": "adjudicator.record",
    "engine": "adjudicator.games.{package}",
    "results": "adjudicator.ruling",
    "text": "adjudicator.render.text",
    "markdown": "adjudicator.render.markdown",
    "html": "adjudicator.render.html",
    "table": "adjudicator.referee",
    "simulator": "adjudicator.simulate",
}


@dataclass(frozen=True)
class Game:
    """One game: its name, its title, and where each of its parts lives (``PARTS``)."""

    name: str  # the record's ``game``
    package: str  # its package under ``adjudicator.games``
    title: str  # as a report's heading names it
    record: str
    engine: str
    results: str
    text: str
    markdown: str
    html: str
    table: str
    simulator: str
    _loaded: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def part(self, name: str) -> Any:
        """The part ``name`` (one of ``PARTS``), imported on first use and kept."""
        try:
            return self._loaded[name]
        except KeyError:
            module, _, attribute = getattr(self, name).partition(":")
            loaded = self._loaded[name] = getattr(import_module(module), attribute)
            return loaded


def _parts(module: str, upper: str) -> dict[str, str]:
    """The usual places of a game's parts: ``games/MODULE/engine.py: ENGINE``; ``UPPER`` in
    ``ruling.results`` and in each renderer; ``upper_table`` in ``referee.tables``;
    ``upper_records`` in ``simulate``."""
    return {
        "results": f"adjudicator.ruling.results:{upper}",
        "text": f"adjudicator.render.text:{upper}",
        "markdown": f"adjudicator.render.markdown:{upper}",
        "html": f"adjudicator.render.html:{upper}",
        "engine": f"adjudicator.games.{module}.engine:ENGINE",
        "table": f"adjudicator.referee.tables:{upper.lower()}_table",
        "simulator": f"adjudicator.simulate:{upper.lower()}_records",
    }


#: The registry: a game's name -> its parts (one entry a game).
GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game(
            "whist",
            "whist",
            "whist",
            "adjudicator.record.whist:WhistRecord",
            **_parts("whist", "WHIST"),
        ),
        Game(
            "bezique",
            "bezique",
            "two-handed Bézique",
            "adjudicator.record.bezique:BeziqueRecord",
            **_parts("bezique", "BEZIQUE"),
        ),
        Game(
            "rubicon-bezique",
            "rubicon",
            "Rubicon Bézique",
            "adjudicator.record.bezique:RubiconRecord",
            **_parts("rubicon", "RUBICON"),
        ),
    )
}

#: Every part's name, in the order of ``Game``'s fields.
PART_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Game) if f.name in PARTS)


def find_game(name: str) -> Game:
    """The registered game of that name; ``KeyError`` if there is none."""
    return GAMES[name]
