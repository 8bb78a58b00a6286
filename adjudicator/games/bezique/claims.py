"""Claims on a Bézique deal: challenges of declarations and marks (laws 50, 51), and the
end-play claim that every card was lawful.

A challenge of an unlawful score in time (before a card of the next trick) strikes it
(law 50); a late one, of a score law 50 lets stand, is told it came too late; a challenge of
a mark the rules give fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from adjudicator.facts.bezique_declarations import ChallengeRuled
from adjudicator.findings import Finding, make_finding
from adjudicator.games.bezique.facts import BeziqueDealFacts
from adjudicator.record.bezique import BeziqueClaim

if TYPE_CHECKING:
    from adjudicator.games.bezique.facts import Declaration


def _find(
    deal: BeziqueDealFacts,
    findings: list[Finding],
    rule: str,
    fact: ChallengeRuled,
    basis: tuple[str, ...] = (),
) -> None:
    """A challenge's finding (a warning: it fails, or it came too late), from its fact."""
    findings.append(
        make_finding(
            rule, "warning", facts=fact, event=fact.at, deal=deal.number, seat=fact.by, basis=basis
        )
    )


def score_claims(deal: BeziqueDealFacts, findings: list[Finding], founded: set[int]) -> None:
    """A challenge of a mark (``claim`` kind ``score``) that finds it right fails (warning);
    one against an unlawful score (``founded``, ruled in ``challenges``) does not."""
    wrong = {f.event for f in findings if f.rule == "BEZ-SCORE-5"}
    # a declaration marked a second time (the replay's finding): the objection to it is right
    wrong.update(event for event, _, _ in deal.marked_again)
    for index, claim in deal.claims:
        if claim.kind != "score" or index in founded:
            continue
        if claim.ref is None or claim.ref not in wrong:
            fact = ChallengeRuled(
                by=claim.by,
                claim="score",
                at=index,
                ref=claim.ref,
                outcome="fails",
                reason="good-mark",
            )
            _find(deal, findings, "BEZ-SCORE-5", fact)


def next_card(deal: BeziqueDealFacts, after: int) -> int | None:
    """The first card of the first trick begun after an event (law 50's time limit)."""
    return next((e for _, e in sorted(deal.first_trick_events.items()) if e > after), None)


