// The teacher's board: draws what Python put in the traits; every click is an intent sent to Python
// ({type: "login" | "create" | "select" | "refresh" | "learner" | "end" | "delete" | "csv" | "phh" |
// "mastery_csv" | "misconceptions_csv" | "release"}).
// While the selected game is open it asks for a refresh every refresh_ms. It never sees a seed.
// Its words come from Python in the teacher's language (trait "words", empty in English): t(message, values).
// The board's own figures and sentences (progress, spread, costliest decision, review) come already said.

import { plButton, plEl, plKeepTyping, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

/** A board button: class pl-b-button, and `className` when given. */
function bButton(label, onClick, className) {
  return plButton(label, className ? `pl-b-button ${className}` : "pl-b-button", onClick);
}

function bTable(caption, head, rows, className) {
  const table = plEl("table", "pl-b-table" + (className ? " " + className : ""));
  if (caption) table.appendChild(plEl("caption", "", caption));
  const thead = plEl("thead");
  const headRow = plEl("tr");
  for (const name of head) headRow.appendChild(plEl("th", "", name));
  thead.appendChild(headRow);
  table.appendChild(thead);
  const body = plEl("tbody");
  for (const row of rows) body.appendChild(row);
  table.appendChild(body);
  return table;
}

function bRow(cells) {
  const row = plEl("tr");
  cells.forEach((cell, index) => {
    const td = plEl("td");
    if (cell instanceof Node) td.appendChild(cell); else td.textContent = String(cell);
    row.appendChild(td);
  });
  return row;
}

function bSelect(name, label, options, value) {
  const wrap = plEl("label", "pl-b-field");
  wrap.appendChild(plEl("span", "", label));
  const select = plEl("select");
  select.name = name;
  for (const option of options) {
    const item = plEl("option", "", option.label);
    item.value = option.value;
    if (option.value === value) item.selected = true;
    select.appendChild(item);
  }
  wrap.appendChild(select);
  return [wrap, select];
}

function bNumber(name, label, value, min, max) {
  const wrap = plEl("label", "pl-b-field");
  wrap.appendChild(plEl("span", "", label));
  const input = plEl("input");
  input.type = "number";
  input.name = name;
  input.min = String(min);
  input.max = String(max);
  input.value = String(value);
  wrap.appendChild(input);
  return [wrap, input];
}

function boardLogin(model, box) {
  const t = plWords(model);
  const form = plEl("form", "pl-b-login");
  form.appendChild(plEl("h2", "", t("Teacher's board")));
  const label = plEl("label", "pl-b-field");
  label.appendChild(plEl("span", "", t("Teacher password")));
  const input = plEl("input");
  input.type = "password";
  input.name = "password";
  input.autocomplete = "current-password";
  label.appendChild(input);
  form.appendChild(label);
  const submit = plEl("button", "pl-b-button pl-b-primary", t("Open the board"));
  submit.type = "submit";
  form.appendChild(submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "login", password: input.value });
  });
  box.appendChild(form);
}

function boardCreate(model) {
  const t = plWords(model);
  const options = model.get("options") || {};
  const form = plEl("form", "pl-b-create");
  form.appendChild(plEl("h3", "", t("New class game")));
  const [variantWrap, variant] = bSelect("variant", t("Variant"), options.variants || [], "five-card-draw-antes");
  const [countWrap, count] = bNumber("opponent_count", t("Computer opponents"), 3, 1, 7);
  const [levelWrap, level] = bSelect("opponent_level", t("Their level"), options.levels || [], "3");
  const [dealsWrap, deals] = bNumber("deal_count", t("Deals"), 10, 1, options.max_deals || 50);
  const sync = () => { count.disabled = variant.value === "ladder"; if (count.disabled) count.value = "4"; };
  variant.addEventListener("change", sync);
  queueMicrotask(sync);  // once the redraw has put back a variant the teacher chose (plKeepTyping)
  const rosterWrap = plEl("label", "pl-b-field pl-b-roster");
  rosterWrap.appendChild(plEl("span", "", t("Roster (optional): one name per line; only these may join")));
  const roster = plEl("textarea");
  roster.name = "roster";
  roster.rows = 3;
  roster.placeholder = t("Leave empty to let anyone with the code join");
  rosterWrap.appendChild(roster);
  form.append(variantWrap, countWrap, levelWrap, dealsWrap, rosterWrap);
  const submit = plEl("button", "pl-b-button pl-b-primary", t("Create the class game"));
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
  const t = plWords(model);
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
  const t = plWords(model);
  const rows = (model.get("live") || []).map((line) => bRow([line.code, line.name, line.hands, line.chips]));
  if (!rows.length) return plEl("section", "pl-b-live");
  return bTable(t("Live tables: results so far"), [t("Table"), t("Learner"), t("Hands played"), t("Chips")], rows, "pl-b-live");
}

