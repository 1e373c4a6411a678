// Built by scripts/build_js.py from pokerlab/widgets/static/ (edit those modules, not this file).

// pokerlab/widgets/static/dom.js
function plSay(words, message, values) {
  return (words && words[message] || message).replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
}
function plWords(model) {
  return (message, values) => plSay(model.get("words"), message, values);
}
function plEl(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== void 0 && text !== null) el.textContent = text;
  return el;
}
function plButton(text, className, onClick, options = {}) {
  const button = plEl("button", className);
  button.type = "button";
  if (options.key) {
    button.appendChild(plEl("span", "", text));
    const kbd = plEl("kbd", "", options.keyLabel || options.key);
    kbd.setAttribute("aria-hidden", "true");
    button.appendChild(kbd);
    button.setAttribute("aria-keyshortcuts", options.key);
  } else {
    button.textContent = text;
  }
  if (options.label) button.setAttribute("aria-label", options.label);
  if (options.disabled) button.disabled = true;
  button.addEventListener("click", onClick);
  return button;
}
function plFocusedKey(root) {
  return root.contains(document.activeElement) ? document.activeElement.dataset.key || null : null;
}
function plRefocus(root, key) {
  const again = key ? root.querySelector(`[data-key="${key}"]`) : null;
  if (!again || again.disabled) return false;
  again.focus({ preventScroll: true });
  return true;
}
function plRedrawOn(model, traits, draw) {
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  };
  for (const name of traits) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
  };
}

// pokerlab/widgets/static/cards.js
var PL_SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
var PL_SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
var PL_RANK_NAMES = {
  "2": "two",
  "3": "three",
  "4": "four",
  "5": "five",
  "6": "six",
  "7": "seven",
  "8": "eight",
  "9": "nine",
  T: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
  A: "ace"
};
function plCardName(code, t) {
  const say = typeof t === "function" ? t : (message, values) => plSay(null, message, values);
  if (!code) return say("face-down card");
  return say("{rank} of {suit}", { rank: say(PL_RANK_NAMES[code[0]]), suit: say(PL_SUIT_NAMES[code[1]]) });
}
function plCard(code, options = {}) {
  const el = document.createElement(options.button ? "button" : "div");
  el.className = `pl-card pl-card-${options.size || "md"}`;
  if (options.button) {
    el.type = "button";
    el.setAttribute("aria-pressed", options.selected ? "true" : "false");
  } else {
    el.setAttribute("role", "img");
  }
  el.setAttribute("aria-label", options.label || plCardName(code));
  if (options.selected) el.classList.add("pl-selected");
  if (!code) {
    el.classList.add("pl-back");
    return el;
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = PL_SUITS[code[1]];
  el.classList.add(code[1] === "d" || code[1] === "h" ? "pl-red" : "pl-black");
  el.dataset.card = code;
  el.innerHTML = `<span class="pl-pip" aria-hidden="true">${suit}</span><span class="pl-corner" aria-hidden="true">${rank}<br>${suit}</span>`;
  return el;
}

// pokerlab/widgets/static/keys.js
var PL_WIDGET_MARK = "data-pl-widget";
function plWidgetAround(node) {
  let element = node instanceof Element ? node : node && node.parentElement;
  if (!element) return null;
  const ours = `[${PL_WIDGET_MARK}], .pl-keys`;
  let top = null;
  for (let at = element; at; at = at.parentElement) {
    if (at.classList.contains("jupyter-widgets") || at.hasAttribute(PL_WIDGET_MARK)) top = at;
  }
  if (top && (top.matches(ours) || top.querySelector(ours))) return top;
  return element.closest(".pl-keys");
}
function plHandBack(widget) {
  const outside = widget.parentElement && widget.parentElement.closest("[tabindex]");
  if (outside) outside.focus({ preventScroll: true });
  else if (widget.contains(document.activeElement)) document.activeElement.blur();
}
function plKeyDown(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  event.stopPropagation();
  if (event.key === "Escape" && !event.defaultPrevented) plHandBack(event.currentTarget);
}
function plClaim(widget) {
  if (widget.plKeysClaimed) return;
  widget.plKeysClaimed = true;
  widget.setAttribute("data-lm-suppress-shortcuts", "true");
  if (!widget.hasAttribute("tabindex")) widget.tabIndex = -1;
  widget.addEventListener("keydown", plKeyDown);
}
function plClaimAround(event) {
  const widget = plWidgetAround(event.target);
  if (widget) plClaim(widget);
}
function plInstallKeys() {
  if (window.pokerlabKeys) return;
  window.pokerlabKeys = { claim: plClaim, around: plWidgetAround };
  document.addEventListener("pointerdown", plClaimAround, true);
  document.addEventListener("mousedown", plClaimAround, true);
  document.addEventListener("focusin", plClaimAround, true);
}
function plWidget(render2) {
  return {
    render(context) {
      plInstallKeys();
      context.el.setAttribute(PL_WIDGET_MARK, "");
      context.el.setAttribute("data-lm-suppress-shortcuts", "true");
      return render2(context);
    }
  };
}

// pokerlab/widgets/static/quiz.js
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
    best: model.get("best_streak"),
    right: model.get("correct_count"),
    answered: model.get("answered_count")
  });
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
  verdict.textContent = feedback.correct ? t("Right!") : t("Not quite: the answer is “{answer}”.", { answer: question.choices[feedback.answer] });
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
  root.tabIndex = -1;
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
    const newQuestion = shownNumber !== null && shownNumber !== model.get("question_number");
    const justAnswered = answered && !shownAnswered && shownNumber === model.get("question_number");
    let key = focused;
    if (focused && justAnswered) key = "next";
    else if (focused && newQuestion && !focused.startsWith("level-")) key = "choice-0";
    plRefocus(root, key);
    shownNumber = model.get("question_number");
    shownAnswered = answered;
  }
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, textarea")) return;
    if (!/^[1-9]$/.test(event.key)) return;
    const choice = root.querySelector(`.pl-quiz-choice[data-choice="${Number(event.key) - 1}"]`);
    if (!choice) return;
    event.preventDefault();
    choice.focus({ preventScroll: true });
    choice.click();
  });
  const traits = [
    "title",
    "levels",
    "level",
    "question",
    "question_number",
    "feedback",
    "streak",
    "best_streak",
    "answered_count",
    "correct_count",
    "message",
    "mastery",
    "words"
  ];
  model.send({ type: "languages", languages: [...navigator.languages || [navigator.language || "en"]] });
  return plRedrawOn(model, traits, draw);
}
var quiz_default = plWidget(render);
export {
  quiz_default as default
};
