// The teacher's board: draws what Python put in the traits; every click is an intent sent to Python
// ({type: "login" | "create" | "select" | "refresh" | "learner" | "end" | "delete" | "csv" | "phh" |
// "mastery_csv" | "misconceptions_csv" | "release"}).
// While the selected game is open it asks for a refresh every refresh_ms. It never sees a seed.
// Its words come from Python in the teacher's language (trait "words", empty in English): t(message, values).
// The board's own figures and sentences (progress, spread, costliest decision, review) come already said.

/** ``message`` (its English text) in the board's language, with its {places} filled from ``values``. */
function bT(model, message, values) {
  const words = model.get("words") || {};
  return ((words && words[message]) || message)
    .replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
}

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
  const t = (message, values) => bT(model, message, values);
  const form = bEl("form", "pl-b-login");
  form.appendChild(bEl("h2", "", t("Teacher's board")));
  const label = bEl("label", "pl-b-field");
  label.appendChild(bEl("span", "", t("Teacher password")));
  const input = bEl("input");
  input.type = "password";
  input.name = "password";
  input.autocomplete = "current-password";
  label.appendChild(input);
  form.appendChild(label);
  const submit = bEl("button", "pl-b-button pl-b-primary", t("Open the board"));
  submit.type = "submit";
  form.appendChild(submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "login", password: input.value });
  });
  box.appendChild(form);
}

function boardCreate(model) {
  const t = (message, values) => bT(model, message, values);
  const options = model.get("options") || {};
  const form = bEl("form", "pl-b-create");
  form.appendChild(bEl("h3", "", t("New class game")));
  const [variantWrap, variant] = bSelect("variant", t("Variant"), options.variants || [], "five-card-draw-antes");
  const [countWrap, count] = bNumber("opponent_count", t("Computer opponents"), 3, 1, 7);
  const [levelWrap, level] = bSelect("opponent_level", t("Their level"), options.levels || [], "3");
  const [dealsWrap, deals] = bNumber("deal_count", t("Deals"), 10, 1, options.max_deals || 50);
  const sync = () => { count.disabled = variant.value === "ladder"; if (count.disabled) count.value = "4"; };
  variant.addEventListener("change", sync);
  sync();
  const rosterWrap = bEl("label", "pl-b-field pl-b-roster");
  rosterWrap.appendChild(bEl("span", "", t("Roster (optional): one name per line; only these may join")));
  const roster = bEl("textarea");
  roster.name = "roster";
  roster.rows = 3;
  roster.placeholder = t("Leave empty to let anyone with the code join");
  rosterWrap.appendChild(roster);
  form.append(variantWrap, countWrap, levelWrap, dealsWrap, rosterWrap);
  const submit = bEl("button", "pl-b-button pl-b-primary", t("Create the class game"));
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
  const t = (message, values) => bT(model, message, values);
  const games = model.get("games") || [];
  const selected = model.get("selected");
  const rows = games.map((game) => {
    const open = bButton(game.id === selected ? t("Showing") : t("Show"), () => model.send({ type: "select", id: game.id }));
    open.setAttribute("aria-pressed", game.id === selected ? "true" : "false");
    const row = bRow([game.code, game.description, game.status_text, game.created, open]);
    row.dataset.code = game.code;
    return row;
  });
  return bTable(t("Class games"), [t("Code"), t("Game"), t("Status"), t("Created"), ""], rows, "pl-b-games");
}

function boardLive(model) {
  const t = (message, values) => bT(model, message, values);
  const rows = (model.get("live") || []).map((line) => bRow([line.code, line.name, line.hands, line.chips]));
  if (!rows.length) return bEl("section", "pl-b-live");
  return bTable(t("Live tables: results so far"), [t("Table"), t("Learner"), t("Hands played"), t("Chips")], rows, "pl-b-live");
}

function boardGame(model) {
  const t = (message, values) => bT(model, message, values);
  const board = model.get("board") || {};
  const box = bEl("section", "pl-b-game");
  if (!board.code) return box;
  const head = bEl("div", "pl-b-game-head");
  const code = bEl("p", "pl-b-code", board.code);
  code.title = t("Join code");
  head.append(code, bEl("p", "pl-b-description", `${board.description} · ${board.status_text}`));
  box.appendChild(head);
  const actions = bEl("div", "pl-b-actions");
  actions.appendChild(bButton(t("Export CSV"), () => model.send({ type: "csv" })));
  actions.appendChild(bButton(t("Hands as PHH"), () => model.send({ type: "phh", every_card: false })));
  if (!board.open) actions.appendChild(bButton(t("Hands as PHH, every card"), () => model.send({ type: "phh", every_card: true })));
  if (board.open) actions.appendChild(bButton(t("End the game"), () => model.send({ type: "end", id: board.id })));
  actions.appendChild(bButton(t("Delete the game"), () => {
    if (window.confirm(t("Delete class game {code} and all its results?", { code: board.code }))) model.send({ type: "delete", id: board.id });
  }, "pl-b-danger"));
  box.appendChild(actions);
  if (board.costliest) box.appendChild(bEl("p", "pl-b-costliest", t("Costliest decision: {decision}", { decision: board.costliest })));

  const ranking = board.ranking.map((line) => {
    const name = bButton(line.name, () => model.send({ type: "learner", name: line.name }), "pl-b-link");
    const progress = (board.players.find((p) => p.name === line.name) || {}).progress || "";
    const row = bRow([line.rank, name, progress, line.chips, line.duplicate, line.review_cost]);
    row.dataset.learner = line.name;
    return row;
  });
  box.appendChild(bTable(t("Ranking ({count} joined)", { count: board.players.length }),
    ["#", t("Learner"), t("Progress"), t("Chips"), t("Duplicate (big bets)"), t("Review cost (chips)")], ranking, "pl-b-ranking"));

  const learning = (board.learning || []).map((line) => bRow([line.name, line.lessons, line.started, line.quiz]));
  if (learning.length) {
    box.appendChild(bTable(t("Lessons and quizzes"), [t("Learner"), t("Lessons finished"), t("Lessons begun"), t("Quiz answers right")],
      learning, "pl-b-learning"));
  }

  const deals = board.deals.map((deal) => bRow([deal.number, deal.played, deal.average, deal.spread, deal.costliest]));
  box.appendChild(bTable(t("Deals"), [t("Deal"), t("Played"), t("Average"), t("Spread"), t("Costliest decision")], deals, "pl-b-deals"));
  return box;
}

