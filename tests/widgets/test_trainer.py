"""The "Which hand wins?" trainer: what it deals, how it judges and scores, and what it sends.

A recording comm stands in for the kernel so the tests see every payload the browser would get.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import numpy as np
import pytest

from pokerlab import HandCategory, evaluate, explain
from pokerlab.widgets.trainer import SPLITTABLE, Trainer, TrainerError, deal_pair
from tests.i18n import english_left
from tests.widgets.recording import record, without_source


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    return record(monkeypatch)


def _sent_text(log: list[Any]) -> str:
    return json.dumps(without_source(log), ensure_ascii=False, default=str)


def _browser(trainer: Trainer, content: dict[str, Any]) -> None:
    """What the browser's ``model.send(content)`` triggers in the kernel."""
    trainer._handle_custom_msg(content, [])


def _wrong(trainer: Trainer) -> str:
    return next(choice for choice in ("first", "second", "split") if choice != trainer.correct_choice())


@pytest.fixture(scope="module")
def many_deals() -> list:
    rng = np.random.default_rng(2026)
    return [deal_pair(rng) for _ in range(300)]


def test_the_same_seed_deals_the_same_hands() -> None:
    assert [deal_pair(np.random.default_rng(5)) for _ in range(3)] == [deal_pair(np.random.default_rng(5)) for _ in range(3)]
    one, two = Trainer(seed=42), Trainer(seed=42)
    for _ in range(5):
        assert (one.first, one.second) == (two.first, two.second)
        one.next_hands()
        two.next_hands()


def test_two_hands_are_dealt_from_one_deck(many_deals: list) -> None:
    for deal in many_deals:
        assert len(deal.first) == len(deal.second) == 5
        assert len(set(deal.first) | set(deal.second)) == 10


def test_deals_mix_categories_tie_breaks_and_splits(many_deals: list) -> None:
    lessons = Counter(deal.lesson for deal in many_deals)
    assert set(lessons) == {"categories", "tie-break", "split"}
    assert lessons["split"] >= 15 and lessons["tie-break"] >= 80 and lessons["categories"] >= 60
    steps = Counter()
    for deal in many_deals:
        first, second = evaluate(deal.first), evaluate(deal.second)
        comparison = explain(deal.first, deal.second)
        if deal.lesson == "categories":
            assert first.category != second.category
        elif deal.lesson == "tie-break":
            assert first.category == second.category and first != second
        else:
            assert first == second and comparison.winner is None
            assert first.category in SPLITTABLE
        steps[comparison.deciding_step] += 1
    # Tie-breaks teach more than one step: kickers, top cards, pairs ...
    assert len([step for step in steps if step not in ("category", "identical")]) >= 6
    winners = Counter(explain(d.first, d.second).winner for d in many_deals)
    assert winners[0] > 60 and winners[1] > 60  # the better hand is not always in the same place


def test_every_category_is_dealt(many_deals: list) -> None:
    seen = {evaluate(hand).category for deal in many_deals for hand in (deal.first, deal.second)}
    assert seen == set(HandCategory)


def test_a_right_answer_builds_the_streak_and_a_wrong_one_resets_it_but_not_the_best() -> None:
    trainer = Trainer(seed=1)
    for expected in (1, 2):
        assert trainer.pick(trainer.correct_choice()).correct
        assert (trainer.streak, trainer.best_streak) == (expected, expected)
        trainer.next_hands()
    answer = trainer.pick(_wrong(trainer))
    assert not answer.correct
    assert (trainer.streak, trainer.best_streak, trainer.correct_count, trainer.answered_count) == (0, 2, 2, 3)


def test_the_answer_is_the_engines_explanation_with_both_hand_names() -> None:
    trainer = Trainer(seed=9)
    deal = trainer.deal
    trainer.pick("split")
    comparison = explain(deal.first, deal.second, names=("Hand A", "Hand B"))
    assert trainer.result["text"] == comparison.text
    assert trainer.result["names"] == [evaluate(deal.first).name, evaluate(deal.second).name]
    winner = comparison.winner
    assert trainer.result["correct_choice"] == ("split" if winner is None else ("first", "second")[winner])


