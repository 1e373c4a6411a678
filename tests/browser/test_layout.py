"""Layout at four screen sizes: nothing overlaps, nothing leaves the screen sideways.

The draw table is checked for 2, 4, 6 and 8 seats at each moment of a hand (the learner to bet, the
draw with two cards marked, a computer opponent's turn, the showdown, the review open), Four Rows at
the start, mid-game and at the end. At the same moments, at a practice table and at a live table (the
countdown and the table's notices), the pot, whose turn it is, your cards and buttons and the hand's
result are on the screen together, none under your bar, once the table has brought itself into view
(issue 25). States come from the real apps (tests/browser/harness.py) and are drawn by the widgets'
own front-end files in one page per screen size; test_layout_voila.py checks real Voilà pages.
"""

from __future__ import annotations

import pytest
from tests.browser.harness import LIVE_PHASES, PHASES, live_table_at, send, show, table_at
from tests.browser.layout_checks import FOUR_ROWS, TABLE, TABLE_IN_VIEW, on_screen, problems, settle

from pokerlab.cards import ALL_CARDS, Deck, parse_cards
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.game import FourRows
from pokerlab.widgets.four_rows import FourRowsWidget

# The table scrolls itself smoothly unless the browser asks for reduced motion, when it jumps: the same
# places, reached at once. One phone scrolls as most learners' browsers do; the others ask for reduced
# motion, which spares the pot-and-turn test about 60 smooth scrolls per screen (about 20 s each).
SCREENS = {
    "1366x900": {"viewport": {"width": 1366, "height": 900}, "reduced_motion": "reduce"},
    "1920x1080": {"viewport": {"width": 1920, "height": 1080}, "reduced_motion": "reduce"},
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "360x740": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
                "reduced_motion": "reduce"},
}
SEATS = (2, 4, 6, 8)


@pytest.fixture(scope="module")
def tables() -> dict[tuple[int, str], object]:
    """Every (seats, phase) moment, built once for all screen sizes."""
    return {(seats, phase): table_at(seats, phase) for seats in SEATS for phase in PHASES}


@pytest.fixture(scope="module")
def live_tables() -> dict[tuple[int, str], object]:
    """Every (seats, phase) moment at a live table, seen by Ann, built once for all screen sizes."""
    return {(seats, phase): live_table_at(seats, phase) for seats in SEATS for phase in LIVE_PHASES}


@pytest.fixture(params=list(SCREENS), ids=list(SCREENS))
def screen_page(request, browser):  # noqa: ANN001, ANN201 - playwright fixtures
    context = browser.new_context(**SCREENS[request.param])
    page = context.new_page()
    page.route("http*://**/*", lambda route: route.abort())  # the harness page loads nothing from a server
    yield page
    context.close()


def test_table_layout_for_every_seat_count_and_moment(screen_page, tables, live_tables) -> None:  # noqa: ANN001
    page = screen_page
    found = []
    for (where, (seats, phase)), app in [*((("", key), app) for key, app in tables.items()),
                                         *((("live table, ", key), app) for key, app in live_tables.items())]:
        show(page, app.table, reload=True)
        if phase == "draw":
            _mark_two_cards(page)
            assert page.locator(".pl-t-mycards .pl-selected").count() == 2
        page.evaluate("document.querySelector('.pl-t').scrollIntoView({block: 'start'})")
        # your cards and buttons are on the screen from the start of the table
        bar = page.locator(".pl-t-mine").bounding_box()
        if bar["y"] < 0 or bar["y"] + bar["height"] > page.viewport_size["height"] + 1:
            found.append(f"{where}{seats} seats, {phase}: your cards and buttons are off the screen ({bar})")
        found += [f"{where}{seats} seats, {phase}: {problem}" for problem in problems(page, **TABLE)]
    assert not found, "\n".join(found)


def _mark_two_cards(page) -> None:  # noqa: ANN001
    page.click(".pl-t-mycards [data-index='1']")
    page.click(".pl-t-mycards [data-index='2']")


