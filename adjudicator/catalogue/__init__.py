"""The rule catalogue as data: every rule ID the adjudicator cites, with its source.

Statements are our own summaries of the laws; the TOML files beside this module are
loaded once. ``get`` raises ``KeyError`` for an unknown ID, so a finding can never cite
a rule that is not in the catalogue (a test checks every ID the code emits).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

#: game name -> TOML file of its rules
_FILES = {"whist": "whist.toml", "bezique": "bezique.toml", "rubicon-bezique": "rubicon.toml"}


class Rule(BaseModel):
    """One law as the catalogue states it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    title: str
    statement: str
    codes: tuple[str, ...]
    source: str
    books: tuple[str, ...] = ()
    game: str = ""

    def citation_source(self, book_titles: dict[str, str]) -> str:
        """The law numbers, then the books that print them."""
        names = "; ".join(book_titles.get(b, b) for b in self.books)
        return f"{self.source} — {names}" if names else self.source


@cache
def _load(game: str) -> tuple[dict[str, Rule], dict[str, str]]:
    name = _FILES[game]
    path = resources.files(__package__).joinpath(name)
    if not path.is_file():
        return {}, {}
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    books: dict[str, str] = dict(raw.get("books", {}))
    table = {r["id"]: Rule(game=game, **r) for r in raw.get("rule", [])}
    return table, books


def games() -> tuple[str, ...]:
    return tuple(_FILES)


def rules(game: str | None = None) -> list[Rule]:
    """All rules of one game (or every game), in catalogue order."""
    chosen = [game] if game else list(_FILES)
    return [r for g in chosen for r in _load(g)[0].values()]


def book_titles(game: str) -> dict[str, str]:
    return _load(game)[1]


def _game_of(rule_id: str) -> str:
    if rule_id.startswith("WHIST-"):
        return "whist"
    if rule_id.startswith("RUB-"):
        return "rubicon-bezique"
    return "bezique"


def get(rule_id: str) -> Rule:
    """The rule with this ID; ``KeyError`` if the catalogue has none."""
    for game in (_game_of(rule_id), *_FILES):
        table = _load(game)[0]
        if rule_id in table:
            return table[rule_id]
    raise KeyError(rule_id)


def exists(rule_id: str) -> bool:
    try:
        get(rule_id)
    except KeyError:
        return False
    return True
