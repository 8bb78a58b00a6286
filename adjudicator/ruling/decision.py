"""The decision in plain words: what a director announces, in the order he gives it.

Each dispute (a claim, a challenge, a demand), whose and about what, in time or not, upheld or
not and under which law; the penalty and what it does to the score; the marks corrected; the
corrected result; then the irregularities nobody claimed. Built from the findings and the
deal summaries the judges hand over, and from the claims of the record; every sentence comes
from a table of templates keyed by the finding's rule or the dispute's outcome, so that a new
kind of finding is one line of the table, not another branch.
"""

from __future__ import annotations

import re
from typing import Any

from adjudicator.facts import LedOutOfTurn
from adjudicator.findings import Finding
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.ruling.disputes import DISPUTE_FINDINGS, DISPUTES, both_sides, stray_penalty
from adjudicator.ruling.sentences import (
    COUNTED,
    DECLARATION_FAULT,
    Claim,
    Context,
    Said,
    declaration_of,
    endplay_consequence,
    played,
    say,
    unkeyed,
    words,
)
from adjudicator.ruling.table_events import table_events
from adjudicator.ruling.words import Names, card, suit_of

#: rule -> sentence for a finding nobody claimed; fields: who, trick, deal, event, law, msg
_UNCLAIMED: dict[str, str] = {
    "WHIST-REVOKE-1": "{who} revoked at trick {trick} of deal {deal}, playing {card} to a {suit}"
    " lead while holding a {suit}. It was not claimed in time, so no"
    " penalty can be exacted{law}.",
    "WHIST-REVOKE-5": "{who} renounced at trick {trick} of deal {deal} and took the card back"
    " before the revoke was established: no revoke; the adversaries may call"
    " the card played in error or require the highest or lowest of the suit{law}{forfeit}.",
    "WHIST-PEN-4": "{side} demanded a wrong penalty for the revoke by {who} at trick {trick} of"
    " deal {deal}: under the American code the penalty is fixed, two tricks for"
    " each revoke, and a wrong penalty having been demanded, none can be enforced{law}.",
    "WHIST-REVOKE-14": "{side} waived the penalty for the revoke by {who} at trick {trick} of"
    " deal {deal}, but under the American code the penalty is fixed, and these"
    " rules allow no waiver: the two tricks are taken{law}.",
    "WHIST-IRREG-1": "{who} led out of turn at trick {trick} of deal {deal}; {false_lead}{law}.",
    "WHIST-IRREG-2": "{who} played out of turn at trick {trick} of deal {deal}{law}.",
    "WHIST-PEN-1": "{who} took back a card at trick {trick} of deal {deal}:"
    " it is exposed and liable to be called{law}.",
    "BEZ-PLAY-4": "{who} drew before the winner of trick {trick} in deal {deal}{law}.",
    "RUB-IRREG-12": "{who} played trick {trick} a card short, having failed to draw"
    ": the adversary scores the last trick{law}.",
    "BEZ-LAST-2": "{who} broke the rules of the end-play at trick {trick} of deal {deal}"
    ": {endplay}{law}.",
    "WHIST-DEAL-7": "{who} dealt deal {deal} out of turn; the deal stands, as"
    " it was not stopped in time{law}.",
    "BEZ-IRREG-1": "{who} did not draw after a trick and played on a card short{law}.",
    "BEZ-IRREG-3": "{who} drew a second card{law}.",
    "RUB-IRREG-13": "{who} drew a second card{law}.",
    "BEZ-IRREG-4": "{who} played to trick {trick} holding the wrong number of cards{law}.",
    "RUB-LAW-17": "{who} played to trick {trick} holding too many cards{law}.",
    "RUB-LAW-19": "{who} played to trick {trick} holding too few cards{law}.",
    "BEZ-IRREG-8": "{who} led to trick {trick} out of turn{law}.",
    "RUB-LAW-24": "{who} led to trick {trick} out of turn{law}.",
    "BEZ-SEVEN-4": "{who} marked an exchange of the seven of trumps, which"
    " Rubicon Bézique does not have: it scores nothing{law}.",
    "BEZ-SEVEN-2": "{who} exchanged the seven of trumps without having won the trick"
    ": it scores nothing{law}.",
}

