"""Facts of the whist table's own events: misdeals and deals out of turn (WHIST-DEAL-4..8),
calls after a lead out of turn or of an exposed card (WHIST-IRREG-1, WHIST-PEN-2..4,
WHIST-REVOKE-2), and claims of the tricks not played (WHIST-REVOKE-16, WHIST-IRREG-6).

The calls word themselves through a ``Voice`` (``words``): the finding's message and the
director's sentence are the same words, named two ways.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.facts.base import Fact
from adjudicator.facts.voice import OTHER_SIDE, PARTNER, RIGHT, SIDE, SUIT_NOUN, Voice
from adjudicator.fielddocs import absent_if_none

# ---------------------------------------------------------------------------------------------
# Misdeals and deals out of turn
# ---------------------------------------------------------------------------------------------

#: why the cards were dealt again (the record's ``reason``) -> as a director says it
REASON_WORDS: dict[str, str] = {
    "dealing": "the cards were not dealt singly in rotation from the dealer's left",
    "trump-face-down": "the trump card was placed face down",
    "trump-not-to-dealer": "the last card did not come to the dealer",
    "wrong-number": "a hand was dealt the wrong number of cards",
    "cards-counted": "the dealer counted the cards",
    "pack-not-cut": "the pack was not cut",
    "dealer-saw-trump": "the dealer looked at the trump card while dealing",
    "imperfect-pack": "the pack was found imperfect",
    "card-faced-in-pack": "a card was found faced in the pack",
    "card-exposed": "a card was exposed in dealing and a new deal was claimed",
}

MisdealReason = Literal[
    "dealing",
    "trump-face-down",
    "trump-not-to-dealer",
    "wrong-number",
    "cards-counted",
    "pack-not-cut",
    "dealer-saw-trump",
    "imperfect-pack",
    "card-faced-in-pack",
    "card-exposed",
]

#: why a misdeal did not lose the deal -> as a director says it
EXCUSE_WORDS = {
    "adversary-touched": "an adversary had touched the cards",
    "interrupted": "the adversaries had interrupted the dealer",
}


class Misdeal(Fact):
    """A misdeal or a new deal, and who deals next (WHIST-DEAL-5, -6, -8; WHIST-DEAL-4)."""

    kind: Literal["misdeal"] = Field(default="misdeal", description="the kind of fact")
    dealer: str = Field(description="the seat that dealt")
    reason: MisdealReason = Field(description="why the cards were dealt again, as recorded")
    outcome: Literal["deal-lost", "excused", "new-deal"] = Field(
        description="deal-lost: a misdeal, and the deal passes; excused: a misdeal that does"
        " not lose the deal (see excuse); new-deal: a faulty pack or a card exposed, the same"
        " dealer deals again"
    )
    excuse: Literal["adversary-touched", "interrupted"] | None = Field(
        default=None, description="why an excused misdeal does not lose the deal, or null"
    )
    owner: str = Field(
        description="the seat whose deal it was and who loses it (the dealer, or under the"
        " English codes the player whose partner took the deal)"
    )
    next_dealer: str = Field(description="the seat that deals next")
    before_deal: int = Field(description="the deal the cards were dealt for, counted from 1")
    voids_deal: int | None = Field(
        default=None,
        description="a deal found void during its play (its pack imperfect), or null",
    )

    @property
    def why(self) -> str:
        """What happened, in words."""
        return REASON_WORDS[self.reason]

    def message(self) -> str:
        if self.outcome == "deal-lost":
            consequence = (
                f"a misdeal: {self.owner} loses the deal, which passes to {self.next_dealer}"
                if self.owner == self.dealer
                else f"a misdeal by {self.owner}'s partner, who took the deal: {self.owner}"
                f" loses it, and it passes to {self.next_dealer}"
            )
        elif self.outcome == "excused":
            consequence = (
                f"a misdeal, but {EXCUSE_WORDS[self.excuse or 'interrupted']}: {self.dealer}"
                " does not lose the deal and deals again"
            )
        else:
            consequence = f"a new deal by the same dealer: {self.dealer} deals again"
        if self.voids_deal:
            when = f"During the play of deal {self.voids_deal}"
            consequence += f"; deal {self.voids_deal} is void and scores nothing"
        else:
            when = f"Before deal {self.before_deal}"
        return f"{when}, {self.why}: {consequence}."


class DealtOutOfTurn(Fact):
    """A player dealt when it was another's turn (WHIST-DEAL-7)."""

    kind: Literal["dealt-out-of-turn"] = Field(
        default="dealt-out-of-turn", description="the kind of fact"
    )
    dealer: str = Field(description="the seat that dealt")
    turn: str = Field(description="the seat whose turn it was to deal")
    deal: int = Field(description="the deal, counted from 1")
    misdeal: bool = Field(
        description="true: the deal out of turn was itself a misdeal (the next goes on from the"
        " one who dealt, or from the left of ``charged_to``); false: it was played and stands"
    )
    after_misdeal: int | None = Field(
        default=None, description="the misdeal (event) that made it another's turn, or null"
    )
    charged_to: str | None = Field(
        default=None,
        description="misdeal: the seat that loses the deal for it when it is not the dealer's"
        " own (English codes: the partner who took the deal loses it for the dealer), or null",
    )

    def message(self) -> str:
        if self.misdeal:
            then = (  # ENG64-51, ENG1900-38: the partner who took the deal loses it for him
                f" The misdeal is charged to {self.charged_to}, whose deal it was."
                if self.charged_to is not None
                else " The deal goes on from the one who dealt."
            )
            return (
                f"{self.dealer} dealt out of turn before deal {self.deal}: it was {self.turn}'s"
                f" turn.{then}"
            )
        why = (
            f"the deal passes to the left: it was {self.turn}'s turn"
            if self.after_misdeal is None
            else f"after the misdeal at event {self.after_misdeal} it was {self.turn}'s turn"
        )
        return (
            f"{self.dealer} dealt deal {self.deal}, but {why}. The deal stands, as it was not"
            " stopped before the trump card was turned."
        )


