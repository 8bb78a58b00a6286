"""The decision cannot contradict the ruling (issue 18, part 2).

A director reads the decision aloud; the findings, the deal summaries and the corrected result
are the ruling itself. Each invariant below is a plain function over a ``Ruling`` that returns
the sentences contradicting it (empty when it holds), with a docstring saying what it states.

They are checked over every fixture (JSON and notation) and over simulated records of every
game altered at random: events swapped, dropped and repeated, marks changed, claims and
penalties added. The suite runs ``ADJUDICATOR_INVARIANTS`` altered records (1,000 by
default, some seconds); ``ADJUDICATOR_INVARIANTS=10000`` runs the issue's 10,000. Seeded.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator import InputError, adjudicate, load_record, parse_record
from adjudicator.catalogue import exists
from adjudicator.facts import CallAnswered, Misdeal, RestClaim, RevokeClaimFailed
from adjudicator.facts.bezique_declarations import ChallengeRuled
from adjudicator.facts.bezique_play import PLAY_FACTS, BeziqueEndplayRuleBroken
from adjudicator.facts.marks import HonoursClaimFails
from adjudicator.findings import make_finding
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.ruling.model import Ruling, Sentence
from tests.conftest import FIXTURES, ruling_of
from tests.ruling.altering import INJECTED, bezique_dispute, whist_dispute, whist_table_event

COUNT = int(os.environ.get("ADJUDICATOR_INVARIANTS", "1000"))

Broken = list[str]

_EVENT = re.compile(r"\[event (\d+)\]")
_DEAL = re.compile(r"\b(?:of|in) deal (\d+)")


def _events(s: Sentence) -> list[int]:
    """The events a sentence speaks of: beside it, then any still named in its words."""
    return [*s.events, *(int(n) for n in _EVENT.findall(s.text))]


def _deal_numbers(ruling: Ruling, s: Sentence) -> set[int]:
    """The deals a sentence speaks of: those it names, else that of its first event."""
    named = {int(n) for n in _DEAL.findall(s.text)}
    if named or not _events(s) or not ruling.deals:
        return named
    first, found = _events(s)[0], ruling.deals[0].deal
    for deal in ruling.deals:
        if deal.event <= first:
            found = deal.deal
    return {found}


def _whist_deals(ruling: Ruling) -> list[WhistDealSummary]:
    return [d for d in ruling.deals if isinstance(d, WhistDealSummary)]


# ---------------------------------------------------------------------------------------------
# The invariants
# ---------------------------------------------------------------------------------------------


def failed_claim_has_no_penalty(ruling: Ruling) -> Broken:
    """A revoke claim that fails (or is too late: a ``RevokeClaimFailed`` fact) has no penalty
    applied for it, and the sentence that speaks of it first rests on the finding's rule, not
    on the revoke upheld."""
    failed = {f.event: f.rule for f in ruling.findings if isinstance(f.facts, RevokeClaimFailed)}
    out = [
        f"the penalty of the revoke at event {r.event} counts, its claim having failed"
        for d in _whist_deals(ruling)
        for r in d.revokes
        if r.claimed_at in failed and r.applied
    ]
    for s in ruling.decision:
        if s.events and s.events[0] in failed and s.rules[:1] != [failed[s.events[0]]]:
            out.append(s.text)
    return out


#: words that say a deal had no revoke at all
_NO_REVOKE = re.compile(r"every card followed suit|tricks show no revoke|there was no revoke")


def no_revoke_said_of_a_deal_with_one(ruling: Ruling) -> Broken:
    """ "No revoke" (every card followed suit, the tricks show none) is never said of a deal
    with a revoke finding (WHIST-REVOKE-1 or -2, a violation) in it: neither by a claim's fact
    (the outcome ``no-revoke``) nor in a sentence's words."""
    revoked = {
        f.deal or 1
        for f in ruling.findings
        if f.rule in ("WHIST-REVOKE-1", "WHIST-REVOKE-2") and f.severity == "violation"
    }
    facts = [
        f.message
        for f in ruling.findings
        if isinstance(f.facts, RevokeClaimFailed)
        and f.facts.outcome == "no-revoke"
        and f.facts.deal in revoked
    ]
    return facts + [
        s.text
        for s in ruling.decision
        if _NO_REVOKE.search(s.text) and _deal_numbers(ruling, s) & revoked
    ]


