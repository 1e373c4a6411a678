"""Mastery and review, derived from the answers a learner gave (the ``quiz_results`` rows), nothing else.

Every answered question belongs to one :class:`Topic` (ranking, tie-breaks, how a hand goes, the cap and
the order, side pots, pot odds, Four Rows scoring, the ladder): :func:`topic_of` reads it from the quiz's
name (its lesson), the level and, for lesson 03a's mixed quiz, the question's prompt.

**The mastery rule** (:func:`mastery`): a topic is mastered when the learner's latest answers on it are
:data:`MASTERY_RUN` (5) right in a row and at least :data:`LATER_VISIT_COUNT` (2) of those 5 came on a
later visit: :data:`LATER_VISIT_GAP` (8 hours) or more after the first of the 5. Eight hours makes a
morning lesson and that evening's homework two visits, and any other day too. A wrong answer starts
the run again, so mastery always describes what the learner does now.

**The review schedule** (:func:`review_state`): a miss puts the topic in the review queue, due
:data:`REVIEW_INTERVALS` [0] (1 day) after the miss. A right answer given once it is due moves it on:
due again 3 days after that answer, then 7 days after the next; a right answer then takes it out of
the queue. Right answers before the due time change nothing (the spacing is the point); a miss at any
time starts the schedule again at 1 day.

Every function here is pure: it takes the answers and the time ``now`` and reads no clock.

>>> from datetime import datetime, timedelta, timezone
>>> start = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
>>> answers = [Attempt("tie-breaks", start + timedelta(minutes=i), True) for i in range(3)]
>>> mastery("tie-breaks", answers).words()
'3 right in a row; 2 more, both on another visit (8 hours or more after the first of the run), to master tie-breaks.'
>>> answers.append(Attempt("tie-breaks", start + timedelta(minutes=5), False))
>>> review_state("tie-breaks", answers).due_at == start + timedelta(minutes=5, days=1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Protocol

import numpy as np

from pokerlab import language as lang
from pokerlab.language import N_
from pokerlab.quizzes.betting import betting_question, cap_and_order_question
from pokerlab.quizzes.core import LEVELS, Question, QuestionSource, QuizError
from pokerlab.quizzes.four_rows import row_score_question
from pokerlab.quizzes.hand_basics import hand_basics_question
from pokerlab.quizzes.ladder import ladder_question
from pokerlab.quizzes.pot_odds import pot_odds_question
from pokerlab.quizzes.side_pots import side_pot_question
from pokerlab.quizzes.tie_breaks import tie_break_question

__all__ = [
    "Attempt", "AnswerRow", "GRADED_QUIZZES", "GradedQuiz", "LATER_VISIT_COUNT", "LATER_VISIT_GAP", "MASTERY_RUN", "Mastery", "REVIEW_INTERVALS",
    "ReviewState", "TOPICS", "Topic", "attempts_from", "due_reviews", "mastery", "mastery_by_topic",
    "next_review", "review_plan", "review_schedule", "review_state", "graded_quiz", "graded_quiz_key", "topic",
    "topic_of",
]

MASTERY_RUN: Final = 5
"""Right answers in a row that master a topic."""
LATER_VISIT_COUNT: Final = 2
"""How many of those must come on a later visit."""
LATER_VISIT_GAP: Final = timedelta(hours=8)
"""An answer is on a later visit when it comes this long or longer after the first answer of the run."""
REVIEW_INTERVALS: Final = (timedelta(days=1), timedelta(days=3), timedelta(days=7))
"""The waits of the review queue: after a miss, then after each right answer given once due."""


@dataclass(frozen=True)
class Topic:
    """A kind of question with its own mastery: where it is taught and a source of its questions."""

    key: str
    """A short name: "tie-breaks", "side-pots", ..."""
    name: str
    """How a sentence names it: "tie-breaks", "side pots", "the cap and the order of play"."""
    lesson: str
    """The lesson (notebook name without ``.ipynb``) that teaches it; answers on it are kept under this quiz name."""
    title: str
    """The lesson's title, for links."""
    ask: Callable[[str, np.random.Generator], Question]
    """A question on this topic alone, for a level."""

    def question(self, level: str, rng: np.random.Generator) -> Question:
        """A question on this topic (a :data:`pokerlab.quizzes.QuestionSource`)."""
        return self.ask(level, rng)


