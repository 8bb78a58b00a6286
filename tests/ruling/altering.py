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