#: the rules of an honours claim that fails (the facts' reasons: not held, at four, not counted)
_HONOURS_FAIL = {"WHIST-HONOURS-2", "WHIST-HONOURS-3", "WHIST-HONOURS-6"}


def honours_claim_failed_counts_none(ruling: Ruling) -> Broken:
    """An honours claim said to fail leaves no honours counted for it: a sentence resting on
    a failing claim's rule (WHIST-HONOURS-2, -3, -6) speaks, by the events beside it, of
    claims that are not counted and whose side scores no honours in that deal; and every
    claim whose finding's facts say it fails is not counted."""
    out = []
    failed = {f.event for f in ruling.findings if isinstance(f.facts, HonoursClaimFails)}
    # an open question of the record (a fragment) says nothing fails: it asks
    questions = {(u.rule, u.event) for u in ruling.undetermined}
    for s in ruling.decision:
        if not set(s.rules) & _HONOURS_FAIL:
            continue
        if any((rule, event) in questions for rule in s.rules for event in s.events):
            continue
        for d in _whist_deals(ruling):
            for claim in d.honours.claims:
                if claim.event not in s.events:
                    continue
                scored = any(i["item"] == "honours" and i["side"] == claim.side for i in d.scores)
                if claim.counted or scored:
                    out.append(s.text)
    for d in _whist_deals(ruling):
        out += [
            f"claim [event {c.event}]" for c in d.honours.claims if c.event in failed and c.counted
        ]
    return out


def _declaration_events(ruling: Ruling, ref: int) -> set[int]:
    """The events of the declaration at ``ref``: its announcement and its score."""
    for d in ruling.deals:
        for row in getattr(d, "declarations", []):
            if ref in (row.event, row.scored_by):
                return {row.event, row.scored_by} - {None}
    return {ref}


def _failed_challenges(ruling: Ruling) -> dict[int, ChallengeRuled]:
    """The challenges the game ruled to fail, by the event of the challenge."""
    return {
        f.event: f.facts
        for f in ruling.findings
        if isinstance(f.facts, ChallengeRuled) and f.facts.outcome == "fails" and f.event
    }


def failed_challenge_is_not_struck(ruling: Ruling) -> Broken:
    """A Bézique challenge or end-play claim that fails (said so, or so ruled: its fact) is
    not then upheld in other words: the score challenged is not said to score nothing or be
    struck, and an end-play claim that fails has no broken end-play rule among the findings."""
    failed = _failed_challenges(ruling)
    broken_endplay = any(
        f.rule == "BEZ-LAST-2" and f.severity == "violation" for f in ruling.findings
    )
    lawful = {
        f.event for f in ruling.findings if f.rule == "BEZ-LAST-2" and f.severity != "violation"
    }
    broken = any(isinstance(f.facts, BeziqueEndplayRuleBroken) for f in ruling.findings)
    out = []
    for s in ruling.decision:
        facts = [failed[e] for e in s.events if e in failed]
        said = re.search(r"challenge.* fails:", s.text) is not None
        if (said or facts) and s.events:
            refs = _declaration_events(ruling, s.events[0])
            out += [
                o.text
                for o in ruling.decision
                if o is not s
                and set(_events(o)[:1]) & refs
                and re.search(r"scores nothing|is struck", o.text)
            ]
        if (broken_endplay and any(f.reason == "every-card-lawful" for f in facts)) or (
            "BEZ-LAST-2" in s.rules and set(s.events) & lawful and broken
        ):
            out.append(s.text)
    return out


def play_irregularities_are_spoken_for(ruling: Ruling) -> Broken:
    """Every irregularity of Bézique play (a violation carrying a fact of play) is said: some
    sentence cites its rule with its event beside the words, as a dispute or among the
    irregularities nobody claimed; none is dropped or said of another event."""
    said = {(rule, e) for s in ruling.decision for rule in s.rules for e in _events(s)}
    return [
        f.message
        for f in ruling.findings
        if isinstance(f.facts, PLAY_FACTS)
        and f.severity == "violation"
        and (f.rule, f.event) not in said
    ]


