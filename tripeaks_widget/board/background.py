"""Work off the kernel's message loop: one worker thread per widget, or, where Python has no
threads (Pyodide, in the browser), one asyncio task on the kernel's loop.

A widget hands its searches (a hint, the verdict, the win chance, the review, a winnable deal)
to its :class:`Worker` under a name. The worker runs them one at a time, so the message handler
that asked returns at once and the board never freezes. A job handed in under a name whose last
job is still waiting replaces that one: only the newest question about the board matters.

A job is step-wise: called, it returns a generator (``tripeaks_widget.engine.steps``) that yields
between its units of work, or None when it did all its work at once. The same jobs run both ways:

- under CPython the jobs run in a daemon thread (it ends after a while without work, and the
  next job starts another), each driven straight through; a job that a newer one of the same
  name has replaced is dropped at its next step, since its answer would be dropped anyway;
- under Pyodide ``threading.Thread.start()`` raises, so the jobs run in an asyncio task
  instead, in slices of about ``slice`` seconds of work: between two slices the task yields to
  the loop, so the messages that came in meanwhile (a click, a key, another question) are
  handled, and a job they replaced or made stale stops at its next step.

A job runs on private copies of what it needs and gives its result back itself (under the
widget's lock, dropping it when the board has moved on since it was asked): the same rule in
both ways of running.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

from .._platform import threads_available
from ..engine.steps import Steps

log = logging.getLogger("tripeaks_widget")

Job = Callable[[], Steps[object] | None]  # None: done at once; a generator: one step per next()
SLICE = 0.03  # seconds of work between two turns of the loop, without threads: a click waits no longer


class Worker:
    """Runs named jobs one at a time in a background thread (an asyncio task without threads, in
    slices of ``slice`` seconds); a newer job replaces a waiting one of the same name and stops a
    running one at its next step. ``wait()`` blocks until nothing waits or runs; ``close()`` drops
    what waits and stops what runs."""

    def __init__(
        self, name: str = "tripeaks-search", idle: float = 20.0, *, threads: bool | None = None, slice: float = SLICE
    ) -> None:
        self._name = name
        self._idle = idle
        self.slice = slice
        self._threads = threads_available() if threads is None else threads
        self._cond = threading.Condition()  # without threads, never contended: it only keeps the code one
        self._waiting: dict[str, Job] = {}  # in the order they were handed in
        self._running: str | None = None
        self._steps: Steps[object] | None = None  # the running job's steps, when it is step-wise
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def threaded(self) -> bool:
        """True when jobs run in a thread, False when in an asyncio task on the running loop."""
        return self._threads

    def submit(self, name: str, job: Job) -> None:
        """Run ``job`` after the jobs before it; a waiting job of the same name is dropped."""
        with self._cond:
            if self._closed:
                return
            self._waiting.pop(name, None)
            self._waiting[name] = job
            if not self._threads:
                if self._task is None or self._task.done():
                    self._task = asyncio.get_event_loop().create_task(self._slices())
            elif self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def cancel(self, name: str) -> None:
        """Drop the waiting job of this name, if any (a running one goes on: it checks itself
        whether its answer is still wanted)."""
        with self._cond:
            self._waiting.pop(name, None)
            self._cond.notify_all()

    @property
    def busy(self) -> bool:
        """Whether a job waits or runs."""
        with self._cond:
            return bool(self._waiting) or self._running is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no job waits or runs; False when ``timeout`` (seconds) ran out first.
        Without threads nothing else can run the jobs while this blocks, so it runs the waiting
        ones here, each still held to its own budget, the one the task has begun first."""
        if not self._threads:
            if self._running is not None and self._steps is not None:  # the task's job, on to its end
                name, steps = self._running, self._steps
                while self._step(name, steps):
                    pass
            while (taken := self._take()) is not None:
                self._run(*taken)
            return self._running is None
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and self._running is None, timeout)

    def close(self) -> None:
        """Drop the waiting jobs and take no more; a running job stops at its next step, and the
        thread ends."""
        with self._cond:
            self._closed = True
            self._waiting.clear()
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._waiting and not self._closed:
                    if not self._cond.wait(self._idle) and not self._waiting:
                        break  # idle for a while: end; the next job starts a new thread
                if self._closed or not self._waiting:
                    self._thread = None
                    self._cond.notify_all()
                    return
                name = next(iter(self._waiting))
                job = self._waiting.pop(name)
                self._running = name
            self._run(name, job)

    async def _slices(self) -> None:
        """Without threads: the jobs in slices of about ``slice`` seconds of work, the loop handling
        the messages in between."""
        while True:
            await asyncio.sleep(0)  # back to the loop: what came in meanwhile goes first
            taken = self._take()
            if taken is None:
                return
            name, job = taken
            steps = self._start(name, job)
            end = time.perf_counter() + self.slice
            while steps is not None:
                if time.perf_counter() >= end:
                    await asyncio.sleep(0)  # a turn of the loop: clicks, keys, new questions
                    end = time.perf_counter() + self.slice
                if not self._step(name, steps):
                    steps = None

    def _take(self) -> tuple[str, Job] | None:
        """The next waiting job, now marked running; None when none waits (or closed)."""
        with self._cond:
            if self._closed or not self._waiting:
                self._cond.notify_all()
                return None
            name = next(iter(self._waiting))
            self._running = name
            return name, self._waiting.pop(name)

    def _run(self, name: str, job: Job) -> None:
        """A job straight through (its steps one after the other), ended early when replaced."""
        steps = self._start(name, job)
        while steps is not None and self._step(name, steps):
            pass

    def _start(self, name: str, job: Job) -> Steps[object] | None:
        """Call the job: its steps, or None when it is done (or failed, or is not step-wise)."""
        try:
            steps = job()
        except Exception:  # a job says its own errors; anything left is logged, never lost
            log.exception("background job %r failed", name)
            steps = None
        if steps is None:
            self._done()
        else:
            self._steps = steps
        return steps

    def _step(self, name: str, steps: Steps[object]) -> bool:
        """One step of a running job; False once it has ended: done, failed, or dropped because
        a newer job of its name waits (or the worker closed), whose answer alone is wanted."""
        with self._cond:
            replaced = name in self._waiting or self._closed
        if replaced:
            steps.close()
            log.debug("background job %r was dropped: a newer one replaced it", name)
            self._done()
            return False
        try:
            next(steps)
            return True
        except StopIteration:
            pass
        except Exception:  # a job says its own errors; anything left is logged, never lost
            log.exception("background job %r failed", name)
        self._done()
        return False

    def _done(self) -> None:
        with self._cond:
            self._running, self._steps = None, None
            self._cond.notify_all()
