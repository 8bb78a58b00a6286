"""Complete, legal deals of whist, seeded and repeatable, with one irregularity on request.

Why: the adjudicator needs many realistic records that are clean under every code (a clean
deal must draw no violation and no warning), and records that carry exactly one known
irregularity, so that a ruling can be checked finding by finding. Each seat plays a small
rule-of-thumb strategy (second hand low, third hand high, win cheaply, ruff when it pays,
lead the longest suit or the partner's); no search, so thousands of deals are cheap.

The marks are never computed here: the deal's facts go through ``games.whist.scoring`` in
the order of WHIST-SCORE-3, and every item that counted is written as docs/whist-rulings.md
says a careful scorer would write it. Rule IDs are those of shared/rules/whist.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from adjudicator.cards import RANKS, Card, Suit, sort_hand, whist_pack
from adjudicator.engine.tricks import cards_of_suit, legal_follows, trick_winner
from adjudicator.games.whist.options import CODE_PRESETS
from adjudicator.games.whist.scoring import (
    RUBBER_BONUS,
    DealPlan,
    ScoringRules,
    american_game_value,
    english_game_value,
    rubber_value,
    score_deal,
)
from adjudicator.seats import (
    SIDES,
    WHIST_SEATS,
    Side,
    WhistSeat,
    left_of,
    other_side,
    partner_of,
    side_of,
)

INJECTIONS = ("revoke", "late-revoke-claim", "wrong-mark", "honours-at-four")
DEFAULT_PLAYERS = {"N": "Nora", "E": "Edgar", "S": "Sybil", "W": "Walter"}
HONOURS = ("A", "K", "Q", "J")  # WHIST-HONOURS-1
RUFF_ANYWAY = 0.6  # how often second hand ruffs a trick that holds no honour card
MAX_TRIES = 1000  # re-deals allowed to find the deal an injection needs


def generate_record(
    seed: int,
    *,
    inject: str | None = None,
    code: str = "english-1900",
    players: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One complete whist deal as a hand-record/1 dict; the same arguments give the same dict.

    ``inject`` plants one irregularity (see ``INJECTIONS``) and writes in ``meta`` what
    the ruling must find: ``inject_expect`` = "RULE@EVENT;..." sorted by event, then rule.
    """
    if code not in CODE_PRESETS:
        raise ValueError(f"code must be one of {', '.join(CODE_PRESETS)}, got {code!r}")
    if inject is not None and inject not in INJECTIONS:
        raise ValueError(f"inject must be one of {', '.join(INJECTIONS)}, got {inject!r}")
    preset = CODE_PRESETS[code]
    if inject == "honours-at-four" and not preset["honours_counted"]:
        raise ValueError(f"honours-at-four needs honours, which {code} does not count")
    deal = _Deal(random.Random(seed), preset, inject)
    record: dict[str, Any] = {"format": "hand-record/1", "game": "whist", "rules": {"code": code}}
    record["players"] = dict(players or DEFAULT_PLAYERS)
    record["start"] = deal.start
    record["meta"] = {"source": "adjudicator.simulate", "seed": str(seed)}
    if inject is not None:
        expect = sorted(deal.expect)
        record["meta"] |= {
            "inject": inject,
            "inject_expect": ";".join(f"{rule}@{event}" for event, rule in expect),
        }
    return record | {"events": deal.events}


def _rank(card: Card) -> int:
    """0 for the ace up to 12 for the deuce (WHIST-CARD-1): smaller is higher."""
    return RANKS.index(card.rank)


def _lowest(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: (_rank(c), c.suit.value))


@dataclass
class _Revoke:
    """Where the planted renounce went: the play event, the seat and the trick."""

    event: int
    seat: WhistSeat
    trick: int


@dataclass
class _Mark:
    """A score event written, with the least mark the rules would still accept for it."""

    event: int
    points: int
    low: int


