"""How long a result takes from being handed in to showing on the teacher's class board.

    python benchmarks/class_board.py                   # SQLite, and PostgreSQL if $TRIPEAKS_POSTGRES_URL is set
    python benchmarks/class_board.py --results 20      # fewer results
    python benchmarks/class_board.py --postgres URL    # a PostgreSQL database to make a scratch schema in

A store with one challenge of the class open today; a :class:`~tripeaks_widget.ClassBoard` follows it
(PostgreSQL: LISTEN/NOTIFY; SQLite: a look every ``POLL_EVERY`` seconds). A writer process (a student's
kernel) records won games one at a time, each as a new player, at random moments; the board's
process stamps the time its ``view`` first names that player. Prints the delay from handing the
result in (the writer's clock, the same machine's monotonic clock) to shown: median and 95th
percentile in milliseconds, and as a ratio of what a change should take, measured in the same run:
one read of the board (``Records.class_board()``) once the change is heard, and on SQLite half a
poll's pause before it is.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import ClassBoard, Game
from tripeaks_widget.records import HAND, Records
from tripeaks_widget.records.live import POLL_EVERY

GAME = "TP1-E-AAAAAAD"  # game 3 under Easy, won by the solver's line


def writer(location: str, count: int, ready, handed) -> None:
    line = Game(GAME).solve().line
    with Records(location) as records:
        ready.wait()
        for n in range(count):
            won = Game(GAME)  # a play of its own: a play is recorded once
            won.replay(line)
            time.sleep(random.uniform(0.3, 0.6))  # results arrive at any moment of the board's look
            handed.put((f"student-{n:03d}", time.monotonic()))
            records.submit(won, category=HAND, player=f"student-{n:03d}").result(30)
    handed.put(None)


def delays(location: str, count: int) -> tuple[list[float], float]:
    """(each result's delay to shown, in seconds; one read of the board, in seconds)."""
    with Records(location) as store:
        store.set_challenge(3, "win")
        reads = []
        for _ in range(5):
            began = time.perf_counter()
            store.class_board()
            reads.append(time.perf_counter() - began)
    shown: dict[str, float] = {}
    board = ClassBoard(location)

    def seen(change) -> None:
        now = time.monotonic()
        for row in change["new"].get("students", {}).get("rows", []):
            shown.setdefault(row["head"], now)

    board.observe(seen, "view")
    context = multiprocessing.get_context("spawn")
    ready, handed = context.Event(), context.Queue()
    proc = context.Process(target=writer, args=(location, count, ready, handed))
    proc.start()
    while board.data is None:
        time.sleep(0.01)
    ready.set()
    times = []
    while (item := handed.get(timeout=120)) is not None:
        times.append(item)
    proc.join()
    end = time.monotonic() + 10
    while len(shown) < count and time.monotonic() < end:
        time.sleep(0.05)
    board.close()
    missing = [name for name, _ in times if name not in shown]
    if missing:
        raise SystemExit(f"{len(missing)} results never shown on the board: {missing[:5]}")
    return [shown[name] - at for name, at in times], statistics.median(reads)


def report(name: str, location: str, count: int, polled: bool) -> None:
    found, read = delays(location, count)
    p50, p95 = statistics.median(found), statistics.quantiles(found, n=20)[18]
    expected = read + (POLL_EVERY / 2 if polled else 0)
    print(
        f"{name:<11} {count} results: delay to shown p50 {1000 * p50:4.0f} ms, p95 {1000 * p95:4.0f} ms; "
        f"expected {1000 * expected:5.1f} ms (a read of the board {1000 * read:.1f} ms"
        f"{' and half a poll' if polled else ''}): p50 {p50 / expected:.1f}x, p95 {p95 / expected:.1f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=int, default=40, help="results recorded, one at a time (default 40)")
    parser.add_argument("--postgres", default=os.environ.get("TRIPEAKS_POSTGRES_URL", ""), help="a PostgreSQL URL")
    args = parser.parse_args()
    print(f"SQLite polls every {POLL_EVERY:g} s; PostgreSQL is told (LISTEN/NOTIFY)")
    with tempfile.TemporaryDirectory() as folder:
        report("SQLite", str(Path(folder) / "class.sqlite3"), args.results, polled=True)
    if args.postgres:
        import psycopg

        schema = f"bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(args.postgres, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        try:
            url = f"{args.postgres}{'&' if '?' in args.postgres else '?'}options={quote(f'-csearch_path={schema}')}"
            report("PostgreSQL", url, args.results, polled=False)
        finally:
            with psycopg.connect(args.postgres, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()
