"""Geometry checks shared by the layout tests: read bounding boxes in the page, report problems in words.

``problems(page, root_selector, parts)`` returns a list of sentences (empty when the layout is sound):

* the page or anything in the widget reaches past the viewport's width, or a box in it scrolls sideways;
* two of the ``parts`` overlap (each part is a CSS selector; every element it matches counts);
* a part sticks out of its ``inside`` container (e.g. a seat out of the felt);
* two cards of one hand overlap, a face-up card is too small to read;
* a ``pinned`` element (a sticky bar) covers an element of ``uncovered`` after that element was
  scrolled into view as the widget scrolls it (block "nearest", honouring CSS scroll margins).

``on_screen(page, root, pinned, needed)`` checks the page where it is now, without scrolling: each
of the ``needed`` parts is inside the visible part of the page and none lies under the ``pinned`` bar
(issue 25: the pot, whose turn it is, the countdown, your cards and buttons and the hand's result are
on the screen together). ``settle(page)`` waits for the page's own scrolling (smooth or not) to end.
"""

from __future__ import annotations

from typing import Any

MIN_CARD_WIDTH = 26
"""A face-up card narrower than this (CSS px) is too small for its corner to be read on a phone."""

_PROBLEMS = """({ root, parts, inside, pinned, uncovered, minCard }) => {
  const out = [];
  const W = window.innerWidth;
  const box = document.querySelector(root);
  if (!box) return [`no ${root} on the page`];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden" && el.closest("[hidden]") === null;
  };
  const label = (el) => {
    const text = (el.getAttribute("aria-label") || el.innerText || "").trim().split("\\n")[0].slice(0, 30);
    return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}${text ? ` "${text}"` : ""}`;
  };
  const overlap = (a, b) => {
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return x > 1 && y > 1 ? `${Math.round(x)}x${Math.round(y)} px` : null;
  };
  const page = document.documentElement;
  if (page.scrollWidth > W + 1) out.push(`the page is ${page.scrollWidth - W}px wider than the screen`);
  for (const el of box.querySelectorAll("*")) {
    if (!shown(el) || el.closest("svg") && el.tagName.toLowerCase() !== "svg") continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1) {
      out.push(`${label(el)} reaches outside the screen's width (${Math.round(r.left)} to ${Math.round(r.right)} of ${W})`);
      break; // one is enough: its children would repeat it
    }
  }
  for (const el of box.querySelectorAll("*")) {
    if (shown(el) && /(auto|scroll)/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${label(el)} scrolls sideways (${el.scrollWidth - el.clientWidth}px more than its width)`);
    }
  }
  const found = parts.flatMap((selector) => [...box.querySelectorAll(selector)].filter(shown));
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      if (found[i].contains(found[j]) || found[j].contains(found[i])) continue;
      const by = overlap(found[i].getBoundingClientRect(), found[j].getBoundingClientRect());
      if (by) out.push(`${label(found[i])} overlaps ${label(found[j])} by ${by}`);
    }
  }
  for (const [selector, container] of inside) {
    for (const el of box.querySelectorAll(selector)) {
      const outer = el.closest(container);
      if (!outer || !shown(el)) continue;
      const a = el.getBoundingClientRect();
      const b = outer.getBoundingClientRect();
      if (a.left < b.left - 1 || a.right > b.right + 1 || a.top < b.top - 1 || a.bottom > b.bottom + 1) {
        out.push(`${label(el)} sticks out of ${label(outer)}`);
      }
    }
  }
  for (const hand of box.querySelectorAll(".pl-hand")) {
    const cards = [...hand.querySelectorAll(".pl-card")].filter(shown);
    for (let i = 0; i + 1 < cards.length; i++) {
      const by = overlap(cards[i].getBoundingClientRect(), cards[i + 1].getBoundingClientRect());
      if (by) out.push(`cards ${label(cards[i])} and ${label(cards[i + 1])} overlap by ${by}`);
    }
    for (const card of cards) {
      const width = card.getBoundingClientRect().width;
      if (!card.classList.contains("pl-back") && width < minCard) {
        out.push(`${label(card)} is ${Math.round(width)}px wide (at least ${minCard}px to be read)`);
      }
    }
  }
  const bar = pinned ? box.querySelector(pinned) : null;
  if (bar && shown(bar)) {
    for (const el of uncovered.flatMap((selector) => [...box.querySelectorAll(selector)].filter(shown))) {
      el.scrollIntoView({ block: "nearest" });
      const by = overlap(el.getBoundingClientRect(), bar.getBoundingClientRect());
      if (by) out.push(`${label(el)} lies under ${label(bar)} by ${by} when scrolled into view`);
    }
  }
  return out;
}"""


