"""Bézique and Rubicon Bézique records: events, rule options and start of hand-record/1."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from adjudicator.record.events import (
    MAX_NUMBER,
    Answered,
    CardField,
    Count,
    EventBase,
    NestedEvent,
    Number,
    Ref,
    RefIndex,
    Strict,
    as_events,
)
from adjudicator.seats import BeziqueSeat

Combination = Literal[
    "marriage",
    "royal-marriage",
    "sequence",
    "royal-sequence",
    "bezique",
    "double-bezique",
    "triple-bezique",
    "quadruple-bezique",
    "four-aces",
    "four-kings",
    "four-queens",
    "four-jacks",
    "carte-blanche",
    "seven-of-trumps",
]

# Events ------------------------------------------------------------------------------


def _no_score() -> dict[BeziqueSeat, int]:
    """Both seats at 0 (a ``default_factory``: typed, which a lambda here cannot be)."""
    return {"A": 0, "B": 0}


class BeziqueDeal(NestedEvent):
    """A new deal: both hands, the turn-up (ordinary game) and optionally the stock."""

    type: Literal["deal"] = Field(description="deal: a new deal")
    dealer: BeziqueSeat = Field(description="the seat that dealt (A or B)")
    hands: dict[BeziqueSeat, list[CardField]] = Field(description="seat -> 8 cards (Rubicon 9)")
    turn_up: CardField | None = Field(default=None, description="ordinary game: the trump card")
    stock: list[CardField] | None = Field(
        default=None,
        description="the face-down stock, top first (ordinary game: without the turn-up, which"
        " is drawn last); when given, every draw must match it",
    )


class TableEntry(Strict):
    """A card on a player's table with the combinations it has already scored in."""

    card: CardField = Field(description="the card lying on the table")
    in_: list[Combination] = Field(
        default_factory=list,
        alias="in",
        description="the combinations this copy has scored in (its class history); each"
        " combination's cards are the entries naming it, in order",
    )


class CarriedEntry(Strict):
    """A declaration announced "to score" before the position and not yet scored."""

    combination: Combination = Field(description="the combination announced")
    cards: list[CardField] = Field(
        min_length=1, description="its cards, every one on the seat's table"
    )


class BeziquePosition(NestedEvent):
    """A deal that begins part-way (an addition to hand-record/1): the facts the director can
    see, and nothing more. What it does not state is unknown, never invented.

    Stated between two tricks: the last trick has just been won by ``leader`` (who may
    declare, then both draw, unless ``drawn``); the events that follow go on from here."""

    type: Literal["position"] = Field(description="position: a deal that begins part-way")
    dealer: BeziqueSeat = Field(description="the seat that dealt the deal (A or B)")
    trump: Literal["S", "H", "D", "C"] | None = Field(
        default=None,
        description="the trump suit; Rubicon: null until a marriage or sequence fixes it;"
        " ordinary game: the turn-up's suit",
    )
    turn_up: CardField | None = Field(
        default=None,
        description="ordinary game: the card lying under the stock (the turn-up, or the seven"
        " exchanged for it); needed while the stock lasts",
    )
    tricks: Annotated[int, Field(ge=1)] = Field(description="tricks played so far in this deal")
    leader: BeziqueSeat = Field(description="the winner of the last trick, who leads next")
    stock: Annotated[int, Field(ge=0)] | list[CardField] = Field(
        description="the stock remaining: a count (ordinary game: the turn-up counted), or"
        " the face-down cards top first when their order is known (ordinary game: without the"
        " turn-up, which is turn_up)"
    )
    drawn: bool = Field(
        default=False,
        description="false: stated as the last trick is won (its winner may declare, then"
        " both draw); true: both have drawn",
    )
    scores: dict[BeziqueSeat, Annotated[int, Field(ge=0)]] = Field(
        default_factory=_no_score,
        description="the points each seat has scored so far in this deal",
    )
    tables: dict[BeziqueSeat, list[TableEntry | CardField]] = Field(
        default_factory=dict, description="the cards on each table: a card, or {card, in}"
    )
    hands: dict[BeziqueSeat, list[CardField]] = Field(
        default_factory=dict,
        description="the cards known to be in each hand (a player's own hand often is; the"
        " adversary's usually is not); the rest of the hand is unknown",
    )
    hand_size: dict[BeziqueSeat, Annotated[int, Field(ge=0)]] = Field(
        default_factory=dict,
        description="cards in each hand (not on the table); absent: as the laws make it",
    )
    brisques: dict[BeziqueSeat, Annotated[int, Field(ge=0)]] | None = Field(
        default=None,
        description="aces and tens taken in each seat's tricks so far; absent: unknown",
    )
    carte_blanche: dict[BeziqueSeat, Literal["open", "closed"]] = Field(
        default_factory=dict,
        description="Rubicon: each seat that showed carte blanche in this deal before the"
        " position: open (no king, queen or knave drawn since: it may show a fresh card"
        " again after a draw, law 16), or closed (one drawn since); a seat not named showed"
        " none",
    )
    carried: dict[BeziqueSeat, list[CarriedEntry]] = Field(
        default_factory=dict,
        description="the declarations each seat announced 'to score' and has not yet scored;"
        " a later score names one by ref (this event) and carried (its index in the list)",
    )


