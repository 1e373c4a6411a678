// My hands: the learner's kept hands (filters, a list newest first), a replay of one hand decision by
// decision, PHH downloads, and "Drill my mistakes". Every click is an intent sent to Python ({type: "filter" |
// "open" | "go" | "close" | "phh" | "drill" | "drill-pick" | "drill-answer" | "drill-next" | "drill-close"});
// what to show comes back as traits, only ever the learner's own view of a hand. A drill spot's coach chances arrive only
// after the learner has answered. Every word shown is asked for through t(...): the "words" trait holds them
// in the page's language (Python's MY_HANDS_WORDS); the language menu sends {type: "language"}. Numbers come
// written in that language (pot_text, win_text, cost_text, value_text: Python's my_hands_texts) and the drill's
// discard limit is Python's (a card press sends {type: "drill-pick"}; drill.picked comes back): this only draws.

import { plCardName, plCard, plHand } from "./cards.js";
import { plEl, plButton, plFocusedKey, plLanguageMenu, plRefocus, plRedrawOn } from "./dom.js";
import { plWidget } from "./keys.js";

/** The filters: [key, label, options as [value, text] (null: the games the learner has hands of)], said by `t`. */
function mhFilterChoices(t) {
  return [
    ["game", t("Game"), null],
    ["outcome", t("Result"), [["", t("Won or lost")], ["won", t("Won")], ["lost", t("Lost")], ["even", t("Broke even")]]],
    ["pot", t("Pot"), [["", t("Any size")], ["small", t("Under 50")], ["middle", t("50 to 199")], ["large", t("200 or more")]]],
    ["flagged", t("Coach"), [["", t("Any")], ["yes", t("Flagged a decision")], ["no", t("No mistake flagged")]]],
    ["visit", t("When"), [["", t("Any time")], ["latest", t("Your latest visit")]]],
  ];
}

