"""Kernels forked from the warm template (pokerlab.serving.forking): each one as clean as a kernel
started on its own, whatever the kernel forked before it did, and managed like one (interrupt,
shutdown, the template going away).

Each test drives real kernels through jupyter_client, as Voilà does: no browser, a few seconds.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import AsyncKernelManager

from pokerlab.serving.forking import ForkedProcess, ForkTemplate, kernel_arguments, register_provisioner
from tests.event_loops import run_alone

ROOT = Path(__file__).resolve().parents[2]

# What a kernel can tell about itself, printed as one JSON line: its user namespace, the widgets it
# holds, its random generators' next draws, its environment and process, the comm targets a page needs.
INSPECT = """
import json as _json, os as _os, sys as _sys, random as _random
import numpy as _np, ipywidgets as _w
from ipykernel.comm import CommManager as _CM
_kernel = get_ipython().kernel
print(_json.dumps({
    "names": sorted(k for k in get_ipython().user_ns if not k.startswith("_") and k not in ("In", "Out", "exit", "quit", "get_ipython")),
    "widgets": len(_w.Widget.widgets),
    "random": _random.random(), "numpy": float(_np.random.random()),
    "query": _os.environ.get("QUERY_STRING"), "marker": _os.environ.get("POKERLAB_FORK_TEST"),
    "cwd": _os.getcwd(), "path0": _sys.path[0], "pid": _os.getpid(), "pgid": _os.getpgid(0),
    "targets": sorted(_kernel.comm_manager.targets),
    "flow_keys": len(_sys.modules["pokerlab.apps.named_in_code"]._CODE_KEYS) if "pokerlab.apps.named_in_code" in _sys.modules else 0,
}))
"""

# What one learner's page leaves in its kernel: the lesson's table, a name, a secret, module state.
LEARNER = """
import os, random
from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.apps import named_in_code
app = FiveCardDrawApp()
learner_name = "Ann"
os.environ["POKERLAB_FORK_TEST"] = "Ann was here"
named_in_code._CODE_KEYS["ann"] = "Ann's code key"
random.seed(1); import numpy; numpy.random.seed(1)
"""


async def _execute(km: AsyncKernelManager, code: str, timeout: float = 60) -> dict[str, Any]:
    """Run ``code``; the reply and everything it printed."""
    client = km.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=timeout)
        msg_id = client.execute(code)
        printed = []
        while True:
            message = await client.get_iopub_msg(timeout=timeout)
            if message["parent_header"].get("msg_id") != msg_id:
                continue
            if message["msg_type"] == "stream" and message["content"]["name"] == "stdout":
                printed.append(message["content"]["text"])
            if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
                break
        reply = await client.get_shell_msg(timeout=timeout)
        return {"status": reply["content"]["status"], "ename": reply["content"].get("ename"), "out": "".join(printed)}
    finally:
        client.stop_channels()


async def _inspect(km: AsyncKernelManager) -> dict[str, Any]:
    result = await _execute(km, INSPECT)
    assert result["status"] == "ok", result
    return json.loads(result["out"].strip().splitlines()[-1])


@asynccontextmanager
async def _kernel(provisioner: str, query: str, cwd: Path) -> AsyncIterator[AsyncKernelManager]:
    # ipc, as voila.json has it; an absolute socket path, since the kernel runs in ``cwd``
    km = AsyncKernelManager(kernel_name="python3", transport="ipc", ip=str(cwd / f"kernel-{query or 'x'}"))
    register_provisioner(km)
    km.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": provisioner}
    env = {**os.environ, "QUERY_STRING": query,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    await km.start_kernel(env=env, cwd=str(cwd))
    try:
        yield km
    finally:
        await km.shutdown_kernel(now=True)


@pytest.fixture()
def template() -> Any:
    ForkTemplate._shared = None  # a template of this test's own
    yield
    if ForkTemplate._shared is not None:
        ForkTemplate._shared.stop()
        ForkTemplate._shared = None


def test_kernel_arguments_only_for_this_pythons_ipykernel() -> None:
    import sys

    assert kernel_arguments([sys.executable, "-m", "ipykernel_launcher", "-f", "c.json"]) == ["-f", "c.json"]
    assert kernel_arguments(["/usr/bin/other-python", "-m", "ipykernel_launcher", "-f", "c.json"]) is None
    assert kernel_arguments([sys.executable, "-m", "some_other_kernel", "-f", "c.json"]) is None


def test_a_forked_kernel_is_clean_for_each_learner(template: None, tmp_path: Path) -> None:
    """Two learners' kernels forked from the same template, the second after the first played: the
    second has none of the first's names, widgets, environment, module state or random sequence,
    and is what a kernel started on its own would be."""

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with _kernel("pokerlab-fork", "learner=ann", tmp_path) as ann:
            assert isinstance(ann.provisioner.process, ForkedProcess)  # really forked, not started
            played = await _execute(ann, LEARNER)
            assert played["status"] == "ok", played
            ann_after = await _inspect(ann)
            async with _kernel("pokerlab-fork", "learner=bob", tmp_path) as bob:
                bob_first = await _inspect(bob)
            async with _kernel("pokerlab-fork", "learner=cy", tmp_path) as cy:
                cy_first = await _inspect(cy)
        async with _kernel("local-provisioner", "learner=dee", tmp_path) as dee:
            assert not isinstance(dee.provisioner.process, ForkedProcess)
            started = await _inspect(dee)
        return ann_after, bob_first, cy_first, started

    ann, bob, cy, started = run_alone(scenario())
    # Ann's page did leave state in her kernel (so the checks below can tell).
    assert {"app", "learner_name"} <= set(ann["names"]) and ann["widgets"] > 0 and ann["flow_keys"] == 1
    assert ann["marker"] == "Ann was here"
    for fresh in (bob, cy):
        assert fresh["names"] == started["names"]  # nothing of Ann's (or anyone's) in the namespace
        assert fresh["widgets"] == started["widgets"] == 0
        assert fresh["flow_keys"] == 0 and fresh["marker"] is None
        assert fresh["targets"] == started["targets"]  # the widget comm targets a page needs are there
        assert "jupyter.widget.control" in fresh["targets"]
        assert fresh["cwd"] == fresh["path0"] == started["cwd"] == str(tmp_path)
        assert fresh["pid"] == fresh["pgid"] != ann["pid"]  # a process (and process group) of its own
    assert bob["query"] == "learner=bob" and cy["query"] == "learner=cy"
    # Fresh random sequences: forked children of one template would otherwise share the template's.
    assert len({bob["random"], cy["random"], ann["random"]}) == 3
    assert len({bob["numpy"], cy["numpy"], ann["numpy"]}) == 3


def test_a_forked_kernel_is_interrupted_and_shut_down_alone(template: None, tmp_path: Path) -> None:
    async def scenario() -> tuple[dict[str, Any], int, int | None]:
        async with _kernel("pokerlab-fork", "", tmp_path) as km:
            pid = km.provisioner.pid
            started = tmp_path / "sleeping"
            busy = asyncio.ensure_future(_execute(
                km, f"import pathlib, time; pathlib.Path({str(started)!r}).touch(); time.sleep(60)"))
            for _ in range(600):  # interrupt only once the cell runs: an idle kernel shrugs a SIGINT off
                if started.exists():
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.2)
            await km.interrupt_kernel()
            interrupted = await asyncio.wait_for(busy, 20)
        return interrupted, pid, km.provisioner.process.poll() if km.provisioner and km.provisioner.process else None

    interrupted, pid, _ = run_alone(scenario())
    assert interrupted["ename"] == "KeyboardInterrupt"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # shut down: gone (reaped by the template, which is still there)
    assert ForkTemplate.shared().process is not None and ForkTemplate.shared().process.poll() is None


def test_forked_kernels_end_with_their_template(template: None, tmp_path: Path) -> None:
    async def scenario() -> int | None:
        async with _kernel("pokerlab-fork", "", tmp_path) as km:
            process = km.provisioner.process
            # a kernel that answers has started its watch on its parent: killed before that, under load,
            # it took the template's death for its start and never noticed (a CI run on 3 Dec)
            await _execute(km, "None")
            ForkTemplate.shared().process.send_signal(signal.SIGKILL)
            for _ in range(100):
                if process.poll() is not None:
                    break
                await asyncio.sleep(0.1)
            return process.poll()

    assert run_alone(scenario()) is not None  # the kernel noticed its template was gone and ended
