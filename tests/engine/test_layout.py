"""The 28-slot layout: rows (R1.2), covers (R1.3) and peaks (R1.5)."""

from typing import NamedTuple

from helpers.support import ROWS

from tripeaks_widget.engine.layout import THREE_PEAKS, play


class Slot(NamedTuple):
    index: int
    row: int  # 0 = peak tops .. 3 = bottom row
    peak: int  # 0 = left, 1 = middle, 2 = right (R1.5)


ROW_SIZES = tuple(len(row) for row in ROWS)
SLOTS = [Slot(s, next(r for r, row in enumerate(ROWS) if s in row), THREE_PEAKS.slots[s].peak) for s in range(28)]
COVERED_BY = [slot.covered_by for slot in THREE_PEAKS.slots]
COVERS, PEAK_SLOTS = THREE_PEAKS.covers, THREE_PEAKS.peak_slots


def test_r1_2_four_rows_of_3_6_9_10():
    assert ROW_SIZES == (3, 6, 9, 10)
    assert [len(row) for row in ROWS] == [3, 6, 9, 10]
    assert sum(ROW_SIZES) == len(SLOTS) == 28


def test_r1_3_cover_relation_as_written():
    def slot(row, pos):
        return ROWS[row][pos]

    for p in range(3):
        assert COVERED_BY[slot(0, p)] == (slot(1, 2 * p), slot(1, 2 * p + 1))
    for j in range(6):
        p, k = divmod(j, 2)
        assert COVERED_BY[slot(1, j)] == (slot(2, 3 * p + k), slot(2, 3 * p + k + 1))
    for i in range(9):
        assert COVERED_BY[slot(2, i)] == (slot(3, i), slot(3, i + 1))
    assert all(COVERED_BY[s] == () for s in ROWS[3])


def test_r1_3_every_upper_card_has_two_covers_and_covers_is_the_inverse():
    for s in SLOTS:
        assert len(COVERED_BY[s.index]) == (0 if s.row == 3 else 2)
        for c in COVERED_BY[s.index]:
            assert s.index in COVERS[c]


def test_r1_5_peaks_own_9_9_10_with_bottom_split_3_3_4():
    assert [len(p) for p in PEAK_SLOTS] == [9, 9, 10]
    bottom = ROWS[3]
    assert [SLOTS[s].peak for s in bottom] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    for _peak, slots in enumerate(PEAK_SLOTS):
        rows = [SLOTS[s].row for s in slots]
        assert rows.count(0) == 1 and rows.count(1) == 2 and rows.count(2) == 3


def test_r5_2_a_peak_top_is_covered_directly_or_not_by_every_other_card_of_its_peak():
    def below(slot):
        out = set()
        for c in COVERED_BY[slot]:
            out |= {c} | below(c)
        return out

    for peak, slots in enumerate(PEAK_SLOTS):
        assert set(slots) - {peak} <= below(peak)


def test_geometry_centres_each_card_over_its_covers():
    assert [THREE_PEAKS.slots[s].x for s in ROWS[0]] == [1.5, 4.5, 7.5]
    assert [THREE_PEAKS.slots[s].x for s in ROWS[2]] == [i + 0.5 for i in range(9)]


def test_playing_a_card_on_bitmasks_frees_what_it_uncovers_once_both_covers_are_gone():
    free = sum(1 << s for s in ROWS[3])  # the bottom row
    removed, free = play(0, free, 18, THREE_PEAKS.uncovers)
    assert (removed, free) == (1 << 18, sum(1 << s for s in ROWS[3][1:]))  # slot 9 still has 19 on it
    removed, free = play(removed, free, 19, THREE_PEAKS.uncovers)
    assert free == sum(1 << s for s in ROWS[3][2:]) | 1 << 9
