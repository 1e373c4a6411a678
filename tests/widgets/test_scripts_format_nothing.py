"""The front end formats no number and no amount (issue 31: "no rule or money logic in JavaScript"):
Python sends every figure already written in the page's language (pokerlab.language), and the scripts
only draw it. A script that formatted a number itself would write "1.8" on a Spanish page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "pokerlab" / "widgets" / "static"
SCRIPTS = sorted(path for path in STATIC.rglob("*.js") if "dist" not in path.parts)
FORMATTING = re.compile(r"\.toFixed\(|\.toLocaleString\(|\.toPrecision\(|Intl\.NumberFormat|Intl\.PluralRules")
"""The browser's ways of writing a number (or choosing a plural) in a language."""


def formatting_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if FORMATTING.search(line)]


@pytest.mark.parametrize("script", SCRIPTS, ids=[str(path.relative_to(STATIC)) for path in SCRIPTS])
def test_no_script_writes_a_number_in_a_language_itself(script: Path) -> None:
    assert formatting_lines(script.read_text(encoding="utf-8")) == []


def test_the_check_sees_the_browsers_number_formatting() -> None:
    assert len(SCRIPTS) > 10
    assert formatting_lines("const a = (x / 10).toFixed(1);\nconst b = n.toLocaleString('es');\nbar.style.width = `${p * 100}%`;") == [
        "const a = (x / 10).toFixed(1);", "const b = n.toLocaleString('es');"]
