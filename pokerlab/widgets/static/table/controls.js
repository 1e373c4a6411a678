// What the table's parts share: its buttons, the engine's offers (table.legal), and the learner's seat.

import { plButton } from "../dom.js";

/** A table button; its class names (but the look's) are the stable key that keeps focus on redraws. */
export function tableButton(label, className, onClick, key, keyLabel) {
  const button = plButton(label, `pl-t-button ${className || ""}`.trim(), onClick, { key, keyLabel });
  button.dataset.key = (className || "").split(" ").filter((name) => !["pl-t-quiet", "pl-t-primary"].includes(name)).join(" ");
  return button;
}

/** The engine's offer of `kind` ("draw", "bet"...) in the view, if it makes one. */
export function offerOf(table, kind) {
  return table.legal.find((item) => item.kind === kind);
}

/** The learner's own player in the view. */
export function learnerOf(table) {
  return table.players[table.learner_seat];
}
