"""Records of the numbered games (R6.8, §9): results, notices, judging, statistics, the
schema and its migrations, many writers at once, and files that are not ours. Tests that take
``store`` or ``location`` run on SQLite and on PostgreSQL (tests/helpers/records_stores.py)."""

import getpass
import multiprocessing
import os
import random
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_CLASSIC, WIN_1_EASY, game
from helpers.records_stores import by_hand, rows

from tripeaks_widget import Challenge, Game
from tripeaks_widget.records import (
    APPLICATION_ID,
    BEST_SO_FAR,
    FIRST_WIN,
    RECORD,
    Notice,
    Records,
    RecordsError,
    default_path,
    draws_used,
    effective_line,
    in_series,
    judge_key,
    longest_run,
    rules_key,
)
from tripeaks_widget.records import schema as schema_module
from tripeaks_widget.records.results import result_of


def file_bytes(path):
    return Path(path).read_bytes()


@pytest.fixture
def sqlite_store(tmp_path):
    with Records(tmp_path / "records.sqlite3") as records:
        yield records


def test_the_scripted_lines_end_as_they_claim():
    assert (game(actions=WIN_1_EASY).status, game(actions=WIN_1_EASY).moves) == ("won", 49)
    assert game("TP1-C-AAAAAAB", WIN_1_CLASSIC).status == "won"
    blocked = game(actions=BLOCK_1_EASY)
    assert (blocked.status, blocked.cards_left, blocked.moves) == ("blocked", 22, 29)


# -- R6.8: which games have records -------------------------------------------------------------


def test_r6_8_game_n_is_deal_n_and_the_series_is_1_to_50000():
    assert Game.from_number(1).code == "TP1-E-AAAAAAB" and Game.from_number(1).number == 1
    assert Game.from_number(50_000, "classic").number == 50_000
    assert [in_series(n) for n in (0, 1, 50_000, 50_001, None, True, 1.0)] == [
        False,
        True,
        True,
        False,
        False,
        False,
        False,
    ]


def test_r6_8_games_outside_the_series_and_hand_arranged_deals_are_not_recorded(store):
    for outside in (Game.from_number(0), Game.from_number(50_001), Game.from_number(123_456, "classic")):
        outside.draw()
        assert store.record(outside) == []
    arranged = Game.from_deck(Game.from_number(1).deck)  # the same cards, but no number
    arranged.draw()
    assert arranged.number is None and store.record(arranged) == []
    assert store.results() == [] and store.stats()["played"] == 0


def test_an_abandoned_game_without_a_move_is_not_recorded(store):
    assert store.record(Game.from_number(7)) == []
    assert store.results() == []


# -- What one result holds ------------------------------------------------------------------------


def test_effective_line_draws_and_longest_run_take_undos_out():
    history = ["K♣", "A♠", "draw", "undo", "2♦", "3♠", "draw", "draw", "undo", "4♠"]
    assert effective_line(history) == ["K♣", "A♠", "2♦", "3♠", "draw", "4♠"]
    assert draws_used(history) == 1
    assert longest_run(history) == 4
    assert longest_run([]) == 0 and draws_used(["draw", "undo"]) == 0


def test_a_challenges_run_so_far_is_the_run_a_result_keeps():
    """One reading of a history: the records' and the challenges' runs are the same count."""
    g = game(actions=["K♣", "A♠", "draw", "undo", "2♦", "3♠", "draw", "undo", "4♠", "draw"])
    kept = result_of(g, player="ana")
    assert Challenge.run(5).progress(g).done == kept["longest_run"] == longest_run(g.history) == 5
    assert kept["draws"] == draws_used(g.history) == 1


