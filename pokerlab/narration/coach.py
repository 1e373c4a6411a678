"""The coach's and the review's words: advice, draw reviews and betting reviews turned into sentences
for the learner ("you"), in chips or in dollars.

Everything here reads data made by :mod:`pokerlab.coach` and returns text; nothing here computes a
chance. Percentages are of the pot (a tie counts as a share of it).

>>> from pokerlab.coach.exact import draw_odds
>>> odds = draw_odds("Kh Kd As 4c 2d")
>>> choice_phrase(odds.choice("4c 2d")), choice_phrase(odds.choice("As 4c 2d"), "coach")
('kept K♥ K♦ A♠ and drew 2', 'keep K♥ K♦ and draw 3')
>>> money(12.345, dollars=True, decimals=1), money(5, dollars=False)
('$12.3', '5 chips')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final, Literal

from pokerlab import language as lang
from pokerlab.cards import RANK_PLURALS, format_cards
from pokerlab.hands import HandCategory
from pokerlab.language import N_
from pokerlab.narration import Voice
from pokerlab.text import listing

if TYPE_CHECKING:
    from pokerlab.coach.advice import Advice, ChoiceChance
    from pokerlab.coach.draw_review import DrawReview
    from pokerlab.coach.exact import ChoiceOdds, Criterion
    from pokerlab.coach.findings import BetReview, DecisionReview, HandReview, NotReviewed

NOTICEABLE: Final = Fraction(1, 1000)
"""Differences in a category's chance smaller than this (0.1%) are left out of explanations."""

COUNTED: Final = 0.05
"""Chips (or dollars): a cost smaller than this shows as 0.0 at the one decimal the review prints, so
the review counts it as about the same rather than show a cost of "0.0" in a mistake's colour."""

Verdict = Literal["same", "close", "costly", "unmeasured"]

_CATEGORY_WORDS: Final = {  # as in a sentence, but "no pair" reads better than "high card" here
    category: "no pair" if category is HandCategory.HIGH_CARD else category.in_a_sentence
    for category in HandCategory
}
_MORE_WORDS: Final = {
    HandCategory.PAIR: "pairs",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.THREE_OF_A_KIND: "three of a kind",
    HandCategory.STRAIGHT: "straights",
    HandCategory.FLUSH: "flushes",
    HandCategory.FULL_HOUSE: "full houses",
    HandCategory.FOUR_OF_A_KIND: "four of a kind",
    HandCategory.STRAIGHT_FLUSH: "straight flushes",
}
_CRITERION_WORDS: Final = {"average": "best average hand", "improve": "best chance to improve"}
_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven")
_STAGES: Final = {"betting_one": N_("Before the draw"), "draw": N_("The draw"), "betting_two": N_("After the draw")}


# --- small pieces -----------------------------------------------------------------------------------

def money(amount: float, dollars: bool = False, decimals: int = 0) -> str:
    """``'12 chips'``, ``'1 chip'`` or ``'$12'`` (whole amounts as :meth:`pokerlab.narration.Voice.chips`
    writes them); with ``decimals``, an average such as ``'8.4 chips'``."""
    if decimals == 0:
        return Voice(dollars=dollars).chips(round(amount))
    text = f"{amount:,.{decimals}f}"
    return f"${text}" if dollars else f"{text} chips"


def percent(value: Fraction | float) -> str:
    return f"{float(value):.1%}"


def players(count: int) -> str:
    """``'one player'``, ``'four players'``."""
    number = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
    return f"{number} player{'' if count == 1 else 's'}"


def criterion_name(criterion: Criterion) -> str:
    """How an exact measure reads in a sentence: ``'best average hand'``, ``'best chance of a flush or better'``."""
    if isinstance(criterion, HandCategory):
        return f"best chance of {_CATEGORY_WORDS[criterion]} or better"
    return _CRITERION_WORDS[criterion]


