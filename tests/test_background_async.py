"""The worker without threads (as under Pyodide): jobs run in an asyncio task on the running loop,
one job a slice, with the loop's other work (the kernel's messages) handled in between; a newer
job replaces a waiting one; and the board still drops an answer about a position it has left.

Here, under CPython, ``threading.Thread.start`` is made to raise as it does in Pyodide, so a
test that passes started no thread."""

from __future__ import annotations

import asyncio
import threading

import pytest
from support import intent

from tripeaks_widget import TriPeaks, background, solver
from tripeaks_widget.assists import HINT_PENDING
from tripeaks_widget.background import Worker

OPENING = "TP1-E-AAAAAAB"  # R6.4


START = threading.Thread.start  # the real one, for the loop the test itself runs on


def run(coroutine):
    """``asyncio.run`` on a thread of its own: the suite's browser tests keep a loop running on the
    main thread (Playwright's), and a kernel's loop is one of its own as well."""
    result: list = []

    def main():
        try:
            result.append(("ok", asyncio.run(coroutine)))
        except BaseException as error:  # handed back to the test
            result.append(("error", error))

    thread = threading.Thread(target=main)
    START(thread)
    thread.join(60)
    assert result, "the test's loop did not end within 60 s"
    kind, value = result[0]
    if kind == "error":
        raise value
    return value


@pytest.fixture(autouse=True)
def no_threads(monkeypatch):
    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(background, "threads_available", lambda: False)


async def idle(rounds: int = 20) -> None:
    """Let the loop run its ready callbacks and tasks for a few rounds."""
    for _ in range(rounds):
        await asyncio.sleep(0)


def test_without_threads_jobs_run_in_a_task_one_a_slice_with_messages_in_between():
    order: list[str] = []

    async def main():
        worker = Worker()
        assert not worker.threaded
        loop = asyncio.get_running_loop()
        worker.submit("a", lambda: order.append("job a"))
        worker.submit("b", lambda: (order.append("job b"), loop.call_soon(order.append, "message")))
        worker.submit("c", lambda: order.append("job c"))
        assert order == [] and worker.busy  # the handler that asked returned at once
        await idle()
        assert not worker.busy
        return worker

    run(main())
    # the message that came in while job b ran was handled before job c started
    assert order == ["job a", "job b", "message", "job c"]


def test_without_threads_a_newer_job_replaces_a_waiting_one_and_close_drops_the_rest():
    ran: list[str] = []

    async def main():
        worker = Worker()
        worker.submit("hint", lambda: ran.append("old hint"))
        worker.submit("hint", lambda: ran.append("new hint"))
        worker.submit("verdict", lambda: ran.append("verdict"))
        await idle()
        worker.submit("hint", lambda: ran.append("after close"))
        worker.close()
        worker.submit("hint", lambda: ran.append("closed"))
        await idle()

    run(main())
    assert ran == ["new hint", "verdict"]


def test_without_threads_a_failing_job_is_logged_and_the_next_runs(caplog):
    ran: list[str] = []

    def broken():
        raise RuntimeError("tripped")

    async def main():
        worker = Worker()
        worker.submit("a", broken)
        worker.submit("b", lambda: ran.append("b"))
        await idle()

    run(main())
    assert ran == ["b"]
    assert "background job 'a' failed" in caplog.text


def test_without_threads_wait_runs_the_waiting_jobs_here():
    ran: list[str] = []

    async def main():
        worker = Worker()
        worker.submit("a", lambda: ran.append("a"))
        assert worker.wait(5)
        assert ran == ["a"] and not worker.busy

    run(main())


def test_without_threads_the_hint_button_answers_on_the_loop():
    async def main():
        w = TriPeaks(OPENING, records=False, hint_kind="exact")
        intent(w, {"type": "hint"})
        assert w.state["message"] == HINT_PENDING
        await idle()
        message, highlight = w.state["message"], w.state["highlight"]
        w.close()
        return message, highlight

    message, highlight = run(main())
    assert message.startswith("Hint (sees the hidden cards):") and len(highlight) == 1


def test_without_threads_an_answer_about_a_position_the_board_has_left_is_dropped(monkeypatch):
    asked: list[int] = []
    real = solver.solve

    def counted(game, **options):
        asked.append(len(game.history))
        return real(game, **options)

    monkeypatch.setattr(solver, "solve", counted)

    async def main():
        w = TriPeaks(OPENING, records=False, hint_kind="exact")
        loop = asyncio.get_running_loop()
        shown: list[tuple] = []

        def play_during_the_search():
            intent(w, {"type": "play", "slot": 20})  # K♣, handled while the hint's search runs
            shown.append((w.state["message"], w.state["seq"]))

        # the click arrives while the search runs: in the browser it waits for the slice to end
        monkeypatch.setattr(
            solver, "solve", lambda game, **o: (loop.call_soon(play_during_the_search), counted(game, **o))[1]
        )
        intent(w, {"type": "hint"})
        await idle()
        after = (w.state["message"], w.state["highlight"], w.state["seq"], w.moves)
        w.close()
        return shown, after

    shown, after = run(main())
    message, highlight, seq, moves = after
    assert asked == [0] and moves == 1
    assert (message, highlight) == ("", [])  # the hint for the opening never showed on the new board
    assert seq == shown[0][1]  # nothing was published after the click


def test_without_threads_the_board_keeps_no_records_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path / "records.sqlite3"))
    w = TriPeaks(OPENING, lang="el")
    assert w.records is None
    assert w.state["notices"] == [{"kind": "error", "text": "Τα ρεκόρ δεν καταγράφονται στο πρόγραμμα περιήγησης"}]
    for action in ("K♣", "A♠", "2♦"):
        w.play(action)  # nothing fails for want of a store
    assert w.moves == 3 and not (tmp_path / "records.sqlite3").exists()
    w.close()
    quiet = TriPeaks(OPENING, records=False)
    assert quiet.records is None and quiet.state["notices"] == []
    quiet.close()


def test_a_null_from_the_browser_means_none(monkeypatch):
    """Pyodide hands a message's JavaScript null over as ``jsnull``; an intent reads it as None."""
    from tripeaks_widget import intents

    jsnull = type("JsNull", (), {})()
    monkeypatch.setattr(intents, "JS_NULL", jsnull)
    w = TriPeaks(OPENING, records=False)
    intent(w, {"type": "new_game", "id": 1, "code": "TP1-C-AAAAAAD", "rules": jsnull, "game": jsnull})
    assert w.code == "TP1-C-AAAAAAD"
    w.close()
