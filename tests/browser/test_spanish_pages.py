"""Every Spanish lesson page in a Spanish browser (issue 27): Chromium with locale es-ES opens it, the
learner gives a name (the teacher, on the board, the teacher's password), and nothing the page shows is English (its text checked line by line against the
English catalogue). The pages that are played or answered in their own tests (es/00, 02a, 05, 07, 08, 09,
11 and the quizzes, in test_spanish.py) are opened here too, for what those tests do not read: the whole
page around the widget they drive."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import TEACHER_PASSWORD
from tests.browser.test_five_card_draw import ANSWERED, IDENTITY, sign_in
from tests.browser.test_spanish import SPANISH
from tests.i18n import english_left

PAGES = sorted(path.name for path in (Path(__file__).resolve().parents[2] / "notebooks" / "es").glob("*.ipynb"))
BOARD = ".pl-board"


GLOSS = re.compile(r"\([^()]*\)|en inglés,? [^.;]*")
"""The English a Spanish page gives on purpose, beside its Spanish word, as docs/spanish-glossary.md does:
in brackets ("Probabilidades del bote (pot odds)", a lesson's title "Póquer cerrado (Five-Card Draw)")
or after "en inglés" (the glossary: "en inglés, four of a kind o quads")."""


def shown_lines(page: Page) -> list[str]:
    """Every line of text the page shows (Voilà's rendered cells: prose, outputs and widgets), its
    English glosses left out."""
    return [GLOSS.sub("", line).strip() for line in page.inner_text("body").splitlines() if line.strip()]


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.browser_context_args(**SPANISH)
def test_a_spanish_page_shows_no_english(page: Page, open_app, name: str) -> None:  # noqa: ANN001
    open_app(f"es/{name}", ".jupyter-widgets, .jp-RenderedMarkdown")
    seen = shown_lines(page)
    if name == "teacher-board.ipynb":  # the board asks for the teacher's password (the servers' own), then opens
        page.wait_for_selector(f"{BOARD} input[name=password]")
        page.fill(f"{BOARD} input[name=password]", TEACHER_PASSWORD)
        page.click(f"{BOARD} .pl-b-login button[type=submit]")
        page.wait_for_selector(".pl-b-create", timeout=60_000)
        seen += shown_lines(page)
    elif page.locator(IDENTITY).count():  # a page with a name line: the learner gives theirs, and reads on
        page.wait_for_selector(ANSWERED)
        sign_in(page)
        seen += shown_lines(page)
    assert len(seen) > 10, seen  # the page was drawn
    left = english_left(seen, "es")
    assert left == [], "\n".join([name, *left])
