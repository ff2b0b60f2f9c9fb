"""Records shared by many players (§9 across a class): players, notices across everyone, assists,
leaderboards, two processes racing to be first, eight writing at once, and the faults of a
database server. Each test that takes ``store`` or ``location`` runs on SQLite and PostgreSQL."""

import getpass
import multiprocessing
import socket
import time
from collections import Counter
from functools import partial

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_CLASSIC, WIN_1_EASY, game
from helpers.records_stores import by_hand, rows

from tripeaks_widget import Game, TriPeaks
from tripeaks_widget.records import (
    BEST_SO_FAR,
    FIRST_WIN,
    HAND,
    PERSONAL_BEST,
    RECORD,
    SCRIPTED,
    Records,
    RecordsError,
    check_player,
    default_player,
    redact,
)

SLOW_WIN = ["draw", "undo"] * 2 + WIN_1_EASY  # won in 51 moves (an undo is no move)
SLOWER_WIN = ["draw", "undo"] * 4 + WIN_1_EASY  # won in 53 moves


# -- players ------------------------------------------------------------------------------------


def test_the_player_is_the_hub_user_then_the_os_user(monkeypatch, store):
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    assert default_player() == "ana"
    store.record(game(actions=["K♣"]))
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert default_player() == getpass.getuser()
    store.record(game(actions=["K♣", "A♠"]))
    store.record(game(actions=["K♣", "A♠", "2♦"]), player="bea")
    assert [r["player"] for r in store.results()[::-1]] == ["ana", getpass.getuser(), "bea"]
    assert store.players() == sorted(["ana", "bea", getpass.getuser()])


@pytest.mark.parametrize(
    "name",
    ["", "x" * 65, "ana\nbea", "tab\there", "nul\x00", "bell\x07", "\u202eevil", "line\u2028break", " ana", "ana "],
)
def test_names_are_checked(name, store):
    with pytest.raises(ValueError, match="1 to 64 characters, without control characters"):
        check_player(name)
    with pytest.raises(ValueError):
        store.record(game(actions=["K♣"]), player=name)
    with pytest.raises(ValueError):
        TriPeaks(game=1, records=False, player=name)
    assert store.results() == []


def test_a_name_is_text_not_a_type_error_in_disguise():
    with pytest.raises(TypeError, match="named by text"):
        check_player(7)
    assert check_player("Ásdís Þór") == "Ásdís Þór" and check_player("דנה") == "דנה" and check_player("x" * 64)


@pytest.mark.parametrize(
    "name",
    [
        "Robert'); DROP TABLE results;--",
        "' OR '1'='1",
        'ana" OR 1=1 --',
        "%s %(x)s ? :name $1",
        "x'; UPDATE bests SET player = 'mallory' WHERE '1'='1",
    ],
)
def test_names_that_try_sql_injection_are_stored_as_plain_text(name, store):
    store.record(game(actions=["K♣"]), player="ana")
    (notice,) = store.record(game(actions=["K♣", "A♠"]), player=name)
    assert notice.kind == RECORD
    assert [r["player"] for r in store.results()] == [name, "ana"]
    assert rows(store.leaderboard(1, category=SCRIPTED))[0]["player"] == name
    assert store.stats(player=name)["played"] == 1
    assert store.standing(1, category=SCRIPTED).text.endswith(f"held by {name}.")
    assert store.stats()["played"] == 2  # the tables are all there


# -- notices across every player of the store ------------------------------------------------------


def test_notices_across_players_first_win_record_and_personal_best(store):
    (notice,) = by_hand(store, game(actions=BLOCK_1_EASY), player="ana")
    assert notice.kind == BEST_SO_FAR
    (notice,) = by_hand(store, game(actions=SLOW_WIN), player="bob")
    assert notice.kind == FIRST_WIN and notice.text == "First win of game 1 (Easy): won in 51 moves."
    (notice,) = by_hand(store, game(actions=SLOWER_WIN), player="ana")  # bob's is better: her own best only
    assert notice.kind == PERSONAL_BEST
    assert notice.text == "Your personal best for game 1 (Easy): won in 53 moves, beating 22 cards left in 29 moves."
    assert by_hand(store, game(actions=SLOWER_WIN), player="ana") == []  # a tie with herself is no news
    assert by_hand(store, game(actions=SLOWER_WIN), player="cy") == []  # cy's first result, nowhere near the best
    (notice,) = by_hand(store, game(actions=WIN_1_EASY), player="ana")
    assert notice.kind == RECORD
    assert notice.text == "New record for game 1 (Easy): won in 49 moves, beating won in 51 moves."
    assert store.standing(1).text == "Record of game 1 (Easy): won in 49 moves, held by ana."
    assert store.standing(1, "classic") is None


