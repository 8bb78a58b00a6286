"""HRN text -> a hand-record/1 dict, with the line and column of every event.

The reader knows the notation's grammar only; whether the facts are possible is for the
record's schema and the replay, after reading. Every syntax problem of the text is
collected (up to ``MAX_PROBLEMS``) and raised as one ``InputError``; the text is never
judged in part. What the reader does not check: the laws (a revoke written is a revoke
recorded), and that an implied draw is the one the laws would give beyond the small rule
of ``table.Table``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.errors import MAX_PROBLEMS, InputError, Problem
from adjudicator.notation.fields import (
    BY_SEAT_FIELDS,
    CARD_FIELDS,
    CARD_LIST_FIELDS,
    DECLARING,
    HEADERS,
    POSITION_LINES,
    events_of,
)
from adjudicator.notation.syntax import (
    LABEL,
    MAGIC,
    VERSION,
    SyntaxProblem,
    Token,
    is_card,
    parse_card,
    parse_hand,
    parse_int,
    parse_value,
    parse_word,
    tokenize,
)
from adjudicator.notation.table import Table, seats_for
from adjudicator.record.load import MAX_DIGITS, check_size, decode_text

Position = tuple[int, int]
_GAMES = ("whist", "bezique", "rubicon-bezique")
#: Fields whose bare values are always text, never numbers.
STRING_KEYS = ("note", "id")
_SCORE_KEYS = ("NS", "EW", "A", "B")
_SPACE = re.compile(rb"\s*")
_INT = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class Notation:
    """A record read from HRN: the data, and where in the text each part came from."""

    data: dict[str, Any]
    event_positions: list[Position]
    header_positions: dict[str, Position] = field(default_factory=dict)
    #: Parts written on lines of their own: ``/events/0/hands/N``, ``/events/0/stock``.
    part_positions: dict[str, Position] = field(default_factory=dict)

    def position(self, pointer: str) -> Position | None:
        """The line and column of the text that made the part at this JSON pointer: the
        hand or stock line, else the event's line (a trick line: the card's column), else
        the header."""
        parts = pointer.split("/")
        for end in range(len(parts), 3, -1):
            found = self.part_positions.get("/".join(parts[:end]))
            if found is not None:
                return found
        if len(parts) > 2 and parts[1] == "events" and parts[2].isdigit():
            index = int(parts[2])
            return self.event_positions[index] if index < len(self.event_positions) else None
        return self.header_positions.get(parts[1]) if len(parts) > 1 else None


def looks_like_notation(first_bytes: bytes) -> bool:
    """Whether these first bytes of an input begin HRN (``%HRN`` on the first line that is
    not blank or a comment), as opposed to JSON. Cheap: JSON is rejected at its ``{``."""
    data = bytes(first_bytes).removeprefix(b"\xef\xbb\xbf")
    space = _SPACE.match(data)
    start = space.end() if space else 0
    if data[start : start + 1] in (b"{", b"["):
        return False
    magic = MAGIC.encode()
    while start < len(data):  # past blank and comment lines, however many: linear
        stop = data.find(b"\n", start)
        stop = len(data) if stop < 0 else stop
        stripped = data[start:stop].strip()
        if stripped and not stripped.startswith(b"#"):
            return stripped.startswith(magic)
        start = stop + 1
    return False


def read_notation(text: str | bytes) -> Notation:
    """Read HRN text. Raises ``InputError`` carrying every syntax problem, with line and column."""
    check_size(len(text) if isinstance(text, bytes) else len(text.encode(errors="surrogatepass")))
    reader = _Reader()
    reader.read(decode_text(text))
    if reader.problems:
        problems = reader.problems
        if len(problems) > MAX_PROBLEMS:  # reading stopped at the problem past the limit
            stopped = problems[MAX_PROBLEMS].line
            problems = [
                *problems[: MAX_PROBLEMS - 1],
                Problem("", f"and more problems: reading stopped at line {stopped}"),
            ]
        first = problems[0]
        raise InputError(
            "", first.message, line=first.line, column=first.column, problems=tuple(problems)
        )
    return Notation(reader.data, reader.positions, reader.header_positions, reader.part_positions)


class _Reader:
    def __init__(self) -> None:
        self.data: dict[str, Any] = {"format": "hand-record/1"}
        self.positions: list[Position] = []
        self.header_positions: dict[str, Position] = {}
        self.part_positions: dict[str, Position] = {}
        self.problems: list[Problem] = []
        self.events: list[dict[str, Any]] | None = None
        self.game: str | None = None
        self.table: Table | None = None
        self.deal: dict[str, Any] | None = None  # the deal whose hand lines may follow
        self.pending: tuple[str, Position] | None = None  # a trick's winner, draws not yet made
        self.damaged = False  # a problem since the last deal: trick numbers are not checked
        self.lost_game = False  # events came before any game line (reported once)

    def read(self, text: str) -> None:
        started = False
        number = 0
        # lines end at \n only: a quoted note may hold other line separators (U+2028, \x85)
        for number, line in enumerate(_lines(text), 1):
            if len(self.problems) > MAX_PROBLEMS:  # enough to show: the rest is not read
                break
            try:
                tokens = tokenize(line)
                if not tokens:
                    continue
                if not started:
                    started = True
                    self._magic(tokens)
                    continue
                self._line(tokens, number)
            except SyntaxProblem as problem:
                self.problems.append(Problem("", problem.message, number, problem.column))
                self.damaged = True
        if not started:
            self.problems.append(
                Problem("", f"expected '{MAGIC} {VERSION}' on the first line", 1, 1)
            )
        self._flush()
        if self.events is None:
            self.data["events"] = []
            if "game" not in self.data and started and not self.problems:
                self._problem(number or 1, 1, "expected a 'game' line: " + ", ".join(_GAMES))

    def _problem(self, line: int, column: int, message: str) -> None:
        self.problems.append(Problem("", message, line, column))

    def _magic(self, tokens: list[Token]) -> None:
        if tokens[0].text != MAGIC:
            raise SyntaxProblem(tokens[0].column, f"expected '{MAGIC} {VERSION}' on the first line")
        if len(tokens) != 2 or tokens[1].text != VERSION:
            raise SyntaxProblem(
                tokens[0].column, f"expected version {VERSION}: '{MAGIC} {VERSION}'"
            )

    # Lines ------------------------------------------------------------------------------

    def _line(self, tokens: list[Token], number: int) -> None:
        head = tokens[0]
        where = (number, head.column)
        if head.key is None and head.text in HEADERS:
            self.deal = None
            self._header(head.text, tokens[1:], where)
            return
        if self.game is None:
            if "game" in self.header_positions or self.lost_game:
                return  # the game line was wrong or missing: reported once, not on every line
            self.lost_game = True
            raise SyntaxProblem(head.column, "expected a 'game' line before the events")
        tokens = [_seat_case(t) for t in tokens]
        head = tokens[0]
        seats = seats_for(self.game)
        if head.text in seats and head.key is None:
            self._hand(head, tokens[1:])
            self.part_positions[f"/events/{len(self.positions) - 1}/hands/{head.text}"] = where
            return
        if head.text in POSITION_LINES and self.deal is not None:
            if self.deal.get("type") != "position":
                raise SyntaxProblem(head.column, f"a {head.text} line belongs to a position")
            if head.text == "carried":
                self._carried_line(head, tokens[1:], where)
                return
            self._position_line(head, tokens[1:])
            return
        if head.text == "stock" and self.deal is not None:
            if "stock" in self.deal:
                raise SyntaxProblem(head.column, "a second stock for this deal")
            self.deal["stock"] = [parse_card(t) for t in tokens[1:]]
            self.part_positions[f"/events/{len(self.positions) - 1}/stock"] = where
            return
        self.deal = None
        if head.text.isdigit():
            self._trick(tokens, number)
        elif head.text == "no-draw" and self.game != "whist":
            if self.pending is None:
                raise SyntaxProblem(head.column, "no-draw follows a trick of the stock phase")
            self.pending = None
        elif head.text in ("deal", "position"):
            self._flush()
            self.deal = self._keyed({"type": head.text}, tokens[1:])
            if head.text == "deal":
                self.deal.setdefault("hands", {})
            self.damaged = False
            self._add(self.deal, where)
        elif head.text in events_of(self.game):
            event = self._event(head.text, tokens[1:])
            if head.text == "play":
                self._flush()
            elif head.text == "draw":
                self.pending = None
            self._add(event, where)
        else:
            verbs = ", ".join(
                ["deal", *(["position"] if self.game != "whist" else []), *events_of(self.game)]
            )
            raise SyntaxProblem(
                head.column,
                f"expected an event ({verbs}), a trick line (its number first), a header "
                f"({', '.join(HEADERS)}) or a hand after its deal; got {head.text}",
            )

    def _header(self, name: str, tokens: list[Token], where: Position) -> None:
        if self.events is not None:
            raise SyntaxProblem(where[1], f"the {name} line belongs before the events")
        if name in self.header_positions:
            raise SyntaxProblem(where[1], f"a second {name} line")
        self.header_positions[name] = where
        if name == "game":
            if len(tokens) != 1 or tokens[0].text.lower() not in _GAMES:
                raise SyntaxProblem(where[1], "expected the game: " + ", ".join(_GAMES))
            self.game = self.data["game"] = tokens[0].text.lower()
            return
        values = self._pairs(tokens, typed=name in ("rules", "start"))
        if name == "start":
            values = _start(values, where[1])
        self.data[name] = values

    def _position_line(self, head: Token, tokens: list[Token]) -> None:
        """``table A KS QS:bezique,royal-marriage``, ``scores A=120 B=40``, ``brisques A=3``."""
        assert self.deal is not None
        if head.text != "table":
            if head.text in self.deal:
                raise SyntaxProblem(head.column, f"a second {head.text} line for this position")
            self.deal[head.text] = self._pairs(tokens, typed=True)
            return
        if not tokens or tokens[0].text not in seats_for(str(self.game)):
            raise SyntaxProblem(head.column, "expected the seat, then the cards on its table")
        tables = self.deal.setdefault("tables", {})
        if tokens[0].text in tables:
            raise SyntaxProblem(tokens[0].column, f"a second table for {tokens[0].text}")
        entries: list[Any] = []
        for token in tokens[1:]:
            card, colon, combos = token.text.partition(":")
            text = parse_card(Token(card, token.column))
            if colon:
                names = [n for n in combos.split(",") if n]
                entries.append({"card": text, "in": names})
            else:
                entries.append(text)
        tables[tokens[0].text] = entries

    def _carried_line(self, head: Token, tokens: list[Token], at: Position) -> None:
        """``carried A marriage KD QD``: one declaration announced "to score" before the
        position, added to the seat's list in order (a later score names it by that index)."""
        assert self.deal is not None
        seats = seats_for(str(self.game))
        if len(tokens) < 3 or tokens[0].text not in seats or tokens[0].key is not None:
            raise SyntaxProblem(
                head.column, "expected the seat, the combination, then its cards on the table"
            )
        carried = self.deal.setdefault("carried", {})
        if not isinstance(carried, dict):
            raise SyntaxProblem(head.column, "carried is given on the position line already")
        entries = carried.setdefault(tokens[0].text, [])
        where = f"/events/{len(self.positions) - 1}/carried/{tokens[0].text}/{len(entries)}"
        self.part_positions[where] = at
        name = parse_word(tokens[1], "the combination")
        entries.append({"combination": name, "cards": [parse_card(t) for t in tokens[2:]]})

    def _hand(self, seat: Token, tokens: list[Token]) -> None:
        if self.deal is None:
            self._numberless_trick(seat, tokens)
            raise SyntaxProblem(seat.column, "a hand line belongs right after its deal line")
        hands = self.deal.setdefault("hands", {})  # (a position may give none)
        if not isinstance(hands, dict):
            raise SyntaxProblem(seat.column, "the hands are given on the deal line already")
        if seat.text in hands:
            self._numberless_trick(seat, tokens)
            raise SyntaxProblem(seat.column, f"a second hand for {seat.text} in this deal")
        hands[seat.text] = parse_hand(tokens)

    def _numberless_trick(self, seat: Token, tokens: list[Token]) -> None:
        """A line that cannot be a hand and reads as a trick without its number (the leader,
        then a card for each seat): say so, rather than speak of hands."""
        seats = seats_for(str(self.game))
        if len(tokens) == len(seats) and all(is_card(t.text.split("/")[0]) for t in tokens):
            raise SyntaxProblem(
                seat.column,
                "a trick line starts with the trick's number: the number, the leader, then the"
                f" cards in the columns {' '.join(seats)} (e.g. '  3  {seat.text}  ...')",
            )

    def _trick(self, tokens: list[Token], number: int) -> None:
        assert self.game is not None
        table = self._table()
        seats = seats_for(self.game)
        head = tokens[0]
        if len(tokens) != len(seats) + 2 or any(t.key for t in tokens):
            raise SyntaxProblem(
                head.column,
                f"expected a trick line: the number, the leader, then {len(seats)} cards in the "
                f"columns {' '.join(seats)} (anything more: write play lines)",
            )
        leader = tokens[1]
        if leader.text not in seats:
            raise SyntaxProblem(leader.column, f"expected the leader ({', '.join(seats)})")
        cards = [self._card_or_text(t, number) for t in tokens[2:]]
        if not self.damaged and not table.is_empty:
            raise SyntaxProblem(
                head.column, "a trick line needs an empty table: the trick before is unfinished"
            )
        if not self.damaged and int(head.text) != table.tricks + 1:
            raise SyntaxProblem(
                head.column,
                f"expected trick {table.tricks + 1} here ({table.tricks} complete in this deal)",
            )
        self._flush()
        first = seats.index(leader.text)
        for step in range(len(seats)):
            seat = seats[(first + step) % len(seats)]
            column = tokens[2 + seats.index(seat)].column
            card, _, source = cards[seats.index(seat)].partition("/")
            event = {"type": "play", "seat": seat, "card": card}
            if source:
                event["from"] = source
            self._add(event, (number, column))

    def _card_or_text(self, token: Token, number: int) -> str:
        """A card of a trick line (Bézique: ``KS/table`` or ``KS/hand`` says where it came
        from); a bad one is reported and kept as written, so that the trick still counts and
        the lines after it are checked as usual."""
        text, slash, source = token.text.partition("/")
        try:
            if slash and (self.game == "whist" or source not in ("hand", "table")):
                raise SyntaxProblem(token.column, f"expected {text}/table or {text}/hand")
            return parse_card(Token(text, token.column)) + slash + source
        except SyntaxProblem as problem:
            self._problem(number, problem.column, problem.message)
            return token.text

    # Events -----------------------------------------------------------------------------

    def _event(self, verb: str, tokens: list[Token]) -> dict[str, Any]:
        assert self.game is not None
        event: dict[str, Any] = {"type": verb}
        positional: list[Token] = []
        keyed: list[Token] = []
        for token in tokens:
            (positional if token.key is None and token.text[:1] != "@" else keyed).append(token)
        fields = list(events_of(self.game)[verb])
        if verb in DECLARING:
            positional = self._declare(event, positional)
        # positional words are taken from the front in order: reversed, so each take is O(1)
        positional.reverse()
        for name, kind in fields:
            if not positional:
                break
            token = positional.pop()
            if kind.startswith("card"):
                event[name] = parse_card(token)
            elif kind.startswith("int"):
                event[name] = parse_int(token, name)
            else:
                event[name] = parse_word(token, name)
        if positional:
            names = ", ".join(name for name, _ in fields) or "nothing"
            raise SyntaxProblem(
                positional[-1].column,
                f"unexpected {positional[-1].text}: {verb} takes {names}; other fields as key=value",
            )
        return self._keyed(event, keyed)

    def _declare(self, event: dict[str, Any], tokens: list[Token]) -> list[Token]:
        """Take the cards, and the points or ``to score``, off the end of a declare line."""
        head, rest = tokens[:2], tokens[2:]
        taken = 0
        while taken < len(rest) and is_card(rest[taken].text):
            taken += 1
        cards, rest = [parse_card(t) for t in rest[:taken]], rest[taken:]
        if cards:
            event["cards"] = cards
        if [t.text for t in rest] == ["to", "score"]:
            rest = []
        elif len(rest) == 1 and _card_like(rest[0].text):
            raise SyntaxProblem(
                rest[0].column,
                f"expected a card (rank then suit, e.g. 10H or QS) or the points marked, got"
                f" {rest[0].text}",
            )
        elif len(rest) == 1:
            event["points"] = parse_int(rest.pop(), "the points marked, or 'to score'")
        elif rest:
            if _card_like(rest[0].text):
                parse_card(rest[0])  # a card mistyped among the cards: its own message
            raise SyntaxProblem(rest[0].column, "expected the points marked, or 'to score'")
        return head

    def _keyed(self, event: dict[str, Any], tokens: list[Token]) -> dict[str, Any]:
        for token in tokens:
            if token.key is None:
                if token.text.startswith("@"):
                    self._set(event, "id", _label(token), token)
                    continue
                raise SyntaxProblem(token.column, f"expected key=value, got {token.text}")
            value: Any
            if token.key == "ref" and token.value[:1] in ("#", "@"):
                value = _ref(token)
            else:
                typed = token.key not in STRING_KEYS
                value = parse_value(token.value, _value_column(token), typed=typed)
            self._set(event, token.key, _canonical(token.key, value), token)
        return event

    def _set(self, event: dict[str, Any], key: str, value: Any, token: Token) -> None:
        if key in event:
            raise SyntaxProblem(token.column, f"{key} is given twice")
        event[key] = value

    def _pairs(self, tokens: list[Token], *, typed: bool) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for token in tokens:
            if token.key is None:
                raise SyntaxProblem(token.column, f"expected key=value, got {token.text}")
            value = parse_value(token.value, _value_column(token), typed=typed)
            self._set(values, token.key, value, token)
        return values

    # The table ------------------------------------------------------------------------------

    def _table(self) -> Table:
        if self.table is None:
            assert self.game is not None
            self.table = Table(self.game, self.data.get("rules"))
        return self.table

    def _add(self, event: dict[str, Any], where: Position) -> None:
        if self.events is None:
            self.events = self.data["events"] = []
        self.events.append(event)
        self.positions.append(where)
        winner = self._table().feed(event)
        if winner is not None and self.game != "whist":
            self.pending = (winner, where)

    def _flush(self) -> None:
        """Make the draws a trick left implied, before the next trick, deal or the end."""
        if self.pending is None:
            return
        winner, where = self.pending
        self.pending = None
        for draw in self._table().implied_draws(winner) or []:
            self._add(draw, where)


def _lines(text: str) -> Iterator[str]:
    """The lines of the text, one at a time (a file of millions of short lines is never held
    as a list), each without its ``\n`` or ``\r\n``."""
    start, end = 0, len(text)
    while start <= end:
        stop = text.find("\n", start)
        if stop < 0:
            stop = end
        yield text[start:stop].removesuffix("\r")
        start = stop + 1


def _value_column(token: Token) -> int:
    """The column where a ``key=value`` token's value starts."""
    return token.column + len(token.key or "") + 1


def _label(token: Token) -> str:
    label = token.text[1:]
    if not LABEL.fullmatch(label):
        raise SyntaxProblem(
            token.column, "expected a label after @: letters, digits, _ . -, not a digit first"
        )
    return label


def _ref(token: Token) -> int | str:
    body = token.value[1:]
    if token.value.startswith("#"):
        if not body.isdigit():
            raise SyntaxProblem(token.column, "expected an event index after ref=#, e.g. ref=#17")
        return int(body)
    return _label(Token("@" + body, token.column))


#: Seats and sides, which may be typed in any case (``n``, ``ew``, ``against=e``)
_SEAT_WORDS = frozenset({"N", "E", "S", "W", "NS", "EW", "A", "B"})
#: Keys whose value is a seat or side
_SEAT_KEYS = frozenset({"seat", "by", "side", "winner", "against", "dealer", "leader"})


def _seat_case(token: Token) -> Token:
    """A seat or side typed in lower case, as its capitals (cards are read in any case too)."""
    if token.key is None and token.text.upper() in _SEAT_WORDS:
        return replace(token, text=token.text.upper())
    if token.key in _SEAT_KEYS and token.value.upper() in _SEAT_WORDS:
        return replace(token, value=token.value.upper())
    return token


def _card_like(text: str) -> bool:
    """A word typed as a card, rightly or not: a rank (10 too) and a letter or symbol."""
    return (
        2 <= len(text) <= 3
        and text[0].upper() in "AKQJT123456789"
        and not text.isdigit()
        and text.lower() != "to"
    )


#: ``tricks=NS:1,EW:2``: the short form of a position's counts by seat or side
_BY_SEAT = re.compile(r"[A-Za-z]{1,2}:\d{1,3}(?:,[A-Za-z]{1,2}:\d{1,3})*")


def _canonical(key: str, value: Any) -> Any:
    """Cards written canonical (``th`` -> ``10H``); a position's counts by seat or side in
    the short form (``tricks=NS:1,EW:2``) as their object; a value that is no card is left
    for the schema to refuse, with this line's position."""
    if key in BY_SEAT_FIELDS and isinstance(value, str) and _BY_SEAT.fullmatch(value):
        return {seat.upper(): int(n) for seat, _, n in (i.partition(":") for i in value.split(","))}
    try:
        if key in CARD_FIELDS and isinstance(value, str):
            return parse_card(Token(value, 0))
        if key in CARD_LIST_FIELDS and isinstance(value, list):
            return [parse_card(Token(c, 0)) if isinstance(c, str) else c for c in value]
    except SyntaxProblem:
        pass
    return value


def _start(values: dict[str, Any], column: int) -> dict[str, Any]:
    """``start NS=3 EW=1 games=NS:2,EW:1`` -> ``{"score": {...}, "games": [...]}``."""
    start: dict[str, Any] = {}
    if "score" in values and any(key in values for key in _SCORE_KEYS):
        raise SyntaxProblem(column, "the score is given twice: as score= and as NS=, EW=, A= or B=")
    for key, value in values.items():
        if key in _SCORE_KEYS:
            start.setdefault("score", {})[key] = value
        elif key == "games" and isinstance(value, str):
            games = []
            for item in value.split(","):
                winner, _, points = item.partition(":")
                number = _INT.fullmatch(points) and len(points) <= MAX_DIGITS
                games.append({"winner": winner, "value": int(points) if number else points})
            start["games"] = games
        else:
            start[key] = value
    return start
