"""DESIGN.md: engine -> widgets -> notebooks, one direction. No engine module imports widget,
IPython or display code (directly or through another module)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pokerlab

FORBIDDEN = ("ipywidgets", "anywidget", "IPython", "matplotlib", "traitlets", "tqdm")


def engine_modules() -> list[str]:
    return sorted(
        module.name
        for module in pkgutil.walk_packages(pokerlab.__path__, prefix="pokerlab.")
        if not module.name.startswith("pokerlab.widgets")
    )


def display_modules_loaded_by(*modules: str) -> str:
    """Import ``modules`` in a fresh interpreter and name the forbidden packages that came along."""
    code = (
        f"import sys, importlib\nfor name in {list(modules)!r}: importlib.import_module(name)\n"
        f"print(','.join(sorted(m for m in {FORBIDDEN!r} if m in sys.modules)))"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_there_are_engine_modules_to_check() -> None:
    names = engine_modules()
    assert {"pokerlab.cards", "pokerlab.hands", "pokerlab.draw.state", "pokerlab.rows", "pokerlab.odds"} <= set(names)


def test_no_engine_module_imports_widget_or_display_code() -> None:
    modules = engine_modules()
    if display_modules_loaded_by(*modules):
        culprits = {name: loaded for name in modules if (loaded := display_modules_loaded_by(name))}
        raise AssertionError(f"engine modules pulling in display code: {culprits}")


def test_the_check_would_catch_a_widget_import() -> None:
    assert "ipywidgets" in display_modules_loaded_by("pokerlab.widgets.trainer")
