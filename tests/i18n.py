"""Checks the language tests share: what a catalogue lacks, and which English is left in a page's text.

The English catalogue is the template's messages themselves (English is pokerlab's source language), so
"no English on screen" means: no text shown is one of those messages, and none holds a run of words of
one (the words between its ``{places}``), unless the language says that message the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pokerlab.language import DOMAIN, LOCALE_DIR

PLACE = re.compile(r"\{(\w+)\}")
RANK_FORM_SUFFIXES = ("_plural", "_a", "_high")
"""A message naming a rank ``{win}`` gets its other forms too (``{win_plural}``...): a translation may
use whichever its grammar needs (pokerlab.narration.hands)."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def _bases(text: str) -> set[str]:
    names = set()
    for name in PLACE.findall(text):
        for suffix in RANK_FORM_SUFFIXES:
            if name.endswith(suffix):
                name = name[: -len(suffix)]
                break
        names.add(name.lower())  # "{Played}": the same value, capitalised where a sentence starts with it
    return names


def catalogue_problems(catalog: Catalog, template: Catalog) -> list[str]:
    """Everything wrong with a language's catalogue against the template: a message missing, empty or
    fuzzy, a plural form missing (Spanish has three), a {place} lost or made up."""
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        label = f"{message.context + ': ' if message.context else ''}{message.id!r}"
        if found is None:
            problems.append(f"missing: {label}")
            continue
        if found.fuzzy:
            problems.append(f"fuzzy: {label}")
        ids = found.id if isinstance(found.id, (tuple, list)) else (found.id,)
        strings = found.string if isinstance(found.string, (tuple, list)) else (found.string,)
        if isinstance(message.id, (tuple, list)) and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} of {catalog.num_plurals} plural forms: {label}")
        for string in strings:
            if not string:
                problems.append(f"empty: {label}")
            elif _bases(string) != _bases(ids[-1]):
                problems.append(f"places {sorted(_bases(string))} instead of {sorted(_bases(ids[-1]))}: {label}")
    return problems


@lru_cache(maxsize=None)
def english_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    """Each English message with {places} that ``language`` says otherwise, as a pattern of a whole text
    ("{name} folds" finds "Bo folds")."""
    catalog = read(po_path(language), language)
    patterns = []
    for message in catalog:
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for english in ids:
            if english and PLACE.search(english) and english not in strings and PLACE.sub("", english).strip(" .,:;()–—$%"):
                parts = PLACE.split(english)
                pattern = "".join(re.escape(part) if index % 2 == 0 else ".+" for index, part in enumerate(parts))
                patterns.append(re.compile(pattern))
    return tuple(patterns)


@lru_cache(maxsize=None)
def english_pieces(language: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(whole messages, runs of two or more words) of the English messages ``language`` says otherwise."""
    catalog = read(po_path(language), language)
    whole, runs = set(), set()
    said = [string for message in catalog if message.id
            for string in (message.string if isinstance(message.string, (tuple, list)) else (message.string,))]
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for english in ids:
            if english in strings:
                continue  # said the same way ("all-in", a player's name)
            whole.add(english.strip())
            for piece in PLACE.split(english)[::2]:
                piece = piece.strip(" .,;:()!?—–…")
                if re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}", piece):
                    runs.add(piece)
    whole -= set(said)  # "all-in" is English and Spanish (only the verb is "ir all-in")
    runs = {run for run in runs if not any(run in string for string in said)}
    return frozenset(whole), tuple(sorted(runs, key=len, reverse=True))


def english_left(texts: Iterable[str], language: str) -> list[str]:
    """The texts (each as shown: a label, a line, a paragraph) that are or hold English messages."""
    whole, runs = english_pieces(language)
    left = []
    for text in texts:
        text = text.strip()
        if not text:
            continue
        if text in whole or any(run in text for run in runs) or any(
                pattern.fullmatch(text) for pattern in english_patterns(language)):
            left.append(text)
    return left


CODE_KEYS = frozenset({"id", "value", "name", "kind", "phase", "action", "verdict", "option", "cards", "code", "key"})
"""Keys of a panel or a page's data that hold codes (a button's id, an action's kind), never words."""


def shown_texts(data: object) -> list[str]:
    """Every text a panel (a dict the browser draws: heading, paragraphs, tables, buttons...) or a page's
    data holds, for :func:`english_left`; the values of :data:`CODE_KEYS` are codes, not words."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for key, value in data.items() if key not in CODE_KEYS for text in shown_texts(value)]
    if isinstance(data, (list, tuple)):
        return [text for item in data for text in shown_texts(item)]
    return []
