"""The whist replay's table of trick standing agrees with the shared winner rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import RANKS, Suit, whist_pack
from adjudicator.engine.tricks import PlayedCard, trick_winner
from adjudicator.games.whist.state import _winner

PACK = list(whist_pack())


def _plays(cards: list) -> list[PlayedCard]:
    return [
        PlayedCard(seat, card, i) for i, (seat, card) in enumerate(zip("NESW", cards, strict=True))
    ]


@settings(max_examples=500, derandomize=True)
@given(st.permutations(PACK), st.sampled_from(list(Suit)))
def test_table_winner_is_the_shared_rule(pack: list, trump: Suit) -> None:
    cards = pack[:4]
    plays = _plays(cards)
    assert _winner(plays, trump) == trick_winner(cards, trump, RANKS)


def test_trump_beats_the_ace_led_and_a_discard_never_wins() -> None:
    cards = [PACK[0], PACK[13 + 12], PACK[1], PACK[26]]  # AS led, 2H, KS, AD
    plays = _plays(cards)
    assert _winner(plays, Suit.HEARTS) == 1  # the deuce of trumps
    assert _winner(plays, Suit.CLUBS) == 0  # the ace led; the AD is a discard
