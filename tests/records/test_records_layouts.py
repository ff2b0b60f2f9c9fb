"""Records per layout (issue 48): a result names its layout, and the numbered games, their bests,
notices, leaderboards, statistics, streaks and a class's challenges are each layout's own. A store
from before layouts keeps every result as Three Peaks'. Tests that take ``store`` or ``location``
run on SQLite and on PostgreSQL (tests/helpers/records_stores.py)."""

import re
from datetime import datetime, timezone
from functools import cache

import pytest
from helpers.records_games import WIN_1_EASY, game
from helpers.records_stores import by_hand, call_record, connect_as, rows

from tripeaks_widget import LAYOUTS, Game
from tripeaks_widget.engine.game import Game as Engine
from tripeaks_widget.engine.layout import THREE_PEAKS, Layout
from tripeaks_widget.records import FIRST_WIN, Records, RecordsError
from tripeaks_widget.records import schema as schema_module
from tripeaks_widget.records.challenges import class_challenge
from tripeaks_widget.records.locate import locate
from tripeaks_widget.records.results import MOST_CARDS_LEFT, layout_pattern, stored_layout_key
from tripeaks_widget.records.spool import Spool

DIAMOND, FOUR_PEAKS = LAYOUTS["Diamond"], LAYOUTS["Four Peaks"]


@cache
def _winning_line(number: int, layout: Layout) -> tuple[str, ...]:
    """A line that wins game ``number`` (Easy) on ``layout``, found by a plain walk of the engine's
    legal moves (the records' tests ask nothing of the solver)."""
    game, line, seen = Engine.from_number(number, "easy", layout=layout), [], set()

    def walk() -> bool:
        if game.status == "won":
            return True
        if game.position in seen:
            return False
        seen.add(game.position)
        for move in game.legal_moves():
            game.apply(move)
            line.append(move)
            if walk():
                return True
            line.pop()
            game.undo()
        return False

    assert walk()
    return tuple(line)


def won_on(layout: Layout, number: int = 1) -> Game:
    """Game ``number`` (Easy) on ``layout``, won by the solver's line."""
    return Game.from_number(number, "easy", layout=layout).replay(_winning_line(number, layout))


def begun_on(layout: Layout, number: int = 1) -> Game:
    """Game ``number`` (Easy) on ``layout`` after one draw: abandoned, all its cards left."""
    return Game.from_number(number, "easy", layout=layout).replay(["draw"])


def test_a_result_names_its_layout_and_each_layout_has_its_own_numbered_games(store):
    (first,) = by_hand(store, game(actions=WIN_1_EASY), player="ana")
    assert first.kind == FIRST_WIN and first.text == "First win of game 1 (Easy): won in 49 moves."
    (diamond,) = by_hand(store, won_on(DIAMOND), player="bea")  # game 1 of Diamond: a game of its own
    moves = len(_winning_line(1, DIAMOND))
    assert diamond.kind == FIRST_WIN
    assert diamond.text == f"First win of game 1 (Easy, Diamond): won in {moves} moves."
    assert [r["layout"] for r in store.results(player="bea")] == ["DIAMOND"]
    assert store.standing(1).text.endswith("held by ana.")
    assert store.standing(1, layout="Diamond").text == (
        f"Record of game 1 (Easy, Diamond): won in {moves} moves, held by bea."
    )
    assert store.standing(1, layout=FOUR_PEAKS) is None
    assert [e["player"] for e in rows(store.leaderboard(1, layout="DIAMOND"))] == ["bea"]
    assert [e["player"] for e in rows(store.leaderboard(1))] == ["ana"]
    assert store.best(1, layout=DIAMOND)["player"] == "bea"
    assert {r["player"] for r in store.results(layout="Three Peaks")} == {"ana"}
    assert store.stats(layout="diamond")["played"] == 1 and store.stats()["played"] == 2
    by_hand(store, begun_on(FOUR_PEAKS), player="ana")  # all 31 cards left: more than Three Peaks has
    (four,) = store.results(layout=FOUR_PEAKS)
    assert four["cards_left"] == FOUR_PEAKS.slot_count == 31 and four["outcome"] == "abandoned"


