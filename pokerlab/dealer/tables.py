"""A live table: learners and computer opponents at one Five-Card Draw or Saloon Draw match.

A :class:`LiveTable` is pure state with no I/O and no clock of its own: every intent takes ``now``
(seconds, the dealer's wall clock), and :meth:`LiveTable.advance` does what is due by then (a
computer opponent's move, a player whose time ran out, the next deal). The dealer
(:mod:`pokerlab.dealer.server`) owns the clock, stores the table after every change and sends each
caller its own view; nothing here decides who a caller is.

Seats and people
----------------
* A learner sits at a free seat (or the one they had: a seat stays theirs while they are away). A
  seat no learner holds is played by a computer opponent of the table's level. A learner who sits
  down during a hand takes the seat from the next deal (the opponent finishes the hand) with the
  table's starting chips; a learner coming back finds their own chips.
* A learner who leaves is *sitting out*: their chips stay, they are dealt no cards, and a hand they
  left in goes on: their turns are taken for them at once (as for a timeout, below).
* A player who does not act within the table's time to act checks when checking is free (and
  stands pat at the draw, which costs nothing either), else folds.
* A table with no learner present deals no hand ("a table of bots alone does not run").
* After a hand the next is dealt once every present learner is ready, or after
  :data:`NEXT_HAND_SECONDS`.

The engine's own rules decide everything else: the table asks :class:`~pokerlab.match.Match` and
:class:`~pokerlab.draw.HandState` and never re-derives a rule.

What each caller may see of the table (their seat's view, a spectator's, the lobby's line) is
:mod:`pokerlab.dealer.table_views`, mixed into :class:`LiveTable`; the records of its people and its
turn are :mod:`pokerlab.dealer.table_seats`.

>>> table = LiveTable("K7Q2MX", TableSettings(seats=3, bot_level=1), seed=4, created_by="Ann", now=0.0)
>>> table.sit(1, "Ann", now=0.0), table.sit(2, "Bo", now=0.0)
(0, 1)
>>> _ = table.advance(0.0); table.match.hand is not None and table.match.humans == {0, 1}
True
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from pokerlab.coach.hand_review import REVIEW_TRIALS, review_seed
from pokerlab.dealer.table_seats import Sitter, Turn
from pokerlab.dealer.table_settings import STARTING_STACK, TableError, TableSettings
from pokerlab.dealer.table_views import TableViews
from pokerlab.dealer.words import Said
from pokerlab.draw import Action, ActionKind
from pokerlab.errors import quoted
from pokerlab.match import Match, MatchError, planned_match
from pokerlab.storage.kept_hands import hand_record

BOT_SECONDS: Final = 0.6
"""How long a computer opponent seems to think, so the people at the table can follow each move."""
NEXT_HAND_SECONDS: Final = 6.0
"""How long the result of a hand stays up before the next deal, unless everyone present is ready."""
TABLE_FORMAT: Final = 1

WAITING, PLAYING, PAUSED, ENDED = "waiting", "playing", "paused", "ended"


class LiveTable(TableViews):
    """One live table (see the module docs). ``seed`` makes every deal reproducible."""

    def __init__(self, code: str, settings: TableSettings, seed: int, *, created_by: str = "", now: float = 0.0,
                 teacher_table: bool = False, bot_seconds: float = BOT_SECONDS,
                 next_hand_seconds: float = NEXT_HAND_SECONDS) -> None:
        self.code = code
        self.settings = settings
        self.seed = seed
        self.created_by = created_by
        self.created_at = now
        self.teacher_table = teacher_table
        self.bot_seconds = bot_seconds
        self.next_hand_seconds = next_hand_seconds
        self.status = WAITING
        self.sitters: dict[int, Sitter] = {}
        self.turn: Turn | None = None
        self.next_deal_at: float | None = None
        self.version = 0
        self.notice: Said | None = None
        """The last thing the table said to everyone (``Said("timeout_folds", {"name": "Ann"})``)."""
        self.finished_hands: list[dict[str, Any]] = []
        """Per finished hand not yet stored by the dealer: number, each learner's net chips, and what
        each learner's My hands keeps of it."""
        self.test_stacks: dict[int, int] = {}
        """Chips a learner taking a seat starts with, by seat, instead of the table's 500: only a dealer
        in test mode sets these (browser tests of all-ins and side pots)."""
        # Computer opponents in every seat until learners sit down (see _take_seat).
        self.match = planned_match(settings.rules(), [settings.bot_level] * settings.seats, seed, STARTING_STACK,
                                   out_below=settings.out_below)

    # ----- who sits where ------------------------------------------------------------------------

    def sit(self, learner_id: int, name: str, seat: int | None = None, *, now: float) -> int:
        """Seat the learner (a learner coming back gets their own seat and chips); their seat."""
        self._check_open()
        mine = self.seat_of(learner_id)
        if mine is not None:
            sitter = self.sitters[mine]
            sitter.present, sitter.name = True, name
            self.match.sitting_out.discard(mine)
            if self.turn is not None and self.turn.seat == mine and self.turn.person:
                self.turn = Turn(mine, now + self.settings.time_to_act, True)  # back in time to decide
            self._changed(Said("back", {"name": name}), now)
            return mine
        free = [s for s in range(self.settings.seats) if s not in self.sitters and s not in self.match.out]
        if seat is None:
            if not free:
                raise TableError("seats_full")
            seat = free[0]
        elif seat not in range(self.settings.seats):
            raise TableError("no_such_seat", seats=self.settings.seats, seat=seat + 1)
        elif seat not in free:
            if not free:
                raise TableError("seat_taken_none_free", seat=seat + 1)
            raise TableError("seat_taken", seat=seat + 1, free=", ".join(str(s + 1) for s in free))
        self.sitters[seat] = Sitter(learner_id, name, seat)
        if not self._in_hand(seat):
            self._take_seat(seat)
        self._changed(Said("sat_down", {"name": name, "seat": seat + 1}), now)
        return seat

    def leave(self, learner_id: int, *, now: float) -> None:
        """The learner leaves: sat out with their chips, their seat kept for them."""
        seat = self._seat_or_refuse(learner_id)
        sitter = self.sitters[seat]
        sitter.present, sitter.ready = False, False
        if seat in self.match.humans:
            self.match.sitting_out.add(seat)
            if self.turn is not None and self.turn.seat == seat:
                self.turn = Turn(seat, now, True)  # their turn is taken for them at once
        self._changed(Said("left", {"name": sitter.name}), now)

    def _take_seat(self, seat: int) -> None:
        """The seat's learner plays it from now on (a seat a computer opponent had: fresh chips)."""
        match = self.match
        if seat not in match.humans:
            match.bots.pop(seat, None)
            match.humans.add(seat)
            match.stacks[seat] = self.test_stacks.get(seat, STARTING_STACK)
            match.out.discard(seat)
        match.names[seat] = self.sitters[seat].name
        if not self.sitters[seat].present:
            match.sitting_out.add(seat)

    def _in_hand(self, seat: int) -> bool:
        hand = self.match.hand
        return hand is not None and not hand.is_over and hand.starting_stacks[seat] > 0

    # ----- acting ----------------------------------------------------------------------------------

    def act(self, learner_id: int, action: Action, *, now: float) -> None:
        """The learner's action; out of turn or illegal raises with the engine's words, nothing changes."""
        seat = self._seat_or_refuse(learner_id)
        try:
            self.match.act_as(seat, action)
        except MatchError as error:  # out of turn; the engine's own refusal of an action goes on as it is
            raise TableError(error.code, **error.values) if error.code else TableError(str(error)) from None
        self._after_move(now)

    def ready(self, learner_id: int, *, now: float) -> None:
        """The learner has read the hand's result: deal on once everyone present is ready.

        Nobody's view changes with it (the views do not say who is ready), so the dealer sends no view
        for it: a page redrawn for nothing can lose a click that is half done on its old buttons (the
        button under a press is gone before its release), and another learner's "Next hand" is such a
        click. The deal it may bring on is sent as usual."""
        seat = self._seat_or_refuse(learner_id)
        self.sitters[seat].ready = True
        if self.next_deal_at is not None and all(s.ready for s in self.sitters.values() if s.present):
            self.next_deal_at = now
        self.version += 1

    def pause(self, now: float) -> None:
        self._check_open()
        self.status = PAUSED
        self._changed(Said("paused"), now)

    def resume(self, now: float) -> None:
        self._check_open()
        self.status = WAITING if self.match.hand is None or self.match.hand.is_over else PLAYING
        if self.turn is not None and self.turn.person:  # a fresh full time for whoever was to act
            self.turn = Turn(self.turn.seat, now + self.settings.time_to_act, True)
        self._changed(Said("plays_on"), now)

    def end(self, now: float, why: Said = Said("closed")) -> None:
        self.status = ENDED
        self.turn = self.next_deal_at = None
        self._changed(why, now)

    # ----- time -----------------------------------------------------------------------------------

    def due_at(self) -> float | None:
        """When :meth:`advance` next has something to do (None: nothing until someone acts)."""
        if self.status in (PAUSED, ENDED):
            return None
        if self.turn is not None:
            return self.turn.at
        return self.next_deal_at

    def advance(self, now: float) -> bool:
        """Do one thing that is due by ``now`` (one opponent's move, a timeout, a deal); True if the
        table changed. The dealer calls it again until it returns False (and again at :meth:`due_at`)."""
        if self.status in (PAUSED, ENDED):
            return False
        match = self.match
        if self.turn is not None:
            if now < self.turn.at:
                return False
            seat = self.turn.seat
            if self.turn.person:
                self._time_out(seat)
            else:
                match.bot_step()
            self._after_move(now)
            return True
        if match.hand is None or match.hand.is_over:
            if self.next_deal_at is None:
                if not self._can_deal():
                    return False
                self.next_deal_at = now
            if now < self.next_deal_at:
                return False
            return self._deal(now)
        return False

    def _time_out(self, seat: int) -> None:
        """The player in ``seat`` did not act (or has left): check, or stand pat at the draw, when that
        is free; else fold."""
        hand = self.match.hand
        assert hand is not None
        kinds = {offer.kind for offer in hand.legal_actions()}
        sitter = self.sitters.get(seat)
        name = sitter.name if sitter else self.match.names[seat]
        if ActionKind.CHECK in kinds:
            action, done = Action(ActionKind.CHECK), "checks"
        elif ActionKind.DRAW in kinds and hand.phase.value == "draw":
            action, done = Action(ActionKind.DRAW, discards=()), "stands_pat"
        else:
            action, done = Action(ActionKind.FOLD), "folds"
        why = "left" if sitter is not None and not sitter.present else "timeout"
        self.match.act_as(seat, action)
        self.notice = Said(f"{why}_{done}", {"name": name})

    def _can_deal(self) -> bool:
        match = self.match
        present = [seat for seat, s in self.sitters.items() if s.present and seat not in match.out]
        return self.status != ENDED and bool(present) and not match.is_over and len(self._seats_next_hand()) >= 2

    def _seats_next_hand(self) -> list[int]:
        match = self.match
        return [seat for seat in match.live_seats
                if seat not in match.sitting_out and (seat not in self.sitters or self.sitters[seat].present)]

    def _deal(self, now: float) -> bool:
        match = self.match
        for seat in self.sitters:
            self._take_seat(seat)
        if not self._can_deal():
            self.next_deal_at = None
            self.status = WAITING
            return False
        for sitter in self.sitters.values():
            sitter.ready = False
        match.deal()
        self.next_deal_at = None
        self.status = PLAYING
        self.notice = None
        self._after_move(now)
        return True

    def _after_move(self, now: float) -> None:
        match = self.match
        hand = match.hand
        assert hand is not None
        if hand.is_over:
            self.turn = None
            dealt_in = [seat for seat in self.sitters if seat in match.humans and hand.starting_stacks[seat] > 0]
            self.finished_hands.append({
                "hand_number": match.hand_number,
                "net": {self.sitters[seat].learner_id: hand.results.net[seat] for seat in dealt_in},  # type: ignore[union-attr]
                # My hands: each learner's hand as they saw it, kept with the table's next store
                "kept": {self.sitters[seat].learner_id: hand_record(
                    hand, seat, f"live-{self.settings.game}", f"live:{self.code}:{match.hand_number}",
                    review_trials=REVIEW_TRIALS, review_seed=review_seed(self.code, match.hand_number),
                    dollars=self.settings.dollars, names=tuple(match.names)) for seat in dealt_in},
            })
            if match.is_over:
                self.end(now, self._end_words())
                return
            self.next_deal_at = now + self.next_hand_seconds
        else:
            seat = hand.actor
            assert seat is not None
            if seat in match.humans:
                away = seat in self.sitters and not self.sitters[seat].present
                self.turn = Turn(seat, now if away else now + self.settings.time_to_act, True)
            else:
                self.turn = Turn(seat, now + self.bot_seconds, False)
        self._changed(None, now)

    def _end_words(self) -> Said:
        winner = self.match.winner
        return Said("match_over") if winner is None else Said("match_won", {"name": self.match.names[winner]})

    def _changed(self, notice: Said | None, now: float) -> None:
        if notice is not None:
            self.notice = notice
        if self.status == WAITING and self.match.hand is not None and not self.match.hand.is_over:
            self.status = PLAYING
        self.version += 1

    def _check_open(self) -> None:
        if self.status == ENDED:
            raise TableError("table_closed")

    def _seat_or_refuse(self, learner_id: int) -> int:
        seat = self.seat_of(learner_id)
        if seat is None:
            raise TableError("not_seated")
        return seat

    # ----- keeping -----------------------------------------------------------------------------------

    def to_json(self, now: float) -> dict[str, Any]:
        """Everything to go on exactly after a restart (times kept as seconds from ``now``)."""
        turn = self.turn
        return {
            "format": TABLE_FORMAT, "code": self.code, "settings": self.settings.to_json(), "seed": self.seed,
            "created_by": self.created_by, "created_at": self.created_at, "teacher_table": self.teacher_table,
            "status": self.status, "version": self.version,
            "notice": None if self.notice is None else self.notice.to_json(),
            "sitters": [asdict(sitter) for sitter in self.sitters.values()],
            "turn": None if turn is None else {"seat": turn.seat, "person": turn.person, "in": turn.at - now},
            "next_deal_in": None if self.next_deal_at is None else self.next_deal_at - now,
            "match": self.match.to_json(), "test_stacks": {str(seat): chips for seat, chips in self.test_stacks.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], now: float, **timing: float) -> LiveTable:
        """A table kept by :meth:`to_json`, going on at ``now``. A person to act gets their full time
        again (the dealer was away, not them). A hand that cannot be replayed is voided: every chip
        goes back to where it was when the hand began, and the table says so."""
        try:
            settings = TableSettings.from_json(data["settings"])
            table = cls(str(data["code"]), settings, int(data["seed"]), created_by=str(data.get("created_by", "")),
                        now=float(data.get("created_at", now)), teacher_table=bool(data.get("teacher_table")), **timing)
            table.status = str(data["status"])
            table.version = int(data["version"]) + 1
            table.notice = Said.from_json(data.get("notice"))  # an older dealer kept it in English
            table.sitters = {int(item["seat"]): Sitter(**item) for item in data["sitters"]}
            table.test_stacks = {int(seat): int(chips) for seat, chips in data.get("test_stacks", {}).items()}
        except (KeyError, TypeError, ValueError) as error:
            raise TableError("table_unreadable", error=quoted(error)) from None
        try:
            table.match = Match.from_json(data["match"])
            turn = data.get("turn")
            if turn is not None:
                wait = settings.time_to_act if turn["person"] else max(0.0, float(turn["in"]))
                table.turn = Turn(int(turn["seat"]), now + wait, bool(turn["person"]))
            if data.get("next_deal_in") is not None:
                table.next_deal_at = now + max(0.0, float(data["next_deal_in"]))
        except (MatchError, KeyError, TypeError, ValueError, IndexError):
            table._void_hand(data["match"], now)
        return table

    def _void_hand(self, kept: dict[str, Any], now: float) -> None:
        """The hand in play could not be rebuilt: called off, with a message. A match's chips are
        those from before the hand until it ends, so dropping the hand gives every chip back."""
        try:
            self.match = Match.from_json({**kept, "hand": None})
        except MatchError:
            raise TableError("match_unreadable") from None
        self.turn, self.next_deal_at = None, now
        self.notice = Said("hand_called_off")
        self.version += 1


__all__ = ["BOT_SECONDS", "NEXT_HAND_SECONDS", "LiveTable", "Sitter"]
