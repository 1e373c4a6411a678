"""``python -m pokerlab.dealer``: run the dealer (see :mod:`pokerlab.dealer.server`)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from pokerlab.errors import PokerlabError


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pokerlab.dealer",
        description="The live tables' dealer: holds every deck and hand in progress, stores every table, and "
                    "answers learners' kernels with their own seat's view.")
    parser.add_argument("--ip", default="127.0.0.1", help="address to listen on (default: this machine only)")
    parser.add_argument("--port", type=int, default=8867, help="port (default 8867)")
    parser.add_argument("--database", metavar="URL_OR_PATH", default=None,
                        help="database (default: POKERLAB_DATABASE_URL, else the SQLite file in the data folder)")
    parser.add_argument("--bot-seconds", type=float, default=None, help="how long a computer opponent thinks")
    parser.add_argument("--next-hand-seconds", type=float, default=None, help="how long a result stays up")
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s pokerlab.dealer %(levelname)s %(message)s")

    from tornado.ioloop import IOLoop

    # deferred: the dealer (tornado, the engine, SQLAlchemy) only once the arguments are good, so --help answers at once
    from pokerlab.dealer.handlers import application
    from pokerlab.dealer.server import Dealer
    from pokerlab.dealer.tables import BOT_SECONDS, NEXT_HAND_SECONDS
    from pokerlab.storage import open_store

    quick = os.environ.get("POKERLAB_TEST_MODE") == "1"
    try:
        store = open_store(arguments.database)
    except PokerlabError as error:
        print(f"pokerlab dealer: {error}", file=sys.stderr)
        return 1
    hub = None
    if os.environ.get("JUPYTERHUB_SERVICE_NAME"):  # run by a JupyterHub as its service
        from jupyterhub.services.auth import HubAuth

        hub = HubAuth()
    dealer = Dealer(
        store,
        hub=hub,
        bot_seconds=arguments.bot_seconds if arguments.bot_seconds is not None else (0.05 if quick else BOT_SECONDS),
        next_hand_seconds=(arguments.next_hand_seconds if arguments.next_hand_seconds is not None
                           else (1.0 if quick else NEXT_HAND_SECONDS)),
        teacher_password=os.environ.get("POKERLAB_TEACHER_PASSWORD") or None,
        test_mode=quick,
    )
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/") if hub is not None else "/"
    application(dealer, prefix).listen(arguments.port, address=arguments.ip)
    loop = IOLoop.current()
    loop.add_callback(lambda: logging.info("%d tables going on; listening on http://%s:%d%s", dealer.resume_tables(),
                                           arguments.ip, arguments.port, prefix))
    loop.start()
    return 0


if __name__ == "__main__":
    sys.exit(main())
