"""How the board looks, as data: the table's geometry, the card faces and backs, the colours.

Written once, here. The front end takes them generated (``python js/generate.py``: the numbers
and the suits' shapes into ``js/src/facts.js``, the measures and colours as CSS custom properties
into ``js/src/facts.css``), and :mod:`tripeaks_widget.picture` draws the static picture of a board
with the same. Lengths are in *units*: one unit is a card's width and the gap beside it.
"""

from __future__ import annotations

import functools
from typing import Annotated, TypedDict

from ..engine.layout import THREE_PEAKS, Layout

# -- the table ---------------------------------------------------------------------------------------

CARD_W = 0.92  # a card's width, in units
CARD_H = CARD_W * 1.4  # and its height
ROW_STEP = CARD_H * 0.5  # from one row of the peaks to the next: each row covers half the one behind
PILE_GAP = 0.3  # between the peaks' bottom row and the stock and discard
PILE_SPREAD = 2.1  # from the stock's left edge to the discard's, the two centred under the peaks


class Table(TypedDict):
    """Where a layout's cards are drawn: the board's size, each slot's place and the piles', in
    units (a card's width and the gap beside it), and the order the keys and the reader go through
    the slots. The front end and the picture both draw from it (:func:`table`)."""

    name: Annotated[str, "the layout's name ('Three Peaks')"]
    key: Annotated[str, "the layout's name in a game code ('THREE-PEAKS')"]
    width: Annotated[float, "the board's width: the peaks' or the piles', whichever is wider"]
    height: Annotated[float, "the board's height: the peaks, the gap, the piles"]
    slots: Annotated[list[list[float]], "each slot's place: [left, top]"]
    depth: Annotated[list[int], "each slot's depth, from 1: a card lies over those it covers (drawn after them)"]
    order: Annotated[list[int], "the slots in reading order (row by row from the top, each left to right)"]
    pile_top: Annotated[float, "the stock's and the discard's top edge"]
    stock_x: Annotated[float, "the stock's left edge"]
    discard_x: Annotated[float, "the discard's left edge"]


@functools.lru_cache(maxsize=64)
def table(layout: Layout) -> Table:
    """Where ``layout``'s cards are drawn (:class:`Table`): its slots where the layout puts them (``x``
    in card widths, ``y`` in rows of half a card's height, from the top-left card), the peaks
    centred over the stock and the discard on a board wide enough for both. One object per layout:
    read it, never change it."""
    xs, ys = [s.x for s in layout.slots], [s.y for s in layout.slots]
    peaks_w = max(xs) - min(xs) + CARD_W
    width = max(peaks_w, PILE_SPREAD + CARD_W)
    shift = (width - peaks_w) / 2 - min(xs)
    depth: dict[int, int] = {}
    for slot in layout.paint_order:  # each slot after those it covers
        depth[slot] = 1 + max((depth[c] for c in layout.covers[slot]), default=0)
    pile_top = (max(ys) - min(ys)) * ROW_STEP + CARD_H + PILE_GAP
    stock_x = (width - CARD_W - PILE_SPREAD) / 2
    return {
        "name": layout.name,
        "key": layout.key,
        "width": _round(width),
        "height": _round(pile_top + CARD_H),
        "slots": [[_round(s.x + shift), _round((s.y - min(ys)) * ROW_STEP)] for s in layout.slots],
        "depth": [depth[slot] for slot in range(layout.slot_count)],
        "order": list(layout.reading_order),
        "pile_top": _round(pile_top),
        "stock_x": _round(stock_x),
        "discard_x": _round(stock_x + PILE_SPREAD),
    }


def _round(value: float) -> float:
    return round(value, 4)


# -- the colours ---------------------------------------------------------------------------------------

