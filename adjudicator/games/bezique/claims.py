"""Claims on a Bézique deal: challenges of declarations and marks (laws 50, 51), and the
end-play claim that every card was lawful.

A challenge of an unlawful score in time (before a card of the next trick) strikes it
(law 50); a late one, of a score law 50 lets stand, is told it came too late; a challenge of
a mark the rules give fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from adjudicator.facts.marks import MarkChallengeFails
from adjudicator.findings import Finding
from adjudicator.games.bezique.facts import BeziqueDealFacts
from adjudicator.record.bezique import BeziqueClaim

if TYPE_CHECKING:
    from adjudicator.games.bezique.facts import Declaration


def score_claims(
    deal: BeziqueDealFacts, findings: list[Finding], find: Callable[..., None], founded: set[int]
) -> None:
    """A challenge of a mark (``claim`` kind ``score``) that finds it right fails (warning);
    one against an unlawful score (``founded``, ruled in ``challenges``) does not."""
    wrong = {f.event for f in findings if f.rule == "BEZ-SCORE-5"}
    for index, claim in deal.claims:
        if claim.kind != "score" or index in founded:
            continue
        if claim.ref is None or claim.ref not in wrong:
            fails = MarkChallengeFails(seat=claim.by, ref=claim.ref, deal=deal.number)
            find("BEZ-SCORE-5", "warning", None, index, claim.by, facts=fails)


def _next_card(deal: BeziqueDealFacts, after: int) -> int | None:
    """The first card of the first trick begun after an event (law 50's time limit)."""
    return next((e for _, e in sorted(deal.first_trick_events.items()) if e > after), None)


def challenges(
    deal: BeziqueDealFacts, find: Callable[..., None], stands_late: Callable[[str, bool], bool]
) -> tuple[dict[int, bool], set[int]]:
    """Challenges of unlawful scores (a ``claim`` of kind ``irregular-declaration``, or of
    kind ``score`` naming an unlawful score): in time if made before a card of the next trick
    (law 50). Returns the scores challenged (event -> in time) and the claims founded.

    A late challenge of a score that law 50 lets stand gets a finding saying so;
    ``stands_late(rule, true)`` says whether the score would stand (Rubicon, ``law50_scope``)."""
    # keyed by event index, looked up by a claim's ``ref`` (typed index or id: load resolves
    # ids to indices, and a key not found reads as no declaration)
    by_event: dict[Any, Declaration] = deal.by_event()
    unlawful = {e: (rule, declared) for e, _, _, rule, declared in deal.illegal_scores}
    challenged: dict[int, bool] = {}
    founded: set[int] = set()

    def rule_on(index: int, claim: BeziqueClaim, scored: int, rule: str, true: bool) -> None:
        next_play = _next_card(deal, scored)
        in_time = index > scored and (next_play is None or index < next_play)
        challenged[scored] = in_time
        founded.add(index)
        if not in_time and next_play is not None and stands_late(rule, true):
            find(
                "BEZ-SCORE-6",
                "warning",
                f"{claim.by} challenged the score at event {scored} only at event {index}, "
                f"after a card of the next trick had been played (event {next_play}): too "
                "late, the score stands (law 50).",
                index,
                claim.by,
                basis=["RUB-LAW-50"],
            )

    # the seven of trumps exchanged unlawfully (BEZ-SEVEN-2): its mark, taken down already
    bad_exchanges = {e for e, _, legal in deal.exchanges if not legal}
    for index, claim in deal.claims:
        if claim.kind == "score" and claim.ref in bad_exchanges:
            founded.add(index)  # an objection to it is right: upheld, never "the claim fails"
            continue
        if claim.kind in ("irregular-declaration", "score") and claim.ref is not None:
            if claim.ref in unlawful:  # the unlawful score of a carried declaration itself
                rule_on(index, claim, claim.ref, unlawful[claim.ref][0], True)
                continue
            target = by_event.get(claim.ref)
            if target is not None and not target.legal and target.marked:
                rule_on(index, claim, target.event, target.rule or "", target.true)
                continue
            scores = [
                e for e, (_, declared) in unlawful.items() if target and declared == target.event
            ]
            if target is not None and target.legal and scores:  # its unlawful score
                rule_on(index, claim, scores[-1], unlawful[scores[-1]][0], True)
                continue
        if claim.kind == "irregular-declaration":
            target = by_event.get(claim.ref) if claim.ref is not None else None
            scored = target is None and claim.ref is not None
            if scored:  # the score of a carried declaration, named by its ``score`` event
                target = next((d for d in by_event.values() if d.scored_by == claim.ref), None)
            if target is None:
                find(
                    "BEZ-DECL-9",
                    "warning",
                    f"{claim.by} challenged a declaration, but event "
                    f"{claim.ref} is not a declaration of this deal.",
                    index,
                    claim.by,
                )
                continue
            if target.undecided:
                continue  # (in ``undetermined``: the claim waits on the missing fact)
            if target.legal and index < (target.amended_at or -1):
                founded.add(index)  # right when made: the amendment that followed cured it
                continue
            if target.legal:
                what = (
                    f"score of the {target.name} at event {claim.ref}"
                    if scored
                    else f"{target.name} at event {target.event}"
                )
                find(
                    "BEZ-DECL-9",
                    "warning",
                    f"{claim.by} challenged {target.seat}'s {what}, but it was a lawful "
                    "declaration: the claim fails.",
                    index,
                    claim.by,
                )
                continue
            founded.add(index)  # an unlawful declaration that marked nothing: nothing stands
        elif claim.kind == "revoke" and deal.endplay_error is None and not deal.undecided_endplay:
            # (a fragment's play that its unknown cards leave open: in ``undetermined``)
            find(
                "BEZ-LAST-2",
                "warning",
                f"{claim.by} claimed a failure to follow or win in the "
                "end-play, but every card played was lawful: the claim fails.",
                index,
                claim.by,
            )
    return challenged, founded
