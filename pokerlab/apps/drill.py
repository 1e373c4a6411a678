"""Drill my mistakes (issue 29), the application side: the decisions the coach flagged in a learner's
kept hands become practice spots (no widget here; the page is :mod:`pokerlab.widgets.my_hands`).

* A **spot** (:func:`spot`) is one flagged decision as the learner met it: their own cards then, the
  pot, what they owed, what had happened so far (the replay's "what you knew then"), and the choices
  open at that point (every legal discard, or the betting choices the coach weighed). It is built from
  the kept hand alone (:func:`pokerlab.apps.my_hands.replay`), so it holds no card the learner did not
  see then, and the coach's chances are the replay's: the coach's for the same situation, with the
  trials and seed of the table's own review.
* The learner answers (:func:`answer`); the coach's chances for each choice come back only then. An
  answer is **right** when it is the coach's choice, or when the review would call it about the same
  (within the coach's margin of error, or a difference too small to count: the review panel's rule,
  :func:`pokerlab.coach.verdicts.judge`).
* **Spacing**, shared with the lessons' review queue (:func:`pokerlab.quizzes.mastery.review_schedule`,
  the schedule that brings a missed question type back in "Today's review"): a spot never drilled is
  due now; answered right the first time, it leaves the drill. Answered otherwise, it is due again 1 day
  after that miss; a right answer once due sends it 3 days on, the next 7 days on, and the one after
  takes it out; a miss at any point starts again at 1 day. What was answered is kept with the coach's
  flag in ``kept_hands.flags`` (:func:`pokerlab.storage.kept_hands.record_drill`), one write transaction
  an answer; no table of its own.

>>> from datetime import datetime, timezone
>>> flag = {"decision": 1, "drill": {"answers": [{"at": "2026-12-01T20:00:00.000000+00:00", "right": False}]}}
>>> [is_due(flag, datetime(2026, 12, 2, hour, tzinfo=timezone.utc)) for hour in (19, 20)]  # a day after the miss
[False, True]
>>> is_due({"decision": 0, "drill": {"last": "2026-11-01T08:00:00.000000+00:00", "right": True}},
...        datetime(2026, 12, 2, tzinfo=timezone.utc))
False
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.my_hands import Replay, betting_choices, game_name, replay
from pokerlab.cards import parse_cards
from pokerlab.coach.advice import Z
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.findings import BetReview, DecisionReview
from pokerlab.coach.phrases import choice_phrase
from pokerlab.coach.verdicts import judge
from pokerlab.errors import PokerlabError
from pokerlab.quizzes.mastery import Attempt, review_schedule
from pokerlab.storage import Learner, StoreTarget
from pokerlab.storage.kept_hands import KeptHand, kept_hands, record_drill

__all__ = ["DrillAnswer", "DrillSpot", "answer", "attempts", "day_text", "drill_counts", "drill_reminder", "due_at",
           "due_spots", "is_due", "keep_answer", "spot"]

class DrillError(PokerlabError):
    """An answer the spot cannot take (a discard that is not legal there, a choice it does not have)."""


def attempts(flag: dict[str, Any]) -> list[Attempt]:
    """The drill's answers on the flagged decision ``flag``, oldest first (a flag drilled before the
    answers were kept one by one has its last answer only)."""
    drill = flag.get("drill") or {}
    answers = drill.get("answers") or ([{"at": drill["last"], "right": drill.get("right")}] if drill.get("last") else [])
    return sorted((Attempt("drill", datetime.fromisoformat(str(item["at"])), bool(item["right"])) for item in answers),
                  key=lambda attempt: attempt.at)


def due_at(flag: dict[str, Any]) -> datetime | None:
    """When the flagged decision ``flag`` is due in the drill (see the module docs): None once it has left
    it; a spot never drilled is due from the start (``datetime.min``)."""
    answers = attempts(flag)
    if not answers:
        return datetime.min.replace(tzinfo=timezone.utc)
    return review_schedule(answers)[0]


def is_due(flag: dict[str, Any], now: datetime) -> bool:
    """Whether the flagged decision ``flag`` is to be drilled at ``now`` (see the module docs)."""
    due = due_at(flag)
    return due is not None and due <= now


def due_spots(store: StoreTarget, learner: Learner, now: datetime) -> list[tuple[KeptHand, int]]:
    """The spots due at ``now``: (kept hand, decision number), the oldest hand first."""
    hands = kept_hands(store, learner, flagged=True)
    return [(hand, int(flag["decision"])) for hand in reversed(hands)
            for flag in hand.flags or [] if is_due(flag, now)]


def drill_counts(hands: list[KeptHand], now: datetime) -> dict[str, int]:
    """How many flagged decisions among ``hands`` are due now, wait for a later day, or have left the drill."""
    counts = {"due": 0, "later": 0, "done": 0}
    for hand in hands:
        for flag in hand.flags or []:
            due = due_at(flag)
            counts["done" if due is None else "due" if due <= now else "later"] += 1
    return counts


def drill_reminder(store: StoreTarget, learner: Learner, now: datetime, language: str = lang.DEFAULT) -> str:
    """One line of HTML for "Today's review" on the contents page, in ``language``: how many spots of
    ``learner``'s drill are due at ``now``, with a link to My hands ("" when none is). The spots are drilled
    there, where their cards and choices are shown; the review's quiz asks question types only. The link is
    relative: from the contents page in ``notebooks/es/`` it goes to My hands in Spanish."""
    hands = kept_hands(store, learner, flagged=True)
    due = drill_counts(hands, now)["due"]
    if not due:
        return ""
    link = (f'<a style="color:inherit;text-decoration:underline" href="11-my-hands.ipynb">'
            f'{html.escape(lang.gettext(language, "My hands"))}</a>')
    line = lang.ngettext(language, "Also due: {count} decision from your own hands to decide again, in {link} "
                         "({drill}).", "Also due: {count} decisions from your own hands to decide again, in {link} "
                         "({drill}).", due)
    return html.escape(line).format(count=lang.format_number(due, language), link=link,
                                    drill=html.escape(lang.gettext(language, "Drill my mistakes")))


@dataclass(frozen=True)
class DrillSpot:
    """One flagged decision to decide again (see the module docs)."""

    hand: KeptHand
    decision: int
    review: DecisionReview
    step: dict[str, Any]
    """The replay's step for this decision (its chances: the coach's for this situation)."""
    language: str = lang.DEFAULT
    """The language of the step's words and of the choices'."""

    @property
    def is_draw(self) -> bool:
        return isinstance(self.review.finding, DrawReview)

    def choices(self) -> list[dict[str, str]]:
        """The betting choices open then (a draw's choices are the learner's legal discards)."""
        finding = self.review.finding
        if isinstance(finding, DrawReview):
            return []
        names = betting_choices(finding.owed, finding.coach_to > finding.bet_size, self.language)
        return [{"option": option, "label": names[option]} for option, _ in finding.values]

    def to_json(self) -> dict[str, Any]:
        """What the browser gets before the learner answers: only what they knew at that decision."""
        hand, step = self.hand, self.step
        question = {
            "hand": hand.id, "decision": self.decision,
            "title": lang.gettext(self.language, "{game}, {when} UTC").format(
                game=game_name(hand.game, self.language), when=hand.played_at[:16].replace("T", " ")),
            "stage": step["stage"], "cards": step["cards"], "knew": step["knew"], "pot": step["pot"],
            "owed": step["owed"], "kind": "draw" if self.is_draw else "bet", "choices": self.choices(),
        }
        finding = self.review.finding
        if isinstance(finding, DrawReview):
            question["max_discards"] = max(len(choice.discard) for choice in finding.odds.choices)
        return question


def spot(hand: KeptHand, decision: int, shown: Replay | None = None, language: str = lang.DEFAULT) -> DrillSpot:
    """The spot of flagged decision ``decision`` of the kept hand ``hand`` (``shown``: its replay in
    ``language``, if made)."""
    shown = shown or replay(hand, language)
    if not 0 <= decision < len(shown.steps):
        raise DrillError(lang.gettext(language, "This decision is no longer in the hand's review."))
    return DrillSpot(hand, decision, shown.review.decisions[decision], shown.steps[decision].to_json(), language)


@dataclass(frozen=True)
class DrillAnswer:
    """The coach's answer to the learner's new choice at a spot."""

    right: bool
    verdict: str
    """The review's rule: ``same``, ``close``, ``costly`` or ``unmeasured``."""
    chose: str
    coach: str
    chances: list[dict[str, Any]]
    """The replay's chances for each choice, ``chosen`` now marking the new answer and ``then`` the
    choice made at the table."""
    cost: float | None
    back_at: datetime | None = None
    """When the spot comes back after this answer (None: it leaves the drill; unknown without ``now``)."""

    def to_json(self, language: str = lang.DEFAULT) -> dict[str, Any]:
        _ = lang.catalogue(language).gettext
        back = "" if self.back_at is None else " " + _("This spot comes back on {date} (UTC).").format(
            date=day_text(self.back_at, language))
        if self.verdict == "same":
            text = _("Right: that is the coach's choice.") + (back or " " + _("This spot leaves your drill."))
        elif self.right:
            text = _("Right: about as good as the coach's choice.") + (back or " " + _("This spot leaves your drill."))
        else:
            text = _("Not the coach's choice.") + (back or " " + _("This spot comes back on another day."))
        return {"right": self.right, "verdict": self.verdict, "text": text, "chose": self.chose, "coach": self.coach,
                "chances": self.chances, "cost": self.cost}