function boardGame(model) {
  const t = plWords(model);
  const board = model.get("board") || {};
  const box = plEl("section", "pl-b-game");
  if (!board.code) return box;
  const head = plEl("div", "pl-b-game-head");
  const code = plEl("p", "pl-b-code", board.code);
  code.title = t("Join code");
  head.append(code, plEl("p", "pl-b-description", `${board.description} · ${board.status_text}`));
  box.appendChild(head);
  const actions = plEl("div", "pl-b-actions");
  actions.appendChild(bButton(t("Export CSV"), () => model.send({ type: "csv" })));
  actions.appendChild(bButton(t("Hands as PHH"), () => model.send({ type: "phh", every_card: false })));
  if (!board.open) actions.appendChild(bButton(t("Hands as PHH, every card"), () => model.send({ type: "phh", every_card: true })));
  if (board.open) actions.appendChild(bButton(t("End the game"), () => model.send({ type: "end", id: board.id })));
  actions.appendChild(bButton(t("Delete the game"), () => {
    if (window.confirm(t("Delete class game {code} and all its results?", { code: board.code }))) model.send({ type: "delete", id: board.id });
  }, "pl-b-danger"));
  box.appendChild(actions);
  if (board.costliest) box.appendChild(plEl("p", "pl-b-costliest", t("Costliest decision: {decision}", { decision: board.costliest })));

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
  const t = plWords(model);
  const detail = model.get("detail") || {};
  const box = plEl("section", "pl-b-detail");
  if (!detail.learner) return box;
  const head = plEl("div", "pl-b-game-head");
  head.appendChild(plEl("h3", "", t("{name}: hands and review", { name: detail.learner })));
  head.appendChild(bButton(t("Close"), () => model.send({ type: "close_learner" })));
  head.appendChild(bButton(t("Release this name"), () => {
    if (window.confirm(t("Free the name {name} so it can be claimed again?", { name: detail.learner }))) model.send({ type: "release", name: detail.learner });
  }));
  box.appendChild(head);
  if (!detail.deals.length) box.appendChild(plEl("p", "", t("No deal finished yet.")));
  for (const deal of detail.deals) {
    const part = plEl("details", "pl-b-deal");
    part.appendChild(plEl("summary", "", t("Deal {number}: {chips}", { number: deal.number, chips: deal.result })));
    const history = plEl("pre", "pl-b-history", deal.history.join("\n"));
    part.appendChild(history);
    const rows = deal.review.map((item) => bRow([item.stage, item.played, item.coach, item.cost]));
    if (rows.length) part.appendChild(bTable(t("Review"), [t("When"), t("Played"), t("Coach"), t("Cost")], rows));
    box.appendChild(part);
  }
  return box;
}

// Lesson quizzes: the topics the class misses most, then each learner's mastery of each topic.
function boardMastery(model) {
  const t = plWords(model);
  const mastery = model.get("mastery") || {};
  const box = plEl("section", "pl-b-mastery");
  if (!mastery.rows || !mastery.rows.length) return box;
  box.appendChild(plEl("h3", "", t("Lesson quizzes: mastery")));
  if (mastery.misconceptions && mastery.misconceptions.length) {
    box.appendChild(plEl("p", "pl-b-misconceptions-head", t("The class's most common misconceptions (the named mistakes behind wrong answers):")));
    const list = plEl("ol", "pl-b-misconceptions");
    for (const line of mastery.misconceptions) list.appendChild(plEl("li", "", line));
    box.appendChild(list);
  }
  if (mastery.trouble && mastery.trouble.length) {
    box.appendChild(plEl("p", "pl-b-trouble-head", t("Where the class is stuck (most learners first):")));
    const list = plEl("ol", "pl-b-trouble");
    for (const line of mastery.trouble) list.appendChild(plEl("li", "", line));
    box.appendChild(list);
  }
  const rows = mastery.rows.map((row) => bRow([row.name, ...row.cells]));
  box.appendChild(bTable(t("Mastery per learner and topic"), [t("Learner"), ...mastery.topics], rows, "pl-b-mastery-table"));
  box.appendChild(bButton(t("Export mastery CSV"), () => model.send({ type: "mastery_csv" })));
  box.appendChild(bButton(t("Export misconceptions CSV"), () => model.send({ type: "misconceptions_csv" })));
  return box;
}

function render({ model, el }) {
  const root = plEl("div", "pl-board");
  el.appendChild(root);
  let timer = null;
  const t = plWords(model);

  /** The language menu: the teacher can change the board's language at any time. */
  const drawLanguage = () => {
    const [wrap, select] = bSelect("language", t("Language"), model.get("languages") || [], model.get("language"));
    wrap.classList.add("pl-b-language");
    select.addEventListener("change", () => model.send({ type: "language", language: select.value }));
    return wrap;
  };

  const keepTyping = plKeepTyping(root);  // a redraw keeps what the teacher is typing (the password, a new game)

  const draw = () => {
    const putBack = keepTyping();
    root.replaceChildren();
    const screen = model.get("screen");
    root.dataset.screen = screen;
    const message = plEl("p", "pl-b-message", model.get("message"));
    message.setAttribute("role", "status");
    root.lang = model.get("language") || "en";
    if ((model.get("languages") || []).length > 1) root.appendChild(drawLanguage());
    if (screen === "refused") {
      root.appendChild(plEl("h2", "", t("Teacher's board")));
      root.appendChild(plEl("p", "pl-b-refusal", model.get("refusal")));
      return;
    }
    if (screen === "login") {
      boardLogin(model, root);
      root.appendChild(message);
      putBack();
      return;
    }
    const top = plEl("div", "pl-b-top");
    top.appendChild(plEl("h2", "", t("Teacher's board")));
    root.append(top, message, boardMastery(model), boardCreate(model), boardGames(model), boardLive(model), boardGame(model),
      boardDetail(model));
    putBack();
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
      const link = plEl("a");
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

export default plWidget(render);
