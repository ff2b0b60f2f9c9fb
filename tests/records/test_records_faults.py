"""Faults of the records file and of the machine: every kind of file that is refused stays
byte-identical with nothing added beside it; a lock held elsewhere delays a result but never
loses it, even as the process exits; a read-only folder, an unreadable file and a folder that
cannot be made are said as such."""

import json
import logging
import multiprocessing
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_EASY, game

from tripeaks_widget import TriPeaks, TriPeaksError
from tripeaks_widget.records import APPLICATION_ID, Records, RecordsError
from tripeaks_widget.records import schema as schema_module
from tripeaks_widget.records.backends import SQLITE_FULL, SQLITE_IOERR, SQLite
from tripeaks_widget.records.store import GivenUp

NOBODY = 65534


def _foreign(path, wal=False):
    with sqlite3.connect(path) as conn:
        if wal:
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
        conn.execute("INSERT INTO invoices (amount) VALUES (12.5)")
    conn.close()


def _ours(path, version, statements=()):
    with sqlite3.connect(path) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


def _newer(path):
    with Records(path) as records:
        records.record(game(actions=WIN_1_EASY))
    _ours(path, schema_module.schema_version() + 1)  # a store in WAL mode, from a newer version


def _damaged(path):
    with Records(path) as records:
        for _ in range(300):
            records.record(game(actions=["K♣", "A♠"]))
    data = bytearray(path.read_bytes())
    data[2 * 4096 : 3 * 4096] = random.Random(5).randbytes(4096)
    path.write_bytes(bytes(data))


REFUSED = {
    "random bytes": lambda p: p.write_bytes(random.Random(9).randbytes(5000)),
    "a text file": lambda p: p.write_text("id,score\n1,500\n"),
    "another program's database": _foreign,
    "another program's database, write-ahead": lambda p: _foreign(p, wal=True),
    "an empty database another program numbered": lambda p: _ours(p, 0, ["PRAGMA user_version = 3"]) or _renumber(p),
    "our id, the current version, no tables": lambda p: _ours(p, schema_module.schema_version()),
    "our id, the current version, a thin results table": lambda p: _ours(
        p, schema_module.schema_version(), schema_module.MIGRATIONS[0][:1]
    ),
    "our id, version 1, no tables": lambda p: _ours(p, 1),
    "a store of a newer version, write-ahead": _newer,
    "a damaged store": _damaged,
}


def _renumber(path):
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA application_id = 0")
        conn.execute("PRAGMA user_version = 3")
    conn.close()


@pytest.mark.parametrize("kind", list(REFUSED))
def test_a_refused_file_stays_byte_identical_with_nothing_beside_it(tmp_path, kind):
    path = tmp_path / "records.sqlite3"
    REFUSED[kind](path)
    before = path.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]
    with pytest.raises(RecordsError) as refused:
        Records(path)
    assert str(path) in str(refused.value) and "expected" in str(refused.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]
    w = TriPeaks(game=1, records=path)  # the widget says why once and plays on
    assert w.records is None and w.state["notices"][0]["kind"] == "error"
    w.replay(BLOCK_1_EASY, pace=0)
    w.close()
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]


# -- a lock held elsewhere ------------------------------------------------------------------------


class _Rows(list):
    def fetchone(self):
        return self[0] if self else None


class _StartedAfter:
    """A connection to a new file on which another process starts the store after the n-th statement."""

    def __init__(self, path, n):
        self._conn, self._path, self._left = sqlite3.connect(path, isolation_level=None), path, n

    def execute(self, *args):
        rows = _Rows(self._conn.execute(*args).fetchall())
        self._left -= 1
        if self._left == 0:
            Records(self._path).close()
        return rows


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_store_started_by_another_process_while_it_is_looked_at_is_never_taken_for_a_foreign_one(tmp_path, n):
    path = tmp_path / "records.sqlite3"
    conn = _StartedAfter(path, n)
    found = SQLite(path, timeout=1).inspect(conn)
    assert found.fresh or (found.ours and found.version == schema_module.schema_version()), found


