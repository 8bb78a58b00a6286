"""The Bézique state's attributes, declared once for the state and its mixins.

``BeziqueState`` (``state``) is assembled from mixins (``position``, ``endplay``, ``stock``,
``runs``) that read and write the state's attributes and call one another's methods.
``StateBase`` declares those attributes (class-level annotations only: no value, no slot,
nothing at run time) and, for the type checker alone, the methods one part calls in
another, so that each mixin is checked on its own; it also holds the few helpers every
part uses (``find``, ``rub``, ``new_uid``). The values are set by ``BeziqueState.__init__``
and by each ``deal`` (or ``position``) event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

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
    """The attributes of ``BeziqueState`` and its shared helpers, for the state and its mixins."""

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
        facts: AnyFact | None = None,
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

    def rub(self, law: int) -> list[str]:
        """The Portland law as a basis, in Rubicon only."""
        return [f"RUB-LAW-{law}"] if self.rubicon else []

    def new_uid(self) -> int:
        self._uid += 1
        return self._uid

    if TYPE_CHECKING:
        # Methods one part of the state calls in another (defined in ``state`` and the mixins)

        def _require_deal(self, index: int, what: str) -> None: ...

        def _incomplete(self, index: int | None) -> None: ...

        def _re_form(self, seat: str, card: Card) -> None: ...

        def _pick_table_card(self, seat: str, card: Card) -> TableCard: ...

        def _endplay_lawful(self, seat: str, card: Card, led: Card) -> bool: ...

        def _see(self, card: Card, pointer: str) -> None: ...

        def materialise(self, seat: str, card: Card) -> bool: ...

        def _settle_pending(self) -> None: ...

        def fresh_card_unknown(
            self,
            index: int,
            seat: str,
            name: str,
            instances: list[TableCard],
            problem: tuple[str, str],
        ) -> tuple[str, str] | None: ...

        def has_played(self, seat: str) -> bool: ...

        def lay(self, seat: str, table_card: TableCard) -> None: ...

        def choose(self, index: int, count: int) -> int: ...

        def copy_groups(self, seat: str, card: Card) -> list[list[TableCard]]: ...
