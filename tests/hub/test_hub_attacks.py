"""On a hub, a learner runs any code they like in their own server. From alice's own kernel, each
way to cheat the live tables or to pose as someone else is tried, and each is refused: the server has
no database credentials to find, the teacher's board there stays closed (the class's data is not
there), the dealer believes the hub's word on who is asking and never an environment variable, a
name or a password, and only members of the hub's teachers group are teachers.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from tests.hub.conftest import TEACHER, Hub

pytestmark = pytest.mark.timeout(300)

ATTACKS = r'''
import json, os
from pokerlab.dealer.client import DealerClient, DealerError

report = {"environment": dict(os.environ)}
dealer = os.environ["POKERLAB_DEALER_URL"]
token = os.environ["JUPYTERHUB_API_TOKEN"]

def attempt(label, call):
    try:
        report[label] = ["done", call()]
    except DealerError as error:
        report[label] = ["refused", str(error)]

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
    report = json.loads(hub.run_in_kernel("alice", ATTACKS).strip().splitlines()[-1])

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
