"""A widget's lifetime: once closed, nothing of the product keeps it alive, and the files and
threads it opened are given back (re-running a cell many times must not fill the kernel)."""

from __future__ import annotations

import gc
import os
import threading
import time
import weakref

import pytest

from tripeaks_widget import TriPeaks

WIDGETS = 40  # enough that a leak of every widget shows; small enough to stay quick


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def _freed(refs: list[weakref.ref], within: float = 10.0) -> list[weakref.ref]:
    """The widgets still alive after a collection, waiting at most ``within`` seconds for
    worker threads to finish the searches they were running."""
    deadline = time.monotonic() + within
    while True:
        gc.collect()
        alive = [ref for ref in refs if ref() is not None]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.05)


def test_closed_widgets_are_freed():
    refs = []
    for number in range(1, WIDGETS + 1):
        w = TriPeaks(game=number, records=False, show_verdict=number % 2 == 0, show_win_chance=number % 3 == 0)
        w.draw()
        refs.append(weakref.ref(w))
        w.close()
        del w
    assert _freed(refs) == []


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files through /proc")
def test_closed_widgets_give_back_their_store_files_and_threads(tmp_path):
    store = tmp_path / "records.sqlite3"
    TriPeaks(game=1, records=store).close()  # the store's file exists before counting
    files, threads = _open_files(), threading.active_count()
    refs = []
    for number in range(1, WIDGETS + 1):
        w = TriPeaks(game=number, records=store)
        w.draw()
        refs.append(weakref.ref(w))
        w.close()
        del w
    assert _freed(refs) == []
    deadline = time.monotonic() + 10  # a store's writer thread gives back its files as it ends
    while (_open_files() > files or threading.active_count() > threads) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _open_files() <= files
    assert threading.active_count() <= threads


def test_the_front_end_still_gets_the_bundle_and_styles():
    w = TriPeaks(records=False)
    state = w._front_end.get_state()
    assert state["esm"].startswith("//") and "export" in state["esm"]
    assert ".tp-card" in state["css"]
    assert "export" in w.get_state()["_esm"]  # the loader
    w.close()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files through /proc")
def test_widgets_never_closed_share_one_store_and_its_files(tmp_path):
    """A cell run again and again leaves its old widgets open: they share the store of their
    place, so they hold its files once, not once each (before: 2 files a widget)."""
    store = tmp_path / "records.sqlite3"
    first = TriPeaks(game=1, records=store)
    files = _open_files()
    boards = [TriPeaks(game=number, records=store) for number in range(2, WIDGETS + 2)]
    assert _open_files() - files <= 2  # a store's thread may open its journal on first use
    assert all(board.records is first.records for board in boards)
    for board in boards:
        board.close()
    first.play("K♣")
    first.new_game(game=2)  # the store stays open for the board still using it
    assert first.records.flush(20)
    assert [r["number"] for r in first.records.results()] == [1]
    first.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]  # the last board closed it
    again = TriPeaks(game=1, records=store)
    assert again.records is not first.records  # a fresh one, once all closed
    again.close()


def test_one_store_per_place_however_the_place_is_spelled(tmp_path, monkeypatch):
    """The boards' shared stores are keyed by where the one parser says a store is (before, the
    environment variable, a relative path and an sqlite:// URL of the same file were three stores)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path / "records.sqlite3"))
    spellings = [None, "records.sqlite3", tmp_path / "records.sqlite3", "sqlite:///records.sqlite3", "./"]
    boards = [TriPeaks(game=1, records=spelling) for spelling in spellings]
    try:
        assert all(board.records is boards[0].records for board in boards)
    finally:
        for board in boards:
            board.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]  # the last board closed it
