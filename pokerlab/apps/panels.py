"""What the draw-poker apps put on the table's panels: lobbies, side panels, end screens, the
decision review, the "continue your game" question. Plain functions from data to the panel dicts
:class:`~pokerlab.widgets.table.DrawTable` draws; no state, no storage.

Every sentence about the rules is built from the :class:`~pokerlab.draw.Rules` the game runs on,
so the words cannot drift from the game:

>>> from pokerlab.draw import five_card_draw, saloon_draw
>>> limits_sentence(five_card_draw())
'bets and raises are 10 before the draw and 20 after, at most a bet and three raises a round'
>>> limits_sentence(saloon_draw(round_one=(5, 25)), dollars=True)
'every bet or raise is $5 to $25 before the draw and $5 to $25 after, in steps of $5, at most a bet and three raises a round'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pokerlab import language as lang
from pokerlab.bots import BOT_LEVELS
from pokerlab.coach.phrases import stage_name
from pokerlab.coach.review_words import (
    coach_words,
    detail_words,
    hand_summary,
    not_reviewed_words,
    played_words,
    situation_words,
    worth_words,
)
from pokerlab.coach.verdicts import verdict
from pokerlab.draw import Rules
from pokerlab.language import N_
from pokerlab.narration.hands import card_names
from pokerlab.review import POSITION_MARGIN, HandReview

Panel = dict[str, Any]

NUMBER_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                N_("eight"), N_("nine"), N_("ten"))


def number_word(count: int, language: str = lang.DEFAULT) -> str:
    """``3`` -> ``"three"`` (figures from 11 on)."""
    return lang.gettext(language, NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)


def money(amount: int, dollars: bool, language: str = lang.DEFAULT) -> str:
    """An amount as the game counts it: ``$25`` in Saloon Draw, ``25`` chips elsewhere."""
    return lang.money(amount, language, dollars)


def cap_text(rules: Rules, language: str = lang.DEFAULT) -> str:
    """``bet_cap`` 4 -> "a bet and three raises"."""
    raises = rules.bet_cap - 1
    if raises == 0:
        return lang.gettext(language, "a bet only")
    return lang.ngettext(language, "a bet and {count} raise", "a bet and {count} raises", raises).format(
        count=number_word(raises, language))


def limits_sentence(rules: Rules, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """How much a bet or raise is, in each round, and how many a round allows."""
    def _(message: str) -> str:
        return lang.gettext(language, message)

    def cash(amount: int) -> str:
        return money(amount, dollars, language)

    one, two = rules.limits
    cap = _("at most {cap} a round").format(cap=cap_text(rules, language))
    if one[0] == one[1] and two[0] == two[1]:
        return _("bets and raises are {one} before the draw and {two} after, {cap}").format(
            one=cash(one[0]), two=cash(two[0]), cap=cap)
    return _("every bet or raise is {one_low} to {one_high} before the draw and {two_low} to {two_high} after, in "
             "steps of {step}, {cap}").format(one_low=cash(one[0]), one_high=cash(one[1]), two_low=cash(two[0]),
                                              two_high=cash(two[1]), step=cash(rules.step), cap=cap)


def forced_bet_text(rules: Rules, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """"an ante of 5" or "blinds of 5 and 10"."""
    _ = lang.catalogue(language).gettext
    if rules.forced_bet == "blinds":
        return _("blinds of {small} and {big}").format(small=money(rules.small_blind, dollars, language),
                                                      big=money(rules.big_blind, dollars, language))
    return _("an ante of {ante}").format(ante=money(rules.ante, dollars, language))


def discard_text(rules: Rules, language: str = lang.DEFAULT) -> str:
    """"discard up to three" (and the ace draw's fourth card when it is on)."""
    _ = lang.catalogue(language).gettext
    text = _("discard up to {count}").format(count=number_word(rules.max_discards, language))
    if rules.ace_draw:
        text += _(", or {count} when you keep an ace and show it").format(
            count=number_word(rules.max_discards + 1, language))
    return text


def short_rules(rules: Rules, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """One line for a side panel: "ante 5, bets 10 then 20, discard up to four"."""
    _ = lang.catalogue(language).gettext

    def cash(amount: int) -> str:
        return money(amount, dollars, language)

    one, two = rules.limits
    if one[0] == one[1] and two[0] == two[1]:
        bets = _("bets {one} then {two}").format(one=cash(one[0]), two=cash(two[0]))
    else:
        bets = _("bets {one_low} to {one_high} before the draw, {two_low} to {two_high} after, in {step} steps").format(
            one_low=cash(one[0]), one_high=cash(one[1]), two_low=cash(two[0]), two_high=cash(two[1]),
            step=cash(rules.step))
    return f"{forced_bet_text(rules, dollars, language)}, {bets}, {discard_text(rules, language)}"


# ----- shared pieces ------------------------------------------------------------------------------


def options(pairs: Iterable[tuple[Any, str]]) -> list[dict[str, Any]]:
    return [{"value": str(value), "label": label} for value, label in pairs]


def level_options(language: str = lang.DEFAULT) -> list[dict[str, Any]]:
    return options((level, f"{level}: {lang.gettext(language, name)}") for level, (name, _) in BOT_LEVELS.items())


def levels_table(language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    return {"caption": _("Opponents"), "head": [_("Level"), _("Name"), _("How they play")],
            "rows": [[level, _(name), _(text)] for level, (name, text) in BOT_LEVELS.items()]}


def signed(amount: int, dollars: bool = False, language: str = lang.DEFAULT) -> str:
    """A change with its sign, as the table writes it: ``+$40``, ``−$15``, ``$0`` (or ``+40``, ``−15``, ``0``)."""
    return ("+" if amount > 0 else "−" if amount < 0 else "") + money(abs(amount), dollars, language)


def standings_table(standings: Sequence[dict[str, Any]], caption: str = N_("Final chips"), dollars: bool = False,
                    language: str = lang.DEFAULT) -> Panel:
    """The standings as a table: money in dollars (Saloon Draw) or chips, as the table beside the felt."""
    _ = lang.catalogue(language).gettext
    rows = [[index, row["name"] + (_(" (out)") if row["out"] else ""), money(row["stack"], dollars, language),
             signed(row["net"], dollars, language)]
            for index, row in enumerate(standings, start=1)]
    return {"caption": _(caption), "head": ["", _("Player"), _("Money") if dollars else _("Chips"), "+/-"],
            "rows": rows}


def waiting_panel(title: str, language: str = lang.DEFAULT) -> Panel:
    """The lobby until the learner is known."""
    _ = lang.catalogue(language).gettext
    return {"heading": _(title), "paragraphs": [_("Tell pokerlab who you are (just above) and your table will be ready.")]}


PROGRESS = (N_("hand {number}, {chips} chips"), N_("hand {number}, {money}"),
            N_("level {level}, hand {number} of {count}, {chips} chips"))
"""How a game in progress is summed up when it is kept (``DrawFlow.progress_text``: the Saloon's in
dollars, the Ladder's with its level), in English as it is stored."""


def progress_words(progress: str, language: str = lang.DEFAULT) -> str:
    """A kept game's summary (``"hand 4, $1,235"``, English as stored) in ``language``, its amounts
    written the language's way; a summary made otherwise stays as it was kept."""
    return said_again(progress, (*PROGRESS, "${number}"), language)


def said_again(text: str, messages: Iterable[str], language: str = lang.DEFAULT) -> str:
    """``text``, English made from one of ``messages``, in ``language`` with its amounts (``1,235``)
    written the language's way; text made otherwise stays as it was written."""
    if language == lang.DEFAULT:
        return text
    told = lang.retell(language, text, messages)
    if told is None:
        return text
    return re.sub(r"\d{1,3}(?:,\d{3})+", lambda found: lang.format_number(int(found.group().replace(",", "")), language),
                  told)


def continue_panel(title: str, learner: str, progress: str, language: str = lang.DEFAULT) -> Panel:
    """"Continue your game (hand 4, 735 chips)" or "New game"."""
    _ = lang.catalogue(language).gettext
    progress = progress_words(progress, language)
    return {
        "heading": _("{title}: welcome back, {name}").format(title=_(title), name=learner),
        "paragraphs": [_("Your game is where you left it: {progress}. Continue it, or start a new one "
                         "(the game in progress is then given up).").format(progress=progress)],
        "buttons": [{"id": "continue", "label": _("Continue your game ({progress})").format(progress=progress),
                     "primary": True},
                    {"id": "new", "label": _("New game")}],
    }


def elsewhere_panel(title: str, language: str = lang.DEFAULT) -> Panel:
    """This page lost its game to another tab (or window) of the same learner."""
    _ = lang.catalogue(language).gettext
    return {
        "heading": _(title),
        "paragraphs": [
            _("This game continues in your other tab."),
            _("A game is played in one place at a time, so this page has stopped. Reload it to bring "
              "the game back here; the other tab then stops instead."),
        ],
    }


def damaged_panel(title: str, problem: str, language: str = lang.DEFAULT) -> Panel:
    """The learner's game in progress cannot be continued: say so (``problem``, in ``language``
    already) and offer a new game."""
    _ = lang.catalogue(language).gettext
    return {
        "heading": _(title),
        "paragraphs": [problem, _("Everything else pokerlab keeps for you (wallet, progress, saves) is unaffected.")],
        "buttons": [{"id": "new", "label": _("Start a new game"), "primary": True}],
    }


def practice_panel(seed: int, language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    return {
        "heading": _("Practice deal"),
        "paragraphs": [_("Practice deal {seed}: the same cards for everyone who opens this link. Nothing from it "
                         "is kept: no game in progress, no score.").format(seed=seed)],
    }


# ----- the decision review --------------------------------------------------------------------

REVIEW_ABOUT = N_(
    "How the coach judges: your draw by the share of the pot it wins against the opponents still in, "
    "beside the coach's best draw; each bet by the chips it wins or loses on average against folding, "
    "checking or calling, and betting or raising (a bet or raise pays when your chance beats your fair "
    "share of the pot plus {margin} for each player still to act). Choices within the margin of error are "
    "'about the same'. Opponents who stood pat are given made hands. Chips are for the pot at the time "
    "(later rounds not counted), from seeded simulations: a guide, not a verdict."
)


def review_panel(review: HandReview, hand_number: int, folded_first: bool, language: str = lang.DEFAULT) -> Panel:
    """The review panel's content: only the learner's own cards and public facts (``review`` was
    computed from the learner's view of the hand)."""
    _ = lang.catalogue(language).gettext
    summary = hand_summary(review, language)
    if folded_first:
        summary += _(" You folded before the draw, so there was no draw to review.")
    items = []
    for number, decision in enumerate(review.decisions, start=1):
        found = verdict(decision)  # one rule for the words, the colour (the browser's class) and the figure
        items.append({
            "number": number, "stage": stage_name(decision.phase, language),
            "cards": [str(card) for card in decision.cards],
            "card_names": card_names([str(card) for card in decision.cards], language),
            "situation": situation_words(decision, language), "played": played_words(decision, language),
            "coach": coach_words(decision, language), "worth": worth_words(decision, language),
            "matches": found in ("same", "close"), "verdict": found, "detail": detail_words(decision, language),
        })
    return {
        "hand_number": hand_number, "heading": _("Your decisions in hand {number}").format(number=hand_number),
        "summary": summary, "items": items,
        "notes": [not_reviewed_words(item, language) for item in review.skipped],
        "about": _(REVIEW_ABOUT).format(margin=f"{POSITION_MARGIN:.0%}" if language == lang.DEFAULT else _(
            "{number}%").format(number=lang.format_number(POSITION_MARGIN * 100, language))),
    }


def review_waiting_panel(hand_number: int, language: str = lang.DEFAULT) -> Panel:
    """Shown while the review is being worked out (the table keeps answering meanwhile)."""
    _ = lang.catalogue(language).gettext
    return {"hand_number": hand_number, "heading": _("Your decisions in hand {number}").format(number=hand_number),
            "summary": _("The coach is replaying your decisions… (a few seconds)"), "items": [], "notes": [],
            "about": "", "pending": True}


# ----- Five-Card Draw ---------------------------------------------------------------------------


def five_card_draw_lobby(settings: dict[str, str], antes: Rules, blinds: Rules, player_counts: range,
                         starting_stack: int, language: str = lang.DEFAULT) -> Panel:
    """The lobby; ``antes``/``blinds`` are the rules each forced-bet choice would give."""
    _ = lang.catalogue(language).gettext
    ngettext = lang.catalogue(language).ngettext
    ace = _("Ace draw (a fourth card keeping an ace)") if antes.max_discards == 3 else _(
        "Ace draw (a further card keeping an ace)")
    return {
        "heading": _("Five-Card Draw"),
        "paragraphs": [
            _("Fixed limit: {limits}. Everyone starts with {stack} chips; the last player with chips wins.").format(
                limits=limits_sentence(antes, language=language), stack=lang.format_number(starting_stack, language)),
            _("Choose your table, then press Start."),
        ],
        "fields": [
            {"name": "players", "label": _("Players (you and the computer)"), "value": settings["players"],
             "options": options((n, ngettext("{count} player", "{count} players", n).format(count=n))
                                for n in player_counts)},
            {"name": "forced_bet", "label": _("Forced bet"), "value": settings["forced_bet"],
             "options": options([("antes", _("Antes of {ante}").format(ante=antes.ante)),
                                 ("blinds", _("Blinds of {small} and {big}").format(small=blinds.small_blind,
                                                                                     big=blinds.big_blind))])},
            {"name": "ace_draw", "label": ace,
             "value": settings["ace_draw"], "options": options([("off", _("Off")), ("on", _("On"))])},
            {"name": "level", "label": _("Opponents' level"), "value": settings["level"],
             "options": level_options(language)},
        ],
        "tables": [levels_table(language)],
        "buttons": [{"id": "start", "label": _("Start"), "primary": True}],
    }


def five_card_draw_end(standings: Sequence[dict[str, Any]], hand_number: int, out: bool, won: bool,
                       language: str = lang.DEFAULT) -> Panel:
    _ = lang.catalogue(language).gettext
    ngettext = lang.catalogue(language).ngettext
    if out:
        heading = _("You are out of chips.")
        text = ngettext("Your match lasted {count} hand. Every hand is a lesson: try again?",
                        "Your match lasted {count} hands. Every hand is a lesson: try again?", hand_number)
    elif won:
        heading = _("You won the match!")
        text = ngettext("You took every chip at the table in {count} hand.",
                        "You took every chip at the table in {count} hands.", hand_number)
    else:
        heading = _("The match is over.")
        text = ngettext("It lasted {count} hand.", "It lasted {count} hands.", hand_number)
    return {
        "heading": heading, "paragraphs": [text.format(count=hand_number)],
        "tables": [standings_table(standings, language=language)],
        "buttons": [{"id": "again", "label": _("Play again"), "primary": True},
                    {"id": "lobby", "label": _("Change the table")}],
    }


# ----- Saloon Draw ------------------------------------------------------------------------------


def saloon_saves_table(saves: Sequence[Any], language: str = lang.DEFAULT) -> tuple[Panel, list[dict[str, Any]]]:
    """The learner's own saves (``SavedGame`` rows, newest first) and a Restore button for each; why a
    save cannot be restored is said in ``language`` (from the refusals of :mod:`pokerlab.storage.save_envelope`)."""
    # deferred: pokerlab.storage loads SQLAlchemy, which a page that shows no saves never needs
    from pokerlab.storage.save_envelope import REFUSALS

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


__all__ = [
    "DEFAULT_SAVE_NAME", "PROGRESS", "REVIEW_ABOUT", "SALOON_SAVE_RULE", "cap_text", "continue_panel", "damaged_panel", "discard_text", "elsewhere_panel", "five_card_draw_end",
    "five_card_draw_lobby", "forced_bet_text", "level_options",
    "levels_table", "limits_sentence", "money", "number_word", "options", "practice_panel", "progress_words", "review_panel",
    "review_waiting_panel", "said_again", "saloon_end", "saloon_lobby", "saloon_saves_table", "saloon_side", "short_rules",
    "signed", "standings_table", "waiting_panel",
]
