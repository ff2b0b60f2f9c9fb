"""The store's query arguments are checked before they reach the server, so SQLite and
PostgreSQL answer a mistake alike: with the same clear ValueError, never a driver's error."""

import numpy as np
import pytest
from helpers.records_games import WIN_1_EASY, game
from helpers.records_stores import rows


@pytest.mark.parametrize("limit", [-1, -5, 2**70, 1.5, "3", True])
def test_a_limit_that_is_not_a_count_is_refused_on_every_store(store, limit):
    store.record(game(actions=WIN_1_EASY), player="ana")
    with pytest.raises(ValueError, match="limit is a whole number from 0"):
        store.results(limit=limit)
    with pytest.raises(ValueError, match="limit is a whole number from 0"):
        store.leaderboard(1, limit=limit)  # before: -1 gave an empty board, 1.5 one row, silently


def test_a_limit_of_zero_and_a_numpy_limit_count_rows(store):
    for player in ("ana", "bo"):
        store.record(game(actions=WIN_1_EASY), player=player)
    assert store.results(limit=0) == []
    assert len(store.results(limit=np.int64(1))) == 1
    assert rows(store.leaderboard(1, category="scripted", limit=0)) == []
    assert [e["player"] for e in rows(store.leaderboard(1, category="scripted", limit=np.int64(1)))] == ["ana"]


@pytest.mark.parametrize("number", [2**70, 0, 50_001, -1, 1.0, "1"])
def test_a_game_number_outside_the_series_is_refused_not_overflowed(store, number):
    for ask in (
        lambda: store.results(number=number),
        lambda: store.standing(number),
        lambda: store.leaderboard(number),
    ):
        with pytest.raises(ValueError, match="number is a whole number from 1 to 50,000"):
            ask()


def test_a_numpy_game_number_finds_its_results(store):
    store.record(game(actions=WIN_1_EASY), player="ana")
    assert [row["player"] for row in store.results(number=np.int64(1))] == ["ana"]
    assert store.standing(np.int64(1), category="scripted") is not None
