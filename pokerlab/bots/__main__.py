"""``python -m pokerlab.bots``: rebuild the population habits level 6 starts every match from
(:mod:`pokerlab.bots.population`) by self-play: it runs ``python -m pokerlab.selfplay`` with the same
arguments. The rebuild plays whole ladder matches, which sit above the bots in pokerlab's layers
(pyproject.toml), so this command starts it as a program instead of importing it."""

from __future__ import annotations

import subprocess
import sys


def main() -> None:
    sys.exit(subprocess.run([sys.executable, "-m", "pokerlab.selfplay", *sys.argv[1:]]).returncode)


if __name__ == "__main__":
    main()
