"""Rubicon Bézique under the Portland Club laws of 1887.

Sources: the project's Bézique digest (RUB-*, RUB-LAW-1..66, and the BEZ-* rules common to
both games), drawn from Hoffmann's Hoyle's Games Modernized (the 1887 laws in full) and
Foster's Complete Hoyle.

Notes on this implementation:

* The replay and the declaration rules are the ordinary game's (``games.bezique``), run
  with the Rubicon variant: four packs, nine cards, no turn-up, no trumps until the first
  marriage (or sequence) is scored, re-forming of combinations (laws 34, 35, 38).
* Each deal is a game, valued by the pipeline RUB-GAME-6 in ``scoring``.
* Law 50: an irregular declaration left unchallenged until a card of the next trick is
  played stands; the ruling values the game both ways (official and as the cards made).
* Brisques are credited to the winner of each trick; the law-25 heap (a brisque trick left
  ungathered) is not recorded by hand-record/1.
"""

from __future__ import annotations

from adjudicator.games.bezique.facts import BeziqueReplay
from adjudicator.games.bezique.readings import replay_best
from adjudicator.games.bezique.state import BeziqueState
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.games.rubicon.judge import judge_rubicon
from adjudicator.record.bezique import RubiconRecord


def state_for(record: RubiconRecord) -> BeziqueState:
    rules = record.rules
    return BeziqueState(
        VARIANTS["rubicon-bezique"],
        refill_by_duplicate=rules.refill_by_playing_duplicate,
        remarriage_mode=rules.remarriage_mode,
        law50_all=rules.law50_scope == "all_declaration_errors",
    )


def replay_record(record: RubiconRecord) -> BeziqueReplay:
    return replay_best(record.events, lambda: state_for(record))


__all__ = ["judge_rubicon", "replay_record", "state_for"]
