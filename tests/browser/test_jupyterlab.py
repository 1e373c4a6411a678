"""Keys typed into a widget never edit the notebook around it (JupyterLab, where learners read lessons).

The test serves JupyterLab with temporary settings, workspaces and root folders, opens a notebook
holding the table (a Five-Card Draw app), Four Rows, the trainer, a quiz and the coach, runs it, and
for each widget presses its advertised keys plus D, R, C, B, M, Y, A, X, V, Z and the arrows, a few
rounds (so the table goes through betting, the draw and the hand's end), then checks that the
notebook's cells (count, types, order, sources) are what they were. In command mode these keys are
JupyterLab's shortcuts: D D deletes a cell, M makes it Markdown, A and B insert cells, X cuts, V
pastes, Z undoes, the arrows move between cells. It also checks that focus stays in the widget.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator

import pytest
from tests.browser.conftest import ROOT, _free_port, _skip_or_fail_without_chromium, chromium_path, serve

CELLS = [
    ("markdown", "# Keys stay in the widgets\nA cell above the widgets."),
    ("code", "from pokerlab.widgets.apps import FiveCardDrawApp\napp = FiveCardDrawApp(seed=5)\napp"),
    ("code", "from pokerlab.widgets.four_rows import FourRowsWidget\nFourRowsWidget(seed=3)"),
    ("code", "from pokerlab.widgets.trainer import Trainer\nTrainer(seed=4)"),
    ("code", "import numpy as np\nfrom pokerlab.quizzes import LEVELS, tie_break_question\n"
             "from pokerlab.widgets.quiz import Quiz\nQuiz(tie_break_question, LEVELS, rng=np.random.default_rng(1))"),
    ("code", "from pokerlab.widgets.coach import Coach\nCoach('Kh Kd As 4c 2d')"),
    ("markdown", "A cell below the widgets."),
]
WIDGETS = {  # root selector: the keys each one advertises
    ".pl-t": ["f", "c", "b", "r", "d", "s", "v", "1", "2", "Space"],
    ".fr": ["1", "2", "3", "4", "r", "f", "h", "Escape"],
    ".pl-trainer": ["1", "2", "s", "n"],
    ".pl-quiz": ["1", "2", "3", "Enter"],
    ".pl-coach": ["1", "2", "3", "4", "5"],
}
NOTEBOOK_KEYS = ["d", "d", "r", "c", "b", "m", "y", "a", "x", "v", "z", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]
ROUNDS = 3

CELLS_NOW = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    out.push([cell.type, cell.sharedModel.getSource()]);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if chromium_path() is None:
        _skip_or_fail_without_chromium()
    home = tmp_path_factory.mktemp("lab")
    for name in ("settings", "workspaces", "root", "data", "runtime"):
        (home / name).mkdir()
    notebook = {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": source,
             **({"outputs": [], "execution_count": None} if kind == "code" else {})}
            for kind, source in CELLS
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    (home / "root" / "keys.ipynb").write_text(json.dumps(notebook))
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "POKERLAB_DATA_DIR": str(home / "data"), "POKERLAB_TEST_MODE": "1",
        "JUPYTERHUB_USER": "keys-tester",  # a known learner: the apps ask no name (issue 13)
    }
    log = open(home / "lab.log", "w+")
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={home / 'root'}",
               "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True", "--allow-root"]
    url = f"http://127.0.0.1:{port}"
    with serve(command, home / "root", env, log, f"{url}/lab", "JupyterLab"):
        yield url


def test_keys_typed_into_widgets_never_edit_the_notebook(page, lab_url: str) -> None:  # noqa: ANN001
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else route.abort())
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{lab_url}/lab/tree/keys.ipynb", timeout=90_000)
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget && "
                           "window.jupyterapp.shell.currentWidget.content && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session", timeout=90_000)
    page.wait_for_function("window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.connectionStatus === 'connected'",
                           timeout=90_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    for selector in WIDGETS:
        page.wait_for_selector(selector, timeout=90_000)
    before = page.evaluate(CELLS_NOW)
    assert [kind for kind, _ in before] == [kind for kind, _ in CELLS]
    # the table: leave the lobby first (its keys work at the table)
    page.click(".pl-t [data-id='start']")
    page.wait_for_selector(".pl-t[data-screen='table']")
    problems = []
    focus = """(selector) => {
        const root = document.querySelector(selector);
        (root.tabIndex >= 0 ? root : root.querySelector('button:not([disabled]), [tabindex="0"]')).focus();
    }"""
    for selector, advertised in WIDGETS.items():
        for round_number in range(ROUNDS):
            if not page.evaluate("(s) => Boolean(document.querySelector(s))", selector):
                break
            page.evaluate(focus, selector)
            for key in advertised + NOTEBOOK_KEYS:
                page.keyboard.press(key)
                page.wait_for_timeout(30)
                inside = page.evaluate("(s) => { const r = document.querySelector(s); return r && r.contains(document.activeElement); }",
                                       selector)
                if inside is None:
                    problems.append(f"{selector}, round {round_number + 1}: the widget is gone after {key!r}")
                    break
                if not inside:
                    problems.append(f"{selector}, round {round_number + 1}: focus left the widget after {key!r}")
                    page.evaluate(focus, selector)
            page.wait_for_timeout(200)  # let the kernel answer before the next round
        now = page.evaluate(CELLS_NOW)
        if now != before:
            problems.append(f"{selector}: the notebook changed: {[kind for kind, _ in now]} (was {[k for k, _ in before]})")
            break
    assert not problems, "\n".join(problems[:20])