#: the same, for a finding with no trick (a draw when no trick has been won since the last)
_UNCLAIMED_NO_TRICK: dict[str, str] = {
    "BEZ-PLAY-4": "{who} drew when no trick had been won since the last draws, in deal {deal}"
    "{law}.",
}


#: unclaimed irregularities whose consequence changes a figure of the score
_CHANGES_SCORE = {"BEZ-SEVEN-2", "BEZ-SEVEN-4", "RUB-IRREG-12"}


def _declaration_sentence(ctx: Context, f: Finding) -> Said:
    """A declaration the laws do not allow: what, why, and whether its score stands."""
    row = declaration_of(ctx, f.event)
    fault = DECLARATION_FAULT.get(f.rule, f.citation.title.lower())
    verb = "scored" if f.rule in ("BEZ-DECL-5", "BEZ-DECL-3") else "declared"
    what = "a combination"
    if row is not None:
        name = words(row.combination)
        article = "the " if verb == "scored" else "a " if COUNTED.search(name) else ""
        what = article + name
    if row is not None and row.stands:
        outcome = (
            "it stands under law 50, as nobody challenged it before a card of the next trick"
            " was played"
        )
        return say(
            f"{ctx.names.seat(f.seat)} {verb} {what} [event {f.event}] though {fault}: {outcome}"
            f"{ctx.law(f.rule, 'RUB-LAW-50')}.",
            f.rule,
            "RUB-LAW-50",
        )
    ctx.changed = True
    return say(
        f"{ctx.names.seat(f.seat)} {verb} {what} [event {f.event}], but {fault}: it scores"
        f" nothing{ctx.law(f.rule)}.",
        f.rule,
    )


def _fields(ctx: Context, f: Finding) -> dict[str, object]:
    """The fields an unclaimed-irregularity template may use."""
    values: dict[str, object] = {
        "who": ctx.names.seat(f.seat),
        "side": ctx.names.any(_side_in(f.message)),
        "trick": f.trick,
        "deal": f.deal if f.deal is not None else 1,
        "event": f.event,
        "law": ctx.law(f.rule),
        "card": "a card",
        "suit": "card of the suit",
        "endplay": endplay_consequence(ctx, f.event),
        "false_lead": "",
        "forfeit": _forfeit(ctx, f) if f.rule == "WHIST-REVOKE-5" else "",
    }
    deal = ctx.deal_of(f.event or 0)
    if isinstance(deal, WhistDealSummary) and f.rule == "WHIST-REVOKE-1":
        card_played, led = played(deal, f.event, f.seat)
        if card_played and led:
            values["card"], values["suit"] = card(card_played), suit_of(led)
    if isinstance(deal, WhistDealSummary) and isinstance(f.facts, LedOutOfTurn):
        values["false_lead"] = _false_lead(ctx, deal, f.event, f.facts)
    return values


def _false_lead(ctx: Context, deal: WhistDealSummary, event: int | None, lead: LedOutOfTurn) -> str:
    """What became of a lead out of turn: taken back (its card is in no trick of the deal) or
    followed by all four, when the trick stands, with what then remains of the penalty, as
    the lead's facts say (ENG1900-64, -66, ENG64-63, AWL-24)."""
    stood = any(play["event"] == event for row in deal.tricks for play in row["plays"])
    if not stood and ctx.code == "american-1893":  # AWL-20 I: the card led is not exposed
        return (
            "the lead was taken back, and the cards played to it came back without penalty;"
            " the card led out of turn is not exposed and may not be called, the only penalty"
            " being a suit call from the offender or his partner at the first lead of either,"
            " by the adversary on that player's right"
        )
    if not stood:
        return (
            "the lead was taken back, and the cards played to it came back without penalty"
            " to anyone but the offender"
        )
    if lead.if_completed == "suit-call":
        return (
            "all four played to it, so the trick stands, and the adversaries may still call a suit"
        )
    return "all four played to it, so the trick stands and no penalty remains"


