"""Why a hand cannot be written as PHH or a PHH file cannot be read: every refusal is a catalogue message
(:data:`MESSAGES`) and the values of its places, so a page says it in its reader's language.

A :class:`PhhError` is data: ``message`` (one of :data:`MESSAGES`, the refusal's code) and ``values``.
``str(error)`` is the English; :meth:`PhhError.text` says it in a language, each value as that
language writes it: a number (``1.000`` in Spanish), a value that is itself a catalogue message (a
game's name, :class:`Phrase`), and the engine's refusal behind an action that breaks rule book 002
(said by whoever can: the page passes narration's sentence, the reader cannot import it).

>>> error = PhhError(DEALT_TWICE, card="As")
>>> str(error)
'The card As is dealt twice in this file before the stock runs out.'
>>> error.text("es")
'En este archivo la carta As se reparte dos veces antes de que se acabe el mazo.'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.draw.errors import HistoryError, IllegalActionError
from pokerlab.language import N_

# ----- reading a file ------------------------------------------------------------------------------------

NOTHING_PASTED: Final = N_("Paste or upload a PHH file first (a .phh or .phhs hand history).")
NOT_TEXT: Final = N_("This is not a PHH file: a PHH file is text.")
NOT_TOML_AT: Final = N_("This is not a PHH file: it is not valid TOML at line {line}, column {column} (the TOML "
                        "reader says “{detail}”).")
NOT_TOML_END: Final = N_("This is not a PHH file: it is not valid TOML, and the TOML reader finds it out only at the "
                         "end of the text (it says “{detail}”).")
NO_FIELD: Final = N_("This PHH file has no {key} field, which a {variant} hand needs.")
MALFORMED: Final = N_("The PHH field {key} is malformed: {value}.")
WRONG_VARIANT: Final = N_("pokerlab reads PHH hands of variant {variant} (fixed-limit Five-Card Draw); this file's "
                          "variant is {given}, a game pokerlab does not play.")
NO_SUCH_HAND: Final = N_("This file holds {count} hand(s); there is no hand {number}.")
NOT_STRINGS: Final = N_("Every PHH action is a string; this file has others.")

# ----- the table -----------------------------------------------------------------------------------------

PLAYER_COUNTS: Final = N_("The PHH fields antes, blinds_or_straddles and starting_stacks must have one entry for each "
                          "of 2 to 8 players; got {antes}, {blinds} and {stacks}.")
WHOLE_CHIPS: Final = N_("Antes, blinds and stacks must be whole numbers of chips in a pokerlab hand.")
BAD_SEATS: Final = N_("The PHH field 'seats' must name {count} different seats from 1 to seat_count; got {seats}.")
SEAT_COUNT: Final = N_("A Five-Card Draw table seats 2 to 8 players; this file's seat_count is {given}.")
BOTH_FORCED: Final = N_("Five-Card Draw uses antes or blinds, not both; this file has both.")
BLINDS_SHAPE: Final = N_("pokerlab plays a small and a big blind only; this file's blinds are {blinds}.")
ANTES_SHAPE: Final = N_("pokerlab's antes are the same for every player; this file's are {antes}.")
NO_BETS: Final = N_("The PHH fields small_bet and big_bet must be more than 0 chips; this file's are {small_bet} and "
                    "{big_bet}.")
BUTTON_EMPTY: Final = N_("The last player, p{count}, is the button, and a hand starts with chips on the button; this "
                         "file's starting_stacks give p{count} none.")

# ----- the cards -----------------------------------------------------------------------------------------

FIVE_EACH: Final = N_("A {variant} hand starts by dealing five cards to each of its {count} players.")
DEALT_TWICE: Final = N_("The card {card} is dealt twice in this file before the stock runs out.")
NOT_CARDS: Final = N_("The action {action} has cards pokerlab cannot read: {cards} is not a list of cards.")
NOT_A_CARD: Final = N_("The action {action} has cards pokerlab cannot read: {card} is not a card.")
MIXED_HIDDEN: Final = N_("The action {action} hides some of its cards and shows others; pokerlab reads a card string "
                         "that is either all known or all '??'.")
HIDES_CARDS: Final = N_("The action {action} hides cards ('??'): pokerlab rebuilds a hand only from a file with "
                        "every card (this one was written as one player saw it).")
SHOWS_HIDDEN: Final = N_("The action {action} shows hidden cards ('??'): a hand shown at the showdown must name its "
                         "cards.")
NOT_RESHUFFLED: Final = N_("After the stock ran out this file deals a card that was not in the reshuffled stock (rule "
                           "book 002: earlier discards and folded hands, not the drawer's own).")

# ----- the actions ---------------------------------------------------------------------------------------

NO_PLAYER: Final = N_("The action {action} names no player of this hand (p1 to p{count}).")
NOT_AN_ACTION: Final = N_("The action {action} is not a Five-Card Draw action pokerlab can play here.")
OUT_OF_TURN: Final = N_("The action {action} is out of turn: pokerlab's next actor is {player}.")
AFTER_THE_END: Final = N_("The action {action} comes after the hand is over.")
BREAKS_RULES: Final = N_("The action {action} breaks rule book 002: {refusal}")
NOT_SHOWN: Final = N_("The action {action} shows cards that the hand as played does not show.")
UNFINISHED: Final = N_("This PHH file ends before the hand does; pokerlab reads finished hands only.")
OTHER_ACES: Final = N_("The file's shown aces {aces} are not the aces this hand's draws show.")
OTHER_STACKS: Final = N_("The file's finishing stacks {stacks} are not what rule book 002 gives for these actions "
                         "({expected}).")

# ----- a hand as one player saw it -----------------------------------------------------------------------

CHOOSE_PLAYER: Final = N_("Choose a player of this hand, p1 to p{count}; got {given}.")
EVERY_PLAYER: Final = N_("This file shows every player's cards: choose whose decisions to replay (p1 to p{count}).")
NO_VIEWER: Final = N_("pokerlab reads a hand for one player whose cards the file shows (their deal, discards and "
                      "replacements); in this file no single player's deal is known.")
HIDES_PLAYER: Final = N_("The file hides {player}'s cards ('??'), so their decisions cannot be replayed; choose a "
                         "player whose deal it shows ({players}).")
HIDES_ALL: Final = N_("The file hides {player}'s cards ('??'), so their decisions cannot be replayed; choose a "
                      "player whose deal it shows (none).")
HIDDEN_RESHUFFLE: Final = N_("In this hand the stock ran out and the discards were reshuffled; pokerlab rebuilds such "
                             "a hand only from a file that shows every card.")
BAD_ACES_FIELD: Final = N_("The PHH field '_shown_aces' must have one entry a player ('' for none); got {aces}.")
DRAW_MISFIT: Final = N_("{player}'s draw and shown hand do not fit five cards.")
REPLACEMENTS: Final = N_("{player} draws {count} card(s), and the file deals them {dealt} replacement(s); a draw is "
                         "dealt its cards once.")

# ----- writing a hand ------------------------------------------------------------------------------------

NOT_FINISHED: Final = N_("Only a finished hand is written as PHH (this one is still being played).")
SPREAD_LIMITS: Final = N_("{game} has spread limits ({limits}): PHH's fixed-limit fields hold one bet size a round, "
                          "and its other betting structures are no-limit and pot-limit, so the hand cannot be written "
                          "without changing its bets.")
OTHER_DISCARDS: Final = N_("{game} lets a player discard {count}; the PHH variant {variant} is Five-Card Draw (up to "
                           "three, four with ace draw), so this hand is not exported.")
OTHER_RULES: Final = N_("Only Five-Card Draw (rule book 002) is written as PHH; {game} has other table rules.")
FOLD_IN_DRAW: Final = N_("Seat {seat} folded during the draw. PHH's draw has only stand pat or discard, and readers "
                         "offer no fold there; writing the fold anywhere else would change the hand, so it is not "
                         "exported.")
SHORT_BIG_BLIND: Final = N_("Seat {seat} posted a short big blind ({posted} of {big_blind}) and others put chips in "
                            "after it. Rule book 002 still opens the round at {big_blind}; PHH readers take the "
                            "{posted} posted as the bet to match, so what the others owed would change.")
NOT_A_FIELD: Final = N_("to_phh adds optional PHH fields ({fields}) or user-defined ones (starting with '_'); not "
                        "{key}.")
PLAYER_NAMES: Final = N_("'players' needs a name for each of the {count} seats.")

MESSAGES: Final = (
    NOTHING_PASTED, NOT_TEXT, NOT_TOML_AT, NOT_TOML_END, NO_FIELD, MALFORMED, WRONG_VARIANT, NO_SUCH_HAND, NOT_STRINGS,
    PLAYER_COUNTS, WHOLE_CHIPS, BAD_SEATS, SEAT_COUNT, BOTH_FORCED, BLINDS_SHAPE, ANTES_SHAPE, NO_BETS, BUTTON_EMPTY,
    FIVE_EACH, DEALT_TWICE, NOT_CARDS, NOT_A_CARD, MIXED_HIDDEN, HIDES_CARDS, SHOWS_HIDDEN, NOT_RESHUFFLED,
    NO_PLAYER, NOT_AN_ACTION, OUT_OF_TURN, AFTER_THE_END, BREAKS_RULES, NOT_SHOWN, UNFINISHED, OTHER_ACES,
    OTHER_STACKS, CHOOSE_PLAYER, EVERY_PLAYER, NO_VIEWER, HIDES_PLAYER, HIDES_ALL, HIDDEN_RESHUFFLE, BAD_ACES_FIELD,
    DRAW_MISFIT, REPLACEMENTS, NOT_FINISHED, SPREAD_LIMITS, OTHER_DISCARDS, OTHER_RULES, FOLD_IN_DRAW,
    SHORT_BIG_BLIND, NOT_A_FIELD, PLAYER_NAMES,
)
"""Every refusal of the PHH reader and writer (a :class:`PhhError`'s ``message`` is one of them)."""


class Phrase(str):
    """A value that is itself a catalogue message (a game's name): said in the reader's language too."""


class PhhError(HistoryError):
    """A hand that PHH cannot hold as played, or a PHH file pokerlab cannot read.

    ``message``: why (one of :data:`MESSAGES`); ``values``: what fills its places. ``str(error)`` is
    the English; :meth:`text` says it in a page's language."""

    def __init__(self, message: str, **values: Any) -> None:
        self.message = message
        self.values = values
        super().__init__(self.text())

    def text(self, language: str = lang.DEFAULT,
             refusal: Callable[[IllegalActionError], str] = str) -> str:
        """The refusal in ``language``. ``refusal`` says the engine's refusal behind :data:`BREAKS_RULES`
        (narration's sentence, in the same language; the default is its English)."""
        said = {name: _said(value, language, refusal) for name, value in self.values.items()}
        return lang.gettext(language, self.message).format(**said)


def _said(value: Any, language: str, refusal: Callable[[IllegalActionError], str]) -> str:
    if isinstance(value, PhhError):
        return value.text(language, refusal)
    if isinstance(value, IllegalActionError):
        return refusal(value)
    if isinstance(value, Phrase):
        return lang.gettext(language, value)
    if isinstance(value, int) and not isinstance(value, bool):
        return lang.format_number(value, language)
    return str(value)


WHERE: Final = re.compile(r"(?P<detail>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)", flags=re.S)


def not_toml(error: tomllib.TOMLDecodeError) -> PhhError:
    """The refusal of text that is not TOML: where (tomllib's line and column, read from its message:
    Python 3.11's error has no attributes for them) and tomllib's own words, quoted."""
    text = str(error)
    where = WHERE.fullmatch(text)
    if where is None:
        return PhhError(NOT_TOML_END, detail=text.removesuffix(" (at end of document)"))
    return PhhError(NOT_TOML_AT, line=int(where["line"]), column=int(where["column"]), detail=where["detail"])


__all__ = ["MESSAGES", "PhhError", "Phrase", "not_toml", *(name for name, value in tuple(globals().items())
                                                            if name.isupper() and value in MESSAGES)]
