"""An end-play replayed when the cards leave no choice (BEZ-LAST-3, RUB-LAST-1).

After an error in the end-play the offender's card and every card after it are taken back and
the hand replayed (Foster p.381; law 55). What the replay gives is unknown in general: the
leader of each trick may lead any card. But when, from the error on, every player to play
has only one card that may lawfully be played (the same card twice counts once), the replay is
forced and its tricks are known: the judge counts them instead of calling the score
undetermined (a director's review found "cannot be determined" said of such a deal).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.cards import Card
from adjudicator.engine.tricks import beats
from adjudicator.games.bezique.endplay import legal_answers
from adjudicator.games.bezique.facts import BeziqueDealFacts
from adjudicator.games.bezique.tables import RANKS


@dataclass(frozen=True)
class ReplayedTrick:
    """One trick of a forced replay: the lead, the answer, and who wins it."""

    number: int
    leader: str
    lead: Card
    follower: str
    answer: Card
    winner: str


def forced_replay(deal: BeziqueDealFacts, must_win: bool) -> list[ReplayedTrick] | None:
    """The tricks from the end-play error on, replayed, when every card of the replay is
    forced; None when the deal has no error, is not played out, or a player has a choice.

    The hands at the error are the cards each seat played from that trick on (in a deal
    played out every card of the end-play is played). The trick of the error keeps its lead:
    only the offender's card, the answer, is taken back."""
    error = deal.endplay_error
    if error is None or deal.unfinished:
        return None
    number, offender, event = error
    start = next((i for i, t in enumerate(deal.tricks) if t.number == number), None)
    if start is None:
        return None
    tricks = deal.tricks[start:]
    if any(len(t.plays) != 2 or not t.winner for t in tricks):
        return None
    lead = tricks[0].plays[0]
    if lead.seat == offender or tricks[0].plays[1].event != event:
        return None  # (an error is an answer to a lead: never the lead itself)
    hands: dict[str, list[Card]] = {lead.seat: [], offender: []}
    for trick in tricks:
        for play in trick.plays:
            hands[play.seat].append(play.card)
    leader, led = lead.seat, lead.card
    replayed: list[ReplayedTrick] = []
    for trick in tricks:
        if trick is not tricks[0]:  # a later lead: forced only with one card (or copies) left
            if len(set(hands[leader])) != 1:
                return None
            led = hands[leader][0]
        follower = offender if leader == lead.seat else lead.seat
        answers = set(legal_answers(hands[follower], led, deal.trump, must_win))
        if len(answers) != 1:
            return None
        (answer,) = answers
        winner = follower if beats(answer, led, deal.trump, RANKS) else leader
        replayed.append(ReplayedTrick(trick.number, leader, led, follower, answer, winner))
        hands[leader].remove(led)
        hands[follower].remove(answer)
        leader = winner
    return replayed


def replay_open(deal: BeziqueDealFacts, first: int, rule: str) -> dict[str, object]:
    """The question an end-play replay leaves open when the cards do not force it (``first``:
    the first trick to be replayed), for the ruling's ``undetermined``: what is still open is
    listed there (issue 18), as the deal's ``indeterminate_from_trick`` already says. Both
    games work the replay out (``forced_replay``), so the reason given is the one that holds:
    the record stops, or a player has a choice."""
    error = deal.endplay_error
    tricks = f"the tricks of deal {deal.number} from trick {first} on"
    if deal.unfinished:
        reason = "; and it stops before the deal is played out"
    else:
        reason = "; and the cards left do not force it: a player has more than one lawful play"
    return {
        "what": f"How {tricks} fall when they are taken up and replayed after the end-play error",
        "why": f"the record holds the play as it was made, with the error in it, not the replay{reason}",
        # (Rubicon's law 55 gives no choice; Foster's ordinary game lets the adversary
        # compel the replay, or not: a review)
        "decides": f"{tricks} as replayed"
        + ("" if rule == "RUB-LAST-1" else ", or the adversary's choice to let the play stand"),
        "rule": rule,
        "event": error[2] if error is not None else None,
        "deal": deal.number,
    }
