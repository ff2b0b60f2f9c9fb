"""The TriPeaks widget: a thin anywidget over a headless :class:`~tripeaks_widget.board.Board`.

The board does everything; the widget carries it to the front end. Each snapshot the board
publishes goes into the ``state`` trait, each comm message from the front end goes to
:meth:`Board.handle <tripeaks_widget.board.board.Board.handle>`, and ``lang`` and ``labels`` follow the
board's language, and ``table`` (where the cards lie) follows the game's layout, sent once per
layout rather than in every snapshot. The front end writes no trait: an ``update`` it sends is dropped and the true
values sent again. Scripted calls (``w.play("K♣")``) and clicks go through the same board.
"""

from __future__ import annotations

import hashlib
import inspect
import logging
import pathlib
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets
import traitlets

from . import i18n
from .analysis import Game
from .board import Board, check_language, intents
from .board.board import uncopyable, with_the_boards_keywords
from .board.snapshot import Snapshot
from .board.surface import reads_through
from .compare import Comparison, compare
from .engine.dealing import ToDeal
from .engine.errors import InvalidTypeError, check_keywords, checked_keywords, got, keywords
from .engine.layout import Layout
from .engine.rules import Rules
from .goals import challenges_of_the_day
from .picture import Picture
from .shown import Steps

if TYPE_CHECKING:  # what a widget reads through to its board, declared for type checkers (tests/typed/declarations.py)
    from typing_extensions import Unpack  # typing's own from Python 3.11

    from ._board_members import BoardKeywords, BoardMembers

    class _Widget(anywidget.AnyWidget, BoardMembers): ...
else:
    _Widget = anywidget.AnyWidget  # at run time, reads_through copies the members on

log = logging.getLogger("tripeaks_widget")

_STATIC = pathlib.Path(__file__).parent / "static"


class _Language(traitlets.TraitType[str, str | None]):
    """A language the widget speaks, checked as it is set (see :func:`board.check_language`)."""

    info_text = "a language: 'en', 'el', 'he' or 'is' (None: the language of the kernel's locale)"

    def validate(self, obj: Any, value: Any) -> str:
        return check_language(value)


def _shipped(name: str) -> str:
    return (_STATIC / name).read_text(encoding="utf-8")


class FrontEnd(ipywidgets.Widget):  # type: ignore[misc]  # ipywidgets has no types: its classes are Any
    """The front end's code and styles, held by one widget model for the whole kernel: every
    board's view loads them from here (``static/loader.js``), so a notebook saved with its widgets'
    state holds them once, however many boards it shows. A plain model of ipywidgets' own, which
    every widget manager knows."""

    esm = traitlets.Unicode(_shipped("widget.js")).tag(sync=True)
    css = traitlets.Unicode(_shipped("widget.css")).tag(sync=True)
    version = traitlets.Unicode().tag(sync=True)  # the page loads a version once

    @traitlets.default("version")
    def _version(self) -> str:
        return hashlib.sha256((self.esm + self.css).encode()).hexdigest()[:16]


_shared: FrontEnd | None = None


def front_end() -> FrontEnd:
    """The kernel's one :class:`FrontEnd` (made again if it was closed)."""
    global _shared
    if _shared is None or _shared.comm is None:
        _shared = FrontEnd()
    return _shared


def _in_marimo() -> bool:
    """Whether a marimo notebook runs this kernel: marimo takes a widget's module from Python and
    knows only the widgets it displays, so its boards carry the front end themselves."""
    marimo = sys.modules.get("marimo")
    return marimo is not None and bool(getattr(marimo, "running_in_notebook", lambda: False)())


def _parted(snapshot: Snapshot) -> tuple[dict[str, Any], dict[str, Any]]:
    """A snapshot as the widget sends it: the ``state`` trait, and the ``table`` trait apart."""
    state: dict[str, Any] = dict(snapshot)
    return state, dict(state.pop("table"))


