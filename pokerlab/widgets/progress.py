"""The learner's own progress: which lessons they opened and how their quizzes went (issue 15).

* :class:`LessonProgress` goes at the top of a lesson page (one short cell). It shows the identity
  line (:class:`~pokerlab.widgets.identity.IdentityWidget`): a returning browser is recognised
  silently; a newcomer may choose a name. Once the learner is known it records, through
  :mod:`pokerlab.storage`, that this lesson was opened, and every quiz answer given afterwards
  (pass it to :class:`~pokerlab.widgets.quiz.Quiz` as ``progress=``). Before that nothing is kept:
  the learner can read and answer all the same.
* :class:`MyProgress` goes on the contents page: the known learner's own lessons and quiz scores, a
  small table. Another learner on the same server sees only theirs.

Any storage failure shows a plain sentence and the page carries on; nothing raises into a cell.
"""

from __future__ import annotations

import html
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import ipywidgets as widgets

from pokerlab import language as lang
from pokerlab.errors import PokerlabError, quoted
from pokerlab.language import N_
from pokerlab.storage import (
    Learner,
    QuizResult,
    StoreTarget,
    lesson_progress_of,
    quiz_results,
    record_lesson,
    record_quiz_answer,
)
from pokerlab.storage import LessonProgress as LessonRow
from pokerlab.storage.guarded import KeepError, guarded, said
from pokerlab.widgets.identity import REFUSALS as IDENTITY_REFUSALS
from pokerlab.widgets.identity import IdentityWidget

LESSONS: Final[tuple[tuple[str, str], ...]] = (
    ("01-hand-rankings", N_("Hand rankings")),
    ("02-tie-breaks", N_("Tie-breaks")),
    ("02a-how-a-hand-goes", N_("How a hand goes")),
    ("03-limits-and-the-cap", N_("Limits and the cap")),
    ("03a-all-ins-and-side-pots", N_("All-ins and side pots")),
    ("04-draw-odds", N_("Draw odds")),
    ("07-four-rows", N_("Four Rows")),
    ("08-tournament-ladder", N_("Tournament ladder")),
)
"""The lesson pages whose progress is kept: (notebook name without ``.ipynb``, English title), in order.
A link is relative, so on a page in ``notebooks/<code>/`` it goes to the lesson's twin in that language."""

_LESSON_NAME: Final = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")

ASK_ON_A_LESSON: Final = N_(
    "Choose a name to keep your progress: the lessons you opened and your quiz scores, shown on the "
    "contents page. Without a name you can still read everything and answer the quizzes, but nothing is kept."
)
FOLLOWING: Final = N_("Your quiz answers on this page are kept once the game on this page knows your name "
                      "(its name line).")
ASK_ON_CONTENTS: Final = N_(
    "Choose a name to see your progress here: the lessons you opened and your quiz scores. "
    "Progress is kept only once a name is chosen (here or on any lesson page)."
)
NO_NAME_YET: Final = N_("Your progress (lessons opened, quiz scores) is kept once a name is chosen.")
NOTHING_OPENED: Final = N_("{name}, you have not opened a lesson yet: start with the first one below.")
YOUR_PROGRESS: Final = N_("Your progress, {name}")
QUIZ_SCORE: Final = N_("{right} right of {answered}")
HEADERS: Final = (N_("Lesson"), N_("Opened"), N_("Quiz"))
NOT_YET: Final = N_("not yet")


class ProgressWidgetError(PokerlabError):
    """A lesson page was set up with a name pokerlab does not know."""


def _store() -> StoreTarget:
    return None  # the default data store (POKERLAB_DATABASE_URL or the data folder)


def _identity(on_learner: Callable[[Learner], None], purpose: str,
              language: str = lang.DEFAULT) -> tuple[Any | None, str]:
    """An identity line, or ``None`` and the reason when even that failed (JupyterHub with no data store)."""
    try:
        return IdentityWidget(on_learner=on_learner, purpose=purpose, language=language), ""
    except PokerlabError as error:
        return None, _failure_text(error, language)


def _failure_text(error: PokerlabError, language: str) -> str:
    """Why the identity line could not be made, in ``language``: a storage failure from what it is made
    of (:meth:`~pokerlab.storage.guarded.KeepError.text`), a refusal of :mod:`pokerlab.classroom.identity`
    (a hub user name it cannot take) said again from its English, anything else as it is written."""
    if isinstance(error, KeepError):
        return error.text(language)
    english = str(error)
    return english if language == lang.DEFAULT else lang.retell(language, english, IDENTITY_REFUSALS) or english


