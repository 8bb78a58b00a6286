"""A whist deal that begins part-way (issue 11): the replay from a stated position.

Why no unknown cards in the replay: whist draws nothing, so every card a seat plays after
the position was in his hand at it. The position's hand is its known cards plus the cards
the seat plays later (``revealed``); a fragment played out to trick 13 therefore shows
every hand whole, and its play is judged exactly as a whole deal's; one that stops part-way
leaves each seat's remaining cards unknown (``deal.unknown``: ``stopped``). What a position cannot
show is what was played before it: the honours as dealt, when they matter and the later play
does not settle them, are listed as undetermined unless the position states them. A card the
position states as played to the trick in play is checked for following suit like any other
(WHIST-PLAY-3): the seat's hand at the position shows whether he held the suit led.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.cards import Card
from adjudicator.engine.tricks import PlayedCard
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.games.whist.facts import DealFacts, Phase, Trick
from adjudicator.games.whist.follow import check_follow
from adjudicator.games.whist.table import Table
from adjudicator.record.whist import WhistDeal, WhistPlay, WhistPosition
from adjudicator.seats import WHIST_SEATS, WhistSeat, left_of

#: The seat that stands for its side among the tricks won before a position.
_FOR_SIDE = {"NS": "N", "EW": "E"}


def revealed(events: Sequence[object]) -> dict[int, dict[str, set[Card]]]:
    """For each position, the cards each seat plays after it, up to the next deal."""
    found: dict[int, dict[str, set[Card]]] = {}
    current: dict[str, set[Card]] | None = None
    for index, event in enumerate(events):
        if isinstance(event, WhistPosition):
            current = found[index] = {seat: set() for seat in WHIST_SEATS}
        elif isinstance(event, WhistDeal):
            current = None
        elif current is not None and isinstance(event, WhistPlay):
            current[event.seat].add(event.card)
    return found


def apply_position(state: Table, index: int, event: WhistPosition) -> None:
    """Start the deal at the position: the tricks before it (only their winners' sides), the
    trick in play, and each hand as known and as its later plays show it."""
    where = pointer_of("events", index)
    later = state.revealed.get(index, {seat: set() for seat in WHIST_SEATS})
    done = event.tricks.get("NS", 0) + event.tricks.get("EW", 0)
    problems: list[Problem] = []
    if done > 12:
        problems.append(Problem(f"{where}/tricks", f"{done} tricks won: none left to play"))
    if len(event.played) > 3:
        problems.append(Problem(f"{where}/played", "a trick in play holds at most three cards"))
    in_trick: dict[WhistSeat, Card] = {}
    seat = event.leader
    for card in event.played:
        in_trick[seat] = card
        seat = left_of(seat)
    placed: dict[Card, str] = {}
    for seat, card in in_trick.items():
        placed[card] = f"played to the trick in play by {seat}"
    hands: dict[str, list[Card]] = {}
    for seat in WHIST_SEATS:
        known = list(event.hands.get(seat, []))
        cards = known + sorted(later[seat] - set(known), key=str)
        for position, card in enumerate(cards):
            pointer = (
                f"{where}/hands/{seat}/{position}" if position < len(known) else f"{where}/hands"
            )
            if card in placed:
                problems.append(Problem(pointer, f"{card} is in {seat}'s hand and {placed[card]}"))
            placed.setdefault(card, f"in {seat}'s hand")
        size = 13 - done - (1 if seat in in_trick else 0)
        if len(cards) > size:
            problems.append(
                Problem(
                    f"{where}/hands/{seat}",
                    f"{seat} holds {size} cards after {done} tricks, but {len(cards)} are"
                    " known in the hand or played from it later",
                )
            )
        hands[seat] = cards
    if problems:
        raise InputError.of(problems)
    shown = {
        seat: cards + ([in_trick[seat]] if seat in in_trick else [])
        for seat, cards in hands.items()
    }
    deal = DealFacts(len(state.deals) + 1, index, event.dealer, event.trump, shown)
    deal.position = event
    deal.unknown = {
        seat: left
        for seat in WHIST_SEATS
        if (left := 13 - done - (1 if seat in in_trick else 0) - len(hands[seat]))
    }
    for side, count in sorted(event.tricks.items()):
        for _ in range(count):
            number = len(deal.tricks) + 1
            deal.tricks.append(Trick(number, _FOR_SIDE[side], winner=_FOR_SIDE[side], quitted=True))
    trick = Trick(done + 1, event.leader)
    trick.plays.extend(PlayedCard(seat, card, index) for seat, card in in_trick.items())
    deal.tricks.append(trick)
    state.deals.append(deal)
    state.hands = {seat: set(cards) for seat, cards in hands.items()}
    state.exposed = {seat: set() for seat in WHIST_SEATS}
    state.phase = Phase.PLAY
    for seat, card in list(in_trick.items())[1:]:  # a renounce stated there is one like any other
        check_follow(state, index, seat, card, trick)


def honours_unknown(deal: DealFacts) -> bool:
    """Whether the honours as dealt are not known: a position that does not state them and
    whose hands do not place every trump honour (those played before it are not shown)."""
    event = getattr(deal, "position", None)
    if not isinstance(event, WhistPosition) or event.honours is not None:
        return False
    shown = {card for cards in deal.hands.values() for card in cards}
    suit = deal.trump.suit
    return any(Card(rank, suit) not in shown for rank in ("A", "K", "Q", "J"))


def honours_bounds(deal: DealFacts, turn_up_counts: bool) -> tuple[dict[str, int], int]:
    """The trump honours each side is shown to have held as dealt, and how many honours
    nobody is shown to have held. Every card a seat holds at the position or plays after it
    was dealt to him, and the turned-up card to the dealer (WHIST-DEAL-3); only the honours
    played before the position by a seat the record does not name are unknown."""
    suit = deal.trump.suit
    honours = {Card(rank, suit) for rank in ("A", "K", "Q", "J")}
    if not turn_up_counts:
        honours.discard(deal.trump)
    owner = {card: seat for seat, cards in deal.hands.items() for card in cards if card in honours}
    if deal.trump in honours:
        owner[deal.trump] = deal.dealer
    shown = {"NS": 0, "EW": 0}
    for seat in owner.values():
        shown["NS" if seat in ("N", "S") else "EW"] += 1
    return shown, len(honours) - len(owner)


def stop_part_way(state: Table) -> None:
    """The record stops before trick 13 of a deal begun at a position: the deal's result is
    not known, and a renounce not yet established may still have been corrected."""
    deal = state.deal
    deal.unfinished = True
    deal.unsettled = list(state.pending)
    state.pending = []
