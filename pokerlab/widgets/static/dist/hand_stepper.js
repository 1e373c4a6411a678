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
var PL_ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  previous: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z",
  last: "M17 4h2v16h-2zM5 4v16l11-8z"
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
function plHand(codes, options = {}) {
  const row = document.createElement("div");
  row.className = "pl-hand";
  codes.forEach((code, index) => row.appendChild(plCard(code, options.names ? { ...options, label: options.names[index] } : options)));
  return row;
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

// pokerlab/widgets/static/hand_stepper.js
function hsButton(text, key, label, onClick) {
  const button = plButton(text, "pl-hs-button", onClick, { label });
  button.dataset.key = key;
  const icon = plIcon(key);
  if (key === "next" || key === "last") button.append(icon);
  else button.prepend(icon);
  return button;
}
function hsSeat(player, step, t) {
  const box = plEl("div", "pl-hs-seat");
  box.dataset.seat = String(player.seat);
  box.dataset.status = player.status;
  if (player.is_actor) box.classList.add("pl-hs-actor");
  const head = plEl("div", "pl-hs-seat-head");
  head.appendChild(plEl("span", "pl-hs-seat-name", player.name));
  const badges = [];
  if (player.is_dealer) badges.push(t("Dealer"));
  if (step.blinds && step.blinds.small_blind === player.seat) badges.push(t("Small blind"));
  if (step.blinds && step.blinds.big_blind === player.seat) badges.push(t("Big blind"));
  if (player.is_actor) badges.push(t("To act"));
  for (const text of badges) head.appendChild(plEl("span", "pl-hs-badge", text));
  box.appendChild(head);
  const chips = plEl("div", "pl-hs-chips");
  chips.append(
    plEl("span", "pl-hs-stack", t("Stack {amount}", { amount: player.stack })),
    plEl("span", "pl-hs-bet", t("Bet {amount}", { amount: player.bet }))
  );
  box.appendChild(chips);
  if (player.status !== "active") box.appendChild(plEl("div", "pl-hs-status", t(player.status)));
  if (player.cards.length) {
    const cards = plHand(player.cards, { size: "sm" });
    cards.setAttribute("role", "group");
    cards.setAttribute("aria-label", t(
      "{name}'s cards: {cards}",
      { name: player.name, cards: player.cards.map((code) => plCardName(code, t)).join(", ") }
    ));
    box.appendChild(cards);
  }
  return box;
}
function hsCap(cap, t) {
  const box = plEl("div", "pl-hs-cap");
  box.dataset.used = String(cap.used);
  const label = plEl("span", "pl-hs-cap-label", cap.over_big_blind ? t("Raises over the big blind") : t("Bets and raises"));
  const meter = plEl("div", "pl-hs-cap-meter");
  meter.setAttribute("role", "meter");
  meter.setAttribute("aria-valuemin", "0");
  meter.setAttribute("aria-valuemax", String(cap.cap));
  meter.setAttribute("aria-valuenow", String(cap.used));
  meter.setAttribute("aria-label", t("Cap: {used} of {cap} used", { used: cap.used, cap: cap.cap }));
  for (let i = 0; i < cap.cap; i += 1) {
    const cell = plEl("span", "pl-hs-cap-cell");
    if (i < cap.used) cell.classList.add("pl-hs-cap-used");
    meter.appendChild(cell);
  }
  const text = plEl("span", "pl-hs-cap-text", cap.text);
  box.append(label, meter, text);
  if (!cap.open) box.classList.add("pl-hs-cap-idle");
  return box;
}
function hsQuestion(question, pick, t) {
  const box = plEl("div", "pl-hs-question");
  box.dataset.kind = question.kind;
  box.setAttribute("role", "group");
  const prompt = plEl("p", "pl-hs-prompt", question.prompt);
  prompt.id = `pl-hs-prompt-${Math.random().toString(36).slice(2)}`;
  box.setAttribute("aria-labelledby", prompt.id);
  box.appendChild(prompt);
  const choices = plEl("div", "pl-hs-choices");
  const feedback = question.feedback;
  question.choices.forEach((text, number) => {
    const button = plButton(text, "pl-hs-choice", () => pick(number), { key: String(number + 1) });
    button.dataset.key = `choice-${number}`;
    button.dataset.choice = String(number);
    if (feedback) {
      button.setAttribute("aria-disabled", "true");
      if (number === feedback.answer) button.dataset.state = "answer";
      else if (number === feedback.choice) button.dataset.state = "wrong";
      if (number === feedback.choice) button.setAttribute("aria-pressed", "true");
    }
    choices.appendChild(button);
  });
  box.appendChild(choices);
  const verdict = plEl("p", "pl-hs-feedback", feedback ? feedback.text : t("Pick one, then see the step."));
  verdict.setAttribute("role", "status");
  if (feedback) verdict.dataset.right = String(feedback.right);
  box.appendChild(verdict);
  return box;
}
function render({ model, el }) {
  const root = plEl("div", "pl-hs");
  root.tabIndex = -1;
  el.appendChild(root);
  function go(kind, index) {
    model.send(index === void 0 ? { type: kind } : { type: "go", index });
  }
  function pick(number) {
    const question = model.get("question");
    if (question.choices && !question.feedback) model.send({ type: "answer", choice: number });
  }
  root.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, textarea")) return;
    const question = model.get("question");
    const digit = Number.parseInt(event.key, 10);
    if (question.choices && digit >= 1 && digit <= question.choices.length) {
      event.preventDefault();
      pick(digit - 1);
      return;
    }
    const keys = {
      ArrowRight: () => go("next"),
      ArrowLeft: () => go("previous"),
      Home: () => go("go", 0),
      End: () => go("go", model.get("count") - 1)
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
  function draw() {
    const focused = plFocusedKey(root);
    const t = plWords(model);
    const step = model.get("step");
    const index = model.get("index");
    const count = model.get("count");
    root.replaceChildren();
    const head = plEl("div", "pl-hs-head");
    if (model.get("title")) head.appendChild(plEl("h3", "pl-hs-title", model.get("title")));
    const counter = plEl("span", "pl-hs-counter", t("Step {index} of {last}", { index, last: count - 1 }));
    counter.setAttribute("aria-live", "polite");
    head.appendChild(counter);
    root.appendChild(head);
    const nav = plEl("div", "pl-hs-nav");
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", t("Step through the hand (arrow keys work too)"));
    const first = hsButton("", "first", t("First step"), () => go("go", 0));
    const previous = hsButton(t("Previous"), "previous", t("Previous step"), () => go("previous"));
    const question = model.get("question");
    const asking = Boolean(question.choices);
    const next = hsButton(
      asking ? t("Show the step") : t("Next"),
      "next",
      asking ? t("Show the step") : t("Next step"),
      () => go("next")
    );
    const last = hsButton("", "last", t("Last step"), () => go("go", count - 1));
    for (const button of [first, previous]) if (index === 0) button.setAttribute("aria-disabled", "true");
    for (const button of [next, last]) if (index === count - 1) button.setAttribute("aria-disabled", "true");
    const predicting = model.get("predict");
    const predict = plButton(
      t("Predict first"),
      "pl-hs-button pl-hs-predict",
      () => model.send({ type: "predict", on: !model.get("predict") })
    );
    predict.dataset.key = "predict";
    predict.setAttribute("aria-pressed", String(predicting));
    predict.title = t("Before each step, guess what comes next");
    nav.append(first, previous, next, last, predict);
    root.appendChild(nav);
    const story = plEl("div", "pl-hs-story");
    story.appendChild(plEl("p", "pl-hs-action", step.action));
    const happened = plEl("ul", "pl-hs-happened");
    for (const line of step.happened) happened.appendChild(plEl("li", "", line));
    story.appendChild(happened);
    if (step.note) story.appendChild(plEl("p", "pl-hs-note", step.note));
    root.appendChild(story);
    if (asking) root.appendChild(hsQuestion(question, pick, t));
    const seats = plEl("div", "pl-hs-seats");
    for (const player of step.players) if (player.status !== "out") seats.appendChild(hsSeat(player, step, t));
    root.appendChild(seats);
    root.appendChild(hsCap(step.cap, t));
    const options = plEl("p", "pl-hs-options");
    if (step.actor_name && step.options.length) {
      options.textContent = t("{name} may: {options}", { name: step.actor_name, options: step.options.join(" · ") });
    } else if (step.actor_name) {
      options.textContent = t("{name} is to draw.", { name: step.actor_name });
    } else {
      options.textContent = t("The hand is over.");
    }
    root.appendChild(options);
    const pots = plEl("div", "pl-hs-pots");
    pots.innerHTML = step.diagram;
    root.appendChild(pots);
    if (step.result) {
      const result = plEl("div", "pl-hs-result");
      for (const pot of step.result.pots) result.appendChild(plEl("p", "", pot.reason));
      root.appendChild(result);
    }
    let key = focused;
    if (asking && !question.feedback && focused === "next") key = "choice-0";
    if (asking && question.feedback && focused && focused.startsWith("choice-")) key = "next";
    plRefocus(root, key);
  }
  const traits = ["title", "index", "count", "step", "predict", "question", "words"];
  return plRedrawOn(model, traits, draw);
}
var hand_stepper_default = plWidget(render);
export {
  hand_stepper_default as default
};
