"""The contents page as a Voilà app: its links open the apps, it reads on a phone and in the dark
theme, and it loads nothing from the internet."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll

START = "00-start-here.ipynb"
FIRST_LINK = "a[href='01-hand-rankings.ipynb']"


def _is_this_machine(url: str) -> bool:
    scheme = urlsplit(url).scheme
    return scheme in {"data", "blob", "about"} or urlsplit(url).hostname in {"127.0.0.1", "localhost", "::1"}


@pytest.mark.browser_context_args(**DESKTOP)
def test_each_link_resolves_to_that_notebook_as_a_voila_app(open_app, voila_url: str) -> None:
    """The browser resolves the contents page's relative links to /voila/render/NAME.ipynb.

    (Following a link here would make the page's unload beacon hit Voilà's shutdown URL, which 0.5.13
    answers with 403 because it never sets the _xsrf cookie; test_start_page.py checks the targets exist.)
    """
    page = open_app(START, ready_selector=FIRST_LINK)
    hrefs = page.eval_on_selector_all("#rendered_cells a[href$='.ipynb']", "links => links.map(a => a.href)")
    assert len(hrefs) >= 8
    for href in hrefs:
        assert re.fullmatch(re.escape(f"{voila_url}/voila/render/") + r"\d\d[a-z]?-[a-z0-9-]+\.ipynb", href), href


@pytest.mark.browser_context_args(**DESKTOP)
def test_the_start_page_requests_nothing_from_another_host(page, open_app) -> None:  # noqa: ANN001
    """Offline use: every request the page makes (the fixture aborts them, this records them) is local."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_app(START, ready_selector=FIRST_LINK)
    page.wait_for_load_state("networkidle")
    elsewhere = [url for url in requested if not _is_this_machine(url)]
    assert requested and not elsewhere, f"requests to other hosts: {elsewhere}"


@pytest.mark.browser_context_args(**DESKTOP)
def test_cards_stay_white_with_dark_text_in_the_dark_theme(open_app) -> None:
    page = open_app("01-hand-rankings.ipynb?theme=dark", ready_selector=".pl-card:not(.pl-back)")
    assert page.get_attribute("body", "data-jp-theme-light") == "false"
    colours = page.eval_on_selector_all(
        ".pl-card:not(.pl-back)", "cards => cards.map(c => [getComputedStyle(c).backgroundColor, getComputedStyle(c).color])"
    )
    assert colours
    for background, text in colours:
        assert _luminance(background) > 0.95 and _luminance(text) < 0.45, (background, text)


@pytest.mark.browser_context_args(**PHONE)
def test_the_start_page_fits_a_phone(open_app) -> None:
    page = open_app(START, ready_selector=FIRST_LINK)
    assert_no_sideways_scroll(page)


@pytest.mark.browser_context_args(**DESKTOP)
def test_dark_theme_is_chosen_from_the_address(open_app) -> None:
    page = open_app(f"{START}?theme=dark", ready_selector=FIRST_LINK)
    assert page.get_attribute("body", "data-jp-theme-light") == "false"
    background, text = page.evaluate(
        "[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector('#rendered_cells li')).color]"
    )
    assert _luminance(background) < 0.2 < 0.8 < _luminance(text)


def _luminance(css_colour: str) -> float:
    red, green, blue = (int(part) for part in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


@pytest.mark.parametrize(("notebook", "roots"), [
    ("02-tie-breaks.ipynb", [".pl-hb", ".pl-quiz"]),
    ("03a-all-ins-and-side-pots.ipynb", [".pl-hs", ".pl-quiz"]),
    ("07-four-rows.ipynb", [".fr"]),
])
@pytest.mark.browser_context_args(**DESKTOP)
def test_widgets_keep_a_light_panel_with_dark_text_in_the_dark_theme(open_app, notebook: str, roots: list[str]) -> None:
    page = open_app(f"{notebook}?theme=dark", ready_selector=", ".join(roots))
    assert page.get_attribute("body", "data-jp-theme-light") == "false"
    for root in roots:
        page.wait_for_selector(root)
        background, text = page.eval_on_selector(
            root, "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]")
        assert _luminance(background) > 0.9 and _luminance(text) < 0.3, (root, background, text)
