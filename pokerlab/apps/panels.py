"""What the draw-poker apps put on the table's panels, under the one name they had before they were
split by what each part owns: this module re-exports them, for notebooks, teachers' code and older
callers (our own import from the homes).

* :mod:`pokerlab.apps.rule_words`: the sentences about a game's rules (limits, forced bet, discards);
* :mod:`pokerlab.apps.shared_panels`: the panels every app shows (waiting, continue, other tab,
  damaged game, practice deal, standings, levels);
* :mod:`pokerlab.apps.review_panels`: the decision review's panel and its waiting line;
* :mod:`pokerlab.apps.five_card_draw_panels` and :mod:`pokerlab.apps.saloon_panels`: each game's own
  lobby, side panel and end screen (the Ladder's: :mod:`pokerlab.apps.ladder_panels`).
"""

from __future__ import annotations

from pokerlab.apps.five_card_draw_panels import five_card_draw_end, five_card_draw_lobby
from pokerlab.apps.review_panels import REVIEW_ABOUT, folded_first, review_panel, review_waiting_panel
from pokerlab.apps.rule_words import (
    NUMBER_WORDS,
    cap_text,
    discard_text,
    forced_bet_text,
    limits_sentence,
    money,
    number_word,
    short_rules,
)
from pokerlab.apps.saloon_panels import (
    DEFAULT_SAVE_NAME,
    SALOON_SAVE_RULE,
    saloon_end,
    saloon_lobby,
    saloon_saves_table,
    saloon_side,
)
from pokerlab.apps.shared_panels import (
    PROGRESS,
    Panel,
    continue_panel,
    damaged_panel,
    elsewhere_panel,
    level_options,
    levels_table,
    options,
    practice_panel,
    progress_words,
    said_again,
    signed,
    standings_table,
    waiting_panel,
)

__all__ = [
    "DEFAULT_SAVE_NAME", "NUMBER_WORDS", "PROGRESS", "REVIEW_ABOUT", "SALOON_SAVE_RULE", "Panel", "cap_text",
    "continue_panel", "damaged_panel", "discard_text", "elsewhere_panel", "five_card_draw_end", "five_card_draw_lobby",
    "folded_first", "forced_bet_text", "level_options", "levels_table", "limits_sentence", "money", "number_word",
    "options", "practice_panel", "progress_words", "review_panel", "review_waiting_panel", "said_again", "saloon_end",
    "saloon_lobby", "saloon_saves_table", "saloon_side", "short_rules", "signed", "standings_table", "waiting_panel",
]
