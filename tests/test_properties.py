"""Property tests on simulated records (hypothesis, seeded): legal records are clean and their
marks agree; a planted irregularity draws exactly its finding; renaming players or relabelling
suits where the rules are symmetric changes nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import adjudicate, parse_record
from adjudicator.simulate.whist import INJECTIONS, generate_record

SEEDS = st.integers(0, 10**9)
CODES = st.sampled_from(["english-1900", "english-1864", "american-1893"])


def serious(ruling: Any) -> list[str]:
    return [f"{f.rule}@{f.event}" for f in ruling.findings if f.severity != "info"]


@settings(derandomize=True, max_examples=40, deadline=None)
@given(SEEDS, CODES)
def test_a_simulated_legal_whist_record_is_clean_and_its_marks_agree(seed: int, code: str) -> None:
    ruling = adjudicate(parse_record(generate_record(seed, code=code)))
    assert serious(ruling) == []
    claimed = ruling.result.claimed.result
    if claimed is not None:
        corrected = ruling.result.corrected
        truth = corrected.rubber or corrected.games[-1]  # type: ignore[union-attr]
        assert (claimed.winner, claimed.value) == (truth.winner, truth.value)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(SEEDS, st.sampled_from(INJECTIONS))
def test_a_planted_whist_irregularity_draws_exactly_its_finding(seed: int, kind: str) -> None:
    record = generate_record(seed, inject=kind)
    ruling = adjudicate(parse_record(record))
    assert ";".join(serious(ruling)) == record["meta"]["inject_expect"]


# Metamorphic relations ---------------------------------------------------------------------

SUITS = "SHDC"


def relabel(record: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    """Every card's suit replaced by ``mapping`` (the same permutation everywhere)."""

    def card(text: str) -> str:
        return text[:-1] + mapping[text[-1]]

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                k: (
                    card(v) if k in ("card", "trump", "turn_up") and isinstance(v, str) else walk(v)
                )
                for k, v in node.items()
            }
        if isinstance(node, list):
            return [
                card(v) if isinstance(v, str) and v[-1:] in SUITS and len(v) in (2, 3) else walk(v)
                for v in node
            ]
        return node

    relabelled = walk(copy.deepcopy(record))
    relabelled["meta"] = record["meta"]
    return relabelled


def outline(ruling: Any) -> tuple[Any, ...]:
    """What must not change: findings (rule, severity, event) and the corrected result."""
    return (
        [(f.rule, f.severity, f.event) for f in ruling.findings],
        json.dumps(ruling.result.corrected.model_dump(), sort_keys=True),
    )


@settings(derandomize=True, max_examples=20, deadline=None)
@given(SEEDS, st.sampled_from([None, *INJECTIONS]), st.permutations(list(SUITS)))
def test_whist_rulings_do_not_depend_on_suit_names_or_player_names(
    seed: int, kind: str | None, order: list[str]
) -> None:
    record = generate_record(seed, inject=kind)
    before = adjudicate(parse_record(record))
    renamed = copy.deepcopy(record)
    renamed["players"] = {seat: f"Player {seat}{seed % 97}" for seat in renamed["players"]}
    assert outline(adjudicate(parse_record(renamed))) == outline(before)
    relabelled = relabel(record, dict(zip(SUITS, order, strict=True)))
    assert outline(adjudicate(parse_record(relabelled))) == outline(before)


@settings(derandomize=True, max_examples=10, deadline=None)
@given(SEEDS, st.sampled_from(["bezique", "rubicon-bezique"]))
def test_bezique_rulings_do_not_depend_on_the_hearts_and_clubs_names(seed: int, game: str) -> None:
    """Bézique is symmetric in hearts and clubs only (the bézique is Q♠ J♦)."""
    from adjudicator.simulate.bezique import generate_deal

    record = generate_deal(game, seed)
    before = adjudicate(parse_record(record))
    swapped = relabel(record, {"S": "S", "D": "D", "H": "C", "C": "H"})
    assert outline(adjudicate(parse_record(swapped))) == outline(before)
    renamed = copy.deepcopy(record)
    renamed["players"] = {"A": "Somebody", "B": "Somebody else"}
    assert outline(adjudicate(parse_record(renamed))) == outline(before)


@settings(derandomize=True, max_examples=20, deadline=None)
@given(SEEDS, st.sampled_from(["bezique", "rubicon-bezique"]), st.data())
def test_a_planted_bezique_irregularity_draws_exactly_its_finding(
    seed: int, game: str, data: st.DataObject
) -> None:
    from adjudicator.simulate.bezique_inject import INJECTIONS as KINDS
    from adjudicator.simulate.bezique_inject import generate_injected

    kind = data.draw(st.sampled_from(KINDS))
    record = generate_injected(game, seed % 10**6, kind)
    ruling = adjudicate(parse_record(record))
    assert ";".join(serious(ruling)) == record["meta"]["inject_expect"]


# Bézique: which copy of a duplicated card (issue 9, class 5) --------------------------------


def _bezique_state_maker(record: Any) -> Any:
    from adjudicator.games import bezique, rubicon

    module = rubicon if record.game == "rubicon-bezique" else bezique
    return lambda: module.state_for(record)


