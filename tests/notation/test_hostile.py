"""Hostile notation (issue 20): whatever its shape, a notation file is read or refused in time
linear in its size, with memory of the order of what was read, and every problem is an
``InputError`` with its line and column — never another exception, never a record judged in
part."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from adjudicator.batch import Item, Settings, judge_item
from adjudicator.errors import MAX_PROBLEMS, InputError
from adjudicator.notation import read_notation
from adjudicator.record.load import MAX_DIGITS, MAX_RECORD_BYTES
from tests.conftest import FIXTURES

WHIST = (FIXTURES / "whist" / "revoke-penalty-tricks.hrn").read_text("utf-8")
HEAD = "%HRN 1\ngame whist\nplayers N=a E=b S=c W=d\n"
BEZIQUE_HEAD = "%HRN 1\ngame bezique\nplayers A=a B=b\n"

#: One line of about a megabyte in each shape a line can take. Reading was quadratic in the
#: words of a line (a 2 MB line did not end in five minutes); now each takes well under a
#: second, so five seconds is a bound no noisy machine reaches, and no quadratic reader meets.
WORDS = 100_000
WORST_SHAPES: dict[str, Callable[[], str]] = {
    "positional words after a play": lambda: (
        HEAD + "deal dealer=S\nplay N AS " + "x " * (2 * WORDS)
    ),
    "cards of a declaration": lambda: (
        BEZIQUE_HEAD + "deal dealer=A\ndeclare A marriage " + "KD " * WORDS + "20"
    ),
    "keyed fields": lambda: (
        HEAD + "deal dealer=S\nplay N AS " + " ".join(f"k{i}=1" for i in range(WORDS))
    ),
    "labels": lambda: HEAD + "deal dealer=S\nplay N AS " + "@a " * WORDS,
    "a hand of cards": lambda: HEAD + "deal dealer=S\nN " + "AS " * WORDS,
    "suit marks": lambda: HEAD + "deal dealer=S\nN " + "S:A " * WORDS,
    "a trick line": lambda: HEAD + "deal dealer=S\n1 N " + "AS " * WORDS,
    "meta pairs": lambda: "%HRN 1\ngame whist\nmeta " + " ".join(f"k{i}=v" for i in range(WORDS)),
    "a JSON object": lambda: (
        HEAD + "deal dealer=S hands={" + ",".join(f'"k{i}":1' for i in range(WORDS)) + "}"
    ),
    "escapes in a string": lambda: '%HRN 1\ngame whist\nmeta note="' + '\\"' * (4 * WORDS) + '"',
    "open brackets": lambda: "%HRN 1\ngame whist\nmeta note=" + "[" * (8 * WORDS),
    "a million bad lines": lambda: HEAD + "bad\n" * (2 * WORDS),
}


@pytest.mark.parametrize("shape", WORST_SHAPES, ids=list(WORST_SHAPES))
def test_a_megabyte_of_notation_in_any_shape_is_read_or_refused_in_linear_time(shape: str) -> None:
    text = WORST_SHAPES[shape]()
    assert 300_000 < len(text) < 2_000_000, len(text)
    started = time.perf_counter()
    try:
        read_notation(text)
    except InputError as error:
        assert error.problems and all(p.line for p in error.problems[:-1])
    assert time.perf_counter() - started < 5


def test_reading_stops_at_the_problem_past_the_limit_and_says_where() -> None:
    """Three million bad lines cost 1.2 GB and a minute when every problem was kept; now the
    reader stops at the 21st and the last line says where it stopped."""
    text = HEAD + "bad\n" * 50_000
    with pytest.raises(InputError) as raised:
        read_notation(text)
    problems = raised.value.problems
    assert len(problems) == MAX_PROBLEMS
    assert problems[-1].message == f"and more problems: reading stopped at line {MAX_PROBLEMS + 4}"


def test_a_notation_file_over_the_size_limit_is_refused_not_cut_and_judged(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A file was read to the limit and judged: a claim past the cut was lost in silence."""
    padding = "# " + "x" * 1000 + "\n"
    text = WHIST + padding * (MAX_RECORD_BYTES // len(padding) + 1)
    path = tmp_path / "long.hrn"
    path.write_text(text, "utf-8")
    from adjudicator.batch import iter_items

    [item] = list(iter_items([str(path)]))
    outcome = judge_item(item, Settings())
    assert outcome.status == "unjudgeable"
    assert f"over {MAX_RECORD_BYTES:,} bytes" in outcome.error
    with pytest.raises(InputError, match="bytes long"):
        read_notation(text)


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ('hands={"N":["AS"],"N":["KS"]}', 'the key "N" is given twice in this object', 33),
        ('hands={"N":["AS"],"\\u004e":["KS"]}', 'the key "N" is given twice in this object', 21),
        ('hands={"N": {"a": 1, "a": 2}}', 'the key "a" is given twice in this object', 36),
    ],
    ids=["plain", "escaped", "nested"],
)
def test_a_key_given_twice_inside_a_json_value_is_refused_with_its_place(
    line: str, message: str, column: int
) -> None:
    """The last value was kept in silence, where the JSON path refuses the record."""
    text = HEAD + f"deal dealer=S {line}\n"
    with pytest.raises(InputError) as raised:
        read_notation(text)
    problem = raised.value.problems[0]
    assert problem.message.startswith(message)
    assert (problem.line, problem.column) == (4, column)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("meta deep=" + '{"a":' * 1000 + "1" + "}" * 1000, "nested more than 32 levels deep"),
        ("meta deep=" + "[" * 1000 + "]" * 1000, "nested more than 32 levels deep"),
        ("start NS=" + "9" * 5000, f"a number of 5,000 digits: at most {MAX_DIGITS} are read"),
        ("start NS=1 EW=[" + "9" * 5000 + "]", "a number of 5,000 digits"),
        ("start NS=1 games=EW:" + "9" * 5000, "/start/games/0/value"),
        ("start score=5 NS=2", "the score is given twice"),
        ("start NS=2 score=5", "the score is given twice"),
        ("start NS=1 games=EW:²", "/start/games/0/value"),
        ("meta x=NaN y=[NaN]", "NaN is not a JSON number"),
    ],
    ids=[
        "deep-object",
        "deep-array",
        "long-number",
        "long-number-in-json",
        "long-game-value",
        "score-then-side",
        "side-then-score",
        "superscript-digit",
        "nan",
    ],
)
def test_values_past_the_limits_are_input_errors_with_a_line(header: str, message: str) -> None:
    """A RecursionError, a ValueError (Python's 4,300-digit limit) and a TypeError escaped
    from these, and were reported as internal errors with no line."""
    text = "%HRN 1\ngame whist\nplayers N=a E=b S=c W=d\n" + header + "\n"
    outcome = judge_item(Item("x.hrn", text.encode()), Settings())
    assert outcome.status == "unjudgeable"
    assert "internal error" not in outcome.error
    assert message in outcome.error
    assert outcome.error.startswith("x.hrn:4:")


