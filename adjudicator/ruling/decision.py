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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.findings import Finding
from adjudicator.games.bezique.summary import BeziqueDealSummary, DeclarationRow
from adjudicator.games.whist.summary import Revoke, WhistDealSummary
from adjudicator.ruling.words import Names, card, laws, suit_of


@dataclass(frozen=True)
class Claim:
    """A dispute raised at the table, as the record states it (``claim`` events)."""

    event: int
    kind: str
    by: str
    against: str | None = None
    trick: int | None = None
    ref: int | None = None


@dataclass
class Context:
    """What every template may draw on."""

    game: str
    rules: dict[str, Any]
    names: Names
    findings: list[Finding]
    deals: list[Any]
    corrected: Any
    claims: list[Claim]
    penalties: dict[int, str] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)  # id() of findings already worded
    changed: bool = False  # a sentence corrected the score (a penalty, a mark, a score struck)

    @property
    def code(self) -> str:
        return str(self.rules.get("code", self.game))

    def at(self, event: int | None, *rules: str) -> list[Finding]:
        return [f for f in self.findings if f.event == event and (not rules or f.rule in rules)]

    def deal_of(self, event: int) -> Any:
        """The deal an event belongs to (the last deal begun before it)."""
        found = self.deals[0] if self.deals else None
        for deal in self.deals:
            if deal.event <= event:
                found = deal
        return found

    def law(self, *rules: str) -> str:
        return laws(list(rules), self.code)


Sentence = tuple[str, list[str]]


def _s(text: str, *rules: str) -> Sentence:
    return (text, list(rules))


# ---------------------------------------------------------------------------------------------
# Irregularities nobody claimed (and the parts of disputes worded from a finding): rule -> words
# ---------------------------------------------------------------------------------------------

_DECLARATION_FAULT = {
    "BEZ-DECL-1": "a declaration is made only by the winner of a trick, before he draws",
    "BEZ-DECL-3": "only one score may be made for each trick won",
    "BEZ-DECL-5": "it had been lost, a card of it having been played before it was scored",
    "BEZ-DECL-6": "nothing can be declared or scored once the stock is exhausted",
    "BEZ-DECL-9": "the cards shown do not make it",
    "BEZ-COMBO-4": "a lower combination may not follow a higher one of the same class",
    "BEZ-COMBO-6": "a card may not be used twice in combinations of the same kind",
    "BEZ-COMBO-7": "a card may not form a second combination of the same kind",
    "RUB-CB-2": "carte blanche must be declared before the holder plays",
    "RUB-CB-4": "carte blanche may not be repeated after a king, queen or knave is drawn",
}

#: rule -> sentence for a finding nobody claimed; fields: who, trick, deal, event, law, msg
_UNCLAIMED: dict[str, str] = {
    "WHIST-REVOKE-1": "{who} revoked at trick {trick} of deal {deal}, playing {card} to a {suit}"
    " lead while holding a {suit} [event {event}]. It was not claimed in time, so no"
    " penalty can be exacted{law}.",
    "WHIST-REVOKE-5": "{who} renounced at trick {trick} of deal {deal} and took the card back"
    " before the revoke was established [event {event}]: no revoke; the adversaries may call"
    " the card played in error or require the highest or lowest of the suit{law}.",
    "WHIST-REVOKE-9": "{side} chose a revoke penalty in deal {deal} before any revoke had been"
    " claimed [event {event}]: a penalty belongs to the claim it follows, and it counts for"
    " nothing{law}.",
    "WHIST-IRREG-1": "{who} led out of turn at trick {trick} of deal {deal} [event {event}];"
    " the trick stands as played, and the adversaries may still call a suit{law}.",
    "WHIST-IRREG-2": "{who} played out of turn at trick {trick} of deal {deal}"
    " [event {event}]{law}.",
    "WHIST-PEN-1": "{who} took back a card at trick {trick} of deal {deal} [event {event}]:"
    " it is exposed and liable to be called{law}.",
    "BEZ-PLAY-4": "{who} drew before the winner of trick {trick} in deal {deal}"
    " [event {event}]{law}.",
    "RUB-IRREG-12": "{who} played trick {trick} a card short, having failed to draw"
    " [event {event}]: the adversary scores the last trick{law}.",
    "BEZ-LAST-2": "{who} broke the rules of the end-play at trick {trick} of deal {deal}"
    " [event {event}]: {endplay}{law}.",
    "BEZ-SEVEN-2": "{who} exchanged the seven of trumps without having won the trick"
    " [event {event}]: it scores nothing{law}.",
}


