"""Accessibility: axe-core on every app and lesson page, card names, a whole hand and a whole Four Rows
game by keyboard alone (the latter in test_four_rows.py), contrast in light and dark themes.

axe-core comes from the ``axe-playwright-python`` package on PyPI (it ships ``axe.min.js``; the test
injects that file itself and reads the results, so only the script is used). A violation counts when
axe rates it serious or critical.
"""

from __future__ import annotations

import re
from pathlib import Path

import axe_playwright_python  # a test dependency: the a11y checks run wherever the browser tests do
import pytest
from tests.browser.conftest import NOTEBOOKS
from tests.browser.harness import show, table_at

AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js")
CARD_NAME = re.compile(
    r"^(face-down card|(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
    r"(clubs|diamonds|hearts|spades))(, marked to throw)?$"
)
PAGES = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
DARK_PAGES = ["05-five-card-draw.ipynb", "07-four-rows.ipynb", "01-hand-rankings.ipynb"]
# Voilà's own page furniture is outside pokerlab's control; everything else is checked.
OUTSIDE = [".jp-Spinner", "#loading"]
READY = ".jupyter-widgets >> visible=true"  # the first widget may be one that is hidden until needed
TEXT_ONLY = {"10-glossary.ipynb"}
"""Pages with no widget at all: ready once their text is drawn."""


def ready(notebook: str) -> str:
    return ".jp-RenderedMarkdown >> visible=true" if notebook.split("?")[0] in TEXT_ONLY else READY


def axe_violations(page, context: str = "body") -> list[str]:  # noqa: ANN001
    """Serious and critical axe-core violations in ``context`` (a CSS selector), one line each."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        """async ({ context, outside }) => {
            const found = await axe.run({ include: [context], exclude: outside.map((s) => [s]) },
                                        { resultTypes: ["violations"] });
            return found.violations.filter((v) => ["serious", "critical"].includes(v.impact)).map((v) =>
                `${v.id} (${v.impact}): ${v.help}; ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
        }""",
        {"context": context, "outside": OUTSIDE},
    )
    return results


@pytest.mark.parametrize("notebook", PAGES)
def test_every_page_has_no_serious_accessibility_violation(open_app, notebook: str) -> None:  # noqa: ANN001
    page = open_app(notebook, ready(notebook))
    page.wait_for_timeout(300)  # widgets finish their first draw
    found = axe_violations(page)
    assert not found, f"{notebook}:\n" + "\n".join(found)


@pytest.mark.parametrize("notebook", DARK_PAGES)
def test_contrast_in_the_dark_theme(open_app, notebook: str) -> None:  # noqa: ANN001
    page = open_app(f"{notebook}?theme=dark", ready(notebook))
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false", "the dark theme did not load"
    found = axe_violations(page)
    assert not found, f"{notebook} (dark):\n" + "\n".join(found)


@pytest.fixture(scope="module")
def moments() -> dict[str, object]:
    return {phase: table_at(6, phase) for phase in ("betting", "draw", "showdown", "review")}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_table_moments_pass_axe_and_name_every_card(page, moments, scheme: str) -> None:  # noqa: ANN001
    page.emulate_media(color_scheme=scheme)
    found = []
    for phase, app in moments.items():
        show(page, app.table, reload=True)
        if phase == "draw":
            page.click(".pl-t-mycards [data-index='2']")
        if scheme == "dark":
            page.evaluate("document.body.style.setProperty('--page', '#111')")
        # Colours are measured once the cards have been dealt in (they fade in over 200 ms; on a busy
        # machine axe could catch a card half transparent).
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        found += [f"{phase}: {problem}" for problem in axe_violations(page, ".pl-t")]
        names = page.eval_on_selector_all(".pl-t .pl-card", "els => els.map((e) => e.getAttribute('aria-label'))")
        assert names, f"{phase}: no cards drawn"
        found += [f"{phase}: a card is named {name!r}" for name in names if not CARD_NAME.match(name or "")]
        roles = page.eval_on_selector_all(".pl-t .pl-card", "els => els.map((e) => e.getAttribute('role') || e.tagName)")
        found += [f"{phase}: a card has role {role}" for role in roles if role not in ("img", "BUTTON")]
    face_down = moments["betting"].table.table
    assert any(card is None for player in face_down["players"] for card in player["cards"])
    assert not found, "\n".join(found)


def test_a_whole_five_card_draw_hand_by_keyboard_alone(open_app) -> None:  # noqa: ANN001
    from tests.browser.test_five_card_draw import open_signed_in  # the first-visit name question (issue 13)

    page = open_signed_in(open_app, "05-five-card-draw.ipynb", ".pl-t button[data-id=start]")
    page.focus(".pl-t")
    for _ in range(40):  # Tab on to Start through the lobby's choices
        if page.evaluate("document.activeElement.dataset.id === 'start'"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(".pl-t[data-screen='table']")
    presses = []
    for _ in range(60):
        page.wait_for_function("['you', 'over'].includes(document.querySelector('.pl-t').dataset.turn)")
        assert page.evaluate("document.querySelector('.pl-t').contains(document.activeElement)"), (
            f"focus left the table after {presses}")
        turn = page.get_attribute(".pl-t", "data-turn")
        if turn == "over":
            break
        version = page.get_attribute(".pl-t", "data-version")
        if page.locator(".pl-t-draw").count():
            keys = ["1", "2", "d"]  # throw the first two cards
        else:
            keys = ["c"]  # check or call
        for key in keys:
            page.keyboard.press(key)
        presses.append("".join(keys))
        page.wait_for_function("(v) => document.querySelector('.pl-t').dataset.version !== v", arg=version)
    else:
        raise AssertionError(f"the hand did not end: {presses}")
    page.wait_for_selector(".pl-t-result")
    assert "d" in "".join(presses), "the hand ended before the draw: pick another seed"
    page.keyboard.press("v")
    page.wait_for_selector(".pl-t-review h3")
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.pl-t-phase').innerText.startsWith('Hand 2')")
