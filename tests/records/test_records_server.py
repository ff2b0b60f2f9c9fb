"""A records store on a PostgreSQL server that misbehaves (issue 25): many boards on one URL,
a silent server, paused backends, a restart. Each test is bounded in time: a call that would
hang fails the test (``within``), and paused processes are always let go."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_EASY, game
from helpers.records_stores import by_hand, postgres_binaries, rows, within

from tripeaks_widget import TriPeaks
from tripeaks_widget.records import FIRST_WIN, SCRIPTED, Records, RecordsError, schema_version
from tripeaks_widget.records.postgres import CONNECT_TIMEOUT


def _ours(conn) -> int:
    """Connections the store's application holds on the server."""
    return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'tripeaks-widget'").fetchone()[
        0
    ]


# -- item 4 (issue 56, item 6): no connection held between uses ------------------------------------


def test_a_hundred_boards_on_one_url_hold_no_connection_between_uses(postgres):
    admin = postgres.connect()
    before = _ours(admin)
    boards = []
    try:
        for number in range(1, 101):
            w = TriPeaks(game=number, records=postgres.url)
            assert w.records is not None, w.records_error  # never refused for want of connections
            w.draw()
            w.new_game(game=number)  # an abandoned result written, a standing read
            boards.append(w)
        for w in boards:
            assert w.records.flush(20)
        end = time.monotonic() + 10  # a backend whose client closed it leaves pg_stat_activity a moment later
        while _ours(admin) > before and time.monotonic() < end:
            time.sleep(0.1)
        assert _ours(admin) <= before
        assert boards[-1].records.stats()["played"] == 100
    finally:
        for w in boards:
            w.close()
        admin.close()


# -- item 1: a silent server never holds the board -------------------------------------------------


def test_a_silent_server_holds_neither_the_board_nor_a_read(own_server):
    records = Records(own_server.fresh(), timeout=3)
    try:
        records.record(game(actions=BLOCK_1_EASY), player="ana")  # the pool holds a connection now
        w = TriPeaks(game=1, records=records, player="bob")
        with own_server.paused([own_server.postmaster(), *own_server.backends()]):
            w.replay(WIN_1_EASY, pace=0)  # won: the result goes to the writer, which cannot reach the server
            within(3, lambda: w.new_game(game=2), "new_game on a silent server")
            w.draw()
            assert w.state["moves"] == 1 and w.game.number == 2
            with pytest.raises(RecordsError, match=r"could not be reached|did not answer"):
                within(10, lambda: records.leaderboard(1), "a read on a silent server")
            with pytest.raises(RecordsError, match=r"could not be reached|did not answer"):
                within(10, lambda: records.version, "the version on a silent server")
        assert records.flush(30)  # the server woke: what was queued is written
        assert records.standing(1, category=SCRIPTED).text.endswith("held by bob.")
        assert sorted(r["player"] for r in records.results()) == ["ana", "bob"]
        w.close()
    finally:
        records.close()


def test_paused_backends_delay_neither_reads_nor_writes(own_server):
    records = Records(own_server.fresh(), timeout=3)
    try:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        assert rows(records.leaderboard(1, category=SCRIPTED))[0]["player"] == "ana"
        with own_server.paused(own_server.backends()):  # every connection the store holds, mid-life
            board = within(4, lambda: records.leaderboard(1, category=SCRIPTED), "a read with its backend paused")
            assert [e["player"] for e in rows(board)] == ["ana"]
            (notice,) = within(6, lambda: records.record(game(actions=WIN_1_EASY), player="bob"), "a write")
            assert notice.kind == FIRST_WIN
    finally:
        records.close()


def test_a_read_never_waits_behind_a_write(postgres):
    with Records(postgres.url, timeout=5) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        blocker = postgres.connect()
        try:
            blocker.execute("BEGIN")
            blocker.execute("SELECT * FROM bests FOR UPDATE")  # the write waits on this row's lock
            pending = records.submit(game(actions=WIN_1_EASY), player="bob")
            time.sleep(0.5)
            assert not pending.done()
            assert within(2, lambda: records.standing(1, category=SCRIPTED), "a read during a write").text.endswith(
                "held by ana."
            )
            assert (
                within(2, lambda: records.submit_standing(1, category=SCRIPTED).result(2), "the board's read")
                is not None
            )
            blocker.execute("ROLLBACK")
        finally:
            blocker.close()
        assert pending.result(20)[0].kind == FIRST_WIN


