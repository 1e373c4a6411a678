"""Tie-break quiz questions: graded levels, seeded, answers from the engine; the quiz session's streak."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab import HandCategory, PokerlabError, evaluate
from pokerlab.quizzes import (
    HARD_KINDS,
    LEVELS,
    TIE_BREAK_CHOICES,
    Question,
    QuizError,
    QuizSession,
    tie_break_question,
)

SEEDS = range(40)


def hands_of(question: Question) -> tuple[str, str]:
    (label_a, first), (label_b, second) = question.hands
    assert (label_a, label_b) == ("Hand A", "Hand B")
    return " ".join(first), " ".join(second)


def expected_choice(first: str, second: str) -> int:
    """The right choice worked out independently of explain: by comparing hand values."""
    a, b = evaluate(first), evaluate(second)
    return 0 if a > b else 1 if b > a else 2


@settings(max_examples=60)
@given(level=st.sampled_from(LEVELS), seed=st.integers(0, 2**32 - 1))
def test_the_answer_is_the_hand_that_ranks_higher_or_a_split(level: str, seed: int) -> None:
    question = tie_break_question(level, seed)
    first, second = hands_of(question)
    assert question.choices == TIE_BREAK_CHOICES
    assert question.answer == expected_choice(first, second)
    assert question.level == level


@settings(max_examples=60)
@given(level=st.sampled_from(LEVELS), seed=st.integers(0, 2**32 - 1))
def test_two_hands_of_five_cards_from_one_deck(level: str, seed: int) -> None:
    first, second = (hand.split() for hand in hands_of(tie_break_question(level, seed)))
    assert len(first) == len(second) == 5
    assert not set(first) & set(second)


@pytest.mark.parametrize("seed", SEEDS)
def test_easy_questions_compare_different_kinds_of_hand(seed: int) -> None:
    first, second = hands_of(tie_break_question("easy", seed))
    assert evaluate(first).category != evaluate(second).category


@pytest.mark.parametrize("seed", SEEDS)
def test_medium_questions_are_the_same_kind_settled_by_the_first_tie_break(seed: int) -> None:
    first, second = (evaluate(hand) for hand in hands_of(tie_break_question("medium", seed)))
    assert first.category == second.category
    assert first.ranks[0] != second.ranks[0]


def test_medium_questions_cover_every_kind_of_hand() -> None:
    kinds = {evaluate(hands_of(tie_break_question("medium", seed))[0]).category for seed in range(150)}
    assert kinds == set(HandCategory)


@pytest.mark.parametrize("seed", SEEDS)
def test_hard_kicker_questions_match_at_the_top_and_differ_below(seed: int) -> None:
    first, second = (evaluate(hand) for hand in hands_of(tie_break_question("hard", seed, kind="kicker")))
    assert first.category == second.category
    assert first.category in (HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR)
    assert first.ranks[0] == second.ranks[0] and first != second


@pytest.mark.parametrize("seed", SEEDS)
def test_the_wheel_is_the_lowest_straight_six_high_beats_it(seed: int) -> None:
    question = tie_break_question("hard", seed, kind="wheel")
    first, second = hands_of(question)
    tops = {evaluate(first).ranks[0]: 0, evaluate(second).ranks[0]: 1}
    assert set(tops) == {5, 6}
    assert {evaluate(first).category, evaluate(second).category} <= {HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH}
    assert question.answer == tops[6]


@pytest.mark.parametrize("seed", SEEDS)
def test_sequences_do_not_wrap_q_k_a_2_3_is_no_straight(seed: int) -> None:
    question = tie_break_question("hard", seed, kind="wrap")
    wrap = [hand for hand in hands_of(question) if {card[0] for card in hand.split()} == set("QKA23")]
    assert wrap, "one hand holds Q-K-A-2-3"
    assert evaluate(wrap[0]).category == HandCategory.HIGH_CARD
    assert "wrap" in question.explanation


@pytest.mark.parametrize("seed", SEEDS)
def test_suits_never_break_a_tie_identical_hands_split(seed: int) -> None:
    question = tie_break_question("hard", seed, kind="split")
    first, second = hands_of(question)
    assert evaluate(first) == evaluate(second)
    assert question.answer == TIE_BREAK_CHOICES.index("Split pot")


@pytest.mark.parametrize("seed", SEEDS)
def test_flushes_are_compared_card_by_card(seed: int) -> None:
    first, second = (evaluate(hand) for hand in hands_of(tie_break_question("hard", seed, kind="flush")))
    assert first.category == second.category == HandCategory.FLUSH
    assert first.ranks[0] == second.ranks[0] and first != second


def test_hard_questions_mix_every_kind() -> None:
    assert {tie_break_question("hard", seed).topic for seed in range(80)} == set(HARD_KINDS)


def test_either_hand_can_be_the_winner() -> None:
    answers = {tie_break_question(level, seed).answer for level in LEVELS for seed in range(30)}
    assert {0, 1} <= answers


def test_the_same_seed_asks_the_same_question() -> None:
    for level in LEVELS:
        assert tie_break_question(level, 12345) == tie_break_question(level, 12345)


def test_the_explanation_names_both_hands() -> None:
    question = tie_break_question("medium", 3)
    first, second = hands_of(question)
    assert f"Hand A: {evaluate(first).name}." in question.explanation
    assert f"Hand B: {evaluate(second).name}." in question.explanation


def test_the_view_before_answering_holds_no_answer_or_explanation() -> None:
    question = tie_break_question("hard", 9)
    view = question.view()
    assert "answer" not in view and "explanation" not in view
    assert question.explanation not in repr(view)


def test_an_unknown_level_is_refused_and_the_levels_are_named() -> None:
    with pytest.raises(QuizError, match="easy, medium, hard"):
        tie_break_question("expert", 1)
    with pytest.raises(QuizError, match="kicker"):
        tie_break_question("easy", 1, kind="kicker")


def test_a_question_needs_a_real_answer() -> None:
    with pytest.raises(QuizError, match="0 to 1"):
        Question("?", ("yes", "no"), 2, "")
    with pytest.raises(QuizError, match="two choices"):
        Question("?", ("yes",), 0, "")


# --- the session: streak, order of moves ---------------------------------------------------------

def wrong_choice(session: QuizSession) -> int:
    return (session.question.answer + 1) % len(session.question.choices)


def test_right_answers_in_a_row_build_the_streak_and_a_wrong_one_ends_it() -> None:
    session = QuizSession(tie_break_question, LEVELS, rng=4)
    for expected in (1, 2, 3):
        outcome = session.answer(session.question.answer)
        assert outcome.correct and outcome.streak == session.streak == expected
        session.next_question()
    outcome = session.answer(wrong_choice(session))
    assert not outcome.correct and outcome.answer == session.question.answer
    assert session.streak == 0 and session.best_streak == 3
    assert (session.answered_count, session.correct_count) == (4, 3)


def test_answering_twice_is_refused_and_changes_nothing() -> None:
    session = QuizSession(tie_break_question, LEVELS, rng=5)
    session.answer(session.question.answer)
    before = (session.streak, session.answered_count, session.last)
    with pytest.raises(QuizError, match="next question"):
        session.answer(session.question.answer)
    assert (session.streak, session.answered_count, session.last) == before


def test_the_next_question_waits_for_an_answer() -> None:
    session = QuizSession(tie_break_question, LEVELS, rng=6)
    question = session.question
    with pytest.raises(QuizError, match="Answer this question first"):
        session.next_question()
    assert session.question is question


@pytest.mark.parametrize("choice", [-1, 3, "1", True, 1.0])
def test_a_choice_that_does_not_exist_is_refused(choice: object) -> None:
    session = QuizSession(tie_break_question, LEVELS, rng=7)
    with pytest.raises(PokerlabError, match="0 to 2"):
        session.answer(choice)  # type: ignore[arg-type]
    assert session.last is None and session.answered_count == 0


def test_changing_level_asks_there_and_keeps_the_streak() -> None:
    session = QuizSession(tie_break_question, LEVELS, rng=8)
    session.answer(session.question.answer)
    question = session.set_level("hard")
    assert question.level == "hard" and session.level == "hard" and session.streak == 1
    with pytest.raises(QuizError, match="easy, medium, hard"):
        session.set_level("impossible")
    assert session.level == "hard"


def test_any_question_source_can_drive_a_session() -> None:
    """The session is generic: a later notebook plugs in questions from another engine."""

    def pot_question(level: str, rng) -> Question:  # noqa: ANN001
        chips = int(rng.integers(2, 50)) * 3
        return Question(f"Split {chips} chips three ways?", (str(chips // 3), str(chips // 3 + 1)), 0,
                        f"{chips} / 3 = {chips // 3}", level=level)

    session = QuizSession(pot_question, ("only",), rng=1)
    assert session.answer(0).correct and session.question.level == "only"


# --- every wrong answer names its mistake --------------------------------------------------------

from pokerlab.cards import parse_cards  # noqa: E402
from pokerlab.hands import explain as compare  # noqa: E402
from pokerlab.lessons import cap_hand, short_all_in_hand, side_pot_hand  # noqa: E402
from pokerlab.quizzes import (  # noqa: E402
    ask_may_raise, ask_side_pot, betting_question, hand_basics_question, ladder_question, row_score_question,
    showdown_mistakes,
)
from pokerlab.quizzes.ladder import advance_question, wallet_question  # noqa: E402
from pokerlab.rows.rules import MULTIPLIER_TENTHS  # noqa: E402
from pokerlab.rows.scoring import ScoringType, score_row  # noqa: E402

GENERATORS = [tie_break_question, betting_question, hand_basics_question, row_score_question, ladder_question]


@pytest.mark.parametrize("make", GENERATORS, ids=lambda make: make.__name__)
@pytest.mark.parametrize("level", LEVELS)
def test_every_wrong_choice_names_a_mistake_and_the_right_one_none(make, level: str) -> None:
    for seed in range(15):
        question = make(level, seed)
        assert len(question.mistakes) == len(question.choices)
        assert question.mistakes[question.answer] == ""
        wrong = [m for i, m in enumerate(question.mistakes) if i != question.answer]
        assert all(len(m.split()) >= 6 for m in wrong), wrong
        assert len(set(question.choices)) == len(question.choices)


def test_a_wrong_answer_in_a_session_carries_its_mistake_and_a_right_one_none() -> None:
    session = QuizSession(row_score_question, LEVELS, rng=3, level="hard")
    wrong = (session.question.answer + 1) % len(session.question.choices)
    outcome = session.answer(wrong)
    assert not outcome.correct and outcome.mistake == session.question.mistakes[wrong] != ""
    session.next_question()
    assert session.answer(session.question.answer).mistake == ""


def test_a_question_refuses_mistakes_that_do_not_fit_its_choices() -> None:
    with pytest.raises(QuizError, match="one mistake per choice"):
        Question("?", ("a", "b"), 0, "", mistakes=("", "x", "y"))
    with pytest.raises(QuizError, match="right choice names no mistake"):
        Question("?", ("a", "b"), 0, "", mistakes=("oops", "you did this"))


def test_showdown_mistakes_name_the_kind_the_kicker_and_the_suits() -> None:
    kinds = showdown_mistakes(compare("9c 9d 4h 4s 2c", "Ah Kd Qs Jc 9h"))
    assert kinds[0] == "" and "ranked high card above two pair" in kinds[1] and "never split" in kinds[2]
    kicker = showdown_mistakes(compare("8c 8d Ah Ks 4c", "8h 8s Ad Qc Jd"))
    assert "the second kicker" in kicker[1] and "not equal" in kicker[2]
    wheel = showdown_mistakes(compare("2c 3d 4h 5s 6c", "Ah 2d 3h 4s 5c"))
    assert "wheel" in wheel[1]
    split = showdown_mistakes(compare("9c Td Jh Qs Kd", "9h Ts Jc Qd Kh"))
    assert split[2] == "" and "Suits never break a tie" in split[0] == split[1]


def test_the_side_pot_question_names_adding_all_the_pots_together() -> None:
    question = ask_side_pot(side_pot_hand().play(6), rng=1)
    by_choice = dict(zip(question.choices, question.mistakes))
    assert by_choice["160"].startswith("You added all the pots together")
    assert "main pot" in by_choice["100"]


def test_may_raise_mistakes_name_the_cap_and_the_short_all_in() -> None:
    at_cap = ask_may_raise(cap_hand().play(5))
    assert "cap" in at_cap.mistakes[0]
    acted = ask_may_raise(short_all_in_hand().play(4))
    assert "short all-in does not reopen" in acted.mistakes[0]
    yet_to_act = ask_may_raise(short_all_in_hand().play(3))
    assert yet_to_act.mistakes == ("", yet_to_act.mistakes[1]) and "raise is allowed" in yet_to_act.mistakes[1]


@pytest.mark.parametrize("level", LEVELS)
def test_the_row_score_answer_is_the_four_rows_engines(level: str) -> None:
    for seed in range(25):
        question = row_score_question(level, seed)
        cards = parse_cards(" ".join(question.hands[0][1]))
        crossed = question.details[0].removeprefix("Crossed off already: ").rstrip(".")
        open_types = {kind for kind in ScoringType if kind.label not in crossed.split(", ")}
        chip = next((tenths for cards_before, tenths in enumerate(MULTIPLIER_TENTHS)
                     if len(question.details) > 1 and f"held {cards_before} card" in question.details[1]), None)
        assert question.choices[question.answer] == f"{score_row(cards, open_types, chip)[1]} points"


def test_advancing_needs_strictly_more_chips_than_every_opponent() -> None:
    for seed in range(40):
        question = advance_question("hard", seed)
        me, *others = (int(line.split(": ")[1].split()[0].replace(",", "")) for line in question.details)
        assert question.answer == (0 if all(me > chips for chips in others) else 1)
        if question.answer == 1 and me == max(others):
            assert "tie for the lead is not enough" in question.mistakes[0]


def test_the_wallet_pays_the_cost_on_entry_and_the_award_only_on_advancing() -> None:
    for seed in range(30):
        question = wallet_question("hard", seed)
        wallet = int(question.prompt.split(" points")[0].split()[-1].replace(",", ""))
        cost, award = (int(part.split()[-1].rstrip(".").replace(",", "")) for part in question.details[0].split(", ")[1:])
        expected = wallet - cost + (award if " and advance." in question.prompt else 0)
        assert question.choices[question.answer] == f"{expected:,} points"


# --- 02a's check for understanding: worked out again from the table line and the round's log -----------

import re  # noqa: E402


def table_of(question: Question) -> tuple[int, int]:
    """(seats, the dealer's seat number as a learner reads it) from the question's table line."""
    found = re.match(r"Five-Card Draw, (\d) seats, antes, bets of 10 before the draw and 20 after\. Seat (\d) is the dealer\.",
                     question.details[0])
    assert found, question.details[0]
    return int(found[1]), int(found[2])


def round_of(question: Question) -> list[tuple[int, str, int]]:
    """The round's log as (seat number, what, amount), antes left out."""
    log = re.sub(r"^(Before|After) the draw, this round so far: ", "", question.details[1]).rstrip(".").split("; ")
    moves = [re.fullmatch(r"Seat (\d) (checks|folds|bets|calls|raises to) ?(\d*)", line) for line in log
             if line != "nobody has acted yet"]
    assert all(moves), log
    return [(int(m[1]), m[2], int(m[3] or 0)) for m in moves]


@pytest.mark.parametrize("seed", range(30))
def test_02a_easy_first_to_speak_is_left_of_the_dealer_and_the_pot_is_five_from_each(seed: int) -> None:
    question = hand_basics_question("easy", seed)
    seats, dealer = table_of(question)
    right = question.choices[question.answer]
    if question.topic == "who speaks first":
        assert right == f"Seat {dealer % seats + 1}"
    else:
        assert question.topic == "pot after the antes" and right == str(5 * seats)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_02a_what_a_player_may_do_and_what_a_call_costs(level: str) -> None:
    topics = set()
    for seed in range(40):
        question = hand_basics_question(level, seed)
        topics.add(question.topic)
        moves = round_of(question)
        seat = int(re.match(r"It is Seat (\d)'s turn", question.prompt)[1])
        to_match = max((amount for _, what, amount in moves if what in ("bets", "raises to")), default=0)
        if question.topic == "what may they do":
            expected = "Call, raise or fold" if to_match else "Check, bet or fold"
            assert question.choices[question.answer] == expected
        else:
            assert question.topic == "cost of a call"
            in_front = [amount for who, what, amount in moves if who == seat and what != "checks"][-1]
            assert question.choices[question.answer] == str(to_match - in_front)
    assert topics == ({"what may they do"} if level == "medium" else {"what may they do", "cost of a call"})


def test_02a_ends_with_its_quiz_before_the_key_points() -> None:
    """Issue 28: 02a had no check for understanding; its quiz is the page's last code cell, before the key points."""
    from pathlib import Path

    import nbformat

    path = Path(__file__).resolve().parents[1] / "notebooks" / "02a-how-a-hand-goes.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    code = [number for number, cell in enumerate(cells) if cell.cell_type == "code"]
    assert cells[code[-1]].source.startswith("Quiz(hand_basics_question, LEVELS")
    assert cells[code[-1] + 1].source.startswith("## Key points")


def test_every_named_mistake_of_every_quiz_has_exactly_one_kind_and_every_kind_is_made() -> None:
    """Issue 28: the kept code of a mistake (pokerlab.quizzes.misconceptions) covers every sentence the
    generators write, so the teacher's board can count misconceptions by name."""
    import re

    import numpy as np

    from pokerlab.quizzes.mastery import TOPICS
    from pokerlab.quizzes.misconceptions import MISCONCEPTIONS, misconception, mistake_code

    made: set[str] = set()
    for item in TOPICS:
        for level in LEVELS:
            for seed in range(60):
                question = item.question(level, np.random.default_rng(seed))
                for sentence in question.mistakes:
                    if not sentence:
                        continue
                    kinds = [kind.code for kind in MISCONCEPTIONS if re.match(kind.pattern, sentence)]
                    assert len(kinds) == 1, f"{item.key}: {sentence!r} is of {kinds or 'no listed kind'}"
                    assert mistake_code(sentence) == kinds[0]
                    made.add(kinds[0])
    assert made == {kind.code for kind in MISCONCEPTIONS}
    assert len({kind.code for kind in MISCONCEPTIONS}) == len(MISCONCEPTIONS)
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9-]{0,47}", kind.code) for kind in MISCONCEPTIONS)
    assert {kind.topic for kind in MISCONCEPTIONS} <= {item.key for item in TOPICS}
    assert misconception(None) is None and misconception("no-such-kind") is None and mistake_code("") is None
