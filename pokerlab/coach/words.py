"""The coach's and the review's words: advice, draw reviews and betting reviews turned into sentences
for the learner ("you"), in chips or in dollars.

Everything here reads data made by the rest of :mod:`pokerlab.coach` and returns text; nothing here
computes a chance. Percentages are of the pot (a tie counts as a share of it). The words live in the
coach's layer, above :mod:`pokerlab.narration` (whose :class:`~pokerlab.narration.Voice` they use), so
they may read the coach's types while the findings never import them: a finding is data, and the one
English reading a notebook prints, :attr:`DrawReview.text <pokerlab.coach.draw_review.DrawReview.text>`,
is registered here in :mod:`pokerlab.english` (:mod:`pokerlab.coach` imports this module, so the writer
is there wherever a review is).

>>> from pokerlab.coach.exact import draw_odds
>>> odds = draw_odds("Kh Kd As 4c 2d")
>>> choice_phrase(odds.choice("4c 2d")), choice_phrase(odds.choice("As 4c 2d"), "coach")
('kept K♥ K♦ A♠ and drew 2', 'keep K♥ K♦ and draw 3')
>>> money(12.345, dollars=True, decimals=1), money(5, dollars=False)
('$12.3', '5 chips')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final, Literal

from pokerlab import english
from pokerlab import language as lang
from pokerlab.cards import RANK_PLURALS, format_cards
from pokerlab.coach.draw_review import DrawReview
from pokerlab.hand_values import HandCategory
from pokerlab.language import N_, NP_
from pokerlab.narration import Voice
from pokerlab.text import listing

if TYPE_CHECKING:
    from pokerlab.cards import Card
    from pokerlab.coach.advice import Advice, ChoiceChance
    from pokerlab.coach.exact import ChoiceOdds, Criterion
    from pokerlab.coach.findings import BetReview, DecisionReview, HandReview, NotReviewed

NOTICEABLE: Final = Fraction(1, 1000)
"""Differences in a category's chance smaller than this (0.1%) are left out of explanations."""

COUNTED: Final = 0.05
"""Chips (or dollars): a cost smaller than this shows as 0.0 at the one decimal the review prints, so
the review counts it as about the same rather than show a cost of "0.0" in a mistake's colour."""

Verdict = Literal["same", "close", "costly", "unmeasured"]

_CATEGORY_WORDS: Final = {  # as in a sentence, but "no pair" reads better than "high card" here
    category: N_("no pair") if category is HandCategory.HIGH_CARD else category.in_a_sentence
    for category in HandCategory
}
"""English; each is a message of :mod:`pokerlab.narration.hands` (the categories "in a sentence")."""
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
_CRITERION_WORDS: Final = {"average": N_("best average hand"), "improve": N_("best chance to improve")}
_NUMBERS: Final = (NP_("players", "no"), NP_("players", "one"), NP_("players", "two"), NP_("players", "three"),
                   NP_("players", "four"), NP_("players", "five"), NP_("players", "six"), NP_("players", "seven"))
_STAGES: Final = {"betting_one": N_("Before the draw"), "draw": N_("The draw"), "betting_two": N_("After the draw")}


# --- small pieces -----------------------------------------------------------------------------------

def _t(language: str) -> lang._gettext.NullTranslations:  # type: ignore[name-defined]
    return lang.catalogue(language)


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


def _category(category: HandCategory, language: str) -> str:
    return _t(language).gettext(_CATEGORY_WORDS[category])


def criterion_name(criterion: Criterion, language: str = lang.DEFAULT) -> str:
    """How an exact measure reads in a sentence: ``'best average hand'``, ``'best chance of a flush or better'``."""
    if isinstance(criterion, HandCategory):
        return _t(language).gettext("best chance of {category} or better").format(category=_category(criterion, language))
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


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


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
                                                            category=_category(category, language)))
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


