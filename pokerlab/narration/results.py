"""Who won what and why, in words: the pots' names, why each pot went where it did, how the hand ended.

Apart from the events' sentences (:mod:`pokerlab.narration.events`) because a result is read on its
own too: the engine's :attr:`HandResult.explanation <pokerlab.draw.results.HandResult>`, the pot
diagram and the hand history name pots and their reasons without narrating a hand.

>>> pot_name(0), pot_name(2), pot_name(1, "es")
('Main pot', 'Side pot 2', 'Bote secundario 1')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerlab import language as lang
from pokerlab.hands import evaluate
from pokerlab.language import N_
from pokerlab.narration.hands import Comparison, as_cards, explain
from pokerlab.narration.voice import Voice

__all__ = ["award_reason", "pot_name", "pot_reason", "result_headline", "showdown_comparison"]


def pot_name(number: int, language: str = lang.DEFAULT) -> str:
    """``Main pot`` for the first pot, ``Side pot 1``, ``Side pot 2``... after it."""
    if number == 0:
        return lang.gettext(language, "Main pot")
    return lang.gettext(language, "Side pot {number}").format(number=number)


def pot_reason(reason: str | None, seat: int, voice: Voice) -> str:
    """Why ``seat`` won a pot that no showdown decided (``reason``: ``forfeit``, ``only_player`` or
    ``folds``), for ``voice``: a sentence of its own, also the end of a ``win`` event's line."""
    if reason == "forfeit":
        return voice.say(
            seat,
            N_("You were the last player left in this pot: everyone who put chips in it folded, and an all-in "
               "player wins from each opponent only what they put in."),
            N_("{name} was the last player left in this pot: everyone who put chips in it folded, and an all-in "
               "player wins from each opponent only what they put in."))
    if reason == "only_player":
        return voice.say(seat, N_("You are the only player in this pot."), N_("{name} is the only player in this pot."))
    if reason == "folds":
        return voice.say(seat, N_("You win: everyone else folded."), N_("{name} wins: everyone else folded."))
    raise ValueError(f"No sentence for the pot reason {reason!r}.")


def award_reason(award: Any, result: Any, voice: Voice = Voice()) -> str:
    """Why one pot went where it did, for ``voice``. ``award`` and ``result`` are either the engine's
    :class:`~pokerlab.draw.results.PotAward`/:class:`~pokerlab.draw.results.HandResult` or their JSON
    dicts (as in a view)."""
    get = (lambda obj, key: obj[key]) if isinstance(award, Mapping) else getattr  # noqa: E731
    reason = get(award, "reason")
    winners = [int(seat) for seat in get(award, "winners")]
    if reason != "showdown":
        return pot_reason(reason, winners[0], voice)
    return showdown_comparison(award, result, voice).text


def showdown_comparison(award: Any, result: Any, voice: Voice) -> Comparison:
    """:func:`pokerlab.hands.explain` of the two hands that decided a showdown pot, named for ``voice``."""
    get = (lambda obj, key: obj[key]) if isinstance(award, Mapping) else getattr  # noqa: E731
    shown = get(result, "shown")
    first, second = (int(seat) for seat in get(award, "compared"))
    hands = [shown[str(seat)] if str(seat) in shown else shown[seat] for seat in (first, second)]
    you = next((index for index, seat in enumerate((first, second)) if voice.is_you(seat)), None)
    return explain(evaluate(as_cards(hands[0])), evaluate(as_cards(hands[1])),
                   names=(voice.name(first), voice.name(second)), language=voice.language, you=you)


def result_headline(result: Mapping[str, Any], voice: Voice) -> str:
    """One line on how the hand ended, for the viewer (from a view's result dict)."""
    net = result["net"]
    me = voice.viewer
    _ = voice.gettext
    if result["won_by_fold"]:
        winner = max(range(len(net)), key=lambda seat: net[seat])
        return voice.say(winner, N_("You win the pot: everyone else folded, so no cards are shown."),
                         N_("{name} wins the pot: everyone else folded, so no cards are shown."))
    if me is None:
        return _("Showdown.")
    mine = net[me]
    if mine > 0:
        return _("You win {chips}.").format(chips=voice.chips(mine))
    if str(me) in result["shown"]:
        return _("You lose this one.") if mine < 0 else _("You break even.")
    return _("Showdown.")

