"""The 28 peak slots (R1.2), who covers whom (R1.3) and which peak owns each slot (R1.5).

Slots are numbered row by row from the top, left to right: the three peak tops are
0..2, row 2 is 3..8, row 3 is 9..17 and the bottom row is 18..27.
"""

from __future__ import annotations

from typing import NamedTuple

ROW_SIZES = (3, 6, 9, 10)
ROW_NAMES = ("Peak tops", "row 2", "row 3", "bottom row")
PEAK_NAMES = ("left", "middle", "right")
ROW_START = (0, 3, 9, 18)
SLOT_COUNT = 28


class Slot(NamedTuple):
    index: int  # type: ignore[assignment]  # deliberately shadows tuple.index
    row: int  # 0 = peak tops .. 3 = bottom row
    pos: int  # 0-based position inside the row
    peak: int  # 0 = left, 1 = middle, 2 = right (R1.5)


def _covering(row: int, pos: int) -> tuple[int, ...]:
    """Positions in the next row that cover this card (R1.3)."""
    if row == 0:
        return (2 * pos, 2 * pos + 1)
    if row == 1:
        peak, k = divmod(pos, 2)
        return (3 * peak + k, 3 * peak + k + 1)
    if row == 2:
        return (pos, pos + 1)
    return ()


def _peak(row: int, pos: int) -> int:
    if row == 3:  # the bottom row is split 3 / 3 / 4 (R1.5)
        return min(pos // 3, 2)
    return pos // (ROW_SIZES[row] // 3)


SLOTS: tuple[Slot, ...] = tuple(
    Slot(ROW_START[row] + pos, row, pos, _peak(row, pos)) for row in range(4) for pos in range(ROW_SIZES[row])
)
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(ROW_START[s.row + 1] + p for p in _covering(s.row, s.pos)) for s in SLOTS
)
COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s.index for s in SLOTS if slot in COVERED_BY[s.index]) for slot in range(SLOT_COUNT)
)
PEAK_SLOTS: tuple[tuple[int, ...], ...] = tuple(tuple(s.index for s in SLOTS if s.peak == peak) for peak in range(3))
PEAK_TOPS = (0, 1, 2)
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(ROW_START[row], ROW_START[row] + ROW_SIZES[row])) for row in range(4)
)
ALL_SLOTS_MASK = (1 << SLOT_COUNT) - 1
# Bit masks of the covering slots, for quick "is it uncovered?" tests on a removed-set bit mask.
COVER_MASK: tuple[int, ...] = tuple(sum(1 << c for c in cover) for cover in COVERED_BY)
PEAK_MASK: tuple[int, ...] = tuple(sum(1 << s for s in slots) for slots in PEAK_SLOTS)
# For each slot: the cards its removal may uncover, as (their bit, the mask of the cards covering them).
UNCOVERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((1 << c, COVER_MASK[c]) for c in COVERS[s]) for s in range(SLOT_COUNT)
)


def play(removed: int, free: int, slot: int) -> tuple[int, int]:
    """The removed and the free slots as bitmasks once the card in ``slot`` is played: the
    cards it uncovers come free. (The solver's inner loops write this inline.)"""
    bit = 1 << slot
    removed |= bit
    free ^= bit
    for uncovered, covers in UNCOVERS[slot]:
        if removed & covers == covers:
            free |= uncovered
    return removed, free


def slot_x(slot: int) -> float:
    """Horizontal place of a slot in card widths: bottom card i at i, others centred over their covers."""
    cover = COVERED_BY[slot]
    return SLOTS[slot].pos if not cover else sum(map(slot_x, cover)) / len(cover)