class BeziqueDraw(EventBase):
    """The seat takes the top card of the stock."""

    type: Literal["draw"] = Field(description="draw: a card taken from the stock")
    seat: BeziqueSeat = Field(description="the seat that draws (A or B)")
    card: CardField | None = Field(
        default=None,
        description="the card drawn; may be omitted when the deal gives the stock, or after a"
        " position (an unknown card)",
    )


class BeziquePlay(EventBase):
    """The seat plays a card to the current trick, from its hand or from the table."""

    type: Literal["play"] = Field(description="play: a card played to the current trick")
    seat: BeziqueSeat = Field(description="the seat that plays (A or B)")
    card: CardField = Field(description="the card played")
    from_: Literal["hand", "table"] | None = Field(
        default=None,
        alias="from",
        description="hand or table; absent: whichever reading of the record's copies is"
        " consistent with all its events",
    )


class BeziqueDeclare(EventBase):
    """The seat announces a combination and lays its cards on the table."""

    type: Literal["declare"] = Field(description="declare: a combination announced")
    seat: BeziqueSeat = Field(description="the seat that declares (A or B)")
    combination: Combination = Field(description="the combination declared")
    cards: list[CardField] = Field(
        description="the cards of the combination, each laid on the table or already there",
        min_length=1,
    )
    points: Number | None = Field(
        default=None, description="what the seat marked now; absent: announced 'to score'"
    )
    from_: list[Literal["hand", "table"]] | None = Field(
        default=None,
        alias="from",
        description="where each card comes from, in the order of cards: hand (a card laid"
        " down now) or table (a copy already lying there); absent: read from the record",
    )


class BeziqueExchange(EventBase):
    """Ordinary game: the seven of trumps is exchanged for the turn-up."""

    type: Literal["exchange"] = Field(
        description="exchange: the seven of trumps exchanged for the turn-up"
    )
    seat: BeziqueSeat = Field(description="the seat that exchanges (A or B)")
    points: Number | None = Field(
        default=None, description="what the seat marked for the seven, if anything"
    )


class BeziqueClaim(Answered):
    """An objection or demand: a revoke, a wrong declaration or mark, a count of brisques."""

    type: Literal["claim"] = Field(description="claim: an objection or a demand made at the table")
    by: BeziqueSeat = Field(description="the seat that claims (A or B)")
    kind: Literal["revoke", "irregular-declaration", "score", "count-brisques"] = Field(
        description="what is claimed: revoke (in the end-play), irregular-declaration, score (a wrong mark) or count-brisques"
    )
    against: BeziqueSeat | None = Field(
        default=None, description="the seat the claim is against, if it names one"
    )
    ref: Ref | None = Field(
        default=None,
        description="the event challenged, by index or id: irregular-declaration, a declare"
        " (or the score of a carried one); score, the mark (a score, a declare, an exchange"
        " with points); revoke, a play",
    )
    trick: Annotated[int, Field(ge=1, le=MAX_NUMBER)] | None = Field(
        default=None, description="the trick concerned, if the claim names it"
    )


class BeziqueScore(EventBase):
    """A mark on the score sheet."""

    type: Literal["score"] = Field(description="score: a mark on the score sheet")
    seat: BeziqueSeat = Field(description="the seat the mark is written for (A or B)")
    points: Number = Field(description="the points marked")
    for_: Literal["declaration", "seven", "last-trick", "brisques", "penalty"] = Field(
        description="what the mark is for: declaration, seven, last-trick, brisques or penalty",
        alias="for",
    )
    ref: Ref | None = Field(
        default=None,
        description="for a declaration: the declare event, or the position that carries it,"
        " by index or id",
    )
    carried: RefIndex | None = Field(
        default=None,
        description="with ref naming a position: which of the seat's carried declarations"
        " (its index in the position's carried list)",
    )


