"""How the served apps feel: click-to-update time, time to a playable app, and kernel memory.

Serves notebooks/ with Voilà on loopback (as tests/browser/conftest.py does: the repository on
PYTHONPATH, share/jupyter on JUPYTER_PATH for the offline template, a temporary POKERLAB_DATA_DIR,
and POKERLAB_TEST_MODE=1, so computer opponents act with no pause and the Four Rows clock is still),
drives each app in headless Chromium (/usr/bin/chromium or $POKERLAB_CHROMIUM) and prints, per app:

- open to playable: from ``page.goto`` to the first moment the app's primary control is enabled
  (for the apps that ask who is playing, the identity question: answering it is then timed as the
  opening's first step);
- click to update: median and 95th percentile, timed inside the page from the click to the first
  DOM change that shows the learner's action applied (a MutationObserver checks the action's
  "done" condition; for the poker tables, a new table version, which is the learner's own action:
  the opponents' moves come after it);
- kernel memory: unique (USS), proportional (PSS) and resident (RSS) memory of the kernel serving
  the page once it has gone idle after the last click (psutil; RSS only from /proc without it).
  USS is what closing the page would free; the shared, memory-mapped hand tables count in PSS and
  RSS, not in USS;
- 05 only: a click on "next hand" right after "Review my decisions", timed like any click: the
  review must not hold up the table.

Each app is measured twice (``--modes cold,preheated``, the default):

- cold: Voilà with ``preheat_kernel`` off, so every page load starts a kernel and runs the notebook;
- preheated: Voilà with notebooks/voila.json as it is (a pool of kernels per notebook that have run
  the notebook before anyone asks). Before each page load the benchmark waits until the pool is
  full again and the kernels are idle, which is the state a learner meets on a quiet server;
- ``--busy`` adds, per mode, page loads while another process starts the way a kernel does (it
  imports pokerlab's apps), as when another class member opens a page at the same moment.

``--floor`` also serves three generated notebooks from a temporary folder (a page with one line of
text; one ipywidgets button; the same button after ``import pokerlab.widgets.apps``) to show what
any Voilà page costs on this machine before pokerlab does any work.

Goals (issue 17): click-to-update median <= 100 ms (also during a running review), open to playable
<= 1.0 s median with preheated kernels on an idle machine and <= 2.5 s while another kernel starts,
<= 100 MB unique memory (USS) per app kernel. Adding an app to measure is one entry in APPS.
Each opening is also broken into phases (median seconds from ``page.goto``): the window's load event
(the HTML and every script the page loads before it), the kernel's websocket opening, the widgets'
state arriving, playable; with the number of requests and the megabytes the page loaded.

Run: python benchmarks/bench_ui.py [--quick] [--apps 05,06] [--floor] [--modes cold,preheated] [--busy]
     [--opens N] [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import voila_server
from machine import describe, load_average
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


@dataclass(frozen=True)
class Action:
    """One learner action: when ``when`` holds, click the first match of ``click`` and time until
    ``done`` holds. ``done`` may use ``before``, the value of ``snapshot`` just before the click."""

    name: str
    click: str
    done: str
    when: str = "true"
    snapshot: str = "null"
    first: str = ""  # a selector clicked just before the timed click (not timed)


@dataclass(frozen=True)
class App:
    """An app page. ``opening`` actions run once after every page load (e.g. the lobby's Start);
    each round then runs every ``actions`` entry whose ``when`` holds, after waiting for ``idle``
    (the app is waiting for the learner, not for its computer opponents)."""

    notebook: str
    playable: str  # JS expression, true once the learner can act
    actions: tuple[Action, ...] = field(default=())
    query: str = ""
    opening: tuple[Action, ...] = field(default=())
    idle: str = "true"
    label: str = ""
    identity: bool = False  # the page first asks who is playing (apps with a learner's name)


def _enabled(selector: str) -> str:
    return f"(e => Boolean(e) && !e.disabled)(document.querySelector({json.dumps(selector)}))"


def _count(selector: str) -> str:
    return f"document.querySelectorAll({json.dumps(selector)}).length"


def _text(selector: str) -> str:
    return f"(e => e ? e.textContent : null)(document.querySelector({json.dumps(selector)}))"


# --- the lessons ------------------------------------------------------------------------------------

_TRAINER_ANSWERED = _enabled(".pl-trainer-next")
_TRAINER_ASKING = _enabled(".pl-trainer-answer")

_QUIZ_ANSWERED = "document.querySelector('.pl-quiz-feedback[data-correct]') !== null"
_QUIZ_ASKING = f"document.querySelector('.pl-quiz-choice') !== null && !({_QUIZ_ANSWERED})"
_QUIZ_ACTIONS = (
    Action("quiz: answer", ".pl-quiz-choice[data-choice='0']", _QUIZ_ANSWERED, when=_QUIZ_ASKING),
    Action("quiz: next question", ".pl-quiz-next", _QUIZ_ASKING, when=_QUIZ_ANSWERED),
)

_STEPPER = ".pl-hs"  # the first hand stepper on the page
_STEPPER_NEXT = f"{_STEPPER} [data-key='next']"
_AT_LAST_STEP = f"document.querySelector(\"{_STEPPER_NEXT}\").getAttribute('aria-disabled') === 'true'"

_COACH_SUMMARY = _text(".pl-coach .pl-coach-summary")

# --- the poker tables (05, 06, 08 share one table widget) ---------------------------------------------

_T = "document.querySelector('.pl-t')"
_VERSION = f"{_T}.dataset.version"
_SCREEN = f"{_T}.dataset.screen"
_TABLE_IDLE = f"{_T} && ({_SCREEN} !== 'table' || {_T}.dataset.turn !== 'bot')"
_NEW_VERSION = f"{_VERSION} !== before || {_SCREEN} !== 'table'"
_PASSIVE = ".pl-t-actions .pl-t-check, .pl-t-actions .pl-t-call, .pl-t-actions .pl-t-all-in"
_AGGRESSIVE = ".pl-t-actions .pl-t-bet, .pl-t-actions .pl-t-raise"
_ON_TABLE = f"{_SCREEN} === 'table'"

_NEXT_HAND = Action("next hand", ".pl-t .pl-t-next", _NEW_VERSION, when=f"{_ON_TABLE} && {_enabled('.pl-t .pl-t-next')}",
                    snapshot=_VERSION)
_CHECK_CALL = Action("check / call", _PASSIVE, _NEW_VERSION, when=f"{_ON_TABLE} && {_enabled(_PASSIVE)}",
                     snapshot=_VERSION)
_MARK = Action("mark a card (in the browser)", ".pl-t-mycards .pl-card", _enabled(".pl-t-draw"),
               when=f"{_ON_TABLE} && document.querySelector('.pl-t-draw') !== null && !{_enabled('.pl-t-draw')}")
_DRAW = Action("draw", ".pl-t-draw", _NEW_VERSION, when=f"{_ON_TABLE} && {_enabled('.pl-t-draw')}", snapshot=_VERSION)
_STAND_PAT = Action("stand pat", ".pl-t-pat", _NEW_VERSION, when=f"{_ON_TABLE} && {_enabled('.pl-t-pat')}",
                    snapshot=_VERSION)
_HAND_OVER = f"{_ON_TABLE} && {_enabled('.pl-t .pl-t-next')} && document.querySelector('.pl-t-review-toggle') !== null"
_NEXT_DURING_REVIEW = Action("next hand during a running review", ".pl-t .pl-t-next", _NEW_VERSION,
                             when=f"{_HAND_OVER} && Number({_VERSION}) % 2 === 0", snapshot=_VERSION,
                             first=".pl-t-review-toggle")
_PLAY_AGAIN = Action("play again (end screen)", ".pl-t button[data-id=again]", _ON_TABLE, when=f"{_SCREEN} === 'end'")

_WALLET = "(m => m ? Number(m[1].replace(/,/g, '')) : 0)(document.querySelector('.pl-t-lobby').innerText.match(/Your wallet: ([\\d,]+)/))"
_LEVEL_ONE = ".pl-t button[data-id=level][data-value='1']"
_START_LEVEL_ONE = Action("start level 1", _LEVEL_ONE, f"{_ON_TABLE} && {_T}.dataset.version !== ''",
                          when=f"{_SCREEN} === 'lobby' && {_WALLET} >= 150")


def _betting_lesson(notebook: str, label: str) -> App:
    """A betting lesson: its hand stepper (forward, then back to the first step) and its quiz."""
    return App(
        notebook, f"{_enabled(_STEPPER_NEXT)} && {_QUIZ_ASKING}",
        (
            Action("hand stepper: next step", _STEPPER_NEXT, f"{_text(_STEPPER + ' .pl-hs-counter')} !== before",
                   when=f"!({_AT_LAST_STEP})", snapshot=_text(_STEPPER + " .pl-hs-counter")),
            Action("hand stepper: first step", f"{_STEPPER} [data-key='first']",
                   f"!({_AT_LAST_STEP})", when=_AT_LAST_STEP),
            *_QUIZ_ACTIONS,
        ),
        label=label,
    )


APPS: tuple[App, ...] = (
    App("00-start-here.ipynb", "document.querySelector(\"a[href='01-hand-rankings.ipynb']\") !== null",
        label="00 contents page"),
    App(
        "01-hand-rankings.ipynb", _TRAINER_ASKING,
        (
            Action("trainer: pick an answer", ".pl-trainer-answer[data-choice='first']", _TRAINER_ANSWERED),
            Action("trainer: next hands", ".pl-trainer-next", _TRAINER_ASKING),
        ),
        label="01 hand-rankings trainer",
    ),
    App(
        "02-tie-breaks.ipynb", f"{_enabled('.pl-hb-pick')} && {_QUIZ_ASKING}",  # the page's last widget
        (
            Action("hand builder: clear", ".pl-hb-clear", f"{_count('.pl-hb-used')} === 0",
                   when=f"{_count('.pl-hb-used')} === 10"),
            Action("hand builder: tap a card", ".pl-hb-pick:not(.pl-hb-used)", f"{_count('.pl-hb-used')} !== before",
                   when=f"{_count('.pl-hb-used')} < 10", snapshot=_count(".pl-hb-used")),
            *_QUIZ_ACTIONS,
        ),
        label="02 tie-breaks (builder, quiz)",
    ),
    _betting_lesson("03-limits-and-the-cap.ipynb", "03 limits and the cap (stepper, quiz)"),
    _betting_lesson("03a-all-ins-and-side-pots.ipynb", "03a all-ins and side pots (stepper, quiz)"),
    App(
        "04-draw-odds.ipynb", _enabled(".pl-coach .pl-coach-cards button.pl-card"),
        (
            Action("coach: tap a card, odds update", ".pl-coach .pl-coach-cards button.pl-card[data-card='As']",
                   f"{_COACH_SUMMARY} !== before", snapshot=_COACH_SUMMARY),
        ),
        label="04 draw-odds coach",
    ),
    App(
        "05-five-card-draw.ipynb", _enabled(".pl-t button[data-id=start]"),
        (_NEXT_DURING_REVIEW, _NEXT_HAND, _CHECK_CALL, _MARK, _DRAW, _PLAY_AGAIN),
        query="?seed=5",
        opening=(Action("lobby: start", ".pl-t button[data-id=start]", f"{_ON_TABLE} && {_VERSION} !== ''"),),
        idle=_TABLE_IDLE, label="05 Five-Card Draw (6 players)", identity=True,
    ),
    App(
        "06-saloon-draw.ipynb", _enabled(".pl-t button[data-id=start]"),
        (
            _NEXT_HAND,
            Action("bet / raise (spread limit)", _AGGRESSIVE, _NEW_VERSION, when=f"{_ON_TABLE} && {_enabled(_AGGRESSIVE)}",
                   snapshot=_VERSION),
            _CHECK_CALL, _STAND_PAT, _PLAY_AGAIN,
        ),
        query="?seed=12",
        opening=(Action("lobby: deal me in", ".pl-t button[data-id=start]", f"{_ON_TABLE} && {_VERSION} !== ''"),),
        idle=_TABLE_IDLE, label="06 Saloon Draw (5 players)", identity=True,
    ),
    App(
        "07-four-rows.ipynb", _enabled(".fr-place"),
        (
            Action("place a card", ".fr-place:not([disabled])", f"{_text('.fr-deck-button')} !== before",
                   when=f"{_enabled('.fr-place')} && !document.querySelector('.fr-final')",
                   snapshot=_text(".fr-deck-button")),
            Action("new game", ".fr-new", "!document.querySelector('.fr-final') && " + _enabled(".fr-place"),
                   when="document.querySelector('.fr-final') !== null"),
        ),
        label="07 Four Rows",
    ),
    App(
        "08-tournament-ladder.ipynb", _enabled(_LEVEL_ONE),
        (
            _NEXT_HAND, _CHECK_CALL, _STAND_PAT,
            Action("back to the ladder (end screen)", ".pl-t button[data-id=lobby]", f"{_SCREEN} === 'lobby'",
                   when=f"{_SCREEN} === 'end'"),
            _START_LEVEL_ONE,
        ),
        query="?seed=31",
        opening=(_START_LEVEL_ONE,),
        idle=_TABLE_IDLE, label="08 Tournament Ladder (level 1)", identity=True,
    ),
)

# Clicks in the page, then resolves with the milliseconds until `done` holds (checked on every DOM change).
_TIMED_CLICK = """async ([selector, done, snapshot, timeoutMs, first]) => {
  const before = new Function(`return (${snapshot});`)();
  const isDone = new Function("before", `return Boolean(${done});`);
  if (first) {
    const opener = document.querySelector(first);
    if (!opener) return null;
    opener.click();  // e.g. start the review; the timed click follows at once
  }
  const target = document.querySelector(selector);
  if (!target) return null;  // the page changed since "when" was checked: this round skips it
  return await new Promise((resolve, reject) => {
    const start = performance.now();
    const finish = () => { observer.disconnect(); clearTimeout(timer); resolve(performance.now() - start); };
    const observer = new MutationObserver(() => { if (isDone(before)) finish(); });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(`no update after clicking ${selector}`)); }, timeoutMs);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    target.click();
    if (isDone(before)) finish();
  });
}"""


def _children(pid: int) -> dict[int, str]:
    """Descendant process ids of ``pid`` with their command lines (psutil if installed, else /proc)."""
    try:
        import psutil

        found = {}
        for child in psutil.Process(pid).children(recursive=True):
            try:
                found[child.pid] = " ".join(child.cmdline())
            except psutil.Error:  # gone, or a zombie the server has not reaped yet
                continue
        return found
    except ImportError:
        found: dict[int, str] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                parent = int(stat.rsplit(")", 1)[1].split()[1])
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except (OSError, ValueError, IndexError):
                continue
            if parent == pid or parent in found:
                found[int(entry.name)] = command
        return found


def memory_mb(pid: int) -> dict[str, float]:
    """{"uss", "pss", "rss"} in MB (psutil), or only "rss" from /proc without psutil."""
    try:
        import psutil

        info = psutil.Process(pid).memory_full_info()
        return {"uss": info.uss / 2**20, "pss": info.pss / 2**20, "rss": info.rss / 2**20}
    except ImportError:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return {"rss": int(line.split()[1]) / 1024}
        raise RuntimeError(f"no VmRSS for process {pid}") from None


def _format_memory(memory: dict[str, float]) -> str:
    return ", ".join(f"{key.upper()} {value:.0f} MB" for key, value in memory.items()) or "not measured"


def wait_until_quiet(server_pid: int, timeout: float = 180) -> None:
    """Wait until the preheated pools are full and idle: after voila.json's fill delay, no kernel
    appears, and neither the kernels nor Voilà itself (which renders each pool's page in advance)
    use CPU, for two checks in a row."""
    import psutil

    time.sleep(1.5)  # fill_delay (1 s) before a pool starts its replacement kernel
    deadline = time.monotonic() + timeout
    previous: set[int] = set()
    while time.monotonic() < deadline:
        found = _kernels(server_pid)
        try:
            processes = [psutil.Process(pid) for pid in (*found, server_pid)]
            before = sum(sum(p.cpu_times()[:2]) for p in processes)
            time.sleep(1.0)
            used = sum(sum(p.cpu_times()[:2]) for p in processes) - before
        except psutil.Error:
            continue
        if found == previous and used < 0.03 and _kernels(server_pid) == found:
            return
        previous = found
    raise RuntimeError(f"the kernel pools did not settle within {timeout:.0f} s")


def _kernels(server_pid: int) -> set[int]:
    from pokerlab.serving.forking import kernel_processes  # forked kernels have no "ipykernel" in their command

    return {process.pid for process in kernel_processes(server_pid)}


def _cpu_seconds(pids: set[int]) -> dict[int, float]:
    try:
        import psutil
    except ImportError:
        return {}
    seconds = {}
    for pid in pids:
        try:
            seconds[pid] = sum(psutil.Process(pid).cpu_times()[:2])
        except psutil.Error:
            continue
    return seconds


def _wait_until_idle(pid: int, quiet: float = 1.0, limit: float = 30.0) -> None:
    """Wait until kernel ``pid`` used no CPU for ``quiet`` seconds (at most ``limit``): work the
    last click started (the coach's simulation, a review) runs in a thread after the view updated,
    and its arrays would count in the memory of a kernel that is about to be idle."""
    deadline = time.monotonic() + limit
    last = _cpu_seconds({pid}).get(pid)
    while last is not None and time.monotonic() < deadline:
        time.sleep(quiet)
        now = _cpu_seconds({pid}).get(pid)
        if now is None or now - last < 0.02:
            return
        last = now


def _busiest(before: dict[int, float], after: dict[int, float]) -> int | None:
    """The kernel that used the most CPU between the two snapshots: the one serving the page
    while the learner played (a new kernel counts from zero)."""
    return max(after, key=lambda pid: after[pid] - before.get(pid, 0.0), default=None)


def _wait_for(page: Page, expression: str, timeout_ms: float = 60_000) -> None:
    page.wait_for_function(f"() => Boolean({expression})", timeout=timeout_ms)


def _start_voila(folder: Path, data_dir: str, preheat: bool = False) -> tuple[subprocess.Popen, str]:
    """Voilà serving ``folder``. Kernels of pages already measured stay until the server stops (idle,
    they use memory but no CPU); culling them sooner would also cull a new page's kernel in the gap
    between its last cell and the page connecting."""
    return voila_server.start_voila(folder, data_dir, f"--VoilaConfiguration.preheat_kernel={preheat}", wait=60)


def _timed_click(page: Page, action: Action) -> float | None:
    return page.evaluate(_TIMED_CLICK, [action.click, action.done, action.snapshot, 30_000, action.first])


def _play(page: Page, app: App, rounds: int, clicks: dict[str, list[float]]) -> int:
    """Up to ``rounds`` rounds of the app's actions; returns the rounds played (fewer when nothing
    applies any more, e.g. a wallet too empty for another ladder level)."""
    for played in range(rounds):
        acted = False
        for action in app.actions:
            _wait_for(page, app.idle, 30_000)
            if page.evaluate(f"() => Boolean({action.when})"):
                elapsed = _timed_click(page, action)
                if elapsed is not None:
                    clicks.setdefault(action.name, []).append(elapsed)
                    acted = True
        if not acted:
            return played
    return rounds


_IDENTITY = ".pl-id"
_ASKING_OR_KNOWN = f"document.querySelector('{_IDENTITY}[data-state=asking], {_IDENTITY}[data-state=known]') !== null"


def _sign_in(page: Page) -> None:
    """Answer the first-visit question with a fresh name (every page load is a new learner)."""
    if page.get_attribute(_IDENTITY, "data-state") == "asking":
        page.fill(f"{_IDENTITY} input[name=learner_name]", f"Bench {secrets.token_hex(3)}")
        page.click(f"{_IDENTITY} .pl-id-go")


def _leave_as_a_stranger(page: Page) -> None:
    """Leave the page and forget who was playing (the identity key lives in the page's localStorage),
    so the next load is a new learner, who meets the lobby rather than "continue your game"."""
    page.evaluate("() => window.localStorage.clear()")
    page.goto("about:blank")


def _starting_kernel_lookalike() -> subprocess.Popen:
    """A process that does what a starting kernel does first: import Python, the widgets and pokerlab."""
    code = "import ipykernel.kernelapp, ipywidgets, pokerlab.widgets.apps"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _kernel_message(frame: bytes | str) -> tuple[str, str]:
    """(msg_type, comm method) of a kernel websocket frame (Jupyter Server's v1 binary protocol:
    a count, offsets, then channel, header, parent header, metadata, content, buffers)."""
    if isinstance(frame, str):
        return "", ""
    try:
        count = struct.unpack_from("<Q", frame, 0)[0]
        offsets = [*struct.unpack_from(f"<{count}Q", frame, 8), len(frame)]
        header = json.loads(frame[offsets[1]:offsets[2]])
        method = ""
        if header.get("msg_type") == "comm_msg":
            method = json.loads(frame[offsets[4]:offsets[5]]).get("data", {}).get("method", "")
        return header.get("msg_type", ""), method
    except (struct.error, ValueError, IndexError, AttributeError):
        return "", ""


class OpeningPhases:
    """When the phases of one page load ended, in seconds from ``page.goto``: the window's load
    event (HTML, styles and every script the page loads before it), the kernel's websocket, the
    widgets' state arriving (``update_states``, the answer to the page's one request for all widget
    models), and the requests the page made (resource timing: count and decoded bytes)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.start = 0.0
        self.socket = math.nan
        self.states = math.nan
        page.on("websocket", self._on_socket)

    def begin(self) -> None:
        self.start, self.socket, self.states = time.perf_counter(), math.nan, math.nan

    def _on_socket(self, socket) -> None:  # noqa: ANN001 - playwright WebSocket
        if "/api/kernels/" not in socket.url:
            return
        self.socket = time.perf_counter() - self.start
        socket.on("framereceived", self._on_frame)

    def _on_frame(self, frame: bytes | str) -> None:
        if math.isnan(self.states) and _kernel_message(frame) == ("comm_msg", "update_states"):
            self.states = time.perf_counter() - self.start

    def finish(self, playable: float) -> dict[str, float]:
        timing = self.page.evaluate("""() => {
          const resources = performance.getEntriesByType('resource').filter(r => !r.name.startsWith('blob:'));
          return {load: performance.getEntriesByType('navigation')[0].loadEventStart / 1000,
                  requests: resources.length + 1,
                  megabytes: resources.reduce((sum, r) => sum + r.decodedBodySize, 0) / 1e6};
        }""")
        return {**timing, "socket": self.socket, "states": self.states, "playable": playable}


def measure(app: App, page: Page, url: str, server_pid: int, opens: int, rounds: int,
            settle: bool = False, busy: bool = False) -> dict[str, object]:
    """``settle``: wait for full, idle kernel pools before each page load (preheated mode)."""
    playable: list[float] = []
    phases: list[dict[str, float]] = []
    clicks: dict[str, list[float]] = {}
    memory: dict[str, float] = {}
    played = 0
    watch = OpeningPhases(page)
    for attempt in range(opens):
        if settle:
            wait_until_quiet(server_pid)
        other = _starting_kernel_lookalike() if busy else None
        start = time.perf_counter()
        watch.begin()
        page.goto(f"{url}/voila/render/{app.notebook}{app.query}", timeout=60_000)
        if app.identity:  # playable = the learner can answer "who is playing?" (or is known already)
            _wait_for(page, _ASKING_OR_KNOWN)
            playable.append(time.perf_counter() - start)
            phases.append(watch.finish(playable[-1]))
            _sign_in(page)
            _wait_for(page, app.playable)
        else:
            _wait_for(page, app.playable)
            playable.append(time.perf_counter() - start)
            phases.append(watch.finish(playable[-1]))
        if other is not None:
            other.wait(60)
        if busy:
            _leave_as_a_stranger(page)
            continue  # only the opening is measured under load
        for action in app.opening:
            elapsed = _timed_click(page, action)
            if elapsed is not None:
                clicks.setdefault(action.name, []).append(elapsed)
        if attempt == opens - 1:
            cpu_before = _cpu_seconds(_kernels(server_pid))
            played = _play(page, app, rounds, clicks)
            serving = _busiest(cpu_before, _cpu_seconds(_kernels(server_pid)))
            if serving is not None:
                _wait_until_idle(serving)
                memory = memory_mb(serving)
        _leave_as_a_stranger(page)
    page.remove_listener("websocket", watch._on_socket)
    return {"playable": playable, "phases": phases, "clicks": clicks, "memory": memory, "rounds": played}


_FLOOR_CELLS = {
    "floor-1-text-only.ipynb": ("markdown", "Floor: a page with one line of text."),
    "floor-2-one-button.ipynb": ("code", "import ipywidgets\nipywidgets.Button(description='Ready')"),
    "floor-3-pokerlab-imports.ipynb": (
        "code", "import pokerlab.widgets.apps\nimport ipywidgets\nipywidgets.Button(description='Ready')"),
}
FLOOR_APPS = (
    App("floor-1-text-only.ipynb", "document.body.innerText.includes('one line of text')", label="floor: text only"),
    App("floor-2-one-button.ipynb", _enabled(".widget-button"), label="floor: one ipywidgets button"),
    App("floor-3-pokerlab-imports.ipynb", _enabled(".widget-button"),
        label="floor: button after import pokerlab.widgets.apps"),
)


def _write_floor(folder: Path) -> None:
    for name, (kind, source) in _FLOOR_CELLS.items():
        cell = {"cell_type": kind, "metadata": {}, "source": source}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        notebook = {"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                    "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}
        (folder / name).write_text(json.dumps(notebook))
    shutil.copy(NOTEBOOKS / "voila.json", folder / "voila.json")  # the same template and settings


def _report(app: App, figures: dict[str, object], rounds: int) -> None:
    playable = figures["playable"]
    print(f"\n{app.label or app.notebook}  [{app.notebook}{app.query}]")
    print(f"  open to playable: median {statistics.median(playable):.2f} s, worst {max(playable):.2f} s "
          f"({len(playable)} page loads)")
    phases = figures["phases"]
    if phases:
        middle = {key: statistics.median(phase[key] for phase in phases) for key in phases[0]}
        print(f"  opening, median seconds from page.goto: window load event {middle['load']:.2f}, kernel websocket "
              f"{middle['socket']:.2f}, widget states received {middle['states']:.2f}, playable {middle['playable']:.2f} "
              f"({middle['requests']:.0f} requests, {middle['megabytes']:.1f} MB)")
    print(f"  kernel memory: {_format_memory(figures['memory'])}")
    if app.actions and figures["rounds"] < rounds:
        print(f"  (played {figures['rounds']} of {rounds} rounds: then no action applied)")
    for name, times in figures["clicks"].items():
        p95 = float(np.percentile(times, 95))
        print(f"  click to update, {name}: median {statistics.median(times):.0f} ms, "
              f"95th percentile {p95:.0f} ms ({len(times)} clicks)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer page loads and clicks (a smoke run)")
    parser.add_argument("--apps", default="", help="comma-separated notebook numbers, e.g. 05,06 (default: all)")
    parser.add_argument("--floor", action="store_true", help="also measure generated minimal pages (the floor)")
    parser.add_argument("--modes", default="cold,preheated", help="cold, preheated or both (comma-separated)")
    parser.add_argument("--busy", action="store_true",
                        help="also time page loads while another kernel-like process starts")
    parser.add_argument("--opens", type=int, help="page loads per app (default 3, 1 with --quick)")
    parser.add_argument("--rounds", type=int, help="rounds of actions after the last load (default 40, 8 with --quick)")
    args = parser.parse_args()
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip() in ("cold", "preheated")]
    opens, rounds = (1, 8) if args.quick else (3, 40)
    opens = args.opens if args.opens is not None else opens
    rounds = args.rounds if args.rounds is not None else rounds
    chosen = {part.strip().zfill(2) for part in args.apps.split(",") if part.strip()}
    apps = [app for app in APPS if not chosen or app.notebook[:2] in chosen]
    chromium = os.environ.get("POKERLAB_CHROMIUM", "/usr/bin/chromium")

    import voila

    print(f"machine: {describe()} | voila {voila.__version__}")
    print(f"at start: {load_average()}")
    print(f"browser: {chromium} (headless, 1280x900), server: Voilà on loopback with POKERLAB_TEST_MODE=1 "
          f"(no pause before computer opponents act); {opens} page load(s) per app, up to {rounds} rounds of actions")
    print("goals: click-to-update median <= 100 ms (also during a review), playable <= 1.0 s preheated and idle, "
          "<= 2.5 s while another kernel starts, <= 100 MB unique memory (USS) per kernel")
    with tempfile.TemporaryDirectory() as data_dir, tempfile.TemporaryDirectory() as floor_dir, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.route("**/*", lambda route, request: route.continue_()
                   if request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:"))
                   else route.abort())  # no CDN at run time, as in the browser tests
        servings = [(NOTEBOOKS, apps, mode) for mode in modes]
        if args.floor:
            _write_floor(Path(floor_dir))
            servings[:0] = [(Path(floor_dir), list(FLOOR_APPS), mode) for mode in modes]
        for folder, group, mode in servings:
            preheat = mode == "preheated"
            process, url = _start_voila(folder, data_dir, preheat=preheat)
            print(f"\n=== {mode}: {'kernels from voila.json pools, settled before each load' if preheat else 'a new kernel per page load'}"
                  f" ({'generated floor pages' if folder != NOTEBOOKS else 'notebooks/'})  [{load_average()}]")
            try:
                for app in group:
                    if not (folder / app.notebook).exists():
                        print(f"\n{app.notebook}: not written yet, skipped")
                        continue
                    try:
                        figures = measure(app, page, url, process.pid, opens, rounds, settle=preheat)
                        _report(app, figures, rounds)
                        if args.busy:
                            loaded = measure(app, page, url, process.pid, opens, 0, settle=preheat, busy=True)
                            times = loaded["playable"]
                            print(f"  open to playable while another kernel-like process starts: median "
                                  f"{statistics.median(times):.2f} s, worst {max(times):.2f} s ({len(times)} page loads)")
                    except Exception as error:  # noqa: BLE001 - report it and measure the other apps
                        print(f"\n{app.label or app.notebook}: FAILED: {str(error).splitlines()[0]}")
                        page.goto("about:blank")
                        continue
            finally:
                voila_server.stop(process)
        browser.close()
    print(f"\nat the end: {load_average()}")


if __name__ == "__main__":
    main()
