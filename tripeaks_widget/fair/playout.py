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

A position is bitmasks over the 28 slots (bit s for slot s): ``removed`` (played) and
``free`` (face up, no card covering it), the cards ``drawn`` from the stock and the
discard's ``rank`` (0: a joker, or an empty discard, which every card fits).

Compiled with Cython (``_builds.CYTHON_MODULES``, its pure-Python mode: the types are the
decorators', and the source runs unchanged as Python). ``Playouts`` keeps a position and its
arrangement in fixed arrays, deals the ranks itself (PCG32 and the shuffle of ``deal``, written
again on machine words: the same stream gives the same arrangements as ``Seen.arrangements``, a
test holds it) and plays ``lookahead`` on them (``_wins``: ``lookahead_wins`` on its arrays), so
that, compiled, no Python object is touched between two arrangements: about 210,000-240,000
arrangements a second (each judging every action), against 11,000-17,000 when the arrangements
were dealt in Python and 7,000-9,000 for these sources run as Python (``benchmarks/fair_speed.py``,
20 positions per rule set, CPU time).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.deal import MASK32, MASK64, PCG_MULTIPLIER
from ..engine.layout import ALL_SLOTS_MASK, SLOT_COUNT, UNCOVERS
from ..engine.seen import Seen

try:  # compiled: the types below are machine integers; as Python they are no-ops
    import cython
except ImportError:
    from .._builds import cython

Int64 = cython.typedef(cython.longlong)  # a bitmask of slots, a slot, a rank, a count
MULTIPLIER = cython.declare(cython.ulonglong, PCG_MULTIPLIER)  # PCG32's, as machine words when compiled
LOW32 = cython.declare(cython.ulonglong, MASK32)
FULL = cython.declare(Int64, ALL_SLOTS_MASK)
CHOOSE = cython.declare(Int64, SLOT_COUNT)  # no first action for ``_wins``: ``lookahead`` chooses every move

# ``UNCOVERS`` as one flat table, four numbers a slot: the first card its removal may uncover (its
# bit) and the mask of the cards covering that card, then the same for the second; a bit 0 and a
# mask no removed set contains where there is none.
_NONE = ALL_SLOTS_MASK + 1
UNCOVER = tuple(
    number for u in UNCOVERS for number in (u[0] if u else (0, _NONE)) + (u[1] if len(u) > 1 else (0, _NONE))
)
assert all(len(u) <= 2 for u in UNCOVERS) and len(UNCOVER) == 4 * SLOT_COUNT
Table = cython.typedef(cython.p_longlong)  # compiled: a C array's first number; as Python, a sequence
TABLE = cython.declare(cython.longlong[112])
TABLE = UNCOVER  # compiled: copied once into a C array; as Python, the tuple itself


@cython.ccall
@cython.locals(i=Int64)
def lookahead_slot(removed: int, free: int, playable: int, ranks: Sequence[int], fit: Sequence[int]) -> int:
    """The slot ``lookahead`` plays of the ``playable`` ones (a mask, not empty): the card whose
    removal frees the most cards, then the one on which the most other free cards fit next;
    the lowest slot on a tie. Reads only free cards' ranks: cards a player can see."""
    if not cython.compiled:
        return _choice(removed, free, playable, ranks, fit, TABLE)
    ranks_ = cython.declare(cython.longlong[28])  # compiled: the tables copied into C arrays
    fit_ = cython.declare(cython.longlong[14])
    for i in range(28):
        ranks_[i] = ranks[i]
    for i in range(14):
        fit_[i] = fit[i]
    return _choice(removed, free, playable, ranks_, fit_, TABLE)


@cython.locals(i=Int64, stock_count=Int64)
def lookahead_wins(
    ranks: Sequence[int], stock: Sequence[int], fit: Sequence[int], removed: int, free: int, drawn: int, rank: int
) -> bool:
    """Whether ``lookahead`` wins from this position of a known arrangement: ``ranks`` of the
    28 slots, ``stock`` the stock's ranks from its first card, ``fit`` the ``Rules.fit_masks``
    of ``ranks``.
    It draws only when no card fits, so it plays the same under every drawing rule."""
    stock_count = len(stock)
    if not cython.compiled:
        return _wins(ranks, stock, stock_count, fit, TABLE, removed, free, drawn, rank, CHOOSE)
    ranks_ = cython.declare(cython.longlong[28])  # compiled: the tables copied into C arrays
    stock_ = cython.declare(cython.longlong[24])
    fit_ = cython.declare(cython.longlong[14])
    for i in range(28):
        ranks_[i] = ranks[i]
    for i in range(stock_count):
        stock_[i] = stock[i]
    for i in range(14):
        fit_[i] = fit[i]
    return _wins(ranks_, stock_, stock_count, fit_, TABLE, removed, free, drawn, rank, CHOOSE)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(ranks=Table, fit=Table, table=Table, removed=Int64, free=Int64, playable=Int64, bit=Int64)
@cython.locals(slot=Int64, after=Int64, covers=Int64, freed=Int64, fitting=Int64, best_freed=Int64)
@cython.locals(best_fitting=Int64, choice=Int64)
@cython.returns(Int64)
def _choice(removed: int, free: int, playable: int, ranks, fit, table) -> int:
    """``lookahead_slot`` on tables: compiled, on C arrays."""
    best_freed, best_fitting, choice = -1, -1, -1
    while playable:
        bit = playable & -playable
        playable ^= bit
        slot = lowest_slot(bit)
        after = removed | bit
        covers = table[4 * slot + 1]
        freed = after & covers == covers
        covers = table[4 * slot + 3]
        freed += after & covers == covers
        fitting = count_bits((free ^ bit) & fit[ranks[slot]])
        if freed > best_freed or (freed == best_freed and fitting > best_fitting):
            best_freed, best_fitting, choice = freed, fitting, slot
    return choice


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(ranks=Table, stock=Table, fit=Table, table=Table, stock_count=Int64, removed=Int64, free=Int64)
@cython.locals(drawn=Int64, top=Int64, first=Int64, playable=Int64, slot=Int64, bit=Int64, covers=Int64)
@cython.returns(cython.bint)
def _wins(
    ranks, stock, stock_count: int, fit, table, removed: int, free: int, drawn: int, top: int, first: int
) -> bool:
    """``lookahead_wins`` on tables (compiled, on C arrays), its first action ``first``: a slot,
    a draw (below 0) or ``CHOOSE``."""
    while removed != FULL:
        if first == CHOOSE:
            playable = free & fit[top]
            slot = _choice(removed, free, playable, ranks, fit, table) if playable else -1
        else:
            slot, first = first, CHOOSE
        if slot < 0:
            if drawn >= stock_count:
                return False
            top = stock[drawn]
            drawn += 1
            continue
        bit = 1 << slot  # layout.play, written inline
        removed |= bit
        free ^= bit
        covers = table[4 * slot + 1]
        if removed & covers == covers:
            free |= table[4 * slot]
        covers = table[4 * slot + 3]
        if removed & covers == covers:
            free |= table[4 * slot + 2]
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

    A position is ``slot_rank`` (each slot's rank, ``UNSEEN`` where face down), ``stock_rank``
    (the stock from its first card, ``UNSEEN`` below what was drawn), the removed and the free
    slots as bitmasks, the cards ``drawn`` and the discard's rank ``top`` (0: a joker, or an
    empty discard, which every card fits); an action is a slot, or ``-1`` to draw."""

    slot_rank = cython.declare(cython.longlong[28])
    stock_rank = cython.declare(cython.longlong[24])
    place = cython.declare(cython.longlong[53])  # the unseen places, in deck order
    card_rank = cython.declare(cython.longlong[53])  # the unseen cards' ranks, in the order they are shuffled
    pool = cython.declare(cython.longlong[53])
    ranks = cython.declare(cython.longlong[28])  # the arrangement being judged
    stock = cython.declare(cython.longlong[24])
    of_rank = cython.declare(cython.longlong[15])  # its slots of each rank; 14: none
    fit = cython.declare(cython.longlong[14])  # its slots that go on each discard rank
    fit_with = cython.declare(cython.longlong[42])  # the ranks fitting each discard rank, 3 a rank, 14 for none
    action = cython.declare(cython.longlong[29])
    wins = cython.declare(cython.longlong[29])
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

    def __init__(
        self,
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
        assert len(places) == len(card_ranks) and len(actions) <= 29 and len(stock_rank) <= 24
        self.slot_rank = list(slot_rank)
        self.stock_rank = list(stock_rank) + [UNSEEN] * (24 - len(stock_rank))
        self.place = list(places) + [0] * (53 - len(places))
        self.card_rank = list(card_ranks) + [0] * (53 - len(card_ranks))
        self.pool = [0] * 53
        self.ranks = [0] * 28
        self.stock = [0] * 24
        self.of_rank = [0] * 15
        self.fit = [0] * 14
        # each discard rank's fitting ranks, but for the joker (0): it fits, and takes, every card
        self.fit_with = [r for onto in range(14) for r in ([*(x for x in fitting[onto] if x), 14, 14, 14][:3])]
        assert all(len([x for x in fitting[onto] if x]) <= 3 for onto in range(1, 14))
        self.action = list(actions) + [0] * (29 - len(actions))
        self.wins = [0] * 29
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
    @cython.locals(count=Int64, i=Int64, j=Int64, swap=Int64, place=Int64, a=Int64, mask=Int64, won=cython.bint)
    @cython.returns(cython.void)
    def _run(self, count: int) -> None:
        """``run``'s work, on the fixed arrays only."""
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
            for i in range(28):
                self.ranks[i] = self.slot_rank[i]
            for i in range(self.stock_total):
                self.stock[i] = self.stock_rank[i]
            for i in range(self.unseen):
                place = self.place[i]
                if place < 28:
                    self.ranks[place] = self.pool[i]
                else:
                    self.stock[place - self.stock_start] = self.pool[i]
            # the slots each discard rank takes
            for i in range(15):
                self.of_rank[i] = 0
            for i in range(28):
                self.of_rank[self.ranks[i]] |= 1 << i
            self.fit[0] = FULL
            for i in range(1, 14):
                mask = self.of_rank[0] | self.of_rank[self.fit_with[3 * i]]
                self.fit[i] = mask | self.of_rank[self.fit_with[3 * i + 1]] | self.of_rank[self.fit_with[3 * i + 2]]
            for a in range(self.actions):
                won = _wins(
                    self.ranks,
                    self.stock,
                    self.stock_total,
                    self.fit,
                    TABLE,
                    self.removed,
                    self.free,
                    self.drawn,
                    self.top,
                    self.action[a],
                )
                self.wins[a] += won
            self.judged += 1


def playouts(seen: Seen, actions: Sequence[int], seed: int, stream: int) -> Playouts:
    """The ``Playouts`` of a position as its player sees it (a ``Seen``): ``actions`` are slots,
    ``-1`` to draw; the arrangements are ``seen.arrangements(seed)``'s (``stream``: its PCG32 stream)."""
    rules = seen.rules
    stock = [card.rank for card in seen.stock_seen]
    return Playouts(
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
