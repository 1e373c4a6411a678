"""The "Which hand wins?" trainer: two dealt hands, the learner calls the winner, pokerlab explains.

Python deals and judges; the browser only draws the two hands and sends the learner's pick as a
custom message (``{"type": "pick", "choice": "first" | "second" | "split"}`` or ``{"type": "next"}``).
Both hands are face up for the learner, so sending them to the browser reveals nothing hidden; the
hand names and the verdict are sent only after the learner has answered.

The deals come from :func:`pokerlab.quizzes.deal_pair` (pairs chosen to teach); the two hands are
called Hand A and Hand B, as in the tie-break quiz, and a wrong pick is answered with the mistake
behind it (:func:`pokerlab.quizzes.showdown_mistakes`).

The trainer speaks the page's language (``Trainer(language="es")``): the hands' names and the verdict
from :mod:`pokerlab.narration.hands`, trainer.js's own words from :func:`trainer_words`. The mistake
behind a wrong pick is said in English only (:mod:`pokerlab.quizzes.tie_breaks` has no other language
yet), so another language leaves it out and shows the verdict, which says why the winner wins.

>>> trainer = Trainer(seed=3)
>>> answer = trainer.pick(trainer.correct_choice())
>>> answer.correct, trainer.streak
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.cards import Card, as_rng
from pokerlab.errors import PokerlabError, quoted
from pokerlab.hands import explain
from pokerlab.language import N_
from pokerlab.narration.hands import CARD_NAME_WORDS, value_name
from pokerlab.quizzes.pairs import LESSON_WEIGHTS, LESSONS, SPLITTABLE, Deal, deal_pair
from pokerlab.quizzes.tie_breaks import HAND_NAMES, showdown_mistakes
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update

__all__ = [
    "CHOICES", "HAND_NAMES", "LESSONS", "LESSON_WEIGHTS", "SPLITTABLE", "TRAINER_WORDS", "Answer", "Choice", "Deal",
    "Trainer", "TrainerError", "deal_pair", "trainer_words",
]

Choice = Literal["first", "second", "split"]
CHOICES: Final[tuple[Choice, ...]] = ("first", "second", "split")
NAMES: Final = (N_("Hand A"), N_("Hand B"))
"""The two hands' names as messages of the catalogue (in English, :data:`HAND_NAMES`)."""
NOT_AN_ANSWER: Final = N_("{choice} is not an answer: pick 'first', 'second' or 'split'.")
ANSWERED: Final = N_("This deal is already answered: deal the next hands to play again.")
UNKNOWN: Final = N_("Unknown request {kind}: the trainer understands 'pick' and 'next'.")
TRAINER_WORDS: Final = (
    "Hand A wins", "Hand A", "Split pot", "Split", "Hand B wins", "Hand B", "Which hand wins? trainer",
    "Which hand wins?", "Your answer", "Next hands", "Wins", "Loses", "Splits", "Deal {round} · Streak {streak} · Best {best}",
    "Right! ", "Not quite. ", "Which hand wins the showdown, or do they split the pot?",
    "Keys: A, B or S to answer, N for next hands. Seed {seed}.", *CARD_NAME_WORDS,
)
"""Every message trainer.js (and the card names of cards.js it uses) shows, in its English text: the
browser gets them in the trainer's language in the ``words`` trait (tests/test_language.py keeps this
list and the JavaScript in step)."""