def test_a_scripted_result_keeps_its_figures_and_has_records_of_its_own_apart_from_play_by_hand(store):
    """Issue 45, item 2: a game moved from Python never takes a record, a first win or a best among
    the games played by hand; among scripted games, a race still has its first win and its bests."""
    by_hand(store, game(actions=BLOCK_1_EASY), player="ana")
    (notice,) = store.record(game(actions=WIN_1_EASY), player="bot")  # scripted, and faster than any hand
    assert notice.kind == FIRST_WIN and notice.text == "First win of game 1 (Easy, scripted): won in 49 moves."
    assert store.standing(1).text == "Record of game 1 (Easy): 22 cards left in 29 moves, held by ana."
    (notice,) = by_hand(store, game(actions=SLOW_WIN), player="bea")
    assert notice.kind == FIRST_WIN and notice.text == "First win of game 1 (Easy): won in 51 moves."
    assert store.record(game(actions=SLOW_WIN), player="bea") == []  # her first scripted result: no news
    (notice,) = store.record(game(actions=["draw", "undo"] + WIN_1_EASY), player="bea")
    assert notice.kind == PERSONAL_BEST
    assert notice.text == "Your personal best for game 1 (Easy, scripted): won in 50 moves, beating won in 51 moves."
    assert (
        store.standing(1, category=SCRIPTED).text == "Record of game 1 (Easy, scripted): won in 49 moves, held by bot."
    )
    assert (store.stats()["played"], store.stats()["won"], store.stats(player="bea")["won"]) == (5, 4, 3)


def test_the_leaderboard_ranks_each_players_best_with_scripted_and_assisted_results_apart(store):
    by_hand(store, game(actions=SLOW_WIN), player="bob")
    by_hand(store, game(actions=BLOCK_1_EASY), player="bob")  # worse than his own best: not on the board twice
    by_hand(store, game(actions=WIN_1_EASY), player="ana")
    by_hand(store, game(actions=WIN_1_EASY), player="cy")  # ties ana: the same rank, after her
    by_hand(store, game(actions=BLOCK_1_EASY), player="dee")
    assert by_hand(store, game(actions=WIN_1_EASY), player="eve", assists={"hint"}) == []  # no record with help
    by_hand(store, game(actions=SLOW_WIN), player="fay", assists={"verdict", "win_chance"})
    store.record(game(actions=WIN_1_EASY), player="bob")  # scripted: ranked apart, after every game by hand
    store.record(game(actions=WIN_1_EASY), player="hal", assists={"hint"})
    store.record(game("TP1-C-AAAAAAB", WIN_1_CLASSIC), player="gus")
    board = rows(store.leaderboard(1, rules="easy"))
    assert [(e["rank"], e["player"], e["moves"], e["category"], e["assisted"]) for e in board] == [
        (1, "ana", 49, "hand", False),
        (1, "cy", 49, "hand", False),
        (3, "bob", 51, "hand", False),
        (4, "dee", 29, "hand", False),
        (5, "eve", 49, "hand", True),  # the assisted after every unassisted one: the ranks run on
        (6, "fay", 51, "hand", True),
    ]
    scripted = rows(store.leaderboard(1, rules="easy", category=SCRIPTED))  # a table of its own
    assert [(e["rank"], e["player"], e["category"], e["assisted"]) for e in scripted] == [
        (1, "bob", "scripted", False),
        (2, "hal", "scripted", True),
    ]
    assert board[5]["assists"] == ["verdict", "win_chance"] and board[0]["assists"] == []
    assert board[3]["outcome"] == "blocked" and board[3]["cards_left"] == 22
    assert [e["player"] for e in rows(store.leaderboard(1, "C", category=SCRIPTED))] == ["gus"]
    assert [e["player"] for e in rows(store.leaderboard(1, limit=2))] == ["ana", "cy"]  # at most two rows
    assert store.best(1)["player"] == "ana"  # the record is played by hand, and unassisted
    assert store.best(1, category=SCRIPTED)["player"] == "bob"


