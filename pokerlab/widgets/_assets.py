"""Front-end files shipped beside the widgets: each widget's ES module, bundled, and its CSS.

A widget's module in ``static/`` (``table.js``...) imports the shared ones (``dom.js``, ``cards.js``,
``keys.js``) and its own parts as ES modules. anywidget loads ``_esm`` as one module text, so
``scripts/build_js.py`` bundles each widget module with its imports into ``static/dist/`` (committed:
serving needs no Node.js). :func:`esm` names that file; anywidget reads it and, with
``ANYWIDGET_HMR=1`` on an editable install, sends it again whenever ``build_js.py --watch`` rewrites it.
Every widget module's default export is ``plWidget(render)`` from ``keys.js``, which keeps the keys typed
in the widget from reaching JupyterLab's shortcuts (tests/widgets/test_assets.py checks each one).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).with_name("static")
DIST = STATIC / "dist"


def esm(name: str) -> Path:
    """The bundled module of the widget module ``static/<name>``."""
    path = DIST / name
    if not path.is_file():  # a new widget module not bundled yet: say how, rather than anywidget's bare error
        raise FileNotFoundError(f"{path} is missing: run python scripts/build_js.py")
    return path


@cache
def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def css(*names: str) -> str:
    """The named CSS files joined in order."""
    return "\n".join(_read(name) for name in names)
