"""docs/coverage.md is kept true: every law has a row, and every row's claims can be checked.

A row says which fixtures prove a law; the test checks that they exist, that they are
played under that law's code, and that their hand-worked ruling names the law or one of
the row's rules. It reads files only (no replay), so it is cheap.

Run as a script to list what is still open: ``python3 tests/test_coverage.py open [CODE]``
or ``python3 tests/test_coverage.py counts``.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from adjudicator import catalogue  # noqa: E402
from adjudicator.notation.convert import read_any  # noqa: E402

DOC = ROOT / "docs" / "coverage.md"
FIXTURES = ROOT / "fixtures"

#: code tag -> how many laws the code has
LAWS = {"ENG64": 91, "ENG1900": 94, "AWL": 39, "RUB-LAW": 66}
#: the section of each row key, in the order of the page's count table
SECTIONS = ("ENG64", "ENG1900", "AWL", "RUB-LAW", "BEZ", "catalogue")
STATUSES = {"proved": "proved", "no record": "not recordable", "open": "open"}
#: law tag -> the whist code its fixtures must be played under
WHIST_CODE = {"ENG64": "english-1864", "ENG1900": "english-1900", "AWL": "american-1893"}
BEZIQUE_GAMES = ("bezique", "rubicon-bezique")

_KEY = re.compile(r"^(ENG64|ENG1900|AWL|RUB-LAW)-(\d+)$|^(?:WHIST|BEZ|RUB|GEN)-[A-Z]+-\d+$")


@dataclass(frozen=True)
class Row:
    key: str
    what: str
    record: str
    rules: tuple[str, ...]
    fixtures: tuple[str, ...]
    status: str
    note: str

    @property
    def section(self) -> str:
        match = _KEY.match(self.key)
        if match and match.group(1):
            return match.group(1)
        return "BEZ" if self.key.startswith("BEZ-") else "catalogue"


def _items(cell: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in cell.split(",") if x.strip())


def parse(text: str) -> list[Row]:
    """Every table row of the page whose first cell is a law key or a rule ID."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("| "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not _KEY.match(cells[0]):
            continue
        assert len(cells) == 7, f"{cells[0]}: a row has 7 cells, this one {len(cells)}"
        key, what, record, rules, fixtures, status, note = cells
        rows.append(Row(key, what, record, _items(rules), _items(fixtures), status, note))
    return rows


def head_counts(text: str) -> dict[str, tuple[int, int, int, int]]:
    """The count table at the head of the page: section -> rows, proved, no record, open."""
    counts = {}
    for line in text.splitlines():
        match = re.match(
            r"^\|[^|]*\(`([A-Za-z0-9-]+)`\) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", line
        )
        if match:
            tag, *numbers = match.groups()
            counts[tag] = tuple(int(n) for n in numbers)
    return counts


def counts_of(rows: list[Row]) -> dict[str, tuple[int, int, int, int]]:
    result = {}
    for section in SECTIONS:
        mine = [r for r in rows if r.section == section]
        tally = Counter(r.status for r in mine)
        result[section] = (len(mine), tally["proved"], tally["no record"], tally["open"])
    return result


@cache
def _page() -> tuple[str, tuple[Row, ...]]:
    text = DOC.read_text(encoding="utf-8")
    return text, tuple(parse(text))


def _fixture_file(ref: str) -> Path | None:
    for suffix in (".json", ".hrn"):
        path = FIXTURES / f"{ref}{suffix}"
        if path.is_file():
            return path
    return None


def _expected(ref: str) -> Path:
    game, _, stem = ref.partition("/")
    return FIXTURES / game / "expected" / f"{stem}.toml"


@cache
def _record(ref: str) -> dict[str, object]:
    path = _fixture_file(ref)
    assert path is not None
    if path.suffix == ".hrn":
        return read_any(path.read_bytes(), path.name)[0]
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8-sig"))
    return data


def _code(ref: str) -> str:
    rules = _record(ref).get("rules") or {}
    assert isinstance(rules, dict)
    return str(rules.get("code", "english-1900"))


def _games_allowed(row: Row) -> tuple[str, ...]:
    if row.section in WHIST_CODE or row.key.startswith("WHIST-"):
        return ("whist",)
    if row.section == "RUB-LAW" or (row.key.startswith("RUB-")):
        return ("rubicon-bezique",)
    return BEZIQUE_GAMES


def _names_the_law(row: Row, expected_text: str) -> bool:
    """The hand-worked ruling names the row's law or one of its rules."""
    names = {row.key, *row.rules}
    if row.section == "RUB-LAW":
        number = row.key.rsplit("-", 1)[1]
        if re.search(rf"\blaws? {number}\b", expected_text):
            return True
    return any(re.search(rf"{re.escape(n)}(?!\d)", expected_text) for n in names)


