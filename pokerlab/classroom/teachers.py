"""Who may open the teacher's board.

* On JupyterHub (``JUPYTERHUB_USER`` is set for every user's server): the users listed in
  ``POKERLAB_TEACHERS`` (names separated by commas or spaces; set it for every server in the hub's
  configuration, e.g. ``c.Spawner.environment``). Nobody is asked for a password.
* On a hub set up as ``hub/jupyterhub_config.py`` does, no learner's server holds the class's data
  (:mod:`pokerlab.classroom.practice`): :func:`board_access` refuses there, and the board's widget
  (:class:`pokerlab.widgets.board.TeacherBoard`) asks the pokerlab service instead, which opens it
  to members of the hub group ``pokerlab-teachers`` only and answers it from the class's data.
* Elsewhere (one Voilà server for a class): whoever types the password given in
  ``POKERLAB_TEACHER_PASSWORD`` when the server was started. Without that variable nobody can open
  the board on that server.

Everyone else gets a refusal and no data. :func:`board_access` decides once per page;
:func:`password_matches` compares in constant time.

**Wrong passwords slow down** (:class:`PasswordGate`). After a wrong password no password is
checked for :func:`wait_after` seconds: 1 s after the first miss, doubling with each miss in a row
up to :data:`LONGEST_WAIT_SECONDS` (a minute), so 200 guesses take over three hours instead of two
seconds. The count is kept in pokerlab's database (table ``login_waits``), so every page of the
server, in every kernel, shares one wait: opening more pages does not buy more guesses. A password
typed during the wait is not checked (and not counted) until the wait is over; a right one then
opens the board as usual and clears the count. :data:`QUIET_SECONDS` (15 minutes) without a wrong
password also clears it.

>>> board_access({"JUPYTERHUB_USER": "ms-lee", "POKERLAB_TEACHERS": "ms-lee, mr-ortiz"}).allowed
True
>>> print(board_access({"JUPYTERHUB_USER": "sam", "POKERLAB_TEACHERS": "ms-lee"}).refusal)
The teacher's board is only for teachers; sam is not listed as one (POKERLAB_TEACHERS).
>>> practice = {"POKERLAB_PRACTICE_SERVER": "1"}  # the hub recipe's learners' servers
>>> board_access({**practice, "JUPYTERHUB_USER": "sam", "POKERLAB_TEACHERS": "sam"}).refusal.split(";")[0]
"On this hub the class's results are kept by the pokerlab service, where nobody can change them from their own server"
>>> board_access({}).refusal.split(":")[0]
'No teacher password was set when this server started'
>>> board_access({"POKERLAB_TEACHER_PASSWORD": "owl"}).needs_password
True
"""

from __future__ import annotations

import hmac
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.classroom.practice import BOARD_ELSEWHERE, practice_server
from pokerlab.language import N_
from pokerlab.storage.database import Store, insert_ignore
from pokerlab.storage.schema import login_waits, utc_text

TEACHERS_ENV: Final = "POKERLAB_TEACHERS"
PASSWORD_ENV: Final = "POKERLAB_TEACHER_PASSWORD"
HUB_USER_ENV: Final = "JUPYTERHUB_USER"
BOARD_DOOR: Final = "teacher-board"
FIRST_WAIT_SECONDS: Final = 1.0
LONGEST_WAIT_SECONDS: Final = 60.0
QUIET_SECONDS: Final = 15 * 60.0


NOT_A_TEACHER: Final = N_("The teacher's board is only for teachers; {user} is not listed as one ({variable}).")
NO_PASSWORD: Final = N_("No teacher password was set when this server started: the teacher's board stays closed. "
                        "Start the server with {variable} set to open it.")


@dataclass(frozen=True)
class Access:
    """The board's answer for this page: allowed at once, allowed after the password, or refused
    (``refused``: a message of the catalogue, its places filled from ``values``)."""

    allowed: bool
    needs_password: bool = False
    teacher: str = ""
    refused: str = ""
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def refusal(self) -> str:
        """Why the board stays shut, in English ("" when it opens)."""
        return self.refused.format(**self.values)


