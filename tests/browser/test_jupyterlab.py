"""The lessons in JupyterLab, where learners also read them: keys, contrast, and a page opened again.

One JupyterLab server for the module (temporary settings, workspaces, data and root folders; the root
holds copies of the lessons, so saving and playing never touch the repository) and one browser page.
Each lesson is opened and run once (Run All Cells) for the tests that need it running:

- keys: for each kind of widget on the page, a mouse click on its plain text, then D D, R, C, B, Enter,
  digits and the arrows, which in command mode are JupyterLab's shortcuts (D D deletes the cell, R makes
  it raw, C copies, B inserts a cell, Enter opens the editor, digits make headings, arrows move between
  cells). No notebook command may run, no cell may change, the notebook stays in command mode and focus
  stays in the widget; then Escape gives the notebook its keys back (focus on the cell, ArrowDown moves).
- contrast: axe-core's colour-contrast rule over every widget output in JupyterLab's light and dark
  themes (violations, and text axe could not decide, both count), text drawn in SVG measured the same
  way by hand (axe leaves SVG text undecided), and inputs keep the widget's own colours in both themes.
- a lesson saved, closed with its kernel and opened again shows, in each widget's place, the plain
  instruction to run the page instead of JupyterLab's "Error displaying widget: model not found".

A last test plays the table, Four Rows, the trainer, a quiz and the coach with their own keys for a few
rounds (betting, the draw, a hand's end) and checks the notebook around them again.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import axe_playwright_python
import pytest
from tests.browser.conftest import NOTEBOOKS, _free_port, _is_local, _skip_or_fail_without_chromium, chromium_path, serve

from pokerlab.widgets._reopen import NOTE_TEXT

AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js")
LESSONS = sorted(path.name for path in NOTEBOOKS.glob("0*.ipynb")) + ["teacher-board.ipynb"]
NOTEBOOK_KEYS = ["d", "d", "r", "c", "b", "Enter", "1", "2", "3", "ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"]
THEMES = ["JupyterLab Light", "JupyterLab Dark"]
WIDGET_OUTPUTS = "[data-pl-widget], .pl-keys, .jupyter-widgets"
"""What makes an output a pokerlab widget's (an anywidget's element, a picture, an ipywidgets layout)."""

# A little JupyterLab, driven through the application object (exposed with --LabApp.expose_app_in_browser).
OPEN = """async (path) => {
  const app = window.jupyterapp;
  for (const widget of [...app.shell.widgets("main")]) widget.dispose();
  const panel = await app.commands.execute("docmanager:open", { path });
  window.plPanel = panel;  // the notebook the helpers below work on
  app.shell.activateById(panel.id);
  await panel.context.ready;
  await panel.sessionContext.ready;
  window.plCommands = [];
  if (!window.plWatching) {
    window.plWatching = true;
    app.commands.commandExecuted.connect((_, args) => window.plCommands.push(args.id));
  }
}"""
RUN_ALL = "window.jupyterapp.commands.execute('notebook:run-all-cells')"
RAN = """() => {
  const panel = window.plPanel;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== "idle") return null;
  const code = panel.content.widgets.filter((cell) => cell.model.type === "code");
  const failed = code.filter((cell) => [...Array(cell.model.outputs.length).keys()]
    .some((i) => cell.model.outputs.get(i).type === "error"));
  if (failed.length) return failed.map((cell) => cell.model.sharedModel.getSource().slice(0, 80)).join(" / ");
  if (!code.every((cell) => cell.model.executionCount !== null)) return null;
  const outputs = [...document.querySelectorAll(".jp-OutputArea-output")];
  return outputs.some((o) => o.textContent === "Loading widget...") ? null : "ran";
}"""
CELLS = """() => {
  const cells = window.plPanel.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) out.push([cells.get(i).type, cells.get(i).sharedModel.getSource()]);
  return out;
}"""
MODE = "window.plPanel.content.mode"
TO_THE_TABLE = ".pl-t [data-id='start'], .pl-t [data-id='continue']"
"""The lobby's Start, or Continue when the learner's game from an earlier page is kept."""
# Number every widget output (data-lab-widget) and name its kind: the pokerlab class it shows first.
MARK_WIDGETS = """(selector) => {
  const found = [];
  for (const output of document.querySelectorAll(".jp-OutputArea-output")) {
    if (!output.querySelector(selector) && !output.matches(".pl-keys")) continue;
    output.dataset.labWidget = String(found.length);
    const named = output.querySelector("[class*='pl-'], .fr");
    const kind = named ? [...named.classList].find((c) => c.startsWith("pl-") || c === "fr") : "ipywidgets";
    found.push(kind);
  }
  return found;
}"""
# A point on the first plain text of a widget output, really on top there (nothing covers it): not in a
# button, a field or a link; text drawn in SVG only when the output has no other (a pot picture).
TEXT_POINT = """(output) => {
  for (const inSvg of [false, true]) {
    const walker = document.createTreeWalker(output, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent.trim() || parent.closest("button, input, select, textarea, label, a, style, kbd")) continue;
      if (Boolean(parent.closest("svg")) !== inSvg) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getClientRects()[0];
      if (!box || box.width < 3 || box.height < 3) continue;
      const x = box.left + Math.min(box.width / 2, 12), y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === parent || parent.contains(hit))) return { x, y, text: node.textContent.trim().slice(0, 40) };
    }
  }
  return null;
}"""
BUTTON_POINT = """(output) => {
  const button = output.querySelector(".jupyter-button:not([disabled])");  // a plain ipywidgets control of our layout
  if (!button) return null;
  const box = button.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}"""
FOCUS_IN = "(output) => output.contains(document.activeElement)"
FOCUS_ON_CELL = """(output) => {
  const cell = output.closest(".jp-Cell");
  return document.activeElement === cell || (cell.contains(document.activeElement) && !output.contains(document.activeElement));
}"""
# WCAG contrast of SVG text (axe cannot decide it): its fill against what lies under the middle of it,
# the first opaque SVG shape or HTML background, with translucent layers above that blended in.
SVG_TEXT_CONTRAST = """(output) => {
  const rgba = (text) => {
    const m = text && text.match(/rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)(?:,\\s*([\\d.]+))?\\)/);
    return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
  };
  const over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const found = [];
  for (const text of output.querySelectorAll("svg text")) {
    if (!text.textContent.trim()) continue;
    const box = text.getBoundingClientRect();
    if (!box.width) continue;
    const layers = [];
    for (const el of document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2)) {
      if (el === text || text.contains(el)) continue;
      const style = getComputedStyle(el);
      let colour = null;
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement) && el.tagName !== "g" && el.tagName !== "text") {
        colour = rgba(style.fill);
        if (colour) colour[3] *= +style.fillOpacity * +style.opacity;
      } else if (!(el instanceof SVGElement)) {
        colour = rgba(style.backgroundColor);
        if (colour) colour[3] *= +style.opacity;
      }
      if (!colour || colour[3] === 0) continue;
      layers.push(colour);
      if (colour[3] >= 1) break;
    }
    let background = [255, 255, 255, 1];
    for (const layer of layers.reverse()) background = over(layer, background);
    const style = getComputedStyle(text);
    const fill = rgba(style.fill) || [0, 0, 0, 1];
    fill[3] *= +style.fillOpacity * +style.opacity;
    const colour = over(fill, background);
    const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < 4.5) found.push(`${ratio.toFixed(2)}:1 svg text "${text.textContent.trim().slice(0, 30)}"`);
  }
  return found;
}"""
AXE_CONTRAST = """async (indices) => {
  // One axe run over the given widget outputs (each run walks the whole of JupyterLab's page, so one
  // run, not one per output); each finding goes to the output it lies in.
  const outputs = indices.map((i) => document.querySelector(`[data-lab-widget="${i}"]`));
  const result = await axe.run({ include: outputs, exclude: [["svg"]] },
                               { runOnly: ["color-contrast"], resultTypes: ["violations", "incomplete"], elementRef: true });
  const found = Object.fromEntries(indices.map((i) => [i, []]));
  for (const [kind, list] of [["fails", result.violations], ["undecided", result.incomplete]]) {
    for (const rule of list) for (const node of rule.nodes) {
      const check = node.any[0] || {};
      const data = check.data || {};
      const ratio = data.contrastRatio ? `${data.contrastRatio}:1 ${data.fgColor} on ${data.bgColor}` : check.message;
      const output = node.element && node.element.closest("[data-lab-widget]");
      found[output ? output.dataset.labWidget : indices[0]].push(
        `${kind}: ${ratio}: ${node.target.join(" ").slice(-80)} ${node.html.slice(0, 80)}`);
    }
  }
  return found;
}"""
INPUT_COLOURS = """(output) => [...output.querySelectorAll("input, select, textarea")].map((el) => {
  const style = getComputedStyle(el);
  return `${el.className || el.tagName}: ${style.color} on ${style.backgroundColor}`;
})"""


def _lab_settings(folder: Path) -> None:
    """Every cell in the page (no windowing: a test sees every output) and no news pop-up."""
    for plugin, settings in {
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "@jupyterlab/apputils-extension/themes": {"theme": THEMES[0]},
    }.items():
        path = folder / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))


@pytest.fixture(scope="module")
def lab_url(server_env: dict[str, str], dealer_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on loopback over copies of the lessons, with the dealer beside it (live tables)."""
    if chromium_path() is None:
        _skip_or_fail_without_chromium()
    home = tmp_path_factory.mktemp("lab")
    for name in ("settings", "workspaces", "root", "runtime"):
        (home / name).mkdir()
    _lab_settings(home / "settings")
    for name in LESSONS:
        shutil.copy(NOTEBOOKS / name, home / "root" / name)
    shutil.copy(NOTEBOOKS / "02-tie-breaks.ipynb", home / "root" / "reopened.ipynb")
    (home / "root" / "keys.ipynb").write_text(json.dumps(_notebook(PLAYED)))
    port = _free_port()
    env = {
        **server_env, "POKERLAB_DEALER_URL": dealer_url,
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERHUB_USER": "keys-tester",  # a known learner: the apps ask no name (issue 13)
    }
    log = open(home / "lab.log", "w+")
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={home / 'root'}",
               "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True", "--allow-root"]
    url = f"http://127.0.0.1:{port}"
    with serve(command, home / "root", env, log, f"{url}/lab", "JupyterLab"):
        yield url


