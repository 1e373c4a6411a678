"""Front-end files shipped beside the widgets, joined into one ES module per widget (no build step).

``esm("cards.js", "trainer.js")`` concatenates ``static/cards.js`` (shared card drawing) with a widget's
own module, so every widget draws cards the same way without a bundler. Every module also gets
``static/keys.js`` in front, and its ``export default { render };`` is wrapped by ``plWidget`` from
there: the widget (the whole output it is in, with any ipywidgets controls of its layout) then takes
focus wherever it is clicked and keeps the keys typed in it, so in JupyterLab no key pressed in a
widget reaches the notebook's shortcuts (a D D there would delete the cell); Escape gives them back.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).with_name("static")


@cache
def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


_EXPORT = "export default { render };"


def esm(*names: str) -> str:
    """The named JS files joined in order (later files may use functions from earlier ones)."""
    text = "\n".join(_read(name) for name in names)
    if text.count(_EXPORT) == 1:  # tests/widgets/test_assets.py checks every widget
        text = _read("keys.js") + "\n" + text.replace(_EXPORT, "export default plWidget(render);")
    return text


def css(*names: str) -> str:
    """The named CSS files joined in order."""
    return "\n".join(_read(name) for name in names)
