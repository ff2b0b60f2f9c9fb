"""Work off the kernel's message loop: one worker thread per widget.

A widget hands its searches (a hint, the verdict, a winnable deal) to its :class:`Worker`
under a name. The worker runs them one at a time in a daemon thread, so the message
handler that asked returns at once and the board never freezes. A job handed in under
a name whose last job is still waiting replaces that one: only the newest question about
the board matters. The thread ends after a while without work; the next job starts another.

A job runs on private copies of what it needs and gives its result back itself (under the
widget's lock, dropping it when the board has moved on since it was asked).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger("tripeaks_widget")

Job = Callable[[], None]


class Worker:
    """Runs named jobs one at a time in a background thread; a newer job replaces a waiting one
    of the same name. ``wait()`` blocks until nothing waits or runs; ``close()`` drops what waits."""

    def __init__(self, name: str = "tripeaks-search", idle: float = 20.0) -> None:
        self._name = name
        self._idle = idle
        self._cond = threading.Condition()
        self._waiting: dict[str, Job] = {}  # in the order they were handed in
        self._running: str | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, name: str, job: Job) -> None:
        """Run ``job`` after the jobs before it; a waiting job of the same name is dropped."""
        with self._cond:
            if self._closed:
                return
            self._waiting.pop(name, None)
            self._waiting[name] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def cancel(self, name: str) -> None:
        """Drop the waiting job of this name, if any (a running one finishes)."""
        with self._cond:
            self._waiting.pop(name, None)
            self._cond.notify_all()

    @property
    def busy(self) -> bool:
        """Whether a job waits or runs."""
        with self._cond:
            return bool(self._waiting) or self._running is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no job waits or runs; False when ``timeout`` (seconds) ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and self._running is None, timeout)

    def close(self) -> None:
        """Drop the waiting jobs and take no more; a running job finishes, and the thread ends."""
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
            try:
                job()
            except Exception:  # a job says its own errors; anything left is logged, never lost
                log.exception("background job %r failed", name)
            finally:
                with self._cond:
                    self._running = None
                    self._cond.notify_all()
