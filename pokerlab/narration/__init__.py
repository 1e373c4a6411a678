"""The one place where pokerlab's data becomes sentences: events, refusals, offers, pots and results.

The engine speaks in data (:mod:`pokerlab.draw.events`, :class:`~pokerlab.draw.errors.IllegalActionError`,
:class:`~pokerlab.draw.results.PotAward`); every layer that shows a hand to a person — the table, hand
history text, lessons, the coach, the review, the notebooks — asks this package for the words. A
:class:`Voice` says who reads: the seat that is "you", the players' names, chips or dollars, and the
language (each sentence is a message of the catalogue, :mod:`pokerlab.language`).

This module is the package's public face: every name below is importable from here, and made in the
module that owns it:

- :mod:`~pokerlab.narration.voice`: :class:`Voice`, who the words are for;
- :mod:`~pokerlab.narration.events`: a hand's events as sentences (:func:`event_sentence`,
  :func:`log_lines`, :func:`describe`);
- :mod:`~pokerlab.narration.offers`: the buttons' labels, the free fold's warning, the cap meter and
  the phase's name;
- :mod:`~pokerlab.narration.refusals`: why the engine refused an action (:func:`refusal_sentence`);
- :mod:`~pokerlab.narration.results`: the pots' names, why each went where it did, the headline;
- :mod:`~pokerlab.narration.hands`: why one hand beats another, and a hand's name;
- :mod:`~pokerlab.narration.wallet`: a wallet line's reason.

Importing the package registers the English readings the engine's values keep (``str(error)``, a
button's label...) in :mod:`pokerlab.english`, so they are there wherever narration is.

>>> from pokerlab.cards import parse_cards
>>> from pokerlab.draw.events import Event
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=1))
'You raise to 20'
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=0, names=("You", "Ada"), dollars=True))
'Ada raises to $20'
>>> event_sentence(Event("ace_shown", 0, cards=parse_cards("As")), Voice(viewer=0))
'You keep an ace and show it: As'
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=1, language="es"))
'Subes a 20'
"""


from pokerlab import english
from pokerlab.narration.events import describe, event_sentence, log_lines
from pokerlab.narration.hands import hand_name
from pokerlab.narration.offers import PHASE_TEXT, action_label, cap_text, fold_warning, phase_text
from pokerlab.narration.refusals import refusal_sentence
from pokerlab.narration.results import award_reason, pot_name, result_headline
from pokerlab.narration.voice import Voice

__all__ = [
    "PHASE_TEXT", "Voice", "action_label", "award_reason", "cap_text", "describe", "event_sentence", "fold_warning",
    "hand_name", "log_lines", "phase_text", "pot_name", "refusal_sentence", "result_headline",
]

# The English readings engine values keep (str(error), a button's label...): pokerlab.english says why.
english.provide("IllegalActionError.__str__", refusal_sentence)
english.provide("LegalAction.label", action_label)
english.provide("LegalAction.warning", fold_warning)
english.provide("HandResult.explanation", award_reason)
english.provide("HandState.cap_meter", cap_text)
english.provide("pokerlab.draw.describe", describe)
