"""Property: every legal deal the generator makes is judged clean, and its marks agree."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import adjudicate, parse_record
from adjudicator.simulate.bezique import generate_deal


@settings(derandomize=True, max_examples=25, deadline=None)
@given(st.sampled_from(["bezique", "rubicon-bezique"]), st.integers(0, 10**6), st.booleans())
def test_a_legal_generated_deal_has_no_violation_and_no_warning(
    game: str, seed: int, with_stock: bool
) -> None:
    record = generate_deal(game, seed, dealer="A" if seed % 2 else "B", include_stock=with_stock)
    ruling = adjudicate(parse_record(record))
    serious = [f for f in ruling.findings if f.severity != "info"]
    assert serious == []
    if game == "rubicon-bezique" and ruling.result.claimed.result is not None:
        game_value = ruling.result.corrected.games[0]  # type: ignore[union-attr]
        assert (ruling.result.claimed.result.winner, ruling.result.claimed.result.value) == (
            game_value.winner,
            game_value.value,
        )
