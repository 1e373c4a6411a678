"""Geometry checks shared by the layout tests: read bounding boxes in the page, report problems in words.

``problems(page, root_selector, parts)`` returns a list of sentences (empty when the layout is sound):

* the page or anything in the widget reaches past the viewport's width;
* two of the ``parts`` overlap (each part is a CSS selector; every element it matches counts);
* a part sticks out of its ``inside`` container (e.g. a seat out of the felt);
* two cards of one hand overlap, a face-up card is too small to read;
* a ``pinned`` element (a sticky bar) covers an element of ``uncovered`` after that element was
  scrolled into view as the widget scrolls it (block "nearest", honouring CSS scroll margins).
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
