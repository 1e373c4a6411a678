"""DESIGN.md: engine -> widgets -> notebooks, one direction. No engine module imports widget,
IPython or display code (directly or through another module)."""

from __future__ import annotations

import ast
import json
import pkgutil
import re
import shutil
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
    assert {"pokerlab.cards", "pokerlab.hands", "pokerlab.draw.state", "pokerlab.rows", "pokerlab.rows.game",
            "pokerlab.odds", "pokerlab.storage.hold", "pokerlab.apps.panels", "pokerlab.apps.flow", "pokerlab.apps.games",
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


def lint_imports(config: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """import-linter's ``lint-imports`` on the pokerlab found in ``cwd`` with the contracts in ``config``."""
    command = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())",
               str(config), "--no-cache"]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd)


def test_the_layers_and_no_cycles_contracts_hold() -> None:
    run = lint_imports(ROOT / "pyproject.toml")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 3 kept, 0 broken." in run.stdout


def test_the_contracts_have_no_exceptions() -> None:
    """Issue 31: every shared idea has its home in the right layer, so no contract lists an import it
    lets through. The engine's parts are classes a hand is made of (:mod:`pokerlab.draw.internals`), so
    none of them imports the state to type its argument, as legality, settlement and the view once did."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert [contract["id"] for contract in settings["contracts"] if "ignore_imports" in contract] == []


def strict_copy(tmp_path: Path, *, add: dict[str, str]) -> Path:
    """pokerlab's source copied under ``tmp_path`` with ``add`` (a module's path -> a line appended
    to it), and the contracts of pyproject.toml without any exception, in ``strict.toml`` there."""
    shutil.copytree(ROOT / "pokerlab", tmp_path / "pokerlab", ignore=shutil.ignore_patterns(
        "__pycache__", "locale", "static", "*.json", "*.ipynb"))
    for path, line in add.items():
        with open(tmp_path / path, "a", encoding="utf-8") as module:
            module.write("\n" + line + "\n")
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    lines = [f'[tool.importlinter]\nroot_package = "{settings["root_package"]}"\n']
    for contract in settings["contracts"]:
        lines.append("[[tool.importlinter.contracts]]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in contract.items() if key != "ignore_imports"]
    config = tmp_path / "strict.toml"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return config


def test_the_contracts_would_catch_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    """The same contracts break on an import the layers forbid, even one inside a function (the
    bots reaching up to the ladder's levels, as self-play once did), and on a cycle inside the engine
    (its events reaching up to the hand that records them); the engine never imports
    narration, nor narration the coach (each registers its English in pokerlab.english, and the
    coach's words live in pokerlab.coach.words). Inside Four Rows, the game reaching up to its hint
    bot breaks the package's own layers."""
    config = strict_copy(tmp_path, add={"pokerlab/bots/population.py": (
        "def levels():\n    from pokerlab.ladder import LEVELS\n\n    return LEVELS"), "pokerlab/rows/game.py": (
        "def hint_bot():\n    from pokerlab.rows.hint import HintBot\n\n    return HintBot"), "pokerlab/draw/events.py": (
        "def hand():\n    from pokerlab.draw.state import HandState\n\n    return HandState")})
    run = lint_imports(config, cwd=tmp_path)
    assert run.returncode == 1
    assert "pokerlab.bots.population -> pokerlab.ladder" in run.stdout
    assert "pokerlab.rows.game -> pokerlab.rows.hint" in run.stdout
    assert not re.search(r"pokerlab\.(draw|hands)\S* -> pokerlab\.narration", run.stdout)
    assert not re.search(r"pokerlab\.narration\S* -> pokerlab\.coach", run.stdout)
    assert "No cycles are allowed in pokerlab" in run.stdout
    assert "No cycles are allowed in pokerlab.draw." in run.stdout and "- .events -> .state" in run.stdout


def unexplained_late_imports(path: Path) -> list[str]:
    """The imports of a pokerlab module inside a function of ``path`` that no comment explains: a
    comment on the import's line, or on the line just above it or above the run of import lines it
    belongs to. With the contracts above kept without exceptions, such an import can no longer dodge
    a cycle or a layer (import-linter sees imports inside functions too); what is left is deferring a
    module's loading (page start time, issue 30, or a command's ``--help``), and that must say so."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for function in ast.walk(ast.parse("\n".join(lines))):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = ["." if node.level else node.module or ""]
            else:
                continue
            if not any(name == "." or name.split(".")[0] == "pokerlab" for name in names):
                continue
            above = node.lineno - 2
            while above >= 0 and lines[above].strip().startswith(("from ", "import ")):
                above -= 1
            if "#" not in lines[node.lineno - 1] and not (above >= 0 and lines[above].strip().startswith("#")):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return found


LATE_IMPORTS_ELSEWHERE: dict[str, int] = {}
"""Modules allowed some imports inside functions that do not say why, with how many: none any more
(the last ten, rewritten by issue 31's splits, now import at the top or say why). An entry may only
go down; a new one is not the way to add a late import: say why on its line."""


def test_imports_inside_functions_say_why() -> None:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "pokerlab").rglob("*.py")):
        if late := unexplained_late_imports(path):
            found[str(path.relative_to(ROOT))] = late
    new = {name: late for name, late in found.items() if len(late) > LATE_IMPORTS_ELSEWHERE.get(name, 0)}
    assert not new, f"imports inside functions with no comment saying why (move them to the top): {new}"
    fewer = {name: len(found.get(name, [])) for name, count in LATE_IMPORTS_ELSEWHERE.items()
             if len(found.get(name, [])) < count}
    assert not fewer, f"fewer unexplained imports than LATE_IMPORTS_ELSEWHERE says: lower it to {fewer}"


def test_the_late_import_check_would_catch_one_and_reads_its_comment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    module = tmp_path / "late.py"
    module.write_text("def a():\n    from pokerlab.storage import open_store\n\n\n"
                      "def b():\n    # deferred: SQLAlchemy only when asked\n    import json\n    from pokerlab.storage import open_store\n\n\n"
                      "def c():\n    from pokerlab import cards  # deferred: cheap, but shown here\n    import json\n", encoding="utf-8")
    assert unexplained_late_imports(module) == ["late.py:2: from pokerlab.storage import open_store"]