class LessonProgress(widgets.VBox):
    """Keeps, for the learner on this page, that ``lesson`` was opened and how its quiz went.

    ``ask=False``: no identity line of its own; the page's app asks for the name instead (see
    :meth:`follow`), and the note says so. ``follow=app``: the same, for an app already built.

    >>> progress = LessonProgress("02-tie-breaks")
    >>> progress.learner is None, progress.recorded
    (True, [])
    """

    def __init__(self, lesson: str, *, ask: bool = True, follow: Any = None, store: StoreTarget = None,
                 language: str = lang.DEFAULT) -> None:
        """``language``: the page's language (a lesson in Spanish says ``"es"``): the identity line and
        the note speak it."""
        if not isinstance(lesson, str) or not _LESSON_NAME.fullmatch(lesson):
            raise ProgressWidgetError(
                f"A lesson is named like its notebook without '.ipynb', e.g. '02-tie-breaks'; got {quoted(lesson)}."
            )
        self.lesson = lesson
        self.language = lang.check(language)
        self.store = store
        self.learner: Learner | None = None
        self.recorded: list[str] = []
        """What was kept on this page, in order ("opened", "quiz 02-tie-breaks"): for tests and the note."""
        self.listeners: list[Callable[[], None]] = []
        """Called once the learner is known (the quizzes then show mastery from the kept answers)."""
        self._answers: list[QuizResult] | None = None
        self.note = widgets.HTML("", layout=widgets.Layout(margin="0"))
        self.note.add_class("pl-progress-note")
        self.identity: Any | None = None
        children: list[widgets.Widget] = []
        if ask and follow is None:
            self.identity, problem = _identity(self.learner_known, ASK_ON_A_LESSON, self.language)
            if self.identity is not None:
                children.append(self.identity)
            else:
                self._say(problem)
        else:
            self._say(lang.gettext(self.language, FOLLOWING))
        children.append(self.note)
        super().__init__(children, layout=widgets.Layout(width="100%"))
        self.add_class("pl-progress")
        self.add_class("pl-keys")  # keys pressed in it stay out of JupyterLab's shortcuts (static/keys.js)
        if self.identity is not None and self.identity.learner is not None:  # JupyterHub: known at once
            self.learner_known(self.identity.learner)
        if follow is not None:
            self.follow(follow)

    def follow(self, app: Any) -> Any:
        """Take the learner from ``app``'s identity line (an app with ``.identity``, or the identity
        widget itself) and return ``app``, so a cell can end with ``progress.follow(LadderApp())``."""
        getattr(app, "identity", app).also_tell(self.learner_known)
        return app

    def learner_known(self, learner: Learner) -> None:
        """The identity line knows the learner (again after "Not you?"): record that the lesson was opened."""
        if self.learner == learner:
            return
        self.learner = learner

        self._answers = None
        if self._keep(N_("keep your progress"), lambda: record_lesson(self._target(), learner, self.lesson, 0)):
            self.recorded.append("opened")
            self._say("")
        self._keep(N_("read your quiz answers"), lambda: self._answers_read(quiz_results(self._target(), learner)))
        for listener in self.listeners:
            listener()

    def _answers_read(self, answers: list[QuizResult]) -> None:
        self._answers = list(answers)

    def kept_answers(self) -> list[QuizResult] | None:
        """The known learner's own kept answers, every quiz (``None`` before the learner is known or when
        they could not be read): what the quizzes' mastery lines are worked out from."""
        return None if self.learner is None or self._answers is None else list(self._answers)

    def quiz_answered(self, quiz: str, level: str, question: str, answer: str, correct: bool,
                      mistake: str | None = None) -> None:
        """Keep one quiz answer (with the code of its named mistake, if any) for the known learner; before
        the learner is known, nothing."""
        learner = self.learner
        if learner is None:
            return

        def keep() -> None:
            kept = record_quiz_answer(self._target(), learner, quiz, level or "any", question[:2000], answer[:2000],
                                      bool(correct), mistake)
            if self._answers is not None:
                self._answers.append(kept)

        if self._keep(N_("keep your quiz answer"), keep):
            self.recorded.append(f"quiz {quiz}")

    # --- helpers ----------------------------------------------------------------------------------

    def _target(self) -> StoreTarget:
        return self.store if self.store is not None else _store()

    def _keep(self, doing: str, work: Callable[[], object]) -> bool:

        try:
            guarded(doing, work)
        except PokerlabError as error:
            self._say(said(error, self.language))
            return False
        return True

    def _say(self, text: str) -> None:
        self.note.value = f'<p class="pl-progress-text" role="status">{html.escape(text)}</p>' if text else ""


@dataclass(frozen=True)
class LessonLine:
    """One row of the contents page's progress table."""

    lesson: str
    title: str
    opened: str
    """When the lesson was last opened, as the language writes a day ("" when never)."""
    quiz: str
    """"3 right of 5", or "" when no question was answered."""


