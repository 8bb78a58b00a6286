"""Ruling on a replayed Rubicon record: each deal is a game, valued by RUB-GAME-6."""

from __future__ import annotations

from adjudicator.engine.judgement import Judgement
from adjudicator.facts.base import said_name
from adjudicator.facts.marks import BrisquesCountRefused, Result
from adjudicator.findings import Finding, make_finding
from adjudicator.games.bezique.facts import BeziqueDealFacts, BeziqueReplay, other
from adjudicator.games.bezique.forced import replay_open
from adjudicator.games.bezique.judge import (
    UNDECIDED_STEP,
    DealPoints,
    Scorer,
    agreed_results,
    early_results,
    position_unknowns,
    score_deal,
    stated_brisques,
    wrong_results,
)
from adjudicator.games.bezique.summarise import summary
from adjudicator.games.bezique.summary import BeziqueDealSummary, DeclarationRow, RubiconGame
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.games.rubicon import scoring
from adjudicator.record.bezique import BeziquePosition, RubiconRecord, RubiconRules

RubiconJudgement = Judgement[BeziqueDealSummary]


def game_value(
    deal: BeziqueDealFacts, points: DealPoints, totals: dict[str, int], rules: RubiconRules
) -> RubiconGame:
    """RUB-GAME-6 step 0 (laws 17-21) and steps 1-7 on one set of raw scores."""
    if deal.unfinished:  # a fragment that stops before the deal's end: no value yet
        return RubiconGame(
            winner=None,
            value=0,
            rubicon=False,
            totals=totals,
            steps=["the deal is not played out: the game has no value yet [RUB-GAME-6]"],
        )
    over = sorted(s for s, v in deal.wrong_size.items() if v == "over")
    if len(over) == 2:
        return RubiconGame(
            winner=None,
            value=0,
            rubicon=False,
            totals=totals,
            steps=[
                "both players held more than nine cards: the game is null and void [RUB-LAW-18]"
            ],
        )
    if over:
        offender = over[0]
        adversary = "B" if offender == "A" else "A"
        value = scoring.law17_value(totals[adversary], totals[offender])
        return RubiconGame(
            winner=adversary,
            value=value,
            rubicon=True,
            totals=totals,
            steps=[
                f"{offender} played with more than nine cards and is rubiconed: "
                f"{scoring.truncate(totals[adversary])} + {min(scoring.truncate(totals[offender]), 900)}"
                f" ({offender}'s score, at most 900) + {scoring.RUBICON_BONUS} = {value}"
                " [RUB-LAW-17]"
            ],
        )
    outcome = scoring.rubicon_value(
        totals,
        points.brisques,
        demanded=points.count_demanded,
        close_mode=rules.brisque_close_mode,
        threshold=rules.brisque_close_threshold,
        rubicon_truncate=rules.rubicon_truncate,
        brisques_known=not _brisques_unstated(deal),
    )
    return RubiconGame(
        winner=outcome.winner,
        value=outcome.value,
        rubicon=outcome.rubicon,
        totals=outcome.totals,
        brisques_counted=outcome.brisques_counted,
        steps=outcome.words(),
    )