def choice_phrase(choice: ChoiceOdds, person: str = "you") -> str:
    """``'kept K♥ K♦ A♠ and drew 2'`` (``person='you'``, what you did) or ``'keep K♥ K♦ and draw 3'``."""
    past = person == "you"
    if not choice.discard:
        return "stood pat" if past else "stand pat"
    if not choice.keep:
        return f"drew {choice.drawn}" if past else f"draw {choice.drawn}"
    kept = format_cards(choice.keep, pretty=True)
    return f"kept {kept} and drew {choice.drawn}" if past else f"keep {kept} and draw {choice.drawn}"


def compare_choices(tried: ChoiceOdds, best: ChoiceOdds, current: HandCategory = HandCategory.HIGH_CARD) -> str:
    """In words, what ``tried`` gives up and gains against ``best`` in the kinds of hand above
    ``current`` (the hand before the draw: ending with the pair you already hold is no gain).

    >>> from pokerlab.coach.exact import draw_odds
    >>> odds = draw_odds("Kh Kd As 4c 2d")
    >>> print(compare_choices(odds.choice("4c 2d"), odds.choice("As 4c 2d"), odds.current.category))
    Compared with the coach's choice (keep K♥ K♦ and draw 3), you give up 3.7% of three of a kind, 0.2% of a full house and 0.2% of four of a kind for 1.2% more two pair.
    """
    if tried == best:
        return "This is the coach's choice."
    losses, gains = [], []
    for category in HandCategory:
        difference = tried.probability(category) - best.probability(category)
        if category <= current or abs(difference) < NOTICEABLE:
            continue
        if difference < 0:
            losses.append(f"{percent(-difference)} of {_CATEGORY_WORDS[category]}")
        else:
            gains.append(f"{percent(difference)} more {_MORE_WORDS[category]}")
    head = f"Compared with the coach's choice ({choice_phrase(best, 'coach')}), you"
    if losses and gains:
        return f"{head} give up {listing(losses)} for {listing(gains)}."
    if losses:
        return f"{head} give up {listing(losses)} and gain nothing that shows."
    if gains:
        return f"{head} gain {listing(gains)}."
    return f"{head} end up with nearly the same chances."


# --- advice -----------------------------------------------------------------------------------------

def _name(choice: ChoiceOdds) -> str:
    """A draw as a learner names it: 'the flush draw', 'keeping the pair of fours', 'standing pat'.

    >>> from pokerlab.coach.exact import draw_odds
    >>> odds = draw_odds("4c 4h 9h 7h 2h")
    >>> _name(odds.choice("4c")), _name(odds.choice("9h 7h 2h")), _name(odds.choice("7h 2h"))
    ('the flush draw (keep 4♥ 9♥ 7♥ 2♥)', 'keeping the pair of fours', 'keeping 4♣ 4♥ 9♥ and drawing 2')
    """
    keep = choice.keep
    if not choice.discard:
        return "standing pat"
    if not keep:
        return f"drawing {choice.drawn} new cards"
    ranks = sorted({card.rank for card in keep})
    phrase = choice_phrase(choice, "coach")
    if len(keep) == 4 and len({card.suit for card in keep}) == 1:
        return f"the flush draw (keep {format_cards(keep, pretty=True)})"
    if len(keep) == 4 and len(ranks) == 4 and ranks[-1] - ranks[0] == 3:
        return f"the straight draw (keep {format_cards(keep, pretty=True)})"
    if len(keep) == 2 and len(ranks) == 1:
        return f"keeping the pair of {RANK_PLURALS[ranks[0]]}"
    return phrase.replace("keep ", "keeping ", 1).replace(" and draw ", " and drawing ", 1)


def _lead(opponent_count: int) -> str:
    if opponent_count == 1:
        return "Against one player you only have to beat one hand"
    return f"Against {players(opponent_count)} you need a hand that beats everyone"


