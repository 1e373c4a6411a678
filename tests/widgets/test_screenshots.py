"""scripts/screenshots.py makes every picture the README shows and every picture kept in docs/images,
so none of them can go stale (issue 16: it made 4 of the README's 7)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shots() -> dict:
    pytest.importorskip("playwright")
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SHOTS


def test_the_script_makes_every_picture_the_readme_shows(shots: dict) -> None:
    shown = set(re.findall(r"docs/images/([\w-]+)\.png", (ROOT / "README.md").read_text()))
    assert shown >= {"saloon", "ladder", "coach"}  # the README's pictures were found
    assert shown <= set(shots), f"the README shows pictures the script does not make: {sorted(shown - set(shots))}"


def test_every_picture_in_docs_images_is_made_by_the_script(shots: dict) -> None:
    kept = {path.stem for path in (ROOT / "docs" / "images").glob("*.png")}
    assert kept == set(shots), f"not made: {sorted(kept - set(shots))}; made but not kept: {sorted(set(shots) - kept)}"


def test_an_unknown_picture_name_is_refused_in_plain_words(shots: dict) -> None:
    spec = importlib.util.spec_from_file_location("screenshots_main", ROOT / "scripts" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(SystemExit, match="No picture named nothing; the pictures are trainer"):
        module.main(["nothing"])
