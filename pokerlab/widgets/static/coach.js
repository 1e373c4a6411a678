// The draw coach: "Which cards should I throw?". Python computes every number; this module draws
// the learner's five cards as buttons, the chances as HTML bars, and sends intents:
// {type: "toggle", index}, {type: "try", discard: [codes]}, {type: "best"}, {type: "clear"},
// {type: "opponents", count}.
// Nothing of the coach's own choice is shown until the learner has chosen or asked ("revealed").
// Every word comes from Python in the panel's language: t(message, values) looks the English message
// up in the "words" trait (empty in English) and fills in its {places}. Every figure comes already
// written too (a choice's shares, counts and win chance; the summary and headings): this module only
// draws bars from the fractions Python sent.

import { plCardName, plCard, plHand } from "./cards.js";
import { plEl, plButton, plRedrawOn, plSay } from "./dom.js";
import { plWidget } from "./keys.js";

const PL_COACH_COLOURS = [
  "#c9ced6", "#8fb8de", "#4f8fd1", "#2f6db3", "#8c6bc8", "#d3792c", "#c0392b", "#8e1b3a", "#3d1b5e",
];

/** The detail of one choice: a bar per kind of hand that can happen, with exact counts. */
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

/** One line of the comparison chart: the chance to win the pot, and the kinds of hand it makes. */
function plCoachChartRow(model, choice, categories, starred, t) {
  const row = plButton("", "pl-coach-choice", () => model.send({ type: "try", discard: choice.discard }));
  if (choice.is_best) row.classList.add("pl-best");
  if (choice.about_same) row.classList.add("pl-close");
  if (choice.is_tried) row.classList.add("pl-tried");
  row.setAttribute("aria-pressed", choice.is_tried ? "true" : "false");
  const value = t("{share} of the pot", { share: choice.win_text });
  const tag = choice.is_best ? t(" (coach's choice)") : (choice.about_same && !starred ? t(" (about the same as the best)") : "");
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

  /** The panel's fixed words, said again when its language changes. */
  function label(t) {
    root.setAttribute("aria-label", t("Draw coach"));
    heading.textContent = t("Which cards should I throw?");
    bestButton.textContent = t("Show the coach's choice");
    patButton.textContent = t("Keep all five");
    tableText.textContent = t("Against ");
    bar.setAttribute("aria-label", t("Working out the chances"));
    statusText.textContent = t("Working out each choice's chance to win the pot…");
  }

  /** The opponents menu: one option per count Python offers ("1 player", "2 players"...), 1 first. */
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
    const t = (message, values) => plSay(words, message, values);
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
    intro.textContent =
      t("Tap the cards you would throw. {rules} ", { rules: model.get("rules_text") }) +
      t("Your hand now: {hand}. ", { hand: model.get("current") }) +
      t("New cards come from the {count} cards you have not seen.", { count: model.get("unseen_count") }) +
      (draws ? ` ${draws}` : "");
    cards.replaceChildren();
    const row = plHand([]);
    hand.forEach((code, index) => {
      const thrown = marked.has(index);
      const card = plCard(code, {
        button: true, selected: thrown, size: "lg",
        label: `${plCardName(code, t)}${thrown ? t(", marked to throw") : ""}`,
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
      ...chart.map((choice) => plCoachChartRow(model, choice, categories, starred, t)),
    );
  }

  // One update from Python changes several traits at once: redraw once, after all of them.
  return plRedrawOn(
    model,
    ["hand", "marked", "tried", "chart", "explanation", "message", "opponents", "opponent_draws_text", "unseen_count",
      "revealed", "busy", "progress", "words", "language", "categories", "current", "rules_text", "summary", "detail_title",
      "chart_title", "opponent_choices"],
    draw,
  );
}

export default plWidget(render);
