"""The live tables' benchmark cannot rot unseen: its simulated learners
(``benchmarks/bench_live_tables.py``) sit down at one table through the test servers' Voilà and
dealer and play for a few seconds, the way the benchmark's class of 30 does. No browser is driven
(the servers' fixtures still want Chromium installed); nothing here asserts a time."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.browser.conftest import ROOT, TEACHER_PASSWORD

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_live_tables  # noqa: E402  (benchmarks/ is a folder of scripts, not a package)


def test_two_simulated_learners_sit_down_play_and_every_action_reaches_the_other_page(
        voila_url: str, dealer_url: str) -> None:
    measured = asyncio.run(bench_live_tables.play_class(
        voila_url, tables=1, per_table=2, play=6.0, think=(0.1, 0.4), seed=7, drain=2.0,
        spy=(dealer_url, TEACHER_PASSWORD)))
    assert [learner.problem for learner in measured.learners] == ["", ""]
    assert all(learner.seated_after is not None for learner in measured.learners)
    assert measured.refused == 0 and not any(learner.refusals for learner in measured.learners)
    assert measured.actions >= 3
    # One other page per action: each is matched to that page's update, and to the dealer's push.
    assert measured.missing == 0
    assert len(measured.others) + measured.early == measured.actions
    assert len(measured.others) >= 3 and len(measured.own) >= 3
    assert len(measured.to_dealer) >= 3 and len(measured.from_dealer) >= 3
