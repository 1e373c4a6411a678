// The DOM helpers every pokerlab widget module imports (ES module; scripts/build_js.py bundles it into
// each widget's file in static/dist/).

/**
 * ``message`` (its English text, with {name} places) in the widget's language, from the "words" trait
 * Python fills from pokerlab's catalogue (empty in English), with its places filled from ``values``
 * (a place with no value is left as it is).
 */
export function plSay(words, message, values) {
  return ((words && words[message]) || message)
    .replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
}

/** A widget's t(message, values): its words as its model holds them when the words are asked for. */
export function plWords(model) {
  return (message, values) => plSay(model.get("words"), message, values);
}

/** False when the browser asks for reduced motion: no animation, no smooth scrolling. */
export function plMotion() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** An element with an optional class name and text (null or undefined text: none). */
export function plEl(tag, className, text) {
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
export function plButton(text, className, onClick, options = {}) {
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
export function plFocusedKey(root) {
  return root.contains(document.activeElement) ? document.activeElement.dataset.key || null : null;
}

/** ...and give focus back to the control with that key after it. True if there was one to focus
 * (a control that is now disabled cannot take focus: the caller then focuses the widget itself). */
export function plRefocus(root, key) {
  const again = key ? root.querySelector(`[data-key="${key}"]`) : null;
  if (!again || again.disabled) return false;
  again.focus({ preventScroll: true });
  return true;
}

/**
 * A widget that redraws by replacing its elements would lose what the user is typing into its forms
 * (a password, a new game's settings) whenever Python changes any trait, even only the page's words
 * when the browser's language arrives. plKeepTyping(root) marks each form field the user edits and
 * returns keep(): call it before a redraw, and the function it returns after, to write the edited
 * fields' values into the new fields (matched by form class and field name) and give focus back to
 * the field that had it. A choice of a menu that no longer offers it is not written back, and once a
 * form is sent its fields keep their values but not the focus (the widget decides where focus goes next).
 */
export function plKeepTyping(root) {
  let sent = null;  // the form last sent, until the user edits it again
  const mark = (event) => {
    if (!event.target || !event.target.name) return;
    event.target.dataset.typed = "1";
    if (event.target.form === sent) sent = null;
  };
  root.addEventListener("input", mark);
  root.addEventListener("change", mark);
  root.addEventListener("submit", (event) => { sent = event.target; });
  const fieldKey = (field) => `${field.form ? field.form.className : ""}|${field.name}`;
  return () => {
    const kept = [...root.querySelectorAll("form [data-typed]")].map((field) => ({
      key: fieldKey(field), value: field.value, focused: field === document.activeElement && field.form !== sent,
    }));
    const wasSent = sent !== null && root.contains(sent) ? sent.className : null;
    return () => {
      const fields = [...root.querySelectorAll("form [name]")];
      for (const { key, value, focused } of kept) {
        const again = fields.find((field) => fieldKey(field) === key);
        if (!again) continue;
        if (again.tagName === "SELECT" && ![...again.options].some((option) => option.value === value)) continue;
        again.value = value;
        again.dataset.typed = "1";
        if (focused) again.focus({ preventScroll: true });
      }
      if (wasSent !== null) sent = root.querySelector(`form[class="${wasSent}"]`);
    };
  };
}

/** The language menu of a page: `label` (in the page's words) over a select of the model's "languages";
 * a choice sends {type: "language", language} through `send`. */
export function plLanguageMenu(model, className, label, send) {
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

/**
 * Draw now, then once after each batch of changes to `traits`: one Python step changes several
 * traits, and drawing once after all of them arrive avoids flicker and wasted work. Returns the
 * clean-up function anywidget calls when the view goes away.
 */
export function plRedrawOn(model, traits, draw) {
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

export function plIcon(name) {
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
