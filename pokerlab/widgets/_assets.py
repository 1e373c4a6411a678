"""Front-end files shipped beside the widgets, joined into one ES module per widget (no build step).

``esm("cards.js", "trainer.js")`` concatenates ``static/cards.js`` (shared card drawing) with a widget's
own module, so every widget draws cards the same way without a bundler.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).with_name("static")


@cache
def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def esm(*names: str) -> str:
    """The named JS files joined in order (later files may use functions from earlier ones)."""
    return "\n".join(_read(name) for name in names)


def css(*names: str) -> str:
    """The named CSS files joined in order."""
    return "\n".join(_read(name) for name in names)
