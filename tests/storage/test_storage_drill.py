"""Drill my mistakes keeps its progress in the kept hand's flags (issue 29), on SQLite and PostgreSQL:
one answer is one write transaction, the rest of the flags stay as the coach wrote them, and no other
learner's hand can be written."""

from __future__ import annotations

from datetime import datetime, timezone

from pokerlab.storage import open_store
from pokerlab.storage.kept_hands import HandRecord, keep_hand_in, kept_hands, record_drill, set_flags
from pokerlab.storage.learners import Learner, learner_id_in

FLAGS = [{"decision": 0, "phase": "betting_one", "action": "call", "chips": 3.5, "coach": "fold"},
         {"decision": 2, "phase": "draw", "action": "draw", "chips": 6.0, "coach": "keep 7♥ 7♦, draw 3"}]


def test_a_drill_answer_is_kept_with_its_flag_and_only_on_the_learners_hand(target: str) -> None:
    store = open_store(target)
    ada, bo = (store.write(lambda c, name=name: Learner(learner_id_in(c, name, create=True), name, "legacy"))
               for name in ("Ada", "Bo"))
    record = HandRecord("five-card-draw:g:1", "five-card-draw", 0, 40, -10, {"view": {}})
    store.write(lambda c: keep_hand_in(c, ada, record))
    assert set_flags(store, ada, record.hand_key, FLAGS)
    hand = kept_hands(store, ada)[0]
    at = datetime(2026, 12, 1, 18, 0, tzinfo=timezone.utc)
    assert record_drill(store, ada, hand.id, 2, False, at) and record_drill(store, ada, hand.id, 2, True, at)
    assert not record_drill(store, ada, hand.id, 1, True, at)  # not a flagged decision
    assert not record_drill(store, bo, hand.id, 0, True, at)  # not Bo's hand
    flags = kept_hands(store, ada)[0].flags
    moment = "2026-12-01T18:00:00.000000+00:00"
    assert flags == [FLAGS[0], {**FLAGS[1], "drill": {"last": moment, "right": True, "tries": 2, "answers": [
        {"at": moment, "right": False}, {"at": moment, "right": True}]}}]
    assert kept_hands(store, ada)[0].flagged is True
