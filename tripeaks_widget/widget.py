"""The TriPeaks widget: a thin anywidget over a headless :class:`~tripeaks_widget.board.Board`.

The board does everything; the widget carries it to the front end. Each snapshot the board
publishes goes into the ``state`` trait, each comm message from the front end goes to
:meth:`Board.handle <tripeaks_widget.board.board.Board.handle>`, and ``lang`` and ``labels`` follow the
board's language. The front end writes no trait: an ``update`` it sends is dropped and the true
values sent again. Scripted calls (``w.play("K♣")``) and clicks go through the same board.
"""

from __future__ import annotations

import logging
import pathlib
from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from . import i18n
from .analysis import Game
from .board import Board, check_language, intents
from .board.snapshot import Snapshot
from .compare import Comparison, compare
from .engine.rules import Rules

log = logging.getLogger("tripeaks_widget")

_STATIC = pathlib.Path(__file__).parent / "static"


class _Language(traitlets.TraitType):
    """A language the widget speaks, checked as it is set (see :func:`board.check_language`)."""

    info_text = "a language: 'en', 'el', 'he' or 'is' (None: the language of the kernel's locale)"

    def validate(self, obj: Any, value: Any) -> str:
        return check_language(value)


class _Through:
    """A widget attribute that is its board's (``w.show_verdict`` is ``w.board.show_verdict``) or,
    with ``game=True``, its game's (``w.score`` is ``w.board.game.score``)."""

    def __init__(self, game: bool = False) -> None:
        self.game = game

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        own = getattr(Game if self.game else Board, name, None)
        where = "w.game" if self.game else "w.board"
        self.__doc__ = f"``{where}.{name}``" + (f": {own.__doc__.strip()}" if own is not None and own.__doc__ else "")

    def __get__(self, widget: Any, owner: Any = None) -> Any:
        if widget is None:
            return self
        return getattr(widget.board.game if self.game else widget.board, self.name)

    def __set__(self, widget: Any, value: Any) -> None:
        if self.game:
            raise AttributeError(f"{self.name} is the game's to say: it changes by playing")
        setattr(widget.board, self.name, value)


class _Budget(_Through):
    """A time budget of the board's, with the default a new widget's board gets."""

    def __init__(self, default: float) -> None:
        super().__init__()
        self.default = default

    def __get__(self, widget: Any, owner: Any = None) -> Any:
        board = None if widget is None else widget.__dict__.get("board")
        return self.default if board is None else getattr(board, self.name)


