"""A hand-record/1 dict -> HRN text that reads back as exactly the same record.

Regular tricks become trick lines and Bézique's draws are left out wherever the reader's
rule (``table.Table``) gives them back; everything else is written event by event in the
generic form. The writer checks each omission against the record before making it, so the
conversion loses nothing even where the rule guesses wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TypeGuard

from adjudicator.notation.fields import DEAL_FIELDS, DECLARING, POSITION_FIELDS, events_of
from adjudicator.notation.reader import STRING_KEYS
from adjudicator.notation.syntax import LABEL, MAGIC, VERSION, format_hand, format_value, is_card
from adjudicator.notation.table import Table, seats_for

_SIDES = ("NS", "EW", "A", "B")
_FROM = ("hand", "table")
_WORD = re.compile(r"[a-z][a-z-]*")  # a combination's name, written bare


def write_notation(data: dict[str, Any]) -> str:
    """The HRN text of a record (best given in its canonical form, see ``convert``)."""
    return _Writer(data).write()


class _Writer:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.game = str(data.get("game"))
        self.seats = seats_for(self.game)
        self.fields = events_of(self.game)
        self.events: list[dict[str, Any]] = list(data.get("events", []))
        self.table = Table(self.game, data.get("rules"))
        self.lines: list[str] = [f"{MAGIC} {VERSION}"]

    def write(self) -> str:
        self._headers()
        index = 0
        while index < len(self.events):
            event = self.events[index]
            if self._is_trick(index):
                self.lines.append(self._trick_line(index))
                winner = None
                for play in self.events[index : index + len(self.seats)]:
                    winner = self.table.feed(play)
                index += len(self.seats)
            else:
                if event.get("type") == "deal":
                    self.lines.append("")
                    self.lines.extend(self._deal(event))
                elif event.get("type") == "position":
                    self.lines.append("")
                    self.lines.extend(self._position(event))
                else:
                    self.lines.append(self._event(event) + self._trick_comment(event))
                winner = self.table.feed(event)
                index += 1
            if winner is not None and self.game != "whist":
                index = self._after_trick(index, winner)
        return "\n".join(self.lines) + "\n"

    # The envelope -----------------------------------------------------------------------------

    def _headers(self) -> None:
        data = self.data
        self.lines.append(f"game {self.game}")
        for name, typed in (("rules", True), ("players", False), ("start", True), ("meta", False)):
            if name == "start" and name in data:
                self.lines.append(_start(data["start"]))
            elif name in data:
                self.lines.append(_pairs(name, data[name], typed=typed))

    # Deals and tricks -------------------------------------------------------------------------

    def _deal(self, event: dict[str, Any]) -> list[str]:
        head = ["deal"] + [f"{k}={format_value(event[k])}" for k in DEAL_FIELDS if k in event]
        rest = {k: v for k, v in event.items() if k not in (*DEAL_FIELDS, "type", "hands", "stock")}
        lines = [" ".join(head + _keyed(rest))]
        hands = event.get("hands")
        if isinstance(hands, dict) and all(isinstance(h, list) for h in hands.values()):
            lines += [f"{seat}  {format_hand(cards, self.game)}" for seat, cards in hands.items()]
        elif "hands" in event:
            lines[0] += f" hands={format_value(hands)}"
        stock = event.get("stock")
        if _all_cards(stock):
            lines.append("stock " + " ".join(stock))
        elif "stock" in event:
            lines[0] += f" stock={format_value(stock)}"
        return lines

    def _position(self, event: dict[str, Any]) -> list[str]:
        """``position`` with its fields, then its lines: the known hands, each table, the
        scores and brisques, a known stock; whatever does not fit a line stays key=value."""
        head = ["position"] + [
            f"{k}={format_value(event[k])}" for k in POSITION_FIELDS if k in event
        ]
        if type(event.get("stock")) is int:
            head.append(f"stock={event['stock']}")
        lines: list[str] = []
        done = {*POSITION_FIELDS, "type"}
        hands = event.get("hands")
        if isinstance(hands, dict) and all(_all_cards(h) for h in hands.values()):
            lines += [f"{seat}  {format_hand(cards, self.game)}" for seat, cards in hands.items()]
            done.add("hands")
        tables = event.get("tables")
        entries = [_table_word(e) for cards in (tables or {}).values() for e in cards]
        if isinstance(tables, dict) and tables and all(entries) and all(tables.values()):
            for seat, cards in tables.items():
                lines.append(f"table {seat}  " + " ".join(str(_table_word(e)) for e in cards))
            done.add("tables")
        for name in ("scores", "brisques"):
            values = event.get(name)
            if isinstance(values, dict) and values and all(type(v) is int for v in values.values()):
                lines.append(_pairs(name, values, typed=True))
                done.add(name)
        carried = _carried_lines(event.get("carried"), self.seats)
        if carried:
            lines += carried
            done.add("carried")
        stock = event.get("stock")
        if _all_cards(stock):
            lines.append("stock " + " ".join(stock))
        done.update({"stock"} if type(stock) is int or _all_cards(stock) else set())
        rest = {k: v for k, v in event.items() if k not in done}
        return [" ".join(head + _keyed(rest)), *lines]

    def _is_trick(self, index: int) -> bool:
        """Whether the next plays are a whole trick in turn, nothing more: a trick line."""
        plays = self.events[index : index + len(self.seats)]
        if len(plays) < len(self.seats) or not self.table.is_empty:
            return False
        if any(not _is_plain_play(p, self.game) for p in plays):
            return False
        if plays[0]["seat"] not in self.seats or not all(is_card(str(p["card"])) for p in plays):
            return False
        first = self.seats.index(plays[0]["seat"])
        turn = [self.seats[(first + k) % len(self.seats)] for k in range(len(self.seats))]
        return [p["seat"] for p in plays] == turn

    def _trick_line(self, index: int) -> str:
        plays = self.events[index : index + len(self.seats)]
        by_seat = {p["seat"]: p["card"] + (f"/{p['from']}" if "from" in p else "") for p in plays}
        cards = "".join(f"{by_seat[seat]:<5} " for seat in self.seats).rstrip()
        return f"{self.table.tricks + 1:>3}  {plays[0]['seat']}   {cards}"

    def _trick_comment(self, event: dict[str, Any]) -> str:
        """A trick begun on a ``play`` line is numbered in a comment, for the reader's eye."""
        if event.get("type") == "play" and self.table.is_empty:
            return f"  # trick {self.table.tricks + 1}"
        return ""

    def _after_trick(self, index: int, winner: str) -> int:
        """Leave out the draws after a trick when the reader will make exactly them; write
        ``no-draw`` when the rule would make draws the record does not have."""
        end = index
        while end < len(self.events) and self.events[end].get("type") not in ("play", "deal"):
            end += 1
        segment = self.events[index:end]
        trial = self.table.clone()
        for event in segment:
            if event.get("type") != "draw":
                trial.feed(event)
        implied = trial.implied_draws(winner)
        if implied is None:
            return index
        draws = [e for e in segment if e.get("type") == "draw"]
        if draws == implied and segment[-2:] == implied:
            for event in segment:
                if event.get("type") != "draw":
                    self.lines.append(self._event(event))
                self.table.feed(event)
            return end
        if not draws:
            self.lines.append("no-draw")
        return index

    # One event ----------------------------------------------------------------------------------

    def _event(self, event: dict[str, Any]) -> str:
        verb = str(event.get("type"))
        rest = {k: v for k, v in event.items() if k != "type"}
        words = [verb, *self._positional(rest, self.fields.get(verb, ()))]
        cards = rest.get("cards")
        if verb in DECLARING and len(words) == 3 and _all_cards(cards):
            words += rest.pop("cards")
            if type(rest.get("points")) is int:
                words.append(str(rest.pop("points")))
            else:
                words += ["to", "score"]
        return " ".join(words + _keyed(rest))

    def _positional(self, rest: dict[str, Any], fields: Any) -> list[str]:
        """Take the positional fields off ``rest`` while they are present and of their kind."""
        words = []
        for name, kind in fields:
            value = rest.get(name)
            if kind.startswith("int") and type(value) is int:
                words.append(str(value))
            elif kind.startswith("card") and isinstance(value, str) and is_card(value):
                words.append(value)
            elif kind == "word" and isinstance(value, str) and value:
                words.append(format_value(value, typed=False))
            else:
                break
            del rest[name]
        return words


