"""Which copy of a duplicated card: the reading of a record consistent with all its events.

With two (or four) packs a player often has one copy of a card on the table and another in
the hand, and copies on the table differ by the combinations they were declared in. A
record that does not say (``from`` on ``play`` and ``declare``) which copy was meant can be
read in several ways; a director calls something illegal, or impossible, only when no
reading makes it lawful (issue 9, class 5).

The replay takes a default reading (the hand first for a play, the player's favour for a
declaration: ``state``, ``copies``) and records each choice it met (``decisions``). Only
when that reading meets an impossibility (``InputError``) or a violation that a choice of
copies can cause (``COPY_RULES``) is another tried: one choice changed at a time, in the
order met, keeping a change when the record reads strictly better (possible first, or
impossible only later; then fewer violations, then fewer objections that fail, then fewer
carried declarations lost), and
going on from there. Ties keep the earlier reading, so the ruling is deterministic; a cap on
the replays keeps hostile input from blowing up. A lawful record is replayed once, on the
fast paths.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from adjudicator.errors import InputError
from adjudicator.games.bezique.facts import BeziqueDealFacts, BeziqueReplay
from adjudicator.games.bezique.state import BeziqueState, replay
from adjudicator.record.bezique import BeziqueEvent

#: At most this many replays beyond the first two for one record.
MAX_REPLAYS = 40

#: The violations a choice of copies can make or unmake: the class rules (which copies were
#: declared in what), the carried declarations lost (which copy was played), the seven of
#: trumps exchanged from the hand (which seven lies on the table). Whatever else a record
#: breaks (timing, draws, hand sizes, the end-play) breaks on every reading: the cards a
#: seat holds, hand and table together, are the same on all of them.
COPY_RULES = frozenset(
    {
        "BEZ-COMBO-4",
        "BEZ-COMBO-6",
        "BEZ-COMBO-7",
        "BEZ-DECL-5",
        "BEZ-COMBO-9",
        "BEZ-COMBO-10",
        "BEZ-SEVEN-2",
    }
)

Cost = tuple[int, int, int, int]


def _cost(result: BeziqueReplay | None, error: InputError | None = None) -> Cost:
    """Impossible first (the later the impossibility, the better: a reading that gets
    further may be completed by a later choice), then the violations, then the objections
    that would fail (an objection at the table is an event to keep good too: of two readings
    each with one unlawful score, the one the objection names), then the carried
    declarations lost."""
    if result is None:
        return (1, -_event_of(error), 0, 0)
    violations = sum(1 for f in result.findings if f.severity == "violation")
    lost = sum(1 for d in result.deals for x in d.declarations if x.status == "lost")
    return (0, violations, sum(_failed_objections(d) for d in result.deals), lost)


def _failed_objections(deal: BeziqueDealFacts) -> int:
    """The challenges of a score or declaration (``claim`` kinds ``score`` and
    ``irregular-declaration``) that name no unlawful score on this reading."""
    unlawful = {e for e, *_ in deal.illegal_scores}
    unlawful.update(d.event for d in deal.declarations if not d.legal)
    unlawful.update(e for e, _, legal in deal.exchanges if not legal)
    return sum(
        1
        for _, claim in deal.claims
        if claim.kind in ("score", "irregular-declaration")
        and claim.ref is not None
        and claim.ref not in unlawful
    )


def _event_of(error: InputError | None) -> int:
    """The event an impossibility was found at (``/events/n/...``), else 0."""
    match = re.match(r"/events/(\d+)", error.pointer) if error is not None else None
    return int(match.group(1)) if match else 0


def _run(
    events: list[BeziqueEvent], make_state: Callable[[], BeziqueState], plan: dict[int, int]
) -> tuple[BeziqueReplay | None, BeziqueState, InputError | None]:
    """One replay on the per-event path, with the plan's choices."""
    state = make_state()
    state.fast = False
    state.plan = plan
    try:
        return replay(events, state), state, None
    except InputError as error:  # kept without its traceback: its frames would hold this one
        return None, state, error.with_traceback(None)  # (a cycle left to the collector)


def _copy_violations(result: BeziqueReplay) -> list[int]:
    """The events of the violations another reading might avoid (``COPY_RULES``)."""
    return [
        f.event
        for f in result.findings
        if f.severity == "violation" and f.rule in COPY_RULES and f.event is not None
    ]


def _last_problem(result: BeziqueReplay | None, state: BeziqueState, end: int) -> int:
    """The event of the last violation another reading might avoid (or where the replay
    stopped): a choice after it cannot make the reading better."""
    if result is None:
        return state.decisions[-1][0] if state.decisions else end
    return max(_copy_violations(result), default=-1)


def best_reading(
    events: Sequence[BeziqueEvent], make_state: Callable[[], BeziqueState]
) -> tuple[BeziqueReplay, dict[int, int]]:
    """The replay of the best reading of the record, and its plan (choice -> alternative).

    Raises the default reading's ``InputError`` when no reading tried is possible."""
    events = list(events)
    first_error: InputError | None = None
    try:
        result: BeziqueReplay | None = replay(events, make_state())
    except InputError as default_error:  # (without its traceback, as in ``_run``)
        result, first_error = None, default_error.with_traceback(None)
    if result is not None and not _copy_violations(result):
        return result, {}  # nothing another reading could avoid
    fast = result
    best, state, error = _run(events, make_state, {})
    first_error = first_error or error
    plan: dict[int, int]
    best_cost, plan = _cost(best, error), {}
    decisions = state.decisions
    budget = MAX_REPLAYS
    number = 0
    horizon = _last_problem(best, state, len(events))
    while number < len(decisions) and budget > 0 and (best is None or _copy_violations(best)):
        at, count = decisions[number]
        if at > horizon:
            break
        for alternative in range(1, count):
            if budget == 0:
                break
            budget -= 1
            trial = {k: v for k, v in plan.items() if k < number}
            trial[number] = alternative
            result, state, error = _run(events, make_state, trial)
            cost = _cost(result, error)
            if cost < best_cost:
                best, best_cost, plan = result, cost, trial
                decisions = state.decisions
                horizon = _last_problem(best, state, len(events))
                break
        number += 1
    if best is None:
        assert first_error is not None
        raise first_error
    if not plan and fast is not None:
        return fast, plan  # the default reading stands: the fast replay's facts
    return best, plan


def replay_best(
    events: Sequence[BeziqueEvent], make_state: Callable[[], BeziqueState]
) -> BeziqueReplay:
    """``best_reading``'s replay."""
    return best_reading(events, make_state)[0]


def sources(
    events: Sequence[BeziqueEvent], make_state: Callable[[], BeziqueState]
) -> dict[int, list[str]]:
    """Where the best reading takes each card of each play and declaration from: what a
    record's ``from`` fields would say to remove every doubt."""
    _, plan = best_reading(events, make_state)
    _, state, _ = _run(list(events), make_state, plan)
    return state.sources
