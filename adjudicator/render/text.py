"""The human view: a ruling a director can read aloud, plain text for any terminal."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from adjudicator.cards import PIQUET_RANKS, RANKS, Card, Suit, sort_hand
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.registry import find_game
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.render.figures import (
    UNDECIDED,
    agreed,
    as_played,
    declaration_status,
    game_deal,
    games_won,
    honours_shown,
    penalty_heading,
    penalty_marks,
    rubber_won,
    rubicon_totals,
    undecided_where,
    verdict,
)
from adjudicator.render.safe import BIDI, printable
from adjudicator.render.sources import beside, short, used
from adjudicator.ruling.model import BeziqueCorrected, RubiconCorrected, Ruling, WhistCorrected
from adjudicator.ruling.words import penalty_words
from adjudicator.seats import WHIST_SEATS

_RULE = "-" * 72
WIDTH = 100

#: control characters (C0 but the newline, DEL, C1) shown as escapes, and the line and
#: paragraph separators, bidirectional overrides and isolates and lone surrogates (the same
#: set as ``safe.printable``): a record's names and notes can never move the cursor, clear
#: the screen, set a terminal's title or reorder what a director reads
_HARMLESS = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if c != 0x0A} | {
    c: f"\\u{c:04x}" for c in (0x2028, 0x2029, *BIDI, *range(0xD800, 0xE000))
}


_NUMBERED = re.compile(r"^ *[0-9]+\. ")


def harmless(text: str) -> str:
    """Text with every control character written as an escape (``\\x1b``)."""
    return text.translate(_HARMLESS)


def wrap(lines: list[str], width: int = WIDTH) -> list[str]:
    """Lines longer than ``width`` folded at spaces: a numbered line hangs under its text,
    any other continues two columns further in."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        numbered = _NUMBERED.match(line)
        hang = " " * len(numbered.group(0)) if numbered else indent + "  "
        out.extend(
            textwrap.wrap(
                line.strip(),
                width,
                initial_indent=indent,
                subsequent_indent=hang,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return out


def decision_lines(ruling: Ruling) -> list[str]:
    """The decision, one numbered paragraph per sentence with its rule IDs."""
    lines = ["Decision"]
    number = 0
    for sentence in ruling.decision:
        cited = beside(sentence)
        rules = f" [{cited}]" if cited else ""
        if not sentence.rules and sentence.text.endswith(":"):
            lines.append(f"  {sentence.text}")  # a heading within the decision
            continue
        number += 1
        lines.append(f"  {number}. {sentence.text}{rules}")
    return lines


def render_text(ruling: Ruling) -> str:
    """The whole ruling: header, verdict, findings, each deal, the result."""
    lines: list[str] = []
    code = ruling.rules.get("code")
    lines.append(f"Ruling on a {ruling.game} record" + (f" ({code})" if code else ""))
    lines.append("Players: " + ", ".join(f"{s} {printable(n)}" for s, n in ruling.players.items()))
    if ruling.meta:
        meta = sorted(ruling.meta.items())
        lines.append("Record: " + "; ".join(f"{printable(k)}: {printable(v)}" for k, v in meta))
    lines.append(verdict(ruling))
    lines.append(_RULE)
    lines.extend(decision_lines(ruling))
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
        lines.append(f"      Source: {short(f.citation.source, ruling.rules.get('code'))}")
    lines.extend(_undetermined_lines(ruling))
    lines.extend(_note_lines(ruling))
    sections: Sections = find_game(ruling.game).part("text")
    for deal in ruling.deals:
        lines.append(_RULE)
        lines.extend(sections.deal(ruling, deal))
    lines.append(_RULE)
    lines.extend(_result_lines(ruling, sections))
    lines.extend(sources_lines(ruling))
    return harmless("\n".join(wrap(lines))) + "\n"


def sources_lines(ruling: Ruling) -> list[str]:
    """The abbreviations the findings' sources use, each expanded once."""
    books = used(short(f.citation.source, ruling.rules.get("code")) for f in ruling.findings)
    if not books:
        return []
    return [_RULE, "Sources", *(f"  {tag}: {text}" for tag, text in books)]


def _undetermined_lines(ruling: Ruling) -> list[str]:
    """What the record cannot decide (issue 11): nothing at all for a complete record, so the
    text of every complete record is unchanged."""
    if not ruling.undetermined:
        return []
    lines = [_RULE, f"{UNDECIDED}:"]
    for item in ruling.undetermined:
        where = undecided_where(item)
        lines.append(f"  {item.rule}: {item.what}" + (f" ({where})" if where else ""))
        lines.append(f"      Missing: {item.why}")
        lines.append(f"      Decided by: {item.decides}")
    return lines


def _note_lines(ruling: Ruling) -> list[str]:
    """The record's notes, each beside its event (the format keeps them in the report)."""
    if not ruling.notes:
        return []
    lines = [_RULE, "Notes in the record"]
    lines.extend(f"  event {n.event} ({n.type}): {printable(n.text)}" for n in ruling.notes)
    return lines


def _hand(cards: list[str], ranks: tuple[str, ...] = RANKS) -> str:
    """A hand by suit, high to low: ``♠ A K 3  ♥ 10 2``."""
    parsed = sort_hand([Card.parse(c) for c in cards], ranks)
    by_suit: dict[str, list[str]] = {}
    for card in parsed:
        by_suit.setdefault(card.suit.symbol, []).append(card.rank)
    return "  ".join(f"{s} {' '.join(r)}" for s, r in by_suit.items())


def _deal_lines(deal: WhistDealSummary, fixed: bool = False, honours: bool = True) -> list[str]:
    """One deal; ``fixed``: the code fixes the revoke penalty (American), no choice to make."""
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
        cards = {p["seat"]: p["card"] for p in row["plays"]}
        first = row["plays"][0]["seat"] if row["plays"] else row["leader"]
        lead = first if first == row["leader"] else f"{first}!"
        cells = "".join(f"{cards.get(s, '-'):<6}" for s in WHIST_SEATS)
        lines.append(f"  {row['trick']:>5}  {lead:<5}  {cells}{row['winner']}")
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
    if honours:  # (not under rules that do not count them, unless claimed: ``honours_shown``)
        lines.append(f"  Honours held: NS {held['NS']}, EW {held['EW']}; {claims}")
    for r in deal.revokes:
        claim = (
            f"claimed at event {r.claimed_at}"
            if r.claimed_at is not None
            else "not claimed in time"
        )
        penalty = ""
        if r.penalty:
            unchosen = " (fixed by the code)" if fixed else " (none chosen: the best, applied)"
            penalty = f", penalty {penalty_words(r.penalty)}" + (
                "" if r.penalty_chosen else unchosen
            )
            if not r.applied:
                penalty += ", not applied"
        lines.append(f"  Revoke: {r.seat} at trick {r.trick} (event {r.event}), {claim}{penalty}")
    b = deal.score_before
    lines.append(f"  Score before the deal: NS {b['NS']}, EW {b['EW']}")
    for i, item in enumerate(deal.scores, 1):
        lines.append(f"    {i}. {item['text']} [{item['rule']}]")
    a = deal.score_after
    lines.append(f"  Score after the deal: NS {a['NS']}, EW {a['EW']}")
    if deal.game:
        lines.append(f"  Game: {deal.game.winner}, worth {deal.game.value}")
    if deal.rubber:
        lines.append(f"  Rubber: {deal.rubber.winner}, worth {deal.rubber.value}")
    if deal.marks:
        marks = ", ".join(
            f"{m['side']} {m['points']:+d} {m['for']} (event {m['event']})" for m in deal.marks
        )
        lines.append(f"  Marks written: {marks}")
    if deal.penalty_options:
        lines.append(f"  {penalty_heading(deal.penalty_options)}:")
        for option in deal.penalty_options:
            game = f"game {option.game.winner} {option.game.value}" if option.game else "no game"
            rubber = (
                f", rubber {option.rubber.winner} {option.rubber.value}" if option.rubber else ""
            )
            mark = penalty_marks(option)
            lines.append(
                f"    {' + '.join(option.choices):<16} NS {option.score['NS']}, "
                f"EW {option.score['EW']}; {game}{rubber}{'  <- ' + mark if mark else ''}"
            )
    return lines


def _bezique_deal_lines(deal: BeziqueDealSummary) -> list[str]:
    turn_up = f", turn-up {deal.turn_up}" if deal.turn_up else ""
    trump = f"trumps {Suit(deal.trump).noun}" if deal.trump else "no trumps fixed"
    if deal.trump_fixed_at is not None:
        trump += f" (fixed by the marriage scored at event {deal.trump_fixed_at})"
    lines = [f"Deal {deal.deal} (event {deal.event}): dealer {deal.dealer}{turn_up}; {trump}"]
    for seat in ("A", "B"):
        lines.append(f"  {seat}  {_hand(deal.hands[seat], PIQUET_RANKS)}")
    lines.append("")
    lines.append("  trick  lead  A     B     won by")
    first_endplay = min((t["trick"] for t in deal.tricks if t["endplay"]), default=0)
    for row in deal.tricks:
        cards = {p["seat"]: p["card"] for p in row["plays"]}
        first = row["plays"][0]["seat"] if row["plays"] else row["leader"]
        lead = first if first == row["leader"] else f"{first}!"
        mark = "  (end-play)" if row["trick"] == first_endplay else ""
        lines.append(
            f"  {row['trick']:>5}  {lead:<4}  {cards.get('A', '-'):<6}{cards.get('B', '-'):<6}"
            f"{row['winner']}{mark}"
        )
    if deal.declarations:
        lines.append("  Declarations:")
        for d in deal.declarations:
            marked = "to score" if d.marked is None else f"marked {d.marked}"
            extra = f", {d.rule}" if d.rule else ""
            stands = ", stands (law 50)" if d.stands else ""
            lines.append(
                f"    event {d.event}: {d.seat} {d.combination} {' '.join(d.cards)} "
                f"({marked}; worth {d.value}; {declaration_status(d.status)}{extra}{stands})"
            )
    b = deal.brisques
    lines.append(
        f"  Brisques taken: A {b['A']}, B {b['B']}; last trick: {deal.last_trick or 'nobody'}"
    )
    if deal.indeterminate_from_trick is not None:
        lines.append(
            f"  Tricks {deal.indeterminate_from_trick} on are to be replayed: figures from"
            " them are the record as played, for reference"
        )
    if deal.endplay_replayed is not None:  # (the tricks above are as played; these count)
        replayed_from = deal.endplay_replayed.tricks[0].trick
        lines.append(
            f"  Brisques and last trick as the replay from trick {replayed_from} gives them (the"
            " cards force it); the tricks above are as played"
        )
    lines.append("  Scores:")
    for i, line in enumerate(deal.scores, 1):
        lines.append(f"    {i}. {line['text']} [{line['rule']}]")
    t = deal.totals
    lines.append(f"  Deal totals: A {t['A']}, B {t['B']}")
    if deal.totals_cards_made != deal.totals:
        m = deal.totals_cards_made
        lines.append(f"  As the cards really made: A {m['A']}, B {m['B']}")
    if deal.score_after is not None:
        a = deal.score_after
        lines.append(f"  Running score: A {a['A']}, B {a['B']}")
    if deal.game is not None:
        g = deal.game
        who = f"{g.winner} wins {g.value}" if g.winner else "null and void"
        lines.append(f"  Game: {who}" + (" (rubicon)" if g.rubicon else "") + as_played(deal))
        lines.extend(f"    {step}" for step in g.steps)
    if deal.game_cards_made is not None:
        g = deal.game_cards_made
        who = f"{g.winner} wins {g.value}" if g.winner else "null and void"
        lines.append(f"  Counting only what the cards made: {who}")
    if deal.marks:
        marks = ", ".join(
            f"{m['seat']} {m['points']:+d} {m['item']} (event {m['event']})" for m in deal.marks
        )
        lines.append(f"  Marks written: {marks}")
    return lines


def _replayed(ruling: Ruling) -> str:
    """Ordinary Bézique: the tricks an end-play error leaves to be replayed, deal by deal."""
    parts = [
        f"tricks {t} on of deal {d.deal}"
        for d in ruling.deals
        if (t := getattr(d, "indeterminate_from_trick", None)) is not None
    ]
    return "; ".join(parts)


def _result_lines(ruling: Ruling, sections: Sections) -> list[str]:
    result = ruling.result
    lines = ["Result"]
    lines.append(f"  Agreed by the players: {agreed(ruling)}")
    lines.extend(sections.result(ruling))
    lines.append("  Steps:")
    lines.extend(f"    {step}" for step in result.steps)
    return lines


def _whist_result(ruling: Ruling) -> list[str]:
    """Whist: the marks written, the games, the rubber and the game in progress."""
    claimed = ruling.result.claimed
    corrected = cast(WhistCorrected, ruling.result.corrected)
    lines = []
    for side, sheet in getattr(claimed, "marks", {}).items():
        items = ", ".join(f"{item} {points:+d}" for item, points in sheet.items()) or "nothing"
        # (every mark of the record summed: across games, not the game in progress)
        lines.append(f"  Marked on the score sheet for {side}, all deals together: {items}")
    games, rubber = games_won(corrected), rubber_won(corrected)
    progress = f"game in progress NS {corrected.score['NS']}, EW {corrected.score['EW']}"
    if corrected.indeterminate:  # a fragment's result resting on an unknown fact
        progress = (
            "cannot be determined from the record (see 'Cannot be decided'). As recorded,"
            f" for reference only: {progress}"
        )
    if corrected.new_rubber:
        lines.append(f"  Corrected: rubber complete, {rubber}")
        lines.append(f"  Corrected, the new rubber: {progress}; games {games}")
    elif ruling.rules.get("code") == "american-1893":  # single games, no rubber (AWL-1)
        lines.append(f"  Corrected: {progress}; games {games}")
    else:
        lines.append(f"  Corrected: {progress}; games {games}; rubber {rubber}")
    return lines


def _bezique_result(ruling: Ruling) -> list[str]:
    """Ordinary Bézique: the running score and the winner (or the tricks to be replayed)."""
    corrected = cast(BeziqueCorrected, ruling.result.corrected)
    winner = corrected.winner or "not yet decided"
    figures = f"A {corrected.score['A']}, B {corrected.score['B']}; winner {winner}"
    if corrected.indeterminate and not _replayed(ruling):
        return [
            "  Corrected: cannot be determined from the record (see 'Cannot be decided')."
            f" So far, with the corrections, for reference only: {figures}"
        ]
    if corrected.indeterminate:
        return [
            f"  Corrected: cannot be determined: {_replayed(ruling)} are to be replayed"
            " after an end-play error (BEZ-LAST-3). As the record was played, for"
            f" reference only: {figures}"
        ]
    return [f"  Corrected: {figures}"]


def _rubicon_result(ruling: Ruling) -> list[str]:
    """Rubicon: each deal's game, its value and whether the loser is rubiconed."""
    corrected = cast(RubiconCorrected, ruling.result.corrected)
    lines = []
    for number, game in enumerate(corrected.games, 1):
        who = f"{game.winner} wins {game.value}" if game.winner else "null and void (0)"
        rubicon = ", rubicon" if game.rubicon else ""
        deal = game_deal(ruling, number)
        figures = f"{who}{rubicon} ({rubicon_totals(game, deal)})"
        if game.indeterminate and getattr(deal, "indeterminate_from_trick", None) is None:
            lines.append(
                f"  Corrected, game {number}: cannot be determined from the record (see"
                " 'Cannot be decided'). So far, with the corrections, for reference only: A"
                f" {game.totals['A']}, B {game.totals['B']}"
            )
        elif game.indeterminate:
            lines.append(
                f"  Corrected, game {number}: cannot be determined: tricks "
                f"{getattr(deal, 'indeterminate_from_trick', None)} on are to be taken up"
                " and replayed after an end-play error (law 55). As the record was played,"
                f" for reference only: {figures}"
            )
        else:
            lines.append(f"  Corrected, game {number}: {figures}")
    return lines


@dataclass(frozen=True)
class Sections:
    """A game's part of the text view (its ``text`` part in ``games.registry``)."""

    #: one deal's section, from its summary (and the ruling: the code's options)
    deal: Callable[[Ruling, Any], list[str]]
    #: the corrected result's lines, after what the players agreed
    result: Callable[[Ruling], list[str]]


def _whist_deal(ruling: Ruling, deal: WhistDealSummary) -> list[str]:
    return _deal_lines(
        deal,
        fixed=ruling.rules.get("code") == "american-1893",
        honours=honours_shown(ruling.rules, deal),
    )


def _bezique_deal(ruling: Ruling, deal: BeziqueDealSummary) -> list[str]:
    return _bezique_deal_lines(deal)


WHIST = Sections(_whist_deal, _whist_result)
BEZIQUE = Sections(_bezique_deal, _bezique_result)
RUBICON = Sections(_bezique_deal, _rubicon_result)
