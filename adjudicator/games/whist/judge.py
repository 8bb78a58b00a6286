"""Ruling on a replayed whist record: claims, penalties, honours, the score and the marks.

Each deal is judged once the whole deal is known, in order, carrying the score of the game
in progress and the games of the rubber. Findings name the rules they rest on; the
arithmetic comes from ``scoring`` so the steps in words are the sums that were added.
"""

from __future__ import annotations

from typing import cast

from adjudicator.cards import CARD_TEXT
from adjudicator.engine.judgement import Judgement
from adjudicator.facts import DealtOutOfTurn
from adjudicator.facts.marks import HonoursVoid
from adjudicator.facts.whist_revokes import ScoreHeld
from adjudicator.findings import make_finding
from adjudicator.games.whist import honours as honour_rules
from adjudicator.games.whist import marks as mark_rules
from adjudicator.games.whist import misdeals as misdeal_rules
from adjudicator.games.whist import penalties as penalty_rules
from adjudicator.games.whist import revokes as revoke_rules
from adjudicator.games.whist import scoring
from adjudicator.games.whist import stopped as stopped_deals
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import DealFacts, MisdealFacts, TimedEvent, WhistReplay
from adjudicator.games.whist.marks import MARK_ITEMS
from adjudicator.games.whist.misdeals import ruling_of
from adjudicator.games.whist.position import honours_bounds, honours_unknown
from adjudicator.games.whist.revokes import RevokeRuling
from adjudicator.games.whist.scoring import DealScore
from adjudicator.games.whist.summary import (
    HonoursClaim,
    PenaltyEffect,
    PenaltyOption,
    ScoreItem,
    WhistDealSummary,
)
from adjudicator.record.whist import WhistRecord, WhistResult, WhistRules
from adjudicator.seats import Side, WhistSeat, left_of

WhistJudgement = Judgement[WhistDealSummary]


