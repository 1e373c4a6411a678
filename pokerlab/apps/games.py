"""The three draw-poker games' flows: Five-Card Draw and Saloon Draw here, the Tournament Ladder in
:mod:`pokerlab.apps.ladder_game` (re-exported here, where it was; the apps on a page are
:mod:`pokerlab.widgets.apps`).

Each flow is a controller: the identity line says who is playing, the table shows a lobby, the
table driven by a :class:`~pokerlab.match.Match`, or an end screen. The panels' contents come
from the panel modules (:mod:`pokerlab.apps.panels` names them); what is kept for the learner goes
through :mod:`pokerlab.apps.keep`. The apps hold no poker rules.

**Games that survive a reload.** After every action the game in progress is kept for its learner
(``Keeper.keep``); reopening the app offers "Continue your game (hand 4, 735 chips)" or "New game".
Continuing rebuilds the match from its seed and actions: the same hand, the same decision, the same
hidden cards. A page that continues a game takes it over; a page that played it before stops and
says so, so one game is never played in two places.

**Deals that cannot be replayed.** Seeds stay on the server and are random, except:

* ``seed=`` given to the constructor (a teacher's notebook, the tests);
* Five-Card Draw's *practice deals*: ``?seed=N`` on the page (or ``POKERLAB_SEED``) deals the same
  cards for everyone with that link; the table says so and nothing from it is kept;
* under ``POKERLAB_TEST_MODE=1`` (browser tests: a server setting, not something a learner can
  type) ``?seed=N`` seeds every app, and ``?stacks=500,3,500`` sets the first match's chips.

``?seed=`` never seeds the Saloon or the Ladder otherwise: the Ladder is scored, and a Saloon game can
be saved. Saloon saves are made between hands only, and restoring one gives the match a new random
generator (:meth:`~pokerlab.match.Match.reshuffle`), so a restore deals a hand nobody has seen. A save
made mid-hand by an older pokerlab is resumed once and then deleted (used up).

The query string and the learner arrive from the browser when the page renders (the identity
widget's ``hello``), never at notebook execution, so the apps work with Voilà's preheated kernels.
"""
from __future__ import annotations

import secrets
from typing import Any

from pokerlab.apps import five_card_draw_panels, saloon_panels, shared_panels
from pokerlab.apps.flow import SAVE_NAME, STARTING_STACK, DrawFlow, chips_now
from pokerlab.apps.keep import SALOON_KIND
from pokerlab.apps.ladder_game import LadderFlow  # re-exported: the Ladder was one of this module's flows
from pokerlab.apps.seeds import stacks_for_tests
from pokerlab.draw import five_card_draw, saloon_draw
from pokerlab.draw.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SALOON_ANTES,
    SALOON_ROUND_ONE,
    SALOON_ROUND_TWO,
)
from pokerlab.errors import quoted
from pokerlab.language import N_
from pokerlab.language import money as lang_money
from pokerlab.match import (
    SALOON_OUT_BELOW,
    Match,
    MatchError,
    five_card_draw_match,
    saloon_match,
)
from pokerlab.storage.guarded import KeepError, said
from pokerlab.variants import FIVE_CARD_DRAW, SALOON_DRAW


