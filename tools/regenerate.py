"""Every file the project generates from its own sources, made again in one command:

    python tools/regenerate.py             # after a change to a message, a label, a snapshot field or a fact
    python tools/regenerate.py --no-bundle # the same without the front end's bundle (no npm)

In order, each from what the step before made:

1. ``python tools/catalogs.py update``: the catalogs' template, every language's ``.po`` and
   ``locale/labels.json``, from the code and ``js/src/labels.js`` (translate what comes in new);
2. ``python tools/catalogs.py compile``: each ``.po`` to the ``.mo`` the game reads;
3. ``python js/generate.py``: the front end's types, facts and test fixtures (the fixtures hold
   each language's words, so after the catalogs);
4. ``npm run build`` in ``js/``: the bundle in ``tripeaks_widget/static/`` (needs ``npm ci`` once).

Each runs on this checkout's package, whatever else is installed. Made apart, and on purpose: the
layout survey's page (hours; its command is on the page), README's picture (``python
docs/screenshot.py``, which drives Chromium) and the tests' kept reference answers (the tests
make them). ``.gitattributes`` lists every generated file with the command that makes it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js"


def steps(bundle: bool) -> list[tuple[list[str], Path]]:
    """Each step's command and the folder it runs in."""
    python = [
        ([sys.executable, "tools/catalogs.py", "update"], ROOT),
        ([sys.executable, "tools/catalogs.py", "compile"], ROOT),
        ([sys.executable, "js/generate.py"], ROOT),
    ]
    return python + ([(["npm", "run", "build"], JS)] if bundle else [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/regenerate.py", description=__doc__.splitlines()[0])
    parser.add_argument("--no-bundle", action="store_true", help="skip npm run build (the front end's bundle)")
    args = parser.parse_args(argv)
    if not args.no_bundle and (shutil.which("npm") is None or not (JS / "node_modules").is_dir()):
        print(
            "error: the bundle needs npm and the front end's packages (cd js && npm ci); "
            "or run with --no-bundle to make the rest",
            file=sys.stderr,
        )
        return 2
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep),
    }
    for command, folder in steps(bundle=not args.no_bundle):
        print(f"+ {' '.join(Path(part).name if part == sys.executable else part for part in command)}", flush=True)
        done = subprocess.run(command, cwd=folder, env=env)
        if done.returncode != 0:
            print(f"error: {' '.join(command[1:])} failed (exit status {done.returncode})", file=sys.stderr)
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
