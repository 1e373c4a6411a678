// Quiz: shows one question's public view (prompt, cards, choices); a choice is sent to Python as an
// intent ({type: "answer", choice}) and the verdict, explanation and streak come back as traits.

import { plCardName, plCard } from "./cards.js";
import { plEl, plButton, plFocusedKey, plRefocus, plRedrawOn, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

function quizLevels(model) {
  const t = plWords(model);
  const group = plEl("div", "pl-quiz-levels");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("Difficulty"));
  for (const level of model.get("levels")) {
    const label = t(level[0].toUpperCase() + level.slice(1));
    const button = plButton(label, "pl-quiz-level", () => model.send({ type: "level", level }));
    button.dataset.key = `level-${level}`;
    button.dataset.level = level;
    button.setAttribute("aria-pressed", model.get("level") === level ? "true" : "false");
    group.appendChild(button);
  }
  return group;
}

function quizScore(model) {
  const t = plWords(model);
  const score = plEl("p", "pl-quiz-score");
  const streak = plEl("span", "pl-quiz-streak");
  streak.dataset.streak = String(model.get("streak"));
  streak.textContent = t("Streak: {count}", { count: model.get("streak") });
  const rest = plEl("span", "pl-quiz-tally");
  rest.textContent = t("Best streak: {best} · Right: {right} of {answered}", {
    best: model.get("best_streak"), right: model.get("correct_count"), answered: model.get("answered_count") });
  score.append(streak, rest);
  return score;
}

function quizQuestion(model, question, feedback) {
  const t = plWords(model);
  const box = plEl("div", "pl-quiz-question");
  const prompt = plEl("p", "pl-quiz-prompt", t("Question {number}: {prompt}", { number: model.get("question_number"), prompt: question.prompt }));
  box.appendChild(prompt);
  for (const line of question.details || []) {
    const detail = plEl("p", "pl-quiz-detail", line);
    box.appendChild(detail);
  }
  for (const hand of question.hands || []) {
    const row = plEl("div", "pl-quiz-hand");
    row.dataset.label = hand.label;
    const label = plEl("span", "pl-quiz-hand-label", hand.label);
    const cards = plEl("div", "pl-hand");
    for (const code of hand.cards) cards.appendChild(plCard(code, { size: "md", label: plCardName(code, t) }));
    cards.setAttribute("role", "group");
    cards.setAttribute("aria-label", `${hand.label}: ${hand.cards.map((code) => plCardName(code, t)).join(", ")}`);
    row.append(label, cards);
    box.appendChild(row);
  }
  const choices = plEl("div", "pl-quiz-choices");
  choices.setAttribute("role", "group");
  choices.setAttribute("aria-label", t("Your answer (its number key picks it)"));
  const answered = feedback && "answer" in feedback;
  question.choices.forEach((text, index) => {
    const button = plButton(`${index + 1}. ${text}`, "pl-quiz-choice", () => {
      if (!answered) model.send({ type: "answer", choice: index });
    });
    button.dataset.key = `choice-${index}`;
    button.dataset.choice = String(index);
    if (index < 9) button.setAttribute("aria-keyshortcuts", String(index + 1));
    if (answered) {
      button.setAttribute("aria-disabled", "true");
      if (index === feedback.answer) button.classList.add("pl-quiz-right");
      if (index === feedback.choice && !feedback.correct) button.classList.add("pl-quiz-wrong");
      if (index === feedback.choice) button.setAttribute("aria-pressed", "true");
    }
    choices.appendChild(button);
  });
  box.appendChild(choices);
  return box;
}

function quizFeedback(model, question, feedback) {
  const t = plWords(model);
  const box = plEl("div", "pl-quiz-feedback");
  box.setAttribute("aria-live", "polite");
  if (!("answer" in feedback)) return box;
  box.dataset.correct = feedback.correct ? "true" : "false";
  const verdict = plEl("p", "pl-quiz-verdict");
  verdict.textContent = feedback.correct
    ? t("Right!")
    : t("Not quite: the answer is “{answer}”.", { answer: question.choices[feedback.answer] });
  box.append(verdict);
  if (!feedback.correct && feedback.mistake) {
    const mistake = plEl("p", "pl-quiz-mistake", feedback.mistake);
    box.append(mistake);
  }
  const why = plEl("p", "pl-quiz-explanation", feedback.explanation);
  const next = plButton(t("Next question"), "pl-quiz-next", () => model.send({ type: "next" }));
  next.dataset.key = "next";
  box.append(why, next);
  return box;
}

function render({ model, el }) {
  const root = plEl("div", "pl-quiz");
  root.tabIndex = -1; // a click on its text gives the quiz focus, so its number keys work
  el.appendChild(root);
  let shownNumber = null;
  let shownAnswered = false;

  function draw() {
    const focused = plFocusedKey(root);
    const question = model.get("question");
    const feedback = model.get("feedback") || {};
    const answered = "answer" in feedback;
    root.replaceChildren();
    const top = plEl("div", "pl-quiz-top");
    if (model.get("title")) {
      const title = plEl("h3", "pl-quiz-title", model.get("title"));
      top.appendChild(title);
    }
    top.appendChild(quizLevels(model));
    root.append(top, quizScore(model));
    if (model.get("mastery")) {
      const mastery = plEl("p", "pl-quiz-mastery", model.get("mastery"));
      root.appendChild(mastery);
    }
    root.append(quizQuestion(model, question, feedback), quizFeedback(model, question, feedback));
    const message = plEl("p", "pl-quiz-message");
    message.setAttribute("role", "status");
    message.textContent = model.get("message");
    root.appendChild(message);

    // Keep keyboard users in place: after answering go to "Next question", after a new question
    // go to its first choice; otherwise return focus to the control that had it.
    const newQuestion = shownNumber !== null && shownNumber !== model.get("question_number");
    const justAnswered = answered && !shownAnswered && shownNumber === model.get("question_number");
    let key = focused;
    if (focused && justAnswered) key = "next";
    else if (focused && newQuestion && !focused.startsWith("level-")) key = "choice-0";
    plRefocus(root, key);
    shownNumber = model.get("question_number");
    shownAnswered = answered;
  }

  // The choices are numbered "1. …", "2. …": their numbers pick them, as a click would.
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, textarea")) return;
    if (!/^[1-9]$/.test(event.key)) return;
    const choice = root.querySelector(`.pl-quiz-choice[data-choice="${Number(event.key) - 1}"]`);
    if (!choice) return;
    event.preventDefault();
    choice.focus({ preventScroll: true });
    choice.click();
  });

  const traits = ["title", "levels", "level", "question", "question_number", "feedback", "streak",
    "best_streak", "answered_count", "correct_count", "message", "mastery", "words"];
  // One Python step changes several traits: draw once after all of them have arrived.
  // The page's first message: the browser's languages, best first (Python picks the first it speaks).
  model.send({ type: "languages", languages: [...(navigator.languages || [navigator.language || "en"])] });
  return plRedrawOn(model, traits, draw);
}

export default plWidget(render);
