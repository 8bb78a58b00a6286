"""A small reader of PBN deal files (what a club's dealing program writes): the ``Board``,
``Dealer`` and ``Deal`` tags of each game, and each board as the start of a whist record in
the notation. Nothing else of PBN is read; a board whose deal cannot be read is an
``InputError`` naming its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.errors import InputError

SEATS = ("N", "E", "S", "W")
#: ``[Name "value"]``; a value may escape a quote or a backslash with a backslash
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_HAND = re.compile(r"[AKQJT98765432]*(?:\.[AKQJT98765432]*){3}")
#: more boards than any club's evening: a file past this is cut, and says so
MAX_BOARDS = 500


@dataclass(frozen=True)
class Board:
    """One game of a PBN file: its board number, dealer and the four hands (seat -> PBN's
    dotted hand, spades.hearts.diamonds.clubs; a hand the file leaves unknown is absent)."""

    number: str
    dealer: str | None
    hands: dict[str, str]
    line: int


def read_pbn(text: str) -> list[Board]:
    """The boards of a PBN file that have a ``Deal`` tag, in the file's order. A tag value
    ``#`` repeats the previous game's, as PBN allows."""
    boards: list[Board] = []
    current: dict[str, tuple[str, int]] = {}
    previous: dict[str, str] = {}
    for number, line in enumerate(_without_comments(text), start=1):
        for name, value in _TAG.findall(line):
            if name == "Event" or (name == "Board" and "Board" in current):
                _close(current, previous, boards)
            value = value.replace('\\"', '"').replace("\\\\", "\\")
            current[name] = (previous.get(name, "") if value == "#" else value, number)
        if len(boards) >= MAX_BOARDS:
            break
    _close(current, previous, boards)
    return boards[:MAX_BOARDS]


def _without_comments(text: str) -> list[str]:
    """The file's lines with ``;`` comments and ``{...}`` comments (which may run over
    lines) blanked; ``%`` lines (directives) are skipped. Line numbers are kept."""
    lines = []
    in_brace = False
    for raw in text.splitlines():
        kept = []
        for char in raw:
            if in_brace:
                in_brace = char != "}"
            elif char == "{":
                in_brace = True
            elif char == ";":
                break
            else:
                kept.append(char)
        line = "".join(kept)
        lines.append("" if line.lstrip().startswith("%") else line)
    return lines


def _close(
    current: dict[str, tuple[str, int]], previous: dict[str, str], boards: list[Board]
) -> None:
    """End the game being read: keep it when it has a deal; its tags become the previous."""
    if "Deal" in current:
        boards.append(_board(current))
    previous.update({name: value for name, (value, _) in current.items()})
    current.clear()


def _board(tags: dict[str, tuple[str, int]]) -> Board:
    deal, line = tags["Deal"]
    number = tags.get("Board", ("?", line))[0] or "?"
    dealer = tags.get("Dealer", ("", line))[0].strip().upper() or None
    if dealer is not None and dealer not in SEATS:
        raise InputError(
            "", f"board {number}: the dealer {dealer!r} is not N, E, S or W", line=line, column=1
        )
    return Board(number, dealer, _hands(deal, number, line), line)


def _hands(deal: str, number: str, line: int) -> dict[str, str]:
    """PBN's ``Deal``: ``N:hand hand hand hand``, the hands clockwise from the seat named."""
    first, _, rest = deal.strip().partition(":")
    parts = rest.split()
    if first.upper() not in SEATS or len(parts) != 4:
        raise InputError(
            "",
            f"board {number}: the deal should be a seat, ':' and four hands, got {deal[:60]!r}",
            line=line,
            column=1,
        )
    start = SEATS.index(first.upper())
    hands = {}
    for offset, hand in enumerate(parts):
        seat = SEATS[(start + offset) % 4]
        if hand == "-":  # PBN: a hand not known
            continue
        hand = hand.upper()
        if not _HAND.fullmatch(hand):
            raise InputError(
                "",
                f"board {number}: {seat}'s hand {hand[:40]!r} is not spades.hearts.diamonds.clubs",
                line=line,
                column=1,
            )
        hands[seat] = hand
    return hands


def board_notation(board: Board) -> str:
    """The start of a whist record in the notation for a board: the deal and its hands; the
    trump card turned, the tricks, claims and scores are the director's to add."""
    dealer = f" dealer={board.dealer}" if board.dealer else ""
    lines = [
        "%HRN 1",
        f"# Board {board.number}, from a PBN deal file: the hands as dealt. Add the card the dealer",
        "# turned up (trump=, e.g. trump=7D), then the tricks, claims and scores as played.",
        "game whist",
        "rules code=english-1900",
        'players N="North" E="East" S="South" W="West"   # the players\' names, for the ruling',
        "",
        f"deal{dealer}",
    ]
    lines += [f"{seat}  {board.hands[seat]}" for seat in SEATS if seat in board.hands]
    lines += [f"# {seat}'s hand is not in the file" for seat in SEATS if seat not in board.hands]
    lines += ["", "# trick, leader, then the cards in the columns N E S W", ""]
    return "\n".join(lines)
