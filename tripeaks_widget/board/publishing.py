"""What a board publishes: one complete snapshot at a time, handed to every subscriber.

With the board's own lines beside the game's: the note, the highlight, the caption, a request's reply."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..engine.game import ENDINGS
from ..engine.messages import Message
from ..picture import look
from ..records import in_series
from .aims import GOAL_MET
from .snapshot import Reply, Snapshot
from .watch import Marks

if TYPE_CHECKING:
    from .board import Board

Subscriber = Callable[[Snapshot], None]


class Publisher:
    """The snapshots of one board: its subscribers, and what it shows of its own until the next
    action. Every method is called under the board's lock or takes it."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.subscribers: list[Subscriber] = []
        self.built = False  # nothing is published before the board is whole
        self.note: str = ""  # the board's own word for the message line (a hint, an error) until the next action
        self.highlight: Marks = []
        self.caption = ""
        self.reply: Reply | None = None  # the answer to the last request, until the next action
        self.answered: int | None = None  # the last front-end intent handled (its "seq"): the move in flight lands
        self.seq = 0

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(snapshot)`` with every snapshot published from now on; returns the call
        that unsubscribes it."""
        with self.board.lock:
            self.subscribers.append(callback)
        return lambda: self._unsubscribe(callback)

    def _unsubscribe(self, callback: Subscriber) -> None:
        with self.board.lock:
            if callback in self.subscribers:
                self.subscribers.remove(callback)

    def clear(self) -> None:
        """An action starts: the board's note, the highlight and the last reply go."""
        self.note = ""
        self.highlight = []
        self.reply = None

    def publish(self) -> None:
        """Make one complete snapshot and hand it to every subscriber (a game that has just ended is
        recorded first, and with the verdict or the win chance switched on, one for a new
        position is looked up or asked for)."""
        board = self.board
        with board.lock:
            if not self.built or board.closed:
                return
            game, results = board.game, board.results
            board.assists.refresh()
            for met in board.aims.newly_met(game):
                results.notices.append({"kind": "goal", "text": Message(GOAL_MET, goal=met.message)})
            board.aims.ask_best(game)  # once the game is over
            recorded = results.recorded
            results.look_at(game, board.used)
            if results.recorded is not recorded:
                board.statistics.recorded(results.recorded)  # its figures again, once it is written
                if board.aims.is_the_day(game):  # a day more, maybe
                    results.ask_streak(game.rules, game.layout, after=results.recorded)
            snapshot = board.snapshot()  # the board's own, so that what stands in for it makes every snapshot
            for callback in list(self.subscribers):
                callback(snapshot)

    def snapshot(self) -> Snapshot:
        """The board as the front end shows it (the contract: :mod:`tripeaks_widget.board.snapshot`):
        the game's view in the board's language, the board's own fields, a new sequence number."""
        board = self.board
        with board.lock:
            self.seq += 1
            game, lang, say, assists = board.game, board.lang, board.say, board.assists
            view = game.view()
            goals = board.aims.said(game, say)
            return {
                **view,
                "table": look.table(game.layout),
                "layout": game.layout.key,
                "layout_name": i18n.layout_name(game.layout, lang),
                "description": f"{view['description']} {goals}" if goals else view["description"],
                "message": say(self.note) if self.note else view["message"],  # the game speaks the board's language
                "ending": say(ENDINGS.get(game.status)),
                "error_help": bool(game.error_help),
                "highlight": list(self.highlight),
                "caption": self.caption,
                "number": game.number if in_series(game.number) else None,
                "notices": [{"kind": note["kind"], "text": say(note["text"])} for note in board.results.notices],
                "goals": board.aims.view(game, say),
                "streak": board.aims.streak_view(game, board.results.streak, say),
                "stats": board.statistics.view(game, say),
                "show_verdict": assists.show_verdict,
                "verdict": assists.verdict.shown(say),
                "show_win_chance": assists.show_win_chance,
                "win_chance": assists.chance.shown(say),
                "show_playable": assists.show_playable,
                "show_hints": assists.show_hints,
                "hint_kind": assists.hints.kind,  # type: ignore[typeddict-item]
                "review": assists.review.shown(say),
                "reply": self.reply,
                "records": board.results.store is not None,
                "assisted": bool(board.used),
                "scripted": not board.results.all_by_hand(game),
                "answered": self.answered,
                "lang": lang,
                "dir": i18n.direction(lang),  # type: ignore[typeddict-item]
                "seq": self.seq,
            }

    def answer(
        self, request: int | str | None, ok: bool, error: Any = "", field: str | None = None, *, publish: bool = True
    ) -> Reply | None:
        """Answer request ``request`` in the next snapshot, and publish it: ``error`` said in the
        board's language, ``field`` the dialog's field it is about. A request without an id wants
        no answer: nothing is published for it."""
        if request is None:
            return None
        reply: Reply = {"type": "reply", "id": request, "ok": ok, "error": "" if ok else self.board.say(error)}
        if field and not ok:
            reply["field"] = field
        with self.board.lock:
            self.reply = reply
            if publish:
                self.board.publish()
        return reply

    def point(self, note: str, marks: Marks) -> None:
        """A search's word for the board: the note in the message line, the cards it points at."""
        with self.board.lock:
            self.note, self.highlight = note, marks
            self.board.publish()
