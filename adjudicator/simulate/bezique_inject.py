"""One planted irregularity in a generated Bézique or Rubicon deal, with the ruling it must draw.

Why: a legal generated deal (``simulate.bezique``) must draw no violation; a deal spoilt in
one known way must draw exactly the finding that ``docs/bezique-rulings.md`` names for it,
at the event it names, and nothing else that is not info. ``inject(record, kind, seed)``
spoils a copy of a record and writes the expectation in ``meta``:

* ``meta["inject"]``: the kind (one of ``INJECTIONS``);
* ``meta["inject_expect"]``: ``"RULE@EVENT;RULE@EVENT"``, every violation and warning the
  ruling must contain, sorted by event then rule.

Everything the spoilt act changes downstream is written as the rules then give it (marks,
the ``result``), so that the planted act is the only irregularity. What a spoilt act still
counts follows the rulings page and the options' defaults: in the ordinary game an unlawful
declaration scores nothing; in Rubicon (``law50_scope = all_declaration_errors``) an
unlawful ``declare`` with points stands, as nobody challenged it (law 50); a marking error is
always corrected (law 51), in the ordinary game with Foster's penalty (the excess goes to
the adversary); after an end-play error (``endplay_penalty = replay``) the value of the deal
as played is the reference the ruling gives.

The scan below is this module's own reading of a generated record (the adjudicator is not
consulted), in the generator's terms: declared cards lie on the table, a card is played
from the table when no copy is in the hand, and table cards go back to the hand when the
stock is exhausted.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from adjudicator.cards import PIQUET_RANKS, Card, Suit
from adjudicator.engine.tricks import cards_of_suit, trick_winner, winning_cards
from adjudicator.games.rubicon.scoring import rubicon_value
from adjudicator.simulate.bezique import BRISQUE_RANKS, CLASS_A, SPECS, VALUES, generate_deal

INJECTIONS = (
    "declaration-after-drawing",
    "declaration-after-stock-exhausted",
    "endplay-revoke",
    "wrong-combination-value",
    "scoring-card-played",
)
MAX_TRIES = 200  # seeds tried by generate_injected before giving up
SEATS = ("A", "B")
CLASS_OF = {
    **dict.fromkeys(("marriage", "royal-marriage", "sequence", "royal-sequence"), "A"),
    **dict.fromkeys(("bezique", "double-bezique", "triple-bezique", "quadruple-bezique"), "B"),
    **dict.fromkeys(("four-aces", "four-kings", "four-queens", "four-jacks"), "C"),
}
FOURS = {"A": "four-aces", "K": "four-kings", "Q": "four-queens", "J": "four-jacks"}
WRONG_BY = (10, 20, 30, 50, 100, -10)  # how far a wrong mark is off


class NoPlace(ValueError):
    """The deal offers no place for this kind of irregularity (try another deal)."""


def inject(record: dict[str, Any], kind: str, seed: int) -> dict[str, Any]:
    """A copy of ``record`` (a generated deal) with one irregularity of ``kind`` planted.

    ``seed`` chooses among the places the deal offers; raise ``NoPlace`` when there is none.
    """
    if kind not in INJECTIONS:
        raise ValueError(f"kind must be one of {', '.join(INJECTIONS)}, got {kind!r}")
    if record.get("game") not in SPECS:
        raise ValueError(f"not a Bézique record: game {record.get('game')!r}")
    spoilt = copy.deepcopy(record)
    edit = _Edit(spoilt)
    rng = random.Random(f"{kind}/{seed}")
    expect = _PLANT[kind](edit, rng)
    edit.finish()
    meta = spoilt.setdefault("meta", {})
    meta["inject"] = kind
    meta["inject_expect"] = ";".join(
        f"{rule}@{event}" for event, rule in sorted((edit.index(e), r) for r, e in expect)
    )
    return spoilt


def generate_injected(game: str, seed: int, kind: str, **kwargs: Any) -> dict[str, Any]:
    """``generate_deal(game, s, **kwargs)`` spoilt by ``inject(..., kind, s)``, for the first
    seed ``s = seed, seed + 1, ...`` whose deal offers a place for ``kind``."""
    if kind not in INJECTIONS:
        raise ValueError(f"kind must be one of {', '.join(INJECTIONS)}, got {kind!r}")
    for s in range(seed, seed + MAX_TRIES):
        try:
            return inject(generate_deal(game, s, **kwargs), kind, s)
        except NoPlace:
            continue
    raise NoPlace(f"no deal of {game} from seed {seed} on offers a place for {kind}")


# ---- reading a record ---------------------------------------------------------------------------


@dataclass(eq=False)
class _Trick:
    number: int
    lead: dict[str, Any]
    reply: dict[str, Any]
    leader: str
    winner: str
    endplay: bool
    trump: Suit | None

    @property
    def follower(self) -> str:
        return _other(self.leader)

    @property
    def cards(self) -> list[str]:
        return [self.lead["card"], self.reply["card"]]


@dataclass(eq=False)
class _Scan:
    """What one pass over the events learns: tricks, hands, table cards, trumps."""

    tricks: list[_Trick] = field(default_factory=list)
    trick_of: dict[int, _Trick] = field(default_factory=dict)  # id(play) -> its trick
    held: dict[int, dict[str, Counter[str]]] = field(default_factory=dict)  # id(play) -> before
    from_table: dict[int, tuple[bool, int]] = field(default_factory=dict)  # id(play) -> (?, copies)
    stock_left: dict[int, int] = field(default_factory=dict)  # id(event) -> cards left before it
    trump_fixer: dict[str, Any] | None = None  # Rubicon: the declaration that made trumps


def _other(seat: str) -> str:
    return "B" if seat == "A" else "A"


def _suit(name: str) -> Suit:
    return Suit(name[-1])


def _scan(record: dict[str, Any]) -> _Scan:
    spec = SPECS[record["game"]]
    events = record["events"]
    deal = events[0]
    scan = _Scan()
    held = {s: Counter(deal["hands"][s]) for s in SEATS}
    table: dict[str, Counter[str]] = {s: Counter() for s in SEATS}
    left = 32 * spec.copies - 2 * spec.hand_size
    last_card = deal.get("turn_up")
    stock = list(deal.get("stock", []))  # top first; the turn-up (or its seven) comes last
    trump = _suit(last_card) if last_card else None
    lead: dict[str, Any] | None = None
    for event in events[1:]:
        scan.stock_left[id(event)] = left
        kind, seat = event["type"], event.get("seat", "")
        if kind == "play":
            card = event["card"]
            scan.held[id(event)] = {s: held[s].copy() for s in SEATS}
            off_table = event.get("from") == "table" or held[seat][card] - table[seat][card] == 0
            scan.from_table[id(event)] = (off_table, table[seat][card])
            table[seat][card] -= off_table
            held[seat][card] -= 1
            if lead is None:
                lead = event
                continue
            cards = [Card.parse(lead["card"]), Card.parse(card)]
            winner = (lead["seat"], seat)[trick_winner(cards, trump, PIQUET_RANKS)]
            trick = _Trick(len(scan.tricks) + 1, lead, event, lead["seat"], winner, not left, trump)
            scan.tricks.append(trick)
            scan.trick_of[id(lead)] = scan.trick_of[id(event)] = trick
            lead = None
        elif kind == "draw":
            top = stock.pop(0) if stock else last_card  # as named, when the record names it
            card = event.get("card") or top
            held[seat][card] += 1
            left -= 1
            if not left:  # BEZ-LAST-1: table cards back to the hand
                table = {s: Counter() for s in SEATS}
        elif kind == "declare" and event["combination"] != "carte-blanche":
            for card, n in Counter(event["cards"]).items():
                table[seat][card] = max(table[seat][card], n)
            if (
                trump is None
                and event.get("points") is not None
                and event["combination"] in CLASS_A
            ):
                trump, scan.trump_fixer = _suit(event["cards"][0]), event  # RUB-TRUMP-1
        elif kind == "exchange":  # BEZ-SEVEN-2: the seven becomes the last card of the stock
            assert trump is not None and last_card is not None
            seven = "7" + trump.value
            held[seat][seven] -= 1
            held[seat][last_card] += 1
            last_card = seven
    return scan


class _Edit:
    """The spoilt record under edit: events are inserted and moved by identity, and every
    ``ref`` (a declaration's index) follows its declaration when indices shift."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.events: list[dict[str, Any]] = record["events"]
        self.game = record["game"]
        self.ordinary = self.game == "bezique"
        self.scan = _scan(record)
        self.refs = [(e, self.events[e["ref"]]) for e in self.events if e.get("ref") is not None]
        self.uncounted = {s: 0 for s in SEATS}  # marks the rules do not count
        self.added = {s: 0 for s in SEATS}  # points the rules add that no mark shows

    def index(self, event: dict[str, Any]) -> int:
        return next(i for i, e in enumerate(self.events) if e is event)

    def insert(self, at: int, event: dict[str, Any]) -> dict[str, Any]:
        self.events.insert(at, event)
        return event

    def move_after(self, event: dict[str, Any], anchor: dict[str, Any]) -> None:
        self.events.pop(self.index(event))
        self.events.insert(self.index(anchor) + 1, event)

    def refer(self, referrer: dict[str, Any], target: dict[str, Any]) -> None:
        self.refs.append((referrer, target))

    def finish(self) -> None:
        for referrer, target in self.refs:
            referrer["ref"] = self.index(target)
        self.record["events"] = self.events
        result = self.result()
        self.events[:] = [e for e in self.events if e["type"] != "result"]
        if result is not None:
            self.events.append(result)

    # ---- the result the rules give (BEZ-SCORE-3; RUB-GAME-6) --------------------------------

    def brisques(self) -> dict[str, int]:
        """The brisques in each seat's tricks, as the events now stand."""
        taken = {s: 0 for s in SEATS}
        for trick in _scan(self.record).tricks:
            taken[trick.winner] += sum(c[:-1] in BRISQUE_RANKS for c in trick.cards)
        return taken

    def result(self, brisques: dict[str, int] | None = None) -> dict[str, Any] | None:
        marks = {s: self.added[s] - self.uncounted[s] for s in SEATS}
        for event in self.events:
            if event["type"] in ("score", "declare", "exchange") and "points" in event:
                marks[event["seat"]] += event["points"]
        if not self.ordinary:  # brisques count only where the laws say (not demanded here)
            outcome = rubicon_value(
                marks, self.brisques() if brisques is None else brisques, demanded=False
            )
            if outcome.winner is None:
                return None
            return {"type": "result", "winner": outcome.winner, "value": outcome.value}
        carried = self.record.get("start", {}).get("score", {})
        totals = {s: int(carried.get(s, 0)) + marks[s] for s in SEATS}
        high, low = sorted(SEATS, key=lambda s: -totals[s])
        if totals[high] >= 1000 and totals[high] > totals[low]:
            return {"type": "result", "winner": high, "value": 2 if totals[low] < 500 else 1}
        return None

    # ---- places ----------------------------------------------------------------------------

    def window(self, trick: _Trick) -> list[dict[str, Any]]:
        """The events after a stock trick and before the next lead: marks, declarations, draws."""
        start = self.index(trick.reply) + 1
        end = start
        while end < len(self.events) and self.events[end]["type"] != "play":
            end += 1
        return self.events[start:end]

    def scored_declarations(self) -> list[dict[str, Any]]:
        return [
            e
            for e in self.events
            if e["type"] == "declare"
            and e["combination"] in CLASS_OF
            and e.get("points") is not None
        ]

    def later_same_class(self, declaration: dict[str, Any]) -> bool:
        """Whether the seat declares again in the class later: a declaration built on this
        one, whose lawfulness may depend on it (BEZ-COMBO-4..7, laws 34-38)."""
        at, cls = self.index(declaration), CLASS_OF[declaration["combination"]]
        return any(
            e["type"] == "declare"
            and e["seat"] == declaration["seat"]
            and CLASS_OF.get(e["combination"]) == cls
            for e in self.events[at + 1 :]
        )


_Expect = list[tuple[str, dict[str, Any]]]


def _choose(rng: random.Random, places: list[Any], what: str) -> Any:
    if not places:
        raise NoPlace(f"no place for {what}")
    return rng.choice(places)


# ---- the kinds ------------------------------------------------------------------------------------


def _declaration_after_drawing(edit: _Edit, rng: random.Random) -> _Expect:
    """BEZ-DECL-1: a declaration marked after the declarer's own draw (and before the
    loser's). Taken from a trick whose winner declared and scored, where nothing later in
    the class depends on it and (Rubicon) it did not make trumps."""
    places = [
        d
        for d in edit.scored_declarations()
        if d is not edit.scan.trump_fixer and not edit.later_same_class(d)
    ]
    declaration = _choose(rng, places, "a declaration to move after the draw")
    at = edit.index(declaration)
    draw = next(e for e in edit.events[at:] if e["type"] == "draw")
    assert draw["seat"] == declaration["seat"]  # the winner draws first
    edit.move_after(declaration, draw)
    if edit.ordinary:  # an unlawful declaration scores nothing; Rubicon: it stands (law 50)
        edit.uncounted[declaration["seat"]] += declaration["points"]
    return [("BEZ-DECL-1", declaration)]


def _held_combinations(hand: Counter[str], trump: Suit | None) -> list[tuple[str, list[str]]]:
    """Marriages (with trumps known), the bézique and fours that the cards hold."""
    found = []
    if trump is not None:
        for suit in Suit:
            king, queen = "K" + suit.value, "Q" + suit.value
            if hand[king] and hand[queen]:
                found.append(("royal-marriage" if suit == trump else "marriage", [king, queen]))
    if hand["QS"] and hand["JD"]:
        found.append(("bezique", ["QS", "JD"]))
    for rank, name in FOURS.items():
        cards = [c for c in sorted(hand.elements()) if c[:-1] == rank][:4]
        if len(cards) == 4:
            found.append((name, cards))
    return found


def _declaration_after_stock_exhausted(edit: _Edit, rng: random.Random) -> _Expect:
    """BEZ-DECL-6: the winner of a trick after the last draw declares and marks a combination
    he holds, one he has not declared in its line before if there is one (else one he has:
    "any declaration" once the stock is exhausted is BEZ-DECL-6 before anything else)."""
    scan = edit.scan
    places: list[tuple[_Trick, str, str, list[str]]]
    again: list[tuple[_Trick, str, str, list[str]]]
    places, again = [], []
    ends = [t for t in scan.tricks if t.endplay]
    before = [t for t in scan.tricks if not t.endplay][-1:] + ends[:-1]
    for previous, trick in zip(before, ends, strict=True):
        seat = previous.winner
        hand = scan.held[id(trick.lead)][seat]
        for name, cards in _held_combinations(hand, trick.trump):
            fresh = not _declared_before(edit, seat, name, cards)
            (places if fresh else again).append((trick, seat, name, cards))
    trick, seat, name, cards = _choose(rng, places or again, "a combination held in the end-play")
    points = VALUES[name]
    declaration = {
        "type": "declare",
        "seat": seat,
        "combination": name,
        "cards": cards,
        "points": points,
    }
    edit.insert(edit.index(trick.lead), declaration)
    if edit.ordinary:  # scores nothing; Rubicon: it stands, not challenged (law 50)
        edit.uncounted[seat] += points
    return [("BEZ-DECL-6", declaration)]


def _declared_before(edit: _Edit, seat: str, name: str, cards: list[str]) -> bool:
    """Whether the seat declared in this combination's line before (a suit's marriage and
    sequence, the béziques, one rank's fours)."""
    cls = CLASS_OF[name]
    for e in edit.events:
        if e["type"] != "declare" or e["seat"] != seat or CLASS_OF.get(e["combination"]) != cls:
            continue
        if cls == "B" or (cls == "A" and e["cards"][0][-1] == cards[0][-1]):
            return True
        if cls == "C" and e["combination"] == name:
            return True
    return False


def _legal_replies(hand: Counter[str], led: str, trump: Suit | None) -> set[str]:
    """BEZ-LAST-2, must-win form: win in the suit led, else follow; void: trump; else any."""
    cards = [Card.parse(c) for c in hand.elements()]
    lead = Card.parse(led)
    same = cards_of_suit(cards, lead.suit)
    if same:
        allowed = winning_cards(same, [lead], trump, PIQUET_RANKS) or same
    else:
        allowed = (cards_of_suit(cards, trump) if trump else []) or cards
    return {str(c) for c in allowed}


def _wins(lead: str, reply: str, trump: Suit | None) -> int:
    return trick_winner([Card.parse(lead), Card.parse(reply)], trump, PIQUET_RANKS)


def _endplay_revoke(edit: _Edit, rng: random.Random) -> _Expect:
    """BEZ-LAST-2: in an end-play trick the second player keeps back a card he was bound to
    play (x) and plays instead one (y) he played on a later trick, where x now goes. Only
    swaps after which every other card is still lawful and every trick has the same winner."""
    scan = edit.scan
    ends = [t for t in scan.tricks if t.endplay]
    places = []
    for n, trick in enumerate(ends):
        seat, x = trick.follower, trick.reply["card"]
        hand = scan.held[id(trick.reply)][seat]
        legal = _legal_replies(hand, trick.lead["card"], trick.trump)
        for m in range(n + 1, len(ends)):
            later = ends[m]
            mine = later.lead if later.leader == seat else later.reply
            y = mine["card"]
            if y in legal or _wins(trick.lead["card"], y, trick.trump) != _wins(
                trick.lead["card"], x, trick.trump
            ):
                continue
            if _swap_keeps_the_rest(scan, ends[n + 1 : m + 1], seat, x, y):
                places.append((trick, later, mine))
    trick, later, mine = _choose(rng, places, "an end-play card to withhold")
    x, y = trick.reply["card"], mine["card"]
    trick.reply["card"], mine["card"] = y, x
    if edit.ordinary:
        _rewrite_brisques(edit, [trick, later])
    return [("BEZ-LAST-2", trick.reply)]


def _swap_keeps_the_rest(scan: _Scan, tricks: list[_Trick], seat: str, x: str, y: str) -> bool:
    """After the swap the seat holds x instead of y up to the last of ``tricks``, where it
    plays x instead of y: every reply must stay lawful and every winner the same."""

    def swapped(play: dict[str, Any]) -> Counter[str]:
        hand = scan.held[id(play)][seat].copy()
        hand[y] -= 1
        hand[x] += 1
        return hand

    for trick in tricks[:-1]:
        if trick.follower == seat:
            allowed = _legal_replies(swapped(trick.reply), trick.lead["card"], trick.trump)
            if trick.reply["card"] not in allowed:
                return False
    last = tricks[-1]
    lead, reply = last.lead["card"], last.reply["card"]
    if last.leader == seat:
        before = scan.held[id(last.reply)][last.follower]
        if reply not in _legal_replies(before, x, last.trump):
            return False
        return _wins(x, reply, last.trump) == _wins(lead, reply, last.trump)
    if x not in _legal_replies(swapped(last.reply), lead, last.trump):
        return False
    return _wins(lead, x, last.trump) == _wins(lead, reply, last.trump)


def _rewrite_brisques(edit: _Edit, tricks: list[_Trick]) -> None:
    """BEZ-SCORE-2: the ordinary game marks a trick's brisques as it is won, right after it."""
    for trick in tricks:
        at = edit.index(trick.reply) + 1
        after = edit.events[at] if at < len(edit.events) else {}
        if after.get("type") == "score" and after.get("for") == "brisques":
            edit.events.pop(at)
        count = sum(c[:-1] in BRISQUE_RANKS for c in trick.cards)
        if count:
            mark = {"type": "score", "seat": trick.winner, "points": 10 * count, "for": "brisques"}
            edit.insert(at, mark)


def _wrong_combination_value(edit: _Edit, rng: random.Random) -> _Expect:
    """BEZ-SCORE-5 (law 51): a declaration marked at a wrong value. The rules count its true
    value; in the ordinary game (Foster) what was marked too much goes to the adversary."""
    declaration = _choose(rng, edit.scored_declarations(), "a scored declaration")
    by = rng.choice(WRONG_BY)
    seat = declaration["seat"]
    declaration["points"] += by
    edit.uncounted[seat] += by
    if edit.ordinary and by > 0:
        edit.added[_other(seat)] += by
    return [("BEZ-SCORE-5", declaration)]


def _scoring_card_played(edit: _Edit, rng: random.Random) -> _Expect:
    """BEZ-DECL-5 (law 46): a combination carried "to score" (one the deal carried, or a
    scored one now announced "to score" instead) loses a card played from the table, and is
    scored all the same on a later trick won while the stock lasts. That score counts
    nothing (in Rubicon see ``_either_reading``)."""
    scan = edit.scan
    scored_later = {id(target) for _, target in edit.refs}
    places = []
    for declaration in edit.events:
        if declaration["type"] != "declare" or declaration["combination"] not in CLASS_OF:
            continue
        if declaration.get("points") is None and id(declaration) in scored_later:
            continue
        if declaration is not scan.trump_fixer:  # Rubicon: trumps stay as they were
            places += [(declaration, t) for t in _won_after_a_card_played(edit, declaration)]
    if not edit.ordinary:
        brisques = edit.brisques()
        unique = {id(d): d for d, _ in places}
        settled = {k: _either_reading(edit, d, brisques) for k, d in unique.items()}
        places = [p for p in places if settled[id(p[0])]]
    declaration, trick = _choose(rng, places, "a carried combination broken by a play")
    seat = declaration["seat"]
    points = VALUES[declaration["combination"]]
    declaration.pop("points", None)  # (now) announced "to score": it never scores
    draw = next(e for e in edit.window(trick) if e["type"] == "draw")
    score = {"type": "score", "seat": seat, "points": points, "for": "declaration"}
    edit.insert(edit.index(draw), score)
    edit.refer(score, declaration)
    edit.uncounted[seat] += points  # a score of a lost combination counts nothing
    return [("BEZ-DECL-5", score)]


def _won_after_a_card_played(edit: _Edit, declaration: dict[str, Any]) -> list[_Trick]:
    """The stock tricks the declarer wins after playing a card of the declaration from the
    table, when it was the only copy there (so it is the combination's own card), and before
    he declares again in the class with one of its cards (which could build on it or absorb
    it, laws 47-48, rather than break it)."""
    scan = edit.scan
    seat, cards = declaration["seat"], set(declaration["cards"])
    cls = CLASS_OF[declaration["combination"]]
    broken, won = False, []
    for event in edit.events[edit.index(declaration) + 1 :]:
        if scan.stock_left.get(id(event), 0) == 0:
            break
        if event["type"] == "declare" and event["seat"] == seat:
            if CLASS_OF.get(event["combination"]) == cls and cards & set(event["cards"]):
                break
        elif event["type"] == "play":
            off_table, copies = scan.from_table[id(event)]
            mine = event["seat"] == seat and event["card"] in cards
            broken = broken or (mine and off_table and copies == 1)
            trick = scan.trick_of[id(event)]
            if broken and event is trick.reply and trick.winner == seat:
                won.append(trick)
    return won


def _either_reading(edit: _Edit, declaration: dict[str, Any], brisques: dict[str, int]) -> bool:
    """Rubicon: whether an unchallenged score of a forfeited combination stands (law 50,
    ``law50_scope = all_declaration_errors``) or counts nothing (law 46) is not settled by
    the rulings page; plant it only where both readings give the same result. The deal
    as generated counts the declaration once if it was scored, never if it was carried:
    one reading gives that, the other that less (or more) its value."""
    seat, value = declaration["seat"], VALUES[declaration["combination"]]
    as_dealt = edit.result(brisques)
    edit.uncounted[seat] += value if declaration.get("points") is not None else -value
    other = edit.result(brisques)
    edit.uncounted[seat] -= value if declaration.get("points") is not None else -value
    return as_dealt == other


_PLANT = {
    "declaration-after-drawing": _declaration_after_drawing,
    "declaration-after-stock-exhausted": _declaration_after_stock_exhausted,
    "endplay-revoke": _endplay_revoke,
    "wrong-combination-value": _wrong_combination_value,
    "scoring-card-played": _scoring_card_played,
}
