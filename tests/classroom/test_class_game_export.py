"""A teacher's PHH of a class game (issue 29): every finished deal of every learner, deal by deal, as each
learner saw it while the game is open, every card once it has ended; pokerkit reads every hand."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest

from pokerlab.classroom.class_game_export import class_game_download, class_game_phh
from pokerlab.classroom.class_games import ClassGameError, ClassGameSettings, ClassMatch
from pokerlab.classroom.store import ClassStore
from pokerlab.draw import ActionKind, HandState, random_legal_action
from pokerlab.phh import from_phh, read_hand, to_phh
from tests.classroom.class_support import learner


def play(store: ClassStore, game_id: int, name: str, seed: int) -> list[HandState]:
    """``name`` plays every deal (random legal choices, no fold in the draw) and the results are stored."""
    game, person = store.game(game_id), learner(store, name)
    store.join(game_id, person)
    match, rng, hands = ClassMatch(game.settings, store.seeds(game_id), name), np.random.default_rng(seed), []
    for number in range(1, game.settings.deal_count + 1):
        hand = match.deal(number)
        while not hand.is_over:
            if hand.actor == match.learner_seat:
                action = random_legal_action(hand, rng)
                while hand.phase.value == "draw" and action.kind is ActionKind.FOLD:
                    action = random_legal_action(hand, rng)
                hand.apply(action)
            else:
                match.bot_step()
        assert store.record_result(game_id, person, number, hand.results.net[0], hand.actions)
        hands.append(hand)
    return hands


def one_hand(text: str, number: str) -> str:
    """Hand ``number`` of a .phhs text, as a .phh text of its own."""
    return text.split(f"[{number}]\n")[1].split("\n[")[0]


def test_a_class_games_hands_as_each_learner_saw_them_then_every_card_once_ended(store: ClassStore) -> None:
    from tests.test_phh import READER

    game = store.create_game(ClassGameSettings("five-card-draw-blinds", opponent_count=2, opponent_level=2,
                                               deal_count=3))
    played = {name: play(store, game.id, name, seed) for name, seed in (("Zoe", 1), ("ann", 2))}
    export = class_game_phh(store, game.id)
    hands = tomllib.loads(export.text)
    assert export.hands + len(export.left_out) == 6 and export.hands == len(hands) >= 4
    order = [(hand["_deal"], hand["_learner"]) for hand in hands.values()]
    assert order == sorted(order, key=lambda item: (item[0], item[1].casefold()))  # deal by deal, then by name
    for number, hand in hands.items():
        state = played[hand["_learner"]][hand["_deal"] - 1]
        assert hand["event"] == f"class game {game.code}"
        assert hand["players"][hand["seats"].index(1)] == hand["_learner"]
        alone = one_hand(export.text, number)
        assert to_phh(state, seat=0) in alone  # the learner's own view, nothing more
        again, seat = read_hand(alone)
        assert seat == 0 and again.view(0) == state.view(0)
    assert len(list(READER.loads_all(export.text))) == export.hands
    with pytest.raises(ClassGameError, match="only once the game has ended"):
        class_game_phh(store, game.id, every_card=True)
    assert class_game_download(store, game.id, every_card=True)["type"] == "note"
    store.end_game(game.id)
    full = class_game_phh(store, game.id, every_card=True)
    assert full.hands == export.hands and full.name.endswith("-every-card.phhs")
    for number, hand in tomllib.loads(full.text).items():
        state = played[hand["_learner"]][hand["_deal"] - 1]
        assert "??" not in str(hand["actions"])
        assert from_phh(one_hand(full.text, number)).events == state.events
    download = class_game_download(store, game.id)
    assert download["type"] == "download" and download["text"] == export.text and download["name"] == export.name


def test_a_saloon_class_game_says_why_nothing_is_written(store: ClassStore) -> None:
    game = store.create_game(ClassGameSettings("saloon-draw", opponent_count=2, opponent_level=1, deal_count=1))
    assert class_game_download(store, game.id) == {"type": "note", "text": "No hand of this game can be written as "
                                                   "PHH. Nobody has finished a deal yet."}
    play(store, game.id, "ann", 3)
    note = class_game_download(store, game.id)
    assert note["type"] == "note" and "spread limits" in note["text"]


def test_the_teachers_control_links_the_file_and_refuses_every_card_of_an_open_game(store: ClassStore) -> None:
    import base64
    import re

    from pokerlab.widgets.class_game_export import class_game_export_control

    game = store.create_game(ClassGameSettings("five-card-draw-antes", opponent_count=1, opponent_level=1,
                                               deal_count=2))
    play(store, game.id, "ann", 4)
    box = class_game_export_control(store, game.id)
    box.which.value = True
    box.button.click()
    assert "only once the game has ended" in box.result.value and "href" not in box.result.value
    box.which.value = False
    box.button.click()
    found = re.search(r"download='([^']+)' href='data:text/plain;charset=utf-8;base64,([^']+)'", box.result.value)
    export = class_game_phh(store, game.id)
    assert found and found.group(1) == export.name
    assert base64.b64decode(found.group(2)).decode() == export.text and export.hands >= 1
