// My hands: the learner's kept hands (filters, a list newest first), a replay of one hand decision by
// decision, and PHH downloads. Every click is an intent sent to Python ({type: "filter" | "open" | "go" |
// "close" | "phh"}); what to show comes back as traits, only ever the learner's own view of a hand.

const MH_FILTERS = [
  ["game", "Game", null],
  ["outcome", "Result", [["", "Won or lost"], ["won", "Won"], ["lost", "Lost"], ["even", "Broke even"]]],
  ["pot", "Pot", [["", "Any size"], ["small", "Under 50"], ["middle", "50 to 199"], ["large", "200 or more"]]],
  ["flagged", "Coach", [["", "Any"], ["yes", "Flagged a decision"], ["no", "No mistake flagged"]]],
];

function mhPercent(share) {
  return share === null || share === undefined ? "" : `${(share * 100).toFixed(1)}%`;
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
      plEl("span", "pl-mh-flag", row.flag),
    );
    if (row.flagged) item.classList.add("pl-mh-flagged");
    const buttons = plEl("div", "pl-mh-row-buttons");
    const open = plButton("Replay", "pl-mh-button pl-mh-primary", () => send({ type: "open", id: row.id }),
      { label: `Replay the ${row.game} hand of ${row.when}` });
    open.dataset.key = `open-${row.id}`;
    buttons.appendChild(open);
    if (row.phh) {
      const phh = plButton("PHH", "pl-mh-button", () => send({ type: "phh", id: row.id }),
        { label: `Download the ${row.game} hand of ${row.when} as PHH` });
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
  box.appendChild(plEl("p", "pl-mh-pot", `Pot ${step.pot}` + (step.owed ? `, ${step.owed} to call` : ", nothing to call")
    + (step.win !== null ? `; your chance to win the pot: ${mhPercent(step.win)}` : "")));
  const knew = plEl("details", "pl-mh-knew");
  knew.appendChild(plEl("summary", "", "What you knew then"));
  const lines = plEl("ol", "");
  for (const line of step.knew) lines.appendChild(plEl("li", "", line));
  knew.appendChild(lines);
  box.appendChild(knew);
  const table = plEl("table", "pl-mh-chances");
  const head = plEl("tr", "");
  const betting = step.chances.length && step.chances[0].value !== undefined;
  head.append(plEl("th", "", "Choice"), plEl("th", "", betting ? "Worth, in chips on average" : "Chance to win the pot"));
  table.appendChild(head);
  for (const item of step.chances) {
    const tr = plEl("tr", "");
    if (item.best) tr.classList.add("pl-mh-best");
    if (item.chosen) tr.classList.add("pl-mh-chosen");
    const marks = [item.chosen ? "your choice" : "", item.best ? "the coach's" : ""].filter(Boolean).join(", ");
    tr.append(plEl("td", "", item.choice + (marks ? ` (${marks})` : "")),
      plEl("td", "", betting ? item.value.toFixed(1) : mhPercent(item.win)));
    table.appendChild(tr);
  }
  box.appendChild(table);
  box.appendChild(plEl("p", "pl-mh-chose", `You chose: ${step.chose}. The coach: ${step.coach}.`
    + (step.matches ? " About as good." : ` It gave up about ${step.cost.toFixed(1)} on average.`)));
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

function render({ model, el }) {
  const root = plEl("div", "pl-mh");
  root.tabIndex = -1;
  el.appendChild(root);
  const send = (content) => model.send(content);

  root.addEventListener("keydown", (event) => {
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
    root.appendChild(plEl("h2", "pl-mh-heading", "My hands"));
    const message = plEl("p", "pl-mh-message", model.get("message"));
    message.setAttribute("role", "status");
    root.appendChild(message);
    if (model.get("replay").title) {
      root.appendChild(mhReplay(model, send));
    } else if (model.get("games").length) {
      root.appendChild(mhFilters(model, send));
      const all = plButton("Download the hands listed as PHH", "pl-mh-button", () => send({ type: "phh", id: "all" }));
      all.dataset.key = "phh-all";
      root.appendChild(all);
      root.appendChild(mhList(model, send));
    }
    if (!plRefocus(root, focused) && focused) root.focus({ preventScroll: true });
  }

  return plRedrawOn(model, ["message", "filters", "games", "rows", "replay"], draw);
}

export default { render };
