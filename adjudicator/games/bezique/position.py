"""A deal that begins part-way (issue 11): the replay from a stated position, with unknown cards.

Functions over the state's data (``base.StateBase``). Why a hand is its known cards plus a number of
unknown ones: the director sees his own hand and the tables, rarely the adversary's hand or
the stock's order, and the ruling must not invent them. A card played or declared that the
record has not placed comes from the unknown part (``materialise``); a rule that needs to
know what the unknown part holds does not guess: it adds an item to ``undetermined``.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.cards import Card, Suit, format_cards, sort_hand
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.facts.base import said_name
from adjudicator.facts.bezique_play import BeziqueEndplayRuleBroken
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.facts import (
    _DONE,
    _END,
    _HIGHER,
    _STOCK,
    _SUITS,
    SEATS,
    BeziqueDealFacts,
    Declaration,
    TableCard,
    Trick,
)
from adjudicator.games.bezique.tables import COMBINATIONS, RANKS, forms, value_of
from adjudicator.record.bezique import BeziquePosition, CarriedEntry, TableEntry
from adjudicator.seats import BeziqueSeat

#: How many cards each combination has (a table entry's ``in`` groups its cards by this).
_SIZE = {
    "marriage": 2,
    "royal-marriage": 2,
    "sequence": 5,
    "royal-sequence": 5,
    "bezique": 2,
    "double-bezique": 4,
    "triple-bezique": 6,
    "quadruple-bezique": 8,
    "four-aces": 4,
    "four-kings": 4,
    "four-queens": 4,
    "four-jacks": 4,
    "carte-blanche": 9,
    "seven-of-trumps": 1,
}


#: ``SEATS`` as the record's seats, for the position's fields (keyed by them).
_SEATS: tuple[BeziqueSeat, BeziqueSeat] = ("A", "B")


def _some(n: int) -> str:
    """``one``, ``2``...: how many of a seat's cards (as a director says it)."""
    return "one" if n == 1 else str(n)


# ``apply_position``, the pack's copies seen, the unknown part of each hand, and the
# questions only the unknown cards could answer (BEZ-LAST-2, the class rules).


def apply_position(state: StateBase, index: int, event: BeziquePosition) -> None:
    if state.deals and state.phase is not _DONE:
        state._incomplete(index)
    settle_pending(state)
    where = pointer_of("events", index)
    variant = state.variant
    problems: list[Problem] = []
    trump = event.trump
    by_marriage = state.trump_by_marriage  # BEZ-TRUMP-2: no trumps till a marriage scores
    if variant.turn_up and not by_marriage:
        if event.turn_up is not None and trump is not None and event.turn_up.suit.value != trump:
            problems.append(Problem(f"{where}/trump", "the trump suit is the turn-up's suit"))
        if trump is None and event.turn_up is not None:
            trump = event.turn_up.suit.value
        if trump is None:
            problems.append(Problem(f"{where}/trump", "the ordinary game has a trump suit"))
    elif event.turn_up is not None:
        problems.append(Problem(f"{where}/turn_up", "Rubicon Bézique has no turn-up"))
    if event.carte_blanche and not variant.rubicon:
        problems.append(Problem(f"{where}/carte_blanche", "the ordinary game has no carte blanche"))
    stock = event.stock if isinstance(event.stock, list) else None
    remaining = (
        len(stock) + (1 if variant.turn_up and stock else 0) if stock is not None else event.stock
    )
    assert isinstance(remaining, int)
    if variant.turn_up and remaining > 0 and event.turn_up is None and not by_marriage:
        problems.append(
            Problem(f"{where}/turn_up", "while the stock lasts, the card under it is needed")
        )
    ending = remaining <= (1 if variant.rubicon else 0)
    if event.tricks >= variant.tricks:
        problems.append(
            Problem(f"{where}/tricks", f"a deal has {variant.tricks} tricks: none left to play")
        )
    tables: dict[str, list[TableEntry]] = {
        seat: [e if isinstance(e, TableEntry) else TableEntry(card=e) for e in entries]
        for seat, entries in event.tables.items()
    }
    if ending and any(tables.values()):
        problems.append(
            Problem(
                f"{where}/tables",
                "the stock is exhausted: the table cards are in the hands (BEZ-LAST-1); state"
                " them under hands (a card left lying on the table is played as from the hand)",
            )
        )
    if ending and any(event.carried.values()):
        problems.append(
            Problem(
                f"{where}/carried",
                "the stock is exhausted: a declaration not yet scored was lost with it"
                " (BEZ-DECL-6, law 52); leave it out of the position",
            )
        )
    sizes = _position_sizes(state, where, event, tables, ending, problems)
    if problems:
        raise InputError.of(problems)
    _start_position(state, index, event, trump, remaining, stock, tables, sizes, ending)


