// Shared card drawing for every pokerlab widget. Joined in front of a widget's own module by
// pokerlab/widgets/_assets.py, so these functions are in scope there (no exports needed).
// A card travels from Python as text: "As", "Td", or null/"" for a face-down card.

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
function plCardName(code, t) {
  const say = typeof t === "function" ? t : ((message, values) => message.replace(/\{(\w+)\}/g, (whole, name) => (values ? values[name] : whole)));
  if (!code) return say("face-down card");
  return say("{rank} of {suit}", { rank: say(PL_RANK_NAMES[code[0]]), suit: say(PL_SUIT_NAMES[code[1]]) });
}

/**
 * A card element. options: {size: "sm"|"md"|"lg", button: bool, selected: bool, label: string}.
 * With button: a real <button> so keyboard and touch work; aria-pressed mirrors `selected`.
 */
function plCard(code, options = {}) {
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

/** False when the browser asks for reduced motion: no animation, no smooth scrolling. */
function plMotion() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** A row of cards; `codes` may mix card codes and nulls (face down). */
function plHand(codes, options = {}) {
  const row = document.createElement("div");
  row.className = "pl-hand";
  for (const code of codes) row.appendChild(plCard(code, options));
  return row;
}

/** An element with an optional class name and text (null or undefined text: none). */
function plEl(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined && text !== null) el.textContent = text;
  return el;
}

/**
 * A <button type="button"> that runs `onClick`. options: {label: an accessible name when the text
 * is not enough, disabled: bool, key: a keyboard shortcut}. With `key` the text goes in a <span>
 * followed by a <kbd> for the eye (hidden from screen readers, which get aria-keyshortcuts).
 */
function plButton(text, className, onClick, options = {}) {
  const button = plEl("button", className);
  button.type = "button";
  if (options.key) {
    button.appendChild(plEl("span", "", text));
    const kbd = plEl("kbd", "", options.keyLabel || options.key);
    kbd.setAttribute("aria-hidden", "true");
    button.appendChild(kbd);
    button.setAttribute("aria-keyshortcuts", options.key);
  } else {
    button.textContent = text;
  }
  if (options.label) button.setAttribute("aria-label", options.label);
  if (options.disabled) button.disabled = true;
  button.addEventListener("click", onClick);
  return button;
}

/**
 * Redraws replace a widget's elements, which drops keyboard focus. Controls that should keep it carry
 * a `data-key`: read the focused one's key before a redraw (null when focus is outside `root`)...
 */
function plFocusedKey(root) {
  return root.contains(document.activeElement) ? document.activeElement.dataset.key || null : null;
}

/** ...and give focus back to the control with that key after it. True if there was one to focus
 * (a control that is now disabled cannot take focus: the caller then focuses the widget itself). */
function plRefocus(root, key) {
  const again = key ? root.querySelector(`[data-key="${key}"]`) : null;
  if (!again || again.disabled) return false;
  again.focus({ preventScroll: true });
  return true;
}

/**
 * Draw now, then once after each batch of changes to `traits`: one Python step changes several
 * traits, and drawing once after all of them arrive avoids flicker and wasted work. Returns the
 * clean-up function anywidget calls when the view goes away.
 */
/** The language menu of a page: `label` (in the page's words) over a select of the model's "languages";
 * a choice sends {type: "language", language} through `send`. */
function plLanguageMenu(model, className, label, send) {
  const box = plEl("label", className);
  box.appendChild(plEl("span", "", label));
  const select = document.createElement("select");
  select.dataset.key = "language";
  for (const option of model.get("languages") || []) {
    const el = plEl("option", "", option.label);
    el.value = option.value;
    el.lang = option.value;
    select.appendChild(el);
  }
  select.value = model.get("language");
  select.addEventListener("change", () => send({ type: "language", language: select.value }));
  box.appendChild(select);
  return box;
}

function plRedrawOn(model, traits, draw) {
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  };
  for (const name of traits) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
  };
}

/** Drawn icons (SVG, in the text colour), so no icon depends on a font a machine may lack. */
const PL_ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  previous: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z",
  last: "M17 4h2v16h-2zM5 4v16l11-8z",
};

function plIcon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "1em");
  svg.setAttribute("height", "1em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("pl-icon");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", PL_ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  return svg;
}
