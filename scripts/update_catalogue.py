"""Extract pokerlab's messages into pokerlab/locale/pokerlab.pot and bring every language's .po up to
date with it (new messages added empty, gone ones kept as obsolete), with Babel's API.

    python scripts/update_catalogue.py          # write the template and update the .po files
    python scripts/update_catalogue.py --check  # exit 1 when the template is not what the code says

Besides the calls in the code (``_``, ``N_``, ``gettext``, ``ngettext``, ``pgettext`` and the table's
``t``), the template holds messages kept as data: the forms of each rank
(:data:`pokerlab.narration.hands._RANK_FORMS`, with the form as context), the computer opponents'
names and descriptions (:data:`pokerlab.bots.BOT_LEVELS`), the quizzes' named mistakes
(:data:`pokerlab.quizzes.misconceptions.MISCONCEPTIONS`) and the words the scripts show
(:data:`pokerlab.widgets.table.TABLE_WORDS`, :data:`~pokerlab.widgets.coach.COACH_WORDS`,
:data:`~pokerlab.widgets.identity.IDENTITY_WORDS`, :data:`~pokerlab.widgets.four_rows.FOUR_ROWS_WORDS`,
:data:`~pokerlab.widgets.trainer.TRAINER_WORDS`, :data:`~pokerlab.widgets.hand_builder.HAND_BUILDER_WORDS`,
:data:`~pokerlab.widgets.hand_stepper.HAND_STEPPER_WORDS`, :data:`~pokerlab.widgets.my_hands_texts.MY_HANDS_WORDS`).
"""

from __future__ import annotations

import sys
import tomllib
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pokerlab.bots import BOT_LEVELS  # noqa: E402
from pokerlab.language import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402
from pokerlab.narration.hands import _RANK_FORMS  # noqa: E402
from pokerlab.quizzes.misconceptions import MISCONCEPTIONS  # noqa: E402
from pokerlab.widgets.coach_texts import COACH_WORDS  # noqa: E402
from pokerlab.widgets.four_rows import FOUR_ROWS_WORDS  # noqa: E402
from pokerlab.widgets.hand_builder import HAND_BUILDER_WORDS  # noqa: E402
from pokerlab.widgets.hand_stepper import HAND_STEPPER_WORDS  # noqa: E402
from pokerlab.widgets.identity import IDENTITY_WORDS  # noqa: E402
from pokerlab.widgets.my_hands_texts import MY_HANDS_WORDS  # noqa: E402
from pokerlab.widgets.table import TABLE_WORDS  # noqa: E402
from pokerlab.widgets.trainer import TRAINER_WORDS  # noqa: E402

KEYWORDS = parse_keywords([
    "_", "N_", "NP_:1c,2", "t", "say", "gettext:1,1t", "gettext:2,2t", "ngettext:1,2,3t", "ngettext:2,3,4t", "pgettext:1c,2",
])
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
TEAM = "the pokerlab maintainers"
"""Who writes and answers for the catalogues (the header's author, translator, team and copyright)."""
BUGS = "pokerlab's issue tracker"
"""Where a wrong or missing message is reported (the header's Report-Msgid-Bugs-To)."""


def _header(catalog: Catalog, language_name: str | None = None) -> None:
    """Fill the header Babel leaves with placeholders (FIRST AUTHOR, VERSION, ...) with pokerlab's own.
    A language's ``PO-Revision-Date`` stays what its translator wrote."""
    catalog.project, catalog.version, catalog.copyright_holder = "pokerlab", VERSION, TEAM
    catalog.msgid_bugs_address = BUGS
    what = f"{language_name} translations" if language_name else "Translations template"
    catalog.header_comment = (
        f"# {what} for pokerlab {VERSION}.\n"
        f"# Copyright (C) 2026 {TEAM}.\n"
        "# This file is distributed under the same license as the pokerlab project.\n"
        f"# Written by {TEAM}, 2026; made and updated by scripts/update_catalogue.py.\n#")
    if language_name:
        catalog.last_translator = TEAM
        catalog.language_team = f"{language_name} ({TEAM})"


def template() -> Catalog:
    """Every message of the code and the data, as one catalogue without translations."""
    catalog = Catalog(project="pokerlab", domain=DOMAIN, charset="utf-8", fuzzy=False)
    _header(catalog)
    with (ROOT / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for form, words in _RANK_FORMS.items():
        for word in words.values():
            catalog.add(word, None, [("pokerlab/narration/hands.py", 0)], context=form)
    for item in MISCONCEPTIONS:  # the named mistakes, as the teacher's board says them
        catalog.add(item.name, None, [("pokerlab/quizzes/misconceptions.py", 0)])
    for name, text in BOT_LEVELS.values():
        catalog.add(name, None, [("pokerlab/bots/__init__.py", 0)])
        catalog.add(text, None, [("pokerlab/bots/__init__.py", 0)])
    for words, where in ((TABLE_WORDS, "table.py"), (COACH_WORDS, "coach_texts.py"), (IDENTITY_WORDS, "identity.py"),
                         (TRAINER_WORDS, "trainer.py"), (MY_HANDS_WORDS, "my_hands_texts.py"),
                         (HAND_BUILDER_WORDS, "hand_builder.py"), (HAND_STEPPER_WORDS, "hand_stepper.py")):
        for word in words:
            catalog.add(word, None, [(f"pokerlab/widgets/{where}", 0)])
    for word in FOUR_ROWS_WORDS:  # a pair: (context, message)
        context, message = word if isinstance(word, tuple) else (None, word)
        catalog.add(message, None, [("pokerlab/widgets/four_rows.py", 0)], context=context)
    return catalog


def _strings(message: object) -> tuple[str, ...]:
    """A message's translations: one, or one per plural form."""
    string = message.string  # type: ignore[attr-defined]
    return tuple(string) if isinstance(string, (tuple, list)) else (string,)


def _text(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=120, omit_header=False, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return b"\n".join(line for line in out.getvalue().split(b"\n") if not line.startswith(b'"POT-Creation-Date'))


def main(argv: list[str]) -> int:
    pot = template()
    if "--check" in argv:
        if not TEMPLATE.exists() or _text(pot) != _text(read_po(TEMPLATE.open("rb"))):
            print(f"{TEMPLATE} is out of date: run python scripts/update_catalogue.py", file=sys.stderr)
            return 1
        return 0
    TEMPLATE.write_bytes(_text(pot))
    for language in LANGUAGES[1:]:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size:
            with path.open("rb") as po:
                catalog = read_po(po, locale=language, domain=DOMAIN)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="pokerlab", fuzzy=False)
        catalog.update(pot, update_header_comment=False, no_fuzzy_matching=True)
        _header(catalog, Locale.parse(language).english_name)
        path.write_bytes(_text(catalog))
        missing = sum(1 for message in catalog if message.id and not all(_strings(message)))
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages, {missing} untranslated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