# ---------------------------------------------------------------------------------------------
# Calls
# ---------------------------------------------------------------------------------------------

CallKind = Literal["suit", "card", "waive"]


class _Call(Fact):
    """What every call's facts say: who called on whom, for what, at which event."""

    kind: str = Field(description="the kind of fact")
    by: str = Field(description="the seat that called")
    seat: str = Field(description="the seat called on")
    call: CallKind = Field(description="suit, card, or waive (the penalty waived)")
    suit: str | None = Field(default=None, description="the suit called (S H D C), or null")
    card: str | None = Field(default=None, description="the card called, or null")
    deal: int = Field(description="the deal, counted from 1")
    event: int = Field(description="the call (index into /events)")

    def _what(self, voice: Voice) -> str:
        """What was called, in words: a suit as its noun (a bare letter reads as a seat)."""
        if self.call == "suit":
            return f"a {SUIT_NOUN[self.suit or 'S']}"
        if self.call == "card":
            return voice.card(self.card or "")
        return "a waiver"

    def words(self, voice: Voice) -> str:
        """The finding's words, with seats, cards and events named by ``voice``."""
        raise NotImplementedError(type(self).__name__)

    def message(self) -> str:
        return self.words(Voice()) + "."


Refusal = Literal[
    "no-lead-out-of-turn",
    "not-exposed",
    "trick-stood",
    "american-card-call",
    "american-wrong-adversary",
    "right-lost",
    "before-turn",
]