def test_a_board_built_while_its_server_is_paused_plays_at_once_and_records_when_it_wakes(
    own_server, tmp_path, monkeypatch
):
    """Before, building the board waited on the caller's thread for the server's answer, up to the
    connect deadline (5 s): the store is now looked at in its writer's thread."""
    url = own_server.fresh()
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    with Records(url) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
    assert CONNECT_TIMEOUT >= 5  # the wait this guards against
    with own_server.paused([own_server.postmaster(), *own_server.backends()]):
        w = within(2, lambda: TriPeaks(game=1, records=url, player="bob"), "building a board on a paused server")
        assert w.records is not None and w.records_error is None
        within(3, lambda: w.replay(WIN_1_EASY, pace=0), "playing on a paused server")
        assert w.status == "won"
        within(2, lambda: w.new_game(game=2), "dealing on a paused server")
        w.draw()
        assert w.state["moves"] == 1
    assert w.records.flush(30)  # the server woke: the won game is written, and said
    assert [(r["player"], r["outcome"]) for r in w.records.results()] == [("bob", "won"), ("ana", "blocked")]
    # What the store says of game 1 belongs to game 1: the board shows game 2 now, so it is not said here.
    assert not any("game 1 " in notice for notice in w.notices), w.notices
    assert w.records.standing(1, category=SCRIPTED).text.endswith("held by bob.")
    w.close()


def test_a_board_whose_server_does_not_answer_says_its_results_are_kept(own_server, tmp_path, monkeypatch):
    url = own_server.fresh()
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    waiting = "The records server does not answer yet: results are kept and recorded when it does"
    own_server.down()
    try:
        w = within(2, lambda: TriPeaks(game=1, records=url, player="ana"), "building a board, its server down")
        deadline = time.monotonic() + 10
        while waiting not in w.notices and time.monotonic() < deadline:
            time.sleep(0.05)
        assert {"kind": "info", "text": waiting} in w.state["notices"], w.state["notices"]
        w.replay(WIN_1_EASY, pace=0)
        assert w.status == "won"
    finally:
        own_server.up()
    assert w.records.flush(30)
    assert [(r["player"], r["outcome"]) for r in w.records.results()] == [("ana", "won")]
    w.close()


