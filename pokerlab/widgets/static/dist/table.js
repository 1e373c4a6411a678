// Built by scripts/build_js.py from pokerlab/widgets/static/ (edit those modules, not this file).

// pokerlab/widgets/static/dom.js
function plSay(words, message, values) {
  return (words && words[message] || message).replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
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
  for (const code of codes) row.appendChild(plCard(code, options));
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

// pokerlab/widgets/static/table.js
function plTButton(label, className, onClick, key, keyLabel) {
  const button = plButton(label, `pl-t-button ${className || ""}`.trim(), onClick, { key, keyLabel });
  button.dataset.key = (className || "").split(" ").filter((name) => !["pl-t-quiet", "pl-t-primary"].includes(name)).join(" ");
  return button;
}
function plTr(words, message, values) {
  const text = words && words[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
}
var PL_T_DRAFTS = /* @__PURE__ */ new WeakMap();
function plTDrafts(model) {
  if (!PL_T_DRAFTS.has(model)) PL_T_DRAFTS.set(model, /* @__PURE__ */ new Map());
  return PL_T_DRAFTS.get(model);
}
function plTCountdown(clock, t) {
  const left = Math.max(0, Math.ceil((Number(clock.dataset.until) - Date.now()) / 1e3));
  clock.textContent = t("{seconds} s left to act", { seconds: left });
  clock.classList.toggle("pl-t-hurry", left <= 10);
  if (left > 0) setTimeout(() => clock.isConnected && plTCountdown(clock, t), 1e3);
}
function plTPanel(model, spec, className) {
  const box = plEl("section", `pl-t-panel ${className}`);
  if (!spec) return box;
  if (spec.heading) box.appendChild(plEl("h2", "", spec.heading));
  for (const text of spec.paragraphs || []) box.appendChild(plEl("p", "", text));
  const values = {};
  const form = plEl("div", "pl-t-fields");
  for (const field of spec.fields || []) {
    const label = plEl("label", "pl-t-field");
    label.appendChild(plEl("span", "", field.label));
    const select = document.createElement("select");
    select.name = field.name;
    for (const option of field.options) {
      const el = plEl("option", "", option.label);
      el.value = String(option.value);
      select.appendChild(el);
    }
    select.value = String(field.value);
    values[field.name] = () => select.value;
    label.appendChild(select);
    form.appendChild(label);
  }
  if (spec.input) {
    const label = plEl("label", "pl-t-field");
    label.appendChild(plEl("span", "", spec.input.label));
    const input = document.createElement("input");
    input.type = "text";
    input.name = spec.input.name;
    const drafts = plTDrafts(model);
    const offered = spec.input.value || "";
    const draft = drafts.get(spec.input.name);
    input.value = draft && draft.offered === offered ? draft.value : offered;
    input.maxLength = 64;
    input.dataset.key = `input:${spec.input.name}`;
    input.addEventListener("input", () => drafts.set(spec.input.name, { offered, value: input.value }));
    values[spec.input.name] = () => input.value;
    label.appendChild(input);
    form.appendChild(label);
  }
  if (form.childElementCount) box.appendChild(form);
  const collect = () => Object.fromEntries(Object.entries(values).map(([name, get]) => [name, get()]));
  for (const table of spec.tables || []) {
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
    box.appendChild(wrap);
  }
  const buttons = plEl("div", "pl-t-panel-buttons");
  for (const spec_button of spec.buttons || []) {
    const button = plTButton(spec_button.label, spec_button.primary ? "pl-t-primary" : "", () => {
      const content = { type: spec_button.id === "start" ? "start" : "app", id: spec_button.id, fields: collect() };
      if (spec_button.value !== void 0) content.value = spec_button.value;
      model.send(content);
    });
    button.dataset.id = spec_button.id;
    button.dataset.key = `panel:${spec_button.id}:${spec_button.value ?? ""}`;
    if (spec_button.value !== void 0) button.dataset.value = String(spec_button.value);
    button.disabled = Boolean(spec_button.disabled);
    buttons.appendChild(button);
  }
  if (buttons.childElementCount) box.appendChild(buttons);
  return box;
}
function plTNumber(table, amount) {
  const group = table.number_group || "";
  return group ? String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, group) : String(amount);
}
function plTMoney(table, amount) {
  const number = plTNumber(table, amount);
  return table.dollars ? (table.money_pattern || "${number}").replace("{number}", number) : number;
}
function plTSigned(table, amount) {
  return `${amount > 0 ? "+" : amount < 0 ? "−" : ""}${plTMoney(table, Math.abs(amount))}`;
}
function plTStack(player) {
  return player.stack_text;
}
var PL_T_SLOTS = {
  1: [[3, 1]],
  2: [[2, 1], [4, 1]],
  3: [[1, 2], [3, 1], [5, 2]],
  4: [[1, 2], [2, 1], [4, 1], [5, 2]],
  5: [[1, 2], [2, 1], [3, 1], [4, 1], [5, 2]],
  6: [[1, 3], [1, 2], [2, 1], [4, 1], [5, 2], [5, 3]],
  7: [[1, 3], [1, 2], [2, 1], [3, 1], [4, 1], [5, 2], [5, 3]]
};
function plTSeat(player, table, index, count, t) {
  const seat = plEl("div", "pl-t-seat");
  seat.dataset.seat = String(player.seat);
  seat.dataset.status = player.status;
  if (player.is_actor) seat.classList.add("pl-t-acting");
  if (player.is_learner) seat.classList.add("pl-t-me");
  const [column, row] = (PL_T_SLOTS[count] || PL_T_SLOTS[7])[index] || [3, 1];
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
  const facts = [plTStack(player)];
  if (player.blind) facts.push(player.blind);
  if (player.status === "folded") facts.push(t("folded"));
  if (player.status === "all-in") facts.push(t("all-in"));
  if (player.status === "out") facts.push(t("out"));
  if (player.draw_text) facts.push(player.draw_text);
  seat.appendChild(plEl("div", "pl-t-facts", facts.join(" · ")));
  seat.dataset.cards = player.cards.some(Boolean) ? "shown" : player.cards.length ? "hidden" : "none";
  if (player.cards.length) {
    const cards = plHand(player.cards, { size: "sm" });
    cards.classList.add("pl-t-seat-cards");
    seat.appendChild(cards);
  }
  if (player.shown_ace && !(table.result && table.result.shown[player.seat])) {
    seat.appendChild(plEl("div", "pl-t-note", t("kept and shows the {card}", { card: plCardName(player.shown_ace, t) })));
  }
  if (player.hand_name) seat.appendChild(plEl("div", "pl-t-handname", player.hand_name));
  if (player.net !== null && player.net !== void 0 && player.net !== 0) {
    seat.appendChild(plEl(
      "div",
      player.net > 0 ? "pl-t-net pl-t-up" : "pl-t-net pl-t-down",
      plTSigned(table, player.net)
    ));
  }
  if (player.bet > 0) {
    const bet = plEl("div", "pl-t-chips-in", t("bet {amount}", { amount: plTMoney(table, player.bet) }));
    bet.setAttribute("aria-label", t("{name} has {amount} in front", { name: player.name, amount: plTMoney(table, player.bet) }));
    seat.appendChild(bet);
  }
  if (player.is_actor) seat.setAttribute("aria-current", "true");
  return seat;
}
function render({ model, el }) {
  const root = plEl("div", "pl-t");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  el.appendChild(root);
  const t = (message2, values) => plTr(model.get("words"), message2, values);
  root.setAttribute("aria-roledescription", t("poker table"));
  let marked = /* @__PURE__ */ new Set();
  let markKey = "";
  let amount = null;
  let amountKey = "";
  let historyAt = null;
  let historyKey = "";
  let historyOpen = false;
  let timer = null;
  let stepped = -1;
  let reviewAsked = null;
  const send = (content) => model.send(content);
  const act = (kind, extra = {}) => send({ type: "act", kind, ...extra });
  function legalOf(table, kind) {
    return table.legal.find((item) => item.kind === kind);
  }
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
  function drawHeader(table) {
    const header = plEl("div", "pl-t-header");
    const title = plEl("h2", "pl-t-title", t(model.get("title") || table.variant));
    header.appendChild(title);
    let line = t("Hand {number}", { number: table.hand_number });
    if (table.hands_left !== null && table.hands_left !== void 0) line += t(" ({count} left after this)", { count: table.hands_left });
    line += ` · ${table.phase_text}`;
    header.appendChild(plEl("p", "pl-t-phase", line));
    return header;
  }
  function drawCenter(table) {
    const center = plEl("div", "pl-t-center");
    const pots = plEl("div", "pl-t-pots");
    pots.setAttribute("aria-label", t("pots"));
    table.pots.forEach((pot) => {
      const el2 = plEl("div", "pl-t-pot", `${pot.label}: ${plTMoney(table, pot.amount)}`);
      if (table.pots.length > 1) el2.title = t("Can be won by {names}", { names: pot.eligible.join(", ") });
      pots.appendChild(el2);
    });
    if (table.pots.length > 1) {
      table.pots.forEach((pot) => pots.appendChild(plEl("div", "pl-t-eligible", `${pot.label}: ${pot.eligible.join(", ")}`)));
    }
    center.appendChild(pots);
    if (table.phase !== "over") {
      if (table.cap_meter) center.appendChild(plEl("div", "pl-t-cap", t("Betting cap: {cap}", { cap: table.cap_meter })));
      const [low, high] = table.round_limits.map((amount2) => plTMoney(table, amount2));
      const limit = low === high ? t("Bets and raises are {amount} this round", { amount: low }) : t("Bets and raises: {low} to {high} this round", { low, high });
      center.appendChild(plEl("div", "pl-t-limits", limit));
    }
    const turn = plEl("div", "pl-t-turn");
    turn.setAttribute("aria-live", "polite");
    if (table.phase === "over") turn.textContent = t("Hand over");
    else if (table.is_my_turn) turn.textContent = t("Your turn");
    else if (table.actor_name) turn.textContent = t("{name} to act…", { name: table.actor_name });
    center.appendChild(turn);
    const live = table.live;
    if (live) {
      if (live.seconds_left !== null && live.seconds_left !== void 0 && table.phase !== "over") {
        const clock = plEl("div", "pl-t-countdown");
        clock.dataset.until = String(Date.now() + live.seconds_left * 1e3);
        plTCountdown(clock, t);
        center.appendChild(clock);
      } else if (table.phase === "over" && live.next_deal_in !== null && live.next_deal_in !== void 0) {
        center.appendChild(plEl("div", "pl-t-countdown", t("Next hand soon, or as soon as everyone is ready")));
      }
      if (live.notice) center.appendChild(plEl("div", "pl-t-notice", live.notice));
    }
    const log = table.log || [];
    const last = log.length ? log[log.length - 1] : "";
    center.appendChild(plEl("div", "pl-t-last", last));
    return center;
  }
  function drawResult(table) {
    const result = table.result;
    const box = plEl("section", "pl-t-result");
    box.setAttribute("aria-live", "polite");
    box.appendChild(plEl("h3", "", result.headline));
    for (const pot of result.pots) {
      const line = plEl("p", "pl-t-result-pot");
      line.appendChild(plEl("strong", "", `${pot.label} (${plTMoney(table, pot.amount)}): `));
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
  function drawMine(table) {
    const me = table.players[table.learner_seat];
    const bar = plEl("div", "pl-t-mine");
    bar.setAttribute("aria-label", t("your hand and actions"));
    const head = plEl("div", "pl-t-mine-head");
    const facts = [plTStack(me)];
    if (me.bet > 0) facts.push(t("bet {amount}", { amount: plTMoney(table, me.bet) }));
    if (me.blind) facts.push(me.blind);
    if (me.is_dealer) facts.push(t("dealer"));
    if (me.status !== "active") facts.push(t(me.status));
    if (me.draw_text) facts.push(me.my_draw_text);
    if (me.hand_name) facts.push(me.hand_name);
    head.appendChild(plEl("strong", "", me.name));
    head.appendChild(plEl("span", "pl-t-facts", facts.join(" · ")));
    bar.appendChild(head);
    const drawing = legalOf(table, "draw");
    const key = `${table.hand_number}|${table.phase}|${me.cards.join(" ")}`;
    if (key !== markKey) {
      markKey = key;
      marked = /* @__PURE__ */ new Set();
    }
    const cards = plEl("div", "pl-t-mycards");
    const row = plHand([]);
    me.cards.forEach((code, index) => {
      const selected = drawing && marked.has(index);
      const card = plCard(code, {
        button: Boolean(drawing),
        selected,
        size: "lg",
        label: `${plCardName(code, t)}${selected ? t(", marked to throw") : ""}`
      });
      if (drawing) card.addEventListener("click", () => toggle(index));
      card.dataset.index = String(index + 1);
      row.appendChild(card);
    });
    cards.appendChild(row);
    bar.appendChild(cards);
    const actions = plEl("div", "pl-t-actions");
    if (table.phase === "over") {
      const label = table.match_over || table.learner_out ? t("See the result") : t("Next hand");
      const next = plTButton(label, "pl-t-primary pl-t-next", () => send({ type: "next" }), "Space", t("Space"));
      actions.appendChild(next);
      const open = reviewShown(table) || reviewAsked === table.hand_number;
      const review = plTButton(open ? t("Hide the review") : t("Review my decisions"), "pl-t-review-toggle", () => {
        if (!open) reviewAsked = table.hand_number;
        send({ type: "review" });
        redraw(true);
      }, "V");
      review.setAttribute("aria-expanded", open ? "true" : "false");
      actions.appendChild(review);
    } else if (drawing) {
      const note = plEl("p", "pl-t-hint", t("{offer}. Tap the cards to throw (keys 1-5), then confirm.", { offer: drawing.label }));
      actions.appendChild(note);
      actions.appendChild(plTButton(t("Stand pat"), "pl-t-pat", () => act("draw", { discards: [] }), "S"));
      const count = marked.size;
      const draw = plTButton(count ? t("Draw {count}", { count }) : t("Draw"), "pl-t-primary pl-t-draw", () => drawMarked(), "D");
      draw.disabled = count === 0;
      actions.appendChild(draw);
      const fold = legalOf(table, "fold");
      if (fold) actions.appendChild(plTButton(fold.label, "pl-t-fold pl-t-quiet", () => act("fold"), "F"));
    } else if (table.is_my_turn) {
      for (const item of table.legal) {
        if (item.kind === "bet" || item.kind === "raise") {
          actions.appendChild(drawBet(table, item));
          continue;
        }
        const button = plTButton(item.label, `pl-t-${item.kind.replace("_", "-")}`, () => {
          const extra = item.kind === "all_in" ? { amount: item.min_to } : {};
          act(item.kind, extra);
        }, item.key);
        if (item.warning) button.title = item.warning;
        actions.appendChild(button);
      }
      const warning = table.legal.find((item) => item.warning);
      if (warning) actions.appendChild(plEl("p", "pl-t-hint", warning.warning));
    } else {
      const waiting = plEl("p", "pl-t-hint", table.actor_name ? t("Waiting for {name}.", { name: table.actor_name }) : "");
      actions.appendChild(waiting);
      if (table.bot_turn) actions.appendChild(plTButton(t("Skip ahead"), "pl-t-skip pl-t-quiet", () => send({ type: "skip" })));
    }
    bar.appendChild(actions);
    return bar;
  }
  function drawBet(table, item) {
    const box = plEl("div", "pl-t-betbox");
    const word = item.kind === "bet" ? t("Bet") : t("Raise to");
    const key = `${table.version}|${item.kind}|${item.min_to}|${item.max_to}`;
    if (key !== amountKey) {
      amountKey = key;
      amount = item.min_to;
    }
    const button = plTButton(`${word} ${plTMoney(table, amount)}`, `pl-t-${item.kind} pl-t-primary`, () => act(item.kind, { amount }), item.key);
    if (item.min_to === item.max_to) {
      box.appendChild(button);
      return box;
    }
    const slider = document.createElement("input");
    slider.type = "range";
    slider.className = "pl-t-slider";
    slider.min = String(item.min_to);
    slider.max = String(item.max_to);
    slider.step = String(item.step);
    slider.value = String(amount);
    slider.setAttribute("aria-label", t("{action} amount, {low} to {high} in steps of {step}", {
      action: word,
      low: plTMoney(table, item.min_to),
      high: plTMoney(table, item.max_to),
      step: plTMoney(table, item.step)
    }));
    const setAmount = (value) => {
      amount = Number(value);
      slider.value = String(amount);
      button.querySelector("span").textContent = `${word} ${plTMoney(table, amount)}`;
    };
    slider.addEventListener("input", () => setAmount(slider.value));
    const quick = plEl("div", "pl-t-quick");
    const middle = item.min_to + Math.round((item.max_to - item.min_to) / 2 / item.step) * item.step;
    for (const [text, value] of [[t("Min"), item.min_to], [t("Half"), middle], [t("Max"), item.max_to]]) {
      const q = plTButton(`${text} ${plTMoney(table, value)}`, "pl-t-quiet pl-t-amount", () => setAmount(value));
      q.dataset.amount = String(value);
      quick.appendChild(q);
    }
    box.append(button, slider, quick);
    return box;
  }
  function reviewShown(table) {
    const review = model.get("review");
    return Boolean(review && review.hand_number === table.hand_number);
  }
  function drawReview(table) {
    const box = plEl("section", "pl-t-review");
    box.setAttribute("aria-label", t("Review of your decisions"));
    box.setAttribute("aria-live", "polite");
    if (!reviewShown(table)) {
      box.appendChild(plEl("p", "pl-t-review-working", t("Reviewing…")));
      return box;
    }
    const review = model.get("review");
    box.appendChild(plEl("h3", "", review.heading));
    box.appendChild(plEl("p", "pl-t-review-summary", review.summary));
    const list = plEl("ol", "pl-t-review-list");
    for (const item of review.items) {
      const li = plEl("li", "pl-t-review-item");
      li.dataset.matches = item.matches ? "true" : "false";
      li.dataset.verdict = item.verdict || (item.matches ? "same" : "costly");
      li.appendChild(plEl("div", "pl-t-review-situation", item.situation));
      const cards = plHand(item.cards, { size: "sm" });
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
      list.appendChild(li);
    }
    if (review.items.length) box.appendChild(list);
    for (const note of review.notes) box.appendChild(plEl("p", "pl-t-review-note", note));
    box.appendChild(plEl("p", "pl-t-review-about", review.about));
    return box;
  }
  function drawHistory(table) {
    const box = plEl("details", "pl-t-history");
    box.open = historyOpen;
    box.addEventListener("toggle", () => {
      historyOpen = box.open;
    });
    box.appendChild(plEl("summary", "", t("Hand history")));
    const key = `${table.hand_number}`;
    if (key !== historyKey) {
      historyKey = key;
      historyAt = null;
    }
    const total = table.log.length;
    const at = historyAt === null ? total : Math.min(historyAt, total);
    const controls = plEl("div", "pl-t-history-controls");
    const go = (value) => {
      historyAt = Math.max(1, Math.min(total, value));
      if (historyAt === total) historyAt = null;
      historyOpen = true;
      redraw(true);
    };
    controls.append(
      plTButton(t("Start"), "pl-t-quiet pl-t-hstart", () => go(1)),
      plTButton(t("Back"), "pl-t-quiet pl-t-hback", () => go(at - 1)),
      plTButton(t("Step"), "pl-t-quiet pl-t-hstep", () => go(at + 1)),
      plTButton(t("Now"), "pl-t-quiet pl-t-hend", () => go(total)),
      plEl("span", "pl-t-history-at", t("step {at} of {total}", { at, total }))
    );
    box.appendChild(controls);
    const list = plEl("ol", "pl-t-log");
    table.log.slice(0, at).forEach((line, index) => {
      const item = plEl("li", index === at - 1 ? "pl-t-log-now" : "", line);
      list.appendChild(item);
    });
    box.appendChild(list);
    return box;
  }
  function drawSide(table) {
    const side = plEl("div", "pl-t-side");
    const spec = model.get("side");
    if (spec && Object.keys(spec).length) side.appendChild(plTPanel(model, spec, "pl-t-app-panel"));
    if (table.standings && table.standings.length) {
      const wrap = plEl("div", "pl-t-table-wrap");
      const el2 = plEl("table", "pl-t-data pl-t-standings");
      el2.appendChild(plEl("caption", "", t("Standings")));
      const head = el2.createTHead().insertRow();
      for (const cell of ["", t("Player"), table.dollars ? t("Money") : t("Chips"), "+/-"]) head.appendChild(plEl("th", "", cell));
      const body = el2.createTBody();
      table.standings.forEach((row, index) => {
        const tr = body.insertRow();
        const net = plTSigned(table, row.net);
        for (const cell of [index + 1, row.name + (row.out ? t(" (out)") : ""), plTMoney(table, row.stack), net]) {
          tr.appendChild(plEl("td", "", String(cell)));
        }
      });
      wrap.appendChild(el2);
      side.appendChild(wrap);
    }
    return side;
  }
  function toggle(index) {
    const table = model.get("table");
    if (!legalOf(table, "draw")) return;
    const me = table.players[table.learner_seat];
    if (index >= me.cards.length) return;
    if (marked.has(index)) marked.delete(index);
    else marked.add(index);
    redraw(true);
  }
  function drawMarked() {
    const table = model.get("table");
    const me = table.players[table.learner_seat];
    const discards = [...marked].sort().map((index) => me.cards[index]);
    if (discards.length) act("draw", { discards });
  }
  function drawTable() {
    const table = model.get("table");
    const frag = document.createDocumentFragment();
    frag.appendChild(drawHeader(table));
    const layout = plEl("div", "pl-t-layout");
    const felt = plEl("div", "pl-t-felt");
    felt.dataset.phase = table.phase;
    const others = table.players.filter((p) => !p.is_learner && p.status !== "out");
    const out = table.players.filter((p) => !p.is_learner && p.status === "out");
    const seats = plEl("div", "pl-t-seats");
    [...others, ...out].forEach((player, index) => seats.appendChild(plTSeat(player, table, index, others.length + out.length, t)));
    felt.appendChild(seats);
    const mine = plTSeat({ ...table.players[table.learner_seat], cards: [] }, table, 0, 1, t);
    mine.classList.add("pl-t-my-seat");
    felt.appendChild(mine);
    felt.appendChild(drawCenter(table));
    const main = plEl("div", "pl-t-main");
    main.appendChild(felt);
    if (table.result) main.appendChild(drawResult(table));
    if (table.phase === "over" && (reviewShown(table) || reviewAsked === table.hand_number)) main.appendChild(drawReview(table));
    const tools = plEl("div", "pl-t-tools");
    const me = table.players[table.learner_seat];
    if (table.coach !== false && ["betting_one", "draw"].includes(table.phase) && me.draw_count === null && me.cards.length === 5 && me.status !== "folded") {
      const coach = plTButton(
        model.get("coach_open") ? t("Hide the coach") : t("Which cards should I throw?"),
        "pl-t-quiet pl-t-coach",
        () => send({ type: "coach" })
      );
      coach.setAttribute("aria-expanded", model.get("coach_open") ? "true" : "false");
      tools.appendChild(coach);
    }
    main.appendChild(tools);
    main.appendChild(drawHistory(table));
    layout.appendChild(main);
    layout.appendChild(drawSide(table));
    frag.appendChild(layout);
    frag.appendChild(drawMine(table));
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
    const label = plEl("label", "pl-t-language");
    label.appendChild(plEl("span", "", t("Language")));
    const select = document.createElement("select");
    select.dataset.key = "language";
    for (const option of model.get("languages") || []) {
      const el2 = plEl("option", "", option.label);
      el2.value = option.value;
      el2.lang = option.value;
      select.appendChild(el2);
    }
    select.value = model.get("language");
    select.addEventListener("change", () => send({ type: "language", language: select.value }));
    label.appendChild(select);
    return label;
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
  function redraw(keepFocus) {
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
    if (screen === "lobby") root.appendChild(plTPanel(model, model.get("lobby"), "pl-t-lobby"));
    else if (screen === "end") root.appendChild(plTPanel(model, model.get("end"), "pl-t-end"));
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
    if (legalOf(table, "draw")) {
      if (/^[1-5]$/.test(key)) toggle(Number(key) - 1);
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
    const arrived = review && review.hand_number === reviewAsked;
    if (arrived || !review || !review.hand_number) reviewAsked = null;
    if (arrived) bringIntoView(".pl-t-review h3", "nearest");
  }
  model.on("change:review", onReview);
  const traits = ["screen", "lobby", "end", "side", "table", "message", "coach_open", "title", "review", "kept_hand", "words", "language", "languages"];
  const stopRedrawing = plRedrawOn(model, traits, () => redraw(true));
  send({ type: "languages", languages: [...navigator.languages || [navigator.language || "en"]] });
  return () => {
    stopRedrawing();
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
