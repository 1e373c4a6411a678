"""The one family of storage failures: every problem with the place pokerlab keeps its data.

Two audiences read a storage failure, so each error carries two texts:

* ``str(error)`` is for the learner, in plain words: what could not be done and why, whether what
  was saved before is safe (said only when it is true), and what to do. It never holds a URL, a
  host, a user name, a file path or a driver's message: a learner's page shows it as it is.
* ``error.details`` is for whoever runs the server: the database (its URL without the password, or
  the file), the driver's message and the SQLSTATE or SQLite error. It goes to the log (logger
  ``"pokerlab.storage"``) when the failure is raised, and ``python -m pokerlab`` prints it to the
  teacher.

The subclasses let code (and tests) tell the causes apart; each also carries, as data, the short
``cause`` and the ``advice`` its message is made of, so the apps can say the same in their own
sentence (:func:`pokerlab.storage.guarded.guarded`):

* :class:`StorageUnavailableError`: the database cannot be reached or opened right now (a server
  that is down, a folder that cannot be made), and its :class:`StorageSettingError`: the database
  setting (``POKERLAB_DATABASE_URL``, a URL given to :func:`~pokerlab.storage.open_store`) is wrong;
* :class:`StorageReadOnlyError`: the folder, the disk or the database refuses writes;
* :class:`StorageFullError`: the disk (or the database's quota) is full;
* :class:`StorageCorruptError`: the file is damaged, and its :class:`StorageNotPokerlabError`: the
  file is another program's database (left untouched);
* :class:`StorageTooNewError`: the database was written by a newer pokerlab;
* :class:`StorageBusyError`: another writer held the database for too long;
* :class:`StorageCommitUnknownError`: the connection was lost during a COMMIT that nothing could check.

Bad *input* (a negative amount, a name with odd characters) is not a storage failure: those raise
the ordinary :class:`~pokerlab.errors.PokerlabError` subclasses of the module concerned.
"""

from __future__ import annotations

import errno
import io
import logging
import os
import re
import sys
from typing import Any, ClassVar, Final, TypeVar

from pokerlab.errors import PokerlabError
from pokerlab.language import N_

NOTHING_LOST: Final = "Nothing that was saved before has been lost."
logger: Final = logging.getLogger("pokerlab.storage")
"""Where the details of every storage failure go (see :func:`storage_failure`)."""


