"""docs/teaching: the 50-minute plan tells a teacher how to use the board's mastery section (issue 28)."""

from __future__ import annotations

import re
from pathlib import Path


def test_the_50_minute_plan_says_how_to_use_the_boards_mastery_section() -> None:
    """Issue 28: docs/teaching explains the board in the 50-minute plan: set-up time, what to do when the
    server is down, and that the chips are play money; the buttons and page it names exist."""
    root = Path(__file__).resolve().parents[1]
    plan = (root / "docs" / "teaching" / "plan-50-minutes.md").read_text(encoding="utf-8")
    section = plan[plan.index("## Using the teacher's board"):]
    assert re.search(r"\*\*Set-up \(about \d+ minutes", section)
    assert "**If the server is down.**" in section and "quiz-tie-breaks.html" in section
    assert "**Play money.**" in section and "nothing is bought, paid or cashed out" in section
    assert "most common misconceptions" in section
    script = (root / "pokerlab" / "widgets" / "static" / "board.js").read_text(encoding="utf-8")
    for button in re.findall(r"\*\*(Export [a-z]+ CSV)\*\*", section):
        assert f'"{button}"' in script, button
    assert (root / "notebooks" / "teacher-board.ipynb").exists() and "POKERLAB_TEACHER_PASSWORD" in section
