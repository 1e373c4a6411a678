"""Card pictures for notebook prose: inline SVG that renders in Jupyter, Voilà and on GitHub.

``show_cards("As Ks Qs Js Ts")`` returns an object that Jupyter draws as five cards (its plain-text
form is ``A♠ K♠ Q♠ J♠ 10♠``). :func:`show_showdown` draws two hands with the engine's verdict, and
:func:`card_table` lays out rows of pictures and text, e.g. the nine hand categories. Each takes the
reader's ``language``: a card's accessible name, a hand's name and the verdict are then in it, and the
text a lesson's code gives a table is said again (:func:`pokerlab.lessons.words.say_again`).

>>> picture = show_cards("As Kd")
>>> picture
A♠ K♦
>>> 'aria-label="ace of spades"' in picture._repr_html_()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Final

from pokerlab import language as lang
from pokerlab.cards import Card, parse_cards
from pokerlab.hand_values import HandValue, evaluate
from pokerlab.language import N_
from pokerlab.lessons.words import say_again
from pokerlab.narration.hands import card_name, explain, value_name

_RED: Final = "#c0182b"
_BLACK: Final = "#111111"
_RANK_TEXT: Final = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_SIZES: Final = {"sm": 36, "md": 48, "lg": 60}  # card width in px; height is 1.4 times that


def _rank_text(card: Card) -> str:
    return _RANK_TEXT.get(card.rank, str(card.rank))


def card_svg(card: Card, size: str = "md", language: str = lang.DEFAULT) -> str:
    """One card as an inline ``<svg>`` with an accessible name (``"ace of spades"``)."""
    width = _SIZES[size]
    height = round(width * 1.4)
    colour = _RED if card.is_red else _BLACK
    symbol = card.pretty[-1]
    name = escape(card_name(card, language))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{name}" '
        f'width="{width}" height="{height}" viewBox="0 0 50 70" style="flex:0 0 auto">'
        f"<title>{name}</title>"
        '<rect x="0.75" y="0.75" width="48.5" height="68.5" rx="5" fill="#fff" stroke="#9aa1a9" stroke-width="1.5"/>'
        f'<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" text-anchor="middle">'
        f'<text x="11" y="18" font-size="16" letter-spacing="-1">{_rank_text(card)}</text>'
        f'<text x="11" y="33" font-size="15">{symbol}</text>'
        f'<text x="31" y="58" font-size="26">{symbol}</text>'
        "</g></svg>"
    )


KEEPS_KEYS: Final = 'tabindex="-1" data-lm-suppress-shortcuts="true"'
"""Attributes of a picture's outer element (with its class ``pl-keys``): a click on the picture puts
focus in it, and while it has focus JupyterLab's notebook shortcuts (D D deletes the cell...) do not
run. The widgets' keys.js gives the notebook its keys back on Escape, as it does for the widgets."""


def _cards_html(cards: Sequence[Card], size: str, language: str = lang.DEFAULT) -> str:
    svgs = "".join(card_svg(card, size, language) for card in cards)
    return f'<div style="display:flex;flex-wrap:wrap;gap:4px;align-items:flex-end">{svgs}</div>'


class CardPicture:
    """Cards drawn as SVG, with an optional caption under them."""

    def __init__(self, cards: Sequence[Card], caption: str = "", size: str = "md",
                 language: str = lang.DEFAULT) -> None:
        if size not in _SIZES:
            raise ValueError(f"Unknown card size {size!r}: use one of {', '.join(_SIZES)}.")
        self.cards = tuple(cards)
        self.caption = caption
        self.size = size
        self.language = lang.check(language)

    def _html(self, outer: bool = False) -> str:
        """The picture's HTML; ``outer``: it stands alone in an output (not inside a table)."""
        caption = f'<div style="margin-top:4px">{escape(self.caption)}</div>' if self.caption else ""
        opening = f'<div class="pl-picture pl-keys" {KEEPS_KEYS}' if outer else '<div class="pl-picture"'
        return f'{opening} style="margin:6px 0">{_cards_html(self.cards, self.size, self.language)}{caption}</div>'

    def _repr_html_(self) -> str:
        return self._html(outer=True)

    def __repr__(self) -> str:
        text = " ".join(card.pretty for card in self.cards)
        return f"{text}  ({self.caption})" if self.caption else text


def show_cards(cards: str | Iterable[Card | str], caption: str = "", size: str = "md",
               language: str = lang.DEFAULT) -> CardPicture:
    """Draw cards given as text (``"As Kd 10h"``) or ``Card`` objects."""
    return CardPicture(parse_cards(cards), say_again(caption, language), size, language)


