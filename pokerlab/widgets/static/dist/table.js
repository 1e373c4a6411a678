// Built by scripts/build_js.py from pokerlab/widgets/static/ (edit those modules, not this file).

// pokerlab/widgets/static/dom.js
function plSay(words, message, values) {
  return (words && words[message] || message).replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
}
function plWords(model) {
  return (message, values) => plSay(model.get("words"), message, values);
}
function plMotion() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
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

// pokerlab/widgets/static/table/controls.js
function tableButton(label, className, onClick, key, keyLabel) {
  const button = plButton(label, `pl-t-button ${className || ""}`.trim(), onClick, { key, keyLabel });
  button.dataset.key = (className || "").split(" ").filter((name) => !["pl-t-quiet", "pl-t-primary"].includes(name)).join(" ");
  return button;
}
function offerOf(table, kind) {
  return table.legal.find((item) => item.kind === kind);
}
function learnerOf(table) {
  return table.players[table.learner_seat];
}

// pokerlab/widgets/static/table/review.js
function reviewShown(view, table) {
  const review = view.model.get("review");
  return Boolean(review && review.hand_number === table.hand_number);
}
function reviewOpen(view, table) {
  return reviewShown(view, table) || view.reviewAsked === table.hand_number;
}
function drawResult(view, table) {
  const { model, t } = view;
  const result = table.result;
  const box = plEl("section", "pl-t-result");
  box.setAttribute("aria-live", "polite");
  box.appendChild(plEl("h3", "", result.headline));
  for (const pot of result.pots) {
    const line = plEl("p", "pl-t-result-pot");
    line.appendChild(plEl("strong", "", `${pot.label} (${pot.amount_text}): `));
    line.appendChild(document.createTextNode(result.won_by_fold ? `${pot.shares}.` : `${pot.reason} (${pot.shares})`));
    box.appendChild(line);
  }
  if (!result.won_by_fold) {
    const names = plEl("ul", "pl-t-hands");
    for (const [name, hand] of Object.entries(result.hand_names)) names.appendChild(plEl("li", "", `${name}: ${hand}`));
    box.appendChild(names);
  }
  if (model.get("kept_hand") && model.get("kept_hand") === table.hand_number) {
    const kept = plEl("p", "pl-t-kept");
    kept.appendChild(document.createTextNode(t("This hand is kept in ")));
    const link = plEl("a", "pl-t-kept-link", t("My hands"));
    link.href = "11-my-hands.ipynb";
    link.target = "_blank";
    link.rel = "noopener";
    kept.appendChild(link);
    kept.appendChild(document.createTextNode(t(", where you can replay it with the coach.")));
    box.appendChild(kept);
  }
  return box;
}
function drawReviewItem(item, t) {
  const li = plEl("li", "pl-t-review-item");
  li.dataset.matches = item.matches ? "true" : "false";
  li.dataset.verdict = item.verdict || (item.matches ? "same" : "costly");
  li.appendChild(plEl("div", "pl-t-review-situation", item.situation));
  const cards = plHand(item.cards, { size: "sm", names: item.card_names });
  cards.classList.add("pl-t-review-cards");
  li.appendChild(cards);
  const facts = plEl("dl", "pl-t-review-facts");
  for (const [term, text, className] of [
    [t("You"), item.played, "pl-t-review-played"],
    [t("Coach"), item.coach, "pl-t-review-coach"],
    [t("Difference"), item.worth, "pl-t-review-worth"]
  ]) {
    facts.appendChild(plEl("dt", "", term));
    facts.appendChild(plEl("dd", className, text));
  }
  li.appendChild(facts);
  const why = plEl("details", "pl-t-review-why");
  why.appendChild(plEl("summary", "", t("Why")));
  why.appendChild(plEl("p", "", item.detail));
  li.appendChild(why);
  return li;
}
function drawReview(view, table) {
  const { model, t } = view;
  const box = plEl("section", "pl-t-review");
  box.setAttribute("aria-label", t("Review of your decisions"));
  box.setAttribute("aria-live", "polite");
  if (!reviewShown(view, table)) {
    box.appendChild(plEl("p", "pl-t-review-working", t("Reviewing…")));
    return box;
  }
  const review = model.get("review");
  box.appendChild(plEl("h3", "", review.heading));
  box.appendChild(plEl("p", "pl-t-review-summary", review.summary));
  const list = plEl("ol", "pl-t-review-list");
  for (const item of review.items) list.appendChild(drawReviewItem(item, t));
  if (review.items.length) box.appendChild(list);
  for (const note of review.notes) box.appendChild(plEl("p", "pl-t-review-note", note));
  box.appendChild(plEl("p", "pl-t-review-about", review.about));
  return box;
}
function drawHistory(view, table) {
  const { t } = view;
  const box = plEl("details", "pl-t-history");
  box.open = view.historyOpen;
  box.addEventListener("toggle", () => {
    view.historyOpen = box.open;
  });
  box.appendChild(plEl("summary", "", t("Hand history")));
  const key = `${table.hand_number}`;
  if (key !== view.historyKey) {
    view.historyKey = key;
    view.historyAt = null;
  }
  const total = table.log.length;
  const at = view.historyAt === null ? total : Math.min(view.historyAt, total);
  const controls = plEl("div", "pl-t-history-controls");
  const go = (value) => {
    view.historyAt = Math.max(1, Math.min(total, value));
    if (view.historyAt === total) view.historyAt = null;
    view.historyOpen = true;
    view.redraw(true);
  };
  controls.append(
    tableButton(t("Start"), "pl-t-quiet pl-t-hstart", () => go(1)),
    tableButton(t("Back"), "pl-t-quiet pl-t-hback", () => go(at - 1)),
    tableButton(t("Step"), "pl-t-quiet pl-t-hstep", () => go(at + 1)),
    tableButton(t("Now"), "pl-t-quiet pl-t-hend", () => go(total)),
    plEl("span", "pl-t-history-at", t("step {at} of {total}", { at, total }))
  );
  box.appendChild(controls);
  const list = plEl("ol", "pl-t-log");
  table.log.slice(0, at).forEach((line, index) => {
    list.appendChild(plEl("li", index === at - 1 ? "pl-t-log-now" : "", line));
  });
  box.appendChild(list);
  return box;
}