class TriPeaks(anywidget.AnyWidget):
    """TriPeaks solitaire to play in a notebook, or to drive from Python.

    ``TriPeaks()`` deals a random game under Easy; ``TriPeaks("TP1-E-AAAAAAB")`` that code;
    ``TriPeaks(123)`` numbered game 123; ``TriPeaks(rules="classic")`` a random Classic deal.
    Every keyword is the headless :class:`~tripeaks_widget.board.Board`'s, whose attributes the
    widget shows (``w.play("K♣")``, ``w.show_win_chance = True``, ``w.verdict``); ``w.game`` is the
    :class:`~tripeaks_widget.Game` on the board, where the position is read. The documentation's
    pages on the board and on playing from Python tell the whole of it.
    """

    # The shipped bundle and styles, as text in traits of the class's own. (Given a path, anywidget
    # makes a FileContents whose change signal holds every widget through a lambda, so no widget
    # would ever be freed, closed or not; a trait has no such link.)
    _esm = traitlets.Unicode((_STATIC / "widget.js").read_text(encoding="utf-8")).tag(sync=True)
    _css = traitlets.Unicode((_STATIC / "widget.css").read_text(encoding="utf-8")).tag(sync=True)

    state = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)  # the front end's labels in ``lang``: sent once per language
    lang = _Language(
        i18n.SOURCE_LANGUAGE, help="The language of the board: 'en', 'el', 'he' or 'is' (None: the kernel's locale's)"
    )

    def __init__(self, code: str | int | None = None, *, lang: str | None = None, **options: Any) -> None:
        widget_options = {key: options.pop(key) for key in list(options) if key not in _BOARD_OPTIONS}
        board = Board(code, lang=lang, search_budget=self.search_budget, deal_budget=self.deal_budget, **options)
        self.board = board  # a bad code raised above, before any comm opened
        with board.lock:  # the front end's first render is whole: labels and state in the language
            super().__init__(
                lang=board.lang, labels=i18n.labels(board.lang), state=dict(board.snapshot()), **widget_options
            )
            board.subscribe(self._show)
        self.on_msg(self._on_msg)

    def _show(self, snapshot: Snapshot) -> None:
        """A snapshot the board published: into ``state``, with the labels when its language changed."""
        with self.hold_sync():
            if snapshot["lang"] != self.lang:
                self.lang = snapshot["lang"]
            self.state = dict(snapshot)

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        with self.hold_sync():  # the labels and the snapshot in the new language arrive together
            self.labels = i18n.labels(change["new"])
            if self.board.lang != change["new"]:
                self.board.lang = change["new"]

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.board.handle(content)

    def set_state(self, sync_data: Any) -> None:
        """A state ``update`` from the front end: refused. Python owns every synced trait (the
        front end sends intents only), so each value named is sent again as Python has it."""
        names = [name for name in sync_data if name in self.keys] if isinstance(sync_data, dict) else []
        log.warning("refused a front-end write to %s", intents.brief(names or sync_data))
        if names:
            self.send_state(names)

    def close(self) -> None:
        """Close the widget's views and its board; searches still waiting are dropped."""
        if hasattr(self, "board"):  # not when the constructor refused its arguments
            self.board.close()
        super().close()

    # The board's, as scripts and notebooks use them.
    search_budget = _Budget(2.5)  # seconds for one hint or verdict search
    deal_budget = _Budget(5.0)  # seconds to find a winnable random deal
    game = _Through()
    play = _Through()
    draw = _Through()
    undo = _Through()
    apply = _Through()
    new_game = _Through()
    replay = _Through()
    highlight = _Through()
    hint = _Through()
    review = _Through()
    caption = _Through()
    message = _Through()
    notices = _Through()
    error_help = _Through()
    hint_kind = _Through()
    show_hints = _Through()
    show_playable = _Through()
    show_win_chance = _Through()
    show_verdict = _Through()
    win_chance = _Through()
    verdict = _Through()
    records = _Through()
    records_error = _Through()
    player = _Through()
    # The game's, read through.
    code = _Through(game=True)
    rules = _Through(game=True)
    score = _Through(game=True)
    moves = _Through(game=True)
    status = _Through(game=True)
    discard = _Through(game=True)
    stock = _Through(game=True)
    stock_count = _Through(game=True)
    waste = _Through(game=True)
    cards_left = _Through(game=True)
    can_undo = _Through(game=True)
    history = _Through(game=True)
    playable = _Through(game=True)
    legal_moves = _Through(game=True)
    free = _Through(game=True)
    rows = _Through(game=True)
    why_not = _Through(game=True)
    to_dict = _Through(game=True)
    solve = _Through(game=True)
    winnable = _Through(game=True)

    def describe(self, lang: str | None = None) -> str:
        """The board in words (R7), as a screen reader reads it, in ``lang`` (by default the
        widget's language)."""
        return i18n.describe(self.board.game, self.lang if lang is None else lang)

    def position_at(self, n: int) -> Game:
        """A new, independent ``Game`` as this one stood after the first ``n`` actions of
        ``history``; ``n`` counts like a list index (``-1``: before the last action)."""
        game = self.board.game
        history = game.history
        if isinstance(n, bool) or not isinstance(n, int) or not -len(history) <= n <= len(history):
            raise IndexError(
                f"position_at takes a whole number from {-len(history)} to {len(history)} "
                f"(the history has {len(history)} actions); got {n!r}"
            )
        return Game(game.code, error_help=game.error_help).replay(history[:n])

    @classmethod
    def compare(
        cls, code: str | None = None, rules: Iterable[Rules | str] = ("easy", "classic"), **kwargs: Any
    ) -> Comparison:
        """Widgets side by side dealing the same cards, one per rule set: ``TriPeaks.compare(
        "TP1-E-AAAAAAB")`` shows that deal under Easy and under Classic (``code=None``: a random
        deal). The result is an ``ipywidgets.HBox``; its widgets are ``box.widgets`` (also
        ``box[0]``, ``box["classic"]``)."""
        return compare(cls, code, rules, **kwargs)

    def __repr__(self) -> str:
        game = self.board.game
        return f"TriPeaks({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"


_BOARD_OPTIONS = {
    "game",
    "rules",
    "error_help",
    "records",
    "player",
    "show_verdict",
    "show_win_chance",
    "hint_kind",
    "show_playable",
    "show_hints",
}
