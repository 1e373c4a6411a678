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
function plKeepTyping(root) {
  let sent = null;
  const mark = (event) => {
    if (!event.target || !event.target.name) return;
    event.target.dataset.typed = "1";
    if (event.target.form === sent) sent = null;
  };
  root.addEventListener("input", mark);
  root.addEventListener("change", mark);
  root.addEventListener("submit", (event) => {
    sent = event.target;
  });
  const fieldKey = (field) => `${field.form ? field.form.className : ""}|${field.name}`;
  return () => {
    const kept = [...root.querySelectorAll("form [data-typed]")].map((field) => ({
      key: fieldKey(field),
      value: field.value,
      focused: field === document.activeElement && field.form !== sent
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

// pokerlab/widgets/static/four_rows.js
function frClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function frBeep() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.value = 0.15;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => audio.close();
  } catch (error) {
  }
}
function render({ model, el }) {
  const t = plWords(model);
  const card = (code, size) => plCard(code, { size, label: plCardName(code, t) });
  const root = plEl("div", "fr");
  root.tabIndex = 0;
  el.appendChild(root);
  let pending = null;
  let synced = performance.now();
  let warnedSeen = false;
  let openChart = null;
  let chartPinned = false;
  let deckOpen = false;
  let deckPinned = false;
  let clockEl = null;
  let closeDeck = () => {
  };
  root.addEventListener("pointerdown", (event) => {
    if (deckOpen && !event.target.closest(".fr-deck")) closeDeck();
  });
  const move = (kind, row2) => model.send({ type: "move", kind, row: row2 });
  const send = (type) => model.send({ type });
  function secondsLeft() {
    const board = model.get("board");
    if (board.over || !board.clock_started || model.get("paused_clock")) return board.time_left;
    return board.time_left - (performance.now() - synced) / 1e3;
  }
  function row(data, board, hint) {
    const line = plEl("div", "fr-row");
    if (hint.row === data.number) line.classList.add("fr-hinted");
    const chip = plEl("span", "fr-chip" + (data.chip ? " fr-chip-on" : ""), data.chip ? `${data.chip}x` : "");
    chip.setAttribute("role", "img");
    chip.setAttribute("aria-label", data.chip ? t("raise chip {times} times", { times: data.chip }) : t("no raise chip"));
    line.appendChild(chip);
    const place = plButton("", "fr-place", () => move("place", data.number), {
      label: board.top ? t("Row {row}, {count} cards: place the {card} here", { row: data.number, count: data.cards.length, card: plCardName(board.top, t) }) : t("Row {row}", { row: data.number }),
      disabled: !data.can_place
    });
    place.dataset.row = data.number;
    place.dataset.key = `place${data.number}`;
    for (let slot = 0; slot < 5; slot++) {
      if (slot < data.cards.length) place.appendChild(card(data.cards[slot], "sm"));
      else {
        const empty = plEl("span", "fr-slot");
        place.appendChild(empty);
      }
    }
    line.appendChild(place);
    const tools = plEl("div", "fr-tools");
    const raise = plButton(t("Raise"), "fr-raise", () => move("raise", data.number), {
      label: t("Raise row {row}", { row: data.number }),
      disabled: !data.can_raise
    });
    const fold = plButton(t("Fold"), "fr-fold", () => move("fold", data.number), {
      label: t("Fold row {row}", { row: data.number }),
      disabled: !data.can_fold
    });
    raise.dataset.row = fold.dataset.row = data.number;
    raise.dataset.key = `raise${data.number}`;
    fold.dataset.key = `fold${data.number}`;
    tools.append(raise, fold);
    line.appendChild(tools);
    return line;
  }
  function chart(board) {
    const box = plEl("div", "fr-chart");
    const title = plEl("h4", "", t("Scoring chart"));
    box.appendChild(title);
    for (const item of board.chart) {
      const entry = plEl("div", "fr-type" + (item.checked ? " fr-checked" : ""));
      const example = plEl("div", "pl-hand");
      for (const code of item.example) example.appendChild(card(code, "sm"));
      example.classList.add("fr-example");
      const b = plButton(item.label, "fr-type-button", () => {
        const close = openChart === item.label && chartPinned;
        chartPinned = !close;
        show(close ? null : item.label);
      }, {
        label: item.checked ? t("{type}, {points} points, already scored: show an example", { type: item.label, points: item.points }) : t("{type}, {points} points: show an example", { type: item.label, points: item.points })
      });
      b.replaceChildren(plEl("span", "fr-type-name", item.label), plEl("span", "fr-type-points", String(item.points)));
      b.dataset.key = `type${item.key}`;
      const show = (label) => {
        openChart = label;
        for (const other of box.querySelectorAll(".fr-type[data-label]")) {
          const open = other.dataset.label === label;
          other.querySelector(".fr-example").hidden = !open;
          other.querySelector("button").setAttribute("aria-expanded", open ? "true" : "false");
        }
      };
      b.addEventListener("pointerenter", (e) => {
        if (e.pointerType === "mouse" && !chartPinned) show(item.label);
      });
      b.addEventListener("pointerleave", (e) => {
        if (e.pointerType === "mouse" && openChart === item.label && !chartPinned) show(null);
      });
      entry.dataset.label = item.label;
      entry.append(b, example);
      example.hidden = openChart !== item.label;
      b.setAttribute("aria-expanded", openChart === item.label ? "true" : "false");
      box.appendChild(entry);
    }
    const nothing = plEl("div", "fr-type fr-nothing");
    nothing.append(plEl("span", "fr-type-name", board.nothing.label), plEl("span", "fr-type-points", board.nothing.points));
    box.appendChild(nothing);
    return box;
  }
  function deckPanel(board) {
    const box = plEl("div", "fr-deck");
    const grid = plEl("div", "fr-deck-cards");
    grid.setAttribute("aria-label", t("Cards left in the deck, sorted (not in dealing order)"));
    for (const code of board.deck) grid.appendChild(card(code, "sm"));
    const b = plButton(t("Deck: {count} cards", { count: board.deck_count }), "fr-deck-button", () => {
      const close = deckOpen && deckPinned;
      deckPinned = !close;
      show(!close);
    }, {
      label: t("Deck, {count} cards left: show which", { count: board.deck_count })
    });
    b.dataset.key = "deck";
    const show = (open) => {
      deckOpen = open;
      grid.hidden = !open;
      b.setAttribute("aria-expanded", open ? "true" : "false");
    };
    b.addEventListener("pointerenter", (e) => {
      if (e.pointerType === "mouse") show(true);
    });
    b.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse" && !deckPinned) show(false);
    });
    show(deckOpen);
    closeDeck = () => {
      deckPinned = false;
      show(false);
    };
    box.append(b, grid);
    return box;
  }
  function breakdown(board) {
    const box = plEl("div", "fr-final");
    const heading = plEl("h4", "", t("Final score: {score}", { score: board.score }));
    const reason = plEl("p", "", board.end_text);
    const table = plEl("table");
    const head = plEl("thead");
    const names = plEl("tr");
    for (const name of [t("Row"), t("Hand"), t("Chip"), t("Points")]) names.appendChild(plEl("th", "", name));
    head.appendChild(names);
    table.appendChild(head);
    const body = plEl("tbody");
    for (const line of board.sheet) {
      const tr = plEl("tr");
      for (const text of [line.row, line.type, line.chip ? `${line.chip}x` : "", line.points]) {
        tr.appendChild(plEl("td", "", String(text)));
      }
      body.appendChild(tr);
    }
    const bonus = plEl("tr");
    const bonusName = plEl("td", "", t("Time bonus"));
    bonusName.colSpan = 3;
    bonus.append(bonusName, plEl("td", "", String(board.time_bonus)));
    body.appendChild(bonus);
    table.appendChild(body);
    box.append(heading, reason, table);
    return box;
  }
  function practiceForm() {
    const form = plEl("form", "fr-practice");
    const label = plEl("label", "fr-practice-label", t("Practice deal number"));
    const input = plEl("input");
    input.type = "number";
    input.min = "1";
    input.max = "999999";
    input.inputMode = "numeric";
    input.className = "fr-practice-number";
    input.name = "practice";
    label.appendChild(input);
    const go = plButton(t("Deal it"), "fr-practice-go", () => {
    });
    go.type = "submit";
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (input.value.trim()) model.send({ type: "new", practice: input.value.trim() });
    });
    form.append(label, go);
    return form;
  }
  let shownCounts = null;
  const keepTyping = plKeepTyping(root);
  function draw() {
    const board = model.get("board");
    const hint = model.get("hint") || {};
    const hadFocus = root.contains(document.activeElement);
    const focusKey = plFocusedKey(root);
    const putBack = keepTyping();
    root.replaceChildren();
    root.setAttribute("aria-label", t("Four Rows board. Keys: 1 to 4 place, R or F then a row number, H for a hint."));
    const top = plEl("div", "fr-top");
    const topCard = board.top ? card(board.top, "lg") : plEl("span");
    topCard.classList.add("fr-top-card");
    const info = plEl("div", "fr-info");
    clockEl = plEl("div", "fr-clock" + (board.warned ? " fr-warning" : ""));
    clockEl.setAttribute("role", "timer");
    clockEl.setAttribute("aria-label", t("time left"));
    const score = plEl("div", "fr-score", t("Score {score} · Chips {chips}", { score: board.score, chips: board.chips_left }));
    info.append(clockEl, score);
    if (!board.clock_started && !board.over) info.appendChild(plEl("div", "fr-clock-note", t("The clock starts with your first move.")));
    const deal = plEl("p", "fr-deal", board.practice !== null && board.practice !== void 0 ? t("Practice deal {number}: the same cards for everyone who picks this number.", { number: board.practice }) : t("A freshly shuffled deck."));
    deal.dataset.practice = board.practice ?? "";
    info.appendChild(deal);
    top.append(topCard, info, deckPanel(board));
    root.appendChild(top);
    const main = plEl("div", "fr-main");
    const play = plEl("div", "fr-play");
    const rows = plEl("div", "fr-rows");
    board.rows.forEach((data, index) => {
      const line = row(data, board, hint);
      if (shownCounts && data.cards.length === shownCounts[index] + 1) {
        const cards = line.querySelectorAll(".fr-place .pl-card");
        if (cards.length) cards[cards.length - 1].classList.add("pl-enter");
      }
      rows.appendChild(line);
    });
    shownCounts = board.rows.map((data) => data.cards.length);
    play.appendChild(rows);
    const controls = plEl("div", "fr-controls");
    const hintButton = plButton(t("Hint"), "fr-hint", () => send("hint"), { disabled: board.over, key: "H" });
    const newButton = plButton(t("New game"), "fr-new", () => send("new"));
    hintButton.dataset.key = "hint";
    newButton.dataset.key = "new";
    controls.append(hintButton, newButton);
    const status = plEl(
      "span",
      "fr-pending",
      pending === "raise" ? t("Raise: press a row number 1-4") : pending ? t("Fold: press a row number 1-4") : ""
    );
    controls.appendChild(status);
    play.appendChild(controls);
    const message = plEl("p", "fr-message", model.get("message"));
    message.setAttribute("aria-live", "polite");
    play.appendChild(message);
    if (board.over) play.appendChild(breakdown(board));
    play.appendChild(practiceForm());
    main.append(play, chart(board));
    root.appendChild(main);
    tickDisplay();
    if (hadFocus && !plRefocus(root, focusKey)) root.focus({ preventScroll: true });
    putBack();
  }
  function tickDisplay() {
    if (clockEl) clockEl.textContent = frClock(secondsLeft());
  }
  function onBoard() {
    synced = performance.now();
    const board = model.get("board");
    if (board.warned && !warnedSeen) frBeep();
    warnedSeen = board.warned;
  }
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (["1", "2", "3", "4"].includes(key)) {
      move(pending || "place", Number(key));
      pending = null;
    } else if (key === "r" || key === "f") {
      pending = key === "r" ? "raise" : "fold";
      draw();
    } else if (key === "h") {
      send("hint");
    } else if (key === "escape" && (pending || deckOpen)) {
      pending = null;
      closeDeck();
      draw();
    } else {
      return;
    }
    event.preventDefault();
  });
  model.on("change:board", onBoard);
  model.send({ type: "languages", languages: Array.from(navigator.languages || []) });
  warnedSeen = model.get("board").warned;
  const stopRedrawing = plRedrawOn(model, ["board", "message", "hint", "words"], draw);
  let lastTick = performance.now();
  const timer = setInterval(() => {
    const board = model.get("board");
    if (board.over || !board.clock_started || model.get("paused_clock")) return;
    tickDisplay();
    if (performance.now() - lastTick >= 1e3) {
      lastTick = performance.now();
      send("tick");
    }
  }, 250);
  return () => {
    clearInterval(timer);
    model.off("change:board", onBoard);
    stopRedrawing();
  };
}
var four_rows_default = plWidget(render);
export {
  four_rows_default as default
};
