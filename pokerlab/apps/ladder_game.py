"""The Tournament Ladder's flow played in the kernel (:class:`LadderFlow`): six levels paid from the
learner's points wallet, each settled once when it ends, a high score at level 6. Apart from the
other draw games (:mod:`pokerlab.apps.games`, whose notes on kept games and seeds hold here too)
because the Ladder alone costs and pays points: its entry and award go through the step's
transaction (:mod:`pokerlab.storage.hold`), and its refusals are the ladder's own words.
"""
from __future__ import annotations

from typing import Any

from pokerlab.apps import ladder_panels
from pokerlab.apps.flow import DrawFlow, chips_now
from pokerlab.classroom.practice import practice_server
from pokerlab.draw import ladder
from pokerlab.errors import quoted
from pokerlab.ladder import (
    DIFFICULTY,
    LEVELS,
    NO_SUCH_LEVEL,
    STARTING_CHIPS,
    Award,
    Entry,
    LadderError,
    LadderRun,
    MemoryAccount,
    can_fresh_start,
    fresh_start,
)
from pokerlab.language import N_
from pokerlab.language import money as lang_money
from pokerlab.storage.guarded import KeepError, said
from pokerlab.variants import TOURNAMENT_LADDER


class LadderFlow(DrawFlow):
    """Rule book 004: six levels paid from the learner's points wallet, a high score at level 6.

    This is the ladder played in the kernel. Where a dealer runs (``POKERLAB_DEALER_URL`` set:
    ``make app``, a hub's servers) :class:`~pokerlab.widgets.apps.LadderApp` gives the page played
    in the dealer instead (:mod:`pokerlab.apps.ladder_service`): the levels, hands, wallet and high
    scores are then the dealer's (:mod:`pokerlab.dealer.ladder_service`), not this kernel's.
    """

    title = TOURNAMENT_LADDER.name
    app_key = TOURNAMENT_LADDER.code

    def _start_flow(self, seed: int | None = None, learner: str | None = None) -> None:
        self.run: LadderRun | None = None
        self.balance_before = 0
        self.award_paid = 0
        """What the level just finished paid (shown on its end screen)."""
        self._unkept = MemoryAccount()
        self._offer_languages()  # its lobby, side panel, end screen and messages are translated
        super()._start_flow(seed, learner)

    def say_again(self, screen: str, language: str) -> None:
        """The lobby, the side panel and the end screen."""
        if screen == "lobby" and self.lobby_offers("continue", "new"):
            self.offer_continue_or_lobby()  # "continue your game" (or a damaged one's new game), asked again
        elif screen == "lobby" and self.table.lobby.get("tables"):
            self.show_lobby()
        elif screen == "end" and self.run is not None:
            self.show_end()
        elif screen == "table" and self.run is not None:
            self.refresh_side()

    def refusal_words(self, text: str) -> str:
        """The ladder's English refusal or notice in the table's language."""
        return ladder_panels.ladder_words(text, self.table.language)

    @property
    def account(self) -> Any:
        """The learner's ladder account (in memory, and kept nowhere, until the learner is known)."""
        return self.keeper.account() if self.keeper is not None else self._unkept

    def show_lobby(self) -> None:
        account = self.account
        try:
            balance, reached = account.balance(), account.reached_level()
            scores = self.keeper.high_scores(10) if self.keeper is not None else []
        except KeepError as error:
            self.table.lobby = {"heading": self._(self.title), "paragraphs": [said(error, self.table.language)]}
            self.table.screen = "lobby"
            return
        self.table.lobby = ladder_panels.ladder_lobby(LEVELS, ladder(), STARTING_CHIPS, balance, reached, scores,
                                                      can_fresh_start(account), DIFFICULTY, practice_server(),
                                                      self.table.language)
        self.table.screen = "lobby"

    def start(self, fields: dict[str, str]) -> None:
        """The ladder starts from a level button (see :meth:`app_intent`)."""

    def play_level(self, number: int) -> None:
        """Pay for level ``number`` and sit down, in one step (a locked or unaffordable level leaves a
        message and nothing is paid)."""
        try:
            run = LadderRun.new(number, seed=self.next_seed())
            before = self.account.balance()
            if self.hold is None:  # a learner nobody knows yet: the wallet in memory pays
                self._unkept.enter(run.entry())
        except (LadderError, KeepError) as refusal:
            self.table.message = self.refusal_words(str(refusal))
            return
        previous = self.run
        self.run, self.balance_before, self.award_paid = run, before, 0
        if not self.begin(run.match):
            self.run = previous

    def entry(self) -> Entry | None:
        return self.run.entry() if self.run is not None else None

    def award(self) -> Award | None:
        run = self.run
        return run.award() if run is not None and run.finished and not run.paid_out else None

    def settled(self, award: Award) -> None:
        run = self.run
        assert run is not None and award.game_id == run.game_id
        if self.hold is None:
            self._unkept.settle(award)
        run.paid_out = True
        self.award_paid = award.points

    def kept_game(self) -> dict[str, Any] | None:
        if self.run is None or self.run.finished:
            return None
        return {"run": self.run.to_json(), "balance_before": self.balance_before}

    def restore_game(self, game: dict[str, Any]) -> None:
        self.run = LadderRun.from_json(game["run"])
        self.balance_before = int(game.get("balance_before", 0))
        self.award_paid = 0
        self.table.match = self.run.match

    def resume(self) -> None:
        run = self.run
        assert run is not None
        if run.finished:  # kept by an older pokerlab before it settled: settled now, once
            self.guarded(lambda: None)
            self.show_end()
            self.table.screen = "end"
            return
        super().resume()

    def give_up_game(self, game: dict[str, Any]) -> str:
        level = game.get("run", {}).get("level", "?")
        return self._("Level {level} was given up; its entry cost is not paid back.").format(level=level)

    def progress_text(self) -> str:
        run = self.run
        if run is None:
            return super().progress_text()
        match = run.match
        return N_("level {level}, hand {number} of {count}, {chips} chips").format(
            level=run.level.number, number=match.hand_number, count=run.level.hand_count, chips=f"{chips_now(match):,}")

    def refresh_side(self) -> None:
        run = self.run
        assert run is not None
        try:
            balance: int | None = self.account.balance()
        except KeepError:
            balance = None
        self.table.side = ladder_panels.ladder_side(run.level, run.match.hand_number, run.hands_left, balance,
                                                    self.table.language)

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "level":
            try:
                number = int(str(value))
            except ValueError:
                self.table.message = self.refusal_words(NO_SUCH_LEVEL.format(number=quoted(value), count=len(LEVELS)))
                return
            self.play_level(number)
        elif name == "fresh":
            try:
                added = fresh_start(self.account)
            except LadderError as refusal:
                self.table.message = self.refusal_words(str(refusal))
                return
            self.show_lobby()
            self.table.message = self._("Fresh start: {added} points added to your wallet.").format(
                added=lang_money(added, self.table.language))
        elif name == "lobby":
            self.show_lobby()

    def show_end(self) -> None:
        run = self.run
        assert run is not None
        match = run.match
        me = match.learner_seat
        try:
            balance: int | None = self.account.balance()
            scores = self.keeper.high_scores(10) if self.keeper is not None and run.level.records_high_score else []
        except KeepError as error:
            balance, scores = None, []
            self.table.message = said(error, self.table.language)
        self.table.end = ladder_panels.ladder_end(
            run.level.number, run.advanced, match.stacks[me], max(stack for seat, stack in enumerate(match.stacks) if seat != me),
            self.award_paid, self.balance_before, balance, match.standings(),
            run.score if run.level.records_high_score else None, scores, self.table.language)


__all__ = ["LadderFlow"]