#: combinations said with an article ("a royal marriage"), unlike "four aces", "carte blanche"
_COUNTED = re.compile(r"marriage|sequence|bezique")


def words(name: str) -> str:
    """A combination or score item as said aloud: ``royal-marriage`` -> ``royal marriage``."""
    return name.replace("-", " ")


#: unclaimed irregularities whose consequence changes a figure of the score
_CHANGES_SCORE = {"BEZ-SEVEN-2", "RUB-IRREG-12"}


def _decl(ctx: Context, event: int | None) -> DeclarationRow | None:
    if event is None:
        return None
    deal = ctx.deal_of(event)
    rows = getattr(deal, "declarations", []) or []
    return next((d for d in rows if d.event == event or d.scored_by == event), None)


def _declaration_sentence(ctx: Context, f: Finding) -> Sentence:
    """A declaration the laws do not allow: what, why, and whether its score stands."""
    row = _decl(ctx, f.event)
    fault = _DECLARATION_FAULT.get(f.rule, f.citation.title.lower())
    verb = "scored" if f.rule in ("BEZ-DECL-5", "BEZ-DECL-3") else "declared"
    what = "a combination"
    if row is not None:
        name = words(row.combination)
        article = "the " if verb == "scored" else "a " if _COUNTED.search(name) else ""
        what = article + name
    if row is not None and row.stands:
        outcome = (
            "it stands under law 50, as nobody challenged it before a card of the next trick"
            " was played"
        )
        return _s(
            f"{ctx.names.seat(f.seat)} {verb} {what} [event {f.event}] though {fault}: {outcome}"
            f"{ctx.law(f.rule, 'RUB-LAW-50')}.",
            f.rule,
            "RUB-LAW-50",
        )
    ctx.changed = True
    return _s(
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
        "endplay": "the tricks from there on are to be replayed",
    }
    deal = ctx.deal_of(f.event or 0)
    if isinstance(deal, WhistDealSummary) and f.rule == "WHIST-REVOKE-1":
        played, led = _played(deal, f.event)
        if played and led:
            values["card"], values["suit"] = card(played), suit_of(led)
    if isinstance(deal, BeziqueDealSummary) and deal.indeterminate_from_trick is None:
        values["endplay"] = "the penalty of the option in force applies"
    return values


def _side_in(message: str) -> str | None:
    match = re.match(r"(NS|EW)\b", message)
    return match.group(1) if match else None


def _played(deal: WhistDealSummary, event: int | None) -> tuple[str | None, str | None]:
    """The card played at ``event`` and the card led to its trick."""
    for row in deal.tricks:
        for play in row["plays"]:
            if play["event"] == event:
                return play["card"], row["plays"][0]["card"]
    return None, None


def _unclaimed(ctx: Context, f: Finding) -> Sentence | None:
    if f.rule in _DECLARATION_FAULT:
        return _declaration_sentence(ctx, f)
    if f.rule in ("WHIST-SCORE-7", "BEZ-SCORE-5"):
        return _mark(ctx, f)
    template = _UNCLAIMED.get(f.rule)
    if f.rule in _CHANGES_SCORE:
        ctx.changed = True
    if template is None:  # a kind without its own words yet: the finding's message, whole
        return _s(f"{f.message} [event {f.event}]{ctx.law(f.rule)}.".replace(".. ", ". "), f.rule)
    return _s(template.format(**_fields(ctx, f)), f.rule)


