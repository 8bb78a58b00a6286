"""Planted irregularities: each spoilt deal draws exactly the findings its meta expects."""

from __future__ import annotations

import copy

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.simulate.bezique import generate_deal
from adjudicator.simulate.bezique_inject import INJECTIONS, NoPlace, generate_injected, inject

GAMES = ("bezique", "rubicon-bezique")
SEEDS = range(15)
EXPECTED_RULE = {
    "declaration-after-drawing": "BEZ-DECL-1",
    "declaration-after-stock-exhausted": "BEZ-DECL-6",
    "endplay-revoke": "BEZ-LAST-2",
    "wrong-combination-value": "BEZ-SCORE-5",
    "scoring-card-played": "BEZ-DECL-5",
}


@pytest.fixture(scope="module")
def deals() -> dict:
    return {
        (game, seed): generate_deal(game, seed, dealer="AB"[seed % 2])
        for game in GAMES
        for seed in SEEDS
    }


def _serious(record: dict) -> str:
    ruling = adjudicate(parse_record(record))
    found = sorted((f.event, f.rule) for f in ruling.findings if f.severity != "info")
    return ";".join(f"{rule}@{event}" for event, rule in found)


@pytest.mark.parametrize("kind", INJECTIONS)
@pytest.mark.parametrize("game", GAMES)
def test_the_ruling_finds_exactly_what_was_planted(game: str, kind: str, deals: dict) -> None:
    for seed in SEEDS:
        deal = deals[(game, seed)]
        before = copy.deepcopy(deal)
        try:
            record = inject(deal, kind, seed)
        except NoPlace:
            record = generate_injected(game, seed + 1, kind, dealer="AB"[seed % 2])
        assert deal == before, f"{game} seed {seed}: the input record was modified"
        meta = record["meta"]
        assert meta["inject"] == kind
        assert meta["inject_expect"].split("@")[0] == EXPECTED_RULE[kind]
        assert _serious(record) == meta["inject_expect"], f"{game} seed {meta['seed']} {kind}"


def test_generate_injected_is_generate_deal_then_inject() -> None:
    for game in GAMES:
        record = generate_injected(game, 3, "scoring-card-played", include_stock=False)
        used = int(record["meta"]["seed"])
        assert used >= 3 and "stock" not in record["events"][0]
        deal = generate_deal(game, used, include_stock=False)
        assert inject(deal, "scoring-card-played", used) == record
        assert generate_injected(game, 3, "scoring-card-played", include_stock=False) == record


def test_a_carried_score_from_an_earlier_deal_changes_nothing_planted() -> None:
    start = {"score": {"A": 900, "B": 420}}
    for kind in INJECTIONS:
        record = generate_injected("bezique", 11, kind, start=start)
        assert record["start"] == start
        assert _serious(record) == record["meta"]["inject_expect"], kind


def test_bad_arguments_are_refused(deals: dict) -> None:
    with pytest.raises(ValueError, match="kind"):
        inject(deals[("bezique", 0)], "revoke", 0)
    with pytest.raises(ValueError, match="kind"):
        generate_injected("bezique", 0, "revoke")
    with pytest.raises(ValueError, match="game"):
        inject({"game": "whist", "events": []}, "endplay-revoke", 0)
