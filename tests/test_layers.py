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
        if not module.name.startswith(("pokerlab.widgets", "pokerlab.serving"))  # the views, Voilà's plug-ins
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
    assert {"pokerlab.cards", "pokerlab.hands", "pokerlab.draw.state", "pokerlab.rows", "pokerlab.odds",
            "pokerlab.apps.hold", "pokerlab.apps.panels", "pokerlab.apps.flow", "pokerlab.apps.games",
            "pokerlab.apps.class_game", "pokerlab.apps.four_rows", "pokerlab.apps.live_tables", "pokerlab.dealer.server"} <= set(names)


def test_no_engine_module_imports_widget_or_display_code() -> None:
    modules = engine_modules()
    if display_modules_loaded_by(*modules):
        culprits = {name: loaded for name in modules if (loaded := display_modules_loaded_by(name))}
        raise AssertionError(f"engine modules pulling in display code: {culprits}")


def test_the_check_would_catch_a_widget_import() -> None:
    assert "ipywidgets" in display_modules_loaded_by("pokerlab.widgets.trainer")


def imports_inside_functions(module_name: str) -> list[str]:
    """Forbidden packages an engine module imports inside a function body (at call time): the
    module-level check above cannot see those."""
    import ast
    import importlib.util

    spec = importlib.util.find_spec(module_name)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(open(spec.origin, encoding="utf-8").read())
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            found += [f"{function.name}: {name}" for name in names if name.split(".")[0] in FORBIDDEN]
    return found


def test_no_engine_module_imports_display_code_at_call_time() -> None:
    culprits = {name: found for name in engine_modules() if (found := imports_inside_functions(name))}
    assert not culprits, f"engine modules importing display code inside functions: {culprits}"


def test_the_call_time_check_would_catch_one(tmp_path, monkeypatch) -> None:
    (tmp_path / "late_display.py").write_text("def progress():\n    from tqdm import tqdm\n    return tqdm\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert imports_inside_functions("late_display") == ["progress: tqdm"]
