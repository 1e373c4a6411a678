// The draw coach: "Which cards should I throw?". Python computes every number; this module draws
// the learner's five cards as buttons, the chances as HTML bars, and sends intents:
// {type: "toggle", index}, {type: "try", discard: [codes]}, {type: "best"}, {type: "clear"},
// {type: "opponents", count}.
// Nothing of the coach's own choice is shown until the learner has chosen or asked ("revealed").

const PL_COACH_COLOURS = [
  "#c9ced6", "#8fb8de", "#4f8fd1", "#2f6db3", "#8c6bc8", "#d3792c", "#c0392b", "#8e1b3a", "#3d1b5e",
];
const PL_COACH_MOST_OPPONENTS = 5;

function plCoachPercent(p) {
  if (p === 0) return "0%";
  if (p < 0.0001) return "<0.01%";
  return `${(p * 100).toFixed(p < 0.1 ? 2 : 1)}%`;
}

function plCoachWin(choice) {
  return `${(choice.win * 100).toFixed(1)}% ± ${(choice.margin * 100).toFixed(1)}`;
}

/** The detail of one choice: a bar per kind of hand that can happen, with exact counts. */
function plCoachDetail(choice, categories) {
  const list = plEl("div", "pl-coach-detail");
  list.setAttribute("role", "list");
  categories.forEach((name, category) => {
    const count = choice.counts[category];
    if (!count) return;
    const row = plEl("div", "pl-coach-row");
    row.setAttribute("role", "listitem");
    row.dataset.category = String(category);
    const p = choice.probabilities[category];
    const label = plEl("span", "pl-coach-row-label", name);
    const track = plEl("span", "pl-coach-track");
    const bar = plEl("span", "pl-coach-bar");
    bar.style.width = `${Math.max(p * 100, 0.6)}%`;
    bar.style.background = PL_COACH_COLOURS[category];
    track.appendChild(bar);
    const figure = plEl("span", "pl-coach-figure", plCoachPercent(p));
    figure.title = `${count.toLocaleString("en")} of ${choice.total.toLocaleString("en")}`;
    const exact = plEl("span", "pl-coach-exact", `${count.toLocaleString("en")} / ${choice.total.toLocaleString("en")}`);
    row.append(label, track, figure, exact);
    row.setAttribute("aria-label", `${name}: ${plCoachPercent(p)}, ${count} of ${choice.total}`);
    list.appendChild(row);
  });
  return list;
}

/** One line of the comparison chart: the chance to win the pot, and the kinds of hand it makes. */
function plCoachChartRow(model, choice, categories, starred) {
  const row = plButton("", "pl-coach-choice", () => model.send({ type: "try", discard: choice.discard }));
  if (choice.is_best) row.classList.add("pl-best");
  if (choice.about_same) row.classList.add("pl-close");
  if (choice.is_tried) row.classList.add("pl-tried");
  row.setAttribute("aria-pressed", choice.is_tried ? "true" : "false");
  const value = `${plCoachWin(choice)} of the pot`;
  const tag = choice.is_best ? " (coach's choice)" : (choice.about_same && !starred ? " (about the same as the best)" : "");
  row.setAttribute("aria-label", `${choice.label}${tag}: wins ${value}`);
  const head = plEl("span", "pl-coach-choice-head");
  head.appendChild(plEl("span", "pl-coach-choice-label", choice.label));
  if (choice.is_best) head.appendChild(plEl("span", "pl-coach-star", "★ coach"));
  else if (choice.about_same && !starred) head.appendChild(plEl("span", "pl-coach-same", "≈ about the same"));
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
    part.title = `${categories[category]}: ${plCoachPercent(p)}`;
    stack.appendChild(part);
  });
  row.append(head, win, stack);
  return row;
}