def _position_sizes(
    state: StateBase,
    where: str,
    event: BeziquePosition,
    tables: dict[str, list[TableEntry]],
    ending: bool,
    problems: list[Problem],
) -> dict[str, int]:
    """The cards each seat holds in the position (hand and table), the problems listed."""
    variant = state.variant
    # the cards held (hand and table): the laws' count, one fewer before the draws
    sizes: dict[str, int] = {}
    for seat in _SEATS:
        held = variant.tricks - event.tricks if ending else variant.hand - (0 if event.drawn else 1)
        size = event.hand_size.get(seat, held - len(tables.get(seat, [])))
        known = len(event.hands.get(seat, []))
        if size < 0:
            problems.append(
                Problem(
                    f"{where}/tables/{seat}",
                    f"{len(tables.get(seat, []))} cards on {seat}'s table, but {seat} holds"
                    f" {held} in all",
                )
            )
        elif known > size:
            problems.append(
                Problem(
                    f"{where}/hands/{seat}",
                    f"{known} cards known in {seat}'s hand, which holds {size}",
                )
            )
        sizes[seat] = size
    return sizes


def _start_position(
    state: StateBase,
    index: int,
    event: BeziquePosition,
    trump: str | None,
    remaining: int,
    stock: list[Card] | None,
    tables: dict[str, list[TableEntry]],
    sizes: dict[str, int],
    ending: bool,
) -> None:
    where = pointer_of("events", index)
    hands: dict[str, list[Card]] = {seat: list(event.hands.get(seat, [])) for seat in _SEATS}
    state.seen = Counter()
    places = [
        (card, f"{where}/hands/{seat}/{n}") for seat in SEATS for n, card in enumerate(hands[seat])
    ]
    places += [
        (entry.card, f"{where}/tables/{seat}/{n}")
        for seat in SEATS
        for n, entry in enumerate(tables.get(seat, []))
    ]
    if event.turn_up is not None:
        places.append((event.turn_up, f"{where}/turn_up"))
    places += [(card, f"{where}/stock/{n}") for n, card in enumerate(stock or [])]
    problems = [Problem(p, m) for c, p in places if (m := unseen(state, c))]
    if problems:
        raise InputError.of(problems)
    state.stock, state._stock_at, state.remaining = stock, 0, remaining
    number = len(state.deals) + 1
    suit = Suit(trump) if trump is not None else None
    deal = state.deal = BeziqueDealFacts(number, index, event.dealer, hands, event.turn_up, suit)
    deal.position = event
    state.deals.append(deal)
    # the tricks before the position: only the last one's winner is known (he leads)
    deal.tricks.extend(Trick(n, event.leader, [], event.leader) for n in range(1, event.tricks + 1))
    state.hand = {s: Counter(hands[s]) for s in SEATS}
    state.unknown = {s: sizes[s] - len(hands[s]) for s in SEATS}
    state.table = {s: [] for s in SEATS}
    state.on_table = {s: {} for s in SEATS}
    for seat in SEATS:
        _lay_position_table(state, index, seat, tables.get(seat, []))
    _carry(state, index, event.carried)
    state.count = {s: sizes[s] + len(state.table[s]) for s in SEATS}
    state.turn_up = event.turn_up
    state.current = None
    state.missed, state.last_draw, state.suits = {}, {}, {}
    # carte blanche shown before the position (RUB-CB-4): open, it may be shown again
    state.cb = {
        seat: "declared" if chain == "open" else "closed"
        for seat, chain in event.carte_blanche.items()
    }
    state.window = (
        {}
        if event.drawn or ending
        else {
            "winner": event.leader,
            "trick": event.tricks,
            "drawn": [],
            "scored": None,
            "declared": False,
        }
    )
    state.fast = False  # the fast paths assume every card is known
    if ending:
        state.phase = _END  # (the end-play began at the usual trick, or at once: law 32)
        variant = state.variant
        state.endplay_from = min(event.tricks + 1, variant.tricks - variant.hand + 1)
        state.suits = {s: dict.fromkeys(_SUITS, 0) for s in SEATS}
        for seat in SEATS:
            for card in state.hand[seat].elements():
                state.suits[seat][card.suit] += 1
    else:
        state.phase = _STOCK


def _lay_position_table(state: StateBase, index: int, seat: str, entries: list[TableEntry]) -> None:
    """The table's copies with their history: each combination named is one earlier
    declaration of the cards naming it, in order (``deal.earlier``, negative events)."""
    open_groups: dict[str, Declaration] = {}
    for entry in entries:
        table_card = TableCard(state.new_uid(), entry.card, {})
        state.table[seat].append(table_card)
        state.on_table[seat][entry.card] = state.on_table[seat].get(entry.card, 0) + 1
        for name in entry.in_:
            combo = COMBINATIONS[name]
            group = open_groups.get(name)
            if group is None or len(group.cards) >= _SIZE[name]:
                number = -(len(state.deal.earlier) + 1)
                group = Declaration(number, seat, name, name, [], [], 0, None, 0)
                group.status = "before the position"
                state.deal.earlier[number] = group
                open_groups[name] = group
            group.cards.append(entry.card)
            group.uids.append(table_card.uid)
            if combo.cls:
                table_card.history.setdefault(combo.cls, []).append(group.event)


