"""``python -m tripeaks_widget.records setup URL [--role NAME] [--students FILE]``: set up a
class's PostgreSQL store (see :mod:`.roles`). The last line printed is the players' URL."""

from __future__ import annotations

import argparse
import sys

from .locate import RecordsError, redact


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tripeaks_widget.records", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    setup = commands.add_parser(
        "setup",
        help="make a class's PostgreSQL store and a players' role that can only record results and read them",
    )
    setup.add_argument("url", help="the database's URL, with the owner's credentials")
    setup.add_argument("--role", default="tripeaks_player", help="the players' role (default: tripeaks_player)")
    setup.add_argument(
        "--students", metavar="FILE", help="a file of student names, one a line: each gets a role of its own"
    )
    args = parser.parse_args(argv)
    from .roles import setup as set_up

    try:
        students: list[str] = []
        if args.students:
            with open(args.students, encoding="utf-8") as file:
                students = file.read().splitlines()
        made = set_up(args.url, role=args.role, students=students)
    except OSError as error:
        print(f"error: {args.students}: {error.strerror or error}", file=sys.stderr)
        return 2
    except RecordsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # the server refused a step (this user may not create roles, say)
        text = " ".join(str(error).split())
        print(f"error: {redact(args.url)}: the set-up failed ({text}); no role or grant was changed", file=sys.stderr)
        return 2
    for name, url in made.students.items():
        print(f"{name}\t{url}")
    print(made.players_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
