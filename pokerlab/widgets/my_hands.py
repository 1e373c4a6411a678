"""My hands (issue 29): the learner's kept hands, newest first, with filters, a replay of each hand
decision by decision, PHH downloads, and "Drill my mistakes": the decisions the coach flagged, to
decide again (:mod:`pokerlab.apps.drill`).

The list and the replay hold only what was kept of each hand (the learner's own view of it:
:mod:`pokerlab.storage.kept_hands`), so no card the learner did not see can reach the browser. The
replay's odds come from the coach (:func:`pokerlab.apps.my_hands.replay`), with the trials and seed of
the table's own review; a replayed hand the coach had not reviewed yet keeps its flags from then on.
A drill spot holds what the replay's step holds; the coach's chances for it reach the browser only
once the learner has answered.

Where the page has a dealer (``POKERLAB_DEALER_URL``: on a hub, under ``make app``), :func:`my_hands_page`
signs in to it once the learner is known and the list also holds the hands the dealer kept for this
learner (their live tables' hands and class games' deals), read through it (``service``): only theirs,
as their seat saw them. Those are numbered below zero on the page (the dealer's number, negated), so
they never clash with the hands kept in this server; a hand kept in both is listed once. The coach's
flags of a dealer's hand are shown on its replay but not kept, so its decisions are not drilled.

The page speaks the language it is told (``language="es"``: a lesson in Spanish), else the first of the
browser's languages pokerlab speaks, else the one the learner chose before; its **Language** menu changes
it, and everything shown is said again in the new language (the words are made when shown: a kept hand
holds codes and numbers).

>>> page = MyHandsWidget()
>>> page.rows, page.message.startswith("Choose a name")
([], True)
>>> MyHandsWidget(language="es").message.startswith("Elige un nombre")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any, Final

import anywidget
import ipywidgets as widgets
import traitlets

from pokerlab import language as lang
from pokerlab.apps.drill import DrillError, DrillSpot, answer, drill_counts, due_spots, keep_answer, spot
from pokerlab.apps.my_hands import IMPORTED, game_name, imported_hand, phh_of, replay
from pokerlab.draw.errors import IllegalActionError
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.narration import Voice, refusal_sentence
from pokerlab.phh import PhhError
from pokerlab.storage import Learner, StoreTarget
from pokerlab.storage.errors import StorageError
from pokerlab.storage.guarded import KeepError, guarded, said
from pokerlab.storage.kept_hands import KeptHand, kept_hand, kept_hands, set_flags
from pokerlab.storage.learners import keep_language, language_of
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update

POTS: Final = {"": (None, None), "small": (None, 49), "middle": (50, 199), "large": (200, None)}
"""The pot sizes a learner can pick: any, under 50, 50 to 199, 200 or more (chips or dollars)."""
ASK: Final = N_("Choose a name to see your hands: every hand you play in the games is kept under it.")
PURPOSE: Final = N_("pokerlab keeps every hand you play under your name.")
"""What the identity line says the name is for on this page."""
IMPORT_ABOUT: Final = N_(
    "Paste a hand history in PHH (the format pokerkit and other poker tools read), or choose a .phh or .phhs "
    "file, to step through it with the coach. pokerlab reads Five-Card Draw hands (variant F5CD, the way pokerlab "
    "writes them); a hidden card (??) stays hidden. The hand is not kept.")
NOT_TEXT: Final = N_("{name} is not a text file; a PHH file is text (TOML).")

MY_HANDS_WORDS: Final = (
    ", to throw away", ", {count} answered like the coach", ", {count} back on another day",
    ". Press a card to throw it away", "200 or more", "50 to 199", "; due now: {count}",
    "; your chance to win the pot: {share}", "About as good.", "Answered: {count}", "Any size", "Any time", "Any",
    "Back to the list", "Broke even", "Chance to win the pot", "Choice", "Coach", "Decision {number} of {count}",
    "Download the hands listed as PHH", "Download the {game} hand of {when} as PHH", "Drill my mistakes ({count})",
    "Drill my mistakes", "Every game", "Filter your hands", "Flagged a decision", "Game",
    "It gave up about {amount} on average.", "It gives up about {amount} on average.", "Language", "Lost", "My hands",
    "Next decision", "Next spot", "No mistake flagged", "Pot {pot}", "Pot {pot}, nothing to call",
    "Pot {pot}, {owed} to call", "Pot", "Previous decision", "Replay of one hand", "Replay the {game} hand of {when}",
    "Replay", "Result", "Stand pat", "Step through your decisions (arrow keys work too)", "The whole hand",
    "Throw away {count} and draw", "Under 50", "What do you do?", "What you knew then",
    "When the coach flags a decision in one of your hands, it becomes a spot to practise here.", "When",
    "Won or lost", "Won", "Worth, in chips on average", "You chose: {chose}. The coach: {coach}.",
    "You made no decision in this hand.", "Your answer: {chose}. The coach: {coach}.", "Your cards: {cards}",
    "Your hands, newest first", "Your latest visit", "the coach's", "what you did at the table", "your answer",
    "your choice", "{count} to practise now", "{result}, pot {pot}", "{number}%",
    "{rank} of {suit}", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
    "ace", "clubs", "diamonds", "hearts", "spades",
)
"""Every message my_hands.js shows, and cards.js's names of the cards (their English text, as in the
JavaScript): the browser gets them in the page's language in the ``words`` trait (tests/test_language.py
keeps this list and the JavaScript in step)."""


def my_hands_words(language: str) -> dict[str, str]:
    """:data:`MY_HANDS_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    if lang.check(language) == lang.DEFAULT:
        return {}
    return {message: lang.gettext(language, message) for message in MY_HANDS_WORDS}


def latest_visit(hands: list[KeptHand]) -> list[KeptHand]:
    """The hands of the learner's latest visit, from ``hands`` newest first: the newest hand and each one
    before it played less than :data:`~pokerlab.quizzes.mastery.LATER_VISIT_GAP` (8 hours) after the
    next, as the lessons' mastery rule counts a later visit."""
    from pokerlab.quizzes.mastery import LATER_VISIT_GAP

    visit: list[KeptHand] = []
    for hand in hands:
        if visit and datetime.fromisoformat(visit[-1].played_at) - datetime.fromisoformat(hand.played_at) \
                >= LATER_VISIT_GAP:
            break
        visit.append(hand)
    return visit


class MyHandsWidget(anywidget.AnyWidget):
    """The list, the filters and the replay (see the module docs); :func:`my_hands_page` adds the name line."""

    _esm = esm("my_hands.js")
    _css = css("cards.css", "my_hands.css")

    message = traitlets.Unicode("").tag(sync=True)
    filters = traitlets.Dict({"game": "", "outcome": "", "pot": "", "flagged": "", "visit": ""}).tag(sync=True)
    games = traitlets.List().tag(sync=True)
    rows = traitlets.List().tag(sync=True)
    replay = traitlets.Dict().tag(sync=True)
    drill = traitlets.Dict().tag(sync=True)
    """The drill when open: ``spot`` (the question), ``answer`` (once answered), ``done``, ``due``."""
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
        self._answered: dict[str, Any] | None = None
        """The learner's answer at the drill's spot shown (to say the coach's answer again in another language)."""
        self.store = store
        self.service = service
        """A :class:`~pokerlab.dealer.client.DealerClient` signed in as the learner, or None (no dealer)."""
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        self._spot: DrillSpot | None = None
        self._drilled = 0
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
        if self._spot is not None:
            self._spot = spot(self._spot.hand, self._spot.decision, language=self.language)
            self.drill = {**self.drill, "spot": self._spot.to_json(), "text": ""}
            if self._answered is not None and self.drill.get("answer"):
                found = answer(self._spot, now=self.clock(), **self._answered)
                self.drill = {**self.drill, "answer": found.to_json(self.language)}

    def show_learner(self, learner: Learner) -> None:
        """The learner is known (again after "Not you?"): list their hands (in the language they chose
        before, if the page did not choose one)."""
        self.learner = learner
        self.replay = {}
        self.drill = {}
        self._spot = None
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
        from pokerlab.dealer.client import DealerError

        try:
            kept = self.service.hands(**filters)
        except DealerError as error:
            raise KeepError(self._("Your hands from the live tables and class games could not be read: {error}").format(
                error=error)) from None
        keys = {hand.hand_key for hand in here}
        dealers = [_dealers_hand(row) for row in kept if row["hand_key"] not in keys]
        return sorted(here + dealers, key=lambda hand: hand.played_at, reverse=True)

    def _hand(self, hand_id: int) -> KeptHand | None:
        """The learner's hand ``hand_id`` as this page numbers it (below zero: the dealer's)."""
        assert self.learner is not None
        learner = self.learner
        if hand_id >= 0 or self.service is None:
            return guarded(N_("read your hand"), lambda: kept_hand(self.store, learner, hand_id))
        from pokerlab.dealer.client import DealerError

        try:
            return _dealers_hand(self.service.hand(-hand_id))
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
        self._spot, self.drill = None, {}
        if hand.flags is None and hand.id >= 0:  # reviewed now: the list's coach filter knows it from here on
            from pokerlab.apps.my_hands import flags_of

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
            self.message = self._("This file could not be opened: {error}").format(
                error=phh_refusal(error, self.language))
            return False
        except PokerlabError as error:
            self.message = self._("This hand could not be replayed: {error}").format(error=error)
            return False
        self._replay, self._shown = shown, hand
        self._spot, self.drill = None, {}
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
            "index": index, "count": count, "step": shown.steps[index].to_json() if count else None,
            "costliest": shown.costliest, "story": list(shown.story),
        }

    def close_replay(self) -> None:
        self._replay, self._shown = None, None
        self.replay = {}

    # --- Drill my mistakes ----------------------------------------------------------------------

    def open_drill(self) -> None:
        """Start (or go on with) the drill: the first spot due now, oldest hand first."""
        if self.learner is None:
            return
        self.close_replay()
        self._drilled = 0
        self._next_spot()

    def _next_spot(self) -> None:
        learner = self.learner
        assert learner is not None
        try:
            due = guarded(N_("read your flagged decisions"), lambda: due_spots(self.store, learner, self.clock()))
        except KeepError as error:
            self.message = said(error, self.language)
            return
        self._spot, self._answered = None, None
        for hand, decision in due:
            try:
                self._spot = spot(hand, decision, language=self.language)
            except PokerlabError:
                continue  # a hand the coach cannot replay any more stays in the list, not in the drill
            break
        if self._spot is None:
            counts = self.drill_summary
            later = (" " + self._("{count} come back on another day.").format(count=counts["later"])
                     if counts.get("later") else "")
            text = (self._("Nothing left to drill today: {count} answered.").format(count=self._drilled) if self._drilled
                    else self._("No decision to drill now.")) + later
            self.drill = {"spot": None, "answer": None, "done": self._drilled, "due": 0, "text": text}
            return
        self.drill = {"spot": self._spot.to_json(), "answer": None, "done": self._drilled, "due": len(due), "text": ""}

    def answer_spot(self, *, option: str | None = None, discard: list[str] | None = None) -> None:
        """The learner's new choice at the spot shown: the coach answers, and the answer is kept."""
        current, learner = self._spot, self.learner
        if current is None or learner is None or self.drill.get("answer"):
            return
        try:
            found = answer(current, option=option, discard=discard, now=self.clock())
        except DrillError as error:
            self.drill = {**self.drill, "text": str(error)}
            return
        self._answered = {"option": option, "discard": discard}
        try:
            guarded(N_("keep your answer"), lambda: keep_answer(self.store, learner, current, found.right, self.clock()))
        except KeepError as error:
            self.message = said(error, self.language)
        self._drilled += 1
        self.drill = {**self.drill, "answer": found.to_json(self.language), "done": self._drilled, "text": ""}
        self.refresh()

    def close_drill(self) -> None:
        self._spot, self._answered = None, None
        self.drill = {}
        self.refresh()

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
            if not self.language_chosen:
                preferred = content.get("languages")
                self.set_language(lang.choose(preferred if isinstance(preferred, list) else ()), chosen=False)
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
        elif kind == "drill":
            self.open_drill()
        elif kind == "drill-answer":
            discard = content.get("discard")
            if isinstance(discard, list) and all(isinstance(card, str) for card in discard):
                self.answer_spot(discard=discard)
            elif isinstance(content.get("option"), str):
                self.answer_spot(option=content["option"])
        elif kind == "drill-next" and self._spot is not None:
            self._next_spot()
        elif kind == "drill-close":
            self.close_drill()
        elif kind == "phh":
            self._download(content.get("id"))


def _dealers_hand(row: dict[str, Any]) -> KeptHand:
    """A hand the dealer sent (JSON), numbered as this page numbers the dealer's hands (below zero)."""
    return KeptHand(**{**row, "id": -int(row["id"])})


def my_hands_page(store: StoreTarget = None, learner: Learner | None = None, language: str | None = None) -> widgets.VBox:
    """The My hands page: the name line, then the list (what the notebook displays); ``language``: the
    page's (a lesson in Spanish says ``"es"``; None: the browser's languages choose)."""
    from pokerlab.widgets.identity import IdentityWidget

    hands = MyHandsWidget(learner, store, language=language)
    children: list[widgets.Widget] = []
    if learner is None:
        def known(who: Learner) -> None:
            hands.service = _dealer(identity, who, hands.language)
            hands.show_learner(who)

        try:
            identity = IdentityWidget(on_learner=known, purpose=PURPOSE, language=hands.language)
        except PokerlabError as error:
            hands.message = said(error, hands.language)
        else:
            hands.on_language.append(identity.set_language)
            children.append(identity)
            if identity.learner is not None:  # JupyterHub: known at once
                known(identity.learner)
    children.append(hands)
    importer = import_box(hands)
    children.append(importer)
    page = widgets.VBox(children, layout=widgets.Layout(width="100%"))
    page.hands = hands  # type: ignore[attr-defined]
    page.importer = importer  # type: ignore[attr-defined]
    return page


def _dealer(identity: Any, learner: Learner, language: str = lang.DEFAULT) -> Any:
    """The page's dealer signed in as ``learner`` (None: no dealer here, or it refused; the hands kept
    in this server are listed all the same)."""
    import os

    from pokerlab.dealer.client import URL_ENV_VAR, DealerClient

    if not os.environ.get(URL_ENV_VAR, "").strip():
        return None
    from pokerlab.apps.live import dealer_sign_in

    client = DealerClient()
    answer, _problem = dealer_sign_in(client, identity, learner.name, N_("My hands"), language)
    return client if answer is not None else None


def _uploaded_text(upload: widgets.FileUpload) -> str:
    """The text of the file chosen in ``upload`` ("" for none); a file that is not UTF-8 text is refused."""
    files = list(upload.value)
    if not files:
        return ""
    upload.value = ()  # read once: a text pasted next is read next
    try:
        return bytes(files[0]["content"]).decode("utf-8")
    except UnicodeDecodeError:
        raise PhhError(NOT_TEXT, name=files[0]["name"]) from None


def phh_refusal(error: PhhError, language: str) -> str:
    """Why a PHH file could not be opened, in ``language``; an action the engine refused is said as the
    table says a refusal (to the player who tried it)."""
    def engine(refused: IllegalActionError) -> str:
        return refusal_sentence(refused, Voice(viewer=refused.seat, language=language))

    return error.text(language, engine)


def import_box(hands: MyHandsWidget) -> widgets.VBox:
    """"Open a PHH file": paste a hand history or choose a file, say whose decisions, open it in the
    replayer of ``hands``. Works without a name: nothing of the file is kept. It speaks the language of
    ``hands`` and follows it when it changes."""
    heading = widgets.HTML()
    # sized to fit a phone: no field wider than the page, the row wraps
    fits = {"style": {"description_width": "initial"}, "layout": widgets.Layout(width="auto", max_width="100%")}
    text = widgets.Textarea(layout=widgets.Layout(width="auto", max_width="100%", height="8em"))
    upload = widgets.FileUpload(accept=".phh,.phhs,.txt,.toml", multiple=False, layout=widgets.Layout(max_width="100%"))
    player = widgets.Dropdown(value=None, **fits)
    number = widgets.BoundedIntText(value=1, min=1, max=500, **fits)
    button = widgets.Button(button_style="primary", layout=widgets.Layout(max_width="100%"))

    def speak(language: str) -> None:
        _ = lang.catalogue(language).gettext
        heading.value = f"<h3>{html.escape(_('Open a PHH file'))}</h3><p>{html.escape(_(IMPORT_ABOUT))}</p>"
        text.placeholder = _("Paste a PHH hand here: variant = 'F5CD' ...")
        upload.description = _("Choose a file")
        chosen = player.value or 0
        player.options = [(_("as the file says"), 0)] + [(_("p{number} (from the dealer's left)").format(number=n), n)
                                                          for n in range(1, 9)]
        player.value = chosen
        player.description = _("Decisions of")
        number.description = _("Hand number")
        button.description = _("Open in the replayer")

    def opened(_button: object) -> None:
        try:
            pasted = _uploaded_text(upload) or text.value
        except PhhError as error:
            hands.message = hands._("This file could not be opened: {error}").format(
                error=phh_refusal(error, hands.language))
            return
        hands.open_import(pasted, player.value or None, int(number.value))

    speak(hands.language)
    hands.on_language.append(speak)
    button.on_click(opened)
    row = widgets.HBox([upload, player, number], layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
    box = widgets.VBox([heading, text, row, button], layout=widgets.Layout(max_width="100%"))
    box.add_class("pl-mh-import")
    box.text, box.upload, box.player, box.number, box.button = text, upload, player, number, button  # type: ignore[attr-defined]
    return box


__all__ = ["MyHandsWidget", "import_box", "latest_visit", "my_hands_page", "phh_refusal"]
