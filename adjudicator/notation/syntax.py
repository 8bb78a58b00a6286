"""The words of HRN: tokens, values, cards and hands, read and written the same way.

A line is split into tokens at white space, as a shell would: a token may hold a JSON
string (``note="two words"``) or a JSON array or object (``from=["hand", "table"]``), and
``#`` at the start of a token begins a comment (inside a token, as in ``ref=#17``, it does
not). Every reading function raises ``SyntaxProblem`` with the column of the token.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from adjudicator.cards import PIQUET_RANKS, RANKS, Card, Suit, sort_hand
from adjudicator.record.load import MAX_DEPTH, MAX_DIGITS

#: The first line of every notation file; also how standard input is recognised.
MAGIC = "%HRN"
VERSION = "1"

#: A label (an event ``id``): letters, digits, ``_ . -``, not starting with a digit.
LABEL = re.compile(r"[A-Za-z_.\-][A-Za-z0-9_.\-]*")
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_\-]*)=")
_INT = re.compile(r"-?[0-9]+")
_BARE = re.compile(r"[^\s\"#=\[\]{}@]+")
_LITERALS = {"true": True, "false": False, "null": None}
_SUIT_MARK = re.compile(r"([♠♥♦♣♤♡♢♧]):?|([SHDCshdc]):")
_RANK_TOKEN = re.compile(r"10|[AKQJTakqjt2-9]")


class SyntaxProblem(Exception):
    """A line of notation that cannot be read: the column (1-based) and what was expected."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


@dataclass(frozen=True)
class Token:
    """One word of a line: its text, its column (1-based) and, for ``key=value``, the key."""

    text: str
    column: int
    key: str | None = None
    value: str = ""


def tokenize(line: str) -> list[Token]:
    """Split a line into tokens, dropping the comment. Raises ``SyntaxProblem``."""
    tokens: list[Token] = []
    pos, end = 0, len(line)
    while pos < end:
        if line[pos].isspace():
            pos += 1
            continue
        if line[pos] == "#":
            break
        start, depth = pos, 0
        while pos < end and (depth or not line[pos].isspace()):
            char = line[pos]
            if char == '"':
                pos = _string_end(line, pos)
                continue
            if char in "[{":
                depth += 1
            elif char in "]}":
                depth -= 1
            pos += 1
        if depth:
            raise SyntaxProblem(start + 1, "a [ or { is not closed on this line")
        text = line[start:pos]
        match = _KEY.match(text)
        if match:
            tokens.append(Token(text, start + 1, match.group(1), text[match.end() :]))
        else:
            tokens.append(Token(text, start + 1))
    return tokens


def _string_end(line: str, pos: int) -> int:
    """The index just after the JSON string starting at ``pos``."""
    index = pos + 1
    while index < len(line):
        if line[index] == "\\":
            index += 2
            continue
        if line[index] == '"':
            return index + 1
        index += 1
    raise SyntaxProblem(pos + 1, 'a quoted string is not closed (expected ")')


# Values ------------------------------------------------------------------------------------


def parse_value(text: str, column: int, *, typed: bool = True) -> Any:
    """A value: JSON when it starts with ``"``, ``[`` or ``{``; else a bare word, typed
    (integers, true, false, null) unless ``typed`` is false (names and meta are strings)."""
    if text[:1] in ('"', "[", "{"):
        return _json_value(text, column)
    if not text:
        raise SyntaxProblem(column, "expected a value after =")
    if typed:
        if _INT.fullmatch(text):
            return _whole(text, column)
        if text in _LITERALS:
            return _LITERALS[text]
    return text


def _json_value(text: str, column: int) -> Any:
    """A JSON value of a line, held to the limits of a JSON record: no key twice in an object,
    no number past ``MAX_DIGITS`` digits, no nesting that exhausts the decoder."""
    try:
        return json.loads(
            text, object_pairs_hook=_once, parse_int=_digits_checked, parse_constant=_no_constant
        )
    except json.JSONDecodeError as exc:
        raise SyntaxProblem(column + exc.pos, f"expected a JSON value: {exc.msg}") from None
    except _KeyTwice as twice:
        raise SyntaxProblem(column + _second_key(text, twice.key), twice.message) from None
    except _BadNumber as bad:
        raise SyntaxProblem(column, bad.message) from None
    except RecursionError:
        raise SyntaxProblem(column, f"nested more than {MAX_DEPTH} levels deep") from None


class _KeyTwice(Exception):
    def __init__(self, key: str) -> None:
        self.key = key
        self.message = (
            f"the key {json.dumps(key)} is given twice in this object: give each key once"
        )