def test_a_result_row_holds_rules_number_cards_left_moves_score_draws_run_time_and_outcome(store):
    g = game(actions=["K♣", "A♠", "draw", "undo", "2♦", "3♠", "draw", "undo", "4♠", "draw"])
    at = datetime(2025, 3, 1, 12, 30, tzinfo=timezone.utc)
    store.record(g, finished_at=at)
    (row,) = store.results()
    assert row == {
        "id": row["id"],
        "player": os.environ.get("JUPYTERHUB_USER") or getpass.getuser(),
        "rules": "easy",
        "number": 1,
        "outcome": "abandoned",
        "cards_left": 23,
        "moves": 8,
        "score": g.score,
        "draws": 1,
        "longest_run": 5,
        "assists": [],
        "finished_at": "2025-03-01T12:30:00+00:00",
        "category": "scripted",  # recorded from Python, not played by hand on a board
        "layout": "THREE-PEAKS",  # the game's layout, by its key
        "played_at": "2025-03-01T12:30:00+00:00",  # the client's time: the store's owner writes it as it is
    }
    assert g.moves == 8  # R6.2: undone actions still count as moves


def test_a_game_that_consulted_an_analysis_is_recorded_as_assisted_and_takes_no_record(store):
    """Issue 45, item 1: before, Records.record read only the assists it was handed, so a game won
    with its own solve() line was stored unassisted, with a first win."""
    solved = Game.from_number(1)
    solved.replay(solved.solve().line)
    assert store.record(solved, player="bo") == []
    hinted = Game.from_number(1)
    hinted.hint()
    assert store.record(hinted.replay(WIN_1_EASY), player="cy", assists={"verdict"}) == []
    assert sorted(r["assists"] for r in store.results()) == [["hint", "verdict"], ["verdict"]]  # as a board names them
    assert store.best(1, category="scripted") is None and store.standing(1, category="scripted") is None


def test_an_assist_is_named_as_the_player_saw_it_and_a_stored_search_name_reads_so_too(tmp_path):
    """Before, a hint asked from Python was recorded as the assist "solver", and a win chance as "fair"."""
    path = tmp_path / "records.sqlite3"
    with Records(path) as store:
        for ask, seen in [("hint", "hint"), ("winnable", "verdict"), ("win_chance", "win_chance")]:
            asked = Game.from_number(1)
            getattr(asked, ask)()
            assert asked.consulted == {seen}
            store.record(asked.replay(BLOCK_1_EASY), player=ask)
        assert {r["player"]: r["assists"] for r in store.results()} == {
            "hint": ["hint"],
            "winnable": ["verdict"],
            "win_chance": ["win_chance"],
        }
    with sqlite3.connect(path) as conn:  # a row as an earlier version stored it
        conn.execute("UPDATE results SET assists = 'fair,solver' WHERE player = 'hint'")
    with Records(path) as store:
        assert store.results(player="hint")[0]["assists"] == ["verdict", "win_chance"]
        board = {e["player"]: e["assists"] for e in rows(store.leaderboard(1, category="scripted"))}
        assert board["hint"] == ["verdict", "win_chance"]


def test_the_outcome_follows_the_status_and_a_contradicting_one_is_refused(store):
    won, blocked, playing = game(actions=WIN_1_EASY), game(actions=BLOCK_1_EASY), game(actions=["K♣"])
    with pytest.raises(ValueError, match="cannot be recorded as 'won'"):
        store.record(playing, "won")
    with pytest.raises(ValueError, match="one of won, blocked, abandoned"):
        store.record(playing, "lost")
    store.record(won, "won")
    store.record(blocked)
    store.record(playing, "abandoned")
    assert [r["outcome"] for r in store.results()] == ["abandoned", "blocked", "won"]
    assert [r["cards_left"] for r in store.results()] == [27, 22, 0]


def test_rule_set_keys_are_the_rules_text():
    assert rules_key(Game.from_number(1, "classic").rules) == "classic"
    assert rules_key("E") == "easy" and rules_key(" Classic ") == "classic"
    assert rules_key("open-peaks") == "open-peaks"  # a rule set this version does not know yet


# -- §9: judging and notices --------------------------------------------------------------------


def test_s9_judged_by_cards_left_then_moves():
    results = [
        {"cards_left": 3, "moves": 20},
        {"cards_left": 0, "moves": 60},
        {"cards_left": 3, "moves": 15},
        {"cards_left": 0, "moves": 49},
    ]
    assert sorted(results, key=judge_key) == [results[3], results[1], results[2], results[0]]


