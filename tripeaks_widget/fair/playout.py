# cython: annotation_typing=False
"""Playing a position out, fast: the ``lookahead`` strategy's choice on bitmasks, a whole game
played by it on one known arrangement, and ``Playouts``: every action of a position judged on
the same sampled arrangements.

Fair play's playouts (``fair``, ``method="playout"`` and the estimate of ``method="fair"``) judge
an action by how often the rest of the game, played by ``lookahead``, wins on sampled
arrangements: compiled, an arrangement played out after every action costs 4-5 microseconds
(figures below), where an exact verdict costs milliseconds. ``strategies.lookahead`` makes its
choice here too (``lookahead_slot``), so the strategy measured and the one played out are one
and the same.

A position is bitmasks over its layout's slots (bit s for slot s; at most ``MAX_SLOTS``, 50, so
a mask is one machine word): ``removed`` (played) and ``free`` (face up, no card covering it),
the cards ``drawn`` from the stock and the discard's ``rank`` (0: a joker, or an empty discard,
which every card fits). What the layout's covers free is read from its ``uncover_table``, and its
size bounds every loop: the C arrays are sized for the largest layout.

Compiled with Cython (``_builds.CYTHON_MODULES``, its pure-Python mode: the types are the
decorators', and the source runs unchanged as Python). ``Playouts`` keeps a position and its
arrangement in fixed arrays, deals the ranks itself (PCG32 and the shuffle of ``deal``, written
again on machine words: the same stream gives the same arrangements as ``Seen.arrangements``, a
test holds it) and plays ``lookahead`` on them (``_wins``: ``lookahead_wins`` on its arrays), so
that, compiled, no Python object is touched between two arrangements: about 210,000-240,000
arrangements a second (each judging every action), against 11,000-17,000 when the arrangements
were dealt in Python and 7,000-9,000 for these sources run as Python (``benchmarks/fair_speed.py``,
20 positions per rule set, CPU time).

It stays one module past 500 lines because Cython compiles a module as one unit: its loops call
one another inlined (``cython.inline``), without the GIL, only within it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.deal import MASK32, MASK64, PCG_MULTIPLIER
from ..engine.layout import MAX_SLOTS, Layout
from ..engine.seen import Seen

if TYPE_CHECKING:  # what a type checker reads of ``cython``: the stand-in's types, as the source runs as Python
    from .._builds import cython
else:
    try:  # compiled: the types below are machine integers; as Python they are no-ops
        import cython
    except ImportError:
        from .._builds import cython

Int64 = cython.typedef(cython.longlong)  # a bitmask of slots (50 bits at most), a slot, a rank, a count
MULTIPLIER = cython.declare(cython.ulonglong, PCG_MULTIPLIER)  # PCG32's, as machine words when compiled
LOW32 = cython.declare(cython.ulonglong, MASK32)
ONE = cython.declare(Int64, 1)  # shifted, a 64-bit one: a slot's bit past bit 31
CHOOSE = cython.declare(Int64, MAX_SLOTS)  # no first action for ``_wins``: ``lookahead`` chooses every move

# The C arrays are sized for the largest layout (``MAX_SLOTS``) and used up to a layout's own size:
# the numbers in the declarations below, which Cython takes as literals only.
SLOTS, CARDS = 50, 53  # slots; cards in a deck with the joker (a stock holds fewer)
TABLE_SIZE = 4901  # ``uncover_table``'s at most: its width, then 2 numbers for each of 49 cards under each slot
assert SLOTS == MAX_SLOTS and TABLE_SIZE == 1 + 2 * MAX_SLOTS * (MAX_SLOTS - 1)
Table = cython.typedef(cython.p_longlong)  # compiled: a C array's first number; as Python, a sequence


def uncover_table(layout: Layout) -> tuple[int, ...]:
    """A layout's ``uncovers`` as one flat table: its width w (the most cards one slot's removal
    may uncover, at least 1), then w entries a slot, two numbers each: the bit of a card it may
    uncover and the mask of the cards covering that card; a bit 0 and a mask no removed set
    contains where it has fewer. Slot s's entries start at ``1 + 2 * w * s``."""
    width = max(1, *(len(uncovers) for uncovers in layout.uncovers))
    none = (0, 1 << layout.slot_count)
    entries = (tuple(uncovers) + (none,) * (width - len(uncovers)) for uncovers in layout.uncovers)
    return (width, *(number for slot in entries for pair in slot for number in pair))