class _BadNumber(Exception):
    def __init__(self, message: str) -> None:
        self.message = message


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _KeyTwice(key)
            seen.add(key)
    return data


def _digits_checked(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber(_too_long(digits))
    return int(digits)


def _no_constant(name: str) -> Any:
    raise _BadNumber(f"{name} is not a JSON number")


def _too_long(digits: str) -> str:
    return f"a number of {len(digits.lstrip('-')):,} digits: at most {MAX_DIGITS} are read"


def _whole(text: str, column: int) -> int:
    """A bare whole number, at most ``MAX_DIGITS`` digits (as in JSON records)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SyntaxProblem(column, _too_long(text))
    return int(text)


def _second_key(text: str, key: str) -> int:
    """The offset of the key's second writing in the object's text (0 when it was written with
    escapes that a plain search does not find: the value's column is given then)."""
    written = [m.start() for m in re.finditer(re.escape(json.dumps(key)) + r"\s*:", text)]
    return written[1] if len(written) > 1 else 0


def format_value(value: Any, *, typed: bool = True) -> str:
    """The shortest text that ``parse_value`` reads back as ``value``."""
    if isinstance(value, str) and _BARE.fullmatch(value):
        ambiguous = typed and (_INT.fullmatch(value) or value in _LITERALS)
        if not ambiguous:
            return value
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def parse_word(token: Token, what: str) -> str:
    """A positional word (a seat, a kind): bare or a JSON string."""
    value = parse_value(token.text, token.column, typed=False)
    if not isinstance(value, str):
        raise SyntaxProblem(token.column, f"expected {what}, got {token.text}")
    return value


def parse_int(token: Token, what: str) -> int:
    if not _INT.fullmatch(token.text):
        raise SyntaxProblem(token.column, f"expected {what} (a whole number), got {token.text}")
    return _whole(token.text, token.column)


def is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


def parse_card(token: Token) -> str:
    """A card in its canonical text (``th`` -> ``10H``)."""
    try:
        return str(Card.parse(token.text))
    except ValueError:
        raise SyntaxProblem(
            token.column, f"expected a card (rank then suit, e.g. 10H or QS), got {token.text}"
        ) from None


# Hands ------------------------------------------------------------------------------------


def parse_hand(tokens: list[Token]) -> list[str]:
    """The cards of a hand line after the seat, in any of the forms of the docs:
    ``♠AK6 ♥62 ♦963 ♣K97653``, ``S:AK6 H:62 ...``, ``AK6.62.963.K97653`` (S.H.D.C, ``-``
    for a void), or a list of cards ``7H 2C AS``."""
    if not tokens:
        return []
    column = tokens[0].column
    if len(tokens) == 1 and tokens[0].text.count(".") == 3:
        groups = list(zip(Suit, tokens[0].text.split("."), strict=True))
        return [card for suit, ranks in groups for card in _ranks(ranks, suit, column)]
    if any(":" in t.text or _SUIT_MARK.match(t.text[:1] or " ") for t in tokens):
        text = "".join(t.text for t in tokens)
        marks = list(_SUIT_MARK.finditer(text))
        if not marks or marks[0].start() != 0:
            raise SyntaxProblem(column, "expected a suit (♠ or S:) before the ranks")
        cards: list[str] = []
        for mark, after in zip(marks, [*marks[1:], None], strict=True):
            suit = Card.parse("A" + (mark.group(1) or mark.group(2))).suit
            ranks = text[mark.end() : after.start() if after else len(text)]
            cards += _ranks(ranks, suit, column)
        return cards
    return [parse_card(t) for t in tokens]


def _ranks(text: str, suit: Suit, column: int) -> list[str]:
    if text in ("", "-"):
        return []
    found = _RANK_TOKEN.findall(text)
    if "".join(found) != text:
        raise SyntaxProblem(
            column, f"expected ranks (A K Q J 10 or T, 9 ... 2) for {suit.noun}, got {text}"
        )
    return [str(Card(("10" if r in "Tt" else r.upper()), suit)) for r in found]


def format_hand(cards: list[str], game: str) -> str:
    """By suit as the text ruling prints it (``♠ A K 6  ♥ 6 2 ...``) when the cards are in
    that order; else the list, so that the order comes back unchanged."""
    ranks = RANKS if game == "whist" else PIQUET_RANKS
    parsed = [Card.parse(c) for c in cards]
    if parsed != sort_hand(parsed, ranks):
        return " ".join(cards)
    groups = []
    for suit in Suit:
        held = [c.rank for c in parsed if c.suit is suit]
        groups.append(suit.symbol + " " + (" ".join(held) or "-"))
    return "  ".join(groups)
