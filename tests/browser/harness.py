"""Draw one widget's front end in a plain page, from states built by the real engine, without a kernel.

A Voilà page costs a kernel start (2-3 s) and a game played to the wanted moment; the layout and
accessibility tests need dozens of moments (2 to 8 seats x every phase x four screen sizes). Here the
widget's own ES module and CSS (exactly what anywidget ships) run against a small stand-in for the
anywidget model: ``show(page, widget)`` copies the Python widget's synced traits into the page, and
messages the page sends are kept in ``window.plSent``. The states come from real apps driven through
their message handlers, so they are the payloads a learner's browser receives. A few tests in
test_layout.py also check real Voilà pages, so nothing here replaces the real thing entirely.
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets

from pokerlab.dealer.client import DealerClient
from pokerlab.dealer.table_settings import TableSettings
from pokerlab.dealer.tables import LiveTable
from pokerlab.draw import Action, ActionKind
from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.widgets.live import LiveTablesApp

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pokerlab widget</title>
<style>body { margin: 0; padding: 8px; font-family: system-ui, sans-serif; background: var(--page, #fff); }
main { max-width: 100%; }</style>
</head><body><main><h1 style="font-size: 1rem">pokerlab widget</h1><div id="widget"></div></main></body></html>"""

_MOUNT = """async ({ esm, css, state }) => {
  if (window.plView) {
    Object.assign(window.plState, state);
    for (const name of Object.keys(state)) for (const f of window.plHandlers[`change:${name}`] || []) f();
    for (const f of window.plHandlers.change || []) f();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return;
  }
  const style = document.createElement("style");
  style.textContent = css;
  document.head.appendChild(style);
  window.plState = { ...state };
  window.plHandlers = {};
  window.plSent = [];
  const model = {
    get: (name) => window.plState[name],
    set: (name, value) => { window.plState[name] = value; },
    save_changes: () => {},
    send: (content) => window.plSent.push(content),
    on: (event, f) => { (window.plHandlers[event] ||= []).push(f); },
    off: (event, f) => { window.plHandlers[event] = (window.plHandlers[event] || []).filter((g) => g !== f); },
  };
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const module = await import(url);
  const el = document.getElementById("widget");
  window.plView = await module.default.render({ model, el }) || true;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}"""


def synced_state(widget: ipywidgets.Widget) -> dict[str, Any]:
    """The traits the browser gets (JSON round trip, as the comm would send them)."""
    names = [name for name in widget.keys if not name.startswith("_")]
    return json.loads(json.dumps({name: getattr(widget, name) for name in names}, default=str))


def show(page, widget: ipywidgets.Widget, reload: bool = False) -> None:  # noqa: ANN001 - playwright Page
    """Draw ``widget`` (its current state) in ``page``; later calls only send the new state."""
    if reload or not page.evaluate("Boolean(window.plView)"):
        page.set_content(PAGE)
        page.evaluate("window.plView = null")  # set_content keeps the window (and a widget mounted before)
    page.evaluate(_MOUNT, {"esm": widget._esm, "css": widget._css, "state": synced_state(widget)})


def send(widget: ipywidgets.Widget, content: dict[str, Any]) -> None:
    """A message from the browser, as the kernel would receive it."""
    widget._handle_custom_msg(content, [])


# --- the draw table at chosen moments ---------------------------------------------------------------

PHASES = ("betting", "draw", "waiting", "showdown", "review")


def _learner_acts(app: FiveCardDrawApp) -> None:
    table = app.table.table
    kinds = {item["kind"] for item in table["legal"]}
    if "draw" in kinds:
        me = table["players"][table["learner_seat"]]
        send(app.table, {"type": "act", "kind": "draw", "discards": me["cards"][:2]})
    elif "check" in kinds:
        send(app.table, {"type": "act", "kind": "check"})
    else:
        send(app.table, {"type": "act", "kind": "call" if "call" in kinds else "all_in"})


