"""A referee a program drives: push one event at a time, ask what may be played, pop, rule.

See ``docs/api.md`` for a card-room server that checks each play as it is made.
"""

from adjudicator.referee.referee import Referee

__all__ = ["Referee"]