# ---------------------------------------------------------------------------------------------
# Marks and agreed results corrected
# ---------------------------------------------------------------------------------------------

_MARK = re.compile(
    r"^(?P<who>NS|EW|A|B) marked (?P<marked>-?\d+) for (?P<item>[\w-]+)"
    r"(?: in deal (?P<deal>\d+))?; (?:the rules give|it is worth) (?P<right>-?\d+)\."
)
_AGREED = re.compile(r"^The players agreed (?P<agreed>.+?); the rules give (?P<right>.+?)\.(?: |$)")


def _mark(ctx: Context, f: Finding) -> Sentence:
    """A wrong mark or result: corrected to what the rules give, or struck out."""
    rules = [f.rule, *f.basis]
    law = ctx.law(f.rule)
    ctx.changed = True
    if m := _MARK.match(f.message):
        whose = ctx.names.any(m["who"])
        deal = f" in deal {m['deal']}" if m["deal"] else ""
        right = int(m["right"])
        fate = "is struck out" if right == 0 else f"is corrected to {right}"
        return _s(
            f"The mark of {m['marked']} for {words(m['item'])} written by {whose}{deal}"
            f" [event {f.event}] {fate}{law}.",
            *rules,
        )
    if m := _AGREED.match(f.message):
        return _s(
            f"The result the players agreed [event {f.event}], {m['agreed']}, is corrected:"
            f" the rules give {m['right']}{law}.",
            *rules,
        )
    return _s(f"{f.message} [event {f.event}]{law}.", *rules)


# ---------------------------------------------------------------------------------------------
# Disputes: claim kind -> outcome -> words
# ---------------------------------------------------------------------------------------------


def _whist_revoke_claim(ctx: Context, claim: Claim) -> list[Sentence]:
    """A revoke claim: unfounded, late, or upheld with its penalty."""
    by = ctx.names.side(claim.by)
    deal = ctx.deal_of(claim.event)
    number = deal.deal if deal is not None else 1
    against = f" against {ctx.names.seat(claim.against)}" if claim.against else ""
    at = f" at trick {claim.trick}" if claim.trick else ""
    where = f"{at} of deal {number}" if at else f" in deal {number}"
    head = f"{by} claimed a revoke{against}{where} [event {claim.event}]"
    if late := ctx.at(claim.event, "WHIST-REVOKE-7"):
        ctx.used.update(id(f) for f in late)
        revoked = _revoke_finding(ctx, late[0].seat, late[0].deal, claim.trick)
        if revoked is not None:
            ctx.used.add(id(revoked))
        f = late[0]
        head = (
            f"{by} claimed the revoke by {ctx.names.seat(f.seat)} at trick {f.trick} of deal"
            f" {f.deal} [event {claim.event}]"
        )
        return [
            _s(
                f"{head}, after the cards were cut for the next deal. The claim is too late:"
                f" the revoke stands, but no penalty can be exacted"
                f"{ctx.law('WHIST-REVOKE-7')}.",
                "WHIST-REVOKE-7",
                "WHIST-REVOKE-1",
            )
        ]
    if unfounded := ctx.at(claim.event, "WHIST-REVOKE-6"):
        ctx.used.update(id(f) for f in unfounded)
        early = isinstance(deal, WhistDealSummary) and any(
            r.event > claim.event for r in deal.revokes
        )
        why = (
            "no revoke had yet been made, and a claim can only concern a revoke already made"
            if early
            else "the tricks show no revoke: every card followed suit, or its player held none"
            " of the suit led"
        )
        return [
            _s(f"{head}. The claim fails, as {why}{ctx.law('WHIST-REVOKE-6')}.", "WHIST-REVOKE-6")
        ]
    revoke = _revoke_claimed(deal, claim.event)
    if revoke is None:
        return [_s(f"{head}.", "WHIST-REVOKE-7")]
    found = _revoke_finding(ctx, revoke.seat, revoke.trick and number, revoke.trick)
    if found is not None:
        ctx.used.add(id(found))
    played, led = _played(deal, revoke.event)
    how = (
        f": {ctx.names.seat(revoke.seat)} played {card(played)} to a {suit_of(led)} lead"
        f" while holding a {suit_of(led)} [event {revoke.event}]"
        if played and led
        else ""
    )
    sentences = [
        _s(
            f"{head}. The claim is in time and upheld{how}"
            f"{ctx.law('WHIST-REVOKE-1', 'WHIST-REVOKE-7')}.",
            "WHIST-REVOKE-1",
            "WHIST-REVOKE-7",
        )
    ]
    sentences.extend(_penalty(ctx, deal, revoke, claim))
    return sentences


