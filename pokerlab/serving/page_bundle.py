"""One script with the front-end chunks every app page loads, so a page makes one request, not ninety.

Voilà's page front end (JupyterLab's core packages, the widget manager, anywidget) is split by
webpack into about ninety small script files ("chunks"). A page asks for them in waves: Voilà's
own chunks, then, after the window's load event, each extension's entry point and its chunks, then
more of Voilà's chunks once the app starts, then the widget controls once the kernel has sent the
first widget. On this machine (HTTP/1.1: six connections to one server, Voilà's Python server
answering each file) those waves took about half of the time from opening an app to playing it.

Webpack registers a chunk by pushing it onto a global array (``self.webpackChunk…``), and a runtime
that finds a chunk there already does not fetch it. So the pokerlab template loads this one file,
which pushes every chunk in :data:`CHUNKS`, just before Voilà's ``voila.js``; the extensions'
entry points (``remoteEntry…js``) still come from Voilà, which finds their chunks already pushed.
Nothing changes in what the page runs: the bundle holds the installed files themselves, copied at
server start (:func:`ensure_bundle`, called by the kernel manager that notebooks/voila.json names),
so it always matches the installed Voilà and extensions. A chunk missing from :data:`CHUNKS` is
fetched by webpack as before (only slower); a chunk listed but not installed (a version change) is
left out with a warning. ``tests/browser/test_page_bundle.py`` fails when an app fetches a chunk
the bundle should hold, naming it.

:data:`CHUNKS` was recorded by opening every app with the versions binder/requirements.txt pins
(Voilà 0.5.13, ipywidgets 8.1, anywidget 0.11): the URLs, relative to the server's base URL, of the
chunk scripts the pages fetched, in the order they fetched them.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

BUNDLE_NAME = "chunks.js"  # served as voila/templates/pokerlab/static/chunks.js (see the template)
TEMPLATE = "pokerlab"

_VOILA = "voila/static/"
_LABEXTENSIONS = "voila/labextensions/"
_MANAGER = _LABEXTENSIONS + "@jupyter-widgets/jupyterlab-manager/static/"
_WIDGETS8 = _LABEXTENSIONS + "@voila-dashboards/widgets-manager8/static/"
_ANYWIDGET = _LABEXTENSIONS + "anywidget/static/"

CHUNKS: tuple[str, ...] = (
    # Voilà's own chunks, fetched before the window's load event
    *(f"{_VOILA}{number}.voila.js" for number in (
        5764, 8135, 3992, 9582, 8925, 7883, 7556, 6049, 1670, 6573, 3311, 4135, 1621, 3916, 3649, 8487,
        9684, 4041, 143, 7155, 3144, 1601, 4972, 9890, 5312, 6468, 3459, 630, 5688, 2930, 73, 1187,
        4173, 7483, 431, 3989, 8766, 9151, 4729, 6382, 5044, 7598, 9081, 7770, 3249, 4653, 8862, 9981,
        5767, 4222, 8773, 3307, 6008, 8017, 457, 9212,
    )),
    # the extensions' chunks, fetched by their entry points
    _ANYWIDGET + "2.3dbf81c0.js",
    _ANYWIDGET + "528.d9f5934c.js",
    _MANAGER + "7.2a0ce575775f5aad.js",
    _MANAGER + "704.6a820cc839aca480.js",
    _MANAGER + "170.3ff9ceddc3770116.js",
    _MANAGER + "84.09c61a35dce1705f.js",
    _MANAGER + "32.3281b05d23655ae8.js",
    _MANAGER + "452.1926530ab7f8e046.js",
    _MANAGER + "967.38afcd794ba10728.js",
    _MANAGER + "160.235911d8e26dc735.js",
    _WIDGETS8 + "883.369fbd92285483263252.js",
    _WIDGETS8 + "496.ad7666673ba278088e95.js",
    # Voilà's chunks fetched once the app starts (output area, rendering)
    *(f"{_VOILA}{number}.voila.js" for number in (
        4371, 2829, 7259, 6074, 4875, 4486, 6305, 7393, 225, 614, 1996, 2121, 2772, 2296, 7245, 5992,
    )),
    # the widget controls (ipywidgets' views), fetched when the first widget arrives
    _MANAGER + "718.a7a3f80ef4813fab.js",
    _MANAGER + "121.5c5a442bc10a67ee.js",
)

log = logging.getLogger(__name__)


def source_roots() -> dict[str, list[Path]]:
    """Where the server finds each URL prefix: Voilà's static folders for the pokerlab template
    (its hierarchy: pokerlab, lab, base) and the folders of installed lab extensions."""
    from voila.paths import collect_static_paths
    from voila.utils import get_voila_labextensions_path

    return {
        _VOILA: [Path(path) for path in collect_static_paths(["voila", "nbconvert"], TEMPLATE)],
        _LABEXTENSIONS: [Path(path) for path in get_voila_labextensions_path()],
    }


def find_chunk(url: str, roots: dict[str, list[Path]]) -> Path | None:
    """The installed file served at ``url`` (relative to the base URL), or None."""
    for prefix, folders in roots.items():
        if url.startswith(prefix):
            relative = url[len(prefix):]
            for folder in folders:
                candidate = folder / relative
                if candidate.is_file():
                    return candidate
            return None
    raise ValueError(f"{url!r} is neither under {_VOILA!r} nor under {_LABEXTENSIONS!r}")


def bundle_text(files: Iterable[Path]) -> str:
    """The chunks one after the other, each in its own function scope: a chunk may begin with
    ``"use strict"``, which must not make the chunks after it strict."""
    parts = []
    for path in files:
        parts.append(f"/* {path.name} */\n(function () {{\n{path.read_text(encoding='utf-8')}\n}})();\n")
    return "".join(parts)


def build_bundle(destination: Path, chunks: Sequence[str] = CHUNKS,
                 roots: dict[str, list[Path]] | None = None) -> list[str]:
    """Write the bundle of ``chunks`` to ``destination`` (atomically: a page never reads half a file)
    and return the chunks that are not installed (left out: webpack fetches them if a page needs them)."""
    roots = source_roots() if roots is None else roots
    found: list[Path] = []
    missing: list[str] = []
    for url in chunks:
        path = find_chunk(url, roots)
        if path is None or path.resolve() == destination.resolve():
            missing.append(url)
        else:
            found.append(path)
    destination.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=destination.parent, prefix=".chunks-",
                                     suffix=".tmp", delete=False) as handle:
        handle.write(bundle_text(found))
    os.chmod(handle.name, 0o644)
    os.replace(handle.name, destination)
    return missing


def template_folder() -> Path:
    """The pokerlab template folder Voilà renders with (the first in the Jupyter paths)."""
    from voila.paths import collect_template_paths

    for path in collect_template_paths(["voila", "nbconvert"], TEMPLATE, prune=True):
        if Path(path).name == TEMPLATE and (Path(path) / "index.html.j2").is_file():
            return Path(path)
    raise FileNotFoundError(f"no Voilà template named {TEMPLATE!r} in the Jupyter paths")


def ensure_bundle() -> Path | None:
    """Build the bundle into the template's static folder; on failure, log why and return None
    (the pages then fetch the chunks one by one, as without the bundle)."""
    try:
        destination = template_folder() / "static" / BUNDLE_NAME
        missing = build_bundle(destination)
    except (OSError, ValueError) as error:
        log.warning("pokerlab: the page bundle was not built (%s); pages load Voilà's chunks one by one", error)
        return None
    if missing:
        log.warning("pokerlab: %d chunk(s) of the page bundle are not installed (other versions?): %s",
                    len(missing), ", ".join(missing))
    return destination
