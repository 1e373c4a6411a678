"""Five-Card Draw hands in PHH, the Poker Hand History format that pokerkit reads and writes.

PHH (the ``phh-std`` specification) is TOML: the table (``antes``, ``blinds_or_straddles``,
``small_bet``, ``big_bet``, ``starting_stacks``) and the hand as ``actions`` strings (``d dh p1 AsKd...``
deals, ``p2 cbr 20`` bets or raises to 20, ``p3 cc`` checks or calls, ``p1 f`` folds, ``p1 sd 7c2d``
discards, ``p2 sm AsKd...`` shows). Players are numbered from the dealer's left, ``p1`` first; the
button is the last player (heads-up the button posts the small blind, as in rule book 002).

**The variant code.** The specification lists eleven variant codes and none is five-card draw for the
high hand; it says a variant not listed is added by a new code. pokerlab writes ``variant = "F5CD"``
(fixed-limit five-card draw, built like the listed ``F2L3D``: betting structure, then the game) with the
fields a fixed-limit draw game needs (those of ``FB`` and ``F2L3D``), plus ``_variant_name`` saying it in
words. A reader that does not know the code (pokerkit as shipped) reads the file but needs a game
definition to replay it; ``tests/test_phh.py`` has one in a dozen lines.

**What PHH cannot say**, and what pokerlab does about it (never a silent change):

* *Ace draw* (rule book 002): the fourth discard is legal only while an ace stays, and that ace is shown.
  PHH has no rule for it and no action that shows one card mid-hand: the file says ``_ace_draw = true``
  and ``_shown_aces`` (per player, ``""`` for none), both user-defined fields (the specification's
  documented extension: a name starting with ``_``, which readers ignore).
* *A fold during the draw*: PHH's draw is ``sd`` only, a reader's state machine offers no fold there.
  Refused (:class:`PhhError`), because writing it as anything else would change the hand.
* *A short big blind*: rule book 002 opens the round at the full big blind; PHH readers (pokerkit) take
  the amount posted as the bet to match, so callers would owe less. Refused once another player puts
  chips in after it.
* *Betting rules*: PHH records the bets made, not the rules that allowed them; a reader replays them by
  its own fixed-limit rules. pokerkit's differ from rule book 002 where a short all-in meets the cap: it
  counts an all-in raise smaller than a full raise as one of the four bets (rule book 002: it does not
  count), and it refuses a raise when no other player could call the whole bet (rule book 002 allows it
  while another player has chips). Such a hand is written as played (its bets are right for rule book
  002, and ``finishing_stacks`` says the result): pokerkit stops at that raise with an error instead of
  replaying another hand (``tests/test_phh.py`` measures how often).
* *Saloon Draw* (spread limits), the Tournament Ladder's four discards or any other table rule, and a
  hand not yet over: refused.

A forced bet the table does not use (the ante at a table with blinds, the blinds at one with antes)
is not written, and reads back as pokerlab's default. The file also says who sat where (``seats``,
``seat_count``: pokerlab's seat numbers, from 1), ``finishing_stacks``, and ``_dealer``. It has no seed:
reading it back rebuilds the hand from its cards (a stock that ran out is reshuffled into the order the
file dealt it), so a kept file can never re-deal a hand for a score.

**As a learner saw it.** ``to_phh(state, seat=learner)`` writes ``??`` for every card that seat never
saw (rule book 002: hands stay hidden unless shown, discards are not public): an opponent's deal,
discards and replacements; a card shown at the showdown or an ace-draw ace is public and is written.

>>> import numpy as np
>>> from pokerlab.draw import Action, HandState, five_card_draw
>>> state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=4)
>>> for action in (Action.check(), Action.check(), Action.stand_pat(), Action.stand_pat(),
...                Action.check(), Action.check()):
...     state.apply(action)
>>> text = to_phh(state)
>>> print(text.splitlines()[0])
variant = 'F5CD'
>>> from_phh(text).events == state.events
True
>>> "d dh p2 ??????????" in to_phh(state, seat=0)  # seat 0 (p1) did not see p2's deal; the showdown shows it
True

**Refusals** are said in the reader's language: a :class:`PhhError` holds its catalogue message (one
of :data:`MESSAGES`) and values, ``str(error)`` is the English and ``error.text(language)`` says it
(:mod:`pokerlab.phh.refusals`).

>>> try:
...     from_phh("variant = F5CD")  # TOML quotes a string
... except PhhError as error:
...     print(error.text("es"))
Esto no es un archivo PHH: no es TOML válido en la línea 1, columna 11 (el lector de TOML dice «Invalid value»).

The package: :mod:`~pokerlab.phh.writing` (:func:`to_phh`), :mod:`~pokerlab.phh.reading`
(:func:`from_phh`, :func:`hands_in`), :mod:`~pokerlab.phh.player_view` (:func:`read_hand`) and
:mod:`~pokerlab.phh.refusals`.
"""

from __future__ import annotations

from pokerlab.phh.player_view import read_hand
from pokerlab.phh.reading import from_phh, hands_in
from pokerlab.phh.refusals import MESSAGES, NOTHING_PASTED, PhhError
from pokerlab.phh.writing import OPTIONAL_FIELDS, VARIANT, VARIANT_NAME, to_phh

__all__ = ["MESSAGES", "NOTHING_PASTED", "OPTIONAL_FIELDS", "VARIANT", "VARIANT_NAME", "PhhError", "from_phh",
           "hands_in", "read_hand", "to_phh"]