class BeziqueAmend(Answered):
    """The seat amends a false declaration (Foster's rule, BEZ-DECL-9): the player lays the
    right card from the hand in place of the wrong one, before drawing. The declaration as amended
    (combination, cards, points) replaces the one at ``ref``."""

    type: Literal["amend"] = Field(description="amend: a false declaration put right")
    seat: BeziqueSeat = Field(description="the seat that amends its declaration (A or B)")
    ref: Ref = Field(description="the declare event amended, by index or id")
    combination: Combination = Field(description="the combination as amended")
    cards: list[CardField] = Field(
        min_length=1,
        description="all the cards of the declaration as amended: those of the declaration"
        " kept, the card(s) laid from the hand in place of the wrong ones (which go back to"
        " the hand)",
    )
    points: Number | None = Field(
        default=None, description="what the seat marks for it as amended; absent: 'to score'"
    )


class BeziqueCall(Answered):
    """The adversary calls on the maker of a false declaration to lead or play one of its
    cards (Foster's rule, BEZ-DECL-9): the offender's next card must be the one called."""

    type: Literal["call"] = Field(description="call: a card of a false declaration called")
    by: BeziqueSeat = Field(description="the adversary who calls the card")
    card: CardField = Field(description="the card called: one of the false declaration's cards")
    ref: Ref = Field(description="the false declaration (a declare event), by index or id")


class BeziqueResult(EventBase):
    """The agreed value of the game (Rubicon) or the winner of the game (ordinary)."""

    type: Literal["result"] = Field(description="result: what the players agreed")
    winner: BeziqueSeat = Field(description="the seat the players agreed won (A or B)")
    value: Number = Field(
        description="the value agreed: the game's points (Rubicon); 1, or 2 for a game won"
        " double (ordinary game)"
    )


BeziqueEvent = Annotated[
    BeziqueDeal
    | BeziquePosition
    | BeziqueDraw
    | BeziquePlay
    | BeziqueDeclare
    | BeziqueExchange
    | BeziqueClaim
    | BeziqueScore
    | BeziqueResult
    | BeziqueAmend
    | BeziqueCall,
    Field(discriminator="type"),
]


# Rule options ---------------------------------------------------------------------------

EndplayPenalty = Literal["replay", "french_nothing_after", "forfeit_last_tricks"]
#: An end-play error nobody claims in its deal: the penalty as if claimed, or the play stands.
EndplayUnclaimed = Literal["penalty", "as_played"]
_UNCLAIMED = (
    "AMB-37 / RUB-LAST-1: an end-play error no claim of kind revoke follows (in its deal, or"
    " later naming the card by ref): the end-play penalty applies as if it had been claimed"
    " (penalty: the digest's checker note) or the play stands as recorded and the error is"
    " only reported (as_played: law 55 corrects an error on detection)"
)


class BeziqueRules(Strict):
    """Ordinary two-handed Bézique: one option per open question of the digest (AMB-n)."""

    target: Annotated[int, Field(ge=1, le=MAX_NUMBER)] = Field(
        default=1000, description="BEZ-SCORE-3: game"
    )
    endplay_must_win: bool = Field(
        default=True,
        description="AMB-28 / BEZ-LAST-2: the second player must win and trump if"
        " able (Foster; HGM: follow suit only)",
    )
    endplay_penalty: EndplayPenalty = Field(
        default="replay",
        description="AMB-15 / BEZ-LAST-3: replay (Foster), french_nothing_after,"
        " forfeit_last_tricks (Enquire Within: all eight to the adversary)",
    )
    endplay_unclaimed: EndplayUnclaimed = Field(default="penalty", description=_UNCLAIMED)
    last_trick: Literal[32, 24] = Field(
        default=32, description="AMB-13 / BEZ-LAST-4: the trick that scores 10"
    )
    brisque_timing: Literal["immediate", "end_of_deal"] = Field(
        default="immediate", description="AMB-14 / BEZ-SCORE-2: when brisques are marked"
    )
    seven_scoring: Literal["declared_after_winning", "played"] = Field(
        default="declared_after_winning", description="AMB-12 / BEZ-SEVEN-3: when a seven scores"
    )
    seven_exchange_counts_as_declaration: bool = Field(
        default=True,
        description="AMB-29 / BEZ-SEVEN-2: no declaration on the trick of an"
        " exchange (Foster); false: Enquire Within",
    )
    game_end: Literal["end_of_deal_higher", "immediately_on_reaching"] = Field(
        default="end_of_deal_higher", description="AMB-21 / BEZ-SCORE-4: when the game ends"
    )
    double_if_loser_below: Count = Field(
        default=500, description="BEZ-SCORE-3: a double game if the loser has less (Foster)"
    )
    wrong_score_penalty: Literal[
        "add_to_adversary", "add_every_score_taken_down", "correct_only"
    ] = Field(
        default="add_to_adversary",
        description="AMB-32 / BEZ-SCORE-5: a mark wrongly made is"
        " taken down and (Foster) the adversary may add it to the adversary's own score: what"
        " was marked"
        " beyond a score's value, the second mark of one declaration included"
        " (add_to_adversary);"
        " also the whole mark of a score the laws did not allow then, a declaration out of"
        " time or a second score for a trick (add_every_score_taken_down); or nothing"
        " (correct_only)",
    )
    trump_by_marriage: bool = Field(
        default=False, description="BEZ-TRUMP-2: trumps fixed by the first marriage (variant)"
    )


