"""Results the server vouches for (issue 56): on a class's store the finishing time is the server's
and the client's is a note; "first" is in the order the server took the results, and a result that
reached it late never takes one; the outcome, draws, run, moves and score lie within what the
layout and the rules allow. Before, a student who won after a classmate sent an earlier time and
was first, and the server took a "win" with 28 cards left and a run of 1,000,000."""

import random
from datetime import datetime, timedelta, timezone

import psycopg
import pytest
from helpers.records_games import WIN_1_EASY, game, record
from helpers.records_stores import PostgresSchema, call_record, connect_as, made_class_store

from tripeaks_widget import LAYOUTS, Game
from tripeaks_widget.records import FIRST_WIN, Records, writes
from tripeaks_widget.records import schema as schema_module


@pytest.fixture(scope="module")
def refusing_store(tmp_path_factory):
    """A class's store that the refusals share: each is refused, and writes nothing."""
    schema = PostgresSchema()
    try:
        with made_class_store(schema, tmp_path_factory.mktemp("class")) as made:
            yield made
    finally:
        schema.close()


def _student(class_store, index=0):
    _, students, _ = class_store
    return sorted(students.items())[index]


def test_the_server_stamps_the_finishing_time_and_keeps_the_clients_only_as_a_note(class_store):
    _, _, owner = class_store
    ana, ana_url = _student(class_store)
    sent = ["2999-01-01T00:00:00+00:00", "1970-01-01T00:00:00+00:00"]
    with connect_as(ana_url) as conn:
        for n, when in enumerate(sent):
            assert call_record(conn, player=ana, finished_at=when, token=f"{n}" * 32) == (True,)
        (now,) = conn.execute("SELECT now()").fetchone()
    with Records(owner) as records:
        stored = sorted(records.results(player=ana), key=lambda r: r["played_at"])
    assert [r["played_at"] for r in stored] == sorted(sent)
    for result in stored:
        assert abs(datetime.fromisoformat(result["finished_at"]) - now) < timedelta(seconds=30), result


def test_an_earlier_time_sent_after_a_classmates_win_does_not_take_first(class_store):
    _, _, owner = class_store
    (ana, ana_url), (bob, bob_url) = _student(class_store, 0), _student(class_store, 1)
    with Records(owner) as records:
        made = records.set_challenge(3, "win")
    with Records(ana_url) as records:
        (notice,) = [n for n in record(records, ana) if n.kind != FIRST_WIN]
        assert "first" in notice.text.lower()
    with Records(bob_url) as records:  # a day earlier, as bob's client says: the server took it second
        said = record(records, bob, when=datetime.now(timezone.utc) - timedelta(days=1))
        assert not [n for n in said if n.kind != FIRST_WIN], said
    with Records(owner) as records:
        assert records.challenge_board(made["id"])["first"]["player"] == ana


def test_a_result_that_reached_the_server_late_never_takes_a_first(class_store):
    _, _, owner = class_store
    (ana, ana_url), (bob, bob_url) = _student(class_store, 0), _student(class_store, 1)
    with Records(owner) as records:
        made = records.set_challenge(3, "win")
    played = datetime.now(timezone.utc) - timedelta(hours=1)  # kept in a spool, say, and written now
    with Records(ana_url) as records:
        assert [n.kind for n in record(records, ana, when=played)] == [FIRST_WIN]  # no first of the challenge
    with Records(owner) as records:
        board = records.challenge_board(made["id"])
        assert board["first"] is None and [p["player"] for p in board["players"]] == [ana]
        assert records.results(player=ana)[0]["played_at"] == played.isoformat(timespec="seconds")
    with Records(bob_url) as records:  # on time: the first to meet it
        assert len(record(records, bob)) == 1
    with Records(owner) as records:
        assert records.challenge_board(made["id"])["first"]["player"] == bob


# GOOD_ROW (test_records_roles): game 1 on Three Peaks under Easy, blocked with 22 left (6 played),
# 3 draws, a run of 2, 9 moves, score 100. Easy's stock holds 23 cards; Hogue's scoring on Three
# Peaks pays 60 for its peaks, and 6 cards in one run 21.
@pytest.mark.parametrize(
    "changed, said",
    [
        ({"outcome": "won"}, "won exactly when no card is left"),
        ({"outcome": "blocked", "cards_left": 0, "moves": 40, "longest_run": 10}, "won exactly when no card is left"),
        ({"draws": 24, "moves": 40}, "the draws are at most the cards in the stock"),
        ({"longest_run": 1_000_000}, "the longest run is at most the cards played"),
        ({"longest_run": 7}, "the longest run is at most the cards played"),
        ({"outcome": "won", "cards_left": 0, "moves": 1, "longest_run": 28, "score": 700}, "the moves are at least"),
        ({"moves": 8}, "the moves are at least"),
        ({"score": 9999}, "the score is within"),
        ({"score": -1}, "the score is within"),
        ({"rules": "easy+hogue-scoring", "score": 67}, "the score is within"),
        ({"rules": "easy+hogue-scoring", "score": -10}, "the score is within"),
    ],
    ids=[
        "won-with-cards-left",
        "blocked-with-none-left",
        "more-draws-than-the-stock",
        "a-run-of-a-million",
        "a-run-longer-than-the-cards-played",
        "a-win-in-one-move",
        "fewer-moves-than-played-and-drawn",
        "a-score-above-the-rules",
        "a-score-below-zero",
        "a-hogue-score-above-one-run",
        "a-hogue-score-below-one-a-card",
    ],
)
def test_a_students_result_beyond_what_the_layout_and_rules_allow_is_refused(refusing_store, changed, said):
    _, _, owner = refusing_store
    ana, ana_url = _student(refusing_store)
    with connect_as(ana_url) as conn:
        with pytest.raises(psycopg.errors.CheckViolation, match=said):
            call_record(conn, player=ana, **changed)
    with Records(owner) as records:
        assert records.results() == []