def _numbers_whist(ruling: Ruling, text: str) -> Broken:
    c = ruling.result.corrected
    out = []
    progress = re.search(r"game in progress stands at NS (-?\d+), EW (-?\d+)", text)
    if progress and [int(progress[1]), int(progress[2])] != [c.score["NS"], c.score["EW"]]:
        out.append(text)
    worth = [int(n) for n in re.findall(r"won a game worth (\d+)", text)]
    if worth and worth != [g.value for g in c.games]:
        out.append(text)
    rubber = re.search(r"win the rubber, worth (\d+)", text)
    if rubber and (c.rubber is None or int(rubber[1]) != c.rubber.value):
        out.append(text)
    return out


def _numbers_bezique(ruling: Ruling, text: str) -> Broken:
    c = ruling.result.corrected
    figures = re.search(
        r"The (?:score stands|corrected score|score): .*?(-?\d+), .*?(-?\d+);", text
    )
    if figures and [int(figures[1]), int(figures[2])] != [c.score["A"], c.score["B"]]:
        return [text]
    return []


def _numbers_rubicon(ruling: Ruling, text: str) -> Broken:
    games = ruling.result.corrected.games
    m = re.search(r"The result of (?:game (\d+)|the game)", text)
    if m is None:
        return []
    game = games[int(m[1] or 1) - 1]
    worth = re.search(r"wins it, worth (\d+)", text)
    if (worth is None) != (game.winner is None) or (worth and int(worth[1]) != game.value):
        return [text]
    return []


_NUMBERS: dict[str, Callable[[Ruling, str], Broken]] = {
    "whist": _numbers_whist,
    "bezique": _numbers_bezique,
    "rubicon-bezique": _numbers_rubicon,
}

#: rules the result sentences themselves rest on, by game
_RESULT_RULES = {
    "whist": {
        "WHIST-SCORE-3",
        "WHIST-RUBBER-2",
        "WHIST-RUBBER-3",
        "WHIST-RUBBER-4",
        "WHIST-SCORE-1",
    },
    "bezique": {"BEZ-SCORE-3", "BEZ-LAST-3"},
    "rubicon-bezique": {
        "RUB-GAME-6",
        "RUB-LAST-1",
        "RUB-LAW-50",
        "RUB-GAME-3",
        "RUB-GAME-4",
        "RUB-RUBICON-1",
        "RUB-RUBICON-2",
    },
}


def result_said_is_the_corrected_one(ruling: Ruling) -> Broken:
    """A score said to stand, or said as corrected, is the corrected one: every figure of a
    result sentence (game in progress, games and rubber won, running scores, a game's value)
    is that of ``result.corrected``; and a result said to stand is only said when no
    violation changed it."""
    out = []
    violation = any(f.severity == "violation" for f in ruling.findings)
    for s in ruling.decision:
        if not set(s.rules) & _RESULT_RULES[ruling.game]:  # not a sentence on the result
            continue
        out += _NUMBERS[ruling.game](ruling, s.text)
        if violation and re.search(
            r"The score stands|result of (?:the game|game \d+) stands", s.text
        ):
            out.append(s.text)
    return out


#: the rule a dispute of the record rests on, which no finding states when it is upheld or
#: granted: a claim in time and its penalty, a demand to count the brisques, a card called
_DISPUTE_RULES = [
    (
        re.compile(r"claimed (?:a|the) revoke|by choosing its penalty|same claim covers"),
        "WHIST-REVOKE-7",
    ),
    (re.compile(r"challenge.* fails: the score was good"), "BEZ-SCORE-5"),
    (re.compile(r"^The penalty is|choose the penalty|No penalty counts for it"), "WHIST-REVOKE-9"),
    (re.compile(r"demanded a count of the brisques"), "RUB-GAME-3"),
    (re.compile(r"the call (?:required|was not obeyed)"), "RUB-IRREG-1"),
    # a call disobeyed, a revoke nobody claimed: the time of a claim is what takes the penalty
    (re.compile(r"not claimed before the cards were cut"), "WHIST-REVOKE-7"),
    # honours marked during a later deal, confirmed good (no finding: nothing was wrong)
    (re.compile(r"honours once claimed may be scored at any time"), "WHIST-HONOURS-4"),
]


