"""The coach's advice in words: the best draw, why it beats another, what a learner's own choice gives up.

Everything here reads the coach's :class:`~pokerlab.coach.advice.Advice` and exact odds and returns
text; nothing here computes a chance. Percentages are of the pot (a tie counts as a share of it).
Apart from the review's words (:mod:`pokerlab.coach.review_words`), which quote :func:`why` and
:func:`compare_choices` inside a whole hand's review: the advice is also shown alone, by the coach panel.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final

from pokerlab import language as lang
from pokerlab.cards import RANK_PLURALS, format_cards
from pokerlab.coach.phrases import capital, category_words, choice_phrase, percent, players
from pokerlab.coach.policy import straight_draw
from pokerlab.english_phrases import listing
from pokerlab.hands import HandCategory
from pokerlab.language import NP_

if TYPE_CHECKING:
    from pokerlab.coach.advice import Advice, ChoiceChance
    from pokerlab.coach.exact import ChoiceOdds

__all__ = ["NOTICEABLE", "advice_text", "compare_choices", "tried_text", "why"]

_t = lang.catalogue  # a language's messages: most lines here ask for one

NOTICEABLE: Final = Fraction(1, 1000)
"""Differences in a category's chance smaller than this (0.1%) are left out of explanations."""

_MORE_WORDS: Final = {
    HandCategory.PAIR: NP_("more", "pairs"),
    HandCategory.TWO_PAIR: NP_("more", "two pair"),
    HandCategory.THREE_OF_A_KIND: NP_("more", "three of a kind"),
    HandCategory.STRAIGHT: NP_("more", "straights"),
    HandCategory.FLUSH: NP_("more", "flushes"),
    HandCategory.FULL_HOUSE: NP_("more", "full houses"),
    HandCategory.FOUR_OF_A_KIND: NP_("more", "four of a kind"),
    HandCategory.STRAIGHT_FLUSH: NP_("more", "straight flushes"),
}

def compare_choices(tried: ChoiceOdds, best: ChoiceOdds, current: HandCategory = HandCategory.HIGH_CARD,
                    language: str = lang.DEFAULT) -> str:
    """In words, what ``tried`` gives up and gains against ``best`` in the kinds of hand above
    ``current`` (the hand before the draw: ending with the pair you already hold is no gain).

    >>> from pokerlab.coach.exact import draw_odds
    >>> odds = draw_odds("Kh Kd As 4c 2d")
    >>> print(compare_choices(odds.choice("4c 2d"), odds.choice("As 4c 2d"), odds.current.category))
    Compared with the coach's choice (keep K♥ K♦ and draw 3), you give up 3.7% of three of a kind, 0.2% of a full house and 0.2% of four of a kind for 1.2% more two pair.
    """
    _ = _t(language).gettext
    if tried == best:
        return _("This is the coach's choice.")
    losses, gains = [], []
    for category in HandCategory:
        difference = tried.probability(category) - best.probability(category)
        if category <= current or abs(difference) < NOTICEABLE:
            continue
        if difference < 0:
            losses.append(_("{share} of {category}").format(share=percent(-difference, language),
                                                            category=category_words(category, language)))
        else:
            gains.append(_("{share} more {category}").format(
                share=percent(difference, language), category=_t(language).pgettext("more", _MORE_WORDS[category])))
    values = {"choice": choice_phrase(best, "coach", language), "losses": "", "gains": ""}
    both = _("and")
    if losses:
        values["losses"] = listing(losses, both)
    if gains:
        values["gains"] = listing(gains, both)
    if losses and gains:
        return _("Compared with the coach's choice ({choice}), you give up {losses} for {gains}.").format(**values)
    if losses:
        return _("Compared with the coach's choice ({choice}), you give up {losses} and gain nothing that shows.").format(
            **values)
    if gains:
        return _("Compared with the coach's choice ({choice}), you gain {gains}.").format(**values)
    return _("Compared with the coach's choice ({choice}), you end up with nearly the same chances.").format(**values)


def _name(choice: ChoiceOdds, language: str = lang.DEFAULT, subject: bool = False) -> str:
    """A draw as a learner names it: 'the flush draw', 'keeping the pair of fours', 'standing pat'
    (``subject``: as a sentence's subject, without the cards: "The flush draw", "It").

    >>> from pokerlab.coach.exact import draw_odds
    >>> odds = draw_odds("4c 4h 9h 7h 2h")
    >>> _name(odds.choice("4c")), _name(odds.choice("9h 7h 2h")), _name(odds.choice("7h 2h"))
    ('the flush draw (keep 4♥ 9♥ 7♥ 2♥)', 'keeping the pair of fours', 'keeping 4♣ 4♥ 9♥ and drawing 2')
    """
    _ = _t(language).gettext
    keep = choice.keep
    if not choice.discard:
        return _("Standing pat") if subject else _("standing pat")
    if not keep:
        return (_("Drawing {count} new cards") if subject else _("drawing {count} new cards")).format(count=choice.drawn)
    ranks = sorted({card.rank for card in keep})
    cards = format_cards(keep, pretty=True)
    if len(keep) == 4 and len({card.suit for card in keep}) == 1:
        return _("The flush draw") if subject else _("the flush draw (keep {cards})").format(cards=cards)
    if straight_draw(keep) is not None:  # open-ended or inside, as the board and the policy say
        return _("The straight draw") if subject else _("the straight draw (keep {cards})").format(cards=cards)
    if len(keep) == 2 and len(ranks) == 1:
        pair = _t(language).pgettext("ranks", RANK_PLURALS[ranks[0]])
        return (_("Keeping the pair of {ranks}") if subject else _("keeping the pair of {ranks}")).format(ranks=pair)
    if subject:
        return _("It")
    return _("keeping {cards} and drawing {count}").format(cards=cards, count=choice.drawn)


