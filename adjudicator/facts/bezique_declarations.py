"""Facts of Bézique and Rubicon declarations: a declaration or a carried score the laws do
not allow (with the reason, from a closed set), an announcement to score later, a carried
declaration lost, a declaration marked twice, a challenge ruled on, an amendment of a false
declaration and the call of one of its cards (BEZ-DECL-*, BEZ-COMBO-*, RUB-CB-*, laws 50, 51).

Each reason names the rule it breaks (``rule``) and what a director says of it (``fault``),
so that the decision reads the fact, never the finding's words.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.facts.base import Fact, said_name

#: Why a declaration (or a carried score) is unlawful: the closed set.
FaultReason = Literal[
    "stock-exhausted",
    "no-trick-won",
    "not-the-winner",
    "drawn-since",
    "second-score",
    "exchanged-card",
    "not-formed",
    "does-not-score",
    "lower-after-higher",
    "second-of-kind",
    "no-new-card",
    "carte-blanche-ordinary",
    "carte-blanche-after-play",
    "carte-blanche-court-card",
    "carte-blanche-not-dealt-hand",
    "carte-blanche-card-not-shown",
    "carte-blanche-court-drawn",
    "carte-blanche-no-fresh-card",
    "card-played",
    "absorbed-in-sequence",
    "absorbed-in-bezique",
]

#: each reason's rule
FAULT_RULE: dict[str, str] = {
    "stock-exhausted": "BEZ-DECL-6",
    "no-trick-won": "BEZ-DECL-1",
    "not-the-winner": "BEZ-DECL-1",
    "drawn-since": "BEZ-DECL-1",
    "second-score": "BEZ-DECL-3",
    "exchanged-card": "BEZ-SEVEN-2",
    "not-formed": "BEZ-DECL-9",
    "does-not-score": "BEZ-DECL-9",
    "lower-after-higher": "BEZ-COMBO-4",
    "second-of-kind": "BEZ-COMBO-7",
    "no-new-card": "BEZ-COMBO-6",
    "carte-blanche-ordinary": "BEZ-DECL-9",
    "carte-blanche-after-play": "RUB-CB-2",
    "carte-blanche-court-card": "BEZ-DECL-9",
    "carte-blanche-not-dealt-hand": "BEZ-DECL-9",
    "carte-blanche-card-not-shown": "RUB-CB-4",
    "carte-blanche-court-drawn": "RUB-CB-4",
    "carte-blanche-no-fresh-card": "RUB-CB-4",
    "card-played": "BEZ-DECL-5",
    "absorbed-in-sequence": "BEZ-COMBO-9",
    "absorbed-in-bezique": "BEZ-COMBO-10",
}

#: what a director says of each rule's fault ("..., but {fault}" / "though {fault}")
RULE_FAULT: dict[str, str] = {
    "BEZ-DECL-1": "a declaration is made only by the winner of a trick, before drawing",
    "BEZ-DECL-3": "only one score may be made for each trick won",
    "BEZ-DECL-5": "it had been lost, a card of it having been played before it was scored",
    "BEZ-DECL-6": "nothing can be declared or scored once the stock is exhausted",
    "BEZ-DECL-9": "the cards shown do not make it",
    "BEZ-COMBO-4": "a lower combination may not follow a higher one of the same class",
    "BEZ-COMBO-6": "a card may not be used twice in combinations of the same kind",
    "BEZ-COMBO-7": "a card may not form a second combination of the same kind",
    "RUB-CB-2": "carte blanche must be declared before the holder plays",
    "RUB-CB-4": "carte blanche may not be repeated after a king, queen or knave is drawn",
    "BEZ-COMBO-9": "it had been lost, absorbed into a sequence scored before it",
    "BEZ-COMBO-10": "it had been lost, absorbed into a superior bézique scored before it",
}

#: what a director says of a reason whose rule's words do not fit it
_REASON_FAULT: dict[str, str] = {
    "exchanged-card": "the card taken in exchange for the seven of trumps may not serve in a"
    " declaration on the same trick",
    # (two faults of one rule, BEZ-DECL-1, said apart: a review found two sentences alike)
    "not-the-winner": "only the winner of trick {trick} may declare, and the declarer did not"
    " win it",
    "drawn-since": "the declarer had already drawn after trick {trick}, and a declaration is"
    " made before drawing",
}

#: the words of a declaration's fault, by reason ({seat}, {name}, {cards}, {trick}, {card},
#: {earlier}, {when}, {detail})
_DECLARED: dict[str, str] = {
    "stock-exhausted": "{seat} declared {name} after the stock was exhausted: nothing can be"
    " declared or scored in the last tricks.",
    "no-trick-won": "{seat} declared {name}, but no trick has just been won (declarations follow"
    " a trick won, before the next lead): a declaration is made only by the winner of a trick,"
    " before drawing.",
    "not-the-winner": "{seat} declared {name}, but {seat} did not win trick {trick}: a"
    " declaration is made only by the winner of a trick, before drawing.",
    "drawn-since": "{seat} declared {name}, but {seat} has already drawn after trick {trick}: a"
    " declaration is made only by the winner of a trick, before drawing.",
    "second-score": "{seat} scored {name} after already scoring for trick {trick}: one score per"
    " trick won; the rest must be carried.",
    "exchanged-card": "{seat} declared {name} with {card}, the card just taken in exchange for"
    " the seven of trumps: it may not serve on the same trick.",
    "not-formed": "{seat} declared {name} with {cards}: {detail}.",
    "does-not-score": "{seat} declared {name} with {cards}: {name} does not score in this game.",
    "lower-after-higher": "{seat} declared {name} with {card}; the record shows no {card} {seat}"
    " could have used but the one in the {earlier} declared {when}: a lower combination may not"
    " follow a higher one in the same class.",
    "second-of-kind": "{seat} declared {name} with {card}; the record shows no {card} {seat}"
    " could have used but the one that scored in the {earlier} {when}: in the ordinary game a"
    " card may not form a second combination of the same kind, nor refill one.",
    "no-new-card": "{seat} declared {name} with cards all already declared in the same class: a"
    " further declaration in a class needs a new card from the hand.",
    "carte-blanche-ordinary": "{seat} declared carte blanche: it does not score in the ordinary"
    " game.",
    "carte-blanche-after-play": "{seat} declared carte blanche after playing a card: it must be"
    " declared before the holder plays.",
    "carte-blanche-court-card": "{seat} declared carte blanche showing a court card.",
    "carte-blanche-not-dealt-hand": "{seat} declared carte blanche without showing the hand dealt.",
    "carte-blanche-card-not-shown": "{seat} repeated carte blanche without showing the card just"
    " drawn.",
    "carte-blanche-court-drawn": "{seat} repeated carte blanche after drawing a king, queen or"
    " knave.",
    "carte-blanche-no-fresh-card": "{seat} repeated carte blanche without a fresh non-court card"
    " drawn.",
}

#: the words of a carried declaration's score that the laws do not allow, by reason
_SCORED: dict[str, str] = {
    "stock-exhausted": "{seat} scored the carried {name} after the stock was exhausted.",
    "no-trick-won": "{seat} scored the carried {name}, but no trick has just been won"
    " (declarations follow a trick won, before the next lead).",
    "not-the-winner": "{seat} scored the carried {name}, but {seat} did not win trick {trick}.",
    "drawn-since": "{seat} scored the carried {name}, but {seat} has already drawn after trick"
    " {trick}.",
    "second-score": "{seat} scored the carried {name} after already scoring for trick {trick}.",
    "card-played": "{seat} scored the {name} announced at event {declared_at}, but a card of it"
    " has been played.",
}

#: how a carried declaration was lost, and the Portland law that loses it (Rubicon only)
LOST_BY: dict[str, tuple[str, str, int]] = {
    "card-played": ("a card of it was played before it was scored", "a card of it was played", 46),
    "absorbed-in-sequence": (
        "absorbed into the sequence scored",
        "absorbed into a sequence",
        47,
    ),
    "absorbed-in-bezique": (
        "absorbed into the superior bézique scored",
        "absorbed into a superior bézique",
        48,
    ),
    "stock-exhausted": (
        "the stock was exhausted before it was scored",
        "the stock was exhausted",
        52,
    ),
}

LostReason = Literal[
    "card-played", "absorbed-in-sequence", "absorbed-in-bezique", "stock-exhausted"
]


def _origin(declared_at: int, position: bool) -> str:
    """Where a carried declaration was announced: its event, or the stated position."""
    return f"the position (event {declared_at})" if position else f"event {declared_at}"


def _when(event: int | None) -> str:
    return "before the position" if event is None or event < 0 else f"at event {event}"


class UnlawfulDeclaration(Fact):
    """A declaration (or a carried declaration's score) the laws do not allow: who, what,
    the cards shown, and why, from a closed set of reasons (each names its rule)."""

    kind: Literal["unlawful-declaration"] = Field(
        default="unlawful-declaration", description="the kind of fact"
    )
    seat: str = Field(description="the seat that declared or scored (A or B)")
    combination: str = Field(description="the combination announced (royal-marriage...)")
    cards: list[str] = Field(description="the cards shown, in their canonical text")
    reason: FaultReason = Field(description="why the laws do not allow it (a closed set)")
    scored: bool = Field(
        default=False,
        description="true when it is the later score of a carried declaration that is unlawful",
    )
    declared_at: int | None = Field(
        default=None, description="the event of the announcement of a carried declaration"
    )
    position: bool = Field(
        default=False,
        description="true when the carried declaration was announced before the record begins",
    )
    lost_at: int | None = Field(
        default=None, description="the event at which a carried declaration was lost"
    )
    rubicon: bool = Field(default=False, description="true in Rubicon Bézique")
    trick: int | None = Field(default=None, description="the trick just won, where it matters")
    card: str | None = Field(
        default=None,
        description="the card at fault: the one taken in exchange for the seven, or the one"
        " already used in an earlier combination",
    )
    earlier: str | None = Field(
        default=None, description="the earlier combination that card was declared in"
    )
    earlier_event: int | None = Field(
        default=None, description="that earlier declaration's event (absent: before a position)"
    )
    detail: str | None = Field(
        default=None, description="why the cards do not make the combination, in words"
    )

    @property
    def rule(self) -> str:
        """The rule it breaks."""
        return FAULT_RULE[self.reason]

    @property
    def fault(self) -> str:
        """What a director says is wrong with it."""
        words = _REASON_FAULT.get(self.reason)
        if words is None or (self.trick is None and "{trick}" in words):
            return RULE_FAULT.get(self.rule, "")
        return words.format(trick=self.trick)

    def message(self) -> str:
        if self.lost_at is not None:
            how, law = LOST_BY[self.reason][1:]
            cited = f", law {law}" if self.rubicon else ""
            return (
                f"{self.seat} scored the {said_name(self.combination)} carried from"
                f" {_origin(self.declared_at or 0, self.position)}, but it was lost at event"
                f" {self.lost_at} ({how}{cited})."
            )
        table = _SCORED if self.scored and self.reason in _SCORED else _DECLARED
        return table[self.reason].format(
            seat=self.seat,
            name=said_name(self.combination),
            cards=" ".join(self.cards),
            trick=self.trick,
            card=self.card,
            earlier=said_name(str(self.earlier)),
            when=_when(self.earlier_event),
            detail=self.detail,
            declared_at=self.declared_at,
        )


class Announced(Fact):
    """A declaration announced to be scored on a later trick won (BEZ-DECL-4)."""

    kind: Literal["announced"] = Field(default="announced", description="the kind of fact")
    seat: str = Field(description="the seat that announced it")
    combination: str = Field(description="the combination announced")
    cards: list[str] = Field(description="its cards, in their canonical text")

    def message(self) -> str:
        return (
            f"{self.seat} announced {said_name(self.combination)} ({' '.join(self.cards)}) to score on a"
            " later trick won."
        )


class CarriedLost(Fact):
    """A declaration carried to a later trick and lost before it was scored (laws 46-48, 52)."""

    kind: Literal["carried-lost"] = Field(default="carried-lost", description="the kind of fact")
    seat: str = Field(description="the seat that announced it")
    combination: str = Field(description="the combination carried")
    declared_at: int = Field(description="the event of its announcement")
    position: bool = Field(
        default=False, description="true when it was announced before the record begins"
    )
    reason: LostReason = Field(description="how it was lost (a closed set)")

    @property
    def rule(self) -> str:
        """The law that loses it."""
        return FAULT_RULE[self.reason]

    def message(self) -> str:
        why = LOST_BY[self.reason][0]
        return (
            f"{self.seat}'s {said_name(self.combination)} carried from"
            f" {_origin(self.declared_at, self.position)} is lost: {why}."
        )


#: why a challenge failed or came too late: the closed set
ChallengeReason = Literal[
    "good-mark", "lawful-declaration", "not-a-declaration", "too-late", "every-card-lawful"
]


class ChallengeRuled(Fact):
    """A challenge of a score or a declaration (laws 50, 51), or an end-play claim
    (BEZ-LAST-2), that fails or comes too late. (A challenge that is upheld makes no finding
    of its own: the declaration's fault is the finding.)"""

    kind: Literal["challenge"] = Field(default="challenge", description="the kind of fact")
    by: str = Field(description="the seat that challenged")
    claim: Literal["score", "irregular-declaration", "revoke"] = Field(
        description="what was challenged: a score, a declaration, the end-play's cards"
    )
    at: int = Field(description="the event of the challenge")
    ref: int | str | None = Field(
        default=None, description="the event challenged, as the claim names it"
    )
    against: str | None = Field(default=None, description="the seat whose declaration it was")
    combination: str | None = Field(default=None, description="the combination challenged")
    scored: bool = Field(
        default=False, description="true when the claim names a carried declaration's score"
    )
    declared_at: int | None = Field(default=None, description="the declaration's event")
    in_time: bool | None = Field(
        default=None,
        description="made before a card of the next trick (law 50); absent where it does"
        " not matter",
    )
    score_at: int | None = Field(
        default=None, description="the event of the score a late challenge let stand"
    )
    next_card: int | None = Field(
        default=None, description="the event of the first card of the next trick"
    )
    outcome: Literal["fails", "stands"] = Field(
        description="fails: the challenge is wrong; stands: too late, the score stands"
    )
    reason: ChallengeReason = Field(description="why (a closed set)")

    def message(self) -> str:
        match self.reason:
            case "good-mark":
                what = f"the mark at event {self.ref}" if self.ref is not None else "a mark"
                return (
                    f"{self.by} challenged {what}, but it is what the rules give (or names no"
                    " mark): the claim fails."
                )
            case "not-a-declaration":
                return (
                    f"{self.by} challenged a declaration, but event {self.ref} is not a"
                    " declaration of this deal."
                )
            case "lawful-declaration":
                what = (
                    f"score of the {said_name(str(self.combination))} at event {self.ref}"
                    if self.scored
                    else f"{said_name(str(self.combination))} at event {self.declared_at}"
                )
                return (
                    f"{self.by} challenged {self.against}'s {what}, but it was a lawful"
                    " declaration: the claim fails."
                )
            case "too-late":
                return (
                    f"{self.by} challenged the score at event {self.score_at} only at event"
                    f" {self.at}, after a card of the next trick had been played (event"
                    f" {self.next_card}): too late, the score stands (law 50)."
                )
        return (
            f"{self.by} claimed a failure to follow or win in the end-play, but every card"
            " played was lawful: the claim fails."
        )


#: why an amendment is refused: the closed set (a class rule's fault is nested)
RefusalReason = Literal["drawn-since", "card-not-held", "still-not-formed", "class-rule"]


class Amendment(Fact):
    """A false declaration amended by its maker (BEZ-DECL-9, Foster's rule): lawful, refused
    (with the reason), or no false declaration to amend."""

    kind: Literal["amendment"] = Field(default="amendment", description="the kind of fact")
    seat: str = Field(description="the seat that amended")
    combination: str = Field(description="the combination as declared")
    cards: list[str] = Field(description="the cards as declared")
    declared_at: int = Field(description="the declaration's event")
    outcome: Literal["lawful", "refused", "nothing-to-amend"] = Field(
        description="lawful: it replaces the declaration; refused: the declaration stays;"
        " nothing-to-amend: the declaration was not false"
    )
    reason: RefusalReason | None = Field(
        default=None, description="why a refused amendment is refused (a closed set)"
    )
    amended_combination: str | None = Field(default=None, description="the combination as amended")
    amended_cards: list[str] = Field(default=[], description="the cards as amended")
    laid: list[str] = Field(default=[], description="the cards laid from the hand")
    replaced: list[str] = Field(default=[], description="the wrong cards taken back")
    value: int | None = Field(default=None, description="what the lawful amendment is worth")
    card: str | None = Field(default=None, description="the card its maker did not hold")
    detail: str | None = Field(
        default=None, description="why the amended cards still do not make it, in words"
    )
    class_fault: UnlawfulDeclaration | None = Field(
        default=None, description="the class rule the amended cards break"
    )

    @property
    def rule(self) -> str:
        """The rule the refusal rests on."""
        return self.class_fault.rule if self.class_fault is not None else "BEZ-DECL-9"

    def _refusal(self) -> str:
        match self.reason:
            case "drawn-since":
                return f"{self.seat} had drawn from the stock since the declaration"
            case "card-not-held":
                return f"{self.seat} did not hold {self.card} in hand"
            case "still-not-formed":
                return (
                    f"the cards as amended ({' '.join(self.amended_cards)}) still do not:"
                    f" {self.detail}"
                )
        assert self.class_fault is not None
        return self.class_fault.message().rstrip(".")

    def message(self) -> str:
        what = f"the {said_name(self.combination)} of event {self.declared_at}"
        if self.outcome == "nothing-to-amend":
            return (
                f"{self.seat} amended {what}, but only a false declaration (cards that do not"
                " make the combination announced) may be amended: it stands as it was made."
            )
        if self.outcome == "refused":
            return (
                f"{self.seat} amended {what}, but {self._refusal()}: the amendment is refused,"
                " and the declaration stays as it was made."
            )
        return (
            f"{self.seat} amended the {said_name(self.combination)} ({' '.join(self.cards)}) of event"
            f" {self.declared_at} before drawing, laying {' '.join(self.laid)} from the hand in"
            f" place of {' '.join(self.replaced) or 'nothing'}: lawful (Foster); it is now"
            f" {said_name(str(self.amended_combination))} ({' '.join(self.amended_cards)}), worth {self.value}."
        )


#: why the call of a card has no force: the closed set
NoForceReason = Literal[
    "offender-called", "amended", "not-false", "not-shown", "not-held", "too-late"
]

_NO_FORCE: dict[str, str] = {
    "offender-called": "only the adversary of the player who declared may call a card",
    "amended": "{offender} had amended it (event {amended_at})",
    "not-false": "the cards shown make the combination: only a false declaration's card",
    "not-shown": "{card} is not one of the cards {offender} showed",
    "not-held": "{offender} no longer holds {card}",
    "too-late": "a card of the next trick had been played (event {next_card}): the false"
    " declaration was found too late (law 50)",
}


class CardCalled(Fact):
    """The adversary's call of a card of a false declaration (BEZ-DECL-9, Foster's rule):
    without force (with the reason), or obeyed or not by the offender's next card."""

    kind: Literal["card-called"] = Field(default="card-called", description="the kind of fact")
    by: str = Field(description="the seat that called")
    offender: str = Field(description="the seat that made the declaration")
    card: str = Field(description="the card called")
    combination: str = Field(description="the combination declared")
    declared_at: int = Field(description="the declaration's event")
    called_at: int = Field(description="the event of the call")
    outcome: Literal["no-force", "obeyed", "not-obeyed"] = Field(
        description="no-force: the call is void; obeyed or not-obeyed: by the offender's next card"
    )
    reason: NoForceReason | None = Field(
        default=None, description="why a call has no force (a closed set)"
    )
    amended_at: int | None = Field(default=None, description="the event of the amendment")
    next_card: int | None = Field(
        default=None, description="the first card of the next trick, for a call too late"
    )
    played: str | None = Field(default=None, description="the card the offender played next")
    led: bool = Field(default=False, description="true when that card was led")
    trick: int | None = Field(default=None, description="the trick it was played to")

    def message(self) -> str:
        if self.outcome == "no-force":
            why = _NO_FORCE[self.reason or "not-false"].format(
                offender=self.offender,
                card=self.card,
                amended_at=self.amended_at,
                next_card=self.next_card,
            )
            return (
                f"{self.by} called {self.card} from the {said_name(self.combination)} of event"
                f" {self.declared_at}, but {why}: the call has no force."
            )
        how = "led" if self.led else "played"
        if self.outcome == "obeyed":
            return (
                f"{self.offender} {how} {self.card} to trick {self.trick}, as {self.by} had"
                f" called (event {self.called_at})."
            )
        return (
            f"{self.offender} {how} {self.played} to trick {self.trick}; {self.by} had called"
            f" {self.card} (event {self.called_at}), a card of the false declaration of event"
            f" {self.declared_at}: the call was not obeyed."
        )