def show_hand(cards: str | Iterable[Card | str], size: str = "md", language: str = lang.DEFAULT) -> CardPicture:
    """Draw a five-card hand captioned with its name, e.g. ``'Full house, kings full of twos'``."""
    hand = parse_cards(cards)
    return CardPicture(hand, value_name(evaluate(hand), language), size, language)


class HTMLBlock:
    """Ready-made HTML with a plain-text fallback, displayed as is by Jupyter."""

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def show_showdown(
    first: str | Iterable[Card | str],
    second: str | Iterable[Card | str],
    names: tuple[str, str] = (N_("Hand A"), N_("Hand B")),
    language: str = lang.DEFAULT,
) -> HTMLBlock:
    """Two hands side by side, each named, and the engine's explanation of who wins (in ``language``;
    the names are said again in it)."""
    hands = (parse_cards(first), parse_cards(second))
    names = (say_again(names[0], language), say_again(names[1], language))
    comparison = explain(hands[0], hands[1], names=names, language=language)
    values: tuple[HandValue, HandValue] = (comparison.first, comparison.second)
    wins = lang.gettext(language, " (wins)")
    columns = []
    for index, (hand, value) in enumerate(zip(hands, values)):
        won = comparison.winner == index
        border = "#1a7f37" if won else "#d0d7de"
        columns.append(
            f'<div style="flex:1 1 15rem;min-width:0;padding:6px 8px;border:2px solid {border};border-radius:8px">'
            f"<strong>{escape(names[index])}</strong>{escape(wins) if won else ''}"
            f"{_cards_html(hand, 'sm', language)}<div>{escape(value_name(value, language))}</div></div>"
        )
    html = (
        f'<div class="pl-showdown pl-keys" {KEEPS_KEYS} style="margin:6px 0;max-width:40rem">'
        f'<div style="display:flex;flex-wrap:wrap;gap:8px">{"".join(columns)}</div>'
        f'<p style="margin:6px 0 0">{escape(comparison.text)}</p></div>'
    )
    versus = lang.gettext(language, "{first}  vs  {second}: {explanation}")
    text = versus.format(first=" ".join(c.pretty for c in hands[0]), second=" ".join(c.pretty for c in hands[1]),
                         explanation=comparison.text)
    return HTMLBlock(html, text)


Cell = str | CardPicture | Sequence[str | CardPicture]
"""A table cell: text, a picture, or a list of them stacked (stacking keeps a table phone-narrow)."""


def _said(cell: Cell, language: str) -> Cell:
    """A cell with its text said again in ``language``, its pictures drawn in it."""
    if isinstance(cell, CardPicture):
        return cell if cell.language == language else CardPicture(cell.cards, cell.caption, cell.size, language)
    if isinstance(cell, str):
        return say_again(cell, language)
    return [_said(part, language) for part in cell]  # type: ignore[misc]


def _cell_html(cell: Cell) -> str:
    if isinstance(cell, CardPicture):
        return cell._html()
    if isinstance(cell, str):
        return escape(cell)
    return "".join(f"<div>{_cell_html(part)}</div>" for part in cell)


def _cell_text(cell: Cell) -> str:
    if isinstance(cell, (str, CardPicture)):
        return str(cell) if isinstance(cell, str) else repr(cell)
    return " / ".join(_cell_text(part) for part in cell)


def card_table(headers: Sequence[str], rows: Iterable[Sequence[Cell]], language: str = lang.DEFAULT) -> HTMLBlock:
    """A table whose cells are text, card pictures, or stacks of both (text is escaped). With a
    ``language``, the headers' and cells' English is said again in it.

    >>> card_table(["Hand", "Name"], [[show_cards("As Ad"), ("Pair", "of aces")]])
    Hand  Name
    A♠ A♦  Pair / of aces
    >>> card_table(["Seat", "Hand"], [["Seat 2", "1,500 hands"]], language="es")
    Asiento  Mano
    Asiento 2  1.500 manos
    """
    headers = [say_again(header, language) for header in headers]
    rows = [[_said(cell, language) for cell in row] for row in rows]
    head = "".join(f'<th style="text-align:left;padding:4px 6px">{escape(h)}</th>' for h in headers)
    body = []
    lines = ["  ".join(headers)]
    for row in rows:
        cells = "".join(
            f'<td style="padding:4px 6px;vertical-align:middle;text-align:left">{_cell_html(cell)}</td>' for cell in row
        )
        body.append(f'<tr style="border-top:1px solid #d0d7de">{cells}</tr>')
        lines.append("  ".join(_cell_text(cell) for cell in row))
    html = (  # a table wider than a phone scrolls inside its own box instead of widening the page
        f'<div class="pl-keys" {KEEPS_KEYS} style="max-width:100%;overflow-x:auto">'
        '<table class="pl-card-table" style="border-collapse:collapse;margin:6px 0">'
        f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
    )
    return HTMLBlock(html, "\n".join(lines))
