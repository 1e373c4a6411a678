"""Bundle each widget's front end into the one ES module anywidget sends: pokerlab/widgets/static/dist/.

    python scripts/build_js.py          # write static/dist/<widget>.js from the modules in static/
    python scripts/build_js.py --check  # exit 1 when static/dist/ is not what the modules build to
    python scripts/build_js.py --watch  # rebuild on every change (with ANYWIDGET_HMR=1, a page reloads it)

A widget module is a file in static/ with a default export (``export default plWidget(render);``); it
imports the shared ones (dom.js, cards.js, keys.js) and its own parts (table/...) as ES modules.
anywidget loads a widget's ``_esm`` as one module text from a blob URL, where no relative import can
resolve, so each widget module is bundled with what it imports by esbuild (from npm, pinned below, in
.venv/js: ``make js``). The bundles are committed, so serving the apps (Voilà, Binder) needs no Node.js;
tests/widgets/test_assets.py runs ``--check``.
"""

from __future__ import annotations

import filecmp
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "pokerlab" / "widgets" / "static"
DIST = STATIC / "dist"
ESBUILD_VERSION = "0.28.2"  # the Makefile installs this one
ESBUILD = ROOT / ".venv" / "js" / "node_modules" / ".bin" / "esbuild"
BANNER = "// Built by scripts/build_js.py from pokerlab/widgets/static/ (edit those modules, not this file)."


def entries() -> list[Path]:
    """The widget modules: the files in static/ with a default export."""
    return sorted(path for path in STATIC.glob("*.js") if "\nexport default " in path.read_text(encoding="utf-8"))


def build(out: Path, *extra: str) -> None:
    """Bundle every widget module into ``out`` (one file each, by the module's name)."""
    if not ESBUILD.exists():
        sys.exit(f"{ESBUILD} is missing: run make js (it needs npm)")
    found = subprocess.run([str(ESBUILD), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    if found != ESBUILD_VERSION:  # another version may write other bundles
        sys.exit(f"esbuild {found} is installed, {ESBUILD_VERSION} is wanted: rm -r .venv/js and run make js")
    command = [str(ESBUILD), *map(str, entries()), "--bundle", "--format=esm", "--charset=utf8",
               "--log-level=warning", f"--banner:js={BANNER}", f"--outdir={out}", *extra]
    subprocess.run(command, check=True, cwd=ROOT)


def stale() -> list[str]:
    """The bundles in static/dist/ that differ from a fresh build (or are missing, or left over)."""
    with tempfile.TemporaryDirectory() as fresh:
        build(Path(fresh))
        built = {path.name for path in Path(fresh).glob("*.js")}
        kept = {path.name for path in DIST.glob("*.js")}
        return sorted((built ^ kept) | {name for name in built & kept
                                        if not filecmp.cmp(Path(fresh) / name, DIST / name, shallow=False)})


def main(argv: list[str]) -> int:
    if "--check" in argv:
        names = stale()
        if names:
            print(f"static/dist is out of date ({', '.join(names)}): run python scripts/build_js.py", file=sys.stderr)
        return 1 if names else 0
    for path in DIST.glob("*.js"):
        path.unlink()
    build(DIST, *(["--watch"] if "--watch" in argv else []))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
