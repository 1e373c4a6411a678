// The teacher's board: draws what Python put in the traits; every click is an intent sent to Python
// ({type: "login" | "create" | "select" | "refresh" | "learner" | "end" | "delete" | "csv" | "phh" |
// "mastery_csv" | "misconceptions_csv" | "release"}).
// While the selected game is open it asks for a refresh every refresh_ms. It never sees a seed.

function bEl(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function bButton(label, onClick, className) {
  const button = bEl("button", "pl-b-button" + (className ? " " + className : ""), label);
  button.type = "button";
  button.addEventListener("click", onClick);
  return button;
}

function bTable(caption, head, rows, className) {
  const table = bEl("table", "pl-b-table" + (className ? " " + className : ""));
  if (caption) table.appendChild(bEl("caption", "", caption));
  const thead = bEl("thead");
  const headRow = bEl("tr");
  for (const name of head) headRow.appendChild(bEl("th", "", name));
  thead.appendChild(headRow);
  table.appendChild(thead);
  const body = bEl("tbody");
  for (const row of rows) body.appendChild(row);
  table.appendChild(body);
  return table;
}

function bRow(cells) {
  const row = bEl("tr");
  cells.forEach((cell, index) => {
    const td = bEl("td");
    if (cell instanceof Node) td.appendChild(cell); else td.textContent = String(cell);
    row.appendChild(td);
  });
  return row;
}

function bSelect(name, label, options, value) {
  const wrap = bEl("label", "pl-b-field");
  wrap.appendChild(bEl("span", "", label));
  const select = bEl("select");
  select.name = name;
  for (const option of options) {
    const item = bEl("option", "", option.label);
    item.value = option.value;
    if (option.value === value) item.selected = true;
    select.appendChild(item);
  }
  wrap.appendChild(select);
  return [wrap, select];
}

function bNumber(name, label, value, min, max) {
  const wrap = bEl("label", "pl-b-field");
  wrap.appendChild(bEl("span", "", label));
  const input = bEl("input");
  input.type = "number";
  input.name = name;
  input.min = String(min);
  input.max = String(max);
  input.value = String(value);
  wrap.appendChild(input);
  return [wrap, input];
}

function boardLogin(model, box) {
  const form = bEl("form", "pl-b-login");
  form.appendChild(bEl("h2", "", "Teacher's board"));
  const label = bEl("label", "pl-b-field");
  label.appendChild(bEl("span", "", "Teacher password"));
  const input = bEl("input");
  input.type = "password";
  input.name = "password";
  input.autocomplete = "current-password";
  label.appendChild(input);
  form.appendChild(label);
  const submit = bEl("button", "pl-b-button pl-b-primary", "Open the board");
  submit.type = "submit";
  form.appendChild(submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "login", password: input.value });
  });
  box.appendChild(form);
}

function boardCreate(model) {
  const options = model.get("options") || {};
  const form = bEl("form", "pl-b-create");
  form.appendChild(bEl("h3", "", "New class game"));
  const [variantWrap, variant] = bSelect("variant", "Variant", options.variants || [], "five-card-draw-antes");
  const [countWrap, count] = bNumber("opponent_count", "Computer opponents", 3, 1, 7);
  const [levelWrap, level] = bSelect("opponent_level", "Their level", options.levels || [], "3");
  const [dealsWrap, deals] = bNumber("deal_count", "Deals", 10, 1, options.max_deals || 50);
  const sync = () => { count.disabled = variant.value === "ladder"; if (count.disabled) count.value = "4"; };
  variant.addEventListener("change", sync);
  sync();
  const rosterWrap = bEl("label", "pl-b-field pl-b-roster");
  rosterWrap.appendChild(bEl("span", "", "Roster (optional): one name per line; only these may join"));
  const roster = bEl("textarea");
  roster.name = "roster";
  roster.rows = 3;
  roster.placeholder = "Leave empty to let anyone with the code join";
  rosterWrap.appendChild(roster);
  form.append(variantWrap, countWrap, levelWrap, dealsWrap, rosterWrap);
  const submit = bEl("button", "pl-b-button pl-b-primary", "Create the class game");
  submit.type = "submit";
  form.appendChild(submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "create", fields: {
      variant: variant.value, opponent_count: count.value, opponent_level: level.value, deal_count: deals.value,
      roster: roster.value,
    } });
  });
  return form;
}

