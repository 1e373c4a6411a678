"""pokerlab's command line, for the teacher or whoever runs the server: ``python -m pokerlab ...``.

Commands:

* ``release-name NAME``: free a learner's display name so the next browser that claims it gets it
  (a learner who changed computer or cleared the browser); their data stays with the name.
* ``release-name --set-aside NAME``: someone else took the name. Whoever holds it now keeps their
  data under an archived name nobody can type; the name starts fresh for its real owner.
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
  python -m pokerlab release-name --set-aside "Ada Lovelace"
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
        "release-name", help="free a learner's name (with their data, or --set-aside without it)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Free NAME when a learner is told their name is taken. First decide whose data is under it:\n"
            "\n"
            "  release-name NAME              the name is theirs, they only lost their browser\n"
            "                                 (another computer, cleared browser data). The next\n"
            "                                 browser that claims NAME gets it WITH its data: wallet,\n"
            "                                 ladder, saves, games in progress, results. Ask the\n"
            "                                 learner to claim it straight away.\n"
            "\n"
            "  release-name --set-aside NAME  someone else took the name. Their data is set aside\n"
            "                                 under \"NAME (set aside N)\", which nobody can claim,\n"
            "                                 and NAME starts fresh: the next browser that claims it\n"
            "                                 is a new learner with nothing in it.\n"
            "\n"
            "Names are matched the way pokerlab compares them: ignoring case and spaces, and names\n"
            "that read the same (a capital i for an l) are the same name. Hub users cannot be\n"
            "released: the hub says who they are."
        ),
    )
    release.add_argument("name", metavar="NAME", help='the display name, e.g. "Ada Lovelace" (quote it)')
    release.add_argument(
        "--set-aside", action="store_true",
        help="someone else used this name: keep their data apart, under an archived name, and free the name empty",
    )
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
    # deferred: the storage layer (SQLAlchemy) only once a command runs, so --help and a bad argument answer at once
    from pokerlab.classroom import teacher_names
    from pokerlab.errors import quoted
    from pokerlab.storage import open_store
    from pokerlab.storage.database import schema_revision

    store = open_store(arguments.database)
    if arguments.command == "release-name" and arguments.set_aside:
        learner = teacher_names.set_aside(store, arguments.name)
        freed = learner.name.rsplit(" (set aside", 1)[0]
        print(f"Set aside {quoted(freed)}: its data is kept as {quoted(learner.name)}, which nobody can "
              f"claim. The next browser that claims {quoted(freed)} starts with nothing in it.")
    elif arguments.command == "release-name":
        learner = teacher_names.release(store, arguments.name)
        print(f"Released {quoted(learner.name)}: the next browser that claims this name gets it, with its data.")
    elif arguments.command == "names":
        rows = teacher_names.learner_rows(store)
        if not rows:
            print("No learners yet.")
        for row in rows:
            if row.set_aside:
                state = "set aside by the teacher (nobody can claim it)"
            elif row.kind == "hub":
                state = "hub user"
            else:
                state = "held by a browser" if row.held else "free to claim"
            if row.looks_like is not None:
                state += f"; reads like {quoted(row.looks_like)} (an older learner)"
            print(f"{row.name}\t{row.kind}\t{state}")
    else:
        print(f"{store.describe()}: schema revision {', '.join(schema_revision(store))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
