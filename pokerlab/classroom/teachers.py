"""Who may open the teacher's board.

* On JupyterHub (``JUPYTERHUB_USER`` is set for every user's server): the users listed in
  ``POKERLAB_TEACHERS`` (names separated by commas or spaces; set it for every server in the hub's
  configuration, e.g. ``c.Spawner.environment``). Nobody is asked for a password.
* Elsewhere (one Voilà server for a class): whoever types the password given in
  ``POKERLAB_TEACHER_PASSWORD`` when the server was started. Without that variable nobody can open
  the board on that server.

Everyone else gets a refusal and no data. :func:`board_access` decides once per page;
:func:`password_matches` compares in constant time.

>>> board_access({"JUPYTERHUB_USER": "ms-lee", "POKERLAB_TEACHERS": "ms-lee, mr-ortiz"}).allowed
True
>>> print(board_access({"JUPYTERHUB_USER": "sam", "POKERLAB_TEACHERS": "ms-lee"}).refusal)
The teacher's board is only for teachers; sam is not listed as one (POKERLAB_TEACHERS).
>>> board_access({}).refusal.split(":")[0]
'No teacher password was set when this server started'
>>> board_access({"POKERLAB_TEACHER_PASSWORD": "owl"}).needs_password
True
"""

from __future__ import annotations

import hmac
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

TEACHERS_ENV: Final = "POKERLAB_TEACHERS"
PASSWORD_ENV: Final = "POKERLAB_TEACHER_PASSWORD"
HUB_USER_ENV: Final = "JUPYTERHUB_USER"


@dataclass(frozen=True)
class Access:
    """The board's answer for this page: allowed at once, allowed after the password, or refused."""

    allowed: bool
    needs_password: bool = False
    teacher: str = ""
    refusal: str = ""


def teachers(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """The hub users listed as teachers."""
    env = os.environ if environ is None else environ
    return frozenset(name for name in re.split(r"[\s,]+", env.get(TEACHERS_ENV, "")) if name)


def board_access(environ: Mapping[str, str] | None = None) -> Access:
    env = os.environ if environ is None else environ
    hub_user = env.get(HUB_USER_ENV, "").strip()
    if hub_user:
        if hub_user in teachers(env):
            return Access(True, teacher=hub_user)
        return Access(False, refusal=f"The teacher's board is only for teachers; {hub_user} is not listed as one ({TEACHERS_ENV}).")
    if not env.get(PASSWORD_ENV):
        return Access(False, refusal=(
            f"No teacher password was set when this server started: the teacher's board stays closed. "
            f"Start the server with {PASSWORD_ENV} set to open it."))
    return Access(False, needs_password=True)


def password_matches(typed: object, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``typed`` is the teacher password (compared in constant time)."""
    env = os.environ if environ is None else environ
    expected = env.get(PASSWORD_ENV, "")
    return bool(expected) and isinstance(typed, str) and hmac.compare_digest(typed.encode(), expected.encode())