def rules_cited_are_the_rulings(ruling: Ruling) -> Broken:
    """Every rule ID a sentence cites exists in the catalogue and is one the ruling rests on:
    a finding's rule or basis, a rule an item of a deal's score or an open question rests on,
    or a rule the result itself rests on."""
    own = set(_RESULT_RULES[ruling.game])
    own |= {f.rule for f in ruling.findings} | {b for f in ruling.findings for b in f.basis}
    own |= {u.rule for u in ruling.undetermined}
    for d in ruling.deals:
        own |= {i["rule"] for i in d.scores}
    # the rules of the result's working (a game ended as the target was reached, BEZ-SCORE-4)
    own |= {rule for step in ruling.result.steps for rule in re.findall(r"\[([A-Z0-9-]+)\]", step)}
    out = []
    for s in ruling.decision:
        mine = own | {rule for words, rule in _DISPUTE_RULES if words.search(s.text)}
        if not set(s.rules) <= mine or not all(exists(r) for r in s.rules):
            out.append(f"{s.text} {sorted(set(s.rules) - mine)}")
    return out


def no_option_key_is_spoken(ruling: Ruling) -> Broken:
    """A director's sentence names no engine option key (``endplay_penalty``,
    ``deduct_floor``, ...: the keys of the record's ``rules``, as resolved): it says the rule
    in force in words, and the options stay in the ruling's ``rules``."""
    keys = [key for key in ruling.rules if "_" in key]
    return [
        s.text for s in ruling.decision if any(re.search(rf"\b{key}\b", s.text) for key in keys)
    ]


def _spoken(ruling: Ruling, rule: str, event: int | None) -> list[Sentence]:
    """The sentences that speak of a finding: its rule among theirs, its event beside them."""
    return [s for s in ruling.decision if rule in s.rules and event in _events(s)]


_SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def tricks_not_played_go_as_said(ruling: Ruling) -> Broken:
    """A claim or concession of the tricks not played, said to go as claimed, goes so: the
    deal counts for each side the tricks it won in play and its share of the rest, as the
    claim's facts give it (WHIST-REVOKE-16)."""
    out = []
    for f in ruling.findings:
        claim = f.facts
        if not isinstance(claim, RestClaim):
            continue
        deal = next((d for d in _whist_deals(ruling) if d.deal == claim.deal), None)
        won = [row["winner"] for row in deal.tricks if row["winner"]] if deal else []
        if deal is None or len(won) != claim.trick - 1:
            continue  # a position: the tricks before it are not rows of the deal
        share = {claim.side: claim.tricks, claim.other: claim.remaining - claim.tricks}
        counted = {side: won.count(side[0]) + won.count(side[1]) + share[side] for side in share}
        if counted != deal.tricks_won:
            out += [s.text for s in _spoken(ruling, f.rule, f.event)] or [claim.message()]
    return out


def deal_passes_as_said(ruling: Ruling) -> Broken:
    """A misdeal said to pass the deal (or to leave it with the dealer) is followed by a deal
    of the player it names, unless another misdeal comes first or the next deal is ruled
    dealt out of turn (WHIST-DEAL-7)."""
    misdeals = [f for f in ruling.findings if isinstance(f.facts, Misdeal)]
    out = []
    for f in misdeals:
        assert isinstance(f.facts, Misdeal) and f.event is not None
        later = [d for d in _whist_deals(ruling) if d.event > f.event]
        if not later or any(f.event < (g.event or 0) < later[0].event for g in misdeals):
            continue
        dealt = later[0]
        out_of_turn = any(
            g.rule == "WHIST-DEAL-7" and g.event == dealt.event for g in ruling.findings
        )
        if dealt.dealer != f.facts.next_dealer and not out_of_turn:
            out += [s.text for s in _spoken(ruling, f.rule, f.event)] or [f.message]
    return out


