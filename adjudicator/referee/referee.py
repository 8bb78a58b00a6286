"""``Referee``: the engine driven one event at a time, as a card-room program needs it.

python-chess's ``Board`` (``push``, ``pop``, ``legal_moves``) is the model: push the events
of a game as they happen, each validated as in a record, and get the findings each makes;
ask whose turn it is and what may be played; take the last event back; ask for the ruling
at any point. One engine, not two: the table is the game's own replay state (``tables``)
and the ruling is ``adjudicate``'s own assembly over its facts, so pushing every event of a
record gives exactly the ruling ``adjudicate`` gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.errors import InputError
from adjudicator.findings import Finding
from adjudicator.record.envelope import AnyRecord
from adjudicator.referee.inputs import check_ref, event_of, header_of
from adjudicator.referee.tables import Table, table_for
from adjudicator.ruling.build import AnyJudgement, judgement_of, ruling_of
from adjudicator.ruling.model import Ruling

#: The events that are cards: the score sheet is written after the cards, so a card never
#: tells a fact of the sheet (``Fact.sheet``). The judge at a card (the last of a trick or a
#: deal) would find marks still to come "wrong" or "missing" (a card-room engineer's review
#: saw clean Bézique games told "A marked 90 for brisques; the rules give 100" at the last
#: card): such a finding is kept back, and told at the next judgement that still finds it.
CARDS = frozenset({"play", "draw", "retract"})

#: The events that close a deal's sheet: a mark missing (``Fact.missing_mark``) is told only
#: at one of them, the marks being written one after the other (a review saw "no mark was
#: written for NS's honours" told at EW's mark, the line before NS's).
CLOSES_SHEET = frozenset({"deal", "cut", "position", "misdeal", "result"})

#: The events that begin a deal: they close the sheet of the deal before, not the sheet of
#: the deal they begin, which the judge rules on as a deal stopped before its first card: a
#: fact of that sheet is kept back like one found at a card (whist deals were told "EW held 3
#: honours in deal 2 but did not claim them" as the cards were dealt).
BEGINS_DEAL = frozenset({"deal", "position"})


def _kept_back(kind: str, begun: int, in_play: int | None = None) -> Callable[[Finding], bool]:
    """Which findings a judgement at an event of this kind keeps back: at a card, every fact
    of the sheet; at an event that begins deal ``begun``, the facts of that deal's sheet; at
    another event that leaves the sheet open, a mark missing. And at any event, the facts of
    the sheet of deal ``in_play``, whose sheet is written only once it is played out (a whist
    deal in play: ``Table.sheet_after_play``)."""
    if kind in CARDS:
        return _of_the_sheet
    if kind in BEGINS_DEAL:
        return lambda finding: finding.deal == begun and _of_the_sheet(finding)
    rule = _never if kind in CLOSES_SHEET else _a_mark_missing
    if in_play is None:
        return rule
    return lambda finding: rule(finding) or (finding.deal == in_play and _of_the_sheet(finding))


def _of_the_sheet(finding: Finding) -> bool:
    return bool(getattr(finding.facts, "sheet", False))


def _a_mark_missing(finding: Finding) -> bool:
    return bool(getattr(finding.facts, "missing_mark", False))


def _never(finding: Finding) -> bool:
    return False


def _key(finding: Finding) -> bytes:
    """A finding as a value (the model holds lists, so it is not hashable): its JSON, from
    its serializer directly (``model_dump_json`` only passes its defaults on, and decodes)."""
    key: bytes = finding.__pydantic_serializer__.to_json(finding)
    return key


class Referee:
    """A game in progress: push events, ask what may be played, pop, rule.

    Make one with ``Referee.new(header)``. ``push`` raises ``InputError`` (``.pointer``,
    ``.message``) for an event that is invalid, or impossible after those pushed (a card
    the seat does not hold): the event is then not taken, and the referee is as before.
    Irregularities at the table are findings, never errors.

    A deal still in play when ``ruling()`` is asked is ruled as a fragment that stops
    there: its result, and any renounce not yet established, are in ``undetermined``.
    """

    def __init__(self, header: AnyRecord) -> None:
        """Use ``Referee.new``; ``header`` is a validated record with no events."""
        self._header = header
        self._game: str = header.game  # (read at each push: a model's field is slower)
        self._events: list[Any] = []
        self._ids: dict[str, int] = {}
        self._table: Table = table_for(header)
        self._known: Counter[bytes] = Counter()  # every finding so far, as values
        # what was known before each push (a ``Counter`` is replaced, never changed, once
        # stored here): ``pop`` puts it back
        self._knowns: list[Counter[bytes]] = []
        # the value of each finding last seen, by identity: the findings of play are the same
        # objects from one judgement to the next, and written as a value once (``_keys``)
        self._values: dict[int, tuple[Finding, bytes]] = {}
        self._judgement: AnyJudgement | None = None  # of the events pushed, when current

    @classmethod
    def new(cls, header: Mapping[str, Any] | AnyRecord) -> Referee:
        """A referee for a game, from a record's fields other than its events (``format``,
        ``game``, ``rules``, ``players``, ``start``, ``meta``), as a dict or a record model
        with no events. Raises ``InputError`` naming the field, as for a record."""
        return cls(header_of(header))

    # What has been pushed ----------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's name, as a record gives it: ``whist``, ``bezique``, ``rubicon-bezique``."""
        return self._game

    @property
    def events(self) -> tuple[Any, ...]:
        """The events pushed, as validated models (a ``ref`` by id resolved to its index)."""
        return tuple(self._events)

    def record(self) -> AnyRecord:
        """The record of the events pushed so far (the header with them)."""
        return self._header.model_copy(update={"events": list(self._events)})

    # Push and pop --------------------------------------------------------------------------

    def push(self, event: Mapping[str, Any] | Any, *, judge: bool = True) -> list[Finding]:
        """Take the next event (a dict as in a record's ``events``, or an event model) and
        return the findings it makes. Raises ``InputError`` for an invalid or impossible
        event, which is then not taken.

        A card played or drawn makes the findings of play at once (a lead out of turn, a
        revoke once established). The judge rules on the deal at the events that can make
        a judge's finding (a mark, a declaration, a claim, a penalty, a result, a later
        deal; not the first deal, nor a whist cut with no renounce in the deal) and at the
        card that ends a deal: those pushes also return what its judgement holds now and
        did not at its last ruling (a wrong mark, a claim upheld or refused, the score of
        the deal). Such a push costs a judgement of the deal in progress, without the deals'
        summaries: the judgement of the deals already complete is carried from push to
        push (``carried``), and a push whose judgement the table knows is not judged, or
        judged in part (a mark that keeps the sheet square; ``docs/api.md``, "Pushes known
        without a judgement", "What it costs"). ``judge=False`` leaves the judgement to a
        later push or ``ruling()`` (the findings of play only).
        """
        index = len(self._events)
        game = self._game  # (not the property: a push is the hot path)
        model = event_of(game, index, event)
        phase = self._table.phase
        known = self._known
        self._events.append(model)
        self._judgement = None
        try:
            model = self._events[index] = check_ref(game, self._events, self._ids)
            made = self._table.apply(index, model, self._events)
            found = (
                self._judged(
                    _kept_back(model.type, self._table.deals, self._table.sheet_after_play)
                )
                if judge and self._table.rules_on(model, phase)
                else None
            )
        except InputError:
            self._events.pop()
            self._table.rebuild(self._events)
            self._known = known
            raise
        self._knowns.append(known)
        if model.id is not None:
            self._ids[model.id] = index
        if found is not None:
            return found
        if made:  # (most pushes make no finding: nothing to count)
            known = self._known = Counter(known)  # (a new one: the one before is kept)
            known.update(self._keys(made, keep=True))
        return list(made)

    def pop(self) -> Any:
        """Take back the last event pushed and return it; ``IndexError`` if there is none.
        The table is replayed from the start without it, and what was known is as it was
        before that push (what the next push tells is what it would have told then)."""
        event = self._events.pop()
        if event.id is not None:
            del self._ids[event.id]
        self._table.rebuild(self._events)
        self._judgement = None
        self._known = self._knowns.pop()
        return event

    def _judge(self) -> AnyJudgement:
        """The judgement of the events pushed (kept until the next push or pop)."""
        if self._judgement is None:
            replayed = self._table.replayed(self._events)
            # (the judge reads the header, not the events: their facts are in ``replayed``)
            self._judgement = judgement_of(self._header, replayed)
        return self._judgement

    def _findings(self) -> list[Finding]:
        """The judge's findings of the events pushed: of the judgement when it is current,
        else of a judgement without the deals' summaries (what a push needs; ``ruling()``
        and ``score`` judge in full when asked)."""
        if self._judgement is not None:
            return self._judgement.findings
        known = self._table.findings_known()
        if known is not None:
            return known
        replayed = self._table.replayed(self._events)
        return self._table.findings(self._header, replayed)

    def _judged(self, kept_back: Callable[[Finding], bool] = _never) -> list[Finding]:
        """Judge anew; the findings not known before (as many of each as are new). A new
        finding ``kept_back`` is not told, and still new at the next
        judgement (``_kept_back``)."""
        findings = self._findings()
        keys = self._keys(findings)
        before = self._known
        known = self._known = Counter(keys)
        new: list[Finding] = []
        seen: Counter[bytes] = Counter()
        number = self._table.deals
        sheet_told = False  # a fact of the sheet of the deal in progress, known
        for finding, key in zip(findings, keys, strict=True):
            seen[key] += 1
            if seen[key] > before[key]:
                if kept_back(finding):
                    known[key] -= 1  # (kept back: the marks may yet come)
                    continue
                new.append(finding)
            if finding.deal == number and _of_the_sheet(finding):
                sheet_told = True
        self._table.sheet_told = sheet_told
        return new

    def _keys(self, findings: list[Finding], keep: bool = False) -> list[bytes]:
        """Each finding as a value (``_key``), written once for an object seen before. The
        values kept are those of ``findings`` (and, ``keep``, of those seen before)."""
        values = self._values
        kept: dict[int, tuple[Finding, bytes]] = values if keep else {}
        keys: list[bytes] = []
        for finding in findings:
            seen = values.get(id(finding))
            key = seen[1] if seen is not None and seen[0] is finding else _key(finding)
            kept[id(finding)] = (finding, key)
            keys.append(key)
        self._values = kept
        return keys

    # Questions between events --------------------------------------------------------------

    @property
    def phase(self) -> str:
        """Where the deal stands. Whist: ``deal`` (none yet), ``play``, ``after play``,
        ``after cut``. Bézique: ``deal``, ``stock play``, ``end-play``, ``deal over``."""
        return self._table.phase

    @property
    def to_play(self) -> str | None:
        """The seat to play the next card (to lead, if a trick is to begin), or None when
        no card is to be played (before a deal, after the last trick, while a Bézique draw
        is due: ``to_draw``)."""
        return self._table.to_play

    @property
    def to_draw(self) -> str | None:
        """Bézique: the seat to draw next while the draws after a trick are due (the
        trick's winner, then the other), else None; no card is to be played until both
        have drawn (``to_play`` is None meanwhile). Whist: always None."""
        return self._table.to_draw

    def legal_plays(self) -> list[str]:
        """The cards ``to_play`` may lawfully play now, as canonical text (``10H``), in a
        stable order (whist: by suit, high to low; Bézique: by text): following suit
        (whist, Bézique's end-play), winning and trumping where the end-play demands it.
        Empty when no card is to be played. Of a hand begun at a position, the known cards."""
        return self._table.legal_plays()

    @property
    def score(self) -> dict[str, int]:
        """The score so far, as corrected: whist, the points of the game in progress by side
        (``NS``, ``EW``); ordinary Bézique, each seat's running total; Rubicon, each seat's
        total of the games it has won (a deal in play counts nothing yet)."""
        corrected: dict[str, Any] = self._judge().corrected
        if "score" in corrected:
            return {side: int(points) for side, points in corrected["score"].items()}
        totals = {"A": 0, "B": 0}
        for game in corrected.get("games", []):
            if game.get("winner") in totals:
                totals[game["winner"]] += int(game["value"])
        return totals

    def ruling(self) -> Ruling:
        """The ruling of the events pushed so far: ``adjudicate``'s, for a whole record. A
        deal in play is ruled as a fragment stopped here (its result in ``undetermined``)."""
        return ruling_of(self.record(), self._judge())
