"""What a live table's page shows, built from the dealer's view for this caller only: the table
(:func:`live_payload`), a table in a few words (:func:`describe`), and what someone watching may see
(:func:`watch_panel`)."""

from __future__ import annotations

import os
from typing import Any

from pokerlab.apps.panels import money
from pokerlab.apps.table_view import table_payload
from pokerlab.bots import BOT_LEVELS
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.dealer.tables import GAMES, TableSettings
from pokerlab.narration import Voice, log_lines


def dealer_sign_in(client: DealerClient, identity: Any, name: str, what: str) -> tuple[dict[str, Any] | None, str]:
    """Sign a page in to the dealer: on a hub with this server's hub token (the dealer asks the hub whose
    it is), elsewhere with the learner's ``name`` and the key their browser holds for it (``identity``,
    the page's identity line). Gives the dealer's answer, or None and what to tell the learner: the
    dealer's refusal, or that ``what`` (the page's game, "Class games") needs the browser's key."""
    try:
        if identity.state == "hub":
            return client.sign_in_hub(os.environ.get("JUPYTERHUB_API_TOKEN", "")), ""
        if identity.key is None:
            return None, f"{what} need your name and this browser's key: type your name above."
        return client.sign_in(name, identity.key), ""
    except DealerError as error:
        return None, str(error)


def live_payload(view: dict[str, Any], dollars: bool) -> dict[str, Any]:
    """What the table draws for a live table's view: the usual table (only this seat's cards: the
    view holds nothing else) plus whose turn it is, the time left and what the table just said.
    ``live.version`` is the dealer's version of the table, the same on every page at it: the first
    payload with a higher one shows the change that came next (benchmarks/bench_live_tables.py
    matches an action to every page's update with it)."""
    payload = table_payload(view, dollars=dollars)
    info = view["table"]
    turn = info.get("turn")
    names = {seat["seat"]: seat["name"] for seat in info["seats"]}
    turn_name = None if turn is None else ("You" if turn["seat"] == view["seat"] else names.get(turn["seat"]))
    payload["bot_turn"] = False  # the dealer moves the computer opponents itself
    payload["coach"] = False  # against people the coach sits out; its review of each hand is offered after it
    payload["live"] = {
        "code": info["code"], "version": info["version"], "notice": info.get("notice", ""), "turn_name": turn_name,
        "seconds_left": None if turn is None else turn.get("seconds_left"),
        "next_deal_in": info.get("next_deal_in"), "status": info["status"],
        "open_hands": info.get("open_hands"),
    }
    return payload


def describe(settings: TableSettings) -> str:
    """The table in a few words, for the lobby and the side panel."""
    if settings.game == "saloon-draw":
        (low1, high1), (low2, high2) = settings.round_one, settings.round_two
        limits = f"ante ${settings.ante}, bets ${low1}-${high1} then ${low2}-${high2}"
    else:
        limits = settings.forced_bet + (", ace draw" if settings.ace_draw else "")
    level = BOT_LEVELS[settings.bot_level][0]
    return (f"{GAMES[settings.game]}, {settings.seats} seats, {limits}; computer opponents: {level}; "
            f"{settings.time_to_act} s to act" + ("; open hands" if settings.open_hands else ""))


def watch_panel(view: dict[str, Any]) -> dict[str, Any]:
    """A table as someone watching may see it: seats, chips, bets, the pot, whose turn, the hand so
    far in words, and every card once the hand is over at a table with open hands."""
    info = view["table"]
    settings = TableSettings.from_json(info["settings"])
    code = info["code"]
    paragraphs = [describe(settings) + ".", f"Status: {info['status']}; hand {info['hand_number']}."]
    turn = info.get("turn")
    names = {seat["seat"]: seat["name"] for seat in info["seats"]}
    if turn is not None:
        left = f", {turn['seconds_left']:.0f} s left" if turn.get("seconds_left") is not None else ""
        paragraphs.append(f"{names[turn['seat']]} to act{left}.")
    if info.get("notice"):
        paragraphs.append(info["notice"])
    players = {player["seat"]: player for player in view.get("players", [])}
    rows = []
    for seat in info["seats"]:
        player = players.get(seat["seat"], {})
        state = player.get("status", "")
        if seat["learner"] and not seat["present"]:
            state = (state + ", away").lstrip(", ")
        drew = player.get("draw_count")
        rows.append([seat["seat"] + 1, seat["name"], money(seat["stack"], settings.dollars),
                     money(player.get("bet", 0), settings.dollars), state, "" if drew is None else drew])
    tables = [{"caption": "At the table", "head": ["Seat", "Player", "Chips", "Bet", "", "Drew"], "rows": rows}]
    if view.get("events"):
        voice = Voice(None, tuple(names[seat] for seat in range(len(names))), settings.dollars)
        lines = log_lines(view, voice)[-8:]
        tables.append({"caption": f"The hand so far (pot {money(view.get('pot_total', 0), settings.dollars)})",
                       "head": ["What happened"], "rows": [[line] for line in lines]})
    shown = info.get("open_hands")
    if shown:
        tables.append({"caption": "Open hands: everybody's cards", "head": ["Player", "Cards"],
                       "rows": [[names[int(seat)], " ".join(cards)] for seat, cards in shown.items()]})
    pause = ("resume", "Go on") if info["status"] == "paused" else ("pause", "Pause")
    return {"heading": f"Watching table {code}", "paragraphs": paragraphs, "tables": tables,
            "buttons": [{"id": pause[0], "value": code, "label": pause[1]},
                        {"id": "end", "value": code, "label": "Close the table"},
                        {"id": "lobby", "label": "Back to the tables"}]}


__all__ = ["describe", "live_payload", "watch_panel"]
