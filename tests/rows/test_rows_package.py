"""Issue 31: Four Rows became a package; the names notebooks and teachers imported from the one
module ``pokerlab.rows`` (and the players from ``pokerlab.rows_hint``) still import from there, as
the very objects of their new homes."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pokerlab.rows
import pokerlab.rows_hint
from pokerlab.rows import hint

HOMES = {
    "clocks": ("Clock", "ManualClock", "MonotonicClock", "ServerClock"),
    "errors": ("FoldError", "GameOverError", "RaiseError", "RowsError"),
    "game": ("FourRows",),
    "moves": ("Action", "ActionKind", "Event"),
    "rules": ("CHIP_COUNT", "MAX_FOLD_SIZE", "MULTIPLIER_TENTHS", "ROW_COUNT", "ROW_SIZE", "TIME_BONUS_PER_SECOND",
              "TIME_LIMIT", "WARNING_AT"),
    "scoring": ("CONTAINS", "EXAMPLE_HANDS", "NOTHING", "NOTHING_POINTS", "ScoringType", "best_open_type", "hand_class",
                "score_row"),
    "view": ("EndReason", "Row", "RowsView", "ScoredRow"),
    "words": ("say",),
}
"""Every public name of pokerlab/rows.py before the split, by the part of the package that owns it now."""


def test_every_name_of_the_old_module_is_the_object_of_its_new_home() -> None:
    old_names = [name for names in HOMES.values() for name in names]
    assert len(old_names) == 33 and sorted(pokerlab.rows.__all__) == sorted(old_names)
    for part, names in HOMES.items():
        home = importlib.import_module(f"pokerlab.rows.{part}")
        for name in names:
            assert getattr(pokerlab.rows, name) is vars(home)[name], name
            assert getattr(vars(home)[name], "__module__", home.__name__) in (home.__name__, "typing"), name


def test_the_old_hint_path_gives_every_player_the_hint_module_defines() -> None:
    tree = ast.parse(Path(hint.__file__).read_text(encoding="utf-8"))
    defined = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    defined |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)}
    public = {name for name in defined if not name.startswith("_")}
    assert {"HintBot", "GreedyPlayer", "RandomPlacer", "PLAYERS"} <= public
    assert sorted(pokerlab.rows_hint.__all__) == sorted(public)
    for name in public:
        assert getattr(pokerlab.rows_hint, name) is getattr(hint, name), name


def test_each_part_of_the_package_is_under_400_lines() -> None:
    folder = Path(pokerlab.rows.__file__).parent
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in folder.glob("*.py")}
    assert set(lengths) == {"__init__.py", "hint.py", *(f"{part}.py" for part in HOMES)}
    assert max(lengths.values()) < 400, lengths
