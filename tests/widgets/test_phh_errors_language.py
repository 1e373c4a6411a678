"""The PHH reader's refusals in the reader's language (issue 27): the files a learner meets most often
refused (not TOML, a missing or malformed field, another variant, a hand cut short, hidden cards, no player
chosen) are said in Spanish in My hands' import box, and in English exactly as the reader wrote them. The
other refusals (rare: a file that breaks the rules in the middle of a hand) are still English only."""

from __future__ import annotations

import re

import numpy as np
import pytest

from pokerlab.apps.my_hands import imported_hand
from pokerlab.phh import PhhError, to_phh
from pokerlab.widgets.my_hands import MyHandsWidget
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
    return {
        "nothing pasted": ("  \n", None),
        "not TOML": ("variant = 'F5CD\n", None),
        "no such field": (re.sub(r"(?m)^antes = .*\n", "", text), None),
        "malformed field": (re.sub(r"(?m)^antes = .*$", "antes = 'many'", text), None),
        "wrong variant": (text.replace("variant = 'F5CD'", "variant = 'NT'").replace('variant = "F5CD"',
                                                                                      'variant = "NT"'), None),
        "not a finished hand": (text.replace(actions.group(1), ",".join(lines[:-1])), None),
        "every player's cards": (text, None),
        "choose a player": (text, 99),
        "hidden cards": (seen_by_one, 2),
    }


@pytest.mark.parametrize("case", list(bad_files()))
def test_a_refused_file_is_said_in_the_pages_language(case: str) -> None:
    text, player = bad_files()[case]
    with pytest.raises(PhhError) as refused:
        imported_hand(text, player)
    english = MyHandsWidget(language="en")
    assert not english.open_import(text, player)
    assert english.message in (f"This file could not be opened: {refused.value}",
                               f"This hand could not be replayed: {refused.value}")
    spanish = MyHandsWidget(language="es")
    assert not spanish.open_import(text, player)
    assert spanish.message.startswith("No se ha podido")
    said = spanish.message
    if case == "not TOML":  # the TOML parser's own detail is quoted as it is (English: Python's tomllib)
        detail = re.search(r"valid TOML \((.*)\)\.$", str(refused.value))
        assert detail is not None and f"({detail.group(1)})" in said
        said = said.replace(detail.group(1), "")
    assert english_left([said], "es") == [], said
