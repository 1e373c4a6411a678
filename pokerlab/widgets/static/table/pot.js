// The middle of the felt: the pots, the round's betting limits, whose turn it is, a live table's clock
// and the last thing that happened; and the heading above the table (title, hand, phase).

import { plEl } from "../dom.js";

/** A live table's countdown: "23 s left to act", redrawn every second until the time is up. */
function countDown(clock, t) {
  const left = Math.max(0, Math.ceil((Number(clock.dataset.until) - Date.now()) / 1000));
  clock.textContent = t("{seconds} s left to act", { seconds: left });
  clock.classList.toggle("pl-t-hurry", left <= 10);
  if (left > 0) setTimeout(() => clock.isConnected && countDown(clock, t), 1000);
}

/** The table's heading: its title (the app's, else the variant's) and the hand's number and phase. */
export function drawHeader(table, title, t) {
  const header = plEl("div", "pl-t-header");
  header.appendChild(plEl("h2", "pl-t-title", t(title || table.variant)));
  let line = t("Hand {number}", { number: table.hand_number });
  if (table.hands_left !== null && table.hands_left !== undefined) line += t(" ({count} left after this)", { count: table.hands_left });
  line += ` · ${table.phase_text}`;
  header.appendChild(plEl("p", "pl-t-phase", line));
  return header;
}

function drawPots(table, t) {
  const pots = plEl("div", "pl-t-pots");
  pots.setAttribute("aria-label", t("pots"));
  table.pots.forEach((pot) => {
    const el = plEl("div", "pl-t-pot", `${pot.label}: ${pot.amount_text}`);
    if (table.pots.length > 1) el.title = t("Can be won by {names}", { names: pot.eligible.join(", ") });
    pots.appendChild(el);
  });
  if (table.pots.length > 1) {
    table.pots.forEach((pot) => pots.appendChild(plEl("div", "pl-t-eligible", `${pot.label}: ${pot.eligible.join(", ")}`)));
  }
  return pots;
}

/** A live table: the seconds left to act (counted down here between the dealer's views), and what the
 * table just said ("Bo ran out of time and folds"). */
function drawLive(center, table, t) {
  const live = table.live;
  if (live.seconds_left !== null && live.seconds_left !== undefined && table.phase !== "over") {
    const clock = plEl("div", "pl-t-countdown");
    clock.dataset.until = String(Date.now() + live.seconds_left * 1000);
    countDown(clock, t);
    center.appendChild(clock);
  } else if (table.phase === "over" && live.next_deal_in !== null && live.next_deal_in !== undefined) {
    center.appendChild(plEl("div", "pl-t-countdown", t("Next hand soon, or as soon as everyone is ready")));
  }
  if (live.notice) center.appendChild(plEl("div", "pl-t-notice", live.notice));
}

export function drawCenter(table, t) {
  const center = plEl("div", "pl-t-center");
  center.appendChild(drawPots(table, t));
  if (table.phase !== "over") {
    if (table.cap_meter) center.appendChild(plEl("div", "pl-t-cap", t("Betting cap: {cap}", { cap: table.cap_meter })));
    const [low, high] = table.round_limits_text;
    const limit = low === high ? t("Bets and raises are {amount} this round", { amount: low })
      : t("Bets and raises: {low} to {high} this round", { low, high });
    center.appendChild(plEl("div", "pl-t-limits", limit));
  }
  const turn = plEl("div", "pl-t-turn");
  turn.setAttribute("aria-live", "polite");
  if (table.phase === "over") turn.textContent = t("Hand over");
  else if (table.is_my_turn) turn.textContent = t("Your turn");
  else if (table.actor_name) turn.textContent = t("{name} to act…", { name: table.actor_name });
  center.appendChild(turn);
  if (table.live) drawLive(center, table, t);
  const log = table.log || [];
  const last = log.length ? log[log.length - 1] : "";
  center.appendChild(plEl("div", "pl-t-last", last));
  return center;
}