@pytest.fixture(scope="module")
def lab(browser, lab_url: str):  # noqa: ANN001, ANN201 - playwright objects
    """One page of JupyterLab for the module (nothing but this machine is reachable from it)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.route("**/*", lambda route: route.continue_() if _is_local(route.request.url) else route.abort())
    page.goto(f"{lab_url}/lab?reset", timeout=90_000)
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.commands.hasCommand('notebook:run-all-cells')",
                           timeout=90_000)
    yield page
    context.close()


def open_notebook(page, name: str, run: bool = True) -> None:  # noqa: ANN001
    """Open ``name`` (closing what was open) and, with ``run``, run all its cells and wait for its widgets."""
    page.evaluate(OPEN, name)
    if not run:
        return
    page.wait_for_function("window.plPanel.sessionContext.session.kernel.connectionStatus === 'connected'",
                           timeout=90_000)
    page.evaluate(RUN_ALL)
    ran = page.wait_for_function(RAN, timeout=120_000, polling=250).json_value()
    assert ran == "ran", f"{name}: a cell failed: {ran}"


def close_notebook(page) -> None:  # noqa: ANN001
    page.evaluate("""async () => {
        const panel = window.plPanel;
        await panel.sessionContext.shutdown();
        panel.dispose();
    }""")


@dataclass
class Lesson:
    name: str
    page: object
    kinds: list[str]
    """The kind of widget of each widget output on the page, in order (see MARK_WIDGETS)."""

    def output(self, index: int):  # noqa: ANN201 - a playwright handle
        return self.page.query_selector(f'[data-lab-widget="{index}"]')


@pytest.fixture(scope="module", params=LESSONS)
def lesson(request, lab) -> Iterator[Lesson]:  # noqa: ANN001
    """A lesson open and run; the tests that use it share one run (pytest groups them by lesson)."""
    open_notebook(lab, request.param)
    kinds = lab.evaluate(MARK_WIDGETS, WIDGET_OUTPUTS)
    assert kinds, f"{request.param}: no widget drawn"
    yield Lesson(request.param, lab, kinds)
    close_notebook(lab)


def test_a_click_on_a_widget_keeps_the_notebook_keys_out_and_escape_gives_them_back(lesson: Lesson) -> None:
    page = lesson.page
    before = page.evaluate(CELLS)
    problems, tried = [], set()
    for index, kind in enumerate(lesson.kinds):
        if kind in tried:  # one of each kind per page (the many showdown pictures of 02 are alike)
            continue
        tried.add(kind)
        output = lesson.output(index)
        if not output.inner_text().strip():
            continue  # shows nothing now (a progress line whose note is empty): nothing to click
        for what, locate in [("its text", TEXT_POINT), ("its ipywidgets button", BUTTON_POINT)]:
            output.scroll_into_view_if_needed()
            point = page.evaluate(locate, output)
            where = f"{lesson.name}, {kind} ({what}{', ' + repr(point['text']) if point and 'text' in point else ''})"
            if point is None:
                if locate is TEXT_POINT:
                    problems.append(f"{where}: no plain text to click")
                continue
            page.mouse.click(point["x"], point["y"])
            if not page.evaluate(FOCUS_IN, output):
                problems.append(f"{where}: the click left focus on {page.evaluate('document.activeElement.className')!r}")
                continue
            page.evaluate("window.plCommands = []")
            for key in NOTEBOOK_KEYS:
                page.keyboard.press(key)
            page.wait_for_timeout(250)  # the kernel's answers to the widget's own keys
            commands = page.evaluate("window.plCommands")
            if commands:
                problems.append(f"{where}: the notebook ran {commands}")
            if page.evaluate(CELLS) != before:
                problems.append(f"{where}: the notebook's cells changed")
                before = page.evaluate(CELLS)
            if page.evaluate(MODE) != "command":
                problems.append(f"{where}: the notebook left command mode")
            if not page.evaluate(FOCUS_IN, output):
                problems.append(f"{where}: focus left the widget during the keys")
                continue
            problems += [f"{where}: {problem}" for problem in _own_keys_work(page, output, kind)]
            for _ in range(2):  # a widget may use the first Escape itself (Four Rows: cancel a half-typed move)
                page.keyboard.press("Escape")
                if page.evaluate(FOCUS_ON_CELL, output):
                    break
            else:
                problems.append(f"{where}: Escape did not give focus back to the cell")
                continue
            page.evaluate("window.plCommands = []")
            page.keyboard.press("ArrowDown")
            if "notebook:move-cursor-down" not in page.evaluate("window.plCommands"):
                problems.append(f"{where}: after Escape the notebook's keys still do nothing")
    assert not problems, "\n".join(problems)


SETTLED_COUNTER = """async (output) => {
  const read = () => output.querySelector('.pl-hs-counter').innerText;
  let last = read(), since = Date.now();
  for (const end = Date.now() + 5000; Date.now() < end && Date.now() - since < 500;) {
    await new Promise((done) => setTimeout(done, 50));
    const now = read();
    if (now !== last) [last, since] = [now, Date.now()];
  }
  return last;
}"""


def _own_keys_work(page, output, kind: str) -> list[str]:  # noqa: ANN001
    """The keys a widget answers to still work after a click on its text: the stepper steps on
    ArrowRight; the quiz took the digit "1" pressed above as its answer."""
    if kind == "pl-hs":
        # The arrows pressed above are still coming back from the kernel, and each redraw replaces the
        # counter: read it afresh, once it has stood still for half a second.
        before = page.evaluate(SETTLED_COUNTER, output)
        page.keyboard.press("ArrowRight")
        try:
            # With "Predict first" on (02a, 03a), the arrow asks about the next step before showing it.
            page.wait_for_function("([output, before]) => output.querySelector('.pl-hs-counter').innerText !== before"
                                   " || output.querySelector('.pl-hs-question') !== null",
                                   arg=[output, before], timeout=5_000)
        except Exception:  # noqa: BLE001 - reported below
            return [f"ArrowRight did not step (still {before!r})"]
    if kind == "pl-quiz" and not output.query_selector(".pl-quiz-feedback[data-correct]"):
        return ["the digit keys did not answer the question"]
    return []


def test_every_widget_text_meets_4_5_to_1_in_the_light_and_dark_themes(lesson: Lesson) -> None:
    page = lesson.page
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    # JupyterLab's <html> and <body> are 0 px tall (its shell is positioned over them), which makes axe
    # count everything inside as off-screen; a full-height body changes nothing else on the page.
    page.evaluate("document.documentElement.style.height = '100%'; document.body.style.height = '100%'")
    page.set_viewport_size({"width": 1366, "height": 4000})  # tall widgets fit on screen, several at once
    problems, inputs = [], {}
    try:
        for later in (False, True):
            moved = set()
            if later:  # a second look at what moves on: every hand stepper at its end (folded seats,
                # side pots, the showdown) and every table past its lobby (the felt, the seats, the bar)
                for index, kind in enumerate(lesson.kinds):
                    control = lesson.output(index).query_selector(TO_THE_TABLE + ", .pl-hs [data-key='last']")
                    if control:
                        control.click()
                        moved.add(index)
                if not moved:
                    break
                page.wait_for_timeout(1_000)
            for theme in reversed(THEMES) if later else THEMES:  # the theme already on first: one switch fewer
                set_theme(page, theme)
                looked_at = [index for index in range(len(lesson.kinds)) if not later or index in moved]
                for batch in _wholly_on_screen_batches(lesson, looked_at):
                    found = page.evaluate(AXE_CONTRAST, batch)
                    for index in batch:
                        output = lesson.output(index)
                        where = f"{lesson.name} ({theme}), {lesson.kinds[index]} #{index}"
                        problems += [f"{where}: {line}" for line in found[str(index)]]
                        problems += [f"{where}: {line}" for line in page.evaluate(SVG_TEXT_CONTRAST, output)]
                        inputs.setdefault(index, {})[theme] = page.evaluate(INPUT_COLOURS, output)
    finally:
        set_theme(page, THEMES[0])
        page.set_viewport_size({"width": 1366, "height": 900})
    for index, seen in inputs.items():
        if len(set(map(tuple, seen.values()))) > 1:
            problems.append(f"{lesson.name}, {lesson.kinds[index]} #{index}: its inputs change colour with the theme: {seen}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


# The outputs of ``indices`` wholly inside the notebook's visible area, a margin clear of its edges
# (where JupyterLab's toolbars and status bar lie over it).
WHOLLY_ON_SCREEN = """(indices) => {
  const area = window.plPanel.content.node.getBoundingClientRect();
  const top = Math.max(area.top, 0) + 24, bottom = Math.min(area.bottom, window.innerHeight) - 24;
  return indices.filter((i) => {
    const box = document.querySelector(`[data-lab-widget="${i}"]`).getBoundingClientRect();
    return box.top >= top && box.bottom <= bottom;
  });
}"""
SCROLL_TO_TOP = """(el) => {
  el.scrollIntoView({ block: 'start' });
  let scroller = el.parentElement;  // the notebook's own scroller, whichever of its parents that is
  while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
  if (scroller) scroller.scrollTop = Math.max(0, scroller.scrollTop - 48);
}"""


def _wholly_on_screen_batches(lesson: Lesson, indices: list[int]) -> Iterator[list[int]]:
    """The outputs ``indices`` in groups that are wholly on screen together, each group scrolled into
    view before it is given: axe cannot tell the background of text the notebook's panel clips (it calls
    it undecided), and one axe run over a group costs about what one run over one output does."""
    left = list(indices)
    while left:
        first = lesson.output(left[0])
        first.evaluate(SCROLL_TO_TOP)
        batch = lesson.page.evaluate(WHOLLY_ON_SCREEN, left)
        if left[0] not in batch:  # taller than the screen: alone, its middle on screen, as best it can be
            first.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
            batch = [left[0]]
        yield batch
        left = [index for index in left if index not in batch]


def set_theme(page, theme: str) -> None:  # noqa: ANN001
    if page.evaluate("document.body.dataset.jpThemeName") == theme:
        return
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', { theme })", theme)
    page.wait_for_function("(theme) => document.body.dataset.jpThemeName === theme", arg=theme, timeout=30_000)
    page.wait_for_timeout(500)  # the theme's stylesheet applies


def test_a_lesson_saved_and_opened_again_says_to_run_the_page(lab) -> None:  # noqa: ANN001
    page = lab
    open_notebook(page, "reopened.ipynb")
    widgets = page.evaluate("() => document.querySelectorAll('.jp-OutputArea-output:has(> [data-pl-widget], > .jupyter-widgets)').length")
    assert widgets >= 3, "the lesson drew fewer widgets than expected"
    assert not page.locator(".pl-reopen-note >> visible=true").count(), "the note shows while the page runs"
    page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("!window.plPanel.context.model.dirty")
    close_notebook(page)
    open_notebook(page, "reopened.ipynb", run=False)  # a new kernel: the saved outputs name models it has not
    page.wait_for_selector("text=Error displaying widget: model not found", state="attached", timeout=60_000)
    page.wait_for_timeout(500)
    failed = page.locator(".jp-OutputArea-output.jupyter-widgets")
    notes = page.locator(".pl-reopen-note >> visible=true")
    assert failed.count() == widgets, f"{failed.count()} of {widgets} widgets failed to load"
    assert notes.count() == widgets, f"{notes.count()} instructions shown for {widgets} widgets"
    assert all(text == NOTE_TEXT for text in notes.all_inner_texts())
    assert not page.locator("text=Error displaying widget >> visible=true").count(), "the widget error is still shown"
    first_cell = page.locator(".jp-MarkdownCell").first.inner_text()
    assert "In JupyterLab: run this page first (Run › Run All Cells)" in first_cell
    close_notebook(page)


# --- the widgets' own keys, played for a few rounds -------------------------------------------------

PLAYED = [
    ("markdown", "# Keys stay in the widgets\nA cell above the widgets."),
    ("code", "from pokerlab.widgets.apps import FiveCardDrawApp\napp = FiveCardDrawApp(seed=5)\napp"),
    ("code", "from pokerlab.widgets.four_rows import FourRowsWidget\nFourRowsWidget(seed=3)"),
    ("code", "from pokerlab.widgets.trainer import Trainer\nTrainer(seed=4)"),
    ("code", "import numpy as np\nfrom pokerlab.quizzes import LEVELS, tie_break_question\n"
             "from pokerlab.widgets.quiz import Quiz\nQuiz(tie_break_question, LEVELS, rng=np.random.default_rng(1))"),
    ("code", "from pokerlab.widgets.coach import Coach\nCoach('Kh Kd As 4c 2d')"),
    ("markdown", "A cell below the widgets."),
]
ADVERTISED = {  # root selector: the keys each one advertises
    ".pl-t": ["f", "c", "b", "r", "d", "s", "v", "1", "2", "Space"],
    ".fr": ["1", "2", "3", "4", "r", "f", "h", "Escape"],
    ".pl-trainer": ["1", "2", "s", "n"],
    ".pl-quiz": ["1", "2", "3", "Enter"],
    ".pl-coach": ["1", "2", "3", "4", "5"],
}
MORE_KEYS = ["d", "d", "r", "c", "b", "m", "y", "a", "x", "v", "z", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]
ROUNDS = 3


def _notebook(cells: list[tuple[str, str]]) -> dict:
    return {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": source,
             **({"outputs": [], "execution_count": None} if kind == "code" else {})}
            for kind, source in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def test_keys_typed_into_widgets_in_play_never_edit_the_notebook(lab) -> None:  # noqa: ANN001
    page = lab
    open_notebook(page, "keys.ipynb")
    before = page.evaluate(CELLS)
    assert [kind for kind, _ in before] == [kind for kind, _ in PLAYED]
    page.click(TO_THE_TABLE)  # the table: leave the lobby first (its keys work at the table)
    page.wait_for_selector(".pl-t[data-screen='table']")
    problems = []
    inside = """(s) => { const r = document.querySelector(s);
        return r && r.closest(".jp-OutputArea-output").contains(document.activeElement); }"""
    try:
        for selector, advertised in ADVERTISED.items():
            for round_number in range(ROUNDS):
                if not page.evaluate("(s) => Boolean(document.querySelector(s))", selector):
                    break
                page.locator(selector).first.click(position={"x": 12, "y": 12})  # inside its padding: no button there
                for key in advertised + MORE_KEYS:
                    page.keyboard.press(key)
                    page.wait_for_timeout(30)
                    now_inside = page.evaluate(inside, selector)
                    if now_inside is None:
                        problems.append(f"{selector}, round {round_number + 1}: the widget is gone after {key!r}")
                        break
                    if not now_inside:
                        problems.append(f"{selector}, round {round_number + 1}: focus left the widget after {key!r}")
                        page.locator(selector).first.click(position={"x": 12, "y": 12})
                page.wait_for_timeout(200)  # let the kernel answer before the next round
            now = page.evaluate(CELLS)
            if now != before:
                problems.append(f"{selector}: the notebook changed: {[kind for kind, _ in now]} (was {[k for k, _ in before]})")
                break
    finally:
        close_notebook(page)
    assert not problems, "\n".join(problems[:20])
