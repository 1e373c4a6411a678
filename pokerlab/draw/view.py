"""What one seat may know about a hand, as a JSON-able dict (the only road from engine to widget).

``project(state, seat)`` (also ``state.view(seat)``; ``seat=None`` is a spectator) returns:

* ``seat``: the viewer (or None); ``variant``: the rules name; ``player_count``; ``dealer``: the
  button's seat; ``blinds``: ``{"small_blind": seat, "big_blind": seat}`` or None with antes;
  ``phase``: ``"betting_one" | "draw" | "betting_two" | "over"``; ``round_limits``: ``[min, max]`` of
  the current (or next) betting round; ``draw_rules``: ``{"max_discards", "ace_draw"}`` (with ace draw
  one more card may go while an ace stays in hand); ``actor``: seat to act (None when over);
  ``is_my_turn``.
* ``players``: one dict per seat: ``seat``, ``name`` ("Seat 1"...), ``stack``, ``bet`` (this round),
  ``contributed`` (this hand), ``status`` (``active | folded | all-in | out``), ``cards`` (a list of
  card codes, or None for each face-down card: the viewer's own cards, a revealed ace, all cards
  after a showdown), ``card_count``, ``draw_count`` (None until they draw), ``shown_ace``,
  ``is_dealer``, ``is_actor``.
* ``pots``: ``[{"amount", "eligible"}]`` main pot first; ``pot_total``; ``current_bet``.
* ``legal_actions``: the viewer's legal actions as dicts (``kind``, ``label``, ``min_to``, ``max_to``,
  ``step``, ``call_amount``, ``max_discards``, ``chips``, ``all_in_as``, ``free_fold``, ``ace_extra``)
  when it is their turn, else ``[]``.
* ``cap``: the raise cap this round as data (see :attr:`HandState.cap`).
* ``events``: the hand so far as event dicts (:func:`pokerlab.draw.events.event_for`): every betting
  action with its amounts, the draw counts, the pot after each event; private cards only the viewer's.
* ``result``: None until the hand is over, then ``net``, ``payouts``, ``won_by_fold``, ``shown``
  (cards revealed at showdown; empty when won by folds), ``hand_names`` and ``pots`` (winners, shares,
  a reason code and the two seats ``compared`` at a showdown).

No sentences: :mod:`pokerlab.narration` writes them (``log_lines(view)``). The stock, discards and
unrevealed opponents' cards never appear.
"""

from __future__ import annotations

from typing import Any

from pokerlab.draw.events import event_for, in_log_of, seat_name
from pokerlab.draw.reading import HandReading


def project(state: HandReading, seat: int | None) -> dict[str, Any]:
    """The view of ``state`` for ``seat`` (see the module docstring for the keys), from its public reading
    only (:class:`~pokerlab.draw.reading.HandReading`)."""
    if seat is not None and not 0 <= seat < state.player_count:
        raise ValueError(f"No seat {seat!r}: seats run 0..{state.player_count - 1}.")
    result = state.results
    statuses, stacks, bets, contributions = state.statuses, state.stacks, state.bets, state.contributions
    draw_counts, shown_aces, actor, dealer = state.draw_counts, state.shown_aces, state.actor, state.dealer
    players = []
    for other in range(state.player_count):
        hand = state.cards(other)
        ace = shown_aces[other]
        if other == seat or (result is not None and other in result.shown):
            cards: list[str | None] = [str(card) for card in hand]
        else:
            cards = [str(card) if card is ace else None for card in hand]
        players.append({
            "seat": other, "name": seat_name(other), "stack": stacks[other], "bet": bets[other],
            "contributed": contributions[other], "status": statuses[other], "cards": cards,
            "card_count": len(hand), "draw_count": draw_counts[other],
            "shown_ace": None if ace is None else str(ace),
            "is_dealer": other == dealer, "is_actor": other == actor,
        })
    pots = state.pots
    phase = state.phase.value
    round_index = 0 if phase == "betting_one" else 1
    my_turn = seat is not None and seat == state.actor
    blinds = None
    if state.rules.forced_bet == "blinds":
        blinds = {"small_blind": state.small_blind_seat, "big_blind": state.big_blind_seat}
    return {
        "seat": seat,
        "variant": state.rules.name,
        "player_count": state.player_count,
        "dealer": state.dealer,
        "blinds": blinds,
        "phase": phase,
        "round_limits": list(state.rules.limits[round_index]),
        "draw_rules": {"max_discards": state.rules.max_discards, "ace_draw": state.rules.ace_draw},
        "actor": state.actor,
        "is_my_turn": my_turn,
        "players": players,
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in pots],
        "pot_total": sum(pot.amount for pot in pots),
        "current_bet": state.current_bet,
        "legal_actions": [item.to_json() for item in state.legal_actions()] if my_turn else [],
        "cap": state.cap,
        "events": [event_for(event, seat) for event in state.events if in_log_of(event, seat)],
        "result": None if result is None else result.to_json(),
    }