def day_text(moment: datetime, language: str = lang.DEFAULT) -> str:
    """A day as ``language`` writes it: ``'09 Dec 2026'`` in English, ``'9 dic 2026'`` in Spanish."""
    if lang.check(language) == lang.DEFAULT:
        return f"{moment:%d %b %Y}"
    from babel.dates import format_date

    return format_date(moment, "d MMM y", locale=language)


def _bet_line(finding: BetReview, option: str) -> float:
    """The chips an option's value moves by per unit of win chance (its ``a`` in ``a x win - c``)."""
    if option == "fold":
        return 0.0
    line = float(finding.pot + finding.owed + finding.calls_to_come)
    return line + (finding.opponent_count + 1) * finding.bet_size if option == "raise" else line


def answer(spot_: DrillSpot, *, option: str | None = None, discard: list[str] | None = None,
           now: datetime | None = None) -> DrillAnswer:
    """Judge a new answer at ``spot_``: a betting ``option`` (fold, continue, raise) or a draw's ``discard``.
    ``now``: the answer's time, to say when the spot comes back (:attr:`DrillAnswer.back_at`)."""
    finding = spot_.review.finding
    items = [dict(item) for item in spot_.step["chances"]]
    if isinstance(finding, DrawReview):
        advice = finding.advice
        if advice is None or discard is None:
            raise DrillError(lang.gettext(spot_.language, "Choose the cards to throw away, or none to stand pat."))
        cards = spot_.step["cards"]
        if any(card not in cards for card in discard) or len(set(discard)) != len(discard):
            raise DrillError(lang.gettext(spot_.language, "Throw away only cards from your hand, each once."))
        try:
            chosen = advice.choice(parse_cards(" ".join(discard)))
        except PokerlabError as error:
            raise DrillError(str(error)) from error
        best = advice.best
        index = advice.choices.index(chosen)
        chips = None if spot_.review.pot is None else (best.win - chosen.win) * spot_.review.pot
        found = judge(chosen is best, chosen.about_same, chips)
        words, coach = (choice_phrase(chosen.odds, "coach", spot_.language),
                        choice_phrase(best.odds, "coach", spot_.language))
    else:
        values = dict(finding.values)
        if option not in values:
            raise DrillError(lang.gettext(spot_.language, "Choose one of the choices shown."))
        best_option = max(values, key=lambda name: (values[name], -{"continue": 0, "fold": 1, "raise": 2}[name]))
        chips = values[best_option] - values[option]
        margin = abs(_bet_line(finding, best_option) - _bet_line(finding, option)) * Z * finding.equity.standard_error
        found = judge(option == best_option, chips <= margin, chips)
        index = [name for name, _ in finding.values].index(option)
        labels = {choice["option"]: choice["label"] for choice in spot_.choices()}
        words, coach = labels[option], labels[best_option]
    for number, item in enumerate(items):
        item["then"], item["chosen"] = item["chosen"], number == index
    right = found in ("same", "close")
    back_at = None
    if now is not None:
        flag = next((flag for flag in spot_.hand.flags or [] if flag.get("decision") == spot_.decision), {})
        back_at = review_schedule([*attempts(flag), Attempt("drill", now, right)])[0]
    return DrillAnswer(right, found, words, coach, items, None if chips is None else round(max(chips, 0.0), 2),
                       back_at)


def keep_answer(store: StoreTarget, learner: Learner, spot_: DrillSpot, right: bool, now: datetime) -> bool:
    """Keep that ``spot_`` was drilled at ``now`` and whether ``right`` (with its flag, one transaction)."""
    return record_drill(store, learner, spot_.hand.id, spot_.decision, right, now)