def test_a_layout_is_asked_for_by_layout_name_or_key_and_anything_else_is_refused(store):
    assert [stored_layout_key(v) for v in (None, "Three Peaks", "diamond", FOUR_PEAKS, "My own", "MY-OWN")] == [
        "THREE-PEAKS",
        "THREE-PEAKS",
        "DIAMOND",
        "FOUR-PEAKS",
        "MY-OWN",
        "MY-OWN",
    ]
    assert stored_layout_key("Ωμέγα") == "Ωμέγα"  # a name of any script is asked for by its key
    for bad in ("!!!", "★★", "x" * 41):
        with pytest.raises(ValueError, match="a layout is a Layout, or the name or key of one"):
            store.results(layout=bad)
    with pytest.raises(TypeError, match="expected a Layout or its name"):
        store.standing(1, layout=3)


def test_a_version_4_store_keeps_every_result_as_three_peaks(location, monkeypatch):
    """Schema 5 gives each result a layout; a store from before keeps its results, bests and
    challenges as Three Peaks', and its records go on being beaten there, not on other layouts."""
    monkeypatch.setattr(schema_module, "MIGRATIONS", schema_module.MIGRATIONS[:4])
    monkeypatch.setattr(schema_module, "RESULT_COLUMNS", schema_module.RESULT_COLUMNS[:-2])  # no layout, no note
    with Records(location) as records:
        assert records.version == 4
        with records._backend.connection(write=True) as conn:
            for statement in (
                "INSERT INTO results (player, rules, number, outcome, cards_left, moves, score, draws, longest_run, "
                "assists, finished_at, token, category) VALUES ('ana', 'easy', 1, 'won', 0, 51, 700, 21, 6, '', "
                f"'2025-01-01T00:00:00+00:00', '{'a' * 32}', 'hand')",
                "INSERT INTO bests (category, rules, number, player, cards_left, moves) "
                "VALUES ('hand', 'easy', 1, 'ana', 0, 51)",
                "INSERT INTO player_bests (player, category, rules, number, cards_left, moves) "
                "VALUES ('ana', 'hand', 'easy', 1, 0, 51)",
                "INSERT INTO challenges (rules, number, challenge, opens, closes, set_at) "
                "VALUES ('easy', 1, 'win', '2025-01-01', NULL, '2025-01-01T00:00:00+00:00')",
            ):
                conn.execute(records._backend.sql(statement))
    monkeypatch.undo()
    with Records(location) as records:
        assert records.version == schema_module.schema_version() == 7
        assert [(r["player"], r["layout"]) for r in records.results()] == [("ana", "THREE-PEAKS")]
        assert records.standing(1).text == "Record of game 1 (Easy): won in 51 moves, held by ana."
        assert [(c["challenge"], c["layout"]) for c in records.challenges(on="all")] == [("win", "THREE-PEAKS")]
        (notice,) = by_hand(records, won_on(DIAMOND), player="bea")
        assert notice.kind == FIRST_WIN and "Diamond" in notice.text
        (notice,) = by_hand(records, game(actions=WIN_1_EASY), player="bea")
        assert notice.text == "New record for game 1 (Easy): won in 49 moves, beating won in 51 moves."
        by_hand(records, begun_on(FOUR_PEAKS), player="bea")  # 31 cards left: the check takes it now
        assert records.results(layout=FOUR_PEAKS)[0]["cards_left"] == 31