// pokerlab/widgets/static/table/actions.js
function toggleCard(view, index) {
  const table = view.model.get("table");
  if (!offerOf(table, "draw")) return;
  if (index >= learnerOf(table).cards.length) return;
  if (view.marked.has(index)) view.marked.delete(index);
  else view.marked.add(index);
  view.redraw(true);
}
function drawMarked(view) {
  const me = learnerOf(view.model.get("table"));
  const discards = [...view.marked].sort().map((index) => me.cards[index]);
  if (discards.length) view.act("draw", { discards });
}
function drawHead(table, t) {
  const me = learnerOf(table);
  const head = plEl("div", "pl-t-mine-head");
  const facts = [me.stack_text];
  if (me.bet > 0) facts.push(t("bet {amount}", { amount: me.bet_text }));
  if (me.blind) facts.push(me.blind);
  if (me.is_dealer) facts.push(t("dealer"));
  if (me.status !== "active") facts.push(t(me.status));
  if (me.draw_text) facts.push(me.my_draw_text);
  if (me.hand_name) facts.push(me.hand_name);
  head.appendChild(plEl("strong", "", me.name));
  head.appendChild(plEl("span", "pl-t-facts", facts.join(" · ")));
  return head;
}
function drawCards(view, table, drawing) {
  const { t } = view;
  const me = learnerOf(table);
  const key = `${table.hand_number}|${table.phase}|${me.cards.join(" ")}`;
  if (key !== view.markKey) {
    view.markKey = key;
    view.marked = /* @__PURE__ */ new Set();
  }
  const cards = plEl("div", "pl-t-mycards");
  const row = plHand([]);
  me.cards.forEach((code, index) => {
    const selected = drawing && view.marked.has(index);
    const card = plCard(code, {
      button: Boolean(drawing),
      selected,
      size: "lg",
      label: `${me.card_names[index]}${selected ? t(", marked to throw") : ""}`
    });
    if (drawing) card.addEventListener("click", () => toggleCard(view, index));
    card.dataset.index = String(index + 1);
    row.appendChild(card);
  });
  cards.appendChild(row);
  return cards;
}
function drawBet(view, table, item) {
  const { t } = view;
  const box = plEl("div", "pl-t-betbox");
  const word = item.kind === "bet" ? t("Bet") : t("Raise to");
  const key = `${table.version}|${item.kind}|${item.min_to}|${item.max_to}`;
  if (key !== view.amountKey) {
    view.amountKey = key;
    view.amount = item.min_to;
  }
  const said = (amount) => item.amount_texts[String(amount)];
  const button = tableButton(
    `${word} ${said(view.amount)}`,
    `pl-t-${item.kind} pl-t-primary`,
    () => view.act(item.kind, { amount: view.amount }),
    item.key
  );
  if (item.min_to === item.max_to) {
    box.appendChild(button);
    return box;
  }
  const slider = plEl("input");
  slider.type = "range";
  slider.className = "pl-t-slider";
  slider.min = String(item.min_to);
  slider.max = String(item.max_to);
  slider.step = String(item.step);
  slider.value = String(view.amount);
  slider.setAttribute("aria-label", t("{action} amount, {low} to {high} in steps of {step}", {
    action: word,
    low: said(item.min_to),
    high: said(item.max_to),
    step: item.step_text
  }));
  const setAmount = (value) => {
    view.amount = Number(value);
    slider.value = String(view.amount);
    button.querySelector("span").textContent = `${word} ${said(view.amount)}`;
  };
  slider.addEventListener("input", () => setAmount(slider.value));
  const quick = plEl("div", "pl-t-quick");
  item.quick.forEach((value, index) => {
    const text = [t("Min"), t("Half"), t("Max")][index];
    const pick = tableButton(`${text} ${said(value)}`, "pl-t-quiet pl-t-amount", () => setAmount(value));
    pick.dataset.amount = String(value);
    quick.appendChild(pick);
  });
  box.append(button, slider, quick);
  return box;
}
function drawActions(view, table, drawing) {
  const { t, send } = view;
  const actions = plEl("div", "pl-t-actions");
  if (table.phase === "over") {
    const label = table.match_over || table.learner_out ? t("See the result") : t("Next hand");
    actions.appendChild(tableButton(label, "pl-t-primary pl-t-next", () => send({ type: "next" }), "Space", t("Space")));
    const open = reviewOpen(view, table);
    const review = tableButton(open ? t("Hide the review") : t("Review my decisions"), "pl-t-review-toggle", () => {
      if (!open) view.reviewAsked = table.hand_number;
      send({ type: "review" });
      view.redraw(true);
    }, "V");
    review.setAttribute("aria-expanded", open ? "true" : "false");
    actions.appendChild(review);
  } else if (drawing) {
    actions.appendChild(plEl("p", "pl-t-hint", t("{offer}. Tap the cards to throw (keys 1-5), then confirm.", { offer: drawing.label })));
    actions.appendChild(tableButton(t("Stand pat"), "pl-t-pat", () => view.act("draw", { discards: [] }), "S"));
    const count = view.marked.size;
    const draw = tableButton(count ? t("Draw {count}", { count }) : t("Draw"), "pl-t-primary pl-t-draw", () => drawMarked(view), "D");
    draw.disabled = count === 0;
    actions.appendChild(draw);
    const fold = offerOf(table, "fold");
    if (fold) actions.appendChild(tableButton(fold.label, "pl-t-fold pl-t-quiet", () => view.act("fold"), "F"));
  } else if (table.is_my_turn) {
    for (const item of table.legal) {
      if (item.kind === "bet" || item.kind === "raise") {
        actions.appendChild(drawBet(view, table, item));
        continue;
      }
      const button = tableButton(item.label, `pl-t-${item.kind.replace("_", "-")}`, () => {
        view.act(item.kind, item.kind === "all_in" ? { amount: item.min_to } : {});
      }, item.key);
      if (item.warning) button.title = item.warning;
      actions.appendChild(button);
    }
    const warning = table.legal.find((item) => item.warning);
    if (warning) actions.appendChild(plEl("p", "pl-t-hint", warning.warning));
  } else {
    actions.appendChild(plEl("p", "pl-t-hint", table.actor_name ? t("Waiting for {name}.", { name: table.actor_name }) : ""));
    if (table.bot_turn) actions.appendChild(tableButton(t("Skip ahead"), "pl-t-skip pl-t-quiet", () => send({ type: "skip" })));
  }
  return actions;
}
function drawMine(view, table) {
  const bar = plEl("div", "pl-t-mine");
  bar.setAttribute("aria-label", view.t("your hand and actions"));
  bar.appendChild(drawHead(table, view.t));
  const drawing = offerOf(table, "draw");
  bar.appendChild(drawCards(view, table, drawing));
  bar.appendChild(drawActions(view, table, drawing));
  return bar;
}

