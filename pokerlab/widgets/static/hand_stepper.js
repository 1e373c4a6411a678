// Hand stepper: shows one step of a replayed hand (the table, the cap meter, the pots). Navigation is
// an intent sent to Python ({type: "next" | "previous" | "go"}); the step to show comes back as a trait.
// Predict, then see: with the "Predict first" switch on, "next" may come back as a question (trait
// `question`: a prompt and choices, no answer); a pick is sent as {type: "answer", choice} and Python
// returns the verdict and the reason; "next" again shows the step.

import { plCardName, plHand } from "./cards.js";
import { plEl, plButton, plFocusedKey, plRefocus, plRedrawOn, plIcon, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

function hsButton(text, key, label, onClick) {
  const button = plButton(text, "pl-hs-button", onClick, { label });
  button.dataset.key = key;
  // A drawn arrow before (or after, for "next") the words: no icon taken from a font.
  const icon = plIcon(key);
  if (key === "next" || key === "last") button.append(icon);
  else button.prepend(icon);
  return button;
}

function hsSeat(player, step, t) {
  const box = plEl("div", "pl-hs-seat");
  box.dataset.seat = String(player.seat);
  box.dataset.status = player.status;
  if (player.is_actor) box.classList.add("pl-hs-actor");
  const head = plEl("div", "pl-hs-seat-head");
  head.appendChild(plEl("span", "pl-hs-seat-name", player.name));
  const badges = [];
  if (player.is_dealer) badges.push(t("Dealer"));
  if (step.blinds && step.blinds.small_blind === player.seat) badges.push(t("Small blind"));
  if (step.blinds && step.blinds.big_blind === player.seat) badges.push(t("Big blind"));
  if (player.is_actor) badges.push(t("To act"));
  for (const text of badges) head.appendChild(plEl("span", "pl-hs-badge", text));
  box.appendChild(head);
  const chips = plEl("div", "pl-hs-chips");
  chips.append(
    plEl("span", "pl-hs-stack", t("Stack {amount}", { amount: player.stack })),
    plEl("span", "pl-hs-bet", t("Bet {amount}", { amount: player.bet })),
  );
  box.appendChild(chips);
  if (player.status !== "active") box.appendChild(plEl("div", "pl-hs-status", t(player.status)));
  if (player.cards.length) {
    const cards = plHand(player.cards, { size: "sm" });
    cards.setAttribute("role", "group");
    cards.setAttribute("aria-label", t("{name}'s cards: {cards}",
      { name: player.name, cards: player.cards.map((code) => plCardName(code, t)).join(", ") }));
    box.appendChild(cards);
  }
  return box;
}

function hsCap(cap, t) {
  const box = plEl("div", "pl-hs-cap");
  box.dataset.used = String(cap.used);
  const label = plEl("span", "pl-hs-cap-label", cap.over_big_blind ? t("Raises over the big blind") : t("Bets and raises"));
  const meter = plEl("div", "pl-hs-cap-meter");
  meter.setAttribute("role", "meter");
  meter.setAttribute("aria-valuemin", "0");
  meter.setAttribute("aria-valuemax", String(cap.cap));
  meter.setAttribute("aria-valuenow", String(cap.used));
  meter.setAttribute("aria-label", t("Cap: {used} of {cap} used", { used: cap.used, cap: cap.cap }));
  for (let i = 0; i < cap.cap; i += 1) {
    const cell = plEl("span", "pl-hs-cap-cell");
    if (i < cap.used) cell.classList.add("pl-hs-cap-used");
    meter.appendChild(cell);
  }
  const text = plEl("span", "pl-hs-cap-text", cap.text);
  box.append(label, meter, text);
  if (!cap.open) box.classList.add("pl-hs-cap-idle");
  return box;
}

function hsQuestion(question, pick, t) {
  const box = plEl("div", "pl-hs-question");
  box.dataset.kind = question.kind;
  box.setAttribute("role", "group");
  const prompt = plEl("p", "pl-hs-prompt", question.prompt);
  prompt.id = `pl-hs-prompt-${Math.random().toString(36).slice(2)}`;
  box.setAttribute("aria-labelledby", prompt.id);
  box.appendChild(prompt);
  const choices = plEl("div", "pl-hs-choices");
  const feedback = question.feedback;
  question.choices.forEach((text, number) => {
    const button = plButton(text, "pl-hs-choice", () => pick(number), { key: String(number + 1) });
    button.dataset.key = `choice-${number}`;
    button.dataset.choice = String(number);
    if (feedback) {
      button.setAttribute("aria-disabled", "true");
      if (number === feedback.answer) button.dataset.state = "answer";
      else if (number === feedback.choice) button.dataset.state = "wrong";
      if (number === feedback.choice) button.setAttribute("aria-pressed", "true");
    }
    choices.appendChild(button);
  });
  box.appendChild(choices);
  const verdict = plEl("p", "pl-hs-feedback", feedback ? feedback.text : t("Pick one, then see the step."));
  verdict.setAttribute("role", "status");
  if (feedback) verdict.dataset.right = String(feedback.right);
  box.appendChild(verdict);
  return box;
}

function render({ model, el }) {
  const root = plEl("div", "pl-hs");
  root.tabIndex = -1; // a click on its text gives the stepper focus, so the arrow keys step
  el.appendChild(root);

  function go(kind, index) {
    model.send(index === undefined ? { type: kind } : { type: "go", index });
  }

  function pick(number) {
    const question = model.get("question");
    if (question.choices && !question.feedback) model.send({ type: "answer", choice: number });
  }

  root.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, textarea")) return;
    const question = model.get("question");
    const digit = Number.parseInt(event.key, 10);
    if (question.choices && digit >= 1 && digit <= question.choices.length) {
      event.preventDefault();
      pick(digit - 1);
      return;
    }
    const keys = { ArrowRight: () => go("next"), ArrowLeft: () => go("previous"), Home: () => go("go", 0),
      End: () => go("go", model.get("count") - 1) };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });

  function draw() {
    const focused = plFocusedKey(root);
    const t = plWords(model);
    const step = model.get("step");
    const index = model.get("index");
    const count = model.get("count");
    root.replaceChildren();

    const head = plEl("div", "pl-hs-head");
    if (model.get("title")) head.appendChild(plEl("h3", "pl-hs-title", model.get("title")));
    const counter = plEl("span", "pl-hs-counter", t("Step {index} of {last}", { index, last: count - 1 }));
    counter.setAttribute("aria-live", "polite");
    head.appendChild(counter);
    root.appendChild(head);

    const nav = plEl("div", "pl-hs-nav");
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", t("Step through the hand (arrow keys work too)"));
    const first = hsButton("", "first", t("First step"), () => go("go", 0));
    const previous = hsButton(t("Previous"), "previous", t("Previous step"), () => go("previous"));
    const question = model.get("question");
    const asking = Boolean(question.choices);
    const next = hsButton(asking ? t("Show the step") : t("Next"), "next", asking ? t("Show the step") : t("Next step"),
      () => go("next"));
    const last = hsButton("", "last", t("Last step"), () => go("go", count - 1));
    for (const button of [first, previous]) if (index === 0) button.setAttribute("aria-disabled", "true");
    for (const button of [next, last]) if (index === count - 1) button.setAttribute("aria-disabled", "true");
    const predicting = model.get("predict");
    const predict = plButton(t("Predict first"), "pl-hs-button pl-hs-predict",
      () => model.send({ type: "predict", on: !model.get("predict") }));
    predict.dataset.key = "predict";
    predict.setAttribute("aria-pressed", String(predicting));
    predict.title = t("Before each step, guess what comes next");
    nav.append(first, previous, next, last, predict);
    root.appendChild(nav);

    const story = plEl("div", "pl-hs-story");
    story.appendChild(plEl("p", "pl-hs-action", step.action));
    const happened = plEl("ul", "pl-hs-happened");
    for (const line of step.happened) happened.appendChild(plEl("li", "", line));
    story.appendChild(happened);
    if (step.note) story.appendChild(plEl("p", "pl-hs-note", step.note));
    root.appendChild(story);
    if (asking) root.appendChild(hsQuestion(question, pick, t));

    const seats = plEl("div", "pl-hs-seats");
    for (const player of step.players) if (player.status !== "out") seats.appendChild(hsSeat(player, step, t));
    root.appendChild(seats);

    root.appendChild(hsCap(step.cap, t));
    const options = plEl("p", "pl-hs-options");
    if (step.actor_name && step.options.length) {
      options.textContent = t("{name} may: {options}", { name: step.actor_name, options: step.options.join(" · ") });
    } else if (step.actor_name) {
      options.textContent = t("{name} is to draw.", { name: step.actor_name });
    } else {
      options.textContent = t("The hand is over.");
    }
    root.appendChild(options);

    const pots = plEl("div", "pl-hs-pots");
    pots.innerHTML = step.diagram; // SVG built in Python from the engine's pots; its text is escaped there
    root.appendChild(pots);

    if (step.result) {
      const result = plEl("div", "pl-hs-result");
      for (const pot of step.result.pots) result.appendChild(plEl("p", "", pot.reason));
      root.appendChild(result);
    }
    // A new question takes the focus from "Next" to its first choice; an answer gives it back to "Next".
    let key = focused;
    if (asking && !question.feedback && focused === "next") key = "choice-0";
    if (asking && question.feedback && focused && focused.startsWith("choice-")) key = "next";
    plRefocus(root, key);
  }

  const traits = ["title", "index", "count", "step", "predict", "question", "words"];
  // One Python step changes several traits: draw once after all of them have arrived.
  return plRedrawOn(model, traits, draw);
}

export default plWidget(render);
