"""Kernels forked from a warm template process: a page's kernel starts with pokerlab already imported.

A cold kernel spends most of its start importing: Python and ipykernel (about 0.5 s of one core),
then numpy, SQLAlchemy, ipywidgets and pokerlab when the notebook's first cells run (another 0.4 s).
Thirty pages opened in the same second queue for the machine's two cores, so that import time is
what a class waits for (docs/classroom.md, "A whole class at once").

:class:`ForkingProvisioner` is a jupyter_client kernel provisioner (the official hook for how a
kernel process is made). Instead of running ``python -m ipykernel_launcher -f <connection file>``
it asks a *template* process to :func:`os.fork` a child that runs exactly that. The template is one
plain Python process per server that has imported ipykernel and the pokerlab modules the lessons use,
and nothing else: it never starts a kernel, never runs a notebook cell and never sees a learner, so
every child begins as a fresh kernel would, only without the imports. Each child gets the kernel's
own environment, working directory and arguments (as Voilà gives them to a new process), a session
of its own (its own process group, so interrupts and shutdowns reach only it), and new seeds for the
``random`` and numpy generators. Pages share the template's memory pages until they write to them,
so a forked kernel also costs less memory than a started one.

No maintained package does this (searched PyPI and GitHub, December 2026: the fork servers found
spawn whole sandboxes or containers, not Jupyter kernels), hence this module.

voila.json selects it with ``"KernelProvisionerFactory": {"default_provisioner_name":
"pokerlab-fork"}``; :class:`pokerlab.serving.kernels.PoolKeepingKernelManager` registers the name
(pyproject.toml declares the same entry point for an installed pokerlab). A kernel command that is
not this interpreter's ipykernel, or a template that could not start, falls back to jupyter_client's
ordinary process start, with a warning in the server's log.

Run as ``python -m pokerlab.serving.forking SOCKET`` this module is the template. A forked kernel keeps
the template's command line: ``ps`` shows kernels as ``python -m pokerlab.serving.forking ...``, children
of the template (:func:`kernel_processes` tells them apart).
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import importlib
import json
import os
import select
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Final

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner

PROVISIONER_NAME: Final = "pokerlab-fork"
PRELOAD: Final = (
    "ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.comm", "ipywidgets", "anywidget", "numpy",
    "sqlalchemy", "pokerlab.draw", "pokerlab.coach.exact", "pokerlab.coach.equity", "pokerlab.quizzes",
    "pokerlab.lessons.checks", "pokerlab.lessons.walkthroughs", "pokerlab.widgets.apps", "pokerlab.widgets.progress",
    "pokerlab.widgets.quiz", "pokerlab.widgets.pictures", "pokerlab.widgets.hand_stepper",
    "pokerlab.widgets.mastery", "pokerlab.widgets.trainer", "pokerlab.widgets.hand_builder",
    "pokerlab.widgets.pot_diagram", "pokerlab.widgets.coach", "pokerlab.widgets.apps_four_rows",
    "pokerlab.widgets.class_game", "pokerlab.widgets.live", "pokerlab.widgets.my_hands",
    "pokerlab.widgets.board", "pokerlab.coach.advice", "pokerlab.coach.draw_review", "pokerlab.ladder",
    "pokerlab.quizzes.ladder", "pokerlab.rows", "pokerlab.rows.hint", "pokerlab.bots", "pokerlab.match",
    "pokerlab.coach.words", "pokerlab.english_phrases",
)
"""What the template imports: ipykernel and every module a lesson notebook imports."""
START_TIMEOUT: Final = 60.0
"""Longest wait for the template to import everything and listen (seconds)."""


# --- the template process ---------------------------------------------------------------------------


def _read_line(conn: socket.socket, timeout: float = 10.0) -> bytes:
    conn.settimeout(timeout)
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            raise ConnectionError("the request ended before its end of line")
        data += chunk
    return data


def _run_child(request: dict[str, Any], sockets: list[socket.socket], fds: tuple[int, ...]) -> None:
    """In the forked child: become the kernel the request describes, then exit (never return)."""
    code = 1
    try:
        for sock in sockets:  # the template's listener and its other children's connections
            sock.close()
        signal.set_wakeup_fd(-1)
        for fd in fds:
            os.close(fd)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.setsid()  # its own process group: signals for this kernel reach it alone
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [sys.executable, *request["argv"]]
        sys.path[0] = os.getcwd()  # as `python -m ipykernel_launcher` run there would have it
        _reseed()
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance(parent_handle=os.getppid())  # its default was read at import, from no env
        app.initialize(request["argv"])
        _register_with_kernel()
        app.start()
        code = 0
    except SystemExit as error:
        code = error.code if isinstance(error.code, int) else (0 if error.code is None else 1)
    except BaseException:  # noqa: BLE001 - whatever happens, the child must not return to the template's loop
        traceback.print_exc()
    finally:
        os._exit(code)


def _register_with_kernel() -> None:
    """What preloaded modules do at import only when a kernel is running, done now that one is:
    ipywidgets registers its comm targets (without them no widget's state reaches the page)."""
    ipywidgets = sys.modules.get("ipywidgets")
    if ipywidgets is not None:
        ipywidgets.register_comm_target()


def _reseed() -> None:
    """Fresh seeds from the operating system: a forked child would otherwise repeat the template's
    random sequences, and so every other child's."""
    import random

    random.seed()
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()


def serve(socket_path: str, modules: tuple[str, ...]) -> None:
    """The template: import ``modules``, listen on ``socket_path``, fork a kernel per request.

    A request is one JSON line ``{"argv": [...], "env": {...}, "cwd": "..."}`` (``argv`` is what
    follows ``python -m ipykernel_launcher``); the answer on the same connection is ``{"pid": N}``
    and, once that child has exited, ``{"exit": code}``. The template ends (and ends its kernels)
    when the server that started it is gone.
    """
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as error:  # noqa: BLE001 - a module that fails here fails in the kernel, with its traceback
            print(f"pokerlab fork template: not preloaded {name}: {error!r}", file=sys.stderr)
    if threading.active_count() > 1:
        raise RuntimeError("the fork template must have no other threads when it forks")
    gc.collect()
    gc.freeze()  # imported objects stay out of the collector's passes: children do not copy their pages
    server_pid = os.getppid()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path + ".new")
    os.rename(socket_path + ".new", socket_path)  # appears only when it listens
    listener.listen(128)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    children: dict[int, socket.socket] = {}
    try:
        while os.getppid() == server_pid:
            for key, _ in selector.select(timeout=1.0):
                if key.fileobj is listener:
                    conn, _ = listener.accept()
                    try:
                        request = json.loads(_read_line(conn))
                    except (OSError, ValueError) as error:
                        print(f"pokerlab fork template: bad request: {error!r}", file=sys.stderr)
                        conn.close()
                        continue
                    pid = os.fork()
                    if pid == 0:
                        _run_child(request, [listener, conn, *children.values()], (wake_read, wake_write))
                    children[pid] = conn
                    conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
                else:
                    try:
                        os.read(wake_read, 4096)
                    except BlockingIOError:
                        pass
            _reap(children)
    finally:
        for pid in children:
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.unlink(socket_path)
        except OSError:
            pass


