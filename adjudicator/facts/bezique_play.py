"""Facts of Bézique and Rubicon play: leads out of turn, hands of the wrong size, draws missed
or out of turn, the stock's last face-down card, the seven of trumps' exchange, and the
end-play's rule of play (follow, win, trump)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.facts.base import Fact

_SEAT = "the seat concerned (A or B)"
_DEAL = "the deal, counted from 1"


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards)


class BeziqueLedOutOfTurn(Fact):
    """A lead to a trick by the seat whose turn it was not; the adversary played to it, so
    the trick stands (BEZ-IRREG-8, RUB-LAW-24)."""

    kind: Literal["bezique-led-out-of-turn"] = Field(
        default="bezique-led-out-of-turn", description="the kind of fact"
    )
    seat: str = Field(description="the seat that led out of turn")
    deal: int = Field(description=_DEAL)
    trick: int = Field(description="the trick led to, counted from 1 in the deal")
    leader: str = Field(description="the seat that was to lead")

    def message(self) -> str:
        return (
            f"{self.seat} led to trick {self.trick} out of turn: {self.leader} was to lead. The"
            " adversary played to it, so the trick stands."
        )


#: what the laws make of a hand of the wrong size
WrongSizeRemedy = Literal[
    "ordinary-remedy", "rubiconed", "adversary-scores-last-trick", "neither-scores-last-trick"
]


class BeziqueWrongHandSize(Fact):
    """A play from a hand of the wrong size: 8 (Rubicon 9) while the stock lasts, one fewer
    a trick after (BEZ-IRREG-4; Rubicon laws 17 over, 19 short, 21 one over and one short)."""

    kind: Literal["bezique-wrong-hand-size"] = Field(
        default="bezique-wrong-hand-size", description="the kind of fact"
    )
    seat: str = Field(description="the seat that played holding the wrong number of cards")
    deal: int = Field(description=_DEAL)
    trick: int = Field(description="the trick played to, counted from 1 in the deal")
    held: int = Field(description="the cards held (hand and table) when the seat played")
    expected: int = Field(description="the cards the seat should have held")
    remedy: WrongSizeRemedy = Field(
        description="what the laws make of it: ordinary-remedy (the ordinary game, Foster: a new"
        " deal at the adversary's choice, or the hand brought back to eight by the draws),"
        " rubiconed (Rubicon law 17: more than nine cards), adversary-scores-last-trick"
        " (law 19: too few), neither-scores-last-trick (law 21: one hand over nine and the"
        " other short; the one over is rubiconed)"
    )

    @property
    def over(self) -> bool:
        """Too many cards rather than too few."""
        return self.held > self.expected

    def message(self) -> str:
        return (
            f"{self.seat} played to trick {self.trick} holding {self.held} cards instead of"
            f" {self.expected}."
        )


class BeziqueMissedDraw(Fact):
    """A seat that did not draw after a trick and played on a card short (BEZ-IRREG-1,
    RUB-IRREG-12), with the remedy the game gives."""

    kind: Literal["bezique-missed-draw"] = Field(
        default="bezique-missed-draw", description="the kind of fact"
    )
    seat: str = Field(description="the seat that did not draw")
    deal: int = Field(description=_DEAL)
    trick: int = Field(description="the trick the seat then played to a card short")
    after: int = Field(description="the trick after which the seat did not draw")
    remedy: Literal["draw-two-next", "adversary-scores-last-trick"] = Field(
        description="what the laws make of it: draw-two-next (the ordinary game, Foster: the"
        " seat draws two cards at its next draw) or adversary-scores-last-trick (Rubicon,"
        " law 19: the adversary scores the last trick)"
    )

    def message(self) -> str:
        tail = (
            ": the adversary will score the last trick (law 19)."
            if self.remedy == "adversary-scores-last-trick"
            else "."
        )
        return (
            f"{self.seat} did not draw after trick {self.after} and played on with a card"
            f" short{tail}"
        )


#: why a draw was out of turn
DrawFault = Literal["no-trick-won", "second-draw", "before-winner"]


class BeziqueDrewOutOfTurn(Fact):
    """A draw out of its turn: with no trick won since the last draws (BEZ-PLAY-4), a second
    card after the same trick (BEZ-IRREG-3, RUB-IRREG-13), or the loser's before the
    winner's (BEZ-PLAY-4)."""

    kind: Literal["bezique-drew-out-of-turn"] = Field(
        default="bezique-drew-out-of-turn", description="the kind of fact"
    )
    seat: str = Field(description="the seat that drew")
    deal: int = Field(description=_DEAL)
    card: str | None = Field(description="the card drawn (10H, KS), or null when not known")
    fault: DrawFault = Field(
        description="why the draw was out of turn: no-trick-won (no trick won since the last"
        " draws), second-draw (the seat had already drawn after this trick), before-winner"
        " (the loser of the trick drew before its winner)"
    )
    trick: int | None = Field(
        description="the trick the draw followed, or null when no trick had been won since the"
        " last draws"
    )

    def message(self) -> str:
        drawn = self.card or "a card"  # (a card the record does not name is not guessed at)
        if self.fault == "no-trick-won":
            return (
                f"{self.seat} drew {drawn} out of turn: no trick has been won since the last draws."
            )
        if self.fault == "second-draw":
            named = f" ({self.card})" if self.card is not None else ""
            return f"{self.seat} drew a second card{named} after trick {self.trick}."
        return f"{self.seat} lost trick {self.trick} but drew {drawn} before the winner."


