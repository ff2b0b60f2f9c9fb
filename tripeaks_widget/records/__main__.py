"""python -m tripeaks_widget.records setup URL [--role NAME] [--students FILE] [--new-passwords]:
set up a class's PostgreSQL store, its players' role and a role for each student (what each
may do: tripeaks_widget.records.roles). It prints a line (name, tab, URL) for each student given
a password, then, last, the players' URL when this run set its password. Run again, it keeps
the roles that exist and their passwords, and says on stderr which ones it kept.

python -m tripeaks_widget.records challenge STORE --game N [--rules R] [--layout L] [--until DATE]
TEXT: set a challenge for the class on game N of a built-in layout (Three Peaks by default):
'win', 'win in 5 draws', 'run 8'; with the owner's URL (or an SQLite file); it prints its number.
python -m tripeaks_widget.records challenges STORE [--all]: the challenges open today, and for
each the best possible (as the solver proves it), who met it first by hand, and each player's best,
by hand or scripted.
python -m tripeaks_widget.records withdraw STORE ID: withdraw challenge ID, with the owner's URL
(or an SQLite file); the results stay."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..engine.errors import RecordsError
from .locate import redact
from .results import HAND, SCRIPTED
from .roles import student_names

_PLAYED = {HAND: "by hand", SCRIPTED: "scripted"}  # a result's category, as the challenges list says it


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
    challenge = commands.add_parser("challenge", help="set a challenge for the class on a numbered game")
    challenge.add_argument("store", help="the store: the owner's URL of a class's store, or an SQLite file")
    challenge.add_argument("text", help="the challenge: 'win', 'win in 5 draws' or 'run 8'")
    challenge.add_argument("--game", required=True, type=int, help="the numbered game, 1 to 50,000")
    challenge.add_argument("--rules", default="easy", help="its rule set (default: easy)")
    challenge.add_argument(
        "--layout", default=None, help="its layout, a built-in one's name or key (default: Three Peaks)"
    )
    challenge.add_argument("--opens", default=None, help="the first day it is open, YYYY-MM-DD (default: today)")
    challenge.add_argument("--until", default=None, help="the last day it is open, YYYY-MM-DD (default: no end)")
    listing = commands.add_parser("challenges", help="the class's challenges, with who met each first and the bests")
    listing.add_argument("store", help="the store: a URL of a class's store, or an SQLite file")
    listing.add_argument("--all", action="store_true", help="every challenge set, not only those open today")
    withdraw = commands.add_parser("withdraw", help="withdraw a challenge set for the class, by its number")
    withdraw.add_argument("store", help="the store: the owner's URL of a class's store, or an SQLite file")
    withdraw.add_argument("id", type=int, help="the challenge's number, as challenge or challenges prints it")
    args = parser.parse_args(argv)
    if args.command in ("challenge", "challenges", "withdraw"):
        return _challenges(args)
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


def _challenges(args: argparse.Namespace) -> int:
    """``challenge``: set one and print its number; ``challenges``: each open one, its first and its
    bests; ``withdraw``: withdraw one. Nothing printed says a raw None: a missing value is a dash."""
    from ..engine.errors import TriPeaksError
    from .store import Records

    try:
        with Records(args.store) as records:
            if args.command == "withdraw":
                gone = records.withdraw_challenge(args.id)
                print(
                    f"challenge {gone['id']} withdrawn: game {gone['number']} ({_game_of(gone)}), {gone['challenge']}"
                )
                return 0
            if args.command == "challenge":
                made = records.set_challenge(
                    args.game, args.text, args.rules, opens=args.opens, until=args.until, layout=args.layout
                )
                until = f" until {made['closes']}" if made["closes"] else ""
                print(
                    f"challenge {made['id']}: game {made['number']} ({_game_of(made)}), {made['challenge']}, "
                    f"from {made['opens']}{until}"
                )
                return 0
            for made in records.challenges(on="all" if args.all else None):
                table = records.challenge_board(made["id"])
                first = table["first"]["player"] if table["first"] else "nobody yet"
                best = table["best"] or "not proved within the solver's bound"
                print(
                    f"challenge {made['id']}: game {made['number']} ({_game_of(made)}), {made['challenge']}; "
                    f"best possible: {best}; first by hand: {first}"
                )
                for entry in table["players"]:
                    # How it was played, beside the name: a scripted result is never read as by hand.
                    how = _PLAYED.get(entry["category"], entry["category"])
                    how += ", assisted" if entry["assisted"] else ""
                    value = "-" if entry["value"] is None else entry["value"]  # no measure: no win, say
                    print(f"  {entry['player']}\t{how}\t{'met' if entry['met'] else 'not met'}\t{value}")
            return 0
    except TriPeaksError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _game_of(challenge: dict[str, Any]) -> str:
    """A challenge's rule set, and its layout's key after it when that is not Three Peaks."""
    from .results import DEFAULT_LAYOUT

    rules: str = challenge["rules"]
    return rules + ("" if challenge["layout"] == DEFAULT_LAYOUT else f", {challenge['layout']}")


if __name__ == "__main__":
    sys.exit(main())
