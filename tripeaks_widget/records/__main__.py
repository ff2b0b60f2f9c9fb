"""python -m tripeaks_widget.records setup URL [--role NAME] [--students FILE] [--new-passwords]:
set up a class's PostgreSQL store, its players' role and a role for each student (what each
may do: tripeaks_widget.records.roles). It prints a line (name, tab, URL) for each student given
a password, then, last, the players' URL when this run set its password. Run again, it keeps
the roles that exist and their passwords, and says on stderr which ones it kept."""

from __future__ import annotations

import argparse
import sys

from .locate import RecordsError, redact
from .roles import student_names


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
        "--students",
        metavar="FILE",
        help="a UTF-8 file of student names, one a line: each gets a role of its own (a name is at most 64 "
        "characters and 63 bytes, without tabs or other control characters)",
    )
    setup.add_argument(
        "--new-passwords",
        action="store_true",
        help="set new passwords for the players' role and the students listed, even where they exist (the URLs "
        "handed out before stop working); by default a run again keeps them",
    )
    args = parser.parse_args(argv)
    from .roles import setup as set_up

    try:
        students: list[str] = []
        if args.students:
            with open(args.students, encoding="utf-8", newline="") as file:
                students = student_names(file.read(), args.students)
        made = set_up(args.url, role=args.role, students=students, new_passwords=args.new_passwords)
    except OSError as error:
        print(f"error: {args.students}: {error.strerror or error}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(f"error: {args.students}: not UTF-8 text ({error.reason} at byte {error.start})", file=sys.stderr)
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
    if made.players_url is not None:
        print(made.players_url)
    if made.kept:
        print(
            f"kept, with the passwords they had: {', '.join(made.kept)}. The URLs handed out for them still work; "
            "they are not printed again, since no password is stored. --new-passwords sets new ones (and the "
            "URLs handed out before stop working).",
            file=sys.stderr,
        )
    if made.players_url is None:
        print(
            f"the players' role {args.role} was kept, so the last line printed is not the players' URL; "
            "use the one printed by the first set-up.",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
