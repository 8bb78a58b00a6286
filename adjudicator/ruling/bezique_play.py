"""What the director says of a Bézique or Rubicon irregularity of play nobody claimed: a lead
out of turn, a hand of the wrong size, a draw missed or out of turn, the stock's last card,
the seven of trumps, a broken rule of the end-play. Written from the finding's facts
(``adjudicator.facts.bezique_play``), one sentence a kind of fact, chosen by its closed-set
fields, never by re-reading the finding's message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.facts.bezique_play import (
    PLAY_FACTS,
    BeziqueDrewOutOfTurn,
    BeziqueEndplayRuleBroken,
    BeziqueLastCardNotDrawn,
    BeziqueLedOutOfTurn,
    BeziqueMissedDraw,
    BeziqueSevenExchangeRefused,
    BeziqueSevenNotInGame,
    BeziqueWrongHandSize,
)
from adjudicator.findings import Finding
from adjudicator.ruling.sentences import (
    Context,
    Said,
    endplay_consequence,
    endplay_fault,
    say,
)

#: what the laws make of a hand of the wrong size -> the sentence
_WRONG_SIZE = {
    "ordinary-remedy": "{who} played to trick {trick} holding the wrong number of cards{law}.",
    "rubiconed": "{who} played to trick {trick} holding too many cards{law}.",
    "adversary-scores-last-trick": "{who} played to trick {trick} holding too few cards{law}.",
    "neither-scores-last-trick": "{who} played to trick {trick} holding {held} cards instead"
    " of {expected}, {other}: the deal is played out, the player with too many cards is"
    " rubiconed, and neither player scores the last trick{law}.",
}

_MISSED_DRAW = {
    "draw-two-next": "{who} did not draw after a trick and played on a card short{law}.",
    "adversary-scores-last-trick": "{who} played trick {trick} a card short, having failed to"
    " draw: the adversary scores the last trick{law}.",
}

_DREW = {
    "no-trick-won": "{who} drew when no trick had been won since the last draws, in deal"
    " {deal}{law}.",
    "second-draw": "{who} drew a second card{law}.",
    "before-winner": "{who} drew before the winner of trick {trick} in deal {deal}{law}.",
}

_SEVEN_NOT_IN_GAME = {
    "rubicon": "{who} marked an exchange of the seven of trumps, which Rubicon Bézique does"
    " not have: it scores nothing{law}.",
    "trumps-by-marriage": "{who} marked an exchange of the seven of trumps: with trumps made"
    " by the first marriage there is no turn-up, and the seven scores nothing (Encyclopaedia"
    " Britannica, 11th ed.).",
}

#: why an exchange of the seven of trumps was refused, as the director says it
_SEVEN_FAULT = {
    "turn-up-drawn": "{who} exchanged the seven of trumps, but the turn-up had already been"
    " drawn: it scores nothing{law}.",
    "not-held": "{who} exchanged the seven of trumps, but did not hold it in the hand: it"
    " scores nothing{law}.",
    "no-trick-won": "{who} exchanged the seven of trumps, but no trick had just been won"
    " (declarations follow a trick won, before the next lead): it scores nothing{law}.",
    "did-not-win": "{who} exchanged the seven of trumps without having won the trick: it"
    " scores nothing{law}.",
    "already-drew": "{who} exchanged the seven of trumps, but had already drawn after trick"
    " {trick}: it scores nothing{law}.",
    "already-scored": "{who} exchanged the seven of trumps, but had already scored for this"
    " trick (an exchange counts as the trick's declaration): it scores nothing{law}.",
}


def _wrong_size(ctx: Context, facts: BeziqueWrongHandSize) -> tuple[str, dict[str, object]]:
    other = "the adversary being short" if facts.over else "the adversary holding too many"
    return _WRONG_SIZE[facts.remedy], {
        "held": facts.held,
        "expected": facts.expected,
        "other": other,
    }


def _missed_draw(ctx: Context, facts: BeziqueMissedDraw) -> tuple[str, dict[str, object]]:
    if facts.remedy == "adversary-scores-last-trick":
        ctx.changed = True  # the last trick's ten go to the adversary
    return _MISSED_DRAW[facts.remedy], {}


def _seven_not_in_game(ctx: Context, facts: BeziqueSevenNotInGame) -> tuple[str, dict[str, object]]:
    ctx.changed = True
    return _SEVEN_NOT_IN_GAME[facts.why], {}


def _seven_refused(
    ctx: Context, facts: BeziqueSevenExchangeRefused
) -> tuple[str, dict[str, object]]:
    ctx.changed = True
    return _SEVEN_FAULT[facts.fault], {}


def _endplay(ctx: Context, f: Finding) -> str:
    said = f"{endplay_fault(ctx, f)}: {endplay_consequence(ctx, f)}"
    return (
        "{who} broke the rules of the end-play at trick {trick} of deal {deal}"
        + said.replace("{", "{{").replace("}", "}}")
        + "{law}."
    )


#: fact kind -> (context, facts) -> the template and the fields it adds
_SENTENCES: dict[type[Any], Callable[[Context, Any], tuple[str, dict[str, object]]]] = {
    BeziqueLedOutOfTurn: lambda ctx, facts: ("{who} led to trick {trick} out of turn{law}.", {}),
    BeziqueWrongHandSize: _wrong_size,
    BeziqueMissedDraw: _missed_draw,
    BeziqueDrewOutOfTurn: lambda ctx, facts: (_DREW[facts.fault], {}),
    BeziqueLastCardNotDrawn: lambda ctx, facts: (
        "An earlier irregularity left an even number of face-down cards in deal {deal}: the"
        " last one is not drawn, and {who} takes the trump card{law}.",
        {},
    ),
    BeziqueSevenNotInGame: _seven_not_in_game,
    BeziqueSevenExchangeRefused: _seven_refused,
}


def unclaimed(ctx: Context, f: Finding) -> Said | None:
    """The sentence for an irregularity of play nobody claimed, or None when the finding
    carries no fact of play."""
    facts = f.facts
    if not isinstance(facts, PLAY_FACTS):
        return None
    extra: dict[str, object] = {}
    rules = [f.rule]
    if isinstance(facts, BeziqueEndplayRuleBroken):
        template = _endplay(ctx, f)
        # what follows the error is the penalty's law (BEZ-LAST-3, law 55), cited with the
        # rule broken (a review found the replay cited to the page of the rule of play)
        rules += f.basis
    else:
        template, extra = _SENTENCES[type(facts)](ctx, facts)
    fields = {
        "who": ctx.names.seat(facts.seat),
        "deal": facts.deal,
        "trick": getattr(facts, "trick", None),
        "law": ctx.law(*rules),
        **extra,
    }
    return say(template.format(**fields), *rules, events=(f.event,))
