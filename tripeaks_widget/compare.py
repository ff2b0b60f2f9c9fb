"""Widgets side by side dealing the same cards, one per rule set (``TriPeaks.compare``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets

from .engine.dealing import ToDeal
from .engine.errors import InvalidValueError
from .engine.rules import Rules
from .picture import Picture, side_by_side
from .shown import Steps

if TYPE_CHECKING:
    from .widget import TriPeaks


class Comparison(ipywidgets.HBox):  # type: ignore[misc]  # ipywidgets has no types: its classes are Any
    """TriPeaks widgets side by side (``TriPeaks.compare``): ``box.widgets``, ``box[0]``, ``box["classic"]``.

    Shown in a cell, it keeps beside the live boards their picture side by side, and an older display
    of it becomes that picture, as a board's does (:mod:`tripeaks_widget.shown`)."""

    def __init__(self, children: Iterable[TriPeaks], **kwargs: Any) -> None:
        super().__init__(tuple(children), **kwargs)
        self._steps = Steps(self._seen, _pictured)
        for board in self.children:
            board.on_msg(lambda *_: self._steps.settle())  # a click in one of its boards

    def _seen(self) -> tuple[tuple[dict[str, Any], ...], str]:
        return tuple({**board.state, "table": board.table} for board in self.children), repr(self)

    def _ipython_display_(self) -> None:
        self._steps.show(self._repr_mimebundle_())

    def __repr__(self) -> str:
        return "Comparison(" + ", ".join(repr(board) for board in self.children) + ")"

    @property
    def widgets(self) -> tuple[TriPeaks, ...]:
        """The boards, left to right, one per rule set compared."""
        return tuple(self.children)

    def __getitem__(self, key: int | str) -> TriPeaks:
        """A widget by position, or by its rule set's name (``"easy"``, ``"classic"``, ``"easy+joker"``)."""
        if isinstance(key, str):
            for widget in self.widgets:
                if str(widget.rules) == key.strip().lower():
                    return widget
            raise KeyError(f"no widget here plays {key!r}; these play {[str(w.rules) for w in self.widgets]}")
        return self.widgets[key]


def _pictured(seen: tuple[dict[str, Any], ...]) -> Picture:
    return side_by_side([Picture.of(snapshot) for snapshot in seen])


def compare(widget: type[TriPeaks], what: object, rules: Iterable[Rules | str], **kwargs: Any) -> Comparison:
    """One ``widget`` per rule set, each dealing the same cards on the same layout: those of
    ``what`` (read as everywhere, :class:`~tripeaks_widget.engine.dealing.ToDeal`; a code's layout,
    or ``game_layout=``), or of one random game of the series for None."""
    asked = ToDeal.parse(what, layout=kwargs.pop("game_layout", None)).drawn()
    widgets = []
    for rule_set in (Rules.parse(r) for r in rules):
        board = widget(replace(asked, rules=rule_set), **kwargs)
        board.layout = ipywidgets.Layout(flex="1 1 0", min_width="0")  # the boards share the row alike
        widgets.append(board)
    if not widgets:
        raise InvalidValueError("compare needs at least one rule set, e.g. rules=('easy', 'classic')")
    return Comparison(widgets, layout=ipywidgets.Layout(width="100%", align_items="flex-start"))
