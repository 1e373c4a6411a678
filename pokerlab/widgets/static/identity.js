// Who is playing (pokerlab/widgets/identity.py). The browser keeps, in localStorage, a private random
// key per display name used here; the server keeps only a hash of it. On render this module sends
// {type: "hello", query, name, key, browser}; when asked, the learner types a name and it sends
// {type: "claim", name, key, browser} with a fresh key, stored here once the server says "known".
// `browser` is one more random key, the same for every name used in this browser: a class game is
// played under one name per browser.
// While a game is in progress it asks "leave this page?"; when the page is really left it asks
// Voilà to shut this page's kernel down.
// Its words come from Python in the page's language (trait "words", empty in English): t(message, values).

import { plButton, plEl, plWords } from "./dom.js";
import { plWidget } from "./keys.js";

const PL_ID_STORE = "pokerlab.learners";
const PL_ID_RETRY_MS = 5000;

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
    // private browsing or storage turned off: the name is asked again next visit
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

// Voilà sends its kernel-shutdown beacon on "beforeunload", which also fires when the learner then
// answers "stay on this page". While a game is in progress (the question is asked) hold that beacon
// back until "pagehide" (the page is really going); otherwise let it go at once. Either way give it
// the _xsrf cookie it needs (a page opened directly has none, so it used to be refused).
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
    if (!model.get("in_game")) return undefined;
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

  // A browser with no saved name is asked at once: the kernel's answer to "hello" (state "asking")
  // comes one round trip later and only confirms it. A name typed meanwhile is sent after the hello,
  // so the kernel reads them in that order.
  const savedAtOpen = plIdRead();
  const nameSavedHere = Boolean(savedAtOpen.last && savedAtOpen.keys[savedAtOpen.last.toLowerCase()]);
  const shownState = () => {
    const state = model.get("state");
    return state === "waiting" && !nameSavedHere ? "asking" : state;
  };
  let shown = null;

  const t = plWords(model);

  function draw() {
    const typed = el.querySelector("input[name=learner_name]")?.value;  // kept when the page's language changes
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
        el.appendChild(plButton(t("Not {name}?", { name: model.get("learner_name") }), "pl-id-switch",
          () => model.send({ type: "switch" })));
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
    if (shownState() === shown) return;  // e.g. the kernel confirms the question already shown: keep what is typed
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
    model.send({ type: "hello", query: window.location.search, name: key ? saved.last : "", key,
                 browser: plIdBrowser() });
  }

  // The kernel could not reach pokerlab's data (state "retrying"): say hello again in a while, until
  // it can. One timer at a time; none once the page is gone.
  let retryTimer = null;
  function retryLater() {
    if (retryTimer !== null) return;
    retryTimer = window.setTimeout(() => {
      retryTimer = null;
      if (model.get("state") !== "retrying") return;
      // A name typed while the data could not be reached is claimed again, not asked again.
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

export default plWidget(render);
