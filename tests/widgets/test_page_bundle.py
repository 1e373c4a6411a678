"""The page bundle: one script with the front-end chunks every app loads (pokerlab/serving/page_bundle.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from pokerlab.serving import page_bundle
from pokerlab.serving.page_bundle import CHUNKS, build_bundle, bundle_text, find_chunk, source_roots


def _roots(tmp_path: Path) -> dict[str, list[Path]]:
    voila_first, voila_second, extensions = tmp_path / "pokerlab", tmp_path / "base", tmp_path / "labextensions"
    (voila_second).mkdir()
    (voila_second / "1.voila.js").write_text('"use strict";(self.webpackChunk_X=self.webpackChunk_X||[]).push([[1],{}]);')
    (voila_first).mkdir()
    (extensions / "anywidget" / "static").mkdir(parents=True)
    (extensions / "anywidget" / "static" / "2.abc.js").write_text("(self.webpackChunk_Y=self.webpackChunk_Y||[]).push([[2],{}]);")
    return {"voila/static/": [voila_first, voila_second], "voila/labextensions/": [extensions]}


def test_every_listed_chunk_is_installed() -> None:
    """The list matches the installed (pinned) versions: after an upgrade this names what to record again."""
    roots = source_roots()
    missing = [url for url in CHUNKS if find_chunk(url, roots) is None]
    assert not missing, f"chunks of the page bundle not installed (record CHUNKS again): {missing}"
    assert len(set(CHUNKS)) == len(CHUNKS)


def test_a_chunk_is_found_in_the_first_folder_that_has_it(tmp_path: Path) -> None:
    roots = _roots(tmp_path)
    assert find_chunk("voila/static/1.voila.js", roots) == tmp_path / "base" / "1.voila.js"
    (tmp_path / "pokerlab" / "1.voila.js").write_text("// the template's own copy wins, as on the server")
    assert find_chunk("voila/static/1.voila.js", roots) == tmp_path / "pokerlab" / "1.voila.js"
    assert find_chunk("voila/static/404.voila.js", roots) is None
    with pytest.raises(ValueError, match="neither under"):
        find_chunk("api/kernels", roots)


def test_the_bundle_holds_each_chunk_in_its_own_scope_and_reports_missing_ones(tmp_path: Path) -> None:
    roots = _roots(tmp_path)
    destination = tmp_path / "out" / "chunks.js"
    wanted = ("voila/static/1.voila.js", "voila/labextensions/anywidget/static/2.abc.js", "voila/static/9.voila.js")
    missing = build_bundle(destination, wanted, roots)
    assert missing == ["voila/static/9.voila.js"]
    text = destination.read_text()
    assert text.index("webpackChunk_X") < text.index("webpackChunk_Y")  # the recorded order
    assert text.count("(function () {") == 2 and text.count("})();") == 2
    assert list(destination.parent.glob(".chunks-*")) == []  # no temporary file left behind


def test_use_strict_in_one_chunk_does_not_reach_the_next(tmp_path: Path) -> None:
    """A sloppy-mode chunk after a strict one still runs sloppy (here: assigning an undeclared name)."""
    node = "/usr/bin/node"
    if not Path(node).exists():
        pytest.skip("node is not installed")
    strict, sloppy = tmp_path / "a.js", tmp_path / "b.js"
    strict.write_text('"use strict";\nglobalThis.first = 1;')
    sloppy.write_text("undeclared = 2; globalThis.second = undeclared;")
    script = bundle_text([strict, sloppy]) + "\nconsole.log(globalThis.first + globalThis.second);"
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "3"


def test_without_a_template_folder_the_bundle_is_skipped_with_a_warning(monkeypatch, caplog) -> None:  # noqa: ANN001
    def nowhere() -> Path:
        raise FileNotFoundError("no Voilà template named 'pokerlab'")

    monkeypatch.setattr(page_bundle, "template_folder", nowhere)
    with caplog.at_level("WARNING"):
        assert page_bundle.ensure_bundle() is None
    assert "page bundle was not built" in caplog.text


def test_the_bundle_goes_into_the_template_voila_renders_with(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    template = tmp_path / "voila" / "templates" / "pokerlab"
    template.mkdir(parents=True)
    (template / "index.html.j2").write_text("{%- extends 'lab/index.html.j2' -%}")
    (template / "conf.json").write_text('{"base_template": "lab"}')
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    assert page_bundle.template_folder() == template
    built = page_bundle.ensure_bundle()
    assert built == template / "static" / "chunks.js"
    assert built.stat().st_size > 1_000_000  # the installed chunks, a few MB