def _forfeit(ctx: Context, f: Finding) -> str:
    """A renounced card whose call a wrong penalty demanded later forfeited (ENG1900-88,
    AWL-39): said, so that 'may call the card' does not outlive the forfeiture."""
    renounced = re.search(r"renounced with (\S+)", f.message)
    for g in ctx.findings:
        if (
            renounced
            and g.rule == "WHIST-PEN-4"
            and g.seat == f.seat
            and (g.event or 0) > (f.event or 0)
            and re.search(rf"had exposed, [^.]*\b{renounced[1]}\b", g.message)
        ):
            return f"; all right to a penalty for it was lost by the wrong penalty demanded [event {g.event}]"
    return ""


def _side_in(message: str) -> str | None:
    match = re.match(r"(NS|EW)\b", message)
    return match.group(1) if match else None


#: (rule, code) -> the sentence where a code gives the adversaries other remedies: the
#: American code lets them call the card played in error, not demand the highest or lowest
#: of the suit (AWL-29; the English codes give both, ENG64-76, ENG1900-80).
_UNCLAIMED_UNDER: dict[tuple[str, str], str] = {
    ("WHIST-REVOKE-5", "american-1893"): "{who} renounced at trick {trick} of deal {deal} and"
    " took the card back before the revoke was established: no revoke; the"
    " card played in error is exposed and liable to be called{law}{forfeit}.",
    ("BEZ-SEVEN-4", "bezique"): "{who} marked an exchange of the seven of trumps:"
    " with trumps made by the first marriage there is no turn-up, and the seven scores nothing"
    " (Encyclopaedia Britannica, 11th ed.).",
}


def _unclaimed(ctx: Context, f: Finding) -> Said | None:
    if f.rule in DECLARATION_FAULT and f.severity == "violation":  # (a claim's warning is not)
        return _declaration_sentence(ctx, f)
    if f.rule in ("WHIST-SCORE-7", "BEZ-SCORE-5"):
        return _mark(ctx, f)
    if f.rule == "WHIST-REVOKE-9":
        return stray_penalty(ctx, f)
    template = _UNCLAIMED_UNDER.get((f.rule, ctx.code)) or _UNCLAIMED.get(f.rule)
    seven = _SEVEN_WHY.search(f.message) if f.rule == "BEZ-SEVEN-2" else None
    if seven is not None and "did not win" not in seven["why"]:  # say the fault it was
        template = (
            "{who} exchanged the seven of trumps, but "
            + seven["why"].replace("{", "{{").replace("}", "}}")
            + ": it scores nothing{law}."
        )
    if f.trick is None and template is not None and "{trick}" in template:
        template = _UNCLAIMED_NO_TRICK.get(f.rule)
    if f.rule in _CHANGES_SCORE:
        ctx.changed = True
    if template is None:  # a kind without its own words yet: who, then the finding's message
        who = f"{ctx.names.seat(f.seat)}: " if f.seat else ""
        said = unkeyed(f.message).rstrip(".")
        return say(f"{who}{said} [event {f.event}]{ctx.law(f.rule)}.", f.rule)
    return say(template.format(**_fields(ctx, f)), f.rule, events=(f.event,))


# ---------------------------------------------------------------------------------------------
# Marks and agreed results corrected
# ---------------------------------------------------------------------------------------------

#: A wrong mark, as the games word it: the right value may be a range (a mark that reaches
#: the game may stop anywhere from what reaches it to the whole), or a value with the reason
#: this ruling gives it (a deduction floored at 0: an option, not the law's text).
_MARK = re.compile(
    r"^(?P<who>NS|EW|A|B) marked (?P<marked>-?\d+) for (?P<item>[\w-]+)"
    r"(?: in deal (?P<deal>\d+))?; (?:the rules give|it is worth|this ruling gives)"
    r" (?P<right>-?\d+)(?: to (?P<high>-?\d+))?(?P<why>: [^.]+)?\."
)
_AGREED = re.compile(r"^The players agreed (?P<agreed>.+?); the rules give (?P<right>.+?)\.(?: |$)")
#: Why an exchange of the seven of trumps was unlawful (BEZ-SEVEN-2), as the replay says it.
_SEVEN_WHY = re.compile(r"is not allowed: (?P<why>.+?)\. It scores nothing")
#: A declaration marked a second time (Bézique): the second mark is struck out.
_AGAIN = re.compile(
    r"^(?P<who>A|B) marked (?P<marked>-?\d+) for the (?P<what>.+?) of event (?P<of>\d+),"
    r" which had already been scored\."
)
#: An item the rules give that nobody marked (whist): the corrected score counts it.
_UNMARKED = re.compile(
    r"^No mark was written for (?P<who>NS|EW)'s (?P<item>[\w-]+) \((?P<points>-?\d+)\)"
    r" in deal (?P<deal>\d+);"
)


