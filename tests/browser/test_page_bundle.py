"""An app page takes Voilà's front-end chunks from the one bundle script (pokerlab/serving/page_bundle.py)
instead of fetching them one by one, and still plays."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import DESKTOP

_CHUNK = re.compile(r"/voila/(static/\d+\.voila\.js|labextensions/.+/static/(?!remoteEntry\.)[^/]+\.js)(\?|$)")


@pytest.mark.browser_context_args(**DESKTOP)
@pytest.mark.parametrize("notebook, ready", [
    ("05-five-card-draw.ipynb?seed=5", ".pl-id[data-state=asking]"),
    ("07-four-rows.ipynb", ".fr-place:not([disabled])"),
])
def test_an_app_fetches_no_chunk_the_bundle_holds(page, open_app, notebook: str, ready: str) -> None:  # noqa: ANN001
    """The page loads chunks.js, then no chunk script by itself (a failure names the chunks to add to
    page_bundle.CHUNKS, e.g. after a Voilà or ipywidgets upgrade), and the app answers a click."""
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None)
    open_app(notebook, ready_selector=ready)
    page.wait_for_load_state("networkidle")
    assert any(url.endswith("/voila/templates/pokerlab/static/chunks.js") for url in scripts), scripts
    fetched = [url for url in scripts if _CHUNK.search(url)]
    assert not fetched, f"chunks fetched one by one (add them to page_bundle.CHUNKS): {fetched}"


def test_the_chunk_pattern_tells_chunks_from_entry_points() -> None:
    assert _CHUNK.search("http://h/voila/static/7155.voila.js")
    assert _CHUNK.search("http://h/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/718.a7.js?v=a7")
    assert not _CHUNK.search("http://h/voila/static/voila.js")
    assert not _CHUNK.search("http://h/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js")