def _ranking(level: str, rng: np.random.Generator) -> Question:
    return tie_break_question("easy", rng)  # hands of different kinds: the ranking of the kinds decides


def _tie_break(level: str, rng: np.random.Generator) -> Question:
    return tie_break_question("medium" if level == "easy" else level, rng)  # the same kind: a tie-break decides


TOPICS: Final[tuple[Topic, ...]] = (
    Topic("ranking", N_("the hand rankings"), "02-tie-breaks", "Tie-breaks", _ranking),
    Topic("tie-breaks", N_("tie-breaks"), "02-tie-breaks", "Tie-breaks", _tie_break),
    Topic("hand-basics", N_("how a hand goes"), "02a-how-a-hand-goes", "How a hand goes", hand_basics_question),
    Topic("cap-and-order", N_("the cap and the order of play"), "03-limits-and-the-cap", "Limits and the cap",
          cap_and_order_question),
    Topic("side-pots", N_("side pots"), "03a-all-ins-and-side-pots", "All-ins and side pots", side_pot_question),
    Topic("pot-odds", N_("pot odds"), "04-draw-odds", "Draw odds", pot_odds_question),
    Topic("four-rows", N_("Four Rows scoring"), "07-four-rows", "Four Rows", row_score_question),
    Topic("ladder", N_("the ladder's wallet and who advances"), "08-tournament-ladder", "Tournament ladder",
          ladder_question),
)
"""Every topic, in the order the lessons teach them."""

_BY_KEY: Final = {item.key: item for item in TOPICS}
_ONE_TOPIC_QUIZZES: Final = {
    "02a-how-a-hand-goes": "hand-basics", "03-limits-and-the-cap": "cap-and-order", "04-draw-odds": "pot-odds",
    "07-four-rows": "four-rows", "08-tournament-ladder": "ladder",
}
_CAP_AND_ORDER_PROMPTS: Final = ("May ", "The draw is about to begin.")
"""How lesson 03a's questions on raising and on who acts first begin (the rest of its quiz is side pots)."""


