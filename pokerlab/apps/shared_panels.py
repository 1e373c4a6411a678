"""The panels and panel pieces every draw app shows: the lobby until the learner is known,
"Continue your game", the other-tab and damaged-game screens, the practice-deal notice, the
standings and the opponents' levels, and a kept game's summary said again in the page's language.
Plain functions from data to the panel dicts :class:`~pokerlab.widgets.table.DrawTable` draws; no
state, no storage. Apart from each game's own panels (:mod:`pokerlab.apps.five_card_draw_panels`,
:mod:`pokerlab.apps.saloon_panels`, :mod:`pokerlab.apps.ladder_panels`), which build on them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.rule_words import money
from pokerlab.bots import BOT_LEVELS
from pokerlab.language import N_

Panel = dict[str, Any]

def options(pairs: Iterable[tuple[Any, str]]) -> list[dict[str, Any]]:
    return [{"value": str(value), "label": label} for value, label in pairs]


def level_options(language: str = lang.DEFAULT) -> list[dict[str, Any]]:
    return options((level, f"{level}: {lang.gettext(language, name)}") for level, (name, _) in BOT_LEVELS.items())


def levels_table(language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    return {"caption": _("Opponents"), "head": [_("Level"), _("Name"), _("How they play")],
            "rows": [[level, _(name), _(text)] for level, (name, text) in BOT_LEVELS.items()]}


def signed(amount: int, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """A change with its sign, as the table writes it: ``+$40``, ``−$15``, ``$0`` (or ``+40``, ``−15``, ``0``)."""
    return ("+" if amount > 0 else "−" if amount < 0 else "") + money(abs(amount), dollars, language)


def standings_table(standings: Sequence[dict[str, Any]], caption: str = N_("Final chips"), dollars: bool = False,
                    language: str = lang.DEFAULT) -> Panel:
    """The standings as a table: money in dollars (Saloon Draw) or chips, as the table beside the felt."""
    _ = lang.catalogue(language).gettext
    rows = [[index, row["name"] + (_(" (out)") if row["out"] else ""), money(row["stack"], dollars, language),
             signed(row["net"], dollars, language)]
            for index, row in enumerate(standings, start=1)]
    return {"caption": _(caption), "head": ["", _("Player"), _("Money") if dollars else _("Chips"), "+/-"],
            "rows": rows}


def waiting_panel(title: str, language: str = lang.DEFAULT) -> Panel:
    """The lobby until the learner is known."""
    _ = lang.catalogue(language).gettext
    return {"heading": _(title), "paragraphs": [_("Tell pokerlab who you are (just above) and your table will be ready.")]}


PROGRESS = (N_("hand {number}, {chips} chips"), N_("hand {number}, {money}"),
            N_("level {level}, hand {number} of {count}, {chips} chips"))
"""How a game in progress is summed up when it is kept (``DrawFlow.progress_text``: the Saloon's in
dollars, the Ladder's with its level), in English as it is stored."""


def progress_words(progress: str, language: str = lang.DEFAULT) -> str:
    """A kept game's summary (``"hand 4, $1,235"``, English as stored) in ``language``, its amounts
    written the language's way; a summary made otherwise stays as it was kept."""
    return said_again(progress, (*PROGRESS, "${number}"), language)


def said_again(text: str, messages: Iterable[str], language: str = lang.DEFAULT) -> str:
    """``text``, English made from one of ``messages``, in ``language`` with its amounts (``1,235``)
    written the language's way; text made otherwise stays as it was written."""
    if language == lang.DEFAULT:
        return text
    told = lang.retell(language, text, messages)
    if told is None:
        return text
    return re.sub(r"\d{1,3}(?:,\d{3})+", lambda found: lang.format_number(int(found.group().replace(",", "")), language),
                  told)


def continue_panel(title: str, learner: str, progress: str, language: str = lang.DEFAULT) -> Panel:
    """"Continue your game (hand 4, 735 chips)" or "New game"."""
    _ = lang.catalogue(language).gettext
    progress = progress_words(progress, language)
    return {
        "heading": _("{title}: welcome back, {name}").format(title=_(title), name=learner),
        "paragraphs": [_("Your game is where you left it: {progress}. Continue it, or start a new one "
                         "(the game in progress is then given up).").format(progress=progress)],
        "buttons": [{"id": "continue", "label": _("Continue your game ({progress})").format(progress=progress),
                     "primary": True},
                    {"id": "new", "label": _("New game")}],
    }


def elsewhere_panel(title: str, language: str = lang.DEFAULT) -> Panel:
    """This page lost its game to another tab (or window) of the same learner."""
    _ = lang.catalogue(language).gettext
    return {
        "heading": _(title),
        "paragraphs": [
            _("This game continues in your other tab."),
            _("A game is played in one place at a time, so this page has stopped. Reload it to bring "
              "the game back here; the other tab then stops instead."),
        ],
    }


def damaged_panel(title: str, problem: str, language: str = lang.DEFAULT) -> Panel:
    """The learner's game in progress cannot be continued: say so (``problem``, in ``language``
    already) and offer a new game."""
    _ = lang.catalogue(language).gettext
    return {
        "heading": _(title),
        "paragraphs": [problem, _("Everything else pokerlab keeps for you (wallet, progress, saves) is unaffected.")],
        "buttons": [{"id": "new", "label": _("Start a new game"), "primary": True}],
    }


def practice_panel(seed: int, language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    return {
        "heading": _("Practice deal"),
        "paragraphs": [_("Practice deal {seed}: the same cards for everyone who opens this link. Nothing from it "
                         "is kept: no game in progress, no score.").format(seed=seed)],
    }


__all__ = ["PROGRESS", "Panel", "continue_panel", "damaged_panel", "elsewhere_panel", "level_options", "levels_table",
           "options", "practice_panel", "progress_words", "said_again", "signed", "standings_table", "waiting_panel"]
