"""The Tournament Ladder played in the dealer: a level's entry, every hand, and its end are dealt,
played and settled here, never in a learner's kernel.

A learner's page sends intents: read the lobby, start level N, continue the game in progress or
give it up, act, deal the next hand, take a fresh start. It receives what its learner may know:
the wallet, the levels reached, the high scores, and its seat's view of the hand (no opponent's
hidden cards before the showdown, no seed). Each answer's ``run.version`` is the stored version
of the game; an action or "next hand" names the version it was sent for, so a message sent twice
(or by a tab that is behind) is refused and changes nothing.

Money is settled with the game, in one transaction each (:class:`~pokerlab.storage.hold.GameHold`,
the kernels' own machinery, here run by the dealer): starting a level pays its entry and keeps the
new game (a second start while a game is kept, from any tab, is refused, and an entry is keyed by
its game so it is paid once); the step that finishes the level pays the award, opens the next level
and at level 6 enters the high score, keyed by the game, so it is settled once. Each finished hand
is kept for the learner's My hands in the transaction of the step that finished it. The game is kept in
the learner's ``ladder`` slot exactly as the kernel's ladder keeps it, so the rows stay the truth:
after a restart of the dealer the page continues from them.

A game in progress belongs to one page at a time (``page``: a random name each page makes for
itself); "Continue your game" moves it to the page that asks, and the other page is told at its
next step, as in the kernel's ladder.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy.engine import Connection

from pokerlab.coach.hand_review import REVIEW_TRIALS, review_seed
from pokerlab.dealer.words import REFUSALS, STORAGE, Refusal, Said, said_of
from pokerlab.draw import Action
from pokerlab.errors import PokerlabError, quoted
from pokerlab.ladder import LEVELS, STARTING_POINTS, LadderError, LadderRun
from pokerlab.language import N_
from pokerlab.narration.wallet import FRESH_START, reason_code
from pokerlab.storage import HighScores, Learner, Store, Wallet, ladder_level
from pokerlab.storage.guarded import KeepError, guarded
from pokerlab.storage.hold import GameHold, Step
from pokerlab.storage.kept_hands import hand_record, keep_hand_in
from pokerlab.storage.settlements import ENTRY, settled
from pokerlab.storage.slots import GameExistsError, GameTakenError
from pokerlab.storage.wallet import WalletError
from pokerlab.variants import TOURNAMENT_LADDER

log = logging.getLogger("pokerlab.dealer")

APP: Final = TOURNAMENT_LADDER.code
"""The learner's slot the ladder's game in progress is kept in (the kernel's ladder uses the same)."""
MAX_BOT_STEPS: Final = 200
"""More computer opponents' actions in a row than any hand has: a guard against a loop."""
PAGE: Final = re.compile(r"[A-Za-z0-9_-]{8,64}")
HIGH_SCORES: Final = 10
ELSEWHERE: Final = REFUSALS["ladder_elsewhere"]
REPLAYED_START: Final = REFUSALS["ladder_replayed_start"]
EXISTS: Final = REFUSALS["ladder_exists"]


class LadderRefused(Refusal):
    """A ladder request the dealer will not carry out: a code of :data:`~pokerlab.dealer.words.REFUSALS`
    with its values (or, for the words of a layer that has no codes, its English); ``status`` is the
    HTTP status."""


@dataclass
class _Play:
    """The game one learner is playing, on the page that holds it."""

    page: str
    hold: GameHold
    run: LadderRun
    balance_before: int
    balance: int
    """The wallet after the entry (or as read when the game was continued): the side panel's figure."""
    kept_hand: int = 0
    """The last hand number kept for the learner's My hands."""


class LadderService:
    """Every learner's ladder: lobby, levels, hands and settlement (see the module docs)."""

    def __init__(self, store: Store, *, test_mode: bool = False) -> None:
        self.store = store
        self.test_mode = test_mode
        """Browser tests only (``POKERLAB_TEST_MODE=1`` in the dealer's own environment): a page may
        name a level's seed, so a test can play a twin of the same deal."""
        self.plays: dict[int, _Play] = {}
        """learner id: the game they are playing and the page that plays it."""

    # ----- the lobby -------------------------------------------------------------------------------

    def lobby(self, learner: Learner | None, page: object, note: str = "") -> dict[str, Any]:
        """The wallet, the levels reached, the high scores, and the game kept in progress (its summary)."""
        learner, page = self._learner(learner), self._page(page)
        kept = self._guarded(N_("look for your game in progress"), lambda: GameHold(learner, APP, page, self.store).peek())
        return self._answer(learner, "lobby", kept=None if kept is None else kept.summary, note=note)

    def fresh_start(self, learner: Learner | None, page: object) -> dict[str, Any]:
        """Refill a wallet that cannot pay for level 1 (see :func:`pokerlab.ladder.fresh_start`)."""
        learner, page = self._learner(learner), self._page(page)
        try:
            added = self._guarded(N_("give you a fresh start"), lambda: self._wallet().top_up(
                STARTING_POINTS, LEVELS[0].cost, reason_code(FRESH_START), learner))
        except WalletError as refusal:
            raise LadderRefused(said_of(refusal), 409) from None
        return self.lobby(learner, page, note=f"Fresh start: {added:,} points added to your wallet.")

    # ----- a level --------------------------------------------------------------------------------

    def start(self, learner: Learner | None, page: object, level: object, seed: object = None,
              request: object = None) -> dict[str, Any]:
        """Pay for level ``level`` and deal its first hand, in one transaction; the computer opponents
        act up to the learner's first turn. A locked level, a short wallet or a game already kept
        (another tab's, or this message sent again) is refused and nothing is paid. ``request``: the
        click's own random name; the level's game is named after it, so the same click sent again,
        even once the level it started is over, pays nothing and starts nothing."""
        learner, page = self._learner(learner), self._page(page)
        if isinstance(level, bool) or not isinstance(level, int):
            raise LadderRefused("ladder_no_level", level=quoted(level), count=len(LEVELS))
        chosen = seed if self.test_mode and isinstance(seed, int) and not isinstance(seed, bool) else None
        try:
            run = LadderRun.new(level, seed=secrets.randbits(62) if chosen is None else chosen)
        except LadderError as refusal:
            raise LadderRefused(said_of(refusal)) from None
        if request is not None:
            if not isinstance(request, str) or not PAGE.fullmatch(request):
                raise LadderRefused("ladder_start_name")
            run.game_id = hashlib.sha256(f"pokerlab-ladder:{learner.id}:{request}".encode()).hexdigest()[:24]
            game_id = run.game_id
            if self._guarded(N_("look up your level"), lambda: self.store.read(lambda c: settled(c, game_id, ENTRY))):
                raise LadderRefused("ladder_replayed_start", 409)
        run.match.deal()
        self._opponents(run)
        hold = GameHold(learner, APP, page, self.store)
        before = self._guarded(N_("read your wallet"), lambda: self._wallet().balance(learner))  # for the end screen
        try:
            balance = self._guarded(N_("start your game"), lambda: hold.start(
                _kept(run, before), _summary(run), entry=run.entry()))
        except GameExistsError:
            raise LadderRefused("ladder_exists", 409) from None
        except PokerlabError as refusal:  # a level not reached, a short wallet: their own words
            raise LadderRefused(said_of(refusal), 409) from None
        assert balance is not None
        play = self.plays[learner.id] = _Play(page, hold, run, before, balance)
        return self._answer(learner, "table", play=play)

    def resume(self, learner: Learner | None, page: object) -> dict[str, Any]:
        """"Continue your game": this page plays the learner's kept game from now on (another page
        that played it is refused at its next step)."""
        learner, page = self._learner(learner), self._page(page)
        hold = GameHold(learner, APP, page, self.store)
        kept = self._guarded(N_("take your game over"), hold.take_over)
        if kept is None:
            self.plays.pop(learner.id, None)
            return self.lobby(learner, page, note="There is no game in progress to continue any more; here is the lobby.")
        try:
            run = LadderRun.from_json(kept.state["run"])
        except (LadderError, KeyError, TypeError) as error:
            raise LadderRefused("ladder_cannot_continue", 409, error=str(error)) from None
        balance = self._guarded(N_("read your wallet"), lambda: self._wallet().balance(learner))
        play = _Play(page, hold, run, int(kept.state.get("balance_before", balance)), balance)
        self.plays[learner.id] = play
        if run.match.hand is None or run.match.is_bot_turn() or run.finished:
            return self._step(learner, play, lambda: self._deal_if_none(run))  # kept mid-way by a kernel's ladder
        return self._answer(learner, "table", play=play)

    def give_up(self, learner: Learner | None, page: object) -> dict[str, Any]:
        """"New game": forget the game in progress (its entry cost is not paid back)."""
        learner, page = self._learner(learner), self._page(page)
        hold = GameHold(learner, APP, page, self.store)
        kept = self._guarded(N_("look for your game in progress"), hold.peek)
        self._guarded(N_("clear your game in progress"), hold.give_up)
        self.plays.pop(learner.id, None)
        level = "?" if kept is None else kept.state.get("run", {}).get("level", "?")
        return self.lobby(learner, page, note="" if kept is None else
                          f"Level {level} was given up; its entry cost is not paid back.")

    def act(self, learner: Learner | None, page: object, version: object, intent: dict[str, Any]) -> dict[str, Any]:
        """The learner's action; the opponents then act up to the learner's next turn or the hand's
        end, and all of it is stored (and, when it ends the level, settled) before the answer."""
        learner, page = self._learner(learner), self._page(page)
        play = self._current(learner, page, version)
        hand = play.run.match.hand
        if hand is None or hand.is_over:
            raise LadderRefused("ladder_hand_over", 409)
        action = Action.from_json({key: intent[key] for key in ("kind", "amount", "discards") if key in intent})

        def move() -> None:
            play.run.match.act(action)
            self._opponents(play.run)

        return self._step(learner, play, move)

    def next_hand(self, learner: Learner | None, page: object, version: object) -> dict[str, Any]:
        """Deal the level's next hand once the one before is over."""
        learner, page = self._learner(learner), self._page(page)
        play = self._current(learner, page, version)
        match = play.run.match
        if match.hand is not None and not match.hand.is_over:
            raise LadderRefused("ladder_still_playing", 409, number=match.hand_number)

        def deal() -> None:
            match.deal()
            self._opponents(play.run)

        return self._step(learner, play, deal)

    # ----- inside ---------------------------------------------------------------------------------

    def _wallet(self) -> Wallet:
        return Wallet(self.store, starting_balance=STARTING_POINTS)

    @staticmethod
    def _learner(learner: Learner | None) -> Learner:
        if learner is None:
            raise LadderRefused("ladder_teacher", 403)
        return learner

    @staticmethod
    def _page(page: object) -> str:
        if not isinstance(page, str) or not PAGE.fullmatch(page):
            raise LadderRefused("ladder_which_page")
        return page

    @staticmethod
    def _guarded(doing: str, work: Any) -> Any:
        """``work()``; storage trouble becomes a refusal with plain words (503: try again)."""
        try:
            return guarded(doing, work)
        except KeepError as error:
            raise LadderRefused(Said(STORAGE, error.to_values()), 503) from None

    def _current(self, learner: Learner, page: str, version: object) -> _Play:
        play = self.plays.get(learner.id)
        if play is None:  # the dealer restarted, or the game was never continued here
            raise LadderRefused("ladder_not_at_hand", 409)
        if play.page != page:
            raise LadderRefused("ladder_elsewhere", 409)
        if isinstance(version, bool) or version != play.hold.version:
            raise LadderRefused("ladder_stale", 409)
        return play

    @staticmethod
    def _deal_if_none(run: LadderRun) -> None:
        if run.match.hand is None:
            run.match.deal()
        LadderService._opponents(run)

    @staticmethod
    def _opponents(run: LadderRun) -> None:
        """The computer opponents act until it is the learner's turn or the hand is over."""
        match = run.match
        for _ in range(MAX_BOT_STEPS):
            if not match.is_bot_turn():
                return
            match.bot_step()
        raise LadderRefused("ladder_bots_stuck", 500)

    def _step(self, learner: Learner, play: _Play, move: Any) -> dict[str, Any]:
        """One step of the game: ``move`` run once inside the hold's transaction, the new state kept
        or, when the level is over, its award settled and the game cleared, all in that transaction.
        A step refused by the engine or that cannot be stored is undone (back to the stored game)."""
        run = play.run

        def played() -> Step:
            move()
            award = run.award() if run.finished else None
            return Step(None if run.finished else _kept(run, play.balance_before), _summary(run), award,
                        self._keep_finished_hand(learner, play))

        try:
            outcome = play.hold.step(played)
        except GameTakenError:
            self.plays.pop(learner.id, None)
            raise LadderRefused("ladder_elsewhere", 409) from None
        except KeepError as error:
            self._back_to_stored(learner, play)
            raise LadderRefused(Said(STORAGE, error.to_values()), 503) from None
        except PokerlabError as refusal:  # an illegal action: the engine's own words
            self._back_to_stored(learner, play)
            raise LadderRefused(said_of(refusal)) from None
        if run.match.hand is not None and run.match.hand.is_over:
            play.kept_hand = run.match.hand_number
        if outcome.award is None:
            return self._answer(learner, "table", play=play)
        run.paid_out = True
        self.plays.pop(learner.id, None)
        return self._answer(learner, "end", play=play, award=outcome.award.points)

    @staticmethod
    def _keep_finished_hand(learner: Learner, play: _Play) -> Callable[[Connection], None] | None:
        """The write that keeps the hand just finished for the learner's My hands (as they saw it), in
        the transaction of the step that finished it, as the kernel's ladder keeps it."""
        match, game_id = play.run.match, play.hold.game_id
        hand = match.hand
        if hand is None or not hand.is_over or match.hand_number <= play.kept_hand or game_id is None:
            return None
        number = match.hand_number
        record = hand_record(hand, match.learner_seat, APP, f"{APP}:{game_id}:{number}", review_trials=REVIEW_TRIALS,
                             review_seed=review_seed(match.seed, number), names=tuple(match.names))
        return lambda connection: keep_hand_in(connection, learner, record)

    def _back_to_stored(self, learner: Learner, play: _Play) -> None:
        kept = play.hold.kept
        if kept is None:
            self.plays.pop(learner.id, None)
            return
        play.run = LadderRun.from_json(kept["run"])

    def _answer(self, learner: Learner, screen: str, *, play: _Play | None = None, kept: str | None = None,
                award: int | None = None, note: str = "") -> dict[str, Any]:
        """What the page may know (see the module docs). The wallet and the high scores are read for
        the lobby and the level's end only: a click in the middle of a level reads nothing."""
        answer: dict[str, Any] = {"screen": screen, "learner": learner.name, "note": note, "kept": kept,
                                  "run": None, "view": None, "end": None, "wallet": None, "scores": None,
                                  "review_seed": None}
        if screen in ("lobby", "end"):
            balance = self._guarded(N_("read your wallet"), lambda: self._wallet().balance(learner))
            reached = self._guarded(N_("read your ladder progress"), lambda: ladder_level(self.store, learner))
            answer["wallet"] = {"balance": balance, "reached": reached, "fresh": balance < LEVELS[0].cost}
            scores = self._guarded(N_("read the high score table"), lambda: HighScores(self.store).top(HIGH_SCORES))
            answer["scores"] = [{"rank": s.rank, "name": s.name, "score": s.score, "when": s.when.isoformat()}
                                for s in scores]
        if play is not None:
            run, match = play.run, play.run.match
            answer["run"] = {"level": run.level.number, "hand_number": match.hand_number,
                             "hands_left": run.hands_left, "version": play.hold.version,
                             "balance_before": play.balance_before, "balance": play.balance,
                             "summary": _summary(run)}
            answer["view"] = match.learner_view() if match.hand is not None else None
            over = match.hand is not None and match.hand.is_over
            # the coach's review seed of the hand just over: a one-way hash, it tells nothing of any deal
            answer["review_seed"] = review_seed(match.seed, match.hand_number) if over else None
        if screen == "end" and play is not None:
            run, match = play.run, play.run.match
            me = match.learner_seat
            answer["end"] = {"advanced": run.advanced, "award": award or 0, "chips": match.stacks[me],
                             "best_other": max(stack for seat, stack in enumerate(match.stacks) if seat != me),
                             "score": run.score if run.level.records_high_score else None,
                             "standings": match.standings()}
        return answer


def _kept(run: LadderRun, balance_before: int) -> dict[str, Any]:
    """The game as the learner's ``ladder`` slot keeps it (the kernel's ladder keeps the same)."""
    return {"run": run.to_json(), "balance_before": balance_before}


def _summary(run: LadderRun) -> str:
    match = run.match
    chips = match.stacks_now()[match.learner_seat]
    return f"level {run.level.number}, hand {match.hand_number} of {run.level.hand_count}, {chips:,} chips"


__all__ = ["LadderRefused", "LadderService"]
