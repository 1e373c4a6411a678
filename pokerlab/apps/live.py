"""What a live table's page shows, built from the dealer's view for this caller only: the table
(:func:`live_payload`), a table in a few words (:func:`describe`), and what someone watching may see
(:func:`watch_panel`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.apps.rule_words import money
from pokerlab.apps.table_view import table_payload
from pokerlab.bots import BOT_LEVELS
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.dealer.table_settings import GAMES, TableSettings
from pokerlab.dealer.words import COMPUTER_NAME, Said, player_name, text_of
from pokerlab.language import N_, NP_
from pokerlab.narration import Voice, log_lines
from pokerlab.variants import SALOON_DRAW

STATES: Final = {"active": NP_("player state", "active"), "folded": NP_("player state", "folded"),
                 "all-in": NP_("player state", "all-in"), "out": NP_("player state", "out")}
"""A player's state in a watched table's list (the engine's codes), as the page says it."""
TABLE_STATES: Final = {"waiting": N_("waiting"), "playing": N_("playing"), "paused": N_("paused"), "ended": N_("ended")}
"""A live table's status (the dealer's codes), as the page says it."""
FORCED_BETS: Final = {"antes": N_("antes"), "blinds": N_("blinds")}


def notice(info: Mapping[str, Any], language: str = lang.DEFAULT) -> str:
    """What the table ``info`` (a view's ``table``) last said to everyone, in ``language``: its code
    and values (``notice_said``), or the English of a dealer of an older pokerlab read back into them."""
    said = Said.from_json(info.get("notice_said") or info.get("notice"))
    return "" if said is None else said.text(language)


def with_names_in(view: dict[str, Any], language: str = lang.DEFAULT) -> dict[str, Any]:
    """``view`` with its seats' names as ``language`` says them ("Bo (computer)" is "Bo (ordenador)" in
    Spanish); the view itself is not changed."""
    if language == lang.DEFAULT:
        return view

    def name(text: str) -> str:
        return player_name(text, language)

    info = view["table"]
    said = {**view, "table": {**info, "seats": [{**seat, "name": name(seat["name"])} for seat in info["seats"]]}}
    if view.get("names"):
        said["names"] = [name(text) for text in view["names"]]
    if view.get("standings"):
        said["standings"] = [{**row, "name": name(row["name"])} for row in view["standings"]]
    return said


def state_word(code: str, language: str = lang.DEFAULT, words: dict[str, str] = STATES) -> str:
    """A code of the engine or the dealer (``"folded"``, ``"paused"``) as ``language`` says it."""
    message = words.get(code)
    if message is None:
        return code
    if words is STATES:
        return lang.catalogue(language).pgettext("player state", message)
    return lang.gettext(language, message)


def dealer_sign_in(client: DealerClient, identity: Any, name: str, what: str,
                   language: str = lang.DEFAULT) -> tuple[dict[str, Any] | None, str]:
    """Sign a page in to the dealer: on a hub with this server's hub token (the dealer asks the hub whose
    it is), elsewhere with the learner's ``name`` and the key their browser holds for it (``identity``,
    the page's identity line). Gives the dealer's answer, or None and what to tell the learner: the
    dealer's refusal, or that ``what`` (the page's game, "Class games", a message) needs the browser's
    key, in ``language``."""
    try:
        if identity.state == "hub":
            return client.sign_in_hub(os.environ.get("JUPYTERHUB_API_TOKEN", "")), ""
        if identity.key is None:
            return None, lang.gettext(language, "{what} need your name and this browser's key: type your name "
                                                "above.").format(what=lang.gettext(language, what))
        return client.sign_in(name, identity.key), ""
    except DealerError as error:
        return None, text_of(error, language)


def live_payload(view: dict[str, Any], dollars: bool, language: str = lang.DEFAULT) -> dict[str, Any]:
    """What the table draws for a live table's view: the usual table (only this seat's cards: the
    view holds nothing else) plus whose turn it is, the time left and what the table just said.
    ``live.version`` is the dealer's version of the table, the same on every page at it: the first
    payload with a higher one shows the change that came next (benchmarks/bench_live_tables.py
    matches an action to every page's update with it)."""
    view = with_names_in(view, language)
    payload = table_payload(view, dollars=dollars, language=language)
    info = view["table"]
    turn = info.get("turn")
    names = {seat["seat"]: seat["name"] for seat in info["seats"]}
    you = lang.gettext(language, "You")
    turn_name = None if turn is None else (you if turn["seat"] == view["seat"] else names.get(turn["seat"]))
    payload["bot_turn"] = False  # the dealer moves the computer opponents itself
    payload["coach"] = False  # against people the coach sits out; its review of each hand is offered after it
    payload["live"] = {
        "code": info["code"], "version": info["version"], "notice": notice(info, language),
        "turn_name": turn_name,
        "seconds_left": None if turn is None else turn.get("seconds_left"),
        "next_deal_in": info.get("next_deal_in"), "status": info["status"],
        "open_hands": info.get("open_hands"),
    }
    return payload


def describe(settings: TableSettings, language: str = lang.DEFAULT) -> str:
    """The table in a few words, for the lobby and the side panel."""
    _ = lang.catalogue(language).gettext

    def cash(amount: int) -> str:
        return money(amount, True, language)

    if settings.game == SALOON_DRAW.code:
        (low1, high1), (low2, high2) = settings.round_one, settings.round_two
        limits = _("ante {ante}, bets {one_low}-{one_high} then {two_low}-{two_high}").format(
            ante=cash(settings.ante), one_low=cash(low1), one_high=cash(high1), two_low=cash(low2),
            two_high=cash(high2))
    else:
        limits = state_word(settings.forced_bet, language, FORCED_BETS) + (
            _(", ace draw") if settings.ace_draw else "")
    level = _(BOT_LEVELS[settings.bot_level][0])
    text = _("{game}, {seats} seats, {limits}; computer opponents: {level}; {seconds} s to act").format(
        game=_(GAMES[settings.game]), seats=settings.seats, limits=limits, level=level, seconds=settings.time_to_act)
    return text + (_("; open hands") if settings.open_hands else "")


def watch_panel(view: dict[str, Any], language: str = lang.DEFAULT) -> dict[str, Any]:
    """A table as someone watching may see it: seats, chips, bets, the pot, whose turn, the hand so
    far in words, and every card once the hand is over at a table with open hands."""
    catalogue = lang.catalogue(language)
    _ = catalogue.gettext
    view = with_names_in(view, language)
    info = view["table"]
    settings = TableSettings.from_json(info["settings"])
    code = info["code"]
    paragraphs = [describe(settings, language) + ".", _("Status: {status}; hand {number}.").format(
        status=state_word(info["status"], language, TABLE_STATES), number=info["hand_number"])]
    turn = info.get("turn")
    names = {seat["seat"]: seat["name"] for seat in info["seats"]}
    if turn is not None:
        seconds = turn.get("seconds_left")
        if seconds is not None:
            paragraphs.append(_("{name} to act, {seconds} s left.").format(name=names[turn["seat"]],
                                                                          seconds=f"{seconds:.0f}"))
        else:
            paragraphs.append(_("{name} to act.").format(name=names[turn["seat"]]))
    said = notice(info, language)
    if said:
        paragraphs.append(said)
    players = {player["seat"]: player for player in view.get("players", [])}
    rows = []
    for seat in info["seats"]:
        player = players.get(seat["seat"], {})
        state = state_word(player.get("status", ""), language)
        if seat["learner"] and not seat["present"]:
            state = (state + ", " + _("away")).lstrip(", ")
        drew = player.get("draw_count")
        rows.append([seat["seat"] + 1, seat["name"], money(seat["stack"], settings.dollars, language),
                     money(player.get("bet", 0), settings.dollars, language), state, "" if drew is None else drew])
    tables = [{"caption": _("At the table"), "head": [_("Seat"), _("Player"), _("Chips"),
                                                        catalogue.pgettext("column", "Bet"), "", _("Drew")],
               "rows": rows}]
    if view.get("events"):
        voice = Voice(None, tuple(names[seat] for seat in range(len(names))), settings.dollars, language)
        lines = log_lines(view, voice)[-8:]
        tables.append({"caption": _("The hand so far (pot {pot})").format(
                           pot=money(view.get("pot_total", 0), settings.dollars, language)),
                       "head": [_("What happened")], "rows": [[line] for line in lines]})
    shown = info.get("open_hands")
    if shown:
        tables.append({"caption": _("Open hands: everybody's cards"), "head": [_("Player"), _("Cards")],
                       "rows": [[names[int(seat)], " ".join(cards)] for seat, cards in shown.items()]})
    pause = ("resume", _("Go on")) if info["status"] == "paused" else ("pause", _("Pause"))
    return {"heading": _("Watching table {code}").format(code=code), "paragraphs": paragraphs, "tables": tables,
            "buttons": [{"id": pause[0], "value": code, "label": pause[1]},
                        {"id": "end", "value": code, "label": _("Close the table")},
                        {"id": "lobby", "label": _("Back to the tables")}]}


__all__ = ["COMPUTER_NAME", "FORCED_BETS", "STATES", "TABLE_STATES", "dealer_sign_in", "describe", "live_payload", "notice",
           "state_word", "watch_panel", "with_names_in"]
