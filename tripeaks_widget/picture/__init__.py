"""The static picture of a board, for notebooks saved, exported and read without a kernel.

A board shown in a notebook is the live widget and, beside it, this picture of the board as it
was at that moment (``image/svg+xml``, and the same SVG rasterised as ``image/png``, which an
untrusted notebook shows where it does not show SVG): a notebook run top to bottom keeps every
step it showed, and nbconvert's HTML, nbviewer and a code host's notebook view show them without
widget state. :func:`draw` draws it from the snapshot the front end draws, with the geometry and
the faces of :mod:`~tripeaks_widget.picture.look`, which the front end takes too; :class:`Picture`
is one, and :func:`side_by_side` puts pictures in a row (a comparison's boards).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.errors import InvalidValueError
from .svg import animate, draw, side_by_side_svg

try:  # resvg's binding rasterises the SVG; where it has no wheel (Pyodide), pictures are SVG alone
    import resvg_py
except ImportError:  # pragma: no cover - where resvg-py is installed
    resvg_py = None  # type: ignore[assignment]  # the module, or None where it is not installed

__all__ = ["Picture", "animate", "draw", "side_by_side"]

SVG = "image/svg+xml"
PNG = "image/png"


class Picture:
    """A picture of a board at one moment: ``.svg`` is its SVG text, which a notebook shows
    (``_repr_svg_``); ``save(path)`` writes it as SVG or PNG; ``description`` is its text alternative."""

    def __init__(self, svg: str, description: str = "", *, still: bool = True) -> None:
        self.svg = svg
        self.description = description
        self.still = still  # an animation is not: a PNG would hold one moment of it
        self._png: bytes | None = None

    @classmethod
    def of(cls, view: Any, lang: str | None = None) -> Picture:
        """The picture of a board's snapshot, or of a game's view."""
        return cls(draw(view, lang), str(view.get("description") or ""))

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_png_(self) -> bytes | None:
        return self.png

    @property
    def png(self) -> bytes | None:
        """The picture rasterised (PNG) from its SVG by resvg, made once; None for an animation, or
        where resvg-py is not installed."""
        if self._png is None and self.still and resvg_py is not None:
            self._png = bytes(resvg_py.svg_to_bytes(svg_string=self.svg))
        return self._png

    def data(self) -> dict[str, str]:
        """The picture as a notebook output's data: its SVG, and its PNG (base64) where there is one."""
        png = self.png
        return {SVG: self.svg} | ({PNG: base64.b64encode(png).decode("ascii")} if png else {})

    def save(self, path: str | Path) -> Path:
        """Write the picture to ``path`` as its suffix says: ``.svg`` (the SVG text) or ``.png`` (the
        same SVG rasterised); returns the path."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix == ".svg":
            path.write_text(self.svg, encoding="utf-8")
        elif suffix == ".png":
            png = self.png
            if png is None:
                why = "an animation has no single moment" if not self.still else "resvg-py is not installed"
                raise InvalidValueError(f"cannot write {path.name} as PNG ({why}); expected a path ending in .svg")
            path.write_bytes(png)
        else:
            raise InvalidValueError(f"cannot tell how to write {path.name!r}; expected a path ending in .svg or .png")
        return path

    def __repr__(self) -> str:
        return f"<Picture of a board, {len(self.svg):,} bytes of SVG>"


def side_by_side(pictures: Sequence[Picture]) -> Picture:
    """The pictures in a row, left to right, as one picture (a comparison's boards)."""
    return Picture(side_by_side_svg([p.svg for p in pictures]), " ".join(p.description for p in pictures))