def table_at(players: int, phase: str, seed: int = 11) -> FiveCardDrawApp:
    """A Five-Card Draw app with ``players`` seats at ``phase``: "betting" (the learner to bet or
    check), "draw" (the learner to draw, two cards marked in the page by the caller), "waiting" (a
    computer opponent's turn in a betting round), "showdown" (the hand over) or "review" (the hand
    over and its review open). The learner checks or calls throughout, so most hands reach a showdown."""
    app = FiveCardDrawApp(seed=seed)
    app.table.pause_ms = 0
    send(app.table, {"type": "start", "fields": {"players": str(players), "forced_bet": "antes"}})
    target = {"betting": ("betting_one", "betting_two"), "draw": ("draw",)}.get(phase, ("over",))
    for _ in range(200):
        table = app.table.table
        if table["phase"] in target and (table["is_my_turn"] or table["phase"] == "over"):
            break
        if phase == "waiting" and table["phase"] in ("betting_one", "betting_two") and table["bot_turn"]:
            break
        if table["phase"] == "over":
            send(app.table, {"type": "next"})
        elif table["is_my_turn"]:
            _learner_acts(app)
        else:
            send(app.table, {"type": "skip"})
    else:
        raise AssertionError(f"no {phase} moment reached with {players} players")
    if phase == "review":
        send(app.table, {"type": "review"})
    return app


# --- a live table at chosen moments ---------------------------------------------------------------

LIVE_PHASES = ("betting", "draw", "waiting", "showdown", "review")
"""A live table's moments: as :data:`PHASES`, plus "waiting" (another learner's turn, counted down)."""

_LIVE_NAMES = ("Ann", "Bo", "Cy")


def _passive(hand: Any) -> Action:
    """Check, stand pat, call or go all-in: whatever keeps a learner in the hand without raising."""
    offers = {offer.kind: offer for offer in hand.legal_actions()}
    if ActionKind.CHECK in offers or ActionKind.CALL in offers:
        return Action(ActionKind.CHECK if ActionKind.CHECK in offers else ActionKind.CALL)
    if ActionKind.ALL_IN in offers:
        return Action(ActionKind.ALL_IN, amount=offers[ActionKind.ALL_IN].min_to)
    return Action(ActionKind.DRAW, discards=())


def live_table_at(players: int, phase: str, seed: int = 5) -> LiveTablesApp:
    """A live-tables page seated at a ``players``-seat Five-Card Draw table, seen by Ann (seat 1) at
    ``phase`` (one of :data:`LIVE_PHASES`). Bo and Cy (at three seats or more) are learners too,
    computer opponents fill the other seats. Cy lets the time run out once (the table's notice line
    says so); everyone checks, calls or stands pat, so most hands reach a showdown. The dealer's
    table runs here on a clock of its own; the page is the real app drawing the views it would get."""
    table = LiveTable("K7Q2MX", TableSettings(seats=players, bot_level=1, time_to_act=30), seed=seed, now=0.0)
    learners = {number: name for number, name in enumerate(_LIVE_NAMES[:min(players, 3)], start=1)}
    for number, name in learners.items():
        table.sit(number, name, now=0.0)
    now, timed_out = 0.0, False
    target = {"betting": ("betting_one", "betting_two"), "draw": ("draw",), "waiting": ("betting_one", "draw")}
    for _ in range(2000):
        table.advance(now)
        hand, turn = table.match.hand, table.turn
        if hand is not None and hand.is_over:
            if phase in ("showdown", "review") and not hand.results.won_by_fold:  # type: ignore[union-attr]
                break
            for number in learners:
                table.ready(number, now=now)
        elif turn is not None and turn.person:
            mine = turn.seat == table.seat_of(1)
            if hand.phase.value in target.get(phase, ()) and mine == (phase != "waiting"):  # type: ignore[union-attr]
                break
            learner = next(number for number in learners if table.seat_of(number) == turn.seat)
            if learner == 3 and not timed_out:
                now = turn.at  # Cy's time runs out: the table checks or folds for them
                timed_out = True
                continue
            table.act(learner, _passive(hand), now=now)  # type: ignore[arg-type]
        now += 1.0
    else:
        raise AssertionError(f"no {phase} moment reached at a live table of {players}")
    app = LiveTablesApp(client=DealerClient("http://127.0.0.1:9"))
    app.table.pause_ms = 0
    app._on_view(table.view_for(1, now))
    if phase == "review":
        send(app.table, {"type": "review"})
    return app
