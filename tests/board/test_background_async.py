"""The worker without threads (as under Pyodide): jobs run in an asyncio task on the running loop,
in slices, with the loop's other work (the kernel's messages) handled in between, also between
the steps of one long search (a review, a win chance, a winnable deal); a newer job replaces a
waiting one and stops a running one; and the board still drops an answer about a position it has
left, stopping the search for it at its next step.

Here, under CPython, ``threading.Thread.start`` is made to raise as it does in Pyodide, so a
test that passes started no thread."""

from __future__ import annotations

import asyncio
import itertools
import threading

import pytest
from helpers.support import intent, played, replies_of

from tripeaks_widget import Game, TriPeaks, fair, solver
from tripeaks_widget.board import background, recording
from tripeaks_widget.board.assists import HINT_PENDING, WIN_CHANCE_SAMPLES
from tripeaks_widget.board.background import Worker
from tripeaks_widget.records import worker

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
    for module in (background, recording, worker):  # each asks where it decides
        monkeypatch.setattr(module, "threads_available", lambda: False)


async def idle(rounds: int = 20) -> None:
    """Let the loop run its ready callbacks and tasks for a few rounds."""
    for _ in range(rounds):
        await asyncio.sleep(0)


async def until_idle(worker: Worker, seconds: float = 50.0) -> None:
    """Let the loop run until the worker has nothing left to do."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while worker.busy:
        assert loop.time() < deadline, "the worker did not finish in time"
        await asyncio.sleep(0)


def ticker(loop, on_tick):
    """A message that arrives again and again, as a player's clicks do: ``on_tick(n)`` on every
    turn of the loop until it returns False."""

    def tick(n: int = 0) -> None:
        if on_tick(n) is not False:
            loop.call_soon(tick, n + 1)

    loop.call_soon(tick)


def blocked_game(w: TriPeaks) -> None:
    """The stock drawn out, then a run until no card fits: a blocked game of 29 moves to review."""
    for _ in range(23):
        w.draw()
    for card in ("K♣", "A♠", "2♦", "3♠", "4♠", "5♠"):
        w.play(card)
    assert w.status == "blocked" and w.moves == 29


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
            intent(w, played(w, 20))  # K♣, handled while the hint's search runs
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
    from tripeaks_widget.board import intents

    jsnull = type("JsNull", (), {})()
    monkeypatch.setattr(intents, "JS_NULL", jsnull)
    w = TriPeaks(OPENING, records=False)
    intent(w, {"type": "new_game", "id": 1, "code": "TP1-C-AAAAAAD", "rules": jsnull, "game": jsnull})
    assert w.code == "TP1-C-AAAAAAD"
    w.close()


def test_without_threads_a_step_wise_job_lets_messages_through_between_its_slices():
    order: list[str] = []

    def job():
        for step in range(4):
            order.append(f"step {step}")
            yield

    async def main():
        worker = Worker(slice=0.0)  # every step a slice of its own
        worker.submit("long", job)
        ticker(asyncio.get_running_loop(), lambda n: order.append("message") if worker.busy else False)
        await until_idle(worker)

    run(main())
    steps = [i for i, said in enumerate(order) if said.startswith("step")]
    assert len(steps) == 4
    assert all("message" in order[a:b] for a, b in itertools.pairwise(steps))  # between every two


def test_without_threads_a_newer_job_of_the_same_name_stops_the_running_one_at_its_next_step():
    ran: list[str] = []

    def old():
        for step in range(1000):
            ran.append(f"old {step}")
            yield

    async def main():
        worker = Worker(slice=0.0)
        worker.submit("review", old)
        loop = asyncio.get_running_loop()

        def replace(n):
            if n == 3:  # a few steps in, a new question of the same name comes in
                worker.submit("review", lambda: ran.append("new"))
                return False
            return True

        ticker(loop, replace)
        await until_idle(worker)

    run(main())
    assert ran[-1] == "new" and len(ran) < 10  # the old one stopped within a step, never ran on


def test_without_threads_the_review_runs_in_slices_with_clicks_handled_and_the_same_answer(monkeypatch):
    async def main():
        w = TriPeaks(OPENING, records=False, search_budget=60.0)  # no move cut short on a busy machine
        blocked_game(w)
        w.board.assists.worker.slice = 0.01
        seen_pending: list[bool] = []

        def click(n):  # the Win chance switch, clicked again and again while the review runs
            if w.state["review"] is None or w.state["review"]["kind"] != "pending":
                return False
            intent(w, {"type": "show_win_chance", "value": n % 2 == 0})
            seen_pending.append(w.state["win_chance"] is not None and w.state["review"]["kind"] == "pending")
            return True

        intent(w, {"type": "review", "open": True})
        assert w.state["review"]["kind"] == "pending"
        ticker(asyncio.get_running_loop(), click)
        await until_idle(w.board.assists.worker)
        panel = w.state["review"]
        game = w.game.copy()
        w.close()
        return panel, game, seen_pending

    panel, game, seen_pending = run(main())
    # clicks were answered (the chance switched on and shown) while the review was still running
    assert sum(seen_pending) >= 3
    assert panel["kind"] == "known"
    expected = fair.review(game, seed=0, budget=60.0)  # the same computation, unsliced
    assert [row["before"] for row in panel["moves"]] == [m.before and m.before.value for m in expected.moves]
    assert [row["best"] for row in panel["moves"]] == [m.best for m in expected.moves]
    assert panel["final"] == expected.final.value and panel["lost_after"] == expected.lost_after


def test_without_threads_a_review_of_a_game_the_board_has_left_stops_at_its_next_step(monkeypatch):
    judged: list[int] = []
    real = fair.move_chances_steps

    def counted(seen, **options):
        judged.append(1)
        return real(seen, **options)

    monkeypatch.setattr(fair.reviewing, "move_chances_steps", counted)

    async def main():
        w = TriPeaks(OPENING, records=False)
        blocked_game(w)
        w.board.assists.worker.slice = 0.0
        seq: list[int] = []

        def undo_a_few_moves_in(n):
            if len(judged) < 3:
                return True
            intent(w, {"type": "undo"})  # the board moves on: the review's answer would be dropped
            seq.append(w.state["seq"])
            return False

        intent(w, {"type": "review", "open": True})
        ticker(asyncio.get_running_loop(), undo_a_few_moves_in)
        await until_idle(w.board.assists.worker)
        after = (w.state["review"], w.state["seq"], w.game.history[-1])
        w.close()
        return seq, after

    seq, (review, last_seq, last_action) = run(main())
    assert last_action == "undo" and review is None
    assert last_seq == seq[0]  # nothing was published for the old game after the undo
    assert len(judged) <= 4  # of the 29 moves (and the final chance), it stopped at its next step


def test_without_threads_the_win_chance_runs_in_slices_with_the_same_answer(monkeypatch):
    async def main():
        w = TriPeaks(OPENING, records=False, search_budget=60.0)
        w.board.assists.worker.slice = 0.0
        turns: list[bool] = []
        intent(w, {"type": "show_win_chance", "value": True})
        assert w.state["win_chance"]["kind"] == "pending"
        ticker(asyncio.get_running_loop(), lambda n: turns.append(True) if w.board.assists.worker.busy else False)
        await until_idle(w.board.assists.worker)
        shown, seen = w.state["win_chance"], w.game.seen()
        w.close()
        return shown, seen, turns

    shown, seen, turns = run(main())
    # every PLAYOUT_STEP sampled arrangements were a step: the loop had a turn between them
    assert len(turns) >= WIN_CHANCE_SAMPLES // fair.PLAYOUT_STEP // 2
    expected = fair.win_chance(seen, samples=WIN_CHANCE_SAMPLES, seed=0, budget=60.0)
    assert shown["kind"] == "known" and (shown["value"], shown["low"], shown["high"]) == (
        expected.value,
        expected.low,
        expected.high,
    )


def test_without_threads_a_click_during_a_winnable_deal_search_is_handled_before_it_ends(monkeypatch):
    tried: list[str] = []
    real = solver.winnable

    def counted(game, **options):
        tried.append(game.code)
        return len(tried) > 2 and real(game, **options)  # the first two deals tried as if lost: a longer search

    monkeypatch.setattr(solver, "winnable", counted)

    async def main():
        w = TriPeaks(OPENING, records=False)
        w.board.assists.worker.slice = 0.0
        replies: list[dict] = replies_of(w)
        clicked: list[tuple] = []

        def click(n):
            if not tried:
                return True  # not yet: the click comes once the search has tried a deal
            intent(w, played(w, 20))  # K♣ on the opening board, while the search runs
            clicked.append((w.code, w.moves, len(replies)))
            return False

        intent(w, {"type": "new_game", "rules": "classic", "winnable": True, "id": 7})
        ticker(asyncio.get_running_loop(), click)
        await until_idle(w.board.assists.worker)
        after = (w.code, w.moves, replies)
        w.close()
        return clicked, after

    clicked, (code, moves, replies) = run(main())
    # the click was handled on the opening board after the search had begun, before it replied
    assert clicked == [(OPENING, 1, 0)]
    assert [reply["id"] for reply in replies] == [7] and replies[0]["ok"] is True
    assert code == tried[-1] != OPENING and moves == 0 and len(tried) >= 3 and Game(code).winnable()