class CallRefused(_Call):
    """A call the laws do not give, which binds nobody (WHIST-PEN-2, -3, -4; WHIST-IRREG-1)."""

    kind: Literal["call-binds-nobody"] = Field(
        default="call-binds-nobody", description="the kind of fact"
    )
    reason: Refusal = Field(
        description="no-lead-out-of-turn: nothing to answer for (nor a card exposed);"
        " not-exposed: the card called is not exposed; trick-stood: all four played to the lead"
        " out of turn; american-card-call: the American code gives only a suit call;"
        " american-wrong-adversary: only the adversary on the offender's right may call (these"
        " two forfeit every penalty for the offence); right-lost: a wrong penalty demanded"
        " before forfeited the call; before-turn (English 1900): an exposed card demanded"
        " before its owner's turn, or again in the trick it was so demanded for, which loses"
        " the penalty for that trick (``trick``)"
    )
    trick: int | None = absent_if_none(
        "with before-turn: the trick the penalty is lost for; absent otherwise"
    )
    offender: str | None = Field(default=None, description="the seat that led out of turn, or null")
    offence_trick: int | None = Field(
        default=None, description="the trick led out of turn, or null"
    )
    forfeited_at: int | None = Field(
        default=None, description="the wrong penalty demanded that lost the call (event), or null"
    )

    def words(self, voice: Voice) -> str:
        by, seat, what = voice.seat(self.by), voice.seat(self.seat), self._what(voice)
        offence = (
            f"the lead out of turn of {voice.seat(self.offender or '')} at trick"
            f" {self.offence_trick}"
        )
        if self.reason == "no-lead-out-of-turn":
            return (
                f"{by} called {what} from {seat}, but there is no lead out of turn by {seat} or"
                f" {voice.seat(PARTNER[self.seat])} to answer for"
                + (", nor is the card exposed" if self.call == "card" else "")
                + ": the call binds nobody"
            )
        if self.reason == "not-exposed":
            return f"{by} called {what} from {seat}, but it is not an exposed card: the call binds nobody"
        if self.reason == "trick-stood":
            return (
                f"{by} called on {seat} for {offence}, but all four had played to it: the trick"
                " stands and no penalty remains, so the call binds nobody"
            )
        if self.reason == "american-card-call":
            return (
                f"{by} called {what} from {seat}, but under the American code a card led out of"
                " turn is not exposed and only a suit may be called: a wrong penalty having been"
                f" demanded, none can be enforced for {offence}"
            )
        if self.reason == "american-wrong-adversary":
            return (
                f"{by} called a suit from {seat}, but under the American code only the adversary"
                f" on the right of {seat}, {voice.seat(RIGHT[self.seat])}, may: the demand being"
                f" made by the wrong adversary, no penalty can be enforced for {offence}"
            )
        if self.reason == "before-turn":
            return (
                f"{by} called {what} from {seat} before {seat} was to play to trick"
                f" {self.trick}: an exposed card may not be demanded before its owner's turn, and"
                " the penalty is lost for that trick, so the call binds nobody"
            )
        return (
            f"{by} called {what} from {seat}{voice.event(self.event)}, but the right to call it"
            " was lost by the wrong penalty demanded"
            f" before{voice.event(self.forfeited_at or 0)}: the call binds nobody"
        )


class PenaltyWaived(_Call):
    """The penalty for a lead out of turn waived (WHIST-IRREG-1)."""

    kind: Literal["penalty-waived"] = Field(
        default="penalty-waived", description="the kind of fact"
    )
    offender: str = Field(description="the seat that led out of turn")
    offence_trick: int = Field(description="the trick led out of turn")

    def words(self, voice: Voice) -> str:
        return (
            f"{voice.seat(self.by)} waived the penalty for the lead out of turn of"
            f" {voice.seat(self.offender)} at trick {self.offence_trick}"
        )


#: the codes under which a wrong penalty demanded forfeits every penalty for the offence
FORFEIT_WORDS = {
    "english-1900": "Having demanded a penalty not authorised for the offence, {side} forfeit"
    " all right to any penalty for it",
    "american-1893": "A wrong penalty having been demanded, none can be enforced for it",
}