// pokerlab/widgets/static/table/panel.js
var DRAFTS = /* @__PURE__ */ new WeakMap();
function draftsOf(model) {
  if (!DRAFTS.has(model)) DRAFTS.set(model, /* @__PURE__ */ new Map());
  return DRAFTS.get(model);
}
function drawSelect(field, values) {
  const label = plEl("label", "pl-t-field");
  label.appendChild(plEl("span", "", field.label));
  const select = plEl("select");
  select.name = field.name;
  for (const option of field.options) {
    const el = plEl("option", "", option.label);
    el.value = String(option.value);
    select.appendChild(el);
  }
  select.value = String(field.value);
  values[field.name] = () => select.value;
  label.appendChild(select);
  return label;
}
function drawInput(model, spec, values) {
  const label = plEl("label", "pl-t-field");
  label.appendChild(plEl("span", "", spec.label));
  const input = plEl("input");
  input.type = "text";
  input.name = spec.name;
  const drafts = draftsOf(model);
  const offered = spec.value || "";
  const draft = drafts.get(spec.name);
  input.value = draft && draft.offered === offered ? draft.value : offered;
  input.maxLength = 64;
  input.dataset.key = `input:${spec.name}`;
  input.addEventListener("input", () => drafts.set(spec.name, { offered, value: input.value }));
  values[spec.name] = () => input.value;
  label.appendChild(input);
  return label;
}
function drawData(table) {
  const wrap = plEl("div", "pl-t-table-wrap");
  const el = plEl("table", (table.head || []).length > 4 ? "pl-t-data pl-t-stackable" : "pl-t-data");
  if (table.caption) el.appendChild(plEl("caption", "", table.caption));
  const head = el.createTHead().insertRow();
  for (const cell of table.head || []) head.appendChild(plEl("th", "", cell));
  const body = el.createTBody();
  for (const row of table.rows || []) {
    const tr = body.insertRow();
    row.forEach((cell, index) => {
      const td = plEl("td", "", String(cell));
      if (table.head && table.head[index]) td.dataset.label = table.head[index];
      tr.appendChild(td);
    });
  }
  wrap.appendChild(el);
  return wrap;
}
function drawPanel(model, spec, className) {
  const box = plEl("section", `pl-t-panel ${className}`);
  if (!spec) return box;
  if (spec.heading) box.appendChild(plEl("h2", "", spec.heading));
  for (const text of spec.paragraphs || []) box.appendChild(plEl("p", "", text));
  const values = {};
  const form = plEl("div", "pl-t-fields");
  for (const field of spec.fields || []) form.appendChild(drawSelect(field, values));
  if (spec.input) form.appendChild(drawInput(model, spec.input, values));
  if (form.childElementCount) box.appendChild(form);
  const collect = () => Object.fromEntries(Object.entries(values).map(([name, get]) => [name, get()]));
  for (const table of spec.tables || []) box.appendChild(drawData(table));
  const buttons = plEl("div", "pl-t-panel-buttons");
  for (const item of spec.buttons || []) {
    const button = tableButton(item.label, item.primary ? "pl-t-primary" : "", () => {
      const content = { type: item.id === "start" ? "start" : "app", id: item.id, fields: collect() };
      if (item.value !== void 0) content.value = item.value;
      model.send(content);
    });
    button.dataset.id = item.id;
    button.dataset.key = `panel:${item.id}:${item.value ?? ""}`;
    if (item.value !== void 0) button.dataset.value = String(item.value);
    button.disabled = Boolean(item.disabled);
    buttons.appendChild(button);
  }
  if (buttons.childElementCount) box.appendChild(buttons);
  return box;
}
function drawSide(model, table, t) {
  const side = plEl("div", "pl-t-side");
  const spec = model.get("side");
  if (spec && Object.keys(spec).length) side.appendChild(drawPanel(model, spec, "pl-t-app-panel"));
  if (table.standings && table.standings.length) {
    const wrap = plEl("div", "pl-t-table-wrap");
    const el = plEl("table", "pl-t-data pl-t-standings");
    el.appendChild(plEl("caption", "", t("Standings")));
    const head = el.createTHead().insertRow();
    for (const cell of ["", t("Player"), table.dollars ? t("Money") : t("Chips"), "+/-"]) head.appendChild(plEl("th", "", cell));
    const body = el.createTBody();
    table.standings.forEach((row, index) => {
      const tr = body.insertRow();
      for (const cell of [index + 1, row.name + (row.out ? t(" (out)") : ""), row.stack_text, row.net_text]) {
        tr.appendChild(plEl("td", "", String(cell)));
      }
    });
    wrap.appendChild(el);
    side.appendChild(wrap);
  }
  return side;
}

