"""The one family of storage failures: every problem with the place pokerlab keeps its data.

Apps catch :class:`StorageError` and show ``str(error)``: each message says, in plain words, what
went wrong and that what was already saved is untouched. The subclasses let code (and tests) tell
the causes apart:

* :class:`StorageUnavailableError`: the database cannot be reached or opened (a wrong or
  unreachable ``POKERLAB_DATABASE_URL``, a folder that cannot be created);
* :class:`StorageReadOnlyError`: the folder or database refuses writes;
* :class:`StorageFullError`: the disk (or the database's quota) is full;
* :class:`StorageCorruptError`: the file is not a pokerlab database, or is damaged;
* :class:`StorageTooNewError`: the database was written by a newer pokerlab;
* :class:`StorageBusyError`: another writer held the database for too long;
* :class:`StorageCommitUnknownError`: the connection was lost during a COMMIT that nothing could check.

Bad *input* (a negative amount, a name with odd characters) is not a storage failure: those raise
the ordinary :class:`~pokerlab.errors.PokerlabError` subclasses of the module concerned.
"""

from __future__ import annotations

import errno

from pokerlab.errors import PokerlabError

NOTHING_LOST = "Nothing that was saved before has been lost."


class StorageError(PokerlabError):
    """pokerlab cannot keep or read its data right now; the message says why in plain words."""


class StorageUnavailableError(StorageError):
    """The database cannot be reached or opened (wrong or unreachable URL, unusable folder)."""


class StorageReadOnlyError(StorageError):
    """The data folder or the database refuses to be written to."""


class StorageFullError(StorageError):
    """There is no room left on the disk (or in the database's quota)."""


class StorageCorruptError(StorageError):
    """A file that should hold pokerlab's data is damaged or is something else."""


class StorageTooNewError(StorageError):
    """The data was written by a newer pokerlab; it is left exactly as it is."""


class StorageBusyError(StorageError):
    """Another writer kept the database locked for longer than pokerlab waits."""


class StorageCommitUnknownError(StorageError):
    """The connection was lost during a COMMIT and nothing could tell whether the change was stored."""


_READ_ONLY = {errno.EACCES, errno.EPERM, errno.EROFS}
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}


def from_os_error(error: OSError, doing: str) -> StorageError:
    """The :class:`StorageError` for an ``OSError`` met while ``doing`` (e.g. "save the game")."""
    reason = error.strerror or str(error)
    if error.errno in _READ_ONLY:
        return StorageReadOnlyError(
            f"Could not {doing}: the data folder does not allow writing ({reason}). {NOTHING_LOST}"
        )
    if error.errno in _FULL:
        return StorageFullError(f"Could not {doing}: the disk is full ({reason}). {NOTHING_LOST}")
    return StorageError(f"Could not {doing}: {reason}. {NOTHING_LOST}")