def test_a_rubicon_record_with_no_events_is_judged_not_an_internal_error() -> None:
    """It raised IndexError in the decision (21 times in 20,000 fuzzed records)."""
    from adjudicator import adjudicate, parse_record

    ruling = adjudicate(
        parse_record(
            {
                "format": "hand-record/1",
                "game": "rubicon-bezique",
                "players": {"A": "a", "B": "b"},
                "events": [],
            }
        )
    )
    assert not ruling.findings
    assert ruling.decision[0].text.startswith("No irregularity. No game has been played")


def test_notation_after_long_comments_on_stdin_is_read_as_notation() -> None:
    """After more than 4 KB of comments, standard input was taken for JSON and refused."""
    from adjudicator.batch import iter_items

    text = ("# a comment line of the club's template\n" * 200 + WHIST).encode()
    assert len(text) > 8_000
    [item] = list(iter_items(["-"], stdin=_Stream(text)))
    outcome = judge_item(item, Settings(fmt="findings"))
    assert outcome.status == "violations"
    assert "WHIST-REVOKE-1" in outcome.output


class _Stream:
    """A pipe that gives its bytes a few at a time, as a slow writer's would."""

    def __init__(self, data: bytes, step: int = 1000) -> None:
        self.data, self.step = data, step

    def read1(self, size: int) -> bytes:
        chunk, self.data = self.data[: min(size, self.step)], self.data[min(size, self.step) :]
        return chunk

    def readline(self, size: int = -1) -> bytes:
        end = self.data.find(b"\n") + 1 or len(self.data)
        line, self.data = self.data[:end], self.data[end:]
        return line