def test_s9_fewer_cards_left_beats_fewer_moves_in_the_store(store):
    long = game(actions=["K♣", "A♠", "draw", "undo", "draw", "undo", "2♦"])  # 25 left, 5 moves
    short = game(actions=["K♣", "A♠"])  # 26 left, 2 moves
    by_hand(store, long)
    assert by_hand(store, short) == []  # fewer moves, more cards left: not better
    assert judge_key(store.best(1, "easy")) == (25, 5)
    faster = game(actions=["K♣", "A♠", "2♦"])  # 25 left, 3 moves: same cards, fewer moves
    assert [n.kind for n in by_hand(store, faster)] == [RECORD]
    assert judge_key(store.best(1, "easy")) == (25, 3)


def test_s9_notices_best_so_far_record_first_win_then_a_faster_win(store):
    notices = by_hand(store, game(actions=WIN_1_EASY[:5]))  # abandoned, 23 cards left
    assert notices == [Notice(BEST_SO_FAR, 1, "Best result so far of game 1 (Easy): 23 cards left in 5 moves.", "easy")]
    assert by_hand(store, game(actions=WIN_1_EASY[:4])) == []  # worse: nothing to say
    assert by_hand(store, game(actions=WIN_1_EASY[:5])) == []  # a tie is not a new record
    (notice,) = by_hand(store, game(actions=WIN_1_EASY[:9]))  # 20 cards left: beats 23
    assert (notice.kind, notice.number) == (RECORD, 1)
    assert notice.text == "New record for game 1 (Easy): 20 cards left in 9 moves, beating 23 cards left in 5 moves."
    slow_win = game(actions=["draw", "undo", "draw", "undo"] + WIN_1_EASY)  # won in 51 moves (an undo is no move)
    (notice,) = by_hand(store, slow_win)
    assert notice.kind == FIRST_WIN and str(notice) == "First win of game 1 (Easy): won in 51 moves."
    assert by_hand(store, game(actions=["draw", "undo"] * 3 + WIN_1_EASY)) == []  # won again, but slower
    (notice,) = by_hand(store, game(actions=WIN_1_EASY))
    assert (
        notice.kind == RECORD
        and notice.text == "New record for game 1 (Easy): won in 49 moves, beating won in 51 moves."
    )
    assert by_hand(store, game(actions=WIN_1_EASY[:20])) == []  # an unfinished game never beats a win
    assert judge_key(store.best(1)) == (0, 49) and store.best(1)["outcome"] == "won"


def test_s9_each_rule_set_and_each_game_has_its_own_records(store):
    assert [n.kind for n in by_hand(store, game(actions=WIN_1_EASY))] == [FIRST_WIN]
    (classic,) = by_hand(store, game("TP1-C-AAAAAAB", WIN_1_CLASSIC))
    assert classic.kind == FIRST_WIN and classic.rules == "classic" and "(Classic)" in classic.text
    other = Game.from_number(2)
    other.draw()
    (notice,) = by_hand(store, other)
    assert (notice.kind, notice.number) == (BEST_SO_FAR, 2)
    assert store.best(1, "classic")["rules"] == "classic" and store.best(3, "easy") is None


def test_s9_rule_sets_with_variants_keep_records_of_their_own(store):
    site = Game.from_number(5, "site")  # seed 004's own defaults (§9)
    site.play(site.playable()[0])
    (notice,) = by_hand(store, site)
    assert notice.rules == "easy+draw-when-stuck+empty-discard" == str(site.rules)
    assert notice.text.startswith("Best result so far of game 5 (Easy + draw-when-stuck + empty-discard): 27 cards")
    plain = Game.from_number(5)
    plain.draw()
    assert [n.kind for n in by_hand(store, plain)] == [BEST_SO_FAR]  # not compared with the site's result
    assert store.best(5, "site")["rules"] == str(site.rules) and store.best(5, "easy")["draws"] == 1
    assert set(store.stats()["by_rules"]) == {"easy", "easy+draw-when-stuck+empty-discard"}


