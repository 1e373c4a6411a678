"""The three draw-poker apps: Five-Card Draw, Saloon Draw and the Tournament Ladder.

Each app is a lobby, then a :class:`~pokerlab.widgets.table.DrawTable` driven by a
:class:`~pokerlab.match.Match`, then an end screen; the draw coach sits one click away below the
table. The apps hold no poker rules: matches, bots, the wallet and saves do the work.

Seeds: every app takes ``seed``; without one it reads ``POKERLAB_SEED`` or the page's ``?seed=N``
(Voilà passes the query string to the kernel), else picks a random seed. Each new match adds one to
it, so "Play again" deals new cards. For browser tests only, under ``POKERLAB_TEST_MODE=1`` a
``?stacks=500,3,500`` query sets the first match's starting chips (a short stack makes a side pot).

>>> app = FiveCardDrawApp(seed=3)
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
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from pokerlab.bots import BOT_LEVELS
from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, SALOON_ANTES, SALOON_ROUND_ONE, SALOON_ROUND_TWO
from pokerlab.ladder import LEVELS, LadderRun, can_fresh_start, fresh_start, ladder_progress
from pokerlab.match import SALOON_KIND, SALOON_OUT_BELOW, Match, five_card_draw_match, load_saloon, saloon_match, save_saloon
from pokerlab.review import POSITION_MARGIN, HandReview, review_hand
from pokerlab.storage import HighScores, Wallet, list_saves
from pokerlab.widgets.coach import Coach
from pokerlab.widgets.table import DrawTable, test_mode


SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")
"""A save name the learner may type: a name in the saves folder, never a path."""


def _query() -> dict[str, list[str]]:
    return parse_qs(os.environ.get("QUERY_STRING", "").lstrip("?"))


def app_seed(seed: int | None = None) -> int:
    """The seed given, else ``POKERLAB_SEED``, else the page's ``?seed=``, else a random one."""
    if seed is not None:
        return int(seed)
    for text in (os.environ.get("POKERLAB_SEED"), *_query().get("seed", [])):
        if text and text.strip().lstrip("-").isdigit():
            return int(text)
    return secrets.randbelow(2**31)


def test_stacks() -> list[int] | None:
    """Starting chips from ``?stacks=`` (test mode only), e.g. ``[500, 3, 500]``."""
    if not test_mode():
        return None
    for text in _query().get("stacks", []):
        return [int(part) for part in text.split(",")]
    return None


REVIEW_TRIALS = 5_000
"""Simulated deals per equity in the decision review: about ± 0.7% on an equity, quick enough for
a click (see the report's timings), and seeded by the match and hand number."""
REVIEW_ABOUT = (
    "How the coach judges: your draw against the best average hand, both played out against the "
    "opponents still in; a bet you faced by pot odds against your equity; with nothing to call, a bet "
    "when your equity beats your fair share of the pot plus {margin} for each player still to act "
    "after you. Opponents who stood pat are given made hands. Chips are at showdown for the pot at the "
    "time (later bets are not counted), from seeded simulations: a guide, not a verdict."
)


def review_panel(review: HandReview, hand_number: int, folded_first: bool) -> dict[str, Any]:
    """The review panel's content: only the learner's own cards and public facts (``review`` was
    computed from the learner's view of the log)."""
    summary = review.summary
    if folded_first:
        summary += " You folded before the draw, so there was no draw to review."
    items = [
        {"number": number, "stage": decision.stage, "cards": [str(card) for card in decision.cards],
         "situation": decision.situation, "played": decision.played, "coach": decision.coach,
         "worth": decision.worth, "matches": decision.matches, "detail": decision.detail}
        for number, decision in enumerate(review.decisions, start=1)
    ]
    return {
        "hand_number": hand_number, "heading": f"Your decisions in hand {hand_number}", "summary": summary,
        "items": items, "notes": list(review.notes), "about": REVIEW_ABOUT.format(margin=f"{POSITION_MARGIN:.0%}"),
    }


def _options(pairs: list[tuple[Any, str]]) -> list[dict[str, Any]]:
    return [{"value": str(value), "label": label} for value, label in pairs]


