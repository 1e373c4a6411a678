"""The languages pokerlab speaks: one gettext catalogue (managed with Babel), the choice of a language
from what the browser prefers, and numbers and money written the way each language writes them.

English is the source language: every message in the code is its English text, so English needs no
catalogue and is the fallback for a message a catalogue lacks. Another language's catalogue is
``pokerlab/locale/<code>/LC_MESSAGES/pokerlab.po``; it is compiled with Babel's own API the first
time it is used in a process (no ``.mo`` file, no build step to forget, never out of step with the
``.po``).

>>> gettext("es", "Fold")
'Retirarse'
>>> ngettext("es", "{amount} chip", "{amount} chips", 2).format(amount=2)
'2 fichas'
>>> choose(["es-ES", "en-US"]), choose(["fr-FR"]), choose([])
('es', 'en', 'en')
>>> format_number(12345, "en"), format_number(12345, "es"), money(1500, "es", dollars=True)
('12,345', '12.345', '1.500 $')
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterable
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any, Final

LOCALE_DIR: Final = Path(__file__).with_name("locale")
DOMAIN: Final = "pokerlab"
DEFAULT: Final = "en"
LANGUAGES: Final = ("en", "es")
"""Every language with a catalogue (English first: it is the source and the fallback)."""
LANGUAGE_NAMES: Final = {"en": "English", "es": "Español"}
"""Each language in its own words, as a language menu offers it."""


def N_(message: str) -> str:  # noqa: N802 - the usual gettext name for "mark for extraction"
    """Mark ``message`` for the catalogue without translating it here (it is translated where it is
    shown, for that reader's language)."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - N_ with a context
    """Mark ``message`` for the catalogue under ``context`` (a word that needs another translation in
    another place, such as "all-in" as a verb and as a player's state)."""
    return message


def check(language: str) -> str:
    """``language`` if pokerlab has it, else a clear error."""
    if language not in LANGUAGES:
        raise ValueError(f"pokerlab does not speak {language!r}; the languages are: {', '.join(LANGUAGES)}.")
    return language


def choose(preferred: Iterable[str] | None, among: Iterable[str] = LANGUAGES) -> str:
    """The first of the browser's languages (``navigator.languages``, best first, such as
    ``["es-ES", "es", "en"]``) that pokerlab speaks (on this page: ``among``); English when none is."""
    offered = set(among)
    for tag in preferred or ():
        if not isinstance(tag, str):
            continue
        code = tag.strip().replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES and code in offered:
            return code
    return DEFAULT


def menu(codes: Iterable[str]) -> list[dict[str, str]]:
    """A language menu's options for ``codes``: ``[{"value": "es", "label": "Español"}, ...]``."""
    return [{"value": check(code), "label": LANGUAGE_NAMES[code]} for code in codes]


@lru_cache(maxsize=None)
def catalogue(language: str) -> _gettext.NullTranslations:
    """The translations for ``language``: English is the messages themselves; another language is
    its ``.po`` compiled in memory (Babel's ``read_po``/``write_mo``), English behind it."""
    check(language)
    if language == DEFAULT:
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    translations = _gettext.GNUTranslations(compiled)
    translations.add_fallback(_gettext.NullTranslations())
    return translations


def gettext(language: str, message: str) -> str:
    """``message`` (its English text) in ``language``."""
    return catalogue(language).gettext(message)


def browser_choice(message: dict[str, Any], chosen: bool, among: Iterable[str] = LANGUAGES) -> str | None:
    """The language a widget takes from the browser's ``{"type": "languages", "languages": [...]}``
    (``navigator.languages``, sent as the page opens; see :func:`choose`), or None to keep its own: a
    language the learner or the page already chose (``chosen``) wins over the browser's."""
    preferred = message.get("languages")
    if chosen or not isinstance(preferred, list):
        return None
    return choose(preferred, among)


def front_end_words(language: str, messages: Iterable[str]) -> dict[str, str]:
    """A front-end file's English ``messages`` in ``language``, for its widget's ``words`` trait: empty
    for English, the words the JavaScript itself holds."""
    if check(language) == DEFAULT:
        return {}
    return {message: gettext(language, message) for message in messages}


def ngettext(language: str, singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in ``language`` (Spanish has three: one, millions, other)."""
    return catalogue(language).ngettext(singular, plural, count)


def format_number(value: float, language: str = DEFAULT, decimals: int = 0) -> str:
    """A number as ``language`` writes it, with ``decimals`` places: ``'1,234.5'`` in English,
    ``'1.234,5'`` in Spanish.

    English keeps Python's own formatting, which pokerlab has always printed (Babel rounds the
    decimal text of a float, Python its exact binary value: 0.35 gives 0.4 there and 0.3 here); the
    other languages are Babel's ``format_decimal`` for their locale."""
    if check(language) == DEFAULT:
        return f"{value:,.{decimals}f}" if decimals else f"{round(value):,}"
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value if decimals else round(value), pattern, locale=language)


