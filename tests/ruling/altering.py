"""Simulated records altered at random, shared by the decision's probes: the irregularities
planted in each game, and the disputes added to a record (a claim, a penalty, a challenge)."""

from __future__ import annotations

import random
from typing import Any

#: the irregularities the simulators plant, by game (None: a legal record)
INJECTED: dict[str, list[str | None]] = {
    "whist": ["revoke", "late-revoke-claim", "wrong-mark", "honours-at-four", None],
    "bezique": [
        "declaration-after-drawing",
        "declaration-after-stock-exhausted",
        "endplay-revoke",
        "wrong-combination-value",
        "scoring-card-played",
        None,
    ],
}
INJECTED["rubicon-bezique"] = INJECTED["bezique"]


def whist_dispute(rng: random.Random, honours: bool = False) -> dict[str, Any]:
    """A revoke claim (naming a seat or not) or a penalty chosen by either side (or, with
    ``honours``, a claim of honours)."""
    side = rng.choice(["NS", "EW"])
    choice = rng.choice(["tricks", "deduct", "add", "waive"])
    claim: dict[str, Any] = {"type": "claim", "kind": "revoke", "by": side}
    if choice in ("add", "waive"):  # half the claims name a seat, maybe not the revoker's
        claim["against"] = rng.choice("NESW")
    events: list[dict[str, Any]] = [claim, {"type": "penalty", "by": side, "choice": choice}]
    if honours:
        events.append({"type": "honours", "side": side, "count": rng.choice([3, 4])})
    return rng.choice(events)


def bezique_dispute(
    rng: random.Random, events: list[dict[str, Any]], marks: list[int]
) -> dict[str, Any]:
    """A challenge of one of the ``marks`` (indices of scores and declarations) or an
    end-play claim."""
    kind = rng.choice(["score", "irregular-declaration", "revoke"])
    claim: dict[str, Any] = {"type": "claim", "kind": kind, "by": rng.choice("AB")}
    target = [k for k in marks if events[k]["type"] == "declare"]
    if kind == "score" or (kind != "revoke" and target):
        claim["ref"] = rng.choice(marks if kind == "score" else target)
    return claim


_REASONS = ["dealing", "wrong-number", "cards-counted", "dealer-saw-trump", "card-exposed"]


def whist_table_event(rng: random.Random, events: list[dict[str, Any]], i: int) -> None:
    """Insert at ``i`` one of the table's own events: a call (lawful after a lead out of turn
    or of a card taken back, otherwise binding nobody), a misdeal before a deal, or a claim
    or concession of the tricks not played. Plays near ``i`` are swapped now and then, so
    that a call has a lead out of turn to answer for."""
    seats = "NESW"
    by = rng.choice(seats)
    seat = seats[(seats.index(by) + rng.choice([1, 3])) % 4]
    match rng.choice(["call", "call", "misdeal", "claim-rest", "lead-out-of-turn"]):
        case "call":
            what = rng.choice(["suit", "suit", "card", "waive"])
            call: dict[str, Any] = {"type": "call", "by": by, "seat": seat, "what": what}
            if what == "suit":
                call["suit"] = rng.choice("SHDC")
            elif what == "card":
                later = [e for e in events[i:] if e["type"] == "play" and e["seat"] == seat]
                call["card"] = later[0]["card"] if later else "2C"
            events.insert(i, call)
        case "misdeal":
            deals = [k for k, e in enumerate(events) if e["type"] == "deal"]
            at = rng.choice(deals) if deals else i
            dealer = events[at].get("dealer", by) if deals else by
            misdeal = {"type": "misdeal", "dealer": dealer, "reason": rng.choice(_REASONS)}
            if rng.random() < 0.2:
                misdeal["interrupted"] = True
            events.insert(at, misdeal)
        case "claim-rest":  # the plays after it go: the hands are abandoned on it
            while i < len(events) - 1 and events[i]["type"] == "play":
                del events[i]
            events.insert(i, {"type": "claim-rest", "seat": by, "tricks": rng.randint(0, 4)})
        case _:  # a lead out of turn (the second to play leads), then a call on him
            plays = [k for k in range(i, len(events) - 1) if events[k]["type"] == "play"]
            if len(plays) >= 2 and plays[1] == plays[0] + 1:
                k = plays[0]
                events[k], events[k + 1] = events[k + 1], events[k]
                lead = events[k]["seat"]
                right = seats[(seats.index(lead) + 3) % 4]
                call = {"type": "call", "by": right, "seat": lead, "what": "suit"}
                if rng.random() < 0.25:
                    call["what"] = "waive"
                else:
                    call["suit"] = rng.choice("SHDC")
                events.insert(k + 2, call)
