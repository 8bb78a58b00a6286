"""The end-of-game calculator (``adjudicator value``): the books' arithmetic without a record.

For disputes about the final figure only: Rubicon's RUB-GAME-6 from the two scores (and the
brisques, when a count was made), or an English rubber from its games. Each result carries
its steps in words with the rule IDs, from the same scoring functions the rulings use.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from adjudicator.errors import InputError
from adjudicator.games.rubicon import scoring as rubicon_scoring
from adjudicator.games.whist import scoring as whist_scoring
from adjudicator.seats import SIDES, Side

N = TypeVar("N", bound=str)  # the names a pair may give: sides, or Bezique's A and B
_PAIR = re.compile(r"^(?P<who>[A-Za-z]+)\s*(?P<op>[=@])\s*(?P<n>-?[0-9]{1,12})$")


def parse_pairs(items: list[str], names: tuple[N, ...], what: str) -> list[tuple[N, str, int]]:
    """``A=1830`` or ``NS@3`` items as (name, operator, number); InputError naming the item."""
    parsed: list[tuple[N, str, int]] = []
    for position, item in enumerate(items):
        for part in filter(None, (p.strip() for p in item.split(","))):
            match = _PAIR.match(part)
            if not match or (who := match["who"].upper()) not in names:
                shown = part if len(part) <= 40 else part[:37] + "..."
                raise InputError(
                    f"/{what}/{position}",
                    f"{shown!r} is not {' or '.join(n + '=N' for n in names)}"
                    " (N a whole number of at most 12 digits)",
                )
            parsed.append((who, match["op"], int(match["n"])))
    return parsed


def rubicon_value(
    scores: list[str], brisques: list[str] | None, close_threshold: int = 200
) -> dict[str, Any]:
    """Winner, value and steps of a Rubicon game from ``A=1830 B=1260`` (and brisque counts)."""
    raw = _two(parse_pairs(scores, ("A", "B"), "scores"), "scores")
    counts = None
    if brisques is not None:
        counts = _two(parse_pairs(brisques, ("A", "B"), "brisques"), "brisques")
        if min(counts.values()) < 0:
            raise InputError("/brisques", "a count of brisques cannot be negative")
        if sum(counts.values()) != rubicon_scoring.ALL_BRISQUES:
            raise InputError(
                "/brisques",
                f"the brisques taken must total "
                f"{rubicon_scoring.ALL_BRISQUES}, got {sum(counts.values())}",
            )
    if min(raw.values()) < 0:
        raise InputError("/scores", "a score cannot be negative")
    outcome = rubicon_scoring.rubicon_value(
        raw, counts, demanded=counts is not None, threshold=close_threshold
    )
    return {
        "game": "rubicon-bezique",
        "winner": outcome.winner,
        "value": outcome.value,
        "rubicon": outcome.rubicon,
        "brisques_counted": outcome.brisques_counted,
        "totals": outcome.totals,
        "steps": outcome.words(),
    }


def _two(pairs: list[tuple[str, str, int]], what: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for who, op, number in pairs:
        if op != "=" or who in found:
            raise InputError(f"/{what}", "give each of A and B once, as A=N B=N")
        found[who] = number
    if set(found) != {"A", "B"}:
        raise InputError(f"/{what}", "give both A=N and B=N")
    return {"A": found["A"], "B": found["B"]}


def whist_rubber_value(games: list[str]) -> dict[str, Any]:
    """An English rubber from its games in order: ``NS=2`` (rubber points) or ``NS@1`` (the
    losers' score when the game was won, which gives the points by WHIST-RUBBER-2)."""
    pairs = parse_pairs(games, SIDES, "games")
    steps: list[str] = []
    played: list[tuple[Side, int]] = []
    for position, (side, op, number) in enumerate(pairs):
        if op == "@":
            if not 0 <= number <= 4:
                raise InputError(
                    f"/games/{position}", "the losers' score is 0 to 4 in a 5-point game"
                )
            value = whist_scoring.english_game_value(side, number)
            steps.append(f"game {position + 1}: {value.text} [{value.rule}]")
            points = value.value
        else:
            if number not in (1, 2, 3):
                raise InputError(f"/games/{position}", "a game is worth 1, 2 or 3 rubber points")
            steps.append(f"game {position + 1}: {side} {number} [WHIST-RUBBER-2]")
            points = number
        if whist_scoring.rubber_value(played) is not None:
            raise InputError(f"/games/{position}", "the rubber was already over")
        played.append((side, points))
    rubber = whist_scoring.rubber_value(played)
    if rubber is None:
        raise InputError("/games", "a rubber needs a side with two games")
    steps.extend(f"{s} [WHIST-RUBBER-4]" for s in rubber.steps)
    return {
        "game": "whist",
        "winner": rubber.winner,
        "value": rubber.value,
        "games": [{"winner": w, "value": v} for w, v in played],
        "steps": steps,
    }