def progress_lines(
    lessons: Sequence[tuple[str, str]], opened: dict[str, LessonRow], answers: Sequence[QuizResult],
    language: str = lang.DEFAULT,
) -> list[LessonLine]:
    """The table's rows from one learner's lesson rows and quiz answers (a quiz is named after its lesson),
    in ``language``.

    >>> progress_lines([("02-tie-breaks", "Tie-breaks")], {}, [])
    [LessonLine(lesson='02-tie-breaks', title='Tie-breaks', opened='', quiz='')]
    """
    # deferred: the drill loads the coach's review (0.45 s, 38 modules), for a date
    from pokerlab.apps.drill import day_text

    lines = []
    for lesson, title in lessons:
        row = opened.get(lesson)
        mine = [answer for answer in answers if answer.quiz == lesson]
        right = sum(answer.correct for answer in mine)
        lines.append(LessonLine(
            lesson, lang.gettext(language, title),
            "" if row is None else day_text(row.updated_at, language),
            lang.gettext(language, QUIZ_SCORE).format(right=right, answered=len(mine)) if mine else "",
        ))
    return lines


def progress_table(lines: Sequence[LessonLine], language: str = lang.DEFAULT) -> str:
    """The rows as a small HTML table (escaped), with links to the lessons, headed in ``language``."""
    say = lang.catalogue(language).gettext
    head = "".join(f'<th scope="col" style="text-align:left;padding:4px 6px">{html.escape(say(name))}</th>'
                   for name in HEADERS)
    not_yet = say(NOT_YET)
    body = "".join(
        '<tr style="border-top:1px solid #d0d7de">'
        f'<td style="padding:4px 6px"><a style="color:inherit;text-decoration:underline" href="{html.escape(line.lesson)}.ipynb">{html.escape(line.title)}</a></td>'
        f'<td style="padding:4px 6px">{html.escape(line.opened or not_yet)}</td>'
        f'<td style="padding:4px 6px">{html.escape(line.quiz or "–")}</td></tr>'
        for line in lines
    )
    return (f'<table class="pl-progress-table" style="border-collapse:collapse;margin:6px 0">'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


class MyProgress(widgets.VBox):
    """The contents page's "Your progress": the identity line, then the known learner's own table.

    >>> board = MyProgress()
    >>> "once a name is chosen" in board.table.value
    True
    """

    _last: weakref.ref[MyProgress] | None = None

    @classmethod
    def last_built(cls) -> MyProgress | None:
        """The progress widget built last in this kernel (the contents page's), for widgets that follow its
        learner (:class:`pokerlab.widgets.mastery.TodaysReview`); ``None`` when there is none."""
        return None if cls._last is None else cls._last()

    def __init__(self, store: StoreTarget = None, lessons: Sequence[tuple[str, str]] = LESSONS,
                 language: str = lang.DEFAULT) -> None:
        """``language``: the page's language (the contents page in Spanish says ``"es"``): the identity line,
        the sentences and the table speak it."""
        MyProgress._last = weakref.ref(self)
        self.language = lang.check(language)
        self.store = store
        self.lessons = tuple(lessons)
        self.learner: Learner | None = None
        self.table = widgets.HTML("")
        self.table.add_class("pl-progress-report")
        self._show_text(lang.gettext(self.language, NO_NAME_YET))
        self.identity, problem = _identity(self.show, ASK_ON_CONTENTS, self.language)
        if problem:
            self._show_text(problem)
        children = [self.identity, self.table] if self.identity is not None else [self.table]
        super().__init__(children, layout=widgets.Layout(width="100%"))
        self.add_class("pl-progress")
        self.add_class("pl-keys")  # keys pressed in it stay out of JupyterLab's shortcuts (static/keys.js)
        if self.identity is not None and self.identity.learner is not None:  # JupyterHub
            self.show(self.identity.learner)

    def show(self, learner: Learner) -> None:
        """Read ``learner``'s own progress and show it (a plain sentence when it cannot be read)."""

        self.learner = learner
        target = self.store if self.store is not None else _store()
        try:
            opened, answers = guarded(N_("read your progress"), lambda: (
                lesson_progress_of(target, learner), quiz_results(target, learner)))
        except PokerlabError as error:
            self._show_text(said(error, self.language))
            return
        say = lang.catalogue(self.language).gettext
        lines = progress_lines(self.lessons, opened, answers, self.language)
        if not opened and not answers:
            self._show_text(say(NOTHING_OPENED).format(name=learner.name))
            return
        heading = html.escape(say(YOUR_PROGRESS).format(name=learner.name))
        self.table.value = (f'<p class="pl-progress-text"><strong>{heading}</strong></p>'
                            + progress_table(lines, self.language))

    def _show_text(self, text: str) -> None:
        self.table.value = f'<p class="pl-progress-text" role="status">{html.escape(text)}</p>'


__all__ = [
    "ASK_ON_A_LESSON", "ASK_ON_CONTENTS", "LESSONS", "LessonLine", "LessonProgress", "MyProgress",
    "ProgressWidgetError", "progress_lines", "progress_table",
]
