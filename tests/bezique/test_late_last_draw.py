"""Regression: the winner leads from his table while the loser has not drawn the last card.

Closing the draws at that lead exhausts the stock (law 32), which moves the table cards back
to the hand; the played card used to be looked for on the table before that and the replay
crashed (``min() arg is an empty sequence``). Found by comparing rulings of mutated records.
"""

from __future__ import annotations

import pytest

from adjudicator import InputError, adjudicate, parse_record
from adjudicator.simulate import records


def test_a_lead_from_the_table_before_the_losers_last_draw_is_judged_not_crashed() -> None:
    record = list(records("rubicon-bezique", 21, 11, inject="wrong-combination-value"))[20]
    events = record["events"]
    # A won the trick before and drew 9D; B's draw of the last card (KH) comes after A's next lead
    # of AC, which lay on A's table (declared in a combination) until the stock ran out
    assert events[229] == {"type": "draw", "seat": "B", "card": "KH"}
    assert events[230] == {"type": "play", "seat": "A", "card": "AC"}
    events[229], events[230] = events[230], events[229]
    with pytest.raises(InputError) as error:
        adjudicate(parse_record(record))
    # the lead closed the draws: B missed his, and the odd last card is not drawn (law 32)
    assert (error.value.pointer, error.value.message) == (
        "/events/230",
        "a draw when the stock is exhausted",
    )
