"""The displays of a widget in a notebook: the newest is live, each older one the picture of its step.

A board (or a comparison) shown in a cell is published with a display id: the live widget view, and
beside it the picture of the board as it stands (SVG, and the same SVG as PNG). When the same widget
is shown again, the display before becomes its picture alone (IPython's ``update_display``), so a
walkthrough keeps each step as it was, live and once saved, while the newest display stays the live
board. An older display keeps the board as it was when shown (as the picture saved beside the live
view has it), or, if the player then played in it by hand, as they left it: a click there counts; a
move made by code, later in the cell or in a later cell, does not (``w.picture()`` keeps that).
The docs' how-to on walkthroughs tells which path each mechanism covers.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from IPython.display import display, update_display

from .picture import Picture

Look = Callable[[], tuple[Any, str]]  # what a widget shows now: (its snapshots, its text line)
Draw = Callable[[Any], Picture]  # the picture of those snapshots


@dataclass
class _Display:
    display_id: str
    seen: Any  # the snapshots the display keeps
    text: str
    picture: Picture | None  # drawn; None until needed, after a click changed ``seen``


class Steps:
    """The displays of one widget: ``show`` publishes a new one, live, and makes the one before its
    picture; ``settle`` takes the board as it stands now as the newest display's step (a click)."""

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

    def settle(self) -> None:
        """The newest display keeps the board as it stands now (the player played in it)."""
        seen, text = self.look()
        if self.newest is not None and seen != self.newest.seen:
            self.newest.seen, self.newest.text, self.newest.picture = seen, text, None

    def retire(self) -> None:
        """The newest display becomes the picture of its step: no longer live."""
        shown, self.newest = self.newest, None
        if shown is not None:
            picture = shown.picture or self.draw(shown.seen)
            update_display({**picture.data(), "text/plain": shown.text}, raw=True, display_id=shown.display_id)
