"""A click during a scored game on a real JupyterHub: how long the kernel's request takes through the
hub's proxy to the pokerlab service and back.

Starts what ``tests/hub`` starts (``hub/jupyterhub_config.py`` with the dealer as the hub's
``pokerlab`` service on a fresh PostgreSQL database from ``pg_virtualenv``, the test login, local
servers, learners alice and bob and a teacher), has the teacher open a class game of ``--deals`` deals
through the proxy, then, **in alice's own kernel** (as her page's kernel would), plays it: every
click (an action, or "next deal") is one request from her kernel to
``HUB/services/pokerlab/api/class/...``, through configurable-http-proxy to the service, which plays
the computer opponents, stores the step and answers her seat's view. The same number of clicks is
then sent to the service's own address (bypassing the proxy) for comparison, and a round of lesson
quiz answers (ask and answer, graded and kept by the service) through the proxy.

A click's latency here is the kernel's request from sending to the answer parsed (what
:class:`~pokerlab.apps.class_game.ServiceClassGameFlow` waits for before it draws); the browser's leg
to the kernel (the widget's websocket, the same for every app) is not in it. Printed: clicks,
median, p95 and worst for each, and the load. Figures are printed, never asserted.

Run: ``pg_virtualenv -t python benchmarks/bench_hub_latency.py [--deals 10]`` (needs JupyterHub and
configurable-http-proxy as the hub tests do: ``make test`` installs the proxy; as root with the
accounts alice, bob and teacher, each server runs as its own user, as in the hub tests).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import machine  # noqa: E402

PLAY = r'''
import json, time
from pokerlab.dealer.client import DealerClient

def play(url, token, code):
    client = DealerClient(url)
    client.sign_in_hub(token)
    clicks = []
    def timed(call, *arguments):
        start = time.perf_counter()
        answer = call(*arguments)
        clicks.append((time.perf_counter() - start) * 1000)
        return answer
    answer = timed(client.class_join, code)
    game = answer["game"]["id"]
    while not answer["done"]:
        view = answer["view"]
        if view["phase"] == "over":
            answer = timed(client.class_next, game)
        else:
            kinds = {item["kind"] for item in view["legal_actions"]}
            act = {"kind": "draw", "discards": []} if "draw" in kinds else {"kind": "check" if "check" in kinds else "call"}
            answer = timed(client.class_act, game, act)
    return clicks

def quiz(url, token, count):
    client = DealerClient(url)
    client.sign_in_hub(token)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        asked = client.quiz_ask("02-tie-breaks", "medium")
        client.quiz_answer(asked["id"], 0)
        times.append((time.perf_counter() - start) * 1000)
    return times

import os
token = os.environ["JUPYTERHUB_API_TOKEN"]
print(json.dumps({"proxy": play(PROXY, token, CODE_ONE), "direct": play(os.environ["POKERLAB_DEALER_URL"], token, CODE_TWO),
                  "quiz": quiz(PROXY, token, QUIZZES)}))
'''


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"{name}: {len(times)} requests, median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
            f"worst {ordered[-1]:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="deals in each class game (default 10)")
    parser.add_argument("--quizzes", type=int, default=30, help="quiz questions asked and answered (default 30)")
    arguments = parser.parse_args()

    import pytest

    from pokerlab.classroom.class_games import ClassGameSettings
    from pokerlab.dealer.client import DealerClient
    from tests.hub import conftest

    print(machine.describe())
    print(machine.load_average(), "(before the hub starts)")

    class Folders:
        """What the hub fixture asks of pytest's tmp_path_factory: a fresh folder."""

        @staticmethod
        def mktemp(name: str) -> Path:
            return Path(tempfile.mkdtemp(prefix=f"pokerlab-bench-{name}-"))

    starting = conftest.hub.__wrapped__(Folders())  # type: ignore[attr-defined]  # the fixture's own function
    try:
        hub = next(starting)
    except (pytest.skip.Exception, pytest.fail.Exception) as error:
        print(f"The hub did not start: {error}", file=sys.stderr)
        return 1
    try:
        proxied = f"{hub.url}/services/pokerlab"
        teacher = DealerClient(proxied)
        teacher.sign_in_hub(hub.token(conftest.TEACHER))
        settings = ClassGameSettings("five-card-draw-antes", opponent_count=3, opponent_level=2,
                                     deal_count=arguments.deals).to_json()
        one, two = teacher.class_create(settings)["code"], teacher.class_create(settings)["code"]
        print(machine.load_average(), "(hub started; playing)")
        code = (PLAY.replace("PROXY", repr(proxied)).replace("CODE_ONE", repr(one)).replace("CODE_TWO", repr(two))
                .replace("QUIZZES", str(arguments.quizzes)))
        result = json.loads(hub.run_in_kernel("alice", code, timeout=600).strip().splitlines()[-1])
        print(machine.load_average(), "(after playing)")
        print(summary("class-game clicks through the hub's proxy", result["proxy"]))
        print(summary("class-game clicks to the service's own address", result["direct"]))
        print(summary("quiz ask + answer through the hub's proxy", result["quiz"]))
    finally:
        starting.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
