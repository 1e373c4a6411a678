"""The review's words: a draw's and a bet's review, and each line of the review panel, for the learner
("you"), in chips or in dollars.

Everything here reads the findings (:mod:`pokerlab.coach.findings`, :mod:`pokerlab.coach.draw_review`)
and returns text; the findings never import it: a finding is data. The one English reading a notebook
prints, :attr:`DrawReview.text <pokerlab.coach.draw_review.DrawReview.text>`, is registered here in
:mod:`pokerlab.english` (:mod:`pokerlab.coach` imports :mod:`pokerlab.coach.words`, which imports this
module, so the writer is there wherever a review is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pokerlab import english
from pokerlab import language as lang
from pokerlab.cards import format_cards
from pokerlab.coach.advice_words import compare_choices, why
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.phrases import (
    big_bets_words,
    capital,
    choice_phrase,
    criterion_name,
    money,
    percent,
    players,
    stage_name,
)
from pokerlab.coach.verdicts import judge, verdict
from pokerlab.language import NP_

if TYPE_CHECKING:
    from pokerlab.coach.findings import BetReview, DecisionReview, HandReview, NotReviewed

__all__ = [
    "bet_review_text", "coach_action_words", "coach_words", "detail_words", "draw_review_text", "hand_summary",
    "not_reviewed_words", "played_words", "situation_words", "worth_words",
]

_t = lang.catalogue  # a language's messages: most lines here ask for one

def draw_review_text(review: DrawReview, language: str = lang.DEFAULT) -> str:
    """The review of one draw: your choice, the coach's, the pot you give up, the exact odds beside."""
    _ = _t(language).gettext
    played, best = review.played, review.best
    how = _("the chance to win the pot") if review.criterion is None else criterion_name(review.criterion, language)
    mine = choice_phrase(played, "you", language)
    values = {"played": mine, "Played": capital(mine), "coach": choice_phrase(best, "coach", language), "how": how}
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
            worth += big_bets_words(bet.cost / bet.big_bet, language)
        text += _(" The coach would {coach}: worth about {worth} more on average.").format(coach=coach, worth=worth)
    return text


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
    return text + (big_bets_words(decision.big_bets, language) if decision.big_bets is not None else "")


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
