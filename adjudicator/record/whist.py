"""Whist records: the events, the rule options and the start position of hand-record/1."""

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
    Strict,
    as_events,
)
from adjudicator.seats import Side, WhistSeat

Code = Literal["english-1900", "english-1864", "american-1893"]


# Events ------------------------------------------------------------------------------


class WhistDeal(NestedEvent):
    """A new deal: the four hands as dealt and the turned-up trump card (the dealer's)."""

    type: Literal["deal"] = Field(description="deal: a new deal")
    dealer: WhistSeat = Field(description="the seat that dealt (N, E, S or W)")
    hands: dict[WhistSeat, list[CardField]] = Field(description="seat -> its 13 cards")
    trump: CardField = Field(description="the dealer's last card, turned up; in the dealer's hand")


class WhistPosition(NestedEvent):
    """A deal that begins part-way (an addition to hand-record/1): the facts the director can
    see. The hands hold the cards known to be there; a card a seat plays later was in that
    seat's hand, so a fragment played out to trick 13 shows every hand whole."""

    type: Literal["position"] = Field(description="position: a deal that begins part-way")
    dealer: WhistSeat = Field(description="the seat that dealt the deal (N, E, S or W)")
    trump: CardField = Field(description="the card turned up by the dealer")
    tricks: dict[Side, Annotated[int, Field(ge=0, le=12)]] = Field(
        description="tricks won so far by each side (NS, EW)"
    )
    leader: WhistSeat = Field(description="who leads the trick in play (or the next trick)")
    played: list[CardField] = Field(
        default_factory=list,
        description="the cards already played to the trick in play, from the leader round",
    )
    hands: dict[WhistSeat, list[CardField]] = Field(
        default_factory=dict, description="seat -> the cards known to be in the hand now"
    )
    honours: dict[Side, Annotated[int, Field(ge=0, le=4)]] | None = Field(
        default=None,
        description="the trump honours each side held as dealt, when known; absent: what the"
        " hands show, if they place every honour",
    )


class WhistPlay(EventBase):
    """A seat plays a card to the current trick."""

    type: Literal["play"] = Field(description="play: a card played to the current trick")
    seat: WhistSeat = Field(description="the seat that plays (N, E, S or W)")
    card: CardField = Field(description="the card played")


class WhistRetract(EventBase):
    """The seat takes back its card from the trick still on the table; the card is exposed."""

    type: Literal["retract"] = Field(
        description="retract: a card taken back from the trick on the table"
    )
    seat: WhistSeat = Field(description="the seat that takes its card back")


class WhistClaim(Answered):
    """A side claims a revoke against its adversaries."""

    type: Literal["claim"] = Field(description="claim: a claim made at the table")
    kind: Literal["revoke"] = Field(
        description="what is claimed: revoke (the only claim whist records)"
    )
    by: Side = Field(description="the side that claims (NS or EW)")
    against: WhistSeat | None = Field(
        default=None, description="the seat said to have revoked, if the claim names one"
    )
    trick: Annotated[int, Field(ge=1, le=13)] | None = Field(
        default=None, description="the trick of the revoke (1 to 13), if the claim names it"
    )
    ref: Ref | None = Field(
        default=None,
        description="the renouncing play, if the claim names it: its event index or id",
    )


class WhistPenalty(Answered):
    """The claimants' choice of penalty for one established revoke (English codes)."""

    type: Literal["penalty"] = Field(description="penalty: the claimants' choice of penalty")
    by: Side = Field(description="the side that chooses (the claimants: NS or EW)")
    choice: Literal["tricks", "deduct", "add", "waive"] = Field(
        description="tricks: take three tricks; deduct: three from the revokers; add: three to the"
        " claimants; waive (an addition): no penalty, allowed only with revoke_penalty_waivable"
    )


class WhistHonours(EventBase):
    """A side claims honours by word of mouth."""

    type: Literal["honours"] = Field(description="honours: a claim of honours")
    side: Side = Field(description="the side that claims (NS or EW)")
    count: Literal[3, 4] = Field(
        description="the trump honours (A K Q J) the side says it held: 3 or 4"
    )


