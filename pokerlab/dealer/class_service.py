"""Class games played in the dealer: the deals, their seeds, the computer opponents and the results
live here, never in a learner's kernel.

A learner's page sends intents (join with a code, an action, "deal the next one") and receives
their seat's view of the deal, and for each deal they have finished the spread of the class's
results on it (:func:`pokerlab.classroom.deal_reports.deal_report`, no names). The seeds are read from
the database by this process only; no answer carries them, nor a card the learner's seat may not
see. A deal's result is the engine's, stored with the actions that led to it in the same
transaction that moves the learner to the next deal (the first play of a deal counts); a page can
neither name a result nor skip a deal.

The teacher (a teacher's session) reads the board, the CSV export and a learner's hands from here,
and creates, ends and deletes games.

:class:`ClassService` holds, for each learner playing, their :class:`ClassMatch` (the deal being
played); it is rebuilt from the stored progress whenever it is missing (the dealer was restarted),
so the rows stay the truth.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Final

from pokerlab.classroom.board import board_view, csv_text, games_view, learner_detail
from pokerlab.classroom.class_game_export import class_game_download
from pokerlab.classroom.class_games import ClassGameSettings, ClassMatch
from pokerlab.classroom.class_records import ClassGame
from pokerlab.classroom.deal_reports import reports_view
from pokerlab.classroom.reviews import decisions_for_board
from pokerlab.classroom.store import ClassGameEndedError, ClassStore
from pokerlab.coach.hand_review import CLASS_REVIEW_TRIALS, coach_review, review_seed
from pokerlab.dealer.words import Refusal, said_of
from pokerlab.draw import Action
from pokerlab.errors import PokerlabError
from pokerlab.storage import Learner, StorageError, Store

log = logging.getLogger("pokerlab.dealer")

REVIEW_NICENESS: Final = 10
"""How much lower the reviewer's process runs than the dealer (``nice``): the board's reviews are background work."""
MAX_BOT_STEPS: Final = 200
"""More computer opponents' actions in a row than any deal has: a guard against a loop."""


class ClassRefused(Refusal):
    """A class-game request the dealer will not carry out: a code of :data:`~pokerlab.dealer.words.REFUSALS`
    with its values (or the words of a layer that has no codes); ``status`` is the HTTP status."""


