"""The worked examples of the whist digest (/work/shared/rules/whist.md §2) as unit tests of
the pure scoring functions, plus a few properties.

Foster's partners A-B are NS here and Y-Z are EW. Where the source gives no number (EX-7's
losers, EX-10, D-1..D-4) the digest's derived numbers are used and the docstring says so.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.whist.scoring import (
    DealPlan,
    DealScore,
    Penalty,
    ScoringRules,
    american_game_value,
    english_game_value,
    rubber_value,
    score_deal,
    tricks_over_book,
)

ENGLISH = ScoringRules(target=5, cap=4, deduct_floor_zero=True, english=True)
AMERICAN = ScoringRules(target=7, cap=6, deduct_floor_zero=True, english=False)


def words(result: DealScore) -> str:
    return "\n".join(step.text for step in result.steps)


def plan(ns: int, **kwargs: object) -> DealPlan:
    """A deal in which NS took ``ns`` tricks and EW the rest."""
    return DealPlan({"NS": ns, "EW": 13 - ns}, **kwargs)  # type: ignore[arg-type]


# --- EX-1, EX-2: tricks are scored before honours (WHIST-SCORE-3, WHIST-HONOURS-5) -----------


def test_ex1_tricks_then_honours_win_only_a_single() -> None:
    """EX-1, Foster's Complete Hoyle, 'Rubber Points' (precedence, first case).

    A-B 3, Y-Z 0; Y-Z win three by cards, A-B hold honours worth 2. Y-Z's tricks are marked
    first (3), then A-B's honours make 5: A-B win a single where a treble would have been.
    """
    result = score_deal({"NS": 3, "EW": 0}, plan(4, honours=(("NS", 3),)), ENGLISH)
    assert result.after == {"NS": 5, "EW": 3}
    assert result.winner == "NS"
    assert [(s.item, s.side, s.points) for s in result.steps] == [
        ("tricks", "EW", 3),
        ("honours", "NS", 2),
    ]
    assert "3 by cards" in result.steps[0].text
    assert "three honours" in result.steps[1].text
    assert "win the game" in result.steps[1].text
    game = english_game_value("NS", result.after["EW"])
    assert (game.value, game.rule) == (1, "WHIST-RUBBER-2")
    assert "a single" in game.text
    assert english_game_value("NS", 0).value == 3  # the treble it would have been


def test_ex2_tricks_go_out_before_honours_treble() -> None:
    """EX-2, Foster's Complete Hoyle, 'Rubber Points' (precedence, second case).

    A-B 3, Y-Z 0; A-B win two by cards, Y-Z hold four honours. A-B's tricks put them out
    before Y-Z's honours count: a treble; Y-Z's honours count nothing.
    """
    result = score_deal({"NS": 3, "EW": 0}, plan(8, honours=(("EW", 4),)), ENGLISH)
    assert result.after == {"NS": 5, "EW": 0}
    assert result.winner == "NS"
    tricks, honours = result.steps
    assert (tricks.item, tricks.side, tricks.points, tricks.rule) == (
        "tricks",
        "NS",
        2,
        "WHIST-SCORE-1",
    )
    assert "2 by cards" in tricks.text and "win the game" in tricks.text
    assert honours.void and honours.points == 0 and honours.rule == "WHIST-SCORE-3"
    assert "all four honours" in honours.text and "counts nothing" in honours.text
    game = english_game_value("NS", result.after["EW"])
    assert game.value == 3 and "a treble" in game.text


# --- EX-3, EX-4, EX-6: values of games and rubbers (WHIST-RUBBER-2..4) ------------------------


def test_ex3_smallest_rubber_is_one() -> None:
    """EX-3, Foster's Complete Hoyle, 'Rubber Points' (smallest rubber).

    Winners two singles + 2 for the rubber = 4, less the losers' treble: 1.
    """
    rubber = rubber_value([("EW", 3), ("NS", 1), ("NS", 1)])
    assert rubber is not None
    assert (rubber.winner, rubber.value) == ("NS", 1)
    assert "1 + 1 + 2 for the rubber = 4" in rubber.steps[0]
    assert "less EW's game 3" in rubber.steps[1] and "worth 1" in rubber.steps[1]


def test_ex4_largest_rubber_bumper_is_eight() -> None:
    """EX-4, Foster's Complete Hoyle, 'Rubber Points' (largest rubber, "bumper").

    Two trebles + 2 for the rubber, the losers nothing: 8.
    """
    rubber = rubber_value([("NS", 3), ("NS", 3)])
    assert rubber is not None
    assert (rubber.winner, rubber.value) == ("NS", 8)
    assert "3 + 3 + 2 for the rubber = 8" in rubber.steps[0]
    assert "EW won no game" in rubber.steps[1]


def test_ex6_points_at_short_whist() -> None:
    """EX-6, Enquire Within Upon Everything, §78 'Points at Short Whist'.

    P (NS) win 5-4, a single; Q (EW) win 5-1, a double; P win 5-0, a treble. P: 1 + 3 + 2 for
    the rubber = 6, Q: 2; balance 4 in P's favour.
    """
    games = [english_game_value("NS", 4), english_game_value("EW", 1), english_game_value("NS", 0)]
    assert [g.value for g in games] == [1, 2, 3]
    assert [
        "a single" in games[0].text,
        "a double" in games[1].text,
        "a treble" in games[2].text,
    ] == [True, True, True]
    assert rubber_value([(g.winner, g.value) for g in games[:2]]) is None
    rubber = rubber_value([(g.winner, g.value) for g in games])
    assert rubber is not None
    assert (rubber.winner, rubber.value) == ("NS", 4)
    assert "= 6" in rubber.steps[0] and "less EW's game 2" in rubber.steps[1]


@pytest.mark.parametrize(
    ("losers", "value", "name"),
    [
        (0, 3, "a treble"),
        (1, 2, "a double"),
        (2, 2, "a double"),
        (3, 1, "a single"),
        (4, 1, "a single"),
    ],
)
def test_game_value_by_the_losers_score(losers: int, value: int, name: str) -> None:
    """WHIST-RUBBER-2, Hoyle's Games Modernized, Laws of Whist (1900) law 53: a treble when the
    adversaries have nothing, a double when they have one or two, a single at three or four."""
    game = english_game_value("NS", losers)
    assert (game.value, game.rule) == (value, "WHIST-RUBBER-2")
    assert name in game.text


def test_losers_below_nothing_are_not_a_single() -> None:
    """WHIST-RUBBER-2 with AMB-7 'allow_negative' (derived; the sources are silent on negative
    scores). EW at 1 revoke, NS at 3 deduct three (EW -> -2), then NS go out by two by cards.
    Revised Code (1900) law 53 gives a single only when the losers have three or four; at -2
    they have scored nothing, which is a treble."""
    rules = ScoringRules(target=5, cap=4, deduct_floor_zero=False, english=True)
    deal = plan(8, penalties=(Penalty("NS", "deduct"),), no_win=frozenset({"EW"}))
    result = score_deal({"NS": 3, "EW": 1}, deal, rules)
    assert result.after == {"NS": 5, "EW": -2} and result.winner == "NS"
    assert english_game_value("NS", result.after["EW"]).value == 3


# --- EX-5, EX-10, EX-13: the revoke (WHIST-REVOKE-9, -11, -12, -14) ---------------------------


def test_ex5_revoke_penalty_takes_precedence_treble() -> None:
    """EX-5, English Whist Laws (1864) law 72 V; Revised Code (1900) law 75 V.

    Claimants (NS) two, revokers (EW) nothing; the claimants add three and win a treble "even
    should the latter have made thirteen tricks, and held four honours".
    """
    deal = plan(
        0, penalties=(Penalty("NS", "add"),), honours=(("EW", 4),), no_win=frozenset({"EW"})
    )
    result = score_deal({"NS": 2, "EW": 0}, deal, ENGLISH)
    assert result.after == {"NS": 5, "EW": 0}
    assert result.winner == "NS"
    penalty, tricks, honours = result.steps
    assert (penalty.item, penalty.points, penalty.rule) == ("penalty", 3, "WHIST-REVOKE-9")
    assert "add three" in penalty.text and "win the game" in penalty.text
    assert tricks.void and honours.void  # derived: the 7 by cards and 4 honours never score
    assert "13 tricks" in tricks.text and "counts nothing" in tricks.text
    assert english_game_value("NS", result.after["EW"]).value == 3


def test_ex10_revokers_tricks_count_before_honours_double_not_treble() -> None:
    """EX-10, 'Pembridge', Whist or Bumblepuppy?, note on English law 5 (1864).

    The source says a treble claim here "is wrong"; numbers are the digest's derived instance:
    0-0, claimants NS add three, revokers EW two by cards, NS three honours: a double.
    """
    deal = plan(
        5, penalties=(Penalty("NS", "add"),), honours=(("NS", 3),), no_win=frozenset({"EW"})
    )
    result = score_deal({"NS": 0, "EW": 0}, deal, ENGLISH)
    assert [(s.item, s.side, s.points) for s in result.steps] == [
        ("penalty", "NS", 3),
        ("tricks", "EW", 2),
        ("honours", "NS", 2),
    ]
    assert result.after == {"NS": 5, "EW": 2}
    assert result.winner == "NS"
    assert "2 by cards" in result.steps[1].text and "win the game" in result.steps[2].text
    game = english_game_value("NS", result.after["EW"])
    assert game.value == 2 and "a double" in game.text


def test_ex13_english_revokers_stop_at_four() -> None:
    """EX-13, Foster's Complete Hoyle, 'Revoking Players'; English law 82 (1864): the revoking
    side may score no more than four. Revokers EW at 0 take all 13 tricks and four honours;
    the claimants deduct three (derived numbers; the source has none)."""
    deal = plan(
        0, penalties=(Penalty("NS", "deduct"),), honours=(("EW", 4),), no_win=frozenset({"EW"})
    )
    result = score_deal({"NS": 1, "EW": 0}, deal, ENGLISH)
    assert result.after == {"NS": 1, "EW": 4}
    assert result.winner is None
    assert [s.capped for s in result.steps] == [False, True, True]
    assert "three deducted from EW" in result.steps[
        0
    ].text and "(not below 0: option deduct_floor = zero)" in words(result)
    assert "held at 4" in result.steps[1].text


def test_ex13_american_revokers_stop_at_six() -> None:
    """EX-13, Foster's Complete Hoyle, 'Revoking Players'; American Whist League law 31:
    revokers may score no higher than six. Revokers EW at 3 take 12 tricks; two are
    transferred (derived numbers)."""
    deal = plan(1, penalties=(Penalty("NS", "tricks", tricks=2),), no_win=frozenset({"EW"}))
    result = score_deal({"NS": 0, "EW": 3}, deal, AMERICAN)
    assert result.tricks_after_penalty == {"NS": 3, "EW": 10}
    assert result.after == {"NS": 0, "EW": 6}
    assert result.winner is None
    assert result.steps[0].rule == "WHIST-REVOKE-14" and "take 2 tricks" in result.steps[0].text
    assert result.steps[1].capped and "held at 6" in result.steps[1].text


# --- EX-7, EX-8: American single games, counting all (WHIST-SCORE-5, AMB-18) -----------------


@pytest.mark.parametrize("losers", range(7))
def test_ex7_american_game_played_out_is_eleven(losers: int) -> None:
    """EX-7, Foster's Complete Hoyle, 'Rubber Points' (single-game variants); AWL law 1.

    Partners at 6 make five by cards: "a game of 11 points", worth 11 less the losers' score
    when all is counted; under the League rule the game stops at 7, worth 7 less the losers'.
    The losers' score is not given in the source, so every legal one is tried.
    """
    result = score_deal({"NS": 6, "EW": losers}, plan(11), AMERICAN)
    assert result.after["NS"] == 11
    assert result.winner == "NS"
    assert "5 by cards" in result.steps[0].text and "win the game" in result.steps[0].text
    counted = american_game_value("NS", 11, losers, 7, count_all=True)
    stopped = american_game_value("NS", 11, losers, 7, count_all=False)
    assert (counted.value, stopped.value) == (11 - losers, 7 - losers)
    assert counted.rule == stopped.rule == "WHIST-SCORE-5"
    assert f"11 to {losers}" in counted.text and f"7 to {losers}" in stopped.text


def test_ex8_favourite_whist_differences_counting_all() -> None:
    """EX-8, Foster's Complete Hoyle, 'Favourite Whist' (progressive-suit variant).

    Only the counting-all arithmetic applies to this package (trick values by trump suit and
    the rubber bonus of 10 are not modelled): games 10-6, 4-16, 14-8 and 10 for the rubber
    make 38-30, a rubber of 8 to A-B; the same as the sum of each game's difference.
    """
    games = [
        american_game_value("NS", 10, 6, 10, count_all=True),
        american_game_value("EW", 16, 4, 10, count_all=True),
        american_game_value("NS", 14, 8, 10, count_all=True),
    ]
    net = sum(g.value if g.winner == "NS" else -g.value for g in games) + 10
    assert [g.value for g in games] == [4, 12, 6]
    assert net == (10 + 4 + 14 + 10) - (6 + 16 + 8) == 8


# --- D-1..D-4: derived consistency checks ------------------------------------------------------


def test_d1_three_at_the_start_may_go_out_by_odd_trick_and_honours() -> None:
    """D-1 (digest, derived from WHIST-HONOURS-3 and WHIST-SCORE-3; English law 4 (1864)).

    A-B at 3 win the odd trick (4) and hold three honours (+2 -> 6): they win the game, the
    honours being allowed because they were at 3 at the commencement of the deal.
    """
    result = score_deal({"NS": 3, "EW": 0}, plan(7, honours=(("NS", 3),)), ENGLISH)
    assert [s.score["NS"] for s in result.steps] == [4, 6]
    assert result.after == {"NS": 6, "EW": 0}
    assert result.winner == "NS"
    assert "the odd trick" in result.steps[0].text
    assert "three honours" in result.steps[1].text and "win the game" in result.steps[1].text
    assert result.steps[1].low == 1  # one point of the honours is all the game needs


def test_d2_at_four_honours_do_not_score() -> None:
    """D-2 (digest, derived from WHIST-HONOURS-3; English law 4 (1864), Revised Code law 49).

    A-B at 4 hold four honours but win only 6 tricks: no score, still at 4 (Y-Z, with 7, take
    the odd trick). The at-four bar is applied by the judge, which leaves such honours out of
    the plan it passes to scoring; scoring then gives A-B nothing.
    """
    result = score_deal({"NS": 4, "EW": 0}, plan(6), ENGLISH)
    assert [s.side for s in result.steps] == ["EW"]
    assert "EW win 7 tricks, the odd trick" in result.steps[0].text
    assert result.after == {"NS": 4, "EW": 1}
    assert result.winner is None


def test_d3_american_revokers_reach_six_exactly() -> None:
    """D-3 (digest, derived from WHIST-REVOKE-14; AWL laws 30, 31).

    Revokers Y-Z (EW) at 5 win 9 tricks; two are transferred -> 7 tricks, the odd -> 6.
    """
    deal = plan(4, penalties=(Penalty("NS", "tricks", tricks=2),), no_win=frozenset({"EW"}))
    result = score_deal({"NS": 0, "EW": 5}, deal, AMERICAN)
    assert result.tricks_after_penalty == {"NS": 6, "EW": 7}
    assert result.after == {"NS": 0, "EW": 6}
    assert result.winner is None
    assert not any(s.capped for s in result.steps)
    assert "NS take 2 tricks from EW" in result.steps[0].text
    assert "the odd trick" in result.steps[1].text
    # with one trick more the revokers are held at six
    more = score_deal(
        {"NS": 0, "EW": 5}, plan(3, penalties=deal.penalties, no_win=deal.no_win), AMERICAN
    )
    assert more.after == {"NS": 0, "EW": 6} and more.steps[-1].capped


@pytest.mark.parametrize(
    ("choice", "after", "tricks_after", "said"),
    [
        ("deduct", {"NS": 1, "EW": 3}, {"NS": 4, "EW": 9}, "three deducted from EW"),
        ("add", {"NS": 4, "EW": 4}, {"NS": 4, "EW": 9}, "held at 4"),
        ("tricks", {"NS": 2, "EW": 3}, {"NS": 7, "EW": 6}, "NS take 3 tricks from EW"),
    ],
)
def test_d4_the_three_penalty_options(
    choice: str, after: dict[str, int], tricks_after: dict[str, int], said: str
) -> None:
    """D-4 (digest, derived from WHIST-REVOKE-9 and -11; English law 72 (1864)).

    Revokers EW at 3, claimants NS at 1; the revokers take 9 tricks. Deduct: 3 -> 0, then three
    by cards -> 3. Add: NS 4, EW 3 + 3 held at 4. Tricks: EW 6 (no score), NS the odd -> 2.
    """
    deal = plan(
        4,
        penalties=(Penalty("NS", choice),),  # type: ignore[arg-type]
        no_win=frozenset({"EW"}),
    )
    result = score_deal({"NS": 1, "EW": 3}, deal, ENGLISH)
    assert result.after == after
    assert result.tricks_after_penalty == tricks_after
    assert result.winner is None
    assert result.steps[0].rule == "WHIST-REVOKE-9"
    assert said in words(result)


# --- properties ----------------------------------------------------------------------------------


@settings(derandomize=True)
@given(st.integers(min_value=0, max_value=13))
def test_tricks_over_book(tricks: int) -> None:
    """WHIST-SCORE-1: six tricks are the book; only the side above six scores, one a trick."""
    assert tricks_over_book(tricks) == max(0, tricks - 6)
    scores = (tricks_over_book(tricks), tricks_over_book(13 - tricks))
    assert min(scores) == 0 and max(scores) == (abs(2 * tricks - 13) + 1) // 2
    assert (scores[0] > 0) == (tricks > 6)


def test_tricks_over_book_named_values() -> None:
    """WHIST-SCORE-1: the 7th trick is "the odd"; 13 tricks are seven by cards."""
    assert [tricks_over_book(t) for t in (0, 6, 7, 8, 13)] == [0, 0, 1, 2, 7]


@st.composite
def english_rubbers(draw: st.DrawFn) -> list[tuple[str, int]]:
    """A legal rubber: two games to the winner, at most one to the loser, ending on the
    winner's second game; each game valued from the losers' score when it was won (0..4)."""
    winner = draw(st.sampled_from(["NS", "EW"]))
    loser = "EW" if winner == "NS" else "NS"
    order = draw(
        st.sampled_from([(winner, winner), (loser, winner, winner), (winner, loser, winner)])
    )
    losers = draw(st.lists(st.integers(0, 4), min_size=len(order), max_size=len(order)))
    return [
        (side, english_game_value(side, score).value)
        for side, score in zip(order, losers, strict=True)
    ]


@settings(derandomize=True)
@given(english_rubbers())
def test_rubber_value_between_one_and_eight(games: list[tuple[str, int]]) -> None:
    """WHIST-RUBBER-4: the smallest rubber is 1 (EX-3) and the largest, a bumper, 8 (EX-4)."""
    assert rubber_value(games[:-1]) is None
    rubber = rubber_value(games)
    assert rubber is not None
    assert rubber.winner == games[-1][0]
    assert 1 <= rubber.value <= 8


@st.composite
def revoke_deals(draw: st.DrawFn) -> tuple[dict[str, int], DealPlan, ScoringRules]:
    """A deal in which one or both sides revoked, with any score before it below game."""
    rules = draw(st.sampled_from([ENGLISH, AMERICAN]))
    before = {side: draw(st.integers(0, rules.target - 1)) for side in ("NS", "EW")}
    no_win = draw(st.sampled_from([frozenset({"NS"}), frozenset({"EW"}), frozenset({"NS", "EW"})]))
    choices = ["tricks", "deduct", "add"] if rules.english else ["tricks"]
    penalties = draw(
        st.lists(
            st.builds(
                lambda revokers, choice: Penalty(
                    "EW" if revokers == "NS" else "NS", choice, 3 if rules.english else 2
                ),
                st.sampled_from(sorted(no_win)),
                st.sampled_from(choices),
            ),
            min_size=1,
            max_size=3,
        )
    )
    honours: tuple[tuple[str, int], ...] = ()
    if rules.english:
        honours = draw(
            st.sampled_from([(), (("NS", 3),), (("NS", 4),), (("EW", 3),), (("EW", 4),)])
        )
    ns = draw(st.integers(0, 13))
    deal = DealPlan({"NS": ns, "EW": 13 - ns}, tuple(penalties), honours, no_win)
    return before, deal, rules


@settings(derandomize=True, max_examples=300)
@given(revoke_deals())
def test_revokers_never_reach_game(case: tuple[dict[str, int], DealPlan, ScoringRules]) -> None:
    """WHIST-REVOKE-11, -13, -14: a side in no_win never reaches the target in that deal."""
    before, deal, rules = case
    result = score_deal(before, deal, rules)
    for side in deal.no_win:
        assert result.after[side] < rules.target
        assert all(step.score[side] < rules.target for step in result.steps)
    assert result.winner is None or (
        result.winner not in deal.no_win and result.after[result.winner] >= rules.target
    )
    assert sum(result.tricks_after_penalty.values()) == 13
    for side in ("NS", "EW"):  # the steps account for every point
        counted = sum(s.points for s in result.steps if s.side == side)
        assert before[side] + counted == result.after[side]