def test_s9_a_blocked_game_is_the_best_so_far_and_one_play_is_one_result(store):
    g = game(actions=BLOCK_1_EASY)
    (notice,) = by_hand(store, g)
    assert notice.kind == BEST_SO_FAR and "22 cards left in 29 moves" in notice.text
    # The player undoes the whole line (R4.2 leaves undo open) and wins: the same play, one result.
    g.replay(["undo"] * 29 + WIN_1_EASY)
    assert g.status == "won"
    (notice,) = by_hand(store, g)
    assert notice.kind == FIRST_WIN and notice.text == "First win of game 1 (Easy): won in 78 moves."
    (row,) = store.results()
    assert (row["outcome"], row["moves"], row["draws"]) == ("won", 78, 21)
    g.undo()  # looking back after the win, then leaving: the win stands
    assert by_hand(store, g) == [] and store.results()[0]["outcome"] == "won"
    assert store.stats()["played"] == 1


def test_notices_are_small_plain_values(store):
    (notice,) = by_hand(store, game(actions=["K♣"]))
    assert notice.as_dict() == {
        "kind": BEST_SO_FAR,
        "number": 1,
        "rules": "easy",
        "text": "Best result so far of game 1 (Easy): 27 cards left in 1 move.",
    }
    with pytest.raises(AttributeError):
        notice.kind = RECORD


def test_a_play_forgotten_once_its_game_is_gone(store):
    g = game(actions=["K♣"])
    store.record(g)
    assert len(store._plays) == 1
    del g
    assert store._plays == {}
    store.record(game(actions=["K♣", "A♠"]))  # a new game object: a new play
    assert store.stats()["played"] == 2


# -- Statistics -----------------------------------------------------------------------------------


def test_stats_played_won_percent_runs_and_draws_per_rule_set(store):
    store.record(game(actions=WIN_1_EASY))  # won, 21 draws, longest run 6 (K♣ … 5♠)
    store.record(game(actions=BLOCK_1_EASY))  # blocked, 23 draws, run 6
    store.record(game(actions=["K♣", "A♠", "2♦", "draw"]))  # abandoned, 1 draw, run 3
    store.record(game("TP1-C-AAAAAAB", WIN_1_CLASSIC))  # won, 21 draws
    easy = store.stats("easy")
    assert easy == {
        "rules": "easy",
        "player": None,
        "layout": None,  # every layout's
        "played": 3,
        "won": 1,
        "blocked": 1,
        "abandoned": 1,
        "finished": 2,
        "win_percent": 50.0,  # of the finished games: the one left for a new deal does not count against it
        "games": 1,
        "games_won": 1,
        "longest_run": 6,
        "draws": 45,
        "mean_draws": 15.0,
        "streak": None,  # a streak is a player's: everyone's figures have none
        "best_streak": None,
        "win_streak": None,
        "best_win_streak": None,
    }
    classic = store.stats("C")
    assert (classic["played"], classic["won"], classic["win_percent"], classic["draws"]) == (1, 1, 100.0, 21)
    assert classic["longest_run"] == longest_run(WIN_1_CLASSIC) == 4
    everything = store.stats()
    assert (everything["played"], everything["won"], everything["win_percent"]) == (4, 2, 66.7)  # 2 of 3 finished
    assert (everything["draws"], everything["mean_draws"], everything["longest_run"]) == (66, 16.5, 6)
    assert everything["by_rules"] == {"classic": classic, "easy": easy}
    assert store.stats("easy") == store.stats(Game.from_number(1).rules)


def test_stats_of_an_empty_store_are_zeros(store):
    assert store.stats("classic") == {
        "rules": "classic",
        "player": None,
        "layout": None,  # every layout's
        "played": 0,
        "won": 0,
        "blocked": 0,
        "abandoned": 0,
        "finished": 0,
        "win_percent": 0.0,
        "games": 0,
        "games_won": 0,
        "longest_run": 0,
        "draws": 0,
        "mean_draws": 0.0,
        "streak": None,
        "best_streak": None,
        "win_streak": None,
        "best_win_streak": None,
    }
    assert store.stats()["by_rules"] == {}


