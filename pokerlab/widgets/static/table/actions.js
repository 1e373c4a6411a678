// The learner's bar: their facts, their cards (buttons to mark for throwing when the engine offers a
// draw), and the actions the engine offers, sent as {type: "act", kind, amount, discards}. It never
// decides what is legal, nor works an amount out: the offers and their amounts (with their texts)
// come from Python. `view` is the table's drawing state (see render in table.js).

import { plCard, plHand } from "../cards.js";
import { plEl } from "../dom.js";
import { learnerOf, offerOf, tableButton } from "./controls.js";
import { reviewOpen } from "./review.js";

/** Mark or unmark the learner's card at `index` (0-4) for throwing, while a draw is offered. */
export function toggleCard(view, index) {
  const table = view.model.get("table");
  if (!offerOf(table, "draw")) return;
  if (index >= learnerOf(table).cards.length) return;
  if (view.marked.has(index)) view.marked.delete(index);
  else view.marked.add(index);
  view.redraw(true);
}

function drawMarked(view) {
  const me = learnerOf(view.model.get("table"));
  const discards = [...view.marked].sort().map((index) => me.cards[index]);
  if (discards.length) view.act("draw", { discards });
}

function drawHead(table, t) {
  const me = learnerOf(table);
  const head = plEl("div", "pl-t-mine-head");
  const facts = [me.stack_text];
  if (me.bet > 0) facts.push(t("bet {amount}", { amount: me.bet_text }));
  if (me.blind) facts.push(me.blind);
  if (me.is_dealer) facts.push(t("dealer"));
  if (me.status !== "active") facts.push(t(me.status));
  if (me.draw_text) facts.push(me.my_draw_text);
  if (me.hand_name) facts.push(me.hand_name);
  head.appendChild(plEl("strong", "", me.name));
  head.appendChild(plEl("span", "pl-t-facts", facts.join(" · ")));
  return head;
}

function drawCards(view, table, drawing) {
  const { t } = view;
  const me = learnerOf(table);
  const key = `${table.hand_number}|${table.phase}|${me.cards.join(" ")}`;
  if (key !== view.markKey) {
    view.markKey = key;
    view.marked = new Set();
  }
  const cards = plEl("div", "pl-t-mycards");
  const row = plHand([]);
  me.cards.forEach((code, index) => {
    const selected = drawing && view.marked.has(index);
    const card = plCard(code, {
      button: Boolean(drawing), selected, size: "lg",
      label: `${me.card_names[index]}${selected ? t(", marked to throw") : ""}`,
    });
    if (drawing) card.addEventListener("click", () => toggleCard(view, index));
    card.dataset.index = String(index + 1);
    row.appendChild(card);
  });
  cards.appendChild(row);
  return cards;
}

/** A bet or raise: one button in fixed limit; a slider and quick amounts in spread limit. */
function drawBet(view, table, item) {
  const { t } = view;
  const box = plEl("div", "pl-t-betbox");
  const word = item.kind === "bet" ? t("Bet") : t("Raise to");
  const key = `${table.version}|${item.kind}|${item.min_to}|${item.max_to}`;
  if (key !== view.amountKey) {
    view.amountKey = key;
    view.amount = item.min_to;
  }
  const said = (amount) => item.amount_texts[String(amount)];
  const button = tableButton(`${word} ${said(view.amount)}`, `pl-t-${item.kind} pl-t-primary`,
    () => view.act(item.kind, { amount: view.amount }), item.key);
  if (item.min_to === item.max_to) {
    box.appendChild(button);
    return box;
  }
  const slider = plEl("input");
  slider.type = "range";
  slider.className = "pl-t-slider";
  slider.min = String(item.min_to);
  slider.max = String(item.max_to);
  slider.step = String(item.step);
  slider.value = String(view.amount);
  slider.setAttribute("aria-label", t("{action} amount, {low} to {high} in steps of {step}", {
    action: word, low: said(item.min_to), high: said(item.max_to), step: item.step_text,
  }));
  const setAmount = (value) => {
    view.amount = Number(value);
    slider.value = String(view.amount);
    button.querySelector("span").textContent = `${word} ${said(view.amount)}`;
  };
  slider.addEventListener("input", () => setAmount(slider.value));
  const quick = plEl("div", "pl-t-quick");
  item.quick.forEach((value, index) => {
    const text = [t("Min"), t("Half"), t("Max")][index];
    const pick = tableButton(`${text} ${said(value)}`, "pl-t-quiet pl-t-amount", () => setAmount(value));
    pick.dataset.amount = String(value);
    quick.appendChild(pick);
  });
  box.append(button, slider, quick);
  return box;
}

/** What the learner can do now: go on (hand over), draw, act on the offers, or wait for someone. */
function drawActions(view, table, drawing) {
  const { t, send } = view;
  const actions = plEl("div", "pl-t-actions");
  if (table.phase === "over") {
    const label = table.match_over || table.learner_out ? t("See the result") : t("Next hand");
    actions.appendChild(tableButton(label, "pl-t-primary pl-t-next", () => send({ type: "next" }), "Space", t("Space")));
    const open = reviewOpen(view, table);
    const review = tableButton(open ? t("Hide the review") : t("Review my decisions"), "pl-t-review-toggle", () => {
      if (!open) view.reviewAsked = table.hand_number;
      send({ type: "review" });
      view.redraw(true);
    }, "V");
    review.setAttribute("aria-expanded", open ? "true" : "false");
    actions.appendChild(review);
  } else if (drawing) {
    actions.appendChild(plEl("p", "pl-t-hint", t("{offer}. Tap the cards to throw (keys 1-5), then confirm.", { offer: drawing.label })));
    actions.appendChild(tableButton(t("Stand pat"), "pl-t-pat", () => view.act("draw", { discards: [] }), "S"));
    const count = view.marked.size;
    const draw = tableButton(count ? t("Draw {count}", { count }) : t("Draw"), "pl-t-primary pl-t-draw", () => drawMarked(view), "D");
    draw.disabled = count === 0;
    actions.appendChild(draw);
    const fold = offerOf(table, "fold");
    if (fold) actions.appendChild(tableButton(fold.label, "pl-t-fold pl-t-quiet", () => view.act("fold"), "F"));
  } else if (table.is_my_turn) {
    for (const item of table.legal) {
      if (item.kind === "bet" || item.kind === "raise") {
        actions.appendChild(drawBet(view, table, item));
        continue;
      }
      const button = tableButton(item.label, `pl-t-${item.kind.replace("_", "-")}`, () => {
        view.act(item.kind, item.kind === "all_in" ? { amount: item.min_to } : {});
      }, item.key);
      if (item.warning) button.title = item.warning;
      actions.appendChild(button);
    }
    const warning = table.legal.find((item) => item.warning);
    if (warning) actions.appendChild(plEl("p", "pl-t-hint", warning.warning));
  } else {
    actions.appendChild(plEl("p", "pl-t-hint", table.actor_name ? t("Waiting for {name}.", { name: table.actor_name }) : ""));
    if (table.bot_turn) actions.appendChild(tableButton(t("Skip ahead"), "pl-t-skip pl-t-quiet", () => send({ type: "skip" })));
  }
  return actions;
}

/** The learner's bar (it sticks to the bottom of a phone's screen). */
export function drawMine(view, table) {
  const bar = plEl("div", "pl-t-mine");
  bar.setAttribute("aria-label", view.t("your hand and actions"));
  bar.appendChild(drawHead(table, view.t));
  const drawing = offerOf(table, "draw");
  bar.appendChild(drawCards(view, table, drawing));
  bar.appendChild(drawActions(view, table, drawing));
  return bar;
}
