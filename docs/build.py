"""Build the documentation site: ``python docs/build.py [--out DIR] [--lite]``.

The site is a folder of static files (``docs/_build/html`` by default) that any static server
serves: ``python -m http.server -d docs/_build/html``. Warnings are errors and every
cross-reference must resolve (``-W -n``); nothing is fetched from the network. ``--lite`` also
builds the project's JupyterLite site (``python -m tripeaks_widget.lite build``, which needs the
package registries) and puts it under the site's ``lite/`` folder, where the "Try it" page opens its
play page (``lite/play/index.html``), a board.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

DOCS = pathlib.Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python docs/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(DOCS / "_build" / "html"), help="the site's folder")
    parser.add_argument("--lite", action="store_true", help="also build the browser site, under lite/")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    tags: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tripeaks-docs-lite-") as scratch:
        if args.lite:
            lite = pathlib.Path(scratch) / "lite"
            command = [sys.executable, "-m", "tripeaks_widget.lite", "build", "--out", str(lite)]
            if subprocess.run(command).returncode:
                return 1
            env["TRIPEAKS_DOCS_LITE"] = scratch  # its lite/ folder is copied into the site
            tags = ["-t", "lite"]
            print(f"the JupyterLite site: {time.perf_counter() - started:.0f} s", file=sys.stderr)
        doctrees = ["-d", str(DOCS / "_build" / "doctrees")]  # Sphinx's cache, kept out of the site
        command = [sys.executable, "-m", "sphinx", "-W", "-n", "--keep-going", "-b", "html", *doctrees, *tags]
        command += [str(DOCS), args.out]
        if subprocess.run(command, env=env).returncode:
            return 1
    site = pathlib.Path(args.out)
    files = [path for path in site.rglob("*") if path.is_file()]
    pages = [path for path in files if path.suffix == ".html" and not path.is_relative_to(site / "lite")]
    size = sum(path.stat().st_size for path in files)
    print(f"{site}: {len(pages)} pages, {size / 1e6:.1f} MB, built in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