def teachers(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """The hub users listed as teachers."""
    env = os.environ if environ is None else environ
    return frozenset(name for name in re.split(r"[\s,]+", env.get(TEACHERS_ENV, "")) if name)


def board_access(environ: Mapping[str, str] | None = None) -> Access:
    env = os.environ if environ is None else environ
    hub_user = env.get(HUB_USER_ENV, "").strip()
    if practice_server(env):  # the hub recipe: this server holds only its own learner's data
        return Access(False, refused=BOARD_ELSEWHERE)
    if hub_user:
        if hub_user in teachers(env):
            return Access(True, teacher=hub_user)
        return Access(False, refused=NOT_A_TEACHER, values={"user": hub_user, "variable": TEACHERS_ENV})
    if not env.get(PASSWORD_ENV):
        return Access(False, refused=NO_PASSWORD, values={"variable": PASSWORD_ENV})
    return Access(False, needs_password=True)


def password_matches(typed: object, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``typed`` is the teacher password (compared in constant time)."""
    env = os.environ if environ is None else environ
    expected = env.get(PASSWORD_ENV, "")
    return bool(expected) and isinstance(typed, str) and hmac.compare_digest(typed.encode(), expected.encode())


def wait_after(misses: int) -> float:
    """Seconds before the next password is checked, after ``misses`` wrong ones in a row.

    >>> [wait_after(n) for n in range(9)]
    [0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]
    """
    if misses <= 0:
        return 0.0
    return min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** min(misses - 1, 32))


@dataclass(frozen=True)
class Attempt:
    """What became of a typed password."""

    opened: bool
    """It was the password: the board opens."""
    checked: bool
    """It was compared with the password (False: it came during a wait and was not looked at)."""
    wait: float
    """Seconds before the next password will be checked (0 when it opened)."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


class PasswordGate:
    """The teacher password, checked at most once per wait (see the module docs); the wait is kept
    in ``store`` so all pages of the server share it. ``clock`` gives the time (tests pass a fake)."""

    def __init__(self, store: Store, environ: Mapping[str, str] | None = None, *, door: str = BOARD_DOOR,
                 clock: Callable[[], datetime] = _now) -> None:
        self.store = store
        self.environ = environ
        self.door = door
        self.clock = clock

    def _row(self, connection: Connection, *, lock: bool) -> tuple[int, datetime | None, datetime | None]:
        query = sqlalchemy.select(login_waits).where(login_waits.c.door == self.door)
        if lock and connection.dialect.name == "postgresql":
            query = query.with_for_update()
        row = connection.execute(query).first()
        if row is None:
            return 0, None, None
        return int(row.misses), _moment(row.last_miss_at), _moment(row.next_try_at)

    def remaining(self) -> float:
        """Seconds until a password will be checked (0 when one would be checked now)."""
        _misses, _last, next_try = self.store.read(lambda connection: self._row(connection, lock=False))
        return 0.0 if next_try is None else max(0.0, (next_try - self.clock()).total_seconds())

    def attempt(self, typed: object) -> Attempt:
        """Check ``typed`` unless a wait is running; count a miss. One transaction, row-locked."""

        def work(connection: Connection) -> Attempt:
            insert_ignore(connection, login_waits, {"door": self.door, "misses": 0, "last_miss_at": None, "next_try_at": None})
            misses, last_miss, next_try = self._row(connection, lock=True)
            now = self.clock()
            if last_miss is not None and (now - last_miss).total_seconds() > QUIET_SECONDS:
                misses, next_try = 0, None
            if next_try is not None and now < next_try:
                return Attempt(False, False, (next_try - now).total_seconds())
            where = login_waits.update().where(login_waits.c.door == self.door)
            if password_matches(typed, self.environ):
                connection.execute(where.values(misses=0, last_miss_at=None, next_try_at=None))
                return Attempt(True, True, 0.0)
            misses += 1
            wait = wait_after(misses)
            connection.execute(where.values(
                misses=misses, last_miss_at=utc_text(now), next_try_at=utc_text(now + timedelta(seconds=wait))))
            return Attempt(False, True, wait)

        return self.store.write(work)
