"""Whether this server's pages keep anything the class shares.

On a JupyterHub set up as ``hub/jupyterhub_config.py`` does (``docs/classroom.md``), a learner's own
server is given no database: a learner may run any code there, so the dealer (the hub's ``pokerlab``
service) alone holds the class's data. The recipe tells each server so (``POKERLAB_PRACTICE_SERVER=1``
in its environment). The ladder, its wallet and its high scores are played and kept in the service
there (:class:`pokerlab.widgets.ladder_service.ServiceLadderApp`, which ``LadderApp()`` gives wherever
a dealer runs); only a ladder played in the kernel of such a server (no dealer named) is marked
:data:`LADDER_PRACTICE`: it is that learner's own and counts in no class ranking. Class games are
played in the service there (:class:`pokerlab.widgets.class_game.ServiceClassGameApp`, which notebook
09 serves wherever a dealer runs) and the teacher's board reads the service too; the class game played
in a kernel stays closed on such a server. (A learner who removes the variable gains nothing: their server still holds
only their own data.)

>>> practice_server({"POKERLAB_PRACTICE_SERVER": "1"})
True
>>> practice_server({"JUPYTERHUB_USER": "alice", "POKERLAB_DATABASE_URL": "postgresql://db/class"})
False
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final

from pokerlab.language import N_

PRACTICE_ENV: Final = "POKERLAB_PRACTICE_SERVER"
LADDER_PRACTICE: Final = N_(
    "Practice: on this hub your ladder, your wallet and your high scores are kept in your own server only, so "
    "they count in no class ranking. The class plays together at the live tables (09a-live-tables).")
GAME_PRACTICE: Final = N_(
    "Practice: on this hub the games you play on this page are kept in your own server only and count in no "
    "class ranking. What counts for the class is played in the pokerlab service: the Tournament Ladder, class "
    "games and the live tables.")
"""Said in the lobby of the games played in the learner's own kernel (Five-Card Draw, Saloon Draw) on
such a server: they are practice there (issue 26), in the reader's language."""
CLASS_GAMES_ELSEWHERE: Final = N_(
    "This page would play the class game in your own server, which holds none of the class's data on this hub. "
    "Open the class game page (09-class-game): there the game is played in the pokerlab service, where nobody "
    "can change a score from their own server.")
BOARD_ELSEWHERE: Final = N_(
    "On this hub the class's results are kept by the pokerlab service, where nobody can change them from "
    "their own server; the teacher's board reads them from there, for members of the hub's pokerlab-teachers "
    "group only.")


def practice_server(environ: Mapping[str, str] | None = None) -> bool:
    """True on a hub learner's server that holds no class data (the hub recipe's servers)."""
    environ = os.environ if environ is None else environ
    return environ.get(PRACTICE_ENV, "").strip() == "1"


__all__ = ["BOARD_ELSEWHERE", "CLASS_GAMES_ELSEWHERE", "GAME_PRACTICE", "LADDER_PRACTICE", "PRACTICE_ENV", "practice_server"]