class WrongPenaltyDemanded(_Call):
    """A call with no lead out of turn to answer for, on a player holding exposed cards: a
    penalty the laws do not give for them, which forfeits their call (WHIST-PEN-4; ENG1900-88,
    AWL-39)."""

    kind: Literal["wrong-penalty-for-exposed-cards"] = Field(
        default="wrong-penalty-for-exposed-cards", description="the kind of fact"
    )
    cards: list[str] = Field(
        description="the cards the player called on had exposed, for which the wrong penalty"
        " was demanded: they can no longer be called"
    )
    code: Literal["english-1900", "american-1893"] = Field(
        description="the code whose law forfeits the call (the code of 1864 says nothing of it)"
    )

    def words(self, voice: Voice) -> str:
        shown = voice.cards(self.cards)
        cards = "card" if len(self.cards) == 1 else "cards"
        forfeit = FORFEIT_WORDS[self.code].format(side=voice.seat(SIDE[self.by]))
        return (
            f"{voice.seat(self.by)} called {self._what(voice)} from {voice.seat(self.seat)}, with"
            f" no lead out of turn to answer for: a penalty the laws do not give for the {cards}"
            f" {voice.seat(self.seat)} had exposed, {shown}. {forfeit}, and {shown} can no"
            " longer be called"
        )


Answer = Literal["obeyed", "none-held", "lapsed-for-trick", "no-turn-again", "disobeyed"]


class CallAnswered(_Call):
    """A lawful call and what became of it (WHIST-PEN-2, -3); disobeyed when it could be
    obeyed, the penalty of a revoke (WHIST-REVOKE-2)."""

    kind: Literal["call-answered"] = Field(default="call-answered", description="the kind of fact")
    outcome: Answer = Field(
        description="obeyed; none-held: a suit called that the player lacked, the penalty paid;"
        " lapsed-for-trick: the card called could not be played without revoking;"
        " no-turn-again: the deal ended first, nothing remains of the call; disobeyed: a"
        " failure to obey, treated as a revoke"
    )
    played: str | None = Field(
        default=None, description="the card the player led or played next, or null"
    )
    played_at: int | None = Field(default=None, description="that card's event, or null")
    trick: int | None = Field(default=None, description="that card's trick, or null")
    held: list[str] = Field(
        default_factory=list,
        description="disobeyed: the cards held that the call required the player to play",
    )
    offence_at: int | None = Field(
        default=None,
        description="the lead out of turn the call exacts its penalty for (index into /events),"
        " or null (an exposed card called)",
    )
    offender: str | None = Field(default=None, description="the seat that led out of turn, or null")
    offence_trick: int | None = Field(
        default=None, description="the trick of that lead out of turn, or null"
    )

    def _for(self, voice: Voice) -> str:
        """For whose lead out of turn the suit was called ("" for an exposed card's call)."""
        if self.offender is None:
            return ""
        if self.offender == self.seat:
            return f" for a lead out of turn at trick {self.offence_trick}"
        whose = voice.seat(self.offender)
        return f" for the lead out of turn of {whose} at trick {self.offence_trick}"

    def words(self, voice: Voice) -> str:
        by, seat = voice.seat(self.by), voice.seat(self.seat)
        if self.outcome == "no-turn-again" or self.played is None:
            turn = "lead" if self.call == "suit" else "turn to play"
            return (
                f"{by} called {self._what(voice)} from {seat}{self._for(voice)}, who had no"
                f" {turn} again in the deal: nothing remains of the call"
            )
        played, trick = voice.card(self.played), self.trick
        at = self.played_at or 0
        if self.call == "suit":
            asked = (
                f"{by} called {self._what(voice)} from {seat}{self._for(voice)}"
                f"{voice.event(self.event)}"
            )
            if self.outcome == "obeyed":
                return f"{asked}; {seat} led {played}{voice.event(at)}, as called, to trick {trick}"
            if self.outcome == "none-held":
                return (
                    f"{asked}; {seat} held none, so the penalty is paid, and led"
                    f" {played}{voice.event(at)} to trick {trick}"
                )
            return (
                f"{asked}, but {seat} led {played} to trick {trick} holding"
                f" {voice.cards(self.held)}{_FAILURE}"
            )
        asked = (
            f"{by} called {self._what(voice)}, an exposed card, from"
            f" {seat}{voice.event(self.event)}"
        )
        if self.outcome == "obeyed":
            return f"{asked}; {seat} played it{voice.event(at)}, as called, to trick {trick}"
        if self.outcome == "lapsed-for-trick":
            return (
                f"{asked}; at trick {trick} it could not be played without revoking, so the call"
                " lapses for that trick"
            )
        return f"{asked}, but {seat} played {played} to trick {trick} instead{_FAILURE}"


