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

// pokerlab/widgets/static/identity.js
var PL_ID_STORE = "pokerlab.learners";
var PL_ID_RETRY_MS = 5e3;
function plIdRead() {
  try {
    const data = JSON.parse(window.localStorage.getItem(PL_ID_STORE) || "{}");
    return { last: data.last || "", keys: data.keys || {}, browser: data.browser || "" };
  } catch (error) {
    return { last: "", keys: {}, browser: "" };
  }
}
function plIdWrite(data) {
  try {
    window.localStorage.setItem(PL_ID_STORE, JSON.stringify(data));
  } catch (error) {
  }
}
function plIdNewKey() {
  const bytes = new Uint8Array(32);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function plIdBrowser() {
  const data = plIdRead();
  if (!data.browser) {
    data.browser = plIdNewKey();
    plIdWrite(data);
  }
  return data.browser;
}
function plIdFold(name) {
  return name.trim().replace(/\s+/g, " ");
}
function plIdXsrf() {
  let token = (document.cookie.match(/\b_xsrf=([^;]*)/) || [])[1];
  if (!token) {
    token = plIdNewKey();
    document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
  }
  return token;
}
function plIdKernelShutdownOnLeave(inGame) {
  plIdXsrf();
  window.__plIdInGame = inGame;
  if (window.__plIdShutdownInstalled || !navigator.sendBeacon) return;
  window.__plIdShutdownInstalled = true;
  const send = navigator.sendBeacon.bind(navigator);
  let held = null;
  navigator.sendBeacon = (url, data) => {
    if (String(url).includes("voila/api/shutdown/") && window.__plIdInGame && window.__plIdInGame()) {
      held = url;
      return true;
    }
    return send(url, data);
  };
  window.addEventListener("pagehide", () => {
    if (!held) return;
    const form = new FormData();
    form.append("_xsrf", plIdXsrf());
    send(held, form);
  });
}
function render({ model, el }) {
  el.classList.add("pl-id");
  plIdKernelShutdownOnLeave(() => model.get("in_game"));
  let pendingKey = null;
  let pendingName = "";
  const onBeforeUnload = (event) => {
    if (!model.get("in_game")) return void 0;
    event.preventDefault();
    event.returnValue = "";
    return "";
  };
  window.addEventListener("beforeunload", onBeforeUnload);
  function claim(name) {
    const saved = plIdRead();
    const folded = plIdFold(name);
    pendingName = folded;
    pendingKey = saved.keys[folded.toLowerCase()] || plIdNewKey();
    model.send({ type: "claim", name: folded, key: pendingKey, browser: plIdBrowser() });
  }
  const savedAtOpen = plIdRead();
  const nameSavedHere = Boolean(savedAtOpen.last && savedAtOpen.keys[savedAtOpen.last.toLowerCase()]);
  const shownState = () => {
    const state = model.get("state");
    return state === "waiting" && !nameSavedHere ? "asking" : state;
  };
  let shown = null;
  const t = plWords(model);
  function draw() {
    const typed = el.querySelector("input[name=learner_name]")?.value;
    el.replaceChildren();
    const state = shownState();
    shown = state;
    el.dataset.state = state;
    const message = model.get("message");
    if (state === "known" || state === "hub") {
      const line = plEl("p", "pl-id-who");
      line.append(t("Playing as "), plEl("strong", "", model.get("learner_name")));
      el.appendChild(line);
      if (state === "known") {
        el.appendChild(plButton(
          t("Not {name}?", { name: model.get("learner_name") }),
          "pl-id-switch",
          () => model.send({ type: "switch" })
        ));
      }
    } else if (state === "asking") {
      const form = plEl("form", "pl-id-form");
      const label = plEl("label");
      const input = plEl("input");
      input.type = "text";
      input.name = "learner_name";
      input.maxLength = 30;
      input.autocomplete = "nickname";
      input.value = typed || pendingName || plIdRead().last || "";
      label.append(plEl("span", "", t("Your name")), input);
      const go = plEl("button", "pl-id-go", t("That's me"));
      go.type = "submit";
      form.append(label, go);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        claim(input.value);
      });
      el.append(plEl("p", "pl-id-why", model.get("purpose")), form);
    } else {
      el.appendChild(plEl("p", "pl-id-why", state === "retrying" ? t("Trying again in a few seconds…") : t("Opening…")));
    }
    if (message) {
      const note = plEl("p", "pl-id-message", message);
      note.setAttribute("role", "alert");
      el.appendChild(note);
    }
  }
  model.on("change:state", () => {
    const state = model.get("state");
    if (state === "known" && pendingKey) {
      const saved = plIdRead();
      const name = model.get("learner_name");
      saved.keys[name.toLowerCase()] = pendingKey;
      saved.last = name;
      plIdWrite(saved);
      pendingKey = null;
      pendingName = "";
    }
    if (state === "retrying") retryLater();
    if (shownState() === shown) return;
    draw();
  });
  model.on("change:message", draw);
  model.on("change:learner_name", draw);
  model.on("change:words", draw);
  model.on("change:purpose", draw);
  draw();
  function hello() {
    const saved = plIdRead();
    const key = saved.last ? saved.keys[saved.last.toLowerCase()] || "" : "";
    model.send({
      type: "hello",
      query: window.location.search,
      name: key ? saved.last : "",
      key,
      browser: plIdBrowser()
    });
  }
  let retryTimer = null;
  function retryLater() {
    if (retryTimer !== null) return;
    retryTimer = window.setTimeout(() => {
      retryTimer = null;
      if (model.get("state") !== "retrying") return;
      if (pendingKey && pendingName) model.send({ type: "claim", name: pendingName, key: pendingKey, browser: plIdBrowser() });
      else hello();
    }, PL_ID_RETRY_MS);
  }
  hello();
  if (model.get("state") === "retrying") retryLater();
  return () => {
    window.removeEventListener("beforeunload", onBeforeUnload);
    if (retryTimer !== null) window.clearTimeout(retryTimer);
  };
}
var identity_default = plWidget(render);
export {
  identity_default as default
};
