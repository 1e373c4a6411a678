// Four Rows board. Draws model.board (public state from the engine) and sends intents back as
// {type: "move", kind, row}, {type: "hint"}, {type: "tick"}, {type: "new", practice?}.
// The deck arrives only as its sorted composition; the order stays in Python.
// Its words come from Python in the board's language (trait "words", empty in English): t(message, values).
// Its numbers too: a chip's multiplier ("1.8", "1,8") and the Nothing row's points arrive written;
// the script does no rule or number work, it only draws.

import { plCardName, plCard } from "./cards.js";
import { plEl, plButton, plFocusedKey, plKeepTyping, plRefocus, plRedrawOn, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

function frClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function frBeep() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.value = 0.15;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => audio.close();
  } catch (error) {
    // No sound available (muted page, no audio device): the visible warning still shows.
  }
}

function render({ model, el }) {
  const t = plWords(model);
  // A card drawn with its name in the board's language (for screen readers).
  const card = (code, size) => plCard(code, { size, label: plCardName(code, t) });

  const root = plEl("div", "fr");
  root.tabIndex = 0;
  el.appendChild(root);

  let pending = null; // "raise" or "fold" after R or F was pressed
  let synced = performance.now();
  let warnedSeen = false;
  let openChart = null;
  let chartPinned = false;
  let deckOpen = false;
  let deckPinned = false;
  let clockEl = null;
  let closeDeck = () => {};
  // An open deck lies over the rows: a tap anywhere else (or Escape) closes it.
  root.addEventListener("pointerdown", (event) => {
    if (deckOpen && !event.target.closest(".fr-deck")) closeDeck();
  });

  const move = (kind, row) => model.send({ type: "move", kind, row });
  const send = (type) => model.send({ type });

  function secondsLeft() {
    const board = model.get("board");
    if (board.over || !board.clock_started || model.get("paused_clock")) return board.time_left;
    return board.time_left - (performance.now() - synced) / 1000;
  }

  function row(data, board, hint) {
    const line = plEl("div", "fr-row");
    if (hint.row === data.number) line.classList.add("fr-hinted");
    const chip = plEl("span", "fr-chip" + (data.chip ? " fr-chip-on" : ""), data.chip ? `${data.chip}x` : "");
    chip.setAttribute("role", "img");  // a labelled picture of the chip (aria-label needs a role)
    chip.setAttribute("aria-label", data.chip ? t("raise chip {times} times", { times: data.chip }) : t("no raise chip"));
    line.appendChild(chip);

    const place = plButton("", "fr-place", () => move("place", data.number), {
      label: board.top
        ? t("Row {row}, {count} cards: place the {card} here", { row: data.number, count: data.cards.length, card: plCardName(board.top, t) })
        : t("Row {row}", { row: data.number }),
      disabled: !data.can_place,
    });
    place.dataset.row = data.number;
    place.dataset.key = `place${data.number}`;
    for (let slot = 0; slot < 5; slot++) {
      if (slot < data.cards.length) place.appendChild(card(data.cards[slot], "sm"));
      else {
        const empty = plEl("span", "fr-slot");
        place.appendChild(empty);
      }
    }
    line.appendChild(place);

    const tools = plEl("div", "fr-tools");
    const raise = plButton(t("Raise"), "fr-raise", () => move("raise", data.number), {
      label: t("Raise row {row}", { row: data.number }), disabled: !data.can_raise,
    });
    const fold = plButton(t("Fold"), "fr-fold", () => move("fold", data.number), {
      label: t("Fold row {row}", { row: data.number }), disabled: !data.can_fold,
    });
    raise.dataset.row = fold.dataset.row = data.number;
    raise.dataset.key = `raise${data.number}`;
    fold.dataset.key = `fold${data.number}`;
    tools.append(raise, fold);
    line.appendChild(tools);
    return line;
  }

  function chart(board) {
    const box = plEl("div", "fr-chart");
    const title = plEl("h4", "", t("Scoring chart"));
    box.appendChild(title);
    for (const item of board.chart) {
      const entry = plEl("div", "fr-type" + (item.checked ? " fr-checked" : ""));
      const example = plEl("div", "pl-hand");
      for (const code of item.example) example.appendChild(card(code, "sm"));
      example.classList.add("fr-example");
      // A click pins the example open (or closes a pinned one); a mouse passing over shows it
      // unpinned. A click never closes what the mouse has just opened, as a layout shift can bring a
      // button under a resting mouse pointer just before a tap.
      const b = plButton(item.label, "fr-type-button", () => {
        const close = openChart === item.label && chartPinned;
        chartPinned = !close;
        show(close ? null : item.label);
      }, {
        label: item.checked
          ? t("{type}, {points} points, already scored: show an example", { type: item.label, points: item.points })
          : t("{type}, {points} points: show an example", { type: item.label, points: item.points }),
      });
      b.replaceChildren(plEl("span", "fr-type-name", item.label), plEl("span", "fr-type-points", String(item.points)));
      b.dataset.key = `type${item.key}`;
      // Showing and hiding toggles attributes in place: redrawing under the pointer would loop.
      const show = (label) => {
        openChart = label;
        for (const other of box.querySelectorAll(".fr-type[data-label]")) {
          const open = other.dataset.label === label;
          other.querySelector(".fr-example").hidden = !open;
          other.querySelector("button").setAttribute("aria-expanded", open ? "true" : "false");
        }
      };
      // Hover only for a real mouse; a tap arrives as a click and toggles.
      b.addEventListener("pointerenter", (e) => {
        if (e.pointerType === "mouse" && !chartPinned) show(item.label);
      });
      b.addEventListener("pointerleave", (e) => {
        if (e.pointerType === "mouse" && openChart === item.label && !chartPinned) show(null);
      });
      entry.dataset.label = item.label;
      entry.append(b, example);
      example.hidden = openChart !== item.label;
      b.setAttribute("aria-expanded", openChart === item.label ? "true" : "false");
      box.appendChild(entry);
    }
    const nothing = plEl("div", "fr-type fr-nothing");
    nothing.append(plEl("span", "fr-type-name", board.nothing.label), plEl("span", "fr-type-points", board.nothing.points));
    box.appendChild(nothing);
    return box;
  }

  function deckPanel(board) {
    const box = plEl("div", "fr-deck");
    const grid = plEl("div", "fr-deck-cards");
    grid.setAttribute("aria-label", t("Cards left in the deck, sorted (not in dealing order)"));
    for (const code of board.deck) grid.appendChild(card(code, "sm"));
    const b = plButton(t("Deck: {count} cards", { count: board.deck_count }), "fr-deck-button", () => {
      const close = deckOpen && deckPinned;
      deckPinned = !close;
      show(!close);
    }, {
      label: t("Deck, {count} cards left: show which", { count: board.deck_count }),
    });
    b.dataset.key = "deck";
    const show = (open) => {
      deckOpen = open;
      grid.hidden = !open;
      b.setAttribute("aria-expanded", open ? "true" : "false");
    };
    b.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(true); });
    b.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse" && !deckPinned) show(false); });
    show(deckOpen);
    closeDeck = () => {
      deckPinned = false;
      show(false);
    };
    box.append(b, grid);
    return box;
  }

  function breakdown(board) {
    const box = plEl("div", "fr-final");
    const heading = plEl("h4", "", t("Final score: {score}", { score: board.score }));
    const reason = plEl("p", "", board.end_text);
    const table = plEl("table");
    const head = plEl("thead");
    const names = plEl("tr");
    for (const name of [t("Row"), t("Hand"), t("Chip"), t("Points")]) names.appendChild(plEl("th", "", name));
    head.appendChild(names);
    table.appendChild(head);
    const body = plEl("tbody");
    for (const line of board.sheet) {
      const tr = plEl("tr");
      for (const text of [line.row, line.type, line.chip ? `${line.chip}x` : "", line.points]) {
        tr.appendChild(plEl("td", "", String(text)));
      }
      body.appendChild(tr);
    }
    const bonus = plEl("tr");
    const bonusName = plEl("td", "", t("Time bonus"));
    bonusName.colSpan = 3;
    bonus.append(bonusName, plEl("td", "", String(board.time_bonus)));
    body.appendChild(bonus);
    table.appendChild(body);
    box.append(heading, reason, table);
    return box;
  }

  function practiceForm() {
    const form = plEl("form", "fr-practice");
    const label = plEl("label", "fr-practice-label", t("Practice deal number"));
    const input = plEl("input");
    input.type = "number";
    input.min = "1";
    input.max = "999999";
    input.inputMode = "numeric";
    input.className = "fr-practice-number";
    input.name = "practice";
    label.appendChild(input);
    const go = plButton(t("Deal it"), "fr-practice-go", () => {});
    go.type = "submit";
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (input.value.trim()) model.send({ type: "new", practice: input.value.trim() });
    });
    form.append(label, go);
    return form;
  }

  let shownCounts = null; // cards per row last drawn: a row that grew gets its new card dealt in

  const keepTyping = plKeepTyping(root);  // a redraw keeps a practice deal number being typed

  function draw() {
    const board = model.get("board");
    const hint = model.get("hint") || {};
    const hadFocus = root.contains(document.activeElement);
    const focusKey = plFocusedKey(root);
    const putBack = keepTyping();
    root.replaceChildren();
    root.setAttribute("aria-label", t("Four Rows board. Keys: 1 to 4 place, R or F then a row number, H for a hint."));

    const top = plEl("div", "fr-top");
    const topCard = board.top ? card(board.top, "lg") : plEl("span");
    topCard.classList.add("fr-top-card");
    const info = plEl("div", "fr-info");
    clockEl = plEl("div", "fr-clock" + (board.warned ? " fr-warning" : ""));
    clockEl.setAttribute("role", "timer");
    clockEl.setAttribute("aria-label", t("time left"));
    const score = plEl("div", "fr-score", t("Score {score} · Chips {chips}", { score: board.score, chips: board.chips_left }));
    info.append(clockEl, score);
    if (!board.clock_started && !board.over) info.appendChild(plEl("div", "fr-clock-note", t("The clock starts with your first move.")));
    const deal = plEl("p", "fr-deal", board.practice !== null && board.practice !== undefined
      ? t("Practice deal {number}: the same cards for everyone who picks this number.", { number: board.practice })
      : t("A freshly shuffled deck."));
    deal.dataset.practice = board.practice ?? "";
    info.appendChild(deal);
    top.append(topCard, info, deckPanel(board));
    root.appendChild(top);

    const main = plEl("div", "fr-main");
    const play = plEl("div", "fr-play");
    const rows = plEl("div", "fr-rows");
    board.rows.forEach((data, index) => {
      const line = row(data, board, hint);
      if (shownCounts && data.cards.length === shownCounts[index] + 1) {
        const cards = line.querySelectorAll(".fr-place .pl-card");
        if (cards.length) cards[cards.length - 1].classList.add("pl-enter");
      }
      rows.appendChild(line);
    });
    shownCounts = board.rows.map((data) => data.cards.length);
    play.appendChild(rows);

    const controls = plEl("div", "fr-controls");
    const hintButton = plButton(t("Hint"), "fr-hint", () => send("hint"), { disabled: board.over, key: "H" });
    const newButton = plButton(t("New game"), "fr-new", () => send("new"));
    hintButton.dataset.key = "hint";
    newButton.dataset.key = "new";
    controls.append(hintButton, newButton);
    const status = plEl("span", "fr-pending",
      pending === "raise" ? t("Raise: press a row number 1-4") : pending ? t("Fold: press a row number 1-4") : "");
    controls.appendChild(status);
    play.appendChild(controls);

    const message = plEl("p", "fr-message", model.get("message"));
    message.setAttribute("aria-live", "polite");
    play.appendChild(message);
    if (board.over) play.appendChild(breakdown(board));
    play.appendChild(practiceForm());
    main.append(play, chart(board));
    root.appendChild(main);
    tickDisplay();
    if (hadFocus && !plRefocus(root, focusKey)) root.focus({ preventScroll: true });
    putBack();
  }

  function tickDisplay() {
    if (clockEl) clockEl.textContent = frClock(secondsLeft());
  }

  function onBoard() {
    synced = performance.now();
    const board = model.get("board");
    if (board.warned && !warnedSeen) frBeep();
    warnedSeen = board.warned;
  }

  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (["1", "2", "3", "4"].includes(key)) {
      move(pending || "place", Number(key));
      pending = null;
    } else if (key === "r" || key === "f") {
      pending = key === "r" ? "raise" : "fold";
      draw();
    } else if (key === "h") {
      send("hint");
    } else if (key === "escape" && (pending || deckOpen)) {
      // Escape first cancels a half-typed move or closes the deck; with nothing to cancel it is left
      // to keys.js, which gives the notebook its keys back.
      pending = null;
      closeDeck();
      draw();
    } else {
      return;
    }
    event.preventDefault();
  });

  model.on("change:board", onBoard);
  model.send({ type: "languages", languages: Array.from(navigator.languages || []) });
  warnedSeen = model.get("board").warned;
  // A move changes the board, the message and the hint together: draw once, after all of them.
  const stopRedrawing = plRedrawOn(model, ["board", "message", "hint", "words"], draw);

  let lastTick = performance.now();
  const timer = setInterval(() => {
    const board = model.get("board");
    if (board.over || !board.clock_started || model.get("paused_clock")) return;
    tickDisplay();
    if (performance.now() - lastTick >= 1000) {
      lastTick = performance.now();
      send("tick");
    }
  }, 250);

  return () => {
    clearInterval(timer);
    model.off("change:board", onBoard);
    stopRedrawing();
  };
}

export default plWidget(render);