function boardGames(model) {
  const games = model.get("games") || [];
  const selected = model.get("selected");
  const rows = games.map((game) => {
    const open = bButton(game.id === selected ? "Showing" : "Show", () => model.send({ type: "select", id: game.id }));
    open.setAttribute("aria-pressed", game.id === selected ? "true" : "false");
    const row = bRow([game.code, game.description, game.status, game.created, open]);
    row.dataset.code = game.code;
    return row;
  });
  return bTable("Class games", ["Code", "Game", "Status", "Created", ""], rows, "pl-b-games");
}

function boardLive(model) {
  const rows = (model.get("live") || []).map((line) => bRow([line.code, line.name, line.hands, line.chips]));
  if (!rows.length) return bEl("section", "pl-b-live");
  return bTable("Live tables: results so far", ["Table", "Learner", "Hands played", "Chips"], rows, "pl-b-live");
}

function boardGame(model) {
  const board = model.get("board") || {};
  const box = bEl("section", "pl-b-game");
  if (!board.code) return box;
  const head = bEl("div", "pl-b-game-head");
  const code = bEl("p", "pl-b-code", board.code);
  code.title = "Join code";
  head.append(code, bEl("p", "pl-b-description", `${board.description} · ${board.status}`));
  box.appendChild(head);
  const actions = bEl("div", "pl-b-actions");
  actions.appendChild(bButton("Export CSV", () => model.send({ type: "csv" })));
  actions.appendChild(bButton("Hands as PHH", () => model.send({ type: "phh", every_card: false })));
  if (!board.open) actions.appendChild(bButton("Hands as PHH, every card", () => model.send({ type: "phh", every_card: true })));
  if (board.open) actions.appendChild(bButton("End the game", () => model.send({ type: "end", id: board.id })));
  actions.appendChild(bButton("Delete the game", () => {
    if (window.confirm(`Delete class game ${board.code} and all its results?`)) model.send({ type: "delete", id: board.id });
  }, "pl-b-danger"));
  box.appendChild(actions);
  if (board.costliest) box.appendChild(bEl("p", "pl-b-costliest", `Costliest decision: ${board.costliest}`));

  const ranking = board.ranking.map((line) => {
    const name = bButton(line.name, () => model.send({ type: "learner", name: line.name }), "pl-b-link");
    const progress = (board.players.find((p) => p.name === line.name) || {}).progress || "";
    const row = bRow([line.rank, name, progress, line.chips, line.duplicate, line.review_cost]);
    row.dataset.learner = line.name;
    return row;
  });
  box.appendChild(bTable(`Ranking (${board.players.length} joined)`,
    ["#", "Learner", "Progress", "Chips", "Duplicate (big bets)", "Review cost (chips)"], ranking, "pl-b-ranking"));

  const learning = (board.learning || []).map((line) => bRow([line.name, line.lessons, line.started, line.quiz]));
  if (learning.length) {
    box.appendChild(bTable("Lessons and quizzes", ["Learner", "Lessons finished", "Lessons begun", "Quiz answers right"],
      learning, "pl-b-learning"));
  }

  const deals = board.deals.map((deal) => bRow([deal.number, deal.played, deal.average, deal.spread, deal.costliest]));
  box.appendChild(bTable("Deals", ["Deal", "Played", "Average", "Spread", "Costliest decision"], deals, "pl-b-deals"));
  return box;
}