class Judge(Bench):
    """Walks the deals in order; one instance per record. The data is ``Bench``'s; each part
    of the ruling is a module of functions over it (``revokes``, ``penalties``, ``honours``,
    ``marks``, ``stopped``, ``misdeals``), called here in the order a deal is judged."""

    # Whole record ---------------------------------------------------------------------

    def run(self) -> WhistJudgement:
        s = self.position.score
        self.steps.append(f"Start: NS {s['NS']}, EW {s['EW']}" + self._games_words())
        for early in self.replay.results_before_deal:
            mark_rules.check_result(self, early.index, early.event.winner, early.event.value, None)
        summaries = [self._judge_deal(deal) for deal in self.replay.deals]
        self._misdeals_after_the_last_deal()
        position = self.position
        rubber = position.last_rubber
        if position.new_rubber:  # the score and games are the new rubber's
            shown_games, shown_rubber = position.games, rubber
        elif position.games or rubber is None:
            shown_games, shown_rubber = position.games, None
        else:
            shown_games, shown_rubber = position.rubber_games, rubber
        corrected: dict[str, object] = {
            "score": dict(position.score),
            "games": [{"winner": w, "value": v} for w, v in shown_games],
            "rubber": (
                None
                if shown_rubber is None
                else {"winner": shown_rubber.winner, "value": shown_rubber.value}
            ),
            "new_rubber": position.new_rubber,
        }
        sheets = {
            side: {i: sheet[i] for i in MARK_ITEMS if i in sheet}
            for side, sheet in self.marked.items()
        }
        claimed: dict[str, object] = {
            "result": self.last_result,
            "results": agreed_results(self.replay),
            "marks": sheets,
        }
        # the plain class: calling the alias ``WhistJudgement`` goes through typing's slow path
        if self.undetermined:
            corrected["indeterminate"] = True
            stopped = any(deal.unfinished for deal in self.replay.deals)
            honours_only = all(u["rule"] == "WHIST-HONOURS-2" for u in self.undetermined)
            self.steps.append(
                "this result depends on what the record cannot decide (see “Cannot be decided"
                " from the record”): the"
                + (
                    " deal stopped part-way scores nothing in these figures"
                    if stopped
                    else " figures read each honours claim as made, as far as the later play allows"
                    if honours_only
                    else " figures count no revoke that the cards shown do not prove"
                )
                + ", for reference only"
            )
        return Judgement(
            self.findings, summaries, corrected, claimed, self.steps, self.undetermined
        )

    def _position_honours(self, deal: DealFacts, held: dict[Side, int]) -> dict[Side, int]:
        """Honours as dealt, for a deal begun at a position: stated, or shown by the hands
        and the later play. A claim the shown honours settle is decided (a side shown to hold
        at most two cannot score them, WHIST-HONOURS-2); one they leave open is undetermined
        and read as made, as far as the shown honours allow."""
        stated = getattr(deal.position, "honours", None)
        if stated is not None:
            return {"NS": stated.get("NS", 0), "EW": stated.get("EW", 0)}
        if not (self.rules.honours_counted and deal.honours and honours_unknown(deal)):
            return held
        shown, unknown = honours_bounds(deal, bool(self.rules.turn_up_counts_for_dealer))
        held = cast(dict[Side, int], dict(shown))
        for timed in deal.honours:
            side = timed.event.side
            low, high = shown[side], shown[side] + unknown
            if high < 3 or low == high:  # decided by what the play shows
                held[side] = high
                if low != high:
                    self.honours_at_most.add(side)
                continue
            count = timed.event.count
            held[side] = max(low, min(count, high))
            asked = (
                f"the {count} honours claimed in deal {deal.number}"
                if held[side] == count
                else f"three honours in deal {deal.number} (they claimed four, and the play"
                " after the position shows at most three)"
            )
            self.undetermined.append(
                {
                    "what": f"Did {side} hold {asked}?",
                    "why": "trump honours were played before the position, which does not"
                    " say who held them",
                    "decides": "the trump A K Q J each side held as dealt (the position's honours)",
                    "rule": "WHIST-HONOURS-2",
                    "event": timed.index,
                    "deal": deal.number,
                }
            )
        return held

    def _games_words(self) -> str:
        games = self.position.games
        if not games:
            return ""
        return "; games won: " + ", ".join(f"{w} {v}" for w, v in games)

    # One deal ----------------------------------------------------------------------------

    def _judge_deal(self, deal: DealFacts) -> WhistDealSummary:
        self._check_rotation(deal)
        before = dict(self.position.score)
        won = deal.tricks_won()
        held = shown = deal.honours_held(bool(self.rules.turn_up_counts_for_dealer))
        self.honours_at_most = set()
        if deal.position is not None:  # (``shown``: what the summary reports as held)
            held = self._position_honours(deal, held)
            shown = held if getattr(deal.position, "honours", None) is not None else shown
        if deal.void_at is not None:
            return self._void_deal(deal, won, shown, before)
        if deal.unfinished or deal.rest is not None:  # (a fragment ended on a claim: cards
            stopped_deals.open_renounces(
                self, deal
            )  # never shown may have held the suit renounced)
        revokes = revoke_rules.judge_claims(self, deal)
        revoke_rules.judge_penalties(self, deal, revokes)
        if deal.unfinished:
            claims = honour_rules.judge_honours(self, deal, before, held)[1]
            result = stopped_deals.stopped_result(self, deal, before)
            return self._summary(deal, won, revokes, shown, claims, before, result, None, [], None)
        no_win, void = revoke_rules.both_sides(self, deal, revokes)
        honours, honour_claims = honour_rules.judge_honours(self, deal, before, held)
        unchosen = [
            r
            for r in revokes
            if r.claimed_at is not None and r.applied and not r.chosen and self.english
        ]
        options: list[PenaltyOption] | None = None
        if unchosen:
            options = penalty_rules.advise(self, deal, revokes, unchosen, honours, no_win, before)
        elif self.summarise and self.english:
            chosen = [r for r in revokes if r.claimed_at is not None and r.applied and r.chosen]
            if chosen and all(r.choice in revoke_rules.CHOICES for r in chosen):
                options = (
                    penalty_rules.alternatives(self, deal, revokes, chosen, honours, no_win, before)
                    or None
                )
        plan = penalty_rules.plan_deal(self, deal, revokes, honours, no_win, void, won=won)
        result = scoring.score_deal(before, plan, self.scoring_rules)
        if void:
            for r in revokes:
                r.applied = False
        else:
            honour_rules.unclaimed_honours_void(self, deal, result)
            self._note_held(deal, result, revokes, no_win)
            self._note_void_honours(deal, result)
            penalty_rules.note_penalty_order(self, deal, plan, result, revokes)
        self.steps.append(
            f"Deal {deal.number} (dealer {deal.dealer}, trumps {deal.trump.suit.noun}):"
        )
        if deal.rest is not None:
            rest = deal.rest
            self.steps.append(
                f"  the {rest.remaining} tricks not played go as claimed at event {rest.event}:"
                f" {rest.side} {rest.tricks}, the adversaries {rest.remaining - rest.tricks}"
                " [WHIST-REVOKE-16]"
            )
        if void:
            self.steps.append(
                "  both sides revoked: the deal is void and nothing is scored (AMB-4)"
            )
            result = scoring.DealScore((), dict(won), before, before, None)
        self.steps.extend(f"  {step.text} [{step.rule}]" for step in result.steps)
        game, rubber, extra = self._after_deal(result)
        self._check_marks(deal, result, game, rubber)
        self._check_results(deal)
        return self._summary(
            deal, won, revokes, shown, honour_claims, before, result, game, extra, rubber, options
        )

    def _check_marks(
        self,
        deal: DealFacts,
        result: DealScore,
        game: scoring.GameValue | None,
        rubber: scoring.RubberValue | None,
    ) -> None:
        """The deal's marks against its score (WHIST-SCORE-7): with ``_check_results``, the
        only part of a deal's judgement that reads its marks and results, so that a mark or
        result pushed after the deal needs only these again (``referee.carried``)."""
        mark_rules.check_marks(self, deal, result, game, rubber)

    def _check_results(self, deal: DealFacts) -> None:
        """The results agreed in the deal, against the games and rubber won so far (read
        again, as the marks, for a result pushed after the deal: ``referee.carried``)."""
        for timed in deal.results:
            mark_rules.check_result(
                self, timed.index, timed.event.winner, timed.event.value, deal.number
            )

    def _void_deal(
        self, deal: DealFacts, won: dict[Side, int], shown: dict[Side, int], before: dict[Side, int]
    ) -> WhistDealSummary:
        """A deal stopped by a pack found imperfect: void, nothing scored (WHIST-DEAL-5)."""
        self.steps.append(
            f"Deal {deal.number} (dealer {deal.dealer}, trumps {deal.trump.suit.noun}):"
        )
        self.steps.append(
            f"  the pack was found imperfect at event {deal.void_at}: the deal is void and"
            " nothing is scored; scores made before stand [WHIST-DEAL-5]"
        )
        result = DealScore((), dict(won), before, before, None)
        return self._summary(deal, won, [], shown, [], before, result, None, [], None)

    def _summary(
        self,
        deal: DealFacts,
        won: dict[Side, int],
        revokes: list[RevokeRuling],
        shown: dict[Side, int],
        honour_claims: list[HonoursClaim],
        before: dict[Side, int],
        result: DealScore,
        game: scoring.GameValue | None,
        extra: list[ScoreItem],
        rubber: scoring.RubberValue | None,
        options: list[PenaltyOption] | None = None,
    ) -> WhistDealSummary:
        """The deal's summary, as plain data."""
        if not self.summarise:
            return cast(WhistDealSummary, None)
        # Plain data, validated into the summary's models in one pass by pydantic-core.
        return WhistDealSummary.model_validate(
            {
                "deal": deal.number,
                "event": deal.event,
                "dealer": deal.dealer,
                "trump": CARD_TEXT[deal.trump],
                "hands": {seat: list(map(_CARD_TEXT, cards)) for seat, cards in deal.hands.items()},
                "tricks": _tricks(deal),
                "tricks_won": won,
                "tricks_after_penalty": result.tricks_after_penalty,
                "revokes": [_revoke(r) for r in revokes],
                "honours": {"held": shown, "claims": honour_claims},
                "score_before": before,
                "scores": [_score(s) for s in result.steps] + extra,
                "score_after": result.after,
                "game": None if game is None else {"winner": game.winner, "value": game.value},
                "rubber": (
                    None if rubber is None else {"winner": rubber.winner, "value": rubber.value}
                ),
                "marks": [
                    {
                        "event": m.index,
                        "side": m.event.side,
                        "for": m.event.for_,
                        "points": m.event.points,
                    }
                    for m in deal.marks
                ],
                "penalty_options": options,
            }
        )

    # The rotation of the deal (WHIST-DEAL-4, -7; WHIST-TABLE-1, -3) -----------------------

    def _check_rotation(self, deal: DealFacts) -> None:
        """The deal passes to the left only within a rubber (English) or a game (American):
        after one ends, partners and deal are cut afresh, so any player may deal the next.
        A misdeal between two deals moves the turn (``misdeals``)."""
        misdeals = [m for m in self.replay.misdeals if m.before_deal == deal.number]
        expected = self._through_misdeals(misdeals, self._turn_to_deal(deal))
        if expected is None or deal.dealer == expected:
            return
        rules = [ruling_of(m.timed.event, self.english).rule for m in misdeals]
        self.findings.append(
            make_finding(
                "WHIST-DEAL-7",
                "violation",
                facts=DealtOutOfTurn(
                    dealer=deal.dealer,
                    turn=expected,
                    deal=deal.number,
                    misdeal=False,
                    after_misdeal=misdeals[-1].timed.index if misdeals else None,
                ),
                event=deal.event,
                deal=deal.number,
                seat=deal.dealer,
                basis=["WHIST-DEAL-4", *rules[-1:]],
            )
        )

    def _turn_to_deal(self, deal: DealFacts) -> WhistSeat | None:
        """Whose turn it is to deal ``deal`` by the rotation, or None when anyone may."""
        position = self.position
        if deal.number == 1:
            return None
        if position.fresh_cut:
            position.fresh_cut = False
            position.new_rubber = self.english
            self.steps.append(
                (
                    "A new rubber begins: partners and deal are cut afresh"
                    if self.english
                    else "A new game begins: the table may be cut afresh for partners and deal"
                )
                + f", so any player may deal; {deal.dealer} deals [WHIST-TABLE-3]"
            )
            return None
        return left_of(self.replay.deals[deal.number - 2].dealer)

    def _misdeals_after_the_last_deal(self) -> None:
        """Misdeals the record ends with (or holds no deal but): each is ruled all the same."""
        if not self.replay.misdeals:
            return
        deals = self.replay.deals
        last = len(deals) + 1
        expected: WhistSeat | None = None
        if deals and not self.position.fresh_cut:
            expected = left_of(deals[-1].dealer)
        self._through_misdeals([m for m in self.replay.misdeals if m.before_deal == last], expected)

    def _through_misdeals(
        self, misdeals: list[MisdealFacts], expected: WhistSeat | None
    ) -> WhistSeat | None:
        """Rule on each misdeal in turn; whose deal it is after the last."""
        for misdeal in misdeals:
            if misdeal.voids_deal is not None:  # the void deal's own dealer, dealing again
                expected = misdeal.timed.event.dealer
            expected = misdeal_rules.misdeal(self, misdeal, expected)
        return expected

    # After the deal: games and rubbers (WHIST-RUBBER-1..4, WHIST-SCORE-4, -5) ---------------------

    def _after_deal(
        self, result: DealScore
    ) -> tuple[scoring.GameValue | None, scoring.RubberValue | None, list[ScoreItem]]:
        """Turn the scores down when a game is won; the items come back as plain data for
        the summary."""
        position = self.position
        position.score = dict(result.after)
        if result.winner is None:
            return None, None, []
        value = penalty_rules.game_value(self, result)
        if not position.games and position.last_rubber is not None:
            position.rubber_games = []
        position.games.append((value.winner, value.value))
        position.score = {"NS": 0, "EW": 0}
        position.fresh_cut = not self.english  # AWL-5: a new game may follow a fresh cut
        # the scores turned down: English, the points past game lost (WHIST-SCORE-4);
        # American, the game stops at seven and the next begins from nothing (WHIST-SCORE-5)
        turned = "WHIST-SCORE-4" if self.english else "WHIST-SCORE-5"
        self.steps.append(f"  {value.text} [{value.rule}]; the scores are turned down [{turned}]")
        items: list[ScoreItem] = [
            {
                "item": "game",
                "side": value.winner,
                "points": value.value,
                "rule": value.rule,
                "text": value.text,
            }
        ]
        if self.rules.game_value_mode == "rubber_points":
            rubber = scoring.rubber_value(position.games)
            if rubber is not None:
                # the games and the rubber's two points (RUBBER-3), less the losers' (RUBBER-4)
                self.steps.extend(
                    f"  {w} [{'WHIST-RUBBER-3' if n == 0 else 'WHIST-RUBBER-4'}]"
                    for n, w in enumerate(rubber.steps)
                )
                items.append(
                    {
                        "item": "rubber",
                        "side": rubber.winner,
                        "points": scoring.RUBBER_BONUS,
                        "rule": "WHIST-RUBBER-3",
                        "text": rubber.steps[0],
                    }
                )
                position.last_rubber = rubber
                position.rubber_games = position.games
                position.games = []
                position.fresh_cut = True  # ENG1900-25: the rotation ends with the rubber
                position.new_rubber = False
                return value, rubber, items
        return value, None, items

    def _note_held(
        self,
        deal: DealFacts,
        result: DealScore,
        revokes: list[RevokeRuling],
        no_win: frozenset[Side],
    ) -> None:
        """A revoking side held below game in the deal (WHIST-REVOKE-11, -14): held is kept
        down at the end of the deal; a side held and then made to lose points ends below the
        hold (the hold is on what the deal leaves it), and is named only when both revoked."""
        capped = [step for step in result.steps if step.capped]
        if not capped:
            return
        counted = result.counted or result.after
        held: dict[str, int] = {
            side: result.after[side]
            for side in sorted(no_win)
            if counted[side] > result.after[side]
        }
        ended: dict[str, int] = {}
        if len(no_win) == 2:  # both sides revoked: name both, held or not
            ended = {side: result.after[side] for side in sorted(no_win) if side not in held}
        if not held and not ended:
            return
        first = next((r for r in revokes if r.renounce.side == capped[0].side), None)
        self.findings.append(
            make_finding(
                "WHIST-REVOKE-11" if self.english else "WHIST-REVOKE-14",
                "info",
                facts=ScoreHeld(
                    deal=deal.number, held=held, ended=ended, cap=self.scoring_rules.cap
                ),
                event=first.renounce.event if first else deal.event,
                deal=deal.number,
                seat=first.renounce.seat if first else None,
            )
        )

    def _note_void_honours(self, deal: DealFacts, result: DealScore) -> None:
        """Honours claimed in a deal whose game was won before they count (WHIST-SCORE-3)."""
        for step in result.steps:
            if step.void and step.item == "honours":
                claim = next((h for h in deal.honours if h.event.side == step.side), None)
                if claim is not None:
                    self.findings.append(
                        make_finding(
                            "WHIST-HONOURS-5",
                            "info",
                            facts=HonoursVoid(
                                side=step.side, deal=deal.number, winner=str(result.winner)
                            ),
                            event=claim.index,
                            deal=deal.number,
                            basis=["WHIST-SCORE-3"],
                        )
                    )