def judge_rubicon(
    record: RubiconRecord, replay: BeziqueReplay, summarise: bool = True, tally: Scorer = score_deal
) -> RubiconJudgement:
    """Rubicon's judgement. ``summarise=False``: the findings only (no deal summaries, so no
    ``deals``, and no working in words of each deal's items), for a referee's push; ``tally``: a referee's ``score_deal``, which keeps the
    points of the complete deals."""
    rules = record.rules
    findings = list(replay.findings)
    steps: list[str] = []
    summaries = []
    games: list[dict[str, object]] = []
    last_result: dict[str, object] | None = None
    findings.extend(early_results(replay, "RUB-GAME-6", "rubicon-bezique"))
    undetermined = list(replay.undetermined)
    for deal in replay.deals:
        points = tally(deal, replay.variant, rules)
        findings.extend(points.findings)
        undetermined.extend(_challenges_open(deal, points.rows))
        if points.count_demanded:
            findings.extend(_check_count(deal, points, rules))
        game = game_value(deal, points, points.official, rules)
        made = None
        if points.cards_made != points.official and not deal.unfinished:
            made = game_value(deal, points, points.cards_made, rules)
        if summarise:  # (a referee's push asks the findings only: no working in words)
            steps += _working(deal, points, game)
        if points.indeterminate_from is not None:
            _replay_left_open(deal, points.indeterminate_from, steps, undetermined)
        saver = _brisques_could_save(deal, points, game)
        what = None
        if saver is not None and not game.brisques_counted:
            what = (
                f"The brisques of deal {deal.number}: whether {saver}, with "
                f"{points.official[saver]} and 10 a brisque, reaches 1000 and saves the rubicon"
            )
        counted = game.brisques_counted or saver is not None
        unknowns = position_unknowns(deal, rules, counted=counted, what=what)
        undetermined.extend(unknowns)
        undecided = bool(unknowns) or deal.undecided or deal.unfinished
        if undecided:
            steps.append(UNDECIDED_STEP)
        if made is not None:
            steps.append(
                f"  counting only what the cards made: {made.winner} {made.value} [RUB-LAW-50]"
            )
        games.append(
            {
                "winner": game.winner,
                "value": game.value,
                "rubicon": game.rubicon,
                "totals": dict(game.totals),
                "indeterminate": points.indeterminate_from is not None or undecided,
            }
        )
        possible = {(game.winner, game.value)}
        decide = any(u["rule"] == "RUB-GAME-3" for u in unknowns)
        if decide:  # the brisques decide the value
            possible = _possible_results(points, rules)
        if deal.results:
            _, agreed = deal.results[-1]
            last_result = {"winner": agreed.winner, "value": agreed.value}
        right = [Result(winner=w, value=v) for w, v in sorted(possible, key=str)]
        # the laws of the right result's value are cited with it (law 57, or laws 58-59 for a
        # rubicon), and the brisques counted (laws 60-61): reviews of 2026-12-02
        basis = ["RUB-GAME-6", "RUB-LAW-51", *_value_rules(game)]
        findings += wrong_results(deal, right, "rubicon-bezique", basis, decide=decide)
        shown = None if deal.unfinished else game  # (its steps say why there is none)
        if summarise:
            summaries.append(summary(deal, points, game=shown, game_cards_made=made))
    return RubiconJudgement(
        findings,
        summaries,
        {"games": games},
        {"result": last_result, "results": agreed_results(replay)},
        steps,
        undetermined,
    )


def _working(deal: BeziqueDealFacts, points: DealPoints, game: RubiconGame) -> list[str]:
    """A deal's working in words: its heading, its score lines and its game's steps."""
    trumps = deal.trump.noun if deal.trump else _no_trumps(deal)
    return [
        f"Deal {deal.number} (dealer {deal.dealer}, trumps {trumps}):",
        *(f"  {line['text']} [{line['rule']}]" for line in points.lines),
        *(f"  {s}" for s in game.steps),
    ]


def _no_trumps(deal: BeziqueDealFacts) -> str:
    """No trumps fixed: never, in a deal played out; not yet, in one the record stops in."""
    return "not yet fixed" if deal.unfinished else "never fixed"


def _value_rules(game: RubiconGame) -> list[str]:
    """The rules that give a Rubicon game's value, as the result sentence cites them: law 57,
    or laws 58-59 for a rubicon; and laws 60-61 when the brisques were counted."""
    rules = []
    if game.winner is not None:
        rules += ["RUB-RUBICON-1", "RUB-RUBICON-2"] if game.rubicon else ["RUB-GAME-4"]
    if game.brisques_counted:
        rules.append("RUB-GAME-3")
    return rules


def _challenges_open(
    deal: BeziqueDealFacts, rows: list[DeclarationRow | dict[str, object]]
) -> list[dict[str, object]]:
    """An unlawful score that law 50 lets stand once a card of the next trick is played,
    where the record stops before one is: the adversary may still challenge it (a review
    found it said to stand "as nobody challenged it" of a record that ends before that card)."""
    out: list[dict[str, object]] = []
    for row in rows:
        data = row if isinstance(row, dict) else row.model_dump()
        if not data.get("challenge_open"):
            continue
        seat = str(data["seat"])
        name = said_name(str(data["combination"]))
        out.append(
            {
                "what": f"Does {other(seat)} challenge the {name} {seat} scored in deal"
                f" {deal.number} before a card of the next trick is played?",
                "why": "the record stops before a card of the next trick is played; until one"
                " is, the score may be challenged",
                "decides": f"{other(seat)}'s challenge before that card, which takes the"
                f" {data['marked']} off {seat}'s score, or none, which lets it stand",
                "rule": "RUB-LAW-50",
                "event": data["event"],
                "deal": deal.number,
            }
        )
    return out