@cython.cclass
class Tables:
    """A layout's tables as the loops read them: its ``uncover_table`` (compiled, in a C array) and
    the mask of its every slot (``tables_of``)."""

    table = cython.declare(cython.longlong[4901])
    size = cython.declare(cython.longlong)
    full = cython.declare(cython.longlong)

    def __init__(self, layout: Layout) -> None:
        table = uncover_table(layout)
        self.size, self.full = len(table), layout.all_slots_mask
        if cython.compiled:  # into the C array, as far as the table goes
            for i in range(self.size):
                self.table[i] = table[i]
        else:
            self.table = list(table)


_tables: dict[int, tuple[Layout, Tables]] = {}  # by the layout's id (hashing a layout costs microseconds)


def tables_of(layout: Layout) -> Tables:
    """A layout's ``Tables``, made once for each layout object (a few dozen are kept)."""
    held = _tables.get(id(layout))
    if held is None or held[0] is not layout:
        if len(_tables) >= 64:
            _tables.clear()
        held = _tables[id(layout)] = (layout, Tables(layout))
    return held[1]


# Three Peaks' slots uncover two cards at most: where a table is that wide (``width == 2``) the
# hot loops below read its two entries unrolled, a shift from the slot (a multiplication and a loop
# cost Three Peaks 3-6% compiled, and a call a move as much as Python), else ``_uncover`` and
# ``_freed`` loop over any width.


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(table=Table, width=Int64, slot=Int64, removed=Int64, free=Int64, at=Int64, covers=Int64, k=Int64)
@cython.returns(Int64)
def _uncover(table: Sequence[int], width: int, slot: int, removed: int, free: int) -> int:
    """``free`` with the cards the removal of ``slot`` uncovers, ``removed`` (with it) the slots
    gone (``layout.play``, on an ``uncover_table`` of ``width``)."""
    at = 1 + 2 * width * slot
    for k in range(at, at + 2 * width, 2):
        covers = table[k + 1]
        if removed & covers == covers:
            free |= table[k]
    return free


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(table=Table, width=Int64, slot=Int64, after=Int64, at=Int64, covers=Int64, k=Int64, freed=Int64)
@cython.returns(Int64)
def _freed(table: Sequence[int], width: int, slot: int, after: int) -> int:
    """How many cards the removal of ``slot`` frees, ``after`` the slots gone with it."""
    freed = 0
    at = 1 + 2 * width * slot
    for k in range(at + 1, at + 2 * width, 2):
        covers = table[k]
        freed += after & covers == covers
    return freed


@cython.ccall
@cython.locals(i=Int64, tables=Tables)
def lookahead_slot(
    removed: int, free: int, playable: int, ranks: Sequence[int], fit: Sequence[int], layout: Layout
) -> int:
    """The slot ``lookahead`` plays of the ``playable`` ones (a mask, not empty) on ``layout``: the
    card whose removal frees the most cards, then the one on which the most other free cards fit
    next; the lowest slot on a tie. Reads only free cards' ranks: cards a player can see."""
    tables = tables_of(layout)
    if not cython.compiled:
        return _choice(removed, free, playable, ranks, fit, tables.table, tables.table[0])
    ranks_ = cython.declare(cython.longlong[50])  # compiled: the tables copied into C arrays
    fit_ = cython.declare(cython.longlong[14])
    for i in range(len(ranks)):
        ranks_[i] = ranks[i]
    for i in range(14):
        fit_[i] = fit[i]
    return _choice(removed, free, playable, ranks_, fit_, tables.table, tables.table[0])


@cython.locals(i=Int64, stock_count=Int64, tables=Tables, table=Table, full=Int64)
def lookahead_wins(
    ranks: Sequence[int],
    stock: Sequence[int],
    fit: Sequence[int],
    removed: int,
    free: int,
    drawn: int,
    rank: int,
    layout: Layout,
) -> bool:
    """Whether ``lookahead`` wins from this position of a known arrangement on ``layout``:
    ``ranks`` of its slots, ``stock`` the stock's ranks from its first card, ``fit`` the
    ``Rules.fit_masks`` of ``ranks``.
    It draws only when no card fits, so it plays the same under every drawing rule."""
    stock_count = len(stock)
    tables = tables_of(layout)
    table, full = tables.table, tables.full
    if not cython.compiled:
        return _wins(ranks, stock, stock_count, fit, table, table[0], full, removed, free, drawn, rank, CHOOSE)
    ranks_ = cython.declare(cython.longlong[50])  # compiled: the tables copied into C arrays
    stock_ = cython.declare(cython.longlong[53])
    fit_ = cython.declare(cython.longlong[14])
    for i in range(len(ranks)):
        ranks_[i] = ranks[i]
    for i in range(stock_count):
        stock_[i] = stock[i]
    for i in range(14):
        fit_[i] = fit[i]
    return _wins(ranks_, stock_, stock_count, fit_, table, table[0], full, removed, free, drawn, rank, CHOOSE)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(ranks=Table, fit=Table, table=Table, width=Int64, removed=Int64, free=Int64, playable=Int64, bit=Int64)