def call_answered_as_the_tricks_show(ruling: Ruling) -> Broken:
    """A call said to be obeyed, paid or disobeyed was answered by the card the tricks show
    that player leading or playing at that event; a card call said obeyed by the card called,
    a suit call by a card of the suit (WHIST-PEN-2, -3; WHIST-REVOKE-2)."""
    out = []
    for f in ruling.findings:
        call = f.facts
        if not isinstance(call, CallAnswered) or call.played_at is None:
            continue
        plays = {
            p["event"]: (p["seat"], p["card"])
            for d in _whist_deals(ruling)
            for row in d.tricks
            for p in row["plays"]
        }
        shown = plays.get(call.played_at)
        right = shown == (call.seat, call.played)
        if call.outcome == "obeyed":
            right = right and (
                call.played == call.card
                if call.call == "card"
                else (call.played or "")[-1:] == call.suit
            )
        if not right:
            out += [s.text for s in _spoken(ruling, f.rule, f.event)] or [f.message]
    return out


def open_replay_is_listed(ruling: Ruling) -> Broken:
    """A Bézique deal whose end-play replay is left open (``indeterminate_from_trick``) has its
    item in ``undetermined`` (BEZ-LAST-3, RUB-LAST-1), and every such item is of a deal left
    open so: what is still open is in that list (issue 18)."""
    if ruling.game == "whist":
        return []
    open_ = {
        d.deal: d.indeterminate_from_trick
        for d in ruling.deals
        if isinstance(d, BeziqueDealSummary) and d.indeterminate_from_trick is not None
    }
    listed = {
        u.deal: u.what
        for u in ruling.undetermined
        if u.rule in ("BEZ-LAST-3", "RUB-LAST-1") and "replayed after the end-play error" in u.what
    }
    out = [
        f"deal {n}: the replay from trick {t} on is not listed"
        for n, t in open_.items()
        if n not in listed
    ]
    return out + [what for n, what in listed.items() if n not in open_]


#: a penalty as the decision names it, and the words its effect begins with
_PENALTY_EFFECT = {
    "three tricks taken from the revokers": " take ",
    "three points deducted from the revokers' score": "three deducted from ",
    "three points added to the claimants' score": " add three to their score",
}
_PENALTY_SAID = re.compile(r"The penalty is (.+?) \((?:[^()]|\([^()]*\))*\): (.*)")


def penalty_said_is_its_effect(ruling: Ruling) -> Broken:
    """A penalty sentence states the effect of the penalty it names: three points deducted is
    never followed by three added (a review heard one claim's choice said with the other
    claim's effect, when the penalties were scored in the order of the claims)."""
    out: list[str] = []
    for s in ruling.decision:
        said = _PENALTY_SAID.match(s.text)
        if said is None or said.group(1) not in _PENALTY_EFFECT:
            continue
        if _PENALTY_EFFECT[said.group(1)] not in said.group(2).split(",")[0]:
            out.append(s.text)
    return out


INVARIANTS = [
    penalty_said_is_its_effect,
    open_replay_is_listed,
    failed_claim_has_no_penalty,
    no_revoke_said_of_a_deal_with_one,
    honours_claim_failed_counts_none,
    failed_challenge_is_not_struck,
    result_said_is_the_corrected_one,
    rules_cited_are_the_rulings,
    no_option_key_is_spoken,
    play_irregularities_are_spoken_for,
    tricks_not_played_go_as_said,
    deal_passes_as_said,
    call_answered_as_the_tricks_show,
]


def contradictions(ruling: Ruling) -> list[tuple[str, str]]:
    """(invariant, sentence) for every sentence of the decision that contradicts the ruling."""
    return [(check.__name__, text) for check in INVARIANTS for text in check(ruling)]


# ---------------------------------------------------------------------------------------------
# Over the fixtures
# ---------------------------------------------------------------------------------------------


def _fixtures() -> list[Path]:
    return sorted(
        p
        for p in FIXTURES.rglob("*")
        if p.suffix in (".json", ".hrn") and "expected" not in p.parts
    )


def test_every_fixtures_decision_agrees_with_its_ruling() -> None:
    broken = []
    for path in _fixtures():
        try:
            ruling = ruling_of(path)
        except InputError:
            continue
        broken += [(path.name, *c) for c in contradictions(ruling)]
    assert broken == []


# ---------------------------------------------------------------------------------------------
# Over simulated records altered at random
# ---------------------------------------------------------------------------------------------


