"""Every widget's front end keeps the keys typed in it (see pokerlab/widgets/_assets.py)."""

from __future__ import annotations

import re

import anywidget
import pytest

import pokerlab.widgets as widgets_package
from pokerlab.widgets._assets import STATIC, esm


def widget_classes() -> list[type[anywidget.AnyWidget]]:
    import importlib
    import pkgutil

    found = []
    for info in pkgutil.iter_modules(widgets_package.__path__):
        try:
            module = importlib.import_module(f"pokerlab.widgets.{info.name}")
        except ImportError:  # a widget module broken elsewhere fails its own tests, not this one
            continue
        found += [value for value in vars(module).values() if isinstance(value, type)
                  and issubclass(value, anywidget.AnyWidget) and value is not anywidget.AnyWidget
                  and value.__module__ == module.__name__]
    return found


@pytest.mark.parametrize("widget", widget_classes(), ids=lambda cls: cls.__name__)
def test_every_widget_module_is_wrapped_so_its_element_keeps_its_keys(widget: type) -> None:
    code = widget._esm if isinstance(widget._esm, str) else widget._esm.default_value
    assert code.count("export default plWidget(render);") == 1, f"{widget.__name__}: keys could reach JupyterLab"
    assert "data-lm-suppress-shortcuts" in code


def test_no_icon_comes_from_a_font_glyph_that_machines_may_lack() -> None:
    for path in STATIC.glob("*.js"):
        assert not re.search("[\u23e9-\u23fa]", path.read_text(encoding="utf-8")), f"{path.name} uses a ⏮-style glyph"


def test_a_module_without_the_standard_export_is_left_as_it_is() -> None:
    assert "plWidget(render)" not in esm("cards.css")
