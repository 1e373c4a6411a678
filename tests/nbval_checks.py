"""What no lesson may show, checked on every cell nbval runs (the root conftest.py calls this with the
outputs nbval collected, so the notebooks run once for both; issue 15's check, issue 30's single run)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def what_a_learner_should_not_see(outputs: Iterable[Mapping[str, Any]]) -> list[str]:
    """A ✗ in what a cell prints or shows (a sentence saying the engine disagrees), and a cell's result
    shown as a raw Python list, dict or tuple (a result with an HTML view is a widget or a table)."""
    found = []
    for output in outputs:
        data = output.get("data", {})
        text = output.get("text", "") or data.get("text/plain", "")
        if isinstance(text, list):
            text = "".join(text)
        if "✗" in text:
            found.append(f"the engine disagrees: {text.strip()[:200]}")
        if output.get("output_type") == "execute_result" and "text/html" not in data \
                and text.lstrip().startswith(("[", "{", "(")):
            found.append(f"a raw Python value is shown: {text.strip()[:80]}")
    return found
