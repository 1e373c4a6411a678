"""Regenerate the README's screenshots in docs/images from seeded games, so they show the product as it is.

    PYTHONPATH=. python scripts/screenshots.py            # all of them
    PYTHONPATH=. python scripts/screenshots.py four-rows  # only some (names as in docs/images)

The states come from the real apps driven through their message handlers (seeded, so the pictures are
the same on every run until the product changes) and are drawn by the widgets' own front-end files in
Debian's headless Chromium (tests/browser/harness.py). Needs Playwright and Chromium
(``$POKERLAB_CHROMIUM`` or ``chromium`` on the PATH).
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import chromium_path  # noqa: E402
from tests.browser.harness import send, show, table_at  # noqa: E402

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


SHOTS = {
    # name: (context settings, widget maker, selector to picture, what to do first)
    "five-card-draw": (DESKTOP, five_card_draw_at_the_draw, ".pl-t", ["1", "2"]),
    "five-card-draw-phone": (PHONE, lambda: table_at(6, "showdown", seed=11).table, ".pl-t", []),
    "four-rows": (DESKTOP, four_rows, ".fr", []),
    "trainer": (DESKTOP, lambda: Trainer(seed=7), ".pl-trainer", []),
}


def main(names: list[str]) -> None:
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium is needed: apt-get install chromium, or set POKERLAB_CHROMIUM.")
    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        for name in names or list(SHOTS):
            settings, make, selector, cards = SHOTS[name]
            context = browser.new_context(**settings, reduced_motion="reduce")
            page = context.new_page()
            show(page, make())
            for index in cards:
                page.click(f".pl-t-mycards [data-index='{index}']")
            target = IMAGES / f"{name}.png"
            page.locator(selector).screenshot(path=str(target), animations="disabled")
            print(f"wrote {target.relative_to(ROOT)}")
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