def test_the_leaderboard_is_a_dataframe_where_pandas_is_installed_else_rows_of_the_same_columns(store, monkeypatch):
    from tripeaks_widget.records.store import LEADERBOARD_COLUMNS

    by_hand(store, game(actions=WIN_1_EASY), player="ana")
    by_hand(store, game(actions=SLOW_WIN), player="bob", assists={"hint"})
    try:
        import pandas
    except ImportError:
        pandas = None
    if pandas is not None:
        table = store.leaderboard(1)
        assert isinstance(table, pandas.DataFrame) and tuple(table.columns) == LEADERBOARD_COLUMNS
        assert table["rank"].tolist() == [1, 2] and table["player"].tolist() == ["ana", "bob"]
        monkeypatch.setitem(__import__("sys").modules, "pandas", None)  # as where it is not installed
    plain = store.leaderboard(1)
    assert isinstance(plain, list) and [tuple(e) for e in plain] == [LEADERBOARD_COLUMNS] * 2
    assert [(e["rank"], e["player"], e["assisted"], e["assists"]) for e in plain] == [
        (1, "ana", False, []),
        (2, "bob", True, ["hint"]),
    ]


def test_assists_are_a_set_of_names_and_unknown_ones_are_kept(store):
    store.record(game(actions=["K♣"]), player="ana", assists=["hint", "hint", "replay-from-the-future"])
    assert store.results()[0]["assists"] == ["hint", "replay-from-the-future"]
    with pytest.raises(TypeError, match="set of names"):
        store.record(game(actions=["K♣"]), assists="hint")
    with pytest.raises(ValueError, match="lower-case letters"):
        store.record(game(actions=["K♣"]), assists={"Hint!"})
    assert len(store.results()) == 1


def test_stats_per_player(store):
    store.record(game(actions=WIN_1_EASY), player="ana")
    store.record(game(actions=BLOCK_1_EASY), player="ana")
    store.record(game(actions=["K♣"]), player="bob")
    ana = store.stats(player="ana")
    assert (ana["player"], ana["played"], ana["won"], ana["win_percent"]) == ("ana", 2, 1, 50.0)
    assert set(ana["by_rules"]) == {"easy"} and ana["by_rules"]["easy"]["played"] == 2
    assert store.stats("easy", player="bob")["abandoned"] == 1 and store.stats()["played"] == 3
    assert store.stats(player="nobody")["played"] == 0
    assert [r["player"] for r in store.results(player="bob")] == ["bob"]


# -- processes at once ------------------------------------------------------------------------------


def _race(location, player, barrier, answers):
    with Records(location) as records:
        said = []
        for won in (game(actions=WIN_1_EASY), game("TP1-C-AAAAAAB", WIN_1_CLASSIC)):
            barrier.wait(60)
            said += [(won.rules.name, n.kind) for n in records.record(won, player=player)]
        for number in range(2, 42):  # first results of forty games, both at the same moment
            g = Game.from_number(number)
            g.draw()
            barrier.wait(60)
            said += [(number, n.kind) for n in records.record(g, player=player)]
        answers.put((player, said))


def test_two_processes_racing_exactly_one_is_first(location):
    with Records(location) as records:  # a blocked result stands under Easy: the win updates the best
        records.record(game(actions=BLOCK_1_EASY), player="earlier")
    context = multiprocessing.get_context("spawn")
    barrier, answers = context.Barrier(2), context.Queue()
    racers = [context.Process(target=_race, args=(location, name, barrier, answers)) for name in ("ana", "bob")]
    for racer in racers:
        racer.start()
    said = dict(answers.get(timeout=180) for _ in racers)
    for racer in racers:
        racer.join(60)
    assert [r.exitcode for r in racers] == [0, 0]
    told = Counter(item for items in said.values() for item in items)
    assert told[("easy", FIRST_WIN)] == 1 and told[("classic", FIRST_WIN)] == 1
    assert all(told[(n, BEST_SO_FAR)] == 1 for n in range(2, 42)), told
    assert sum(told.values()) == 42  # the one who came second was told nothing
    with Records(location) as records:
        assert records.stats()["played"] == 1 + 2 * 42
        winner = next(p for p, items in said.items() if ("easy", FIRST_WIN) in items)
        assert records.standing(1, category=SCRIPTED).text.endswith(f"held by {winner}.")  # a race of scripts
        assert records.standing(1) is None  # among the games played by hand, nobody has won