class BeziqueLastCardNotDrawn(Fact):
    """An even number of face-down cards left for the last pair of draws: the last one is not
    drawn and the loser takes the trump card (BEZ-IRREG-9)."""

    kind: Literal["bezique-last-card-not-drawn"] = Field(
        default="bezique-last-card-not-drawn", description="the kind of fact"
    )
    seat: str = Field(description="the seat that takes the trump card")
    deal: int = Field(description=_DEAL)

    def message(self) -> str:
        return (
            "An earlier irregularity left an even number of face-down cards: the last one is"
            f" not drawn and {self.seat} takes the trump card."
        )


class BeziqueSevenNotInGame(Fact):
    """An exchange of the seven of trumps in a game that has none to exchange (BEZ-SEVEN-4):
    Rubicon, or the ordinary game with trumps made by the first marriage."""

    kind: Literal["bezique-seven-not-in-game"] = Field(
        default="bezique-seven-not-in-game", description="the kind of fact"
    )
    seat: str = Field(description="the seat that exchanged")
    deal: int = Field(description=_DEAL)
    why: Literal["rubicon", "trumps-by-marriage"] = Field(
        description="why there is no exchange: rubicon (Rubicon Bézique has no seven of trumps"
        " to exchange) or trumps-by-marriage (the ordinary game's variant where the first"
        " marriage makes trumps: no turn-up, and the seven scores nothing)"
    )

    def message(self) -> str:
        if self.why == "rubicon":
            return "Rubicon Bézique has no seven of trumps to exchange."
        return "With trumps made by the first marriage the seven of trumps scores nothing."


#: why an exchange of the seven of trumps was not allowed (BEZ-SEVEN-2)
SevenFault = Literal[
    "turn-up-drawn", "not-held", "no-trick-won", "did-not-win", "already-drew", "already-scored"
]


