"""Ordinary two-handed Bézique (two packs, turn-up trumps, 1000 up).

Sources: the project's Bézique digest (BEZ-*), drawn from Hoffmann's Hoyle's Games
Modernized, Foster's Complete Hoyle and Enquire Within; where they disagree Foster is the
default and the others are options (see ``record.bezique.BeziqueRules``).

Notes on this implementation:

* ``state`` replays deal, plays, draws, declarations and exchanges, tracking every copy of
  every card and the combinations each copy was declared in (``facts`` holds the data it
  learns; ``stock`` the draws and the exchange, ``endplay`` the end-play's rule of play,
  ``runs`` the fast paths); ``declarations`` holds the timing and class rules; ``judge``
  lists what each seat scores and checks the marks.
* The same replay serves Rubicon (``games.rubicon``) with the Rubicon variant's data.
* When two copies of a card could be meant (a ``from`` absent), the record is read in the
  way consistent with all its events (``readings``): the default reading favours the
  player (the hand first for a play; for a declaration the copies that keep it lawful), and
  only a reading that meets a violation or an impossibility is searched further.
"""

from __future__ import annotations

from adjudicator.games.bezique.facts import BeziqueReplay
from adjudicator.games.bezique.ordinary import judge_ordinary
from adjudicator.games.bezique.readings import replay_best
from adjudicator.games.bezique.state import BeziqueState
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.record.bezique import BeziqueRecord


def state_for(record: BeziqueRecord) -> BeziqueState:
    rules = record.rules
    return BeziqueState(
        VARIANTS["bezique"],
        must_win=rules.endplay_must_win,
        exchange_is_declaration=rules.seven_exchange_counts_as_declaration,
        trump_by_marriage=rules.trump_by_marriage,
    )


def replay_record(record: BeziqueRecord) -> BeziqueReplay:
    return replay_best(record.events, lambda: state_for(record))


__all__ = ["BeziqueReplay", "BeziqueState", "judge_ordinary", "replay_record", "state_for"]