def _added(ctx: Context, f: Finding) -> str:
    """What the adversary adds for a score marked too much (ordinary Bézique under Foster,
    the option wrong_score_penalty's default), as the deal's score lines have it."""
    if not isinstance(ctx.deals[0] if ctx.deals else None, BeziqueDealSummary):
        return ""
    for line in ctx.deal_of(f.event or 0).scores:
        if line.item == "penalty" and line.rule == f.rule and line.event == f.event:
            who = ctx.names.any(line.seat)
            return f"; {who} adds the {line.points} marked too much, as the adversary may"
    return ""


def _marks_made(ctx: Context, event: int | None, who: str, item: str) -> int:
    """How many marks ``who`` wrote for ``item`` in the deal of ``event`` (a Bézique player
    marks his brisques trick by trick; the finding gives their total)."""
    deal = ctx.deal_of(event or 0) if ctx.deals else None
    if isinstance(deal, BeziqueDealSummary):
        items = {item, "exchange"} if item == "seven" else {item}
        return sum(1 for mark in deal.marks if mark.seat == who and mark.item in items)
    if isinstance(deal, WhistDealSummary):
        return sum(1 for mark in deal.marks if mark.side == who and mark.for_ == item)
    return 1


def _mark(ctx: Context, f: Finding) -> Said:
    """A wrong mark or result: corrected to what the rules give, or struck out (and what the
    adversary adds for it, where the rules give him that)."""
    rules = [f.rule, *f.basis]
    law = _added(ctx, f) + ctx.law(f.rule)
    ctx.changed = True
    if m := _MARK.match(f.message):
        whose = ctx.names.any(m["who"])
        deal = f" in deal {m['deal']}" if m["deal"] else ""
        right = int(m["right"])
        item = words(m["item"])
        many = _marks_made(ctx, f.event, m["who"], m["item"]) > 1  # brisques, trick by trick
        is_, mark = ("are", "total") if many else ("is", "mark")
        if m["high"]:
            # only a mark that reaches the game has a range (WHIST-SCORE-4: enough to call game)
            fate = f"{is_} wrong: any {mark} from {right} (enough for the game) to {m['high']} is right"
        else:
            fate = f"{is_} struck out" if right == 0 else f"{is_} corrected to {right}"
            fate += unkeyed(m["why"] or "")
        if many:
            said = f"The marks for {item} written by {whose}{deal}, {m['marked']} in all"
            return say(f"{said} [event {f.event}], {fate}{law}.", *rules)
        said = f"The mark of {m['marked']} for {item} written by {whose}{deal}"
        return say(f"{said} [event {f.event}] {fate}{law}.", *rules)
    if m := _AGAIN.match(f.message):
        return say(
            f"The second mark of {m['marked']} for the {words(m['what'])} declared at event"
            f" {m['of']}, written by {ctx.names.any(m['who'])} [event {f.event}], is struck out:"
            f" it had already been scored{law}.",
            *rules,
        )
    if m := _UNMARKED.match(f.message):
        return say(
            f"{ctx.names.any(m['who'])} did not mark the {m['points']} for {words(m['item'])}"
            f" in deal {m['deal']} [event {f.event}]; the corrected score counts it{law}.",
            *rules,
        )
    if m := _AGREED.match(f.message):
        agreed = f"The result the players agreed [event {f.event}], {m['agreed']},"
        if m["right"].startswith("no "):  # nothing was won: "no rubber has been completed"
            return say(f"{agreed} is struck out: {m['right']}{law}.", *rules)
        if " decide" in m["right"]:  # a fragment: no one value, but not this one either
            return say(f"{agreed} cannot be right: the rules give {m['right']}{law}.", *rules)
        return say(f"{agreed} is corrected: the rules give {m['right']}{law}.", *rules)
    return say(f"{f.message} [event {f.event}]{law}.", *rules)


