"""The Bézique state's data, declared once for the state and the rules over it.

The state is data; the rules are functions over it. ``StateBase`` declares the attributes
(class-level annotations only: no value, no slot, nothing at run time) and holds the few
helpers every rule uses (``find``, ``rub``, ``new_uid``, ``_require_deal``, ``_incomplete``).
The rule modules (``holdings``, ``position``, ``endplay``, ``classes``, ``copies``,
``declarations``, ``stock``, ``runs``, ``amendments``) take a ``StateBase`` and never import
``state``; ``BeziqueState`` (``state``) sets the values (``__init__``, each ``deal`` or
``position`` event) and calls the rules. Imports run one way: tables -> facts -> base ->
rules -> state -> readings -> judge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from adjudicator.errors import InputError, pointer_of
from adjudicator.findings import make_finding

if TYPE_CHECKING:
    from collections import Counter

    from adjudicator.cards import Card, Suit
    from adjudicator.facts import AnyFact
    from adjudicator.findings import Finding, Severity
    from adjudicator.games.bezique.facts import BeziqueDealFacts, Phase, TableCard, Trick
    from adjudicator.games.bezique.tables import Variant
    from adjudicator.record.bezique import BeziqueResult


class Window(TypedDict, total=False):
    """The window after a trick of the stock phase won (empty when none is open): who won
    which trick, who has drawn since, the event that scored for it, whether the winner has
    declared, and the turn-up an exchange took."""

    winner: str
    trick: int
    drawn: list[str]
    scored: int | None
    declared: bool
    exchanged: Card


class StateBase:
    """The attributes of ``BeziqueState`` and its shared helpers, for the state and its rules."""

    # Options and the variant's data (``__init__``) -------------------------------------------
    variant: Variant
    must_win: bool
    refill_by_duplicate: bool
    remarriage_mode: str
    exchange_is_declaration: bool
    trump_by_marriage: bool
    law50_all: bool
    # the variant's data as plain attributes, read on every play and draw
    rubicon: bool
    _has_turn_up: bool
    _hand_size: int
    _tricks: int
    _refill: bool

    # The replay as a whole ----------------------------------------------------------------
    phase: Phase
    endplay_from: int  # the deal's first end-play trick (an odd stock, law 32, brings it on)
    deals: list[BeziqueDealFacts]
    findings: list[Finding]
    early_results: list[tuple[int, BeziqueResult]]
    _uid: int
    # The reading of the record's duplicate copies (``readings``): at each play or
    # declaration that more than one copy could serve, ``plan`` names the alternative
    # taken (0, the default, when absent); ``decisions`` lists (event, alternatives) as
    # met; ``fast`` lets ``replay`` take runs of lawful tricks and declarations skip
    # listing their other readings (both take the default reading without recording
    # its choices: a search replays with ``fast`` off);
    # ``sources`` is where each card of a play or declaration came from.
    plan: dict[int, int]
    decisions: list[tuple[int, int]]
    fast: bool
    sources: dict[int, list[str]]
    unknown: dict[str, int]  # seat -> unknown cards in the hand (``position``)
    undetermined: list[dict[str, object]]
    # end-play plays awaiting the unknown cards (``position``): event, seat, card, trick,
    # question, the cards that would have made the play unlawful
    pending: list[tuple[int, str, Card, int, str, frozenset[Card]]]

    # The current deal (set by each ``deal`` or ``position`` event) ---------------------------
    deal: BeziqueDealFacts
    seen: Counter[Card]  # copies of each card seen in the deal (``position``)
    stock: list[Card] | None
    _stock_at: int  # the next card of ``stock`` (an index: ``pop(0)`` would be O(n))
    remaining: int  # cards still to be drawn, turn-up included
    hand: dict[str, Counter[Card]]
    count: dict[str, int]  # cards held, hand and table (plays -1, draws +1)
    table: dict[str, list[TableCard]]
    on_table: dict[str, dict[Card, int]]  # copies by card
    turn_up: Card | None
    current: Trick | None
    window: Window
    cb: dict[str, str]  # seat -> "declared" | "offered" (may repeat) | "closed"
    missed: dict[str, int]  # seat -> the trick after which it did not draw
    last_draw: dict[str, Card]
    # held cards (hand and table) per suit, kept from the end of the stock on (BEZ-LAST-2)
    suits: dict[str, dict[Suit, int]]

    # Helpers shared by every part of the state and the declaration rules ----------------------

    def find(
        self,
        rule: str,
        severity: Severity,
        message: str | None = None,
        *,
        facts: AnyFact,
        event: int,
        seat: str | None = None,
        trick: int | None = None,
        basis: list[str] | None = None,
        legal: list[str] | None = None,
    ) -> None:
        self.findings.append(
            make_finding(
                rule,
                severity,
                message,
                facts=facts,
                event=event,
                deal=self.deal.number,
                trick=trick,
                seat=seat,
                basis=basis or [],
                legal=legal,
            )
        )

    def _incomplete(self, index: int | None) -> None:
        done = len([t for t in self.deal.tricks if t.winner])
        raise InputError(
            "/events" if index is None else pointer_of("events", index),
            f"deal {self.deal.number} was not played out: {done} of "
            f"{self.variant.tricks} tricks complete (hand-record/1 records every card)",
        )

    def _require_deal(self, index: int, what: str) -> None:
        if not self.deals:
            raise InputError(pointer_of("events", index), f"a {what} before any deal")

    def rub(self, law: int) -> list[str]:
        """The Portland law as a basis, in Rubicon only."""
        return [f"RUB-LAW-{law}"] if self.rubicon else []

    def new_uid(self) -> int:
        self._uid += 1
        return self._uid