def _carry(state: StateBase, index: int, carried: dict[BeziqueSeat, list[CarriedEntry]]) -> None:
    """The declarations announced "to score" before the position: each a ``Declaration``
    to score, tied to its copies on the table, so that its score, its loss (laws 46-48,
    52) and a challenge run as for one announced in the record. Why its cards must lie on
    the table: a declaration's cards are laid down when it is announced (law 33)."""
    problems: list[Problem] = []
    for seat in _SEATS:
        free = list(state.table[seat])  # (the copies not yet tied to a carried declaration)
        for n, entry in enumerate(carried.get(seat, [])):
            where = pointer_of("events", index, "carried", seat, n)
            name, cards = entry.combination, list(entry.cards)
            if name in ("carte-blanche", "seven-of-trumps"):
                problems.append(
                    Problem(f"{where}/combination", f"{name} is never carried to score")
                )
                continue
            wrong = forms(name, cards, state.deal.trump, state.variant)
            if wrong is not None or value_of(name, state.variant) is None:
                why = wrong or f"{name} does not score in this game"
                problems.append(Problem(f"{where}/cards", f"{format_cards(cards)}: {why}"))
                continue
            copies: list[TableCard] = []
            for k, card in enumerate(cards):
                found = sorted(
                    (t for t in free if t.card == card),
                    key=lambda t: (sum(len(v) for v in t.history.values()), t.uid),
                )
                if not found:
                    problems.append(
                        Problem(
                            f"{where}/cards/{k}",
                            f"{card} is not on {seat}'s table (or is another carried"
                            " declaration's): a carried declaration's cards lie there",
                        )
                    )
                    break
                free.remove(found[0])
                copies.append(found[0])
            if len(copies) != len(cards):
                continue
            declaration = Declaration(
                index,
                seat,
                name,
                name,
                cards,
                [t.uid for t in copies],
                state.deal.tricks[-1].number,
                None,
                0,
                status="to-score",
                carried=n,
            )
            state.deal.declarations.append(declaration)
            # its place in the class history: a key of its own among the declarations
            # before the position (two carried at one position must not share one)
            key = -(len(state.deal.earlier) + 1)
            state.deal.earlier[key] = declaration
            cls = COMBINATIONS[name].cls
            for table_card in copies:
                if cls:
                    table_card.history.setdefault(cls, []).append(key)
    if problems:
        raise InputError.of(problems)


def _unfinished(state: StateBase) -> None:
    """A deal begun at a position and not played out: its result is not known."""
    deal = state.deal
    deal.unfinished = True
    done = len([t for t in deal.tricks if t.winner])
    rule = "RUB-GAME-6" if state.rubicon else "BEZ-SCORE-3"
    state.undetermined.append(
        {
            "what": f"The result of deal {deal.number}",
            "why": f"the record stops after {done} of {state.variant.tricks} tricks",
            "decides": "the rest of the deal: the tricks, declarations and marks to come",
            "rule": rule,
            "event": None,
            "deal": deal.number,
        }
    )


# The pack's copies seen (a whole deal's cards, or a position's known ones) --------------


def _see(state: StateBase, card: Card, pointer: str) -> None:
    message = unseen(state, card)
    if message:
        raise InputError(pointer, message)


def unseen(state: StateBase, card: Card) -> str:
    """Count one more copy of the card seen; what is wrong with it, if anything."""
    if card.rank not in RANKS:
        return f"{card} is not in a bézique pack (A 10 K Q J 9 8 7 only)"
    state.seen[card] += 1
    if state.seen[card] > state.variant.copies:
        return (
            f"{card} appears more than {state.variant.copies} times: the"
            f" pack holds {state.variant.copies} of each card"
        )
    return ""


# The unknown part of a hand ---------------------------------------------------------------


def materialise(state: StateBase, seat: str, card: Card) -> bool:
    """A card the record has not placed, played or declared by ``seat``: it was among his
    unknown cards, if he has any and the pack has a copy not yet seen."""
    if not state.unknown.get(seat) or state.seen[card] >= state.variant.copies:
        return False
    state.unknown[seat] -= 1
    state.seen[card] += 1
    state.hand[seat][card] += 1
    if state.phase is _END:
        state.suits[seat][card.suit] += 1
    return True


