"""The contents page, notebooks/00-start-here.ipynb, leads a newcomer to every notebook in order."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

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
    lessons = {path.name for path in NOTEBOOKS.glob("[0-9][0-9]*-*.ipynb")} - {START_PAGE.name}
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
        assert re.fullmatch(r"[0-9]{2}[a-z]?-[a-z0-9-]+\.ipynb", link), f"{link} is not a name in the same folder"


def test_notebooks_are_listed_in_the_order_they_are_meant_to_be_read() -> None:
    links = notebook_links()
    first_mentions = list(dict.fromkeys(links))
    assert first_mentions == sorted(first_mentions)


def test_contents_page_is_committed_without_outputs() -> None:
    notebook = nbformat.read(START_PAGE, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells)
    assert "widgets" not in notebook.metadata


LESSON_PAGES = sorted(path for path in NOTEBOOKS.glob("[0-9][0-9]*-*.ipynb") if path != START_PAGE)


def page_params() -> list:
    return [pytest.param(path, id=path.name) for path in LESSON_PAGES]


def markdown_of(path: Path) -> list[str]:
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"]


@pytest.mark.parametrize("path", page_params())
def test_every_page_opens_with_what_you_will_be_able_to_do_and_how_long_it_takes(path: Path) -> None:
    first = markdown_of(path)[0]
    assert "Time:" in first or "minutes" in first, path.name
    if not path.name.startswith("10-"):  # the glossary is a reference page
        assert "What you will be able to do" in first, path.name


@pytest.mark.parametrize("path", page_params())
def test_every_page_ends_with_its_key_points_and_links_to_the_pages_before_and_after(path: Path) -> None:
    names = [page.name for page in LESSON_PAGES]
    number = names.index(path.name)
    last = markdown_of(path)[-1]
    links = MARKDOWN_LINK.findall(last)
    if not path.name.startswith("10-"):
        assert "Key points" in last, path.name
    before = names[number - 1] if number else START_PAGE.name
    assert before in links and START_PAGE.name in links, (path.name, links)
    if number + 1 < len(names):
        assert names[number + 1] in links, (path.name, links)


def test_every_glossary_link_points_at_a_glossary_heading() -> None:
    glossary = NOTEBOOKS / "10-glossary.ipynb"
    headings = {line.lstrip("#").strip().replace(" ", "-")
                for text in markdown_of(glossary) for line in text.splitlines() if line.startswith("#")}
    for path in LESSON_PAGES:
        for text in markdown_of(path):
            for link in MARKDOWN_LINK.findall(text):
                target = urlsplit(link)
                if target.path == glossary.name and target.fragment:
                    assert target.fragment in headings, (path.name, link)


GLOSSARY = NOTEBOOKS / "10-glossary.ipynb"


def glossary_entries() -> dict[str, str]:
    """The glossary's entries: each ``### Word`` heading and the text under it."""
    text = "\n".join(markdown_of(GLOSSARY))
    return {part.split("\n", 1)[0].strip(): part.split("\n", 1)[1] for part in re.split(r"(?m)^### ", text)[1:]}


def test_the_glossary_explains_the_words_of_a_betting_round_in_alphabetical_order() -> None:
    """Issue 28: the words 02a teaches (rule book 002's choices and its draw) are looked up here too."""
    entries = glossary_entries()
    for word in ("Check", "Bet", "Call", "Raise", "Fold", "Heads-up", "Stand pat"):
        assert word in entries, f"the glossary has no {word!r}"
        assert MARKDOWN_LINK.search(entries[word]), f"{word!r} names no lesson that teaches it"
    assert list(entries) == sorted(entries, key=str.lower)


@pytest.mark.parametrize("path", page_params())
def test_the_footer_links_each_page_once_in_the_order_previous_contents_next(path: Path) -> None:
    """Issue 28: 01's footer linked Contents twice ("Previous: Contents · Contents · Next")."""
    footer = markdown_of(path)[-1].split("\n\n")[-1]
    links = MARKDOWN_LINK.findall(footer)
    assert len(links) == len(set(links)), f"{path.name}'s footer links a page twice: {links}"
    assert footer.startswith("← Previous: "), path.name
    if not path.name.startswith("10-"):
        assert footer.rstrip().endswith("→") and "Next: " in footer, path.name


ANSWER_KEYS = NOTEBOOKS.parent / "docs" / "teaching" / "answer-keys.md"
NO_EXERCISES = {"05-five-card-draw.ipynb", "06-saloon-draw.ipynb", "10-glossary.ipynb"}  # a game each, a reference page


def test_the_answer_keys_cover_every_lesson_with_worked_examples() -> None:
    """Issue 28: the keys claimed "every exercise" but skipped 04. Every page with a hidden check of its worked
    examples (a cell tagged ``check``), other than the games and the glossary, has its section."""
    keys = ANSWER_KEYS.read_text(encoding="utf-8")
    for path in LESSON_PAGES:
        notebook = nbformat.read(path, as_version=4)
        if path.name in NO_EXERCISES or not any("check" in cell.metadata.get("tags", []) for cell in notebook.cells):
            continue
        number = path.name.split("-", 1)[0]
        assert re.search(rf"^### {number} · ", keys, re.MULTILINE), f"the answer keys have no section for {path.name}"


def test_the_contents_page_and_each_lesson_give_the_same_time() -> None:
    """Issue 28: the contents page gave 04 25 minutes, its own page about 40 (and 15 for the exercises)."""
    contents = "\n".join(markdown_of(START_PAGE))
    listed = re.findall(r"\*\*\[[^\]]+\]\(([0-9a-z-]+\.ipynb)\)\*\* \((\d+) min", contents)
    assert len(listed) >= 6, listed
    for name, minutes in listed:
        first = markdown_of(NOTEBOOKS / name)[0]
        assert re.search(rf"about\s+{minutes}\s+minutes", first), f"{name}: the contents page says {minutes} min"
    lessons = sum(int(minutes) for _, minutes in listed) + 15  # 04's exercises
    assert 2 * 60 < lessons < 3 * 60 and "about two and a half hours" in contents  # 155 minutes