PALETTE = {
    "felt": "#1f6f48",  # the table, lit from above
    "felt-dark": "#134a30",  # the table's lower edge
    "red": "#c8242b",  # hearts and diamonds
    "black": "#1b1c20",  # clubs and spades
    "face": "#fffdf8",  # a card's face, at its foot (white at its head)
    "glow": "#ffd25e",  # around a card that fits the discard
    "highlight": "#5fd3ff",  # around a card a walkthrough points at
    "back": "#233e8b",  # a card's back
    "back-light": "#3a63c9",  # its centre
    "back-dark": "#1b3273",  # its rim
    "back-edge": "#f7f5ef",  # the white edge round a back
    "court": "#ffd666",  # the tint of a court card's frame
    "joker": "#7b2cbf",  # the joker's ink
    "joker-star": "#f2b01e",  # its star
}


# -- a card's face, in units ---------------------------------------------------------------------------

FACE = {
    "radius": 0.09,  # the card's corners
    "corner-top": 0.06,  # a corner index: from the top edge
    "corner-side": 0.025,  # from the side edge
    "corner-width": 0.22,  # its width (the rank and the suit centred in it)
    "rank-size": 0.27,  # the index's rank (bold)
    "corner-suit": 0.18,  # the index's suit, below the rank
    "corner-suit-gap": 0.025,
    "pip": 0.4,  # the suit in the middle of a number card
    "ace-pip": 0.52,  # the ace's larger one
    "court-width": 0.4,  # the frame of a court card (J, Q, K)
    "court-height": 0.68,
    "court-radius": 0.04,
    "court-rank": 0.32,  # its letter (serif)
    "court-suit": 0.17,  # its suit, below the letter
    "court-gap": 0.03,
    "joker-pip": 0.42,  # the joker's star
    "joker-word": 0.13,  # the word under it
    "back-edge": 0.05,  # the white edge of a back
    "back-line": 0.05,  # the inner line of a back, from its edge
    "lift": 0.07,  # a playable card rises this much
    "glow": 0.035,  # the width of its glow's ring
}

FONT = '"Liberation Sans", Arial, "DejaVu Sans", sans-serif'  # ranks and the board's words
COURT_FONT = '"Liberation Serif", "DejaVu Serif", Georgia, serif'  # a court card's letter


# -- the suits' shapes, on a 100 × 100 square ------------------------------------------------------------

HEART = "M50 90C22 68 5 51 5 31 5 15 16 6 29 6c9 0 17 5 21 14 4-9 12-14 21-14 13 0 24 9 24 25 0 20-17 37-45 59z"
SPADE = (
    "M50 4C40 22 7 38 7 61c0 14 10 23 22 23 8 0 14-4 18-10-1 9-5 16-12 22h30c-7-6-11-13-12-22 4 6 10 10 18 10 "
    "12 0 22-9 22-23C93 38 60 22 50 4z"
)
SUIT_SHAPES: dict[str, list[tuple[str, dict[str, str]]]] = {
    "hearts": [("path", {"d": HEART})],
    "diamonds": [("path", {"d": "M50 3 86 50 50 97 14 50z"})],
    "spades": [("path", {"d": SPADE})],
    "joker": [("path", {"d": "M50 4 61 37H96L68 58 79 92 50 71 21 92 32 58 4 37H39z"})],
    "clubs": [
        ("circle", {"cx": "50", "cy": "27", "r": "21"}),
        ("circle", {"cx": "26", "cy": "58", "r": "21"}),
        ("circle", {"cx": "74", "cy": "58", "r": "21"}),
        ("circle", {"cx": "50", "cy": "52", "r": "12"}),
        ("path", {"d": "M46 58c0 17-4 28-12 38h32c-8-10-12-21-12-38z"}),
    ],
}


def css_properties() -> dict[str, str]:
    """The look as the stylesheet reads it: Three Peaks' board size (``--tp-bw``, ``--tp-bh``: the
    first the board draws), ``--tp-<colour>`` and ``--tp-face-<measure>`` (units)."""
    first = table(THREE_PEAKS)  # the board's size in units until a snapshot brings its table
    return {
        "--tp-bw": f"{first['width']:g}",
        "--tp-bh": f"{first['height']:g}",
        **{f"--tp-{name}": colour for name, colour in PALETTE.items()},
        **{f"--tp-face-{name}": f"{value:g}" for name, value in FACE.items()},
        "--tp-font": FONT,
        "--tp-court-font": COURT_FONT,
    }