class TriPeaks(_Widget):
    """TriPeaks solitaire to play in a notebook, or to drive from Python.

    ``TriPeaks()`` deals a random game under Easy; ``TriPeaks("TP1-E-AAAAAAB")`` that code;
    ``TriPeaks(123)`` numbered game 123 (1 to 50,000); ``TriPeaks("classic")`` or
    ``TriPeaks(rules="classic")`` a random Classic deal, read as every entry point reads what to
    deal (:class:`~tripeaks_widget.engine.dealing.ToDeal`).
    Every keyword is the headless :class:`~tripeaks_widget.board.Board`'s, whose attributes the
    widget shows (``w.play("K♣")``, ``w.show_win_chance = True``, ``w.verdict``); ``w.game`` is the
    :class:`~tripeaks_widget.Game` on the board, where the position is read. The documentation's
    pages on the board and on playing from Python tell the whole of it.

    On a widget, ``layout`` is ipywidgets' own, the widget's box, as on every ipywidget
    (``TriPeaks(layout=ipywidgets.Layout(width="480px"))``, ``w.layout.width``); the game's layout,
    the board's ``layout``, is ``game_layout`` (``TriPeaks(game_layout="Diamond")``,
    ``w.game_layout``, ``w.new_game(game_layout="Columns")``).
    """

    # What each board's model carries: a loader of the front end that the kernel's FrontEnd holds
    # (under marimo, the front end itself). Text in traits of the class's own: given a path,
    # anywidget makes a FileContents whose change signal holds every widget through a lambda, so no
    # widget would ever be freed, closed or not; a trait has no such link.
    _esm = traitlets.Unicode(_shipped("loader.js")).tag(sync=True)
    _css = traitlets.Unicode("").tag(sync=True)
    _front_end = traitlets.Instance(FrontEnd, allow_none=True).tag(sync=True, **ipywidgets.widget_serialization)

    state = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)  # the front end's labels in ``lang``: sent once per language
    # The snapshot's ``table`` (where the layout's cards lie), kept out of ``state``: sent once per layout.
    table = traitlets.Dict().tag(sync=True)
    lang = _Language(
        i18n.SOURCE_LANGUAGE, help="The language of the board: 'en', 'el', 'he' or 'is' (None: the kernel's locale's)"
    )

    def __init__(
        self,
        what: ToDeal | Rules | str | int | None = None,
        *,
        game_layout: Layout | str | None = None,
        layout: ipywidgets.Layout | dict[str, Any] | None = None,
        **options: Unpack[BoardKeywords],
    ) -> None:
        check_keywords("TriPeaks()", options, WIDGET_KEYWORDS)
        box = {} if layout is None else {"layout": _box(layout)}
        board = Board(what, layout=game_layout, **options)
        self.board = board  # a bad code raised above, before any comm opened
        with board.lock:  # the front end's first render is whole: labels and state in the language
            shipped = (
                {"_esm": _shipped("widget.js"), "_css": _shipped("widget.css")}
                if _in_marimo()
                else {"_front_end": front_end()}
            )
            state, table = _parted(board.snapshot())
            labels = i18n.labels(board.lang)
            super().__init__(lang=board.lang, labels=labels, state=state, table=table, **shipped, **box)
            board.subscribe(self._show)
        self.on_msg(self._on_msg)
        self._steps = Steps(self._seen, Picture.of)

    @property
    def game_layout(self) -> Layout:
        """The game's layout (R1), the board's ``layout`` (``w.game.layout``): on a widget, ``layout``
        is ipywidgets' box."""
        return self.board.layout

    @checked_keywords
    def new_game(
        self,
        what: ToDeal | Rules | str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        game_layout: Layout | str | None = None,
        winnable: bool = False,
    ) -> Game:
        """The board's ``new_game``, the game's layout named ``game_layout``: deal again, on
        ``game_layout`` when given, else on the layout in play (a code names its own)."""
        return self.board.new_game(what, game=game, rules=rules, layout=game_layout, winnable=winnable)

    def _show(self, snapshot: Snapshot) -> None:
        """A snapshot the board published: into ``state``, with the labels when its language changed."""
        with self.hold_sync():
            if snapshot["lang"] != self.lang:
                self.lang = snapshot["lang"]
            state, table = _parted(snapshot)
            self.table = table  # an equal table (the same layout) is not sent again
            self.state = state

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        with self.hold_sync():  # the labels and the snapshot in the new language arrive together
            self.labels = i18n.labels(change["new"])
            if self.board.lang != change["new"]:
                self.board.lang = change["new"]

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.board.handle(content)
        self._steps.settle()  # played by hand: the newest display keeps the board as the player left it

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

    @classmethod
    def of_the_day(cls, date: object = None, rules: Rules | str | None = "easy", **options: Any) -> TriPeaks:
        """A board dealing the game of the day (``Game.of_the_day``) with its three challenges as its
        goals, one, two and three stars; ``options`` are the widget's keywords (``game_layout``: each
        layout has a game of the day of its own)."""
        check_keywords("of_the_day()", options, WIDGET_KEYWORDS)
        day = challenges_of_the_day(date, rules, options.get(GAME_LAYOUT))
        widget = cls(day.number, rules=day.rules, **{**options, GAME_LAYOUT: day.layout})
        with widget.board.lock:
            widget.board.aims.day = day
            widget.board.results.ask_streak(day.rules, day.layout)
            widget.board.publish()
        return widget

    @classmethod
    def compare(
        cls, what: ToDeal | str | int | None = None, rules: Iterable[Rules | str] = ("easy", "classic"), **kwargs: Any
    ) -> Comparison:
        """Widgets side by side dealing the same cards on the same layout, one per rule set:
        ``TriPeaks.compare("TP1-E-AAAAAAB")`` shows that deal under Easy and under Classic,
        ``TriPeaks.compare("TP1-E-AAAAAAB@DIAMOND")`` or ``TriPeaks.compare(game_layout="Diamond")``
        on Diamond (``what`` as ``TriPeaks(what)`` reads it; None: a random deal). The result is an
        ``ipywidgets.HBox``; its widgets are ``box.widgets`` (also ``box[0]``, ``box["classic"]``)."""
        return compare(cls, what, rules, **kwargs)

    def _seen(self) -> tuple[dict[str, Any], str]:
        """What the board shows now, to draw (the snapshot with its table), and its text line."""
        return {**self.state, "table": self.table}, repr(self)

    def _ipython_display_(self) -> None:
        """Shown in a cell: the live board with its picture now (SVG and PNG), under a display id, and
        the display of this board before becomes the picture of its step (:mod:`tripeaks_widget.shown`)."""
        shown = super()._repr_mimebundle_()
        if shown is not None:
            self._steps.show(shown[0])

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live board, and beside it the picture of the board as it is now (SVG and PNG), for a
        host that asks for the data outside IPython's display."""
        shown = super()._repr_mimebundle_(**kwargs)
        if shown is None:
            return None
        data, metadata = shown
        return {**data, **Picture.of(self._seen()[0]).data()}, metadata

    def __repr__(self) -> str:
        game = self.board.game
        return f"TriPeaks({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"

    def __copy__(self) -> TriPeaks:
        raise uncopyable()

    def __deepcopy__(self, memo: dict[int, Any]) -> TriPeaks:
        raise uncopyable()