def _revoke_claimed(deal: Any, event: int) -> Revoke | None:
    if not isinstance(deal, WhistDealSummary):
        return None
    return next((r for r in deal.revokes if r.claimed_at == event), None)


def _revoke_finding(
    ctx: Context, seat: str | None, deal: int | None, trick: int | None
) -> Finding | None:
    return next(
        (
            f
            for f in ctx.findings
            if f.rule == "WHIST-REVOKE-1"
            and f.seat == seat
            and (trick is None or f.trick == trick)
            and (deal is None or f.deal == deal)
        ),
        None,
    )


_CHOICE = {
    "tricks": "three tricks taken from the revokers",
    "deduct": "three points deducted from the revokers' score",
    "add": "three points added to the claimants' score",
    "waive": "waived",
}


def _penalty(ctx: Context, deal: WhistDealSummary, revoke: Revoke, claim: Claim) -> list[Sentence]:
    """The penalty of an upheld revoke claim and what it does to the score."""
    out: list[Sentence] = []
    wrong = [f for f in ctx.findings if f.rule == "WHIST-PEN-4" and f.seat == revoke.seat]
    if wrong:
        ctx.used.update(id(f) for f in wrong)
        choice = ctx.penalties.get(wrong[0].event or -1, "another penalty")
        return [
            _s(
                f"{ctx.names.side(claim.by)} demanded a wrong penalty ({_CHOICE.get(choice, choice)})"
                f" [event {wrong[0].event}]: under the American code the penalty is fixed, two"
                f" tricks for each revoke, and a wrong penalty having been demanded, none can be"
                f" enforced{ctx.law('WHIST-PEN-4')}.",
                "WHIST-PEN-4",
            )
        ]
    both = [f for f in ctx.findings if f.rule in ("WHIST-REVOKE-13", "WHIST-REVOKE-11")]
    if not revoke.applied:
        if both:
            return []  # said once, after all the disputes of the deal (_both_sides)
        return [_s("No penalty counts for it.", "WHIST-REVOKE-9")]
    items = [i for i in deal.scores if i.item == "penalty"]
    applied = [r for r in deal.revokes if r.applied]
    item = None
    if items and revoke in applied:
        item = items[min(applied.index(revoke), len(items) - 1)]
    what = _CHOICE.get(revoke.penalty or "", revoke.penalty or "the penalty")
    if ctx.code == "american-1893":
        whose, what = "fixed by the code", "two tricks taken from the revokers"
    elif revoke.penalty_chosen:
        whose = f"as {claim.by} chose"
    else:
        whose = f"the best choice for {claim.by}, as none was recorded; the ruling applies it"
        ctx.used.update(id(f) for f in ctx.at(claim.event, "WHIST-REVOKE-9"))
    effect = ""
    if item is not None:
        ctx.changed = True
        effect = item.text.removeprefix("revoke penalty, ").replace(" -> ", ", making ")
        effect = re.sub(r": [+-][0-9]+(?=[,;])", "", effect).replace(
            ": tricks ", ", making the tricks "
        )
        effect = f": {effect}"
    rule = item.rule if item is not None else "WHIST-REVOKE-9"
    out.append(_s(f"The penalty is {what} ({whose}){effect}{ctx.law(rule)}.", rule))
    return out


