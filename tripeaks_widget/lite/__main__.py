"""``python -m tripeaks_widget.lite build --contents DIR --out SITE``."""

from __future__ import annotations

import argparse
import sys

from .site import LiteBuildError, build_site, default_contents


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tripeaks_widget.lite",
        description="Build a static JupyterLite site that plays TriPeaks in the browser, offline.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="write the site (always from scratch)")
    build.add_argument(
        "--contents",
        default=None,
        help=f"folder of notebooks (and files) the site opens with (default: {default_contents()})",
    )
    build.add_argument(
        "--out",
        required=True,
        help="the site's folder: a new or empty one, or a site this command built (which is replaced); "
        "never inside --contents",
    )
    args = parser.parse_args(argv)
    try:
        report = build_site(args.out, contents=args.contents, log=lambda line: print(line, file=sys.stderr))
    except LiteBuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
