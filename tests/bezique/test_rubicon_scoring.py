"""The digest's Rubicon worked examples (§2, E1-E5 and the constructed cases) as unit tests."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.rubicon.scoring import law17_value, rubicon_value


def test_e1_plain_win_truncates_each_score_not_the_difference() -> None:
    """E1, Foster p.393: 1830 v 1260 -> 1800 - 1200 + 500 = 1100 (not 1000)."""
    outcome = rubicon_value({"A": 1830, "B": 1260})
    assert (outcome.winner, outcome.value, outcome.rubicon) == ("A", 1100, False)


def test_e2_close_scores_brisques_counted_on_demand_decide() -> None:
    """E2, Foster p.393: 1260 v 1140, B demands a count; brisques 7 and 25 -> B wins 600."""
    outcome = rubicon_value({"A": 1260, "B": 1140}, {"A": 7, "B": 25}, demanded=True)
    assert (outcome.winner, outcome.value) == ("B", 600)
    assert outcome.totals == {"A": 1330, "B": 1390}


def test_e2_without_a_demand_or_under_hoffmanns_prose_a_wins() -> None:
    """E2 variant: no count (threshold 0, HGM's prose) -> A wins 1200 - 1100 + 500 = 600."""
    outcome = rubicon_value({"A": 1260, "B": 1140}, {"A": 7, "B": 25}, demanded=True, threshold=0)
    assert (outcome.winner, outcome.value) == ("A", 600)


@pytest.mark.parametrize(("a", "b", "value"), [(1510, 1240, 800), (1550, 1520, 600)])
def test_e3_e4_hoffmann_p21(a: int, b: int, value: int) -> None:
    """E3: 1500 - 1200 + 500 = 800; E4: 0 reckoned 100, + 500 = 600."""
    assert rubicon_value({"A": a, "B": b}).value == value


def test_e5a_rubiconed_loser_gets_1300_and_both_scores() -> None:
    """E5a, Hoffmann p.22: 1320 v 620 -> 1300 + 600 + 1300 = 3200."""
    outcome = rubicon_value({"A": 1320, "B": 620})
    assert (outcome.winner, outcome.value, outcome.rubicon) == ("A", 3200, True)


def test_e5f_loser_under_100_counts_as_100() -> None:
    """E5f, law 59 (constructed): 1450 v 60 -> 1400 + 100 + 1300 = 2800."""
    assert rubicon_value({"A": 1450, "B": 60}).value == 2800


def test_truncating_each_score_or_the_sum() -> None:
    """Digest §2 discriminating case: 1350 v 760 -> each 3300, sum 3400 (option)."""
    assert rubicon_value({"A": 1350, "B": 760}).value == 3300
    assert rubicon_value({"A": 1350, "B": 760}, rubicon_truncate="sum").value == 3400


@pytest.mark.parametrize(
    ("raw", "brisques", "demanded", "winner", "value"),
    [
        ({"A": 1830, "B": 860}, {"A": 20, "B": 12}, False, "A", 3900),  # C1
        ({"A": 940, "B": 700}, None, False, "A", 2900),  # C2: the winner under 1000 too
        ({"A": 900, "B": 850}, {"A": 7, "B": 25}, True, "B", 3000),  # C3: law 61 rubicon branch
        ({"A": 1200, "B": 1200}, {"A": 16, "B": 16}, False, None, 0),  # C4: tie, null and void
    ],
)
def test_constructed_cases(
    raw: dict[str, int],
    brisques: dict[str, int] | None,
    demanded: bool,
    winner: str | None,
    value: int,
) -> None:
    outcome = rubicon_value(raw, brisques, demanded=demanded)
    assert (outcome.winner, outcome.value) == (winner, value)


def test_brisques_save_the_rubicon_law_60() -> None:
    """A loser at 920 with 10 brisques reaches 1020: not rubiconed; both add their brisques."""
    outcome = rubicon_value({"A": 1500, "B": 920}, {"A": 22, "B": 10})
    assert not outcome.rubicon and outcome.totals == {"A": 1720, "B": 1020}
    assert outcome.value == 1700 - 1000 + 500


def test_c5_more_than_nine_cards_law_17() -> None:
    """C5: A found with ten cards at 1450 v 620 -> 600 + 900 (capped) + 1300 = 2800."""
    assert law17_value(620, 1450) == 2800


@settings(derandomize=True, max_examples=200)
@given(st.integers(0, 6000), st.integers(0, 6000))
def test_values_are_whole_hundreds_and_never_below_600_for_a_decided_game(a: int, b: int) -> None:
    outcome = rubicon_value({"A": a, "B": b})
    if outcome.winner is None:
        assert a == b and outcome.value == 0
    else:
        assert outcome.value % 100 == 0 and outcome.value >= 600
        assert outcome.rubicon == (min(a, b) < 1000)
