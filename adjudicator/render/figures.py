"""A result's figures in the words every view prints them in (text, Markdown, HTML): a whist
result's games won and rubber, a Rubicon game's standing, written once so that the views
cannot drift apart."""

from __future__ import annotations

from typing import cast

from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.whist.summary import PenaltyOption, WhistDealSummary
from adjudicator.ruling.model import (
    RubiconGameResult,
    Ruling,
    Undetermined,
    WhistCorrected,
    deciding_totals,
)


def games_won(corrected: WhistCorrected) -> str:
    """``NS 2, EW 1`` (each game's winner and value, in order), or ``none``."""
    return ", ".join(f"{g.winner} {g.value}" for g in corrected.games) or "none"


def rubber_won(corrected: WhistCorrected) -> str:
    """``NS 9`` (the rubber's winner and value), or ``not complete``."""
    rubber = corrected.rubber
    return f"{rubber.winner} {rubber.value}" if rubber else "not complete"


def agreed(ruling: Ruling, none: str = "none recorded") -> str:
    """What the players agreed, as every view prints it: ``A 1000`` for one result in a
    record of one game; else each result with its game or deal, ``B 800 (game 1); A 1000
    (game 2)``, so that a result agreed for an earlier game is never read as the last's."""
    claimed = ruling.result.claimed
    results = claimed.results
    if not results:  # (a ruling made before ``results``: the last result only)
        last = claimed.result
        return f"{last.winner} {last.value}" if last else none
    rubicon = ruling.game == "rubicon-bezique"
    games = len(ruling.deals) if rubicon else 1
    if len(results) == 1 and games <= 1:
        return f"{results[0].winner} {results[0].value}"
    return "; ".join(f"{r.winner} {r.value} ({_agreed_where(r.deal, rubicon)})" for r in results)


def _agreed_where(deal: int | None, rubicon: bool) -> str:
    if deal is None:
        return "before the first deal"
    return f"game {deal}" if rubicon else f"agreed in deal {deal}"


def game_deal(ruling: Ruling, number: int) -> BeziqueDealSummary | None:
    """The summary of the deal of Rubicon game ``number`` (a deal is a game), if any."""
    deals = ruling.deals
    return cast(BeziqueDealSummary, deals[number - 1]) if number <= len(deals) else None


def rubicon_totals(game: RubiconGameResult, deal: BeziqueDealSummary | None) -> str:
    """``A 920, B 990 with the brisques counted``: the totals that decided a Rubicon game, as
    the decision says them (a review read "B wins 2800 (A 800, B 790)", the totals a
    rubicon's value is reckoned on, beside a decision that B won 990 to 920)."""
    totals, counted = deciding_totals(game, deal)
    said = ", ".join(f"{seat} {points}" for seat, points in totals.items())
    return said + (" with the brisques counted" if counted else "")


def as_played(deal: BeziqueDealSummary) -> str:
    """What follows a Rubicon deal's game when tricks are to be replayed (BEZ-LAST-3, law
    55): the figures are the record as played, for reference, not the game's value."""
    return ", as played, for reference" if deal.indeterminate_from_trick else ""


def indeterminate_why(ruling: Ruling) -> str:
    """Why a Bézique result cannot be determined, in a few words: tricks to be replayed after
    an end-play error, or facts the record does not give (a fragment: a review found
    "tricks to be replayed" said where nothing was to be replayed)."""
    if any(getattr(d, "indeterminate_from_trick", None) for d in ruling.deals):
        return "tricks to be replayed"
    return f"it rests on what the record cannot decide: see “{UNDECIDED}”"


#: The heading, in every view, of what the record cannot decide (``ruling.undetermined``)
UNDECIDED = "Cannot be decided from the record"


def undecided_where(question: Undetermined) -> str:
    """Where a question the record cannot decide sits: ``event 12, deal 2`` (or nothing)."""
    deal = f"deal {question.deal}" if question.deal is not None else ""
    parts = (
        f"event {question.event}" if question.event is not None else "",
        "" if deal and question.what.endswith(deal) else deal,  # (not "deal 1 (deal 1)")
    )
    return ", ".join(part for part in parts if part)


def verdict(ruling: Ruling) -> str:
    """The verdict line, in every view: violations found, or none; and, when the record leaves
    questions open, that the verdict is of what it shows (a review heard "no violation" read
    out while a challenge could not be decided)."""
    c = ruling.counts
    head = "violations found" if c.violation else "no violation"
    open_questions = len(ruling.undetermined)
    if open_questions and not c.violation:
        head += (
            f" in what the record shows; {open_questions}"
            f" question{'s' if open_questions != 1 else ''} it cannot decide"
        )
    return (
        f"Verdict: {head} ({c.violation} violation{'s' if c.violation != 1 else ''},"
        f" {c.warning} warning{'s' if c.warning != 1 else ''},"
        f" {c.info} note{'s' if c.info != 1 else ''})"
    )


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


#: A declaration's status as the views say it (the summary's keys are the JSON's).
_STATUS = {"scored-later": "scored later", "to-score": "to score", "illegal": "not allowed"}


def declaration_status(status: str) -> str:
    """``scored-later`` -> ``scored later``: a declaration's status in words."""
    return _STATUS.get(status, status)