function plCoachLegend(categories, chart) {
  const legend = plEl("div", "pl-coach-legend");
  legend.setAttribute("aria-hidden", "true");
  const winKey = plEl("span", "pl-coach-key");
  const winSwatch = plEl("span", "pl-coach-swatch pl-coach-win-swatch");
  winKey.append(winSwatch, document.createTextNode("chance to win the pot"));
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
  root.setAttribute("aria-label", "Draw coach");
  root.appendChild(plEl("h2", "", "Which cards should I throw?"));
  const intro = plEl("p", "pl-coach-intro");
  const cards = plEl("div", "pl-coach-cards");
  const controls = plEl("div", "pl-coach-controls");
  const bestButton = plButton("Show the coach's choice", "pl-coach-button", () => model.send({ type: "best" }));
  const patButton = plButton("Keep all five", "pl-coach-button", () => model.send({ type: "clear" }));
  const tableLabel = plEl("label", "pl-coach-criterion", "Against ");
  const select = document.createElement("select");
  for (let count = 1; count <= PL_COACH_MOST_OPPONENTS; count += 1) {
    const option = document.createElement("option");
    option.value = String(count);
    option.textContent = count === 1 ? "1 player" : `${count} players`;
    select.appendChild(option);
  }
  select.addEventListener("change", () => model.send({ type: "opponents", count: Number(select.value) }));
  tableLabel.appendChild(select);
  controls.append(bestButton, patButton, tableLabel);
  const status = plEl("div", "pl-coach-status");
  status.setAttribute("role", "status");
  const bar = document.createElement("progress");
  bar.className = "pl-coach-progress";
  bar.max = 1;
  bar.setAttribute("aria-label", "Working out the chances");
  const statusText = plEl("span", "pl-coach-status-text", "Working out each choice's chance to win the pot…");
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

  function draw() {
    const hand = model.get("hand");
    const marked = new Set(model.get("marked"));
    const tried = model.get("tried");
    const categories = model.get("categories");
    const chart = model.get("chart");
    const revealed = model.get("revealed");
    const opponents = model.get("opponents");
    const draws = model.get("opponent_draws_text");
    intro.textContent =
      `Tap the cards you would throw. ${model.get("rules_text")} ` +
      `Your hand now: ${model.get("current")}. ` +
      `New cards come from the ${model.get("unseen_count")} cards you have not seen.` +
      (draws ? ` ${draws}` : "");
    cards.replaceChildren();
    const row = plHand([]);
    hand.forEach((code, index) => {
      const thrown = marked.has(index);
      const card = plCard(code, {
        button: true, selected: thrown, size: "lg",
        label: `${plCardName(code)}${thrown ? ", marked to throw" : ""}`,
      });
      card.addEventListener("click", () => model.send({ type: "toggle", index }));
      row.appendChild(card);
    });
    cards.appendChild(row);
    select.value = String(Math.max(1, Math.min(opponents, PL_COACH_MOST_OPPONENTS)));
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
    const label = tried.label.replace(/^./, (c) => c.toUpperCase());
    summary.textContent = tried.win === undefined
      ? `${label}: chance to improve ${plCoachPercent(tried.improve)}.`
      : `${label}: wins ${plCoachWin(tried)} of the pot, chance to improve ${plCoachPercent(tried.improve)}. ` +
        (tried.rank === 1 ? "As good as the best." : `Ranks ${tried.rank} of ${tried.choice_count}.`);
    detailBox.replaceChildren(
      plEl("h3", "", `What you end with (${tried.total.toLocaleString("en")} possible draws)`),
      plCoachDetail(tried, categories),
    );
    explanation.textContent = model.get("explanation");
    const starred = chart.some((choice) => choice.is_best);
    chartBox.replaceChildren(
      plEl("h3", "", opponents === 1 ? "The best choices against 1 player" : `The best choices against ${opponents} players`),
      plCoachLegend(categories, chart),
      ...chart.map((choice) => plCoachChartRow(model, choice, categories, starred)),
    );
  }

  // One update from Python changes several traits at once: redraw once, after all of them.
  return plRedrawOn(
    model,
    ["hand", "marked", "tried", "chart", "explanation", "message", "opponents", "opponent_draws_text", "unseen_count",
      "revealed", "busy", "progress"],
    draw,
  );
}

export default { render };