// pokerlab/widgets/static/table/pot.js
function countDown(clock, t) {
  const left = Math.max(0, Math.ceil((Number(clock.dataset.until) - Date.now()) / 1e3));
  clock.textContent = t("{seconds} s left to act", { seconds: left });
  clock.classList.toggle("pl-t-hurry", left <= 10);
  if (left > 0) setTimeout(() => clock.isConnected && countDown(clock, t), 1e3);
}
function drawHeader(table, title, t) {
  const header = plEl("div", "pl-t-header");
  header.appendChild(plEl("h2", "pl-t-title", t(title || table.variant)));
  let line = t("Hand {number}", { number: table.hand_number });
  if (table.hands_left !== null && table.hands_left !== void 0) line += t(" ({count} left after this)", { count: table.hands_left });
  line += ` · ${table.phase_text}`;
  header.appendChild(plEl("p", "pl-t-phase", line));
  return header;
}
function drawPots(table, t) {
  const pots = plEl("div", "pl-t-pots");
  pots.setAttribute("aria-label", t("pots"));
  table.pots.forEach((pot) => {
    const el = plEl("div", "pl-t-pot", `${pot.label}: ${pot.amount_text}`);
    if (table.pots.length > 1) el.title = t("Can be won by {names}", { names: pot.eligible.join(", ") });
    pots.appendChild(el);
  });
  if (table.pots.length > 1) {
    table.pots.forEach((pot) => pots.appendChild(plEl("div", "pl-t-eligible", `${pot.label}: ${pot.eligible.join(", ")}`)));
  }
  return pots;
}
function drawLive(center, table, t) {
  const live = table.live;
  if (live.seconds_left !== null && live.seconds_left !== void 0 && table.phase !== "over") {
    const clock = plEl("div", "pl-t-countdown");
    clock.dataset.until = String(Date.now() + live.seconds_left * 1e3);
    countDown(clock, t);
    center.appendChild(clock);
  } else if (table.phase === "over" && live.next_deal_in !== null && live.next_deal_in !== void 0) {
    center.appendChild(plEl("div", "pl-t-countdown", t("Next hand soon, or as soon as everyone is ready")));
  }
  if (live.notice) center.appendChild(plEl("div", "pl-t-notice", live.notice));
}
function drawCenter(table, t) {
  const center = plEl("div", "pl-t-center");
  center.appendChild(drawPots(table, t));
  if (table.phase !== "over") {
    if (table.cap_meter) center.appendChild(plEl("div", "pl-t-cap", t("Betting cap: {cap}", { cap: table.cap_meter })));
    const [low, high] = table.round_limits_text;
    const limit = low === high ? t("Bets and raises are {amount} this round", { amount: low }) : t("Bets and raises: {low} to {high} this round", { low, high });
    center.appendChild(plEl("div", "pl-t-limits", limit));
  }
  const turn = plEl("div", "pl-t-turn");
  turn.setAttribute("aria-live", "polite");
  if (table.phase === "over") turn.textContent = t("Hand over");
  else if (table.is_my_turn) turn.textContent = t("Your turn");
  else if (table.actor_name) turn.textContent = t("{name} to act…", { name: table.actor_name });
  center.appendChild(turn);
  if (table.live) drawLive(center, table, t);
  const log = table.log || [];
  const last = log.length ? log[log.length - 1] : "";
  center.appendChild(plEl("div", "pl-t-last", last));
  return center;
}

