"""Ruling on revoke penalties: the order several are taken in, and the best choice for
claimants who did not choose, with what each choice gives (WHIST-REVOKE-9, -10).

Functions over ``bench.Bench``, called by ``judge.Judge``, apart from the deal's walk:
they plan the penalties and score each plan, with the game and rubber it gives, through ``scoring``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Literal, cast

from adjudicator.facts.whist_revokes import PenaltyAdvised, PenaltyOrder
from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist import advice, scoring
from adjudicator.games.whist import revokes as revoke_rules
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import DealFacts
from adjudicator.games.whist.revokes import CHOICES, RevokeRuling
from adjudicator.games.whist.scoring import Choice, DealPlan, DealScore, Penalty
from adjudicator.games.whist.summary import GameResult, PenaltyOption
from adjudicator.seats import Side, other_side

#: a combination's worth to the claimants, its score, and the game and rubber it gives
_Outcome = tuple[tuple[int, int, int], DealScore, GameResult | None, GameResult | None]


def plan_deal(
    bench: Bench,
    deal: DealFacts,
    revokes: list[RevokeRuling],
    honours: list[tuple[Side, int]],
    no_win: frozenset[Side],
    void: bool,
    choices: dict[int, str] | None = None,
    won: dict[Side, int] | None = None,
    order: str | None = None,
) -> DealPlan:
    penalties = []
    for r in sorted(revokes, key=_penalty_key(order or bench.rules.penalty_order)):
        if not r.applied:
            continue
        if bench.english:
            choice = (choices or {}).get(id(r)) or r.choice
            if choice not in CHOICES:
                continue
        else:
            choice = "tricks"
            r.choice = "tricks"
        penalties.append(
            Penalty(
                other_side(r.renounce.side),
                cast(Choice, choice),
                revoke_rules.penalty_tricks(bench, revokes, r),
                r.renounce.trick,
                "WHIST-REVOKE-15"
                if not bench.english and bench.rules.awl_revoke_mode == "duplicate"
                else "",
            )
        )
    tricks_won = deal.tricks_won() if won is None else won
    return DealPlan(tricks_won, tuple(penalties), tuple(honours), no_win, void)


def _penalty_key(order: str | None) -> Callable[[RevokeRuling], tuple[int, int]]:
    """Penalties in the order the revokes were made, or the order they were claimed."""
    if order == "claims":
        return lambda r: (r.claimed_at or 0, r.renounce.trick)
    return lambda r: (r.renounce.trick, 0)  # stable: same trick, as established


def note_penalty_order(
    bench: Bench, deal: DealFacts, plan: DealPlan, result: DealScore, revokes: list[RevokeRuling]
) -> None:
    """Say which order of several penalties the ruling took, when the other order (the
    other value of option penalty_order) would change the score."""
    if len(plan.penalties) < 2:
        return
    taken = bench.rules.penalty_order
    other = "claims" if taken == "revokes" else "revokes"
    other_plan = plan._replace(
        penalties=plan_deal(
            bench, deal, revokes, list(plan.honours), plan.no_win, False, order=other
        ).penalties
    )
    alt = scoring.score_deal(result.before, other_plan, bench.scoring_rules)
    if (alt.after, alt.winner) == (result.after, result.winner):
        return
    claimed = [r.claimed_at for r in revokes if r.applied and r.claimed_at is not None]
    bench.findings.append(
        make_finding(
            "WHIST-REVOKE-10",
            "info",
            facts=PenaltyOrder(
                deal=deal.number,
                penalties=len(plan.penalties),
                order=cast(Literal["revokes", "claims"], taken),
                score={str(k): v for k, v in result.after.items()},
                other_score={str(k): v for k, v in alt.after.items()},
            ),
            event=max(claimed) if claimed else deal.event,
            deal=deal.number,
            basis=["WHIST-SCORE-3"],
        )
    )


def advise(
    bench: Bench,
    deal: DealFacts,
    revokes: list[RevokeRuling],
    unchosen: list[RevokeRuling],
    honours: list[tuple[Side, int]],
    no_win: frozenset[Side],
    before: dict[Side, int],
) -> list[PenaltyOption]:
    """What each choice of the unchosen penalties gives, and the best, which is applied
    (``advice``: polynomial in the revokes, never every combination)."""
    claimants = other_side(unchosen[0].renounce.side)
    key = _penalty_key(bench.rules.penalty_order)
    ordered = sorted(unchosen, key=lambda r: (r.renounce.side != unchosen[0].renounce.side, key(r)))
    groups = [len(list(g)) for _, g in itertools.groupby(ordered, lambda r: r.renounce.side)]
    cache: dict[tuple[Choice, ...], _Outcome | None] = {}

    def outcome(combo: tuple[Choice, ...]) -> _Outcome | None:
        if combo not in cache:
            choices: dict[int, str] = {id(r): c for r, c in zip(ordered, combo, strict=True)}
            cache[combo] = _scored(
                bench, deal, revokes, honours, no_win, before, choices, claimants
            )
        return cache[combo]

    def rank(combo: tuple[Choice, ...]) -> tuple[int, ...] | None:
        found = outcome(combo)
        return None if found is None else found[0]

    best, shown = advice.advise(groups, rank)
    for r, c in zip(ordered, best, strict=True):
        r.choice = c
    bench.findings.append(_advised(deal, unchosen[0], claimants, best))
    found = [(combo, outcome(combo)) for combo in shown]
    top = rank(best)
    return [_option(combo, o, best, o[0] == top) for combo, o in found if o is not None]


def alternatives(
    bench: Bench,
    deal: DealFacts,
    revokes: list[RevokeRuling],
    chosen: list[RevokeRuling],
    honours: list[tuple[Side, int]],
    no_win: frozenset[Side],
    before: dict[Side, int],
) -> list[PenaltyOption]:
    """What each choice of the penalties the claimants chose would have given, the others as
    chosen: the choice made first (``chosen``), then each other choice of each revoke. A
    penalty once chosen stands; this is for the director to say (what each choice would
    give, WHIST-REVOKE-9)."""
    claimants = other_side(chosen[0].renounce.side)
    if any(r.renounce.side != chosen[0].renounce.side for r in chosen):
        return []  # both sides revoked: each side's claimants chose; no one measure of "best"
    made = tuple(cast(Choice, r.choice) for r in chosen)
    combos = [made] + [
        (*made[:n], c, *made[n + 1 :]) for n in range(len(chosen)) for c in CHOICES if c != made[n]
    ]
    found: list[tuple[tuple[Choice, ...], _Outcome]] = []
    for combo in combos:
        choices: dict[int, str] = {id(r): c for r, c in zip(chosen, combo, strict=True)}
        scored = _scored(bench, deal, revokes, honours, no_win, before, choices, claimants)
        if scored is not None:
            found.append((combo, scored))
    if not found or found[0][0] != made:
        return []  # the choice made is one the rules refuse (tricks short): said elsewhere
    top = max(o[0] for _, o in found)
    best = next(combo for combo, o in found if o[0] == top)
    return [
        _option(combo, o, best, o[0] == top).model_copy(update={"chosen": combo == made})
        for combo, o in found
    ]


def _scored(
    bench: Bench,
    deal: DealFacts,
    revokes: list[RevokeRuling],
    honours: list[tuple[Side, int]],
    no_win: frozenset[Side],
    before: dict[Side, int],
    choices: dict[int, str],
    claimants: Side,
) -> _Outcome | None:
    """The deal scored with these choices of penalty (revoke id -> choice), and its worth to
    the claimants; None for a combination the rules do not allow (three tricks the revokers
    have not got, under ``trick_penalty_shortfall = invalid_choice``)."""
    if bench.rules.trick_penalty_shortfall == "invalid_choice" and revoke_rules.short(
        bench, deal, revokes, choices
    ):
        return None
    result = scoring.score_deal(
        before,
        plan_deal(bench, deal, revokes, honours, no_win, False, choices),
        bench.scoring_rules,
    )
    game, rubber = _preview(bench, result)
    return _rank(claimants, result, game, rubber), result, game, rubber


def _advised(
    deal: DealFacts, first: RevokeRuling, claimants: Side, best: tuple[Choice, ...]
) -> Finding:
    """The finding that names the best choice for claimants who did not choose."""
    return make_finding(
        "WHIST-REVOKE-9",
        "info",
        facts=PenaltyAdvised(
            claimants=claimants,
            seat=first.renounce.seat,
            trick=first.renounce.trick,
            deal=deal.number,
            best=best,
        ),
        event=cast(int, first.claimed_at),
        deal=deal.number,
        trick=first.renounce.trick,
        seat=first.renounce.seat,
    )


def _option(
    combo: tuple[Choice, ...], found: _Outcome, best: tuple[Choice, ...], as_good: bool
) -> PenaltyOption:
    """One choice of penalties as the summary shows it: the score, game and rubber it gives,
    and whether it does as much for the claimants as the best (``_rank``: a tie)."""
    _, result, game, rubber = found
    return PenaltyOption(
        choices=list(combo),
        score=dict(result.after.items()),  # (a dict keyed by str, as the model is)
        game=game,
        rubber=rubber,
        best=combo == best,
        as_good_as_best=as_good,
    )


def _rank(
    claimants: Side, result: DealScore, game: GameResult | None, rubber: GameResult | None
) -> tuple[int, int, int]:
    def signed(g: GameResult | None) -> int:
        return 0 if g is None else (g.value if g.winner == claimants else -g.value)

    revokers = other_side(claimants)
    # a game won turns the scores down: the points past it count nothing (WHIST-SCORE-4)
    lead = 0 if game is not None else result.after[claimants] - result.after[revokers]
    return signed(rubber), signed(game), lead


def game_value(bench: Bench, result: DealScore) -> scoring.GameValue:
    winner = cast(Side, result.winner)
    loser = other_side(winner)
    if bench.rules.game_value_mode == "rubber_points":
        return scoring.english_game_value(winner, result.after[loser])
    return scoring.american_game_value(
        winner,
        result.after[winner],
        result.after[loser],
        bench.scoring_rules.target,
        bench.rules.excess_points == "count_all",
    )


def _preview(bench: Bench, result: DealScore) -> tuple[GameResult | None, GameResult | None]:
    if result.winner is None:
        return None, None
    value = game_value(bench, result)
    game = GameResult(winner=value.winner, value=value.value)
    rubber = None
    if bench.rules.game_value_mode == "rubber_points":
        r = scoring.rubber_value([*bench.position.games, (value.winner, value.value)])
        rubber = GameResult(winner=r.winner, value=r.value) if r else None
    return game, rubber