class WhistCut(EventBase):
    """The cards are cut for the next deal; revoke claims after it are late."""

    type: Literal["cut"] = Field(description="cut: the cards are cut for the next deal")


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


class WhistMisdeal(EventBase):
    """A deal that does not stand (an addition to hand-record/1): a misdeal, or a new deal the
    laws order or the adversaries claim. Who deals next follows from the reason and the code
    (``games.whist.misdeals``); the next ``deal`` event's dealer is checked against it."""

    type: Literal["misdeal"] = Field(description="misdeal: the deal was found faulty")
    dealer: WhistSeat = Field(description="the player who was dealing")
    reason: MisdealReason = Field(
        description="dealing: not dealt singly in rotation from the left (or a card dealt"
        " wrongly and not put right); trump-face-down; trump-not-to-dealer: the last card did"
        " not come to the dealer; wrong-number: a hand of fourteen with another short"
        " (American: any wrong number with a perfect pack); cards-counted: the dealer counted"
        " the cards; pack-not-cut; dealer-saw-trump: the dealer looked at the trump card while"
        " dealing; imperfect-pack: the pack found incorrect or imperfect (also during the"
        " play: the hand is void); card-faced-in-pack; card-exposed: a card exposed in dealing"
        " and a new deal claimed"
    )
    adversary_touched: bool = Field(
        default=False,
        description="an adversary of the dealer touched the cards while dealing (before the"
        " dealer's partner did): a misdeal then does not lose the deal",
    )
    interrupted: bool = Field(
        default=False,
        description="the adversaries interrupted the dealer (questioning the score or the"
        " dealer's turn) and did not make their complaint good: the dealer may deal again",
    )


class WhistCall(Answered):
    """An adversary exacts a penalty from a player (an addition to hand-record/1): after a
    lead out of turn, a suit called (the player must lead it at the next lead) or the card led in
    error called (English codes); an exposed card called (the player must play it at the next
    turn, if able without revoking); or the penalty waived. Whether the call is obeyed is what
    the next plays show."""

    type: Literal["call"] = Field(
        description="call: a penalty called after a lead out of turn or an exposed card"
    )
    by: WhistSeat = Field(description="the adversary who calls (or waives)")
    seat: WhistSeat = Field(description="the player called on")
    what: Literal["suit", "card", "waive"] = Field(
        description="suit: a suit called; card: the card called; waive: the penalty waived"
    )
    suit: Literal["S", "H", "D", "C"] | None = Field(
        default=None, description="the suit called (what: suit)"
    )
    card: CardField | None = Field(default=None, description="the card called (what: card)")


class WhistClaimRest(EventBase):
    """A player claims or concedes the tricks not yet played (an addition to hand-record/1),
    and the play ends there: the hands are abandoned on it. ``tricks`` is how many of those
    tricks the claimant's side takes: all of them for a claim of the rest, 0 for a concession."""

    type: Literal["claim-rest"] = Field(
        description="claim-rest: a claim or concession of the tricks not played"
    )
    seat: WhistSeat = Field(description="the player who claims or concedes")
    tricks: Annotated[int, Field(ge=0, le=13)] = Field(
        description="how many of the tricks not yet played (the trick on the table counted"
        " among them) the claimant's side takes"
    )


class WhistScore(EventBase):
    """A mark written on the score sheet."""

    type: Literal["score"] = Field(description="score: a mark on the score sheet")
    side: Side = Field(description="the side the mark is written for (NS or EW)")
    points: Number = Field(description="points marked; negative for a deduction")
    for_: Literal["tricks", "honours", "penalty", "game", "rubber"] = Field(
        description="what the mark is for: tricks, honours, penalty, game or rubber", alias="for"
    )
    ref: Ref | None = Field(
        default=None,
        description="a mark written in a later deal for an earlier one (honours claimed may be"
        " scored at any time during the game, WHIST-HONOURS-4): an event of the deal it scores,"
        " its deal (or position) or, for honours, the honours claimed; by index or id. Without"
        " it a mark is for the deal it is written in",
    )


