"""Who the words are for: the seat that reads as "you", the players' names, chips or dollars, and the language.

Every sentence :mod:`pokerlab.narration` makes is said in a :class:`Voice`; it is apart so that each
kind of sentence (events, offers, refusals, results) can take one without importing another.

>>> Voice(viewer=1).say(1, "You fold", "{name} folds"), Voice(viewer=0).say(1, "You fold", "{name} folds")
('You fold', 'Seat 2 folds')
>>> Voice(dollars=True).chips(25), Voice().chips(1), Voice().span(10, 20)
('$25', '1 chip', '10–20')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerlab import language as lang
from pokerlab.language import N_

__all__ = ["NUMBER_WORDS", "Voice", "number_word"]

NUMBER_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                N_("eight"), N_("nine"), N_("ten"))
"""The counts a sentence says in words ("three raises", "the same two top kickers"); figures from 11 on.
Counts of players have their own words (the coach's ``players``): in Spanish they agree with the noun."""


def number_word(count: int, language: str = lang.DEFAULT) -> str:
    """``3`` -> ``"three"`` (figures from 11 on)."""
    return lang.gettext(language, NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)


@dataclass(frozen=True)
class Voice:
    """Who the words are for. ``viewer``: the seat that reads as "you" (None: a spectator);
    ``names``: what to call each seat (default "Seat 1", "Seat 2"...; the viewer's entry is ignored, the
    viewer is always "you"); ``dollars``: amounts are money ("$25"), else chips ("25"); ``language``:
    one of :data:`pokerlab.language.LANGUAGES`."""

    viewer: int | None = None
    names: tuple[str, ...] | None = None
    dollars: bool = False
    language: str = lang.DEFAULT

    def __post_init__(self) -> None:
        lang.check(self.language)

    def gettext(self, message: str) -> str:
        return lang.gettext(self.language, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return lang.ngettext(self.language, singular, plural, count)

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: int) -> str:
        """The seat as a sentence's subject: "You", "Ada" or "Seat 3"."""
        if self.is_you(seat):
            return self.gettext("You")
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.gettext("Seat {number}").format(number=seat + 1)

    def say(self, seat: int | None, you: str, other: str, **values: Any) -> str:
        """The message ``you`` (the reader did it) or ``other`` (``{name}`` did it), in this voice's
        language, filled in. Two messages, because a language may need more than a new subject
        (Spanish drops the pronoun and changes the verb: "Subes", "Ada sube")."""
        if self.is_you(seat):
            return self.gettext(you).format(**values)
        return self.gettext(other).format(name=self.name(seat) if seat is not None else "", **values)

    def number(self, amount: float, decimals: int = 0) -> str:
        return lang.format_number(amount, self.language, decimals)

    def money(self, amount: int) -> str:
        """An amount as it reads after a verb: "$25" in dollars, "25" in chips."""
        return lang.money(amount, self.language, self.dollars)

    def chips(self, amount: int) -> str:
        """An amount with its unit: "$25", "25 chips", "1 chip"."""
        if self.dollars:
            return self.money(amount)
        return self.ngettext("{amount} chip", "{amount} chips", amount).format(amount=self.number(amount))

    def span(self, low: int, high: int) -> str:
        """``'10'`` or ``'$5–$15'``."""
        if low == high:
            return self.money(low)
        return self.gettext("{low}–{high}").format(low=self.money(low), high=self.money(high))
