"""My hands' list and replay (issue 29): the learner's kept hands, newest first, with filters, a replay
of each hand decision by decision, PHH downloads, and "Drill my mistakes" (:mod:`pokerlab.widgets.my_hands_drill`,
mixed in). :func:`pokerlab.widgets.my_hands.my_hands_page` puts it on the page under the name line.

The list and the replay hold only what was kept of each hand (the learner's own view of it:
:mod:`pokerlab.storage.kept_hands`), so no card the learner did not see can reach the browser. The
replay's odds come from the coach (:func:`pokerlab.apps.my_hands.replay`), with the trials and seed of
the table's own review; a replayed hand the coach had not reviewed yet keeps its flags from then on.
A drill spot holds what the replay's step holds; the coach's chances for it reach the browser only
once the learner has answered. Numbers reach the browser written in the page's language
(:mod:`pokerlab.widgets.my_hands_texts`): the script only draws.

With a dealer (``service``), the list also holds the hands the dealer kept for this learner, numbered
below zero (the dealer's number, negated), so they never clash with the hands kept in this server; a
hand kept in both is listed once. The coach's flags of a dealer's hand are shown on its replay but not
kept, so its decisions are not drilled.

>>> page = MyHandsWidget()
>>> page.rows, page.message.startswith("Choose a name")
([], True)
>>> MyHandsWidget(language="es").message.startswith("Elige un nombre")
True
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any, Final

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.apps.drill import drill_counts
from pokerlab.apps.my_hands import IMPORTED, flags_of, game_name, imported_hand, phh_of, replay
from pokerlab.dealer.client import DealerError
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.narration import Voice
from pokerlab.phh import PhhError
from pokerlab.quizzes.mastery import LATER_VISIT_GAP
from pokerlab.storage import Learner, StoreTarget
from pokerlab.storage.errors import StorageError
from pokerlab.storage.guarded import KeepError, guarded, said
from pokerlab.storage.kept_hands import KeptHand, kept_hand, kept_hands, set_flags
from pokerlab.storage.learners import keep_language, language_of
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.widgets.my_hands_drill import DrillPart
from pokerlab.widgets.my_hands_phh import cannot_open
from pokerlab.widgets.my_hands_texts import ASK, my_hands_words, step_texts

POTS: Final = {"": (None, None), "small": (None, 49), "middle": (50, 199), "large": (200, None)}
"""The pot sizes a learner can pick: any, under 50, 50 to 199, 200 or more (chips or dollars)."""


def latest_visit(hands: list[KeptHand]) -> list[KeptHand]:
    """The hands of the learner's latest visit, from ``hands`` newest first: the newest hand and each one
    before it played less than :data:`~pokerlab.quizzes.mastery.LATER_VISIT_GAP` (8 hours) after the
    next, as the lessons' mastery rule counts a later visit."""
    visit: list[KeptHand] = []
    for hand in hands:
        if visit and datetime.fromisoformat(visit[-1].played_at) - datetime.fromisoformat(hand.played_at) \
                >= LATER_VISIT_GAP:
            break
        visit.append(hand)
    return visit


