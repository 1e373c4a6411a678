// After and about the hand: its result, the coach's review of the learner's decisions (computed in
// Python, asked for with {type: "review"}) and the hand's history, stepped through line by line.
// `view` is the table's drawing state (see render in table.js).

import { plHand } from "../cards.js";
import { plEl } from "../dom.js";
import { tableButton } from "./controls.js";

/** True when the review that arrived is this hand's. */
function reviewShown(view, table) {
  const review = view.model.get("review");
  return Boolean(review && review.hand_number === table.hand_number);
}

/** True when the review is shown or on its way (asked for and not arrived yet). */
export function reviewOpen(view, table) {
  return reviewShown(view, table) || view.reviewAsked === table.hand_number;
}

/** Where the hand went: each pot, who won it and why, the shown hands, and where a kept hand is. */
export function drawResult(view, table) {
  const { model, t } = view;
  const result = table.result;
  const box = plEl("section", "pl-t-result");
  box.setAttribute("aria-live", "polite");
  box.appendChild(plEl("h3", "", result.headline));
  for (const pot of result.pots) {
    const line = plEl("p", "pl-t-result-pot");
    line.appendChild(plEl("strong", "", `${pot.label} (${pot.amount_text}): `));
    line.appendChild(document.createTextNode(result.won_by_fold ? `${pot.shares}.` : `${pot.reason} (${pot.shares})`));
    box.appendChild(line);
  }
  if (!result.won_by_fold) {
    const names = plEl("ul", "pl-t-hands");
    for (const [name, hand] of Object.entries(result.hand_names)) names.appendChild(plEl("li", "", `${name}: ${hand}`));
    box.appendChild(names);
  }
  if (model.get("kept_hand") && model.get("kept_hand") === table.hand_number) {
    // Voilà serves every notebook beside this one (/voila/render/NAME), so a relative link finds My hands.
    const kept = plEl("p", "pl-t-kept");
    kept.appendChild(document.createTextNode(t("This hand is kept in ")));
    const link = plEl("a", "pl-t-kept-link", t("My hands"));
    link.href = "11-my-hands.ipynb";
    link.target = "_blank";
    link.rel = "noopener";
    kept.appendChild(link);
    kept.appendChild(document.createTextNode(t(", where you can replay it with the coach.")));
    box.appendChild(kept);
  }
  return box;
}

function drawReviewItem(item, t) {
  const li = plEl("li", "pl-t-review-item");
  li.dataset.matches = item.matches ? "true" : "false";
  // same (green), close (neutral: within the margin of error), costly (red), unmeasured (neutral)
  li.dataset.verdict = item.verdict || (item.matches ? "same" : "costly");
  li.appendChild(plEl("div", "pl-t-review-situation", item.situation));
  const cards = plHand(item.cards, { size: "sm", names: item.card_names });
  cards.classList.add("pl-t-review-cards");
  li.appendChild(cards);
  const facts = plEl("dl", "pl-t-review-facts");
  for (const [term, text, className] of [[t("You"), item.played, "pl-t-review-played"],
    [t("Coach"), item.coach, "pl-t-review-coach"], [t("Difference"), item.worth, "pl-t-review-worth"]]) {
    facts.appendChild(plEl("dt", "", term));
    facts.appendChild(plEl("dd", className, text));
  }
  li.appendChild(facts);
  const why = plEl("details", "pl-t-review-why");
  why.appendChild(plEl("summary", "", t("Why")));
  why.appendChild(plEl("p", "", item.detail));
  li.appendChild(why);
  return li;
}

/** The coach's review of the learner's decisions, once asked for ("Reviewing…" until it arrives). */
export function drawReview(view, table) {
  const { model, t } = view;
  const box = plEl("section", "pl-t-review");
  box.setAttribute("aria-label", t("Review of your decisions"));
  box.setAttribute("aria-live", "polite");
  if (!reviewShown(view, table)) {
    box.appendChild(plEl("p", "pl-t-review-working", t("Reviewing…")));
    return box;
  }
  const review = model.get("review");
  box.appendChild(plEl("h3", "", review.heading));
  box.appendChild(plEl("p", "pl-t-review-summary", review.summary));
  const list = plEl("ol", "pl-t-review-list");
  for (const item of review.items) list.appendChild(drawReviewItem(item, t));
  if (review.items.length) box.appendChild(list);
  for (const note of review.notes) box.appendChild(plEl("p", "pl-t-review-note", note));
  box.appendChild(plEl("p", "pl-t-review-about", review.about));
  return box;
}

/** The hand's history (the log in words), opened and stepped through from its start to now. */
export function drawHistory(view, table) {
  const { t } = view;
  const box = plEl("details", "pl-t-history");
  box.open = view.historyOpen;
  box.addEventListener("toggle", () => {
    view.historyOpen = box.open;
  });
  box.appendChild(plEl("summary", "", t("Hand history")));
  const key = `${table.hand_number}`;
  if (key !== view.historyKey) {
    view.historyKey = key;
    view.historyAt = null;
  }
  const total = table.log.length;
  const at = view.historyAt === null ? total : Math.min(view.historyAt, total);
  const controls = plEl("div", "pl-t-history-controls");
  const go = (value) => {
    view.historyAt = Math.max(1, Math.min(total, value));
    if (view.historyAt === total) view.historyAt = null;
    view.historyOpen = true;
    view.redraw(true);
  };
  controls.append(
    tableButton(t("Start"), "pl-t-quiet pl-t-hstart", () => go(1)),
    tableButton(t("Back"), "pl-t-quiet pl-t-hback", () => go(at - 1)),
    tableButton(t("Step"), "pl-t-quiet pl-t-hstep", () => go(at + 1)),
    tableButton(t("Now"), "pl-t-quiet pl-t-hend", () => go(total)),
    plEl("span", "pl-t-history-at", t("step {at} of {total}", { at, total })),
  );
  box.appendChild(controls);
  const list = plEl("ol", "pl-t-log");
  table.log.slice(0, at).forEach((line, index) => {
    list.appendChild(plEl("li", index === at - 1 ? "pl-t-log-now" : "", line));
  });
  box.appendChild(list);
  return box;
}
