"""The pot picture: columns cut into the engine's pots, and who can win each pot."""

from __future__ import annotations

import re

from pokerlab.draw import HandState, five_card_draw
from pokerlab.lessons import cap_hand, side_pot_hand
from pokerlab.widgets.pot_diagram import POT_COLOURS, pot_diagram, pot_diagram_for


def slice_heights(svg: str) -> list[float]:
    return [float(h) for h in re.findall(r'class="pl-pot-slice"[^>]*height="([\d.]+)"', svg)]


def test_each_pot_is_listed_with_the_seats_that_can_win_it() -> None:
    picture = pot_diagram_for(side_pot_hand().play(6))
    assert repr(picture) == ("Main pot: 100, Seats 1, 2, 3 and 4 can win it\n"
                             "Side pot 1: 60, Seats 1, 3 and 4 can win it")
    assert 'aria-label="Main pot: 100, Seats 1, 2, 3 and 4 can win it; Side pot 1: 60' in picture.svg


def test_columns_are_cut_in_proportion_to_the_chips_each_seat_put_in_each_pot() -> None:
    picture = pot_diagram_for(side_pot_hand().play())
    heights = slice_heights(picture.svg)
    # seat 1: 25 + 20 + 15, seat 2: 25, seat 3: 25 + 20 + 15, seat 4: 25 + 20 (tallest column is 60)
    assert [round(h / heights[0] * 25) for h in heights] == [25, 20, 15, 25, 25, 20, 15, 25, 20]
    assert picture.svg.count(f'fill="{POT_COLOURS[2]}"') == 2 + 2 + 1  # two slices, two dots, the legend swatch


def test_the_dots_under_a_seat_show_the_pots_it_can_win() -> None:
    picture = pot_diagram_for(side_pot_hand().play())
    assert picture.svg.count("<circle") == 3 + 1 + 3 + 2


def test_a_folded_seats_chips_stay_in_the_pot_but_it_can_win_nothing() -> None:
    state = cap_hand().play(14)  # Seat 4 has folded after the draw
    picture = pot_diagram_for(state)
    assert "folded" in picture.svg and 'fill-opacity="0.35"' in picture.svg
    assert repr(picture) == "Main pot: 240, Seats 1, 2 and 3 can win it"


def test_seats_that_are_out_are_not_drawn_and_text_is_escaped() -> None:
    state = HandState(five_card_draw(player_count=3), [500, 0, 500], dealer=0, rng=1)
    view = state.view(None)
    view["players"][0]["name"] = "<b>Ann</b>"
    picture = pot_diagram(view)
    assert "Seat 2" not in picture.svg and "&lt;b&gt;Ann&lt;/b&gt;" in picture.svg and "<b>" not in picture.svg
    assert picture._repr_html_().startswith('<div class="pl-pot-picture pl-keys"')