class FiveCardDrawFlow(DrawFlow):
    """Rule book 002 against computer opponents: choose the table in the lobby, play to the end."""

    title = FIVE_CARD_DRAW.name
    app_key = FIVE_CARD_DRAW.code
    practice_allowed = True

    def _start_flow(self, seed: int | None = None, learner: str | None = None) -> None:
        self.settings = {"players": "6", "forced_bet": "antes", "ace_draw": "off", "level": "3"}
        self._offer_languages()  # its lobby, table and end screen are translated
        super()._start_flow(seed, learner)

    def _language_changed(self, language: str) -> None:
        super()._language_changed(language)
        self.refresh_practice()  # the practice-deal notice too, whatever the screen

    def say_again(self, screen: str, language: str) -> None:
        """The lobby and the end screen (the side panel: :meth:`refresh_practice`)."""
        if screen == "lobby" and self.lobby_offers("start"):
            self.show_lobby()
        elif screen == "end" and self.table.match is not None:
            self.show_end()

    def show_lobby(self) -> None:
        self.table.lobby = five_card_draw_panels.five_card_draw_lobby(
            self.settings, five_card_draw(forced_bet="antes"), five_card_draw(forced_bet="blinds"),
            range(MIN_PLAYERS, MAX_PLAYERS + 1), STARTING_STACK, self.table.language,
        )
        self.mark_practice()
        self.table.screen = "lobby"

    def refresh_practice(self) -> None:
        if self.practice:
            self.table.side = shared_panels.practice_panel(self._query_seed() or 0, self.table.language)

    def start(self, fields: dict[str, str]) -> None:
        self.settings.update({key: str(value) for key, value in fields.items() if key in self.settings})
        players = int(self.settings["players"])
        match = five_card_draw_match(
            player_count=players, forced_bet=self.settings["forced_bet"],  # type: ignore[arg-type]
            ace_draw=self.settings["ace_draw"] == "on", opponent_level=int(self.settings["level"]),
            seed=self.next_seed(),
        )
        stacks = stacks_for_tests(self.query) if self.match_count == 1 else None
        if stacks is not None and len(stacks) == players:
            match.stacks = stacks
        self.begin(match)

    def sit_down(self, match: Match) -> None:
        super().sit_down(match)
        self.refresh_practice()

    def kept_game(self) -> dict[str, Any] | None:
        game = super().kept_game()
        return None if game is None else {**game, "settings": dict(self.settings)}

    def restore_game(self, game: dict[str, Any]) -> None:
        self.settings.update({key: str(value) for key, value in game.get("settings", {}).items() if key in self.settings})
        super().restore_game(game)

    def match_finished(self) -> bool:
        match = self.table.match
        return match.is_over or match.learner_seat in match.out

    def show_end(self) -> None:
        match = self.table.match
        me = match.learner_seat
        self.table.end = five_card_draw_panels.five_card_draw_end(match.standings(), match.hand_number, me in match.out, match.winner == me,
                                                   self.table.language)

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "again":
            self.start({})
        elif name == "lobby":
            self.show_lobby()


