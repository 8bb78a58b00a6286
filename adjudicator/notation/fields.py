"""The event lines of HRN as data: the verb is the event's ``type``, then its positional fields.

One row per event type and game family; every other field of an event is written
``key=value``. Kinds: ``word`` (a seat, side or name), ``int``, ``card``; a trailing ``?``
marks a field that may be left out. ``declare`` and ``amend`` are special (their cards run
on until the points or ``to score``) and are read and written by their own functions.
"""

from __future__ import annotations

Fields = tuple[tuple[str, str], ...]

WHIST_EVENTS: dict[str, Fields] = {
    "play": (("seat", "word"), ("card", "card")),
    "retract": (("seat", "word"),),
    "claim": (("by", "word"), ("kind", "word")),
    "penalty": (("by", "word"), ("choice", "word")),
    "honours": (("side", "word"), ("count", "int")),
    "cut": (),
    "score": (("side", "word"), ("points", "int"), ("for", "word")),
    "result": (("winner", "word"), ("value", "int")),
    # additions (issue 17): the table's events around the deal and the play
    "misdeal": (("dealer", "word"), ("reason", "word")),
    "claim-rest": (("seat", "word"), ("tricks", "int")),
    "call": (("by", "word"), ("seat", "word"), ("what", "word")),
}

BEZIQUE_EVENTS: dict[str, Fields] = {
    "draw": (("seat", "word"), ("card", "card?")),
    "play": (("seat", "word"), ("card", "card")),
    "declare": (("seat", "word"), ("combination", "word")),  # then cards, points / to score
    "exchange": (("seat", "word"), ("points", "int?")),
    "claim": (("by", "word"), ("kind", "word")),
    "score": (("seat", "word"), ("points", "int"), ("for", "word")),
    "result": (("winner", "word"), ("value", "int")),
    # a false declaration amended (then its cards, points / to score, as ``declare``), and
    # the call of one of its cards (BEZ-DECL-9)
    "amend": (("seat", "word"), ("combination", "word")),
    "call": (("by", "word"), ("card", "card")),
}

#: Events whose cards run on after their positional fields, then the points or ``to score``.
DECLARING = ("declare", "amend")

#: Fields written on the ``deal`` line itself, in this order; hands and stock get lines.
DEAL_FIELDS = ("dealer", "trump", "turn_up")

#: A Bézique ``position`` (issue 11): fields on its line, in this order; known hands, tables,
#: scores, brisques, the declarations carried "to score" and a known stock get lines of
#: their own (``POSITION_LINES``).
POSITION_FIELDS = ("dealer", "trump", "turn_up", "tricks", "leader")
POSITION_LINES = ("table", "scores", "brisques", "carried")

#: Fields that hold one card or a list of cards: the reader writes them canonical.
CARD_FIELDS = ("card", "trump", "turn_up")
CARD_LIST_FIELDS = ("cards", "stock")
#: A position's counts by seat or side, which may be written short: ``tricks=NS:1,EW:2``.
BY_SEAT_FIELDS = ("tricks", "honours", "hand_size")

#: Header lines, in the order the writer writes them (the envelope's order).
HEADERS = ("game", "rules", "players", "start", "meta")


def events_of(game: str) -> dict[str, Fields]:
    return WHIST_EVENTS if game == "whist" else BEZIQUE_EVENTS
