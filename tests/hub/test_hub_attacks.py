"""On a hub, a learner runs any code they like in their own server. From alice's own kernel, each
way to cheat the live tables or to pose as someone else is tried, and each is refused: the server has
no database credentials to find, the teacher's board there stays closed (the class's data is not
there), the dealer believes the hub's word on who is asking and never an environment variable, a
name or a password, and only members of the hub's teachers group are teachers. In a class game (played
in the dealer) she reads no seed and no card her seat may not see, a result she names is ignored, she
plays as nobody but herself, and the board, the CSV and the others' hands stay closed to her.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from tests.hub.conftest import TEACHER, Hub

pytestmark = pytest.mark.timeout(300)

ATTACKS = r'''
report["environment"] = dict(os.environ)
dealer = os.environ["POKERLAB_DEALER_URL"]
token = os.environ["JUPYTERHUB_API_TOKEN"]

mine = DealerClient(dealer)
attempt("own session", lambda: mine.sign_in_hub(token))
attempt("own lobby", lambda: len(mine.lobby()) >= 0)
attempt("everyone's results", mine.results)
attempt("a table with open hands", lambda: mine.open_table({"seats": 2, "open_hands": True}))
code = mine.open_table({"seats": 2})
link = mine.watch(code, lambda view: None)
attempt("pausing a table", lambda: link.send({"type": "pause"}))
attempt("closing a table", lambda: link.send({"type": "end"}))
link.close()

os.environ["JUPYTERHUB_USER"] = "bob"
os.environ["POKERLAB_TEACHERS"] = "alice"
attempt("bob by the environment", lambda: DealerClient(dealer).sign_in_hub(token))
from pokerlab.classroom.teachers import board_access
report["the board"] = board_access().refusal  # POKERLAB_TEACHERS=alice in her own server
attempt("bob by name and key", lambda: DealerClient(dealer).sign_in("bob", "k" * 43))
attempt("the teacher's password", lambda: DealerClient(dealer).sign_in_teacher("owl-42"))
attempt("a made-up token", lambda: DealerClient(dealer).sign_in_hub("0" * 32))
attempt("no token", lambda: DealerClient(dealer).sign_in_hub(""))
print(json.dumps(report))
'''


def test_a_learner_in_their_own_kernel_cannot_pose_as_another_or_find_the_database(hub: Hub) -> None:
    report = hub.tried_in_kernel("alice", ATTACKS)

    environment = report["environment"]
    database = urlsplit(hub.database)
    assert environment["JUPYTERHUB_USER"] == "alice"
    assert not [name for name in environment if name.startswith(("PG", "POKERLAB_DATABASE"))], sorted(environment)
    for secret in filter(None, [database.password, hub.database, hub.admin_token]):
        assert not [name for name, value in environment.items() if secret in value], "a secret reached alice's server"

    status, session = report["own session"]
    assert status == "done" and session["name"] == "alice" and session["teacher"] is False
    assert report["own lobby"][0] == "done"
    assert report["bob by the environment"][0] == "done"
    assert report["bob by the environment"][1]["name"] == "alice", "the dealer believed JUPYTERHUB_USER"
    assert report["bob by the environment"][1]["teacher"] is False, "the dealer believed POKERLAB_TEACHERS"
    assert "kept by the pokerlab service" in report["the board"], report["the board"]
    refusals = {
        "everyone's results": "Only the teacher",
        "a table with open hands": "Only a teacher",
        "pausing a table": "Only the teacher",
        "closing a table": "Only the teacher",
        "bob by name and key": "the hub says who you are",
        "the teacher's password": "pokerlab-teachers group",
        "a made-up token": "does not know this token",
        "no token": "needs your hub token",
    }
    for attack, words in refusals.items():
        status, answer = report[attack]
        assert status == "refused", f"{attack}: not refused ({answer})"
        assert words in answer, f"{attack}: refused with {answer!r}"


def test_the_teacher_is_the_hub_group_member_and_reads_the_results(hub: Hub) -> None:
    code = r'''
import json, os
from pokerlab.dealer.client import DealerClient
client = DealerClient(os.environ["POKERLAB_DEALER_URL"])
session = client.sign_in_hub(os.environ["JUPYTERHUB_API_TOKEN"])
print(json.dumps({"session": session, "results": client.results()}))
'''
    answer = json.loads(hub.run_in_kernel(TEACHER, code).strip().splitlines()[-1])
    assert answer["session"]["name"] == TEACHER and answer["session"]["teacher"] is True
    assert isinstance(answer["results"], list)


CLASS_ATTACKS = r'''
dealer, token, code = os.environ["POKERLAB_DEALER_URL"], os.environ["JUPYTERHUB_API_TOKEN"], CODE
report["answers"] = []

alice = DealerClient(dealer)
alice.sign_in_hub(token)
answer = alice.class_join(code)
game = answer["game"]["id"]
report["answers"].append(answer)
while not answer["done"]:  # play every deal: call or check, stand pat; each act also names a result
    view = answer["view"]
    if view["phase"] == "over":
        answer = alice.class_next(game)
    else:
        kinds = {item["kind"] for item in view["legal_actions"]}
        act = {"kind": "draw", "discards": []} if "draw" in kinds else {"kind": "check" if "check" in kinds else "call"}
        answer = alice.class_act(game, {**act, "chips": 10**12, "result": 10**12, "learner": "bob", "deal": 1})
    report["answers"].append(answer)
attempt("the board", lambda: alice.class_board(game))
attempt("the games and their codes", alice.class_games)
attempt("the CSV", lambda: alice.class_csv(game))
attempt("bob's hands", lambda: alice.class_learner(game, "bob"))
attempt("a new game", lambda: alice.class_create({"variant": "ladder", "opponent_count": 4, "opponent_level": 1,
                                                  "deal_count": 1}))
attempt("ending the game", lambda: alice.class_end(game))
attempt("deleting the game", lambda: alice.class_delete(game))
attempt("playing a deal again", lambda: alice.class_act(game, {"kind": "call"}))
attempt("the next deal past the last", lambda: alice.class_next(game))

# what her own server keeps is hers alone: a result written there reaches no board
from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.classroom.store import open_class_store
report["local game"] = open_class_store().create_game(ClassGameSettings(deal_count=1)).code

os.environ["POKERLAB_TEACHERS"] = "alice"
from pokerlab.widgets.board import TeacherBoard
board = TeacherBoard()
report["board page"] = [board.screen, board.refusal, board.games]
print(json.dumps(report))
'''


def test_a_learner_cannot_read_seeds_invent_results_play_as_another_or_open_the_board(hub: Hub) -> None:
    from pokerlab.classroom.class_games import ClassGameSettings
    from pokerlab.classroom.store import ClassStore
    from pokerlab.dealer.client import DealerClient
    from pokerlab.storage import open_store

    teacher = DealerClient(hub.dealer)
    assert teacher.sign_in_hub(hub.token(TEACHER))["teacher"] is True
    settings = ClassGameSettings("five-card-draw-antes", opponent_count=2, opponent_level=2, deal_count=2)
    made = teacher.class_create(settings.to_json())
    report = hub.tried_in_kernel("alice", CLASS_ATTACKS.replace("CODE", repr(made["code"])))

    store = ClassStore(open_store(hub.database))
    seeds = store.seeds(int(made["id"]))
    text = json.dumps(report["answers"])
    assert not [seed for seed in seeds if str(seed) in text], "a deal seed reached alice's kernel"
    for answer in report["answers"]:  # no opponent's card, nor a future one, while a deal is played
        view = answer["view"]
        assert view is None or "deck" not in view and "seed" not in view
        if view and view["phase"] != "over":
            assert all(card is None for player in view["players"][1:] for card in player["cards"]), view["players"]
    refusals = {"the board": "Only the teacher", "the games and their codes": "Only the teacher",
                "the CSV": "Only the teacher", "bob's hands": "Only the teacher", "a new game": "Only the teacher",
                "ending the game": "Only the teacher", "deleting the game": "Only the teacher",
                "playing a deal again": "over|played every deal", "the next deal past the last": ""}
    for attack, words in refusals.items():
        status, answer = report[attack]
        if attack == "the next deal past the last":  # answered, but nothing is dealt
            assert status == "refused" or answer["done"], answer
            continue
        assert status == "refused", f"{attack}: not refused ({answer})"
        assert any(word in answer for word in words.split("|")), f"{attack}: refused with {answer!r}"
    assert report["board page"][0] == "refused" and "only for teachers" in report["board page"][1]
    assert report["board page"][2] == []

    board = teacher.class_board(int(made["id"]))  # the teacher's board: the engine's results, alice's alone
    assert [row["name"] for row in board["ranking"]] == ["alice"]
    results = store.results(int(made["id"]))
    assert [(r.learner, r.deal_number) for r in results] == [("alice", 1), ("alice", 2)]
    assert all(abs(r.chips) < 1_000 for r in results), [r.chips for r in results]
    assert report["local game"] not in [game["code"] for game in teacher.class_games()]
