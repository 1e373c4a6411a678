"""Saloon Draw's lobby, side panel, saves table and end screen (:class:`~pokerlab.apps.games.SaloonFlow`'s),
as plain panel dicts. Apart from the other games' panels because the Saloon alone plays in dollars
with spread limits and keeps saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.rule_words import money, number_word, short_rules
from pokerlab.apps.shared_panels import Panel, level_options, options, standings_table
from pokerlab.draw import Rules
from pokerlab.language import N_
from pokerlab.storage.save_envelope import REFUSALS


def saloon_saves_table(saves: Sequence[Any], language: str = lang.DEFAULT) -> tuple[Panel, list[dict[str, Any]]]:
    """The learner's own saves (``SavedGame`` rows, newest first) and a Restore button for each; why a
    save cannot be restored is said in ``language`` (from the refusals of :mod:`pokerlab.storage.saves`)."""
    _ = lang.catalogue(language).gettext
    rows, buttons = [], []
    for info in saves[:8]:
        when = "" if info.saved_at is None else info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        problem = info.problem
        if problem and language != lang.DEFAULT:  # an OS error's own words are English: said plainly instead
            problem = lang.retell(language, problem, REFUSALS) or _("this file cannot be read")
        rows.append([info.name, when or _("cannot be restored"), problem or _("ready")])
        buttons.append({"id": "restore", "value": info.name, "label": _("Restore {name}").format(name=info.name)})
    table = {"caption": _("Your saved games") if rows else _("No saved games yet"),
             "head": [_("Name"), _("Saved"), _("State")], "rows": rows}
    return table, buttons


SALOON_SAVE_RULE = N_("Saves are made between hands: restoring one deals a new hand, so no hand you have seen "
                      "can be played again.")


def saloon_lobby(settings: dict[str, str], rules: Rules, out_below: int, starting_stack: int,
                 antes: Sequence[int], round_one: Sequence[tuple[int, int]], round_two: Sequence[tuple[int, int]],
                 max_opponents: int, saves: Panel, restore: list[dict[str, Any]],
                 language: str = lang.DEFAULT) -> Panel:
    """The lobby; ``rules`` are the Saloon's rules with the current settings."""
    _ = lang.catalogue(language).gettext

    def cash(amount: int) -> str:
        return money(amount, True, language)

    def pair(pairs: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
        return options((f"{a}-{b}", _("{low} to {high}").format(low=cash(a), high=cash(b))) for a, b in pairs)

    raises = rules.bet_cap - 1
    spread = lang.ngettext(
        language,
        "Spread limit: every bet or raise is any amount from the round's minimum to its maximum, in steps of "
        "{step}, and {count} raise is allowed after the opening bet.",
        "Spread limit: every bet or raise is any amount from the round's minimum to its maximum, in steps of "
        "{step}, and {count} raises are allowed after the opening bet.", raises).format(step=cash(rules.step), count=number_word(raises, language))
    stakes = _("You start with {stack}; end a hand under {out} and you are out.").format(
        stack=cash(starting_stack), out=cash(out_below))
    return {
        "heading": _("Saloon Draw"),
        "paragraphs": [
            f"{spread} {stakes} "
            + ("" if rules.all_in_allowed else _("No going all-in: if you cannot cover a call you must fold.")),
            _(SALOON_SAVE_RULE),
        ],
        "fields": [
            {"name": "ante", "label": _("Ante"), "value": settings["ante"],
             "options": options((a, cash(a)) for a in antes)},
            {"name": "round_one", "label": _("Before the draw"), "value": settings["round_one"],
             "options": pair(round_one)},
            {"name": "round_two", "label": _("After the draw"), "value": settings["round_two"],
             "options": pair(round_two)},
            {"name": "opponents", "label": _("Computer opponents"), "value": settings["opponents"],
             "options": options((n, str(n)) for n in range(1, max_opponents + 1))},
            {"name": "level", "label": _("Opponents' level"), "value": settings["level"],
             "options": level_options(language)},
        ],
        "tables": [saves],
        "buttons": [{"id": "start", "label": _("Deal me in"), "primary": True}, *restore],
    }


DEFAULT_SAVE_NAME = N_("my game")
"""The name the save box offers before the learner has saved or restored (in the page's language)."""


def saloon_side(rules: Rules, out_below: int, between_hands: bool, restore: list[dict[str, Any]],
                save_name: str | None = None, language: str = lang.DEFAULT) -> Panel:
    """The panel beside the Saloon table; between hands it offers to save under ``save_name`` (the
    learner's last save name, so it is not reset to the default each hand; None: "my game" in
    ``language``)."""
    _ = lang.catalogue(language).gettext
    rule = _("{rules}. Under {out} you are out.").format(
        rules=short_rules(rules, dollars=True, language=language).capitalize(), out=money(out_below, True, language))
    panel: Panel = {
        "heading": _("Saloon rules"),
        "paragraphs": [rule, _("You can save when this hand is over.") if not between_hands else _(SALOON_SAVE_RULE)],
        "buttons": [*restore[:3], {"id": "lobby", "label": _("Leave the table")}],
    }
    if between_hands:
        panel["input"] = {"name": "save_name", "label": _("Save this game as"),
                          "value": _(DEFAULT_SAVE_NAME) if save_name is None else save_name}
        panel["buttons"].insert(0, {"id": "save", "label": _("Save")})
    return panel


def saloon_end(standings: Sequence[dict[str, Any]], hand_number: int, out_below: int, out: bool, won: bool,
               language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    if out:
        heading = _("You are out: you ended a hand under {out}.").format(out=money(out_below, True, language))
    elif won:
        heading = _("You cleaned out the saloon!")
    else:
        heading = _("The game is over.")
    # English says "hands were played" for one hand too (as it always has); the catalogue has both forms
    played = lang.ngettext(language, "{count} hands were played. Want to play poker again?",
                           "{count} hands were played. Want to play poker again?", hand_number)
    return {
        "heading": heading,
        "paragraphs": [played.format(count=hand_number)],
        "tables": [standings_table(standings, N_("Final money"), dollars=True, language=language)],
        "buttons": [{"id": "again", "label": _("Play again"), "primary": True},
                    {"id": "lobby", "label": _("Change the table")}],
    }


__all__ = ["DEFAULT_SAVE_NAME", "SALOON_SAVE_RULE", "saloon_end", "saloon_lobby", "saloon_saves_table", "saloon_side"]
