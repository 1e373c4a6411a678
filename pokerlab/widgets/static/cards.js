// Card drawing for every pokerlab widget (ES module, imported by the widgets' modules).
// A card travels from Python as text: "As", "Td", or null/"" for a face-down card.

import { plSay } from "./dom.js";

const PL_SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const PL_SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const PL_RANK_NAMES = {
  "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
  "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};

/**
 * Accessible name of a card code, e.g. "ace of spades"; "face-down card" for null. `t` (optional):
 * a widget's words, t(message, values), when the page reads another language than English (an index,
 * as from Array.map, is no `t`).
 */
export function plCardName(code, t) {
  const say = typeof t === "function" ? t : (message, values) => plSay(null, message, values);
  if (!code) return say("face-down card");
  return say("{rank} of {suit}", { rank: say(PL_RANK_NAMES[code[0]]), suit: say(PL_SUIT_NAMES[code[1]]) });
}

/**
 * A card element. options: {size: "sm"|"md"|"lg", button: bool, selected: bool, label: string}.
 * With button: a real <button> so keyboard and touch work; aria-pressed mirrors `selected`.
 */
export function plCard(code, options = {}) {
  const el = document.createElement(options.button ? "button" : "div");
  el.className = `pl-card pl-card-${options.size || "md"}`;
  if (options.button) {
    el.type = "button";
    el.setAttribute("aria-pressed", options.selected ? "true" : "false");
  } else {
    el.setAttribute("role", "img");
  }
  el.setAttribute("aria-label", options.label || plCardName(code));
  if (options.selected) el.classList.add("pl-selected");
  if (!code) {
    el.classList.add("pl-back");
    return el;
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = PL_SUITS[code[1]];
  el.classList.add(code[1] === "d" || code[1] === "h" ? "pl-red" : "pl-black");
  el.dataset.card = code;
  // The corner comes last, so it lies above the big suit sign's box (which spans the card): what is on
  // top under the corner's text is the text itself, on the card (how contrast checkers measure it).
  el.innerHTML =
    `<span class="pl-pip" aria-hidden="true">${suit}</span>` +
    `<span class="pl-corner" aria-hidden="true">${rank}<br>${suit}</span>`;
  return el;
}

/** A row of cards; `codes` may mix card codes and nulls (face down). options: plCard's, and `names`:
 * the cards' names in the same order, as Python says them (card_names in pokerlab/narration/hands.py). */
export function plHand(codes, options = {}) {
  const row = document.createElement("div");
  row.className = "pl-hand";
  codes.forEach((code, index) => row.appendChild(plCard(code, options.names ? { ...options, label: options.names[index] } : options)));
  return row;
}
