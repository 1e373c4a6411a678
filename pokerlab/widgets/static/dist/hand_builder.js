// Built by scripts/build_js.py from pokerlab/widgets/static/ (edit those modules, not this file).

// pokerlab/widgets/static/dom.js
function plSay(words, message, values) {
  return (words && words[message] || message).replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
}
function plWords(model) {
  return (message, values) => plSay(model.get("words"), message, values);
}
function plEl(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== void 0 && text !== null) el.textContent = text;
  return el;
}
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
function plFocusedKey(root) {
  return root.contains(document.activeElement) ? document.activeElement.dataset.key || null : null;
}
function plRefocus(root, key) {
  const again = key ? root.querySelector(`[data-key="${key}"]`) : null;
  if (!again || again.disabled) return false;
  again.focus({ preventScroll: true });
  return true;
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

// pokerlab/widgets/static/cards.js
var PL_SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
var PL_SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
var PL_RANK_NAMES = {
  "2": "two",
  "3": "three",
  "4": "four",
  "5": "five",
  "6": "six",
  "7": "seven",
  "8": "eight",
  "9": "nine",
  T: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
  A: "ace"
};
function plCardName(code, t) {
  const say = typeof t === "function" ? t : (message, values) => plSay(null, message, values);
  if (!code) return say("face-down card");
  return say("{rank} of {suit}", { rank: say(PL_RANK_NAMES[code[0]]), suit: say(PL_SUIT_NAMES[code[1]]) });
}
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
  el.innerHTML = `<span class="pl-pip" aria-hidden="true">${suit}</span><span class="pl-corner" aria-hidden="true">${rank}<br>${suit}</span>`;
  return el;
}

// pokerlab/widgets/static/keys.js
var PL_WIDGET_MARK = "data-pl-widget";
function plWidgetAround(node) {
  let element = node instanceof Element ? node : node && node.parentElement;
  if (!element) return null;
  const ours = `[${PL_WIDGET_MARK}], .pl-keys`;
  let top = null;
  for (let at = element; at; at = at.parentElement) {
    if (at.classList.contains("jupyter-widgets") || at.hasAttribute(PL_WIDGET_MARK)) top = at;
  }
  if (top && (top.matches(ours) || top.querySelector(ours))) return top;
  return element.closest(".pl-keys");
}
function plHandBack(widget) {
  const outside = widget.parentElement && widget.parentElement.closest("[tabindex]");
  if (outside) outside.focus({ preventScroll: true });
  else if (widget.contains(document.activeElement)) document.activeElement.blur();
}
function plKeyDown(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  event.stopPropagation();
  if (event.key === "Escape" && !event.defaultPrevented) plHandBack(event.currentTarget);
}
function plClaim(widget) {
  if (widget.plKeysClaimed) return;
  widget.plKeysClaimed = true;
  widget.setAttribute("data-lm-suppress-shortcuts", "true");
  if (!widget.hasAttribute("tabindex")) widget.tabIndex = -1;
  widget.addEventListener("keydown", plKeyDown);
}
function plClaimAround(event) {
  const widget = plWidgetAround(event.target);
  if (widget) plClaim(widget);
}
function plInstallKeys() {
  if (window.pokerlabKeys) return;
  window.pokerlabKeys = { claim: plClaim, around: plWidgetAround };
  document.addEventListener("pointerdown", plClaimAround, true);
  document.addEventListener("mousedown", plClaimAround, true);
  document.addEventListener("focusin", plClaimAround, true);
}
function plWidget(render2) {
  return {
    render(context) {
      plInstallKeys();
      context.el.setAttribute(PL_WIDGET_MARK, "");
      context.el.setAttribute("data-lm-suppress-shortcuts", "true");
      return render2(context);
    }
  };
}