/** `message` (English, with {name} places) in the page's language, from the "words" trait, filled in from `values`. */
function mhSay(model, message, values) {
  const text = (model.get("words") || {})[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
}

function mhFilters(model, send) {
  const t = (message, values) => mhSay(model, message, values);
  const box = plEl("form", "pl-mh-filters");
  box.setAttribute("aria-label", t("Filter your hands"));
  box.addEventListener("submit", (event) => event.preventDefault());
  const chosen = model.get("filters");
  for (const [key, label, fixed] of mhFilterChoices(t)) {
    const options = fixed || [["", t("Every game")], ...model.get("games").map((g) => [g.value, g.label])];
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
  const t = (message, values) => mhSay(model, message, values);
  const rows = model.get("rows");
  const list = plEl("ul", "pl-mh-list");
  list.setAttribute("aria-label", t("Your hands, newest first"));
  for (const row of rows) {
    const item = plEl("li", "pl-mh-row");
    item.dataset.won = String(row.won);
    const text = plEl("div", "pl-mh-row-text");
    text.append(
      plEl("span", "pl-mh-game", row.game),
      plEl("span", "pl-mh-when", row.when),
      plEl("span", "pl-mh-result", t("{result}, pot {pot}", { result: row.result, pot: row.pot })),
      plEl("span", "pl-mh-flag", row.flag),
    );
    if (row.flagged) item.classList.add("pl-mh-flagged");
    const buttons = plEl("div", "pl-mh-row-buttons");
    const open = plButton(t("Replay"), "pl-mh-button pl-mh-primary", () => send({ type: "open", id: row.id }),
      { label: t("Replay the {game} hand of {when}", { game: row.game, when: row.when }) });
    open.dataset.key = `open-${row.id}`;
    buttons.appendChild(open);
    if (row.phh) {
      const phh = plButton("PHH", "pl-mh-button", () => send({ type: "phh", id: row.id }),
        { label: t("Download the {game} hand of {when} as PHH", { game: row.game, when: row.when }) });
      phh.dataset.key = `phh-${row.id}`;
      buttons.appendChild(phh);
    }
    item.append(text, buttons);
    list.appendChild(item);
  }
  return list;
}

/** "Pot 30, 10 to call" (or ", nothing to call"; `betting` false: nothing said of calling), from a step's texts. */
function mhPot(t, step, betting) {
  const pot = step.pot_text;
  if (!betting) return t("Pot {pot}", { pot });
  return step.owed ? t("Pot {pot}, {owed} to call", { pot, owed: step.owed_text }) : t("Pot {pot}, nothing to call", { pot });
}

function mhStep(model, step) {
  const t = (message, values) => mhSay(model, message, values);
  const box = plEl("div", "pl-mh-step");
  box.appendChild(plEl("h4", "pl-mh-stage", step.stage));
  const cards = plEl("div", "pl-hand");
  for (const code of step.cards) cards.appendChild(plCard(code, { size: "sm", label: plCardName(code, t) }));
  cards.setAttribute("role", "group");
  cards.setAttribute("aria-label", t("Your cards: {cards}", { cards: step.cards.map((code) => plCardName(code, t)).join(", ") }));
  box.appendChild(cards);
  box.appendChild(plEl("p", "pl-mh-pot", mhPot(t, step, true)
    + (step.win_text ? t("; your chance to win the pot: {share}", { share: step.win_text }) : "")));
  const knew = plEl("details", "pl-mh-knew");
  knew.appendChild(plEl("summary", "", t("What you knew then")));
  const lines = plEl("ol", "");
  for (const line of step.knew) lines.appendChild(plEl("li", "", line));
  knew.appendChild(lines);
  box.appendChild(knew);
  const betting = step.chances.length && step.chances[0].value !== undefined;
  box.appendChild(mhChances(model, step.chances, betting));
  box.appendChild(plEl("p", "pl-mh-chose", t("You chose: {chose}. The coach: {coach}.", { chose: step.chose, coach: step.coach })
    + " " + (step.matches ? t("About as good.") : t("It gave up about {amount} on average.", { amount: step.cost_text }))));
  return box;
}

function mhReplay(model, send) {
  const t = (message, values) => mhSay(model, message, values);
  const replay = model.get("replay");
  const box = plEl("section", "pl-mh-replay");
  box.setAttribute("aria-label", t("Replay of one hand"));
  box.appendChild(plEl("h3", "pl-mh-title", replay.title));
  box.appendChild(plEl("p", "pl-mh-costliest", replay.costliest));
  const nav = plEl("div", "pl-mh-nav");
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", t("Step through your decisions (arrow keys work too)"));
  const previous = plButton(t("Previous decision"), "pl-mh-button", () => send({ type: "go", index: replay.index - 1 }));
  previous.dataset.key = "previous";
  const next = plButton(t("Next decision"), "pl-mh-button pl-mh-primary", () => send({ type: "go", index: replay.index + 1 }));
  next.dataset.key = "next";
  if (replay.index <= 0) previous.setAttribute("aria-disabled", "true");
  if (replay.index >= replay.count - 1) next.setAttribute("aria-disabled", "true");
  const close = plButton(t("Back to the list"), "pl-mh-button", () => send({ type: "close" }));
  close.dataset.key = "close";
  const counter = plEl("span", "pl-mh-counter", replay.count
    ? t("Decision {number} of {count}", { number: replay.index + 1, count: replay.count }) : t("You made no decision in this hand."));
  counter.setAttribute("aria-live", "polite");
  nav.append(previous, next, close, counter);
  box.appendChild(nav);
  if (replay.step) box.appendChild(mhStep(model, replay.step));
  const story = plEl("details", "pl-mh-story");
  story.appendChild(plEl("summary", "", t("The whole hand")));
  const lines = plEl("ol", "");
  for (const line of replay.story) lines.appendChild(plEl("li", "", line));
  story.appendChild(lines);
  box.appendChild(story);
  return box;
}

/** The coach's chances for each choice; `item.then` (a drill's answer) marks what was done at the table. */
function mhChances(model, items, betting) {
  const t = (message, values) => mhSay(model, message, values);
  const drilled = items.some((item) => item.then !== undefined);
  const table = plEl("table", "pl-mh-chances");
  const head = plEl("tr", "");
  head.append(plEl("th", "", t("Choice")), plEl("th", "", betting ? t("Worth, in chips on average") : t("Chance to win the pot")));
  table.appendChild(head);
  for (const item of items) {
    const tr = plEl("tr", "");
    if (item.best) tr.classList.add("pl-mh-best");
    if (item.chosen) tr.classList.add("pl-mh-chosen");
    const marks = [item.chosen ? (drilled ? t("your answer") : t("your choice")) : "",
      item.then ? t("what you did at the table") : "", item.best ? t("the coach's") : ""].filter(Boolean).join(", ");
    tr.append(plEl("td", "", item.choice + (marks ? ` (${marks})` : "")),
      plEl("td", "", betting ? item.value_text : item.win_text));
    table.appendChild(tr);
  }
  return table;
}

function mhDrillSummary(model, send) {
  const t = (message, values) => mhSay(model, message, values);
  const counts = model.get("drill_summary");
  const total = counts.due + counts.later + counts.done;
  const box = plEl("section", "pl-mh-drill-summary");
  box.setAttribute("aria-label", t("Drill my mistakes"));
  box.appendChild(plEl("h3", "", t("Drill my mistakes")));
  let text;
  if (!total) text = t("When the coach flags a decision in one of your hands, it becomes a spot to practise here.");
  else text = t("{count} to practise now", { count: counts.due })
    + (counts.later ? t(", {count} back on another day", { count: counts.later }) : "")
    + (counts.done ? t(", {count} answered like the coach", { count: counts.done }) : "") + ".";
  box.appendChild(plEl("p", "", text));
  if (counts.due) {
    const start = plButton(t("Drill my mistakes ({count})", { count: counts.due }), "pl-mh-button pl-mh-primary", () => send({ type: "drill" }));
    start.dataset.key = "drill";
    box.appendChild(start);
  }
  return box;
}

function mhDrill(model, send) {
  const t = (message, values) => mhSay(model, message, values);
  const drill = model.get("drill");
  const box = plEl("section", "pl-mh-drill");
  box.setAttribute("aria-label", t("Drill my mistakes"));
  box.appendChild(plEl("h3", "pl-mh-title", t("Drill my mistakes")));
  const nav = plEl("div", "pl-mh-nav");
  const close = plButton(t("Back to the list"), "pl-mh-button", () => send({ type: "drill-close" }));
  close.dataset.key = "drill-close";
  nav.appendChild(close);
  const counter = plEl("span", "pl-mh-counter", t("Answered: {count}", { count: drill.done })
    + (drill.spot ? t("; due now: {count}", { count: drill.due }) : ""));
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
  const picked = new Set(drill.picked || []);
  const cards = plEl("div", "pl-hand pl-mh-drill-cards");
  cards.setAttribute("role", "group");
  cards.setAttribute("aria-label", t("Your cards: {cards}", { cards: spot.cards.map((code) => plCardName(code, t)).join(", ") })
    + (draw && !answer ? t(". Press a card to throw it away") : ""));
  for (const code of spot.cards) {
    if (draw && !answer) {
      const card = plCard(code, { size: "md", button: true, selected: picked.has(code),
        label: plCardName(code, t) + (picked.has(code) ? t(", to throw away") : "") });
      card.dataset.key = `drill-card-${code}`;
      card.addEventListener("click", () => send({ type: "drill-pick", card: code }));
      cards.appendChild(card);
    } else {
      cards.appendChild(plCard(code, { size: "sm", label: plCardName(code, t) }));
    }
  }
  box.appendChild(cards);
  box.appendChild(plEl("p", "pl-mh-pot", mhPot(t, spot, !draw)));
  const knew = plEl("details", "pl-mh-knew");
  knew.appendChild(plEl("summary", "", t("What you knew then")));
  const lines = plEl("ol", "");
  for (const line of spot.knew) lines.appendChild(plEl("li", "", line));
  knew.appendChild(lines);
  box.appendChild(knew);
  if (!answer) {
    const choices = plEl("div", "pl-mh-drill-choices");
    choices.setAttribute("role", "group");
    choices.setAttribute("aria-label", t("What do you do?"));
    if (draw) {
      const text = picked.size ? t("Throw away {count} and draw", { count: picked.size }) : t("Stand pat");
      const go = plButton(text, "pl-mh-button pl-mh-primary", () => send({ type: "drill-answer", discard: [...(drill.picked || [])] }));
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
  box.appendChild(plEl("p", "pl-mh-chose", t("Your answer: {chose}. The coach: {coach}.", { chose: answer.chose, coach: answer.coach })
    + (answer.right || answer.cost === null ? "" : " " + t("It gives up about {amount} on average.", { amount: answer.cost_text }))));
  box.appendChild(mhChances(model, answer.chances, !draw));
  const next = plButton(t("Next spot"), "pl-mh-button pl-mh-primary", () => send({ type: "drill-next" }));
  next.dataset.key = "drill-next";
  box.appendChild(next);
  return box;
}

function render({ model, el }) {
  const root = plEl("div", "pl-mh");
  root.tabIndex = -1;
  el.appendChild(root);
  const send = (content) => model.send(content);
  const t = (message, values) => mhSay(model, message, values);

  root.addEventListener("keydown", (event) => {
    if (model.get("drill").done !== undefined && event.key === "Escape") {
      event.preventDefault();
      send({ type: "drill-close" });
      return;
    }
    const replay = model.get("replay");
    if (!replay.title || (event.target.closest && event.target.closest("select, input, textarea"))) return;
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
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });

  function draw() {
    const focused = plFocusedKey(root);
    root.replaceChildren();
    root.lang = model.get("language");
    // the language menu: the learner can change the page's language at any time
    if ((model.get("languages") || []).length > 1) root.appendChild(plLanguageMenu(model, "pl-mh-language", t("Language"), send));
    root.appendChild(plEl("h2", "pl-mh-heading", t("My hands")));
    const message = plEl("p", "pl-mh-message", model.get("message"));
    message.setAttribute("role", "status");
    root.appendChild(message);
    if (model.get("drill").done !== undefined) {
      root.appendChild(mhDrill(model, send));
    } else if (model.get("replay").title) {
      root.appendChild(mhReplay(model, send));
    } else if (model.get("games").length) {
      root.appendChild(mhFilters(model, send));
      const all = plButton(t("Download the hands listed as PHH"), "pl-mh-button", () => send({ type: "phh", id: "all" }));
      all.dataset.key = "phh-all";
      root.appendChild(all);
      root.appendChild(mhDrillSummary(model, send));
      root.appendChild(mhList(model, send));
    }
    if (!plRefocus(root, focused) && focused) root.focus({ preventScroll: true });
  }

  const stop = plRedrawOn(model, ["message", "filters", "games", "rows", "replay", "drill", "drill_summary", "words", "language",
    "languages"], draw);
  // The page's first message: the browser's languages, best first (Python picks the first it speaks).
  send({ type: "languages", languages: [...(navigator.languages || [navigator.language || "en"])] });
  return stop;
}

export default plWidget(render);
