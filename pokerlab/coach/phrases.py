"""The small words every coach sentence is built from: amounts, percentages, players, kinds of hand,
a draw in a few words, the stage of a hand.

Apart from the sentences (:mod:`pokerlab.coach.advice_words`, :mod:`pokerlab.coach.review_words`)
because pages and the class board use these pieces on their own: a chip count, "kept K♥ K♦ and drew 3",
"Before the draw". Whole amounts are written as :meth:`pokerlab.narration.Voice.chips` writes them.

>>> from pokerlab.coach.exact import draw_odds
>>> odds = draw_odds("Kh Kd As 4c 2d")
>>> choice_phrase(odds.choice("4c 2d")), choice_phrase(odds.choice("As 4c 2d"), "coach")
('kept K♥ K♦ A♠ and drew 2', 'keep K♥ K♦ and draw 3')
>>> money(12.345, dollars=True, decimals=1), money(5, dollars=False), players(4), stage_name("draw", "es")
('$12.3', '5 chips', 'four players', 'El descarte')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from pokerlab import language as lang
from pokerlab.cards import format_cards
from pokerlab.hands import HandCategory
from pokerlab.language import N_, NP_
from pokerlab.narration import Voice

if TYPE_CHECKING:
    from pokerlab.cards import Card
    from pokerlab.coach.exact import ChoiceOdds, Criterion

__all__ = [
    "big_bets_words", "capital", "category_words", "choice_phrase", "criterion_name", "draw_words", "money", "percent",
    "players", "stage_name",
]

_t = lang.catalogue  # a language's messages: most lines here ask for one

_CATEGORY_WORDS: Final = {  # as in a sentence, but "no pair" reads better than "high card" here
    category: N_("no pair") if category is HandCategory.HIGH_CARD else category.in_a_sentence
    for category in HandCategory
}
"""English; each is a message of :mod:`pokerlab.narration.hands` (the categories "in a sentence")."""
_CRITERION_WORDS: Final = {"average": N_("best average hand"), "improve": N_("best chance to improve")}
_NUMBERS: Final = (NP_("players", "no"), NP_("players", "one"), NP_("players", "two"), NP_("players", "three"),
                   NP_("players", "four"), NP_("players", "five"), NP_("players", "six"), NP_("players", "seven"))
_STAGES: Final = {"betting_one": N_("Before the draw"), "draw": N_("The draw"), "betting_two": N_("After the draw")}


def money(amount: float, dollars: bool = False, decimals: int = 0, language: str = lang.DEFAULT) -> str:
    """``'12 chips'``, ``'1 chip'`` or ``'$12'`` (whole amounts as :meth:`pokerlab.narration.Voice.chips`
    writes them); with ``decimals``, an average such as ``'8.4 chips'``."""
    if decimals == 0:
        return Voice(dollars=dollars, language=language).chips(round(amount))
    if dollars:
        return lang.money(amount, language, dollars=True, decimals=decimals)
    number = lang.format_number(amount, language, decimals)
    return _t(language).ngettext("{amount} chip", "{amount} chips", 2).format(amount=number)  # an average: plural


def percent(value: Fraction | float, language: str = lang.DEFAULT) -> str:
    return lang.format_percent(float(value), language)


def players(count: int, language: str = lang.DEFAULT) -> str:
    """``'one player'``, ``'four players'``."""
    if count == 0:
        return _t(language).gettext("no players")
    number = _t(language).pgettext("players", _NUMBERS[count]) if count < len(_NUMBERS) else str(count)
    return _t(language).ngettext("{number} player", "{number} players", count).format(number=number)


def category_words(category: HandCategory, language: str = lang.DEFAULT) -> str:
    """A kind of hand as a sentence names it ("one pair", "a flush"; "no pair" for high card)."""
    return _t(language).gettext(_CATEGORY_WORDS[category])


def criterion_name(criterion: Criterion, language: str = lang.DEFAULT) -> str:
    """How an exact measure reads in a sentence: ``'best average hand'``, ``'best chance of a flush or better'``."""
    if isinstance(criterion, HandCategory):
        return _t(language).gettext("best chance of {category} or better").format(category=category_words(criterion, language))
    return _t(language).gettext(_CRITERION_WORDS[criterion])


def choice_phrase(choice: ChoiceOdds, person: str = "you", language: str = lang.DEFAULT) -> str:
    """``'kept K♥ K♦ A♠ and drew 2'`` (``person='you'``, what you did) or ``'keep K♥ K♦ and draw 3'``."""
    return draw_words(choice.keep, choice.drawn, person, language)


def draw_words(keep: Sequence[Card], drawn: int, person: str = "you", language: str = lang.DEFAULT) -> str:
    """:func:`choice_phrase` from the cards kept and how many were drawn (what a class game's board keeps)."""
    t = _t(language)
    past = person == "you"
    if not drawn:
        return t.pgettext("you did", "stood pat") if past else t.gettext("stand pat")
    if not keep:
        return (t.pgettext("you did", "drew {count}") if past else t.gettext("draw {count}")).format(count=drawn)
    kept = format_cards(keep, pretty=True)
    text = t.pgettext("you did", "kept {cards} and drew {count}") if past else t.gettext("keep {cards} and draw {count}")
    return text.format(cards=kept, count=drawn)


def capital(text: str) -> str:
    """``text`` starting a sentence (only its first letter changed: "kept K♥ K♦..." -> "Kept K♥ K♦...")."""
    return text[0].upper() + text[1:]


def big_bets_words(amount: float, language: str = lang.DEFAULT) -> str:
    """An amount in big bets, as it follows a chip count: ``' (1.50 big bets)'``."""
    return _t(language).gettext(" ({count} big bets)").format(count=lang.format_number(amount, language, 2))


def stage_name(phase: str, language: str = lang.DEFAULT) -> str:
    """``'Before the draw'``, ``'The draw'`` or ``'After the draw'``: a decision's ``phase`` in words."""
    return lang.gettext(language, _STAGES[phase])
