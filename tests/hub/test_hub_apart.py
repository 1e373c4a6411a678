"""Each learner's server runs as that learner's own system user (as on a real hub), so nothing a
learner runs there reaches a classmate's server, the dealer or the hub: from alice's kernel, bob's
server's environment (his hub token), the dealer's (the database URL), bob's home (his practice games)
and the hub's own files (its database and cookie secret) are all refused by the operating system."""

from __future__ import annotations

import json
import os
import pwd

import pytest

from tests.hub.conftest import Hub, learners_apart

pytestmark = pytest.mark.timeout(300)

LOOK_AROUND = r'''
import json, os, pwd
me = os.getuid()
bob = pwd.getpwnam("bob").pw_uid
report = {"me": pwd.getpwuid(me).pw_name, "others read": [], "bob's processes": 0, "refused": 0}
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        owner = os.stat(f"/proc/{pid}").st_uid
        if owner == me:
            continue
        report["bob's processes"] += owner == bob
        with open(f"/proc/{pid}/environ", "rb") as environ:
            text = environ.read()
        if b"JUPYTERHUB_API_TOKEN" in text or b"POKERLAB_DATABASE_URL" in text:
            report["others read"].append(pid)
    except PermissionError:
        report["refused"] += 1
    except (FileNotFoundError, ProcessLookupError):
        pass

def opened(path):
    try:
        if os.path.isdir(path):
            os.listdir(path)
        else:
            open(path, "rb").close()
        return "opened"
    except PermissionError:
        return "refused"
    except FileNotFoundError:
        return "missing"

report["paths"] = {path: opened(path) for path in PATHS}
print(json.dumps(report))
'''


def test_a_learner_cannot_read_a_classmates_server_the_dealer_or_the_hub(hub: Hub) -> None:
    if not learners_apart():
        pytest.skip("the learners' servers run as one system user here (see tests/hub/conftest.py)")
    state = hub.log.parent / "state"
    paths = [str(state / "jupyterhub.sqlite"), str(state / "jupyterhub_cookie_secret"),
             pwd.getpwnam("bob").pw_dir]
    assert all(os.path.exists(path) for path in paths), paths  # they are there to be refused
    report = json.loads(hub.run_in_kernel("alice", f"PATHS = {paths!r}\n" + LOOK_AROUND).strip().splitlines()[-1])
    assert report["me"] == "alice"
    assert report["bob's processes"] > 0  # bob's server is running, under his own account
    assert report["others read"] == []  # no other account's hub token or database URL
    assert report["refused"] > 0
    assert report["paths"] == {path: "refused" for path in paths}
