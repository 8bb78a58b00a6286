"""Facts of whist revokes and their penalties: a revoke established or corrected in time, a
card taken back, a revoke claim that fails or comes too late, a penalty refused, advised or
forfeited, both sides revoking, a score held below game (WHIST-REVOKE-*, WHIST-PEN-1, -4).

Why a closed set for a claim's outcome and a penalty's reason: the decision says exactly the
outcome the fact names, so it cannot say "every card followed suit" of a deal with a revoke.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.facts.base import Fact
from adjudicator.fielddocs import absent_if_none

#: a choice of revoke penalty: three tricks, three deducted, three added, or none (waived)
Choice = Literal["tricks", "deduct", "add", "waive"]


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards)


class Revoked(Fact):
    """A renounce established as a revoke (WHIST-REVOKE-1, WHIST-REVOKE-3)."""

    kind: Literal["revoked"] = Field(default="revoked", description="the kind of fact")
    seat: str = Field(description="the seat that revoked")
    card: str = Field(description="the card played, in its canonical text (10H, KS)")
    led: str = Field(description="the suit led, as a singular noun (heart, spade)")
    held: tuple[str, ...] = Field(description="the cards of the suit led the revoker held")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick of the renounce, counted from 1")
    established_at: int = Field(description="the event at which the revoke was established")

    def message(self) -> str:
        return (
            f"{self.seat} played {self.card} to a {self.led} lead at trick {self.trick} while"
            f" holding {_cards(self.held)}: a revoke, established at event {self.established_at}."
        )


class RenounceCorrected(Fact):
    """A renounce taken back before it was established: no revoke (WHIST-REVOKE-5)."""

    kind: Literal["renounce-corrected"] = Field(
        default="renounce-corrected", description="the kind of fact"
    )
    seat: str = Field(description="the seat that renounced")
    card: str = Field(description="the card played in error, in its canonical text")
    led: str = Field(description="the suit led, as a singular noun (heart, spade)")
    held: tuple[str, ...] = Field(description="the cards of the suit led the player held")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick of the renounce, counted from 1")
    taken_back_at: int = Field(description="the event at which the card was taken back")
    remedy: Literal["call-card", "call-card-or-suit"] = Field(
        description="the adversaries' remedy: call the card played in error (American code), or"
        " call it or require the highest or lowest of the suit (English codes)"
    )

    def message(self) -> str:
        penalty = (
            "the card played in error is exposed and may be called"
            if self.remedy == "call-card"
            else "the adversaries may call the card played in error or require the highest "
            "or lowest of the suit to this trick"
        )
        return (
            f"{self.seat} renounced with {self.card} to a {self.led} lead at trick {self.trick}"
            f" while holding {_cards(self.held)}, and took it back at event {self.taken_back_at}"
            f" before the revoke was established: {penalty}."
        )


class CardTakenBack(Fact):
    """A card taken back from a trick with no renounce to correct: exposed (WHIST-PEN-1)."""

    kind: Literal["card-taken-back"] = Field(
        default="card-taken-back", description="the kind of fact"
    )
    seat: str = Field(description="the seat that took the card back")
    card: str = Field(description="the card taken back, in its canonical text")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick it was taken from, counted from 1")
    suit_called_at: int | None = absent_if_none(
        "a card led out of turn (English codes): the event where the adversaries called a suit"
        " instead of the card, which then goes back into the hand, no longer exposed"
        " (WHIST-IRREG-1); absent otherwise"
    )

    def message(self) -> str:
        if self.suit_called_at is not None:
            return (
                f"{self.seat} took back {self.card}, led out of turn to trick {self.trick}: it was"
                f" exposed until the adversaries called a suit instead (event"
                f" {self.suit_called_at}), and then went back into the hand, no longer liable"
                " to be called."
            )
        return (
            f"{self.seat} took back {self.card} from trick {self.trick}: the card is exposed and"
            " liable to be called."
        )


#: why a revoke claim fails or comes to nothing, a closed set (WHIST-REVOKE-6, -7)
ClaimOutcome = Literal[
    "too-late",  # the revoke stands, but no penalty can be exacted (WHIST-REVOKE-7)
    "before-any-revoke",  # the revoke it could name was made after it
    "own-side",  # the only revoke of the deal is the claimants' own side's
    "corrected-in-time",  # the renounce it could name was corrected: no revoke
    "not-named",  # the adversaries did revoke, but not the player the claim accuses
    "no-revoke",  # every card followed suit, or its player held none of the suit led
    "call-refused",  # no revoke, and the call the accused did not obey bound nobody
]


class RevokeClaimFailed(Fact):
    """A revoke claim that exacts no penalty, and why, from a closed set (WHIST-REVOKE-6, -7);
    ``seat``/``trick``/``revoke_event`` are the revoke the reason names, if any."""

    kind: Literal["revoke-claim-failed"] = Field(
        default="revoke-claim-failed", description="the kind of fact"
    )
    by: str = Field(description="the side that claimed (NS or EW)")
    against: str | None = Field(default=None, description="the seat the claim named, if any")
    at_trick: int | None = Field(default=None, description="the trick the claim named, if any")
    deal: int = Field(description="the deal the claim is about, counted from 1")
    outcome: ClaimOutcome = Field(
        description="too-late | before-any-revoke | own-side | corrected-in-time | not-named |"
        " no-revoke | call-refused (no revoke, and the call on the seat accused bound nobody):"
        " what the claim comes to"
    )
    late_by: Literal["cut", "marks"] | None = Field(
        default=None,
        description="for too-late: made after the cut for the next deal, or after the tricks"
        " were gathered and marked (the option revoke_claim_deadline = tricks_gathered)",
    )
    seat: str | None = Field(default=None, description="the seat of the revoke or renounce named")
    trick: int | None = Field(default=None, description="its trick, counted from 1")
    revoke_event: int | None = Field(
        default=None, description="its renouncing play; for call-refused, the call"
    )

    def message(self) -> str:
        target = f" against {self.against}" if self.against else ""
        at = f" at trick {self.at_trick}" if self.at_trick else ""
        claimed = f"{self.by} claimed a revoke{target}{at} in deal {self.deal}"
        if self.outcome == "too-late":
            when = (
                "after the cards were cut for the next deal"
                if self.late_by == "cut"
                else "after the tricks were gathered and marked"
            )
            return (
                f"{self.by} claimed the revoke by {self.seat} at trick {self.trick} of deal"
                f" {self.deal} {when}: too late, no penalty can be exacted."
            )
        if self.outcome == "before-any-revoke":
            return (
                f"{self.by} claimed a revoke{target}{at} in deal {self.deal} before any revoke"
                f" had been made: {self.seat}'s renounce at trick {self.trick} (event"
                f" {self.revoke_event}) came after the claim, and a claim can only concern a"
                " revoke already made. The claim is unfounded and fails; that revoke stands"
                " unclaimed unless it is claimed after it was made."
            )
        if self.outcome == "own-side":
            return (
                f"{claimed}, but the only revoke of the deal is {self.seat}'s at trick"
                f" {self.trick}, by their own side, and only the adversaries of the revoking"
                " side may claim a revoke. The claim fails."
            )
        if self.outcome == "not-named":
            return (
                f"{claimed}, but the tricks show no such revoke: the revoke of the deal is"
                f" {self.seat}'s at trick {self.trick}, which the claim does not name. The claim"
                " fails."
            )
        why = (
            f"{self.seat}'s renounce at trick {self.trick} was corrected in time and is no revoke"
            if self.outcome == "corrected-in-time"
            else f"{self.seat} was under no lawful call (the call made on {self.seat} at event"
            f" {self.revoke_event} bound nobody), and every card played followed suit, or its"
            " player held none of the suit led"
            if self.outcome == "call-refused"
            else "every card played followed suit, or its player held none of the suit led"
        )
        return f"{claimed}, but the tricks show none: {why}. The claim fails."


#: why a choice of revoke penalty is refused, a closed set (WHIST-REVOKE-9)
PenaltyReason = Literal[
    "own-side",  # the revokers named a penalty for their own revoke
    "before-revoke",  # chosen before the revoke it could pay for was made
    "nothing-to-pay",  # no revoke of the adversaries claimed in time left to pay for
    "not-waivable",  # a waiver these rules do not allow (the best choice is applied)
    "tricks-short",  # three tricks chosen, the revokers having fewer left to give
]


class PenaltyRefused(Fact):
    """A choice of revoke penalty that is refused, and why (WHIST-REVOKE-9)."""

    kind: Literal["penalty-refused"] = Field(
        default="penalty-refused", description="the kind of fact"
    )
    by: str = Field(description="the side that chose the penalty (NS or EW)")
    choice: Choice = Field(description="the penalty chosen: tricks | deduct | add | waive")
    deal: int = Field(description="the deal, counted from 1")
    reason: PenaltyReason = Field(
        description="own-side | before-revoke | nothing-to-pay | not-waivable | tricks-short"
    )
    seat: str | None = Field(default=None, description="the revoker the reason names, if any")
    trick: int | None = Field(default=None, description="that revoke's trick, counted from 1")
    revoke_event: int | None = Field(default=None, description="that revoke's renouncing play")

    def message(self) -> str:
        if self.reason == "not-waivable":
            return (
                f"{self.by} waived the penalty for {self.seat}'s revoke, but a revoke penalty"
                " cannot be waived under these rules (option revoke_penalty_waivable); the best"
                " choice for them is applied."
            )
        if self.reason == "tricks-short":
            return (
                f"{self.by} chose to take three tricks for {self.seat}'s revoke, but the"
                " revokers have fewer than three left to give; under option"
                " trick_penalty_shortfall = invalid_choice that choice is refused and the best"
                " valid choice is applied."
            )
        if self.reason == "own-side":
            why = (
                f" is not theirs to choose: the revoke by {self.seat} at trick {self.trick} is"
                " their own side's, and the penalty is chosen by the adversaries of the revoking"
                " side"
            )
        elif self.reason == "before-revoke":
            why = (
                f" was recorded before {self.seat}'s renounce at trick {self.trick} (event"
                f" {self.revoke_event}) was made: a choice of penalty belongs to the claim it"
                " follows, and no revoke had been claimed"
            )
        else:
            why = (
                " has no revoke of their adversaries left to pay for it (none was claimed in"
                " time, or the claim made found none)"
            )
        return (
            f"{self.by} exacted a revoke penalty ({self.choice}) in deal {self.deal}, which{why}."
        )


class PenaltyAdvised(Fact):
    """A revoke claimed with no penalty chosen: the best for the claimants, which the ruling
    applies (WHIST-REVOKE-9, info)."""

    kind: Literal["penalty-advised"] = Field(
        default="penalty-advised", description="the kind of fact"
    )
    claimants: str = Field(description="the side that claimed (NS or EW)")
    seat: str = Field(description="the seat of the first revoke claimed")
    trick: int = Field(description="its trick, counted from 1")
    deal: int = Field(description="the deal, counted from 1")
    best: tuple[Choice, ...] = Field(
        description="the best choice for each revoke, in the order of the revokes"
    )

    def message(self) -> str:
        return (
            f"{self.claimants} claimed the revoke by {self.seat} at trick {self.trick} but no"
            f" choice of penalty is recorded; the best for them is {', '.join(self.best)}, which"
            " this ruling applies (the deal summary shows what each choice gives)."
        )


class PenaltyChoiceChanged(Fact):
    """A second choice of penalty unlike the first for a revoke of the same deal, where the
    rules require one choice for all (WHIST-REVOKE-10, option per_revoke_option_choice)."""

    kind: Literal["penalty-choice-changed"] = Field(
        default="penalty-choice-changed", description="the kind of fact"
    )
    by: str = Field(description="the side choosing (NS or EW)")
    choice: Choice = Field(description="the choice made now")
    earlier: Choice = Field(description="the choice made for an earlier revoke of the deal")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick of the revoke it is chosen for")

    def message(self) -> str:
        return (
            f"{self.by} chose {self.choice} after choosing {self.earlier} for an earlier revoke"
            " of the deal; these rules require one choice for every revoke (option"
            " per_revoke_option_choice)."
        )


class PenaltyOrder(Fact):
    """Several penalties whose order changes the score: the order taken, and what the other
    would give (WHIST-REVOKE-10, info; option penalty_order)."""

    kind: Literal["penalty-order"] = Field(default="penalty-order", description="the kind of fact")
    deal: int = Field(description="the deal, counted from 1")
    penalties: int = Field(description="how many penalties the deal counts")
    order: Literal["revokes", "claims"] = Field(
        description="the order taken: as the revokes were made, or as they were claimed"
    )
    score: dict[str, int] = Field(description="the score in that order, by side")
    other_score: dict[str, int] = Field(description="the score in the other order, by side")

    def message(self) -> str:
        words = {
            "revokes": "the order the revokes were made",
            "claims": "the order they were claimed",
        }
        other = "claims" if self.order == "revokes" else "revokes"
        return (
            f"{self.penalties} revoke penalties in deal {self.deal}: the codes score them before"
            " tricks and honours but do not say in which order among themselves, and here the"
            f" order matters. This ruling takes them in {words[self.order]} (option"
            f" penalty_order = {self.order}): NS {self.score['NS']}, EW {self.score['EW']}. In"
            f" {words[other]} (penalty_order = {other}) it would be NS"
            f" {self.other_score['NS']}, EW {self.other_score['EW']}."
        )


class AmericanPenaltyDemand(Fact):
    """Under the American code, a waiver refused (the two tricks are taken, WHIST-REVOKE-14)
    or a wrong penalty demanded, which forfeits it (AWL-39, WHIST-PEN-4)."""

    kind: Literal["american-penalty-demand"] = Field(
        default="american-penalty-demand", description="the kind of fact"
    )
    by: str = Field(description="the claimants (NS or EW)")
    demand: Literal["waive", "deduct", "add"] = Field(
        description="what they asked instead of the fixed two tricks"
    )
    outcome: Literal["tricks-taken", "forfeited"] = Field(
        description="tricks-taken: the waiver is refused and the two tricks are taken;"
        " forfeited: a wrong penalty having been demanded, none is enforced"
    )
    seat: str = Field(description="the revoker")
    trick: int = Field(description="the trick of the revoke, counted from 1")
    deal: int = Field(description="the deal, counted from 1")

    def message(self) -> str:
        if self.demand == "waive":
            words = "waived the penalty"
            outcome = (
                "a revoke penalty cannot be waived under these rules (option "
                "revoke_penalty_waivable), so the two tricks are taken"
            )
        else:
            words = f"demanded a wrong penalty ({self.demand} three points)"
            outcome = (
                "a wrong penalty having been demanded, none can be enforced (AWL-39): no tricks "
                "are taken, and the revokers are not held below game"
            )
        return (
            f"{self.by} {words} for {self.seat}'s revoke at trick {self.trick}, but under the"
            " American code the penalty is fixed, two tricks for each revoke;"
            f" {outcome}."
        )


BothSidesOption = Literal["cancel_all", "cancel_pairwise", "each_penalised", "new_deal"]


class BothSidesRevoked(Fact):
    """Both sides revoked in one deal: what the rules do then (WHIST-REVOKE-13, option
    both_sides_revoke)."""

    kind: Literal["both-sides-revoked"] = Field(
        default="both-sides-revoked", description="the kind of fact"
    )
    deal: int = Field(description="the deal, counted from 1")
    option: BothSidesOption = Field(
        description="cancel_all | cancel_pairwise | each_penalised | new_deal: the option"
        " both_sides_revoke applied"
    )

    def message(self) -> str:
        words = {
            "cancel_all": "the revokes cancel each other: no penalty counts",
            "cancel_pairwise": "the revokes cancel in pairs: only the surplus is penalised",
            "each_penalised": "each side pays its adversaries' penalty",
            "new_deal": "the deal is void",
        }[self.option]
        return (
            f"Both sides revoked in deal {self.deal}: neither side can win the game in it, and"
            f" {words} (option both_sides_revoke = {self.option})."
        )


class ScoreHeld(Fact):
    """A revoking side cannot win the game in the deal: its score held below game
    (WHIST-REVOKE-11; WHIST-REVOKE-14 under the American code)."""

    kind: Literal["score-held"] = Field(default="score-held", description="the kind of fact")
    deal: int = Field(description="the deal, counted from 1")
    held: dict[str, int] = Field(description="the score each side was held at, by side")
    ended: dict[str, int] = Field(
        description="the score each other revoking side ended the deal at, by side"
    )
    cap: int = Field(description="the most a revoking side may score in the deal")

    def message(self) -> str:
        if len(self.held) + len(self.ended) == 2:  # both sides revoked: name both
            parts = [f"{side}'s score is held at {n}" for side, n in self.held.items()]
            parts += [f"{side} end the deal at {n}" for side, n in self.ended.items()]
            return (
                f"Both sides revoked in deal {self.deal}: neither can win the game in it nor"
                f" score beyond {self.cap}. " + "; ".join(parts) + "."
            )
        side, n = next(iter(self.held.items()))
        return (
            f"{side} revoked in deal {self.deal} and cannot win the game in it: their score is"
            f" held at {n}."
        )
