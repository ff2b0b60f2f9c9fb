"""The teacher's live class board (issue 56, item 5): the day's challenges, who met each first by
hand, each student's best; kept up to date as results arrive from other processes (LISTEN/NOTIFY
on a class's PostgreSQL store, polling on SQLite), in every language, through an outage of the
server, and reading no more than the URL it is given may read."""

import time
from datetime import date, timedelta
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from helpers.records_games import record_elsewhere

from tripeaks_widget import ClassBoard, InvalidTypeError, InvalidValueError, class_board
from tripeaks_widget.class_board import BACK, NO_CHALLENGE, OFFLINE, REFUSED, TITLE
from tripeaks_widget.i18n import LANGUAGES, translate
from tripeaks_widget.records import Records

WINNABLE = "TP1-E-AAAAAAD"  # game 3 under Easy: the solver wins it with 18 draws and a run of 6


def until(condition, what, seconds=30.0):
    """Wait for ``condition()`` (a bound, not a timing: the board follows in a thread of its own)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"{what} did not happen within {seconds:g} s")
        time.sleep(0.02)


def firsts(board):
    return [c["first"] and c["first"]["player"] for c in board.data["challenges"]]


def student_row(board, name):
    (row,) = [r for r in board.view["students"]["rows"] if r["head"] == name]
    return [" ".join(part["text"] for part in cell) for cell in row["cells"]]


@pytest.fixture
def challenged(location):
    """A store with two challenges on game 3 open today, and one that opens tomorrow."""
    with Records(location) as store:
        store.set_challenge(3, "win in 20 draws")
        store.set_challenge(3, "run 6")
        store.set_challenge(3, "win", opens=date.today() + timedelta(days=2))
    return location


def test_it_shows_the_days_challenges_the_first_by_hand_and_each_students_best(challenged):
    record_elsewhere(challenged, "ana", "scripted")  # earlier, but scripted: never the first
    record_elsewhere(challenged, "ben")
    board = ClassBoard(challenged)
    try:
        until(lambda: board.data is not None, "the first read")
        view = board.view
        assert [row[1] for row in view["challenges"]["rows"]] == [
            "Win with at most 20 draws",
            "Play a run of 6 cards without a draw",
        ]  # the one that opens later is not today's
        assert [row[2] for row in view["challenges"]["rows"]] == ["a win with 18 draws", "a run of 18 cards"]
        assert firsts(board) == ["ben", "ben"]
        assert [row[3].split(" at ")[0] for row in view["challenges"]["rows"]] == ["ben", "ben"]
        assert student_row(board, "ana") == [
            "a win with 18 draws met scripted",
            "a run of 6 cards met scripted",
            "0 of 2",
        ]
        assert student_row(board, "ben") == ["a win with 18 draws met", "a run of 6 cards met", "2 of 2"]
        assert view["offline"] == "" and view["announce"] == ""
    finally:
        board.close()


def test_it_follows_the_results_another_process_records(challenged):
    board = ClassBoard(challenged)
    try:
        until(lambda: board.data is not None, "the first read")
        assert firsts(board) == [None, None] and board.view["students"]["rows"] == []
        record_elsewhere(challenged, "ana", "scripted")
        until(lambda: len(board.data["players"]) == 1, "the scripted result shown")
        assert firsts(board) == [None, None] and board.view["announce"] == ""
        record_elsewhere(challenged, "ben")
        until(lambda: firsts(board) == ["ben", "ben"], "the first by hand shown")
        assert board.view["announce"].startswith("ben is the first to meet the class's challenge “Win with at most")
        assert board.view["announced"] == 1
        with Records(challenged) as store:  # a challenge set, then withdrawn: the board follows
            made = store.set_challenge(3, "run 4")
            until(lambda: len(board.data["challenges"]) == 3, "the new challenge shown")
            store.withdraw_challenge(made["id"])
            until(lambda: len(board.data["challenges"]) == 2, "the withdrawn challenge gone")
    finally:
        board.close()


def test_on_a_class_store_the_board_keeps_one_listening_connection(own_server):
    url = own_server.fresh()  # a server of this module's own: no other test's board is on it
    with Records(url) as store:
        store.set_challenge(3, "win")
    board = ClassBoard(url)
    try:
        until(lambda: board.data is not None, "the first read")
        record_elsewhere(url, "ben")
        until(lambda: firsts(board) == ["ben"], "the result shown")
        with psycopg.connect(own_server.url, autocommit=True) as conn:
            held = conn.execute(
                "SELECT count(*), bool_and(query = 'LISTEN tripeaks_records') FROM pg_stat_activity "
                "WHERE application_name = 'tripeaks-widget' AND state = 'idle'"
            ).fetchone()
        assert held == (1, True)
    finally:
        board.close()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_word_on_the_board_is_said_in_its_language(tmp_path, lang):
    path = tmp_path / "class.sqlite3"
    Records(path).close()
    board = ClassBoard(path, language=lang)
    try:
        until(lambda: board.view.get("empty"), "the empty board")
        assert board.view["title"] == translate(TITLE, lang) != str(TITLE)
        assert board.view["empty"] == translate(NO_CHALLENGE, lang) != str(NO_CHALLENGE)
        assert board.view["dir"] == ("rtl" if lang == "he" else "ltr") and board.view["lang"] == lang
        columns = board.view["challenges"]["columns"] + board.view["students"]["columns"]
        board.lang = "en"
        assert board.view["title"] == "Class board"
        assert not set(columns) & set(board.view["challenges"]["columns"] + board.view["students"]["columns"])
    finally:
        board.close()


def test_a_surprise_is_logged_and_the_store_read_again(tmp_path, monkeypatch, caplog):
    """A projected board outlives an error nobody foresaw: it logs the error and reads the store
    again a little later."""
    store = Records(tmp_path / "class.sqlite3")
    store.set_challenge(3, "win")
    read, calls = store.class_board, []

    def surprised(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("a surprise")
        return read(*args, **kwargs)

    monkeypatch.setattr(store, "class_board", surprised)
    monkeypatch.setattr(class_board, "RETRY_MOST", 0.05)
    board = ClassBoard(store)
    try:
        until(lambda: board.data is not None, "the read after the surprise")
        assert board.online and board.view["offline"] == "" and len(calls) >= 2
        assert "could not read its store" in caplog.text and "a surprise" in caplog.text
    finally:
        board.close()
        store.close()


def test_it_says_so_while_its_server_is_away_and_again_once_it_is_back(own_server):
    url = own_server.fresh()
    with Records(url) as store:
        store.set_challenge(3, "win")
    board = ClassBoard(url, language="el")
    try:
        until(lambda: board.data is not None, "the first read")
        own_server.down()
        until(lambda: not board.online, "the outage noticed")
        assert board.view["offline"] == translate(OFFLINE, "el") != str(OFFLINE)
        assert board.data["challenges"][0]["challenge"] == "win"  # what it last read stays
        time.sleep(2)  # a few tries, each refused
        own_server.up()
        until(lambda: board.online, "the server back", 60)
        assert board.view["offline"] == "" and board.view["announce"] == translate(BACK, "el")
        record_elsewhere(url, "ben")
        until(lambda: firsts(board) == ["ben"], "a result after the outage shown")
        own_server.restart()  # every connection ends at once: the listening one too
        record_elsewhere(url, "cleo")
        until(lambda: len(board.data["players"]) == 2, "a result after a restart shown", 60)
    finally:
        board.close()


def test_on_a_students_url_it_reads_what_the_student_may_read_and_writes_nothing(class_store):
    _, students, owner_url = class_store
    (_, ana_url), (bob, bob_url) = sorted(students.items())
    with Records(owner_url) as store:
        store.set_challenge(3, "win")
    owners, anas = ClassBoard(owner_url), ClassBoard(ana_url)
    try:
        record_elsewhere(bob_url, bob)
        until(lambda: anas.data is not None and firsts(anas) == [bob], "bob's result on ana's board")
        until(lambda: owners.data is not None and firsts(owners) == [bob], "bob's result on the teacher's")
        assert anas.data == owners.data
        with psycopg.connect(ana_url, autocommit=True) as conn:
            # A student may send the board's notice by hand: it reads the store again, and shows what it holds.
            schema = conn.execute("SELECT current_schema()").fetchone()[0]
            conn.execute(f"NOTIFY tripeaks_records, '{schema}'")
            with pytest.raises(psycopg.errors.FeatureNotSupported):  # and cannot run its trigger's function
                conn.execute("SELECT tripeaks_changed()")
            with pytest.raises(psycopg.errors.InsufficientPrivilege):  # nor write what the board reads
                conn.execute("DELETE FROM results")
        time.sleep(0.5)
        assert anas.data == owners.data and firsts(anas) == [bob]
    finally:
        anas.close()
        owners.close()
    with psycopg.connect(owner_url, autocommit=True) as conn:  # nothing was written by either board
        assert conn.execute("SELECT count(*), min(player) FROM results").fetchone() == (1, bob)


def test_bad_arguments_are_refused_in_one_sentence(tmp_path):
    with pytest.raises(InvalidTypeError, match="store is a records store's URL or path, or a Records; got"):
        ClassBoard(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="language"):
        ClassBoard(tmp_path / "class.sqlite3", language="fr")


def test_a_store_that_refuses_the_board_is_said_and_the_board_stops(postgres):
    parts = urlsplit(postgres.url)
    user = parts.netloc.rsplit("@", 1)[0].split(":", 1)[0]
    wrong = urlunsplit(parts._replace(netloc=f"{user}:not-the-password@{parts.netloc.rsplit('@', 1)[1]}"))
    board = ClassBoard(wrong, language="he")
    said = []
    board.observe(lambda change: said.append(change["new"].get("offline")), names="view")
    try:
        until(lambda: board.view.get("offline"), "the refusal said")
        assert board.view["offline"] == translate(REFUSED, "he") != str(REFUSED)
        assert board.data is None and not board.online
        assert set(said) <= {"", translate(REFUSED, "he")}, said  # never first said as an outage being retried
    finally:
        board.close()
