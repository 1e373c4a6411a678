"""The coach: exact draw odds, the one equity simulator, the one opponent model, advice and review.

- :mod:`~pokerlab.coach.exact`: exact odds of every discard (the one exact scorer);
- :mod:`~pokerlab.coach.policy`: how a simulated opponent draws (the one opponent model);
- :mod:`~pokerlab.coach.equity`: the one equity simulator (respects the opponents' draws);
- :mod:`~pokerlab.coach.advice`: every discard ranked by the chance to win the pot;
- :mod:`~pokerlab.coach.draw_review`: the review of one draw;
- :mod:`~pokerlab.coach.walker` and :mod:`~pokerlab.coach.findings`: the review of a whole hand (the
  hand walker, and its findings as data).

Sentences are made in :mod:`pokerlab.narration.coach`; nothing here imports display code.
"""
