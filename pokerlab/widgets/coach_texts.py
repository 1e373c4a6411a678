"""The draw coach's texts (:class:`pokerlab.widgets.coach.Coach`): coach.js's own words in the panel's
language (:data:`COACH_WORDS`), and the sentences and numbers the panel shows, written in Python in
that language (issue 31: the script only draws). Apart from the widget, which holds the hand and the
background work, so that what the coach says can be read, and tested, alone.

>>> from pokerlab.coach.exact import draw_odds
>>> choice_label(draw_odds("Kh Kd As 4c 2d").choice("4c 2d"), "es")
'quedarse con K♥ K♦ A♠, cambiar 2'
"""

from __future__ import annotations

from typing import Any, Final

from pokerlab import language as lang
from pokerlab.cards import format_cards
from pokerlab.coach.advice import Advice, ChoiceChance
from pokerlab.coach.exact import ChoiceOdds
from pokerlab.english_phrases import listing
from pokerlab.language import N_
from pokerlab.narration.hands import CARD_NAME_WORDS

CATEGORY_NAMES: Final = (
    N_("High card"), N_("One pair"), N_("Two pair"), N_("Three of a kind"), N_("Straight"), N_("Flush"),
    N_("Full house"), N_("Four of a kind"), N_("Straight flush"),
)
""":attr:`HandCategory.label` of each category, high card first, as messages of the catalogue."""

COACH_WORDS: Final = (
    "{count} of {total}", "{name}: {share}, {count} of {total}", "{share} of the pot",
    " (coach's choice)", " (about the same as the best)", "{label}{tag}: wins {value}", "★ coach",
    "≈ about the same", "chance to win the pot", "Draw coach", "Which cards should I throw?",
    "Show the coach's choice", "Keep all five", "Against ",
    "Working out the chances", "Working out each choice's chance to win the pot…",
    "Tap the cards you would throw. {rules} ", "Your hand now: {hand}. ",
    "New cards come from the {count} cards you have not seen.", ", marked to throw",
    *CARD_NAME_WORDS,
)
"""Every message coach.js (and the card names of cards.js it uses) shows, in its English text: the
browser gets them in the panel's language in the ``words`` trait (tests/test_language.py keeps this
list and the JavaScript in step)."""


def coach_words(language: str) -> dict[str, str]:
    """:data:`COACH_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    return lang.front_end_words(language, COACH_WORDS)


def draws_text(draws: tuple[int | None, ...], language: str = lang.DEFAULT) -> str:
    known = [draw for draw in draws if draw is not None]
    if not known:
        return ""
    t = lang.catalogue(language)
    words = [t.pgettext("they did", "stood pat") if n == 0 else t.pgettext("they did", "drew {count}").format(count=n)
             for n in known]
    return t.gettext("Your opponents: {draws}.").format(draws=listing(words, t.gettext("and")))


def limit_text(discard_limit: int, ace_draw: bool, language: str = lang.DEFAULT) -> str:
    """How many cards may go, as :mod:`pokerlab.coach.exact` says it in English."""
    if discard_limit == 4:
        return lang.gettext(language, "up to four cards")
    if ace_draw:
        return lang.gettext(language, "up to three cards, or four when the card you keep is an ace")
    return lang.gettext(language, "up to three cards")


def rules_text(discard_limit: int, ace_draw: bool, language: str = lang.DEFAULT) -> str:
    return lang.gettext(language, "You may throw {limit}.").format(limit=limit_text(discard_limit, ace_draw, language))


def choice_label(choice: ChoiceOdds, language: str) -> str:
    """:meth:`ChoiceOdds.describe` (``'keep K♥ K♦, draw 3'``) in ``language``."""
    if language == lang.DEFAULT:
        return choice.describe()
    t = lang.catalogue(language)
    if not choice.discard:
        return t.gettext("stand pat")
    if not choice.keep:
        return t.gettext("draw {count}").format(count=choice.drawn)
    return t.gettext("keep {cards}, draw {count}").format(cards=format_cards(choice.keep, pretty=True), count=choice.drawn)


def share_text(share: float, language: str = lang.DEFAULT) -> str:
    """A chance as the coach's bars say it: ``'0%'``, ``'<0.01%'`` (some but under one in ten thousand),
    two decimals under 10% (``'2.35%'``), else one (``'41.7%'``).

    >>> share_text(0.0235), share_text(0.00002), share_text(0.417, "es")
    ('2.35%', '<0.01%', '41,7 %')
    """
    if share == 0:
        return lang.gettext(language, "{number}%").format(number=lang.format_number(0, language))
    if share < 0.0001:
        return lang.gettext(language, "<{number}%").format(number=lang.format_number(0.01, language, 2))
    return lang.gettext(language, "{number}%").format(number=lang.format_number(share * 100, language, 2 if share < 0.1 else 1))


def win_text(win: float, margin: float, language: str = lang.DEFAULT) -> str:
    """A chance to win the pot with its margin of error: ``'41.7% ± 1.2'``."""
    number = lang.gettext(language, "{number}%").format(number=lang.format_number(win * 100, language, 1))
    return f"{number} ± {lang.format_number(margin * 100, language, 1)}"


def players_text(count: int, language: str) -> str:
    return lang.ngettext(language, "{count} player", "{count} players", count).format(count=count)


def chart_title(opponents: int, language: str) -> str:
    return lang.ngettext(language, "The best choices against {count} player", "The best choices against {count} players",
                         opponents).format(count=opponents)


def summary_text(tried: dict[str, Any], language: str) -> str:
    """The tried choice in one sentence: ``'Keep K♥ K♦, draw 3: wins 41.7% ± 1.2 of the pot, chance to
    improve 28.7%. Ranks 2 of 32.'`` (before the win chances are known, only its chance to improve)."""
    t = lang.catalogue(language)
    label = tried["label"][:1].upper() + tried["label"][1:]
    if "win" not in tried:
        return t.gettext("{label}: chance to improve {share}.").format(label=label, share=tried["improve_text"])
    text = t.gettext("{label}: wins {win} of the pot, chance to improve {share}. ").format(
        label=label, win=tried["win_text"], share=tried["improve_text"])
    if tried["rank"] == 1:
        return text + t.gettext("As good as the best.")
    return text + t.gettext("Ranks {rank} of {count}.").format(rank=tried["rank"], count=tried["choice_count"])


def choice_payload(choice: ChoiceOdds, advice: Advice | None, language: str) -> dict[str, Any]:
    """What the browser needs to draw one choice (``advice``: with its chance to win the pot, once
    known), its numbers written in ``language``: the learner's own cards and numbers only."""
    payload: dict[str, Any] = {
        "discard": [str(card) for card in choice.discard],
        "keep": [str(card) for card in choice.keep],
        "label": choice_label(choice, language),
        "drawn": choice.drawn,
        "total": choice.total,
        "counts": list(choice.counts),
        "probabilities": [float(p) for p in choice.probabilities],
        "improve": float(choice.improve_probability),
        "shares": [share_text(float(p), language) for p in choice.probabilities],
        "count_texts": [lang.format_number(count, language) for count in choice.counts],
        "total_text": lang.format_number(choice.total, language),
        "improve_text": share_text(float(choice.improve_probability), language),
    }
    if advice is not None:
        chance: ChoiceChance = advice.choice(choice.discard)
        payload.update({
            "win": chance.win, "margin": chance.margin, "behind": chance.behind,
            "behind_margin": chance.behind_margin, "about_same": chance.about_same,
            "is_best": advice.starred is chance,
            "win_text": win_text(chance.win, chance.margin, language),
        })
    return payload
