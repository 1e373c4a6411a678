"""The poker table's payload: what the browser draws, built from one seat's view only.

:func:`table_payload` turns ``match.learner_view()`` (or, at a live table, the dealer's view for this
seat) into the plain data the table widget draws: seats, stacks, bets, pots, this seat's own cards,
cards the rules have made public, draw counts, the engine's legal actions with their labels, the log
in words and the hand's result explained. It never reads a hand state, so no card can reach it that
the engine did not already put in the view for this seat.
"""

from __future__ import annotations

from typing import Any

from pokerlab import language as lang
from pokerlab.draw import LegalAction
from pokerlab.narration import (
    Voice,
    action_label,
    award_reason,
    cap_text,
    fold_warning,
    hand_name,
    log_lines,
    phase_text,
    pot_name,
    result_headline,
)
from pokerlab.narration.hands import card_names

SHORTCUTS = {"fold": "F", "check": "C", "call": "C", "all_in": "C", "bet": "B", "raise": "R"}


_DRAW_WORDS = {False: (lang.N_("stood pat"), lang.N_("drew {count}")),
               True: (lang.N_("you stood pat"), lang.N_("you drew {count}"))}
"""How many cards a seat drew, said of another seat or to the learner (their own seat)."""


def _draw_text(count: int | None, language: str, mine: bool = False) -> str:
    """A seat's draw, "drew 2" or "stood pat" ("you drew 2" of the learner's own); "" before it draws."""
    if count is None:
        return ""
    pat, drew = _DRAW_WORDS[mine]
    return lang.gettext(language, pat) if count == 0 else lang.gettext(language, drew).format(count=count)


def voice_of(view: dict[str, Any], dollars: bool = False, language: str = lang.DEFAULT) -> Voice:
    """The learner's voice for a view: their seat is "you", the others by the match's names."""
    names = view.get("names")
    return Voice(view["seat"], tuple(names) if names else None, dollars, language)


def _stack_text(amount: int, voice: Voice) -> str:
    """A stack with its unit. English keeps the table's words as they always were ("500 chips", "$500":
    no thousands mark, the unit plural even for one chip); other languages say it properly."""
    if voice.language == lang.DEFAULT:
        return f"${amount}" if voice.dollars else f"{amount} chips"
    return voice.chips(amount)


def _amount_text(amount: int, voice: Voice) -> str:
    """An amount as the table shows it after a word ("bet $25", "Pot: 40"): in English without a thousands
    mark, as the table always showed it; other languages as :meth:`Voice.money` says it."""
    if voice.language == lang.DEFAULT:
        return f"${amount}" if voice.dollars else str(amount)
    return voice.money(amount)


def _signed_text(amount: int, voice: Voice) -> str:
    """A change of money with its sign: "+$40", "−$15" (dollars), "+40", "−15" (chips)."""
    return ("+" if amount > 0 else "−" if amount < 0 else "") + _amount_text(abs(amount), voice)


def _offer_amounts(item: dict[str, Any], voice: Voice) -> dict[str, Any]:
    """A bet's or raise's amounts, said: every total it may go to (the slider's stops) with its text,
    the quick picks (least, about half way on a step, most) and the step."""
    low, high, step = item["min_to"], item["max_to"], item.get("step") or 1
    middle = low + round((high - low) / 2 / step) * step
    return {"amount_texts": {str(total): _amount_text(total, voice) for total in range(low, high + 1, step)},
            "quick": [low, middle, high], "step_text": _amount_text(step, voice)}


def _hand_names(result: dict[str, Any], language: str) -> dict[str, str]:
    """Each shown hand's name by seat: the engine's (English) names, or named again from the shown
    cards in another language."""
    if language == lang.DEFAULT:
        return result["hand_names"]
    return {seat: hand_name(result["shown"][seat], language) for seat in result["hand_names"]}