def format_signed(amount: int, language: str = DEFAULT) -> str:
    """A whole result with its sign, as the results tables write it: ``'+1,250'``, ``'-40'``, ``'+0'``
    (``'+1.250'`` in Spanish).

    >>> format_signed(1250), format_signed(-40, "es"), format_signed(0), format_signed(1250, "es")
    ('+1,250', '-40', '+0', '+1.250')
    """
    return ("-" if amount < 0 else "+") + format_number(abs(amount), language)


def number_group(language: str) -> str:
    """The thousands mark of ``language`` ("," in English, "." in Spanish), for the browser's own amounts."""
    from babel.numbers import get_group_symbol

    return get_group_symbol(check(language))


def format_percent(value: float, language: str = DEFAULT) -> str:
    """A share with one decimal: ``'12.3%'`` in English, ``'12,3 %'`` in Spanish."""
    if check(language) == DEFAULT:
        return f"{float(value):.1%}"
    return gettext(language, "{number}%").format(number=format_number(float(value) * 100, language, 1))


def money(amount: float, language: str = DEFAULT, dollars: bool = False, decimals: int = 0) -> str:
    """An amount as it reads after a verb: ``'$1,500'`` or ``'1,500'`` (chips) in English,
    ``'1.500 $'`` or ``'1.500'`` in Spanish. The one place where amounts become text."""
    number = format_number(amount, language, decimals)
    return gettext(language, "${number}").format(number=number) if dollars else number


def read_back(text: str, messages: Iterable[str]) -> tuple[str, dict[str, str]] | None:
    """Which of ``messages`` made the English ``text``, and the values of its places:
    ``("{name} is back.", {"name": "Ann"})`` for ``"Ann is back."``; None when none did.

    Only for English written before pokerlab kept codes (a table stored by an older dealer) or
    written by code that only knows English; new data carries its code and values instead."""
    for message in messages:
        places = re.findall(r"\{(\w+)\}", message)
        pattern = "".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.*?)"
                          for index, part in enumerate(re.split(r"\{(\w+)\}", message)))
        found = re.fullmatch(pattern, text, flags=re.S) if len(set(places)) == len(places) else None
        if found is not None:
            return message, found.groupdict()
    return None


def retell(language: str, text: str, messages: Iterable[str]) -> str | None:
    """``text``, an English sentence made from one of ``messages`` (such as an error's message,
    ``"A name starts with a letter; '9lives' does not."``), said again in ``language``: its places
    are read back out of the English (:func:`read_back`) and put into the translation (a place that
    is itself one of ``messages``, such as a clause, is said again too). None when no message made
    ``text``.

    For sentences made by code that only knows English (an error raised far from any reader)."""
    messages = tuple(messages)
    found = read_back(text, messages)
    if found is None:
        return None
    message, values = found
    said = {name: (retell(language, value, messages) if value else None) or value for name, value in values.items()}
    return gettext(language, message).format(**said)


__all__ = [
    "DEFAULT", "LANGUAGES", "LANGUAGE_NAMES", "NP_", "N_", "catalogue", "check", "choose", "format_number",
    "format_percent", "gettext", "menu", "money", "ngettext", "number_group", "read_back", "retell",
]
