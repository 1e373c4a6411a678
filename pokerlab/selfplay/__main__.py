"""``python -m pokerlab.selfplay``: rebuild the population habits level 6 starts every match from
(:mod:`pokerlab.bots.population`) by self-play, and write them beside the bots
(``python -m pokerlab.bots`` runs this)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pokerlab.bots import population
from pokerlab.selfplay.population import build


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Rebuild the population habits the shark starts from.")
    parser.add_argument("--matches", type=int, default=1500, help="self-play matches (about 0.4 s each here)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    habits = build(args.matches, args.seed)
    path = Path(population.__file__).with_name(population.DATA_FILE)
    path.write_text(json.dumps(habits.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path} from {args.matches} self-play matches (seed {args.seed})")


if __name__ == "__main__":
    main()
