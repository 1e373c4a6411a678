"""Who may open the teacher's board (:class:`pokerlab.widgets.board.TeacherBoard`): on a hub's learner
server the dealer says whether this hub user is a teacher (:meth:`AccessPart.service_door`); elsewhere
the teacher settings say (:func:`~pokerlab.classroom.teachers.board_access`), with the teacher password
checked through :class:`~pokerlab.classroom.teachers.PasswordGate`, which makes wrong passwords wait.

Apart from the board's class games because until a door opens the board holds nothing but the refusal
or the password form; the board mixes this in and owns the traits it sets.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Mapping

from pokerlab.classroom.store import ClassStore
from pokerlab.classroom.teachers import PasswordGate, board_access
from pokerlab.dealer.client import URL_ENV_VAR, DealerClient, DealerError
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.widgets._updates import one_update


class AccessPart:
    """The board's doors and its password form (see the module docs)."""

    screen: str
    refusal: str
    service: DealerClient | None
    store: ClassStore
    environ: Mapping[str, str] | None
    """Where the teacher settings are read (None: this server's environment)."""
    password_gate: Callable[[ClassStore, Mapping[str, str] | None], PasswordGate]
    open_board: Callable[[str], None]
    """The board's: open it for ``teacher``."""
    refuse: Callable[..., None]
    tell: Callable[..., None]
    show_text: Callable[[str], None]

    pending_login: asyncio.TimerHandle | None = None
    """A password to check once the wait of wrong passwords is over (None: none waits)."""

    def service_door(self, env: Mapping[str, str]) -> None:
        """On a hub learner's server: the board opens when the dealer says this hub user is a teacher."""
        client = DealerClient(env.get(URL_ENV_VAR) or None)
        try:
            answer = client.sign_in_hub(env.get("JUPYTERHUB_API_TOKEN", ""))
        except DealerError as error:
            self.refuse(N_("The board could not reach the pokerlab service: {error}"), error=error)
            return
        if not answer.get("teacher"):
            self.refuse(N_("The teacher's board is only for teachers; the hub does not list {name} in its "
                           "pokerlab-teachers group."), name=answer.get("name"))
            return
        self.service = client
        self.open_board(str(answer.get("name") or "teacher"))

    def local_door(self, environ: Mapping[str, str] | None) -> None:
        access = board_access(environ)
        if access.allowed:
            self.open_board(access.teacher)
        elif access.needs_password:
            self.screen = "login"
        else:
            self.refuse(access.refused, **access.values)

    def login(self, password: object) -> None:
        """Check the password, unless wrong passwords typed on this server (in any page) have
        started a wait (:class:`~pokerlab.classroom.teachers.PasswordGate`): then the board says
        it is waiting and checks this password by itself when the wait is over."""
        if self.screen != "login":
            return
        if self.pending_login is not None:
            self.pending_login.cancel()
            self.pending_login = None
        if password == "":  # nothing typed: not a wrong password, so no one waits for it
            self.tell(N_("Type the teacher password, then open the board."))
            return
        attempt = self.password_gate(self.store.store, self.environ).attempt(password)
        if attempt.opened:
            self.open_board("teacher")
            return
        seconds = max(1, math.ceil(attempt.wait))
        if attempt.checked:
            if attempt.wait > 1:
                self.tell(N_("That is not the teacher password. After several wrong passwords pokerlab waits before it "
                             "checks another one: the next is checked in {seconds} s."), seconds=seconds)
            else:
                self.tell(N_("That is not the teacher password."))
            return
        if self._check_later(attempt.wait, password):
            self.tell(N_("Too many wrong passwords were typed on this server, so pokerlab is waiting {seconds} s before it "
                         "checks another one. Keep this page open: your password is checked then."), seconds=seconds)
        else:
            self.tell(N_("Too many wrong passwords were typed on this server, so pokerlab is waiting {seconds} s before it "
                         "checks another one. Try again then."), seconds=seconds)

    def _check_later(self, delay: float, password: object) -> bool:
        """Check ``password`` again after ``delay`` seconds on the kernel's event loop (the kernel
        stays free meanwhile); False where no loop runs (plain Python), so nothing is scheduled."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self.pending_login = loop.call_later(delay + 0.05, self._login_when_waited, password)
        return True

    @one_update
    def _login_when_waited(self, password: object) -> None:
        self.pending_login = None
        try:
            self.login(password)
        except (PokerlabError, ValueError) as error:
            self.show_text(str(error))
