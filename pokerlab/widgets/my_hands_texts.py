"""What my_hands.js shows, said in Python (issue 31: no rule or number formatting in JavaScript): the
script's own words in the page's language (:data:`MY_HANDS_WORDS`) and the numbers of a replay's step
or a drill's answer already written as that language writes them (:func:`step_texts`,
:func:`answer_texts`). Apart from the widget so that the page's texts can be read, and tested, alone.

>>> step_texts({"pot": 1500, "owed": 0, "win": 0.4172, "cost": 12.25, "chances": [{"win": 0.5, "value": 3.0}]}, "es")
{'pot': 1500, 'owed': 0, 'win': 0.4172, 'cost': 12.25, 'chances': [{'win': 0.5, 'value': 3.0, 'win_text': '50,0 %', \
'value_text': '3,0'}], 'pot_text': '1.500', 'owed_text': '0', 'win_text': '41,7 %', 'cost_text': '12,2'}
"""

from __future__ import annotations

from typing import Any, Final

from pokerlab import language as lang
from pokerlab.language import N_
from pokerlab.narration.hands import CARD_NAME_WORDS

ASK: Final = N_("Choose a name to see your hands: every hand you play in the games is kept under it.")
"""What the page says before the learner is known."""

MY_HANDS_WORDS: Final = (
    ", to throw away", ", {count} answered like the coach", ", {count} back on another day",
    ". Press a card to throw it away", "200 or more", "50 to 199", "; due now: {count}",
    "; your chance to win the pot: {share}", "About as good.", "Answered: {count}", "Any size", "Any time", "Any",
    "Back to the list", "Broke even", "Chance to win the pot", "Choice", "Coach", "Decision {number} of {count}",
    "Download the hands listed as PHH", "Download the {game} hand of {when} as PHH", "Drill my mistakes ({count})",
    "Drill my mistakes", "Every game", "Filter your hands", "Flagged a decision", "Game",
    "It gave up about {amount} on average.", "It gives up about {amount} on average.", "Language", "Lost", "My hands",
    "Next decision", "Next spot", "No mistake flagged", "Pot {pot}", "Pot {pot}, nothing to call",
    "Pot {pot}, {owed} to call", "Pot", "Previous decision", "Replay of one hand", "Replay the {game} hand of {when}",
    "Replay", "Result", "Stand pat", "Step through your decisions (arrow keys work too)", "The whole hand",
    "Throw away {count} and draw", "Under 50", "What do you do?", "What you knew then",
    "When the coach flags a decision in one of your hands, it becomes a spot to practise here.", "When",
    "Won or lost", "Won", "Worth, in chips on average", "You chose: {chose}. The coach: {coach}.",
    "You made no decision in this hand.", "Your answer: {chose}. The coach: {coach}.", "Your cards: {cards}",
    "Your hands, newest first", "Your latest visit", "the coach's", "what you did at the table", "your answer",
    "your choice", "{count} to practise now", "{result}, pot {pot}",
    *CARD_NAME_WORDS,
)
"""Every message my_hands.js shows, and cards.js's names of the cards (their English text, as in the
JavaScript): the browser gets them in the page's language in the ``words`` trait (tests/test_language.py
keeps this list and the JavaScript in step)."""


def my_hands_words(language: str) -> dict[str, str]:
    """:data:`MY_HANDS_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    return lang.front_end_words(language, MY_HANDS_WORDS)


def _decimal(value: float | None, language: str) -> str:
    """An amount with one decimal ("" for none: nothing measured)."""
    return "" if value is None else lang.format_number(float(value), language, 1)


def _percent(share: float | None, language: str) -> str:
    """A chance with one decimal ("" for none: the coach had no estimate)."""
    return "" if share is None else lang.format_percent(float(share), language)


def chances_texts(items: list[dict[str, Any]], language: str) -> list[dict[str, Any]]:
    """The coach's chances for each choice, each with ``win_text`` (and, on a betting turn,
    ``value_text``: chips on average) as ``language`` writes them."""
    shown = []
    for item in items:
        texts = {"win_text": _percent(item.get("win"), language)}
        if "value" in item:
            texts["value_text"] = _decimal(item["value"], language)
        shown.append({**item, **texts})
    return shown


def step_texts(step: dict[str, Any], language: str) -> dict[str, Any]:
    """A replay's step or a drill's spot (their JSON) with its numbers written in ``language``: the
    pot, what was owed, the learner's chance to win then and what their choice gave up."""
    shown = {**step, "pot_text": lang.format_number(step["pot"], language),
             "owed_text": lang.format_number(step["owed"], language)}
    if "chances" in step:
        shown["chances"] = chances_texts(step["chances"], language)
    if "win" in step:
        shown["win_text"] = _percent(step["win"], language)
    if "cost" in step:
        shown["cost_text"] = _decimal(step["cost"], language)
    return shown


def answer_texts(answer: dict[str, Any], language: str) -> dict[str, Any]:
    """A drill's answer (its JSON) with what the answer gives up and the chances written in ``language``."""
    return {**answer, "cost_text": _decimal(answer.get("cost"), language),
            "chances": chances_texts(answer["chances"], language)}