class MyHandsWidget(DrillPart, anywidget.AnyWidget):
    """The list, the filters and the replay (see the module docs);
    :func:`~pokerlab.widgets.my_hands.my_hands_page` adds the name line."""

    _esm = esm("my_hands.js")
    _css = css("cards.css", "my_hands.css")

    message = traitlets.Unicode("").tag(sync=True)
    filters = traitlets.Dict({"game": "", "outcome": "", "pot": "", "flagged": "", "visit": ""}).tag(sync=True)
    games = traitlets.List().tag(sync=True)
    rows = traitlets.List().tag(sync=True)
    replay = traitlets.Dict().tag(sync=True)
    drill = traitlets.Dict().tag(sync=True)
    """The drill when open: ``spot`` (the question), ``picked`` (the cards to throw away there), ``answer``
    (once answered), ``done``, ``due``."""
    drill_summary = traitlets.Dict({"due": 0, "later": 0, "done": 0}).tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the page speaks").tag(sync=True)
    languages = traitlets.List(help="The languages offered on the page: [{value, label}]").tag(sync=True)
    words = traitlets.Dict(help="my_hands_words(language): the JavaScript's messages in that language").tag(sync=True)

    def __init__(self, learner: Learner | None = None, store: StoreTarget = None, *,
                 clock: Callable[[], datetime] | None = None, service: Any = None, language: str | None = None,
                 **kwargs: Any) -> None:
        """``language``: the page's (a lesson in Spanish says ``"es"``); None: the browser's languages
        choose, or the learner's own choice kept from before."""
        super().__init__(**kwargs)
        self.language_chosen = language is not None
        """The page or the learner chose the language: the browser's preferences no longer change it."""
        self.on_language: list[Callable[[str], None]] = []
        """Called with the new code when the language changes (the page's other widgets say their words again)."""
        self.languages = lang.menu(lang.LANGUAGES)
        self.language = lang.check(language or lang.DEFAULT)
        self.words = my_hands_words(self.language)
        self.store = store
        self.service = service
        """A :class:`~pokerlab.dealer.client.DealerClient` signed in as the learner, or None (no dealer)."""
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        self.learner: Learner | None = None
        self._replay: Any = None
        self._shown: KeptHand | None = None
        self.message = self._(ASK)
        self.on_msg(self._on_message)
        if learner is not None:
            self.show_learner(learner)

    def _(self, message: str) -> str:
        """``message`` in the page's language."""
        return lang.gettext(self.language, message)

    # --- the page's language -------------------------------------------------------------------

    def set_language(self, language: str, chosen: bool = True) -> None:
        """Speak ``language`` from now on (``chosen``: by the page or the learner, not guessed from the
        browser; the learner's choice is kept with them). Everything shown is said again in it."""
        lang.check(language)
        newly_chosen = chosen and not self.language_chosen
        self.language_chosen = self.language_chosen or chosen
        if newly_chosen and self.learner is not None:
            learner = self.learner
            try:
                if language_of(self.store, learner) != language:
                    keep_language(self.store, learner, language)
            except (StorageError, PokerlabError):
                pass  # the language is a nicety: the page speaks it all the same
        if language == self.language:
            return
        with self.hold_sync():
            self._speak(language)
            self._say_again()

    def _speak(self, language: str) -> None:
        self.language = language
        self.words = my_hands_words(language)
        for callback in self.on_language:
            callback(language)

    def _say_again(self) -> None:
        """Say what is shown again in the page's language (the coach's reviews are not worked out again)."""
        if self.learner is None:
            self.message = self._(ASK)
            return
        self.refresh()
        if self._replay is not None and self._shown is not None:
            self._replay = replay(self._shown, self.language, self._replay.review)
            self.go(int(self.replay.get("index", 0)))
        self.say_drill_again()

    def show_learner(self, learner: Learner) -> None:
        """The learner is known (again after "Not you?"): list their hands (in the language they chose
        before, if the page did not choose one)."""
        self.learner = learner
        self.replay = {}
        self.leave_drill()
        if not self.language_chosen:
            try:
                kept = language_of(self.store, learner)
            except (StorageError, PokerlabError):
                kept = None
            if kept is not None and kept != self.language:
                self.language_chosen = True
                self._speak(kept)
        self.refresh()

    # --- the list ------------------------------------------------------------------------------

    def _hands(self, **filters: Any) -> list[KeptHand]:
        assert self.learner is not None
        learner = self.learner
        here = guarded(N_("read your hands"), lambda: kept_hands(self.store, learner, **filters))
        if self.service is None:
            return here
        try:
            kept = self.service.hands(**filters)
        except DealerError as error:
            raise KeepError(self._("Your hands from the live tables and class games could not be read: {error}").format(
                error=error)) from None
        keys = {hand.hand_key for hand in here}
        dealers = [dealers_hand(row) for row in kept if row["hand_key"] not in keys]
        return sorted(here + dealers, key=lambda hand: hand.played_at, reverse=True)

    def _hand(self, hand_id: int) -> KeptHand | None:
        """The learner's hand ``hand_id`` as this page numbers it (below zero: the dealer's)."""
        assert self.learner is not None
        learner = self.learner
        if hand_id >= 0 or self.service is None:
            return guarded(N_("read your hand"), lambda: kept_hand(self.store, learner, hand_id))
        try:
            return dealers_hand(self.service.hand(-hand_id))
        except DealerError:
            return None

    def refresh(self) -> None:
        """Read the learner's hands again with the filters in :attr:`filters`."""
        if self.learner is None:
            self.rows, self.message = [], self._(ASK)
            return
        chosen = self.filters
        low, high = POTS.get(str(chosen.get("pot", "")), (None, None))
        flagged = {"yes": True, "no": False}.get(str(chosen.get("flagged", "")))
        outcome = str(chosen.get("outcome", "")) or None
        try:
            every = self._hands()
            hands = self._hands(game=str(chosen.get("game", "")) or None, outcome=outcome, min_pot=low,  # type: ignore[arg-type]
                                max_pot=high, flagged=flagged)
        except KeepError as error:
            self.rows, self.message = [], said(error, self.language)
            return
        if chosen.get("visit") == "latest":
            visit = {hand.id for hand in latest_visit(every)}
            hands = [hand for hand in hands if hand.id in visit]
        names = sorted({(game_name(hand.game, self.language), "class-" if hand.game.startswith("class-") else hand.game)
                        for hand in every})
        with self.hold_sync():
            self.games = [{"value": value, "label": label} for label, value in names]
            self.drill_summary = drill_counts([hand for hand in every if hand.flagged], self.clock())
            self.rows = [self._row(hand) for hand in hands]
            if not every:
                self.message = self._("No hands kept yet: every hand you finish in Five-Card Draw, Saloon Draw, the "
                                      "Ladder, a class game or at a live table appears here.")
            elif not hands:
                self.message = self._("No hand matches these filters.")
            else:
                self.message = lang.ngettext(self.language, "{shown} of your {count} hand, newest first.",
                                             "{shown} of your {count} hands, newest first.", len(every)).format(
                    shown=len(hands), count=len(every))

    def _row(self, hand: KeptHand) -> dict[str, Any]:
        _ = self._
        voice = Voice(dollars=bool(hand.hand.get("dollars")), language=self.language)
        if hand.net > 0:
            result = _("won {amount}").format(amount=voice.money(hand.net))
        elif hand.net < 0:
            result = _("lost {amount}").format(amount=voice.money(-hand.net))
        else:
            result = _("broke even")
        flag = {None: _("not reviewed yet"), True: _("the coach flagged a decision"),
                False: _("no mistake flagged")}[hand.flagged]
        return {"id": hand.id, "game": game_name(hand.game, self.language),
                "when": hand.played_at[:16].replace("T", " ") + " UTC",
                "pot": voice.money(hand.pot), "result": result, "won": hand.net > 0, "flag": flag,
                "flagged": hand.flagged, "phh": hand.phh is not None}

    # --- the replay ----------------------------------------------------------------------------

    def open_hand(self, hand_id: int) -> None:
        """Replay the learner's kept hand ``hand_id`` (another learner's number opens nothing)."""
        if self.learner is None:
            return
        learner = self.learner
        try:
            hand = self._hand(int(hand_id))
        except KeepError as error:
            self.message = said(error, self.language)
            return
        if hand is None:
            self.message = self._("That hand is not among yours.")
            return
        try:
            shown = replay(hand, self.language)
        except PokerlabError as error:
            self.message = self._("This hand could not be replayed: {error}").format(error=error)
            return
        self._replay, self._shown = shown, hand
        self.leave_drill()
        if hand.flags is None and hand.id >= 0:  # reviewed now: the list's coach filter knows it from here on
            try:
                guarded(N_("keep the coach's review"), lambda: set_flags(self.store, learner, hand.hand_key,
                                                                     flags_of(shown.review)))
            except KeepError:
                pass
        self.go(0)
        self.refresh()

    def open_import(self, text: str, player: int | None = None, number: int = 1) -> bool:
        """Replay hand ``number`` of the PHH text ``text`` as ``player`` (1 for p1; None: as the file
        says) saw it, with what the file shows and nothing more (:func:`pokerlab.apps.my_hands.imported_hand`).
        The hand is not kept. False, with :attr:`message` saying what was wrong, when it cannot be read."""
        try:
            hand = imported_hand(text, player, number)
            shown = replay(hand, self.language)
        except PhhError as error:
            self.message = cannot_open(error, self.language)
            return False
        except PokerlabError as error:
            self.message = self._("This hand could not be replayed: {error}").format(error=error)
            return False
        self._replay, self._shown = shown, hand
        self.leave_drill()
        self.go(0)
        self.message = self._("A hand from a PHH file, as the file shows it (not kept with your hands).")
        return True

    def go(self, index: int) -> None:
        """Show decision ``index`` of the hand being replayed (clamped)."""
        shown, hand = self._replay, self._shown
        if shown is None or hand is None:
            return
        count = len(shown.steps)
        index = max(0, min(int(index), max(count - 1, 0)))
        game = game_name(hand.game, self.language)
        title = (self._("{game}, {when} UTC").format(game=game, when=hand.played_at[:16].replace("T", " "))
                 if hand.game != IMPORTED
                 else self._("{game}: your decisions as Seat {number}").format(game=game, number=hand.seat + 1))
        self.replay = {
            "id": hand.id, "title": title,
            "index": index, "count": count, "step": step_texts(shown.steps[index].to_json(), self.language) if count else None,
            "costliest": shown.costliest, "story": list(shown.story),
        }

    def close_replay(self) -> None:
        self._replay, self._shown = None, None
        self.replay = {}

    # --- PHH -----------------------------------------------------------------------------------

    def phh(self, which: Any) -> tuple[str, str, list[str]]:
        """The learner's-view PHH of hand ``which`` (an id) or of every listed hand (``"all"``): file
        name, text and notes on hands left out. The front end turns it into a download."""
        if self.learner is None:
            return "", "", []
        if which == "all":
            ids = [row["id"] for row in self.rows]
            hands = [hand for hand in self._hands() if hand.id in ids]
            name = (f"my-hands-visit-{hands[0].played_at[:10]}.phhs" if hands and self.filters.get("visit") == "latest"
                    else "my-hands.phhs")
        else:
            found = self._hand(int(which))
            hands = [] if found is None else [found]
            name = f"hand-{which}.phhs"
        text, skipped = phh_of(hands, self.language)
        return name, text, skipped

    def _download(self, which: Any) -> None:
        try:
            name, text, skipped = self.phh(which)
        except KeepError as error:
            self.message = said(error, self.language)
            return
        if not text:
            self.message = skipped[0] if len(skipped) == 1 else self._("None of these hands can be written as PHH.")
            return
        self.send({"type": "download", "name": name, "text": text})
        more = " " + self._("And {count} more.").format(count=len(skipped) - 3) if len(skipped) > 3 else ""
        left = lang.ngettext(self.language, "{count} hand left out.", "{count} hands left out.", len(skipped))
        self.message = self._("{name} downloaded.").format(name=name) + (
            " " + left.format(count=len(skipped)) + " " + " ".join(skipped[:3]) + more if skipped else "")

    @one_update
    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "languages":
            if (browser := lang.browser_choice(content, self.language_chosen)) is not None:
                self.set_language(browser, chosen=False)
        elif kind == "language":
            if content.get("language") in lang.LANGUAGES:
                self.set_language(str(content["language"]))
        elif kind == "filter" and isinstance(content.get("filters"), dict):
            self.filters = {key: str(content["filters"].get(key, ""))
                            for key in ("game", "outcome", "pot", "flagged", "visit")}
            self.refresh()
        elif kind == "open" and isinstance(content.get("id"), int):
            self.open_hand(content["id"])
        elif kind == "go" and isinstance(content.get("index"), int):
            self.go(content["index"])
        elif kind == "close":
            self.close_replay()
        elif kind == "phh":
            self._download(content.get("id"))
        else:
            self.drill_intent(str(kind), content)



def dealers_hand(row: dict[str, Any]) -> KeptHand:
    """A hand the dealer sent (JSON), numbered as this page numbers the dealer's hands (below zero)."""
    return KeptHand(**{**row, "id": -int(row["id"])})


__all__ = ["POTS", "MyHandsWidget", "dealers_hand", "latest_visit"]
