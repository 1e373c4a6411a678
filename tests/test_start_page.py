"""The contents page, notebooks/00-start-here.ipynb, leads a newcomer to every notebook in order."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
START_PAGE = NOTEBOOKS / "00-start-here.ipynb"
MARKDOWN_LINK = re.compile(r"\[[^\]]+\]\(([^)\s]+)\)")


def start_page_links() -> list[str]:
    notebook = nbformat.read(START_PAGE, as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    return MARKDOWN_LINK.findall(text)


def notebook_links() -> list[str]:
    return [link for link in start_page_links() if urlsplit(link).path.endswith(".ipynb")]


def test_every_notebook_is_linked_from_the_contents_page() -> None:
    lessons = {path.name for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")} - {START_PAGE.name}
    unlinked = lessons - set(notebook_links())
    assert not unlinked, f"the contents page does not link {sorted(unlinked)}"


def test_every_link_target_exists() -> None:
    links = start_page_links()
    assert links
    missing = [link for link in links if not urlsplit(link).scheme and not (NOTEBOOKS / urlsplit(link).path).is_file()]
    assert not missing, f"the contents page links to notebooks that do not exist: {missing}"


def test_links_are_plain_relative_names_so_they_work_in_voila_and_jupyterlab() -> None:
    """``NAME.ipynb`` resolves to /voila/render/NAME.ipynb in Voilà and opens the notebook in JupyterLab."""
    for link in notebook_links():
        assert re.fullmatch(r"[0-9]{2}-[a-z0-9-]+\.ipynb", link), f"{link} is not a name in the same folder"


def test_notebooks_are_listed_in_the_order_they_are_meant_to_be_read() -> None:
    links = notebook_links()
    first_mentions = list(dict.fromkeys(links))
    assert first_mentions == sorted(first_mentions)


def test_contents_page_is_committed_without_outputs() -> None:
    notebook = nbformat.read(START_PAGE, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells)
    assert "widgets" not in notebook.metadata
