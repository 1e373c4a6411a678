"""My hands in the draw apps' flow (:class:`HandKeeping`, mixed into
:class:`~pokerlab.apps.flow.DrawFlow`): every finished hand kept for its learner as they saw it, in
the transaction of the step that finished it, and the coach's flags kept with it once reviewed.
Apart from the flow because it owns what :mod:`pokerlab.storage.kept_hands` is told and nothing of
the game's own course.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerlab.apps.my_hands import flags_of
from pokerlab.language import N_
from pokerlab.storage import Learner
from pokerlab.storage.guarded import KeepError, guarded
from pokerlab.storage.hold import GameHold
from pokerlab.storage.kept_hands import hand_record, keep_hand_in, set_flags


class HandKeeping:
    """The flow mixing this in gives ``table``, ``hold``, ``learner``, ``practice`` and
    ``review_settings``, and calls :meth:`_start_keeping` when it starts."""

    table: Any
    hold: GameHold | None
    learner: Learner | None
    practice: bool
    review_settings: Callable[[], tuple[int, int]]

    def _start_keeping(self) -> None:
        self._kept_hands: set[str] = set()
        """Keys of the finished hands this page has kept for the learner (My hands)."""
        self._keeping: str | None = None
        """The key of the hand the step being stored keeps (None: it keeps none)."""

    def kept_hand_key(self) -> str | None:
        """The key of the hand at the table among the learner's kept hands (None: not kept, as in a
        practice deal or for a learner nobody knows)."""
        match, hold = self.table.match, self.hold
        if match is None or hold is None or hold.game_id is None or self.practice or self.learner is None:
            return None
        return f"{hold.app}:{hold.game_id}:{match.hand_number}"

    def _keep_finished_hand(self) -> Callable[[Any], None] | None:
        """The write that keeps the hand just finished for the learner (as they saw it), in the
        transaction of the step that finished it; None when there is nothing new to keep."""
        match, learner, key = self.table.match, self.learner, self.kept_hand_key()
        if key is None or learner is None or match.hand is None or not match.hand.is_over or key in self._kept_hands:
            return None
        trials, seed = self.review_settings()
        record = hand_record(match.hand, match.learner_seat, self.hold.app, key, review_trials=trials,
                             review_seed=seed, dollars=bool(self.table.dollars), names=tuple(match.names))
        self._keeping = key

        def keep(connection: Any) -> None:
            keep_hand_in(connection, learner, record)

        return keep

    def _flag_kept_hand(self, key: str | None, review: Any) -> None:
        """Keep the coach's flags of a reviewed hand with the kept hand (in the review's thread)."""
        if key is None or self.learner is None or self.hold is None:
            return
        learner, target = self.learner, self.hold.store_target
        try:
            guarded(N_("keep the coach's review with your hand"), lambda: set_flags(target, learner, key, flags_of(review)))
        except KeepError:
            pass  # the review is shown all the same; the hand stays unreviewed in My hands


__all__ = ["HandKeeping"]