def _is_plain_play(play: dict[str, Any], game: str) -> bool:
    """A play a trick line can hold: seat and card, and in Bézique where it came from."""
    keys = set(play) - {"from"} if game != "whist" and play.get("from") in _FROM else set(play)
    return keys == {"type", "seat", "card"} and play["type"] == "play"


def _table_word(entry: Any) -> str | None:
    """A table card as a word: ``QS``, or ``QS:bezique,royal-marriage`` with its history."""
    if isinstance(entry, str) and is_card(entry):
        return entry
    if (
        isinstance(entry, dict)
        and set(entry) == {"card", "in"}
        and isinstance(entry["card"], str)
        and is_card(entry["card"])
        and isinstance(entry["in"], list)
        and all(isinstance(n, str) and n and n.replace("-", "").isalpha() for n in entry["in"])
    ):
        return f"{entry['card']}:{','.join(entry['in'])}"
    return None


def _carried_lines(carried: Any, seats: Sequence[str]) -> list[str]:
    """``carried A marriage KD QD``, one line for each declaration carried "to score";
    none when the field does not fit lines (it stays key=value, as written)."""
    if not isinstance(carried, dict) or not carried:
        return []
    lines = []
    for seat, entries in carried.items():
        if seat not in seats or not isinstance(entries, list) or not entries:
            return []
        for entry in entries:
            if not (
                isinstance(entry, dict)
                and set(entry) == {"combination", "cards"}
                and isinstance(entry["combination"], str)
                and _WORD.fullmatch(entry["combination"])
                and _all_cards(entry["cards"])
            ):
                return []
            lines.append(f"carried {seat}  {entry['combination']}  " + " ".join(entry["cards"]))
    return lines


