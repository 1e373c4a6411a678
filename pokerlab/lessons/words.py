"""The lessons' own English said again in the reader's language.

A lesson exists once per language, but its code cells are the same in every language (issue 27): the
English cell ``agree("the pot after the antes", ...)`` is also the Spanish cell, with only
``language="es"`` added. The few words such a cell writes itself (a claim, a table's header, a cell
such as ``"1,098,240 hands"``) are English; :func:`say_again` gives them back in the reader's
language from the catalogue: a whole message as it is, or one of :data:`LESSON_MESSAGES` with its
places read out of the English, each place said again too (a number as the language writes it).

>>> say_again("the pot after the antes", "es")
'el bote después de los antes'
>>> say_again("what Seat 4 may do", "es"), say_again("1,098,240 hands", "es"), say_again("42.2569%", "es")
('lo que puede hacer Asiento 4', '1.098.240 manos', '42,2569 %')
>>> say_again("Seat 4's money at the end", "es"), say_again("$5 to $15", "es")
('el dinero de Asiento 4 al final', 'de 5 $ a 15 $')
>>> say_again("the pot after the antes", "en")
'the pot after the antes'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from pokerlab import language as lang
from pokerlab.bots import BOT_LEVELS
from pokerlab.ladder import LADDER_MESSAGES
from pokerlab.language import N_

__all__ = ["LESSON_MESSAGES", "LESSON_PHRASES", "say_again"]

LESSON_PHRASES: Final = (
    # 01 · Hand rankings
    N_("Hand"), N_("How often"),
    # 02 · Tie-breaks
    N_("Seat"), N_("From the main pot"), N_("From the side pot"), N_("In all"),
    # 02a · How a hand goes
    N_("the pot after the antes"), N_("the first player to speak"), N_("what that player may do"),
    # 03 · Limits and the cap
    N_("Game"), N_("Before the draw"), N_("After the draw"), N_("Five-Card Draw (fixed limit)"),
    N_("Saloon Draw (spread limit)"), N_("the first player's choices"), N_("the choices after the draw"),
    N_("the bets and raises made this round"), N_("the choices at the start of the second round"),
    N_("the raises over the big blind"), N_("the small blind, big blind and first to act"),
    N_("what the small blind may do"), N_("what the big blind may do (its option)"), N_("Dealer"),
    N_("First to act before the draw"), N_("First to act after the draw"), N_("Antes"), N_("Blinds"),
    N_("left of the dealer"), N_("who starts the second round"),
    # 03a · All-ins and side pots
    N_("the bets and raises counted after the short all-in"), N_("Chips at the start"), N_("Cards"),
    N_("the pots after the first round"), N_("who can win the side pot"), N_("Cards (deck positions)"),
    N_("the draws, in order"), N_("the cards shuffled into a new stock"), N_("the engine took the raise"),
    # 04 · Draw odds
    N_("Four hearts and a club"), N_("the number of cards you cannot see"),
    N_("the number of one-card draws that make a flush"), N_("Outs"), N_("Chance"), N_("8 (any five or ten)"),
    N_("4 (a seven only)"), N_("the count of outs for the open-ended draw"), N_("the count for the inside draw"),
    N_("You end with"), N_("Draws"), N_("the number of three-card draws"), N_("the number of draws that give two pair"),
    N_("the chance of ending better than one pair"), N_("You keep"), N_("Two pair"), N_("Three of a kind or better"),
    N_("the choice that makes two pair more often"), N_("the choice that makes three of a kind or better more often"),
    N_("keeping the ace"), N_("throwing it"), N_("heads-up, the difference between the two choices"),
    N_("under 1% of the pot"), N_("against four, the clearly better choice"), N_("throwing the ace"),
    N_("not clearly throwing the ace"), N_("the count of outs left once two fives are gone"),
    N_("against three opponents, the kings' share of the pot"), N_("between a fair share (25%) and half"),
    N_("the table where the kings take more of the pot"), N_("the heads-up one"), N_("the four-way one"),
    N_("A pair of fours and four hearts"), N_("the coach's choice"), N_("New hand"), N_("about the same"),
    N_("Call: it pays in the long run."), N_("Fold: the pot is too small for this draw."),
    # 06 · Saloon Draw
    N_("Opponent"), N_("In 20 hands"),
    # 07 · Four Rows
    N_("Hand type"), N_("Points"), N_("Nothing"), N_("Row"), N_("Scored as"), N_("Chip put down when the row held"),
    N_("Multiplier"), N_("Full house scores"), N_("the raise chips left for the rest of the game"),
    N_("Average points of its endings"), N_("An empty row"), N_("Player"), N_("Average points from rows over 8 games"),
    N_("Random placer"), N_("Greedy rules"), N_("Hint bot"),
    # 08 · The Tournament Ladder
    N_("Entry cost"), N_("Award for advancing"), N_("Attempt"), N_("Wallet, cost, award"), N_("Wallet after"),
)
"""Words that lessons' code cells write in English, whole (a table's header, a claim a check makes)."""

LESSON_MESSAGES: Final = (
    # what the engine offers and who (pokerlab.narration's own messages, so the table's words)
    N_("Seat {number}"), N_("Call {amount}"), N_("Bet {amount}"), N_("Raise to {amount}"), N_("{low}–{high}"),
    N_("All-in for {amount}"), N_("${number}"),
    # 01 · Hand rankings: how often each kind of hand turns up
    N_("about {odds}"), N_("1 in {ratio}"),
    # 02a · How a hand goes, 03 · Limits and the cap: claims the code cells make about a hand
    N_("what {seat} may do"), N_("what {seat} may do, owing {owed} with {stack}"),
    N_("{seat} (left of the big blind, {big_blind})"), N_("Hand {number}"),
    N_("{seat}'s choices facing the {amount} bet"), N_("{seat}'s money at the end"), N_("exactly {amount}"),
    N_("{low} to {high}"),
    # 03a · All-ins and side pots
    N_("{seat} took {count}"), N_("what {seat} (not yet acted) may do"), N_("what {seat} (already acted) may do"),
    N_("{seat} after posting its big blind"), N_("{seat}'s first new card (the last of the stock)"),
    N_("new cards that {seat} had just thrown away"),
    # 04 · Draw odds
    N_("{part} of {whole}"), N_("{share} of the pot"), N_("keep {cards}, draw {count}"), N_("draw {count}"),
    N_("Flush: {count} of {total}, {chance}"), N_("Straight: {count} of {total} = {chance} (it was 8 of 47 = {before})"),
    N_("Against {players}: pair alone {alone}, with the ace {ace} -> {verdict}"),
    N_("keeping the ace gives up {share} of the pot"),
    N_("{equity} ± {margin} against {count} ({deals} deals)"),
    N_("Pair of kings, drawing three, against one opponent: {equity}"), N_("... and against three opponents: {equity}"),
    N_("A fair share of a four-way pot is 25%: the kings win {times} times that."),
    N_("You win {chance} of the time; the pot odds ask for {needed}."),
    N_("Against {players}: {draw}, winning {share} of the pot."),
    # 06 · Saloon Draw: the opponents' habits
    N_("Level {number}: {name}"), N_("bets and raises: {count}"), N_("calls: {count}"), N_("folds: {count}"),
    # 07 · Four Rows
    N_("{number}x"), N_("what row {number} scores as"), N_("its points with the {multiplier} chip"),
    N_("Row {number}: {cards}"),
    # 08 · The Tournament Ladder: the wallet through a few attempts (a refusal in the ladder's own words)
    N_("Level {number}: advance"), N_("Level {number}: lose"), N_("Level {number}: cannot enter"),
    N_("{before} -{cost} +{award}"), N_("{before} -{cost}"), N_("whether {seat} advances"),
    N_("whether {seat} advances with one chip more"), *LADDER_MESSAGES,
)
"""Sentences with places that lessons' code cells write in English; each is said again from its
translation, its places filled from the English."""

_BY_LENGTH: Final = sorted(LESSON_MESSAGES, key=lambda message: -len(re.sub(r"\{\w+\}", "", message)))
"""The messages longest words first: "{seat}'s money at the end" reads "Seat 4's money at the end"
before "Seat {number}" could take "4's money at the end" for a number."""

_NUMBER: Final = re.compile(r"-?\d{1,3}(?:,\d{3})*(?:\.\d+)?|-?\d+(?:\.\d+)?")
_CARDS: Final = re.compile(r"(?:(?:10|[2-9TJQKA])[shdc♠♥♦♣])(?: (?:10|[2-9TJQKA])[shdc♠♥♦♣])*")
"""Card codes as a lesson writes them ("2s 7d Jh", "K♥ K♦"): the same in every language."""


def _hands(language: str, count: int) -> str:
    return lang.ngettext(language, "{count} hand", "{count} hands", count)


def _cards(language: str, count: int) -> str:
    return lang.ngettext(language, "{count} card", "{count} cards", count)


def _best_draw(language: str, count: int) -> str:
    return lang.ngettext(language, "the best draw against {count} opponent", "the best draw against {count} opponents",
                         count)


_COUNTED: Final[dict[str, Callable[[str, int], str]]] = {
    "{count} hands": _hands, "{count} hand": _hands, "{count} cards": _cards, "{count} card": _cards,
    "the best draw against {count}": _best_draw,
}
"""Messages with a plural: the English form read, then the reader's form for the count."""