def _both_sides(ctx: Context) -> list[Sentence]:
    """Both sides revoked in one deal: one sentence on what the code does then."""
    out: list[Sentence] = []
    for f in ctx.findings:
        if f.rule == "WHIST-REVOKE-13" and id(f) not in ctx.used:
            ctx.used.add(id(f))
            held = next(
                (g for g in ctx.findings if g.rule == "WHIST-REVOKE-11" and g.deal == f.deal), None
            )
            cancel = ctx.rules.get("both_sides_revoke") in ("cancel_all", "cancel_pairwise")
            what = (
                "the revokes cancel each other and no penalty counts"
                if cancel
                else "each side pays its adversaries' penalty"
            )
            rules = ["WHIST-REVOKE-13"]
            tail = ""
            if held is not None:
                ctx.used.add(id(held))
                rules.append("WHIST-REVOKE-11")
                tail = "; neither side can win the game in it nor score beyond 4"
            out.append(
                _s(f"Both sides revoked in deal {f.deal}: {what}{tail}{ctx.law(*rules)}.", *rules)
            )
    return out


def _bezique_challenge(ctx: Context, claim: Claim) -> list[Sentence]:
    """A challenge of a score or an irregular declaration (laws 50, 51)."""
    by, against = ctx.names.seat(claim.by), ctx.names.seat(claim.against)
    row = _decl(ctx, claim.ref)
    what = f"the {words(row.combination)}" if row else "the score"
    ref = f" [event {claim.ref}]" if claim.ref is not None else ""
    head = f"{by} challenged {what} scored by {against}{ref}"
    if late := ctx.at(claim.event, "BEZ-SCORE-6"):
        ctx.used.update(id(f) for f in late)
        for f in ctx.at(claim.ref):
            ctx.used.add(id(f))
        fault = ""
        faults = [f for f in ctx.at(claim.ref) if f.rule in _DECLARATION_FAULT]
        if faults:
            fault = f" though {_DECLARATION_FAULT[faults[0].rule]}"
        return [
            _s(
                f"{head}. The challenge came after a card of the next trick had been played"
                f" [event {claim.event}]: too late, the score stands{fault}"
                f"{ctx.law('BEZ-SCORE-6', 'RUB-LAW-50')}.",
                "BEZ-SCORE-6",
                "RUB-LAW-50",
                *(f.rule for f in faults),
            )
        ]
    faults = [f for f in ctx.findings if f.event == claim.ref and f.severity == "violation"] or [
        f for f in ctx.findings if f.rule in _DECLARATION_FAULT and row and f.event == row.event
    ]
    if not faults:
        return [
            _s(
                f"{head} [event {claim.event}]. The score was good: the challenge fails.",
                "BEZ-SCORE-5",
            )
        ]
    ctx.used.update(id(f) for f in faults)
    ctx.changed = True
    fault = _DECLARATION_FAULT.get(faults[0].rule, faults[0].citation.title.lower())
    rule = faults[0].rule
    return [
        _s(
            f"{head}. The challenge was made in time [event {claim.event}] and is upheld:"
            f" {fault}, so the score is struck"
            f"{ctx.law(rule, 'RUB-LAW-50')}.",
            rule,
            "RUB-LAW-50",
        )
    ]


def _brisques_demand(ctx: Context, claim: Claim) -> list[Sentence]:
    """A demand to count the brisques (Rubicon, law 57 and Foster's custom)."""
    head = f"{ctx.names.seat(claim.by)} demanded a count of the brisques [event {claim.event}]"
    if refused := ctx.at(claim.event, "RUB-GAME-3"):
        ctx.used.update(id(f) for f in refused)
        return [
            _s(
                f"{head}. Refused: the scores were more than"
                f" {ctx.rules.get('brisque_close_threshold', 200)} apart, with no tie and no"
                f" rubicon to save, so the brisques are not counted"
                f"{ctx.law('RUB-GAME-3')}.",
                "RUB-GAME-3",
            )
        ]
    return [_s(f"{head}. Granted: the brisques are counted{ctx.law('RUB-GAME-3')}.", "RUB-GAME-3")]


