"""Every widget's front end is its bundled ES module, up to date, and keeps the keys typed in it (see
pokerlab/widgets/_assets.py and scripts/build_js.py)."""

from __future__ import annotations

import os
import re
import runpy
from pathlib import Path

import anywidget
import pytest

import pokerlab.widgets as widgets_package
from pokerlab.widgets._assets import DIST, STATIC, esm

BUILD = runpy.run_path(str(Path(__file__).resolve().parents[2] / "scripts" / "build_js.py"))


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
    code = str(widget._esm)  # anywidget's FileContents of the bundle: its text
    assert code.startswith(BUILD["BANNER"]), f"{widget.__name__} does not send a bundle of static/dist"
    assert re.search(r"^var \w+ = plWidget\(render\);$", code, flags=re.M), f"{widget.__name__}: keys could reach JupyterLab"
    assert "data-lm-suppress-shortcuts" in code


def test_every_widget_module_is_bundled_and_nothing_else() -> None:
    modules = {path.name for path in BUILD["entries"]()}
    assert {path.name for path in DIST.glob("*.js")} == modules
    assert {"table.js", "board.js", "identity.js"} <= modules and not {"dom.js", "cards.js", "keys.js"} & modules
    for name in modules:
        assert (STATIC / name).read_text(encoding="utf-8").count("\nexport default plWidget(render);") == 1, name


def test_the_bundles_are_what_the_modules_build_to() -> None:
    """static/dist is committed: a module changed without running scripts/build_js.py fails here."""
    if not BUILD["ESBUILD"].exists():
        if os.environ.get("CI"):
            pytest.fail("esbuild is not installed (make .venv/.installed-test installs it with npm)")
        pytest.skip("esbuild is not installed (it needs npm: make js)")
    assert BUILD["stale"]() == []


def test_a_missing_bundle_says_how_to_make_it() -> None:
    with pytest.raises(FileNotFoundError, match="build_js.py"):
        esm("no-such-widget.js")


def test_no_icon_comes_from_a_font_glyph_that_machines_may_lack() -> None:
    for path in STATIC.rglob("*.js"):
        assert not re.search("[\u23e9-\u23fa]", path.read_text(encoding="utf-8")), f"{path.name} uses a ⏮-style glyph"