def _alter(rng: random.Random, game: str, record: dict[str, Any]) -> dict[str, Any]:
    """One to three changes: an event swapped, dropped or repeated, a mark changed, a claim
    or a penalty added."""
    record = json.loads(json.dumps(record))
    events = record["events"]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(1, len(events) - 1)
        marks = [k for k, e in enumerate(events[:i]) if e["type"] in ("score", "declare")]
        scores = [e for e in events if e["type"] == "score" and "points" in e]
        match rng.choice(["swap", "drop", "repeat", "mark", "claim", "claim"]):
            case "swap":
                events[i], events[i + 1] = events[i + 1], events[i]
            case "drop":
                del events[i]
            case "mark" if scores:
                rng.choice(scores)["points"] += rng.choice([-20, -10, -4, -1, 1, 2, 4, 10, 30])
            case "claim" if game == "whist":  # a claim, a penalty chosen, honours claimed
                events.insert(i, whist_dispute(rng, honours=True))
            case "claim" if marks:  # a challenge of a mark or a declaration, an end-play claim
                events.insert(i, bezique_dispute(rng, events, marks))
            case _:
                events.insert(i, dict(events[i]))
    return record


def _altered(count: int, seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    from adjudicator.simulate import records

    rng = random.Random(seed)
    sources = [(game, kind) for game, kinds in INJECTED.items() for kind in kinds]
    per = -(-count // (len(sources) * 4))  # four alterations of each simulated record
    for game, kind in sources:
        for record in records(game, per, seed, kind):
            for _ in range(4):
                yield game, _alter(rng, game, record)


@pytest.mark.parametrize("part", range(2))
def test_altered_records_decisions_agree_with_their_rulings(part: int) -> None:
    broken = []
    for game, record in _altered(COUNT // 2, 18 + part):
        try:
            ruling = adjudicate(parse_record(json.dumps(record)))
        except InputError:
            continue
        broken += [(game, *c) for c in contradictions(ruling)]
    assert broken == []


def test_altered_records_with_the_tables_events_agree_with_their_rulings() -> None:
    """Calls, misdeals and claims of the tricks not played planted in simulated whist (the
    simulator makes none): a fifth as many records as the other alterations."""
    from adjudicator.simulate import records

    rng = random.Random(1864)
    broken, kinds = [], set()
    for record in records("whist", max(COUNT // 20, 20), 18, "revoke"):
        for _ in range(5):
            altered = json.loads(json.dumps(record))
            events = altered["events"]
            for _ in range(rng.randint(1, 3)):
                whist_table_event(rng, events, rng.randrange(1, len(events) - 1))
            try:
                ruling = adjudicate(parse_record(json.dumps(altered)))
            except InputError:
                continue
            kinds |= {f.facts.kind for f in ruling.findings if f.facts is not None}
            broken += contradictions(ruling)
    assert broken == []
    assert len(kinds) >= 6  # the plants reach the table's kinds of facts


# ---------------------------------------------------------------------------------------------
# Each invariant can fail: a fixture's decision doctored to contradict its ruling
# ---------------------------------------------------------------------------------------------


def _doctored(
    name: str,
    *edits: tuple[str, str],
    rules: list[str] | None = None,
    events: list[int] | None = None,
) -> Ruling:
    """The fixture's ruling with each ``(old, new)`` of ``edits`` made in the first sentence
    holding ``old`` (and that sentence's rules and events replaced by ``rules`` and
    ``events``, when given)."""
    ruling = adjudicate(load_record(FIXTURES / name))
    sentences = list(ruling.decision)
    for old, new in edits:
        at = next(k for k, s in enumerate(sentences) if old in s.text)
        text = sentences[at].text.replace(old, new)
        kept = rules if rules is not None else sentences[at].rules
        said = events if events is not None else sentences[at].events
        sentences[at] = Sentence(text=text, rules=kept, events=said)
    return ruling.model_copy(update={"decision": sentences})


_DOCTORED: list[tuple[Any, ...]] = [
    (
        no_revoke_said_of_a_deal_with_one,
        "whist/revoke-penalty-tricks.json",
        "The claim is in time and upheld",
        "The claim fails: every card followed suit",
    ),
    (
        failed_challenge_is_not_struck,
        "bezique/plain-marriage-marked-forty-challenged.json",
        "is upheld: the mark was wrong",
        "fails: the score was good",
        ("is corrected to 20", "is struck out"),
    ),
    (  # a challenge of a lawful declaration that fails (its fact), the declaration struck
        failed_challenge_is_not_struck,
        "bezique/ordinary-double-bezique-two-steps-brisques-miscounted.json",
        "is corrected to 100",
        "is struck out",
        {"events": [1]},  # said of the declaration (event 1), not the brisques' mark
    ),
    (result_said_is_the_corrected_one, "whist/clean-rubber.json", "worth 6", "worth 7"),
    (
        no_option_key_is_spoken,
        "whist/clean-rubber.json",
        "worth 6",
        "worth 6 (option revoke_penalty_waivable)",
    ),
    (result_said_is_the_corrected_one, "rubicon-bezique/clean-game.json", "worth 600", "worth 60"),
    (
        result_said_is_the_corrected_one,
        "whist/revoke-penalty-tricks.json",
        "The corrected score",
        "The score stands",
    ),
]


@pytest.mark.parametrize(
    ("check", "fact"),
    [
        (
            failed_claim_has_no_penalty,
            RevokeClaimFailed(
                by="NS", deal=1, outcome="too-late", late_by="cut", seat="E", trick=3
            ),
        ),
        (
            no_revoke_said_of_a_deal_with_one,
            RevokeClaimFailed(by="NS", deal=1, outcome="no-revoke"),
        ),
    ],
)
def test_a_revoke_claims_facts_doctored_to_contradict_are_caught(
    check: Callable[[Ruling], Broken], fact: RevokeClaimFailed
) -> None:
    """The upheld claim of ``revoke-penalty-tricks`` (event 53, its penalty applied) given a
    fact saying it failed: the invariants read the facts, not the words."""
    ruling = adjudicate(load_record(FIXTURES / "whist/revoke-penalty-tricks.json"))
    failed = make_finding("WHIST-REVOKE-7", "violation", facts=fact, event=53, deal=1)
    doctored = ruling.model_copy(update={"findings": [*ruling.findings, failed]})
    assert check(ruling) == []
    assert check(doctored) != []


@pytest.mark.parametrize("case", _DOCTORED, ids=lambda case: case[0].__name__)
def test_each_invariant_catches_a_decision_doctored_to_contradict(case: tuple[Any, ...]) -> None:
    check, name, old, new, *more = case
    options = next((m for m in more if isinstance(m, dict)), {})
    edits = [m for m in more if not isinstance(m, dict)]
    assert check(adjudicate(load_record(FIXTURES / name))) == []
    assert check(_doctored(name, (old, new), *edits, **options)) != []


def test_an_open_replay_left_out_of_undetermined_is_caught() -> None:
    ruling = adjudicate(load_record(FIXTURES / "rubicon-bezique/endplay-failure-to-win.json"))
    assert [u.rule for u in ruling.undetermined] == ["RUB-LAST-1"]
    assert open_replay_is_listed(ruling) == []
    doctored = ruling.model_copy(update={"undetermined": []})
    assert open_replay_is_listed(doctored) == ["deal 1: the replay from trick 57 on is not listed"]


def test_an_irregularity_of_play_left_unsaid_is_caught() -> None:
    name = "bezique/seven-exchanged-after-drawing.json"
    ruling = adjudicate(load_record(FIXTURES / name))
    assert play_irregularities_are_spoken_for(ruling) == []
    kept = [s for s in ruling.decision if "BEZ-SEVEN-2" not in s.rules]
    assert play_irregularities_are_spoken_for(ruling.model_copy(update={"decision": kept}))


def test_an_end_play_claim_said_to_fail_with_a_broken_rule_is_caught() -> None:
    """``endplay-revoke`` with a claim after the error: upheld; the same decision with the
    claim's sentence speaking of a failed claim's finding contradicts the broken rule."""
    record = json.loads((FIXTURES / "bezique" / "endplay-revoke.json").read_text("utf-8"))
    record["events"].insert(131, {"type": "claim", "kind": "revoke", "by": "B"})
    ruling = adjudicate(parse_record(json.dumps(record)))
    assert failed_challenge_is_not_struck(ruling) == []
    error = next(f for f in ruling.findings if f.rule == "BEZ-LAST-2")
    failed = error.model_copy(update={"severity": "warning", "event": 131, "facts": None})
    doctored = ruling.model_copy(update={"findings": [*ruling.findings, failed]})
    assert failed_challenge_is_not_struck(doctored) != []


def test_an_honours_claim_said_to_fail_but_counted_is_caught() -> None:
    """``clean-rubber``'s honours claim at event 53 counts; a sentence resting on
    WHIST-HONOURS-2 with that claim beside it says it fails."""
    name = "whist/clean-rubber.json"
    ruling = adjudicate(load_record(FIXTURES / name))
    assert any(c.event == 53 and c.counted for d in _whist_deals(ruling) for c in d.honours.claims)
    assert honours_claim_failed_counts_none(ruling) == []
    doctored = _doctored(name, ("The", "The"), rules=["WHIST-HONOURS-2"], events=[53])
    assert honours_claim_failed_counts_none(doctored) != []


def test_a_rule_no_part_of_the_ruling_is_caught() -> None:
    name = "whist/revoke-penalty-tricks.json"
    assert (
        rules_cited_are_the_rulings(_doctored(name, ("The", "The"), rules=["WHIST-HONOURS-3"]))
        != []
    )
    assert (
        rules_cited_are_the_rulings(_doctored(name, ("The", "The"), rules=["WHIST-NO-SUCH"])) != []
    )


def test_a_challenge_of_a_carried_declaration_lost_before_it_was_scored_is_upheld() -> None:
    """``carried-lost``: B announced a royal marriage (event 16) to score later, played a card
    of it (24) and scored it all the same (25, BEZ-DECL-5). A challenges it as irregular just
    after (a claim inserted at 26, naming the announcement): upheld, the score struck. It was
    said to fail, "the score was good", while the same decision said it scored nothing."""
    record = json.loads((FIXTURES / "bezique" / "carried-lost.json").read_text("utf-8"))
    claim = {"type": "claim", "kind": "irregular-declaration", "by": "A", "ref": 16}
    record["events"].insert(26, claim)
    ruling = adjudicate(parse_record(json.dumps(record)))
    assert ruling.decision[0].text == (
        "Mabel Thorne (A) challenged the royal marriage scored by Edwin Garrard (B)."
        " The challenge is upheld: it had been lost, a card of it having been played"
        " before it was scored, so the score is struck (Foster p.380)."
    )
    assert ruling.decision[0].events == [16, 26]
    assert contradictions(ruling) == []


def _facts_doctored(name: str, rule: str, **changes: Any) -> Ruling:
    """The fixture's ruling with the facts of its first ``rule`` finding changed."""
    ruling = adjudicate(load_record(FIXTURES / name))
    findings = list(ruling.findings)
    at = next(k for k, f in enumerate(findings) if f.rule == rule and f.facts is not None)
    facts = findings[at].facts
    assert facts is not None
    findings[at] = findings[at].model_copy(update={"facts": facts.model_copy(update=changes)})
    return ruling.model_copy(update={"findings": findings})


_FACTS_DOCTORED: list[tuple[Any, ...]] = [
    (
        tricks_not_played_go_as_said,
        "whist/claim-of-remaining-tricks-disproved.json",
        "WHIST-REVOKE-16",
        {"tricks": 2},
    ),
    (
        deal_passes_as_said,
        "whist/misdeal-adversary-touched-deals-again.json",
        "WHIST-DEAL-8",
        {"next_dealer": "N"},
    ),
    (
        call_answered_as_the_tricks_show,
        "whist/suit-called-after-lead-out-of-turn.json",
        "WHIST-PEN-3",
        {"suit": "S"},
    ),
    (
        call_answered_as_the_tricks_show,
        "whist/eng64-renounce-card-called-lapses-then-obeyed.json",
        "WHIST-PEN-2",
        {"played_at": 3},
    ),
]


@pytest.mark.parametrize("case", _FACTS_DOCTORED, ids=lambda case: case[0].__name__)
def test_each_invariant_of_the_tables_facts_catches_facts_that_contradict_the_deal(
    case: tuple[Any, ...],
) -> None:
    check, name, rule, changes = case
    assert check(adjudicate(load_record(FIXTURES / name))) == []
    assert check(_facts_doctored(name, rule, **changes)) != []