def test_a_result_spooled_before_layouts_is_written_as_three_peaks(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    old = {  # a result an earlier version kept in the spool: no category, no layout
        "player": "ana",
        "rules": "easy",
        "number": 1,
        "outcome": "won",
        "cards_left": 0,
        "moves": 49,
        "score": 700,
        "draws": 21,
        "longest_run": 6,
        "assists": "",
        "finished_at": "2025-01-01T00:00:00+00:00",
        "token": "b" * 32,
    }
    assert Spool(locate(path)).keep(old, "old") is not None
    with Records(path) as records:
        assert records.flush(10)
        assert [(r["player"], r["layout"], r["category"]) for r in records.results()] == [
            ("ana", "THREE-PEAKS", "hand")
        ]


def test_the_layout_keys_the_server_takes_are_the_ones_a_layout_has():
    assert all(re.fullmatch(layout_pattern(), layout.key) for layout in LAYOUTS.values())
    assert all(re.fullmatch(layout_pattern(), Layout(name, THREE_PEAKS.slots).key) for name in ("Über", "Πύργος"))
    assert not any(re.fullmatch(layout_pattern(), key) for key in ("", "diamond", "A B", "X'; DROP", "-X", "É-"))
    assert MOST_CARDS_LEFT == 50


@pytest.mark.parametrize(
    "changed, said",
    [
        ({"layout": "diamond"}, "layout"),
        ({"layout": "X" * 1000}, "layout"),
        ({"layout": None}, "layout"),
        ({"layout": "THREE-PEAKS'; DROP TABLE results; --"}, "layout"),
        ({"cards_left": 29}, "cards left"),  # Three Peaks has 28 slots
        ({"cards_left": 26, "layout": "DIAMOND"}, "cards left"),  # Diamond 25
        ({"cards_left": 51, "layout": "MY-OWN"}, "cards left"),  # a layout of a file: at most 50
        ({"cards_left": -1}, "cards left"),
        ({"cards_left": None}, "cards left"),
    ],
)
def test_the_store_function_refuses_a_bad_layout_or_more_cards_left_than_its_slots(class_store, changed, said):
    import psycopg

    players, _, owner = class_store
    with connect_as(players) as conn:
        with pytest.raises(psycopg.errors.CheckViolation, match=said):
            call_record(conn, **changed)
        assert call_record(conn, layout="FOUR-PEAKS", cards_left=31, longest_run=0, token="c" * 32) == (True,)
        assert call_record(conn, layout="MY-OWN", cards_left=50, token="d" * 32) == (True,)
        assert call_record(conn, layout="Πύργος-ÜBER", cards_left=10, token="e" * 32) == (True,)  # any script's key
    with Records(owner) as records:
        assert sorted((r["layout"], r["cards_left"]) for r in records.results()) == [
            ("FOUR-PEAKS", 31),
            ("MY-OWN", 50),
            ("Πύργος-ÜBER", 10),
        ]


def test_a_class_store_of_schema_4_keeps_its_roles_and_grants_when_its_owner_opens_it(class_store):
    """Schema 5 gives the store's function a layout parameter and the results a layout column. A
    class's store of schema 4 gets both once its owner opens it: its players record through the new
    function, on any layout, and read the new column, as they read the others."""
    from tripeaks_widget.records import writes

    players, students, owner = class_store
    (ana, ana_url), _ = sorted(students.items())
    role = players.split("://", 1)[1].split(":", 1)[0]
    new = ", ".join(writes.TYPES.get(c, "text") for c in writes.WRITTEN)
    old_params = [c for c in writes.WRITTEN if c != "layout"]
    old = ", ".join(writes.TYPES.get(c, "text") for c in old_params)
    with connect_as(owner) as conn:  # the store as schema 4 left it
        for table, key in (("bests", "category, rules, number"), ("player_bests", "player, category, rules, number")):
            conn.execute(
                f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey, DROP COLUMN layout, ADD PRIMARY KEY ({key})"
            )
        conn.execute(
            "ALTER TABLE results DROP COLUMN layout, DROP COLUMN played_at, DROP CONSTRAINT results_cards_left_check, "
            "ADD CONSTRAINT results_cards_left_check CHECK (cards_left BETWEEN 0 AND 28)"
        )
        conn.execute("ALTER TABLE challenges DROP COLUMN layout")  # its indexes go with the column: back as they were
        conn.execute("CREATE INDEX results_by_game ON results (rules, number, cards_left, moves)")
        conn.execute("CREATE INDEX results_by_player ON results (player, rules, number)")
        conn.execute("CREATE INDEX challenges_by_game ON challenges (rules, number)")
        conn.execute("UPDATE tripeaks_store SET value = '4' WHERE name = 'version'")
        conn.execute(f"DROP FUNCTION tripeaks_record({new})")
        conn.execute(
            f"CREATE FUNCTION tripeaks_record({old}) RETURNS TABLE (stored boolean) LANGUAGE sql AS 'SELECT false'"
        )
        conn.execute(f'ALTER FUNCTION tripeaks_record({old}) OWNER TO "{role}_writer"')
        conn.execute(f"REVOKE ALL ON FUNCTION tripeaks_record({old}) FROM PUBLIC")
        conn.execute(f'GRANT EXECUTE ON FUNCTION tripeaks_record({old}) TO "{role}"')
    with pytest.raises(RecordsError, match="its owner does so by opening it once"):
        Records(ana_url)
    Records(owner).close()  # the teacher opens it
    with Records(ana_url) as records:
        (notice,) = records.record(won_on(DIAMOND))
        assert notice.kind == FIRST_WIN and "Diamond" in notice.text
        records.record(begun_on(FOUR_PEAKS))  # 31 cards left: the widened check
    with Records(players) as records:
        assert sorted((r["player"], r["layout"]) for r in records.results()) == [
            (ana, "DIAMOND"),
            (ana, "FOUR-PEAKS"),
        ]
        assert records.standing(1, layout=DIAMOND, category="scripted").text.endswith(f"held by {ana}.")


def test_a_class_challenge_is_each_layouts_own(store):
    today = datetime.now(timezone.utc).date()
    made = store.set_challenge(1, "run 15", layout="Four Peaks")
    assert made["layout"] == "FOUR-PEAKS"
    assert class_challenge("run 30", "easy", "FOUR-PEAKS").target == 30  # longer than Three Peaks has slots
    with pytest.raises(ValueError, match="a run on Three Peaks plays 1 to 28 peak cards"):
        store.set_challenge(1, "run 29")
    with pytest.raises(ValueError, match="a class challenge is set on a built-in layout"):
        store.set_challenge(1, "win", layout="MY-OWN")
    store.set_challenge(1, "win", layout="Diamond")
    assert [c["layout"] for c in store.challenges(1, "easy", layout=DIAMOND, on=today)] == ["DIAMOND"]
    said = by_hand(store, won_on(DIAMOND), player="bea")
    assert [n.kind for n in said] == [FIRST_WIN, "first_met"]
    assert said[1].text == "First to meet the class's challenge on game 1 (Easy, Diamond): Win the game."
    assert by_hand(store, game(actions=WIN_1_EASY), player="ana")[-1].kind == FIRST_WIN  # no challenge there
    board = store.challenge_board(store.challenges(1, layout=DIAMOND)[0]["id"])
    assert board["layout"] == "DIAMOND" and board["first"]["player"] == "bea"
    assert board["players"][0]["value"] == DIAMOND.slot_count  # every card cleared


def test_statistics_and_streaks_are_asked_per_layout(store):
    from tripeaks_widget import goals

    number = goals.number_of_the_day(None, "easy", layout=DIAMOND)
    by_hand(store, won_on(DIAMOND, number), player="bea")
    assert store.streak(player="bea", layout="Diamond")["current"] == 1
    assert store.streak(player="bea")["current"] == 0  # Three Peaks' game of the day is another
    assert store.submit_stats("easy", player="bea", layout=DIAMOND).result(10)["stats"]["won"] == 1
    assert store.submit_stats("easy", player="bea").result(10)["stats"]["won"] == 0


def test_the_records_command_sets_a_challenge_on_a_layout(tmp_path, capsys):
    from tripeaks_widget.records.__main__ import main

    path = str(tmp_path / "records.sqlite3")
    assert main(["challenge", path, "--game", "3", "--layout", "diamond", "win"]) == 0
    assert "game 3 (easy, DIAMOND), win" in capsys.readouterr().out
    assert main(["challenge", path, "--game", "3", "--layout", "nowhere", "win"]) == 2
    assert "a class challenge is set on a built-in layout" in capsys.readouterr().err


def test_a_streak_counts_no_day_whose_game_of_the_day_runs_out_of_its_bound(store, monkeypatch):
    """On a layout where the walk to the game of the day runs out (``goals.daily``), that day has
    no game of the day: a win then is no day of a streak, and the streak is asked without an error."""
    from tripeaks_widget import goals
    from tripeaks_widget.solver import SearchExhausted

    number = goals.number_of_the_day(None, "easy", layout=DIAMOND)
    by_hand(store, won_on(DIAMOND, number), player="bea")
    assert store.streak(player="bea", layout="Diamond")["current"] == 1

    def runs_out(*args, **options):
        raise SearchExhausted("no game of the day under easy on Diamond: none of the 2 games tried …")

    monkeypatch.setattr(goals, "number_of_the_day", runs_out)
    assert store.streak(player="bea", layout="Diamond") == {"current": 0, "best": 0}


def test_layout_key_means_one_thing_in_the_engine_and_the_records():
    """The engine's ``layout_key`` is the key of a name; what a store files a layout under (a
    ``Layout``, a name or key, None) is ``stored_layout_key``, a name of its own."""
    from tripeaks_widget.engine import layout
    from tripeaks_widget.records import results

    assert results.layout_key is layout.layout_key
    assert stored_layout_key(None) == layout.THREE_PEAKS.key and layout.layout_key("My own") == "MY-OWN"
