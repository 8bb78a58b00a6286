"""A result's figures in the words every view prints them in (text, Markdown, HTML): a whist
result's games won and rubber, a Rubicon game's standing, written once so that the views
cannot drift apart."""

from __future__ import annotations

from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.whist.summary import PenaltyOption, WhistDealSummary
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


def penalty_heading(options: list[PenaltyOption]) -> str:
    """The table of a deal's penalty choices: ``Penalty choices (as chosen)`` or ``(no choice
    recorded)``."""
    made = any(o.chosen for o in options)
    return f"Penalty choices ({'as chosen' if made else 'no choice recorded'})"


def penalty_marks(option: PenaltyOption) -> str:
    """What a row of that table is: ``chosen``, ``best for the claimants``, ``as good for
    them`` (a tie with the best), or nothing."""
    marks = (
        ("chosen", option.chosen),
        ("best for the claimants", option.best),
        ("as good for them", option.as_good_as_best and not option.best),
    )
    return ", ".join(word for word, on in marks if on)