def _write_many(location, player, count, start, answers):
    start.wait(60)
    kinds = Counter()
    try:
        with Records(location) as records:
            for number in range(1, count + 1):  # every writer plays the same games: each first result is a race
                g = Game.from_number(number, "classic" if number % 2 else "easy")
                g.draw()
                kinds.update(n.kind for n in records.record(g, player=player))
    except Exception as error:  # told to the test, which then fails at once and says why
        kinds[f"{player}: {error!r}"] += 1
    answers.put(dict(kinds))


def test_eight_processes_writing_200_results_each_lose_nothing(location):
    context = multiprocessing.get_context("spawn")
    start, answers = context.Event(), context.Queue()
    names = [f"player-{i}" for i in range(8)]
    writers = [context.Process(target=_write_many, args=(location, name, 200, start, answers)) for name in names]
    for writer in writers:
        writer.start()
    start.set()
    told = Counter()
    for _ in writers:
        told.update(answers.get(timeout=300))
    for writer in writers:
        writer.join(60)
    assert [w.exitcode for w in writers] == [0] * 8
    assert told == {BEST_SO_FAR: 200}  # each game's first result told once, of all eight
    with Records(location) as records:
        assert records.stats()["played"] == 1600 and records.stats("classic")["played"] == 800
        assert all(records.stats(player=name)["played"] == 200 for name in names)
        assert sorted(Counter(r["number"] for r in records.results()).values()) == [8] * 200


# -- faults of a database server -------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_redact_takes_the_password_out():
    assert redact("postgresql://ana:s3cret@db.example:5432/class") == "postgresql://ana@db.example:5432/class"
    assert redact("postgresql://db/class?user=ana&password=s3cret") == "postgresql://db/class?user=ana&password=***"
    assert redact("postgresql://db/class") == "postgresql://db/class"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://ana:s3cret@127.0.0.1/class", "not a kind of records store this version keeps"),
        ("postgres:/ana:s3cret@127.0.0.1/class", "not a database URL"),
        ("postgresql://ana:s3cret@127.0.0.1:99999/class", "cannot connect"),
    ],
)
def test_a_bad_url_or_a_server_that_is_down_is_refused_without_the_password(url, says):
    url = url.format(port=_free_port())
    with pytest.raises(RecordsError) as refused:
        Records(url)
    message = str(refused.value)
    assert says in message and "s3cret" not in message and "127.0.0.1" in message
    assert "expected" in message
    w = TriPeaks(game=1, records=url)  # the widget plays on without records
    assert w.records is None and "s3cret" not in w.records_error and w.state["notices"][0]["kind"] == "error"
    w.draw()
    assert w.state["moves"] == 1


def test_a_wrong_password_is_refused_without_it(postgres):
    url = postgres.url
    scheme, rest = url.split("://", 1)
    user, after = rest.split(":", 1)
    wrong = f"{scheme}://{user}:not-the-password-42@{after.split('@', 1)[1]}"
    with pytest.raises(RecordsError) as refused:
        Records(wrong)
    message = str(refused.value)
    assert "password authentication failed" in message and "not-the-password-42" not in message
    assert redact(wrong).split("?")[0] in message


def test_a_database_of_another_application_is_refused_and_left_alone(postgres):
    with postgres.connect() as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount NUMERIC)")
        conn.execute("INSERT INTO invoices VALUES (1, 12.5)")
    with pytest.raises(RecordsError, match=r"not a tripeaks-widget records store \(its tables are invoices\)"):
        Records(postgres.url)
    with postgres.connect() as conn:
        tables = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        ).fetchall()
        assert tables == [("invoices",)] and conn.execute("SELECT amount FROM invoices").fetchone()[0] == 12.5


def test_a_newer_postgres_store_is_refused_and_left_alone(postgres):
    with Records(postgres.url) as records:
        records.record(game(actions=WIN_1_EASY), player="ana")
    with postgres.connect() as conn:
        conn.execute("UPDATE tripeaks_store SET value = '9' WHERE name = 'version'")
    with pytest.raises(RecordsError, match="schema version 9, written by a newer tripeaks-widget"):
        Records(postgres.url)
    with postgres.connect() as conn:
        assert conn.execute("SELECT value FROM tripeaks_store WHERE name = 'version'").fetchone() == ("9",)
        assert conn.execute("SELECT count(*) FROM results").fetchone() == (1,)


