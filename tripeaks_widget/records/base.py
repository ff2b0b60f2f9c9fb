"""What each part of a records store is given by the store: its name, its threads, its reads and writes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .backends import Backend, Connection
    from .results import ResultRow
    from .worker import Writer

_T = TypeVar("_T")


class StoreBase:
    """The store as its parts (:mod:`.queries`, :mod:`.submission`, :mod:`.challenge_store`) see it:
    :class:`.store.Records` sets these and answers the reads and writes."""

    where: str  # the store in messages: the file, or the URL without its password
    timeout: float
    student: str | None  # the one player a student's own URL records for (see .roles)
    read_only: bool
    _ending: str  # what ends the wait of a result still spooled: the store's closing, or the process's end
    _backend: Backend
    _writer: Writer  # writes, in order
    _reader: Writer  # the reads a board asks for: never behind a write

    def _ensure_ready(self) -> None:
        """Wait for the store's opening (see :class:`.store.Records`)."""
        raise NotImplementedError

    def _read(self, work: Callable[[Connection], _T]) -> _T:
        """``work(conn)`` on a reader's connection (see :class:`.store.Records`)."""
        raise NotImplementedError

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """The rows ``sql`` reads (see :class:`.store.Records`)."""
        raise NotImplementedError

    def _attempt(self, work: Callable[[Connection], _T], row: ResultRow | None = None) -> _T:
        """``work(conn)`` in one write (see :class:`.submission.Submission`)."""
        raise NotImplementedError
