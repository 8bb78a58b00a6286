"""A Bézique deal's summary, built from its facts and points for the ruling (both games).

Apart from the judging: it only copies what was judged into the summary's rows.
"""

from __future__ import annotations

from operator import itemgetter

from typing_extensions import TypedDict, Unpack

from adjudicator.cards import CARD_TEXT
from adjudicator.games.bezique.facts import SEATS, BeziqueDealFacts
from adjudicator.games.bezique.judge import DealPoints
from adjudicator.games.bezique.summary import (
    BeziqueDealSummary,
    BeziqueMark,
    BeziqueTrickPlay,
    BeziqueTrickRow,
    RubiconGame,
)

#: A card's text, as a function (mapped over a hand in C).
_CARD_TEXT = CARD_TEXT.__getitem__


class SummaryExtra(TypedDict, total=False):
    """What each game adds: the ordinary game's running score, or Rubicon's game values."""

    score_before: dict[str, int]
    score_after: dict[str, int]
    game: RubiconGame | None
    game_cards_made: RubiconGame | None


def summary(
    deal: BeziqueDealFacts, points: DealPoints, **extra: Unpack[SummaryExtra]
) -> BeziqueDealSummary:
    """The deal's summary; rows are built as plain data and validated into the output
    models in one pass (pydantic-core), not one model at a time."""
    marks: list[BeziqueMark] = [
        {"event": m.event, "seat": m.seat, "item": m.item, "points": m.points} for m in deal.marks
    ]
    for d in deal.declarations:
        if d.marked is not None:
            marks.append(
                {"event": d.event, "seat": d.seat, "item": "declaration", "points": d.marked}
            )
        if d.scored_by is not None and d.scored_marked is not None:
            marks.append(
                {
                    "event": d.scored_by,
                    "seat": d.seat,
                    "item": "declaration",
                    "points": d.scored_marked,
                }
            )
    marks.extend(  # a declaration marked a second time (struck: BEZ-SCORE-5), as written
        {"event": event, "seat": seat, "item": "declaration", "points": points}
        for event, seat, points in deal.marked_again
    )
    # BeziqueTrickRow rows, keys in the row's order (plain data is written as it is built)
    text = CARD_TEXT
    tricks: list[BeziqueTrickRow] = []
    for t in deal.tricks:
        lawful = t.lawful
        if lawful is not None:  # a trick a run replayed, its plays not made (``lawful_trick``)
            seat, card, follower, answer, first = lawful
            rows: list[BeziqueTrickPlay] = [
                {"seat": seat, "card": text[card], "event": first},
                {"seat": follower, "card": text[answer], "event": first + 1},
            ]
        elif plays := t.plays:
            rows = [{"seat": p.seat, "card": text[p.card], "event": p.event} for p in plays]
        else:  # (a position's earlier tricks: not recorded, not shown)
            continue
        tricks.append(
            {
                "trick": t.number,
                "leader": t.leader,
                "plays": rows,
                "winner": t.winner or "",
                "endplay": t.endplay,
            }
        )
    return BeziqueDealSummary(
        deal=deal.number,
        event=deal.event,
        dealer=deal.dealer,
        hands={s: list(map(_CARD_TEXT, deal.hands[s])) for s in SEATS},
        turn_up=str(deal.turn_up) if deal.turn_up else None,
        stock=list(map(_CARD_TEXT, deal.stock)) if deal.stock is not None else None,
        trump=deal.trump.value if deal.trump else None,
        trump_fixed_at=deal.trump_fixed_at,
        tricks=tricks,
        # declarations: plain rows that pydantic validates into DeclarationRow in this one pass
        # (its typed __init__ admits only the models); score lines and marks are rows as built
        declarations=points.rows,  # type: ignore[arg-type]
        brisques=points.brisques,
        last_trick=points.last_trick,
        scores=points.lines,
        totals=points.official,
        totals_cards_made=points.cards_made,
        indeterminate_from_trick=points.indeterminate_from,
        endplay_replayed=points.replayed,  # type: ignore[arg-type]
        marks=sorted(marks, key=itemgetter("event")),
        **extra,
    )
