"""The displays of a widget in a notebook: the newest is live, each older one the picture of its step.

A board (or a comparison) shown in a cell is published with a display id: the live widget view, and
beside it the picture of the board as it stands (SVG, and the same SVG as PNG). When the same widget
is shown again, the display before becomes its picture alone (IPython's ``update_display``), so a
walkthrough keeps each step as it was, live and once saved, while the newest display stays the live
board. An older display keeps the board as it stood when the cell that showed it finished, or, if the
player then played in it by hand, as they left it (a click there counts; a later cell's moves do not).
The docs' how-to on walkthroughs tells which path each mechanism covers.
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from IPython import get_ipython
from IPython.display import display, update_display

from .picture import Picture

Look = Callable[[], tuple[Any, str]]  # what a widget shows now: (its snapshots, its text line)
Draw = Callable[[Any], Picture]  # the picture of those snapshots

_this_cell: weakref.WeakSet[Steps] = weakref.WeakSet()  # the Steps shown by the cell running now
_hooked = False


@dataclass
class _Display:
    display_id: str
    seen: Any  # the snapshots the display keeps
    text: str
    picture: Picture | None  # drawn; None until needed, after a click changed ``seen``


class Steps:
    """The displays of one widget: ``show`` publishes a new one, live, and makes the one before its
    picture; ``settle`` takes the board as it stands now as the newest display's step."""

    def __init__(self, look: Look, draw: Draw) -> None:
        self.look = look
        self.draw = draw
        self.newest: _Display | None = None

    def show(self, live: dict[str, Any]) -> None:
        """Publish ``live`` (the widget view's data) with the picture of the board as it stands."""
        self.retire()
        seen, text = self.look()
        picture = self.draw(seen)
        display_id = uuid.uuid4().hex
        display({**live, **picture.data()}, raw=True, display_id=display_id)
        self.newest = _Display(display_id, seen, text, picture)
        _this_cell.add(self)
        _hook()

    def settle(self) -> None:
        """The newest display keeps the board as it stands now (its cell finished, or a click in it)."""
        seen, text = self.look()
        if self.newest is not None and seen != self.newest.seen:
            self.newest.seen, self.newest.text, self.newest.picture = seen, text, None

    def retire(self) -> None:
        """The newest display becomes the picture of its step: no longer live."""
        shown, self.newest = self.newest, None
        if shown is not None:
            picture = shown.picture or self.draw(shown.seen)
            update_display({**picture.data(), "text/plain": shown.text}, raw=True, display_id=shown.display_id)


def _settle_this_cell(*_result: Any) -> None:
    for steps in list(_this_cell):
        steps.settle()
    _this_cell.clear()


def _hook() -> None:
    """Settle the displays a cell made when it finishes (once per kernel; none outside IPython)."""
    global _hooked
    shell = get_ipython()
    if not _hooked and shell is not None:
        shell.events.register("post_run_cell", _settle_this_cell)
        _hooked = True