def play_to(page, moments: dict[tuple[int, str], object], seats: int, phase: str) -> None:  # noqa: ANN001
    """Bring the page to ``phase`` as a learner gets there, the table doing its own scrolling: the
    table is scrolled into view (as it does itself on a new sitting) while the learner is to bet or
    draw (two cards marked) or waits; the showdown arrives at a table drawn while betting (the table
    brings the result into view); the review is asked for with its button and arrives."""
    over = phase in ("showdown", "review")
    show(page, moments[(seats, "betting" if over else phase)].table, reload=True)
    if phase == "draw":
        _mark_two_cards(page)
    page.evaluate("document.querySelector('.pl-t').scrollIntoView({block: 'start'})")
    settle(page)
    if over:
        show(page, moments[(seats, "showdown")].table)
        settle(page)
    if phase == "review":
        page.click(".pl-t-review-toggle")
        show(page, moments[(seats, "review")].table)
        settle(page)


def test_pot_turn_your_bar_and_the_result_are_on_the_screen_together(screen_page, tables, live_tables) -> None:  # noqa: ANN001
    page = screen_page
    found = []
    for where, moments, phases in (("practice table", tables, PHASES), ("live table", live_tables, LIVE_PHASES)):
        for seats in SEATS:
            for phase in phases:
                play_to(page, moments, seats, phase)
                drawn = page.evaluate("""() => Object.fromEntries(['.pl-t-pots', '.pl-t-turn', '.pl-t-countdown',
                  '.pl-t-result', '.pl-t-review h3', '.pl-t-mine'].map((s) => [s, document.querySelectorAll(s).length]))""")
                over = phase in ("showdown", "review")
                expected = {".pl-t-pots": 1, ".pl-t-turn": 1, ".pl-t-mine": 1, ".pl-t-result": int(over),
                            ".pl-t-review h3": int(phase == "review"),
                            ".pl-t-countdown": int(where == "live table")}  # at the end: "Next hand soon..."
                assert drawn == expected, (where, seats, phase, drawn)
                found += [f"{where}, {seats} seats, {phase}: {problem}" for problem in on_screen(page, **TABLE_IN_VIEW)]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)


def _four_rows_moments() -> dict[str, FourRowsWidget]:
    first = parse_cards("Ah Kh Qh Jh Th 2c 2d 9s 9h 9d 4c 4d")
    deck = Deck.stacked(first + [card for card in ALL_CARDS if card not in first])
    mid = FourRowsWidget(game=FourRows(0, ManualClock(), deck=deck), paused_clock=True)
    for content in [{"type": "move", "kind": "raise", "row": 1}] + [
        {"type": "move", "kind": "place", "row": row} for row in (1, 1, 1, 1, 2, 3, 4, 2, 3, 4)
    ]:
        send(mid, content)
    send(mid, {"type": "hint"})
    start = FourRowsWidget(seed=7, paused_clock=True)
    end = FourRowsWidget(seed=7, paused_clock=True)
    for turn in range(52):
        send(end, {"type": "move", "kind": "place", "row": turn % 4 + 1})
    assert end.board["over"]
    return {"start": start, "mid-game": mid, "end": end}


def test_four_rows_layout_at_start_mid_game_and_end(screen_page) -> None:  # noqa: ANN001
    page = screen_page
    found = []
    for moment, widget in _four_rows_moments().items():
        show(page, widget, reload=True)
        found += [f"{moment}: {problem}" for problem in problems(page, **FOUR_ROWS)]
        page.click(".fr-type-button >> nth=2")  # an example hand open on the chart
        page.click(".fr-deck-button")  # the deck's cards open over the board
        found += [f"{moment}, chart and deck open: {problem}" for problem in problems(page, root=".fr", parts=[])]
        if page.viewport_size["width"] >= 1366:
            rows = page.locator(".fr-rows").bounding_box()
            chart = page.locator(".fr-chart").bounding_box()
            if chart["x"] < rows["x"] + rows["width"]:
                found.append(f"{moment}: the scoring chart is not beside the rows on a desktop screen")
            card = page.locator(".fr-place .pl-card, .fr-slot").first.bounding_box()
            if card["width"] < 60:
                found.append(f"{moment}: row cards are {card['width']:.0f}px wide, smaller than the hand's at the table")
    assert not found, "\n".join(found)