def _hold_write_lock(path):
    """Another program's open write transaction on the file (a second kernel mid-write, a backup)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_lock_held_longer_than_the_wait_keeps_the_result_until_it_goes(tmp_path):
    path = tmp_path / "records.sqlite3"
    with Records(path, timeout=0.3) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        other = _hold_write_lock(path)
        started = time.monotonic()
        with pytest.raises(RecordsError, match=r"stayed busy for 0\.3 s; the result is kept"):
            records.record(game(actions=WIN_1_EASY), player="bob")
        assert time.monotonic() - started < 5
        pending = records.submit(game(actions=WIN_1_EASY[:10]), player="cy")
        time.sleep(0.6)  # twice the one-attempt wait: still kept
        assert not pending.done() and records._writer.pending == 2
        other.execute("COMMIT")
        other.close()
        assert records.flush(10)
        assert pending.result() == []
        assert sorted((r["player"], r["outcome"]) for r in records.results()) == [
            ("ana", "blocked"),
            ("bob", "won"),
            ("cy", "abandoned"),
        ]
        assert records.standing(1, category="scripted").text.endswith("held by bob.")


def test_a_result_given_up_as_the_store_closes_fails_in_the_family_not_with_the_drivers_error(tmp_path, monkeypatch):
    """Issue 45, item 10: before, the wait a closing ended left the driver's own error on the result
    (sqlite3's "database is locked"; psycopg's, or Unreachable, on a server)."""
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    other = _hold_write_lock(path)
    try:
        records = Records(path, timeout=1.0)
        pending = records.submit(game(actions=WIN_1_EASY), player="ana")
        records.close(wait=0.3)
        error = pending.exception(10)
        assert isinstance(error, GivenUp) and isinstance(error, RecordsError) and isinstance(error, TriPeaksError)
        assert str(error) == "the result of game 1 (easy) by 'ana' was not written before the store closed"
    finally:
        other.execute("ROLLBACK")
        other.close()


EXITING_KERNEL = """
import sys
from tripeaks_widget import Game
from tripeaks_widget.records import Records
records = Records(sys.argv[1])
game = Game("TP1-E-AAAAAAB").replay({line!r})
future = records.submit(game, player="leaving")
print("handed in", flush=True)
"""


def test_a_result_waiting_for_a_lock_is_written_as_the_process_exits(tmp_path):
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    other = _hold_write_lock(path)
    script = EXITING_KERNEL.format(line=WIN_1_EASY)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout.readline().strip() == "handed in"
    time.sleep(0.5)  # the child is at its exit now, waiting for the lock
    assert child.poll() is None
    other.execute("COMMIT")
    other.close()
    assert child.wait(30) == 0
    with Records(path) as records:
        assert [(r["player"], r["outcome"]) for r in records.results()] == [("leaving", "won")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]


# -- permissions: as a user who owns none of the files ---------------------------------------------


@pytest.fixture
def shared_dir():
    """A folder another user can enter (pytest's own tmp_path is private to its user)."""
    folder = Path(tempfile.mkdtemp(prefix="tripeaks-records-"))
    folder.chmod(0o755)
    yield folder
    for sub in [folder, *folder.rglob("*")]:
        if sub.is_dir():
            sub.chmod(0o755)
    shutil.rmtree(folder)


def as_another_user(job):
    """``job()`` as someone who cannot write what this user made: as root, a forked child that
    becomes nobody (root reads and writes everything); else this user, for files chmod-ed away."""
    if os.geteuid() != 0:
        return job()
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe()

    def run():
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        try:
            theirs.send(("ok", job()))
        except BaseException as error:
            theirs.send(("raised", type(error).__name__, str(error)))

    child = context.Process(target=run)
    child.start()
    assert mine.poll(60), "the child did not answer"
    answer = mine.recv()
    child.join(30)
    if answer[0] == "raised":
        raise {"RecordsError": RecordsError, "PermissionError": PermissionError}.get(answer[1], RuntimeError)(
            f"{answer[1]}: {answer[2]}"
        )
    return answer[1]


def test_a_good_store_in_a_read_only_folder_opens_read_only(shared_dir):
    folder = shared_dir / "class"
    folder.mkdir()
    path = folder / "records.sqlite3"
    with Records(path) as records:
        records.record(game(actions=WIN_1_EASY), player="ana")
    before = path.read_bytes()
    folder.chmod(0o555)
    path.chmod(0o444)

    def look():
        with Records(path) as records:
            try:
                records.record(game(actions=BLOCK_1_EASY), player="bob")
                wrote = "wrote"
            except RecordsError as error:
                wrote = str(error)
            held = records.standing(1, category="scripted").text.endswith("held by ana.")
            return records.read_only, [r["player"] for r in records.results()], held, wrote

    read_only, players, held, wrote = as_another_user(look)
    assert read_only and players == ["ana"] and held
    assert "read-only" in wrote and str(path) in wrote
    assert path.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["records.sqlite3"]


def test_an_unreadable_file_and_a_folder_that_cannot_be_made_are_records_errors(shared_dir):
    locked = shared_dir / "locked.sqlite3"
    with Records(locked) as records:
        records.record(game(actions=["K♣"]))
    locked.chmod(0o000)
    with pytest.raises(RecordsError, match=r"cannot be read \(permission denied\)"):
        as_another_user(lambda: Records(locked))
    closed = shared_dir / "closed"
    closed.mkdir(mode=0o555)
    closed.chmod(0o555)
    with pytest.raises(RecordsError, match=r"the folder .*deeper does not exist"):
        as_another_user(lambda: Records(closed / "deeper" / "records.sqlite3"))
    with pytest.raises(RecordsError, match="is read-only, so no records store can be started there"):
        as_another_user(lambda: Records(closed / "records.sqlite3"))
    private = shared_dir / "private"
    private.mkdir(mode=0o700)
    private.chmod(0o700)
    (private / "inner").mkdir()
    if os.geteuid() != 0:
        private.chmod(0o000)
    with pytest.raises(RecordsError, match="cannot be reached"):
        as_another_user(lambda: Records(private / "inner" / "records.sqlite3"))
    message = as_another_user(lambda: TriPeaks(game=1, records=locked).records_error)
    assert message.startswith("Records cannot be kept: ") and "permission denied" in message


def test_a_result_still_locked_out_at_exit_is_spooled_reported_whole_and_written_at_the_next_start(
    tmp_path, monkeypatch
):
    path = tmp_path / "records.sqlite3"
    spool = tmp_path / "spool"
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    Records(path).close()
    other = _hold_write_lock(path)
    script = (
        EXITING_KERNEL.format(line=WIN_1_EASY)
        + "import tripeaks_widget.records.store as store\nstore.EXIT_WAIT = 0.3\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "TRIPEAKS_RECORDS_SPOOL": str(spool)}
    child = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env, timeout=60
    )
    other.execute("ROLLBACK")
    other.close()
    assert child.returncode == 0 and child.stdout.strip() == "handed in"
    assert "was not written before the process ended" in child.stderr and '"player": "leaving"' in child.stderr
    assert '"outcome": "won"' in child.stderr and '"moves": 49' in child.stderr  # enough to enter it again
    assert len(list(spool.glob("*.json"))) == 1
    with Records(path) as records:  # the next start delivers it
        assert records.flush(10)
        assert [(r["player"], r["outcome"]) for r in records.results()] == [("leaving", "won")]
    assert list(spool.iterdir()) == []


@contextmanager
def _locked(location):
    """The store's results table locked by another session (a backup, a teacher's long query)."""
    if isinstance(location, Path):
        other = _hold_write_lock(location)
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    import psycopg

    with psycopg.connect(location, autocommit=True, connect_timeout=5) as other:
        other.execute("BEGIN")
        other.execute("LOCK TABLE results IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")


def test_a_result_still_locked_out_when_the_store_closes_is_spooled_and_written_at_the_next_open(
    location, tmp_path, monkeypatch, caplog
):
    """Before, close() gave the result up after its wait, with an error in the log and no spool file."""
    spool = tmp_path / "spool"
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    Records(location).close()
    with _locked(location):
        wait = 0.3 if isinstance(location, Path) else 1.0  # a server's connection takes longer
        records = Records(location, timeout=wait)
        with pytest.raises(RecordsError, match="the result is kept"):
            records.record(game(actions=WIN_1_EASY), player="ana")
        started = time.monotonic()
        with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
            records.close()
        assert time.monotonic() - started < 6
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
        assert "was not written before the store was closed" in caplog.text and str(spool) in caplog.text
        assert len(list(spool.glob("*.json"))) == 1
    with Records(location) as records:  # the next open delivers it
        assert records.flush(10)
        assert [(r["player"], r["outcome"]) for r in records.results()] == [("ana", "won")]
    assert list(spool.glob("*.json")) == []


# -- a full disk ----------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB file system of its own (a tmpfs, which needs root: CI runs as root), unmounted after."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("a small file system of its own needs root (mount -t tmpfs); CI runs as root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"mount -t tmpfs refused here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def _fill(folder: Path) -> Path:
    """Fill the file system of ``folder`` to the last byte; the filler, to free the room again."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler


def _fill_after_checkpoint(records, folder: Path) -> Path:
    """Fill the disk once the store's write-ahead log holds no room of its own (which the store
    would free to make room): the disk is then full for every write."""
    assert records._backend.make_room()
    return _fill(folder)


def test_a_full_disk_is_told_where_sqlite3_names_no_result_codes(tmp_path, monkeypatch):
    """Python 3.10's sqlite3 has no SQLITE_FULL nor SQLITE_IOERR (3.11 added them, and the codes
    on its errors): before, telling whether a failed write met a full disk raised AttributeError there."""
    if sys.version_info >= (3, 11):  # the store's own codes are sqlite3's
        assert (SQLITE_FULL, SQLITE_IOERR) == (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR)
    backend = SQLite(tmp_path / "records.sqlite3", timeout=1)
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = SQLITE_FULL  # as Python 3.11 sets it
    without_code = sqlite3.OperationalError("disk I/O error")  # as Python 3.10 raises it
    for name in ("SQLITE_FULL", "SQLITE_IOERR"):
        monkeypatch.delattr(sqlite3, name, raising=False)
    assert backend.full(full)
    assert not backend.full(without_code)


def _games(n: int):
    """``n`` distinct results of game 1 (each a play of its own)."""
    return [game(actions=WIN_1_EASY[: 2 + k]) for k in range(n)]


def test_a_full_disk_spools_the_results_says_so_in_words_and_the_next_open_writes_them(
    small_disk, tmp_path, monkeypatch
):
    """Before, each result failed with "disk I/O error", logged and not spooled."""
    spool = tmp_path / "spool"  # on another disk, which has room
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    path = small_disk / "records.sqlite3"
    with Records(path, timeout=2.0) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        filler = _fill_after_checkpoint(records, small_disk)
        for played in _games(20):
            with pytest.raises(RecordsError, match="the disk is full") as refused:
                records.record(played, player="bob")
            assert str(spool) in str(refused.value)
    assert len(list(spool.glob("*.json"))) == 20
    filler.unlink()
    with Records(path) as records:
        assert records.flush(20)
        assert sorted(r["player"] for r in records.results()) == ["ana"] + ["bob"] * 20
    assert list(spool.glob("*.json")) == []


def test_a_full_disk_drains_its_spool_as_room_comes_back_and_says_how_much_waits(small_disk, tmp_path, monkeypatch):
    """Before, the write-ahead log took the room freed: a few results were written, the rest stayed in
    the spool (opening the store again wrote nothing more), and nothing said how many waited."""
    spool = tmp_path / "spool"
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    with Records(small_disk / "records.sqlite3", timeout=2.0) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        filler = _fill_after_checkpoint(records, small_disk)
        for waiting, played in enumerate(_games(25), start=1):
            with pytest.raises(RecordsError, match=rf"with {waiting} result\(s\) waiting there in all"):
                records.record(played, player="bob")
        assert records.spooled == 25
        os.truncate(filler, filler.stat().st_size - 256 * 1024)  # room again: less than the log would take
        records.record(game(actions=WIN_1_EASY), player="cy")  # written, and what waits drains behind it
        assert records.flush(30)
        assert records.spooled == 0 and list(spool.glob("*.json")) == []
        assert sorted(r["player"] for r in records.results()) == ["ana"] + ["bob"] * 25 + ["cy"]


def test_a_full_disk_under_the_spool_too_is_said_once(small_disk, monkeypatch, caplog):
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(small_disk / "spool"))
    path = small_disk / "records.sqlite3"
    with Records(path, timeout=2.0) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        _fill_after_checkpoint(records, small_disk)
        with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
            for played in _games(10):
                with pytest.raises(RecordsError, match="the disk is full"):
                    records.record(played, player="bob")
    said = [r.getMessage() for r in caplog.records if "nothing can be written" in r.getMessage()]
    assert len(said) == 1, caplog.text
    assert caplog.text.count('"player": "bob"') == 10  # each result whole in the log, to be entered again


@pytest.mark.parametrize(
    "damage, said",
    [
        ("DROP TABLE player_bests", "lacks the table player_bests"),
        ("DROP TABLE bests; CREATE VIEW bests AS SELECT * FROM player_bests", "bests is a view, not a table"),
        ("ALTER TABLE bests DROP COLUMN was_moves", "bests lacks the column was_moves"),
    ],
)
def test_a_store_lacking_a_table_or_a_column_is_refused_as_it_opens(location, damage, said):
    """Before, only the columns of results were looked at: the store opened, then lost every result."""
    with Records(location) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
    if isinstance(location, Path):
        with sqlite3.connect(location) as conn:
            conn.executescript(damage)
        conn.close()
    else:
        import psycopg

        with psycopg.connect(location, autocommit=True) as conn:
            for statement in damage.split("; "):
                conn.execute(statement)
    with pytest.raises(RecordsError, match=f"a damaged records store.*{said}"):
        Records(location)


def test_a_bad_spool_file_is_moved_aside_said_once_and_the_store_goes_on(tmp_path, monkeypatch, caplog):
    """Before, a spooled row that was text, a list or null made every Records(db) raise AttributeError,
    without naming the file; a row missing keys was tried again at every open, silently."""
    from tripeaks_widget.records.locate import locate
    from tripeaks_widget.records.spool import store_key

    spool = tmp_path / "spool"
    spool.mkdir()
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:  # a good row, spooled as a process that ended would leave it
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        good = dict(records.results()[0], assists="", token="a" * 32, player="bob")
        del good["id"], good["category"]  # as a version before categories spooled it
    key = store_key(locate(path))
    bad = {
        "text": json.dumps({"store": "x", "row": "a string"}),
        "list": json.dumps({"store": "x", "row": [1, 2]}),
        "null": json.dumps({"store": "x", "row": None}),
        "missing": json.dumps({"store": "x", "row": {"player": "cy", "number": 1}}),
        "garbage": "{not json",
        "refused": json.dumps({"store": "x", "row": dict(good, cards_left=99, token="b" * 32)}),  # the store's check
    }
    for name, text in bad.items():
        (spool / f"{key}-{name}.json").write_text(text)
    (spool / f"{key}-good.json").write_text(json.dumps({"store": "x", "row": good}))
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        with Records(path) as records:
            assert records.flush(10)
            assert sorted((r["player"], r["category"]) for r in records.results()) == [
                ("ana", "scripted"),
                ("bob", "hand"),
            ]
        with Records(path) as records:  # said once: the files are no longer in the way
            assert records.flush(10)
    aside = spool / "set-aside"
    assert sorted(p.name for p in aside.iterdir()) == sorted(f"{key}-{name}.json" for name in bad)
    assert list(spool.glob("*.json")) == []
    for name in bad:
        assert caplog.text.count(f"{key}-{name}.json") == 1, caplog.text
    assert str(aside) in caplog.text


def test_without_threads_a_job_runs_at_once_in_the_callers_thread_and_one_it_queues_after_it():
    import threading

    from tripeaks_widget.records.worker import Writer

    ran: list[tuple[str, int]] = []
    jobs = Writer("no threads", lambda error: False, threads=False)

    def first():
        ran.append(("first", threading.get_ident()))
        jobs.submit(lambda: ran.append(("queued meanwhile", threading.get_ident())))
        return 1

    done = jobs.submit(first)
    assert done.done() and done.result() == 1
    assert ran == [("first", threading.get_ident()), ("queued meanwhile", threading.get_ident())]
    assert jobs.pending == 0 and "no threads" not in [thread.name for thread in threading.enumerate()]
    failed = jobs.submit(lambda: 1 / 0)
    assert isinstance(failed.exception(), ZeroDivisionError) and jobs.pending == 0
