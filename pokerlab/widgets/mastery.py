"""The contents page's "Today's review" and placement check (issue 28), built on the quiz widget.

* :class:`TodaysReview`: for the known learner only, the topics their review queue has due now
  (:func:`pokerlab.quizzes.mastery.due_reviews`: 1, 3 and 7 days after a miss), asked as one short mixed
  quiz (:func:`~pokerlab.quizzes.mastery.review_plan`). Each answer is kept under its topic's lesson,
  as if given there, so it counts for that topic's mastery and moves the topic on in the queue. It takes
  the learner from the page's :class:`~pokerlab.widgets.progress.MyProgress` (``follow=``, by default the
  one built last in this kernel), so the contents page asks for a name once.
* :class:`PlacementCheck`: five questions (:data:`pokerlab.quizzes.placement.PLACEMENT`), then a
  recommendation in words with a link: 01, 02, 02a or 03. It keeps nothing.

Any storage failure is a plain sentence; nothing raises into a cell.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any, Final

import ipywidgets as widgets
import numpy as np

from pokerlab import language as lang
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.quizzes import LEVELS, Question
from pokerlab.quizzes.mastery import Topic, attempts_from, due_reviews, next_review, review_plan
from pokerlab.quizzes.placement import PLACEMENT, placement_advice
from pokerlab.storage import Learner, QuizResult, StoreTarget, quiz_results, record_quiz_answer
from pokerlab.storage.guarded import guarded, said
from pokerlab.widgets import progress
from pokerlab.widgets.quiz import Quiz
from pokerlab.widgets.quiz_dealer import dealer_for, kept_row

__all__ = ["PlacementCheck", "PlannedSource", "ReviewQuiz", "TodaysReview"]

REVIEW_LENGTH: Final = 6
"""Questions in one review at most (two per due topic)."""

Clock = Callable[[], datetime]

WAITING_FOR_A_NAME: Final = N_(
    "Today's review appears here once you choose a name (above): the topics you missed, a day, "
    "three days and a week later.")
BACK_ON: Final = N_("Nothing to review yet, {name}. {Topic} comes back for review on {day}.")
BACK_TODAY: Final = N_("Nothing to review yet, {name}. {Topic} comes back for review later today.")
NONE_WAITING: Final = N_(
    "Nothing to review, {name}: no topic you missed is waiting. A question you miss "
    "in a lesson quiz comes back here a day later.")
NOTHING_YET: Final = N_(
    "Nothing to review yet, {name}. Answer the quizzes in the lessons: a question "
    "you miss comes back here a day later, then three days and a week after that.")
DUE_NOW: Final = N_(
    "Today's review, {name}: {count} questions on {topics}, topics you missed before. Right answers here "
    "space the next review further out; a miss brings the topic back tomorrow.")
REVIEW_TITLE: Final = N_("Today's review")
REVIEW_DONE: Final = N_(
    "That was today's review: {right} of {answered} right. More questions keep coming if you like; "
    "they count for mastery too.")
AND: Final = N_("{names} and {last}")
PLACEMENT_TITLE: Final = N_("Where to start: {count} questions")
PLACEMENT_SCORE: Final = N_("{right} of {count} right.")
AGAIN: Final = N_("Take the check again")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _paragraph(text: str, css_class: str = "pl-progress-text") -> str:
    return f'<p class="{css_class}" role="status">{html.escape(text)}</p>'


def _names(topics: Sequence[Topic], language: str) -> str:
    names = list(dict.fromkeys(lang.gettext(language, item.name) for item in topics))
    return names[0] if len(names) == 1 else lang.gettext(language, AND).format(names=", ".join(names[:-1]),
                                                                                last=names[-1])


class PlannedSource:
    """A question source that follows a plan of topics: question *n* is on ``plan[n % len(plan)]``.

    *n* is the number of questions answered so far (``answered()``), so asking again without an answer
    (a level change) gives another question on the same topic rather than skipping one."""

    def __init__(self, plan: Sequence[Topic], level: str | None = None) -> None:
        if not plan:
            raise PokerlabError("A planned quiz needs at least one topic.")
        self.plan = tuple(plan)
        self.level = level
        self.answered: Callable[[], int] = lambda: 0
        self.current = self.plan[0]
        """The topic of the question asked last."""

    def __call__(self, level: str, rng: np.random.Generator) -> Question:
        self.current = self.plan[self.answered() % len(self.plan)]
        return self.current.question(self.level or level, rng)


class ReviewQuiz(Quiz):
    """A quiz over a :class:`PlannedSource` whose answers are kept under each question's topic lesson."""

    def __init__(self, source: PlannedSource, levels: Sequence[str], **kwargs: Any) -> None:
        self.planned = source
        super().__init__(source, levels, **kwargs)
        source.answered = lambda: self.session.answered_count

    def recorded_name(self, question: object) -> str:
        return self.planned.current.lesson

    def graded_quiz(self, source: object) -> str | None:
        return "topic"  # each question is on its topic's own graded quiz (graded_key)

    def graded_key(self) -> str:
        """The graded quiz of the plan's next topic (the dealer asks the question on it)."""
        self.planned.current = self.planned.plan[self.session.answered_count % len(self.planned.plan)]
        return f"topic:{self.planned.current.key}"


