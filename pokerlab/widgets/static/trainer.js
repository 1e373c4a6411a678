// "Which hand wins?" trainer. Python deals and judges; this module draws the two hands and sends
// the learner's intent: {type: "pick", choice, round} or {type: "next"}.
// Keys (while the trainer has focus): A / B / S pick (1 and 2 also work), arrows move between the answers, Enter or
// Space presses the focused button, N deals the next hands.

import { plCardName, plCard } from "./cards.js";
import { plEl, plButton, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

// Its words come from Python in the trainer's language (trait "words", empty in English): t(message, values).

function plTrainerHand(index, t) {
  const box = plEl("section", "pl-trainer-hand");
  box.dataset.hand = index === 0 ? "first" : "second";
  const head = plEl("div", "pl-trainer-hand-head");
  const title = plEl("h3", "", index === 0 ? t("Hand A") : t("Hand B"));
  const badge = plEl("span", "pl-trainer-badge");
  head.append(title, badge);
  const cards = plEl("div", "pl-trainer-cards");
  const name = plEl("p", "pl-trainer-name");
  box.append(head, cards, name);
  return { box, cards, name, badge };
}

function render({ model, el }) {
  const t = plWords(model);
  // `short` is what a phone shows; the full label stays the button's accessible name.
  const choices = [
    { choice: "first", label: t("Hand A wins"), short: t("Hand A"), key: "A" },
    { choice: "split", label: t("Split pot"), short: t("Split"), key: "S" },
    { choice: "second", label: t("Hand B wins"), short: t("Hand B"), key: "B" },
  ];
  const root = plEl("div", "pl-trainer");
  root.tabIndex = -1; // lets a click anywhere give the trainer keyboard focus
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", t("Which hand wins? trainer"));

  const header = plEl("div", "pl-trainer-header");
  const heading = plEl("h2", "", t("Which hand wins?"));
  const score = plEl("p", "pl-trainer-score");
  score.setAttribute("aria-live", "polite");
  header.append(heading, score);

  const hands = [plTrainerHand(0, t), plTrainerHand(1, t)];
  const table = plEl("div", "pl-trainer-table");
  table.append(hands[0].box, hands[1].box);

  const answers = plEl("div", "pl-trainer-answers");
  answers.setAttribute("role", "group");
  answers.setAttribute("aria-label", t("Your answer"));
  const buttons = choices.map(({ choice, label, short, key }) => {
    const button = plEl("button");
    button.type = "button";
    button.className = "pl-trainer-answer";
    button.dataset.choice = choice;
    button.setAttribute("aria-keyshortcuts", key);
    button.setAttribute("aria-label", label);
    const kbd = plEl("kbd", "", key);
    kbd.setAttribute("aria-hidden", "true");
    button.append(plEl("span", "pl-long", label), plEl("span", "pl-short", short), kbd);
    button.addEventListener("click", () => pick(choice));
    answers.appendChild(button);
    return button;
  });

  const verdict = plEl("div", "pl-trainer-verdict");
  verdict.setAttribute("aria-live", "polite");

  const footer = plEl("div", "pl-trainer-footer");
  const next = plButton(t("Next hands"), "pl-trainer-next", () => model.send({ type: "next" }), { key: "N" });
  const help = plEl("p", "pl-trainer-help");
  footer.append(next, help);

  root.append(header, table, answers, verdict, footer);
  el.appendChild(root);

  function pick(choice) {
    if (model.get("result")) return;
    model.send({ type: "pick", choice, round: model.get("round") });
  }

  function draw() {
    const result = model.get("result");
    const codes = [model.get("first"), model.get("second")];
    const answered = Boolean(result);
    const winner = answered ? result.correct_choice : null;
    hands.forEach((hand, i) => {
      const cards = plEl("div", "pl-hand");
      for (const code of codes[i]) cards.appendChild(plCard(code, { size: "lg", label: plCardName(code, t) }));
      hand.cards.replaceChildren(cards);
      hand.name.textContent = answered ? result.names[i] : "";
      const side = i === 0 ? "first" : "second";
      const state = !answered ? "" : winner === "split" ? "split" : winner === side ? "wins" : "loses";
      hand.box.dataset.state = state;
      hand.badge.textContent = { wins: t("Wins"), loses: t("Loses"), split: t("Splits") }[state] || "";
    });
    for (const button of buttons) {
      const choice = button.dataset.choice;
      button.disabled = answered;
      button.classList.toggle("pl-chosen", answered && result.choice === choice);
      button.classList.toggle("pl-right", answered && winner === choice);
    }
    next.disabled = !answered;
    const streak = model.get("streak");
    const best = model.get("best_streak");
    score.textContent = t("Deal {round} · Streak {streak} · Best {best}", { round: model.get("round"), streak, best });
    verdict.replaceChildren();
    verdict.className = "pl-trainer-verdict";
    const note = model.get("message");
    if (answered) {
      verdict.classList.add(result.correct ? "pl-good" : "pl-bad");
      const lead = plEl("strong", "", result.correct ? t("Right! ") : t("Not quite. "));
      const text = plEl("span", "", result.text);
      verdict.append(lead);
      if (!result.correct && result.mistake) {
        const mistake = plEl("span", "pl-trainer-mistake", result.mistake + " ");
        verdict.append(mistake);
      }
      verdict.append(text);
    } else if (note) {
      verdict.classList.add("pl-bad");
      verdict.textContent = note;
    } else {
      verdict.textContent = t("Which hand wins the showdown, or do they split the pot?");
    }
    help.textContent = t("Keys: A, B or S to answer, N for next hands. Seed {seed}.", { seed: model.get("seed") });
  }

  // Keep keyboard focus useful: after an answer go to "Next hands", after a deal to the answers.
  let lastRound = model.get("round");
  let wasAnswered = Boolean(model.get("result"));
  function redraw() {
    const hadFocus = root.contains(document.activeElement);
    draw();
    const answered = Boolean(model.get("result"));
    if (hadFocus && answered && !wasAnswered) next.focus();
    if (hadFocus && model.get("round") !== lastRound) buttons[0].focus();
    lastRound = model.get("round");
    wasAnswered = answered;
  }

  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const choice = { a: "first", 1: "first", b: "second", 2: "second", s: "split" }[key];
    if (choice) {
      pick(choice);
    } else if (key === "n") {
      if (model.get("result")) model.send({ type: "next" });
    } else if (["arrowleft", "arrowright", "arrowup", "arrowdown"].includes(key)) {
      const enabled = buttons.filter((button) => !button.disabled);
      if (!enabled.length) {
        event.preventDefault(); // answered: the arrows still belong to the trainer, not the page
        return;
      }
      const at = enabled.indexOf(document.activeElement);
      const step = key === "arrowleft" || key === "arrowup" ? -1 : 1;
      enabled[(at + step + enabled.length) % enabled.length].focus();
    } else {
      return;
    }
    event.preventDefault();
  });

  draw();
  model.on("change", redraw);
  return () => model.off("change", redraw);
}

export default plWidget(render);