@cython.locals(slot=Int64, after=Int64, covers=Int64, freed=Int64, fitting=Int64, best_freed=Int64)
@cython.locals(best_fitting=Int64, choice=Int64, two=cython.bint)
@cython.returns(Int64)
def _choice(
    removed: int, free: int, playable: int, ranks: Sequence[int], fit: Sequence[int], table: Sequence[int], width: int
) -> int:
    """``lookahead_slot`` on tables (``table``: an ``uncover_table``): compiled, on C arrays."""
    best_freed, best_fitting, choice = -1, -1, -1
    two = width == 2
    while playable:
        bit = playable & -playable
        playable ^= bit
        slot = lowest_slot(bit)
        after = removed | bit
        if two:
            covers = table[4 * slot + 2]
            freed: int = after & covers == covers
            covers = table[4 * slot + 4]
            freed += after & covers == covers
        else:
            freed = _freed(table, width, slot, after)
        fitting = count_bits((free ^ bit) & fit[ranks[slot]])
        if freed > best_freed or (freed == best_freed and fitting > best_fitting):
            best_freed, best_fitting, choice = freed, fitting, slot
    return choice


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(ranks=Table, stock=Table, fit=Table, table=Table, width=Int64, stock_count=Int64, full=Int64)
@cython.locals(removed=Int64)
@cython.locals(free=Int64, drawn=Int64, top=Int64, first=Int64, playable=Int64, slot=Int64, bit=Int64, covers=Int64)
@cython.locals(two=cython.bint)
@cython.returns(cython.bint)
def _wins(
    ranks: Sequence[int],
    stock: Sequence[int],
    stock_count: int,
    fit: Sequence[int],
    table: Sequence[int],
    width: int,
    full: int,
    removed: int,
    free: int,
    drawn: int,
    top: int,
    first: int,
) -> bool:
    """``lookahead_wins`` on tables (compiled, on C arrays; ``table``: an ``uncover_table``, ``full``:
    the mask of every slot), its first action ``first``: a slot, a draw (below 0) or ``CHOOSE``."""
    two = width == 2
    while removed != full:
        if first == CHOOSE:
            playable = free & fit[top]
            slot = _choice(removed, free, playable, ranks, fit, table, width) if playable else -1
        else:
            slot, first = first, CHOOSE
        if slot < 0:
            if drawn >= stock_count:
                return False
            top = stock[drawn]
            drawn += 1
            continue
        bit = ONE << slot  # layout.play, written inline
        removed |= bit
        free ^= bit
        if two:
            covers = table[4 * slot + 2]
            if removed & covers == covers:
                free |= table[4 * slot + 1]
            covers = table[4 * slot + 4]
            if removed & covers == covers:
                free |= table[4 * slot + 3]
        else:
            free = _uncover(table, width, slot, removed, free)
        top = ranks[slot]
    return True


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
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
@cython.nogil
@cython.exceptval(check=False)
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


UNSEEN = -1  # a place whose rank the player has not seen