def table_payload(view: dict[str, Any], version: int = 0, dollars: bool = False,
                  language: str = lang.DEFAULT) -> dict[str, Any]:
    """What the browser draws, built from the learner's view (plus match information) only.
    ``dollars``: show amounts as money (Saloon Draw) rather than chips; ``language``: the words'.

    Nothing here reads a hand state: every card in the result comes from ``view``, which the engine
    has already censored for the learner's seat. Every sentence comes from :mod:`pokerlab.narration`.
    """
    voice = voice_of(view, dollars, language)
    _ = voice.gettext
    names = [voice.name(player["seat"]) for player in view["players"]]
    me: int = view["seat"]
    result = view.get("result")
    blinds = view.get("blinds") or {}
    players = []
    for player in view["players"]:
        seat = player["seat"]
        named = None
        if result and str(seat) in result["hand_names"]:
            named = _hand_names(result, language)[str(seat)]
        players.append({
            "seat": seat, "name": names[seat], "stack": player["stack"], "bet": player["bet"],
            "status": player["status"], "cards": list(player["cards"]) if player["status"] != "out" else [],
            "card_names": card_names(player["cards"], language) if player["status"] != "out" else [],
            "draw_count": player["draw_count"], "draw_text": _draw_text(player["draw_count"], language),
            "my_draw_text": _draw_text(player["draw_count"], language, mine=True) if seat == me else "",
            "stack_text": _stack_text(player["stack"], voice),
            "shown_ace": player["shown_ace"],
            "shown_ace_name": card_names([player["shown_ace"]], language)[0] if player["shown_ace"] else None,
            "is_dealer": player["is_dealer"], "is_actor": player["is_actor"],
            "is_learner": seat == me,
            "blind": _("small blind") if blinds.get("small_blind") == seat else
                     _("big blind") if blinds.get("big_blind") == seat else "",
            "hand_name": named,
            "net": result["net"][seat] if result else None,
            "bet_text": _amount_text(player["bet"], voice),
            "net_text": _signed_text(result["net"][seat], voice) if result else None,
        })
    pots = [
        {"label": pot_name(index, language), "amount": pot["amount"], "amount_text": _amount_text(pot["amount"], voice),
         "eligible": [names[s] for s in pot["eligible"]]}
        for index, pot in enumerate(view["pots"])
    ]
    legal = []
    for item in view["legal_actions"]:
        offer = LegalAction.from_json(item)
        legal.append({**item, "key": SHORTCUTS.get(item["kind"], ""), "label": action_label(offer, voice),
                      "warning": fold_warning(offer, language),
                      **(_offer_amounts(item, voice) if item["kind"] in ("bet", "raise") else {})})
    actor = view["actor"]
    payload: dict[str, Any] = {
        "version": version,
        "dollars": dollars,
        "language": language,
        "variant": view["variant"],
        "hand_number": view.get("hand_number", 1),
        "hands_left": view.get("hands_left"),
        "phase": view["phase"],
        "phase_text": phase_text(view["phase"], language),
        "round_limits": view["round_limits"],
        "round_limits_text": [_amount_text(limit, voice) for limit in view["round_limits"]],
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
        "cap_meter": cap_text(view["cap"], language),
        "legal": legal,
        "log": log_lines(view, voice),
        "result": None,
        "standings": [{**row, "stack_text": _amount_text(row["stack"], voice), "net_text": _signed_text(row["net"], voice)}
                      for row in view.get("standings", [])],
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
            "label": pot_name(award["pot"], voice.language), "amount": award["amount"],
            "amount_text": _amount_text(award["amount"], voice), "winners": winners,
            "shares": shares, "reason": award_reason(award, result, voice),
        })
    return {
        "won_by_fold": result["won_by_fold"],
        "headline": result_headline(result, voice),
        "pots": pots,
        "shown": {seat: names[int(seat)] for seat in result["shown"]},
        "hand_names": {names[int(seat)]: name for seat, name in _hand_names(result, voice.language).items()},
    }


__all__ = ["SHORTCUTS", "table_payload", "voice_of"]