# ---------------------------------------------------------------------------------------------
# The result
# ---------------------------------------------------------------------------------------------


def _verb(ctx: Context, stands: bool, still: str, corrected: str, neutral: str) -> str:
    """Whether the result stands, is corrected, or is simply stated (an irregularity that
    changes no figure: a lead out of turn, a revoke nobody claimed)."""
    if stands:
        return still
    return corrected if ctx.changed else neutral


def _whist_result(ctx: Context, stands: bool) -> list[Said]:
    c = ctx.corrected
    if any(u.rule == "WHIST-SCORE-1" for u in ctx.undetermined):  # a deal stopped part-way
        return [_waits(ctx, "The score", "WHIST-SCORE-1")]
    verb = _verb(ctx, stands, "The score stands", "The corrected score", "The score")
    games = ", then ".join(
        f"{ctx.names.side(g.winner)} won a game worth {g.value}" for g in c.games
    )
    progress = f"the game in progress stands at NS {c.score['NS']}, EW {c.score['EW']}"
    rules = ["WHIST-SCORE-3"]
    out: list[Said] = []
    if c.rubber is not None:
        rules.append("WHIST-RUBBER-2")
        rubber = f"{ctx.names.side(c.rubber.winner)} win the rubber, worth {c.rubber.value}"
        if c.new_rubber:
            out.append(say(f"{verb}: {rubber}{ctx.law(*rules)}.", *rules))
            tail = f"{games}; " if games else ""
            out.append(say(f"In the new rubber: {tail}{progress}.", "WHIST-SCORE-3"))
            return out
        return [say(f"{verb}: {rubber}{ctx.law(*rules)}.", *rules)]
    unit = "games" if ctx.code == "american-1893" else "the rubber is not complete"
    parts = [p for p in (games, progress) if p]
    if ctx.code != "american-1893":
        parts.append(unit)
    if getattr(c, "indeterminate", False):  # a fragment: read as the record says, not decided
        parts.append("but it rests on what the record cannot decide (below)")
    return [say(f"{verb}: {'; '.join(parts)}{ctx.law(*rules)}.", *rules)]


def _bezique_result(ctx: Context, stands: bool) -> list[Said]:
    c = ctx.corrected
    if c.indeterminate:
        parts = [
            f"tricks {d.indeterminate_from_trick} on of deal {d.deal}"
            for d in ctx.deals
            if d.indeterminate_from_trick is not None
        ]
        if not parts:  # a fragment: the result waits on a fact the record does not give
            return [_waits(ctx, "The score", "BEZ-SCORE-3")]
        return [
            say(
                f"The score cannot be determined: {'; '.join(parts)} are to be replayed after"
                f" the end-play error{ctx.law('BEZ-LAST-3')}.",
                "BEZ-LAST-3",
            )
        ]
    verb = _verb(ctx, stands, "The score stands", "The corrected score", "The score")
    score = f"{ctx.names.seat('A')} {c.score['A']}, {ctx.names.seat('B')} {c.score['B']}"
    if c.winner:
        loser = "B" if c.winner == "A" else "A"
        below = ctx.rules.get("double_if_loser_below", 500)
        if c.score[loser] < below:
            tail = (
                f"; {ctx.names.seat(c.winner)} wins a double game, {ctx.names.seat(loser)}"
                f" being under {below}"
            )
        else:
            tail = f"; {ctx.names.seat(c.winner)} wins the game"
    else:
        tail = f"; neither player has yet reached {ctx.rules.get('target', 1000)}"
    return [say(f"{verb}: {score}{tail}{ctx.law('BEZ-SCORE-3')}.", "BEZ-SCORE-3")]


