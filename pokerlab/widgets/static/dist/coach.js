// Built by scripts/build_js.py from pokerlab/widgets/static/ (edit those modules, not this file).

// pokerlab/widgets/static/dom.js
function plSay(words, message, values) {
  return (words && words[message] || message).replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
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

// pokerlab/widgets/static/coach.js
var PL_COACH_COLOURS = [
  "#c9ced6",
  "#8fb8de",
  "#4f8fd1",
  "#2f6db3",
  "#8c6bc8",
  "#d3792c",
  "#c0392b",
  "#8e1b3a",
  "#3d1b5e"
];
function plCoachDetail(choice, categories, t) {
  const list = plEl("div", "pl-coach-detail");
  list.setAttribute("role", "list");
  categories.forEach((name, category) => {
    const count = choice.counts[category];
    if (!count) return;
    const row = plEl("div", "pl-coach-row");
    row.setAttribute("role", "listitem");
    row.dataset.category = String(category);
    const p = choice.probabilities[category];
    const share = choice.shares[category];
    const counted = choice.count_texts[category];
    const label = plEl("span", "pl-coach-row-label", name);
    const track = plEl("span", "pl-coach-track");
    const bar = plEl("span", "pl-coach-bar");
    bar.style.width = `${Math.max(p * 100, 0.6)}%`;
    bar.style.background = PL_COACH_COLOURS[category];
    track.appendChild(bar);
    const figure = plEl("span", "pl-coach-figure", share);
    figure.title = t("{count} of {total}", { count: counted, total: choice.total_text });
    const exact = plEl("span", "pl-coach-exact", `${counted} / ${choice.total_text}`);
    row.append(label, track, figure, exact);
    row.setAttribute("aria-label", t("{name}: {share}, {count} of {total}", { name, share, count: counted, total: choice.total_text }));
    list.appendChild(row);
  });
  return list;
}
function plCoachChartRow(model, choice, categories, starred, t) {
  const row = plButton("", "pl-coach-choice", () => model.send({ type: "try", discard: choice.discard }));
  if (choice.is_best) row.classList.add("pl-best");
  if (choice.about_same) row.classList.add("pl-close");
  if (choice.is_tried) row.classList.add("pl-tried");
  row.setAttribute("aria-pressed", choice.is_tried ? "true" : "false");
  const value = t("{share} of the pot", { share: choice.win_text });
  const tag = choice.is_best ? t(" (coach's choice)") : choice.about_same && !starred ? t(" (about the same as the best)") : "";
  row.setAttribute("aria-label", t("{label}{tag}: wins {value}", { label: choice.label, tag, value }));
  const head = plEl("span", "pl-coach-choice-head");
  head.appendChild(plEl("span", "pl-coach-choice-label", choice.label));
  if (choice.is_best) head.appendChild(plEl("span", "pl-coach-star", t("★ coach")));
  else if (choice.about_same && !starred) head.appendChild(plEl("span", "pl-coach-same", t("≈ about the same")));
  head.appendChild(plEl("span", "pl-coach-choice-value", value));
  const win = plEl("span", "pl-coach-win");
  win.setAttribute("aria-hidden", "true");
  const winBar = plEl("span", "pl-coach-win-bar");
  winBar.style.width = `${Math.max(choice.win * 100, 0.6)}%`;
  win.appendChild(winBar);
  const stack = plEl("span", "pl-coach-stack");
  stack.setAttribute("aria-hidden", "true");
  choice.probabilities.forEach((p, category) => {
    if (category === 0 || p === 0) return;
    const part = plEl("span", "pl-coach-part");
    part.style.width = `${p * 100}%`;
    part.style.background = PL_COACH_COLOURS[category];
    part.title = `${categories[category]}: ${choice.shares[category]}`;
    stack.appendChild(part);
  });
  row.append(head, win, stack);
  return row;
}
function plCoachLegend(categories, chart, t) {
  const legend = plEl("div", "pl-coach-legend");
  legend.setAttribute("aria-hidden", "true");
  const winKey = plEl("span", "pl-coach-key");
  const winSwatch = plEl("span", "pl-coach-swatch pl-coach-win-swatch");
  winKey.append(winSwatch, document.createTextNode(t("chance to win the pot")));
  legend.appendChild(winKey);
  categories.forEach((name, category) => {
    if (category === 0 || !chart.some((c) => c.probabilities[category] > 0)) return;
    const item = plEl("span", "pl-coach-key");
    const swatch = plEl("span", "pl-coach-swatch");
    swatch.style.background = PL_COACH_COLOURS[category];
    item.append(swatch, document.createTextNode(name));
    legend.appendChild(item);
  });
  return legend;
}
function render({ model, el }) {
  const root = plEl("div", "pl-coach");
  root.setAttribute("role", "group");
  const heading = plEl("h2", "");
  root.appendChild(heading);
  const intro = plEl("p", "pl-coach-intro");
  const cards = plEl("div", "pl-coach-cards");
  const controls = plEl("div", "pl-coach-controls");
  const bestButton = plButton("", "pl-coach-button", () => model.send({ type: "best" }));
  const patButton = plButton("", "pl-coach-button", () => model.send({ type: "clear" }));
  const tableLabel = plEl("label", "pl-coach-criterion");
  const tableText = document.createTextNode("");
  const select = plEl("select");
  select.addEventListener("change", () => model.send({ type: "opponents", count: Number(select.value) }));
  tableLabel.append(tableText, select);
  controls.append(bestButton, patButton, tableLabel);
  const status = plEl("div", "pl-coach-status");
  status.setAttribute("role", "status");
  const bar = plEl("progress", "pl-coach-progress");
  bar.max = 1;
  const statusText = plEl("span", "pl-coach-status-text");
  status.append(bar, statusText);
  const message = plEl("p", "pl-coach-message");
  message.setAttribute("role", "alert");
  const summary = plEl("p", "pl-coach-summary");
  summary.setAttribute("aria-live", "polite");
  const detailBox = plEl("section", "pl-coach-section pl-coach-your");
  const explanation = plEl("p", "pl-coach-explanation");
  explanation.setAttribute("aria-live", "polite");
  const chartBox = plEl("section", "pl-coach-section pl-coach-chart");
  root.append(intro, cards, controls, status, message, summary, detailBox, explanation, chartBox);
  el.appendChild(root);
  function label(t) {
    root.setAttribute("aria-label", t("Draw coach"));
    heading.textContent = t("Which cards should I throw?");
    bestButton.textContent = t("Show the coach's choice");
    patButton.textContent = t("Keep all five");
    tableText.textContent = t("Against ");
    bar.setAttribute("aria-label", t("Working out the chances"));
    statusText.textContent = t("Working out each choice's chance to win the pot…");
  }
  function menu() {
    const texts = model.get("opponent_choices") || [];
    while (select.options.length > texts.length) select.remove(select.options.length - 1);
    texts.forEach((text, index) => {
      let option = select.options[index];
      if (!option) {
        option = plEl("option");
        option.value = String(index + 1);
        select.appendChild(option);
      }
      option.textContent = text;
    });
  }
  function draw() {
    const words = model.get("words") || {};
    const t = (message2, values) => plSay(words, message2, values);
    label(t);
    menu();
    const hand = model.get("hand");
    const marked = new Set(model.get("marked"));
    const tried = model.get("tried");
    const categories = model.get("categories");
    const chart = model.get("chart");
    const revealed = model.get("revealed");
    const opponents = model.get("opponents");
    const draws = model.get("opponent_draws_text");
    intro.textContent = t("Tap the cards you would throw. {rules} ", { rules: model.get("rules_text") }) + t("Your hand now: {hand}. ", { hand: model.get("current") }) + t("New cards come from the {count} cards you have not seen.", { count: model.get("unseen_count") }) + (draws ? ` ${draws}` : "");
    cards.replaceChildren();
    const row = plHand([]);
    hand.forEach((code, index) => {
      const thrown = marked.has(index);
      const card = plCard(code, {
        button: true,
        selected: thrown,
        size: "lg",
        label: `${plCardName(code, t)}${thrown ? t(", marked to throw") : ""}`
      });
      card.addEventListener("click", () => model.send({ type: "toggle", index }));
      row.appendChild(card);
    });
    cards.appendChild(row);
    select.value = String(Math.max(1, Math.min(opponents, select.options.length)));
    select.disabled = Boolean(draws);
    const busy = model.get("busy");
    status.hidden = !busy;
    bar.value = model.get("progress");
    message.textContent = model.get("message");
    message.hidden = !model.get("message");
    const shown = revealed && tried && tried.counts;
    summary.hidden = detailBox.hidden = explanation.hidden = chartBox.hidden = !shown;
    if (!shown) {
      summary.textContent = "";
      detailBox.replaceChildren();
      chartBox.replaceChildren();
      explanation.textContent = "";
      return;
    }
    summary.textContent = model.get("summary");
    detailBox.replaceChildren(plEl("h3", "", model.get("detail_title")), plCoachDetail(tried, categories, t));
    explanation.textContent = model.get("explanation");
    const starred = chart.some((choice) => choice.is_best);
    chartBox.replaceChildren(
      plEl("h3", "", model.get("chart_title")),
      plCoachLegend(categories, chart, t),
      ...chart.map((choice) => plCoachChartRow(model, choice, categories, starred, t))
    );
  }
  return plRedrawOn(
    model,
    [
      "hand",
      "marked",
      "tried",
      "chart",
      "explanation",
      "message",
      "opponents",
      "opponent_draws_text",
      "unseen_count",
      "revealed",
      "busy",
      "progress",
      "words",
      "language",
      "categories",
      "current",
      "rules_text",
      "summary",
      "detail_title",
      "chart_title",
      "opponent_choices"
    ],
    draw
  );
}
var coach_default = plWidget(render);
export {
  coach_default as default
};
