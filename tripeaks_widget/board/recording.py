"""A board's results going to the records store (:mod:`tripeaks_widget.records`): the store a
widget was given, the player it records for, the game recorded when it ends (won or blocked) or is
left unfinished, and what the store said about it, shown under the board until the next action.

A game is recorded as played by hand only when every move of it was made on the board by hand
(a click or a key, which :meth:`Board.handle` carries out through :meth:`Results.by_hand`); a
game with any other move (``w.play``, ``w.replay``, ``w.game.apply`` … from Python) is scripted,
and ranks apart (see :mod:`tripeaks_widget.records`).

The store is written in its own thread (:class:`~tripeaks_widget.records.Records` queues each
result), so a locked or slow store never holds up the board: a move waits a moment for the
store's answer, and an answer that comes later arrives in a snapshot of its own."""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import Future, wait
from typing import Any, Protocol

from .._platform import threads_available
from ..engine.cards import Card
from ..engine.errors import InvalidTypeError
from ..engine.game import Game
from ..engine.layout import Layout
from ..engine.messages import Message
from ..engine.rules import Rules
from ..records import HAND, SCRIPTED, Notice, Records, check_player, default_player, in_series

log = logging.getLogger("tripeaks_widget")

NOT_RECORDED = Message("This result could not be recorded: {error}")
NO_RECORDS = Message("Records cannot be kept: {error}")
NO_RECORDS_IN_BROWSER = Message("Records are not kept in the browser")
RECORDS_WAITING = Message("The records server does not answer yet: results are kept and recorded when it does")
PLAYER_MISMATCH = Message(
    "This URL records results for {student} only; this board plays as {player} (pass {argument})."
)
STORE_WAIT = 0.5  # seconds a move waits for the records store; a later answer comes in a new snapshot
NAME_WAIT = 3.0  # seconds a board waits, once, for a class's store to say whose URL it is, before naming the player
Recorded = Future[list[Notice]]  # a result handed to the store: its notices once written
Answer = Recorded | Future[Notice | None]  # the store's answer: a result's notices, or a game's record


class Host(Protocol):
    """What the results need of the board they are kept for."""

    lock: threading.RLock  # every change of the board and every snapshot made takes it

    @property
    def closed(self) -> bool:
        """Whether the board was closed: a late answer of the store is dropped."""

    @property
    def game(self) -> Game:
        """The game on the board."""

    def publish(self) -> None:
        """Publish the board's snapshot (nothing before the board is whole)."""