def test_results_newest_first_filtered_and_limited(store):
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    for day, number in enumerate((5, 6, 5, 7)):
        g = Game.from_number(number)
        g.draw()
        store.record(g, finished_at=start + timedelta(days=day))
    assert [r["number"] for r in store.results()] == [7, 5, 6, 5]
    assert [r["finished_at"][:10] for r in store.results(number=5)] == ["2025-01-03", "2025-01-01"]
    assert len(store.results(limit=2)) == 2 and store.results(rules="classic") == []
    assert len(store.results(outcome="abandoned")) == 4
    with pytest.raises(ValueError):
        store.results(outcome="lost")


# -- Where the file is ----------------------------------------------------------------------------


def test_the_file_is_the_path_given_else_the_env_var_else_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path / "env.sqlite3"))
    with Records() as records:
        assert records.path == tmp_path / "env.sqlite3"
    with Records(path=tmp_path / "given.sqlite3") as records:
        assert records.path == tmp_path / "given.sqlite3"
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path))  # a folder gets records.sqlite3 inside
    with Records() as records:
        assert records.path == tmp_path / "records.sqlite3"
    assert (tmp_path / "env.sqlite3").is_file() and (tmp_path / "given.sqlite3").is_file()
    monkeypatch.delenv("TRIPEAKS_RECORDS")
    import platformdirs

    assert default_path() == platformdirs.user_data_path("tripeaks-widget") / "records.sqlite3"


def test_a_store_in_memory_for_scratch_work():
    with Records(":memory:") as records:
        assert records.path == ":memory:"
        assert [n.kind for n in records.record(game(actions=WIN_1_EASY))] == [FIRST_WIN]
        assert records.stats()["won"] == 1


def test_the_journal_is_write_ahead(sqlite_store):
    with sqlite3.connect(sqlite_store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# -- Schema version and migration ------------------------------------------------------------------


def test_an_empty_file_or_empty_database_is_migrated_to_the_current_schema(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    bare = tmp_path / "bare.sqlite3"  # a real SQLite file, version 0, no tables
    with sqlite3.connect(bare) as conn:
        conn.execute("CREATE TABLE scratch (x)")
        conn.execute("DROP TABLE scratch")
    assert bare.stat().st_size > 0
    for path in (empty, bare):
        with Records(path) as records:
            assert records.version == schema_module.schema_version() == 7
            records.record(game(actions=["K♣"]))
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
            assert conn.execute("SELECT count(*) FROM results").fetchone()[0] == 1


def snapshot(location):
    """Everything a store holds, read without changing it: its file's bytes, or its tables' rows."""
    if not isinstance(location, str):
        return file_bytes(location)
    import psycopg

    with psycopg.connect(location, autocommit=True) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                "ORDER BY table_name"
            )
        ]
        return {t: sorted(map(repr, conn.execute(f"SELECT * FROM {t}").fetchall())) for t in tables}


def test_migration_steps_run_in_order_and_keep_the_results(location, monkeypatch):
    with Records(location) as records:
        records.record(game(actions=WIN_1_EASY))
    now = schema_module.schema_version()
    step = (
        "ALTER TABLE results ADD COLUMN note TEXT NOT NULL DEFAULT ''",
        f"UPDATE results SET note = 'from version {now}'",
    )
    monkeypatch.setattr(schema_module, "MIGRATIONS", schema_module.MIGRATIONS + [step])
    with Records(location) as records:
        assert records.version == now + 1
        assert records.results()[0]["outcome"] == "won"
        assert records._query("SELECT note FROM results") == [(f"from version {now}",)]
    monkeypatch.undo()  # back to this version's schema: the store is now from a newer one
    before = snapshot(location)
    with pytest.raises(RecordsError, match=f"schema version {now + 1}, written by a newer tripeaks-widget"):
        Records(location)
    assert snapshot(location) == before


