"""Who holds the brisques and the last trick of a deal, after any end-play penalty.

Apart from the deal's score because it runs over every card played (64 tricks a Rubicon
deal): kept to one pass, counted in C where it can be.
"""

from __future__ import annotations

from adjudicator.cards import CARD_TEXT
from adjudicator.games.bezique.facts import BeziqueDealFacts, other
from adjudicator.games.bezique.forced import ReplayedTrick
from adjudicator.games.bezique.tables import BRISQUE_RANKS, Variant

#: The aces and tens (BEZ-CARDS-4) as cards: a set look-up by identity, per card played.
_BRISQUE_CARDS = frozenset(card for card in CARD_TEXT if card.rank in BRISQUE_RANKS)


def tricks_after_penalty(
    deal: BeziqueDealFacts,
    variant: Variant,
    mode: str,
    last_number: int,
    forced: list[ReplayedTrick] | None = None,
) -> tuple[dict[str, int], str | None, int | None]:
    """Brisques per seat and the last trick's winner, after the end-play penalty option
    (BEZ-LAST-3, RUB-LAST-1): ``forfeit_last_tricks`` gives every end-play trick to the
    offender's adversary; ``french_nothing_after`` counts nothing for the offender from the
    error on; ``replay`` (and no error) leaves each trick its winner's, the tricks from the
    error on to be replayed, or, when the replay is ``forced`` (``forced.forced_replay``),
    counts the tricks before the error as won and the replayed ones as the replay gives
    them; ``as_played`` (an error nobody claimed, ``endplay_unclaimed``) leaves each trick
    its winner's, and the play stands."""
    error = deal.endplay_error
    if error is not None and mode == "replay" and forced:
        return _replayed(deal, variant, last_number, forced)
    if error is None or mode in ("replay", "as_played"):  # every trick is its winner's
        brisques, last, _ = _tricks_as_won(deal, variant, last_number)
        return brisques, last, error[0] if error is not None and mode == "replay" else None
    brisques = {"A": 0, "B": 0}
    last_winner = None
    brisque_cards = _BRISQUE_CARDS
    for trick in deal.tricks:
        if not trick.winner:
            continue
        owner = trick.winner
        offender = error[1]
        if mode == "forfeit_last_tricks" and trick.endplay:
            owner = other(offender)  # Enquire Within vii: all eight, not only those after
        elif mode == "french_nothing_after" and trick.number >= error[0] and owner == offender:
            owner = ""
        if owner:
            for play in trick.plays:  # a loop, not sum() over a generator: 64 tricks a deal
                if play.card in brisque_cards:
                    brisques[owner] += 1
        if trick.number == last_number:
            last_winner = owner or None
    last_trick = _rubicon_last(deal, last_winner) if variant.rubicon else last_winner
    return brisques, last_trick, None


def _replayed(
    deal: BeziqueDealFacts, variant: Variant, last_number: int, forced: list[ReplayedTrick]
) -> tuple[dict[str, int], str | None, None]:
    """Brisques and the last trick with the tricks from the error on as the forced replay
    gives them (BEZ-LAST-3, RUB-LAST-1)."""
    brisques = {"A": 0, "B": 0}
    first = forced[0].number
    last_winner = None
    for trick in deal.tricks:
        if trick.number < first and trick.winner:
            brisques[trick.winner] += sum(p.card in _BRISQUE_CARDS for p in trick.plays)
            if trick.number == last_number:
                last_winner = trick.winner
    for replayed in forced:
        brisques[replayed.winner] += (replayed.lead in _BRISQUE_CARDS) + (
            replayed.answer in _BRISQUE_CARDS
        )
        if replayed.number == last_number:
            last_winner = replayed.winner
    last_trick = _rubicon_last(deal, last_winner) if variant.rubicon else last_winner
    return brisques, last_trick, None


def _tricks_as_won(
    deal: BeziqueDealFacts, variant: Variant, last_number: int
) -> tuple[dict[str, int], str | None, None]:
    """``tricks_after_penalty`` with no end-play error: the winner of each brisque's trick
    listed in two comprehensions (a trick with its plays made, and one a run replayed, read
    in its compact form, ``facts.lawful_trick``), and counted in C (64 tricks a Rubicon
    deal)."""
    brisque_cards, tricks = _BRISQUE_CARDS, deal.tricks
    owners = [
        t.winner for t in tricks if t.lawful is None for p in t.plays if p.card in brisque_cards
    ]
    owners += [  # (the lead's and the answer's cards of a compact trick: ``lawful[1:4:2]``)
        t.winner
        for t in tricks
        if (lawful := t.lawful) is not None
        for card in lawful[1:4:2]
        if card in brisque_cards
    ]
    brisques = {"A": owners.count("A"), "B": owners.count("B")}
    last_winner = None
    for trick in reversed(deal.tricks):  # (numbered in order: the last is found first)
        if trick.number == last_number:
            last_winner = trick.winner or None
            break
    last_trick = _rubicon_last(deal, last_winner) if variant.rubicon else last_winner
    return brisques, last_trick, None


def _rubicon_last(deal: BeziqueDealFacts, last_winner: str | None) -> str | None:
    """Laws 19-21: a player short of cards gives the last trick to his adversary."""
    sizes = deal.wrong_size
    short = [s for s, v in sizes.items() if v == "short"] + sorted(deal.missed_draw)
    over = [s for s, v in sizes.items() if v == "over"]
    if over and short:
        return None  # law 21: neither scores it
    if len(set(short)) == 1:
        return other(short[0])  # law 19
    return last_winner  # law 20: both short, the winner scores it
