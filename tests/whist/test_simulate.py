"""The seeded whist deal generator: repeatable, clean under every code, and spoilable.

A generated deal must draw no violation and no warning; a deal with one planted
irregularity must draw exactly the findings its ``meta.inject_expect`` names (info
findings aside), at the events named.
"""

from __future__ import annotations

import json

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.simulate.whist import INJECTIONS, generate_record

CODES = ("english-1900", "english-1864", "american-1893")
ENGLISH = CODES[:2]
CLEAN_SEEDS = range(40)
INJECT_SEEDS = range(30)


def _code_for(kind: str, seed: int) -> str:
    """Spread the injections over the codes that know them (honours: English only)."""
    codes = ENGLISH if kind == "honours-at-four" else CODES
    return codes[seed % len(codes)]


def _non_info(record: dict) -> str:
    ruling = adjudicate(parse_record(record))
    found = sorted((f.event, f.rule) for f in ruling.findings if f.severity != "info")
    return ";".join(f"{rule}@{event}" for event, rule in found)


@pytest.mark.parametrize("inject", [None, *INJECTIONS])
def test_the_same_seed_gives_the_same_record(inject: str | None) -> None:
    for seed in (0, 17, 123456789):
        first = generate_record(seed, inject=inject)
        assert json.dumps(first) == json.dumps(generate_record(seed, inject=inject))
    assert generate_record(1, inject=inject) != generate_record(2, inject=inject)


@pytest.mark.parametrize("code", CODES)
def test_generated_deals_are_clean(code: str) -> None:
    for seed in CLEAN_SEEDS:
        record = generate_record(seed, code=code)
        assert record["rules"] == {"code": code}
        assert record["meta"] == {"source": "adjudicator.simulate", "seed": str(seed)}
        assert _non_info(record) == "", f"{code} seed {seed}"


@pytest.mark.parametrize("code", CODES)
def test_generated_deals_are_whole_and_marked(code: str) -> None:
    target = 7 if code == "american-1893" else 5
    for seed in CLEAN_SEEDS:
        record = generate_record(seed, code=code)
        start, events = record["start"], record["events"]
        assert all(0 <= start["score"][side] < target for side in ("NS", "EW"))
        assert sorted(g["winner"] for g in start["games"]) in ([], ["EW"], ["NS"], ["EW", "NS"])
        deal = events[0]
        assert deal["type"] == "deal" and deal["trump"] in deal["hands"][deal["dealer"]]
        assert sum(e["type"] == "play" for e in events) == 52
        assert events[-1] == {"type": "cut"}
        assert any(e["type"] == "score" and e["for"] == "tricks" for e in events)
        if code == "american-1893":
            assert not any(e["type"] == "honours" for e in events)


@pytest.mark.parametrize("kind", INJECTIONS)
def test_an_injection_draws_exactly_the_findings_it_names(kind: str) -> None:
    for seed in INJECT_SEEDS:
        record = generate_record(seed, inject=kind, code=_code_for(kind, seed))
        assert record["meta"]["inject"] == kind
        assert record["meta"]["inject_expect"], f"{kind} seed {seed}"
        assert _non_info(record) == record["meta"]["inject_expect"], f"{kind} seed {seed}"


def test_honours_at_four_starts_the_side_at_four() -> None:
    for seed in range(10):
        record = generate_record(seed, inject="honours-at-four")
        claim = next(e for e in record["events"] if e["type"] == "honours")
        assert record["start"]["score"][claim["side"]] == 4
        assert not any(e["type"] == "score" and e["for"] == "honours" for e in record["events"])


def test_a_late_claim_follows_the_cut() -> None:
    events = generate_record(5, inject="late-revoke-claim")["events"]
    assert [e["type"] for e in events[-2:]] == ["cut", "claim"]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"inject": "misdeal"}, "inject must be one of"),
        ({"code": "bridge"}, "code must be one of"),
        ({"inject": "honours-at-four", "code": "american-1893"}, "honours"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        generate_record(1, **kwargs)