class SaloonFlow(DrawFlow):
    """Rule book 003: spread limit in $5 steps, no all-in, out under $50; save between hands, restore."""

    title = SALOON_DRAW.name
    app_key = SALOON_DRAW.code

    def _start_flow(self, seed: int | None = None, learner: str | None = None) -> None:
        self.settings = {"ante": "5", "round_one": "5-15", "round_two": "5-25", "opponents": "4", "level": "3"}
        self.save_label: str | None = None
        """The name the save box offers: the learner's last save or restore, else "my game" (None)."""
        self.table.dollars = True
        self._offer_languages()  # its lobby, table, panels and end screen are translated
        super()._start_flow(seed, learner)

    def say_again(self, screen: str, language: str) -> None:
        """The lobby, the side panel and the end screen."""
        if screen == "lobby" and self.lobby_offers("start"):
            self.show_lobby()
        elif screen == "lobby" and self.lobby_offers("continue"):
            self.offer_continue_or_lobby()  # "continue your game", asked again in the new language
        elif screen == "end" and self.table.match is not None:
            self.show_end()
        elif screen == "table" and self.table.match is not None:
            self.refresh_side()

    # --- lobby, saves ------------------------------------------------------------------------

    def _saves(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        assert self.keeper is not None
        try:
            return saloon_panels.saloon_saves_table(self.keeper.saves(SALOON_KIND), self.table.language)
        except KeepError as error:
            self.table.message = said(error, self.table.language)
            return {"caption": self._("Your saved games cannot be read just now"), "head": [], "rows": []}, []

    def _rules(self) -> Any:
        one = tuple(int(x) for x in self.settings["round_one"].split("-"))
        two = tuple(int(x) for x in self.settings["round_two"].split("-"))
        return saloon_draw(player_count=int(self.settings["opponents"]) + 1, ante=int(self.settings["ante"]),
                           round_one=one, round_two=two)  # type: ignore[arg-type]

    def show_lobby(self) -> None:
        saves, restore = self._saves()
        self.table.lobby = saloon_panels.saloon_lobby(
            self.settings, self._rules(), SALOON_OUT_BELOW, STARTING_STACK, SALOON_ANTES, SALOON_ROUND_ONE,
            SALOON_ROUND_TWO, MAX_PLAYERS - 1, saves, restore, self.table.language,
        )
        self.mark_practice()
        self.table.screen = "lobby"

    def start(self, fields: dict[str, str]) -> None:
        self.settings.update({key: str(value) for key, value in fields.items() if key in self.settings})
        one = tuple(int(x) for x in self.settings["round_one"].split("-"))
        two = tuple(int(x) for x in self.settings["round_two"].split("-"))
        match = saloon_match(
            ante=int(self.settings["ante"]), round_one=one, round_two=two,  # type: ignore[arg-type]
            opponents=int(self.settings["opponents"]), opponent_level=int(self.settings["level"]),
            seed=self.next_seed(),
        )
        self.begin(match)

    def _between_hands(self) -> bool:
        match = self.table.match
        return match is not None and (match.hand is None or match.hand.is_over)

    def refresh_side(self) -> None:
        match = self.table.match
        if match is None:
            return
        _, restore = self._saves()
        self.table.side = saloon_panels.saloon_side(match.rules, SALOON_OUT_BELOW, self._between_hands(), restore,
                                             self.save_label, self.table.language)

    def progress_text(self) -> str:
        match = self.table.match
        return N_("hand {number}, {money}").format(number=match.hand_number, money=f"${chips_now(match):,}")

    def guarded(self, play: Any) -> None:
        super().guarded(play)
        match = self.table.match
        if match is not None and self.table.screen == "table":
            between = self._between_hands()
            if between != ("input" in self.table.side):
                self.refresh_side()

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "save":
            self.save(str(fields.get("save_name", "")).strip())
        elif name == "restore":
            self.restore(str(value))
        elif name == "again":
            self.start({})
        elif name == "lobby":
            self.show_lobby()

    def save(self, label: str) -> None:
        """Save the game under ``label``: between hands only (see the module's notes)."""
        assert self.keeper is not None
        _ = self._
        match = self.table.match
        if match is None:
            self.table.message = _("There is no game at the table to save.")
            return
        if not self._between_hands():
            self.table.message = _("Saves are made between hands: save once this hand is over. "
                                   "(Your game in progress is kept anyway, after every action.)")
            return
        if not SAVE_NAME.fullmatch(label):
            self.table.message = _(
                "\"{label}\" cannot be a save name: use 1 to 64 letters, digits, spaces, '-' or '_', "
                "starting with a letter or digit. Nothing was saved."
            ).format(label=label)
            return
        self.keeper.save(SALOON_KIND, label, match.to_json())
        self.save_label = label
        self.refresh_side()
        self.table.message = _("Saved as \"{label}\". Restoring it deals a new hand; you can restore it from the lobby "
                               "or this panel.").format(label=label)

    def restore(self, label: str) -> None:
        assert self.keeper is not None
        _ = self._
        try:
            match = Match.from_json(self.keeper.load(SALOON_KIND, label))
        except MatchError as error:
            self.table.message = _("Cannot restore {name}: {error} The file was not changed.").format(
                name=quoted(label), error=error)
            return
        except KeepError as error:
            self.table.message = said(error, self.table.language)
            return
        used_up = match.hand is not None and not match.hand.is_over
        if not used_up:
            match.reshuffle(secrets.randbelow(2**63))
        if SAVE_NAME.fullmatch(label):
            self.save_label = label
        if match.is_over:
            self.table.match = match
            self.show_end()
            self.table.screen = "end"
        else:
            if self.hold is not None and self.hold.holding:
                self.hold.give_up()  # the restored game replaces the one at the table
            if not self.begin(match):
                return
            if used_up:  # a mid-hand save by an older pokerlab: continued once, then it is gone
                self.keeper.delete(SALOON_KIND, label)
        # the figure the learner's seat and the standings show
        money = lang_money(chips_now(match), self.table.language, dollars=True)
        if used_up:
            text = _("Restored \"{label}\": hand {number} goes on and you have {money} in front of you. It was saved "
                     "during a hand, so it is used up now that you have it back.")
        elif match.is_over:
            text = _("Restored \"{label}\": you have {money}.")
        else:
            text = _("Restored \"{label}\": hand {number} is dealt with new cards; you have {money} in front of you.")
        self.table.message = text.format(label=label, number=match.hand_number, money=money)

    def show_end(self) -> None:
        match = self.table.match
        me = match.learner_seat
        self.table.end = saloon_panels.saloon_end(match.standings(), match.hand_number, SALOON_OUT_BELOW, me in match.out,
                                           match.winner == me, self.table.language)


__all__ = ["FiveCardDrawFlow", "LadderFlow", "SaloonFlow"]