def why(best: ChoiceChance, other: ChoiceChance, opponent_count: int) -> str:
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
    if opponent_count == 0:
        return "Nobody is left to beat: the pot is yours whatever you draw."
    head = (f"{_lead(opponent_count)}: {_name(best.odds)} wins {percent(best.win)} of the pot on average, "
            f"{_name(other.odds)} {percent(other.win)}.")
    gaps = {category: best.odds.at_least(category) - other.odds.at_least(category) for category in HandCategory}
    where = max(gaps, key=lambda category: (gaps[category], category))
    if where == HandCategory.HIGH_CARD or gaps[where] < NOTICEABLE:
        return head
    subject = _name(best.odds).split(" (")[0]
    subject = "It" if " and drawing " in subject else subject[0].upper() + subject[1:]
    if best.odds.at_least(where) >= 1.0:  # what the kept cards already hold: say it is sure, not "100%"
        return (f"{head} {subject} is sure to end with {_CATEGORY_WORDS[where]} or better; the other gets there "
                f"only {percent(other.odds.at_least(where))} of the time.")
    return (f"{head} {subject} ends with {_CATEGORY_WORDS[where]} or better {percent(best.odds.at_least(where))} "
            f"of the time (the other {percent(other.odds.at_least(where))}).")


def advice_text(advice: Advice) -> str:
    """The coach's advice in two or three sentences: the best choice, and whether it stands clear."""
    best = advice.best
    count = advice.opponent_count
    against = "with nobody left to beat" if count == 0 else f"against {players(count)}"
    if advice.starred is not None:
        runner = advice.choices[1] if len(advice.choices) > 1 else None
        text = (f"Best {against}: {choice_phrase(best.odds, 'coach')}, winning about {percent(best.win)} of the pot "
                f"(± {percent(best.margin)}).")
        if runner is not None and count:
            text += " " + why(best, runner, count)
        return text
    close = [choice_phrase(choice.odds, "coach") for choice in advice.close]
    shown = close[:4] + ([f"{len(close) - 4} more"] if len(close) > 4 else [])
    return (f"About the same {against}: {listing(shown, 'or')} (each about {percent(best.win)} of the pot; "
            f"the differences are within the margin of error).")


def tried_text(advice: Advice, tried: ChoiceChance) -> str:
    """What the learner's own choice gives up, or that it is as good as the best."""
    label = choice_phrase(tried.odds, "coach")
    label = label[0].upper() + label[1:]
    if tried is advice.best:
        return f"{label}: the coach's choice ({percent(tried.win)} of the pot)."
    if tried.about_same:
        return (f"{label}: about the same as the coach's choice ({percent(tried.win)} against "
                f"{percent(advice.best.win)}, within ± {percent(tried.behind_margin)}).")
    return (f"{label}: wins {percent(tried.win)} of the pot, {percent(tried.behind)} less than the coach's choice "
            f"(± {percent(tried.behind_margin)}). {why(advice.best, tried, advice.opponent_count)}")


# --- the review of a draw ---------------------------------------------------------------------------

def draw_review_text(review: DrawReview) -> str:
    """The review of one draw: your choice, the coach's, the pot you give up, the exact odds beside."""
    played, best = review.played, review.best
    how = "the chance to win the pot" if review.criterion is None else criterion_name(review.criterion)
    lines = []
    equity = review.equity
    chips = None if equity is None or equity.chips is None else max(equity.chips, 0.0)
    close = review.is_best or (review.criterion is None and judge(False, False, chips) == "close")
    if review.is_same:
        lines.append(f"You {choice_phrase(played)}: the coach agrees ({how}).")
    elif close:
        lines.append(f"You {choice_phrase(played)}; the coach would {choice_phrase(best, 'coach')}: about the same "
                     f"({how}).")
    else:
        lines.append(f"You {choice_phrase(played)}; the coach would {choice_phrase(best, 'coach')}.")
        lines.append(f"Your choice ranks {review.rank} of {len(review.odds.choices)} by {how}.")
        if review.advice is not None and review.criterion is None:
            lines.append(why(review.advice.choice(best.discard), review.advice.choice(played.discard),
                             review.advice.opponent_count))
        lines.append(compare_choices(played, best, review.odds.current.category))
    lines.append(f"Chance to improve: {percent(played.improve_probability)} (coach: {percent(best.improve_probability)}).")
    if equity is not None and equity.opponent_count:
        share = (f"Against {players(equity.opponent_count)} you win {percent(equity.played)} of the pot "
                 f"(coach: {percent(equity.best)}; difference ± {percent(equity.margin)})")
        if equity.chips is not None and not review.is_same:
            if equity.about_same or close:
                share += "; too close to call in chips"
            else:
                share += (f"; in a pot of {money(equity.pot or 0, review.dollars)} the coach's choice is worth "
                          f"{money(equity.chips, review.dollars, 1)} more")
                if equity.big_bets is not None:
                    share += f", {equity.big_bets:.2f} big bets"
        lines.append(share + ".")
    return "\n".join(lines)