def test_a_version_1_store_upgrades_without_loss(location, monkeypatch):
    """Schema version 1 (one person's results, no players): its results become the default player's,
    and they count for the notices across players from then on."""
    monkeypatch.setattr(schema_module, "MIGRATIONS", schema_module.MIGRATIONS[:1])
    v1_columns = tuple(
        c for c in schema_module.RESULT_COLUMNS if c not in ("player", "assists", "category", "played_at")
    )
    monkeypatch.setattr(schema_module, "RESULT_COLUMNS", v1_columns)
    with Records(location) as records:
        assert records.version == 1
        with records._backend.connection(write=True) as conn:
            for cards_left, moves in ((22, 29), (0, 60), (20, 9)):
                conn.execute(
                    records._backend.sql(
                        "INSERT INTO results (rules, number, outcome, cards_left, moves, score, draws, longest_run, "
                        "finished_at) VALUES ('easy', 1, ?, ?, ?, 500, 3, 4, '2025-01-01T00:00:00+00:00')"
                    ),
                    ("won" if cards_left == 0 else "blocked", cards_left, moves),
                )
    monkeypatch.undo()
    monkeypatch.setenv("JUPYTERHUB_USER", "owner")
    with Records(location) as records:
        assert records.version == schema_module.schema_version()
        assert sorted((r["cards_left"], r["moves"], r["player"]) for r in records.results()) == [
            (0, 60, "owner"),
            (20, 9, "owner"),
            (22, 29, "owner"),
        ]
        assert records.standing(1).text == "Record of game 1 (Easy): won in 60 moves, held by owner."
        (notice,) = by_hand(records, game(actions=["draw", "undo"] * 4 + WIN_1_EASY), player="ana")
        assert notice.kind == RECORD
        assert notice.text == "New record for game 1 (Easy): won in 53 moves, beating won in 60 moves."


def test_a_version_2_store_upgrades_its_results_ranked_as_played_by_hand(location, monkeypatch):
    """Issue 45, item 2: schema 3 gives each result a category and each category its own bests. The
    results of an earlier store were all ranked as played by hand, and keep their records."""
    monkeypatch.setattr(schema_module, "MIGRATIONS", schema_module.MIGRATIONS[:2])
    v2_columns = tuple(c for c in schema_module.RESULT_COLUMNS if c not in ("category", "played_at"))
    monkeypatch.setattr(schema_module, "RESULT_COLUMNS", v2_columns)
    with Records(location) as records:
        assert records.version == 2
        with records._backend.connection(write=True) as conn:
            for statement, values in (
                (
                    "INSERT INTO results (player, rules, number, outcome, cards_left, moves, score, draws, "
                    "longest_run, assists, finished_at, token) VALUES ('ana', 'easy', 1, 'won', 0, 51, 700, 21, 6, "
                    "'', '2025-01-01T00:00:00+00:00', ?)",
                    ("a" * 32,),
                ),
                ("INSERT INTO bests (rules, number, player, cards_left, moves) VALUES ('easy', 1, 'ana', 0, 51)", ()),
                (
                    "INSERT INTO player_bests (player, rules, number, cards_left, moves) "
                    "VALUES ('ana', 'easy', 1, 0, 51)",
                    (),
                ),
            ):
                conn.execute(records._backend.sql(statement), values)
    monkeypatch.undo()
    with Records(location) as records:
        assert records.version == schema_module.schema_version() == 7
        assert [(r["player"], r["category"]) for r in records.results()] == [("ana", "hand")]
        assert records.standing(1).text == "Record of game 1 (Easy): won in 51 moves, held by ana."
        (notice,) = records.record(game(actions=WIN_1_EASY), player="bot")  # a script's first win: its own
        assert notice.text == "First win of game 1 (Easy, scripted): won in 49 moves."
        (notice,) = by_hand(records, game(actions=WIN_1_EASY), player="ana")
        assert notice.text == "New record for game 1 (Easy): won in 49 moves, beating won in 51 moves."