def problems(
    page: Any, root: str, parts: list[str], inside: list[tuple[str, str]] = (), pinned: str | None = None,
    uncovered: list[str] = (), min_card: int = MIN_CARD_WIDTH,
) -> list[str]:
    """What is wrong with the layout of ``root`` now (see the module docstring)."""
    return page.evaluate(_PROBLEMS, {
        "root": root, "parts": list(parts), "inside": [list(pair) for pair in inside], "pinned": pinned,
        "uncovered": list(uncovered), "minCard": min_card,
    })


TABLE = {
    "root": ".pl-t",
    # seats, the pot in the middle, the result and the review, your bar: none may overlap another
    "parts": [".pl-t-seats .pl-t-seat", ".pl-t-my-seat", ".pl-t-center", ".pl-t-result", ".pl-t-review", ".pl-t-header"],
    "inside": [(".pl-t-seat", ".pl-t-felt"), (".pl-t-center", ".pl-t-felt"), (".pl-t-seat .pl-card", ".pl-t-seat")],
    "pinned": ".pl-t-mine",
    "uncovered": [".pl-t-result", ".pl-t-review h3"],
}

FOUR_ROWS = {
    "root": ".fr",
    "parts": [".fr-top-card", ".fr-info", ".fr-deck-button", ".fr-row", ".fr-chart", ".fr-controls", ".fr-message",
              ".fr-final"],
    "inside": [(".fr-place .pl-card", ".fr-place"), (".fr-slot", ".fr-place")],
}


_ON_SCREEN = """({ root, pinned, needed }) => {
  const box = document.querySelector(root);
  if (!box) return [`no ${root} on the page`];
  const bar = box.querySelector(pinned);
  if (!bar) return [`no ${pinned} in ${root}`];
  // What the learner sees: the window, cut by every box that scrolls around the widget (Voila's
  // panel, JupyterLab's notebook).
  let top = 0, bottom = window.innerHeight;
  for (let el = box.parentElement; el && el !== document.documentElement; el = el.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight) {
      const r = el.getBoundingClientRect();
      top = Math.max(top, r.top + el.clientTop);
      bottom = Math.min(bottom, r.top + el.clientTop + el.clientHeight);
    }
  }
  const under = bar.getBoundingClientRect();
  const out = [];
  for (const [name, selector] of needed) {
    for (const el of box.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.top < top - 1) out.push(`${name} starts ${Math.round(top - r.top)} px above the screen`);
      if (r.bottom > bottom + 1) out.push(`${name} ends ${Math.round(r.bottom - bottom)} px below the screen`);
      if (el === bar || bar.contains(el)) continue;
      const x = Math.min(r.right, under.right) - Math.max(r.left, under.left);
      const y = Math.min(r.bottom, under.bottom) - Math.max(r.top, under.top);
      if (x > 1 && y > 1) out.push(`${name} lies under your bar by ${Math.round(y)} of its ${Math.round(r.height)} px`);
    }
  }
  return out;
}"""

_SETTLE = """async () => {
  const where = () => JSON.stringify([window.scrollY, ...[...document.querySelectorAll("*")]
    .filter((el) => el.scrollTop).map((el) => el.scrollTop)]);
  let last = null;
  for (let frames = 0, still = 0; frames < 300 && still < 6; frames++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = where();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}"""


def settle(page: Any) -> None:
    """Wait until nothing on the page has scrolled for six frames (a smooth scroll has ended)."""
    page.evaluate(_SETTLE)


def on_screen(page: Any, root: str, pinned: str, needed: list[tuple[str, str]]) -> list[str]:
    """Which of the ``needed`` (name, selector) parts are not fully on the screen now, or lie under
    ``pinned`` (see the module docstring); an empty list when all are in view."""
    return page.evaluate(_ON_SCREEN, {"root": root, "pinned": pinned, "needed": [list(pair) for pair in needed]})


TABLE_IN_VIEW = {
    "root": ".pl-t",
    "pinned": ".pl-t-mine",
    # what the learner looks at while playing, on the screen together without scrolling
    "needed": [("the pot", ".pl-t-pots"), ("whose turn it is", ".pl-t-turn"), ("the countdown", ".pl-t-countdown"),
               ("the hand's result", ".pl-t-result"), ("your cards", ".pl-t-mycards"), ("your buttons", ".pl-t-actions"),
               ("your bar", ".pl-t-mine")],
}
