"""How fast results are recorded, with 1, 4 and 16 kernels writing to one store at once.

    python benchmarks/records.py                      # SQLite, and PostgreSQL if $TRIPEAKS_POSTGRES_URL is set
    python benchmarks/records.py --results 100        # fewer results per writer
    python benchmarks/records.py --postgres URL       # a PostgreSQL database to make scratch schemas in

Each writer is a process of its own (a kernel), with a player of its own, recording results
of the same numbered games as the others, so that every game's first result is a race. Once
all writers are ready they start together. Prints, per store and number of writers: results
recorded per second (all writers together), the notice latency (from handing a result in to
holding its notices: median, 95th percentile, maximum, in milliseconds), and the throughput
as a ratio of the single writer's on the same store, measured in the same run.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game
from tripeaks_widget.records import Records

WRITERS = (1, 4, 16)


def writer(location: str, player: str, count: int, ready, start, answers) -> None:
    games = []
    for number in range(1, count + 1):
        game = Game.from_number(number, "classic" if number % 2 else "easy")
        game.draw()
        games.append(game)
    with Records(location) as records:
        ready.wait()
        start.wait()
        latencies = []
        for game in games:
            began = time.perf_counter()
            records.record(game, player=player)
            latencies.append(time.perf_counter() - began)
    answers.put(latencies)


def run(location: str, writers: int, count: int) -> tuple[float, list[float]]:
    """(results per second, every result's latency in seconds) for ``writers`` at once."""
    Records(location).close()  # the schema made once, before the clock starts
    context = multiprocessing.get_context("spawn")
    ready, start, answers = context.Barrier(writers + 1), context.Event(), context.Queue()
    procs = [
        context.Process(target=writer, args=(location, f"player-{i}", count, ready, start, answers))
        for i in range(writers)
    ]
    for proc in procs:
        proc.start()
    ready.wait()
    began = time.perf_counter()
    start.set()
    latencies = [x for _ in procs for x in answers.get(timeout=600)]
    elapsed = time.perf_counter() - began
    for proc in procs:
        proc.join(60)
    with Records(location) as records:
        assert records.stats()["played"] == writers * count, "results were lost"
    return len(latencies) / elapsed, latencies


def sqlite_location(folder: Path, name: str) -> str:
    return str(folder / f"{name}.sqlite3")


def postgres_location(url: str, name: str) -> tuple[str, str]:
    import psycopg

    schema = f"bench_{name}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={schema}')}", schema


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=200, help="results each writer records (default 200)")
    parser.add_argument("--postgres", default=os.environ.get("TRIPEAKS_POSTGRES_URL", ""), help="a PostgreSQL URL")
    args = parser.parse_args()
    stores = ["SQLite"] + (["PostgreSQL"] if args.postgres else [])
    if not args.postgres:
        print("PostgreSQL: skipped (give --postgres URL or set TRIPEAKS_POSTGRES_URL; see .ci/postgres)")
    print(f"{args.results} results per writer; latency in ms")
    print(f"{'store':<11} {'writers':>7} {'results/s':>10} {'median':>8} {'p95':>8} {'max':>8} {'vs 1 writer':>12}")
    with tempfile.TemporaryDirectory() as folder:
        for kind in stores:
            single = None
            for writers in WRITERS:
                name = f"w{writers}"
                if kind == "SQLite":
                    location, schema = sqlite_location(Path(folder), name), None
                else:
                    location, schema = postgres_location(args.postgres, name)
                try:
                    rate, latencies = run(location, writers, args.results)
                finally:
                    if schema:
                        drop_schema(args.postgres, schema)
                single = single or rate
                ms = sorted(x * 1000 for x in latencies)
                p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
                print(
                    f"{kind:<11} {writers:>7} {rate:>10.0f} {statistics.median(ms):>8.2f} {p95:>8.2f} "
                    f"{ms[-1]:>8.1f} {rate / single:>11.2f}x",
                    flush=True,
                )


if __name__ == "__main__":
    main()