def _rubicon_result(ctx: Context, stands: bool) -> list[Said]:
    out: list[Said] = []
    if not ctx.corrected.games:  # a record with no deal yet: nothing was played, nothing won
        return [
            say(
                f"No game has been played: the record holds no deal{ctx.law('RUB-GAME-6')}.",
                "RUB-GAME-6",
            )
        ]
    several = len(ctx.corrected.games) > 1
    for number, game in enumerate(ctx.corrected.games, 1):
        which = f"game {number}" if several else "the game"
        if game.indeterminate:
            deal = ctx.deals[number - 1]
            if deal.indeterminate_from_trick is None:  # a fragment, not an end-play error
                out.append(_waits(ctx, f"The value of {which}", "RUB-GAME-6", deal.deal))
                continue
            out.append(
                say(
                    f"The value of {which} cannot be determined: tricks"
                    f" {deal.indeterminate_from_trick} on are to be taken up and replayed after"
                    f" the end-play error{ctx.law('RUB-LAST-1')}.",
                    "RUB-LAST-1",
                )
            )
            continue
        verb = _verb(ctx, stands, " stands", " is corrected", "")
        deal = ctx.deals[number - 1] if number <= len(ctx.deals) else None
        summary = getattr(deal, "game", None)
        counted = bool(getattr(summary, "brisques_counted", False))
        brisques = getattr(deal, "brisques", None) or {}
        # game.totals are the scores the value is reckoned on: with the brisques when they were
        # counted, except for a rubiconed loser, whose value is reckoned without them (law 61)
        # although they decided who won; the director names the totals that decided
        extra = 10 if counted and game.rubicon else 0
        points = {seat: game.totals[seat] + extra * brisques.get(seat, 0) for seat in ("A", "B")}
        totals = f"{ctx.names.seat('A')} {points['A']}, {ctx.names.seat('B')} {points['B']}"
        if counted:
            totals += " with the brisques counted"
        if game.winner is None:
            what = "null and void, the scores being equal"
        else:
            loser = "B" if game.winner == "A" else "A"
            what = f"{ctx.names.seat(game.winner)} wins it, worth {game.value}"
            if game.rubicon:
                what += f"; {ctx.names.seat(loser)} is rubiconed"
        out.append(
            say(
                f"The result of {which}{verb} ({totals}): {what}{ctx.law('RUB-GAME-6')}.",
                "RUB-GAME-6",
            )
        )
        made = getattr(deal, "game_cards_made", None)
        if made is not None and (made.winner, made.value) != (game.winner, game.value):
            who = (
                f"{ctx.names.seat(made.winner)} would win {made.value}"
                if made.winner
                else "it would be null and void"
            )
            out.append(
                say(
                    f"Counting only what the cards really made, {who}; the laws let the"
                    f" unchallenged scores stand{ctx.law('RUB-LAW-50')}.",
                    "RUB-LAW-50",
                )
            )
    return out


_RESULT = {"whist": _whist_result, "bezique": _bezique_result, "rubicon-bezique": _rubicon_result}

#: findings a director does not announce: facts of the replay, not rulings
_SILENT = {"BEZ-DECL-4", "WHIST-HONOURS-4", "WHIST-HONOURS-5", "WHIST-REVOKE-11"}


def _waits(ctx: Context, what: str, rule: str, deal: int | None = None) -> Said:
    """A result a fragment leaves open: why, and which fact would decide it (issue 11)."""
    mine = [u for u in ctx.undetermined if deal is None or u.deal == deal]
    items = [u for u in mine if u.rule == rule] or [u for u in mine if u.rule in _SCORE_UNKNOWNS]
    if not items:
        return say(f"{what} cannot be determined from the record{ctx.law(rule)}.", rule)
    item = items[0]
    return say(
        f"{what} cannot be determined from the record: {item.why}; it waits on {item.decides}"
        f"{ctx.law(rule)}.",
        rule,
    )


#: open questions of a played-out fragment's score: the result sentence says why it waits
_SCORE_UNKNOWNS = {"RUB-GAME-3", "BEZ-SCORE-2", "BEZ-LAST-3"}

