"""The sentences about a game's rules that the draw apps' panels say: its limits, forced bet,
discards and cap, each built from the :class:`~pokerlab.draw.Rules` the game runs on, so the words
cannot drift from the game. Apart from the panels because every panel module (the lobbies, the side
panels, the Ladder's) and the live tables say them.

>>> from pokerlab.draw import five_card_draw, saloon_draw
>>> limits_sentence(five_card_draw())
'bets and raises are 10 before the draw and 20 after, at most a bet and three raises a round'
>>> limits_sentence(saloon_draw(round_one=(5, 25)), dollars=True)
'every bet or raise is $5 to $25 before the draw and $5 to $25 after, in steps of $5, at most a bet and three raises a round'
"""

from __future__ import annotations

from pokerlab import language as lang
from pokerlab.draw import Rules
from pokerlab.narration.voice import NUMBER_WORDS, number_word

def money(amount: int, dollars: bool, language: str = lang.DEFAULT) -> str:
    """An amount as the game counts it: ``$25`` in Saloon Draw, ``25`` chips elsewhere."""
    return lang.money(amount, language, dollars)


def cap_text(rules: Rules, language: str = lang.DEFAULT) -> str:
    """``bet_cap`` 4 -> "a bet and three raises"."""
    raises = rules.bet_cap - 1
    if raises == 0:
        return lang.gettext(language, "a bet only")
    return lang.ngettext(language, "a bet and {count} raise", "a bet and {count} raises", raises).format(
        count=number_word(raises, language))


def limits_sentence(rules: Rules, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """How much a bet or raise is, in each round, and how many a round allows."""
    def _(message: str) -> str:
        return lang.gettext(language, message)

    def cash(amount: int) -> str:
        return money(amount, dollars, language)

    one, two = rules.limits
    cap = _("at most {cap} a round").format(cap=cap_text(rules, language))
    if one[0] == one[1] and two[0] == two[1]:
        return _("bets and raises are {one} before the draw and {two} after, {cap}").format(
            one=cash(one[0]), two=cash(two[0]), cap=cap)
    return _("every bet or raise is {one_low} to {one_high} before the draw and {two_low} to {two_high} after, in "
             "steps of {step}, {cap}").format(one_low=cash(one[0]), one_high=cash(one[1]), two_low=cash(two[0]),
                                              two_high=cash(two[1]), step=cash(rules.step), cap=cap)


def forced_bet_text(rules: Rules, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """"an ante of 5" or "blinds of 5 and 10"."""
    _ = lang.catalogue(language).gettext
    if rules.forced_bet == "blinds":
        return _("blinds of {small} and {big}").format(small=money(rules.small_blind, dollars, language),
                                                      big=money(rules.big_blind, dollars, language))
    return _("an ante of {ante}").format(ante=money(rules.ante, dollars, language))


def discard_text(rules: Rules, language: str = lang.DEFAULT) -> str:
    """"discard up to three" (and the ace draw's fourth card when it is on)."""
    _ = lang.catalogue(language).gettext
    text = _("discard up to {count}").format(count=number_word(rules.max_discards, language))
    if rules.ace_draw:
        text += _(", or {count} when you keep an ace and show it").format(
            count=number_word(rules.max_discards + 1, language))
    return text


def short_rules(rules: Rules, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """One line for a side panel: "ante 5, bets 10 then 20, discard up to four"."""
    _ = lang.catalogue(language).gettext

    def cash(amount: int) -> str:
        return money(amount, dollars, language)

    one, two = rules.limits
    if one[0] == one[1] and two[0] == two[1]:
        bets = _("bets {one} then {two}").format(one=cash(one[0]), two=cash(two[0]))
    else:
        bets = _("bets {one_low} to {one_high} before the draw, {two_low} to {two_high} after, in {step} steps").format(
            one_low=cash(one[0]), one_high=cash(one[1]), two_low=cash(two[0]), two_high=cash(two[1]),
            step=cash(rules.step))
    return f"{forced_bet_text(rules, dollars, language)}, {bets}, {discard_text(rules, language)}"


__all__ = ["NUMBER_WORDS", "cap_text", "discard_text", "forced_bet_text", "limits_sentence", "money", "number_word",
           "short_rules"]
