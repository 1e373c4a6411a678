"""Regenerate every picture in docs/images from seeded games, so they show the product as it is.

    PYTHONPATH=. python scripts/screenshots.py            # all of them
    PYTHONPATH=. python scripts/screenshots.py saloon     # only some (names as in docs/images)

The README shows trainer, five-card-draw, coach, saloon, ladder, four-rows and five-card-draw-phone;
the phone versions and the showdown and end screens are made too. The states come from the real apps
driven through their message handlers (seeded, so the pictures are the same on every run until the
product changes) and are drawn by the widgets' own front-end files in Debian's headless Chromium
(tests/browser/harness.py). The apps that keep things for a learner (Saloon saves, the ladder's
wallet) keep them in a temporary data folder of this run, never in the real one. Needs Playwright and
Chromium (``$POKERLAB_CHROMIUM`` or ``chromium`` on the PATH).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import chromium_path  # noqa: E402
from tests.browser.harness import send, show, table_at  # noqa: E402

from pokerlab.widgets.apps import DrawApp, LadderApp, SaloonApp  # noqa: E402
from pokerlab.widgets.coach import Coach  # noqa: E402
from pokerlab.widgets.four_rows import FourRowsWidget  # noqa: E402
from pokerlab.widgets.trainer import Trainer  # noqa: E402

IMAGES = ROOT / "docs" / "images"
DESKTOP = {"viewport": {"width": 1366, "height": 900}, "device_scale_factor": 1}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def four_rows() -> FourRowsWidget:
    widget = FourRowsWidget(seed=2026, paused_clock=True)
    for move in ["R1", "P1", "P2", "P3", "P1", "P4", "P2", "P1", "P3", "P4", "P2"]:
        kind = {"P": "place", "R": "raise", "F": "fold"}[move[0]]
        send(widget, {"type": "move", "kind": kind, "row": int(move[1])})
    send(widget, {"type": "hint"})
    return widget


def five_card_draw_at_the_draw():
    app = table_at(6, "draw", seed=11)
    return app.table


def coach() -> Coach:
    """The coach on a pair of kings with an ace, against four players, the learner throwing A 4 2."""
    widget = Coach("Kh Kd As 4c 2d", opponents=4, background=False, seed=5)
    for index in (2, 3, 4):
        send(widget, {"type": "toggle", "index": index})
    return widget


def _passive(app: DrawApp) -> None:
    """The learner checks or calls, and stands pat."""
    kinds = {item["kind"] for item in app.table.table["legal"]}
    if "draw" in kinds:
        send(app.table, {"type": "act", "kind": "draw", "discards": []})
    elif "check" in kinds:
        send(app.table, {"type": "act", "kind": "check"})
    else:
        send(app.table, {"type": "act", "kind": "call" if "call" in kinds else "fold"})


def _play_until(app: DrawApp, done: Callable[[dict[str, Any]], bool]) -> None:
    for _ in range(2_000):
        table = app.table.table
        if app.table.screen == "end" or done(table):
            return
        if table["phase"] == "over":
            send(app.table, {"type": "next"})
        elif table["is_my_turn"]:
            _passive(app)
        else:
            send(app.table, {"type": "skip"})
    raise AssertionError("the wanted moment never came")


def saloon():
    """Saloon Draw at the learner's first spread-limit bet or raise (the slider and quick amounts)."""
    app = SaloonApp(seed=6, learner="Dana")
    app.table.pause_ms = 0
    send(app.table, {"type": "start", "fields": {}})
    _play_until(app, lambda table: table["is_my_turn"] and any(
        item["kind"] in ("bet", "raise") and item["min_to"] < item["max_to"] for item in table["legal"]))
    return app.table


def ladder():
    """The Tournament Ladder's lobby: the level map and a new learner's wallet."""
    return LadderApp(seed=3, learner="Dana").table


def ladder_end():
    """Level 1 of the ladder played to its end screen, checking, calling and standing pat."""
    app = LadderApp(seed=3, learner="Eli")
    app.table.pause_ms = 0
    send(app.table, {"type": "app", "id": "level", "value": 1})
    _play_until(app, lambda table: False)
    return app.table


SHOTS = {
    # name: (context settings, widget maker, selector to picture, cards to mark first)
    "trainer": (DESKTOP, lambda: Trainer(seed=7), ".pl-trainer", []),
    "trainer-phone": (PHONE, lambda: Trainer(seed=7), ".pl-trainer", []),
    "five-card-draw": (DESKTOP, five_card_draw_at_the_draw, ".pl-t", ["1", "2"]),
    "five-card-draw-showdown": (DESKTOP, lambda: table_at(6, "showdown", seed=11).table, ".pl-t", []),
    "five-card-draw-phone": (PHONE, lambda: table_at(6, "showdown", seed=11).table, ".pl-t", []),
    "coach": (DESKTOP, coach, ".pl-coach", []),
    "saloon": (DESKTOP, saloon, ".pl-t", []),
    "saloon-phone": (PHONE, saloon, ".pl-t", []),
    "ladder": (DESKTOP, ladder, ".pl-t", []),
    "ladder-phone": (PHONE, ladder, ".pl-t", []),
    "ladder-end": (DESKTOP, ladder_end, ".pl-t", []),
    "four-rows": (DESKTOP, four_rows, ".fr", []),
    "four-rows-phone": (PHONE, four_rows, ".fr", []),
}


def main(names: list[str]) -> None:
    unknown = [name for name in names if name not in SHOTS]
    if unknown:
        raise SystemExit(f"No picture named {', '.join(unknown)}; the pictures are {', '.join(SHOTS)}.")
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium is needed: apt-get install chromium, or set POKERLAB_CHROMIUM.")
    IMAGES.mkdir(parents=True, exist_ok=True)
    # Saloon saves and the ladder's wallet go to a folder of this run, never the learner's real data.
    with tempfile.TemporaryDirectory(prefix="pokerlab-screenshots-") as data, sync_playwright() as playwright:
        os.environ["POKERLAB_DATA_DIR"] = data
        browser = playwright.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        for name in names or list(SHOTS):
            settings, make, selector, cards = SHOTS[name]
            context = browser.new_context(**settings, reduced_motion="reduce")
            page = context.new_page()
            show(page, make())
            for index in cards:
                page.click(f".pl-t-mycards [data-index='{index}']")
            target = IMAGES / f"{name}.png"
            # Scrolled to its end, a widget taller than the screen keeps your bar (sticky at the bottom of
            # the screen) at its own place below the table, not drawn over the table's middle.
            page.evaluate("(selector) => document.querySelector(selector).scrollIntoView({block: 'end'})", selector)
            page.locator(selector).screenshot(path=str(target), animations="disabled")
            print(f"wrote {target.relative_to(ROOT)}")
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
