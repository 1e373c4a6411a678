// Four Rows board. Draws model.board (public state from the engine) and sends intents back.
// The deck arrives only as its sorted composition; the order stays in Python.

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
  const root = document.createElement("div");
  root.className = "fr";
  root.tabIndex = 0;
  root.setAttribute("aria-label", "Four Rows board. Keys: 1 to 4 place, R or F then a row number, H for a hint.");
  el.appendChild(root);

  let pending = null; // "raise" or "fold" after R or F was pressed
  let synced = performance.now();
  let warnedSeen = false;
  let openChart = null;
  let deckOpen = false;
  let clockEl = null;

  const send = (action, row) => model.send(row ? { action, row } : { action });

  function secondsLeft() {
    const board = model.get("board");
    if (board.over || model.get("paused_clock")) return board.time_left;
    return board.time_left - (performance.now() - synced) / 1000;
  }

  function row(data, board, hint) {
    const line = document.createElement("div");
    line.className = "fr-row";
    if (hint.row === data.number) line.classList.add("fr-hinted");
    const chip = document.createElement("span");
    chip.className = "fr-chip" + (data.chip ? " fr-chip-on" : "");
    chip.textContent = data.chip ? `${(data.chip / 10).toFixed(1)}x` : "";
    chip.setAttribute("aria-label", data.chip ? `raise chip ${(data.chip / 10).toFixed(1)} times` : "no raise chip");
    line.appendChild(chip);

    const place = plButton("", "fr-place", () => send("place", data.number), {
      label: board.top
        ? `Row ${data.number}, ${data.cards.length} cards: place the ${plCardName(board.top)} here`
        : `Row ${data.number}`,
      disabled: !data.can_place,
    });
    place.dataset.row = data.number;
    for (let slot = 0; slot < 5; slot++) {
      if (slot < data.cards.length) place.appendChild(plCard(data.cards[slot], { size: "sm" }));
      else {
        const empty = document.createElement("span");
        empty.className = "fr-slot";
        place.appendChild(empty);
      }
    }
    line.appendChild(place);

    const tools = document.createElement("div");
    tools.className = "fr-tools";
    const raise = plButton("Raise", "fr-raise", () => send("raise", data.number), {
      label: `Raise row ${data.number}`, disabled: !data.can_raise,
    });
    const fold = plButton("Fold", "fr-fold", () => send("fold", data.number), {
      label: `Fold row ${data.number}`, disabled: !data.can_fold,
    });
    raise.dataset.row = fold.dataset.row = data.number;
    tools.append(raise, fold);
    line.appendChild(tools);
    return line;
  }

  function chart(board) {
    const box = document.createElement("div");
    box.className = "fr-chart";
    const title = document.createElement("h4");
    title.textContent = "Scoring chart";
    box.appendChild(title);
    for (const item of board.chart) {
      const entry = document.createElement("div");
      entry.className = "fr-type" + (item.checked ? " fr-checked" : "");
      const example = plHand(item.example, { size: "sm" });
      example.classList.add("fr-example");
      const b = plButton(`${item.checked ? "✓ " : ""}${item.label} ${item.points}`, "fr-type-button", () => {
        show(openChart === item.label ? null : item.label);
      }, { label: `${item.label}, ${item.points} points${item.checked ? ", already scored" : ""}: show an example` });
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
      b.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(item.label); });
      b.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse" && openChart === item.label) show(null); });
      entry.dataset.label = item.label;
      entry.append(b, example);
      example.hidden = openChart !== item.label;
      b.setAttribute("aria-expanded", openChart === item.label ? "true" : "false");
      box.appendChild(entry);
    }
    const nothing = document.createElement("div");
    nothing.className = "fr-type fr-nothing";
    nothing.textContent = "Nothing -50";
    box.appendChild(nothing);
    return box;
  }

  function deckPanel(board) {
    const box = document.createElement("div");
    box.className = "fr-deck";
    const grid = document.createElement("div");
    grid.className = "fr-deck-cards";
    grid.setAttribute("aria-label", "Cards left in the deck, sorted (not in dealing order)");
    for (const code of board.deck) grid.appendChild(plCard(code, { size: "sm" }));
    const b = plButton(`Deck: ${board.deck_count} cards`, "fr-deck-button", () => show(!deckOpen), {
      label: `Deck, ${board.deck_count} cards left: show which`,
    });
    const show = (open) => {
      deckOpen = open;
      grid.hidden = !open;
      b.setAttribute("aria-expanded", open ? "true" : "false");
    };
    b.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(true); });
    b.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") show(false); });
    show(deckOpen);
    box.append(b, grid);
    return box;
  }

  function breakdown(board) {
    const box = document.createElement("div");
    box.className = "fr-final";
    const heading = document.createElement("h4");
    heading.textContent = `Final score: ${board.score}`;
    const reason = document.createElement("p");
    reason.textContent = board.end_text;
    const table = document.createElement("table");
    table.innerHTML = "<thead><tr><th>Row</th><th>Hand</th><th>Chip</th><th>Points</th></tr></thead>";
    const body = document.createElement("tbody");
    for (const line of board.sheet) {
      const tr = document.createElement("tr");
      tr.innerHTML = `<td>${line.row}</td><td>${line.type}</td><td>${line.chip ? (line.chip / 10).toFixed(1) + "x" : ""}</td><td>${line.points}</td>`;
      body.appendChild(tr);
    }
    const bonus = document.createElement("tr");
    bonus.innerHTML = `<td colspan="3">Time bonus</td><td>${board.time_bonus}</td>`;
    body.appendChild(bonus);
    table.appendChild(body);
    box.append(heading, reason, table);
    return box;
  }

  function draw() {
    const board = model.get("board");
    const hint = model.get("hint") || {};
    const hadFocus = root.contains(document.activeElement);
    root.replaceChildren();

    const top = document.createElement("div");
    top.className = "fr-top";
    const card = board.top ? plCard(board.top, { size: "md" }) : document.createElement("span");
    card.classList.add("fr-top-card");
    const info = document.createElement("div");
    info.className = "fr-info";
    clockEl = document.createElement("div");
    clockEl.className = "fr-clock" + (board.warned ? " fr-warning" : "");
    clockEl.setAttribute("role", "timer");
    const score = document.createElement("div");
    score.className = "fr-score";
    score.textContent = `Score ${board.score} · Chips ${board.chips_left}`;
    info.append(clockEl, score);
    top.append(card, info, deckPanel(board));
    root.appendChild(top);

    const rows = document.createElement("div");
    rows.className = "fr-rows";
    for (const data of board.rows) rows.appendChild(row(data, board, hint));
    root.appendChild(rows);

    const controls = document.createElement("div");
    controls.className = "fr-controls";
    controls.append(
      plButton("Hint (H)", "fr-hint", () => send("hint"), { disabled: board.over }),
      plButton("New game", "fr-new", () => send("new")),
    );
    const status = document.createElement("span");
    status.className = "fr-pending";
    status.textContent = pending ? `${pending === "raise" ? "Raise" : "Fold"}: press a row number 1-4` : "";
    controls.appendChild(status);
    root.appendChild(controls);

    const message = document.createElement("p");
    message.className = "fr-message";
    message.setAttribute("aria-live", "polite");
    message.textContent = model.get("message");
    root.appendChild(message);

    if (board.over) root.appendChild(breakdown(board));
    root.appendChild(chart(board));
    tickDisplay();
    if (hadFocus) root.focus({ preventScroll: true });
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
    const key = event.key.toLowerCase();
    if (["1", "2", "3", "4"].includes(key)) {
      send(pending || "place", Number(key));
      pending = null;
    } else if (key === "r" || key === "f") {
      pending = key === "r" ? "raise" : "fold";
      draw();
    } else if (key === "h") {
      send("hint");
    } else if (key === "escape") {
      pending = null;
      draw();
    } else {
      return;
    }
    event.preventDefault();
  });

  model.on("change:board", onBoard);
  warnedSeen = model.get("board").warned;
  // A move changes the board, the message and the hint together: draw once, after all of them.
  const stopRedrawing = plRedrawOn(model, ["board", "message", "hint"], draw);

  let lastTick = performance.now();
  const timer = setInterval(() => {
    const board = model.get("board");
    if (board.over || model.get("paused_clock")) return;
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

export default { render };