class ClassService:
    """Every class game's play and board, for the dealer's callers (learners and the teacher)."""

    def __init__(self, store: Store, *, review: bool = True) -> None:
        self.classes = ClassStore(store)
        self.plays: dict[tuple[int, int], ClassMatch] = {}
        """(game id, learner id): the deal that learner is playing, as stored."""
        self._games: dict[int, tuple[ClassGame, tuple[int, ...]]] = {}
        self._review = ThreadPoolExecutor(1, thread_name_prefix="pokerlab-class-review") if review else None
        """Stores the coach's review of each finished deal (for the board) once worked out."""
        self._reviewer: ProcessPoolExecutor | None = None
        """Works the reviews out, in a process of its own: thousands of simulated deals each, which in
        this process would hold the interpreter's lock and hold up every table's answer."""

    # ----- a learner's play ----------------------------------------------------------------------

    def join(self, learner: Learner | None, code: object, browser: str | None = None) -> dict[str, Any]:
        """Join the game with join code ``code`` and answer the deal the learner is on."""
        learner = self._learner(learner)
        game = self.classes.game_by_code(str(code) if isinstance(code, str) else "")
        self.classes.join(game.id, learner, browser=browser)
        self._games.pop(game.id, None)  # read afresh: the game may have ended since
        match = self._match_as_stored(game.id, learner)
        return self.answer(game.id, learner, match)

    def act(self, learner: Learner | None, game_id: object, intent: dict[str, Any]) -> dict[str, Any]:
        """The learner's action on the deal they are playing; the opponents then act up to the
        learner's next turn (or the deal's end), and all of it is stored before the answer."""
        learner = self._learner(learner)
        game_id = self._game_id(game_id)
        match = self._current(game_id, learner)
        hand = match.hand
        if hand is None or hand.is_over:
            raise ClassRefused("class_deal_over", 409)
        if hand.actor != match.learner_seat:
            raise ClassRefused("class_not_your_turn", 409)
        action = Action.from_json({key: intent[key] for key in ("kind", "amount", "discards") if key in intent})
        number = match.deal_number
        try:
            match.act(action)
        except PokerlabError as error:
            self.plays.pop((game_id, learner.id), None)  # back to the deal as stored
            raise ClassRefused(said_of(error)) from None
        self._opponents(match)
        self._store_step(game_id, learner, match, number)
        over = match.hand is not None and match.hand.is_over
        return self.answer(game_id, learner, match, reports=over)  # mid-deal the reports are as before

    def next_deal(self, learner: Learner | None, game_id: object) -> dict[str, Any]:
        """Deal the learner's next deal once the one before is over (while the game is open)."""
        learner = self._learner(learner)
        game_id = self._game_id(game_id)
        match = self._current(game_id, learner)
        if match.hand is not None and not match.hand.is_over:
            raise ClassRefused("class_deal_playing", 409, number=match.deal_number)
        if not match.is_over:
            game = self.classes.game(game_id)
            if not game.is_open:
                raise ClassRefused("class_ended", 409)
            match.deal()
            self._opponents(match)
            self._store_step(game_id, learner, match, match.deal_number)
        return self.answer(game_id, learner, match)

    def answer(self, game_id: int, learner: Learner, match: ClassMatch | None, reports: bool = True) -> dict[str, Any]:
        """What the learner's page may know: the game, their seat's view of the deal, and the class's
        results on the deals they have finished (``reports`` False: None, unchanged since the last
        answer, which spares a read on every click in the middle of a deal)."""
        game, seeds = self._game(game_id)
        done = match is None or match.is_over
        finished = game.settings.deal_count if match is None else (
            match.deal_number if match.hand is not None and match.hand.is_over else match.deal_number - 1)
        view = None if match is None or match.hand is None else match.learner_view()
        over = view is not None and match is not None and match.hand is not None and match.hand.is_over
        return {
            "game": {"id": game.id, "code": game.code, "describe": game.settings.describe(),
                     "settings": game.settings.to_json(), "deal_count": game.settings.deal_count,
                     "dollars": game.settings.dollars, "status": game.status},
            "learner": learner.name,
            "deal_number": 0 if match is None else match.deal_number,
            "view": view,
            "reports": reports_view(self.classes, game, learner, finished) if reports else None,
            "done": done,
            # the coach's review seed of the deal just over: a one-way hash, it tells nothing of the deal
            "review_seed": review_seed(seeds[match.deal_number - 1]) if over and match is not None else None,
        }

    # ----- the teacher ---------------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        return games_view(self.classes)

    def create(self, teacher: str, settings: object, roster: object) -> dict[str, Any]:
        if not isinstance(settings, dict):
            raise ClassRefused("class_settings_needed")
        game = self.classes.create_game(ClassGameSettings.from_json(settings), teacher=teacher,
                                        roster=roster if isinstance(roster, str) else None)
        return {"id": game.id, "code": game.code, "roster": None if game.roster is None else list(game.roster)}

    def board(self, game_id: object) -> dict[str, Any]:
        return board_view(self.classes, self._game_id(game_id))

    def csv(self, game_id: object) -> str:
        return csv_text(self.classes, self._game_id(game_id))

    def phh(self, game_id: object, every_card: bool) -> dict[str, Any]:
        """The game's hands as PHH, as the board's download message (see :mod:`pokerlab.classroom.class_game_export`)."""
        return class_game_download(self.classes, self._game_id(game_id), every_card=every_card)

    def learner(self, game_id: object, name: object) -> dict[str, Any]:
        return learner_detail(self.classes, self._game_id(game_id), str(name))

    def end(self, game_id: object) -> None:
        game_id = self._game_id(game_id)
        self.classes.end_game(game_id)
        self._games.pop(game_id, None)

    def delete(self, game_id: object) -> None:
        game_id = self._game_id(game_id)
        self.classes.delete_game(game_id)
        self._games.pop(game_id, None)
        for key in [key for key in self.plays if key[0] == game_id]:
            del self.plays[key]

    # ----- inside --------------------------------------------------------------------------------

    @staticmethod
    def _learner(learner: Learner | None) -> Learner:
        if learner is None:
            raise ClassRefused("class_teacher_watches", 403)
        return learner

    @staticmethod
    def _game_id(game_id: object) -> int:
        if isinstance(game_id, bool) or not isinstance(game_id, int):
            raise ClassRefused("class_which_game")
        return game_id

    def _game(self, game_id: int) -> tuple[ClassGame, tuple[int, ...]]:
        if game_id not in self._games:
            self._games[game_id] = (self.classes.game(game_id), self.classes.seeds(game_id))
        return self._games[game_id]

    def _match_as_stored(self, game_id: int, learner: Learner) -> ClassMatch | None:
        """The learner's deal as the rows say (None: every deal played), its opponents' turns taken."""
        game, seeds = self._game(game_id)
        progress = self.classes.progress(game_id, learner)
        self.plays.pop((game_id, learner.id), None)
        if progress.deal_number > game.settings.deal_count:
            return None
        match = ClassMatch(game.settings, seeds, learner.name)
        match.deal(progress.deal_number, progress.actions)
        stored = len(progress.actions)
        self._opponents(match)
        if match.hand is not None and len(match.hand.actions) != stored:
            self._store_step(game_id, learner, match, progress.deal_number)
        self.plays[game_id, learner.id] = match
        return match

    def _current(self, game_id: int, learner: Learner) -> ClassMatch:
        match = self.plays.get((game_id, learner.id))
        if match is None:
            try:
                match = self._match_as_stored(game_id, learner)
            except PokerlabError as error:
                raise ClassRefused(said_of(error), 404) from None
            if match is None:
                raise ClassRefused("class_all_played", 409)
        return match

    @staticmethod
    def _opponents(match: ClassMatch) -> None:
        """The computer opponents act until it is the learner's turn or the deal is over."""
        for _ in range(MAX_BOT_STEPS):
            hand = match.hand
            if hand is None or hand.is_over or not match.is_bot_turn():
                return
            match.bot_step()
        raise ClassRefused("class_bots_stuck", 500)

    def _store_step(self, game_id: int, learner: Learner, match: ClassMatch, number: int) -> None:
        """Store the deal as it is now: its actions so far, or once it is over its result, which the
        engine worked out here. A step that cannot be stored is undone (back to the rows)."""
        hand = match.hand
        assert hand is not None
        try:
            if hand.is_over:
                chips = match.learner_result()
                assert chips is not None
                first = self.classes.record_result(game_id, learner, number, chips, hand.actions)
                if first:
                    self._review_later(game_id, learner, match)
            else:
                self.classes.save_progress(game_id, learner, number, hand.actions)
        except ClassGameEndedError as error:
            self.plays.pop((game_id, learner.id), None)
            self._games.pop(game_id, None)
            raise ClassRefused(said_of(error), 409) from None
        except StorageError as error:
            log.error("a class game step could not be stored: %s", error)
            self.plays.pop((game_id, learner.id), None)
            raise ClassRefused("class_cannot_store", 503) from None

    def _review_later(self, game_id: int, learner: Learner, match: ClassMatch) -> None:
        """The coach's review of the deal just finished, for the board (in the review's thread)."""
        if self._review is None:
            return
        hand = match.hand
        assert hand is not None
        _game, seeds = self._game(game_id)
        number, events, rules = match.deal_number, list(hand.events), match.rules
        seed = review_seed(seeds[number - 1])
        dollars = match.settings.dollars
        if self._reviewer is None:
            self._reviewer = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_background)
        reviewer = self._reviewer

        def work() -> None:
            try:
                decisions = reviewer.submit(board_decisions, events, match.learner_seat, rules, seed, dollars).result()
                self.classes.record_review(game_id, learner, number, decisions)
            except Exception:  # noqa: BLE001 - a review the board misses must not stop the dealer
                log.exception("the review of deal %d of class game %d could not be kept", number, game_id)

        self._review.submit(work)

    def wait_for_reviews(self) -> None:
        """Wait until every review asked for so far is stored (tests)."""
        if self._review is not None:
            self._review.submit(lambda: None).result()

    def close(self) -> None:
        """Stop the reviewer's process (the dealer is stopping)."""
        if self._reviewer is not None:
            self._reviewer.shutdown(wait=False, cancel_futures=True)


def _background() -> None:
    """The reviewer's process yields the CPU to the dealer and the learners' kernels (a review may wait)."""
    try:
        os.nice(REVIEW_NICENESS)
    except OSError:  # not allowed here: the review still runs, at the usual priority
        pass


def board_decisions(events: list[Any], seat: int, rules: Any, seed: int, dollars: bool) -> list[dict[str, Any]]:
    """The coach's review of ``seat``'s decisions on a finished deal, as the board keeps it (run in
    the reviewer's process)."""
    review = coach_review(events, seat, rules, CLASS_REVIEW_TRIALS, seed, dollars=dollars)
    return decisions_for_board(review, events, 0)


__all__ = ["ClassRefused", "ClassService"]