def test_a_store_refused_once_its_paused_server_answers_is_said_under_the_board(own_server):
    import psycopg

    name = f"tp_latin1_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(own_server.url, autocommit=True, connect_timeout=5) as admin:
        admin.execute(f"CREATE DATABASE {name} ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
    url = own_server.url[: own_server.url.rindex("/") + 1] + name
    try:
        with own_server.paused([own_server.postmaster()]):
            w = within(2, lambda: TriPeaks(game=1, records=url, player="ana"), "building a board on a paused server")
            time.sleep(0.5)
        deadline = time.monotonic() + 15
        while w.records_error is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "LATIN1" in (w.records_error or ""), w.notices
        assert [n["kind"] for n in w.state["notices"]] == ["error"]  # published in a snapshot of its own
        w.replay(WIN_1_EASY, pace=0)  # the game goes on
        assert w.status == "won"
        again = TriPeaks(game=1, records=url)  # a refused store is not shared on
        assert again.records is None and "LATIN1" in again.records_error
        again.close()
        w.close()
    finally:
        with psycopg.connect(own_server.url, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


# -- item 3: the first read after a server restart -------------------------------------------------


def test_the_first_read_after_a_server_restart_works(own_server):
    records = Records(own_server.fresh(), timeout=3)
    try:
        by_hand(records, game(actions=WIN_1_EASY), player="ana")
        reads = {
            "results": lambda: [r["player"] for r in records.results()],
            "stats": lambda: records.stats()["won"],
            "standing": lambda: records.standing(1).text,
            "leaderboard": lambda: rows(records.leaderboard(1))[0]["player"],
            "version": lambda: records.version,
        }
        expected = {name: read() for name, read in reads.items()}
        assert expected["results"] == ["ana"] and expected["version"] == schema_version()
        for name, read in reads.items():
            own_server.restart()  # every connection of the pool ends
            assert within(10, read, f"{name} after a restart") == expected[name], name
        w = TriPeaks(game=2, records=records, player="bob")
        w.draw()
        own_server.restart()
        w.new_game(game=1)  # the abandoned game 2 is written, and game 1's record is said
        assert records.flush(10)
        kinds = [n["kind"] for n in w.board.results.notices]
        assert "error" not in kinds and "Record of game 1 (Easy): won in 49 moves, held by ana." in w.notices
        assert [r["number"] for r in records.results()] == [2, 1]
        w.close()
    finally:
        records.close()


def test_a_standing_that_cannot_be_read_is_never_said_to_be_a_result_not_recorded(own_server):
    records = Records(own_server.fresh(), timeout=2)
    try:
        records.record(game(actions=WIN_1_EASY), player="ana")
        w = TriPeaks(game=2, records=records, player="bob")
        own_server.down()
        try:
            within(5, lambda: w.new_game(game=1), "new_game with the server down")
            time.sleep(3)  # the read gives up
            assert not any("could not be recorded" in str(text) for text in w.notices), w.notices
        finally:
            own_server.up()
        w.close()
    finally:
        records.close()


# -- item 2: nothing lost at shutdown, nor when the server was down as the store was opened ----------

KERNEL_CODE = """
from tripeaks_widget import Game
from tripeaks_widget.records import Records
records = Records({url!r}, timeout=2)
game = Game("TP1-E-AAAAAAB").replay({line!r})
future = records.submit(game, player="kernel")
print("handed in", records.kind)
"""


def _spooled(folder):
    return sorted(folder.glob("*.json")) if folder.exists() else []


def test_a_kernel_shut_down_with_the_server_down_spools_its_result_and_the_next_start_writes_it(
    own_server, tmp_path, monkeypatch
):
    jupyter_client = pytest.importorskip("jupyter_client")
    url = own_server.fresh()
    spool = tmp_path / "spool"
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    Records(url).close()  # the store exists; then its server goes down
    own_server.down()
    try:
        manager = jupyter_client.KernelManager(kernel_name="python3")
        manager.start_kernel(env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
        client = manager.client()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=60)
            said = []
            reply = client.execute_interactive(
                KERNEL_CODE.format(url=url, line=WIN_1_EASY),
                timeout=60,
                output_hook=lambda msg: said.append(msg["content"].get("text", "")),
            )
            assert reply["content"]["status"] == "ok", reply["content"]
            assert "handed in PostgreSQL" in "".join(said)  # opened though its server was down
        finally:
            client.stop_channels()
            within(30, lambda: manager.shutdown_kernel(now=False), "the kernel's shutdown")
        (kept,) = _spooled(spool)
        text = kept.read_text()
        assert '"player": "kernel"' in text and url.split(":")[2].split("@")[0] not in text  # never the password
    finally:
        own_server.up()
    with Records(url) as records:  # the next start delivers it
        assert records.flush(20)
        assert [(r["player"], r["outcome"], r["moves"]) for r in records.results()] == [("kernel", "won", 49)]
    assert _spooled(spool) == []


SIGTERMED = """
import os, signal, sys, time
from tripeaks_widget import Game
from tripeaks_widget.records import Records
records = Records(sys.argv[1], timeout=2)
records.record(Game("TP1-E-AAAAAAB").replay(["K♣"]), player="first")
print("ready", flush=True)
sys.stdin.readline()  # the server is paused now
records.submit(Game("TP1-E-AAAAAAB").replay({line!r}), player="termed")
print("handed in", flush=True)
time.sleep(60)
"""


def test_sigterm_spools_what_is_queued(own_server, tmp_path, monkeypatch):
    url = own_server.fresh()
    spool = tmp_path / "spool"
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(spool))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen(
        [sys.executable, "-c", SIGTERMED.format(line=WIN_1_EASY), url],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert within(30, child.stdout.readline, "the child's start").strip() == "ready"
        with own_server.paused([own_server.postmaster(), *own_server.backends()]):
            child.stdin.write("go\n")
            child.stdin.flush()
            assert within(10, child.stdout.readline, "the child's submit").strip() == "handed in"
            time.sleep(0.5)
            child.send_signal(signal.SIGTERM)
            assert child.wait(10) == -signal.SIGTERM
        assert [p.read_text().count('"player": "termed"') for p in _spooled(spool)] == [1]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    with Records(url) as records:
        assert records.flush(20)
        assert sorted(r["player"] for r in records.results()) == ["first", "termed"]
    assert _spooled(spool) == []


def test_a_store_opened_while_its_server_is_down_keeps_the_results_and_writes_them_when_it_is_up(
    own_server, tmp_path, monkeypatch
):
    url = own_server.fresh()
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    own_server.down()
    try:
        records = within(10, lambda: Records(url, timeout=2), "opening with the server down")
        w = TriPeaks(game=1, records=records, player="ana")
        w.replay(WIN_1_EASY, pace=0)
        assert w.status == "won"
        with pytest.raises(RecordsError, match="could not be reached"):
            within(10, lambda: records.results(), "a read with the server down")
    finally:
        own_server.up()
    try:
        assert records.flush(30)
        assert [(r["player"], r["outcome"]) for r in records.results()] == [("ana", "won")]
        assert records.version == schema_version()
        w.close()
    finally:
        records.close()


DOWN_SCRIPT = """
import sys
from tripeaks_widget.records import Records, RecordsError
records = Records(sys.argv[1], timeout=1)
for _ in range(3):
    try:
        records.results()
    except RecordsError:
        pass
records.close()
"""


def test_a_server_that_is_down_is_one_notice_on_stderr(own_server):
    """Three reads of a server that is down: a script (or a kernel) that sets no logging up sees the
    store's one notice on stderr, and nothing else (no driver's log of every attempt)."""
    url = own_server.fresh()
    own_server.down()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    try:
        ran = subprocess.run(
            [sys.executable, "-c", DOWN_SCRIPT, url], capture_output=True, text=True, env=env, timeout=60
        )
    finally:
        own_server.up()
    assert ran.returncode == 0, ran.stderr[-2000:]
    lines = [line for line in ran.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "results are kept and written when it answers" in lines[0], ran.stderr


# -- item 6: server encodings ------------------------------------------------------------------------


@pytest.fixture
def database_in(postgres):
    """A database of the given encoding on the suite's server, dropped after the test."""
    made = []

    def make(encoding: str) -> str:
        name = f"tp_{encoding.lower()}_{uuid.uuid4().hex[:8]}"
        postgres.admin.execute(
            f"CREATE DATABASE {name} ENCODING '{encoding}' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"
        )
        made.append(name)
        base = postgres.base
        return base[: base.rindex("/") + 1] + name

    yield make
    for name in made:
        postgres.admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_an_sql_ascii_database_keeps_every_name(database_in):
    url = database_in("SQL_ASCII")
    with Records(url) as records:
        assert records.record(game(actions=WIN_1_EASY), player="Ζωή")[0].kind == FIRST_WIN
        records.record(game(actions=BLOCK_1_EASY), player="דנה")
        assert sorted(records.players()) == sorted(["Ζωή", "דנה"])
        assert records.standing(1, category=SCRIPTED).text.endswith("held by Ζωή.")
    with Records(url) as records:  # opened again: it is a store of ours
        assert rows(records.leaderboard(1, category=SCRIPTED))[0]["player"] == "Ζωή"


def test_a_latin1_database_is_refused_when_the_store_is_opened_and_left_alone(database_in):
    url = database_in("LATIN1")
    with pytest.raises(RecordsError, match=r"the database's encoding is LATIN1.*expected a database in UTF8"):
        Records(url)
    w = TriPeaks(game=1, records=url, player="Ζωή")  # said once; the game goes on
    assert w.records is None and "LATIN1" in w.records_error
    w.replay(WIN_1_EASY, pace=0)
    assert w.status == "won"
    w.close()
    import psycopg

    with psycopg.connect(url, connect_timeout=5) as conn:
        tables = conn.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
        assert tables.fetchone()[0] == 0


def test_the_suite_starts_its_own_server_when_none_is_given(tmp_path):
    """README's test command runs the PostgreSQL tests on a machine with Debian's server installed,
    though no server was given: the session starts one of its own (tests/conftest.py)."""
    if not postgres_binaries():
        pytest.skip("no PostgreSQL server binaries under /usr/lib/postgresql")
    env = {key: value for key, value in os.environ.items() if not key.startswith("TRIPEAKS_POSTGRES")}
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-rs",
            "tests/records/test_records_queries.py::test_a_numpy_game_number_finds_its_results",
        ],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stdout[-2000:]
    assert "2 passed" in ran.stdout and "skipped" not in ran.stdout  # SQLite and PostgreSQL both ran
