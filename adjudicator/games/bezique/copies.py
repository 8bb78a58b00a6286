"""Which physical copies a declaration names (issue 9, class 5): the default reading, in the
player's favour, and the other ways the seat's copies could serve it (``readings``).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from adjudicator.cards import Card
from adjudicator.errors import InputError, pointer_of
from adjudicator.games.bezique import facts
from adjudicator.games.bezique.classes import class_problem
from adjudicator.games.bezique.holdings import choose, copy_groups
from adjudicator.games.bezique.position import materialise
from adjudicator.games.bezique.tables import (
    COMBINATIONS,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Literal

    from adjudicator.games.bezique.base import StateBase
    from adjudicator.games.bezique.facts import TableCard

    #: One card's source in a way of reading a declaration: the hand, or a group of copies.
    _Choice = int | Literal["hand"]


def locate(
    state: StateBase,
    index: int,
    seat: str,
    cards: list[Card],
    name: str,
    given: Sequence[str] | None,
) -> tuple[list[TableCard], bool]:
    """The physical copies named: the reading's choice among the ways the seat's copies can
    serve (``readings``). The first offered is ``_default_copies``, unless that breaks a
    class rule and another way does not: then the first such way (a director reads the
    record in the player's favour, and only calls a declaration illegal when no copies
    the seat held make it legal). With them, whether they are known to break no class
    rule (``class_problem`` was asked of them here: the ruling need not ask again)."""
    default = _default_copies(state, index, seat, cards, name, given)
    cls = COMBINATIONS[name].cls
    unlawful = bool(cls) and class_problem(state, seat, name, default, index) is not None
    if state.fast and not unlawful:
        return default, True  # the first reading: no other copies needed (``readings``)
    others = _other_readings(state, seat, cards, default, given)
    if not others:
        return default, not unlawful
    readings: list[list[TableCard | None]] = [list(default), *others]
    if unlawful:
        for position, reading in enumerate(readings[1:], start=1):
            trial = [t or facts.TableCard(0, cards[i], {}) for i, t in enumerate(reading)]
            if class_problem(state, seat, name, trial, index) is None:
                readings.insert(0, readings.pop(position))
                break
    pick = readings[choose(state, index, len(readings))]
    if pick is readings[0] and pick == default:
        return default, not unlawful
    return [t or facts.TableCard(state.new_uid(), cards[i], {}) for i, t in enumerate(pick)], False


def _other_readings(
    state: StateBase,
    seat: str,
    cards: list[Card],
    default: list[TableCard],
    given: Sequence[str] | None,
) -> list[list[TableCard | None]]:
    """Every other way the seat's copies can serve the declaration (None: a card from the
    hand), one per way that differs in effect, in a fixed order; capped, for hostile input.

    Why: with two or four packs a card may lie on the table and in the hand at once, and
    copies on the table differ by the combinations they were declared in."""
    on_table = state.on_table[seat]
    if not any(on_table.get(card) for card in cards):
        return []  # the common case: every card from the hand, one way only
    hand = state.hand[seat]
    table = state.table[seat]
    groups = {card: copy_groups(state, seat, card) for card in set(cards)}
    group_of = {id(t): n for g in groups.values() for n, group in enumerate(g) for t in group}
    options: list[list[_Choice]] = []
    for position, card in enumerate(cards):
        where = given[position] if given else None
        choices: list[_Choice] = []
        if where != "table" and hand.get(card, 0) > 0:
            choices.append("hand")
        if where != "hand":
            choices.extend(range(len(groups[card])))
        options.append(choices)

    def key_of(choice: list[_Choice]) -> tuple[object, ...]:
        return tuple(sorted((str(cards[i]), str(c)) for i, c in enumerate(choice)))

    seen = {key_of(["hand" if t not in table else group_of[id(t)] for t in default])}
    readings: list[list[TableCard | None]] = []
    for tried, choice in enumerate(product(*options)):
        if tried >= _MAX_TRIED or len(readings) >= _MAX_READINGS:
            break
        key = key_of(list(choice))
        if key in seen:
            continue
        seen.add(key)
        reading = _fill(cards, list(choice), groups, hand)
        if reading is not None:
            readings.append(reading)
    return readings


#: Caps on the ways of reading one declaration's copies (hostile input cannot blow up).
_MAX_TRIED, _MAX_READINGS = 512, 16


def _fill(
    cards: list[Card],
    choice: list[_Choice],
    groups: dict[Card, list[list[TableCard]]],
    hand: dict[Card, int],
) -> list[TableCard | None] | None:
    """The copies of one way of reading (None: from the hand), or None if the seat has not
    that many copies of a kind."""
    used: dict[tuple[Card, object], int] = {}
    reading: list[TableCard | None] = []
    for card, c in zip(cards, choice, strict=True):
        taken = used.get((card, c), 0)
        used[(card, c)] = taken + 1
        if c == "hand":
            if taken >= hand.get(card, 0):
                return None
            reading.append(None)
            continue
        group = groups[card][c]
        if taken >= len(group):
            return None
        reading.append(group[taken])
    return reading


def _default_copies(
    state: StateBase,
    index: int,
    seat: str,
    cards: list[Card],
    name: str,
    given: Sequence[str] | None = None,
) -> list[TableCard]:
    """The physical copies named, read in the player's favour.

    Ordinary game: a table copy not yet declared in this class, else a fresh copy from the
    hand, else the table copy least used in the class. Rubicon (laws 34, 38): the table copies
    first, and from the hand only what is missing, plus one fresh card when every table copy
    named was already declared in the class (a re-formed combination needs one new card).
    ``given`` (the record's ``from``) names hand or table for a card.
    """
    cls = COMBINATIONS[name].cls
    rubicon = state.rubicon
    table, on_table = state.table[seat], state.on_table[seat]
    # card -> its free copies, in table order: gathered only for the cards named that lie on
    # the table (``on_table`` counts them), not for the whole table at every declaration
    free_table: dict[Card, list[TableCard]] = {}
    hand = dict(state.hand[seat])
    chosen: list[TableCard] = []
    for position, card in enumerate(cards):
        where = given[position] if given else None
        copies = free_table.get(card)
        if copies is None and on_table.get(card):
            copies = free_table[card] = [t for t in table if t.card is card]
        if where == "hand":
            copies = None
        if copies:
            unused = [t for t in copies if not t.history.get(cls)]
            if unused or rubicon or where == "table":
                pick = _least_used(unused or copies, cls)
                copies.remove(pick)
                chosen.append(pick)
                continue
        if hand.get(card, 0) > 0 and where != "table":
            hand[card] -= 1
            chosen.append(facts.TableCard(state.new_uid(), card, {}))
        elif copies:
            pick = _least_used(copies, cls)
            copies.remove(pick)
            chosen.append(pick)
        elif where != "table" and materialise(state, seat, card):  # a fragment's unknown card
            chosen.append(facts.TableCard(state.new_uid(), card, {}))
        else:
            place = {"hand": " in the hand", "table": " on the table"}.get(
                where or "", " (in the hand or on the table)"
            )
            raise InputError(
                pointer_of("events", index, "cards", position),
                f"{seat} holds no {card}{place} to declare",
            )
    if rubicon and cls and all(t.history.get(cls) for t in chosen):
        for position, table_card in enumerate(chosen):
            if (given is None or given[position] is None) and hand.get(table_card.card, 0) > 0:
                chosen[position] = facts.TableCard(state.new_uid(), table_card.card, {})
                break
    return chosen


def _least_used(copies: list[TableCard], cls: str) -> TableCard:
    """The copy least declared in the class, then the oldest (one copy: no sort key built)."""
    if len(copies) == 1:
        return copies[0]
    return min(copies, key=lambda t: (len(t.history.get(cls, [])), t.uid))