def test_a_store_from_a_newer_version_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        records.record(game(actions=WIN_1_EASY))
    now = schema_module.schema_version()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {now + 1}")
    conn.close()
    before = file_bytes(path)
    with pytest.raises(RecordsError) as refused:
        Records(path)
    message = str(refused.value)
    assert str(path) in message and f"schema version {now + 1}" in message
    assert f"reads up to schema version {now}" in message
    assert file_bytes(path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]


# -- Files that are not a records store ------------------------------------------------------------


def test_random_bytes_are_refused_with_the_file_and_what_was_expected(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(random.Random(9).randbytes(5000))
    before = file_bytes(path)
    with pytest.raises(RecordsError) as refused:
        Records(path)
    message = str(refused.value)
    assert (
        str(path) in message and "not an SQLite database" in message and "expected an SQLite records store" in message
    )
    assert isinstance(refused.value, ValueError)
    assert file_bytes(path) == before


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "records.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
        conn.execute("INSERT INTO invoices (amount) VALUES (12.5)")
    conn.close()
    before = file_bytes(path)
    with pytest.raises(RecordsError, match=r"not a tripeaks-widget records store .its tables are invoices"):
        Records(path)
    assert file_bytes(path) == before
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT amount FROM invoices").fetchall() == [(12.5,)]
    conn.close()


def test_an_empty_database_that_another_program_numbered_is_refused(tmp_path):
    path = tmp_path / "records.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 3")
    conn.close()
    before = file_bytes(path)
    with pytest.raises(
        RecordsError, match=r"not a tripeaks-widget records store .its application id is 0x0, its user version 3"
    ):
        Records(path)
    assert file_bytes(path) == before


def test_a_damaged_store_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        for _ in range(300):
            records.record(game(actions=["K♣", "A♠"]))
    data = bytearray(file_bytes(path))
    page = 4096
    assert len(data) > 3 * page
    data[2 * page : 3 * page] = random.Random(5).randbytes(page)  # a page of the results turned to noise
    path.write_bytes(bytes(data))
    before = file_bytes(path)
    with pytest.raises(RecordsError, match=r"damaged|unreadable|malformed"):
        Records(path)
    assert file_bytes(path) == before


def test_a_folder_where_the_file_should_be_is_refused(tmp_path):
    (tmp_path / "records.sqlite3").mkdir()  # given the folder, the file is records.sqlite3 inside it
    (tmp_path / "records.sqlite3" / "records.sqlite3").mkdir()
    with pytest.raises(RecordsError, match="not a file"):
        Records(tmp_path)


def test_open_or_none_gives_the_store_or_the_reason(tmp_path):
    good, error = Records.open_or_none(tmp_path / "good.sqlite3")
    assert isinstance(good, Records) and error is None
    good.close()
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all")
    records, error = Records.open_or_none(bad)
    assert records is None and str(bad) in error and "not an SQLite database" in error
    assert bad.read_bytes() == b"not a database at all"


# -- Two kernels at once ----------------------------------------------------------------------------


def _write_results(path, first_number, count, start):
    start.wait(30)
    with Records(path) as records:
        for i in range(count):
            g = Game.from_number(first_number + i, "classic" if i % 2 else "easy")
            g.draw()
            records.record(g)


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = tmp_path / "shared" / "records.sqlite3"  # both start on a file that does not exist yet
    path.parent.mkdir()
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    writers = [context.Process(target=_write_results, args=(path, first, 200, start)) for first in (1, 1001)]
    for writer in writers:
        writer.start()
    start.set()
    for writer in writers:
        writer.join(120)
    assert [w.exitcode for w in writers] == [0, 0]
    with Records(path) as records:
        numbers = sorted(r["number"] for r in records.results())
        assert numbers == list(range(1, 201)) + list(range(1001, 1201))
        assert records.stats()["played"] == 400
        assert records.stats("classic")["played"] == 200
