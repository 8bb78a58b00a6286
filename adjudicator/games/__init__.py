"""The games the adjudicator knows, by the name a record gives in ``game``."""

from __future__ import annotations

GAMES: tuple[str, ...] = ("whist", "bezique", "rubicon-bezique")


def find_game(name: str) -> str:
    """The registered game of that name; ``KeyError`` if there is none."""
    if name not in GAMES:
        raise KeyError(name)
    return name