_DISPUTES: dict[tuple[str, str], Callable[[Context, Claim], list[Sentence]]] = {
    ("whist", "revoke"): _whist_revoke_claim,
    ("bezique", "score"): _bezique_challenge,
    ("bezique", "irregular-declaration"): _bezique_challenge,
    ("rubicon-bezique", "score"): _bezique_challenge,
    ("rubicon-bezique", "irregular-declaration"): _bezique_challenge,
    ("rubicon-bezique", "count-brisques"): _brisques_demand,
}

#: findings that are themselves a dispute (a claim the record makes without a claim event)
_DISPUTE_FINDINGS = {
    "WHIST-HONOURS-3": "{side} claimed honours in deal {deal} [event {event}] while at four:"
    " the claim fails, a side at four cannot score honours{law}.",
}


# ---------------------------------------------------------------------------------------------
# The result
# ---------------------------------------------------------------------------------------------


def _verb(ctx: Context, stands: bool, still: str, corrected: str, neutral: str) -> str:
    """Whether the result stands, is corrected, or is simply stated (an irregularity that
    changes no figure: a lead out of turn, a revoke nobody claimed)."""
    if stands:
        return still
    return corrected if ctx.changed else neutral


def _whist_result(ctx: Context, stands: bool) -> list[Sentence]:
    c = ctx.corrected
    verb = _verb(ctx, stands, "The score stands", "The corrected score", "The score")
    games = ", then ".join(
        f"{ctx.names.side(g.winner)} won a game worth {g.value}" for g in c.games
    )
    progress = f"the game in progress stands at NS {c.score['NS']}, EW {c.score['EW']}"
    rules = ["WHIST-SCORE-3"]
    out: list[Sentence] = []
    if c.rubber is not None:
        rules.append("WHIST-RUBBER-2")
        rubber = f"{ctx.names.side(c.rubber.winner)} win the rubber, worth {c.rubber.value}"
        if c.new_rubber:
            out.append(_s(f"{verb}: {rubber}{ctx.law(*rules)}.", *rules))
            tail = f"{games}; " if games else ""
            out.append(_s(f"In the new rubber: {tail}{progress}.", "WHIST-SCORE-3"))
            return out
        return [_s(f"{verb}: {rubber}{ctx.law(*rules)}.", *rules)]
    unit = "games" if ctx.code == "american-1893" else "the rubber is not complete"
    parts = [p for p in (games, progress) if p]
    if ctx.code != "american-1893":
        parts.append(unit)
    return [_s(f"{verb}: {'; '.join(parts)}{ctx.law(*rules)}.", *rules)]


def _bezique_result(ctx: Context, stands: bool) -> list[Sentence]:
    c = ctx.corrected
    if c.indeterminate:
        parts = [
            f"tricks {d.indeterminate_from_trick} on of deal {d.deal}"
            for d in ctx.deals
            if d.indeterminate_from_trick is not None
        ]
        return [
            _s(
                f"The score cannot be determined: {'; '.join(parts)} are to be replayed after"
                f" the end-play error{ctx.law('BEZ-LAST-3')}.",
                "BEZ-LAST-3",
            )
        ]
    verb = _verb(ctx, stands, "The score stands", "The corrected score", "The score")
    score = f"{ctx.names.seat('A')} {c.score['A']}, {ctx.names.seat('B')} {c.score['B']}"
    if c.winner:
        tail = f"; {ctx.names.seat(c.winner)} wins the game"
    else:
        tail = f"; neither player has yet reached {ctx.rules.get('target', 1000)}"
    return [_s(f"{verb}: {score}{tail}{ctx.law('BEZ-SCORE-3')}.", "BEZ-SCORE-3")]


