"""A result's figures in the words every view prints them in (text, Markdown, HTML): a whist
result's games won and rubber, a Rubicon game's standing, written once so that the views
cannot drift apart."""

from __future__ import annotations

from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.ruling.model import WhistCorrected


def games_won(corrected: WhistCorrected) -> str:
    """``NS 2, EW 1`` (each game's winner and value, in order), or ``none``."""
    return ", ".join(f"{g.winner} {g.value}" for g in corrected.games) or "none"


def rubber_won(corrected: WhistCorrected) -> str:
    """``NS 9`` (the rubber's winner and value), or ``not complete``."""
    rubber = corrected.rubber
    return f"{rubber.winner} {rubber.value}" if rubber else "not complete"


def as_played(deal: BeziqueDealSummary) -> str:
    """What follows a Rubicon deal's game when tricks are to be replayed (BEZ-LAST-3, law
    55): the figures are the record as played, for reference, not the game's value."""
    return ", as played, for reference" if deal.indeterminate_from_trick else ""


def honours_shown(rules: dict[str, object], deal: WhistDealSummary) -> bool:
    """Whether a whist deal's honours are printed: when the rules count them, or a side
    claimed them (the claim is ruled on). Under the American code, which does not count
    honours (WHIST-HONOURS-6), a line of honours held would say what matters nothing."""
    return rules.get("honours_counted", True) is not False or bool(deal.honours.claims)
