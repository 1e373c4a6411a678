"""Card pictures for notebook prose: drawn cards (SVG) with accessible names, and safe HTML."""

from __future__ import annotations

import re

import pytest

from pokerlab import InvalidCardError, explain, parse_cards
from pokerlab.widgets.pictures import card_table, show_cards, show_hand, show_showdown


def test_cards_are_drawn_as_svg_pictures_named_for_screen_readers() -> None:
    html = show_cards("As Kd 10h 9c 2s")._repr_html_()
    assert html.count("<svg") == 5
    labels = re.findall(r'role="img" aria-label="([^"]+)"', html)
    assert labels == ["ace of spades", "king of diamonds", "ten of hearts", "nine of clubs", "two of spades"]
    assert ">10<" in html and ">A<" in html


def test_hearts_and_diamonds_are_red_clubs_and_spades_black() -> None:
    red = show_cards("Kd Th")._repr_html_()
    black = show_cards("Kc Ts")._repr_html_()
    assert "#c0182b" in red and "#c0182b" not in black


def test_the_plain_text_form_reads_as_cards() -> None:
    assert repr(show_cards(parse_cards("As Ks"))) == "A♠ K♠"
    assert repr(show_hand("As Ks Qs Js Ts")) == "A♠ K♠ Q♠ J♠ 10♠  (Royal flush)"


def test_bad_card_text_names_the_token() -> None:
    with pytest.raises(InvalidCardError, match="Xs"):
        show_cards("As Xs")
    with pytest.raises(ValueError, match="sm, md, lg"):
        show_cards("As", size="huge")


def test_a_showdown_shows_both_hands_their_names_and_the_engines_verdict() -> None:
    block = show_showdown("Kh Kd 9s 7c 4d", "Ks Kc 9h 6d 5s")
    html = block._repr_html_()
    assert html.count("<svg") == 10
    assert "(wins)" in html and html.index("(wins)") < html.index("Hand B")
    text = explain("Kh Kd 9s 7c 4d", "Ks Kc 9h 6d 5s", names=("Hand A", "Hand B")).text
    assert text in block.text


def test_the_picture_names_the_hands_as_the_lessons_sentences_do() -> None:
    """Issue 28: one screen showed "Hand 1" in the picture and "Hand A" in the verdict under it, for the same hands."""
    from pokerlab.lessons.checks import showdown_check

    picture = show_showdown("Kh Kd 9s 7c 4d", "Ks Kc 9h 6d 5s")
    verdict = showdown_check("Kh Kd 9s 7c 4d", "Ks Kc 9h 6d 5s", winner="Hand A")
    assert "Hand A wins" in picture.text and "Hand A wins" in verdict.text
    assert "Hand 1" not in picture._repr_html_() and "Hand B" in picture._repr_html_()


def test_a_split_showdown_marks_no_winner() -> None:
    assert "(wins)" not in show_showdown("Ah Kh 9c 7d 4s", "As Ks 9d 7c 4h")._repr_html_()


def test_table_text_is_escaped_and_pictures_embedded() -> None:
    table = card_table(["<b>Hand</b>"], [[("<i>pair</i>", show_cards("As Ad"))]])
    html = table._repr_html_()
    assert "&lt;b&gt;Hand&lt;/b&gt;" in html and "&lt;i&gt;pair&lt;/i&gt;" in html
    assert "<b>" not in html and html.count("<svg") == 2