def _reap(children: dict[int, socket.socket]) -> None:
    """Collect exited children and tell each one's requester its exit code."""
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        conn = children.pop(pid, None)
        if conn is not None:
            try:
                conn.sendall(json.dumps({"exit": os.waitstatus_to_exitcode(status)}).encode() + b"\n")
            except OSError:
                pass
            conn.close()


# --- the server's side ------------------------------------------------------------------------------


class ForkedProcess:
    """A forked kernel as jupyter_client's provisioner sees a process (the parts of
    :class:`subprocess.Popen` it uses). It is the template's child, not the server's, so it is held
    by a pidfd (Linux): whether it has exited, and signals to it, never reach another process that
    got its number later. Its exit code is the one the template reports; when the server asks
    before that report was read (or the template is gone) an exited kernel reads 0."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._reported: int | None = None
        try:
            self._pidfd: int | None = os.pidfd_open(pid)
        except ProcessLookupError:
            self._pidfd = None  # already gone
        self._writer = writer
        self._watch = asyncio.ensure_future(self._read_exit(reader))

    async def _read_exit(self, reader: asyncio.StreamReader) -> None:
        line = await reader.readline()
        try:
            self._reported = int(json.loads(line)["exit"])
        except (ValueError, KeyError, TypeError):
            pass  # the template went away without a report
        self._writer.close()

    def poll(self) -> int | None:
        if self.returncode is None:
            if self._pidfd is not None and not select.select([self._pidfd], [], [], 0)[0]:
                return None
            self.returncode = self._reported if self._reported is not None else 0
            if self._pidfd is not None:
                os.close(self._pidfd)
                self._pidfd = None
        return self.returncode

    def wait(self) -> int | None:
        return self.poll()

    def send_signal(self, signum: int) -> None:
        if self.poll() is None and self._pidfd is not None:
            signal.pidfd_send_signal(self._pidfd, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkTemplate:
    """The server's one template process: started on first use, started again if it died."""

    _shared: ForkTemplate | None = None

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="pokerlab-fork-")  # mode 0700: only this user
        self.socket_path = str(Path(self._folder.name) / "template.sock")
        self.process: subprocess.Popen[bytes] | None = None
        self._lock = asyncio.Lock()
        atexit.register(self.stop)

    @classmethod
    def shared(cls) -> ForkTemplate:
        if cls._shared is None:
            cls._shared = cls()
        return cls._shared

    def start(self) -> None:
        """Start the template if it is not running (it then imports for about a second)."""
        if self.process is not None and self.process.poll() is None:
            return
        try:
            os.unlink(self.socket_path)
        except FileNotFoundError:
            pass
        self.process = subprocess.Popen([sys.executable, "-m", "pokerlab.serving.forking", self.socket_path],
                                        stdin=subprocess.DEVNULL)

    async def ready(self, timeout: float = START_TIMEOUT) -> bool:
        """Whether the template listens, waiting up to ``timeout`` for one that is starting."""
        async with self._lock:
            self.start()
            deadline = time.monotonic() + timeout
            while not os.path.exists(self.socket_path):
                if self.process is None or self.process.poll() is not None or time.monotonic() > deadline:
                    return False
                await asyncio.sleep(0.05)
            return True

    async def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> ForkedProcess:
        """A new kernel process: ``python -m ipykernel_launcher *argv`` forked from the template."""
        reader, writer = await asyncio.open_unix_connection(self.socket_path)
        writer.write(json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode() + b"\n")
        await writer.drain()
        answer = await asyncio.wait_for(reader.readline(), 30)
        if not answer:
            writer.close()
            raise RuntimeError("the kernel template closed the request without forking")
        return ForkedProcess(int(json.loads(answer)["pid"]), reader, writer)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._folder.cleanup()