def _level_options() -> list[dict[str, Any]]:
    return _options([(level, f"{level}: {name}") for level, (name, _) in BOT_LEVELS.items()])


def _levels_table() -> dict[str, Any]:
    return {"caption": "Opponents", "head": ["Level", "Name", "How they play"],
            "rows": [[level, name, text] for level, (name, text) in BOT_LEVELS.items()]}


def _standings_table(match: Match, caption: str = "Final chips") -> dict[str, Any]:
    rows = [[index, row["name"] + (" (out)" if row["out"] else ""), row["stack"], f"{row['net']:+d}"]
            for index, row in enumerate(match.standings(), start=1)]
    return {"caption": caption, "head": ["", "Player", "Chips", "+/-"], "rows": rows}


def _limits(pair: tuple[int, int]) -> str:
    return f"${pair[0]} to ${pair[1]}"


class DrawApp(widgets.VBox):
    """What the three apps share: the table, the coach one click away, seeds, the next-hand flow."""

    title = ""

    def __init__(self, seed: int | None = None) -> None:
        self.table = DrawTable(handler=self._handle, title=self.title)
        self.seed = app_seed(seed)
        self.match_count = 0
        self.coach: Coach | None = None
        self.coach_box = widgets.Box(layout=widgets.Layout(display="none", width="100%"))
        self._review_cache: tuple[object, dict[str, Any]] | None = None
        self.table.on_refresh.append(self._update_coach)
        super().__init__([self.table, self.coach_box], layout=widgets.Layout(width="100%"))
        self.show_lobby()

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
        match = self.table.match
        return match.is_over

    # --- shared flow --------------------------------------------------------------------------

    def next_seed(self) -> int:
        seed = self.seed + self.match_count
        self.match_count += 1
        return seed

    def begin(self, match: Match) -> None:
        """Sit down at ``match``."""
        self._close_coach()
        self.table.review = {}
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
            return
        match.deal()
        self.table.review = {}
        self.table.refresh()
        self.refresh_side()

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        fields = content.get("fields") or {}
        if kind == "start":
            self.start(fields)
        elif kind == "next":
            self.next_hand()
        elif kind == "coach":
            self.toggle_coach()
        elif kind == "review":
            self.toggle_review()
        elif kind == "app":
            self.app_intent(str(content.get("id")), content.get("value"), fields)

    # --- the decision review ------------------------------------------------------------------

    def toggle_review(self) -> None:
        """Open the review of the learner's decisions in the hand just finished, or close it."""
        if self.table.review:
            self.table.review = {}
            return
        match = self.table.match
        hand = None if match is None else match.hand
        if hand is None or not hand.is_over or self.table.screen != "table":
            self.table.message = "The review opens when a hand is over."
            return
        key = (id(hand), match.hand_number)
        if self._review_cache is None or self._review_cache[0] != key:
            rules = match.rules
            review = review_hand(
                hand.events, match.learner_seat, rules.max_discards, rules.ace_draw, big_bet=rules.limits[1][1],
                trials=REVIEW_TRIALS, rng=match.seed * 1_000 + match.hand_number,
                bet_sizes=(rules.limits[0][0], rules.limits[1][0]), dollars=self.table.dollars,
            )
            mine = [event for event in hand.events if event.seat == match.learner_seat
                    and event.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
            folded_first = bool(mine) and mine[0].kind == "fold"
            self._review_cache = (key, review_panel(review, match.hand_number, folded_first))
        self.table.review = self._review_cache[1]

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


class FiveCardDrawApp(DrawApp):
    """Rule book 002 against computer opponents: choose the table in the lobby, play to the end."""

    title = "Five-Card Draw"

    def __init__(self, seed: int | None = None) -> None:
        self.settings = {"players": "6", "forced_bet": "antes", "ace_draw": "off", "level": "3"}
        super().__init__(seed)

    def show_lobby(self) -> None:
        self.table.lobby = {
            "heading": "Five-Card Draw",
            "paragraphs": [
                "Fixed limit: bets and raises are 10 before the draw and 20 after, at most a bet and "
                "three raises a round. Everyone starts with 500 chips; the last player with chips wins.",
                "Choose your table, then press Start.",
            ],
            "fields": [
                {"name": "players", "label": "Players (you and the computer)", "value": self.settings["players"],
                 "options": _options([(n, f"{n} players") for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)])},
                {"name": "forced_bet", "label": "Forced bet", "value": self.settings["forced_bet"],
                 "options": _options([("antes", "Antes of 5"), ("blinds", "Blinds of 5 and 10")])},
                {"name": "ace_draw", "label": "Ace draw (a fourth card keeping an ace)", "value": self.settings["ace_draw"],
                 "options": _options([("off", "Off"), ("on", "On")])},
                {"name": "level", "label": "Opponents' level", "value": self.settings["level"],
                 "options": _level_options()},
            ],
            "tables": [_levels_table()],
            "buttons": [{"id": "start", "label": "Start", "primary": True}],
        }
        self.table.screen = "lobby"

    def start(self, fields: dict[str, str]) -> None:
        self.settings.update({key: str(value) for key, value in fields.items() if key in self.settings})
        players = int(self.settings["players"])
        match = five_card_draw_match(
            player_count=players, forced_bet=self.settings["forced_bet"],  # type: ignore[arg-type]
            ace_draw=self.settings["ace_draw"] == "on", opponent_level=int(self.settings["level"]),
            seed=self.next_seed(),
        )
        stacks = test_stacks() if self.match_count == 1 else None
        if stacks is not None and len(stacks) == players:
            match.stacks = stacks
        self.begin(match)

    def match_finished(self) -> bool:
        match = self.table.match
        return match.is_over or match.learner_seat in match.out

    def show_end(self) -> None:
        match = self.table.match
        me = match.learner_seat
        if me in match.out:
            heading = "You are out of chips."
            text = f"Your match lasted {match.hand_number} hands. Every hand is a lesson: try again?"
        elif match.winner == me:
            heading = "You won the match!"
            text = f"You took every chip at the table in {match.hand_number} hands."
        else:
            heading = "The match is over."
            text = f"It lasted {match.hand_number} hands."
        self.table.end = {
            "heading": heading, "paragraphs": [text], "tables": [_standings_table(match)],
            "buttons": [{"id": "again", "label": "Play again", "primary": True},
                        {"id": "lobby", "label": "Change the table"}],
        }

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "again":
            self.start({})
        elif name == "lobby":
            self.show_lobby()


