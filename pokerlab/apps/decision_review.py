"""The decision review of the draw apps' flow (:class:`DecisionReview`, mixed into
:class:`~pokerlab.apps.flow.DrawFlow`): the coach replays the learner's decisions in the hand just
finished in a thread, shows a waiting line meanwhile, and says the review again when the page's
language changes. Apart from the flow because it owns a thread and a cache of its own and asks the
flow for nothing but the table, the review's settings and the kept hand's key.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from pokerlab.apps import review_panels
from pokerlab.apps.review_panels import folded_first, review_panel
from pokerlab.coach.hand_review import coach_review
from pokerlab.coach.seat_review import review_hand
from pokerlab.memory import giving_back_memory


class DecisionReview:
    """The review of the hand just finished. The flow mixing this in gives ``table``, calls
    :meth:`_start_review` when it starts, and defines ``review_settings``, ``kept_hand_key`` and
    ``_flag_kept_hand`` and ``_`` (:class:`~pokerlab.apps.hand_keeping.HandKeeping`)."""

    table: Any
    review_settings: Callable[[], tuple[int, int]]
    kept_hand_key: Callable[[], str | None]
    _flag_kept_hand: Callable[[str | None, Any], None]
    _: Callable[[str], str]

    def _start_review(self) -> None:
        self._review_cache: tuple[object, Callable[[str], dict[str, Any]]] | None = None
        """The hand last reviewed (its key) and its review panel in any language (the review is worked out once)."""
        self.review_thread: threading.Thread | None = None
        self.table.on_language.append(self._say_review_again)

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
            self.table.message = self._("The review opens when a hand is over.")
            return
        key = (id(hand), match.hand_number)
        if self._review_cache is not None and self._review_cache[0] == key:
            self.table.review = self._review_cache[1](self.table.language)
            return
        self.table.review = review_panels.review_waiting_panel(match.hand_number, self.table.language)
        if self.review_thread is None or not self.review_thread.is_alive():
            self.review_hand_now(show=True)

    def review_hand_now(self, show: bool) -> None:
        """Work out the review of the hand just finished in a thread (``show``: put it on the table
        when ready, if the learner is still waiting for it there); :meth:`reviewed` gets it too."""
        match = self.table.match
        hand = match.hand
        key = (id(hand), match.hand_number)
        rules, seat, dollars = match.rules, match.learner_seat, self.table.dollars
        trials, seed = self.review_settings()
        number, events = match.hand_number, list(hand.events)
        kept_key = self.kept_hand_key()

        def work() -> None:
            try:
                review = coach_review(events, seat, rules, trials, seed, dollars=dollars, reviewer=review_hand)
                self._flag_kept_hand(kept_key, review)
                folded = folded_first(events, seat)

                def panel(language: str) -> dict[str, Any]:
                    return review_panel(review, number, folded, language)

                self.reviewed(number, review, events)
            except Exception as error:  # noqa: BLE001 - shown to the learner, never lost in a thread
                with self.table.batch():
                    self.table.review = {}
                    self.table.message = self._("The review could not be worked out: {error}").format(error=error)
                return
            self._review_cache = (key, panel)
            with self.table.batch():  # not halfway through a click the table is handling
                current = self.table.match
                if self.table.review.get("pending") and current is match and current.hand is hand:
                    self.table.review = panel(self.table.language)  # the language now, if it changed meanwhile

        self.review_thread = threading.Thread(target=giving_back_memory(work), name="pokerlab-review", daemon=True)
        self.review_thread.start()

    def _say_review_again(self, language: str) -> None:
        """The learner changed the page's language: an open review (or its waiting line) is said again in it,
        from the review already worked out."""
        review, match = self.table.review, self.table.match
        if not review or match is None:
            return
        if review.get("pending"):
            self.table.review = review_panels.review_waiting_panel(review["hand_number"], language)
        elif self._review_cache is not None and self._review_cache[0] == (id(match.hand), match.hand_number):
            self.table.review = self._review_cache[1](language)

    def reviewed(self, number: int, review: Any, events: list[Any]) -> None:
        """The review of hand ``number`` is worked out (in the review's thread): a class game stores it."""

    def wait_for_review(self, timeout: float | None = 120) -> None:
        """Wait until a review being worked out is ready (for tests and scripts)."""
        if self.review_thread is not None:
            self.review_thread.join(timeout)


__all__ = ["DecisionReview"]