_FAILURE = ": a failure to obey a lawful call, which the laws treat as a revoke"

#: every kind of call's facts
CALLS = (CallRefused, PenaltyWaived, WrongPenaltyDemanded, CallAnswered)

# ---------------------------------------------------------------------------------------------
# Claims of the tricks not played
# ---------------------------------------------------------------------------------------------

#: why the cards could not decide a claim -> the finding's words
UNDECIDED_WORDS = {
    "cards-not-shown": "the cards are not all shown",
    "not-in-turn": "the trick on the table was not played in turn",
}


class RestClaim(Fact):
    """A claim or concession of the tricks not played, and what the cards say of it; the
    tricks go as claimed whatever they say (WHIST-REVOKE-16, WHIST-IRREG-6)."""

    kind: Literal["rest-claimed"] = Field(default="rest-claimed", description="the kind of fact")
    seat: str = Field(description="the seat that claimed or conceded")
    side: str = Field(description="the claimer's side (NS or EW)")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the first trick not played, counted from 1")
    tricks: int = Field(
        description="of the tricks not played, those the claimer's side takes (0: all conceded)"
    )
    remaining: int = Field(description="the tricks not played (the one on the table among them)")
    sure: int | None = Field(
        description="the tricks the claimer's side is sure of with best play, every card shown;"
        " null when not decided"
    )
    verdict: Literal["borne-out", "disproved", "gave-away", "undecided"] = Field(
        description="borne-out: the side is sure of what it claimed; disproved: of fewer;"
        " gave-away: of more than it kept; undecided: see undecided"
    )
    undecided: Literal["cards-not-shown", "not-in-turn", "too-many"] | None = Field(
        default=None,
        description="why the cards did not decide: cards-not-shown, not-in-turn (the trick on"
        " the table was not played in turn), too-many (more tricks than the search examines);"
        " null when decided",
    )

    @property
    def conceded(self) -> bool:
        """All the tricks not played conceded (said "conceded", not "claimed")."""
        return self.tricks == 0

    @property
    def other(self) -> str:
        return OTHER_SIDE[self.side]

    def message(self) -> str:
        verb = "conceded" if self.conceded else "claimed"
        what = (
            f"all {self.remaining} tricks not played to {self.other}"
            if self.conceded
            else f"{self.tricks} of the {self.remaining} tricks not played"
        )
        said = f"{self.seat} {verb} {what}, from trick {self.trick} of deal {self.deal}"
        goes = (
            f"the tricks not played go as {verb}: {self.side} {self.tricks},"
            f" {self.other} {self.remaining - self.tricks}"
        )
        sure = self.sure or 0
        if self.verdict == "undecided":
            why = UNDECIDED_WORDS.get(
                self.undecided or "",
                f"{self.remaining} tricks are too many to search within the bound",
            )
            verdict = f"whether the cards bear it out cannot be decided ({why})"
        elif self.verdict == "borne-out":
            verdict = f"the cards bear it out: with every card shown {self.side} are sure of {sure}"
        elif self.verdict == "disproved":
            verdict = (
                f"the cards disprove it: with best play {self.other} take"
                f" {self.remaining - sure} of them, and {self.side} are sure of only {sure}"
            )
        else:
            verdict = f"the cards show {self.side} were sure of {sure} of them, more than they kept"
        return f"{said}: {verdict}. The hands being abandoned on it, {goes}."
