// The draw-poker table (Five-Card Draw, Saloon Draw, Tournament Ladder). Python sends the learner's
// view (trait "table"); this module draws it and sends intents back: {type: "act", kind, amount,
// discards}, {type: "step", version} after a short pause on an opponent's turn, {type: "skip"},
// {type: "next"}, {type: "coach"}, {type: "review"}, {type: "start", fields}, {type: "app", id, value, fields}.
// It never decides what is legal, and works out no amount and no card's name: the buttons are the
// engine's legal actions, and every amount and name comes said from Python. Its parts are in table/:
// the seats (seats.js), the pot and heading (pot.js), the learner's bar and actions (actions.js), the
// result, review and history (review.js), the lobby, end and side panels (panel.js). This module lays
// them out, redraws, keeps focus and scrolling where the learner is, and answers the keys.

import { plLanguageMenu, plMotion, plEl, plRedrawOn, plWords } from "./dom.js";
import { plWidget } from "./keys.js";
import { drawMine, toggleCard } from "./table/actions.js";
import { learnerOf, offerOf, tableButton } from "./table/controls.js";
import { drawPanel, drawSide } from "./table/panel.js";
import { drawCenter, drawHeader } from "./table/pot.js";
import { drawHistory, drawResult, drawReview, reviewOpen } from "./table/review.js";
import { drawSeats } from "./table/seats.js";

