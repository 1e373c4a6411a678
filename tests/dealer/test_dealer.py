"""The dealer process and its API (issue 25): sessions from a learner's name and browser key, the
lobby, a table with two learners, views pushed to each, refusals for callers who may not, and a
dealer killed mid-hand that goes on where it was. Run on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.ioloop import IOLoop

from pokerlab.classroom import identity, names_and_keys
from pokerlab.coach.hand_review import review_seed
from pokerlab.dealer.client import DealerClient, DealerError, DealerUnreachableError
from pokerlab.dealer.handlers import application
from pokerlab.dealer.server import Dealer
from pokerlab.storage import Learner, open_store
from pokerlab.storage.database import forget_stores
from pokerlab.storage.kept_hands import kept_hands

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Running:
    """A dealer serving in a thread of its own (its own event loop), on ``url``."""

    def __init__(self, target: str, **timing: float) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.store = open_store(target)
        self.dealer = Dealer(self.store, teacher_password="owl-42", **timing)
        started = threading.Event()

        def serve() -> None:
            self.loop = IOLoop(make_current=True)
            application(self.dealer).listen(self.port, address="127.0.0.1")
            self.dealer.resume_tables()
            started.set()
            self.loop.start()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert started.wait(20)

    def stop(self) -> None:
        self.loop.add_callback(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(autouse=True)
def quick_hashing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(names_and_keys, "SCRYPT_N", 2**4)
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def running(target: str) -> Iterator[Running]:
    dealer = Running(target, bot_seconds=0.02, next_hand_seconds=0.2)
    yield dealer
    dealer.stop()
    forget_stores()


def claimed(target: str, name: str) -> tuple[Learner, str]:
    """A learner who claimed ``name`` with a fresh browser key, as the store then recognises them, with
    that key: what a page adopts once the learner is signed in."""
    key = names_and_keys.new_key()
    identity.claim(target, name, key)
    row = identity.recognise(target, name, key)
    assert row is not None
    return row, key


class Watcher:
    """A learner's page as the dealer sees it: a client, and the views it was pushed."""

    def __init__(self, url: str, target: str, name: str) -> None:
        self.name = name
        self.key = names_and_keys.new_key()
        identity.claim(target, name, self.key)
        self.client = DealerClient(url)
        self.client.sign_in(name, self.key)
        self.views: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        self.link: Any = None

    def on_view(self, view: dict[str, Any]) -> None:
        with self.changed:
            self.views.append(view)
            self.changed.notify_all()

    def watch(self, code: str) -> None:
        self.link = self.client.watch(code, self.on_view)

    def wait_for(self, test: Any, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for view in reversed(self.views):
                    if test(view):
                        return view
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no such view; the last: {self.views[-1] if self.views else None}")
                self.changed.wait(left)

    def my_turn(self, view: dict[str, Any]) -> bool:
        return bool(view.get("is_my_turn"))


def quiet(view: dict[str, Any]) -> dict[str, Any]:
    kinds = {item["kind"] for item in view["legal_actions"]}
    if "draw" in kinds:
        return {"type": "act", "kind": "draw", "discards": []}
    return {"type": "act", "kind": "check" if "check" in kinds else "call"}


def test_two_learners_at_one_table_each_get_their_own_view(running: Running, target: str) -> None:
    ann, bo = Watcher(running.url, target, "Ann"), Watcher(running.url, target, "Bo")
    assert ann.client.lobby() == []
    code = ann.client.open_table({"game": "five-card-draw", "seats": 3, "bot_level": 1})
    assert [table["code"] for table in bo.client.lobby()] == [code]
    ann.watch(code)
    bo.watch(code)
    ann.link.send({"type": "sit"})
    bo.link.send({"type": "sit"})
    view = ann.wait_for(lambda v: v["table"]["seats"][1]["learner"])  # Ann may have been dealt in before Bo sat
    names = [seat["name"] for seat in view["table"]["seats"]]
    assert names[:2] == ["Ann", "Bo"] and names[2].endswith("(computer)")
    for _ in range(200):  # play hands by checking and calling until each has acted a few times
        for page in (ann, bo):
            last = page.views[-1]
            if last.get("is_my_turn"):
                try:
                    page.link.send(quiet(last))
                except DealerError:
                    pass  # the view moved on meanwhile (an opponent acted): look again
        if ann.views[-1]["table"]["hand_number"] >= 3:
            break
        time.sleep(0.05)
    assert ann.views[-1]["table"]["hand_number"] >= 3
    for page, seat in ((ann, 0), (bo, 1)):  # each saw only their own cards while a hand was in play
        for view in page.views:
            if view.get("players") and view.get("result") is None:
                for player in view["players"]:
                    if player["seat"] != seat:
                        assert all(card is None or card == player["shown_ace"] for card in player["cards"])
    # My hands: each finished hand is kept for each of them, as they saw it, with the review's seed
    for page, seat in ((ann, 0), (bo, 1)):
        learner = identity.recognise(target, page.name, page.key)
        assert learner is not None
        kept = kept_hands(target, learner)
        assert kept and {hand.game for hand in kept} == {"live-five-card-draw"}  # Bo may have sat after hand 1's deal
        for hand in kept:
            number = int(hand.hand_key.rsplit(":", 1)[1])
            assert hand.hand_key == f"live:{code}:{number}" and hand.seat == seat
            assert hand.review_seed == review_seed(code, number)
            for event in hand.hand["events"]:
                if event["kind"] in ("deal", "draw") and event["seat"] != seat:
                    assert event["cards"] == [] and event["received"] == [], f"{page.name} kept {event}"


def test_callers_the_dealer_does_not_know_or_trust_are_refused(running: Running, target: str) -> None:
    identity.claim(target, "Ann", names_and_keys.new_key())
    stranger = DealerClient(running.url)
    with pytest.raises(DealerError, match="do not match a learner"):
        stranger.sign_in("Ann", names_and_keys.new_key())  # somebody else's name, without its key
    with pytest.raises(DealerError, match="not known to the dealer"):
        stranger.lobby()
    with pytest.raises(DealerError, match="not the teacher password"):
        stranger.sign_in_teacher("guess")
    with pytest.raises(DealerError, match="the next one is checked in"):  # the board's wait, shared
        stranger.sign_in_teacher("owl-42")
    ann = Watcher(running.url, target, "Cy")
    code = ann.client.open_table({"seats": 2})
    ann.watch(code)
    with pytest.raises(DealerError, match="Only the teacher"):
        ann.link.send({"type": "end"})
    with pytest.raises(DealerError, match="not seated"):
        ann.link.send({"type": "act", "kind": "fold"})
    with pytest.raises(DealerError, match="Only a teacher opens a table with open hands"):
        ann.client.open_table({"seats": 2, "open_hands": True})
    for _ in range(2):
        ann.client.open_table({"seats": 2})
    with pytest.raises(DealerError, match="You have opened 3 tables that are still open"):
        ann.client.open_table({"seats": 2})  # a learner cannot flood the lobby
    from pokerlab.classroom.teachers import BOARD_DOOR, login_waits

    running.store.write(lambda c: c.execute(login_waits.delete().where(login_waits.c.door == BOARD_DOOR)))  # the wait is over
    teacher = DealerClient(running.url)
    teacher.sign_in_teacher("owl-42")
    views: list[dict[str, Any]] = []
    link = teacher.watch(code, views.append)
    link.send({"type": "pause"})
    with pytest.raises(DealerError, match="learners play"):
        link.send({"type": "sit"})


@pytest.mark.timeout(180)
def test_a_dealer_killed_mid_hand_goes_on_with_every_chip_and_card(target: str, tmp_path: Path) -> None:
    port = free_port()
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "POKERLAB_DATA_DIR": str(tmp_path / "data")}

    def start() -> subprocess.Popen[bytes]:
        process = subprocess.Popen([sys.executable, "-m", "pokerlab.dealer", "--port", str(port), "--database", target,
                                    "--bot-seconds", "0.02", "--next-hand-seconds", "30"],
                                   env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                DealerClient(f"http://127.0.0.1:{port}")._request("GET", "/api/health")
                return process
            except DealerUnreachableError:
                time.sleep(0.1)
        process.kill()
        raise AssertionError(process.stderr.read().decode() if process.stderr else "the dealer did not start")

    dealer = start()
    url = f"http://127.0.0.1:{port}"
    try:
        ann, bo = Watcher(url, target, "Ann"), Watcher(url, target, "Bo")
        code = ann.client.open_table({"seats": 3, "bot_level": 2})
        ann.watch(code)
        bo.watch(code)
        ann.link.send({"type": "sit"})
        bo.link.send({"type": "sit"})
        before = None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # wait for a person's turn, mid-hand
            last = ann.views[-1] if ann.views else {}
            if last.get("phase") not in (None, "waiting", "over") and last["table"]["turn"] and last["table"]["turn"]["person"]:
                before = last
                break
            time.sleep(0.05)
        assert before is not None
        mine = [p["cards"] for p in before["players"] if p["seat"] == 0][0]
        dealer.send_signal(signal.SIGKILL)
        dealer.wait(10)
        dealer = start()
        again = Watcher.__new__(Watcher)
        again.client, again.views, again.changed = DealerClient(url), [], threading.Condition()
        again.client.sign_in("Ann", ann.key)
        again.watch(code)
        view = again.wait_for(lambda v: v.get("players"))
        assert [p["cards"] for p in view["players"] if p["seat"] == 0][0] == mine
        assert view["pot_total"] == before["pot_total"] and view["actor"] == before["actor"]
        assert [p["stack"] for p in view["players"]] == [p["stack"] for p in before["players"]]
        assert view["table"]["turn"]["seconds_left"] > 25  # the person to act gets their full time again
    finally:
        dealer.kill()
        dealer.wait(10)


def test_a_learner_whose_page_closes_is_sat_out_and_comes_back_to_the_same_seat(running: Running, target: str) -> None:
    ann, bo = Watcher(running.url, target, "Ann"), Watcher(running.url, target, "Bo")
    code = ann.client.open_table({"seats": 3, "bot_level": 1})
    ann.watch(code)
    bo.watch(code)
    ann.link.send({"type": "sit"})
    bo.link.send({"type": "sit"})
    bo.wait_for(lambda v: v.get("players"))
    ann.link.close()  # Ann closes her tab
    bo.wait_for(lambda v: not v["table"]["seats"][0]["present"] and "left" in v["table"]["notice"])
    ann.watch(code)
    ann.link.send({"type": "sit"})
    back = bo.wait_for(lambda v: v["table"]["seats"][0]["present"])
    assert back["table"]["seats"][0]["name"] == "Ann"


def test_a_learner_ready_for_the_next_hand_redraws_nobodys_page_until_the_deal(target: str) -> None:
    """Ready changes no view, so none is sent for it: a page redrawn for nothing can lose a click in
    progress (another learner's "Next hand"). The deal it brings on is sent."""
    running = Running(target, bot_seconds=0.02, next_hand_seconds=120)  # only being ready deals on
    try:
        ann, bo = Watcher(running.url, target, "Ann"), Watcher(running.url, target, "Bo")
        code = ann.client.open_table({"seats": 3, "bot_level": 1})
        for page in (ann, bo):
            page.watch(code)
            page.link.send({"type": "sit"})
        while True:  # hand 1 played quietly to its end
            view = ann.wait_for(lambda v: v.get("is_my_turn") or v.get("phase") == "over")
            if view.get("phase") == "over":
                break
            before = len(ann.views)
            try:
                ann.link.send(quiet(view))
            except DealerError:
                pass  # an opponent moved meanwhile
            ann.wait_for(lambda v: len(ann.views) > before)
        over = bo.wait_for(lambda v: v.get("phase") == "over")
        assert over["table"]["hand_number"] == 1
        seen = len(bo.views)
        ann.link.send({"type": "ready"})
        bo.link.send({"type": "ready"})  # the reply comes after every view sent before it, on one socket
        bo.wait_for(lambda v: v["table"]["hand_number"] == 2)
        assert [v["table"]["hand_number"] for v in bo.views[seen:]][:1] == [2], "Ann's ready redrew Bo's page"
    finally:
        running.stop()
        forget_stores()


class FakeHub:
    """What the dealer needs of :class:`jupyterhub.services.auth.HubAuth`: who a token belongs to."""

    access_scopes = {"access:services!service=pokerlab"}
    api_url, api_token = "http://hub.invalid/hub/api", "service-token"

    def __init__(self, tokens: dict[str, dict[str, Any]]) -> None:
        self.tokens = tokens

    async def user_for_token(self, token: str, use_cache: bool = True, sync: bool = True) -> dict[str, Any] | None:
        return self.tokens.get(token)

    def check_scopes(self, required: set[str], model: dict[str, Any]) -> set[str]:
        return required & set(model.get("scopes", []))


def test_on_a_hub_the_dealer_believes_hub_tokens_only_and_teachers_are_a_hub_group(
    target: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26: on a hub the learner is whoever the hub says a token belongs to, never a name the
    kernel sends; the teachers are the members of the pokerlab-teachers group."""
    scope = ["access:services!service=pokerlab"]
    hub = FakeHub({"alice-token": {"name": "alice", "scopes": scope}, "ms-lee-token": {"name": "ms-lee", "scopes": scope},
                   "alice-other-token": {"name": "alice", "scopes": ["read:users:name!user"]}})
    running = Running(target, bot_seconds=0.02, next_hand_seconds=0.2)
    running.dealer.hub = hub

    async def groups(name: str) -> set[str]:
        return {"pokerlab-teachers"} if name == "ms-lee" else set()

    monkeypatch.setattr(running.dealer, "_hub_groups", groups)
    try:
        alice = DealerClient(running.url)
        assert alice.sign_in_hub("alice-token")["teacher"] is False
        teacher = DealerClient(running.url)
        assert teacher.sign_in_hub("ms-lee-token")["teacher"] is True
        for bad in ("forged", "alice-other-token", ""):
            with pytest.raises(DealerError, match="does not know this token|needs your hub token"):
                DealerClient(running.url).sign_in_hub(bad)
        key = names_and_keys.new_key()
        identity.claim(target, "Mallory", key)
        with pytest.raises(DealerError, match="the hub says who you are"):
            DealerClient(running.url).sign_in("Mallory", key)  # a name and key prove nothing on a hub
        with pytest.raises(DealerError, match="no password opens it"):
            DealerClient(running.url).sign_in_teacher("owl-42")
        code = teacher.open_table({"seats": 2, "open_hands": True})
        views: list[dict[str, Any]] = []
        teacher.watch(code, views.append).send({"type": "pause"})
    finally:
        running.stop()
        forget_stores()