class _Challenges:
    """The challenges of one deal being ruled on: the scores challenged (event -> in time),
    the claims founded, and the findings of those that fail or come too late."""

    def __init__(
        self,
        deal: BeziqueDealFacts,
        findings: list[Finding],
        stands_late: Callable[[str, bool], bool],
    ) -> None:
        self.deal, self.findings, self.stands_late = deal, findings, stands_late
        # keyed by event index, looked up by a claim's ``ref`` (typed index or id: load
        # resolves ids to indices, and a key not found reads as no declaration)
        self.by_event: dict[Any, Declaration] = deal.by_event()
        self.unlawful = {e: (rule, declared) for e, _, _, rule, declared in deal.illegal_scores}
        self.challenged: dict[int, bool] = {}
        self.founded: set[int] = set()

    def rule_on(self, index: int, claim: BeziqueClaim, scored: int, rule: str, true: bool) -> None:
        """A challenge of an unlawful score: in time, or too late for one law 50 lets stand."""
        next_play = next_card(self.deal, scored)
        in_time = index > scored and (next_play is None or index < next_play)
        self.challenged[scored] = in_time
        self.founded.add(index)
        if not in_time and next_play is not None and self.stands_late(rule, true):
            fact = ChallengeRuled(
                by=claim.by,
                claim=claim.kind if claim.kind == "score" else "irregular-declaration",
                at=index,
                ref=claim.ref,
                score_at=scored,
                in_time=False,
                next_card=next_play,
                outcome="stands",
                reason="too-late",
            )
            _find(self.deal, self.findings, "BEZ-SCORE-6", fact, ("RUB-LAW-50",))

    def unlawful_score(self, index: int, claim: BeziqueClaim) -> bool:
        """A challenge naming an unlawful score (or a declaration whose score was unlawful):
        ruled on in time or not; True when it was."""
        ref = claim.ref
        if ref in self.unlawful:  # the unlawful score of a carried declaration itself
            self.rule_on(index, claim, ref, self.unlawful[ref][0], True)
            return True
        target = self.by_event.get(ref)
        if target is not None and not target.legal and target.marked:
            self.rule_on(index, claim, target.event, target.rule or "", target.true)
            return True
        scores = [
            e for e, (_, declared) in self.unlawful.items() if target and declared == target.event
        ]
        if target is not None and target.legal and scores:  # its unlawful score
            self.rule_on(index, claim, scores[-1], self.unlawful[scores[-1]][0], True)
            return True
        return False

    def irregular(self, index: int, claim: BeziqueClaim) -> None:
        """A challenge of a declaration as irregular that names no unlawful score."""
        target = self.by_event.get(claim.ref) if claim.ref is not None else None
        scored = target is None and claim.ref is not None
        if scored:  # the score of a carried declaration, named by its ``score`` event
            target = next((d for d in self.by_event.values() if d.scored_by == claim.ref), None)
        fact = ChallengeRuled(
            by=claim.by,
            claim="irregular-declaration",
            at=index,
            ref=claim.ref,
            outcome="fails",
            reason="not-a-declaration",
        )
        if target is None:
            _find(self.deal, self.findings, "BEZ-DECL-9", fact)
        elif target.undecided:
            pass  # (in ``undetermined``: the claim waits on the missing fact)
        elif target.legal and index < (target.amended_at or -1):
            self.founded.add(index)  # right when made: the amendment that followed cured it
        elif target.legal:
            fact = fact.model_copy(
                update={
                    "reason": "lawful-declaration",
                    "against": target.seat,
                    "combination": target.name,
                    "scored": scored,
                    "declared_at": target.event,
                }
            )
            _find(self.deal, self.findings, "BEZ-DECL-9", fact)
        else:
            self.founded.add(index)  # an unlawful declaration that marked nothing: nothing stands


def challenges(
    deal: BeziqueDealFacts, findings: list[Finding], stands_late: Callable[[str, bool], bool]
) -> tuple[dict[int, bool], set[int]]:
    """Challenges of unlawful scores (a ``claim`` of kind ``irregular-declaration``, or of
    kind ``score`` naming an unlawful score): in time if made before a card of the next trick
    (law 50). Returns the scores challenged (event -> in time) and the claims founded.

    A late challenge of a score that law 50 lets stand gets a finding saying so;
    ``stands_late(rule, true)`` says whether the score would stand (Rubicon, ``law50_scope``)."""
    ruled = _Challenges(deal, findings, stands_late)
    # the seven of trumps exchanged unlawfully (BEZ-SEVEN-2): its mark, taken down already
    bad_exchanges = {e for e, _, legal in deal.exchanges if not legal}
    for index, claim in deal.claims:
        if claim.kind == "score" and claim.ref in bad_exchanges:
            ruled.founded.add(index)  # an objection to it is right: upheld, never "fails"
            continue
        challenge = claim.kind in ("irregular-declaration", "score") and claim.ref is not None
        if challenge and ruled.unlawful_score(index, claim):
            continue
        if claim.kind == "irregular-declaration":
            ruled.irregular(index, claim)
        elif claim.kind == "revoke" and deal.endplay_error is None and not deal.undecided_endplay:
            # (a fragment's play that its unknown cards leave open: in ``undetermined``)
            fact = ChallengeRuled(
                by=claim.by, claim="revoke", at=index, outcome="fails", reason="every-card-lawful"
            )
            _find(deal, findings, "BEZ-LAST-2", fact)
    return ruled.challenged, ruled.founded
