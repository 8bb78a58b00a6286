"""The penalty advisor: the best combination without trying every one, and a bounded list."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.whist.advice import CHOICES, advise, candidates


def _worth(weights: dict[str, int], cap: int):  # type: ignore[no-untyped-def]
    """A worth that depends on how many of each choice, as the penalties' does."""

    def rank(combo: tuple[str, ...]) -> tuple[int, ...]:
        counts = Counter(combo)
        return (min(cap, sum(weights[c] * counts[c] for c in CHOICES)),)

    return rank


@settings(max_examples=60, derandomize=True)
@given(
    st.integers(1, 5),
    st.dictionaries(st.sampled_from(CHOICES), st.integers(-3, 5), min_size=3, max_size=3),
    st.integers(0, 20),
)
def test_the_best_is_as_good_as_the_best_of_every_combination(n, weights, cap) -> None:  # type: ignore[no-untyped-def]
    rank = _worth(weights, cap)
    best, shown = advise([n], rank)
    brute = max(rank(c) for c in itertools.product(CHOICES, repeat=n))
    assert rank(best) == brute
    assert best in shown


def test_thirteen_revokes_are_few_scorings_and_a_short_list() -> None:
    calls = 0

    def rank(combo: tuple[str, ...]) -> tuple[int, ...]:
        nonlocal calls
        calls += 1
        return (combo.count("add"),)

    best, shown = advise([13], rank)
    assert best == ("add",) * 13
    assert calls == len(list(candidates([13]))) == 105  # not 3**13 = 1,594,323
    assert len(shown) == 1 + 2 * 13


def test_one_revoke_lists_its_three_choices_in_order() -> None:
    best, shown = advise([1], lambda combo: (CHOICES.index(combo[0]),))
    assert best == ("add",)
    assert shown == [("tricks",), ("deduct",), ("add",)]


def test_a_combination_not_allowed_is_never_the_best() -> None:
    best, _ = advise([2], lambda combo: None if "add" in combo else (combo.count("deduct"),))
    assert best == ("deduct", "deduct")


def test_revokes_of_both_sides_are_chosen_per_side() -> None:
    groups = list(candidates([1, 2]))
    assert len(groups) == 3 * 6
    assert all(len(c) == 3 for c in groups)


def _ruling_of(record: dict) -> dict:  # type: ignore[type-arg]
    import json as _json

    from adjudicator import adjudicate, parse_record, render_json

    return _json.loads(render_json(adjudicate(parse_record(record))))  # type: ignore[no-any-return]


def _claimants_worth(deal: dict) -> tuple[int, int, int]:  # type: ignore[type-arg]
    def signed(g: dict | None) -> int:  # type: ignore[type-arg]
        return 0 if g is None else (g["value"] if g["winner"] == "NS" else -g["value"])

    score = deal["score_after"] if "score_after" in deal else deal["score"]
    # a game won turns the scores down: points past it count nothing (WHIST-SCORE-4)
    lead = 0 if deal.get("game") else score["NS"] - score["EW"]
    return signed(deal.get("rubber")), signed(deal.get("game")), lead


def test_two_unchosen_revokes_get_the_best_of_all_nine_combinations() -> None:
    """The fixture with its two penalty choices taken out: the advice's best is worth as much
    as the best of the nine combinations recorded one by one, and it lists 1 + 2 * 2."""
    import json as _json

    from tests.conftest import FIXTURES

    record = _json.loads(
        (FIXTURES / "whist" / "revoke-two-in-one-hand.json").read_text("utf-8-sig")
    )
    events = record["events"]
    penalties = [i for i, e in enumerate(events) if e["type"] == "penalty"]
    unchosen = {**record, "events": [e for i, e in enumerate(events) if i not in penalties]}
    options = _ruling_of(unchosen)["deals"][0]["penalty_options"]
    assert len(options) == 5 and sum(o["best"] for o in options) == 1
    best = next(o for o in options if o["best"])
    every = []
    for combo in itertools.product(CHOICES, repeat=2):
        chosen = [dict(e) for e in events]
        for index, choice in zip(penalties, combo, strict=True):
            chosen[index]["choice"] = choice
        deal = _ruling_of({**record, "events": chosen})["deals"][0]
        every.append(_claimants_worth(deal))
    assert _claimants_worth(best) == max(every)


# The options in a ruling, over every whist fixture --------------------------------------------


def _deals_with_options():  # type: ignore[no-untyped-def]
    from tests.conftest import FIXTURES, ruling_of

    for path in sorted((FIXTURES / "whist").glob("*.json")):
        for deal in ruling_of(path).deals:
            if deal.penalty_options:
                yield path.stem, deal


def test_the_option_applied_gives_exactly_the_deals_corrected_outcome() -> None:
    """The row marked chosen (a choice recorded) or best (none recorded) is the penalty the
    ruling applied: its score, game and rubber are the deal's, so what the decision says each
    choice gives is measured on the same scoring as the ruling."""
    seen = {"chosen": 0, "best": 0}
    for name, deal in _deals_with_options():
        made = [o for o in deal.penalty_options if o.chosen]
        applied = made or [o for o in deal.penalty_options if o.best]
        assert len(applied) == 1, name
        option = applied[0]
        assert option.game == deal.game, name
        assert option.rubber == deal.rubber, name
        if deal.game is None:
            assert option.score == deal.score_after, name
        seen["chosen" if made else "best"] += 1
    assert seen["chosen"] >= 10 and seen["best"] >= 4  # (the fixtures hold both kinds)


def test_no_option_is_ranked_on_points_past_a_game_won() -> None:
    """Two choices that win the same game are alike (the scores are turned down,
    WHIST-SCORE-4): neither is preferred for the points it would have had past game."""
    for name, deal in _deals_with_options():
        best = next(o for o in deal.penalty_options if o.best)
        for option in deal.penalty_options:
            if (option.game, option.rubber) == (best.game, best.rubber) and best.game:
                assert option.as_good_as_best, name