def with_every_copy_named(raw: dict[str, Any]) -> dict[str, Any]:
    """The record with ``from`` on every play and declaration, as the ruling's reading has it."""
    from adjudicator.games.bezique.readings import sources

    record = parse_record(raw)
    where = sources(record.events, _bezique_state_maker(record))
    explicit = copy.deepcopy(raw)
    for index, event in enumerate(explicit["events"]):
        if event["type"] == "play" or (
            event["type"] == "declare" and event["combination"] != "carte-blanche"
        ):
            named = where[index]
            event["from"] = named[0] if event["type"] == "play" else named
    return explicit


def _bezique_fixtures() -> list[dict[str, Any]]:
    from tests.conftest import FIXTURES

    paths = sorted((FIXTURES / "bezique").glob("*.json"))
    paths += sorted((FIXTURES / "rubicon-bezique").glob("*.json"))
    return [json.loads(p.read_text("utf-8")) for p in paths]


@settings(derandomize=True, max_examples=15, deadline=None)
@given(SEEDS, st.sampled_from(["bezique", "rubicon-bezique"]), st.data())
def test_a_bezique_record_with_every_copy_named_gets_the_same_ruling(
    seed: int, game: str, data: st.DataObject
) -> None:
    """Metamorphic: naming the copy the ruling read at every play and declaration (``from``)
    changes nothing; simulated records have many duplicates, planted irregularities more."""
    from adjudicator.simulate.bezique_inject import INJECTIONS as KINDS
    from adjudicator.simulate.bezique_inject import generate_injected

    kind = data.draw(st.sampled_from([None, *KINDS]))
    if kind is None:
        from adjudicator.simulate.bezique import generate_deal

        record = generate_deal(game, seed % 10**6)
    else:
        record = generate_injected(game, seed % 10**6, kind)
    before = adjudicate(parse_record(record))
    assert outline(adjudicate(parse_record(with_every_copy_named(record)))) == outline(before)


def test_every_bezique_fixture_with_every_copy_named_gets_the_same_ruling() -> None:
    """The same property on the hand-made fixtures (class 5's among them)."""
    for raw in _bezique_fixtures():
        before = adjudicate(parse_record(raw))
        after = adjudicate(parse_record(with_every_copy_named(raw)))
        assert outline(after) == outline(before), raw["meta"].get("description", "")[:60]


@settings(derandomize=True, max_examples=15, deadline=None)
@given(SEEDS, st.sampled_from(["bezique", "rubicon-bezique"]))
def test_a_lawful_bezique_record_that_does_not_say_hand_or_table_is_still_lawful(
    seed: int, game: str
) -> None:
    """No exit 2 for a record possible under some reading: the simulator's plays from the
    table lose their ``from``, and the record must still be read as lawful."""
    from adjudicator.simulate.bezique import generate_deal

    record = generate_deal(game, seed % 10**6)
    stripped = copy.deepcopy(record)
    for event in stripped["events"]:
        event.pop("from", None)
    ruling = adjudicate(parse_record(stripped))  # an InputError here would be exit 2
    assert serious(ruling) == serious(adjudicate(parse_record(record))) == []


def _read_otherwise(raw: dict[str, Any]) -> dict[str, Any] | None:
    """The record with ``from`` on every play and declaration as a reading other than the
    default one names them: the first choice of copies whose other alternative still reads
    the record as lawful. None if there is no such choice."""
    from adjudicator.games.bezique import readings

    record = parse_record(raw)
    make = _bezique_state_maker(record)
    events = list(record.events)
    _, state, _ = readings._run(events, make, {})
    for number, (_, count) in enumerate(state.decisions):
        if count < 2:
            continue
        result, other, error = readings._run(events, make, {number: 1})
        if error is None and result is not None and not serious_of(result):
            explicit = copy.deepcopy(raw)
            for index, event in enumerate(explicit["events"]):
                if index in other.sources and event["type"] in ("play", "declare"):
                    named = other.sources[index]
                    event["from"] = named[0] if event["type"] == "play" else named
            return explicit
    return None


def serious_of(result: Any) -> list[str]:
    return [f"{f.rule}@{f.event}" for f in result.findings if f.severity != "info"]


@pytest.mark.parametrize("game", ["bezique", "rubicon-bezique"])
def test_a_record_possible_only_on_another_reading_is_never_refused(game: str) -> None:
    """No exit 2 for a record in which every event is possible under some reading: a
    simulated deal rewritten so that its copies are those of a reading other than the
    default one, then the doubt put back (``from`` dropped from the declarations, or from the
    plays), is still read as possible and lawful."""
    from adjudicator.simulate.bezique import generate_deal

    exercised = 0
    for seed in range(12):
        other = _read_otherwise(generate_deal(game, seed))
        if other is None:
            continue
        exercised += 1
        assert serious(adjudicate(parse_record(other))) == []
        for kind in ("declare", "play"):
            doubtful = copy.deepcopy(other)
            for event in doubtful["events"]:
                if event["type"] == kind:
                    event.pop("from", None)
            assert serious(adjudicate(parse_record(doubtful))) == [], (seed, kind)
    assert exercised >= 3
