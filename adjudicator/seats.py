"""Seats and sides. Whist: N E S W, partners N-S against E-W, play passes left."""

from __future__ import annotations

from typing import Literal

WhistSeat = Literal["N", "E", "S", "W"]
Side = Literal["NS", "EW"]
BeziqueSeat = Literal["A", "B"]

#: Clockwise order; the left of a seat is the next one (N -> E -> S -> W -> N).
WHIST_SEATS: tuple[WhistSeat, ...] = ("N", "E", "S", "W")
SIDES: tuple[Side, ...] = ("NS", "EW")
BEZIQUE_SEATS: tuple[BeziqueSeat, ...] = ("A", "B")

_SIDE_OF: dict[str, Side] = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def left_of(seat: WhistSeat) -> WhistSeat:
    """The next seat in play: the player on this seat's left."""
    return WHIST_SEATS[(WHIST_SEATS.index(seat) + 1) % 4]


def partner_of(seat: WhistSeat) -> WhistSeat:
    """The seat opposite."""
    return WHIST_SEATS[(WHIST_SEATS.index(seat) + 2) % 4]


def side_of(seat: str) -> Side:
    """The partnership a whist seat belongs to."""
    return _SIDE_OF[seat]


def other_side(side: Side) -> Side:
    return "EW" if side == "NS" else "NS"


def seats_of(game: str) -> tuple[str, ...]:
    """The seats a record of this game must name."""
    return WHIST_SEATS if game == "whist" else BEZIQUE_SEATS
