"""Complete, legal deals of two-handed Bézique and Rubicon Bézique, seeded and repeatable.

Why: the replay engine needs many realistic records that are legal under its defaults (a
legal deal must draw no violation) and that tests can spoil one event at a time. Both
seats are played by a small greedy strategy: keep combination cards, lead and throw low
cards, win brisques when it is cheap, declare the most valuable combination on each trick
won. Rule IDs are those of the digest (shared/rules/bezique.md).

Where the laws leave room the generator takes the reading no checker can dispute:
one combination "line" per class key (a suit's marriage that may grow into its sequence;
one bézique line growing single -> double ...; one quartet per rank), no refilling of a
broken combination (RUB-COMBO-1 is never used), at least one card from the hand in every
declaration (BEZ-COMBO-6 read strictly), and nothing announced "to score" in class A while
Rubicon has no trumps, so that its name and value are fixed when it is announced.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from adjudicator.cards import PIQUET_RANKS, Card, Suit, piquet_pack
from adjudicator.engine.tricks import cards_of_suit, trick_winner, winning_cards
from adjudicator.games.rubicon.scoring import rubicon_value

SEATS = ("A", "B")
DEFAULT_PLAYERS = {"A": "Ada", "B": "Ben"}
BRISQUE_RANKS = ("A", "10")  # BEZ-CARDS-4
COURT_RANKS = ("K", "Q", "J")  # BEZ-CARDS-3
CLASS_A = {"marriage": 20, "royal-marriage": 40, "sequence": 150, "royal-sequence": 250}
CLASS_B = {"bezique": 40, "double-bezique": 500, "triple-bezique": 1500, "quadruple-bezique": 4500}
CLASS_C = {"four-aces": 100, "four-kings": 80, "four-queens": 60, "four-jacks": 40}
VALUES = {**CLASS_A, **CLASS_B, **CLASS_C, "carte-blanche": 50}  # BEZ-COMBO-0, RUB-LAW-40
BEZIQUES = tuple(CLASS_B)  # by the number of pairs
QUARTETS = dict(zip(("A", "K", "Q", "J"), CLASS_C, strict=True))
BEZIQUE_CARDS = ("QS", "JD")  # BEZ-COMBO-11
#: Card names by suit and rank: combinations are looked up by name (fast, stable hashes).
NAMES = {s: {r: r + s.value for r in PIQUET_RANKS} for s in Suit}
RANK_NAMES = {r: [NAMES[s][r] for s in Suit] for r in PIQUET_RANKS}
ORDER = {name: i for i, name in enumerate(n for names in NAMES.values() for n in names.values())}
#: How much a card is worth keeping before its combinations are counted.
RANK_KEEP = {"A": 6.0, "10": 5.0, "K": 3.5, "Q": 3.5, "J": 2.5, "9": 0.6, "8": 0.4, "7": 0.2}
ANNOUNCE_EXTRA = 0.4  # how often a second combination is announced "to score"


@dataclass(frozen=True)
class Spec:
    """What differs between the two games (digest 0.4)."""

    copies: int
    hand_size: int
    packets: tuple[int, ...]  # BEZ-DEAL-2: 3-2-3; RUB-DEAL-1: three rounds of three
    turn_up: bool
    max_bezique: int  # pairs in the highest bézique (BEZ-COMBO-0)
    last_trick: int  # BEZ-LAST-4


SPECS = {
    "bezique": Spec(2, 8, (3, 2, 3), True, 2, 10),
    "rubicon-bezique": Spec(4, 9, (3, 3, 3), False, 4, 50),
}


@dataclass(eq=False)
class Piece:
    """One physical card. The record names cards only, but the class rules (BEZ-COMBO-7,
    RUB-LAW-37/38) depend on which copy was declared where, so the generator keeps copies."""

    card: Card
    uid: int
    used: set[str] = field(default_factory=set)  # classes it was declared in
    name: str = field(init=False)  # "QS": hashed by name, fast and stable

    def __post_init__(self) -> None:
        self.name = NAMES[self.card.suit][self.card.rank]


@dataclass(eq=False)
class Combo:
    """A declared (or declarable) combination: one step of a line of its class."""

    name: str
    cls: str  # A marriages and sequences, B béziques, C fours (BEZ-COMBO-1)
    key: str  # the line: "A:H", "B", "C:K"
    pieces: list[Piece]
    level: int = 1
    base: Combo | None = None  # the declared combination it builds on (BEZ-COMBO-5)
    scored: bool = False
    closed: bool = False  # a card of it was played: nothing more builds on it

    @property
    def value(self) -> int:
        return VALUES[self.name]


@dataclass(eq=False)
class Seat:
    """A player: concealed hand, declared cards on the table (BEZ-PLAY-5), tricks, marks."""

    name: str
    hand: list[Piece]
    table: list[Piece] = field(default_factory=list)
    won: list[Card] = field(default_factory=list)
    points: int = 0
    lines: dict[str, Combo] = field(default_factory=dict)
    pending: list[tuple[int, Combo]] = field(default_factory=list)  # (declare index, combo)
    carte_blanche: str = "none"  # "due" before it is shown, "on" while repeats run (RUB-CB-*)

    @property
    def held(self) -> list[Piece]:
        return self.hand + self.table


def generate_deal(
    game: str,
    seed: int,
    *,
    dealer: str = "A",
    start: dict[str, Any] | None = None,
    include_stock: bool = True,
    players: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One complete deal of ``game`` as a hand-record/1 dict; the same seed gives the same dict."""
    if game not in SPECS:
        raise ValueError(f"game must be one of {', '.join(SPECS)}, got {game!r}")
    if dealer not in SEATS:
        raise ValueError(f"dealer must be A or B, got {dealer!r}")
    events = _Simulation(SPECS[game], random.Random(seed), dealer).run(include_stock, start)
    record: dict[str, Any] = {"format": "hand-record/1", "game": game, "rules": {}}
    record["players"] = dict(players or DEFAULT_PLAYERS)
    if start is not None:
        record["start"] = copy.deepcopy(start)
    record["meta"] = {"source": "adjudicator.simulate", "seed": str(seed)}
    return record | {"events": events}