function render({ model, el }) {
  const root = plEl("div", "pl-t");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  el.appendChild(root);
  const t = plWords(model);
  root.setAttribute("aria-roledescription", t("poker table"));

  const send = (content) => model.send(content);
  // What the parts draw from besides the view, and what they remember between redraws.
  const view = {
    model, t, send,
    act: (kind, extra = {}) => send({ type: "act", kind, ...extra }),
    redraw: (keepFocus) => redraw(keepFocus),
    marked: new Set(), // the learner's cards marked to throw (indexes), for the hand and phase in markKey
    markKey: "",
    amount: null, // the bet or raise picked on the slider, for the offer in amountKey
    amountKey: "",
    historyAt: null, // the history's step shown (null: now), for the hand in historyKey
    historyKey: "",
    historyOpen: false,
    reviewAsked: null, // the hand number whose review was asked for and has not arrived yet
  };
  let timer = null;
  let stepped = -1;

  function scheduleStep(table) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (model.get("screen") !== "table" || !table.bot_turn || stepped === table.version) return;
    timer = setTimeout(() => {
      timer = null;
      stepped = table.version;
      send({ type: "step", version: table.version });
    }, model.get("pause_ms"));
  }

  /** The coach's button, while the learner has five cards and has not drawn yet. */
  function drawTools(table) {
    const tools = plEl("div", "pl-t-tools");
    const me = learnerOf(table);
    if (table.coach !== false && ["betting_one", "draw"].includes(table.phase) && me.draw_count === null &&
        me.cards.length === 5 && me.status !== "folded") {
      const coach = tableButton(model.get("coach_open") ? t("Hide the coach") : t("Which cards should I throw?"),
        "pl-t-quiet pl-t-coach", () => send({ type: "coach" }));
      coach.setAttribute("aria-expanded", model.get("coach_open") ? "true" : "false");
      tools.appendChild(coach);
    }
    return tools;
  }

  function drawTable() {
    const table = model.get("table");
    const frag = document.createDocumentFragment();
    frag.appendChild(drawHeader(table, model.get("title"), t));
    const layout = plEl("div", "pl-t-layout");
    const felt = plEl("div", "pl-t-felt");
    felt.dataset.phase = table.phase;
    felt.append(...drawSeats(table, t), drawCenter(table, t));
    const main = plEl("div", "pl-t-main");
    main.appendChild(felt);
    if (table.result) main.appendChild(drawResult(view, table));
    if (table.phase === "over" && reviewOpen(view, table)) main.appendChild(drawReview(view, table));
    main.appendChild(drawTools(table));
    main.appendChild(drawHistory(view, table));
    layout.appendChild(main);
    layout.appendChild(drawSide(model, table, t));
    frag.appendChild(layout);
    frag.appendChild(drawMine(view, table));
    markMotion(frag, table);
    return frag;
  }

  // What was drawn last, so that only what changed moves: cards dealt to you, an opponent's card
  // turning face up at the showdown, the pot growing as chips go in (CSS keeps it short and drops it
  // under prefers-reduced-motion).
  let seen = null;
  function markMotion(frag, table) {
    const now = { hand: table.hand_number, pot: table.pot_total, cards: {} };
    for (const player of table.players) now.cards[player.seat] = player.cards.map((code) => code || "");
    const before = seen && seen.hand === now.hand ? seen : null;
    seen = now;
    if (!before) {
      if (seen.hand) frag.querySelectorAll(".pl-t-mycards .pl-card").forEach((card, index) => {
        card.classList.add("pl-enter");
        card.style.animationDelay = `${index * 40}ms`;
      });
      return;
    }
    for (const seat of frag.querySelectorAll(".pl-t-seat[data-seat]")) {
      const was = before.cards[seat.dataset.seat] || [];
      seat.querySelectorAll(".pl-t-seat-cards .pl-card").forEach((card, index) => {
        if (card.dataset.card && !was[index]) card.classList.add("pl-turned");
      });
    }
    const mine = before.cards[table.learner_seat] || [];
    frag.querySelectorAll(".pl-t-mycards .pl-card").forEach((card) => {
      if (card.dataset.card && !mine.includes(card.dataset.card)) card.classList.add("pl-enter");
    });
    if (table.pot_total > before.pot) frag.querySelector(".pl-t-pots")?.classList.add("pl-grown");
  }

  const message = plEl("p", "pl-t-message");
  message.setAttribute("role", "alert");

  /** The language menu: the learner can change the table's language at any time. */
  function drawLanguage() {
    return plLanguageMenu(model, "pl-t-language", t("Language"), send);
  }

  let shownScreen = model.get("screen");
  let shownMatch = null; // the sitting drawn last: a new one brings the table into view
  let shownOver = false;
  // The learner's bar sticks to the bottom of a phone's screen: what scrolls into view stops above it
  // (the scroll margins in table.css add the bar's height, --pl-t-bar). The height is read just before
  // the table scrolls (the scroll lays the page out anyway) and, for later changes, by a ResizeObserver
  // (reading it in redraw would force a layout on every message, and a second message waiting behind
  // it would wait for that layout). The observer alone reports after the first scroll that needs it.
  const setBarHeight = (bar) => root.style.setProperty("--pl-t-bar", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  const barSize = new ResizeObserver((entries) => entries.forEach((entry) => setBarHeight(entry.target)));

  /** Scroll an element (or the first match of a selector, once drawn) into view inside whatever
   * scrolls the page (Voilà, JupyterLab or the page). */
  function bringIntoView(target, block) {
    requestAnimationFrame(() => {
      const el = typeof target === "string" ? root.querySelector(target) : target;
      if (!el || !el.isConnected) return;
      const bar = root.querySelector(".pl-t-mine");
      if (bar) setBarHeight(bar);
      el.scrollIntoView({ block, behavior: plMotion() ? "smooth" : "auto" });
    });
  }

  /** The control to focus again after a redraw: a card by its place in the hand, else a stable key. */
  function focusKeyOf(el) {
    if (!el || el === root) return null;
    if (el.dataset.index && el.closest(".pl-t-mycards")) return `card:${el.dataset.index}`;
    return el.dataset.key || null;
  }

  function refocus(key, hadFocus) {
    if (!hadFocus) return;
    let again = null;
    if (key && key.startsWith("card:")) again = root.querySelector(`.pl-t-mycards button[data-index="${key.slice(5)}"]`);
    else if (key) again = root.querySelector(`[data-key="${key}"]`);
    // A control that went away or is disabled cannot hold focus: the table itself keeps it, so the
    // next key still reaches the table (and never the page or the notebook around it).
    if (!again || again.disabled) again = root;
    again.focus({ preventScroll: true });
    if (again.tagName === "INPUT") again.setSelectionRange(again.value.length, again.value.length);
  }

  // A redraw replaces every button. One that came between the press of a button and its release would
  // take the pressed button away, and the click would never happen (at a live table another player's
  // move can arrive just then): while a button is held, a redraw waits for the release and its click.
  let pressed = false;
  let waiting = null; // the redraw that waits: whether it keeps focus
  const onPress = () => { pressed = true; };
  const onRelease = () => {
    if (!pressed) return;
    pressed = false;
    if (waiting !== null) {
      const keepFocus = waiting;
      waiting = null;
      setTimeout(() => redraw(keepFocus), 0); // after the click the release makes
    }
  };

  function redraw(keepFocus) {
    if (pressed) {
      waiting = Boolean(waiting) || keepFocus;
      return;
    }
    const screen = model.get("screen");
    const current = model.get("table") || {};
    // A new sitting (Start, a ladder level, a restored or continued game) brings the table into view,
    // wherever the learner pressed the button (a restore beside the table on a phone is far below it).
    const sitting = current.sitting ?? `${current.variant}|${model.get("title")}|${current.hand_number === 1}`;
    const newMatch = screen === "table" && shownMatch !== null && sitting !== shownMatch;
    if (screen !== shownScreen || newMatch) bringIntoView(root, "start");
    shownScreen = screen;
    if (screen === "table") shownMatch = sitting;
    const hadFocus = keepFocus && root.contains(document.activeElement);
    const focusKey = hadFocus ? focusKeyOf(document.activeElement) : null;
    root.replaceChildren();
    root.dataset.screen = screen;
    // For tests and assistive tools: which state is drawn and whose move it is.
    root.dataset.version = String(current.version ?? "");
    root.dataset.turn = current.phase === "over" ? "over" : current.is_my_turn ? "you" : "bot";
    if (screen === "lobby") root.appendChild(drawPanel(model, model.get("lobby"), "pl-t-lobby"));
    else if (screen === "end") root.appendChild(drawPanel(model, model.get("end"), "pl-t-end"));
    else if (current.players) root.appendChild(drawTable());
    message.textContent = model.get("message");
    message.hidden = !model.get("message");
    root.insertBefore(message, root.firstChild ? root.firstChild.nextSibling : null);
    root.lang = model.get("language");
    if ((model.get("languages") || []).length > 1) root.insertBefore(drawLanguage(), root.firstChild);
    barSize.disconnect();
    const bar = root.querySelector(".pl-t-mine");
    if (bar) barSize.observe(bar);
    const over = screen === "table" && current.phase === "over";
    if (over && !shownOver) bringIntoView(".pl-t-result", "nearest");
    shownOver = over;
    refocus(focusKey, hadFocus);
    if (screen === "table") scheduleStep(current);
  }

  // The keys the table answers to. A key the table handles is kept by it even when its button is
  // disabled right now (so it never falls through to the page or to JupyterLab's shortcuts).
  const TABLE_KEYS = new Set(["f", "c", "b", "r", "d", "s", "v", " ", "enter", "1", "2", "3", "4", "5"]);

  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target.closest("input, select, textarea")) return;
    if (model.get("screen") !== "table") return;
    const table = model.get("table");
    const key = event.key.toLowerCase();
    if (!TABLE_KEYS.has(key)) return;
    // Space and Enter on another button press that button, as everywhere else.
    if ((key === " " || key === "enter") && target.tagName === "BUTTON" && !target.classList.contains("pl-t-next")) return;
    event.preventDefault();
    const click = (selector) => {
      const button = root.querySelector(selector);
      if (button && !button.disabled) button.click();
    };
    if (table.phase === "over") {
      if (key === "v") click(".pl-t-review-toggle");
      if (key === " " || key === "enter") click(".pl-t-next");
      return;
    }
    if (offerOf(table, "draw")) {
      if (/^[1-5]$/.test(key)) toggleCard(view, Number(key) - 1);
      else if (key === "s") click(".pl-t-pat");
      else if (key === "d") click(".pl-t-draw");
      else if (key === "f") click(".pl-t-fold");
      return;
    }
    if (!table.is_my_turn) return;
    if (key === "f") click(".pl-t-actions .pl-t-fold");
    else if (key === "c") click(".pl-t-actions .pl-t-check, .pl-t-actions .pl-t-call, .pl-t-actions .pl-t-all-in");
    else if (key === "b" || key === "r") click(".pl-t-actions .pl-t-bet, .pl-t-actions .pl-t-raise");
  });

  // The coach is a widget of its own below the table: when it opens, bring it to where the learner looks.
  function onCoach() {
    if (!model.get("coach_open")) return;
    setTimeout(() => {
      const app = root.closest(".widget-vbox, .jp-OutputArea-output, .cell-output-ipywidget-background") || document;
      const coach = [...app.querySelectorAll(".pl-coach, [class*='coach']")].find((el) => !root.contains(el) && el.offsetHeight > 0);
      if (coach) coach.scrollIntoView({ block: "nearest", behavior: plMotion() ? "smooth" : "auto" });
    }, 120);
  }
  model.on("change:coach_open", onCoach);

  // Bookkeeping when a review arrives or closes (plRedrawOn below redraws after it).
  function onReview() {
    const review = model.get("review");
    const arrived = review && review.hand_number === view.reviewAsked;
    if (arrived || !review || !review.hand_number) view.reviewAsked = null;
    // Its heading comes into view just above your bar: the page moves no further than that, so the
    // pot and the hand's result above it stay on the screen where they fit (the review reads on below).
    if (arrived) bringIntoView(".pl-t-review h3", "nearest");
  }
  model.on("change:review", onReview);
  const traits = ["screen", "lobby", "end", "side", "table", "message", "coach_open", "title", "review", "kept_hand", "words", "language", "languages"];
  root.addEventListener("pointerdown", onPress, true);
  document.addEventListener("pointerup", onRelease, true);
  document.addEventListener("pointercancel", onRelease, true);
  // One Python step changes several traits: redraw once, after all of them have arrived.
  const stopRedrawing = plRedrawOn(model, traits, () => redraw(true));
  // The page's first message: the browser's languages, best first (Python picks the first it speaks).
  send({ type: "languages", languages: [...(navigator.languages || [navigator.language || "en"])] });
  return () => {
    stopRedrawing();
    document.removeEventListener("pointerup", onRelease, true);
    document.removeEventListener("pointercancel", onRelease, true);
    barSize.disconnect();
    model.off("change:review", onReview);
    model.off("change:coach_open", onCoach);
    if (timer) clearTimeout(timer);
  };
}

export default plWidget(render);
