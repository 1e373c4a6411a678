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

// pokerlab/widgets/static/my_hands.js
var MH_FILTERS = [
  ["game", "Game", null],
  ["outcome", "Result", [["", "Won or lost"], ["won", "Won"], ["lost", "Lost"], ["even", "Broke even"]]],
  ["pot", "Pot", [["", "Any size"], ["small", "Under 50"], ["middle", "50 to 199"], ["large", "200 or more"]]],
  ["flagged", "Coach", [["", "Any"], ["yes", "Flagged a decision"], ["no", "No mistake flagged"]]],
  ["visit", "When", [["", "Any time"], ["latest", "Your latest visit"]]]
];
function mhPercent(share) {
  return share === null || share === void 0 ? "" : `${(share * 100).toFixed(1)}%`;
}
function mhFilters(model, send) {
  const box = plEl("form", "pl-mh-filters");
  box.setAttribute("aria-label", "Filter your hands");
  box.addEventListener("submit", (event) => event.preventDefault());
  const chosen = model.get("filters");
  for (const [key, label, fixed] of MH_FILTERS) {
    const options = fixed || [["", "Every game"], ...model.get("games").map((g) => [g.value, g.label])];
    const field = plEl("label", "pl-mh-field");
    field.appendChild(plEl("span", "", label));
    const select = plEl("select", "pl-mh-select");
    select.dataset.key = `filter-${key}`;
    for (const [value, text] of options) {
      const option = plEl("option", "", text);
      option.value = value;
      if ((chosen[key] || "") === value) option.selected = true;
      select.appendChild(option);
    }
    select.addEventListener("change", () => send({ type: "filter", filters: { ...model.get("filters"), [key]: select.value } }));
    field.appendChild(select);
    box.appendChild(field);
  }
  return box;
}
function mhList(model, send) {
  const rows = model.get("rows");
  const list = plEl("ul", "pl-mh-list");
  list.setAttribute("aria-label", "Your hands, newest first");
  for (const row of rows) {
    const item = plEl("li", "pl-mh-row");
    item.dataset.won = String(row.won);
    const text = plEl("div", "pl-mh-row-text");
    text.append(
      plEl("span", "pl-mh-game", row.game),
      plEl("span", "pl-mh-when", row.when),
      plEl("span", "pl-mh-result", `${row.result}, pot ${row.pot}`),
      plEl("span", "pl-mh-flag", row.flag)
    );
    if (row.flagged) item.classList.add("pl-mh-flagged");
    const buttons = plEl("div", "pl-mh-row-buttons");
    const open = plButton(
      "Replay",
      "pl-mh-button pl-mh-primary",
      () => send({ type: "open", id: row.id }),
      { label: `Replay the ${row.game} hand of ${row.when}` }
    );
    open.dataset.key = `open-${row.id}`;
    buttons.appendChild(open);
    if (row.phh) {
      const phh = plButton(
        "PHH",
        "pl-mh-button",
        () => send({ type: "phh", id: row.id }),
        { label: `Download the ${row.game} hand of ${row.when} as PHH` }
      );
      phh.dataset.key = `phh-${row.id}`;
      buttons.appendChild(phh);
    }
    item.append(text, buttons);
    list.appendChild(item);
  }
  return list;
}
function mhStep(step) {
  const box = plEl("div", "pl-mh-step");
  box.appendChild(plEl("h4", "pl-mh-stage", step.stage));
  const cards = plHand(step.cards, { size: "sm" });
  cards.setAttribute("role", "group");
  cards.setAttribute("aria-label", `Your cards: ${step.cards.map(plCardName).join(", ")}`);
  box.appendChild(cards);
  box.appendChild(plEl("p", "pl-mh-pot", `Pot ${step.pot}` + (step.owed ? `, ${step.owed} to call` : ", nothing to call") + (step.win !== null ? `; your chance to win the pot: ${mhPercent(step.win)}` : "")));
  const knew = plEl("details", "pl-mh-knew");
  knew.appendChild(plEl("summary", "", "What you knew then"));
  const lines = plEl("ol", "");
  for (const line of step.knew) lines.appendChild(plEl("li", "", line));
  knew.appendChild(lines);
  box.appendChild(knew);
  const table = plEl("table", "pl-mh-chances");
  const head = plEl("tr", "");
  const betting = step.chances.length && step.chances[0].value !== void 0;
  head.append(plEl("th", "", "Choice"), plEl("th", "", betting ? "Worth, in chips on average" : "Chance to win the pot"));
  table.appendChild(head);
  for (const item of step.chances) {
    const tr = plEl("tr", "");
    if (item.best) tr.classList.add("pl-mh-best");
    if (item.chosen) tr.classList.add("pl-mh-chosen");
    const marks = [item.chosen ? "your choice" : "", item.best ? "the coach's" : ""].filter(Boolean).join(", ");
    tr.append(
      plEl("td", "", item.choice + (marks ? ` (${marks})` : "")),
      plEl("td", "", betting ? item.value.toFixed(1) : mhPercent(item.win))
    );
    table.appendChild(tr);
  }
  box.appendChild(table);
  box.appendChild(plEl("p", "pl-mh-chose", `You chose: ${step.chose}. The coach: ${step.coach}.` + (step.matches ? " About as good." : ` It gave up about ${step.cost.toFixed(1)} on average.`)));
  return box;
}
function mhReplay(model, send) {
  const replay = model.get("replay");
  const box = plEl("section", "pl-mh-replay");
  box.setAttribute("aria-label", "Replay of one hand");
  box.appendChild(plEl("h3", "pl-mh-title", replay.title));
  box.appendChild(plEl("p", "pl-mh-costliest", replay.costliest));
  const nav = plEl("div", "pl-mh-nav");
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", "Step through your decisions (arrow keys work too)");
  const previous = plButton("Previous decision", "pl-mh-button", () => send({ type: "go", index: replay.index - 1 }));
  previous.dataset.key = "previous";
  const next = plButton("Next decision", "pl-mh-button pl-mh-primary", () => send({ type: "go", index: replay.index + 1 }));
  next.dataset.key = "next";
  if (replay.index <= 0) previous.setAttribute("aria-disabled", "true");
  if (replay.index >= replay.count - 1) next.setAttribute("aria-disabled", "true");
  const close = plButton("Back to the list", "pl-mh-button", () => send({ type: "close" }));
  close.dataset.key = "close";
  const counter = plEl("span", "pl-mh-counter", replay.count ? `Decision ${replay.index + 1} of ${replay.count}` : "You made no decision in this hand.");
  counter.setAttribute("aria-live", "polite");
  nav.append(previous, next, close, counter);
  box.appendChild(nav);
  if (replay.step) box.appendChild(mhStep(replay.step));
  const story = plEl("details", "pl-mh-story");
  story.appendChild(plEl("summary", "", "The whole hand"));
  const lines = plEl("ol", "");
  for (const line of replay.story) lines.appendChild(plEl("li", "", line));
  story.appendChild(lines);
  box.appendChild(story);
  return box;
}
function mhChances(items, betting) {
  const table = plEl("table", "pl-mh-chances");
  const head = plEl("tr", "");
  head.append(plEl("th", "", "Choice"), plEl("th", "", betting ? "Worth, in chips on average" : "Chance to win the pot"));
  table.appendChild(head);
  for (const item of items) {
    const tr = plEl("tr", "");
    if (item.best) tr.classList.add("pl-mh-best");
    if (item.chosen) tr.classList.add("pl-mh-chosen");
    const marks = [
      item.chosen ? "your answer" : "",
      item.then ? "what you did at the table" : "",
      item.best ? "the coach's" : ""
    ].filter(Boolean).join(", ");
    tr.append(
      plEl("td", "", item.choice + (marks ? ` (${marks})` : "")),
      plEl("td", "", betting ? item.value.toFixed(1) : mhPercent(item.win))
    );
    table.appendChild(tr);
  }
  return table;
}
function mhDrillSummary(model, send) {
  const counts = model.get("drill_summary");
  const total = counts.due + counts.later + counts.done;
  const box = plEl("section", "pl-mh-drill-summary");
  box.setAttribute("aria-label", "Drill my mistakes");
  box.appendChild(plEl("h3", "", "Drill my mistakes"));
  let text;
  if (!total) text = "When the coach flags a decision in one of your hands, it becomes a spot to practise here.";
  else text = `${counts.due} to practise now` + (counts.later ? `, ${counts.later} back on another day` : "") + (counts.done ? `, ${counts.done} answered like the coach` : "") + ".";
  box.appendChild(plEl("p", "", text));
  if (counts.due) {
    const start = plButton(`Drill my mistakes (${counts.due})`, "pl-mh-button pl-mh-primary", () => send({ type: "drill" }));
    start.dataset.key = "drill";
    box.appendChild(start);
  }
  return box;
}
function mhDrill(model, send, picked, redraw) {
  const drill = model.get("drill");
  const box = plEl("section", "pl-mh-drill");
  box.setAttribute("aria-label", "Drill my mistakes");
  box.appendChild(plEl("h3", "pl-mh-title", "Drill my mistakes"));
  const nav = plEl("div", "pl-mh-nav");
  const close = plButton("Back to the list", "pl-mh-button", () => send({ type: "drill-close" }));
  close.dataset.key = "drill-close";
  nav.appendChild(close);
  const counter = plEl("span", "pl-mh-counter", `Answered: ${drill.done}` + (drill.spot ? `; due now: ${drill.due}` : ""));
  counter.setAttribute("aria-live", "polite");
  nav.appendChild(counter);
  box.appendChild(nav);
  if (drill.text) {
    const note = plEl("p", "pl-mh-drill-text", drill.text);
    note.setAttribute("role", "status");
    box.appendChild(note);
  }
  const spot = drill.spot;
  if (!spot) return box;
  const answer = drill.answer;
  box.appendChild(plEl("p", "pl-mh-when", spot.title));
  box.appendChild(plEl("h4", "pl-mh-stage", spot.stage));
  const draw = spot.kind === "draw";
  const cards = plEl("div", "pl-hand pl-mh-drill-cards");
  cards.setAttribute("role", "group");
  cards.setAttribute("aria-label", `Your cards: ${spot.cards.map(plCardName).join(", ")}` + (draw && !answer ? ". Press a card to throw it away" : ""));
  for (const code of spot.cards) {
    if (draw && !answer) {
      const card = plCard(code, {
        size: "md",
        button: true,
        selected: picked.has(code),
        label: `${plCardName(code)}${picked.has(code) ? ", to throw away" : ""}`
      });
      card.dataset.key = `drill-card-${code}`;
      card.addEventListener("click", () => {
        if (picked.has(code)) picked.delete(code);
        else if (picked.size < spot.max_discards) picked.add(code);
        redraw();
      });
      cards.appendChild(card);
    } else {
      cards.appendChild(plCard(code, { size: "sm" }));
    }
  }
  box.appendChild(cards);
  box.appendChild(plEl("p", "pl-mh-pot", `Pot ${spot.pot}` + (draw ? "" : spot.owed ? `, ${spot.owed} to call` : ", nothing to call")));
  const knew = plEl("details", "pl-mh-knew");
  knew.appendChild(plEl("summary", "", "What you knew then"));
  const lines = plEl("ol", "");
  for (const line of spot.knew) lines.appendChild(plEl("li", "", line));
  knew.appendChild(lines);
  box.appendChild(knew);
  if (!answer) {
    const choices = plEl("div", "pl-mh-drill-choices");
    choices.setAttribute("role", "group");
    choices.setAttribute("aria-label", "What do you do?");
    if (draw) {
      const text = picked.size ? `Throw away ${picked.size} and draw` : "Stand pat";
      const go = plButton(text, "pl-mh-button pl-mh-primary", () => send({ type: "drill-answer", discard: [...picked] }));
      go.dataset.key = "drill-draw";
      choices.appendChild(go);
    } else {
      for (const choice of spot.choices) {
        const button = plButton(choice.label, "pl-mh-button pl-mh-primary", () => send({ type: "drill-answer", option: choice.option }));
        button.dataset.key = `drill-${choice.option}`;
        choices.appendChild(button);
      }
    }
    box.appendChild(choices);
    return box;
  }
  const verdict = plEl("p", `pl-mh-drill-verdict ${answer.right ? "pl-mh-right" : "pl-mh-wrong"}`, answer.text);
  verdict.setAttribute("role", "status");
  box.appendChild(verdict);
  box.appendChild(plEl("p", "pl-mh-chose", `Your answer: ${answer.chose}. The coach: ${answer.coach}.` + (answer.right || answer.cost === null ? "" : ` It gives up about ${answer.cost.toFixed(1)} on average.`)));
  box.appendChild(mhChances(answer.chances, !draw));
  const next = plButton("Next spot", "pl-mh-button pl-mh-primary", () => send({ type: "drill-next" }));
  next.dataset.key = "drill-next";
  box.appendChild(next);
  return box;
}
function render({ model, el }) {
  const root = plEl("div", "pl-mh");
  root.tabIndex = -1;
  el.appendChild(root);
  const send = (content) => model.send(content);
  const picked = /* @__PURE__ */ new Set();
  let pickedFor = null;
  root.addEventListener("keydown", (event) => {
    if (model.get("drill").done !== void 0 && event.key === "Escape") {
      event.preventDefault();
      send({ type: "drill-close" });
      return;
    }
    const replay = model.get("replay");
    if (!replay.title || event.target.closest && event.target.closest("select, input, textarea")) return;
    const keys = { ArrowRight: replay.index + 1, ArrowLeft: replay.index - 1 };
    if (event.key in keys) {
      event.preventDefault();
      send({ type: "go", index: keys[event.key] });
    } else if (event.key === "Escape") {
      send({ type: "close" });
    }
  });
  model.on("msg:custom", (content) => {
    if (!content || content.type !== "download") return;
    const link = plEl("a", "");
    link.href = URL.createObjectURL(new Blob([content.text], { type: "text/plain" }));
    link.download = content.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1e3);
  });
  function draw() {
    const focused = plFocusedKey(root);
    root.replaceChildren();
    root.appendChild(plEl("h2", "pl-mh-heading", "My hands"));
    const message = plEl("p", "pl-mh-message", model.get("message"));
    message.setAttribute("role", "status");
    root.appendChild(message);
    const drill = model.get("drill");
    const spotKey = drill.spot ? `${drill.spot.hand}:${drill.spot.decision}` : null;
    if (spotKey !== pickedFor) {
      picked.clear();
      pickedFor = spotKey;
    }
    if (drill.done !== void 0) {
      root.appendChild(mhDrill(model, send, picked, draw));
    } else if (model.get("replay").title) {
      root.appendChild(mhReplay(model, send));
    } else if (model.get("games").length) {
      root.appendChild(mhFilters(model, send));
      const all = plButton("Download the hands listed as PHH", "pl-mh-button", () => send({ type: "phh", id: "all" }));
      all.dataset.key = "phh-all";
      root.appendChild(all);
      root.appendChild(mhDrillSummary(model, send));
      root.appendChild(mhList(model, send));
    }
    if (!plRefocus(root, focused) && focused) root.focus({ preventScroll: true });
  }
  return plRedrawOn(model, ["message", "filters", "games", "rows", "replay", "drill", "drill_summary"], draw);
}
var my_hands_default = plWidget(render);
export {
  my_hands_default as default
};