#: the results' own open questions, said by the result sentence itself
_RESULT_RULES = {"BEZ-SCORE-3", "RUB-GAME-6", "WHIST-SCORE-1"}


def _open_questions(ctx: Context) -> list[Said]:
    """Each question the record leaves open (a fragment's unknown cards): the director says
    that it cannot be decided and which fact would decide it; no finding is made on it."""
    out: list[Said] = []
    for item in ctx.undetermined:
        if item.rule in _RESULT_RULES or id(item) in ctx.used:
            continue
        where = f" [event {item.event}]" if item.event is not None else ""
        out.append(
            say(
                f"Cannot be decided from the record{where}: {item.what.rstrip('?')}? It would be"
                f" decided by {item.decides}{ctx.law(item.rule)}.",
                item.rule,
            )
        )
    return out


def _claimed_by_penalty(deals: list[Any], claims: list[Claim]) -> list[Claim]:
    """Whist revokes claimed by the choice of their penalty, with no claim event before it
    (the judge reads the choice as the claim): disputes all the same, worded as claims."""
    stated = {c.event for c in claims}
    return [
        Claim(
            revoke.claimed_at,
            "revoke",
            "EW" if revoke.side == "NS" else "NS",
            against=revoke.seat,
            trick=revoke.trick,
            by_penalty=True,
        )
        for deal in deals
        if isinstance(deal, WhistDealSummary)
        for revoke in deal.revokes
        if revoke.claimed_at is not None and revoke.claimed_at not in stated
    ]


def decide(
    game: str,
    rules: dict[str, Any],
    players: dict[str, str],
    findings: list[Finding],
    deals: list[Any],
    corrected: Any,
    claims: list[Claim],
    penalties: dict[int, str] | None = None,
    undetermined: list[Any] | None = None,
) -> list[Said]:
    """The decision, sentence by sentence, in the order a director gives it."""
    claims = sorted([*claims, *_claimed_by_penalty(deals, claims)], key=lambda c: c.event)
    ctx = Context(
        game,
        rules,
        Names(players),
        findings,
        deals,
        corrected,
        claims,
        penalties or {},
        list(undetermined or []),
    )
    disputes: list[Said] = []
    for claim in claims:
        handler = DISPUTES.get((game, claim.kind))
        if handler is not None:
            disputes.extend(handler(ctx, claim))
    for f in findings:
        template = DISPUTE_FINDINGS.get(f.rule)
        if template is not None and id(f) not in ctx.used:
            ctx.used.add(id(f))
            disputes.append(say(template.format(**_fields(ctx, f)), f.rule, events=(f.event,)))
    disputes.extend(both_sides(ctx))
    disputes.extend(table_events(ctx))  # misdeals, calls, claims of the tricks not played
    marks: list[Said] = []
    for f in findings:
        if f.rule in ("WHIST-SCORE-7", "BEZ-SCORE-5", "BEZ-LAST-5") and id(f) not in ctx.used:
            ctx.used.add(id(f))  # (BEZ-LAST-5: a seven's mark in the end-play, struck out)
            marks.append(_mark(ctx, f))
    unclaimed: list[Said] = []
    for f in findings:
        if id(f) in ctx.used or f.rule in _SILENT or f.severity == "info":
            continue
        ctx.used.add(id(f))
        sentence = _unclaimed(ctx, f)
        if sentence is not None:
            unclaimed.append(sentence)
    stands = not any(f.severity == "violation" for f in findings)
    result = _RESULT[game](ctx, stands)
    if stands and not disputes and not marks and not unclaimed:
        opening = "No irregularity" + (" in what the record shows" if ctx.undetermined else "")
        result[0] = result[0]._replace(text=f"{opening}. {result[0].text}")
    result.extend(_open_questions(ctx))
    # what the cards really made (law 50) is said after the scores that stand in spite of it
    after = [s for s in result if s.rules == ["RUB-LAW-50"]]
    out = disputes + marks + [s for s in result if s not in after]
    if unclaimed:
        out.append(say("Irregularities nobody claimed:"))
        out.extend(unclaimed)
    return out + after