def test_a_connection_lost_mid_write_loses_nothing_and_the_result_is_retried(postgres, caplog):
    with Records(postgres.url) as records, postgres.connect() as blocker:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        blocker.execute("BEGIN")
        blocker.execute("SELECT * FROM bests FOR UPDATE")  # the write will wait on this row's lock
        pending = records.submit(game(actions=WIN_1_EASY), player="bob")
        try:
            with postgres.connect() as watcher:  # outside the blocker's transaction, which sees one snapshot
                pid = waiting_writer(watcher)
            assert not pending.done()
            blocker.execute("SELECT pg_terminate_backend(%s)", (pid,))  # the server drops the writer's connection
            time.sleep(0.5)
        finally:
            blocker.execute("ROLLBACK")  # whatever happened, the lock goes, or the schema's teardown would wait on it
        (notice,) = pending.result(20)
        assert notice.kind == FIRST_WIN
        with records._backend.connection(write=True) as conn:
            assert conn.info.backend_pid != pid  # a new connection
        assert sorted((r["player"], r["outcome"]) for r in records.results()) == [("ana", "blocked"), ("bob", "won")]
    assert any("waits for the records store" in r.getMessage() for r in caplog.records)


def waiting_writer(conn, timeout: float = 30.0) -> int:
    """The process id of the store's writer once it waits on a lock (it may take a while to get
    there on a busy machine)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = 'tripeaks-widget' AND wait_event_type = 'Lock'"
        ).fetchone()
        if found is not None:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"the store's writer never waited on the lock in {timeout} s")


def test_wins_in_a_row_are_a_players_finished_games_won_one_after_another(store):
    """Won, won, won, blocked, won, left for a new deal, won: three in a row at most, and the last
    two now; the game left neither breaks nor adds to it, and another player's or rule set's games
    are not counted. A player's own best of a game is theirs, whoever holds its record."""
    plays = [WIN_1_EASY] * 3 + [BLOCK_1_EASY, SLOW_WIN, ["K♣"], WIN_1_EASY]
    for actions in plays:
        store.record(game(actions=actions), player="ana")
        store.record(game(actions=BLOCK_1_EASY), player="bob")
    store.record(game("TP1-C-AAAAAAB", ["2♦"]), player="ana")  # abandoned, under Classic
    figures = store.stats("easy", player="ana")
    assert (figures["win_streak"], figures["best_win_streak"]) == (2, 3)
    assert (figures["played"], figures["finished"], figures["won"]) == (len(plays), 6, 5)
    assert store.stats("classic", player="ana")["best_win_streak"] == 0
    assert store.stats("easy", player="bob")["best_win_streak"] == 0
    assert store.stats("easy")["win_streak"] is None  # everyone's figures have none
    store.record(game(actions=SLOWER_WIN), player="bob")
    assert store.stats("easy", player="bob")["win_streak"] == 1
    best = partial(store.best, 1, "easy", category=SCRIPTED)  # store.record() records a scripted game
    assert best(player="bob")["moves"] == 53 and best()["moves"] == 49 and best(player="nobody") is None


def test_a_streak_is_the_days_in_a_row_a_player_won_the_game_of_the_day(store):
    """Won on the first, second and third of May, and on the fifth: a best streak of three, and on
    the sixth a current one of one (today's not won yet). A win of the day's game on another day,
    or of another game that day, or one played from a script, counts for nothing."""
    from datetime import date, datetime, timedelta

    def won(day, *, game=None, category=HAND, on=None):
        g = game or Game.of_the_day(day)
        g.replay(g.solve().line)
        when = datetime.combine(on or day, datetime.min.time()).replace(hour=12).astimezone()
        store.submit(g, category=category, player="ana", finished_at=when).result(30)

    may = date(2026, 5, 1)
    for days in (0, 1, 2, 4):
        won(may + timedelta(days))
    won(may + timedelta(5), on=may + timedelta(6))  # the sixth's game, won on the seventh: not that day's
    won(may + timedelta(3), category="scripted")  # the fourth's, from a script
    won(may + timedelta(7), game=Game.from_number(Game.of_the_day(may + timedelta(7)).number % 50000 + 1))
    assert store.streak("easy", player="ana", today=may + timedelta(5)) == {"current": 1, "best": 3}
    assert store.streak("easy", player="ana", today=may + timedelta(7)) == {"current": 0, "best": 3}
    assert store.streak("easy", player="bo", today=may) == {"current": 0, "best": 0}
    figures = store.stats("easy", player="ana")
    assert (figures["streak"], figures["best_streak"]) == (store.streak("easy", player="ana")["current"], 3)
    assert store.stats("easy")["streak"] is None  # everyone's figures have no streak