class _Keeper:
    """Keeps review answers for one learner and hands the quiz their answers for its mastery line."""

    def __init__(self, store: StoreTarget, learner: Learner, answers: list[QuizResult], on_kept: Callable[[], None],
                 identity: Any = None, language: str = lang.DEFAULT):
        self.lesson, self.language = "00-start-here", language
        self.store, self.learner, self.answers, self.on_kept = store, learner, answers, on_kept
        self.identity = identity
        """The page's identity line: how the review's quiz signs in to a dealer, where there is one."""
        self.problem = ""

    def quiz_answered(self, quiz: str, level: str, question: str, answer: str, correct: bool,
                      mistake: str | None = None) -> None:
        try:
            self.answers.append(guarded(N_("keep your review answer"), lambda: record_quiz_answer(
                self.store, self.learner, quiz, level or "any", question[:2000], answer[:2000], bool(correct),
                mistake)))
            self.problem = ""
        except PokerlabError as error:
            self.problem = said(error, self.language)
        self.on_kept()

    def kept_answers(self) -> list[QuizResult]:
        return list(self.answers)


def _last_my_progress() -> Any | None:
    return progress.MyProgress.last_built()


def _drill_paragraph(store: StoreTarget, learner: Learner, now: datetime, language: str) -> str:
    """The line on the drill spots due in My hands, spaced like this review (:func:`pokerlab.apps.drill.drill_reminder`);
    "" when none is due or the hands cannot be read (the review itself goes on)."""
    # deferred: the drill (numpy.random and My hands' replay) only when the review is shown (issue 30)
    from pokerlab.apps.drill import drill_reminder

    try:
        line = drill_reminder(store, learner, now, language)
    except PokerlabError:
        return ""
    return f'<p class="pl-progress-text pl-review-drill">{line}</p>' if line else ""


class TodaysReview(widgets.VBox):
    """The topics due for review for the learner of the page's progress widget, as one mixed quiz.

    >>> review = TodaysReview(follow=None)
    >>> "choose a name" in review.summary.value
    True
    """

    def __init__(self, follow: Any = "page", store: StoreTarget = None, clock: Clock = _now,
                 rng: np.random.Generator | int | None = None, length: int = REVIEW_LENGTH,
                 language: str = lang.DEFAULT) -> None:
        """``language``: the page's language (the contents page in Spanish says ``"es"``): the sentences, the
        drill line and the review's quiz speak it."""
        self.store, self.clock, self.rng, self.length = store, clock, rng, length
        self.language = lang.check(language)
        self.learner: Learner | None = None
        self.plan: list[Topic] = []
        self.quiz: ReviewQuiz | None = None
        self.keeper: _Keeper | None = None
        self.identity: Any = None
        self.summary = widgets.HTML(_paragraph(lang.gettext(self.language, WAITING_FOR_A_NAME)))
        self.summary.add_class("pl-review-summary")
        self.done = widgets.HTML("")
        self.done.add_class("pl-review-done")
        self.quiz_box = widgets.VBox([])
        super().__init__([self.summary, self.quiz_box, self.done], layout=widgets.Layout(width="100%"))
        self.add_class("pl-review")
        self.add_class("pl-keys")
        followed = _last_my_progress() if follow == "page" else follow
        if followed is not None:
            self.follow(followed)

    def follow(self, app: Any) -> None:
        """Take the learner from ``app``'s identity line (a :class:`MyProgress`, or an identity widget)."""
        identity = getattr(app, "identity", app)
        if identity is None:
            return
        self.identity = identity
        identity.also_tell(self.show)

    def show(self, learner: Learner) -> None:
        """Read ``learner``'s own answers and offer the review that is due now."""
        self.learner = learner
        self.quiz, self.quiz_box.children, self.done.value = None, (), ""
        try:
            answers = self._answers(learner)
            if answers is None:
                answers = guarded(N_("read your quiz answers"), lambda: quiz_results(self.store, learner))
        except PokerlabError as error:
            self.summary.value = _paragraph(said(error, self.language))
            return
        attempts = attempts_from(answers)
        now = self.clock()
        drill = _drill_paragraph(self.store, learner, now, self.language)
        say = lang.catalogue(self.language).gettext
        due = due_reviews(attempts, now)
        if not due:
            upcoming = next_review(attempts, now)
            if upcoming is not None and upcoming.due_at is not None:
                # deferred: as in _drill_paragraph
                from pokerlab.apps.drill import day_text

                name = say(upcoming.topic.name)
                text = (say(BACK_TODAY) if upcoming.due_at.date() == now.date() else say(BACK_ON)).format(
                    name=learner.name, Topic=name[:1].upper() + name[1:], topic=name,
                    day=day_text(upcoming.due_at, self.language))
            else:
                text = say(NONE_WAITING if attempts else NOTHING_YET).format(name=learner.name)
            self.summary.value = _paragraph(text) + drill
            return
        self.plan = review_plan([state.topic for state in due], self.length)
        self.summary.value = _paragraph(say(DUE_NOW).format(
            name=learner.name, count=len(self.plan), topics=_names(self.plan, self.language))) + drill
        keeper = _Keeper(self.store, learner, list(answers), self._after_answer, self.identity, self.language)
        self.quiz = ReviewQuiz(PlannedSource(self.plan), LEVELS, rng=self.rng, level="medium",
                               title=REVIEW_TITLE, progress=keeper, clock=self.clock, language=self.language)
        self.quiz.observe(lambda _change: self._after_answer(), "answered_count")  # graded in a dealer, too
        self.keeper = keeper
        self.quiz_box.children = (self.quiz,)

    def _answers(self, learner: Learner) -> list[QuizResult] | None:
        """The learner's answers as the page's dealer keeps them (None: no dealer here, or none reachable)."""
        # deferred: the dealer's HTTP client (http.client, urllib) only when a review asks a dealer (issue 30)
        from pokerlab.dealer.client import DealerError

        client, _problem = dealer_for(self, learner)
        if client is None:
            return None
        try:
            return [kept_row(row) for row in client.quiz_mine()]
        except DealerError:
            return None

    def _after_answer(self) -> None:
        if self.quiz is None:
            return
        session = self.quiz.session
        problem = self.keeper.problem if self.keeper is not None else ""
        if problem:
            self.done.value = _paragraph(problem)
        elif session.answered_count >= len(self.plan):
            self.done.value = _paragraph(lang.gettext(self.language, REVIEW_DONE).format(
                right=session.correct_count, answered=session.answered_count), "pl-progress-text pl-review-end")


