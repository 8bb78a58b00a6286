"""A whist result's figures in the words every view prints them in (text, Markdown, HTML):
the games won and the rubber, written once so that the views cannot drift apart."""

from __future__ import annotations

from adjudicator.ruling.model import WhistCorrected


def games_won(corrected: WhistCorrected) -> str:
    """``NS 2, EW 1`` (each game's winner and value, in order), or ``none``."""
    return ", ".join(f"{g.winner} {g.value}" for g in corrected.games) or "none"


def rubber_won(corrected: WhistCorrected) -> str:
    """``NS 9`` (the rubber's winner and value), or ``not complete``."""
    rubber = corrected.rubber
    return f"{rubber.winner} {rubber.value}" if rubber else "not complete"
