"""Markdown for a club's notice or an e-mail: the decision and the tables.

The decision, the findings, the tricks of each deal and the score as marked against the
score corrected. Every string that comes from a record (names, notes) is escaped, so that a
player called ``*Bob*`` or ``<script>`` reads as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.registry import find_game
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.render.figures import (
    UNDECIDED,
    agreed,
    game_deal,
    games_won,
    indeterminate_why,
    rubber_won,
    rubicon_totals,
    undecided_where,
)
from adjudicator.render.sources import beside, short, used
from adjudicator.render.text import harmless
from adjudicator.ruling.model import BeziqueCorrected, RubiconCorrected, Ruling, WhistCorrected
from adjudicator.seats import WHIST_SEATS

#: what Markdown (CommonMark, GitHub) reads as markup inside a line: emphasis, code, links
#: (no link can form once the brackets are escaped), HTML, table cells, strike-through
_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#])")


def escape(text: str) -> str:
    """Text that Markdown shows as written: a backslash before each character it would read
    as markup, control characters as escapes, line breaks as spaces."""
    return _SPECIAL.sub(r"\\\1", harmless(text).replace("\n", " ").replace("\r", " "))


def _cell(text: object) -> str:
    return escape(str(text))


def render_markdown(ruling: Ruling) -> str:
    """The ruling as Markdown: heading, decision, findings, deals, score, sources."""
    code = ruling.rules.get("code")
    lines = [f"# Ruling on a {ruling.game} record" + (f" ({code})" if code else ""), ""]
    players = ", ".join(f"{seat} {_cell(name)}" for seat, name in ruling.players.items())
    lines.append(f"**Players:** {players}  ")
    for key, value in sorted(ruling.meta.items()):
        lines.append(f"**{_cell(key)}:** {_cell(value)}  ")
    lines += ["", "## Decision", ""]
    number = 0
    for sentence in ruling.decision:
        if not sentence.rules and sentence.text.endswith(":"):
            lines += ["", f"**{escape(sentence.text)}**", ""]
            number = 0
            continue
        number += 1
        cited = beside(sentence)
        rules = f" *({cited})*" if cited else ""
        lines.append(f"{number}. {escape(sentence.text)}{rules}")
    lines += ["", "## Findings", ""]
    if not ruling.findings:
        lines.append("None.")
    else:
        lines.append("| event | deal | trick | seat | severity | rule | finding | source |")
        lines.append("|---:|---:|---:|---|---|---|---|---|")
        for f in ruling.findings:
            cells = [
                "" if f.event is None else f.event,
                "" if f.deal is None else f.deal,
                "" if f.trick is None else f.trick,
                f.seat or "",
                f.severity,
                f.rule,
                f.message,
                short(f.citation.source, ruling.rules.get("code")),
            ]
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    sections: Sections = find_game(ruling.game).part("markdown")
    for deal in ruling.deals:
        lines.append("")
        lines.extend(sections.deal(deal))
    lines += ["", "## Score: as marked and as corrected", ""]
    lines.extend(_score(ruling, sections))
    if ruling.undetermined:
        lines += ["", f"## {UNDECIDED}", ""]
        for u in ruling.undetermined:
            where = undecided_where(u)
            lines.append(
                f"* **{u.rule}**: {escape(u.what)}"
                + (f" ({where})" if where else "")
                + f". Missing: {escape(u.why)}. Decided by: {escape(u.decides)}."
            )
    books = used(short(f.citation.source, ruling.rules.get("code")) for f in ruling.findings)
    if books:
        lines += ["", "## Sources", ""]
        lines.extend(f"* **{_cell(tag)}**: {_cell(text)}" for tag, text in books)
    return "\n".join(lines) + "\n"


def _trick_table(rows: Sequence[Mapping[str, Any]], seats: Sequence[str]) -> list[str]:
    """The tricks as a table: who led (out of turn marked), each seat's card, the winner."""
    lines = [
        "| trick | led by | " + " | ".join(seats) + " | won by |",
        "|---:|---|" + "---|" * len(seats) + "---|",
    ]
    for row in rows:
        cards = {p["seat"]: p["card"] for p in row["plays"]}
        first = row["plays"][0]["seat"] if row["plays"] else row["leader"]
        lead = first if first == row["leader"] else f"{first} (out of turn)"
        end = " (end-play)" if row.get("endplay") else ""
        cells = " | ".join(cards.get(s, "") for s in seats)
        lines.append(f"| {row['trick']}{end} | {lead} | {cells} | {row['winner']} |")
    return lines