def trainer_words(language: str) -> dict[str, str]:
    """:data:`TRAINER_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    return lang.front_end_words(language, TRAINER_WORDS)


class TrainerError(PokerlabError):
    """A pick the trainer cannot take: an unknown choice, or a second answer to the same deal."""


@dataclass(frozen=True)
class Answer:
    """The learner's pick judged by the engine's comparison; ``mistake`` names what went wrong."""

    choice: Choice
    correct_choice: Choice
    text: str
    names: tuple[str, str]
    mistake: str = ""

    @property
    def correct(self) -> bool:
        return self.choice == self.correct_choice


# --- the widget ------------------------------------------------------------------------------

def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


class Trainer(anywidget.AnyWidget):
    """Two hands face up; the learner says which wins (or that they split) and keeps a streak.

    Drive it from Python with :meth:`pick` and :meth:`next_hands`, or from the browser, which
    sends the same two intents as custom messages.
    """

    _esm = esm("trainer.js")
    _css = css("cards.css", "trainer.css")

    first = traitlets.List(traitlets.Unicode(), help="Hand A as card codes, e.g. ['As', 'Kd', ...]").tag(sync=True)
    second = traitlets.List(traitlets.Unicode(), help="Hand B as card codes").tag(sync=True)
    round = traitlets.Int(0, help="Deal number, starting at 1").tag(sync=True)
    result = traitlets.Dict(
        allow_none=True, default_value=None,
        help="None until the learner answers; then choice, correct_choice, correct, text and names",
    ).tag(sync=True)
    streak = traitlets.Int(0, help="Right answers in a row").tag(sync=True)
    best_streak = traitlets.Int(0).tag(sync=True)
    correct_count = traitlets.Int(0).tag(sync=True)
    answered_count = traitlets.Int(0).tag(sync=True)
    message = traitlets.Unicode("", help="A note for the learner when an intent could not be taken").tag(sync=True)
    seed = traitlets.Int(0, help="The seed the deals come from (show it to replay a session)").tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the trainer speaks").tag(sync=True)
    words = traitlets.Dict(help="trainer_words(language): the JavaScript's messages in that language").tag(sync=True)

    def __init__(self, seed: int = 0, language: str = lang.DEFAULT, **kwargs: Any) -> None:
        """``language``: the page's language (a lesson in Spanish says ``"es"``)."""
        super().__init__(seed=int(seed), language=lang.check(language), words=trainer_words(language), **kwargs)
        self._rng = as_rng(int(seed))
        self._deal: Deal | None = None
        self._answer: Answer | None = None
        self.on_msg(self._on_message)
        self.next_hands()

    @property
    def deal(self) -> Deal:
        """The two hands on the table now."""
        assert self._deal is not None
        return self._deal

    @property
    def answer(self) -> Answer | None:
        """The judged pick for the current deal, or ``None`` before the learner answers."""
        return self._answer

    def correct_choice(self) -> Choice:
        """What the right pick is for the current deal (the engine decides)."""
        winner = explain(self.deal.first, self.deal.second).winner
        return "split" if winner is None else CHOICES[winner]

    def next_hands(self) -> Deal:
        """Deal the next pair; an unanswered deal is simply replaced (the streak is kept)."""
        self._deal = deal_pair(self._rng)
        self._answer = None
        with self.hold_sync():
            self.first = _codes(self._deal.first)
            self.second = _codes(self._deal.second)
            self.result = None
            self.message = ""
            self.round += 1
        return self._deal

    def pick(self, choice: str) -> Answer:
        """Answer the current deal with ``"first"``, ``"second"`` or ``"split"``; update the streak."""
        if choice not in CHOICES:
            raise TrainerError(NOT_AN_ANSWER.format(choice=quoted(choice)))
        if self._answer is not None:
            raise TrainerError(ANSWERED)
        if self.language == lang.DEFAULT:
            comparison = explain(self.deal.first, self.deal.second, names=HAND_NAMES)
        else:
            called = (lang.gettext(self.language, NAMES[0]), lang.gettext(self.language, NAMES[1]))
            comparison = explain(self.deal.first, self.deal.second, names=called, language=self.language)
        correct_choice: Choice = "split" if comparison.winner is None else CHOICES[comparison.winner]
        mistake = "" if choice == correct_choice or self.language != lang.DEFAULT else (
            showdown_mistakes(comparison, HAND_NAMES)[CHOICES.index(choice)])  # type: ignore[arg-type]
        names = (value_name(comparison.first, self.language), value_name(comparison.second, self.language))
        answer = Answer(choice, correct_choice, comparison.text, names, mistake)  # type: ignore[arg-type]
        self._answer = answer
        with self.hold_sync():
            self.answered_count += 1
            if answer.correct:
                self.correct_count += 1
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            else:
                self.streak = 0
            self.message = ""
            self.result = {
                "choice": answer.choice, "correct_choice": answer.correct_choice, "correct": answer.correct,
                "text": answer.text, "names": list(answer.names), "mistake": answer.mistake,
            }
        return answer

    @one_update
    def _on_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        """Intents from the browser. A refused intent becomes a message for the learner, never a traceback."""
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "pick":
                if content.get("round") not in (None, self.round):
                    return  # a late click on hands that are already gone
                self.pick(str(content.get("choice")))
            elif kind == "next":
                self.next_hands()
            else:
                raise TrainerError(UNKNOWN.format(kind=quoted(kind)))
        except PokerlabError as error:
            said = lang.retell(self.language, str(error), (NOT_AN_ANSWER, ANSWERED, UNKNOWN))
            self.message = said if said is not None else str(error)
