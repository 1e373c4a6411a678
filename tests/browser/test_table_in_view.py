"""The table comes to where the learner is looking (issue 16), at 1366x900 and on a 390x844 phone.

After Start (05), Play level (08) and Restore (06) the page used to stay where it was and the table sat
below the fold; "Which cards should I throw?" opened the coach off screen. Each test presses the
button where the learner would find it (Playwright scrolls to it as a finger or a mouse would) and
then checks the geometry: the table's top edge is on the screen with the table filling it from there
(its whole box when it fits), your cards and buttons are on the screen, and the coach's box shows.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from tests.browser.test_five_card_draw import TABLE, open_signed_in, settle, version
from tests.browser.two_screens import browser_context_args, screen  # noqa: F401 - fixtures


_WHERE = """(selectors) => {
  const H = window.innerHeight;
  return Object.fromEntries(selectors.map((selector) => {
    const el = document.querySelector(selector);
    if (!el) return [selector, null];
    const r = el.getBoundingClientRect();
    return [selector, { top: r.top, bottom: r.bottom, height: r.height, H }];
  }));
}"""


def where(page: Page, *selectors: str) -> dict[str, Any]:
    return page.evaluate(_WHERE, list(selectors))


def table_problems(page: Page) -> list[str]:
    """Why the table is not where the learner looks now (empty when it is)."""
    boxes = where(page, TABLE, f"{TABLE} .pl-t-felt", f"{TABLE} .pl-t-mine")
    table, felt, mine = boxes[TABLE], boxes[f"{TABLE} .pl-t-felt"], boxes[f"{TABLE} .pl-t-mine"]
    found = []
    if table is None or felt is None or mine is None:
        return [f"no table drawn: {boxes}"]
    height = table["H"]
    if table["height"] <= height:
        if table["top"] < -1 or table["bottom"] > height + 1:
            found.append(f"the table ({table['top']:.0f} to {table['bottom']:.0f}) is not inside the screen (0 to {height})")
    elif not -1 <= table["top"] <= height / 4:
        found.append(f"the table's top edge is at {table['top']:.0f} px (screen 0 to {height}): the learner must find it")
    if felt["top"] < -1 or felt["top"] > height * 0.6:
        found.append(f"the felt starts at {felt['top']:.0f} px of {height}")
    if mine["top"] < -1 or mine["bottom"] > height + 1:
        found.append(f"your cards and buttons ({mine['top']:.0f} to {mine['bottom']:.0f}) are off the screen (0 to {height})")
    return found


def assert_table_in_view(page: Page, after: str) -> None:
    """The table is in view within two seconds (scrolling may be smooth)."""
    problems: list[str] = []
    for _ in range(20):
        problems = table_problems(page)
        if not problems:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"after {after} at {page.viewport_size}: " + "; ".join(problems))


def scroll_to_top(page: Page) -> None:
    """Where a learner starts: the top of the page (Voilà's lab template scrolls inside a panel)."""
    page.evaluate("""() => {
      window.scrollTo(0, 0);
      for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0;
    }""")


def test_start_brings_the_table_into_view_and_the_coach_opens_where_the_learner_looks(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, "05-five-card-draw.ipynb?seed=31", f"{TABLE} button[data-id=start]")
    scroll_to_top(page)
    page.select_option(f"{TABLE} select[name=players]", "6")
    page.click(f"{TABLE} button[data-id=start]")
    settle(page)
    assert_table_in_view(page, "Start")
    coach_button = page.locator(f"{TABLE} .pl-t-coach")
    expect(coach_button).to_be_enabled()
    coach_button.click()
    coach = page.locator(".pl-coach").first
    expect(coach).to_be_visible()
    for _ in range(20):  # the coach box shows at least its heading and cards (scrolling may be smooth)
        box = where(page, ".pl-coach")[".pl-coach"]
        if box["top"] >= -1 and box["top"] + min(box["height"], 200) <= box["H"] + 1:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the coach opened off screen: {box}")


def test_play_level_brings_the_table_into_view(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, "08-tournament-ladder.ipynb?seed=32", f"{TABLE} button[data-id=level][data-value='1']")
    scroll_to_top(page)
    page.click(f"{TABLE} button[data-id=level][data-value='1']")
    settle(page)
    assert_table_in_view(page, "Play level 1")


def test_restore_brings_the_table_into_view(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, "06-saloon-draw.ipynb?seed=33", f"{TABLE} button[data-id=start]")
    page.click(f"{TABLE} button[data-id=start]")
    settle(page)
    while page.get_attribute(TABLE, "data-turn") == "you":  # give the first hand up, then save
        before = version(page)
        for choice in (".pl-t-actions .pl-t-fold", ".pl-t-pat", ".pl-t-actions .pl-t-check"):
            if page.locator(f"{TABLE} {choice}").count():
                page.click(f"{TABLE} {choice}")
                break
        settle(page, before)
    page.fill(f"{TABLE} input[name=save_name]", "in view")
    page.click(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Saved as "in view"')
    # restore from the panel beside the table, scrolled to it (below the table on a phone)
    restore_and_check(page, ".pl-t-side", "Restore beside the table")
    # and from the lobby
    page.click(f"{TABLE} .pl-t-side button[data-id=lobby]")
    restore_and_check(page, ".pl-t-lobby", "Restore from the lobby")


def restore_and_check(page: Page, panel: str, after: str) -> None:
    """Scroll to the restore button of the save "in view" in ``panel``, press it, and check the table."""
    restore = page.locator(f"{TABLE} {panel} button[data-id=restore][data-value='in view']")
    restore.scroll_into_view_if_needed()
    before = version(page)
    restore.click()
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Restored "in view"')
    settle(page, before)
    assert_table_in_view(page, after)