@cython.cclass
class Playouts:
    """Every action of one position judged on the same sampled arrangements, each played to its
    end by ``lookahead``: per action the games won (``won()``) over ``judged`` arrangements.

    The arrangements are ``Seen.arrangements(seed)``'s, dealt as ranks (a win needs no suit):
    the same PCG32 stream shuffles the unseen cards' ranks, in the same order, into the same
    places, so arrangement k is the k-th of ``Seen.arrangements`` with its suits dropped. Built
    from what the player sees only (``playouts``); ``run(count)`` judges ``count`` more.

    A position is on a ``layout``: ``slot_rank`` (each of its slots' rank, ``UNSEEN`` where face
    down), ``stock_rank`` (the stock from its first card, ``UNSEEN`` below what was drawn), the
    removed and the free slots as bitmasks, the cards ``drawn`` and the discard's rank ``top`` (0:
    a joker, or an empty discard, which every card fits); an action is a slot, or ``-1`` to draw."""

    table = cython.declare(cython.longlong[4901])  # the layout's ``uncover_table``
    slot_rank = cython.declare(cython.longlong[50])
    stock_rank = cython.declare(cython.longlong[53])
    place = cython.declare(cython.longlong[53])  # the unseen places, in deck order
    card_rank = cython.declare(cython.longlong[53])  # the unseen cards' ranks, in the order they are shuffled
    pool = cython.declare(cython.longlong[53])
    ranks = cython.declare(cython.longlong[50])  # the arrangement being judged
    stock = cython.declare(cython.longlong[53])
    of_rank = cython.declare(cython.longlong[15])  # its slots of each rank; 14: none
    fit = cython.declare(cython.longlong[14])  # its slots that go on each discard rank
    fit_with = cython.declare(cython.longlong[42])  # the ranks fitting each discard rank, 3 a rank, 14 for none
    action = cython.declare(cython.longlong[51])  # at most every slot free, and the draw
    wins = cython.declare(cython.longlong[51])
    slots = cython.declare(cython.longlong)  # the layout's
    full = cython.declare(cython.longlong)  # the mask of every slot
    unseen = cython.declare(cython.longlong)
    stock_start = cython.declare(cython.longlong)
    stock_total = cython.declare(cython.longlong)
    actions = cython.declare(cython.longlong)
    removed = cython.declare(cython.longlong)
    free = cython.declare(cython.longlong)
    drawn = cython.declare(cython.longlong)
    top = cython.declare(cython.longlong)
    judged = cython.declare(cython.longlong, visibility="readonly")
    state = cython.declare(cython.ulonglong)
    inc = cython.declare(cython.ulonglong)

    @cython.locals(tables=Tables, i=Int64)
    def __init__(
        self,
        layout: Layout,
        slot_rank: Sequence[int],
        stock_rank: Sequence[int],
        places: Sequence[int],
        card_ranks: Sequence[int],
        stock_start: int,
        removed: int,
        free: int,
        drawn: int,
        top: int,
        fitting: Sequence[Sequence[int]],
        actions: Sequence[int],
        seed: int,
        stream: int,
    ) -> None:
        assert len(slot_rank) == layout.slot_count and len(places) == len(card_ranks)
        tables = tables_of(layout)
        if cython.compiled:  # the layout's, copied
            for i in range(tables.size):
                self.table[i] = tables.table[i]
        else:
            self.table = tables.table
        self.slots, self.full = layout.slot_count, layout.all_slots_mask
        self.slot_rank = padded(slot_rank, SLOTS, UNSEEN)
        self.stock_rank = padded(stock_rank, CARDS, UNSEEN)
        self.place = padded(places, CARDS, 0)
        self.card_rank = padded(card_ranks, CARDS, 0)
        self.pool = [0] * 53
        self.ranks = [0] * 50
        self.stock = [0] * 53
        self.of_rank = [0] * 15
        self.fit = [0] * 14
        # each discard rank's fitting ranks, but for the joker (0): it fits, and takes, every card
        self.fit_with = [r for onto in range(14) for r in ([*(x for x in fitting[onto] if x), 14, 14, 14][:3])]
        assert all(len([x for x in fitting[onto] if x]) <= 3 for onto in range(1, 14))
        self.action = padded(actions, SLOTS + 1, 0)
        self.wins = [0] * 51
        self.unseen, self.stock_start, self.stock_total = len(places), stock_start, len(stock_rank)
        self.actions, self.removed, self.free, self.drawn, self.top = len(actions), removed, free, drawn, top
        self.judged = 0
        # PCG32 seeded as ``deal.PCG32(seed, stream)``
        self.inc = ((stream << 1) | 1) & MASK64
        self.state = 0
        self._next()
        self.state = (self.state + seed) & MASK64
        self._next()

    def won(self) -> list[int]:
        """Each action's games won so far, in the order the actions were given."""
        return [self.wins[a] for a in range(self.actions)]

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(old=cython.ulonglong, shifted=cython.ulonglong, rot=cython.ulonglong)
    @cython.returns(cython.ulonglong)
    def _next(self) -> int:
        """PCG32's next output (``deal.PCG32.next``)."""
        old = self.state
        self.state = old * MULTIPLIER + self.inc
        if not cython.compiled:
            self.state &= MASK64
        shifted = (((old >> 18) ^ old) >> 27) & LOW32
        rot = old >> 59
        return ((shifted >> rot) | (shifted << ((-rot) & 31))) & LOW32

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.cdivision(True)
    @cython.locals(bound=cython.ulonglong, threshold=cython.ulonglong, r=cython.ulonglong)
    @cython.returns(Int64)
    def _bounded(self, bound: int) -> int:
        """A uniform integer below ``bound`` (``deal.PCG32.bounded``)."""
        threshold = (LOW32 + 1 - bound) % bound
        while True:
            r = self._next()
            if r >= threshold:
                return r % bound

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(a=Int64, width=Int64)
    @cython.returns(cython.bint)
    def _judge(self, a: int, width: int) -> bool:
        """Whether ``lookahead`` wins the arrangement dealt after action ``a`` (``width``: the table's)."""
        return _wins(
            self.ranks,
            self.stock,
            self.stock_total,
            self.fit,
            self.table,
            width,
            self.full,
            self.removed,
            self.free,
            self.drawn,
            self.top,
            self.action[a],
        )

    @cython.ccall
    @cython.locals(count=Int64)
    def run(self, count: int) -> None:
        """Judge every action on ``count`` more arrangements: compiled, without holding the GIL
        (nothing in it touches a Python object), so that the kernel's other threads run meanwhile."""
        with cython.nogil:
            self._run(count)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(count=Int64, i=Int64, j=Int64, swap=Int64, place=Int64, a=Int64, mask=Int64, width=Int64)
    @cython.returns(cython.void)
    def _run(self, count: int) -> None:
        """``run``'s work, on the fixed arrays only."""
        width = self.table[0]
        while count > 0:
            count -= 1
            # deal: Fisher-Yates from the last position down, as ``deal.shuffle``
            for i in range(self.unseen):
                self.pool[i] = self.card_rank[i]
            i = self.unseen - 1
            while i > 0:
                j = self._bounded(i + 1)
                swap = self.pool[i]
                self.pool[i] = self.pool[j]
                self.pool[j] = swap
                i -= 1
            for i in range(self.slots):
                self.ranks[i] = self.slot_rank[i]
            for i in range(self.stock_total):
                self.stock[i] = self.stock_rank[i]
            for i in range(self.unseen):
                place = self.place[i]
                if place < self.slots:
                    self.ranks[place] = self.pool[i]
                else:
                    self.stock[place - self.stock_start] = self.pool[i]
            # the slots each discard rank takes
            for i in range(15):
                self.of_rank[i] = 0
            for i in range(self.slots):
                self.of_rank[self.ranks[i]] |= ONE << i
            self.fit[0] = self.full
            for i in range(1, 14):
                mask = self.of_rank[0] | self.of_rank[self.fit_with[3 * i]]
                self.fit[i] = mask | self.of_rank[self.fit_with[3 * i + 1]] | self.of_rank[self.fit_with[3 * i + 2]]
            for a in range(self.actions):
                if width == 2:  # Three Peaks' width, a constant: the compiler unrolls what it bounds
                    self.wins[a] += self._judge(a, 2)
                else:
                    self.wins[a] += self._judge(a, width)
            self.judged += 1


def padded(numbers: Sequence[int], size: int, filler: int) -> list[int]:
    """``numbers`` filled up to ``size`` (a C array's, which takes a list of its own length only)."""
    assert len(numbers) <= size
    return [*numbers, *[filler] * (size - len(numbers))]


def playouts(seen: Seen, actions: Sequence[int], seed: int, stream: int) -> Playouts:
    """The ``Playouts`` of a position as its player sees it (a ``Seen``): ``actions`` are slots,
    ``-1`` to draw; the arrangements are ``seen.arrangements(seed)``'s (``stream``: its PCG32 stream)."""
    rules = seen.rules
    stock = [card.rank for card in seen.stock_seen]
    return Playouts(
        seen.layout,
        [UNSEEN if card is None else card.rank for card in seen.slot_cards],
        stock + [UNSEEN] * (seen.drawn + seen.stock_count - len(stock)),
        seen.unseen_places(),
        [card.rank for card in seen.unseen_cards()],
        seen.stock_start,
        *seen.masks,
        seen.drawn,
        seen.discard.rank if seen.discard else 0,
        [[rank for rank in range(14) if rules.fits(rank, onto)] for onto in range(14)],
        actions,
        seed,
        stream,
    )
