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
    assert _open_files() <= files
    deadline = time.monotonic() + 10
    while threading.active_count() > threads and time.monotonic() < deadline:
        time.sleep(0.05)
    assert threading.active_count() <= threads


def test_the_front_end_still_gets_the_bundle_and_styles():
    w = TriPeaks(records=False)
    state = w.get_state()
    assert state["_esm"].startswith("//") and "export" in state["_esm"]
    assert ".tp-card" in state["_css"]
    w.close()
