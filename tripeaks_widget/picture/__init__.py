"""The static picture of a board, for notebooks saved, exported and read without a kernel.

A board shown in a notebook is the live widget and, beside it, this picture of the board as it
was at that moment (``image/svg+xml``): a notebook run top to bottom keeps every step it showed,
and nbconvert's HTML, nbviewer and a code host's notebook view show them without widget state.
:func:`draw` draws it from the snapshot the front end draws, with the geometry and the faces of
:mod:`~tripeaks_widget.picture.look`, which the front end takes too; :class:`Picture` is one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .svg import animate, draw

__all__ = ["Picture", "animate", "draw"]


class Picture:
    """A picture of a board at one moment: ``.svg`` is its SVG text, which a notebook shows
    (``_repr_svg_``); ``save(path)`` writes it; ``description`` is its text alternative."""

    def __init__(self, svg: str, description: str = "") -> None:
        self.svg = svg
        self.description = description

    @classmethod
    def of(cls, view: Any, lang: str | None = None) -> Picture:
        """The picture of a board's snapshot, or of a game's view."""
        return cls(draw(view, lang), str(view.get("description") or ""))

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str | Path) -> Path:
        """Write the picture as an SVG file; returns its path."""
        path = Path(path)
        path.write_text(self.svg, encoding="utf-8")
        return path

    def __repr__(self) -> str:
        return f"<Picture of a board, {len(self.svg):,} bytes of SVG>"