@dataclass
class _Deal:
    """One deal from the start position to the cut; ``__post_init__`` runs it."""

    rng: random.Random
    preset: dict[str, Any]
    inject: str | None
    events: list[dict[str, Any]] = field(default_factory=list)
    expect: list[tuple[int, str]] = field(default_factory=list)
    start: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.target: int = self.preset["game_target"]  # WHIST-SCORE-2
        self.english: bool = bool(self.preset["honours_counted"])
        self._start()
        self.dealer: WhistSeat = self.rng.choice(WHIST_SEATS)
        at_four = self._at_four_side()
        for _ in range(MAX_TRIES):
            self._shuffle()
            if at_four is not None and self._honours_held()[at_four] < 3:
                continue  # honours-at-four: re-deal until the side at four holds honours
            self.revoke: _Revoke | None = None
            self.revoke_from = self.rng.randint(1, 9)
            self.events = [self._deal_event()]
            won = self._play()
            if self.inject in ("revoke", "late-revoke-claim") and self.revoke is None:
                continue  # no chance to renounce in this deal: deal again
            self._after_play(won, at_four)
            return
        raise RuntimeError("no deal fit the injection")  # pragma: no cover

    # ---- the position and the cards ---------------------------------------------------------

    def _start(self) -> None:
        """A game in progress (each side below game) and at most one game won by each side."""
        top = self.target - 1
        score = {side: self.rng.randint(0, top) for side in SIDES}
        games = [
            {"winner": side, "value": self.rng.randint(1, 3)}
            for side in SIDES
            if self.rng.random() < 0.5
        ]
        self.rng.shuffle(games)
        self.start = {"score": score, "games": games}

    def _at_four_side(self) -> Side | None:
        """honours-at-four: one side starts at four, where honours cannot score (WHIST-HONOURS-3)."""
        if self.inject != "honours-at-four":
            return None
        side = self.rng.choice(SIDES)
        self.start["score"][side] = self.target - 1
        return side

    def _shuffle(self) -> None:
        """Deal one at a time from the dealer's left; the last card is the dealer's and is
        turned for trumps (WHIST-DEAL-3, WHIST-CARD-2)."""
        deck = list(whist_pack())
        self.rng.shuffle(deck)
        order = [left_of(self.dealer)]
        while len(order) < 4:
            order.append(left_of(order[-1]))
        self.hands: dict[WhistSeat, list[Card]] = {s: deck[i::4] for i, s in enumerate(order)}
        self.dealt = {s: list(cards) for s, cards in self.hands.items()}
        self.trump_card = deck[-1]
        self.trump: Suit = deck[-1].suit

    def _honours_held(self) -> dict[Side, int]:
        """Trump A K Q J per side as dealt, the turn-up the dealer's (WHIST-HONOURS-2)."""
        held: dict[Side, int] = dict.fromkeys(SIDES, 0)
        for seat, cards in self.dealt.items():
            held[side_of(seat)] += sum(c.suit == self.trump and c.rank in HONOURS for c in cards)
        return held

    def _deal_event(self) -> dict[str, Any]:
        hands = {s: [str(c) for c in sort_hand(self.hands[s])] for s in WHIST_SEATS}
        trump = str(self.trump_card)
        return {"type": "deal", "dealer": self.dealer, "hands": hands, "trump": trump}

    def _emit(self, **fields: Any) -> int:
        self.events.append(fields)
        return len(self.events) - 1

    def _score(self, side: Side, points: int, item: str) -> int:
        """A mark on the score sheet ("for" is a Python keyword, hence the dict)."""
        return self._emit(**{"type": "score", "side": side, "points": points, "for": item})

    # ---- the play ---------------------------------------------------------------------------

    def _play(self) -> dict[Side, int]:
        """Thirteen tricks: eldest hand leads first, the winner of each trick leads to the next
        (WHIST-PLAY-2, -4). Returns the tricks won by each side."""
        self.played: set[Card] = set()
        self.first_led: dict[WhistSeat, Suit] = {}
        won: dict[Side, int] = dict.fromkeys(SIDES, 0)
        leader = left_of(self.dealer)
        for number in range(1, 14):
            trick: list[tuple[WhistSeat, Card]] = []
            seat: WhistSeat = leader
            for _ in range(4):
                card = self._follow(seat, trick, number) if trick else self._lead(seat)
                self.hands[seat].remove(card)
                event = self._emit(type="play", seat=seat, card=str(card))
                if self.revoke is not None and self.revoke.event == -1:
                    self.revoke.event = event
                trick.append((seat, card))
                seat = left_of(seat)
            cards = [c for _, c in trick]
            leader = trick[trick_winner(cards, self.trump, RANKS)][0]
            won[side_of(leader)] += 1
            self.played.update(cards)
        return won

    def _master(self, card: Card, seat: WhistSeat, table: list[Card]) -> bool:
        """Whether no card still out against ``seat`` can beat ``card`` in its suit."""
        seen = self.played | set(self.hands[seat]) | set(table)
        higher = RANKS[: _rank(card)]
        return all(Card(r, card.suit) in seen for r in higher)

    def _lead(self, seat: WhistSeat) -> Card:
        """Return the partner's first suit if held; else the longest suit, plain suits before
        trumps unless the trumps are long. Lead its top card when it is a winner, else low."""
        hand = self.hands[seat]
        suits = {s: cards_of_suit(hand, s) for s in Suit if cards_of_suit(hand, s)}
        suit = self.first_led.get(partner_of(seat))
        if suit not in suits or suit == self.trump:
            suit = max(
                suits,
                key=lambda s: (
                    len(suits[s]) - 2 * (s == self.trump and len(suits[s]) < 5) + self.rng.random()
                ),
            )
        self.first_led.setdefault(seat, suit)
        cards = sorted(suits[suit], key=_rank)
        return cards[0] if self._master(cards[0], seat, []) else cards[-1]

    def _follow(self, seat: WhistSeat, trick: list[tuple[WhistSeat, Card]], number: int) -> Card:
        """Follow suit (WHIST-PLAY-3): second hand low, third hand high unless the partner
        already holds the trick with a winner, fourth hand as cheaply as it can win."""
        hand, led = self.hands[seat], trick[0][1].suit
        cards = [c for _, c in trick]
        legal = legal_follows(hand, led)
        others = [c for c in hand if c.suit != led]
        if self._plant_revoke(seat, legal, others, led, number):
            legal = others  # WHIST-REVOKE-1: renounce while holding the suit led
        best = trick_winner(cards, self.trump, RANKS)
        partner_wins = trick[best][0] == partner_of(seat)
        safe = partner_wins and (len(trick) == 3 or self._master(cards[best], seat, cards))
        winners = [c for c in legal if trick_winner([*cards, c], self.trump, RANKS) == len(cards)]
        cheapest = _lowest(winners) if winners else None
        if legal[0].suit == led:
            if len(trick) == 1 or safe or cheapest is None:
                return _lowest(legal)
            return self._high(seat, legal, cards) if len(trick) == 2 else cheapest
        # void in the suit led: ruff when the trick is the adversaries' and worth the trump
        worth = len(trick) > 1 or any(_rank(c) <= 3 for c in cards)
        worth = worth or self.rng.random() < RUFF_ANYWAY
        if cheapest is not None and not safe and not partner_wins and worth:
            return cheapest
        side_suits = [c for c in legal if c.suit != self.trump] or legal
        longest = max(
            {c.suit for c in side_suits}, key=lambda s: (len(cards_of_suit(side_suits, s)), s)
        )
        return _lowest(cards_of_suit(side_suits, longest))

    def _high(self, seat: WhistSeat, legal: list[Card], table: list[Card]) -> Card:
        """Third hand high: the top card, or the lowest card equal to it (the ranks between
        them all played or in the hand), so that a finesse costs nothing."""
        seen = self.played | set(self.hands[seat]) | set(table)
        ordered = sorted(legal, key=_rank)
        high = ordered[0]
        for card in ordered[1:]:
            between = RANKS[_rank(high) + 1 : _rank(card)]
            if not all(Card(r, card.suit) in seen for r in between):
                break
            high = card
        return high

    def _plant_revoke(
        self, seat: WhistSeat, legal: list[Card], others: list[Card], led: Suit, number: int
    ) -> bool:
        """revoke / late-revoke-claim: the first follower, from a random trick on, who holds
        the suit led and something else renounces once."""
        if self.inject not in ("revoke", "late-revoke-claim") or self.revoke is not None:
            return False
        if number < self.revoke_from or not others or legal[0].suit != led:
            return False
        self.revoke = _Revoke(-1, seat, number)  # its event is filled in when it is played
        return True

    # ---- after the last trick: honours, marks, result, cut ---------------------------------

    def _after_play(self, won: dict[Side, int], at_four: Side | None) -> None:
        """Honours claimed, then the marks in the order of WHIST-SCORE-3, the game and the
        rubber if won, the cut; and the one irregularity asked for."""
        before = dict(self.start["score"])
        held = self._honours_held()
        valid: list[tuple[Side, int]] = []
        for side in SIDES if self.english else ():
            if held[side] < 3:
                continue
            if before[side] < self.target - 1:  # WHIST-HONOURS-3: not at four
                self._emit(type="honours", side=side, count=held[side])
                valid.append((side, held[side]))
            elif side == at_four:  # claimed though at four: WHIST-HONOURS-3, and never marked
                self.expect.append(
                    (self._emit(type="honours", side=side, count=held[side]), "WHIST-HONOURS-3")
                )
        rules = ScoringRules(
            target=self.target,
            cap=self.target - 1,  # AMB-8: revokers held one below game
            deduct_floor_zero=self.preset["deduct_floor"] == "zero",
            english=self.english,
        )
        result = score_deal(before, DealPlan(won, honours=tuple(valid)), rules)
        marks = [
            _Mark(self._score(s.side, s.points, s.item), s.points, s.low)
            for s in result.steps
            if s.points  # an item that counted nothing has no mark (docs/whist-rulings.md)
        ]
        if result.winner is not None:
            marks += self._game_won(result.winner, result.after)
        self._emit(type="cut")
        if self.revoke is not None:
            self.expect.append((self.revoke.event, "WHIST-REVOKE-1"))
            if self.inject == "late-revoke-claim":  # after the cut: WHIST-REVOKE-7
                claim = self._emit(
                    type="claim",
                    kind="revoke",
                    by=other_side(side_of(self.revoke.seat)),
                    against=self.revoke.seat,
                    trick=self.revoke.trick,
                )
                self.expect.append((claim, "WHIST-REVOKE-7"))
        if self.inject == "wrong-mark":
            self._spoil(self.rng.choice(marks))

    def _game_won(self, winner: Side, after: dict[Side, int]) -> list[_Mark]:
        """English: the game's rubber points (WHIST-RUBBER-2) and, with a second game, the
        rubber bonus and the rubber's value (WHIST-RUBBER-3, -4). American: the game's value
        as its result (WHIST-SCORE-5)."""
        loser = other_side(winner)
        if not self.english:
            count_all = self.preset["excess_points"] == "count_all"  # AMB-18
            value = american_game_value(winner, after[winner], after[loser], self.target, count_all)
            self._emit(type="result", winner=winner, value=value.value)
            return []
        game = english_game_value(winner, after[loser])
        marks = [_Mark(self._score(winner, game.value, "game"), game.value, game.value)]
        games = [(g["winner"], g["value"]) for g in self.start["games"]]
        rubber = rubber_value([*games, (winner, game.value)])
        if rubber is not None:
            marks.append(
                _Mark(self._score(winner, RUBBER_BONUS, "rubber"), RUBBER_BONUS, RUBBER_BONUS)
            )
            self._emit(type="result", winner=rubber.winner, value=rubber.value)
        return marks

    def _spoil(self, mark: _Mark) -> None:
        """wrong-mark: one point too many, or too few where the short mark is not accepted
        (a game-winning item may be marked short down to ``low``): WHIST-SCORE-7."""
        down = mark.low == mark.points and mark.points >= 2 and self.rng.random() < 0.5
        self.events[mark.event]["points"] = mark.points + (-1 if down else 1)
        self.expect.append((mark.event, "WHIST-SCORE-7"))
