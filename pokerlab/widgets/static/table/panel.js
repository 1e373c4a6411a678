// The table's panels, drawn from dicts Python makes (see pokerlab/widgets/table.py): the lobby, the
// end screen, and the side beside the felt (an app's panel and the standings).

import { plEl } from "../dom.js";
import { tableButton } from "./controls.js";

const DRAFTS = new WeakMap();

/** The text typed in a panel's input boxes, per widget model, by the input's name. */
function draftsOf(model) {
  if (!DRAFTS.has(model)) DRAFTS.set(model, new Map());
  return DRAFTS.get(model);
}

function drawSelect(field, values) {
  const label = plEl("label", "pl-t-field");
  label.appendChild(plEl("span", "", field.label));
  const select = plEl("select");
  select.name = field.name;
  for (const option of field.options) {
    const el = plEl("option", "", option.label);
    el.value = String(option.value);
    select.appendChild(el);
  }
  select.value = String(field.value);
  values[field.name] = () => select.value;
  label.appendChild(select);
  return label;
}

function drawInput(model, spec, values) {
  const label = plEl("label", "pl-t-field");
  label.appendChild(plEl("span", "", spec.label));
  const input = plEl("input");
  input.type = "text";
  input.name = spec.name;
  // What the learner typed survives the table's redraws (a review arriving, a message...) until
  // Python offers a different name (after a save or a restore).
  const drafts = draftsOf(model);
  const offered = spec.value || "";
  const draft = drafts.get(spec.name);
  input.value = draft && draft.offered === offered ? draft.value : offered;
  input.maxLength = 64;
  input.dataset.key = `input:${spec.name}`;
  input.addEventListener("input", () => drafts.set(spec.name, { offered, value: input.value }));
  values[spec.name] = () => input.value;
  label.appendChild(input);
  return label;
}

/** A table of data; wide ones become one block per row on a phone (each cell keeps its column name). */
function drawData(table) {
  const wrap = plEl("div", "pl-t-table-wrap");
  const el = plEl("table", (table.head || []).length > 4 ? "pl-t-data pl-t-stackable" : "pl-t-data");
  if (table.caption) el.appendChild(plEl("caption", "", table.caption));
  const head = el.createTHead().insertRow();
  for (const cell of table.head || []) head.appendChild(plEl("th", "", cell));
  const body = el.createTBody();
  for (const row of table.rows || []) {
    const tr = body.insertRow();
    row.forEach((cell, index) => {
      const td = plEl("td", "", String(cell));
      if (table.head && table.head[index]) td.dataset.label = table.head[index];
      tr.appendChild(td);
    });
  }
  wrap.appendChild(el);
  return wrap;
}

/** A lobby, end screen or side panel from its dict; its buttons send {type: "start" | "app", id, value, fields}. */
export function drawPanel(model, spec, className) {
  const box = plEl("section", `pl-t-panel ${className}`);
  if (!spec) return box;
  if (spec.heading) box.appendChild(plEl("h2", "", spec.heading));
  for (const text of spec.paragraphs || []) box.appendChild(plEl("p", "", text));
  const values = {};
  const form = plEl("div", "pl-t-fields");
  for (const field of spec.fields || []) form.appendChild(drawSelect(field, values));
  if (spec.input) form.appendChild(drawInput(model, spec.input, values));
  if (form.childElementCount) box.appendChild(form);
  const collect = () => Object.fromEntries(Object.entries(values).map(([name, get]) => [name, get()]));
  for (const table of spec.tables || []) box.appendChild(drawData(table));
  const buttons = plEl("div", "pl-t-panel-buttons");
  for (const item of spec.buttons || []) {
    const button = tableButton(item.label, item.primary ? "pl-t-primary" : "", () => {
      const content = { type: item.id === "start" ? "start" : "app", id: item.id, fields: collect() };
      if (item.value !== undefined) content.value = item.value;
      model.send(content);
    });
    button.dataset.id = item.id;
    button.dataset.key = `panel:${item.id}:${item.value ?? ""}`;
    if (item.value !== undefined) button.dataset.value = String(item.value);
    button.disabled = Boolean(item.disabled);
    buttons.appendChild(button);
  }
  if (buttons.childElementCount) box.appendChild(buttons);
  return box;
}

/** Beside the felt: the app's side panel (if any) and the standings of the match. */
export function drawSide(model, table, t) {
  const side = plEl("div", "pl-t-side");
  const spec = model.get("side");
  if (spec && Object.keys(spec).length) side.appendChild(drawPanel(model, spec, "pl-t-app-panel"));
  if (table.standings && table.standings.length) {
    const wrap = plEl("div", "pl-t-table-wrap");
    const el = plEl("table", "pl-t-data pl-t-standings");
    el.appendChild(plEl("caption", "", t("Standings")));
    const head = el.createTHead().insertRow();
    for (const cell of ["", t("Player"), table.dollars ? t("Money") : t("Chips"), "+/-"]) head.appendChild(plEl("th", "", cell));
    const body = el.createTBody();
    table.standings.forEach((row, index) => {
      const tr = body.insertRow();
      for (const cell of [index + 1, row.name + (row.out ? t(" (out)") : ""), row.stack_text, row.net_text]) {
        tr.appendChild(plEl("td", "", String(cell)));
      }
    });
    wrap.appendChild(el);
    side.appendChild(wrap);
  }
  return side;
}
