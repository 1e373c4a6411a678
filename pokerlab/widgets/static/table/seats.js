// The seats around the felt: each player's name, stack, bet in front, dealer button, draw and cards.

import { plHand } from "../cards.js";
import { plEl } from "../dom.js";
import { learnerOf } from "./controls.js";

/** Grid cells (column 1-5, row 1-3) of 1 to 7 opponents around the felt, in seating order. The
 * pot takes columns 2-4 of row 2 and your seat column 3 of row 3, so no two boxes can meet. */
const SLOTS = {
  1: [[3, 1]],
  2: [[2, 1], [4, 1]],
  3: [[1, 2], [3, 1], [5, 2]],
  4: [[1, 2], [2, 1], [4, 1], [5, 2]],
  5: [[1, 2], [2, 1], [3, 1], [4, 1], [5, 2]],
  6: [[1, 3], [1, 2], [2, 1], [4, 1], [5, 2], [5, 3]],
  7: [[1, 3], [1, 2], [2, 1], [3, 1], [4, 1], [5, 2], [5, 3]],
};

/** One seat: name, stack, bet in front, dealer button, draw count, cards (face down unless shown). */
function drawSeat(player, table, index, count, t) {
  const seat = plEl("div", "pl-t-seat");
  seat.dataset.seat = String(player.seat);
  seat.dataset.status = player.status;
  if (player.is_actor) seat.classList.add("pl-t-acting");
  if (player.is_learner) seat.classList.add("pl-t-me");
  // Opponents sit around the felt in a 5 x 3 grid (wide screens), from the lower left over the top
  // to the lower right; you sit at the bottom middle. CSS makes them a list on narrow screens.
  const [column, row] = (SLOTS[count] || SLOTS[7])[index] || [3, 1];
  seat.style.setProperty("--col", String(column));
  seat.style.setProperty("--row", String(row));
  const head = plEl("div", "pl-t-seat-head");
  head.appendChild(plEl("span", "pl-t-name", player.name));
  if (player.is_dealer) {
    const button = plEl("span", "pl-t-dealer", "D");
    button.title = t("Dealer button");
    button.setAttribute("aria-label", t("dealer"));
    head.appendChild(button);
  }
  seat.appendChild(head);
  const facts = [player.stack_text];
  if (player.blind) facts.push(player.blind);
  if (player.status === "folded") facts.push(t("folded"));
  if (player.status === "all-in") facts.push(t("all-in"));
  if (player.status === "out") facts.push(t("out"));
  if (player.draw_text) facts.push(player.draw_text);
  seat.appendChild(plEl("div", "pl-t-facts", facts.join(" · ")));
  // On a phone a seat whose cards are face down is a small chip (the backs drawn tiny, as a count);
  // one whose cards are shown takes a whole row, so they stay large enough to read.
  seat.dataset.cards = player.cards.some(Boolean) ? "shown" : player.cards.length ? "hidden" : "none";
  if (player.cards.length) {
    const cards = plHand(player.cards, { size: "sm", names: player.card_names });
    cards.classList.add("pl-t-seat-cards");
    seat.appendChild(cards);
  }
  if (player.shown_ace && !(table.result && table.result.shown[player.seat])) {
    seat.appendChild(plEl("div", "pl-t-note", t("kept and shows the {card}", { card: player.shown_ace_name })));
  }
  if (player.hand_name) seat.appendChild(plEl("div", "pl-t-handname", player.hand_name));
  if (player.net !== null && player.net !== undefined && player.net !== 0) {
    seat.appendChild(plEl("div", player.net > 0 ? "pl-t-net pl-t-up" : "pl-t-net pl-t-down", player.net_text));
  }
  if (player.bet > 0) {
    const bet = plEl("div", "pl-t-chips-in", t("bet {amount}", { amount: player.bet_text }));
    bet.setAttribute("aria-label", t("{name} has {amount} in front", { name: player.name, amount: player.bet_text }));
    seat.appendChild(bet);
  }
  if (player.is_actor) seat.setAttribute("aria-current", "true");
  return seat;
}

/** The opponents' seats (those still in first, then those out) and the learner's own seat (its cards
 * are in the learner's bar, drawMine in actions.js). */
export function drawSeats(table, t) {
  const others = table.players.filter((p) => !p.is_learner && p.status !== "out");
  const out = table.players.filter((p) => !p.is_learner && p.status === "out");
  const seats = plEl("div", "pl-t-seats");
  [...others, ...out].forEach((player, index) => seats.appendChild(drawSeat(player, table, index, others.length + out.length, t)));
  const mine = drawSeat({ ...learnerOf(table), cards: [] }, table, 0, 1, t);
  mine.classList.add("pl-t-my-seat");
  return [seats, mine];
}
