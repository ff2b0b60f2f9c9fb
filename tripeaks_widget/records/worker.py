"""Writing off the caller's thread: one writer thread per store, with a queue.

A result handed in is kept in the queue until the database took it. An attempt waits a
moment for a lock held elsewhere (another kernel mid-write, a backup) or for a lost
connection, and the writer tries again, a little later each time, for as long as the
process lives. Where Python has no threads (Pyodide), a job runs at once in the caller's
thread, and jobs handed in meanwhile run after it, in order. At interpreter exit (and on
SIGTERM) every store's queue is first spooled to the local disk (:mod:`.spool`), then flushed
for up to ``EXIT_WAIT`` seconds (see :mod:`.store`); a result still not written then stays in
the spool, is reported in the log with its values, and is written the next time the store is
opened. The thread ends after a while without work; the next job starts another.
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from .._platform import threads_available
from ..engine.errors import RecordsError

log = logging.getLogger("tripeaks_widget")

EXIT_WAIT = 5.0  # seconds the interpreter's exit waits for results still queued (they are spooled first)
IDLE = 10.0  # seconds without work before the thread ends
RETRY_FIRST, RETRY_LAST = 0.05, 1.0  # the pause before trying again, doubling up to the last

Attempt = Callable[[], Any]  # one try at a job; raises to say it failed
_T = TypeVar("_T")  # a job's answer
Waiting = Callable[[BaseException], None]  # told, once, why a job has to wait
Transient = Callable[[BaseException], bool]  # whether a failure is worth trying again


class GivenUp(RecordsError):
    """A job still waiting when the store was closed for good."""


class Writer:
    """Runs a store's jobs one at a time, in order, retrying each through transient failures."""

    def __init__(self, name: str, transient: Transient, *, threads: bool | None = None) -> None:
        self._name = name
        self._transient = transient
        self._threads = threads_available() if threads is None else threads
        self._draining = False  # without threads: the caller's thread is running the queue
        self._then: Callable[[], None] | None = None  # what to do once closed and done
        self._cond = threading.Condition()
        # The jobs, each with its own kind of answer.
        self._queue: collections.deque[tuple[Attempt, Future[Any], str, Waiting | None]] = collections.deque()
        self._thread: threading.Thread | None = None
        self._closing = False
        self._deadline: float | None = None  # past it, a job that keeps failing is given up

    def submit(self, attempt: Callable[[], _T], what: str = "a job", waiting: Waiting | None = None) -> Future[_T]:
        """Queue ``attempt``; its Future gets its answer, or the error that ended it. ``waiting(error)``
        is told, once, of the first failure it waits through."""
        future: Future[_T] = Future()
        with self._cond:
            if self._closing:
                future.set_exception(GivenUp(f"{what} was not run: the store is closed"))
                return future
            self._queue.append((attempt, future, what, waiting))
            drain = not self._threads and not self._draining
            if drain:
                self._draining = True
            elif self._threads and self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()
        if drain:
            self._drain()
        return future

    def _drain(self) -> None:
        """Without threads: run the queue here, in order, a job queued meanwhile included."""
        try:
            while True:
                with self._cond:
                    if not self._queue:
                        return
                    job = self._queue[0]
                self._run_first(*job)
        finally:
            with self._cond:
                self._draining = False

    @property
    def pending(self) -> int:
        """Jobs waiting or running."""
        with self._cond:
            return len(self._queue)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job queued is done; False when ``timeout`` seconds ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue, timeout)

    def close(self, wait: float | None, then: Callable[[], None] | None = None) -> bool:
        """Take no more jobs; let those queued finish within ``wait`` seconds (None: as long as they
        take), then give up the rest. ``wait=0`` returns at once and lets the thread finish alone.
        ``then()`` runs once nothing is left to do (here, or in the thread as it ends). May be
        called again (at exit, say) to wait for what a closing without waiting left behind.
        Returns whether everything queued was done."""
        with self._cond:
            self._closing = True
            self._then = then or self._then
            if wait is None or wait > 0:
                self._deadline = None if wait is None else time.monotonic() + wait
            self._cond.notify_all()
            done = not self._queue if wait == 0 else self._cond.wait_for(lambda: not self._queue, wait)
            if not done and wait != 0:
                self._deadline = time.monotonic()  # the running job gives up at its next failure,
                self._give_up_waiting()  # which is soon: its answer (and report) is waited for
                self._cond.wait_for(lambda: not self._queue, RETRY_LAST + 2)
            hook = self._take_then() if not self._queue else None  # nothing runs: done here
        if hook is not None:
            hook()
        return done

    def _take_then(self) -> Callable[[], None] | None:
        hook, self._then = self._then, None
        return hook

    def _give_up_waiting(self) -> None:
        # Under the condition: every job but the running one (the first) ends now.
        while len(self._queue) > 1:
            _, future, what, _ = self._queue.pop()
            future.set_exception(GivenUp(f"{what} was not written before the store closed"))

    def _expired(self) -> bool:
        with self._cond:
            return self._deadline is not None and time.monotonic() >= self._deadline

    def _loop(self) -> None:
        while True:
            with self._cond:
                if not self._queue and not self._cond.wait_for(lambda: self._queue or self._closing, IDLE):
                    self._thread = None
                    return
                if not self._queue:  # closing, and nothing left
                    self._thread = None
                    self._cond.notify_all()
                    hook = self._take_then()
                    break
                job = self._queue[0]
            self._run_first(*job)
        if hook is not None:
            hook()

    def _run_first(self, attempt: Attempt, future: Future[Any], what: str, waiting: Waiting | None) -> None:
        """Run the first job of the queue, then take it off."""
        self._run(attempt, future, what, waiting)
        with self._cond:
            self._queue.popleft()
            self._cond.notify_all()

    def _run(self, attempt: Attempt, future: Future[Any], what: str, waiting: Waiting | None) -> None:
        pause, said = RETRY_FIRST, False
        while True:
            try:
                future.set_result(attempt())
                if said:
                    log.info("%s was written after waiting", what)
                return
            except Exception as error:
                if not self._transient(error):
                    future.set_exception(error)
                    return
                if self._expired():  # a wait the store's closing ended: said in the family's words
                    given_up = GivenUp(f"{what} was not written before the store closed")
                    given_up.__cause__ = error
                    future.set_exception(given_up)
                    return
                if not said:
                    log.warning("%s waits for the records store (%s); it is kept and tried again", what, error)
                    said = True
                    if waiting is not None:
                        try:
                            waiting(error)
                        except Exception:  # whoever listens never stops the writer
                            log.exception("telling that %s waits failed", what)
                time.sleep(pause)
                pause = min(2 * pause, RETRY_LAST)