// pokerlab/widgets/static/table/seats.js
var SLOTS = {
  1: [[3, 1]],
  2: [[2, 1], [4, 1]],
  3: [[1, 2], [3, 1], [5, 2]],
  4: [[1, 2], [2, 1], [4, 1], [5, 2]],
  5: [[1, 2], [2, 1], [3, 1], [4, 1], [5, 2]],
  6: [[1, 3], [1, 2], [2, 1], [4, 1], [5, 2], [5, 3]],
  7: [[1, 3], [1, 2], [2, 1], [3, 1], [4, 1], [5, 2], [5, 3]]
};
function drawSeat(player, table, index, count, t) {
  const seat = plEl("div", "pl-t-seat");
  seat.dataset.seat = String(player.seat);
  seat.dataset.status = player.status;
  if (player.is_actor) seat.classList.add("pl-t-acting");
  if (player.is_learner) seat.classList.add("pl-t-me");
  const [column, row] = (SLOTS[count] || SLOTS[7])[index] || [3, 1];
  seat.style.setProperty("--col", String(column));
  seat.style.setProperty("--row", String(row));
  const head = plEl("div", "pl-t-seat-head");
  head.appendChild(plEl("span", "pl-t-name", player.name));
  if (player.is_dealer) {
    const button = plEl("span", "pl-t-dealer", "D");
    button.title = t("Dealer button");
    button.setAttribute("aria-label", t("dealer"));
    head.appendChild(button);
  }
  seat.appendChild(head);
  const facts = [player.stack_text];
  if (player.blind) facts.push(player.blind);
  if (player.status === "folded") facts.push(t("folded"));
  if (player.status === "all-in") facts.push(t("all-in"));
  if (player.status === "out") facts.push(t("out"));
  if (player.draw_text) facts.push(player.draw_text);
  seat.appendChild(plEl("div", "pl-t-facts", facts.join(" · ")));
  seat.dataset.cards = player.cards.some(Boolean) ? "shown" : player.cards.length ? "hidden" : "none";
  if (player.cards.length) {
    const cards = plHand(player.cards, { size: "sm", names: player.card_names });
    cards.classList.add("pl-t-seat-cards");
    seat.appendChild(cards);
  }
  if (player.shown_ace && !(table.result && table.result.shown[player.seat])) {
    seat.appendChild(plEl("div", "pl-t-note", t("kept and shows the {card}", { card: player.shown_ace_name })));
  }
  if (player.hand_name) seat.appendChild(plEl("div", "pl-t-handname", player.hand_name));
  if (player.net !== null && player.net !== void 0 && player.net !== 0) {
    seat.appendChild(plEl("div", player.net > 0 ? "pl-t-net pl-t-up" : "pl-t-net pl-t-down", player.net_text));
  }
  if (player.bet > 0) {
    const bet = plEl("div", "pl-t-chips-in", t("bet {amount}", { amount: player.bet_text }));
    bet.setAttribute("aria-label", t("{name} has {amount} in front", { name: player.name, amount: player.bet_text }));
    seat.appendChild(bet);
  }
  if (player.is_actor) seat.setAttribute("aria-current", "true");
  return seat;
}
function drawSeats(table, t) {
  const others = table.players.filter((p) => !p.is_learner && p.status !== "out");
  const out = table.players.filter((p) => !p.is_learner && p.status === "out");
  const seats = plEl("div", "pl-t-seats");
  [...others, ...out].forEach((player, index) => seats.appendChild(drawSeat(player, table, index, others.length + out.length, t)));
  const mine = drawSeat({ ...learnerOf(table), cards: [] }, table, 0, 1, t);
  mine.classList.add("pl-t-my-seat");
  return [seats, mine];
}