def _lead(opponent_count: int, language: str = lang.DEFAULT) -> str:
    if opponent_count == 1:
        return _t(language).gettext("Against one player you only have to beat one hand")
    return _t(language).gettext("Against {players} you need a hand that beats everyone").format(
        players=players(opponent_count, language))


def why(best: ChoiceChance, other: ChoiceChance, opponent_count: int, language: str = lang.DEFAULT) -> str:
    """Why ``best`` wins more of the pot than ``other``, in the learner's terms: the chances, and the
    kind of hand where the two differ most.

    >>> from pokerlab.coach.advice import advise
    >>> advice = advise("4c 4h 9h 7h 2h", opponents=4, trials=6_000, rng=3)
    >>> print(why(advice.best, advice.choice("9h 7h 2h"), 4))  # doctest: +ELLIPSIS
    Against four players you need a hand that beats everyone: the flush draw (keep 4♥ 9♥ 7♥ 2♥) wins ...% of the pot on average, keeping the pair of fours ...%. The flush draw ends with a flush or better ...% of the time (the other ...%).

    When the better choice keeps a made hand, the kind it differs most by may be one it is sure of:

    >>> advice = advise("Kc Kh 9h 7h 2h", opponents=1, trials=6_000, rng=3)
    >>> print(why(advice.best, advice.choice("Kc"), 1))  # doctest: +ELLIPSIS
    Against one player you only have to beat one hand: keeping the pair of kings wins ...% of the pot on average, the flush draw (keep K♥ 9♥ 7♥ 2♥) ...%. Keeping the pair of kings is sure to end with one pair or better; the other gets there only ...% of the time.
    """
    _ = _t(language).gettext
    if opponent_count == 0:
        return _("Nobody is left to beat: the pot is yours whatever you draw.")
    head = _("{lead}: {best} wins {best_share} of the pot on average, {other} {other_share}.").format(
        lead=_lead(opponent_count, language), best=_name(best.odds, language), best_share=percent(best.win, language),
        other=_name(other.odds, language), other_share=percent(other.win, language))
    gaps = {category: best.odds.at_least(category) - other.odds.at_least(category) for category in HandCategory}
    where = max(gaps, key=lambda category: (gaps[category], category))
    if where == HandCategory.HIGH_CARD or gaps[where] < NOTICEABLE:
        return head
    values = {"subject": _name(best.odds, language, subject=True), "category": category_words(where, language),
              "share": percent(best.odds.at_least(where), language), "other": percent(other.odds.at_least(where), language)}
    if best.odds.at_least(where) >= 1.0:  # what the kept cards already hold: say it is sure, not "100%"
        return head + " " + _("{subject} is sure to end with {category} or better; the other gets there only {other} of "
                              "the time.").format(**values)
    return head + " " + _("{subject} ends with {category} or better {share} of the time (the other {other}).").format(**values)


def advice_text(advice: Advice, language: str = lang.DEFAULT) -> str:
    """The coach's advice in two or three sentences: the best choice, and whether it stands clear."""
    _ = _t(language).gettext
    best = advice.best
    count = advice.opponent_count
    against = _("with nobody left to beat") if count == 0 else _("against {players}").format(players=players(count, language))
    if advice.starred is not None:
        runner = advice.choices[1] if len(advice.choices) > 1 else None
        text = _("Best {against}: {choice}, winning about {share} of the pot (± {margin}).").format(
            against=against, choice=choice_phrase(best.odds, "coach", language), share=percent(best.win, language),
            margin=percent(best.margin, language))
        if runner is not None and count:
            text += " " + why(best, runner, count, language)
        return text
    close = [choice_phrase(choice.odds, "coach", language) for choice in advice.close]
    shown = close[:4] + ([_("{count} more").format(count=len(close) - 4)] if len(close) > 4 else [])
    return _("About the same {against}: {choices} (each about {share} of the pot; the differences are within the margin "
             "of error).").format(against=against, choices=listing(shown, _("or")), share=percent(best.win, language))


def tried_text(advice: Advice, tried: ChoiceChance, language: str = lang.DEFAULT) -> str:
    """What the learner's own choice gives up, or that it is as good as the best."""
    _ = _t(language).gettext
    label = capital(choice_phrase(tried.odds, "coach", language))
    share = percent(tried.win, language)
    if tried is advice.best:
        return _("{choice}: the coach's choice ({share} of the pot).").format(choice=label, share=share)
    if tried.about_same:
        return _("{choice}: about the same as the coach's choice ({share} against {best}, within ± {margin}).").format(
            choice=label, share=share, best=percent(advice.best.win, language),
            margin=percent(tried.behind_margin, language))
    return _("{choice}: wins {share} of the pot, {behind} less than the coach's choice (± {margin}). {why}").format(
        choice=label, share=share, behind=percent(tried.behind, language), margin=percent(tried.behind_margin, language),
        why=why(advice.best, tried, advice.opponent_count, language))
