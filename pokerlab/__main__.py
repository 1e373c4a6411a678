"""pokerlab's command line, for the teacher or whoever runs the server: ``python -m pokerlab ...``.

Commands:

* ``release-name NAME``: free a learner's display name so the next browser that claims it gets it
  (a learner who changed computer or cleared the browser); their data stays with the name.
* ``names``: list the learners and whether each name is held by a browser.
* ``upgrade-db``: open the database (running any pending migrations) and print its revision.

Every command takes ``--database URL_OR_PATH`` (default: ``POKERLAB_DATABASE_URL``, else the SQLite
file in the data folder). Errors are printed as one plain sentence and exit with status 1; a storage
failure is followed by its details (the database without its password, the driver's message), which
a learner's page never shows but whoever runs the server needs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pokerlab.errors import PokerlabError

DESCRIPTION = """\
pokerlab's commands for the teacher (or whoever runs the pokerlab server).
The database is POKERLAB_DATABASE_URL when set, else pokerlab.sqlite3 in the data folder
(POKERLAB_DATA_DIR); --database chooses another."""

EPILOG = """\
examples:
  python -m pokerlab names
  python -m pokerlab release-name "Ada Lovelace"
  python -m pokerlab --database postgresql+psycopg://pokerlab@db/pokerlab upgrade-db"""


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="python -m pokerlab", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    main.add_argument(
        "--database", metavar="URL_OR_PATH", default=None,
        help="database URL (postgresql+psycopg://...) or SQLite file; default as described above",
    )
    commands = main.add_subparsers(dest="command", metavar="COMMAND", required=True)
    release = commands.add_parser(
        "release-name", help="free a learner's name so their next browser can claim it",
        description=(
            "Free NAME so that the next browser claiming it gets it, with all of that learner's data "
            "(wallet, ladder, saves, results). Use it when a learner changed computer or browser, or "
            "cleared the browser's data, and is told the name is taken. Names are matched ignoring "
            "case and spaces. Hub users cannot be released: the hub says who they are."
        ),
    )
    release.add_argument("name", metavar="NAME", help='the display name, e.g. "Ada Lovelace" (quote it)')
    commands.add_parser("names", help="list the learners and whether a browser holds each name",
                        description="List every learner: name, kind (browser, hub or legacy) and whether the name is held.")
    commands.add_parser("upgrade-db", help="bring the database up to date and print its schema revision",
                        description="Open the database, run any pending migrations, and print the revision.")
    return main


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    try:
        return _run(arguments)
    except PokerlabError as error:
        print(f"pokerlab: {error}", file=sys.stderr)
        details = getattr(error, "details", "")  # a StorageError's, for the teacher
        if details:
            print(f"pokerlab: details: {details}", file=sys.stderr)
        return 1


def _run(arguments: argparse.Namespace) -> int:
    from pokerlab.classroom import identity
    from pokerlab.storage import open_store
    from pokerlab.storage.database import schema_revision

    store = open_store(arguments.database)
    if arguments.command == "release-name":
        learner = identity.release(store, arguments.name)
        print(f"Released {learner.name!r}: the next browser that claims this name gets it, with its data.")
    elif arguments.command == "names":
        rows = identity.learner_rows(store)
        if not rows:
            print("No learners yet.")
        for name, kind, held in rows:
            state = "hub user" if kind == "hub" else ("held by a browser" if held else "free to claim")
            print(f"{name}\t{kind}\t{state}")
    else:
        print(f"{store.describe()}: schema revision {', '.join(schema_revision(store))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