def _box(layout: object) -> object:
    """ipywidgets' ``layout`` as a widget is given it: an ``ipywidgets.Layout`` or a dict of its CSS.
    A game's layout there is refused, naming the keyword it goes under."""
    if isinstance(layout, (ipywidgets.Layout, dict)):
        return layout
    named = layout.name if isinstance(layout, Layout) else layout
    raise InvalidTypeError(
        "a widget's layout is ipywidgets' box, an ipywidgets.Layout or a dict of its CSS, and the game's "
        f"layout is game_layout= (TriPeaks(game_layout={named!r})); got {got(layout)}"
    )


# On a widget, ``layout`` is ipywidgets' own (the widget's box): the game's layout, the board's ``layout``
# keyword and attribute, goes under this name (``TriPeaks(game_layout=...)``, ``w.game_layout``).
GAME_LAYOUT = "game_layout"


def _widgets_signature(board: inspect.Signature) -> inspect.Signature:
    """The board's keywords as the widget takes them: ``game_layout`` for the board's ``layout``, and
    ipywidgets' ``layout``."""
    own = inspect.signature(TriPeaks.__init__).parameters
    parameters = [own[GAME_LAYOUT] if p.name == "layout" else p for p in board.parameters.values()]
    return board.replace(parameters=[*parameters, own["layout"]])


TriPeaks.__init__.__signature__ = _widgets_signature(inspect.signature(Board.__init__))  # type: ignore[attr-defined]
WIDGET_KEYWORDS = keywords(inspect.signature(TriPeaks.__init__))
with_the_boards_keywords(TriPeaks.of_the_day, TriPeaks.__init__)

# Everything a board says, the widget says under the same name, as the same kind (``w.play`` is
# ``w.board.play``; a method that answers with the board answers with the widget). Not the board's
# plumbing (its requests, snapshots and subscribers, which the widget carries), nor what the widget
# has of its own (``lang``, a trait the front end shows; ``close``, which closes the views too), nor
# its layout, which on a widget is ``game_layout`` (``layout`` is ipywidgets' box).
BOARD_PLUMBING = {
    *("handle", "publish", "subscribe", "snapshot", "answer", "point", "say", "used", "close"),
    *("lang", "of_the_day"),  # the widget's own: a trait the front end shows, a classmethod that makes a widget
    *("layout", "new_game"),  # the game's layout: the widget's game_layout, and new_game's game_layout=
}
BOARD_NAMES = tuple(name for name in dir(Board) if not name.startswith("_") and name not in BOARD_PLUMBING)
reads_through(
    Board, BOARD_NAMES, lambda widget: widget.board, lambda widget, answer: widget if answer is widget.board else answer
)(TriPeaks)