class Results:
    """The records store of one board, its player, and what the store said last (``notices``:
    ``{"kind", "text"}``)."""

    def __init__(
        self, board: Host, records: Records | str | os.PathLike[str] | bool | None, player: str | None = None
    ) -> None:
        self.board = board
        self._given = None if player is None else check_player(player)  # a name given in code
        self._default = default_player()  # the environment's, fitted: never stops the game
        self._named = False  # whether the store's opening was waited for, to name its student
        self.store, self.error = open_records(records)
        self._owns_store = self.store is not None and not isinstance(records, Records)  # opened by open_records
        self.notices: list[dict[str, str]] = []  # each {"kind", "text"}, its text a Message
        self.streak: dict[str, int] | None = None  # the player's days in a row winning the game of the day
        self.recorded: Recorded | None = None  # the last result handed to the store
        self._said_waiting: set[str] = set()  # why results waited, as said under the board
        if self.error:  # expected in the browser: the notice says it, and the cell's output stays clean
            say = log.info if self.error is NO_RECORDS_IN_BROWSER else log.warning
            say("playing without records: %s", self.error)
            self.notices = [{"kind": "error", "text": self.error}]
        game = board.game
        self._ended: tuple[Game, str] = (game, game.status)  # the last status looked at
        self._hand: tuple[Game | None, int] = (None, 0)  # the game moves by hand last left, and its history's length
        store = self.store
        if store is not None and store.opening.done():
            self._say_mismatch()
        if store is not None and not store.opening.done():  # a server's store, still being looked at
            me = weakref.ref(self)  # the opening outlives a board closed meanwhile: it must not keep it

            def when_opened(opening: Future[bool]) -> None:
                it = me()
                if it is not None:
                    it.opened(opening)

            store.opening.add_done_callback(when_opened)
        elif store is not None and not store.ready and store.opening.exception() is None:
            self.notices.append({"kind": "info", "text": RECORDS_WAITING})

    @property
    def player(self) -> str:
        """Who plays: the name given in code, else the student a student's own URL records for, else
        the environment's name (``$JUPYTERHUB_USER``, then the operating system's user). The first
        time, a store still being opened is waited for (up to ``NAME_WAIT`` seconds), so a
        student's board never names the environment's user before the student."""
        if self._given is not None:
            return self._given
        store = self.store
        if store is None:
            return self._default
        if not self._named:  # once, and bounded: a student's URL names its student when the store opens
            self._named = True
            wait([store.opening], NAME_WAIT)
        return store.student or self._default

    @player.setter
    def player(self, name: str) -> None:
        self._given = check_player(name)

    def _mismatch(self) -> Message | None:
        """What to say when the store records for one student only and this board plays as another."""
        student = None if self.store is None else self.store.student
        if student is None or self.player == student:
            return None
        return Message(PLAYER_MISMATCH, student=student, player=self.player, argument=f'player="{student}"')

    def _say_mismatch(self) -> bool:
        said = self._mismatch()
        if said is not None and str(said) not in [str(notice["text"]) for notice in self.notices]:
            log.info("%s", said)
            self.notices.append({"kind": "error", "text": said})
        return said is not None

    def lasting(self) -> list[dict[str, str]]:
        """The notices an action does not clear: that this board's results would be refused (it
        plays as another than the student its URL records for) stands as long as it is so."""
        if self.store is None or not self.store.opening.done():  # never waits: said once it has opened
            return []
        said = self._mismatch()
        return [] if said is None else [{"kind": "error", "text": said}]

    def by_hand(self, move: Callable[..., Card]) -> Callable[..., Card]:
        """``move`` (an action of the game on the board) made by hand: a click or a key. A game
        all of whose moves were made so is recorded as played by hand; one with any other move, as
        scripted (:meth:`all_by_hand`)."""
        game = self.board.game

        def made(*args: Any) -> Card:
            clean = self.all_by_hand(game)
            done = move(*args)
            if clean:
                self._hand = (game, len(game.history))
            return done

        return made

    def all_by_hand(self, game: Game) -> bool:
        """Whether every action of ``game`` so far was made by hand on this board."""
        played, length = self._hand
        return len(game.history) == (length if played is game else 0)

    def opened(self, opening: Future[bool]) -> None:
        """A store opened in the background: one that turned out unusable is said as a store refused
        at once is, and one whose server was not reached says that its results are kept."""
        error = opening.exception()
        board = self.board
        if error is None and opening.result():
            with board.lock:
                if not board.closed and self._say_mismatch():
                    board.publish()
            return
        with board.lock:
            if board.closed:
                return
            if error is not None:
                self.error = Message(NO_RECORDS, error=str(error))
                log.warning("playing without records: %s", self.error)
                self.notices.append({"kind": "error", "text": self.error})
            else:
                self.notices.append({"kind": "info", "text": RECORDS_WAITING})
            board.publish()  # before the board is whole, its first snapshot has it

    def look_at(self, game: Game, assists: Iterable[str] = ()) -> None:
        """Record the game when it has just become won or blocked (again, after an undo)."""
        status = game.status
        if self._ended == (game, status):
            return
        self._ended = (game, status)
        if status in ("won", "blocked"):
            self.record(game, assists)

    def record(self, game: Game, assists: Iterable[str] = ()) -> None:
        """Hand a result to the store's writer thread; what it says joins the notices (now, or in a
        later snapshot when the store is slow). A failure is said, not raised."""
        if self.store is None or not in_series(game.number):
            return
        if self._mismatch() is not None:  # the store would refuse it: said in one sentence, under its own game
            if self.board.game is game:
                self._say_mismatch()
            return
        category = HAND if self.all_by_hand(game) else SCRIPTED
        try:
            answer = self.store.submit(
                game, player=self.player, assists=set(assists), waiting=self._waiting, category=category
            )
        except Exception as error:  # a records bug must never cost the game its move
            log.exception("recording game %s failed", game.number)
            self.notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=str(error))})
            return
        self._await(answer, lambda: self.board.game is game, recording=True)  # its words, under its own game
        self.recorded = answer

    def _waiting(self, why: str) -> None:
        """A result waits (in the store's thread) for something other than others' writes: said
        under the board, once for each reason."""
        board = self.board
        with board.lock:
            if board.closed or why in self._said_waiting:
                return
            self._said_waiting.add(why)
            self.notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=why)})
            board.publish()  # before the board is whole, its first snapshot has it

    def ask_standing(self, game: Game) -> None:
        """A numbered game is dealt: its record and who holds it, as a notice. A record that cannot
        be read is only logged: nothing was being recorded."""
        if self.store is not None and in_series(game.number):
            # said as the game is dealt: an answer that comes after the first move is no longer news
            wanted = lambda: self.board.game is game and not game.history  # noqa: E731
            self._await(
                self.store.submit_standing(game.number, game.rules, layout=game.layout), wanted, recording=False
            )

    def ask_challenges(self, game: Game, then: Callable[[list[dict[str, Any]]], None]) -> None:
        """The class's challenges open on ``game`` (a numbered game), read in the store's thread;
        ``then(challenges)`` under the board's lock, while ``game`` is still on the board."""
        store, board = self.store, self.board
        if store is None or not in_series(game.number):
            return

        def take(done: Future[list[dict[str, Any]]]) -> None:
            if done.exception() is not None:
                log.warning("the class's challenges could not be read: %s", done.exception())
                return
            with board.lock:
                if not board.closed and board.game is game:
                    then(done.result())

        asked = store.submit_challenges(game.number, game.rules, layout=game.layout)
        try:  # a moment's wait, as for the standing: the first snapshot has them
            asked.result(STORE_WAIT if store.opening.done() else 0)
        except Exception:
            asked.add_done_callback(take)
            return
        take(asked)

    def ask_stats(self, game: Game, then: Callable[[Future[Any]], None], after: Recorded | None = None) -> None:
        """What the records know of the player under ``game``'s rules (``Records.submit_stats``),
        read in the store's thread (after the result ``after`` is written, if given; else with a
        moment's wait, so that the next snapshot has it). ``then(answer)`` under the board's lock;
        an answer that comes later is published. A store that cannot be asked is a failed answer."""
        store, player, board = self.store, self.player, self.board
        if store is None:
            return
        number = game.number if in_series(game.number) else None
        asking = [True]  # while this call runs, under the board's lock, the caller publishes the answer

        def take(done: Future[Any]) -> None:
            with board.lock:
                if board.closed:
                    return
                then(done)
                if not asking[0]:  # a later answer: a snapshot of its own
                    board.publish()

        def read(_written: object = None) -> Future[Any]:
            try:
                asked = store.submit_stats(game.rules, player=player, number=number, layout=game.layout)
            except Exception as error:  # a store closed meanwhile, say: the view says it was not read
                asked = Future()
                asked.set_exception(error)
            return asked

        with board.lock:
            if after is not None:
                after.add_done_callback(lambda _written: read().add_done_callback(take))
            else:
                asked = read()
                wait([asked], STORE_WAIT if store.opening.done() else 0)
                asked.add_done_callback(take)
            asking[0] = False

    def ask_streak(self, rules: Rules, layout: Layout, after: Recorded | None = None) -> None:
        """The player's streak of days winning the game of the day under ``rules`` on ``layout``,
        read in the store's thread (after the result ``after`` is written), then published."""
        store, player, board = self.store, self.player, self.board
        if store is None:
            return

        def take(done: Future[dict[str, int]]) -> None:
            with board.lock:
                if done.exception() is None and not board.closed:
                    self.streak = done.result()
                    board.publish()

        def read(_written: object = None) -> None:
            store.submit_streak(rules, player, layout=layout).add_done_callback(take)

        if after is None:
            read()
        else:
            after.add_done_callback(read)

    def close(self) -> None:
        """Close a store the board opened itself: what is queued is still written, then it closes
        (and leaves no journal files behind)."""
        if self._owns_store and self.store is not None:
            self.store.release()
            self._owns_store = False

    def _await(self, answer: Answer, wanted: Callable[[], bool], recording: bool) -> None:
        """Wait a moment for the store's answer (none while the store is still being opened); a later
        one is published when it comes, if still ``wanted``. A failure while ``recording`` says the
        result was not recorded; else it is only logged."""
        store = self.store
        try:
            answer.result(STORE_WAIT if store is None or store.opening.done() else 0)
        except Exception:
            if not answer.done():
                caller = threading.get_ident()
                answer.add_done_callback(lambda done: self._answered(done, wanted, caller, recording))
                return
        if wanted():
            self._take(answer, recording)

    def _answered(self, answer: Answer, wanted: Callable[[], bool], caller: int, recording: bool) -> None:
        board = self.board
        with board.lock:
            if board.closed or not wanted():
                return
            if not self._take(answer, recording):
                return
            if threading.get_ident() != caller:  # in the store's thread: a snapshot of its own
                board.publish()

    def _take(self, answer: Answer, recording: bool) -> bool:
        """The store's answer joins the notices; whether anything was added."""
        error = answer.exception()
        if error is not None:
            if not recording:
                log.warning("the records could not be read: %s", error)
                return False
            log.debug("a result was not recorded: %s", error)  # the store's own log says it, with the result
            self.notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=str(error))})
            return True
        found = answer.result()
        notices: list[Notice] = [] if found is None else [found] if isinstance(found, Notice) else found
        self.notices.extend({"kind": notice.kind, "text": notice.text} for notice in notices)
        return bool(notices)


def open_records(records: Any) -> tuple[Records | None, str | None]:
    """The store a widget records to, and why there is none when one was asked for."""
    if records is False:
        return None, None
    if isinstance(records, Records):
        return records, None
    if records is None or records is True or isinstance(records, (str, os.PathLike)):
        if not threads_available():  # Pyodide: files held in memory (the play page keeps its own, stored)
            return None, NO_RECORDS_IN_BROWSER
        path = None if records is None or records is True else records
        try:  # one store per place, shared by the boards on it; a server's store opens in the background
            records, why = Records.open_shared(path, open_wait=STORE_WAIT)
        except Exception as error:  # whatever goes wrong, the widget still plays
            log.exception("the records store could not be opened")
            records, why = None, str(error)
        return records, None if why is None else Message(NO_RECORDS, error=why)
    raise InvalidTypeError(
        "records is a Records store, a path, a postgresql:// URL, None (the user's own store) or False (none); "
        f"got {type(records).__name__} {records!r}"
    )
