"""Matches: a sequence of hands with chips carried over, the button moving, players going out.

A :class:`Match` owns one seeded generator. Each deal draws the hand's seed from it, so a match is
fully reproduced by its seed and the actions taken; :meth:`Match.to_json` keeps the generator's
state, the current hand's seed and actions, and each computer opponent's memory, and
:meth:`Match.from_json` rebuilds all of it, so a restored match deals exactly the cards the
original would have dealt. :meth:`Match.reshuffle` gives a match a new generator between hands, so
that a game restored from a save deals hands nobody has seen. Saving itself happens at the
application's edge (this module imports no storage).

Computer opponents (see :mod:`pokerlab.bots`) are asked for a decision with the same view the
learner gets for their own seat (:meth:`Match.view_for`) and the legal actions, nothing else. When a
hand ends every bot may look at its own final view (``observe``), as a learner looks at the table.

>>> match = five_card_draw_match(player_count=3, seed=4)
>>> hand = match.deal()
>>> while not match.is_over:
...     if match.hand.is_over:
...         _ = match.deal()
...     elif match.is_bot_turn():
...         _ = match.bot_step()
...     else:
...         match.act(match.bots[1].decide(match.learner_view(), match.hand.legal_actions()))
>>> sum(match.stacks), len(match.out)
(1500, 2)

The match itself is :mod:`pokerlab.match.state`; the matches the apps and lessons set up,
:mod:`pokerlab.match.presets`. Both are re-exported here, the path notebooks and teachers use.
"""

from pokerlab.match.presets import (
    OPPONENT_NAMES,
    SALOON_OUT_BELOW,
    SeatPlan,
    five_card_draw_match,
    planned_match,
    saloon_match,
    seat_names,
)
from pokerlab.match.state import MATCH_FORMAT, SALOON_KIND, Match, MatchError, seat_bots

__all__ = ["MATCH_FORMAT", "OPPONENT_NAMES", "SALOON_KIND", "SALOON_OUT_BELOW", "Match", "MatchError", "SeatPlan",
           "five_card_draw_match", "planned_match", "saloon_match", "seat_bots", "seat_names"]
