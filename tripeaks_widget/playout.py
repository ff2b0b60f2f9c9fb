# cython: annotation_typing=False
"""Playing a position out, fast: the ``lookahead`` strategy's choice on bitmasks, and a whole
game played by it on one known arrangement.

Fair play's playouts (``fair``, ``method="playout"``) judge an action by how often the rest
of the game, played by ``lookahead``, wins on sampled arrangements: one playout costs tens of
microseconds where an exact verdict costs milliseconds. ``strategies.lookahead`` makes its
choice here too, so the strategy measured and the one played out are one and the same.

A position is bitmasks over the 28 slots (bit s for slot s): ``removed`` (played) and
``free`` (face up, no card covering it), the cards ``drawn`` from the stock and the
discard's ``rank`` (0: a joker, or an empty discard, which every card fits).

Compiled with the solver (``_native.COMPILED``, Cython's pure-Python mode: the types are the
decorators', and the source runs unchanged as Python). Measured by ``python
benchmarks/fair_speed.py --positions 10 --samples 200 --solver-samples 5 --iterations 300`` (CPU
time, both builds in one process on the same positions, a loaded 2-core machine), compiled
against pure Python: the playouts 24,000 against 14,000 arrangements judged a second (1.7x),
the solver's sampling 720-990 against 490-670 (1.5x), the exact fair value 610,000-690,000
against 290,000-300,000 nodes a second (2.0-2.4x), the tree search 22,000 against 16,000
iterations a second (1.4x). Issue 21's 10x is not reached. A compiled sample costs about 54 us:
26 us dealing the arrangement (``Seen.arrangements``: PCG32 and the shuffle, pure Python), 8.5
us its ``fit_masks``, 3 us its rank lists and 13 us the three playouts. So the playouts are no
longer where the time goes; dealing ranks, not cards, in compiled code is what is left. The
exact search keys its memo on ``known``, the ranks in view at 4 bits a slot (112 bits): a
Python int, so every node still builds a tuple of Python ints and looks it up in a dict.
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import ALL_SLOTS_MASK, UNCOVERS

try:  # compiled: the types below are machine integers; as Python they are no-ops
    import cython
except ImportError:
    from ._native import cython

Int64 = cython.typedef(cython.longlong)  # a bitmask of slots, a slot, a rank, a count

# ``UNCOVERS`` as flat tuples, read without unpacking: the first and the second card a slot's
# removal may uncover (its bit) and the mask of the cards covering it; a bit 0 and a mask no
# removed set contains where there is none.
_NONE = ALL_SLOTS_MASK + 1
FIRST_BIT = tuple(u[0][0] if u else 0 for u in UNCOVERS)
FIRST_COVERS = tuple(u[0][1] if u else _NONE for u in UNCOVERS)
SECOND_BIT = tuple(u[1][0] if len(u) > 1 else 0 for u in UNCOVERS)
SECOND_COVERS = tuple(u[1][1] if len(u) > 1 else _NONE for u in UNCOVERS)
assert all(len(u) <= 2 for u in UNCOVERS)


@cython.ccall
@cython.locals(removed=Int64, free=Int64, playable=Int64, bit=Int64, slot=Int64, after=Int64, covers=Int64)
@cython.locals(freed=Int64, fitting=Int64, best_freed=Int64, best_fitting=Int64, choice=Int64, rest=Int64)
def lookahead_slot(removed: int, free: int, playable: int, ranks: Sequence[int], fit: Sequence[int]) -> int:
    """The slot ``lookahead`` plays of the ``playable`` ones (a mask, not empty): the card whose
    removal frees the most cards, then the one on which the most other free cards fit next;
    the lowest slot on a tie. Reads only free cards' ranks: cards a player can see."""
    best_freed, best_fitting, choice = -1, -1, -1
    while playable:
        bit = playable & -playable
        playable ^= bit
        slot = lowest_slot(bit)
        after = removed | bit
        covers = FIRST_COVERS[slot]
        freed = after & covers == covers
        covers = SECOND_COVERS[slot]
        freed += after & covers == covers
        fitting = count_bits((free ^ bit) & fit[ranks[slot]])
        if freed > best_freed or (freed == best_freed and fitting > best_fitting):
            best_freed, best_fitting, choice = freed, fitting, slot
    return choice


@cython.locals(removed=Int64, free=Int64, drawn=Int64, rank=Int64, playable=Int64, slot=Int64, bit=Int64)
@cython.locals(covers=Int64, full=Int64, stock_count=Int64)
def lookahead_wins(
    ranks: Sequence[int], stock: Sequence[int], fit: Sequence[int], removed: int, free: int, drawn: int, rank: int
) -> bool:
    """Whether ``lookahead`` wins from this position of a known arrangement: ``ranks`` of the
    28 slots, ``stock`` the stock's ranks from its first card, ``fit`` the ``Rules.fit_masks``
    of ``ranks``.
    It draws only when no card fits, so it plays the same under every drawing rule."""
    full, stock_count = ALL_SLOTS_MASK, len(stock)
    while removed != full:
        playable = free & fit[rank]
        if not playable:
            if drawn >= stock_count:
                return False
            rank, drawn = stock[drawn], drawn + 1
            continue
        slot = lookahead_slot(removed, free, playable, ranks, fit)
        bit = 1 << slot  # layout.play, written inline
        removed |= bit
        free ^= bit
        covers = FIRST_COVERS[slot]
        if removed & covers == covers:
            free |= FIRST_BIT[slot]
        covers = SECOND_COVERS[slot]
        if removed & covers == covers:
            free |= SECOND_BIT[slot]
        rank = ranks[slot]
    return True


@cython.cfunc
@cython.inline
@cython.locals(bit=Int64, slot=Int64)
@cython.returns(Int64)
def lowest_slot(bit: int) -> int:
    """The slot of a one-bit mask."""
    if not cython.compiled:
        return bit.bit_length() - 1
    slot = 0  # compiled: a few machine shifts rather than a Python call
    while bit > 1:
        bit >>= 1
        slot += 1
    return slot


@cython.cfunc
@cython.inline
@cython.locals(mask=Int64, count=Int64)
@cython.returns(Int64)
def count_bits(mask: int) -> int:
    """How many bits are set."""
    if not cython.compiled:
        return mask.bit_count()
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
