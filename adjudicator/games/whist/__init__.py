"""Whist under the English codes of 1864 and 1900 and the American code of 1893.

Sources: the project's whist digest (rule IDs WHIST-*), drawn from Foster's Complete Hoyle
(the 1864 English laws and the AWL 1893 laws), Hoffmann's Hoyle's Games Modernized (the
Revised Code of 1900), Enquire Within and Cassell's.

Notes on this implementation:

* ``state`` replays the events (deal, play, claims, marks; ``withdrawals`` the retracts)
  into ``facts`` and finds renounces and leads and plays out of turn; ``judge`` rules once a
  deal is complete, with its parts ``revokes`` (claims, penalties), ``honours`` and
  ``marks``, and checks the rotation of the deal, which ends with the rubber (English) or
  the game (American); ``scoring`` holds the arithmetic.
* A trick is quitted when the next card is led (AMB-17); until then a renounce may be
  taken back with ``retract``.
* A claimed revoke without a recorded choice of penalty gets the best choice for the
  claimants, and the ruling lists every choice (the director's advisor).
* What hand-record/1 cannot express (taking up the trump card, looking at a quitted trick,
  the partner's question, throwing down the hand) is not checked; those options are kept
  and echoed so a ruling states the rules it assumed.
"""

from adjudicator.games.whist.judge import WhistJudgement, judge
from adjudicator.games.whist.options import CODE_PRESETS, resolve
from adjudicator.games.whist.state import WhistState, iter_states, replay

__all__ = [
    "CODE_PRESETS",
    "WhistJudgement",
    "WhistState",
    "iter_states",
    "judge",
    "replay",
    "resolve",
]
