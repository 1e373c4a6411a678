"""Five-Card Draw's lobby and end screen (:class:`~pokerlab.apps.games.FiveCardDrawFlow`'s), as
plain panel dicts. Apart from the other games' panels because each game's lobby says its own rules
and choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.rule_words import limits_sentence
from pokerlab.apps.shared_panels import Panel, level_options, levels_table, options, standings_table
from pokerlab.draw import Rules


def five_card_draw_lobby(settings: dict[str, str], antes: Rules, blinds: Rules, player_counts: range,
                         starting_stack: int, language: str = lang.DEFAULT) -> Panel:
    """The lobby; ``antes``/``blinds`` are the rules each forced-bet choice would give."""
    _ = lang.catalogue(language).gettext
    ngettext = lang.catalogue(language).ngettext
    ace = _("Ace draw (a fourth card keeping an ace)") if antes.max_discards == 3 else _(
        "Ace draw (a further card keeping an ace)")
    return {
        "heading": _("Five-Card Draw"),
        "paragraphs": [
            _("Fixed limit: {limits}. Everyone starts with {stack} chips; the last player with chips wins.").format(
                limits=limits_sentence(antes, language=language), stack=lang.format_number(starting_stack, language)),
            _("Choose your table, then press Start."),
        ],
        "fields": [
            {"name": "players", "label": _("Players (you and the computer)"), "value": settings["players"],
             "options": options((n, ngettext("{count} player", "{count} players", n).format(count=n))
                                for n in player_counts)},
            {"name": "forced_bet", "label": _("Forced bet"), "value": settings["forced_bet"],
             "options": options([("antes", _("Antes of {ante}").format(ante=antes.ante)),
                                 ("blinds", _("Blinds of {small} and {big}").format(small=blinds.small_blind,
                                                                                     big=blinds.big_blind))])},
            {"name": "ace_draw", "label": ace,
             "value": settings["ace_draw"], "options": options([("off", _("Off")), ("on", _("On"))])},
            {"name": "level", "label": _("Opponents' level"), "value": settings["level"],
             "options": level_options(language)},
        ],
        "tables": [levels_table(language)],
        "buttons": [{"id": "start", "label": _("Start"), "primary": True}],
    }


def five_card_draw_end(standings: Sequence[dict[str, Any]], hand_number: int, out: bool, won: bool,
                       language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    ngettext = lang.catalogue(language).ngettext
    if out:
        heading = _("You are out of chips.")
        text = ngettext("Your match lasted {count} hand. Every hand is a lesson: try again?",
                        "Your match lasted {count} hands. Every hand is a lesson: try again?", hand_number)
    elif won:
        heading = _("You won the match!")
        text = ngettext("You took every chip at the table in {count} hand.",
                        "You took every chip at the table in {count} hands.", hand_number)
    else:
        heading = _("The match is over.")
        text = ngettext("It lasted {count} hand.", "It lasted {count} hands.", hand_number)
    return {
        "heading": heading, "paragraphs": [text.format(count=hand_number)],
        "tables": [standings_table(standings, language=language)],
        "buttons": [{"id": "again", "label": _("Play again"), "primary": True},
                    {"id": "lobby", "label": _("Change the table")}],
    }


__all__ = ["five_card_draw_end", "five_card_draw_lobby"]