// pokerlab/widgets/static/table.js
function render({ model, el }) {
  const root = plEl("div", "pl-t");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  el.appendChild(root);
  const t = plWords(model);
  root.setAttribute("aria-roledescription", t("poker table"));
  const send = (content) => model.send(content);
  const view = {
    model,
    t,
    send,
    act: (kind, extra = {}) => send({ type: "act", kind, ...extra }),
    redraw: (keepFocus) => redraw(keepFocus),
    marked: /* @__PURE__ */ new Set(),
    // the learner's cards marked to throw (indexes), for the hand and phase in markKey
    markKey: "",
    amount: null,
    // the bet or raise picked on the slider, for the offer in amountKey
    amountKey: "",
    historyAt: null,
    // the history's step shown (null: now), for the hand in historyKey
    historyKey: "",
    historyOpen: false,
    reviewAsked: null
    // the hand number whose review was asked for and has not arrived yet
  };
  let timer = null;
  let stepped = -1;
  function scheduleStep(table) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (model.get("screen") !== "table" || !table.bot_turn || stepped === table.version) return;
    timer = setTimeout(() => {
      timer = null;
      stepped = table.version;
      send({ type: "step", version: table.version });
    }, model.get("pause_ms"));
  }
  function drawTools(table) {
    const tools = plEl("div", "pl-t-tools");
    const me = learnerOf(table);
    if (table.coach !== false && ["betting_one", "draw"].includes(table.phase) && me.draw_count === null && me.cards.length === 5 && me.status !== "folded") {
      const coach = tableButton(
        model.get("coach_open") ? t("Hide the coach") : t("Which cards should I throw?"),
        "pl-t-quiet pl-t-coach",
        () => send({ type: "coach" })
      );
      coach.setAttribute("aria-expanded", model.get("coach_open") ? "true" : "false");
      tools.appendChild(coach);
    }
    return tools;
  }
  function drawTable() {
    const table = model.get("table");
    const frag = document.createDocumentFragment();
    frag.appendChild(drawHeader(table, model.get("title"), t));
    const layout = plEl("div", "pl-t-layout");
    const felt = plEl("div", "pl-t-felt");
    felt.dataset.phase = table.phase;
    felt.append(...drawSeats(table, t), drawCenter(table, t));
    const main = plEl("div", "pl-t-main");
    main.appendChild(felt);
    if (table.result) main.appendChild(drawResult(view, table));
    if (table.phase === "over" && reviewOpen(view, table)) main.appendChild(drawReview(view, table));
    main.appendChild(drawTools(table));
    main.appendChild(drawHistory(view, table));
    layout.appendChild(main);
    layout.appendChild(drawSide(model, table, t));
    frag.appendChild(layout);
    frag.appendChild(drawMine(view, table));
    markMotion(frag, table);
    return frag;
  }
  let seen = null;
  function markMotion(frag, table) {
    const now = { hand: table.hand_number, pot: table.pot_total, cards: {} };
    for (const player of table.players) now.cards[player.seat] = player.cards.map((code) => code || "");
    const before = seen && seen.hand === now.hand ? seen : null;
    seen = now;
    if (!before) {
      if (seen.hand) frag.querySelectorAll(".pl-t-mycards .pl-card").forEach((card, index) => {
        card.classList.add("pl-enter");
        card.style.animationDelay = `${index * 40}ms`;
      });
      return;
    }
    for (const seat of frag.querySelectorAll(".pl-t-seat[data-seat]")) {
      const was = before.cards[seat.dataset.seat] || [];
      seat.querySelectorAll(".pl-t-seat-cards .pl-card").forEach((card, index) => {
        if (card.dataset.card && !was[index]) card.classList.add("pl-turned");
      });
    }
    const mine = before.cards[table.learner_seat] || [];
    frag.querySelectorAll(".pl-t-mycards .pl-card").forEach((card) => {
      if (card.dataset.card && !mine.includes(card.dataset.card)) card.classList.add("pl-enter");
    });
    if (table.pot_total > before.pot) frag.querySelector(".pl-t-pots")?.classList.add("pl-grown");
  }
  const message = plEl("p", "pl-t-message");
  message.setAttribute("role", "alert");
  function drawLanguage() {
    return plLanguageMenu(model, "pl-t-language", t("Language"), send);
  }
  let shownScreen = model.get("screen");
  let shownMatch = null;
  let shownOver = false;
  const setBarHeight = (bar) => root.style.setProperty("--pl-t-bar", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  const barSize = new ResizeObserver((entries) => entries.forEach((entry) => setBarHeight(entry.target)));
  function bringIntoView(target, block) {
    requestAnimationFrame(() => {
      const el2 = typeof target === "string" ? root.querySelector(target) : target;
      if (!el2 || !el2.isConnected) return;
      const bar = root.querySelector(".pl-t-mine");
      if (bar) setBarHeight(bar);
      el2.scrollIntoView({ block, behavior: plMotion() ? "smooth" : "auto" });
    });
  }
  function focusKeyOf(el2) {
    if (!el2 || el2 === root) return null;
    if (el2.dataset.index && el2.closest(".pl-t-mycards")) return `card:${el2.dataset.index}`;
    return el2.dataset.key || null;
  }
  function refocus(key, hadFocus) {
    if (!hadFocus) return;
    let again = null;
    if (key && key.startsWith("card:")) again = root.querySelector(`.pl-t-mycards button[data-index="${key.slice(5)}"]`);
    else if (key) again = root.querySelector(`[data-key="${key}"]`);
    if (!again || again.disabled) again = root;
    again.focus({ preventScroll: true });
    if (again.tagName === "INPUT") again.setSelectionRange(again.value.length, again.value.length);
  }
  let pressed = false;
  let waiting = null;
  const onPress = () => {
    pressed = true;
  };
  const onRelease = () => {
    if (!pressed) return;
    pressed = false;
    if (waiting !== null) {
      const keepFocus = waiting;
      waiting = null;
      setTimeout(() => redraw(keepFocus), 0);
    }
  };
  function redraw(keepFocus) {
    if (pressed) {
      waiting = Boolean(waiting) || keepFocus;
      return;
    }
    const screen = model.get("screen");
    const current = model.get("table") || {};
    const sitting = current.sitting ?? `${current.variant}|${model.get("title")}|${current.hand_number === 1}`;
    const newMatch = screen === "table" && shownMatch !== null && sitting !== shownMatch;
    if (screen !== shownScreen || newMatch) bringIntoView(root, "start");
    shownScreen = screen;
    if (screen === "table") shownMatch = sitting;
    const hadFocus = keepFocus && root.contains(document.activeElement);
    const focusKey = hadFocus ? focusKeyOf(document.activeElement) : null;
    root.replaceChildren();
    root.dataset.screen = screen;
    root.dataset.version = String(current.version ?? "");
    root.dataset.turn = current.phase === "over" ? "over" : current.is_my_turn ? "you" : "bot";
    if (screen === "lobby") root.appendChild(drawPanel(model, model.get("lobby"), "pl-t-lobby"));
    else if (screen === "end") root.appendChild(drawPanel(model, model.get("end"), "pl-t-end"));
    else if (current.players) root.appendChild(drawTable());
    message.textContent = model.get("message");
    message.hidden = !model.get("message");
    root.insertBefore(message, root.firstChild ? root.firstChild.nextSibling : null);
    root.lang = model.get("language");
    if ((model.get("languages") || []).length > 1) root.insertBefore(drawLanguage(), root.firstChild);
    barSize.disconnect();
    const bar = root.querySelector(".pl-t-mine");
    if (bar) barSize.observe(bar);
    const over = screen === "table" && current.phase === "over";
    if (over && !shownOver) bringIntoView(".pl-t-result", "nearest");
    shownOver = over;
    refocus(focusKey, hadFocus);
    if (screen === "table") scheduleStep(current);
  }
  const TABLE_KEYS = /* @__PURE__ */ new Set(["f", "c", "b", "r", "d", "s", "v", " ", "enter", "1", "2", "3", "4", "5"]);
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target.closest("input, select, textarea")) return;
    if (model.get("screen") !== "table") return;
    const table = model.get("table");
    const key = event.key.toLowerCase();
    if (!TABLE_KEYS.has(key)) return;
    if ((key === " " || key === "enter") && target.tagName === "BUTTON" && !target.classList.contains("pl-t-next")) return;
    event.preventDefault();
    const click = (selector) => {
      const button = root.querySelector(selector);
      if (button && !button.disabled) button.click();
    };
    if (table.phase === "over") {
      if (key === "v") click(".pl-t-review-toggle");
      if (key === " " || key === "enter") click(".pl-t-next");
      return;
    }
    if (offerOf(table, "draw")) {
      if (/^[1-5]$/.test(key)) toggleCard(view, Number(key) - 1);
      else if (key === "s") click(".pl-t-pat");
      else if (key === "d") click(".pl-t-draw");
      else if (key === "f") click(".pl-t-fold");
      return;
    }
    if (!table.is_my_turn) return;
    if (key === "f") click(".pl-t-actions .pl-t-fold");
    else if (key === "c") click(".pl-t-actions .pl-t-check, .pl-t-actions .pl-t-call, .pl-t-actions .pl-t-all-in");
    else if (key === "b" || key === "r") click(".pl-t-actions .pl-t-bet, .pl-t-actions .pl-t-raise");
  });
  function onCoach() {
    if (!model.get("coach_open")) return;
    setTimeout(() => {
      const app = root.closest(".widget-vbox, .jp-OutputArea-output, .cell-output-ipywidget-background") || document;
      const coach = [...app.querySelectorAll(".pl-coach, [class*='coach']")].find((el2) => !root.contains(el2) && el2.offsetHeight > 0);
      if (coach) coach.scrollIntoView({ block: "nearest", behavior: plMotion() ? "smooth" : "auto" });
    }, 120);
  }
  model.on("change:coach_open", onCoach);
  function onReview() {
    const review = model.get("review");
    const arrived = review && review.hand_number === view.reviewAsked;
    if (arrived || !review || !review.hand_number) view.reviewAsked = null;
    if (arrived) bringIntoView(".pl-t-review h3", "nearest");
  }
  model.on("change:review", onReview);
  const traits = ["screen", "lobby", "end", "side", "table", "message", "coach_open", "title", "review", "kept_hand", "words", "language", "languages"];
  root.addEventListener("pointerdown", onPress, true);
  document.addEventListener("pointerup", onRelease, true);
  document.addEventListener("pointercancel", onRelease, true);
  const stopRedrawing = plRedrawOn(model, traits, () => redraw(true));
  send({ type: "languages", languages: [...navigator.languages || [navigator.language || "en"]] });
  return () => {
    stopRedrawing();
    document.removeEventListener("pointerup", onRelease, true);
    document.removeEventListener("pointercancel", onRelease, true);
    barSize.disconnect();
    model.off("change:review", onReview);
    model.off("change:coach_open", onCoach);
    if (timer) clearTimeout(timer);
  };
}
var table_default = plWidget(render);
export {
  table_default as default
};
