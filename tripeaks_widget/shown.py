"""The displays of a widget in a notebook: the newest is live, each older one the picture of its step.

A board (or a comparison) shown in a cell is published with a display id: the live widget view, and
beside it the picture of the board as it stands (SVG, and the same SVG as PNG). When the same widget
is shown again after the board moved on, the displays before become their picture alone (IPython's
``update_display``), so a walkthrough keeps each step as it was, live and once saved, while the
newest display stays the live board. Shown again before it moved on, the displays before stay live
beside it: views of one board, in step. An older display keeps the board as it was when shown (as
the picture saved beside the live view has it), or, if the player then played in it by hand, as
they left it: a click there counts; a move made by code, later in the cell or in a later cell, does
not (``w.picture()`` keeps that). The docs' how-to on walkthroughs tells which path each covers.

A live display's metadata names its picture's types (:data:`FALLBACK`): the package's JupyterLab and
Notebook 7 extension (js/labextension) shows that picture where the widget view's model is gone, as
in a notebook saved without widget state and opened again.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from IPython.display import display, update_display

from .picture import PNG, SVG, Picture

Look = Callable[[], tuple[Any, str]]  # what a widget shows now: (its snapshots, its text line)
Draw = Callable[[Any], Picture]  # the picture of those snapshots
FALLBACK = "tripeaks_widget"  # a live display's metadata: {FALLBACK: {"fallback": [its picture's types]}}


@dataclass
class _Step:
    seen: Any  # the snapshots the live displays show
    text: str
    picture: Picture | None  # drawn; None until needed, after a click changed ``seen``


class Steps:
    """The displays of one widget: ``show`` publishes a new one, live, and makes those before it the
    picture of their step if the board has moved on since; ``settle`` takes the board as it stands
    now as the live displays' step (the player played in one)."""

    def __init__(self, look: Look, draw: Draw) -> None:
        self.look = look
        self.draw = draw
        self.step: _Step | None = None
        self.live: list[str] = []  # the display ids of the live views, in step with each other

    def show(self, live: dict[str, Any]) -> None:
        """Publish ``live`` (the widget view's data) with the picture of the board as it stands."""
        seen, text = self.look()
        if self.step is None or self.step.seen != seen:
            self.retire()
            self.step = _Step(seen, text, None)
        if self.step.picture is None:
            self.step.picture = self.draw(seen)
        picture = self.step.picture.data()
        fallback = {FALLBACK: {"fallback": [mime for mime in (SVG, PNG) if mime in picture]}}
        display_id = uuid.uuid4().hex
        display({**live, **picture}, raw=True, metadata=fallback, display_id=display_id)
        self.live.append(display_id)

    def settle(self) -> None:
        """The live displays keep the board as it stands now (the player played in one of them)."""
        seen, text = self.look()
        if self.step is not None and seen != self.step.seen:
            self.step = _Step(seen, text, None)

    def retire(self) -> None:
        """The live displays become the picture of their step."""
        step, live, self.step, self.live = self.step, self.live, None, []
        if step is not None and live:
            data = {**(step.picture or self.draw(step.seen)).data(), "text/plain": step.text}
            for display_id in live:
                update_display(data, raw=True, display_id=display_id)