function boardDetail(model) {
  const detail = model.get("detail") || {};
  const box = bEl("section", "pl-b-detail");
  if (!detail.learner) return box;
  const head = bEl("div", "pl-b-game-head");
  head.appendChild(bEl("h3", "", `${detail.learner}: hands and review`));
  head.appendChild(bButton("Close", () => model.send({ type: "close_learner" })));
  head.appendChild(bButton("Release this name", () => {
    if (window.confirm(`Free the name ${detail.learner} so it can be claimed again?`)) model.send({ type: "release", name: detail.learner });
  }));
  box.appendChild(head);
  if (!detail.deals.length) box.appendChild(bEl("p", "", "No deal finished yet."));
  for (const deal of detail.deals) {
    const part = bEl("details", "pl-b-deal");
    part.appendChild(bEl("summary", "", `Deal ${deal.number}: ${deal.chips > 0 ? "+" : ""}${deal.chips}`));
    const history = bEl("pre", "pl-b-history", deal.history.join("\n"));
    part.appendChild(history);
    const rows = deal.review.map((item) => bRow([item.stage, item.played, item.coach,
      item.matches ? "same as the coach" : (item.chips === null ? "not measured" : `${item.chips.toFixed(1)} given up`)]));
    if (rows.length) part.appendChild(bTable("Review", ["When", "Played", "Coach", "Cost"], rows));
    box.appendChild(part);
  }
  return box;
}

// Lesson quizzes: the topics the class misses most, then each learner's mastery of each topic.
function boardMastery(model) {
  const mastery = model.get("mastery") || {};
  const box = bEl("section", "pl-b-mastery");
  if (!mastery.rows || !mastery.rows.length) return box;
  box.appendChild(bEl("h3", "", "Lesson quizzes: mastery"));
  if (mastery.misconceptions && mastery.misconceptions.length) {
    box.appendChild(bEl("p", "pl-b-misconceptions-head", "The class's most common misconceptions (the named mistakes behind wrong answers):"));
    const list = bEl("ol", "pl-b-misconceptions");
    for (const line of mastery.misconceptions) list.appendChild(bEl("li", "", line));
    box.appendChild(list);
  }
  if (mastery.trouble && mastery.trouble.length) {
    box.appendChild(bEl("p", "pl-b-trouble-head", "Where the class is stuck (most learners first):"));
    const list = bEl("ol", "pl-b-trouble");
    for (const line of mastery.trouble) list.appendChild(bEl("li", "", line));
    box.appendChild(list);
  }
  const rows = mastery.rows.map((row) => bRow([row.name, ...row.cells]));
  box.appendChild(bTable("Mastery per learner and topic", ["Learner", ...mastery.topics], rows, "pl-b-mastery-table"));
  box.appendChild(bButton("Export mastery CSV", () => model.send({ type: "mastery_csv" })));
  box.appendChild(bButton("Export misconceptions CSV", () => model.send({ type: "misconceptions_csv" })));
  return box;
}

function render({ model, el }) {
  const root = bEl("div", "pl-board");
  el.appendChild(root);
  let timer = null;

  const draw = () => {
    root.replaceChildren();
    const screen = model.get("screen");
    root.dataset.screen = screen;
    const message = bEl("p", "pl-b-message", model.get("message"));
    message.setAttribute("role", "status");
    if (screen === "refused") {
      root.appendChild(bEl("h2", "", "Teacher's board"));
      root.appendChild(bEl("p", "pl-b-refusal", model.get("refusal")));
      return;
    }
    if (screen === "login") {
      boardLogin(model, root);
      root.appendChild(message);
      return;
    }
    const top = bEl("div", "pl-b-top");
    top.appendChild(bEl("h2", "", "Teacher's board"));
    root.append(top, message, boardMastery(model), boardCreate(model), boardGames(model), boardLive(model), boardGame(model),
      boardDetail(model));
  };

  const schedule = () => {
    if (timer !== null) { clearInterval(timer); timer = null; }
    const board = model.get("board") || {};
    if (model.get("screen") === "board" && board.open) {
      timer = setInterval(() => model.send({ type: "refresh" }), model.get("refresh_ms"));
    }
  };

  model.on("msg:custom", (content) => {
    if (content && content.type === "download") {
      const blob = new Blob([content.text], { type: content.name.endsWith(".csv") ? "text/csv" : "text/plain" });
      const link = bEl("a");
      link.href = URL.createObjectURL(blob);
      link.download = content.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    }
  });
  for (const name of ["screen", "message", "games", "board", "detail", "options", "selected", "refusal", "live", "mastery"]) {
    model.on(`change:${name}`, () => { draw(); schedule(); });
  }
  draw();
  schedule();
  return () => { if (timer !== null) clearInterval(timer); };
}

export default { render };
