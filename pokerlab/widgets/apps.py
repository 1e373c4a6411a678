"""The three draw-poker apps: Five-Card Draw, Saloon Draw and the Tournament Ladder.

Each app is a controller: the :class:`~pokerlab.widgets.identity.IdentityWidget` says who is
playing, a :class:`~pokerlab.widgets.table.DrawTable` shows a lobby, the table driven by a
:class:`~pokerlab.match.Match`, or an end screen, and the draw coach sits one click away below. The
panels' contents come from :mod:`pokerlab.widgets.apps_panels`; what is kept for the learner goes
through :mod:`pokerlab.widgets.apps_keep`. The apps hold no poker rules.

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

>>> app = FiveCardDrawApp(seed=3, learner="Ada")
>>> app.table.screen
'lobby'
>>> app.start({"players": "3", "forced_bet": "antes", "ace_draw": "off", "level": "1"})
>>> app.table.screen, len(app.table.table["players"])
('table', 3)
"""

from __future__ import annotations

import os
import re
import secrets
import threading
from typing import Any

import ipywidgets as widgets

from pokerlab.draw import five_card_draw, ladder, saloon_draw
from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, SALOON_ANTES, SALOON_ROUND_ONE, SALOON_ROUND_TWO
from pokerlab.errors import PokerlabError
from pokerlab.ladder import LEVELS, STARTING_CHIPS, LadderError, LadderRun, MemoryAccount, can_fresh_start, fresh_start
from pokerlab.match import SALOON_OUT_BELOW, Match, MatchError, five_card_draw_match, saloon_match
from pokerlab.review import review_hand
from pokerlab.widgets import apps_panels as panels
from pokerlab.widgets.apps_keep import SALOON_KIND, Keeper, KeepError, Learner, recognise
from pokerlab.widgets.apps_panels import review_panel
from pokerlab.widgets.coach import Coach
from pokerlab.widgets.identity import IdentityWidget, Query
from pokerlab.widgets.table import DrawTable, test_mode

SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")
"""A save name the learner may type: a name in the saves folder, never a path."""
STARTING_STACK = 500

REVIEW_TRIALS = 5_000
"""Simulated deals per equity in the decision review: about ± 0.7% on an equity, and seeded by the
match and hand number. It runs in a thread, so the table keeps answering meanwhile."""


