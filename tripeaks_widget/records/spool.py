"""Results that could not be written before the process ended, kept on the local disk.

At interpreter exit and on SIGTERM (Jupyter's kernel shutdown sends it a moment after asking
the kernel to stop), every result still queued for a store is written to a file of its own
in the spool folder (``$TRIPEAKS_RECORDS_SPOOL``, else ``spool`` in the user's data folder)
before anything waits for the network. The next time the same store is opened, in any
process, the spooled results are delivered and their files removed. A result written after
all (the server answered in time) has its file removed at once; one written twice is the
same play, kept once (its token is unique in the store).

A spooled result names its store by a digest of where it is (the file's path, or the
server, port, database, user and options, never the password), and, for people, by the
store's name without its password.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import logging
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from .locate import APP_NAME, Location
from .results import DEFAULT_LAYOUT, HAND, ResultRow

log = logging.getLogger("tripeaks_widget")

SPOOL_ENV = "TRIPEAKS_RECORDS_SPOOL"
SET_ASIDE = "set-aside"  # the spool's subfolder for files that are not a result to write


def spool_dir() -> Path:
    """Where unwritten results wait: ``$TRIPEAKS_RECORDS_SPOOL``, else ``spool`` in the user's data folder."""
    env = os.environ.get(SPOOL_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME) / "spool"


def store_key(place: Location) -> str:
    """Where a store is, as a digest: the same for every spelling of the same place."""
    if place.kind == "sqlite":
        text = f"sqlite:{Path(place.path).resolve() if isinstance(place.path, Path) else place.path}"
    else:
        from psycopg.conninfo import conninfo_to_dict

        params = {k: str(v) for k, v in conninfo_to_dict(place.conninfo).items() if k != "password"}
        text = "postgresql:" + json.dumps(params, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


class Spool:
    """The spooled results of one store."""

    def __init__(self, place: Location) -> None:
        self.key = store_key(place) if place.path != ":memory:" else ""
        self.where = place.where
        self.full = False  # the spool's disk was found full (said once)

    @property
    def usable(self) -> bool:
        """Whether the store outlives the process, so there is a store to deliver to later."""
        return bool(self.key)  # a store in memory ends with the process: nothing to deliver it to

    def keep(self, row: ResultRow, name: str) -> Path | None:
        """Write ``row`` to the spool file ``name`` (made whole, then renamed into place): its path,
        or None when it could not be written (said in the log, with the row)."""
        if not self.usable:
            return None
        path = spool_dir() / f"{self.key}-{name}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(f".{os.getpid()}.part")
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump({"store": self.where, "row": row}, file, sort_keys=True)
                file.flush()
                os.fsync(file.fileno())
            os.replace(part, path)
            return path
        except OSError as error:
            with contextlib.suppress(OSError, UnboundLocalError):
                part.unlink()
            if error.errno != errno.ENOSPC:
                log.error("a result could not be spooled (%s): %s", error, json.dumps(row, sort_keys=True))
            elif not self.full:
                self.full = True
                log.error(
                    "%s: the disk is full, and so is the spool's (%s): nothing can be written until there is room; "
                    "each result is logged here whole, to be entered again",
                    self.where,
                    spool_dir(),
                )
            return None

    def count(self) -> int:
        """How many results are spooled for this store."""
        if not self.usable:
            return 0
        try:
            return sum(1 for _ in spool_dir().glob(f"{self.key}-*.json"))
        except OSError:
            return 0

    @staticmethod
    def drop(path: Path) -> None:
        """Remove a spooled file that is no longer wanted (one already gone is fine)."""
        with contextlib.suppress(OSError):
            path.unlink()

    def waiting(self) -> list[tuple[Path, ResultRow]]:
        """The rows spooled for this store, oldest first, with their files. A file that holds no
        result (another program's, a damaged one) is set aside, and said once."""
        if not self.usable:
            return []
        rows = []
        try:
            files = sorted(spool_dir().glob(f"{self.key}-*.json"), key=lambda p: p.stat().st_mtime)
        except OSError:
            return []
        for path in files:
            try:
                row = json.loads(path.read_text(encoding="utf-8"))["row"]
                if isinstance(row, dict):  # spooled before results had a category: ranked as played by hand
                    row.setdefault("category", HAND)
                    row.setdefault("layout", DEFAULT_LAYOUT)  # ... and before layouts: played on Three Peaks
            except (OSError, ValueError, KeyError, TypeError) as error:
                self.set_aside(path, f"it cannot be read as a spooled result: {type(error).__name__}: {error}")
                continue
            problem = _problem(row)
            if problem:
                self.set_aside(path, problem)
            else:
                rows.append((path, row))
        return rows

    @staticmethod
    def set_aside(path: Path, why: str) -> None:
        """Move a spool file that cannot be written to the store out of the way, saying where and why."""
        aside = path.parent / SET_ASIDE / path.name
        try:
            aside.parent.mkdir(exist_ok=True)
            os.replace(path, aside)
        except OSError as error:
            log.error("a spooled result is not written (%s), and could not be moved aside (%s): %s", why, error, path)
            return
        log.warning("a spooled result is not written (%s); its file was moved aside to %s", why, aside)


def _problem(row: object) -> str | None:
    """What keeps a spooled row from being a result to write, or None."""
    from .results import check_player, in_series
    from .writes import TYPES, WRITTEN

    if not isinstance(row, dict):
        return f"its row is {type(row).__name__}, not a result"
    missing = [name for name in WRITTEN if name not in row]
    if missing:
        return f"its row lacks {', '.join(missing)}"
    wrong = [n for n in TYPES if not isinstance(row[n], int) or isinstance(row[n], bool)]
    wrong += [n for n in WRITTEN if n not in TYPES and not isinstance(row[n], str)]
    if wrong:
        return f"its row's {', '.join(wrong)} are of the wrong type"
    try:
        check_player(row["player"])
    except ValueError as error:
        return str(error)
    return None if in_series(row["number"]) else f"its game number {row['number']} is outside the series"


# -- SIGTERM -------------------------------------------------------------------------------------

_installed = False
_install_lock = threading.Lock()


def on_sigterm(spool_all: Callable[[], None]) -> None:
    """Spool every store's queue on SIGTERM, then end as SIGTERM would have (or as the handler
    that was there before says). Only the main thread can set a handler; elsewhere exit still spools."""
    global _installed
    with _install_lock:
        if _installed or threading.current_thread() is not threading.main_thread():
            return
        try:
            before = signal.getsignal(signal.SIGTERM)
        except (ValueError, OSError):
            return

        def handler(signum: int, frame: FrameType | None) -> None:
            try:
                spool_all()
            finally:
                if callable(before):
                    before(signum, frame)
                elif before != signal.SIG_IGN:
                    signal.signal(signal.SIGTERM, signal.SIG_DFL)
                    os.kill(os.getpid(), signal.SIGTERM)

        try:
            signal.signal(signal.SIGTERM, handler)
        except (ValueError, OSError):
            return
        _installed = True