# --- the review of a bet ----------------------------------------------------------------------------

_VERBS: Final = {"fold": "folded", "call": "called", "raise": "raised", "all_in": "went all-in", "check": "checked",
                 "bet": "bet"}


def _coach_action(coach: str, owed: int, to: int, bet_size: int, dollars: bool) -> str:
    if coach == "call":
        return f"call {money(owed, dollars)}"
    if coach == "bet":
        return f"bet {money(bet_size, dollars)}"
    if coach == "raise":
        return f"raise to {money(to, dollars)}"
    return coach


def bet_review_text(bet: BetReview) -> str:
    """One betting decision in words: the chances, the pot odds or the fair share, and the verdict."""
    stage = _STAGES["betting_one" if bet.round_number == 1 else "betting_two"]
    dollars = bet.dollars
    win = f"about {percent(bet.equity.equity)} of the pot (± {percent(1.96 * bet.equity.standard_error)})"
    against = players(bet.opponent_count)
    if bet.owed:
        text = (f"{stage} you {_VERBS[bet.kind]} facing {money(bet.owed, dollars)} to win {money(bet.pot, dollars)}: "
                f"calling pays when you win more than the pot odds, {percent(bet.pot_odds)}, and you had {win} "
                f"against {against}.")
    else:
        text = (f"{stage} you {_VERBS[bet.kind]} with nothing to call (pot {money(bet.pot, dollars)}): you had {win} "
                f"against {against}.")
    if bet.threshold is not None and dict(bet.values).get("raise") is not None:
        word = "raise" if bet.owed or bet.coach == "raise" else "bet"
        fair = 1 / (bet.opponent_count + 1)
        text += (f" A {word} of {money(bet.bet_size, dollars)} pays when that is above {percent(bet.threshold)}: your fair "
                 f"share of {percent(fair)}, since each caller puts in as much as you")
        if bet.behind:
            text += (f", plus {percent((bet.threshold - fair) / bet.behind)} for each of the {players(bet.behind)} "
                     f"still to act after you (they may raise)")
        text += "."
    if bet.kind == "fold" and not bet.owed:
        text += " Folding gave up your share of the pot; checking was free."
    coach = _coach_action(bet.coach, bet.owed, bet.coach_to, bet.bet_size, dollars)
    found = judge(bet.same, bet.matches, bet.cost)
    if found == "same":
        text += " Good decision: the coach would do the same."
    elif found == "close" and bet.matches:
        text += (f" The coach would {coach}, but the difference ({money(bet.estimated_cost, dollars, 1)}) is within "
                 f"the margin of error: about the same.")
    elif found == "close":
        text += f" The coach would {coach}, but by less than {money(0.1, dollars, 1)} on average: about the same."
    else:
        worth = money(bet.cost, dollars, 1)
        if bet.big_bet:
            worth += f" ({bet.cost / bet.big_bet:.2f} big bets)"
        text += f" The coach would {coach}: worth about {worth} more on average."
    return text


# --- the review panel -------------------------------------------------------------------------------