def _rubicon_result(ctx: Context, stands: bool) -> list[Sentence]:
    out: list[Sentence] = []
    several = len(ctx.corrected.games) > 1
    for number, game in enumerate(ctx.corrected.games, 1):
        which = f"game {number}" if several else "the game"
        if game.indeterminate:
            deal = ctx.deals[number - 1]
            out.append(
                _s(
                    f"The value of {which} cannot be determined: tricks"
                    f" {deal.indeterminate_from_trick} on are to be taken up and replayed after"
                    f" the end-play error{ctx.law('RUB-LAST-1')}.",
                    "RUB-LAST-1",
                )
            )
            continue
        verb = _verb(ctx, stands, " stands", " is corrected", "")
        totals = (
            f"{ctx.names.seat('A')} {game.totals['A']}, {ctx.names.seat('B')} {game.totals['B']}"
        )
        if game.winner is None:
            what = "null and void, the scores being equal"
        else:
            loser = "B" if game.winner == "A" else "A"
            what = f"{ctx.names.seat(game.winner)} wins it, worth {game.value}"
            if game.rubicon:
                what += f"; {ctx.names.seat(loser)} is rubiconed"
        out.append(
            _s(
                f"The result of {which}{verb} ({totals}): {what}{ctx.law('RUB-GAME-6')}.",
                "RUB-GAME-6",
            )
        )
        deal = ctx.deals[number - 1] if number <= len(ctx.deals) else None
        made = getattr(deal, "game_cards_made", None)
        if made is not None and (made.winner, made.value) != (game.winner, game.value):
            who = (
                f"{ctx.names.seat(made.winner)} would win {made.value}"
                if made.winner
                else "it would be null and void"
            )
            out.append(
                _s(
                    f"Counting only what the cards really made, {who}; the laws let the"
                    f" unchallenged scores stand{ctx.law('RUB-LAW-50')}.",
                    "RUB-LAW-50",
                )
            )
    return out


_RESULT = {"whist": _whist_result, "bezique": _bezique_result, "rubicon-bezique": _rubicon_result}

#: findings a director does not announce: facts of the replay, not rulings
_SILENT = {"BEZ-DECL-4", "WHIST-HONOURS-4", "WHIST-HONOURS-5", "WHIST-REVOKE-11"}


def decide(
    game: str,
    rules: dict[str, Any],
    players: dict[str, str],
    findings: list[Finding],
    deals: list[Any],
    corrected: Any,
    claims: list[Claim],
    penalties: dict[int, str] | None = None,
) -> list[tuple[str, list[str]]]:
    """The decision as (text, rule IDs) pairs, in the order a director gives it."""
    ctx = Context(game, rules, Names(players), findings, deals, corrected, claims, penalties or {})
    disputes: list[Sentence] = []
    for claim in claims:
        handler = _DISPUTES.get((game, claim.kind))
        if handler is not None:
            disputes.extend(handler(ctx, claim))
    for f in findings:
        template = _DISPUTE_FINDINGS.get(f.rule)
        if template is not None and id(f) not in ctx.used:
            ctx.used.add(id(f))
            disputes.append(_s(template.format(**_fields(ctx, f)), f.rule))
    disputes.extend(_both_sides(ctx))
    marks: list[Sentence] = []
    for f in findings:
        if f.rule in ("WHIST-SCORE-7", "BEZ-SCORE-5") and id(f) not in ctx.used:
            ctx.used.add(id(f))
            marks.append(_mark(ctx, f))
    unclaimed: list[Sentence] = []
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
        result[0] = (f"No irregularity. {result[0][0]}", result[0][1])
    # what the cards really made (law 50) is said after the scores that stand in spite of it
    after = [s for s in result if s[1] == ["RUB-LAW-50"]]
    out = disputes + marks + [s for s in result if s not in after]
    if unclaimed:
        out.append(_s("Irregularities nobody claimed:"))
        out.extend(unclaimed)
    return out + after