def topic(key: str) -> Topic:
    """The topic called ``key``; a :class:`~pokerlab.quizzes.QuizError` naming the topics otherwise."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise QuizError(f"There is no topic {key!r}; the topics are {', '.join(_BY_KEY)}.") from None


def topic_of(quiz: str, level: str, prompt: str) -> Topic | None:
    """The topic of one kept answer: from its quiz name (the lesson), level and question prompt.

    ``None`` for a quiz that belongs to no topic.

    >>> topic_of("02-tie-breaks", "easy", "Who wins this showdown?").key
    'ranking'
    >>> topic_of("03a-all-ins-and-side-pots", "hard", "May Seat 2 raise now?").key
    'cap-and-order'
    """
    if quiz == "02-tie-breaks":
        return _BY_KEY["ranking" if level == "easy" else "tie-breaks"]
    if quiz == "03a-all-ins-and-side-pots":
        return _BY_KEY["cap-and-order" if prompt.startswith(_CAP_AND_ORDER_PROMPTS) else "side-pots"]
    key = _ONE_TOPIC_QUIZZES.get(quiz)
    return None if key is None else _BY_KEY[key]


@dataclass(frozen=True)
class Attempt:
    """One answer on one topic: when, and whether it was right."""

    topic: str
    at: datetime
    correct: bool


class AnswerRow(Protocol):
    """What :func:`attempts_from` needs of a kept answer (:class:`pokerlab.storage.QuizResult` has it)."""

    @property
    def quiz(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def at(self) -> datetime: ...


def attempts_from(rows: Iterable[AnswerRow]) -> list[Attempt]:
    """The answers that belong to a topic, as :class:`Attempt` values, oldest first."""
    attempts = []
    for row in rows:
        found = topic_of(row.quiz, row.level, row.question)
        if found is not None:
            attempts.append(Attempt(found.key, row.at, bool(row.correct)))
    return sorted(attempts, key=lambda attempt: attempt.at)


def _on(key: str, attempts: Iterable[Attempt]) -> list[Attempt]:
    return sorted((attempt for attempt in attempts if attempt.topic == key), key=lambda attempt: attempt.at)


@dataclass(frozen=True)
class Mastery:
    """Where a learner stands on one topic under the mastery rule."""

    topic: Topic
    answered: int
    """Answers on this topic so far."""
    run: int
    """Right answers in a row, up to the latest one."""
    later: int
    """How many of the run came :data:`LATER_VISIT_GAP` or more after its first answer."""

    @property
    def mastered(self) -> bool:
        return self.run >= MASTERY_RUN and self.later >= LATER_VISIT_COUNT

    @property
    def more_needed(self) -> int:
        """Right answers still needed (0 once mastered)."""
        return max(MASTERY_RUN - self.run, self.later_needed)

    @property
    def later_needed(self) -> int:
        """How many of those must come on a later visit."""
        return max(LATER_VISIT_COUNT - self.later, 0)

    def words(self, language: str = lang.DEFAULT) -> str:
        """The learner's mastery of the topic in one plain sentence, in ``language``."""
        _ = lang.catalogue(language)
        name = _.gettext(self.topic.name)
        more, later = self.more_needed, self.later_needed
        if self.mastered:
            return _.ngettext("You have mastered {topic}: {run} right in a row, {later} of them on another visit.",
                              "You have mastered {topic}: {run} right in a row, {later} of them on another visit.",
                              self.run).format(topic=name, run=self.run, later=self.later)
        hours = LATER_VISIT_GAP.seconds // 3600
        when = (_.ngettext("{hours} hour or more after the first of the run",
                           "{hours} hours or more after the first of the run", hours).format(hours=hours)
                if LATER_VISIT_GAP < timedelta(days=1) else _.gettext("another day"))
        if later == 0:
            how = _.ngettext("{more} more", "{more} more", more).format(more=more)
        elif later == more:
            how = (_.gettext("{more} more, on another visit ({when})") if more == 1 else
                   _.gettext("{more} more, both on another visit ({when})") if more == 2 else
                   _.gettext("{more} more, all on another visit ({when})")).format(more=more, when=when)
        elif later == 1:
            how = _.gettext("{more} more, one of them on another visit ({when})").format(more=more, when=when)
        else:
            how = _.gettext("{more} more, {later} of them on another visit ({when})").format(
                more=more, later=later, when=when)
        if self.answered == 0:
            return _.gettext("To master {topic}: {run} right in a row, {later} of them on another visit ({when}).").format(
                topic=name, run=MASTERY_RUN, later=LATER_VISIT_COUNT, when=when)
        if self.run == 0:
            return _.gettext("Your last answer on {topic} was a miss, so the run starts again: {how}, to master {topic}."
                             ).format(topic=name, how=how)
        return _.ngettext("{run} right in a row; {how}, to master {topic}.",
                          "{run} right in a row; {how}, to master {topic}.", self.run).format(
            run=self.run, how=how, topic=name)


def mastery(key: str, attempts: Iterable[Attempt]) -> Mastery:
    """The learner's :class:`Mastery` of topic ``key`` from their answers (any topics, any order)."""
    mine = _on(key, attempts)
    run: list[Attempt] = []
    for attempt in mine:
        run = [*run, attempt] if attempt.correct else []
    later = sum(attempt.at - run[0].at >= LATER_VISIT_GAP for attempt in run) if run else 0
    return Mastery(topic(key), len(mine), len(run), later)


def mastery_by_topic(attempts: Sequence[Attempt]) -> dict[str, Mastery]:
    """:func:`mastery` for every topic, in lesson order."""
    return {item.key: mastery(item.key, attempts) for item in TOPICS}


@dataclass(frozen=True)
class ReviewState:
    """A topic's place in the review queue."""

    topic: Topic
    due_at: datetime | None
    """When it comes back for review; ``None`` when it is not in the queue."""
    step: int
    """Which wait of :data:`REVIEW_INTERVALS` is running (0: the day after a miss)."""
    missed_at: datetime | None
    """The latest miss (``None`` when there was none)."""

    def is_due(self, now: datetime) -> bool:
        return self.due_at is not None and self.due_at <= now


def review_state(key: str, attempts: Iterable[Attempt]) -> ReviewState:
    """Where topic ``key`` stands in the review queue after the learner's answers (see the module's schedule).

    >>> from datetime import datetime, timezone
    >>> review_state("side-pots", []).due_at is None
    True
    """
    return ReviewState(topic(key), *review_schedule(_on(key, attempts)))