def kernel_arguments(cmd: list[str]) -> list[str] | None:
    """What follows ``-m ipykernel_launcher`` when ``cmd`` runs this interpreter's ipykernel (the
    template can fork only that), else ``None``."""
    if len(cmd) < 3 or cmd[1:3] != ["-m", "ipykernel_launcher"]:
        return None
    if os.path.realpath(cmd[0]) != os.path.realpath(sys.executable):
        return None
    return cmd[3:]


class ForkingProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, except that an ipykernel of this interpreter is forked from
    the server's warm template instead of started (see the module docs). Everything else (the
    connection file, ports, shutdown, interrupt by signal to the kernel's process group) is the
    local provisioner's."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        argv = kernel_arguments(cmd)
        template = ForkTemplate.shared()
        if argv is None:
            self.log.warning("Kernel command %s is not this Python's ipykernel: started, not forked.", cmd)
            return await super().launch_kernel(cmd, **kwargs)
        if not await template.ready():
            self.log.warning("The kernel template did not start: kernel started the ordinary way.")
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        self.process = await template.fork(argv, env, cwd)
        self.pid = self.pgid = self.process.pid
        self.cwd = cwd
        return self.connection_info


def kernel_processes(server_pid: int) -> list[Any]:
    """The kernel processes under a server (psutil processes): those started the ordinary way
    (``ipykernel`` in their command line) and those forked from its template."""
    import psutil

    found = []
    for process in psutil.Process(server_pid).children(recursive=True):
        try:
            command = process.cmdline()
            if "ipykernel" in " ".join(command) or (
                    "pokerlab.serving.forking" in command and process.ppid() != server_pid):
                found.append(process)
        except psutil.Error:
            continue
    return found


def register_provisioner(parent: Any) -> None:
    """Make ``pokerlab-fork`` known to jupyter_client's provisioner factory (its config comes from
    ``parent``), also when pokerlab runs from a checkout whose entry points are not installed; when
    it is the default provisioner, start the template now."""
    from importlib.metadata import EntryPoint

    from jupyter_client.provisioning.factory import KernelProvisionerFactory

    factory = KernelProvisionerFactory.instance(parent=parent)
    factory.provisioners.setdefault(PROVISIONER_NAME, EntryPoint(
        PROVISIONER_NAME, f"{__name__}:ForkingProvisioner", KernelProvisionerFactory.GROUP_NAME))
    if factory.default_provisioner_name == PROVISIONER_NAME:
        ForkTemplate.shared().start()  # it imports while the server starts, not while the first learner waits


if __name__ == "__main__":
    serve(sys.argv[1], PRELOAD)