def test_a_second_answer_to_the_same_deal_is_refused_and_changes_nothing() -> None:
    trainer = Trainer(seed=3)
    trainer.pick(trainer.correct_choice())
    before = (trainer.streak, trainer.best_streak, dict(trainer.result))
    with pytest.raises(TrainerError, match="already answered"):
        trainer.pick(_wrong(trainer))
    assert (trainer.streak, trainer.best_streak, trainer.result) == before


def test_an_unknown_answer_names_the_legal_ones() -> None:
    trainer = Trainer(seed=3)
    with pytest.raises(TrainerError, match="'first', 'second' or 'split'"):
        trainer.pick("third")
    assert trainer.result is None and trainer.answer is None


def test_the_browser_pick_and_next_messages_play_a_round(sent: list[Any]) -> None:
    trainer = Trainer(seed=4)
    _browser(trainer, {"type": "pick", "choice": trainer.correct_choice(), "round": 1})
    assert trainer.result is not None and trainer.result["correct"] and trainer.streak == 1
    _browser(trainer, {"type": "next"})
    assert trainer.round == 2 and trainer.result is None


def test_a_bad_browser_message_becomes_a_note_for_the_learner_not_a_traceback() -> None:
    trainer = Trainer(seed=4)
    _browser(trainer, {"type": "pick", "choice": "both"})
    assert "pick 'first', 'second' or 'split'" in trainer.message and trainer.result is None
    _browser(trainer, {"type": "shuffle"})
    assert "understands 'pick' and 'next'" in trainer.message


def test_a_late_click_for_hands_already_replaced_is_ignored() -> None:
    trainer = Trainer(seed=4)
    trainer.next_hands()
    _browser(trainer, {"type": "pick", "choice": "first", "round": 1})
    assert trainer.result is None and trainer.answered_count == 0


def test_hand_names_and_the_verdict_reach_the_browser_only_after_the_answer(sent: list[Any]) -> None:
    trainer = Trainer(seed=12)
    names = [evaluate(trainer.deal.first).name, evaluate(trainer.deal.second).name]
    before = _sent_text(sent)
    assert all(name not in before for name in names)
    assert '"result": null' in before
    trainer.pick(trainer.correct_choice())
    after = _sent_text(sent)
    assert all(name in after for name in names)


def test_the_trainer_in_spanish_names_the_hands_and_says_the_verdict_and_its_refusals_in_spanish(sent: list[Any]) -> None:
    trainer = Trainer(seed=3, language="es")
    english = Trainer(seed=3)
    shown = []
    for _ in range(12):
        wrong = _wrong(trainer)
        _browser(trainer, {"type": "pick", "choice": wrong, "round": trainer.round})
        english.pick(wrong)
        result = trainer.result
        assert result["mistake"] == "" and english.result["mistake"]  # the quizzes' mistakes are English only
        assert result["correct_choice"] == english.result["correct_choice"] and not result["correct"]
        assert result["text"].startswith(("Gana la mano", "Mano A gana", "Mano B gana", "Bote dividido")), result["text"]
        shown += [result["text"], *result["names"]]
        _browser(trainer, {"type": "pick", "choice": "first", "round": trainer.round})  # answered already: refused
        assert trainer.message == "Este reparto ya tiene respuesta: reparte otras manos para volver a jugar."
        shown.append(trainer.message)
        _browser(trainer, {"type": "next"})
        english.next_hands()
    _browser(trainer, {"type": "dance"})
    assert trainer.message == "Petición desconocida 'dance': el entrenador entiende 'pick' y 'next'."
    assert english_left([*shown, trainer.message], "es") == []
    assert trainer.words["Next hands"] == "Otras manos" and english.words == {}
    with pytest.raises(ValueError, match="does not speak 'fr'"):
        Trainer(language="fr")