def stage_name(phase: str, language: str = lang.DEFAULT) -> str:
    """``'Before the draw'``, ``'The draw'``, ``'After the draw'`` (:attr:`DecisionReview.stage` is the
    English; a page in another language asks here with the decision's ``phase``)."""
    return lang.gettext(language, _STAGES[phase])


def played_words(decision: DecisionReview) -> str:
    """What the learner did, in the past tense: ``'called 10 chips'``, ``'kept K♥ K♦ and drew 3'``."""
    from pokerlab.coach.draw_review import DrawReview

    if isinstance(decision.finding, DrawReview):
        return choice_phrase(decision.finding.played)
    kind, amount, dollars = decision.action, decision.amount, decision.dollars
    if kind == "fold":
        return "folded" + ("" if decision.owed else " (checking was free)")
    if kind == "check":
        return "checked"
    if kind == "call":
        return f"called {money(amount, dollars)}"
    if kind == "bet":
        return f"bet {money(amount, dollars)}"
    if kind == "raise":
        return f"raised to {money(amount, dollars)}"
    return f"went all-in ({money(amount, dollars)})"


def coach_words(decision: DecisionReview) -> str:
    """The coach's choice: ``'call 10 chips'``, ``'keep 7♥ 7♦ 7♠ and draw 2'``."""
    from pokerlab.coach.draw_review import DrawReview

    finding = decision.finding
    if isinstance(finding, DrawReview):
        return choice_phrase(finding.best, "coach")
    return _coach_action(finding.coach, finding.owed, finding.coach_to, finding.bet_size, decision.dollars)


def situation_words(decision: DecisionReview) -> str:
    """``'Before the draw · you held K♥ K♦ A♠ 4♣ 2♦ · pot 20 chips · 10 chips to call'``."""
    parts = [stage_name(decision.phase), f"you held {format_cards(decision.cards, pretty=True)}",
             f"pot {money(decision.pot, decision.dollars)}"]
    if decision.phase != "draw":
        parts.append(f"{money(decision.owed, decision.dollars)} to call" if decision.owed else "nothing to call")
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
    from pokerlab.coach.draw_review import DrawReview

    found = judge(decision.same, decision.matches, decision.chips)
    ranked_otherwise = isinstance(decision.finding, DrawReview) and decision.finding.criterion is not None
    if found == "close" and not decision.matches and ranked_otherwise:
        return "costly"  # ranked by an exact measure, where the draw's detail gives its rank, not chips
    return found


def worth_words(decision: DecisionReview) -> str:
    """The verdict in a few words: the same, about the same, or what it cost (see :func:`judge`)."""
    found = verdict(decision)
    if found == "same":
        return "same as the coach ✓"
    if found == "close":
        return "about the same as the coach ✓"
    if found == "unmeasured":
        return "different from the coach; the difference could not be measured"
    text = f"costs about {money(decision.chips or 0.0, decision.dollars, 1)}"
    return text + (f" ({decision.big_bets:.2f} big bets)" if decision.big_bets is not None else "")


def not_reviewed_words(item: NotReviewed) -> str:
    if item.action == "draw":
        return f"Your draw was not reviewed: {item.reason}"
    return f"Your {item.action.replace('_', '-')} in round {item.round_number} was not reviewed: {item.reason}"


def hand_summary(review: HandReview) -> str:
    """One sentence for the top of the review panel."""
    if not review.decisions:
        return "You made no decision in this hand: it ended before your turn came."
    count = len(review.decisions)
    verdicts = [verdict(decision) for decision in review.decisions]
    good = sum(found in ("same", "close") for found in verdicts)
    head = f"{count} decision{'s' if count > 1 else ''}: "
    if good == count:
        return head + ("as good as the coach's." if count == 1 else "all as good as the coach's.")
    lost = sum(decision.chips or 0.0 for decision, found in zip(review.decisions, verdicts) if found == "costly")
    if not lost:  # the others could not be measured
        return head + f"{good} as good as the coach's, {count - good} different (not measured)."
    return head + (f"{good} as good as the coach's, {count - good} not "
                   f"(about {money(lost, review.dollars, 1)} given up in all).")
