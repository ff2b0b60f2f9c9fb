"""The statistics view (issue 47): what the records know of the player under the board's rules, the
same figures as ``Records.stats()`` and ``best()``, read in the store's thread; a slow or failing
store never stops play, and a board without records says why it has none."""

from __future__ import annotations

import time
from concurrent.futures import Future

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_EASY, game
from helpers.records_stores import by_hand
from helpers.support import conforms

from tripeaks_widget.board.board import Board
from tripeaks_widget.board.intents import Malformed, parse
from tripeaks_widget.board.snapshot import StatsView
from tripeaks_widget.engine.messages import Message
from tripeaks_widget.i18n import translate
from tripeaks_widget.records import Records, RecordsError
from tripeaks_widget.records.notices import SAID_DEFAULT_PLAYER
from tripeaks_widget.records.results import DEFAULT_PLAYER

FIGURES = ("played", "finished", "won", "win_percent", "win_streak", "best_win_streak")


@pytest.fixture
def store(tmp_path):
    with Records(tmp_path / "records.sqlite3") as records:
        yield records


def click(board, action):
    """An action by hand, as the front end sends it."""
    if action == "draw":
        return board.handle({"type": "draw"})
    slot = board.game.slot_of(action)
    return board.handle({"type": "play", "slot": slot, "card": board.game.slot_view(slot)})


def until(snapshots, ready, wait=30.0):
    """The first snapshot published that is ``ready``, waiting for the store's thread."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        found = [s for s in snapshots if ready(s)]
        if found:
            return found[0]
        time.sleep(0.02)
    raise AssertionError(f"no such snapshot among {len(snapshots)}")


def test_the_view_shows_the_figures_of_stats_and_best_and_follows_a_game_won_by_hand(store):
    """Won, won, blocked: two in a row at most, none now; then a win by hand on the board while the
    view is open, and it is read again: one in a row now."""
    for actions in (WIN_1_EASY, WIN_1_EASY, BLOCK_1_EASY):
        by_hand(store, game(actions=actions), player="ana")
    board = Board(1, records=store, player="ana")
    seen = []
    board.subscribe(seen.append)
    board.handle({"type": "stats", "open": True})
    view = until(seen, lambda s: s["stats"] and s["stats"]["kind"] == "known")["stats"]  # published as it opens
    conforms(view, StatsView, "stats")
    figures = store.stats("easy", player="ana")
    assert view["kind"] == "known" and {name: view[name] for name in FIGURES} == {n: figures[n] for n in FIGURES}
    assert (view["played"], view["win_percent"], view["win_streak"], view["best_win_streak"]) == (3, 66.7, 0, 2)
    assert store.best(1, "easy", player="ana")["moves"] == 49 and view["best"] == "won in 49 moves"
    assert view["title"] == "Games of ana, Easy"
    assert [g["outcome"] for g in view["recent"]] == ["won", "won", "blocked"]  # oldest first
    assert view["recent_text"] == "Recent games, oldest first: won, won, blocked"

    for action in WIN_1_EASY:
        click(board, action)
    after = until(seen, lambda s: s["stats"] and s["stats"]["played"] == 4)["stats"]
    figures = store.stats("easy", player="ana")
    assert {name: after[name] for name in FIGURES} == {name: figures[name] for name in FIGURES}
    assert (after["win_streak"], after["best_win_streak"], after["recent"][-1]["outcome"]) == (1, 2, "won")
    kinds = [s["stats"]["kind"] for s in seen if s["stats"]]
    assert "pending" not in kinds[kinds.index("known") :]  # read again, the figures stay until the new ones come
    board.lang = "he"
    assert board.snapshot()["stats"]["title"] != view["title"]  # said in the board's language
    board.close()


@pytest.mark.parametrize("lang", ["el", "he", "is"])
def test_the_default_players_statistics_are_titled_in_the_boards_language(store, lang):
    """The one player of the play page, who never gave a name, is "player": a word of the board's
    language, as in the notices."""
    by_hand(store, game(actions=WIN_1_EASY), player=DEFAULT_PLAYER)
    board = Board(1, records=store, player=DEFAULT_PLAYER, lang=lang)
    seen = []
    board.subscribe(seen.append)
    board.handle({"type": "stats", "open": True})
    view = until(seen, lambda s: s["stats"] and s["stats"]["kind"] == "known")["stats"]
    named = translate(Message(SAID_DEFAULT_PLAYER), lang)
    assert named != "player" and named in view["title"] and "player" not in view["title"]
    board.close()


def test_closed_by_the_front_end_or_a_new_deal(store):
    board = Board(1, records=store, player="ana")
    seen = []
    board.subscribe(seen.append)
    assert board.snapshot()["stats"] is None
    board.handle({"type": "stats", "open": True})
    view = until(seen, lambda s: s["stats"] and s["stats"]["kind"] == "known")["stats"]
    assert (view["played"], view["best"]) == (0, "none yet")
    board.handle({"type": "stats", "open": False})
    assert seen[-1]["stats"] is None
    board.handle({"type": "stats", "open": True})
    board.new_game("TP1-E-AAADAAA")  # deal 52,728, outside the series
    assert board.snapshot()["stats"] is None
    board.handle({"type": "stats", "open": True})
    assert (
        until(seen, lambda s: s["stats"] and s["stats"]["kind"] == "known" and s["number"] is None)["stats"]["best"]
        is None
    )
    # a deal outside the series has no best of its own
    with pytest.raises(Malformed, match="open must be true or false"):
        parse({"type": "stats"}, 28)
    board.close()


def test_without_records_the_view_says_there_are_none():
    board = Board(1, records=False)
    board.handle({"type": "stats", "open": True})
    view = board.snapshot()["stats"]
    conforms(view, StatsView, "stats")
    assert (view["kind"], view["text"], view["played"]) == (
        "none",
        "This board keeps no records, so it has no statistics",
        None,
    )
    unusable = Board(1, records="/nonexistent/\0bad")
    unusable.handle({"type": "stats", "open": True})
    assert unusable.snapshot()["stats"]["text"].startswith("Records cannot be kept: ")  # the reason it has none


def test_a_slow_store_shows_reading_then_a_failure_says_so_and_play_goes_on(store, monkeypatch):
    asked: Future = Future()
    monkeypatch.setattr(store, "submit_stats", lambda *args, **kwargs: asked)
    board = Board(1, records=store, player="ana")
    seen = []
    board.subscribe(seen.append)
    board.handle({"type": "stats", "open": True})
    assert seen[-1]["stats"]["kind"] == "pending" and seen[-1]["stats"]["text"] == "Reading the records…"
    click(board, "K♣")  # play goes on while the store is asked
    asked.set_exception(RecordsError("the server went away"))
    failed = until(seen, lambda s: s["stats"]["kind"] == "error")["stats"]
    assert failed["text"] == "The records could not be read: the server went away" and failed["played"] is None
    for action in WIN_1_EASY[1:]:
        click(board, action)
    assert board.status == "won" and store.flush(30)
    assert store.stats("easy", player="ana")["won"] == 1  # the failure lost nothing
    board.close()