class RubiconRules(Strict):
    """Rubicon Bézique (Portland Club laws, 1887): options for the digest's open questions."""

    endplay_penalty: Literal["replay", "french_nothing_after"] = Field(
        default="replay", description="AMB-15 / RUB-LAST-1, law 55"
    )
    endplay_unclaimed: EndplayUnclaimed = Field(default="penalty", description=_UNCLAIMED)
    brisque_close_mode: Literal["on_demand", "automatic"] = Field(
        default="on_demand",
        description="AMB-2 / RUB-GAME-3: close scores count brisques on a"
        " demand (claim kind count-brisques) or always",
    )
    brisque_close_threshold: Count = Field(
        default=200, description="AMB-31 / law 61: how close is 'so nearly equal' (Foster 200)"
    )
    rubicon_truncate: Literal["each", "sum"] = Field(
        default="each", description="AMB-1 / RUB-RUBICON-2: truncate each score, or their sum"
    )
    remarriage_mode: Literal["law35", "pairing"] = Field(
        default="law35", description="AMB-27 / RUB-COMBO-2: several marriages in one suit"
    )
    refill_by_playing_duplicate: bool = Field(
        default=True,
        description="AMB-35 / RUB-COMBO-1: playing a duplicate from the hand"
        " re-forms a combination",
    )
    law50_scope: Literal["all_declaration_errors", "combination_only"] = Field(
        default="all_declaration_errors",
        description="AMB-11 / RUB-LAW-50: which declaration"
        " errors stand when not challenged before the next trick",
    )


class BeziqueStart(Strict):
    """Ordinary game: points carried from earlier deals toward the target."""

    score: dict[BeziqueSeat, Count] = Field(
        description="each seat's points carried from earlier deals toward the target (ordinary game; Rubicon values each game on its own)",
        default_factory=_no_score,
    )


class BeziquePlayers(Strict):
    A: str = Field(description="the name of player A")
    B: str = Field(description="the name of player B")


class BeziqueRecord(Strict):
    """An ordinary two-handed Bézique record (hand-record/1, ``game: bezique``)."""

    format: Literal["hand-record/1"] = Field(description="the format of the record: hand-record/1")
    game: Literal["bezique"] = Field(description="the game: bezique (ordinary two-handed Bézique)")
    rules: BeziqueRules = Field(
        description="the rule options the game was played under", default_factory=BeziqueRules
    )
    players: BeziquePlayers = Field(description="the players by seat (A, B)")
    start: BeziqueStart = Field(
        description="the score when the record begins", default_factory=BeziqueStart
    )
    meta: dict[str, str] = Field(
        description="free information about the record (event, date, table, description): kept in the report",
        default_factory=dict,
    )
    events: Annotated[list[BeziqueEvent], AfterValidator(as_events)] = Field(
        description="what happened at the table, in order: deals, plays, draws, declarations, marks, claims"
    )


class RubiconRecord(Strict):
    """A Rubicon Bézique record (hand-record/1, ``game: rubicon-bezique``): each deal a game."""

    format: Literal["hand-record/1"] = Field(description="the format of the record: hand-record/1")
    game: Literal["rubicon-bezique"] = Field(description="the game: rubicon-bezique")
    rules: RubiconRules = Field(
        description="the rule options the game was played under", default_factory=RubiconRules
    )
    players: BeziquePlayers = Field(description="the players by seat (A, B)")
    start: BeziqueStart = Field(
        description="the score when the record begins", default_factory=BeziqueStart
    )
    meta: dict[str, str] = Field(
        description="free information about the record (event, date, table, description): kept in the report",
        default_factory=dict,
    )
    events: Annotated[list[BeziqueEvent], AfterValidator(as_events)] = Field(
        description="what happened at the table, in order: deals, plays, draws, declarations, marks, claims"
    )
