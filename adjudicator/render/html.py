"""The printable view: one self-contained HTML page a director can print and hand over.

The page is built from the ``Ruling`` alone (never engine state): this module turns the
ruling into plain view data (cards as rank, symbol and colour; findings placed beside the
event they concern), and the Jinja2 templates beside it lay the page out, with autoescape
on so that every string from the record (names, meta, notes) stays text. No scripts, no
network: the stylesheet is inline, and a print stylesheet sets A4 and a deal per page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

import jinja2

from adjudicator import catalogue
from adjudicator.cards import PIQUET_RANKS, RANKS, Card, Suit, sort_hand
from adjudicator.catalogue.sources import abbreviations_in, expand
from adjudicator.findings import Finding
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.registry import find_game
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.render.figures import (
    agreed,
    as_played,
    declaration_status,
    game_deal,
    games_won,
    honours_shown,
    indeterminate_why,
    penalty_heading,
    penalty_marks,
    rubber_won,
    rubicon_totals,
    undecided_where,
    verdict,
)
from adjudicator.render.safe import direction_escaped
from adjudicator.render.sources import beside, short
from adjudicator.ruling.model import (
    BeziqueCorrected,
    Note,
    RubiconCorrected,
    Ruling,
    Sentence,
    WhistClaimed,
    WhistCorrected,
)
from adjudicator.seats import WHIST_SEATS

_RULE_ID = re.compile(r"\b(?:WHIST|BEZ|RUB)-[A-Z]+-\d+\b")


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator", "render/templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # the template as loaded with this code: a long-running process (the desk) never
        # picks up a newer template that its older code cannot fill (a review's desk failed
        # on every unchosen revoke penalty once the package was updated under it)
        auto_reload=False,
        # every value the page shows, a name or a note of the record among them, with its
        # direction characters escaped: nothing a record holds can reorder the page
        finalize=lambda value: direction_escaped(value) if isinstance(value, str) else value,
    )


def render_html(ruling: Ruling) -> str:
    """The whole report as one HTML document (UTF-8 text, newline-ended)."""
    template = _environment().get_template("report.html.j2")
    return template.render(**_context(ruling))


# View data -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardView:
    rank: str
    symbol: str
    red: bool
    name: str  # as recorded, e.g. "10H"
    offending: bool = False
    event: int | None = None


def _card(text: str, offending: bool = False, event: int | None = None) -> CardView:
    card = Card.parse(text)
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    return CardView(card.rank, card.suit.symbol, red, str(card), offending, event)


def _suits(cards: list[str], ranks: tuple[str, ...]) -> list[dict[str, Any]]:
    """A hand suit by suit (spades, hearts, diamonds, clubs), high to low; voids shown."""
    parsed = sort_hand([Card.parse(c) for c in cards], ranks)
    return [
        {
            "symbol": suit.symbol,
            "noun": suit.noun,
            "red": suit in (Suit.HEARTS, Suit.DIAMONDS),
            "ranks": [c.rank for c in parsed if c.suit is suit],
        }
        for suit in Suit
    ]


@dataclass
class Row:
    """One trick of the trick table, with the findings that concern its events."""

    trick: int
    leader: str
    led_out_of_turn: bool
    cards: list[CardView | None]
    winner: str
    note: str = ""
    findings: list[Finding] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


def _place(
    items: list[Any],
    rows: list[Row],
    first_events: list[int],
    last_event: int | None,
    slot: str,
    tricks: dict[int, int],
) -> tuple[list[Any], list[Any]]:
    """Put each finding or note beside the trick it concerns (in the row's ``slot`` list):
    the finding's own trick, else the trick of a finding at the same event (a note on a lead
    out of turn goes with that lead's finding), else the trick whose plays its event falls
    among or follows (a declaration or a mark after the trick). Return those that come
    before the play and those after it."""
    before: list[Any] = []
    after: list[Any] = []
    row_of = {row.trick: row for row in rows}
    for item in items:
        event = item.event
        trick = getattr(item, "trick", None)
        if trick is None and event is not None:
            trick = tricks.get(event)
        if trick in row_of:
            getattr(row_of[trick], slot).append(item)
        elif event is None or not rows or event < first_events[0]:
            before.append(item)
        elif last_event is not None and event > last_event:
            after.append(item)
        else:
            index = max(i for i, first in enumerate(first_events) if first <= event)
            getattr(rows[index], slot).append(item)
    return before, after


def _rows(
    tricks: Iterable[Any], seats: tuple[str, ...], offending: set[int], endplay_from: int | None
) -> tuple[list[Row], list[int], int | None]:
    rows: list[Row] = []
    firsts: list[int] = []
    last: int | None = None
    for t in tricks:
        plays = {p["seat"]: p for p in t["plays"]}
        cards = [
            _card(p["card"], p["event"] in offending, p["event"]) if (p := plays.get(s)) else None
            for s in seats
        ]
        first = t["plays"][0] if t["plays"] else None
        leader = first["seat"] if first else t["leader"]
        note = "end-play begins" if endplay_from is not None and t["trick"] == endplay_from else ""
        rows.append(Row(t["trick"], leader, leader != t["leader"], cards, t["winner"], note))
        events = [p["event"] for p in t["plays"]]
        firsts.append(min(events) if events else (firsts[-1] if firsts else 0))
        if events:
            last = max(events) if last is None else max(last, max(events))
    return rows, firsts, last


def _whist_deal(
    deal: WhistDealSummary,
    findings: list[Finding],
    notes: list[Note],
    fixed: bool,
    honours: bool = True,
) -> dict[str, Any]:
    offending = {f.event for f in findings if f.event is not None}
    rows, firsts, last = _rows(deal.tricks, WHIST_SEATS, offending, None)
    tricks = {f.event: f.trick for f in findings if f.event is not None and f.trick is not None}
    before, after = _place(findings, rows, firsts, last, "findings", tricks)
    notes_before, notes_after = _place(notes, rows, firsts, last, "notes", tricks)
    revokes = []
    for r in deal.revokes:
        claim = f"claimed at event {r.claimed_at}" if r.claimed_at is not None else "not claimed"
        penalty = ""
        if r.penalty:
            how = "chosen" if r.penalty_chosen else ("fixed by the code" if fixed else "applied")
            penalty = f"; penalty: {r.penalty} ({how}{'' if r.applied else ', not counted'})"
        revokes.append(f"{r.seat} revoked at trick {r.trick} (event {r.event}); {claim}{penalty}")
    claims = [
        f"{h.side} claimed {h.count} honours at event {h.event}"
        + ("" if h.counted else " (not counted)")
        for h in deal.honours.claims
    ]
    options = [
        {
            "choices": " + ".join(o.choices),
            "score": o.score,
            "game": f"{o.game.winner} {o.game.value}" if o.game else "no game",
            "rubber": f"{o.rubber.winner} {o.rubber.value}" if o.rubber else "",
            "marks": penalty_marks(o),
        }
        for o in deal.penalty_options or []
    ]
    return {
        "kind": "whist",
        "number": deal.deal,
        "event": deal.event,
        "dealer": deal.dealer,
        "trump": _card(deal.trump),
        "trump_noun": Card.parse(deal.trump).suit.noun,
        "hands": {s: _suits(deal.hands[s], RANKS) for s in WHIST_SEATS},
        "seats": WHIST_SEATS,
        "rows": rows,
        "before": before,
        "after": after,
        "notes_before": notes_before,
        "notes_after": notes_after,
        "tricks_won": deal.tricks_won,
        "tricks_after_penalty": deal.tricks_after_penalty,
        "honours_held": deal.honours.held if honours else None,  # (``honours_shown``)
        "honours_claims": claims,
        "revokes": revokes,
        "score_before": deal.score_before,
        "scores": [(s["text"], s["rule"]) for s in deal.scores],
        "score_after": deal.score_after,
        "game": f"{deal.game.winner}, worth {deal.game.value}" if deal.game else "",
        "rubber": f"{deal.rubber.winner}, worth {deal.rubber.value}" if deal.rubber else "",
        "marks": [
            f"{m['side']} {m['points']:+d} for {m['for']} (event {m['event']})" for m in deal.marks
        ],
        "penalty_options": options,
        "penalty_heading": penalty_heading(deal.penalty_options or []),
    }


def _bezique_deal(
    deal: BeziqueDealSummary, findings: list[Finding], notes: list[Note]
) -> dict[str, Any]:
    offending = {f.event for f in findings if f.event is not None}
    first_endplay = min((t["trick"] for t in deal.tricks if t["endplay"]), default=None)
    rows, firsts, last = _rows(deal.tricks, ("A", "B"), offending, first_endplay)
    tricks = {f.event: f.trick for f in findings if f.event is not None and f.trick is not None}
    before, after = _place(findings, rows, firsts, last, "findings", tricks)
    notes_before, notes_after = _place(notes, rows, firsts, last, "notes", tricks)
    tables: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
    for d in deal.declarations:
        bad = d.event in offending
        tables.setdefault(d.seat, []).append(
            {
                "event": d.event,
                "combination": d.combination
                + ("" if d.right_combination == d.combination else f" (is {d.right_combination})"),
                "cards": [_card(c, bad, d.event) for c in d.cards],
                "marked": "to score" if d.marked is None else f"marked {d.marked}",
                "value": d.value,
                "status": declaration_status(d.status) + (", stands (law 50)" if d.stands else ""),
                "rule": d.rule or "",
                "offending": bad,
            }
        )
    trump = f"trumps {Suit(deal.trump).noun}" if deal.trump else "no trumps fixed"
    if deal.trump_fixed_at is not None:
        trump += f" (fixed by the marriage scored at event {deal.trump_fixed_at})"
    game = cards_made = ""
    if deal.game is not None:
        g = deal.game
        game = (f"{g.winner} wins {g.value}" if g.winner else "null and void") + (
            " (rubicon)" if g.rubicon else ""
        )
        game += as_played(deal)  # tricks to be replayed: the value waits on them
    if deal.game_cards_made is not None:
        g = deal.game_cards_made
        cards_made = f"{g.winner} wins {g.value}" if g.winner else "null and void"
    return {
        "kind": "bezique",
        "number": deal.deal,
        "event": deal.event,
        "dealer": deal.dealer,
        "turn_up": _card(deal.turn_up) if deal.turn_up else None,
        "trump_text": trump,
        "trump_symbol": Suit(deal.trump).symbol if deal.trump else "",
        "hands": {s: _suits(deal.hands[s], PIQUET_RANKS) for s in ("A", "B")},
        "seats": ("A", "B"),
        "tables": tables,
        "stock": [_card(c) for c in getattr(deal, "stock", None) or []],
        "rows": rows,
        "before": before,
        "after": after,
        "notes_before": notes_before,
        "notes_after": notes_after,
        "brisques": deal.brisques,
        "last_trick": deal.last_trick or "nobody",
        "indeterminate_from_trick": deal.indeterminate_from_trick,
        "endplay_replayed": deal.endplay_replayed,
        "scores": [(s["text"], s["rule"]) for s in deal.scores],
        "totals": deal.totals,
        "totals_cards_made": deal.totals_cards_made
        if deal.totals_cards_made != deal.totals
        else None,
        "score_after": deal.score_after,
        "game": game,
        "game_cards_made": cards_made,
        "marks": [
            f"{m['seat']} {m['points']:+d} {m['item']} (event {m['event']})" for m in deal.marks
        ],
    }


def _sides(scores: dict[str, int]) -> str:
    return ", ".join(f"{side} {points}" for side, points in scores.items())


def _items(sheet: dict[str, dict[str, int]]) -> str:
    """Points per side and item: ``NS: tricks +3, game +2; EW: nothing``."""
    parts = [
        f"{side}: " + (", ".join(f"{item} {p:+d}" for item, p in items.items()) or "nothing")
        for side, items in sheet.items()
    ]
    return "; ".join(parts) or "nothing"


Rows = list[tuple[str, str, str]]


def _result(ruling: Ruling, sections: Sections) -> Rows:
    """Rows of the side-by-side table: what, as marked and agreed, as the rules give."""
    return sections.result(ruling, agreed(ruling))


def _whist_result(ruling: Ruling, agreed: str) -> Rows:
    claimed = cast(WhistClaimed, ruling.result.claimed)
    corrected = cast(WhistCorrected, ruling.result.corrected)
    rows: Rows = []
    marks = {side: claimed.marks.get(side, {}) for side in ("NS", "EW")}
    scored: dict[str, dict[str, int]] = {"NS": {}, "EW": {}}
    for deal in ruling.deals:
        for item in cast(WhistDealSummary, deal).scores:
            # an American game's value is agreed as the result, never marked (WHIST-SCORE-5)
            points, what = item["points"], item["item"]
            if points and not (what == "game" and item["rule"] == "WHIST-SCORE-5"):
                sheet = scored.setdefault(item["side"], {})
                sheet[what] = sheet.get(what, 0) + points
    games, rubber = games_won(corrected), rubber_won(corrected)
    new = " (of the new rubber)" if corrected.new_rubber else ""
    rows.append(("Points, item by item", _items(marks), _items(scored)))
    rows.append(("Games won", "", games + new))
    rows.append(("Game in progress", "", _sides(corrected.score) + new))
    if ruling.rules.get("code") == "american-1893":  # single games, no rubber (AWL)
        last = corrected.games[-1] if corrected.games else None
        outcome = f"game {last.winner} {last.value}" if last else "no game complete"
    else:
        outcome = f"rubber {rubber}"
    rows.append(("Result", agreed, outcome))
    return rows


def _points_of_the_deals(ruling: Ruling) -> Rows:
    """Either Bézique: each seat's points as marked and as the rules give them."""
    marked: dict[str, int] = {}
    given: dict[str, int] = {}
    for deal in ruling.deals:
        for mark in cast(BeziqueDealSummary, deal).marks:
            marked[mark["seat"]] = marked.get(mark["seat"], 0) + mark["points"]
        for seat, points in getattr(deal, "totals", {}).items():
            given[seat] = given.get(seat, 0) + points
    marked = {seat: marked[seat] for seat in sorted(marked)}
    return [("Points of the deals", _sides(marked) or "none marked", _sides(given))]


def _bezique_result(ruling: Ruling, agreed: str) -> Rows:
    corrected = cast(BeziqueCorrected, ruling.result.corrected)
    figures = f"{_sides(corrected.score)}; winner {corrected.winner or 'not yet decided'}"
    if corrected.indeterminate:
        figures = f"cannot be determined ({indeterminate_why(ruling)}); as played: " + figures
    return [*_points_of_the_deals(ruling), ("Result", agreed, figures)]


def _rubicon_result(ruling: Ruling, agreed: str) -> Rows:
    corrected = cast(RubiconCorrected, ruling.result.corrected)
    rows = _points_of_the_deals(ruling)
    for number, g in enumerate(corrected.games, 1):
        who = f"{g.winner} wins {g.value}" if g.winner else "null and void (0)"
        totals = rubicon_totals(g, game_deal(ruling, number))
        text = f"{who}{', rubicon' if g.rubicon else ''} ({totals})"
        if g.indeterminate:
            text = f"cannot be determined ({indeterminate_why(ruling)}); as played: " + text
        rows.append((f"Game {number}", _agreed_in(ruling, number), text))
    return rows


def _agreed_in(ruling: Ruling, game: int) -> str:
    """What the players agreed for one Rubicon game (a deal is a game); a result agreed
    before the first deal is shown with the first game."""
    results = ruling.result.claimed.results
    return "; ".join(
        f"{r.winner} {r.value}" + (" (before the first deal)" if r.deal is None else "")
        for r in results
        if r.deal == game or (r.deal is None and game == 1)
    )


def _sentence(sentence: Sentence) -> dict[str, str]:
    """A decision sentence for the page: its words, what is printed beside them (rule IDs,
    events) and, on hover, each rule's title."""
    titles = [
        f"{r}: {catalogue.get(r).title}" if catalogue.exists(r) else r for r in sentence.rules
    ]
    return {"text": sentence.text, "beside": beside(sentence), "hover": "; ".join(titles)}


def _sources(ruling: Ruling) -> tuple[list[dict[str, str]], list[tuple[str, str]]]:
    """Every rule the report cites, with its law numbers; the abbreviations they use."""
    ids: dict[str, None] = {}
    for f in ruling.findings:
        ids.setdefault(f.rule, None)
        for b in f.basis:
            ids.setdefault(b, None)
    for sentence in ruling.decision:
        for r in sentence.rules:
            ids.setdefault(r, None)
    texts = list(ruling.result.steps)
    for deal in ruling.deals:
        texts.extend(s["rule"] for s in deal.scores)
    for text in texts:
        for match in _RULE_ID.findall(text):
            ids.setdefault(match, None)
    cited = {f.rule: f.citation for f in ruling.findings}
    rules: list[dict[str, str]] = []
    used: list[str] = []
    for rule_id in sorted(ids):
        if rule_id in cited:
            title, source = cited[rule_id].title, cited[rule_id].source
        elif catalogue.exists(rule_id):
            rule = catalogue.get(rule_id)
            title, source = rule.title, rule.source or "the digest (no law number)"
        else:
            continue
        laws = short(source, ruling.rules.get("code"))
        rules.append({"id": rule_id, "title": title, "laws": laws})
        used.extend(abbreviations_in(laws))
    return rules, expand(used)


def _notes_by_deal(ruling: Ruling) -> dict[int | None, list[Note]]:
    """Each note goes with the deal whose events it falls among (a deal runs from its deal
    event to the next one); notes before the first deal belong to the record as a whole."""
    starts = sorted((d.event, d.deal) for d in ruling.deals)
    placed: dict[int | None, list[Note]] = {}
    for note in ruling.notes:
        deal = None
        for event, number in starts:
            if event <= note.event:
                deal = number
        placed.setdefault(deal, []).append(note)
    return placed


def _option(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _context(ruling: Ruling) -> dict[str, Any]:
    by_deal: dict[int | None, list[Finding]] = {}
    for f in ruling.findings:
        by_deal.setdefault(f.deal, []).append(f)
    game = find_game(ruling.game)
    sections: Sections = game.part("html")
    notes = _notes_by_deal(ruling)
    deals = [
        sections.deal(ruling, d, by_deal.get(d.deal, []), notes.get(d.deal, []))
        for d in ruling.deals
    ]
    numbers = {d.deal for d in ruling.deals}
    loose = [f for deal, fs in by_deal.items() if deal not in numbers for f in fs]
    rules, abbreviations = _sources(ruling)
    code = ruling.rules.get("code")
    title = f"Ruling on a {game.title} record"
    occasion = ", ".join(v for k in ("event", "date") if (v := ruling.meta.get(k)))
    return {
        "title": title,
        "page_title": f"{title} — {occasion}" if occasion else title,
        "code": str(code) if code else "",
        "players": ruling.players,
        "meta": sorted(ruling.meta.items()),
        "counts": ruling.counts,
        "verdict": verdict(ruling),
        "decision": [_sentence(s) for s in ruling.decision],
        "findings_total": len(ruling.findings),
        "loose_findings": loose,
        "loose_notes": notes.get(None, []),
        "deals": deals,
        "result": _result(ruling, sections),
        "steps": ruling.result.steps,
        "undetermined": [
            {
                "rule": u.rule,
                "what": u.what,
                "why": u.why,
                "decides": u.decides,
                "where": undecided_where(u),
            }
            for u in ruling.undetermined
        ],
        "options": [(k, _option(v)) for k, v in ruling.rules.items()],
        "rules": rules,
        "abbreviations": abbreviations,
    }


@dataclass(frozen=True)
class Sections:
    """A game's part of the HTML view (its ``html`` part in ``games.registry``)."""

    #: one deal's view data, with the findings and the notes placed beside its events
    deal: Callable[[Ruling, Any, list[Finding], list[Note]], dict[str, Any]]
    #: the rows of the result table, given what the players agreed
    result: Callable[[Ruling, str], Rows]


def _whist_deal_of(
    ruling: Ruling, deal: WhistDealSummary, findings: list[Finding], notes: list[Note]
) -> dict[str, Any]:
    return _whist_deal(
        deal,
        findings,
        notes,
        ruling.rules.get("code") == "american-1893",
        honours_shown(ruling.rules, deal),
    )


def _bezique_deal_of(
    ruling: Ruling, deal: BeziqueDealSummary, findings: list[Finding], notes: list[Note]
) -> dict[str, Any]:
    return _bezique_deal(deal, findings, notes)


WHIST = Sections(_whist_deal_of, _whist_result)
BEZIQUE = Sections(_bezique_deal_of, _bezique_result)
RUBICON = Sections(_bezique_deal_of, _rubicon_result)