class StorageError(PokerlabError):
    """pokerlab cannot keep or read its data right now; the message says why in plain words.

    ``details`` (maybe empty) says exactly what failed, for the server log and the teacher."""

    cause: ClassVar[str] = N_("the data store reported a problem")
    """Why, in a few words that fit in "pokerlab could not save your game (...)"."""
    nothing_lost: ClassVar[bool] = True
    """Whether what was saved before is certainly still there."""
    advice: ClassVar[str] = N_("Try again; if it keeps happening, tell your teacher.")
    """What the learner can do."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


class StorageUnavailableError(StorageError):
    """The database cannot be reached or opened (a server that is down, an unusable folder)."""

    cause = N_("the data store cannot be reached")
    advice = N_("Try again in a minute; if it keeps happening, tell your teacher.")


class StorageSettingError(StorageUnavailableError):
    """The database setting names no database pokerlab can use (bad URL, port, password or name)."""

    cause = N_("its database setting is wrong")
    advice = N_("Tell your teacher or whoever runs this pokerlab server.")


class StorageReadOnlyError(StorageError):
    """The data folder, the disk or the database refuses to be written to."""

    cause = N_("the data store does not allow writing")
    advice = N_("Tell your teacher or whoever runs this computer.")


class StorageFullError(StorageError):
    """There is no room left on the disk (or in the database's quota)."""

    cause = N_("the disk is full")
    advice = N_("Free some space, or tell your teacher.")


class StorageCorruptError(StorageError):
    """A file that should hold pokerlab's data is damaged."""

    cause = N_("the data file is damaged")
    nothing_lost = False
    advice = N_("pokerlab has left the file exactly as it is; tell your teacher, who can restore it from a backup.")


class StorageNotPokerlabError(StorageCorruptError):
    """The file named as pokerlab's database is another program's database; it is left untouched."""

    cause = N_("the data file belongs to another program")
    advice = N_("pokerlab has not touched it; tell your teacher: pokerlab needs a file of its own.")


class StorageTooNewError(StorageError):
    """The data was written by a newer pokerlab; it is left exactly as it is."""

    cause = N_("the data was written by a newer pokerlab")
    advice = N_("It was left exactly as it is; update pokerlab, or ask your teacher to.")


class StorageBusyError(StorageError):
    """Another writer kept the database locked for longer than pokerlab waits."""

    cause = N_("the data store stayed busy (another page kept it locked)")
    advice = N_("Try again in a moment.")


class StorageCommitUnknownError(StorageError):
    """The connection was lost during a COMMIT and nothing could tell whether the change was stored."""

    cause = N_("the connection was lost while the change was being stored")
    advice = N_("Reload the page: it shows what was stored.")


Failure = TypeVar("Failure", bound=StorageError)


def learner_message(kind: type[StorageError], doing: str) -> str:
    """The learner's sentence for a failure of ``kind`` met while ``doing`` ("save your game")."""
    lost = f" {NOTHING_LOST}" if kind.nothing_lost else ""
    if issubclass(kind, StorageCommitUnknownError):
        return f"pokerlab cannot tell whether it managed to {doing}: {kind.cause}.{lost} {kind.advice}"
    return f"pokerlab could not {doing}: {kind.cause}.{lost} {kind.advice}"


def storage_failure(kind: type[Failure], doing: str, details: str) -> Failure:
    """A ``kind`` failure met while ``doing``, its ``details`` logged for whoever runs the server."""
    log_failure(kind.__name__, doing, details)
    return kind(learner_message(kind, doing), details)


def log_failure(name: str, doing: str, details: str) -> None:
    """Log a storage failure's details (logger ``pokerlab.storage``, level WARNING)."""
    _keep_log_off_the_page()
    logger.warning("%s while trying to %s: %s", name, doing, details or "(no details)")


_log_checked = False


def _keep_log_off_the_page() -> None:
    """In a Jupyter kernel, send ``pokerlab.storage`` to the server's log only.

    ipykernel replaces ``sys.stderr`` by a stream that goes to the browser (and, where it watches
    file descriptor 2, forwards that too, keeping the server's own descriptor as
    ``sys.stderr._original_stdstream_copy``, where its own log writes). A handler on ``sys.stderr``,
    Python's last-resort one or any a notebook set up with ``logging.basicConfig()``, would show the
    details on the learner's page: in a kernel the records go to the server's descriptor and nowhere
    else. Outside a kernel logging works as configured (by default: stderr)."""
    global _log_checked
    if _log_checked:
        return
    _log_checked = True
    kernel_stream = getattr(sys.modules.get("ipykernel.iostream"), "OutStream", None)
    if kernel_stream is None or not isinstance(sys.stderr, kernel_stream):
        return
    original = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(original, int):
        server: Any = io.TextIOWrapper(io.FileIO(os.dup(original), "w"), line_buffering=True)
    else:  # descriptor 2 is not forwarded: it is still the server's
        server = sys.__stderr__
    handler = logging.StreamHandler(server)
    handler.setFormatter(logging.Formatter("[%(name)s %(levelname)s %(asctime)s] %(message)s"))
    logger.addHandler(handler)
    logger.propagate = False


_PASSWORD_IN_URL: Final = re.compile(r"(://[^:/@\s]*:)[^@\s]*@")


def hide_password(text: str) -> str:
    """``text`` (a URL, or text that may hold one) with any password in it replaced by ``***``."""
    return _PASSWORD_IN_URL.sub(r"\1***@", text)


_READ_ONLY: Final = {errno.EACCES, errno.EPERM, errno.EROFS}
_FULL: Final = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}


def from_os_error(error: OSError, doing: str, where: object = None) -> StorageError:
    """The :class:`StorageError` for an ``OSError`` met while ``doing`` (e.g. "save your game") on
    ``where`` (a file or folder, named only in the details)."""
    if error.errno in _READ_ONLY:
        kind: type[StorageError] = StorageReadOnlyError
    elif error.errno in _FULL:
        kind = StorageFullError
    else:
        kind = StorageError
    place = f"{where}: " if where is not None and str(where) not in str(error) else ""
    return storage_failure(kind, doing, f"{place}{error}")
