"""The PHH reader's refusals in the reader's language (issue 27): the files a learner meets most often
refused (not TOML, a missing or malformed field, another variant, a hand cut short, hidden cards, no player
chosen) and the rarer ones (an action out of turn or after the end, one the rules refuse, a card dealt
twice, stacks that do not fit, a table pokerlab does not play) are said in Spanish in My hands' import box,
and in English exactly as the reader wrote them (tests/test_phh_refusals.py checks every refusal)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from pokerlab.apps.my_hands import imported_hand
from pokerlab.phh import PhhError, refusals, to_phh
from pokerlab.widgets.my_hands_widget import MyHandsWidget
from tests.i18n import english_left
from tests.test_phh import random_hand

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def full_file() -> str:
    """A finished hand of four or more players, written with every card."""
    master = np.random.default_rng(7)
    while True:
        state = random_hand(master)
        if len(state.stacks) >= 3:
            return to_phh(state)


def bad_files() -> dict[str, tuple[str, int | None]]:
    text = full_file()
    actions = re.search(r"actions = \[(.*?)\]", text, flags=re.S)
    assert actions is not None
    lines = [line for line in actions.group(1).split(",") if line.strip()]
    seen_by_one = to_phh(random_hand(np.random.default_rng(3)), seat=0)
    plays = [n for n, line in enumerate(lines) if not line.strip().startswith("'d ")]
    swapped = list(lines)
    swapped[plays[0]], swapped[plays[1]] = lines[plays[1]], lines[plays[0]]
    first = lines[plays[0]].strip().strip("'").split()[0]
    deals = [line for line in lines if line.strip().startswith("'d dh")]
    card = deals[0].strip().strip("'").split()[3][:2]
    twice = deals[1].replace(deals[1].strip().strip("'").split()[3][:2], card)

    def with_actions(new: list[str]) -> str:
        return text.replace(actions.group(1), ",".join(new))

    return {
        "nothing pasted": ("  \n", None),
        "not TOML": ("variant = F5CD\n", None),
        "no such field": (re.sub(r"(?m)^antes = .*\n", "", text), None),
        "malformed field": (re.sub(r"(?m)^antes = .*$", "antes = 'many'", text), None),
        "wrong variant": (text.replace("variant = 'F5CD'", "variant = 'NT'").replace('variant = "F5CD"',
                                                                                      'variant = "NT"'), None),
        "not a finished hand": (text.replace(actions.group(1), ",".join(lines[:-1])), None),
        "every player's cards": (text, None),
        "choose a player": (text, 99),
        "hidden cards": (seen_by_one, 2),
        "out of turn": (with_actions(swapped), 1),
        "after the end": (with_actions([*lines, f"'{first} f'"]), 1),
        "breaks rule book 002": (with_actions([*lines[:plays[0]], f"'{first} cbr 7'", *lines[plays[0] + 1:]]), 1),
        "a card dealt twice": (text.replace(deals[1], twice), 1),
        "stacks that do not fit": (re.sub(r"(?m)^finishing_stacks = \[(\d+)",
                                          lambda found: f"finishing_stacks = [{int(found[1]) + 1}", text), 1),
        "not a card": (text.replace(deals[0], deals[0].replace(card, "Xx")), 1),
        "seat count": (re.sub(r"(?m)^seat_count = .*$", "seat_count = 9", text), 1),
        "big bet": (re.sub(r"(?m)^big_bet = .*$", "big_bet = 0", text), 1),
    }


RARER: dict[str, str] = {
    "out of turn": refusals.OUT_OF_TURN, "after the end": refusals.AFTER_THE_END,
    "breaks rule book 002": refusals.BREAKS_RULES, "a card dealt twice": refusals.DEALT_TWICE,
    "stacks that do not fit": refusals.OTHER_STACKS, "not a card": refusals.NOT_A_CARD,
    "seat count": refusals.SEAT_COUNT, "big bet": refusals.NO_BETS,
}
"""The refusal each rarer file meets (the file was made to)."""


@pytest.mark.parametrize("case", list(bad_files()))
def test_a_refused_file_is_said_in_the_pages_language(case: str) -> None:
    text, player = bad_files()[case]
    with pytest.raises(PhhError) as refused:
        imported_hand(text, player)
    assert refused.value.message == RARER.get(case, refused.value.message)
    english = MyHandsWidget(language="en")
    assert not english.open_import(text, player)
    assert english.message in (f"This file could not be opened: {refused.value}",
                               f"This hand could not be replayed: {refused.value}")
    spanish = MyHandsWidget(language="es")
    assert not spanish.open_import(text, player)
    assert spanish.message.startswith("No se ha podido")
    said = spanish.message
    if case == "not TOML":  # where, and the TOML parser's own detail quoted as it is (English: Python's tomllib)
        detail = re.search(r"“(.*)”", str(refused.value))
        assert detail is not None and f"«{detail.group(1)}»" in said and "línea 1, columna 11" in said
        said = said.replace(detail.group(1), "")
    assert english_left([said], "es") == [], said
