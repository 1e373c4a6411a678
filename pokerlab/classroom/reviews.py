"""The coach's review of a class-game deal as the board keeps it: codes and numbers, never words.

One dict per reviewed decision (``class_results.review`` holds the JSON list), written by
:func:`decisions_for_board` from the coach's :class:`~pokerlab.coach.findings.HandReview`:

* ``phase``: ``betting_one``, ``draw`` or ``betting_two``;
* ``action``: what the learner did (``fold``, ``check``, ``call``, ``bet``, ``raise``, ``all_in`` or ``draw``),
  ``amount`` (chips put in for a call or all-in, the round total for a bet or raise) and ``owed`` (chips to
  call then; absent in a review stored in English before revision 0012 where the English did not say it);
* ``coach_action``: the coach's choice (a betting kind, or ``draw``), with ``coach_to`` (the round total of
  its bet or raise) and ``bet_size``;
* ``cards``: the learner's five cards then; at the draw ``kept`` (the learner's) and ``coach_kept``;
* ``matches``, ``chips`` (given up against the coach) and ``big_bets``.

The words are made when someone reads them, in their language: :func:`stage_words`, :func:`played_words`
(of the learner, for their teacher) and :func:`coach_words` (the coach's own words, :mod:`pokerlab.coach.words`). Revision 0012 turned the English
reviews stored before it into this form.

>>> item = {"phase": "betting_one", "action": "fold", "amount": 0, "owed": 10, "coach_action": "call",
...         "coach_to": 0, "bet_size": 10, "cards": ["Kh", "Kd", "As", "4c", "2d"]}
>>> stage_words(item), played_words(item), coach_words(item), coach_words(item, language="es")
('Before the draw', 'folded', 'call 10 chips', 'igualar 10 fichas')
"""

from __future__ import annotations

from typing import Any, Final

from pokerlab import language as lang
from pokerlab.cards import format_cards, parse_cards
from pokerlab.classroom.class_games import ClassGameError
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.phrases import draw_words, money, stage_name
from pokerlab.coach.review_words import coach_action_words
from pokerlab.draw.events import BETTING_KINDS

PHASES: Final = ("betting_one", "draw", "betting_two")
"""The phases a stored decision may name (the engine's, as :attr:`DecisionReview.phase`)."""


def decisions_for_board(review: Any, events: list[Any], seat: int) -> list[dict[str, Any]]:
    """One dict per reviewed decision of ``seat`` for the teacher's board (see the module's docs).
    ``events``: the finished hand's, for the cards ``seat`` threw at the draw."""
    thrown = next((tuple(event.cards) for event in events if event.kind == "draw" and event.seat == seat), None)
    decisions = []
    for decision in review.decisions:
        finding = decision.finding
        item: dict[str, Any] = {"phase": decision.phase, "action": decision.action, "amount": int(decision.amount),
                                "owed": int(decision.owed)}
        if isinstance(finding, DrawReview):
            item["coach_action"] = "draw"
            item["coach_kept"] = [str(card) for card in finding.best.keep]
        else:
            item.update(coach_action=finding.coach, coach_to=int(finding.coach_to), bet_size=int(finding.bet_size))
        item.update({
            "matches": bool(decision.matches), "chips": None if decision.chips is None else round(float(decision.chips), 2),
            "big_bets": None if decision.big_bets is None else round(float(decision.big_bets), 3),
            "cards": [str(card) for card in decision.cards],
        })
        if decision.phase == "draw" and thrown is not None:
            item["kept"] = [str(card) for card in decision.cards if card not in thrown]
        decisions.append(item)
    return decisions


def stage_words(item: dict[str, Any], language: str = lang.DEFAULT) -> str:
    """``'Before the draw'``, ``'The draw'`` or ``'After the draw'`` in ``language``."""
    return stage_name(item["phase"], language)


def _drawn(item: dict[str, Any], kept: list[str]) -> int:
    return len(item.get("cards") or ()) - len(kept)


def played_words(item: dict[str, Any], dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """What the learner did, said to their teacher: ``'called 10 chips'``, ``'kept K♥ K♦ and drew 3'``
    (in Spanish of the learner, ``'igualó 10 fichas'``, where the review panel says ``'igualaste'``)."""
    t = lang.catalogue(language)
    if item["action"] == "draw":
        kept = list(item.get("kept") or ())
        drawn = _drawn(item, kept)
        if not drawn:
            return t.pgettext("learner did", "stood pat")
        if not kept:
            return t.pgettext("learner did", "drew {count}").format(count=drawn)
        return t.pgettext("learner did", "kept {cards} and drew {count}").format(
            cards=format_cards(parse_cards(" ".join(kept)), pretty=True), count=drawn)
    kind, cash = item["action"], money(int(item.get("amount") or 0), dollars, language=language)
    if kind == "fold":  # owed None: not known (a review stored in English before 0012), so not "free"
        return t.pgettext("learner did", "folded") + (
            t.pgettext("learner did", " (checking was free)") if item.get("owed") == 0 else "")
    if kind == "check":
        return t.pgettext("learner did", "checked")
    if kind == "call":
        return t.pgettext("learner did", "called {amount}").format(amount=cash)
    if kind == "bet":
        return t.pgettext("learner did", "bet {amount}").format(amount=cash)
    if kind == "raise":
        return t.pgettext("learner did", "raised to {amount}").format(amount=cash)
    return t.pgettext("learner did", "went all-in ({amount})").format(amount=cash)


def coach_words(item: dict[str, Any], dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """The coach's choice: ``'call 10 chips'``, ``'keep 7♥ 7♦ 7♠ and draw 2'``."""
    if item["coach_action"] == "draw":
        kept = list(item.get("coach_kept") or ())
        return draw_words(parse_cards(" ".join(kept)), _drawn(item, kept), "coach", language)
    return coach_action_words(item["coach_action"], int(item.get("owed") or 0), int(item.get("coach_to") or 0),
                              int(item.get("bet_size") or 0), dollars, language)


def check_decisions(decisions: Any) -> list[dict[str, Any]]:
    """``decisions`` if each is a decision as the board keeps it (see the module's docs), else a
    :class:`~pokerlab.classroom.class_games.ClassGameError` that says what is wrong (a review in words,
    as stored before revision 0012, is refused: the board reads codes)."""
    if not isinstance(decisions, list):
        raise ClassGameError(f"A class game's review is a list of decisions, not {type(decisions).__name__}.")
    for number, item in enumerate(decisions, start=1):
        if not isinstance(item, dict) or item.get("phase") not in PHASES:
            raise ClassGameError(f"Decision {number} of this review has no phase pokerlab knows (one of "
                                 f"{', '.join(PHASES)}); the board keeps codes, not words.")
        draw = item["phase"] == "draw"
        if item.get("action") not in (("draw",) if draw else BETTING_KINDS) \
                or item.get("coach_action") not in (("draw",) if draw else BETTING_KINDS):
            raise ClassGameError(f"Decision {number} of this review does not say what the learner and the coach did "
                                 f"as codes (action {item.get('action')!r}, coach_action {item.get('coach_action')!r}).")
    return decisions