class WhistResult(EventBase):
    """The value the players agreed: of the rubber (English) or the game (American)."""

    type: Literal["result"] = Field(description="result: the value the players agreed")
    winner: Side = Field(description="the side the players agreed won (NS or EW)")
    value: Number = Field(
        description="the value agreed: rubber points (English) or the game's (American)"
    )


WhistEvent = Annotated[
    WhistDeal
    | WhistPosition
    | WhistPlay
    | WhistRetract
    | WhistClaim
    | WhistPenalty
    | WhistHonours
    | WhistCut
    | WhistMisdeal
    | WhistClaimRest
    | WhistCall
    | WhistScore
    | WhistResult,
    Field(discriminator="type"),
]


# Rule options -------------------------------------------------------------------------


class WhistRules(Strict):
    """The code in force and one option per open question of the digest (AMB-n).

    Omitted options take the code's preset (see ``games.whist.options``); the ruling
    echoes every option resolved.
    """

    code: Code = Field(default="english-1900", description="AMB-1: the code of laws in force")
    game_target: Annotated[int, Field(ge=1, le=MAX_NUMBER)] | None = Field(
        default=None, description="WHIST-SCORE-2 / AMB-28: points for game (English 5, American 7)"
    )
    honours_counted: bool | None = Field(
        default=None,
        description="AMB-10 / WHIST-HONOURS-6: honours score (English yes, American no)",
    )
    both_sides_revoke: (
        Literal["each_penalised", "cancel_all", "cancel_pairwise", "new_deal"] | None
    ) = Field(
        default=None,
        description="AMB-4 / WHIST-REVOKE-13: both sides revoke in one deal (ENG1900-85: cancel_all;"
        " ENG64-81 and AWL-30: each_penalised; EW-76: new_deal)",
    )
    per_revoke_option_choice: bool | None = Field(
        default=None, description="AMB-5 / WHIST-REVOKE-10: a different penalty for each revoke"
    )
    trick_penalty_shortfall: Literal["take_all_available", "invalid_choice"] | None = Field(
        default=None,
        description="AMB-6: revokers hold fewer tricks than the penalty takes (sources silent)",
    )
    deduct_floor: Literal["zero", "allow_negative"] | None = Field(
        default=None, description="AMB-7: deducting three from revokers who have fewer (silent)"
    )
    revoker_cap: Count | None = Field(
        default=None,
        description="AMB-8 / WHIST-REVOKE-11, -14: highest score the revokers may reach in the"
        " deal (default: one below game)",
    )
    revoke_penalty_waivable: bool | None = Field(
        default=None, description="AMB-9: claimants may waive a revoke penalty"
    )
    honours_claim_deadline: Literal["next_trump_turned", "next_deal_starts"] | None = Field(
        default=None,
        description="AMB-11 / WHIST-HONOURS-4: last moment to claim honours (ENG: before the next"
        " trump card is turned, i.e. the next deal event; EW-76: before the next cut)",
    )
    revoke_claim_deadline: Literal["next_cut", "tricks_gathered"] | None = Field(
        default=None,
        description="AMB-12 / WHIST-REVOKE-7: last moment to claim a revoke (codes: until the cut;"
        " EW-76: until the tricks are gathered, read as before the first mark of the deal)",
    )
    infer_quit_from_next_lead: bool | None = Field(
        default=None,
        description="AMB-17 / WHIST-PLAY-6: the next lead quits the trick on the table",
    )
    excess_points: Literal["stop_at_target", "count_all"] | None = Field(
        default=None, description="AMB-18 / WHIST-SCORE-5: points beyond game (American value)"
    )
    game_value_mode: Literal["rubber_points", "points_difference"] | None = Field(
        default=None,
        description="AMB-19: value of a game (English treble/double/single; American 7 less"
        " the losers' score)",
    )
    awl_revoke_mode: Literal["awl1893", "duplicate"] | None = Field(
        default=None,
        description="AMB-26 / WHIST-REVOKE-15: American revoke penalty (1893: two tricks each;"
        " duplicate: two for the first, one for each further revoke of the side)",
    )
    penalty_order: Literal["revokes", "claims"] | None = Field(
        default=None,
        description="several revoke penalties in one deal are scored before tricks and honours"
        " (WHIST-SCORE-3), but the codes do not order them among themselves: in the order the"
        " revokes were made (revokes) or the order they were claimed (claims)",
    )
    turn_up_counts_for_dealer: bool | None = Field(
        default=None, description="AMB-23: the turned-up trump counts among the dealer's honours"
    )
    trump_card_callable_after_trick: Literal[1, 2] | None = Field(
        default=None,
        description="AMB-2 / WHIST-TRUMP-2: trump card left on the table becomes callable after"
        " this trick (hand-record/1 records no taking-up of the trump card: reported only)",
    )
    may_view_last_trick: bool | None = Field(
        default=None,
        description="AMB-3 / WHIST-PLAY-7: looking at the last quitted trick is allowed"
        " (hand-record/1 has no event for it: reported only)",
    )
    abandon_or_claim_is_play: bool | None = Field(
        default=None,
        description="AMB-13 / WHIST-REVOKE-3: throwing down the hand establishes a revoke"
        " (hand-record/1 has no event for it: reported only)",
    )
    partner_question_rules: Literal["eng1900", "eng1864", "none"] | None = Field(
        default=None,
        description="AMB-14 / WHIST-REVOKE-4: partner's question 'no X?'"
        " (hand-record/1 has no event for it: reported only)",
    )
    false_lead_completed_penalty: Literal["none", "suit_call_survives"] | None = Field(
        default=None,
        description="AMB-15 / WHIST-IRREG-1: a lead out of turn followed by all four: whether a"
        " suit call survives",
    )


