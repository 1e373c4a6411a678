"""The poker table's payload: what the browser draws, built from one seat's view only.

:func:`table_payload` turns ``match.learner_view()`` (or, at a live table, the dealer's view for this
seat) into the plain data the table widget draws: seats, stacks, bets, pots, this seat's own cards,
cards the rules have made public, draw counts, the engine's legal actions with their labels, the log
in words and the hand's result explained. It never reads a hand state, so no card can reach it that
the engine did not already put in the view for this seat.
"""

from __future__ import annotations

from typing import Any

from pokerlab.draw import LegalAction
from pokerlab.narration import (
    Voice,
    action_label,
    award_reason,
    cap_text,
    fold_warning,
    log_lines,
    phase_text,
    pot_name,
    result_headline,
)

SHORTCUTS = {"fold": "F", "check": "C", "call": "C", "all_in": "C", "bet": "B", "raise": "R"}


def _draw_text(count: int | None) -> str:
    if count is None:
        return ""
    return "stood pat" if count == 0 else f"drew {count}"


def voice_of(view: dict[str, Any], dollars: bool = False) -> Voice:
    """The learner's voice for a view: their seat is "you", the others by the match's names."""
    names = view.get("names")
    return Voice(view["seat"], tuple(names) if names else None, dollars)


def table_payload(view: dict[str, Any], version: int = 0, dollars: bool = False) -> dict[str, Any]:
    """What the browser draws, built from the learner's view (plus match information) only.
    ``dollars``: show amounts as money (Saloon Draw) rather than chips.

    Nothing here reads a hand state: every card in the result comes from ``view``, which the engine
    has already censored for the learner's seat. Every sentence comes from :mod:`pokerlab.narration`.
    """
    voice = voice_of(view, dollars)
    names = [voice.name(player["seat"]) for player in view["players"]]
    me: int = view["seat"]
    result = view.get("result")
    blinds = view.get("blinds") or {}
    players = []
    for player in view["players"]:
        seat = player["seat"]
        hand_name = None
        if result and str(seat) in result["hand_names"]:
            hand_name = result["hand_names"][str(seat)]
        players.append({
            "seat": seat, "name": names[seat], "stack": player["stack"], "bet": player["bet"],
            "status": player["status"], "cards": list(player["cards"]) if player["status"] != "out" else [],
            "draw_count": player["draw_count"], "draw_text": _draw_text(player["draw_count"]),
            "shown_ace": player["shown_ace"], "is_dealer": player["is_dealer"], "is_actor": player["is_actor"],
            "is_learner": seat == me,
            "blind": "small blind" if blinds.get("small_blind") == seat else
                     "big blind" if blinds.get("big_blind") == seat else "",
            "hand_name": hand_name,
            "net": result["net"][seat] if result else None,
        })
    pots = [
        {"label": pot_name(index), "amount": pot["amount"], "eligible": [names[s] for s in pot["eligible"]]}
        for index, pot in enumerate(view["pots"])
    ]
    legal = []
    for item in view["legal_actions"]:
        offer = LegalAction.from_json(item)
        legal.append({**item, "key": SHORTCUTS.get(item["kind"], ""), "label": action_label(offer, voice),
                      "warning": fold_warning(offer)})
    actor = view["actor"]
    payload: dict[str, Any] = {
        "version": version,
        "dollars": dollars,
        "variant": view["variant"],
        "hand_number": view.get("hand_number", 1),
        "hands_left": view.get("hands_left"),
        "phase": view["phase"],
        "phase_text": phase_text(view["phase"]),
        "round_limits": view["round_limits"],
        "fixed_limit": view["round_limits"][0] == view["round_limits"][1],
        "learner_seat": me,
        "actor": actor,
        "actor_name": None if actor is None else names[actor],
        "is_my_turn": view["is_my_turn"],
        "bot_turn": actor is not None and actor != me,
        "players": players,
        "pots": pots,
        "pot_total": view["pot_total"],
        "current_bet": view["current_bet"],
        "cap_meter": cap_text(view["cap"]),
        "legal": legal,
        "log": log_lines(view, voice),
        "result": None,
        "standings": view.get("standings", []),
        "match_over": bool(view.get("match_over")),
        "learner_out": me in view.get("out", []),
    }
    if result:
        payload["result"] = _result_payload(result, voice, names)
    return payload


def _result_payload(result: dict[str, Any], voice: Voice, names: list[str]) -> dict[str, Any]:
    """The hand's outcome in words: who won what, each shown hand named, each pot explained."""
    pots = []
    for award in result["pots"]:
        winners = [names[int(seat)] for seat in award["winners"]]
        shares = ", ".join(f"{names[int(seat)]} {voice.money(amount)}" for seat, amount in award["shares"].items())
        pots.append({
            "label": pot_name(award["pot"]), "amount": award["amount"], "winners": winners,
            "shares": shares, "reason": award_reason(award, result, voice),
        })
    return {
        "won_by_fold": result["won_by_fold"],
        "headline": result_headline(result, voice),
        "pots": pots,
        "shown": {seat: names[int(seat)] for seat in result["shown"]},
        "hand_names": {names[int(seat)]: name for seat, name in result["hand_names"].items()},
    }


__all__ = ["SHORTCUTS", "table_payload", "voice_of"]