class _PlacementQuiz(ReviewQuiz):
    def show_mastery(self) -> None:
        self.mastery = ""  # the check keeps nothing, so it says nothing about mastery


class PlacementCheck(widgets.VBox):
    """Five questions, then where to start: the hand rankings (01), tie-breaks (02), how a hand goes (02a)
    or limits and the cap (03), in words with a link. Nothing is kept.

    >>> check = PlacementCheck(rng=1)
    >>> check.quiz.question["prompt"]
    'Who wins this showdown?'
    """

    def __init__(self, rng: np.random.Generator | int | None = None, language: str = lang.DEFAULT) -> None:
        """``language``: the page's language (the contents page in Spanish says ``"es"``)."""
        self.rng = rng
        self.language = lang.check(language)
        self.results: list[bool] = []
        self.advice = widgets.HTML("")
        self.advice.add_class("pl-placement-advice")
        self.again = widgets.Button(description=lang.gettext(self.language, AGAIN))
        self.again.on_click(lambda _button: self.restart())
        self.quiz = self._new_quiz()
        super().__init__([self.quiz, self.advice], layout=widgets.Layout(width="100%"))
        self.add_class("pl-placement")
        self.add_class("pl-keys")

    def _new_quiz(self) -> ReviewQuiz:
        source = PlannedSource(PLACEMENT, level="easy")
        quiz = _PlacementQuiz(source, ("easy",), rng=self.rng, language=self.language)
        quiz.title = lang.gettext(self.language, PLACEMENT_TITLE).format(count=len(PLACEMENT))
        quiz.observe(self._answered, names="answered_count")
        quiz.observe(self._moved_on, names="question_number")
        return quiz

    def _answered(self, change: dict[str, Any]) -> None:
        outcome = self.quiz.session.last
        if outcome is None or change["new"] <= len(self.results) or len(self.results) >= len(PLACEMENT):
            return
        self.results.append(outcome.correct)
        if len(self.results) == len(PLACEMENT):
            advice = placement_advice(self.results)
            score = lang.gettext(self.language, PLACEMENT_SCORE).format(right=sum(self.results), count=len(PLACEMENT))
            self.advice.value = (
                f'<p class="pl-progress-text" role="status"><strong>{html.escape(score)}'
                f"</strong> {html.escape(advice.words(self.language))} "
                f'<a style="color:inherit;text-decoration:underline" href="{html.escape(advice.lesson)}.ipynb">'
                f"{html.escape(advice.lesson.split('-')[0])} · "
                f"{html.escape(lang.gettext(self.language, advice.title))}</a></p>")

    def _moved_on(self, change: dict[str, Any]) -> None:
        if len(self.results) >= len(PLACEMENT):  # past the fifth question: the check is over
            self.children = (self.advice, self.again)

    def restart(self) -> None:
        """Start the five questions again."""
        self.results = []
        self.advice.value = ""
        self.quiz = self._new_quiz()
        self.children = (self.quiz, self.advice)