def _whist_deal(deal: WhistDealSummary) -> list[str]:
    lines = [f"## Deal {deal.deal}: dealer {deal.dealer}, trump card {deal.trump}", ""]
    lines += _trick_table(deal.tricks, WHIST_SEATS)
    won, after = deal.tricks_won, deal.tricks_after_penalty
    lines += ["", f"Tricks: NS {won['NS']}, EW {won['EW']}."]
    if after != won:
        lines[-1] += f" After the revoke penalty: NS {after['NS']}, EW {after['EW']}."
    return lines


def _bezique_deal(deal: BeziqueDealSummary) -> list[str]:
    turn_up = f", turn-up {deal.turn_up}" if deal.turn_up else ""
    lines = [f"## Deal {deal.deal}: dealer {deal.dealer}{turn_up}", ""]
    return lines + _trick_table(deal.tricks, ("A", "B"))


def _score(ruling: Ruling, sections: Sections) -> list[str]:
    """Per side (or player) and item: what was marked, what the rules give."""
    given: dict[tuple[str, str], int] = {}
    marked: dict[tuple[str, str], int] = {}
    for deal in ruling.deals:
        for key, points in sections.given(deal):
            given[key] = given.get(key, 0) + points
        for key, points in sections.marked(deal):
            marked[key] = marked.get(key, 0) + points
    lines = ["| side | item | marked | the rules give |", "|---|---|---:|---:|"]
    for side, item in sorted(set(given) | set(marked)):
        mark = marked.get((side, item))
        lines.append(
            f"| {side} | {_cell(item)} | {'' if mark is None else mark}"
            f" | {given.get((side, item), 0)} |"
        )
    lines += ["", f"Agreed by the players: {agreed(ruling, 'none')}."]
    lines.extend(sections.result(ruling))
    lines += ["", "Steps:", ""]
    lines.extend(f"    {harmless(step)}" for step in ruling.result.steps)
    return lines


def _whist_result(ruling: Ruling) -> list[str]:
    corrected = cast(WhistCorrected, ruling.result.corrected)
    games, rubber = games_won(corrected), rubber_won(corrected)
    score = f"NS {corrected.score['NS']}, EW {corrected.score['EW']}"
    if ruling.rules.get("code") == "american-1893":  # single games, no rubber (AWL-1)
        return [f"Corrected: games {games}; game in progress {score}."]
    return [f"Corrected: games {games}; rubber {rubber}; game in progress {score}."]


def _bezique_result(ruling: Ruling) -> list[str]:
    corrected = cast(BeziqueCorrected, ruling.result.corrected)
    state = (
        f"cannot be determined ({indeterminate_why(ruling)}); as played: "
        if corrected.indeterminate
        else ""
    )
    return [
        f"Corrected: {state}A {corrected.score['A']}, B {corrected.score['B']};"
        f" winner {corrected.winner or 'not yet decided'}."
    ]


def _rubicon_result(ruling: Ruling) -> list[str]:
    lines = []
    for number, game in enumerate(cast(RubiconCorrected, ruling.result.corrected).games, 1):
        who = f"{game.winner} wins {game.value}" if game.winner else "null and void"
        state = (
            f"cannot be determined ({indeterminate_why(ruling)}); as played: "
            if game.indeterminate
            else ""
        )
        rubicon = ", rubicon" if game.rubicon else ""
        lines.append(
            f"Corrected, game {number}: {state}{who}{rubicon}"
            f" ({rubicon_totals(game, game_deal(ruling, number))})."
        )
    return lines


Sheet = Iterator[tuple[tuple[str, str], int]]


def _whist_given(deal: WhistDealSummary) -> Sheet:
    return (((row["side"], row["item"]), row["points"]) for row in deal.scores)


def _whist_marked(deal: WhistDealSummary) -> Sheet:
    return (((mark["side"], mark["for"]), mark["points"]) for mark in deal.marks)


def _bezique_given(deal: BeziqueDealSummary) -> Sheet:
    return (((line["seat"], line["item"]), line["points"]) for line in deal.scores)


def _bezique_marked(deal: BeziqueDealSummary) -> Sheet:
    return (((mark["seat"], mark["item"]), mark["points"]) for mark in deal.marks)


@dataclass(frozen=True)
class Sections:
    """A game's part of the Markdown view (its ``markdown`` part in ``games.registry``)."""

    #: one deal's heading and table of tricks
    deal: Callable[[Any], list[str]]
    #: a deal's points by (side or seat, item): as the rules give them, as marked
    given: Callable[[Any], Sheet]
    marked: Callable[[Any], Sheet]
    #: the corrected result's lines, after what the players agreed
    result: Callable[[Ruling], list[str]]


WHIST = Sections(_whist_deal, _whist_given, _whist_marked, _whist_result)
BEZIQUE = Sections(_bezique_deal, _bezique_given, _bezique_marked, _bezique_result)
RUBICON = Sections(_bezique_deal, _bezique_given, _bezique_marked, _rubicon_result)