def _replay_left_open(
    deal: BeziqueDealFacts, first: int, steps: list[str], undetermined: list[dict[str, object]]
) -> None:
    """Law 55's replay from trick ``first`` on, which the cards do not force (a forced one is
    counted: ``forced.forced_replay``): the value takes the tricks as played, for reference,
    and the replay is listed as what the record leaves open."""
    undetermined.append(replay_open(deal, first, "RUB-LAST-1"))
    steps.append(
        f"  tricks {first} on are to be taken up and replayed "
        "(law 55): this value takes them as played, for reference [RUB-LAST-1]"
    )


def _possible_results(points: DealPoints, rules: RubiconRules) -> set[tuple[str | None, int]]:
    """Every (winner, value) the game can have for the brisques a fragment does not state:
    each seat holds at least those it is seen to take after the position, and the two hold
    all 32 (RUB-GAME-3, RUB-GAME-6)."""
    seen = points.brisques
    out: set[tuple[str | None, int]] = set()
    for a in range(seen["A"], scoring.ALL_BRISQUES - seen["B"] + 1):
        outcome = scoring.rubicon_value(
            points.official,
            {"A": a, "B": scoring.ALL_BRISQUES - a},
            demanded=points.count_demanded,
            close_mode=rules.brisque_close_mode,
            threshold=rules.brisque_close_threshold,
            rubicon_truncate=rules.rubicon_truncate,
        )
        out.add((outcome.winner, outcome.value))
    return out


def _brisques_unstated(deal: BeziqueDealFacts) -> bool:
    """A deal begun at a position that does not state the brisques taken before it: those
    counted are the ones taken after it only."""
    variant = VARIANTS["rubicon-bezique"]
    return isinstance(deal.position, BeziquePosition) and not stated_brisques(deal, variant)


def _brisques_could_save(
    deal: BeziqueDealFacts, points: DealPoints, game: RubiconGame
) -> str | None:
    """A fragment that does not state the brisques taken before its position: whether they
    could bring the loser under 1000 to 1000 and save the rubicon (law 60), so that the value
    waits on them (RUB-GAME-3). The loser holds at most every brisque the winner is not seen
    to take after the position. Returns that loser, or None."""
    if not _brisques_unstated(deal):
        return None
    if game.winner is None or deal.unfinished:
        return None
    loser = "B" if game.winner == "A" else "A"
    raw = points.official[loser]
    most = scoring.ALL_BRISQUES - points.brisques[game.winner]
    return loser if raw < scoring.RUBICON <= raw + scoring.BRISQUE * most else None


def _saving(raw: dict[str, int], seat: str) -> bool:
    """Whether a count demanded by ``seat`` is an attempt to save the rubicon: he has the
    lower score, under 1000 (law 60). Counted, his brisques are not added if they fall
    short ("as if the brisques had not been counted at all", Foster p.394)."""
    return raw[seat] < scoring.RUBICON and raw[seat] < max(raw.values())


def _check_count(deal: BeziqueDealFacts, points: DealPoints, rules: RubiconRules) -> list[Finding]:
    """A demand to count brisques that laws 60-61 do not allow (RUB-GAME-3)."""
    raw = points.official
    reason = scoring.count_reason(
        raw, points.brisques, True, rules.brisque_close_mode, rules.brisque_close_threshold
    )
    if reason is not None:
        return []
    index, claim = next((i, c) for i, c in deal.claims if c.kind == "count-brisques")
    if _saving(raw, claim.by):
        return []  # a lawful attempt to save the rubicon that fails (law 60; RUB-RUBICON-2)
    return [
        make_finding(
            "RUB-GAME-3",
            "warning",
            facts=BrisquesCountRefused(
                seat=claim.by,
                deal=deal.number,
                scores=dict(raw),
                threshold=rules.brisque_close_threshold,
            ),
            event=index,
            deal=deal.number,
            seat=claim.by,
            basis=["RUB-LAW-60", "RUB-LAW-61"],
        )
    ]