class SaloonApp(DrawApp):
    """Rule book 003: spread limit in $5 steps, no all-in, out under $50; save and restore."""

    title = "Saloon Draw"

    def __init__(self, seed: int | None = None) -> None:
        self.settings = {"ante": "5", "round_one": "5-15", "round_two": "5-25", "opponents": "4", "level": "3"}
        super().__init__(seed)
        self.table.dollars = True

    # --- lobby, saves ------------------------------------------------------------------------

    def _saves_table(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        saves = list_saves(SALOON_KIND)
        rows = []
        buttons = []
        for info in saves[:8]:
            when = "" if info.saved_at is None else info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
            rows.append([info.name, when or "cannot be restored", info.problem or "ready"])
            buttons.append({"id": "restore", "value": info.name, "label": f"Restore {info.name}"})
        table = {"caption": "Saved games" if rows else "No saved games yet", "head": ["Name", "Saved", "State"], "rows": rows}
        return table, buttons

    def show_lobby(self) -> None:
        saves, restore = self._saves_table()
        pair = lambda pairs: _options([(f"{a}-{b}", _limits((a, b))) for a, b in pairs])  # noqa: E731
        self.table.lobby = {
            "heading": "Saloon Draw",
            "paragraphs": [
                "Spread limit: every bet or raise is any amount from the round's minimum to its maximum, "
                "in steps of $5, and three raises are allowed after the opening bet. You start with $500; "
                f"end a hand under ${SALOON_OUT_BELOW} and you are out. No going all-in: if you cannot "
                "cover a call you must fold.",
            ],
            "fields": [
                {"name": "ante", "label": "Ante", "value": self.settings["ante"],
                 "options": _options([(a, f"${a}") for a in SALOON_ANTES])},
                {"name": "round_one", "label": "Before the draw", "value": self.settings["round_one"],
                 "options": pair(SALOON_ROUND_ONE)},
                {"name": "round_two", "label": "After the draw", "value": self.settings["round_two"],
                 "options": pair(SALOON_ROUND_TWO)},
                {"name": "opponents", "label": "Computer opponents", "value": self.settings["opponents"],
                 "options": _options([(n, str(n)) for n in range(1, MAX_PLAYERS)])},
                {"name": "level", "label": "Opponents' level", "value": self.settings["level"],
                 "options": _level_options()},
            ],
            "tables": [saves],
            "buttons": [{"id": "start", "label": "Deal me in", "primary": True}, *restore],
        }
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

    def refresh_side(self) -> None:
        match = self.table.match
        rules = match.rules
        _, restore = self._saves_table()
        self.table.side = {
            "heading": "Saloon rules",
            "paragraphs": [
                f"Ante ${rules.ante}. Bets {_limits(rules.limits[0])} before the draw, "
                f"{_limits(rules.limits[1])} after, in $5 steps. Under ${SALOON_OUT_BELOW} you are out.",
            ],
            "input": {"name": "save_name", "label": "Save this game as", "value": "my game"},
            "buttons": [{"id": "save", "label": "Save"}, *restore[:3], {"id": "lobby", "label": "Leave the table"}],
        }

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "save":
            label = str(fields.get("save_name", "")).strip()
            if not SAVE_NAME.fullmatch(label):
                self.table.message = (
                    f"\"{label}\" cannot be a save name: use 1 to 64 letters, digits, spaces, '-' or '_', "
                    "starting with a letter or digit. Nothing was saved."
                )
                return
            save_saloon(self.table.match, label)
            self.refresh_side()
            self.table.message = f"Saved as \"{label}\". You can restore it from the lobby or this panel."
        elif name == "restore":
            match = load_saloon(str(value))
            if match.is_over:
                self.table.match = match
                self.show_end()
                self.table.screen = "end"
            else:
                self.begin(match)
            self.table.message = f"Restored \"{value}\": hand {match.hand_number}, you have ${match.stacks[match.learner_seat]}."
        elif name == "again":
            self.start({})
        elif name == "lobby":
            self.show_lobby()

    def show_end(self) -> None:
        match = self.table.match
        me = match.learner_seat
        if me in match.out:
            heading = f"You are out: you ended a hand under ${SALOON_OUT_BELOW}."
        elif match.winner == me:
            heading = "You cleaned out the saloon!"
        else:
            heading = "The game is over."
        self.table.end = {
            "heading": heading,
            "paragraphs": [f"{match.hand_number} hands were played. Want to play poker again?"],
            "tables": [_standings_table(match, "Final money")],
            "buttons": [{"id": "again", "label": "Play again", "primary": True},
                        {"id": "lobby", "label": "Change the table"}],
        }


class LadderApp(DrawApp):
    """Rule book 004: six levels paid from a points wallet that persists, a high score at level 6."""

    title = "Tournament Ladder"

    def __init__(self, seed: int | None = None, wallet: Wallet | None = None, player: str = "you") -> None:
        self.wallet = wallet if wallet is not None else Wallet()
        self.player = player
        self.run: LadderRun | None = None
        self.balance_before = 0
        super().__init__(seed)

    def show_lobby(self) -> None:
        reached = ladder_progress(self.wallet, self.player)
        balance = self.wallet.balance(self.player)
        rows = []
        buttons = []
        for level in LEVELS:
            opponents = ", ".join(BOT_LEVELS[skill][0] for skill in level.bot_levels)
            if level.number > reached:
                state = "locked"
            elif level.cost > balance:
                state = "open, but you need more points"
            else:
                state = "open"
            rows.append([level.number, level.hand_count, f"{level.cost:,}", f"{level.award:,}", opponents, state])
            buttons.append({"id": "level", "value": level.number, "label": f"Play level {level.number}",
                            "primary": level.number == reached, "disabled": level.number > reached})
        scores = HighScores(self.wallet.path).top(10)
        wallet_lines = [f"Your wallet: {balance:,} points."]
        if can_fresh_start(self.wallet, self.player):
            wallet_lines.append(
                "That is not enough for level 1. Take a fresh start to refill your wallet; "
                "the levels you have opened stay open."
            )
            buttons.insert(0, {"id": "fresh", "label": "Fresh start", "primary": True})
        self.table.lobby = {
            "heading": "Tournament Ladder",
            "paragraphs": [
                *wallet_lines,
                "Each level is a set number of hands against four computer opponents, everyone starting "
                "with 500 chips (ante 5, bets 10 then 20, discard up to four). Pay the entry cost from your "
                "wallet; finish with more chips than each opponent to win the award and open the next level. "
                "Level 6 is the bonus level: your winnings go in the high score table.",
            ],
            "tables": [
                {"caption": "The ladder", "head": ["Level", "Hands", "Cost", "Award", "Opponents", ""], "rows": rows},
                {"caption": "High scores (level 6)" if scores else "High scores (level 6): none yet",
                 "head": ["", "Name", "Score", "When"] if scores else [],
                 "rows": [[s.rank, s.name, f"{s.score:+,}", s.when.astimezone().strftime("%Y-%m-%d")] for s in scores]},
            ],
            "buttons": buttons,
        }
        self.table.screen = "lobby"

    def start(self, fields: dict[str, str]) -> None:
        """The ladder starts from a level button (see :meth:`app_intent`)."""

    def play_level(self, number: int) -> None:
        """Pay for level ``number`` and sit down (a locked or unaffordable level leaves a message)."""
        if number > ladder_progress(self.wallet, self.player):
            self.table.message = f"Level {number} is locked: clear level {number - 1} to open it."
            return
        self.balance_before = self.wallet.balance(self.player)
        self.run = LadderRun.start(number, self.wallet, seed=self.next_seed(), player_name=self.player)
        self.begin(self.run.match)

    def refresh_side(self) -> None:
        run = self.run
        assert run is not None
        level = run.level
        self.table.side = {
            "heading": f"Level {level.number}",
            "paragraphs": [
                f"Hands: {run.match.hand_number} of {level.hand_count} ({run.hands_left} left after this one).",
                f"Wallet: {self.wallet.balance(self.player):,} points (entry paid: {level.cost:,}).",
                f"Award for advancing: {level.award:,} points. To advance, finish with more chips than each opponent.",
            ],
        }

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "level":
            self.play_level(int(value))
        elif name == "fresh":
            added = fresh_start(self.wallet, self.player)
            self.show_lobby()
            self.table.message = f"Fresh start: {added:,} points added to your wallet."
        elif name == "lobby":
            self.show_lobby()

    def show_end(self) -> None:
        run = self.run
        assert run is not None
        award = run.finish()
        match = run.match
        me = match.learner_seat
        best_other = max(stack for seat, stack in enumerate(match.stacks) if seat != me)
        balance = self.wallet.balance(self.player)
        if run.advanced:
            heading = f"Level {run.level.number} cleared: you advance!"
            lines = [f"You finished with {match.stacks[me]} chips; the best opponent had {best_other}.",
                     f"Award: +{award:,} points."]
        else:
            heading = f"Eliminated at level {run.level.number}."
            lines = [f"You finished with {match.stacks[me]} chips; to advance you needed more than {best_other}."]
        lines.append(f"Wallet: {self.balance_before:,} points before the level, {balance:,} now.")
        tables = [_standings_table(match)]
        if run.level.records_high_score:
            lines.append(f"Your score: {run.score:+,} chips, entered in the high score table.")
            scores = HighScores(self.wallet.path).top(10)
            tables.append({"caption": "High scores", "head": ["", "Name", "Score"],
                           "rows": [[s.rank, s.name, f"{s.score:+,}"] for s in scores]})
        self.table.end = {
            "heading": heading, "paragraphs": lines, "tables": tables,
            "buttons": [{"id": "lobby", "label": "Back to the ladder", "primary": True}],
        }


__all__ = ["DrawApp", "FiveCardDrawApp", "LadderApp", "SaloonApp", "app_seed"]
