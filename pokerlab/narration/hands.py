"""Why one hand beats another, in words: the step of the ranking that decides and the card that does it.

:func:`explain` (also importable as ``pokerlab.hands.explain``, its first home) compares two hand
values, which :mod:`pokerlab.hands` computes, and says the result in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pokerlab import english
from pokerlab import language as lang
from pokerlab.cards import RANK_NAMES, RANK_PLURALS, SUIT_NAMES, Card, parse_card, parse_cards
from pokerlab.english_phrases import listing
from pokerlab.hand_values import ARTICLE_LABELS, HandCategory, HandValue, evaluate, rank_article
from pokerlab.language import N_
from pokerlab.narration.voice import number_word

_RANK_FORMS: Final = {  # the forms of a rank a sentence uses, each a message with its context
    "rank": {rank: name for rank, name in RANK_NAMES.items()},
    "ranks": dict(RANK_PLURALS),
    "a rank": {rank: f"{rank_article(rank)} {name}" for rank, name in RANK_NAMES.items()},
    "rank-high": {rank: f"{name}-high" for rank, name in RANK_NAMES.items()},
}
"""English: the source of each form (the catalogue has one message per rank and form, with the form as
its context: a language that inflects a rank with its article, as Spanish does, says so there)."""
_CATEGORY_ARTICLES: Final = {
    HandCategory.HIGH_CARD: N_("high card"), HandCategory.PAIR: N_("one pair"), HandCategory.TWO_PAIR: N_("two pair"),
    HandCategory.THREE_OF_A_KIND: N_("three of a kind"), HandCategory.STRAIGHT: N_("a straight"),
    HandCategory.FLUSH: N_("a flush"), HandCategory.FULL_HOUSE: N_("a full house"),
    HandCategory.FOUR_OF_A_KIND: N_("four of a kind"), HandCategory.STRAIGHT_FLUSH: N_("a straight flush"),
}
assert {category: text for category, text in _CATEGORY_ARTICLES.items()} == ARTICLE_LABELS
_CATEGORY_KINDS: Final = {HandCategory.STRAIGHT: N_("straight"), HandCategory.STRAIGHT_FLUSH: N_("straight flush")}


CARD_NAME_WORDS: Final = ("{rank} of {suit}", *RANK_NAMES.values(), *SUIT_NAMES)
"""The messages a card's name is made of (:func:`card_name`): every script that names cards (``cards.js``'s
``plCardName``) gets them in its widget's words, and ``cards.js`` keeps the same English names
(tests/test_language.py compares them)."""


def card_name(card: Card, language: str = lang.DEFAULT) -> str:
    """``"ace of spades"`` in ``language`` (the words the table's cards use: "as de picas")."""
    if language == lang.DEFAULT:
        return card.name
    rank, _, suit = card.name.partition(" of ")
    return lang.gettext(language, "{rank} of {suit}").format(rank=lang.gettext(language, rank),
                                                             suit=lang.gettext(language, suit))


def card_names(codes: Iterable[str | None], language: str = lang.DEFAULT) -> list[str]:
    """The names of cards as a view holds them ("As", or None face down), for a script's labels."""
    return [card_name(parse_card(code), language) if code else lang.gettext(language, "face-down card")
            for code in codes]


def cards_text(cards: Iterable[Card | str]) -> str:
    """Cards as a log line writes them: ``"As Kd 7c"``."""
    return " ".join(str(card) for card in cards)


def as_cards(cards: Sequence[Card | str]) -> list[Card]:
    """Cards as the engine holds them, from cards or their codes (a view's JSON holds codes)."""
    return [card if isinstance(card, Card) else parse_cards(card)[0] for card in cards]


def rank_word(rank: int, form: str, language: str = lang.DEFAULT) -> str:
    """One rank in ``form`` ("rank", "ranks", "a rank", "rank-high") in ``language``."""
    return lang.catalogue(language).pgettext(form, _RANK_FORMS[form][rank])


def _forms(prefix: str, rank: int, language: str) -> dict[str, str]:
    """Every form of ``rank`` as named values: ``win``, ``win_plural``, ``win_a``, ``win_high``."""
    return {prefix: rank_word(rank, "rank", language), f"{prefix}_plural": rank_word(rank, "ranks", language),
            f"{prefix}_a": rank_word(rank, "a rank", language), f"{prefix}_high": rank_word(rank, "rank-high", language)}


def _listing(ranks: Iterable[int], language: str = lang.DEFAULT) -> str:
    return listing((rank_word(rank, "rank", language) for rank in ranks), last=lang.gettext(language, "and"))

@dataclass(frozen=True)
class Comparison:
    """The result of :func:`explain`: who wins (0 = first, 1 = second, ``None`` = split) and why.

    ``reason`` is the why on its own, with no player named ("both have one pair, and a pair of kings
    beats a pair of queens."), for sentences that name the winner their own way."""

    first: HandValue
    second: HandValue
    winner: int | None
    deciding_step: str
    text: str
    reason: str = ""

    def __str__(self) -> str:
        return self.text


def _values_from(hand: HandValue | Sequence[Card] | str) -> HandValue:
    return hand if isinstance(hand, HandValue) else evaluate(hand)


def explain(
    first: HandValue | Sequence[Card] | str,
    second: HandValue | Sequence[Card] | str,
    names: tuple[str, str] | None = None,
    language: str = lang.DEFAULT,
    you: int | None = None,
) -> Comparison:
    """Say who wins a showdown between two hands and name the step and card that decide it.

    ``names`` are the two players as the sentence should call them (default: "The first hand" and
    "The second hand"); ``"You"`` takes "win" (``you``:
    which of the two is the reader, when a language words that differently).

    >>> print(explain("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc"))
    The first hand wins: both have two pair, kings and sevens, so the fifth card decides, and a queen beats a jack.
    >>> print(explain("Ah 2d 3h 4s 5c", "6c 5d 4h 3s 2c", names=("You", "Ann")))
    Ann wins: both have a straight, so the top card decides: six-high beats five-high (the wheel, 5-4-3-2-A, is the lowest straight because its ace counts as one).
    >>> print(explain("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc", names=("Ana", "Tú"), language="es", you=1))
    Ana gana: los dos tienen doble pareja, reyes y sietes, así que decide la quinta carta, y una reina gana a una jota.
    """
    _ = lang.catalogue(language).gettext
    names = names or (_("The first hand"), _("The second hand"))
    a, b = _values_from(first), _values_from(second)
    if a == b:
        split = _split_text(a, language)
        return Comparison(a, b, None, "identical", _("Split pot: {why}").format(why=split), split)
    winner = 0 if a > b else 1
    win, lose = (a, b) if winner == 0 else (b, a)
    step, reason = _deciding_reason(win, lose, language)
    who = names[winner]
    if language == lang.DEFAULT:  # the English rule: "You" takes "win"
        text = f"{who} {'win' if who.strip().lower() == 'you' else 'wins'}: {reason}."
    elif winner == you:
        text = _("You win: {why}.").format(why=reason)
    else:
        text = _("{name} wins: {why}.").format(name=who, why=reason)
    return Comparison(a, b, winner, step, text, f"{reason}.")


def value_name(value: HandValue, language: str = lang.DEFAULT) -> str:
    """The dealer's name of a hand value in ``language``: :attr:`HandValue.name` in English
    ("Pair of eights, ace kicker"), the catalogue's words in another language."""
    if language == lang.DEFAULT:
        return value.name
    _ = lang.catalogue(language).gettext
    c, r = value.category, value.ranks
    top = _forms("high", r[0], language)
    if c is HandCategory.STRAIGHT_FLUSH:
        if r[0] == 14:
            return _("Royal flush")
        return _("{high_high} straight flush").format(**top) + (_(" (steel wheel)") if r[0] == 5 else "")
    if c is HandCategory.FOUR_OF_A_KIND:
        return _("Four {four_plural}, {kicker} kicker").format(**_forms("four", r[0], language), **_forms("kicker", r[1], language))
    if c is HandCategory.FULL_HOUSE:
        return _("Full house, {three_plural} full of {two_plural}").format(
            **_forms("three", r[0], language), **_forms("two", r[1], language))
    if c is HandCategory.FLUSH:
        return _("{high_high} flush").format(**top)
    if c is HandCategory.STRAIGHT:
        return _("{high_high} straight").format(**top) + (_(" (the wheel)") if r[0] == 5 else "")
    if c is HandCategory.THREE_OF_A_KIND:
        return _("Three {three_plural}").format(**_forms("three", r[0], language))
    if c is HandCategory.TWO_PAIR:
        return _("Two pair, {top_plural} and {low_plural}, with {kicker_a}").format(
            **_forms("top", r[0], language), **_forms("low", r[1], language), **_forms("kicker", r[2], language))
    if c is HandCategory.PAIR:
        return _("Pair of {pair_plural}, {kicker} kicker").format(
            **_forms("pair", r[0], language), **_forms("kicker", r[1], language))
    return _("{high} high").format(**top)


def hand_name(cards: Sequence[Card | str], language: str = lang.DEFAULT) -> str:
    """The dealer's name of a five-card hand in ``language`` ("Pair of eights, ace kicker")."""
    return value_name(evaluate(as_cards(cards)), language)


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def _split_text(value: HandValue, language: str = lang.DEFAULT) -> str:
    return lang.gettext(
        language, "the hands match rank for rank ({hand}). Suits never break a tie, so the pot is shared."
    ).format(hand=_lower_first(value_name(value, language)))


def _beats(win_rank: int, lose_rank: int, language: str, plural: bool = False) -> str:
    values = {**_forms("win", win_rank, language), **_forms("lose", lose_rank, language)}
    if plural:
        return lang.gettext(language, "{win_plural} beat {lose_plural}").format(**values)
    return lang.gettext(language, "{win_a} beats {lose_a}").format(**values)


_ORDINALS: Final = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"))


def _deciding_reason(win: HandValue, lose: HandValue, language: str = lang.DEFAULT) -> tuple[str, str]:
    """(step, reason) for two different values, ``win`` the better one."""
    _ = lang.catalogue(language).gettext
    if win.category != lose.category:
        win_name, lose_name = value_name(win, language), value_name(lose, language)
        text = (_("{win} beats {lose} — {win_hand}, against {lose_hand}") if "," in win.name else
                _("{win} beats {lose} — {win_hand} against {lose_hand}"))  # "four sixes, three kicker, against ..."
        return "category", text.format(win=_(_CATEGORY_ARTICLES[win.category]), lose=_(_CATEGORY_ARTICLES[lose.category]),
                                       win_hand=_lower_first(win_name), lose_hand=_lower_first(lose_name))
    category = win.category
    place = next(i for i, (x, y) in enumerate(zip(win.ranks, lose.ranks)) if x != y)
    w, l = win.ranks[place], lose.ranks[place]
    values = {**_forms("win", w, language), **_forms("lose", l, language), **_forms("made", win.ranks[0], language),
              "beats": _beats(w, l, language), "beat": _beats(w, l, language, plural=True)}
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        kind = _(_CATEGORY_KINDS[category])
        wheel = _(" (the wheel, 5-4-3-2-A, is the lowest {kind} because its ace counts as one)").format(kind=kind) if l == 5 else ""
        return "top card", _("both have a {kind}, so the top card decides: {win_high} beats {lose_high}{wheel}").format(
            kind=kind, wheel=wheel, **values)
    if category is HandCategory.FOUR_OF_A_KIND:
        if place == 0:
            return "quads", _("both have four of a kind, and four {win_plural} beat four {lose_plural}").format(**values)
        return "kicker", _("both have four {made_plural}, so the fifth card (the kicker) decides: {beats}").format(**values)
    if category is HandCategory.FULL_HOUSE:
        if place == 0:
            return "trips", _("both have a full house, so the three of a kind decides: three {win_plural} beat three "
                              "{lose_plural}").format(**values)
        return "pair", _("both full houses have three {made_plural}, so the pair decides: {beat}").format(**values)
    if category is HandCategory.THREE_OF_A_KIND:
        if place == 0:
            return "trips", _("both have three of a kind, and three {win_plural} beat three {lose_plural}").format(**values)
        made = _("three {made_plural}").format(**values)
        return f"kicker {place}", _kicker_reason(made, win.ranks[1:place], w, l, language)
    if category is HandCategory.TWO_PAIR:
        if place == 0:
            return "high pair", _("both have two pair, so the higher pair decides: {beat}").format(**values)
        if place == 1:
            return "low pair", _("both have two pair with {made_plural} on top, so the lower pair decides: {beat}").format(
                **values)
        return "kicker", _("both have two pair, {made_plural} and {second_plural}, so the fifth card decides, and "
                           "{beats}").format(**values, **_forms("second", win.ranks[1], language))
    if category is HandCategory.PAIR:
        if place == 0:
            return "pair", _("both have one pair, and a pair of {win_plural} beats a pair of {lose_plural}").format(**values)
        made = _("a pair of {made_plural}").format(**values)
        return f"kicker {place}", _kicker_reason(made, win.ranks[1:place], w, l, language)
    kind = _("a flush") if category is HandCategory.FLUSH else _("no pair")
    if place == 0:
        return "card 1", _("both have {kind}, so the highest card decides: {beats}").format(kind=kind, **values)
    same = rank_word(win.ranks[0], "a rank", language) if place == 1 else _listing(win.ranks[:place], language)
    return f"card {place + 1}", _("both have {kind} and both start with {same}, so the {ordinal} card decides: "
                                  "{beats}").format(kind=kind, same=same, ordinal=_(_ORDINALS[place]), **values)


def _kicker_reason(made: str, matched: Sequence[int], w: int, l: int, language: str = lang.DEFAULT) -> str:
    """Trips or a pair tied: the unmatched cards (kickers) are compared from the highest down."""
    _ = lang.catalogue(language).gettext
    beats = _beats(w, l, language)
    if not matched:
        return _("both have {made}, so the highest kicker decides: {beats}").format(made=made, beats=beats)
    if len(matched) == 1:
        same = _("the same top kicker, {kicker}").format(kicker=rank_word(matched[0], "a rank", language))
    else:
        same = _("the same {count} top kickers, {kickers}").format(
            count=number_word(len(matched), language), kickers=_listing(matched, language))
    return _("both have {made} and {same}, so the next kicker decides: {beats}").format(made=made, same=same, beats=beats)


english.provide("pokerlab.hands.explain", explain)  # the names' first home keeps them (pokerlab.english)
english.provide("pokerlab.hands.Comparison", Comparison)
