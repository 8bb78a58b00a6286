"""The human view: a ruling a director can read aloud, plain text for any terminal."""

from __future__ import annotations

from adjudicator.cards import Card, sort_hand
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.ruling.model import Ruling
from adjudicator.seats import WHIST_SEATS

_RULE = "-" * 72


def render_text(ruling: Ruling) -> str:
    """The whole ruling: header, verdict, findings, each deal, the result."""
    lines: list[str] = []
    code = ruling.rules.get("code", "")
    lines.append(f"Ruling on a {ruling.game} record ({code})")
    lines.append("Players: " + ", ".join(f"{s} {n}" for s, n in ruling.players.items()))
    if ruling.meta:
        lines.append("Record: " + "; ".join(f"{k}: {v}" for k, v in sorted(ruling.meta.items())))
    c = ruling.counts
    verdict = "violations found" if c.violation else "no violation"
    lines.append(
        f"Verdict: {verdict} ({c.violation} violation{'s' if c.violation != 1 else ''}, "
        f"{c.warning} warning{'s' if c.warning != 1 else ''}, {c.info} note{'s' if c.info != 1 else ''})"
    )
    lines.append(_RULE)
    lines.append("Findings")
    if not ruling.findings:
        lines.append("  none")
    for f in ruling.findings:
        where = ", ".join(
            part
            for part in (
                f"event {f.event}" if f.event is not None else "",
                f"deal {f.deal}" if f.deal is not None else "",
                f"trick {f.trick}" if f.trick is not None else "",
                f"seat {f.seat}" if f.seat else "",
            )
            if part
        )
        lines.append(f"  [{f.severity.upper()}] {f.rule} {f.citation.title} ({where})")
        lines.append(f"      {f.message}")
        if f.basis:
            lines.append(f"      See also: {', '.join(f.basis)}")
        lines.append(f"      Source: {f.citation.source}")
    for deal in ruling.deals:
        lines.append(_RULE)
        lines.extend(_deal_lines(deal))
    lines.append(_RULE)
    lines.extend(_result_lines(ruling))
    return "\n".join(lines) + "\n"


def _hand(cards: list[str]) -> str:
    parsed = sort_hand([Card.parse(c) for c in cards])
    by_suit: dict[str, list[str]] = {}
    for card in parsed:
        by_suit.setdefault(card.suit.symbol, []).append(card.rank)
    return "  ".join(f"{s} {' '.join(r)}" for s, r in by_suit.items())


def _deal_lines(deal: WhistDealSummary) -> list[str]:
    trump = Card.parse(deal.trump)
    lines = [
        f"Deal {deal.deal} (event {deal.event}): dealer {deal.dealer}, trump card {trump} "
        f"({trump.suit.noun})"
    ]
    for seat in WHIST_SEATS:
        lines.append(f"  {seat}  {_hand(deal.hands[seat])}")
    lines.append("")
    lines.append("  trick  lead   N     E     S     W     won by")
    for row in deal.tricks:
        cards = {p.seat: p.card for p in row.plays}
        first = row.plays[0].seat if row.plays else row.leader
        lead = first if first == row.leader else f"{first}!"
        cells = "".join(f"{cards.get(s, '-'):<6}" for s in WHIST_SEATS)
        lines.append(f"  {row.trick:>5}  {lead:<5}  {cells}{row.winner}")
    won = deal.tricks_won
    lines.append(f"  Tricks: NS {won['NS']}, EW {won['EW']}")
    if deal.tricks_after_penalty != won:
        after = deal.tricks_after_penalty
        lines.append(f"  After the revoke penalty: NS {after['NS']}, EW {after['EW']}")
    held = deal.honours.held
    claims = (
        "; ".join(
            f"{h.side} claimed {h.count} at event {h.event}{'' if h.counted else ' (not counted)'}"
            for h in deal.honours.claims
        )
        or "none claimed"
    )
    lines.append(f"  Honours held: NS {held['NS']}, EW {held['EW']}; {claims}")
    for r in deal.revokes:
        claim = (
            f"claimed at event {r.claimed_at}"
            if r.claimed_at is not None
            else "not claimed in time"
        )
        penalty = ""
        if r.penalty:
            penalty = f", penalty {r.penalty}" + (
                "" if r.penalty_chosen else " (best choice, applied)"
            )
            if not r.applied:
                penalty += ", not applied"
        lines.append(f"  Revoke: {r.seat} at trick {r.trick} (event {r.event}), {claim}{penalty}")
    b = deal.score_before
    lines.append(f"  Score before the deal: NS {b['NS']}, EW {b['EW']}")
    for i, item in enumerate(deal.scores, 1):
        lines.append(f"    {i}. {item.text} [{item.rule}]")
    a = deal.score_after
    lines.append(f"  Score after the deal: NS {a['NS']}, EW {a['EW']}")
    if deal.game:
        lines.append(f"  Game: {deal.game.winner}, worth {deal.game.value}")
    if deal.rubber:
        lines.append(f"  Rubber: {deal.rubber.winner}, worth {deal.rubber.value}")
    if deal.marks:
        marks = ", ".join(f"{m.side} {m.points:+d} {m.for_} (event {m.event})" for m in deal.marks)
        lines.append(f"  Marks written: {marks}")
    if deal.penalty_options:
        lines.append("  Penalty choices (no choice recorded):")
        for option in deal.penalty_options:
            game = f"game {option.game.winner} {option.game.value}" if option.game else "no game"
            rubber = (
                f", rubber {option.rubber.winner} {option.rubber.value}" if option.rubber else ""
            )
            best = "  <- best for the claimants" if option.best else ""
            lines.append(
                f"    {' + '.join(option.choices):<16} NS {option.score['NS']}, "
                f"EW {option.score['EW']}; {game}{rubber}{best}"
            )
    return lines


def _result_lines(ruling: Ruling) -> list[str]:
    result = ruling.result
    corrected = result.corrected
    lines = ["Result"]
    claimed = result.claimed
    agreed = (
        f"{claimed.result.winner} {claimed.result.value}" if claimed.result else "none recorded"
    )
    lines.append(f"  Agreed by the players: {agreed}")
    for side, sheet in claimed.marks.items():
        items = ", ".join(f"{item} {points:+d}" for item, points in sheet.items()) or "nothing"
        lines.append(f"  Marked on the score sheet for {side}: {items}")
    games = ", ".join(f"{g.winner} {g.value}" for g in corrected.games) or "none"
    rubber = (
        f"{corrected.rubber.winner} {corrected.rubber.value}"
        if corrected.rubber
        else "not complete"
    )
    lines.append(
        f"  Corrected: game in progress NS {corrected.score['NS']}, EW {corrected.score['EW']}; "
        f"games {games}; rubber {rubber}"
    )
    lines.append("  Steps:")
    lines.extend(f"    {step}" for step in result.steps)
    return lines
