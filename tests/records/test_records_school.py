"""A whole class on one PostgreSQL store (issue 56, item 6): every student's board open at once,
each on the student's own role, holds no connection between its reads and writes, and every
result lands, once. (Its speed with 300 students on a server's default settings is measured by
``benchmarks/class_load.py``, not here.)"""

import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tripeaks_widget.board import Board
from tripeaks_widget.records import Records

STUDENTS = 24  # well within the test server's max_connections (60): the old code held one each all the same


def _held(admin, role: str) -> list[tuple[str, str]]:
    """The connections this class's roles hold on the server: (role, state) each."""
    return admin.execute(
        "SELECT usename::text, state FROM pg_stat_activity WHERE usename::text LIKE %s AND pid <> pg_backend_pid()",
        (f"{role}%",),
    ).fetchall()


def _until_none(admin, role: str, seconds: float) -> list[tuple[str, str]]:
    """The connections held, asked again until there are none or ``seconds`` pass (a backend whose
    client closed it leaves pg_stat_activity a moment later)."""
    end = time.monotonic() + seconds
    while (held := _held(admin, role)) and time.monotonic() < end:
        time.sleep(0.1)
    return held


def test_a_class_of_boards_open_at_once_holds_no_idle_connection_and_every_result_lands(postgres, tmp_path):
    role = f"tp_{uuid.uuid4().hex[:8]}"
    names = [f"{role}_s{n:02d}" for n in range(STUDENTS)]
    (tmp_path / "students.txt").write_text("\n".join(names) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "tripeaks_widget.records", "setup", postgres.url, "--role", role, "--students"]
        + [str(tmp_path / "students.txt")],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": ":".join(sys.path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    urls = dict(line.split("\t") for line in done.stdout.strip().splitlines()[:-1])
    assert sorted(urls) == names
    admin = postgres.connect()
    boards: list[Board] = []
    try:
        boards = [Board(game=n + 1, records=urls[name]) for n, name in enumerate(names)]
        assert all(b.results.store is not None and b.results.store.opening.result(30) for b in boards)
        assert [b.results.player for b in boards] == names  # each plays as the student of its URL
        assert _until_none(admin, role, 10) == []  # open and idle: none held

        def finish(board: Board) -> None:
            board.draw()
            board.new_game(game=board.game.number + 100)  # the game left is written; a standing is read

        with ThreadPoolExecutor(len(boards)) as together:
            list(together.map(finish, boards))
        for board in boards:
            assert board.results.recorded is not None and isinstance(board.results.recorded.result(30), list)
        assert _until_none(admin, role, 10) == []  # written and read: none held, every board still open

        with Records(postgres.url) as owner:
            rows = owner.results()
        assert sorted(r["player"] for r in rows) == names  # every result, once
        assert {(r["player"], r["number"]) for r in rows} == {(name, n + 1) for n, name in enumerate(names)}
    finally:
        for board in boards:
            board.close()
        admin.execute(f"DROP SCHEMA {postgres.name} CASCADE")
        admin.execute(f"CREATE SCHEMA {postgres.name}")  # the fixture drops it again
        for name in [*names, f"{role}_students", f"{role}_writer", role]:
            admin.execute(f'DROP ROLE IF EXISTS "{name}"')
        admin.close()


def test_a_store_too_busy_as_it_opens_is_an_outage_and_keeps_the_results(postgres):
    """A store locked (a backup, a migration) all the while a board opens it is not refused: the
    board keeps its records, and the store is looked at again when it is written."""
    from tripeaks_widget import Game, RecordsUnavailable

    Records(postgres.url).close()  # the store made
    admin = postgres.connect()
    try:
        admin.execute("BEGIN")
        admin.execute("LOCK TABLE tripeaks_store IN ACCESS EXCLUSIVE MODE")
        records = Records(postgres.url, timeout=1, open_wait=None)
        try:
            assert not records.ready and records.refused is None
            assert isinstance(records.opening.result(), bool)  # opened, not refused
            with pytest.raises(RecordsUnavailable):
                records.stats()  # a read cannot wait: an outage, said as one
            admin.execute("ROLLBACK")
            game = Game.from_number(7)
            game.draw()
            assert [n.kind for n in records.record(game, player="ana")] == ["best_so_far"]
            assert records.ready and [r["player"] for r in records.results()] == ["ana"]
        finally:
            records.close()
    finally:
        admin.close()
