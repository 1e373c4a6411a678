"""What the Tournament Ladder puts on the table's panels, in the page's language: the lobby (the level
map, the wallet, the high scores), the side panel during a level, the end screen of a level, and the
ladder's English refusals and notices said again (:func:`ladder_words`). Plain functions from data to
the panel dicts :class:`~pokerlab.widgets.table.DrawTable` draws, shared by the ladder played in the
kernel (:class:`~pokerlab.apps.ladder_game.LadderFlow`) and the one played in the dealer
(:class:`~pokerlab.apps.ladder_service.ServiceLadderFlow`).

>>> from pokerlab.ladder import LEVELS
>>> ladder_side(LEVELS[1], 3, 5, 1_350, "es")["paragraphs"][1]
'Monedero: 1.350 puntos (entrada pagada: 500).'
>>> ladder_words("Level 3 is locked: clear level 2 to open it.", "es")
'El nivel 3 está cerrado: supera el nivel 2 para abrirlo.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.apps.rule_words import number_word, short_rules
from pokerlab.apps.shared_panels import Panel, said_again, standings_table
from pokerlab.bots import BOT_LEVELS
from pokerlab.classroom.practice import LADDER_PRACTICE
from pokerlab.draw import Rules
from pokerlab.english_phrases import listing
from pokerlab.ladder import LADDER_MESSAGES
from pokerlab.language import N_

NOTES: Final = (
    N_("Fresh start: {added} points added to your wallet."),
    N_("Level {level} was given up; its entry cost is not paid back."),
    N_("There is no game in progress to continue any more; here is the lobby."),
    N_("Your game in progress could not be continued ({error}); start a new game."),
    N_("This game continues in your other tab."),
)
"""What the ladder tells the learner in its message line besides its refusals (the kernel's flow
and the dealer's ladder say the same English; the page says it again in its language)."""


def ladder_words(text: str, language: str = lang.DEFAULT) -> str:
    """A ladder's English refusal or notice (``"Level 3 is locked: ..."``, from :mod:`pokerlab.ladder`,
    the wallet or the dealer) in ``language``, its amounts written the language's way; any other
    text stays as it was written."""
    return said_again(text, (*NOTES, *LADDER_MESSAGES), language)


def _points(amount: int, language: str) -> str:
    return lang.format_number(amount, language)


def high_score_table(scores: Sequence[Any], caption: str, with_date: bool, language: str = lang.DEFAULT) -> Panel:
    """The high scores (``ScoreRow`` s, best first) under ``caption`` (in ``language`` already)."""
    _ = lang.catalogue(language).gettext
    if not scores:
        return {"caption": _("{caption}: none yet").format(caption=caption), "head": [], "rows": []}
    head = ["", _("Name"), _("Score")] + ([_("When")] if with_date else [])
    rows = [[s.rank, s.name, lang.format_signed(s.score, language)] + ([s.when.astimezone().strftime("%Y-%m-%d")] if with_date else [])
            for s in scores]
    return {"caption": caption, "head": head, "rows": rows}


def ladder_lobby(levels: Sequence[Any], rules: Rules, starting_chips: int, balance: int, reached: int,
                 scores: Sequence[Any], offer_fresh_start: bool, difficulty: str = "", practice: bool = False,
                 language: str = lang.DEFAULT) -> Panel:
    """The level map, the wallet and the high scores; ``difficulty``: what was measured of the levels
    (English, said in ``language``); ``practice``: this server's ladder counts in no class ranking."""
    _ = lang.catalogue(language).gettext
    pgettext = lang.catalogue(language).pgettext
    rows, buttons = [], []
    for level in levels:
        opponents = listing((_(BOT_LEVELS[skill][0]) for skill in level.bot_levels), last=_("and"))
        if level.number > reached:
            state = pgettext("a ladder level", "locked")
        elif level.cost > balance:
            state = pgettext("a ladder level", "open, but you need more points")
        else:
            state = pgettext("a ladder level", "open")
        rows.append([level.number, level.hand_count, _points(level.cost, language), _points(level.award, language),
                     opponents, state])
        buttons.append({"id": "level", "value": level.number,
                        "label": _("Play level {number}").format(number=level.number),
                        "primary": level.number == reached, "disabled": level.number > reached})
    wallet_lines = [_("Your wallet: {balance} points.").format(balance=_points(balance, language))]
    if offer_fresh_start:
        wallet_lines.append(_("That is not enough for level 1. Take a fresh start to refill your wallet; "
                              "the levels you have opened stay open."))
        buttons.insert(0, {"id": "fresh", "label": _("Fresh start"), "primary": True})
    about = _("Each level is a set number of hands against {opponents} computer opponents, everyone starting "
              "with {chips} chips ({rules}). Pay the entry cost from your wallet; finish with more chips than each "
              "opponent to win the award and open the next level. Level {last} is the bonus level: your winnings "
              "go in the high score table.").format(
        opponents=number_word(rules.player_count - 1, language), chips=starting_chips,
        rules=short_rules(rules, language=language), last=len(levels))
    return {
        "heading": _("Tournament Ladder"),
        "paragraphs": [*([_(LADDER_PRACTICE)] if practice else []), *wallet_lines, about,
                       *([_(difficulty)] if difficulty else [])],
        "tables": [
            {"caption": _("The ladder"), "head": [_("Level"), _("Hands"), _("Cost"), _("Award"), _("Opponents"), ""],
             "rows": rows},
            high_score_table(scores, _("High scores (level {number})").format(number=len(levels)), True, language),
        ],
        "buttons": buttons,
    }


def ladder_side(level: Any, hand_number: int, hands_left: int, balance: int | None,
                language: str = lang.DEFAULT) -> Panel:
    """Beside the table during a level: the hands played and left, the wallet, the award."""
    _ = lang.catalogue(language).gettext
    if balance is None:
        wallet = _("Wallet: (cannot be read just now) (entry paid: {cost}).")
    else:
        wallet = _("Wallet: {balance} points (entry paid: {cost}).")
    return {
        "heading": _("Level {number}").format(number=level.number),
        "paragraphs": [
            _("Hands: {number} of {count} ({left} left after this one).").format(
                number=hand_number, count=level.hand_count, left=hands_left),
            wallet.format(balance=_points(balance or 0, language), cost=_points(level.cost, language)),
            _("Award for advancing: {award} points. To advance, finish with more chips than each opponent.").format(
                award=_points(level.award, language)),
        ],
    }


def ladder_end(number: int, advanced: bool, chips: int, best_other: int, award: int, balance_before: int,
               balance: int | None, standings: Sequence[dict[str, Any]], score: int | None, scores: Sequence[Any],
               language: str = lang.DEFAULT) -> Panel:
    """The end screen of level ``number``: advanced or eliminated, the award, the wallet before and now
    (``balance`` None: it cannot be read just now), the final standings and, at the bonus level, the
    ``score`` entered in the high scores."""
    _ = lang.catalogue(language).gettext
    if advanced:
        heading = _("Level {number} cleared: you advance!").format(number=number)
        lines = [_("You finished with {chips} chips; the best opponent had {best}.").format(chips=chips, best=best_other),
                 _("Award: +{award} points.").format(award=_points(award, language))]
    else:
        heading = _("Eliminated at level {number}.").format(number=number)
        lines = [_("You finished with {chips} chips; to advance you needed more than {best}.").format(
            chips=chips, best=best_other)]
    if balance is not None:
        lines.append(_("Wallet: {before} points before the level, {now} now.").format(
            before=_points(balance_before, language), now=_points(balance, language)))
    you = [{**row, "name": _(row["name"])} if row["name"] == "You" else row for row in standings]
    tables = [standings_table(you, language=language)]
    if score is not None:
        lines.append(_("Your score: {score} chips, entered in the high score table.").format(
            score=lang.format_signed(score, language)))
        tables.append(high_score_table(scores, _("High scores"), False, language))
    return {"heading": heading, "paragraphs": lines, "tables": tables,
            "buttons": [{"id": "lobby", "label": _("Back to the ladder"), "primary": True}]}


__all__ = ["NOTES", "high_score_table", "ladder_end", "ladder_lobby", "ladder_side", "ladder_words"]
