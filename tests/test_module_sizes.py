"""No module of pokerlab over about 400 lines unless it says why it must be one (issue 31): a module that
long usually holds two ideas, and the next engineer finds each more easily in a home of its own."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 410
"""About 400 lines: a docstring growing by a few lines is no reason to split a module."""
WHY = "# One module:"
"""How a module that must stay whole says why, in a comment among its first lines."""


def long_modules(root: Path) -> dict[str, int]:
    """The modules under ``root`` over :data:`LIMIT` lines that do not say why (path -> lines)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        if len(lines) > LIMIT and not any(line.startswith(WHY) for line in lines[:40]):
            found[str(path.relative_to(root.parent))] = len(lines)
    return found


def test_no_module_is_over_about_400_lines_without_saying_why() -> None:
    assert long_modules(ROOT / "pokerlab") == {}, f"split these by what they own, or say why ({WHY} ...)"


def test_the_check_finds_a_long_module_and_reads_its_reason(tmp_path: Path) -> None:
    package = tmp_path / "pokerlab"
    package.mkdir()
    (package / "long.py").write_text("x = 1\n" * (LIMIT + 1), encoding="utf-8")
    (package / "short.py").write_text("x = 1\n" * LIMIT, encoding="utf-8")
    (package / "whole.py").write_text(f"{WHY} one class whose parts share every field\n" + "x = 1\n" * LIMIT,
                                      encoding="utf-8")
    assert long_modules(package) == {"pokerlab/long.py": LIMIT + 1}