def test_the_bounds_are_each_layouts_and_rule_sets_own(class_store):
    ana, ana_url = _student(class_store)
    with connect_as(ana_url) as conn:  # the joker and an empty discard make Easy's stock 25 cards
        assert call_record(conn, player=ana, rules="easy+joker+empty-discard", draws=25, moves=31, token="a" * 32) == (
            True,
        )
        with pytest.raises(psycopg.errors.CheckViolation, match="the draws are at most"):
            call_record(conn, player=ana, rules="easy+joker+empty-discard", draws=26, moves=32, token="b" * 32)
        # A layout of a file's own: its slots are not known, so only its outcome is checked.
        assert call_record(conn, player=ana, layout="MY-OWN", cards_left=3, draws=40, moves=1, token="c" * 32) == (
            True,
        )
        with pytest.raises(psycopg.errors.CheckViolation, match="won exactly when"):
            call_record(conn, player=ana, layout="MY-OWN", outcome="won", cards_left=3, token="d" * 32)


@pytest.mark.parametrize("rules", ["easy", "classic+hogue-scoring+joker+empty-discard"])
def test_every_game_played_to_its_end_is_taken_on_every_layout(class_store, rules):
    """What the rules allow, the server takes: random games with undos, each played to its end."""
    players, _, _ = class_store
    pick = random.Random(56)
    with Records(players) as records:
        for layout in LAYOUTS.values():
            for number in (1, 2, 3):
                g = Game(number, rules=rules, layout=layout)
                while g.status == "playing":
                    choices = [*g.playable_slots(), *(["draw"] if g.stock_count else []), "undo"]
                    action = pick.choice(choices)
                    if action != "undo" or g.moves_kept:
                        g.apply(action)
                records.record(g, player="ana")
        assert len(records.results()) == 3 * len(LAYOUTS)


def test_a_store_of_schema_5_keeps_its_results_times_as_played(location, monkeypatch):
    """Schema 6 keeps the client's time beside the store's: a store from before gets its results'
    own times as played_at."""
    monkeypatch.setattr(schema_module, "MIGRATIONS", schema_module.MIGRATIONS[:5])
    monkeypatch.setattr(schema_module, "RESULT_COLUMNS", schema_module.RESULT_COLUMNS[:-1])
    with Records(location) as records:
        assert records.version == 5
        with records._backend.connection(write=True) as conn:
            conn.execute(
                "INSERT INTO results (player, rules, number, outcome, cards_left, moves, score, draws, longest_run, "
                "assists, finished_at, token, category, layout) VALUES ('ana', 'easy', 1, 'won', 0, 49, 751, 21, 6, "
                f"'', '2025-01-01T00:00:00+00:00', '{'a' * 32}', 'hand', 'THREE-PEAKS')"
            )
    monkeypatch.undo()
    with Records(location) as records:
        assert records.version == schema_module.schema_version() == 7
        (result,) = records.results()
        assert result["finished_at"] == result["played_at"] == "2025-01-01T00:00:00+00:00"
        records.record(game(actions=WIN_1_EASY), player="bea")  # written as this version writes
        assert [r["player"] for r in records.results()] == ["bea", "ana"]


def test_a_class_store_of_schema_5_gets_the_checks_and_the_servers_time_when_its_owner_opens_it(class_store):
    players, _, owner = class_store
    ana, ana_url = _student(class_store)
    with connect_as(owner) as conn:  # the store as schema 5 left it: no played_at, the function without bounds
        conn.execute("ALTER TABLE results DROP COLUMN played_at")
        conn.execute("UPDATE tripeaks_store SET value = '5' WHERE name = 'version'")
        schema = conn.execute("SELECT current_schema()").fetchone()[0]
        unchecked = writes.function_sql(schema).replace("p_longest_run > (v.slots - p_cards_left)", "false")
        assert unchecked != writes.function_sql(schema)
        conn.execute(unchecked)
    Records(owner).close()  # the teacher opens it
    with connect_as(ana_url) as conn:
        with pytest.raises(psycopg.errors.CheckViolation, match="the longest run is at most"):
            call_record(conn, player=ana, longest_run=1_000_000)
        assert call_record(conn, player=ana, finished_at="1970-01-01T00:00:00+00:00") == (True,)
    with Records(players) as records:  # the players read the new column
        (result,) = records.results()
        assert result["played_at"] == "1970-01-01T00:00:00+00:00" and result["finished_at"] > "2026"