def _all_cards(cards: Any) -> TypeGuard[list[str]]:
    return (
        isinstance(cards, list)
        and bool(cards)
        and all(isinstance(c, str) and is_card(c) for c in cards)
    )


def _keyed(values: dict[str, Any]) -> list[str]:
    """``key=value`` words; the id as ``@label``, a ref as ``ref=#17`` or ``ref=@label``."""
    words: list[str] = []
    for key, value in values.items():
        if key == "id" and isinstance(value, str) and LABEL.fullmatch(value):
            words.insert(0, "@" + value)
        elif key == "ref" and type(value) is int and value >= 0:
            words.append(f"ref=#{value}")
        elif key == "ref" and isinstance(value, str) and LABEL.fullmatch(value):
            words.append(f"ref=@{value}")
        else:
            words.append(f"{key}={format_value(value, typed=key not in STRING_KEYS)}")
    return words


def _pairs(name: str, values: dict[str, Any], *, typed: bool) -> str:
    return " ".join([name] + [f"{k}={format_value(v, typed=typed)}" for k, v in values.items()])


def _start(start: Any) -> str:
    """``start NS=3 EW=1 games=NS:2,EW:1``; anything else as JSON after its key."""
    words = ["start"]
    if not isinstance(start, dict):
        return "start"
    for key, value in start.items():
        if (
            key == "score"
            and isinstance(value, dict)
            and value
            and all(k in _SIDES and type(v) is int for k, v in value.items())
        ):
            words += [f"{k}={v}" for k, v in value.items()]
        elif (
            key == "games" and isinstance(value, list) and value and all(_is_game(g) for g in value)
        ):
            words.append("games=" + ",".join(f"{g['winner']}:{g['value']}" for g in value))
        else:
            words.append(f"{key}={format_value(value)}")
    return " ".join(words)


def _is_game(game: Any) -> bool:
    return (
        isinstance(game, dict)
        and set(game) == {"winner", "value"}
        and game["winner"] in ("NS", "EW")
        and type(game["value"]) is int
        and game["value"] >= 0
    )
