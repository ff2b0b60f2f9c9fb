"""A whole school on one PostgreSQL store: 300 students, each on a role of their own (as the
class's set-up makes them), with a board open at once, all finishing their game within a minute.

    python benchmarks/class_load.py                  # on a server it starts with default settings
    python benchmarks/class_load.py --before main    # and the same class on a git revision's code, in the same run
    python benchmarks/class_load.py --url URL        # on a server of one's own (a superuser's URL)
    python benchmarks/class_load.py --students 60 --within 20    # a smaller class, a shorter burst

Without ``--url`` the server is started by ``.ci/postgres start DIR defaults``: PostgreSQL's own
defaults (max_connections 100, fsync on), as a school's server has them. Each code (``--before
REV``, taken by ``git archive``, then this checkout) gets a database of its own, set up by its own
``python -m tripeaks_widget.records setup --students``. The boards (headless ``Board``\\ s, each with
``records=`` its student's own URL) open in ``--processes`` processes, as kernels would, all at
once. Each student then wins game 1 (the class's game of the day) by the solver's line, at a
moment drawn at random within ``--within`` seconds (the same moments for every code); the board
records the result in its store's writer thread.

Prints for each code: the boards that could not keep records; the connections the class held
(``pg_stat_activity``, the students' roles) with every board open and idle, and at most during
the burst; the time of a record, from the game's last move to the store's answer (p50, p95, p99,
max); the results stored against those sent, and any left in the local spool or never answered;
the server's refusals for want of a connection slot (from its log, on the server started here);
and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
GRACE = 60.0  # seconds past the burst's end a result may take before it counts as not answered
REFUSED = re.compile(r"remaining connection slots are reserved|too many clients")


# -- a kernel: some of the class's boards, in a process of its own -----------------------------------


def kernel(spec_file: str) -> None:
    """Open this kernel's boards, say "ready", wait for "go START", win each game at its moment,
    then print what each record took (JSON) and end (the exit writes or spools what is left)."""
    spec = json.loads(Path(spec_file).read_text())
    sys.path.insert(0, spec["code"])
    from tripeaks_widget.board import Board

    opened: list[float] = []

    def board_of(url: str) -> Board:
        began = time.perf_counter()
        board = Board(game=1, rules="easy", records=url)
        if board.results.store is not None:
            board.results.store.opening.add_done_callback(lambda _: opened.append(time.perf_counter() - began))
        return board

    boards = [board_of(url) for url in spec["urls"]]
    for board in boards:
        store = board.results.store
        if store is not None:
            try:
                store.opening.result(60)
            except Exception:
                pass
    refused = [board.results.error is not None or board.results.store is None for board in boards]
    print("ready", flush=True)
    start = float(sys.stdin.readline().split()[1])
    line = spec["line"]
    took: list[float | None] = [None] * len(boards)
    failed: list[str] = []
    lock = threading.Lock()

    def finish(i: int) -> None:
        board = boards[i]
        time.sleep(max(0.0, start + spec["offsets"][i] - time.time()))
        board.replay(line[:-1], pace=0)
        began = time.perf_counter()
        board.apply(line[-1])  # won: the board hands the result to its store
        recorded = board.results.recorded
        if recorded is None:  # a board without records
            return

        def answered(done) -> None:
            with lock:
                if done.exception() is None:
                    took[i] = time.perf_counter() - began
                else:
                    failed.append(str(done.exception()))

        recorded.add_done_callback(answered)

    students = [threading.Thread(target=finish, args=(i,)) for i in range(len(boards))]
    for student in students:
        student.start()
    for student in students:
        student.join()
    end = start + max(spec["offsets"], default=0) + GRACE
    while time.time() < end and any(b.results.recorded is not None and not b.results.recorded.done() for b in boards):
        time.sleep(0.1)
    sent = sum(b.results.recorded is not None for b in boards)
    answered = [t for t in took if t is not None]
    report = {"refused": sum(refused), "opened": opened, "sent": sent, "took": answered, "failed": failed}
    print(json.dumps(report), flush=True)
    for board in boards:
        board.close()


# -- the class: its set-up, its kernels, and what the server saw -------------------------------------


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def setup_class(admin_url: str, code: str, label: str, students: int, folder: Path) -> list[str]:
    """A database ``class_<label>`` set up for a class by ``code``'s own command: the students' URLs."""
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS class_{label} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE class_{label}")
    names = folder / f"{label}-students.txt"
    names.write_text("".join(f"{label}_s{n:03d}\n" for n in range(students)))
    done = subprocess.run(
        [sys.executable, "-m", "tripeaks_widget.records", "setup", with_database(admin_url, f"class_{label}")]
        + ["--role", f"{label}_class", "--students", str(names)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": code},
    )
    if done.returncode:
        raise SystemExit(f"the set-up failed for {label}: {done.stderr.strip()}")
    return [line.split("\t")[1] for line in done.stdout.strip().splitlines()[:-1]]


def drop_class(admin_url: str, label: str, students: int) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS class_{label} WITH (FORCE)")
        for name in [
            *(f"{label}_s{n:03d}" for n in range(students)),
            *(f"{label}_class{s}" for s in ("_students", "_writer", "")),
        ]:
            admin.execute(f'DROP ROLE IF EXISTS "{name}"')


class Sampler(threading.Thread):
    """The connections the class's roles hold, asked every 0.1 s, each kept with its phase."""

    def __init__(self, admin_url: str, label: str) -> None:
        super().__init__(daemon=True)
        import psycopg

        self.conn = psycopg.connect(admin_url, autocommit=True)
        self.pattern, self.phase, self.seen = f"{label}\\_%", "open", []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            (held,) = self.conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE usename::text LIKE %s", (self.pattern,)
            ).fetchone()
            self.seen.append((self.phase, held))
            time.sleep(0.1)

    def most(self, phase: str) -> int:
        return max((held for seen, held in self.seen if seen == phase), default=0)

    def last(self, phase: str) -> int:
        return next((held for seen, held in reversed(self.seen) if seen == phase), 0)


