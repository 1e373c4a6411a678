"""The teacher's board's script words (:class:`pokerlab.widgets.board.TeacherBoard`): every message
board.js shows, which the browser gets in the board's language. Apart from the widget so that the
list the script and the catalogue keep in step (tests/test_language.py) reads on its own.
"""

from __future__ import annotations

from typing import Final

from pokerlab import language as lang

BOARD_WORDS: Final = (
    "Teacher's board", "Teacher password", "Open the board", "New class game", "Variant", "Computer opponents",
    "Their level", "Deals", "Roster (optional): one name per line; only these may join",
    "Leave empty to let anyone with the code join", "Create the class game", "Showing", "Show", "Class games", "Code",
    "Game", "Status", "Created", "Live tables: results so far", "Table", "Learner", "Hands played", "Chips", "Join code",
    "Export CSV", "Hands as PHH", "Hands as PHH, every card", "End the game", "Delete the game",
    "Delete class game {code} and all its results?", "Costliest decision: {decision}", "Ranking ({count} joined)",
    "Progress", "Duplicate (big bets)", "Review cost (chips)", "Lessons and quizzes", "Lessons finished",
    "Lessons begun", "Quiz answers right", "Deal", "Played", "Average", "Spread", "Costliest decision",
    "{name}: hands and review", "Close", "Release this name", "Free the name {name} so it can be claimed again?",
    "No deal finished yet.", "Deal {number}: {chips}", "Review", "When", "Coach", "Cost", "Lesson quizzes: mastery",
    "The class's most common misconceptions (the named mistakes behind wrong answers):",
    "Where the class is stuck (most learners first):", "Mastery per learner and topic", "Export mastery CSV",
    "Export misconceptions CSV", "Language",
)
"""Every message board.js shows (its English text): the browser gets them in the board's language."""


def board_script_words(language: str) -> dict[str, str]:
    """:data:`BOARD_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    return lang.front_end_words(language, BOARD_WORDS)
