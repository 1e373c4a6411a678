// Hand builder: two hands and a 52-card picker. Every tap is sent to Python as an intent
// ({type: "tap", card}); Python keeps the hands and asks the engine who wins, then syncs the view.

import { plCardName, plCard } from "./cards.js";
import { plEl, plButton, plFocusedKey, plRefocus, plRedrawOn, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

const HB_HANDS = [
  { key: "a", name: "Hand A", trait: "hand_a", value: "value_a" },
  { key: "b", name: "Hand B", trait: "hand_b", value: "value_b" },
];
const HB_SUIT_ORDER = ["s", "h", "d", "c"];
const HB_RANK_ORDER = "AKQJT98765432";

function hbOwner(model, code) {
  for (const hand of HB_HANDS) if (model.get(hand.trait).includes(code)) return hand;
  return null;
}

function hbHand(model, hand) {
  const t = plWords(model);
  const name = t(hand.name);
  const target = model.get("target") === hand.key;
  const section = plEl("section", "pl-hb-hand" + (target ? " pl-hb-target" : ""));
  section.dataset.hand = hand.key;
  const head = plEl("div", "pl-hb-head");
  const aim = plButton(target ? t("{hand}: adding here", { hand: name }) : t("{hand}: add here", { hand: name }), "pl-hb-aim",
    () => model.send({ type: "aim", hand: hand.key }));
  aim.dataset.key = `aim-${hand.key}`;
  aim.setAttribute("aria-pressed", target ? "true" : "false");
  head.appendChild(aim);
  const value = plEl("span", "pl-hb-value", model.get(hand.value) || t("{count} of 5 cards", { count: model.get(hand.trait).length }));
  head.appendChild(value);
  section.appendChild(head);
  const slots = plEl("div", "pl-hand pl-hb-slots");
  slots.setAttribute("role", "group");
  slots.setAttribute("aria-label", name);
  const cards = model.get(hand.trait);
  for (let i = 0; i < 5; i++) {
    const code = cards[i];
    if (code) {
      const card = plCard(code, { button: true, size: "md", label: t("{card} in {hand}: tap to take it back", { card: plCardName(code, t), hand: name }) });
      card.dataset.key = `hand-${code}`;
      card.addEventListener("click", () => model.send({ type: "tap", card: code }));
      slots.appendChild(card);
    } else {
      const empty = plEl("div", "pl-card pl-card-md pl-hb-empty");
      empty.setAttribute("aria-hidden", "true");
      slots.appendChild(empty);
    }
  }
  section.appendChild(slots);
  return section;
}

function hbPicker(model) {
  const picker = plEl("div", "pl-hb-picker");
  picker.setAttribute("role", "group");
  const t = plWords(model);
  const targetName = t(HB_HANDS.find((h) => h.key === model.get("target")).name);
  picker.setAttribute("aria-label", t("Deck: tap a card to add it to {hand}", { hand: targetName }));
  const deck = new Set(model.get("deck"));
  for (const suit of HB_SUIT_ORDER) {
    const row = plEl("div", "pl-hb-suit");
    for (const rank of HB_RANK_ORDER) {
      const code = rank + suit;
      if (!deck.has(code)) continue;
      const owner = hbOwner(model, code);
      const label = owner
        ? t("{card}, in {hand}: tap to take it back", { card: plCardName(code, t), hand: t(owner.name) })
        : t("{card}: add to {hand}", { card: plCardName(code, t), hand: targetName });
      const card = plCard(code, { button: true, size: "sm", label });
      card.classList.add("pl-hb-pick");
      card.dataset.key = `pick-${code}`;
      card.setAttribute("aria-pressed", owner ? "true" : "false");
      if (owner) {
        card.classList.add("pl-hb-used");
        card.dataset.owner = owner.key;
      }
      card.addEventListener("click", () => model.send({ type: "tap", card: code }));
      row.appendChild(card);
    }
    picker.appendChild(row);
  }
  return picker;
}

function render({ model, el }) {
  const root = plEl("div", "pl-hb");
  el.appendChild(root);

  function draw() {
    const focused = plFocusedKey(root);
    root.replaceChildren();
    const hands = plEl("div", "pl-hb-hands");
    for (const hand of HB_HANDS) hands.appendChild(hbHand(model, hand));
    root.appendChild(hands);

    const verdict = plEl("p", "pl-hb-explanation");
    verdict.setAttribute("aria-live", "polite");
    verdict.dataset.winner = model.get("winner");
    verdict.textContent = model.get("explanation");
    root.appendChild(verdict);

    const message = plEl("p", "pl-hb-message");
    message.setAttribute("role", "status");
    message.textContent = model.get("message");
    root.appendChild(message);

    root.appendChild(hbPicker(model));

    const t = plWords(model);
    const clear = plButton(t("Put all cards back"), "pl-hb-clear", () => model.send({ type: "clear" }));
    clear.dataset.key = "clear";
    root.appendChild(clear);

    // A card taken back from a hand leaves it: focus moves to the same card in the picker.
    if (!plRefocus(root, focused) && focused?.startsWith("hand-")) plRefocus(root, `pick-${focused.slice(5)}`);
  }

  const traits = ["hand_a", "hand_b", "target", "value_a", "value_b", "winner", "explanation", "message", "deck", "words"];
  // One Python step changes several traits: draw once after all of them have arrived.
  return plRedrawOn(model, traits, draw);
}

export default plWidget(render);