function boardDetail(model) {
  const t = (message, values) => bT(model, message, values);
  const detail = model.get("detail") || {};
  const box = bEl("section", "pl-b-detail");
  if (!detail.learner) return box;
  const head = bEl("div", "pl-b-game-head");
  head.appendChild(bEl("h3", "", t("{name}: hands and review", { name: detail.learner })));
  head.appendChild(bButton(t("Close"), () => model.send({ type: "close_learner" })));
  head.appendChild(bButton(t("Release this name"), () => {
    if (window.confirm(t("Free the name {name} so it can be claimed again?", { name: detail.learner }))) model.send({ type: "release", name: detail.learner });
  }));
  box.appendChild(head);
  if (!detail.deals.length) box.appendChild(bEl("p", "", t("No deal finished yet.")));
  for (const deal of detail.deals) {
    const part = bEl("details", "pl-b-deal");
    part.appendChild(bEl("summary", "", t("Deal {number}: {chips}", { number: deal.number, chips: deal.result })));
    const history = bEl("pre", "pl-b-history", deal.history.join("\n"));
    part.appendChild(history);
    const rows = deal.review.map((item) => bRow([item.stage, item.played, item.coach, item.cost]));
    if (rows.length) part.appendChild(bTable(t("Review"), [t("When"), t("Played"), t("Coach"), t("Cost")], rows));
    box.appendChild(part);
  }
  return box;
}

// Lesson quizzes: the topics the class misses most, then each learner's mastery of each topic.
function boardMastery(model) {
  const t = (message, values) => bT(model, message, values);
  const mastery = model.get("mastery") || {};
  const box = bEl("section", "pl-b-mastery");
  if (!mastery.rows || !mastery.rows.length) return box;
  box.appendChild(bEl("h3", "", t("Lesson quizzes: mastery")));
  if (mastery.misconceptions && mastery.misconceptions.length) {
    box.appendChild(bEl("p", "pl-b-misconceptions-head", t("The class's most common misconceptions (the named mistakes behind wrong answers):")));
    const list = bEl("ol", "pl-b-misconceptions");
    for (const line of mastery.misconceptions) list.appendChild(bEl("li", "", line));
    box.appendChild(list);
  }
  if (mastery.trouble && mastery.trouble.length) {
    box.appendChild(bEl("p", "pl-b-trouble-head", t("Where the class is stuck (most learners first):")));
    const list = bEl("ol", "pl-b-trouble");
    for (const line of mastery.trouble) list.appendChild(bEl("li", "", line));
    box.appendChild(list);
  }
  const rows = mastery.rows.map((row) => bRow([row.name, ...row.cells]));
  box.appendChild(bTable(t("Mastery per learner and topic"), [t("Learner"), ...mastery.topics], rows, "pl-b-mastery-table"));
  box.appendChild(bButton(t("Export mastery CSV"), () => model.send({ type: "mastery_csv" })));
  box.appendChild(bButton(t("Export misconceptions CSV"), () => model.send({ type: "misconceptions_csv" })));
  return box;
}

function render({ model, el }) {
  const root = bEl("div", "pl-board");
  el.appendChild(root);
  let timer = null;
  const t = (message, values) => bT(model, message, values);

  /** The language menu: the teacher can change the board's language at any time. */
  const drawLanguage = () => {
    const [wrap, select] = bSelect("language", t("Language"), model.get("languages") || [], model.get("language"));
    wrap.classList.add("pl-b-language");
    select.addEventListener("change", () => model.send({ type: "language", language: select.value }));
    return wrap;
  };

  const draw = () => {
    root.replaceChildren();
    const screen = model.get("screen");
    root.dataset.screen = screen;
    const message = bEl("p", "pl-b-message", model.get("message"));
    message.setAttribute("role", "status");
    root.lang = model.get("language") || "en";
    if ((model.get("languages") || []).length > 1) root.appendChild(drawLanguage());
    if (screen === "refused") {
      root.appendChild(bEl("h2", "", t("Teacher's board")));
      root.appendChild(bEl("p", "pl-b-refusal", model.get("refusal")));
      return;
    }
    if (screen === "login") {
      boardLogin(model, root);
      root.appendChild(message);
      return;
    }
    const top = bEl("div", "pl-b-top");
    top.appendChild(bEl("h2", "", t("Teacher's board")));
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
  for (const name of ["screen", "message", "games", "board", "detail", "options", "selected", "refusal", "live", "mastery",
    "words", "language", "languages"]) {
    model.on(`change:${name}`, () => { draw(); schedule(); });
  }
  draw();
  schedule();
  model.send({ type: "languages", languages: [...(navigator.languages || [navigator.language || "en"])] });
  return () => { if (timer !== null) clearInterval(timer); };
}

export default { render };