# Start position -----------------------------------------------------------------------


class GameWon(Strict):
    """A game of the rubber already won, with its value in rubber points."""

    winner: Side = Field(description="the side that won the game (NS or EW)")
    value: Count = Field(
        description="what the game was worth: 1, 2 or 3 (English); the points it scored (American)"
    )


def _no_score() -> dict[Side, int]:
    """Both sides at 0 (a ``default_factory``: typed, which a lambda here cannot be)."""
    return {"NS": 0, "EW": 0}


class WhistStart(Strict):
    """The position when the record begins: the game in progress and the rubber's games."""

    score: dict[Side, Count] = Field(
        description="the points of the game in progress by side (NS, EW) when the record begins",
        default_factory=_no_score,
    )
    games: list[GameWon] = Field(
        description="the games of the rubber already won when the record begins, in order",
        default_factory=list,
    )


class WhistPlayers(Strict):
    N: str = Field(description="the name of the player sitting North")
    E: str = Field(description="the name of the player sitting East")
    S: str = Field(description="the name of the player sitting South")
    W: str = Field(description="the name of the player sitting West")


class WhistRecord(Strict):
    """A whist hand record (hand-record/1, ``game: whist``)."""

    format: Literal["hand-record/1"] = Field(description="the format of the record: hand-record/1")
    game: Literal["whist"] = Field(description="the game: whist")
    rules: WhistRules = Field(
        description="the code of laws and the rule options the game was played under",
        default_factory=WhistRules,
    )
    players: WhistPlayers = Field(description="the players by seat")
    start: WhistStart = Field(
        description="the position when the record begins: the game in progress and the games won",
        default_factory=WhistStart,
    )
    meta: dict[str, str] = Field(
        description="free information about the record (event, date, table, description): kept in the report",
        default_factory=dict,
    )
    events: Annotated[list[WhistEvent], AfterValidator(as_events)] = Field(
        description="what happened at the table, in order: deals, plays, claims, marks"
    )
