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
    build.add_argument(
        "--assists",
        default="all",
        help="the assists the play page (play/) allows, comma-separated: hint (the exact hint), fair_hint, verdict, "
        "win_chance; or all (the default) or none",
    )
    build.add_argument(
        "--lang", default=None, help="the language the play page opens in: en, el, he or is (default: the browser's)"
    )
    args = parser.parse_args(argv)
    try:
        report = build_site(
            args.out,
            contents=args.contents,
            assists=args.assists,
            lang=args.lang,
            log=lambda line: print(line, file=sys.stderr),
        )
    except LiteBuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