def _number(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.lstrip("-").isdigit() else None


def app_seed(seed: int | None = None, query: Query | None = None) -> int:
    """The seed given, else ``POKERLAB_SEED``, else ``?seed=`` from ``query``, else a random one.

    Only Five-Card Draw's practice deals (and test mode) read the environment and the query; see the
    module's notes.
    """
    if seed is not None:
        return int(seed)
    for text in (os.environ.get("POKERLAB_SEED"), *(query or {}).get("seed", [])):
        found = _number(text)
        if found is not None:
            return found
    return secrets.randbelow(2**31)


def stacks_for_tests(query: Query) -> list[int] | None:
    """Starting chips from ``?stacks=`` (test mode only), e.g. ``[500, 3, 500]``."""
    if not test_mode():
        return None
    for text in query.get("stacks", []):
        return [int(part) for part in text.split(",")]
    return None


class DrawApp(widgets.VBox):
    """What the three apps share: who is playing, the table, the coach, seeds, keeping the game."""

    title = ""
    app_key = ""
    """Names this app's game in progress in the learner's data."""
    practice_allowed = False
    """``?seed=`` makes a practice deal (nothing kept) rather than being ignored."""

    def __init__(self, seed: int | None = None, learner: str | None = None) -> None:
        self.table = DrawTable(handler=self._handle, title=self.title)
        self.identity = IdentityWidget(on_learner=self._learner_known, on_query=self._query_known)
        self.given_seed = seed
        self.query: Query = {}
        self.match_count = 0
        self.learner: Learner | None = None
        self.keeper: Keeper | None = None
        self.session = secrets.token_hex(8)
        """This page's claim on the learner's game in progress."""
        self.holds_game = False
        self.taking_over = False
        """The next keep claims the learner's game for this page (a new, continued or restored game)."""
        self.coach: Coach | None = None
        self.coach_box = widgets.Box(layout=widgets.Layout(display="none", width="100%"))
        self._review_cache: tuple[object, dict[str, Any]] | None = None
        self.review_thread: threading.Thread | None = None
        self.table.on_refresh.append(self._update_coach)
        self.table.on_refresh.append(self._keep_game)
        super().__init__([self.identity, self.table, self.coach_box], layout=widgets.Layout(width="100%"))
        self.table.lobby = panels.waiting_panel(self.title)
        self.table.screen = "lobby"
        if learner is not None:  # a notebook or a test names the learner (no browser needed)
            self.identity.adopt(_named(learner))
        elif self.identity.learner is not None:  # JupyterHub
            self._learner_known(self.identity.learner)

    # --- each app defines these (an ipywidgets class cannot also be an abc.ABC) ----------------

    def show_lobby(self) -> None:
        """Put the app's lobby on the table."""
        raise NotImplementedError(f"{type(self).__name__} must define show_lobby")

    def start(self, fields: dict[str, str]) -> None:
        """Start a match from the lobby's fields."""
        raise NotImplementedError(f"{type(self).__name__} must define start")

    def show_end(self) -> None:
        """Put the end-of-match screen on the table."""
        raise NotImplementedError(f"{type(self).__name__} must define show_end")

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        """Buttons of the lobby, side panel and end screen other than Start."""

    def match_finished(self) -> bool:
        """True when the app should show its end screen instead of dealing again."""
        return self.table.match.is_over

    def kept_game(self) -> dict[str, Any] | None:
        """The game in progress as plain data (None: nothing to keep)."""
        match = self.table.match
        return None if match is None else {"match": match.to_json()}

    def continue_game(self, game: dict[str, Any]) -> None:
        """Sit down again at a game kept by :meth:`kept_game`."""
        self.begin(Match.from_json(game["match"]))

    def progress_text(self) -> str:
        return f"hand {self.table.match.hand_number}, {_chips_now(self.table.match):,} chips"

    def give_up_game(self, game: dict[str, Any]) -> str:
        """The learner chose "New game" over ``game``; returns what to tell them ("" for nothing)."""
        return ""

    # --- who is playing -------------------------------------------------------------------------

    def _query_known(self, query: Query) -> None:
        self.query = query
        self.refresh_practice()

    def _learner_known(self, learner: Learner) -> None:
        if self.learner == learner and self.keeper is not None:
            return
        self.learner = learner
        self.keeper = Keeper(learner)
        self.holds_game = False
        self.table.message = ""
        self.offer_continue_or_lobby()

    def offer_continue_or_lobby(self) -> None:
        """"Continue your game" when one is kept for the learner, else the lobby."""
        slot = None
        if self.keeper is not None and self.app_key:
            try:
                slot = self.keeper.slot(self.app_key)
            except KeepError as error:
                self.table.message = str(error)
        if slot and slot.get("game"):
            name = self.learner.name if self.learner else "you"
            self.table.lobby = panels.continue_panel(self.title, name, str(slot.get("progress", "")))
            self.table.screen = "lobby"
            self.identity.in_game = False
        else:
            self.show_lobby()

    @property
    def practice(self) -> bool:
        """This page deals practice deals: ``?seed=`` on Five-Card Draw (nothing is kept)."""
        return self.practice_allowed and self.given_seed is None and self._query_seed() is not None

    def _query_seed(self) -> int | None:
        for text in (os.environ.get("POKERLAB_SEED"), *self.query.get("seed", [])):
            found = _number(text)
            if found is not None:
                return found
        return None

    def refresh_practice(self) -> None:
        """Show (or hide) the practice-deal notice beside the table."""

    # --- seeds ----------------------------------------------------------------------------------

    def next_seed(self) -> int:
        """The seed of the next match: see the module's notes on which seeds apply."""
        count = self.match_count
        self.match_count += 1
        if self.given_seed is not None:
            return self.given_seed + count
        query_seed = self._query_seed()
        if query_seed is not None and (self.practice or test_mode()):
            return query_seed + count
        return secrets.randbelow(2**31)

    # --- shared flow --------------------------------------------------------------------------

    def begin(self, match: Match) -> None:
        """Sit down at ``match``; this page takes the learner's game in progress over."""
        self._close_coach()
        self.table.review = {}
        self.holds_game = True
        self.taking_over = True
        self.table.play(match)
        self.refresh_side()

    def refresh_side(self) -> None:
        """The app's panel beside the table (default: none)."""

    def next_hand(self) -> None:
        match = self.table.match
        if match is None or match.hand is None or not match.hand.is_over:
            return
        if self.match_finished():
            self._close_coach()
            self.show_end()
            self.table.screen = "end"
            self._keep_game()
            return
        match.deal()
        self.table.review = {}
        self.table.refresh()
        self.refresh_side()

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        fields = content.get("fields") or {}
        if not isinstance(fields, dict):
            fields = {}
        try:
            if kind == "start":
                self.start(fields)
            elif kind == "next":
                self.next_hand()
            elif kind == "coach":
                self.toggle_coach()
            elif kind == "review":
                self.toggle_review()
            elif kind == "app":
                self._app_button(str(content.get("id")), content.get("value"), fields)
        except KeepError as error:  # a storage failure: say so, keep the game in memory
            self.table.message = str(error)

    def _app_button(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if self.keeper is None and name not in ("again", "lobby"):
            self.table.message = "Tell pokerlab your name first (just above the table): it keeps this under your name."
        elif name == "continue":
            self._continue()
        elif name == "new":
            self._new_game()
        else:
            self.app_intent(name, value, fields)

    def _continue(self) -> None:
        assert self.keeper is not None
        slot = self.keeper.slot(self.app_key)
        if not slot or not slot.get("game"):
            self.table.message = "There is no game in progress to continue any more; here is the lobby."
            self.show_lobby()
            return
        try:
            self.continue_game(slot["game"])
        except (MatchError, LadderError) as error:
            self.table.message = f"Your game in progress could not be continued ({error}); here is the lobby."
            self.show_lobby()
            return
        self._keep_game()  # claim it for this page
        self.table.message = f"Welcome back: {self.progress_text()}."

    def _new_game(self) -> None:
        assert self.keeper is not None
        slot = self.keeper.slot(self.app_key)
        note = self.give_up_game(slot["game"]) if slot and slot.get("game") else ""
        self.keeper.drop(self.app_key)
        self.show_lobby()
        self.table.message = note

    # --- keeping the game in progress -----------------------------------------------------------

    def _keep_game(self) -> None:
        """After every action: keep the game in progress for the learner (or clear a finished one)."""
        match = self.table.match
        playing = match is not None and self.table.screen != "lobby"
        self.identity.in_game = bool(playing and match.hand is not None and not match.hand.is_over)
        if self.keeper is None or not self.app_key or self.practice or not self.holds_game or match is None:
            return
        try:
            slot = self.keeper.slot(self.app_key)
            if slot and slot.get("owner") not in (None, self.session) and not self.taking_over:
                self._taken_over()
                return
            self.taking_over = False
            game = None if self.table.screen == "end" else self.kept_game()
            if game is None:
                if slot:
                    self.keeper.drop(self.app_key)
                return
            self.keeper.keep(self.app_key, {"owner": self.session, "progress": self.progress_text(), "game": game})
        except KeepError as error:
            self.table.message = str(error)

    def _taken_over(self) -> None:
        self.holds_game = False
        self.identity.in_game = False
        self.table.match = None
        self.table.lobby = {
            "heading": self.title,
            "paragraphs": ["Your game went on in another page, so it stopped here: one game is played in one "
                           "place. Reload this page to continue it here."],
        }
        self.table.screen = "lobby"

    # --- the decision review ------------------------------------------------------------------

    def toggle_review(self) -> None:
        """Open the review of the learner's decisions in the hand just finished, or close it.

        The review simulates thousands of deals, so it runs in a thread: the panel says it is being
        worked out, the table keeps answering, and the result replaces it when ready.
        """
        if self.table.review:
            self.table.review = {}
            return
        match = self.table.match
        hand = None if match is None else match.hand
        if hand is None or not hand.is_over or self.table.screen != "table":
            self.table.message = "The review opens when a hand is over."
            return
        key = (id(hand), match.hand_number)
        if self._review_cache is not None and self._review_cache[0] == key:
            self.table.review = self._review_cache[1]
            return
        self.table.review = panels.review_waiting_panel(match.hand_number)
        rules, seat, dollars = match.rules, match.learner_seat, self.table.dollars
        seed, number, events = match.seed * 1_000 + match.hand_number, match.hand_number, list(hand.events)

        def work() -> None:
            try:
                review = review_hand(
                    events, seat, rules.max_discards, rules.ace_draw, big_bet=rules.limits[1][1],
                    trials=REVIEW_TRIALS, rng=seed, bet_sizes=(rules.limits[0][0], rules.limits[1][0]), dollars=dollars,
                )
                mine = [event for event in events if event.seat == seat
                        and event.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
                panel = review_panel(review, number, bool(mine) and mine[0].kind == "fold")
            except Exception as error:  # noqa: BLE001 - shown to the learner, never lost in a thread
                self.table.review = {}
                self.table.message = f"The review could not be worked out: {error}"
                return
            self._review_cache = (key, panel)
            current = self.table.match
            if (self.table.review.get("pending") and current is match and current.hand is hand):
                self.table.review = panel

        self.review_thread = threading.Thread(target=work, name="pokerlab-review", daemon=True)
        self.review_thread.start()

    def wait_for_review(self, timeout: float | None = 120) -> None:
        """Wait until a review being worked out is ready (for tests and scripts)."""
        if self.review_thread is not None:
            self.review_thread.join(timeout)

    # --- the coach ----------------------------------------------------------------------------

    def _coach_hand(self) -> list[str] | None:
        """The learner's five cards while a discard choice is still ahead, else None."""
        table = self.table.table
        if self.table.screen != "table" or table.get("phase") not in ("betting_one", "draw"):
            return None
        me = table["players"][table["learner_seat"]]
        if me["status"] == "folded" or me["draw_count"] is not None or len(me["cards"]) != 5:
            return None
        return me["cards"]

    def toggle_coach(self) -> None:
        """Open the coach on the learner's own five cards (it knows nothing else), or close it."""
        if self.table.coach_open:
            self._close_coach()
            return
        hand = self._coach_hand()
        if hand is None:
            self.table.message = "The coach helps before you draw; there is no draw ahead in this hand."
            return
        rules = self.table.match.rules
        if self.coach is None:
            self.coach = Coach(" ".join(hand), discard_limit=rules.max_discards, ace_draw=rules.ace_draw)
            self.coach_box.children = [self.coach]
        else:
            self.coach.update(" ".join(hand), discard_limit=rules.max_discards, ace_draw=rules.ace_draw)
        self.coach_box.layout.display = "flex"
        self.table.coach_open = True

    def _update_coach(self) -> None:
        if not self.table.coach_open or self.coach is None:
            return
        hand = self._coach_hand()
        if hand is None:
            self._close_coach()
        elif [str(card) for card in self.coach.odds.hand] != hand:
            rules = self.table.match.rules
            self.coach.update(" ".join(hand), discard_limit=rules.max_discards, ace_draw=rules.ace_draw)

    def _close_coach(self) -> None:
        self.coach_box.layout.display = "none"
        self.table.coach_open = False


def _chips_now(match: Match) -> int:
    """The learner's chips in front of them now (during a hand: after what they have put in)."""
    hand = match.hand
    return hand.stacks[match.learner_seat] if hand is not None and not hand.is_over else match.stacks[match.learner_seat]


def _named(name: str) -> Learner:
    """The learner ``name`` given in code (a teacher's notebook, a test): claimed with a key kept in
    this kernel only, so a browser cannot take over the name from it."""
    return recognise(name, _CODE_KEYS.setdefault(name.casefold(), secrets.token_hex(32)), claiming=True)


_CODE_KEYS: dict[str, str] = {}


class FiveCardDrawApp(DrawApp):
    """Rule book 002 against computer opponents: choose the table in the lobby, play to the end."""

    title = "Five-Card Draw"
    app_key = "five-card-draw"
    practice_allowed = True

    def __init__(self, seed: int | None = None, learner: str | None = None) -> None:
        self.settings = {"players": "6", "forced_bet": "antes", "ace_draw": "off", "level": "3"}
        super().__init__(seed, learner)

    def show_lobby(self) -> None:
        self.table.lobby = panels.five_card_draw_lobby(
            self.settings, five_card_draw(forced_bet="antes"), five_card_draw(forced_bet="blinds"),
            range(MIN_PLAYERS, MAX_PLAYERS + 1), STARTING_STACK,
        )
        self.table.screen = "lobby"

    def refresh_practice(self) -> None:
        if self.practice:
            self.table.side = panels.practice_panel(self._query_seed() or 0)

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

    def begin(self, match: Match) -> None:
        super().begin(match)
        self.refresh_practice()

    def kept_game(self) -> dict[str, Any] | None:
        game = super().kept_game()
        return None if game is None else {**game, "settings": dict(self.settings)}

    def continue_game(self, game: dict[str, Any]) -> None:
        self.settings.update({key: str(value) for key, value in game.get("settings", {}).items() if key in self.settings})
        super().continue_game(game)

    def match_finished(self) -> bool:
        match = self.table.match
        return match.is_over or match.learner_seat in match.out

    def show_end(self) -> None:
        match = self.table.match
        me = match.learner_seat
        self.table.end = panels.five_card_draw_end(match.standings(), match.hand_number, me in match.out, match.winner == me)

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "again":
            self.start({})
        elif name == "lobby":
            self.show_lobby()


class SaloonApp(DrawApp):
    """Rule book 003: spread limit in $5 steps, no all-in, out under $50; save between hands, restore."""

    title = "Saloon Draw"
    app_key = "saloon-draw"

    def __init__(self, seed: int | None = None, learner: str | None = None) -> None:
        self.settings = {"ante": "5", "round_one": "5-15", "round_two": "5-25", "opponents": "4", "level": "3"}
        super().__init__(seed, learner)
        self.table.dollars = True

    # --- lobby, saves ------------------------------------------------------------------------

    def _saves(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        assert self.keeper is not None
        try:
            return panels.saloon_saves_table(self.keeper.saves(SALOON_KIND))
        except KeepError as error:
            self.table.message = str(error)
            return {"caption": "Your saved games cannot be read just now", "head": [], "rows": []}, []

    def _rules(self) -> Any:
        one = tuple(int(x) for x in self.settings["round_one"].split("-"))
        two = tuple(int(x) for x in self.settings["round_two"].split("-"))
        return saloon_draw(player_count=int(self.settings["opponents"]) + 1, ante=int(self.settings["ante"]),
                           round_one=one, round_two=two)  # type: ignore[arg-type]

    def show_lobby(self) -> None:
        saves, restore = self._saves()
        self.table.lobby = panels.saloon_lobby(
            self.settings, self._rules(), SALOON_OUT_BELOW, STARTING_STACK, SALOON_ANTES, SALOON_ROUND_ONE,
            SALOON_ROUND_TWO, MAX_PLAYERS - 1, saves, restore,
        )
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
        self.table.side = panels.saloon_side(match.rules, SALOON_OUT_BELOW, self._between_hands(), restore)

    def progress_text(self) -> str:
        match = self.table.match
        return f"hand {match.hand_number}, ${_chips_now(match):,}"

    def _keep_game(self) -> None:
        super()._keep_game()
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
        match = self.table.match
        if match is None:
            self.table.message = "There is no game at the table to save."
            return
        if not self._between_hands():
            self.table.message = ("Saves are made between hands: save once this hand is over. "
                                  "(Your game in progress is kept anyway, after every action.)")
            return
        if not SAVE_NAME.fullmatch(label):
            self.table.message = (
                f"\"{label}\" cannot be a save name: use 1 to 64 letters, digits, spaces, '-' or '_', "
                "starting with a letter or digit. Nothing was saved."
            )
            return
        self.keeper.save(SALOON_KIND, label, match.to_json())
        self.refresh_side()
        self.table.message = f"Saved as \"{label}\". Restoring it deals a new hand; you can restore it from the lobby or this panel."

    def restore(self, label: str) -> None:
        assert self.keeper is not None
        try:
            match = Match.from_json(self.keeper.load(SALOON_KIND, label))
        except MatchError as error:
            self.table.message = f"Cannot restore {label!r}: {error} The file was not changed."
            return
        except KeepError as error:
            self.table.message = str(error)
            return
        used_up = match.hand is not None and not match.hand.is_over
        if used_up:  # a mid-hand save by an older pokerlab: continue it once, then it is gone
            self.keeper.delete(SALOON_KIND, label)
        else:
            match.reshuffle(secrets.randbelow(2**63))
        money = f"${match.stacks[match.learner_seat]:,}"
        if match.is_over:
            self.table.match = match
            self.holds_game = self.taking_over = True
            self.show_end()
            self.table.screen = "end"
        else:
            self.begin(match)
        if used_up:
            note = f"hand {match.hand_number} goes on. It was saved during a hand, so it is used up now that you have it back."
        else:
            note = f"hand {match.hand_number} is dealt with new cards."
        self.table.message = f"Restored \"{label}\": you have {money}; {note}"

    def show_end(self) -> None:
        match = self.table.match
        me = match.learner_seat
        self.table.end = panels.saloon_end(match.standings(), match.hand_number, SALOON_OUT_BELOW, me in match.out,
                                           match.winner == me)


class LadderApp(DrawApp):
    """Rule book 004: six levels paid from the learner's points wallet, a high score at level 6."""

    title = "Tournament Ladder"
    app_key = "ladder"

    def __init__(self, seed: int | None = None, learner: str | None = None) -> None:
        self.run: LadderRun | None = None
        self.balance_before = 0
        self._unkept = MemoryAccount()
        super().__init__(seed, learner)

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
            self.table.lobby = {"heading": "Tournament Ladder", "paragraphs": [str(error)]}
            self.table.screen = "lobby"
            return
        self.table.lobby = panels.ladder_lobby(LEVELS, ladder(), STARTING_CHIPS, balance, reached, scores,
                                               can_fresh_start(account))
        self.table.screen = "lobby"

    def start(self, fields: dict[str, str]) -> None:
        """The ladder starts from a level button (see :meth:`app_intent`)."""

    def play_level(self, number: int) -> None:
        """Pay for level ``number`` and sit down (a locked or unaffordable level leaves a message)."""
        account = self.account
        before = account.balance()
        try:
            self.run = LadderRun.start(number, account, seed=self.next_seed())
        except LadderError as refusal:
            self.table.message = str(refusal)
            return
        self.balance_before = before
        self.begin(self.run.match)

    def kept_game(self) -> dict[str, Any] | None:
        if self.run is None or self.run.paid_out:
            return None
        return {"run": self.run.to_json(), "balance_before": self.balance_before}

    def continue_game(self, game: dict[str, Any]) -> None:
        self.run = LadderRun.from_json(game["run"], self.account)
        self.balance_before = int(game.get("balance_before", 0))
        if self.run.finished:
            self.table.match = self.run.match
            self.holds_game = self.taking_over = True
            self.show_end()
            self.table.screen = "end"
            return
        self.begin(self.run.match)

    def give_up_game(self, game: dict[str, Any]) -> str:
        level = game.get("run", {}).get("level", "?")
        return f"Level {level} was given up; its entry cost is not paid back."

    def progress_text(self) -> str:
        run = self.run
        if run is None:
            return super().progress_text()
        match = run.match
        return f"level {run.level.number}, hand {match.hand_number} of {run.level.hand_count}, {_chips_now(match):,} chips"

    def refresh_side(self) -> None:
        run = self.run
        assert run is not None
        try:
            balance: int | None = self.account.balance()
        except KeepError:
            balance = None
        self.table.side = panels.ladder_side(run.level, run.match.hand_number, run.hands_left, balance)

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "level":
            try:
                self.play_level(int(value))
            except (TypeError, ValueError):
                self.table.message = f"There is no ladder level {value!r}."
        elif name == "fresh":
            try:
                added = fresh_start(self.account)
            except LadderError as refusal:
                self.table.message = str(refusal)
                return
            self.show_lobby()
            self.table.message = f"Fresh start: {added:,} points added to your wallet."
        elif name == "lobby":
            self.show_lobby()

    def show_end(self) -> None:
        run = self.run
        assert run is not None
        try:
            award = run.finish()
        except KeepError as error:  # the award could not be paid: keep the run, say so, allow a retry
            self.table.end = {"heading": f"Level {run.level.number} is over", "paragraphs": [str(error)],
                              "buttons": [{"id": "lobby", "label": "Back to the ladder", "primary": True}]}
            return
        match = run.match
        me = match.learner_seat
        best_other = max(stack for seat, stack in enumerate(match.stacks) if seat != me)
        try:
            balance: int | None = self.account.balance()
            scores = self.keeper.high_scores(10) if self.keeper is not None and run.level.records_high_score else []
        except KeepError as error:
            balance, scores = None, []
            self.table.message = str(error)
        if run.advanced:
            heading = f"Level {run.level.number} cleared: you advance!"
            lines = [f"You finished with {match.stacks[me]} chips; the best opponent had {best_other}.",
                     f"Award: +{award:,} points."]
        else:
            heading = f"Eliminated at level {run.level.number}."
            lines = [f"You finished with {match.stacks[me]} chips; to advance you needed more than {best_other}."]
        if balance is not None:
            lines.append(f"Wallet: {self.balance_before:,} points before the level, {balance:,} now.")
        tables = [panels.standings_table(match.standings())]
        if run.level.records_high_score:
            lines.append(f"Your score: {run.score:+,} chips, entered in the high score table.")
            tables.append(panels.high_score_table(scores, "High scores", with_date=False))
        self.table.end = {
            "heading": heading, "paragraphs": lines, "tables": tables,
            "buttons": [{"id": "lobby", "label": "Back to the ladder", "primary": True}],
        }


__all__ = ["DrawApp", "FiveCardDrawApp", "LadderApp", "SaloonApp", "app_seed", "review_panel"]