def refusals(log: Path | None) -> int | None:
    if log is None:
        return None
    return len(REFUSED.findall(log.read_text(errors="replace")))


def run_class(admin_url, code, label, args, offsets, line, log, folder) -> dict:
    urls = setup_class(admin_url, code, label, args.students, folder)
    spool = folder / f"{label}-spool"
    env = {**os.environ, "PYTHONPATH": code, "TRIPEAKS_RECORDS_SPOOL": str(spool)}
    refused_before = refusals(log)
    sampler = Sampler(admin_url, label)
    sampler.start()
    kernels = []
    logs = [folder / f"{label}-kernel{k}.log" for k in range(args.processes)]
    began = time.perf_counter()
    for k in range(args.processes):
        spec = folder / f"{label}-kernel{k}.json"
        mine = range(k, args.students, args.processes)
        spec.write_text(
            json.dumps(
                {"code": code, "urls": [urls[i] for i in mine], "offsets": [offsets[i] for i in mine], "line": line}
            )
        )
        kernels.append(
            subprocess.Popen(
                [sys.executable, __file__, "--kernel", str(spec)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=logs[k].open("w"),  # the boards' warnings: counted, not shown
                text=True,
                env=env,
                cwd=folder,
            )
        )
    for k in kernels:
        assert k.stdout is not None and k.stdout.readline().strip() == "ready", "a kernel did not start"
    opened = time.perf_counter() - began
    sampler.phase = "idle"
    time.sleep(3.0)  # every board open, its first reads answered: what the class holds at rest
    idle = sampler.last("idle")
    sampler.phase = "burst"
    start = time.time() + 0.5
    for k in kernels:
        assert k.stdin is not None
        k.stdin.write(f"go {start}\n")
        k.stdin.flush()
    reports = [json.loads(k.stdout.readline()) for k in kernels]  # type: ignore[union-attr]
    for k in kernels:
        k.wait(120)
    sampler.stop.set()
    sampler.join()
    import psycopg

    with psycopg.connect(with_database(admin_url, f"class_{label}"), autocommit=True) as conn:
        stored, players = conn.execute("SELECT count(*), count(DISTINCT player) FROM results").fetchone()
    took = sorted(t for r in reports for t in r["took"])
    return {
        "opened": opened,
        "openings": sorted(t for r in reports for t in r["opened"]),
        "refused": sum(r["refused"] for r in reports),
        "idle": idle,
        "most": sampler.most("burst"),
        "took": took,
        "sent": sum(r["sent"] for r in reports),
        "failed": [f for r in reports for f in r["failed"]],
        "stored": stored,
        "players": players,
        "spooled": len(list(spool.glob("*.json"))) if spool.exists() else 0,
        "warnings": [line for log in logs for line in log.read_text(errors="replace").splitlines()],
        "server_refusals": None if refused_before is None else refusals(log) - refused_before,
    }


def percentile(ordered: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of sorted values, in ms."""
    return (
        1000 * ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]
        if ordered
        else float("nan")
    )


def report(label: str, students: int, got: dict) -> None:
    took = got["took"]
    print(f"\n{label}:")
    print(f"  boards opened in {got['opened']:.1f} s; boards without records: {got['refused']} of {students}")
    openings = got["openings"]
    if openings:
        print(
            f"  a store's opening: p50 {percentile(openings, 50):.0f} ms, p99 {percentile(openings, 99):.0f} ms, "
            f"max {1000 * openings[-1]:.0f} ms"
        )
    print(
        f"  connections held by the class: {got['idle']} with every board open and idle, "
        f"at most {got['most']} in the burst"
    )
    if took:
        print(
            f"  a record: p50 {percentile(took, 50):.0f} ms, p95 {percentile(took, 95):.0f} ms, "
            f"p99 {percentile(took, 99):.0f} ms, max {1000 * took[-1]:.0f} ms ({len(took)} answered)"
        )
    print(
        f"  results: {students} finished, {got['sent']} sent, {got['stored']} stored ({got['players']} players), "
        f"{got['spooled']} left in the spool, {len(got['failed'])} failed"
    )
    if got["failed"]:
        print(f"    first failure: {got['failed'][0][:200]}")
    print(f"  the kernels logged {len(got['warnings'])} lines; of each kind, the first:")
    kinds = {re.sub(r"postgresql://\S+|\d+", "#", line)[:80]: line for line in reversed(got["warnings"])}
    for line in list(kinds.values())[::-1][:5]:
        print(f"    {line[:200]}")
    if got["server_refusals"] is not None:
        print(f"  the server refused {got['server_refusals']} connections for want of a slot")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300, help="students in the class (default 300)")
    parser.add_argument("--within", type=float, default=60.0, help="seconds in which all finish (default 60)")
    parser.add_argument("--processes", type=int, default=4, help="kernels the boards are spread over (default 4)")
    parser.add_argument("--before", help="a git revision whose code runs the same class first")
    parser.add_argument("--url", help="a superuser's URL on a server of one's own (default: start one)")
    parser.add_argument("--seed", type=int, default=56)
    parser.add_argument("--kernel", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.kernel:
        kernel(args.kernel)
        return
    sys.path.insert(0, str(ROOT))
    from tripeaks_widget import Game

    line = list(Game.from_number(1, "easy").solve().line)
    randomly = random.Random(args.seed)
    offsets = [randomly.uniform(0, args.within) for _ in range(args.students)]
    with tempfile.TemporaryDirectory(prefix="class-load-") as scratch:
        folder = Path(scratch)
        server = None if args.url else Path(tempfile.mkdtemp(prefix="class-load-pg-"))
        try:
            if server is not None:
                started = subprocess.run(
                    [str(ROOT / ".ci" / "postgres"), "start", str(server), "defaults"], capture_output=True, text=True
                )
                if started.returncode:
                    raise SystemExit(f"the server did not start: {started.stderr.strip()}")
                admin_url = started.stdout.strip().splitlines()[-1]
            else:
                admin_url = args.url
            import psycopg

            with psycopg.connect(admin_url) as conn:
                settings = dict(
                    conn.execute(
                        "SELECT name, setting FROM pg_settings WHERE name IN "
                        "('max_connections', 'superuser_reserved_connections', 'fsync', 'server_version')"
                    ).fetchall()
                )
            print(
                f"PostgreSQL {settings['server_version']}: "
                + ", ".join(f"{k} {v}" for k, v in sorted(settings.items()) if k != "server_version")
            )
            print(
                f"{args.students} students (a role each) in {args.processes} kernels, "
                f"finishing within {args.within:g} s; "
                f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
            )
            codes = []
            if args.before:
                before = folder / "before"
                before.mkdir()
                archive = subprocess.run(
                    ["git", "-C", str(ROOT), "archive", args.before], capture_output=True, check=True
                )
                subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
                codes.append((f"before ({args.before})", "before", str(before)))
            codes.append(("after (this checkout)", "after", str(ROOT)))
            log = server / "server.log" if server is not None else None
            for title, label, code in codes:
                try:
                    got = run_class(admin_url, code, label, args, offsets, line, log, folder)
                finally:
                    drop_class(admin_url, label, args.students)
                report(title, args.students, got)
                print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        finally:
            if server is not None:
                subprocess.run([str(ROOT / ".ci" / "postgres"), "stop", str(server)], capture_output=True)


if __name__ == "__main__":
    main()