def could_hold(state: StateBase, seat: str, cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    """Which of ``cards`` the seat's unknown part may hold (a copy the record has not seen)."""
    if not state.unknown.get(seat):
        return []
    return [c for c in cards if state.seen[c] < state.variant.copies]


def endplay_unknown(state: StateBase, index: int, seat: str, card: Card, trick: Trick) -> None:
    """A play lawful on the cards known: would a card of the unknown part have made it
    unlawful (BEZ-LAST-2)? Then the record cannot decide it."""
    led = trick.plays[0].card
    trump = state.deal.trump
    if card.suit is led.suit:
        if not state.must_win or card in _HIGHER[led]:
            return  # followed (and won): lawful whatever else he held
        wanted = list(_HIGHER[led])
        question = f"did {seat} hold a card of the suit higher than {led}"
    else:
        wanted = [Card(r, led.suit) for r in RANKS]
        question = f"did {seat} hold a card of the suit led"
        if trump not in (None, led.suit, card.suit) and state.must_win:
            wanted += [Card(r, trump) for r in RANKS]
            question += " or a trump"
    possible = could_hold(state, seat, wanted)
    if possible:  # decided later if he plays one of them (or every card he held)
        state.pending.append((index, seat, card, trick.number, question, frozenset(possible)))


def fresh_card_unknown(
    state: StateBase,
    index: int,
    seat: str,
    name: str,
    instances: list[TableCard],
    problem: tuple[str, str],
) -> tuple[str, str] | None:
    """A declaration the class rules refuse with the copies on the table, unless a fresh
    copy came from the hand: with unknown cards and no ``from``, the record cannot say.
    Read in the player's favour (one fresh copy, from the unknown part), and listed."""
    cls = COMBINATIONS[name].cls
    used = [n for n, t in enumerate(instances) if t.history.get(cls)]
    needed = Counter(instances[n].card for n in used)
    copies = state.variant.copies
    if not used or len(used) > state.unknown.get(seat, 0):
        return problem  # the class rule decides: no unknown card could replace them
    if any(state.seen[card] + k > copies for card, k in needed.items()):
        return problem  # every copy is placed
    for n in used:  # the player's favour: fresh copies from his unknown cards
        materialise(state, seat, instances[n].card)
        instances[n] = TableCard(state.new_uid(), instances[n].card, {})
    fresh = sorted(needed, key=str)
    rule = problem[0]
    name = said_name(name)  # (said aloud: "royal marriage", not the record's key)
    state.undetermined.append(
        {
            "what": f"Was {seat}'s {name} at event {index} lawful: did {seat} lay a fresh"
            f" {' and '.join(str(c) for c in fresh)} from the hand?",
            "why": "the record does not say where each card came from, and"
            f" {seat}'s hand is not all known",
            "decides": f"which cards of the {name} {seat} laid from the hand, and which from"
            " the table",
            "rule": rule,
            "event": index,
            "deal": state.deal.number,
        }
    )
    state.deal.undecided = True
    return None


def resolve_pending(state: StateBase, index: int, seat: str, card: Card) -> None:
    """A card played in the end-play shows what the seat held at each earlier trick: if
    it would have made an earlier play unlawful, that play was a revoke (BEZ-LAST-2)."""
    for item in list(state.pending):
        at, who, played, number, _, wanted = item
        if who != seat or card not in wanted:
            continue
        state.pending.remove(item)
        facts = BeziqueEndplayRuleBroken(
            seat=seat,
            deal=state.deal.number,
            trick=number,
            card=str(played),
            led=str(state.deal.tricks[number - 1].plays[0].card),
            fault="held-a-card-played-later",
            holding=(str(card),),
            shown_at=index,
        )
        state.find(
            "BEZ-LAST-2",
            "violation",
            facts=facts,
            event=at,
            seat=seat,
            trick=number,
            basis=["RUB-LAST-1", "RUB-LAW-55"] if state.rubicon else ["BEZ-LAST-3"],
        )
        error = state.deal.endplay_error
        if error is None or number < error[0]:
            state.deal.endplay_error = (number, seat, at)


def settle_pending(state: StateBase) -> None:
    """At the end of a deal: a play still open is lawful if the seat has shown every card
    he held; otherwise the record cannot decide it."""
    for at, seat, played, number, question, wanted in state.pending:
        if not state.unknown.get(seat):
            continue
        state.undetermined.append(
            {
                "what": f"Was {seat}'s {played} to trick {number} lawful: {question}?",
                "why": f"{_some(state.unknown[seat])} of {seat}'s cards"
                f" {'is' if state.unknown[seat] == 1 else 'are'} unknown and never played;"
                " the record does not place every copy of"
                f" {format_cards(sort_hand(list(wanted), RANKS))}.",
                "decides": f"the cards {seat} held at trick {number}",
                "rule": "BEZ-LAST-2",
                "event": at,
                "deal": state.deal.number,
            }
        )
        state.deal.undecided_endplay = state.deal.undecided = True
    state.pending = []