_NAMES: Final = frozenset(name for name, _text in BOT_LEVELS.values())
"""The computer opponents' names ("Loose Lou"): messages that a language may keep as they are, so a
place holding one is known even when its translation is the same text."""


def _number(text: str, language: str) -> str | None:
    """``text`` written as an English number ("1,098,240", "2.4", "42.2569%"), as ``language`` writes it."""
    percent = text.endswith("%")
    digits = text[:-1] if percent else text
    if not _NUMBER.fullmatch(digits):
        return None
    decimals = len(digits.partition(".")[2])
    value = float(digits.replace(",", ""))
    number = lang.format_number(value, language, decimals)
    return lang.gettext(language, "{number}%").format(number=number) if percent else number


def _pattern(message: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", message)
    return re.compile("".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
                              for index, part in enumerate(parts)), flags=re.S)


def say_again(text: str, language: str = lang.DEFAULT) -> str:
    """``text``, English a lesson's code wrote, in ``language`` (English: ``text`` itself). Text the
    catalogue does not know comes back whole and unchanged, so a hand's codes ("As Kd") and names stay
    as they are, and a phrase is never half said again ("Hand type" is not "Hand {number}").

    >>> say_again("Hand type", "es"), say_again("Hand 3", "es"), say_again("Hand of cards", "es")
    ('Tipo de jugada', 'Mano 3', 'Hand of cards')
    """
    if lang.check(language) == lang.DEFAULT or not text:
        return text
    said = _said(text, language)
    return text if said is None else said


def _said(text: str, language: str) -> str | None:
    """``text`` in ``language``, or None when the catalogue does not know it: neither a number, nor a
    whole message, nor one of :data:`LESSON_MESSAGES` whose every place is itself known (a number,
    card codes or a message), so that a message never takes stray English into one of its places."""
    number = _number(text, language)
    if number is not None:
        return number
    said = lang.gettext(language, text)
    if said != text or text in _NAMES:
        return said
    for english, plural in _COUNTED.items():
        found = _pattern(english).fullmatch(text)
        if found and _NUMBER.fullmatch(found["count"]):
            count = int(float(found["count"].replace(",", "")))
            return plural(language, count).format(count=_number(found["count"], language))
    for message in _BY_LENGTH:
        found = _pattern(message).fullmatch(text)
        if found is None:
            continue
        places = {name: value if _CARDS.fullmatch(value) else _said(value, language)
                  for name, value in found.groupdict().items()}
        if None not in places.values():
            return lang.gettext(language, message).format(**places)
    return None