def agreed_results(replay: WhistReplay) -> list[dict[str, object]]:
    """Every result the players agreed, where the record gives it (the ruling's
    ``claimed.results``): the decision and the views tell each game's apart."""
    if not replay.results_before_deal and not any(deal.results for deal in replay.deals):
        return []  # (most records: no result agreed)
    timed: list[tuple[int | None, TimedEvent[WhistResult]]]
    timed = [(None, t) for t in replay.results_before_deal]
    timed += [(deal.number, t) for deal in replay.deals for t in deal.results]
    return [
        {"event": t.index, "deal": deal, "winner": t.event.winner, "value": t.event.value}
        for deal, t in sorted(timed, key=lambda pair: pair[1].index)
    ]


# The deal's summary, as plain data ----------------------------------------------------------

#: A card's text, as a function (mapped over a hand in C).
_CARD_TEXT = CARD_TEXT.__getitem__


def _tricks(deal: DealFacts) -> list[dict[str, object]]:
    """The tricks played, card by card (a position's earlier tricks, only their side known,
    are left out)."""
    text = CARD_TEXT
    rows: list[dict[str, object]] = []
    for t in deal.tricks:
        lawful = t.lawful
        if lawful is not None:  # (its ``plays`` not made: ``facts.lawful_trick``)
            s0, c0, s1, c1, s2, c2, s3, c3, first = lawful
            plays = [
                {"seat": s0, "card": text[c0], "event": first},
                {"seat": s1, "card": text[c1], "event": first + 1},
                {"seat": s2, "card": text[c2], "event": first + 2},
                {"seat": s3, "card": text[c3], "event": first + 3},
            ]
        elif len(made := t.plays) == 4:  # played event by event (a referee's push): no loop
            p0, p1, p2, p3 = made
            plays = [
                {"seat": p0.seat, "card": text[p0.card], "event": p0.event},
                {"seat": p1.seat, "card": text[p1.card], "event": p1.event},
                {"seat": p2.seat, "card": text[p2.card], "event": p2.event},
                {"seat": p3.seat, "card": text[p3.card], "event": p3.event},
            ]
        elif made:
            plays = [{"seat": p.seat, "card": text[p.card], "event": p.event} for p in made]
        else:
            continue
        rows.append(
            {"trick": t.number, "leader": t.leader, "plays": plays, "winner": t.winner or ""}
        )
    return rows


def _revoke(r: RevokeRuling) -> dict[str, object]:
    """A revoke as judged: when made, established and claimed, and the penalty it carries."""
    return {
        "seat": r.renounce.seat,
        "side": r.renounce.side,
        "trick": r.renounce.trick,
        "event": r.renounce.event,
        "established_at": r.renounce.established_at,
        "claimed_at": r.claimed_at,
        "penalty": r.choice,
        "penalty_chosen": r.chosen,
        "applied": r.applied,
    }


def _score(s: scoring.Step) -> ScoreItem:
    """One scored item of the deal, with its rule and the penalty it comes from."""
    row: ScoreItem = {
        "item": s.item,
        "side": s.side,
        "points": s.points,
        "rule": s.rule,
        "text": s.text,
    }
    if s.penalty:
        row["penalty"] = PenaltyEffect(**s.penalty._asdict())
    return row


def judge(
    record: WhistRecord, rules: WhistRules, replay: WhistReplay, summarise: bool = True
) -> WhistJudgement:
    """Rule on every deal of a replayed record. ``summarise=False``: the findings only (the
    deals' summaries left out, and with them the judgement's ``deals``), for a referee's push."""
    return Judge(record, rules, replay, summarise).run()
