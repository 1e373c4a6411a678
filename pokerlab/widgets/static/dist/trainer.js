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

// pokerlab/widgets/static/trainer.js
function plTrainerHand(index, t) {
  const box = plEl("section", "pl-trainer-hand");
  box.dataset.hand = index === 0 ? "first" : "second";
  const head = plEl("div", "pl-trainer-hand-head");
  const title = plEl("h3", "", index === 0 ? t("Hand A") : t("Hand B"));
  const badge = plEl("span", "pl-trainer-badge");
  head.append(title, badge);
  const cards = plEl("div", "pl-trainer-cards");
  const name = plEl("p", "pl-trainer-name");
  box.append(head, cards, name);
  return { box, cards, name, badge };
}
function render({ model, el }) {
  const t = plWords(model);
  const choices = [
    { choice: "first", label: t("Hand A wins"), short: t("Hand A"), key: "A" },
    { choice: "split", label: t("Split pot"), short: t("Split"), key: "S" },
    { choice: "second", label: t("Hand B wins"), short: t("Hand B"), key: "B" }
  ];
  const root = plEl("div", "pl-trainer");
  root.tabIndex = -1;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", t("Which hand wins? trainer"));
  const header = plEl("div", "pl-trainer-header");
  const heading = plEl("h2", "", t("Which hand wins?"));
  const score = plEl("p", "pl-trainer-score");
  score.setAttribute("aria-live", "polite");
  header.append(heading, score);
  const hands = [plTrainerHand(0, t), plTrainerHand(1, t)];
  const table = plEl("div", "pl-trainer-table");
  table.append(hands[0].box, hands[1].box);
  const answers = plEl("div", "pl-trainer-answers");
  answers.setAttribute("role", "group");
  answers.setAttribute("aria-label", t("Your answer"));
  const buttons = choices.map(({ choice, label, short, key }) => {
    const button = plEl("button");
    button.type = "button";
    button.className = "pl-trainer-answer";
    button.dataset.choice = choice;
    button.setAttribute("aria-keyshortcuts", key);
    button.setAttribute("aria-label", label);
    const kbd = plEl("kbd", "", key);
    kbd.setAttribute("aria-hidden", "true");
    button.append(plEl("span", "pl-long", label), plEl("span", "pl-short", short), kbd);
    button.addEventListener("click", () => pick(choice));
    answers.appendChild(button);
    return button;
  });
  const verdict = plEl("div", "pl-trainer-verdict");
  verdict.setAttribute("aria-live", "polite");
  const footer = plEl("div", "pl-trainer-footer");
  const next = plButton(t("Next hands"), "pl-trainer-next", () => model.send({ type: "next" }), { key: "N" });
  const help = plEl("p", "pl-trainer-help");
  footer.append(next, help);
  root.append(header, table, answers, verdict, footer);
  el.appendChild(root);
  function pick(choice) {
    if (model.get("result")) return;
    model.send({ type: "pick", choice, round: model.get("round") });
  }
  function draw() {
    const result = model.get("result");
    const codes = [model.get("first"), model.get("second")];
    const answered = Boolean(result);
    const winner = answered ? result.correct_choice : null;
    hands.forEach((hand, i) => {
      const cards = plEl("div", "pl-hand");
      for (const code of codes[i]) cards.appendChild(plCard(code, { size: "lg", label: plCardName(code, t) }));
      hand.cards.replaceChildren(cards);
      hand.name.textContent = answered ? result.names[i] : "";
      const side = i === 0 ? "first" : "second";
      const state = !answered ? "" : winner === "split" ? "split" : winner === side ? "wins" : "loses";
      hand.box.dataset.state = state;
      hand.badge.textContent = { wins: t("Wins"), loses: t("Loses"), split: t("Splits") }[state] || "";
    });
    for (const button of buttons) {
      const choice = button.dataset.choice;
      button.disabled = answered;
      button.classList.toggle("pl-chosen", answered && result.choice === choice);
      button.classList.toggle("pl-right", answered && winner === choice);
    }
    next.disabled = !answered;
    const streak = model.get("streak");
    const best = model.get("best_streak");
    score.textContent = t("Deal {round} · Streak {streak} · Best {best}", { round: model.get("round"), streak, best });
    verdict.replaceChildren();
    verdict.className = "pl-trainer-verdict";
    const note = model.get("message");
    if (answered) {
      verdict.classList.add(result.correct ? "pl-good" : "pl-bad");
      const lead = plEl("strong", "", result.correct ? t("Right! ") : t("Not quite. "));
      const text = plEl("span", "", result.text);
      verdict.append(lead);
      if (!result.correct && result.mistake) {
        const mistake = plEl("span", "pl-trainer-mistake", result.mistake + " ");
        verdict.append(mistake);
      }
      verdict.append(text);
    } else if (note) {
      verdict.classList.add("pl-bad");
      verdict.textContent = note;
    } else {
      verdict.textContent = t("Which hand wins the showdown, or do they split the pot?");
    }
    help.textContent = t("Keys: A, B or S to answer, N for next hands. Seed {seed}.", { seed: model.get("seed") });
  }
  let lastRound = model.get("round");
  let wasAnswered = Boolean(model.get("result"));
  function redraw() {
    const hadFocus = root.contains(document.activeElement);
    draw();
    const answered = Boolean(model.get("result"));
    if (hadFocus && answered && !wasAnswered) next.focus();
    if (hadFocus && model.get("round") !== lastRound) buttons[0].focus();
    lastRound = model.get("round");
    wasAnswered = answered;
  }
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const choice = { a: "first", 1: "first", b: "second", 2: "second", s: "split" }[key];
    if (choice) {
      pick(choice);
    } else if (key === "n") {
      if (model.get("result")) model.send({ type: "next" });
    } else if (["arrowleft", "arrowright", "arrowup", "arrowdown"].includes(key)) {
      const enabled = buttons.filter((button) => !button.disabled);
      if (!enabled.length) {
        event.preventDefault();
        return;
      }
      const at = enabled.indexOf(document.activeElement);
      const step = key === "arrowleft" || key === "arrowup" ? -1 : 1;
      enabled[(at + step + enabled.length) % enabled.length].focus();
    } else {
      return;
    }
    event.preventDefault();
  });
  draw();
  model.on("change", redraw);
  return () => model.off("change", redraw);
}
var trainer_default = plWidget(render);
export {
  trainer_default as default
};