def review_schedule(attempts: Iterable[Attempt]) -> tuple[datetime | None, int, datetime | None]:
    """The review schedule (see the module docs) of one kind of question from its answers, whatever their
    topic: when it is due (``None``: not in the queue), which wait is running, and the latest miss. The
    lessons' topics use it through :func:`review_state`; My hands' drill spaces a spot with it.

    >>> from datetime import datetime, timezone
    >>> miss = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
    >>> review_schedule([Attempt("spot", miss, False)])[0] == miss + REVIEW_INTERVALS[0]
    True
    """
    due: datetime | None = None
    step = 0
    missed: datetime | None = None
    for attempt in sorted(attempts, key=lambda attempt: attempt.at):
        if not attempt.correct:
            missed, step, due = attempt.at, 0, attempt.at + REVIEW_INTERVALS[0]
        elif due is not None and attempt.at >= due:
            step += 1
            due = attempt.at + REVIEW_INTERVALS[step] if step < len(REVIEW_INTERVALS) else None
    return due, step, missed


def due_reviews(attempts: Sequence[Attempt], now: datetime) -> list[ReviewState]:
    """The topics due for review at ``now``, the longest waiting first."""
    states = [review_state(item.key, attempts) for item in TOPICS]
    due = [state for state in states if state.is_due(now)]
    return sorted(due, key=lambda state: (state.due_at, TOPICS.index(state.topic)))


def next_review(attempts: Sequence[Attempt], now: datetime) -> ReviewState | None:
    """The topic that comes back soonest after ``now`` (``None`` when the queue is empty)."""
    waiting = [state for item in TOPICS if (state := review_state(item.key, attempts)).due_at is not None
               and state.due_at > now]
    return min(waiting, key=lambda state: state.due_at, default=None)


def review_plan(due: Sequence[Topic], length: int = 6) -> list[Topic]:
    """The topics of a review quiz: each due topic in turn, round and round, ``length`` questions at most,
    and two per topic at most (so one due topic makes a review of two questions).

    >>> [item.key for item in review_plan([topic("side-pots"), topic("ranking")], 3)]
    ['side-pots', 'ranking', 'side-pots']
    """
    count = min(length, 2 * len(due))
    return [due[i % len(due)] for i in range(count)]


# ----- the quizzes the dealer grades ------------------------------------------------------------------


@dataclass(frozen=True)
class GradedQuiz:
    """A quiz the dealer asks and grades where a page has one: its questions, its levels, and the quiz
    name its answers are kept under (fixed by the quiz, never by the page: an easy question cannot be
    kept as another lesson's answer)."""

    key: str
    """How a page names it to the dealer: the lesson's quiz name, or ``topic:KEY`` for one topic's
    questions (Today's review)."""
    quiz: str
    source: QuestionSource
    levels: tuple[str, ...] = LEVELS


_LESSON_QUIZZES: Final[tuple[tuple[str, QuestionSource], ...]] = (
    ("02-tie-breaks", tie_break_question),
    ("02a-how-a-hand-goes", hand_basics_question),
    ("03-limits-and-the-cap", cap_and_order_question),
    ("03a-all-ins-and-side-pots", betting_question),
    ("04-draw-odds", pot_odds_question),
    ("07-four-rows", row_score_question),
    ("08-tournament-ladder", ladder_question),
)
"""Each lesson's quiz (as its notebook builds it): the lesson's name and its question source."""

GRADED_QUIZZES: Final[dict[str, GradedQuiz]] = {
    **{lesson: GradedQuiz(lesson, lesson, source) for lesson, source in _LESSON_QUIZZES},
    **{f"topic:{item.key}": GradedQuiz(f"topic:{item.key}", item.lesson, item.question) for item in TOPICS},
}
"""Every quiz the dealer may grade, by key."""


def graded_quiz(key: object) -> GradedQuiz:
    """The graded quiz called ``key``; a :class:`~pokerlab.quizzes.QuizError` otherwise.

    >>> graded_quiz("topic:side-pots").quiz
    '03a-all-ins-and-side-pots'
    """
    found = GRADED_QUIZZES.get(key) if isinstance(key, str) else None
    if found is None:
        raise QuizError(f"The dealer grades no quiz called {key!r}.")
    return found


def graded_quiz_key(quiz: str, source: object) -> str | None:
    """The key of the graded quiz a page builds as ``Quiz(source, ..., name=quiz)`` (``None``: the
    dealer does not grade that one, so the page keeps asking it itself).

    >>> graded_quiz_key("02-tie-breaks", tie_break_question), graded_quiz_key("my-own", tie_break_question)
    ('02-tie-breaks', None)
    """
    found = GRADED_QUIZZES.get(quiz)
    return quiz if found is not None and found.source is source else None
