"""DESIGN.md: engine -> widgets -> notebooks, one direction. No engine module imports widget,
IPython or display code (directly or through another module)."""

from __future__ import annotations

import json
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pokerlab

ROOT = Path(__file__).resolve().parents[1]
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


def lint_imports(config: Path) -> subprocess.CompletedProcess[str]:
    """import-linter's ``lint-imports`` on pokerlab with the contracts in ``config``."""
    command = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())",
               str(config), "--no-cache"]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


def test_the_layers_and_no_cycles_contracts_hold() -> None:
    run = lint_imports(ROOT / "pyproject.toml")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 2 kept, 0 broken." in run.stdout


def test_the_contracts_would_catch_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    """The same contracts without their lists of known exceptions break, naming an import the
    layers forbid (self-play playing ladder matches) and the engine's own cycle; and no exception is
    the engine's or narration's: the engine never imports narration, nor narration the coach (each
    registers its English in pokerlab.english, and the coach's words live in pokerlab.coach.words)."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    lines = [f'[tool.importlinter]\nroot_package = "{settings["root_package"]}"\n']
    for contract in settings["contracts"]:
        lines.append("[[tool.importlinter.contracts]]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in contract.items() if key != "ignore_imports"]
    config = tmp_path / "strict.toml"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = lint_imports(config)
    assert run.returncode == 1
    assert "pokerlab.bots.selfplay -> pokerlab.ladder" in run.stdout
    assert not re.search(r"pokerlab\.(draw|hands)\S* -> pokerlab\.narration", run.stdout)
    assert not re.search(r"pokerlab\.narration\S* -> pokerlab\.coach", run.stdout)
    assert "No cycles are allowed in pokerlab" in run.stdout