def _sorted(pieces: list[Piece]) -> list[Piece]:
    """Suits S H D C, ranks high to low: how hands and declared cards are written."""
    return sorted(pieces, key=lambda p: (ORDER[p.name], p.uid))


def _names(pieces: list[Piece]) -> list[str]:
    return [p.name for p in _sorted(pieces)]


_Avail = dict[str, list[Piece]]


def _pick(avail: _Avail, names: list[str], n: int, cls: str) -> list[Piece] | None:
    """``n`` copies among ``names`` not yet declared in class ``cls`` (BEZ-COMBO-7), table
    copies of a name first: a record cannot say which copy a declaration names, and a reader
    takes "cards already on the table may be named again" before the hand."""
    pool = [p for name in names for p in avail.get(name, ()) if cls not in p.used]
    return pool[:n] if len(pool) >= n else None


def _strength(card: Card, trump: Suit | None) -> int:
    return len(PIQUET_RANKS) - PIQUET_RANKS.index(card.rank) + (10 if card.suit == trump else 0)


class _Simulation:
    """The table of one deal: stock, trumps, both seats and the events written so far."""

    def __init__(self, spec: Spec, rng: random.Random, dealer: str) -> None:
        self.spec, self.rng = spec, rng
        self.ordinary = spec.turn_up
        self.dealer, self.pone = dealer, SEATS[1 - SEATS.index(dealer)]
        self.events: list[dict[str, Any]] = []
        self.trump: Suit | None = None
        self.turn_up: Piece | None = None
        self.stock: list[Piece] = []
        self.drawn = 0
        self.sevens_scored: set[int] = set()  # uids of sevens of trumps that have scored
        self.seats: dict[str, Seat] = {}

    # ---- the course of the deal ----------------------------------------------------------

    def run(self, include_stock: bool, start: dict[str, Any] | None) -> list[dict[str, Any]]:
        self._deal(include_stock)
        leader = self.pone  # BEZ-PLAY-1: the non-dealer leads first
        while self.seats[leader].held:
            leader = self._trick(leader)
        self._result(start)
        return self.events

    def _deal(self, include_stock: bool) -> None:
        cards = [card for card, n in piquet_pack(self.spec.copies).items() for _ in range(n)]
        deck = [Piece(card, uid) for uid, card in enumerate(cards)]
        self.rng.shuffle(deck)
        hands: dict[str, list[Piece]] = {self.pone: [], self.dealer: []}
        at = 0
        for size in self.spec.packets:  # adversary first (BEZ-DEAL-2, RUB-LAW-10)
            for seat in (self.pone, self.dealer):
                hands[seat] += deck[at : at + size]
                at += size
        if self.ordinary:
            self.turn_up, at = deck[at], at + 1
            self.trump = self.turn_up.card.suit  # BEZ-TRUMP-1
        self.stock = deck[at:]
        self.seats = {s: Seat(s, _sorted(hands[s])) for s in SEATS}
        event = {
            "type": "deal",
            "dealer": self.dealer,
            "hands": {s: _names(hands[s]) for s in SEATS},
        }
        if self.turn_up is not None:
            event["turn_up"] = self.turn_up.name
        self._emit(**event, **({"stock": [p.name for p in self.stock]} if include_stock else {}))
        if self.turn_up is not None and self.turn_up.card.rank == "7":  # BEZ-DEAL-3
            self.sevens_scored.add(self.turn_up.uid)
            self._mark(self.seats[self.dealer], 10, "seven")
        for player in self.seats.values():
            if not self.ordinary and not any(p.card.rank in COURT_RANKS for p in player.hand):
                player.carte_blanche = "due"  # RUB-CB-1
        if self.seats[self.pone].carte_blanche == "due":  # RUB-CB-2: the pone shows it at once
            self._carte_blanche(self.seats[self.pone], self.seats[self.pone].hand)

    def _trick(self, leader_name: str) -> str:
        """One trick. While the stock lasts: any card (BEZ-PLAY-2), the winner's turn to
        declare, then the draws, winner first (BEZ-PLAY-4). Then: follow and win (BEZ-LAST-2)."""
        leader, follower = self._pair(leader_name)
        stock = self._stock_left() > 0
        lead = self._play(leader, (self._choose_lead if stock else self._endplay_lead)(leader))
        choose = self._choose_reply if stock else self._endplay_reply
        reply = self._play(follower, choose(follower, lead))
        winner, loser = self._settle(leader, follower, lead, reply)
        if stock:
            self._winner_turn(winner)
            self._draw(winner)
            self._draw(loser)
        elif not winner.hand:  # BEZ-LAST-4, RUB-LAW-53
            self._mark(winner, self.spec.last_trick, "last-trick")
        return winner.name

    def _settle(self, leader: Seat, follower: Seat, lead: Card, reply: Card) -> tuple[Seat, Seat]:
        """Who won (BEZ-PLAY-3) and, in the ordinary game, his brisques at once (BEZ-SCORE-2)."""
        first = trick_winner([lead, reply], self.trump, PIQUET_RANKS) == 0
        winner, loser = (leader, follower) if first else (follower, leader)
        winner.won += [lead, reply]
        brisques = sum(c.rank in BRISQUE_RANKS for c in (lead, reply))
        if self.ordinary and brisques:
            self._mark(winner, 10 * brisques, "brisques")
        return winner, loser

    def _result(self, start: dict[str, Any] | None) -> None:
        if not self.ordinary:  # RUB-GAME-6; brisques are counted only when the laws say so
            raw = {s: self.seats[s].points for s in SEATS}
            brisques = {s: sum(c.rank in BRISQUE_RANKS for c in self.seats[s].won) for s in SEATS}
            outcome = rubicon_value(raw, brisques, demanded=False)
            if outcome.winner is not None:  # RUB-GAME-5: null and void writes no result
                self._emit(type="result", winner=outcome.winner, value=outcome.value)
            return
        carried = (start or {}).get("score", {})
        totals = {s: int(carried.get(s, 0)) + self.seats[s].points for s in SEATS}
        high, low = sorted(SEATS, key=lambda s: -totals[s])
        if totals[high] >= 1000 and totals[high] > totals[low]:  # BEZ-SCORE-3, AMB-21 default
            self._emit(type="result", winner=high, value=2 if totals[low] < 500 else 1)

    # ---- events ----------------------------------------------------------------------------

    def _emit(self, **fields: Any) -> int:
        self.events.append(fields)
        return len(self.events) - 1

    def _mark(self, seat: Seat, points: int, why: str, ref: int | None = None) -> None:
        seat.points += points
        event = {"type": "score", "seat": seat.name, "points": points, "for": why}
        self._emit(**event, **({} if ref is None else {"ref": ref}))

    def _pair(self, leader_name: str) -> tuple[Seat, Seat]:
        other = SEATS[1 - SEATS.index(leader_name)]
        return self.seats[leader_name], self.seats[other]

    def _play(self, seat: Seat, choice: Piece) -> Card:
        """Play ``choice``, from the hand when a copy is there (identical cards, and it keeps
        the table intact); the dealer's carte blanche is shown first (RUB-CB-2)."""
        if seat.carte_blanche == "due":
            self._carte_blanche(seat, seat.hand)
        in_hand = [p for p in seat.hand if p.name == choice.name]
        event = {"type": "play", "seat": seat.name, "card": choice.name}
        if in_hand:
            seat.hand.remove(choice if choice in in_hand else in_hand[0])
        else:
            self._play_from_table(seat, choice)
            event["from"] = "table"
        self._emit(**event)
        return choice.card

    def _play_from_table(self, seat: Seat, piece: Piece) -> None:
        """A record cannot say which of two identical table cards was played, so every
        combination holding either copy is treated as broken (BEZ-DECL-5, RUB-LAW-46) and
        the copy left behind carries the class uses of both (BEZ-COMBO-7)."""
        seat.table.remove(piece)
        twins = [p for p in seat.table if p.name == piece.name]
        broken = [piece, *twins]
        used = set().union(*(p.used for p in broken))
        for twin in twins:
            twin.used = set(used)
        for combo in seat.lines.values():
            if any(p in combo.pieces for p in broken):
                combo.closed = True
        seat.pending = [(i, c) for i, c in seat.pending if not any(p in c.pieces for p in broken)]

    def _stock_left(self) -> int:
        return len(self.stock) - self.drawn + (self.turn_up is not None)

    def _draw(self, seat: Seat) -> None:
        """Take the top card; the turn-up (or the seven exchanged for it) comes last (BEZ-PLAY-4).
        A carte blanche is repeated on each card drawn until a court card comes (RUB-CB-4)."""
        if self.drawn < len(self.stock):
            piece, self.drawn = self.stock[self.drawn], self.drawn + 1
        else:
            assert self.turn_up is not None
            piece, self.turn_up = self.turn_up, None
        seat.hand.append(piece)
        self._emit(type="draw", seat=seat.name, card=piece.name)
        if not self._stock_left():  # BEZ-LAST-1, BEZ-DECL-6: table cards back to hand
            for each in self.seats.values():
                each.hand, each.table, each.pending = _sorted(each.held), [], []
        if seat.carte_blanche == "on":
            if piece.card.rank in COURT_RANKS:
                seat.carte_blanche = "none"
            elif self._stock_left():  # none once the stock is exhausted (BEZ-DECL-6, law 52)
                self._carte_blanche(seat, [piece])

    def _carte_blanche(self, seat: Seat, shown: list[Piece]) -> None:
        """Show the hand or the card drawn, mark 50; the cards stay in hand (RUB-LAW-33)."""
        seat.carte_blanche, seat.points = "on", seat.points + VALUES["carte-blanche"]
        self._declare(seat, "carte-blanche", shown, VALUES["carte-blanche"])

    def _declare(self, seat: Seat, name: str, pieces: list[Piece], points: int | None) -> int:
        event = {"type": "declare", "seat": seat.name, "combination": name, "cards": _names(pieces)}
        return self._emit(**event, **({} if points is None else {"points": points}))

    # ---- declarations ----------------------------------------------------------------------

    def _winner_turn(self, winner: Seat) -> None:
        """The trick's one score (BEZ-DECL-1, -3): a carried combination, a fresh one (perhaps
        with another announced "to score", BEZ-DECL-4) or, instead, the seven of trumps
        (BEZ-SEVEN-2, Foster: never both)."""
        fresh = max(self._candidates(winner), key=lambda c: c.value, default=None)
        carried = max(winner.pending, key=lambda t: t[1].value, default=None)
        if carried is not None and carried[1].value >= (fresh.value if fresh else 0):
            ref, combo = carried
            winner.pending.remove(carried)
            combo.scored = True
            self._mark(winner, combo.value, "declaration", ref)
        elif fresh is not None:
            self._lay(winner, fresh, scored=True)
            if self.rng.random() < ANNOUNCE_EXTRA:
                extra = [c for c in self._candidates(winner) if c.base is None]  # not a build-up
                extra = [c for c in extra if c.cls != "A" or self.trump is not None]
                if extra:
                    self._lay(winner, max(extra, key=lambda c: c.value), scored=False)
        elif self._seven(winner) is not None:
            self._exchange(winner)

    def _lay(self, seat: Seat, combo: Combo, scored: bool) -> None:
        """Put the combination's cards on the table and mark it, or carry it "to score"."""
        for piece in combo.pieces:
            piece.used.add(combo.cls)
            if piece in seat.hand:
                seat.hand.remove(piece)
                seat.table.append(piece)
        if combo.base is not None:  # the lower step is absorbed (RUB-LAW-47, -48)
            combo.base.closed = True
        seat.lines[combo.key], combo.scored = combo, scored
        index = self._declare(seat, combo.name, combo.pieces, combo.value if scored else None)
        if not scored:
            seat.pending.append((index, combo))
            return
        seat.points += combo.value
        if combo.cls == "A" and self.trump is None:  # RUB-TRUMP-1: the first scored fixes
            self.trump = combo.pieces[0].card.suit

    def _seven(self, seat: Seat) -> Piece | None:
        """A seven of trumps in the hand that has not scored yet (BEZ-SEVEN-2, -3)."""
        if self.trump is None or self.turn_up is None:
            return None
        seven = NAMES[self.trump]["7"]
        return next(
            (p for p in seat.hand if p.name == seven and p.uid not in self.sevens_scored), None
        )

    def _exchange(self, seat: Seat) -> None:
        seven = self._seven(seat)
        assert seven is not None and self.turn_up is not None
        seat.hand[seat.hand.index(seven)] = self.turn_up
        self.turn_up = seven  # it is now the last card of the stock
        self.sevens_scored.add(seven.uid)
        seat.points += 10
        self._emit(type="exchange", seat=seat.name, points=10)

    def _candidates(self, seat: Seat) -> list[Combo]:
        """Every combination the seat could declare now, each bringing a card from the hand."""
        avail: _Avail = {}
        for piece in seat.table + seat.hand:  # table copies first: see _pick
            avail.setdefault(piece.name, []).append(piece)
        found = [c for suit in Suit for c in self._class_a(seat, suit, avail)]
        found += self._class_b(seat, avail)
        found += [c for rank in QUARTETS for c in self._class_c(seat, rank, avail)]
        hand = {p.uid for p in seat.hand}
        return [c for c in found if any(p.uid in hand for p in c.pieces)]

    def _intact(self, seat: Seat, combo: Combo) -> bool:
        return combo.scored and not combo.closed and all(p in seat.table for p in combo.pieces)

    def _class_a(self, seat: Seat, suit: Suit, avail: _Avail) -> list[Combo]:
        """Marriage, or sequence at once, or a scored marriage grown into the sequence
        (BEZ-COMBO-5, RUB-LAW-36); never a marriage again in that suit (BEZ-COMBO-4, -7)."""
        royal = self.trump is None or suit == self.trump  # RUB-TRUMP-1: the first fixes trumps
        sequence_ok = royal or not self.ordinary  # ORD: trumps only (BEZ-COMBO-0, AMB-22)
        key, found = f"A:{suit.value}", list[Combo]()
        line = seat.lines.get(key)
        if line is None:
            king, queen = (_pick(avail, [NAMES[suit][r]], 1, "A") for r in ("K", "Q"))
            if not (king and queen):
                return []
            pair = king + queen
            found.append(Combo("royal-marriage" if royal else "marriage", "A", key, pair))
        elif line.level == 1 and self._intact(seat, line):
            pair = line.pieces
        else:
            return []
        if not sequence_ok:
            return found
        picks = [_pick(avail, [NAMES[suit][r]], 1, "A") for r in ("A", "10", "J")]
        if all(picks):
            extra = [p for pick in picks if pick for p in pick]
            name = "royal-sequence" if royal else "sequence"
            found.append(Combo(name, "A", key, pair + extra, 2, base=line))
        return found

    def _class_b(self, seat: Seat, avail: _Avail) -> list[Combo]:
        """Bézique, or a higher one at once, or a scored one raised with new pairs, all its
        cards on the table together (BEZ-COMBO-5, RUB-LAW-38, AMB-23)."""
        line = seat.lines.get("B")
        if line is not None and not self._intact(seat, line):
            return []
        have, old = (line.level, line.pieces) if line else (0, [])
        found = []
        for level in range(have + 1, self.spec.max_bezique + 1):
            queens = _pick(avail, [BEZIQUE_CARDS[0]], level - have, "B")
            jacks = _pick(avail, [BEZIQUE_CARDS[1]], level - have, "B")
            if queens and jacks:
                pieces = old + queens + jacks
                found.append(Combo(BEZIQUES[level - 1], "B", "B", pieces, level, base=line))
        return found

    def _class_c(self, seat: Seat, rank: str, avail: _Avail) -> list[Combo]:
        """Any four of the rank, suits regardless (BEZ-COMBO-2); once per rank."""
        key = f"C:{rank}"
        four = None if key in seat.lines else _pick(avail, RANK_NAMES[rank], 4, "C")
        return [Combo(QUARTETS[rank], "C", key, four)] if four else []

    # ---- strategy ----------------------------------------------------------------------------

    def _ranked(self, seat: Seat) -> list[tuple[float, int, Piece]]:
        """The seat's cards, the one it would most readily give up first. A card's worth:
        rank, trumps, the combinations it belongs to or may still make, a little noise."""
        held = Counter(p.name for p in seat.held)
        ranks = Counter(p.card.rank for p in seat.held)
        to_score = {p.uid for _, c in seat.pending for p in c.pieces}
        growing = {p.uid for c in seat.lines.values() if self._intact(seat, c) for p in c.pieces}
        on_table = {p.uid for p in seat.table}
        seven, lines, bezique = self._seven(seat), seat.lines, seat.lines.get("B")
        raise_bezique = bezique is None or bezique.level < self.spec.max_bezique

        def keep(piece: Piece) -> float:
            card = piece.card
            value = RANK_KEEP[card.rank] + 2.0 * (card.suit == self.trump) + 4.0 * (piece is seven)
            if card.rank in QUARTETS and f"C:{card.rank}" not in lines:
                value += 0.8 * ranks[card.rank]
            value += 3.0 * (piece.name in BEZIQUE_CARDS and raise_bezique)
            if card.rank in ("K", "Q") and f"A:{card.suit.value}" not in lines:
                partner = NAMES[card.suit]["Q" if card.rank == "K" else "K"]
                value += (2.0 + 2.0 * (self.trump in (None, card.suit))) * (held[partner] > 0)
            value += 20.0 * (piece.uid in to_score)  # never break one to score (BEZ-DECL-5)
            value += 3.0 * (piece.uid in growing) + 1.0 * (piece.uid in on_table)
            return value + self.rng.random() * 0.6

        return sorted((keep(p), i, p) for i, p in enumerate(seat.held))

    def _choose_lead(self, seat: Seat) -> Piece:
        return self._ranked(seat)[0][2]

    def _choose_reply(self, seat: Seat, lead: Card) -> Piece:
        """Any card may be played while the stock lasts (BEZ-PLAY-2): win when the trick
        holds a brisque or a declaration waits and the winner costs little, else throw low."""
        ranked = self._ranked(seat)
        wins = [t for t in ranked if trick_winner([lead, t[2].card], self.trump, PIQUET_RANKS)]
        losses = [t for t in ranked if t not in wins]
        if wins and losses:
            best = wins[0]
            brisques = (lead.rank in BRISQUE_RANKS) + (best[2].card.rank in BRISQUE_RANKS)
            waiting = seat.pending or self._seven(seat) or self._candidates(seat)
            gain = 3.0 * brisques + 4.0 * bool(waiting)
            return best[2] if best[0] - losses[0][0] <= gain else losses[0][2]
        return ranked[0][2]

    def _endplay_legal(self, seat: Seat, lead: Card) -> list[Piece]:
        """BEZ-LAST-2 (must-win form): a winning card of the suit led, else any of the suit;
        void: a trump; else anything."""
        cards = [p.card for p in seat.hand]
        same = cards_of_suit(cards, lead.suit)
        if same:
            allowed = winning_cards(same, [lead], self.trump, PIQUET_RANKS) or same
        else:
            allowed = cards_of_suit(cards, self.trump) or cards
        return [p for p in seat.hand if p.card in allowed]

    def _endplay_lead(self, seat: Seat) -> Piece:
        """Cash an ace, strongest first; otherwise lead the weakest card."""
        trump = self.trump
        aces = [p for p in seat.hand if p.card.rank == "A"]
        if aces:
            return max(aces, key=lambda p: (_strength(p.card, trump), -p.uid))
        return min(seat.hand, key=lambda p: (_strength(p.card, trump), p.uid))

    def _endplay_reply(self, seat: Seat, lead: Card) -> Piece:
        """The cheapest legal winner, else the weakest legal card, brisques kept back."""
        legal = self._endplay_legal(seat, lead)
        wins = [p for p in legal if trick_winner([lead, p.card], self.trump, PIQUET_RANKS)]
        spare = not wins  # losing anyway: keep the brisques back

        def cost(p: Piece) -> tuple[bool, int, int]:
            return spare and p.card.rank in BRISQUE_RANKS, _strength(p.card, self.trump), p.uid

        return min(wins or legal, key=cost)