# --- advice -----------------------------------------------------------------------------------------

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
    if len(keep) == 4 and len(ranks) == 4 and ranks[-1] - ranks[0] == 3:
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
    values = {"subject": _name(best.odds, language, subject=True), "category": _category(where, language),
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
    label = _capital(choice_phrase(tried.odds, "coach", language))
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


# --- the review of a draw ---------------------------------------------------------------------------

def draw_review_text(review: DrawReview, language: str = lang.DEFAULT) -> str:
    """The review of one draw: your choice, the coach's, the pot you give up, the exact odds beside."""
    _ = _t(language).gettext
    played, best = review.played, review.best
    how = _("the chance to win the pot") if review.criterion is None else criterion_name(review.criterion, language)
    mine = choice_phrase(played, "you", language)
    values = {"played": mine, "Played": _capital(mine), "coach": choice_phrase(best, "coach", language), "how": how}
    lines = []
    equity = review.equity
    chips = None if equity is None or equity.chips is None else max(equity.chips, 0.0)
    close = review.is_best or (review.criterion is None and judge(False, False, chips) == "close")
    if review.is_same:
        lines.append(_("You {played}: the coach agrees ({how}).").format(**values))
    elif close:
        lines.append(_("You {played}; the coach would {coach}: about the same ({how}).").format(**values))
    else:
        lines.append(_("You {played}; the coach would {coach}.").format(**values))
        lines.append(_("Your choice ranks {rank} of {count} by {how}.").format(
            rank=review.rank, count=len(review.odds.choices), how=how))
        if review.advice is not None and review.criterion is None:
            lines.append(why(review.advice.choice(best.discard), review.advice.choice(played.discard),
                             review.advice.opponent_count, language))
        lines.append(compare_choices(played, best, review.odds.current.category, language))
    lines.append(_("Chance to improve: {share} (coach: {coach}).").format(
        share=percent(played.improve_probability, language), coach=percent(best.improve_probability, language)))
    if equity is not None and equity.opponent_count:
        share = _("Against {players} you win {share} of the pot (coach: {coach}; difference ± {margin})").format(
            players=players(equity.opponent_count, language), share=percent(equity.played, language),
            coach=percent(equity.best, language), margin=percent(equity.margin, language))
        if equity.chips is not None and not review.is_same:
            if equity.about_same or close:
                share += _("; too close to call in chips")
            else:
                share += _("; in a pot of {pot} the coach's choice is worth {chips} more").format(
                    pot=money(equity.pot or 0, review.dollars, language=language),
                    chips=money(equity.chips, review.dollars, 1, language))
                if equity.big_bets is not None:
                    share += _(", {count} big bets").format(count=lang.format_number(equity.big_bets, language, 2))
        lines.append(share + ".")
    return "\n".join(lines)


# --- the review of a bet ----------------------------------------------------------------------------

_VERBS: Final = {"fold": NP_("you did", "folded"), "call": NP_("you did", "called"), "raise": NP_("you did", "raised"),
                 "all_in": NP_("you did", "went all-in"), "check": NP_("you did", "checked"), "bet": NP_("you did", "bet")}
_COACH_PLAIN: Final = {"fold": NP_("coach does", "fold"), "check": NP_("coach does", "check")}


def coach_action_words(coach: str, owed: int, to: int, bet_size: int, dollars: bool, language: str = lang.DEFAULT) -> str:
    """The coach's betting choice: ``'call 10 chips'``, ``'raise to 20 chips'``, ``'fold'``."""
    _ = _t(language).gettext
    if coach == "call":
        return _("call {amount}").format(amount=money(owed, dollars, language=language))
    if coach == "bet":
        return _t(language).pgettext("coach does", "bet {amount}").format(amount=money(bet_size, dollars, language=language))
    if coach == "raise":
        return _("raise to {amount}").format(amount=money(to, dollars, language=language))
    return _t(language).pgettext("coach does", _COACH_PLAIN[coach]) if coach in _COACH_PLAIN else coach


def _big_bets(amount: float, language: str) -> str:
    return _t(language).gettext(" ({count} big bets)").format(count=lang.format_number(amount, language, 2))


def bet_review_text(bet: BetReview, language: str = lang.DEFAULT) -> str:
    """One betting decision in words: the chances, the pot odds or the fair share, and the verdict."""
    _ = _t(language).gettext
    stage = stage_name("betting_one" if bet.round_number == 1 else "betting_two", language)
    dollars = bet.dollars
    win = _("about {share} of the pot (± {margin})").format(
        share=percent(bet.equity.equity, language), margin=percent(1.96 * bet.equity.standard_error, language))
    values = {"stage": stage, "verb": _t(language).pgettext("you did", _VERBS[bet.kind]), "win": win,
              "against": players(bet.opponent_count, language), "owed": money(bet.owed, dollars, language=language),
              "pot": money(bet.pot, dollars, language=language), "odds": percent(bet.pot_odds, language)}
    if bet.owed:
        text = _("{stage} you {verb} facing {owed} to win {pot}: calling pays when you win more than the pot odds, {odds}, "
                 "and you had {win} against {against}.").format(**values)
    else:
        text = _("{stage} you {verb} with nothing to call (pot {pot}): you had {win} against {against}.").format(**values)
    if bet.threshold is not None and dict(bet.values).get("raise") is not None:
        fair = 1 / (bet.opponent_count + 1)
        sizes = {"amount": money(bet.bet_size, dollars, language=language), "threshold": percent(bet.threshold, language),
                 "fair": percent(fair, language)}
        if bet.owed or bet.coach == "raise":
            text += _(" A raise of {amount} pays when that is above {threshold}: your fair share of {fair}, since each "
                      "caller puts in as much as you").format(**sizes)
        else:
            text += _(" A bet of {amount} pays when that is above {threshold}: your fair share of {fair}, since each "
                      "caller puts in as much as you").format(**sizes)
        if bet.behind:
            text += _t(language).ngettext(
                ", plus {share} for each of the {players} still to act after you (they may raise)",
                ", plus {share} for each of the {players} still to act after you (they may raise)", bet.behind
            ).format(share=percent((bet.threshold - fair) / bet.behind, language), players=players(bet.behind, language))
        text += "."
    if bet.kind == "fold" and not bet.owed:
        text += _(" Folding gave up your share of the pot; checking was free.")
    coach = coach_action_words(bet.coach, bet.owed, bet.coach_to, bet.bet_size, dollars, language)
    found = judge(bet.same, bet.matches, bet.cost)
    if found == "same":
        text += _(" Good decision: the coach would do the same.")
    elif found == "close" and bet.matches:
        text += _(" The coach would {coach}, but the difference ({amount}) is within the margin of error: about the "
                  "same.").format(coach=coach, amount=money(bet.estimated_cost, dollars, 1, language))
    elif found == "close":
        text += _(" The coach would {coach}, but by less than {amount} on average: about the same.").format(
            coach=coach, amount=money(0.1, dollars, 1, language))
    else:
        worth = money(bet.cost, dollars, 1, language)
        if bet.big_bet:
            worth += _big_bets(bet.cost / bet.big_bet, language)
        text += _(" The coach would {coach}: worth about {worth} more on average.").format(coach=coach, worth=worth)
    return text


# --- the review panel -------------------------------------------------------------------------------

def stage_name(phase: str, language: str = lang.DEFAULT) -> str:
    """``'Before the draw'``, ``'The draw'`` or ``'After the draw'``: a decision's ``phase`` in words."""
    return lang.gettext(language, _STAGES[phase])


def played_words(decision: DecisionReview, language: str = lang.DEFAULT) -> str:
    """What the learner did, in the past tense: ``'called 10 chips'``, ``'kept K♥ K♦ and drew 3'``."""
    if isinstance(decision.finding, DrawReview):
        return choice_phrase(decision.finding.played, "you", language)
    t = _t(language)
    kind, amount, dollars = decision.action, decision.amount, decision.dollars
    cash = money(amount, dollars, language=language)
    if kind == "fold":
        return t.pgettext("you did", "folded") + ("" if decision.owed else t.pgettext("you did", " (checking was free)"))
    if kind == "check":
        return t.pgettext("you did", "checked")
    if kind == "call":
        return t.pgettext("you did", "called {amount}").format(amount=cash)
    if kind == "bet":
        return t.pgettext("you did", "bet {amount}").format(amount=cash)
    if kind == "raise":
        return t.pgettext("you did", "raised to {amount}").format(amount=cash)
    return t.pgettext("you did", "went all-in ({amount})").format(amount=cash)


def coach_words(decision: DecisionReview, language: str = lang.DEFAULT) -> str:
    """The coach's choice: ``'call 10 chips'``, ``'keep 7♥ 7♦ 7♠ and draw 2'``."""
    finding = decision.finding
    if isinstance(finding, DrawReview):
        return choice_phrase(finding.best, "coach", language)
    return coach_action_words(finding.coach, finding.owed, finding.coach_to, finding.bet_size, decision.dollars, language)


def detail_words(decision: DecisionReview, language: str = lang.DEFAULT) -> str:
    """The decision's whole review: :func:`draw_review_text` or :func:`bet_review_text`."""
    finding = decision.finding
    if isinstance(finding, DrawReview):
        return draw_review_text(finding, language)
    return bet_review_text(finding, language)


def situation_words(decision: DecisionReview, language: str = lang.DEFAULT) -> str:
    """``'Before the draw · you held K♥ K♦ A♠ 4♣ 2♦ · pot 20 chips · 10 chips to call'``."""
    _ = _t(language).gettext
    parts = [stage_name(decision.phase, language),
             _("you held {cards}").format(cards=format_cards(decision.cards, pretty=True)),
             _("pot {amount}").format(amount=money(decision.pot, decision.dollars, language=language))]
    if decision.phase != "draw":
        parts.append(_("{amount} to call").format(amount=money(decision.owed, decision.dollars, language=language))
                     if decision.owed else _("nothing to call"))
    return " · ".join(parts)


def judge(same: bool, matches: bool, chips: float | None) -> Verdict:
    """The review's one rule for words, colour and figures (issue 16):

    * ``same``: the coach's own choice (green, ✓);
    * ``close``: within the margin of error, or a cost under :data:`COUNTED` (it would print as 0.0):
      "about the same", in a neutral colour, and no figure given up anywhere;
    * ``costly``: a cost the review can measure and print (at least 0.1): the figure, in red;
    * ``unmeasured``: different from the coach, but no pot to count the difference in (neutral).

    >>> judge(True, True, 0.0), judge(False, True, 0.0), judge(False, False, 0.04), judge(False, False, 2.5)
    ('same', 'close', 'close', 'costly')
    """
    if same:
        return "same"
    if matches or (chips is not None and chips < COUNTED):
        return "close"
    return "unmeasured" if chips is None else "costly"


def verdict(decision: DecisionReview) -> Verdict:
    """:func:`judge` for one decision of the review panel."""
    found = judge(decision.same, decision.matches, decision.chips)
    ranked_otherwise = isinstance(decision.finding, DrawReview) and decision.finding.criterion is not None
    if found == "close" and not decision.matches and ranked_otherwise:
        return "costly"  # ranked by an exact measure, where the draw's detail gives its rank, not chips
    return found


def worth_words(decision: DecisionReview, language: str = lang.DEFAULT) -> str:
    """The verdict in a few words: the same, about the same, or what it cost (see :func:`judge`)."""
    _ = _t(language).gettext
    found = verdict(decision)
    if found == "same":
        return _("same as the coach ✓")
    if found == "close":
        return _("about the same as the coach ✓")
    if found == "unmeasured":
        return _("different from the coach; the difference could not be measured")
    text = _("costs about {amount}").format(amount=money(decision.chips or 0.0, decision.dollars, 1, language))
    return text + (_big_bets(decision.big_bets, language) if decision.big_bets is not None else "")


def not_reviewed_words(item: NotReviewed, language: str = lang.DEFAULT) -> str:
    _ = _t(language).gettext
    reason = _not_reviewed_reason(item.reason, language)
    if item.action == "draw":
        return _("Your draw was not reviewed: {reason}").format(reason=reason)
    return _("Your {action} in round {number} was not reviewed: {reason}").format(
        action=_t(language).pgettext("verb", item.action.replace("_", "-")), number=item.round_number, reason=reason)


def _not_reviewed_reason(reason: str, language: str) -> str:
    """Why a decision was not reviewed, in ``language``. The reason is the English message of the
    error the review met (:class:`~pokerlab.coach.findings.NotReviewed`): said in another language
    when the catalogue has it, else that language says only what it means for the learner."""
    if language == lang.DEFAULT:
        return reason
    said = _t(language).gettext(reason)
    return said if said != reason else _t(language).gettext("the coach could not work out the chances for it.")


def hand_summary(review: HandReview, language: str = lang.DEFAULT) -> str:
    """One sentence for the top of the review panel."""
    t = _t(language)
    if not review.decisions:
        return t.gettext("You made no decision in this hand: it ended before your turn came.")
    count = len(review.decisions)
    verdicts = [verdict(decision) for decision in review.decisions]
    good = sum(found in ("same", "close") for found in verdicts)
    head = t.ngettext("{count} decision: ", "{count} decisions: ", count).format(count=count)
    if good == count:
        return head + (t.gettext("as good as the coach's.") if count == 1 else t.gettext("all as good as the coach's."))
    lost = sum(decision.chips or 0.0 for decision, found in zip(review.decisions, verdicts) if found == "costly")
    if not lost:  # the others could not be measured
        return head + t.gettext("{good} as good as the coach's, {other} different (not measured).").format(
            good=good, other=count - good)
    return head + t.gettext("{good} as good as the coach's, {other} not (about {amount} given up in all).").format(
        good=good, other=count - good, amount=money(lost, review.dollars, 1, language))


english.provide("DrawReview.text", draw_review_text)