class BeziqueSevenExchangeRefused(Fact):
    """An exchange of the seven of trumps the laws do not allow; it scores nothing
    (BEZ-SEVEN-2)."""

    kind: Literal["bezique-seven-exchange-refused"] = Field(
        default="bezique-seven-exchange-refused", description="the kind of fact"
    )
    seat: str = Field(description="the seat that exchanged")
    deal: int = Field(description=_DEAL)
    fault: SevenFault = Field(
        description="why it was not allowed: turn-up-drawn (the turn-up had been drawn),"
        " not-held (the seat did not hold the seven of trumps), no-trick-won (no trick had"
        " just been won), did-not-win (the seat did not win the trick just won), already-drew"
        " (the seat had drawn after it), already-scored (the seat had scored for that trick,"
        " the option exchange_is_declaration counting the exchange as its declaration)"
    )
    trick: int | None = Field(
        description="the trick just won (did-not-win, already-drew, already-scored), or null"
    )

    def why(self) -> str:
        """The fault in the replay's words (the finding's message)."""
        seat, trick = self.seat, self.trick
        return {
            "turn-up-drawn": "the turn-up has already been drawn",
            "not-held": f"{seat} does not hold the seven of trumps in the hand",
            "no-trick-won": "no trick has just been won (declarations follow a trick won,"
            " before the next lead)",
            "did-not-win": f"{seat} did not win trick {trick}",
            "already-drew": f"{seat} has already drawn after trick {trick}",
            "already-scored": f"{seat} has already scored for this trick (an exchange counts as"
            " the trick's declaration)",
        }[self.fault]

    def message(self) -> str:
        return (
            f"{self.seat}'s exchange of the seven of trumps is not allowed: {self.why()}. It"
            " scores nothing."
        )


#: how a play of the end-play broke its rule (BEZ-LAST-2)
EndplayFault = Literal["did-not-follow", "did-not-win", "did-not-trump", "held-a-card-played-later"]


class BeziqueEndplayRuleBroken(Fact):
    """A play of the end-play that did not follow suit, win or trump when the seat could
    (BEZ-LAST-2); the penalty is the option endplay_penalty's (BEZ-LAST-3, RUB-LAST-1)."""

    kind: Literal["bezique-endplay-rule-broken"] = Field(
        default="bezique-endplay-rule-broken", description="the kind of fact"
    )
    seat: str = Field(description="the seat that played")
    deal: int = Field(description=_DEAL)
    trick: int = Field(description="the trick of the end-play, counted from 1 in the deal")
    card: str = Field(description="the card played (10H, KS)")
    led: str | None = Field(description="the card led to the trick, or null when not stated")
    fault: EndplayFault = Field(
        description="how: did-not-follow (did not follow suit while holding the suit),"
        " did-not-win (followed without winning while able to), did-not-trump (void in the"
        " suit led and holding trumps, did not trump), held-a-card-played-later (a fragment's"
        " unknown card, played later, shows the seat could have followed, won or trumped)"
    )
    holding: tuple[str, ...] = Field(
        default=(),
        description="the cards that show it: of the suit led held (did-not-follow), the"
        " winning cards held (did-not-win), the card played later (held-a-card-played-later)",
    )
    shown_at: int | None = Field(
        default=None,
        description="the event of the later play that shows it (held-a-card-played-later), or null",
    )

    def message(self) -> str:
        head = f"{self.seat} played {self.card} to trick {self.trick} of the end-play"
        held = _cards(self.holding)
        if self.fault == "held-a-card-played-later":
            return (
                f"{head} while holding {held}, played later (event {self.shown_at}):"
                f" {self.seat} did not follow, win or trump as the cards allowed."
            )
        what = {
            "did-not-follow": f"did not follow suit to {self.led} while holding {held}",
            "did-not-win": f"did not win {self.led} while able to (with {held})",
            "did-not-trump": f"did not trump {self.led} while void in its suit and holding trumps",
        }[self.fault]
        return f"{head} and {what}."


#: every kind of fact of Bézique and Rubicon play, as the decision words them
PLAY_FACTS = (
    BeziqueLedOutOfTurn,
    BeziqueWrongHandSize,
    BeziqueMissedDraw,
    BeziqueDrewOutOfTurn,
    BeziqueLastCardNotDrawn,
    BeziqueSevenNotInGame,
    BeziqueSevenExchangeRefused,
    BeziqueEndplayRuleBroken,
)