def fixture_problems(row: Row) -> list[str]:
    """What is wrong with the fixtures a row lists (empty when they hold)."""
    problems = []
    for ref in row.fixtures:
        game = ref.partition("/")[0]
        if _fixture_file(ref) is None:
            problems.append(f"{row.key}: no fixture fixtures/{ref}.json or .hrn")
            continue
        if not _expected(ref).is_file():
            problems.append(f"{row.key}: {ref} has no expected ruling {_expected(ref)}")
            continue
        if game not in _games_allowed(row):
            problems.append(f"{row.key}: {ref} is a {game} record")
            continue
        if row.section in WHIST_CODE and _code(ref) != WHIST_CODE[row.section]:
            problems.append(f"{row.key}: {ref} is played under {_code(ref)}")
            continue
        if not _names_the_law(row, _expected(ref).read_text(encoding="utf-8")):
            problems.append(f"{row.key}: the ruling of {ref} names neither the law nor its rules")
    return problems


def status_problems(row: Row) -> list[str]:
    if row.status not in STATUSES:
        return [f"{row.key}: status {row.status!r} is not one of {sorted(STATUSES)}"]
    if row.status == "proved" and not row.fixtures:
        return [f"{row.key}: proved, but no fixture is listed"]
    if row.status != "proved" and row.fixtures:
        return [f"{row.key}: {row.status}, yet it lists fixtures (make it proved)"]
    if row.status != "proved" and not row.note:
        return [f"{row.key}: {row.status} needs a reason"]
    if not row.what:
        return [f"{row.key}: says nothing of what the law rules"]
    return []


def test_every_law_has_exactly_one_row() -> None:
    rows = _page()[1]
    keys = Counter(r.key for r in rows)
    assert [k for k, n in keys.items() if n > 1] == []
    for tag, count in LAWS.items():
        wanted = {f"{tag}-{n}" for n in range(1, count + 1)}
        have = {r.key for r in rows if r.section == tag}
        assert sorted(wanted - have) == [], f"{tag}: laws without a row"
        assert sorted(have - wanted) == [], f"{tag}: rows for laws the code does not have"


def test_every_catalogue_rule_is_accounted_for() -> None:
    """Each catalogue rule has its own row, or is applied by a row a fixture proves."""
    rows = _page()[1]
    own = {r.key for r in rows}
    proved = {rule for r in rows if r.status == "proved" for rule in (r.key, *r.rules)}
    missing = [r.id for r in catalogue.rules() if r.id not in own and r.id not in proved]
    assert missing == []
    bezique = {r.id for r in catalogue.rules() if r.id.startswith("BEZ-")}
    assert bezique - {r.key for r in rows if r.section == "BEZ"} == set()


def test_rule_ids_exist() -> None:
    rows = _page()[1]
    unknown = [
        (r.key, rule)
        for r in rows
        for rule in (r.key, *r.rules)
        if not rule.startswith(("ENG", "AWL-")) and not catalogue.exists(rule)
    ]
    assert unknown == []


def test_statuses_and_reasons() -> None:
    problems = [p for r in _page()[1] for p in status_problems(r)]
    assert problems == []


def test_fixtures_exist_and_prove_the_law() -> None:
    problems = [p for r in _page()[1] for p in fixture_problems(r)]
    assert problems == []


def test_counts_at_the_head_match_the_rows() -> None:
    text, rows = _page()
    assert head_counts(text) == counts_of(list(rows))


@pytest.mark.parametrize(
    "line",
    [
        "| ENG64-5 | x | y | WHIST-SCORE-3 | whist/revoke-penalty-add | proved | |",
        "| ENG1900-2 | x | y | | whist/no-such-fixture | proved | |",
        "| ENG1900-2 | x | y | | whist/clean-rubber | proved | |",
        "| AWL-3 | x | y | | | open | |",
        "| AWL-3 | x | y | | | proved | |",
        "| RUB-LAW-5 | x | y | | bezique/wrong-marks | proved | |",
    ],
)
def test_a_false_row_is_caught(line: str) -> None:
    """Each rule of the checker fails on a row that breaks it."""
    (row,) = parse(line)
    assert fixture_problems(row) + status_problems(row) != []


def _print_open(section: str | None) -> None:
    for tag in SECTIONS:
        if section and tag != section:
            continue
        rows = [r for r in _page()[1] if r.section == tag and r.status == "open"]
        print(f"{tag}: {len(rows)} open")
        for r in rows:
            print(f"  {r.key}: {r.note}")


def main(argv: list[str]) -> int:
    if argv[:1] == ["open"]:
        _print_open(argv[1] if len(argv) > 1 else None)
        return 0
    if argv[:1] == ["counts"]:
        for tag, (total, proved, none, open_) in counts_of(list(_page()[1])).items():
            print(f"{tag}: {total} rows, {proved} proved, {none} not recordable, {open_} open")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