// pokerlab/widgets/static/hand_builder.js
var HB_HANDS = [
  { key: "a", name: "Hand A", trait: "hand_a", value: "value_a" },
  { key: "b", name: "Hand B", trait: "hand_b", value: "value_b" }
];
var HB_SUIT_ORDER = ["s", "h", "d", "c"];
var HB_RANK_ORDER = "AKQJT98765432";
function hbOwner(model, code) {
  for (const hand of HB_HANDS) if (model.get(hand.trait).includes(code)) return hand;
  return null;
}
function hbHand(model, hand) {
  const t = plWords(model);
  const name = t(hand.name);
  const target = model.get("target") === hand.key;
  const section = plEl("section", "pl-hb-hand" + (target ? " pl-hb-target" : ""));
  section.dataset.hand = hand.key;
  const head = plEl("div", "pl-hb-head");
  const aim = plButton(
    target ? t("{hand}: adding here", { hand: name }) : t("{hand}: add here", { hand: name }),
    "pl-hb-aim",
    () => model.send({ type: "aim", hand: hand.key })
  );
  aim.dataset.key = `aim-${hand.key}`;
  aim.setAttribute("aria-pressed", target ? "true" : "false");
  head.appendChild(aim);
  const value = plEl("span", "pl-hb-value", model.get(hand.value) || t("{count} of 5 cards", { count: model.get(hand.trait).length }));
  head.appendChild(value);
  section.appendChild(head);
  const slots = plEl("div", "pl-hand pl-hb-slots");
  slots.setAttribute("role", "group");
  slots.setAttribute("aria-label", name);
  const cards = model.get(hand.trait);
  for (let i = 0; i < 5; i++) {
    const code = cards[i];
    if (code) {
      const card = plCard(code, { button: true, size: "md", label: t("{card} in {hand}: tap to take it back", { card: plCardName(code, t), hand: name }) });
      card.dataset.key = `hand-${code}`;
      card.addEventListener("click", () => model.send({ type: "tap", card: code }));
      slots.appendChild(card);
    } else {
      const empty = plEl("div", "pl-card pl-card-md pl-hb-empty");
      empty.setAttribute("aria-hidden", "true");
      slots.appendChild(empty);
    }
  }
  section.appendChild(slots);
  return section;
}
function hbPicker(model) {
  const picker = plEl("div", "pl-hb-picker");
  picker.setAttribute("role", "group");
  const t = plWords(model);
  const targetName = t(HB_HANDS.find((h) => h.key === model.get("target")).name);
  picker.setAttribute("aria-label", t("Deck: tap a card to add it to {hand}", { hand: targetName }));
  const deck = new Set(model.get("deck"));
  for (const suit of HB_SUIT_ORDER) {
    const row = plEl("div", "pl-hb-suit");
    for (const rank of HB_RANK_ORDER) {
      const code = rank + suit;
      if (!deck.has(code)) continue;
      const owner = hbOwner(model, code);
      const label = owner ? t("{card}, in {hand}: tap to take it back", { card: plCardName(code, t), hand: t(owner.name) }) : t("{card}: add to {hand}", { card: plCardName(code, t), hand: targetName });
      const card = plCard(code, { button: true, size: "sm", label });
      card.classList.add("pl-hb-pick");
      card.dataset.key = `pick-${code}`;
      card.setAttribute("aria-pressed", owner ? "true" : "false");
      if (owner) {
        card.classList.add("pl-hb-used");
        card.dataset.owner = owner.key;
      }
      card.addEventListener("click", () => model.send({ type: "tap", card: code }));
      row.appendChild(card);
    }
    picker.appendChild(row);
  }
  return picker;
}
function render({ model, el }) {
  const root = plEl("div", "pl-hb");
  el.appendChild(root);
  function draw() {
    const focused = plFocusedKey(root);
    root.replaceChildren();
    const hands = plEl("div", "pl-hb-hands");
    for (const hand of HB_HANDS) hands.appendChild(hbHand(model, hand));
    root.appendChild(hands);
    const verdict = plEl("p", "pl-hb-explanation");
    verdict.setAttribute("aria-live", "polite");
    verdict.dataset.winner = model.get("winner");
    verdict.textContent = model.get("explanation");
    root.appendChild(verdict);
    const message = plEl("p", "pl-hb-message");
    message.setAttribute("role", "status");
    message.textContent = model.get("message");
    root.appendChild(message);
    root.appendChild(hbPicker(model));
    const t = plWords(model);
    const clear = plButton(t("Put all cards back"), "pl-hb-clear", () => model.send({ type: "clear" }));
    clear.dataset.key = "clear";
    root.appendChild(clear);
    if (!plRefocus(root, focused) && focused?.startsWith("hand-")) plRefocus(root, `pick-${focused.slice(5)}`);
  }
  const traits = ["hand_a", "hand_b", "target", "value_a", "value_b", "winner", "explanation", "message", "deck", "words"];
  return plRedrawOn(model, traits, draw);
}
var hand_builder_default = plWidget(render);
export {
  hand_builder_default as default
};
