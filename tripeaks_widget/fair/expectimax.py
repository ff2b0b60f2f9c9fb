# cython: annotation_typing=False
"""The exact fair value: the chance of winning with best play by a player who sees only what a
player sees, computed by expectimax over what the player knows.

Given what has been seen, every hidden card (a face-down peak card, a stock card not seen yet)
is a uniform draw from the cards not yet seen (``tripeaks_widget.engine.seen``). So the game as the
player knows it is a tree of the player's choices (the legal plays and the draw: a max node)
and of chance nodes: a card turned face up, a stock card drawn that was never seen. The win
needs ranks only, never suits, so a chance node has at most 13 outcomes (14 with the joker),
each weighted by how many unseen cards have that rank.

A node is what the player knows, and nothing else: the removed set, the ranks of the peak
cards seen and still on the table, the cards drawn, the discard's rank and the unseen cards'
rank counts. The memo keys on exactly that, so two games that look the same share every
node, and nothing here can reach a hidden card: the search is built from a ``Seen``.

The variants join as their rules say: the joker is one more rank (0, fitting every card) among
the unseen ones until it shows; open peaks (V4) leave only the stock to chance; "draw only when
stuck" (V5) allows a draw only when no card fits; an empty first discard (V6) takes every card;
Hogue's scoring (V2) changes points, never a win. Undo is not an action here: the value is the
chance of a player who plays on (an undo that peeks at the stock is not part of the game's
strategy, and the fair hint never suggests one).

The cost grows with the cards unseen and the cards left in play: ``solve`` takes a
``budget`` in seconds and raises ``SearchExhausted`` when the answer is not found within it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.layout import MAX_SLOTS, Layout
from ..engine.seen import Seen
from ..engine.steps import switch_point
from ..solver import SearchExhausted
from .removal import remove

if TYPE_CHECKING:  # what a type checker reads of ``cython``: the stand-in's types, as the source runs as Python
    from .._builds import cython
else:
    try:  # compiled: the types below are machine integers; as Python they are no-ops
        import cython
    except ImportError:
        from .._builds import cython

if TYPE_CHECKING:
    from typing import TypedDict

    from ..engine.cards import Card
    from ..engine.rules import Rules

    Memo = dict[tuple[int, int, int, int, int], float]  # (removed, known, drawn, top, counts) -> value
    Context = tuple[Rules, Layout, int]  # what a memo holds true for: the rules, the layout, the stock's size

    class Held(TypedDict):
        """A memo shared by a thread's searches, and what it holds true for (see :func:`shared_memo`)."""

        context: Context | None
        stock_known: tuple[int, ...]
        memo: Memo


Int64 = cython.typedef(cython.longlong)  # a bitmask, a count, a rank code, the packed unseen counts (60 bits)

CHECK_EVERY = 2048  # nodes between two looks at the clock
# Nodes between two switch points (compiled, the search holds the GIL, touching Python's ints and dicts,
# and runs no Python instruction; a few hundred nodes are well under a millisecond): a thread waiting
# for the GIL, the kernel's message handling, gets its turn as it would from Python code.
SWITCH_EVERY = cython.declare(Int64, 256)
NO_LIMIT = 1 << 62  # a node limit never reached
# Tables rather than shifts, so that the compiled build never shifts past a machine word: a card
# of each rank code in the packed unseen counts, and for each slot the mask that clears its code in ``known``.
UNIT = tuple(1 << (4 * code) for code in range(15))
CLEAR = tuple(~(15 << (4 * slot)) for slot in range(MAX_SLOTS))


def uncovering(layout: Layout) -> tuple[int, ...]:
    """A layout's slots grouped by how many cards their removal may uncover, most first, as masks:
    the order plays are tried in."""
    counts = [len(uncovers) for uncovers in layout.uncovers]
    return tuple(sum(1 << s for s, count in enumerate(counts) if count == n) for n in sorted(set(counts), reverse=True))


# A rank is coded in 4 bits: 0 unknown, 1 the joker (or an empty discard: every card fits it), 2 ace … 14 king.
JOKER_CODE = 1


def code_of(card: Card | None) -> int:
    """A card's rank as the search codes it (the joker has a code of its own)."""
    return JOKER_CODE if card is None else card.rank + 1


@dataclass(frozen=True)
class ExactValue:
    """The exact chance of winning from a position (``value``), every legal action's exact chance
    (``actions``, in ``legal_moves`` order) and the nodes the search visited."""

    value: float
    actions: dict[str, float]
    nodes: int

    @property
    def best(self) -> str | None:
        """The action with the highest chance; on a tie the first in ``legal_moves`` order."""
        return max(self.actions, key=lambda a: self.actions[a], default=None)


@cython.cclass
class Expectimax:
    """The expectimax of one position's game as its player knows it (see the module's notes)."""

    seen: Seen = cython.declare(object, visibility="readonly")
    deadline: float | None = cython.declare(object, visibility="readonly")
    node_limit: int | None = cython.declare(object, visibility="readonly")
    memo: Memo = cython.declare(dict, visibility="readonly")
    fits: tuple[int, ...] = cython.declare(tuple, visibility="readonly")
    uncovers: tuple[tuple[tuple[int, int], ...], ...] = cython.declare(tuple)  # the layout's ``Layout.uncovers``
    order: tuple[int, ...] = cython.declare(tuple)  # its ``uncovering``
    full = cython.declare(cython.longlong)  # the mask of its every slot
    stock_known: tuple[int, ...] = cython.declare(tuple, visibility="readonly")
    nodes = cython.declare(cython.longlong, visibility="readonly")
    limit = cython.declare(cython.longlong)
    stock_total = cython.declare(cython.longlong)
    when_stuck = cython.declare(cython.bint)

    def __init__(self, seen: Seen, deadline: float | None = None, node_limit: int | None = None) -> None:
        rules, layout = seen.rules, seen.layout
        self.seen = seen
        self.uncovers, self.order, self.full = layout.uncovers, uncovering(layout), layout.all_slots_mask
        self.deadline = deadline
        self.node_limit = node_limit
        self.limit = NO_LIMIT if node_limit is None else min(node_limit, NO_LIMIT)
        self.nodes = 0
        # fits[top] is the set of rank codes (a bitmask over codes) that go on a discard of code ``top``
        fits = [0] * 15
        for top in range(1, 15):
            for code in range(1, 15):
                if rules.fits(code - 1, top - 1):
                    fits[top] |= 1 << code
        self.fits = tuple(fits)
        self.stock_known = tuple(code_of(card) for card in seen.stock_seen)
        self.stock_total = seen.drawn + seen.stock_count
        self.when_stuck = rules.draw_when_stuck
        # (removed, known, drawn, top, counts) -> value; ``known`` is 4 bits a slot: a Python int
        self.memo = _memo((rules, layout, self.stock_total), self.stock_known)

    # -- the root ---------------------------------------------------------------------------------

    def root(self) -> tuple[int, int, int, int, int, int]:
        """(removed, free, known, drawn, top, counts) of the position seen."""
        seen = self.seen
        removed, free = seen.masks
        known = 0
        for slot, card in enumerate(seen.slot_cards):
            if card is not None and not removed >> slot & 1:
                known |= code_of(card) << (4 * slot)
        counts = 0
        for card in seen.unseen_cards():
            counts += 1 << (4 * code_of(card))
        return removed, free, known, seen.drawn, code_of(seen.discard), counts

    def solve(self) -> ExactValue:
        """Every legal action's exact chance, and the position's."""
        seen = self.seen
        removed, free, known, drawn, _, counts = self.root()
        total = len(seen.unseen_cards())
        if seen.status != "playing":
            return ExactValue(float(seen.status == "won"), {}, 0)
        actions: dict[str, float] = {}
        try:
            slot_of = {str(seen.slot_cards[s]): s for s in seen.free}
            for action in seen.legal_moves:
                if action == "draw":
                    actions[action] = self._draw(removed, free, known, drawn, counts, total)
                else:
                    actions[action] = self._play(removed, free, known, drawn, counts, total, slot_of[action])
        except SearchExhausted:
            raise SearchExhausted(f"no exact fair value within the budget ({self.nodes} nodes searched)") from None
        return ExactValue(max(actions.values(), default=0.0), actions, self.nodes)

    # -- the search -------------------------------------------------------------------------------

    @cython.cfunc
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchExhausted
        if self.nodes % SWITCH_EVERY == 0:
            switch_point()
        if self.nodes % CHECK_EVERY == 0 and self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchExhausted

    @cython.ccall
    @cython.locals(removed=Int64, free=Int64, drawn=Int64, top=Int64, counts=Int64, total=Int64)
    @cython.locals(best=cython.double, value=cython.double, fits=Int64, playable=Int64, rest=Int64, bit=Int64)
    @cython.locals(slot=Int64, group=Int64)
    @cython.returns(cython.double)
    def value(self, removed: int, free: int, known: int, drawn: int, top: int, counts: int, total: int) -> float:
        """The chance of winning with best play from a decision node."""
        if removed == self.full:
            return 1.0
        key = (removed, known, drawn, top, counts)
        found = self.memo.get(key)
        if found is not None:
            return found
        self._tick()
        best = 0.0
        fits = self.fits[top]
        playable = 0
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
            slot = bit.bit_length() - 1
            if fits >> (known >> (4 * slot) & 15) & 1:
                playable |= bit
        # a play that uncovers cards first: it is the likeliest to keep a run going
        for group in self.order:
            rest = playable & group
            while rest and best < 1.0:
                bit = rest & -rest
                rest ^= bit
                value = self._play(removed, free, known, drawn, counts, total, bit.bit_length() - 1)
                if value > best:
                    best = value
        if best < 1.0 and drawn < self.stock_total and not (self.when_stuck and playable):
            value = self._draw(removed, free, known, drawn, counts, total)
            if value > best:
                best = value
        self.memo[key] = best
        return best

    @cython.ccall
    @cython.locals(removed=Int64, free=Int64, drawn=Int64, counts=Int64, total=Int64, slot=Int64, top=Int64)
    @cython.locals(place=Int64)
    @cython.returns(cython.double)
    def _play(self, removed: int, free: int, known: int, drawn: int, counts: int, total: int, slot: int) -> float:
        """Play the free card in ``slot``: the cards it uncovers are turned up (chance nodes)."""
        top = known >> (4 * slot) & 15
        known &= CLEAR[slot]
        removed, free, uncovered = remove(removed, free, slot, self.uncovers)
        turned = [place for place in uncovered if not known >> (4 * place) & 15]
        return self._reveal(removed, free, known, drawn, top, counts, total, turned)

    @cython.ccall
    @cython.locals(removed=Int64, free=Int64, drawn=Int64, top=Int64, counts=Int64, total=Int64, place=Int64)
    @cython.locals(expected=cython.double, code=Int64, count=Int64)  # shift: a Python int, past 64 bits
    @cython.returns(cython.double)
    def _reveal(
        self, removed: int, free: int, known: int, drawn: int, top: int, counts: int, total: int, places: list[int]
    ) -> float:
        """Turn up the unseen cards in ``places``, one after the other: each is any unseen rank,
        weighted by how many unseen cards have it."""
        if not places:
            return self.value(removed, free, known, drawn, top, counts, total)
        place, rest = places[0], places[1:]
        shift = 4 * place
        expected = 0.0
        for code in range(1, 15):
            count = counts >> (4 * code) & 15
            if count:
                expected += count * self._reveal(
                    removed, free, known | code << shift, drawn, top, counts - UNIT[code], total - 1, rest
                )
        return expected / total

    @cython.ccall
    @cython.locals(removed=Int64, free=Int64, drawn=Int64, counts=Int64, total=Int64)
    @cython.locals(expected=cython.double, code=Int64, count=Int64)
    @cython.returns(cython.double)
    def _draw(self, removed: int, free: int, known: int, drawn: int, counts: int, total: int) -> float:
        """Draw the stock's top card: one seen before (put back by undo), or any unseen rank."""
        if drawn < len(self.stock_known):
            return self.value(removed, free, known, drawn + 1, self.stock_known[drawn], counts, total)
        expected = 0.0
        for code in range(1, 15):
            count = counts >> (4 * code) & 15
            if count:
                expected += count * self.value(removed, free, known, drawn + 1, code, counts - UNIT[code], total - 1)
        return expected / total


# -- one memo for the decisions of one game ------------------------------------------------------------

_shared = threading.local()  # .memos: the shared memos open in this thread, innermost last


@contextlib.contextmanager
def shared_memo() -> Iterator[None]:
    """Within it, each search of this thread takes the memo of the search before it when that memo
    is still true of it: a node's value is a function of its key (what the player knows) once the
    rules, the layout, the stock's size and the stock cards seen, in order, are the same; as a game goes on,
    the stock cards seen only grow, and a card newly seen never counts as unseen again, so the
    nodes of an earlier search keep their values. The fair player's decisions of one game share
    it (``strategies.play``): a later decision finds much of its tree solved."""
    memos: list[Held] | None = getattr(_shared, "memos", None)
    if memos is None:
        memos = _shared.memos = []
    memos.append({"context": None, "stock_known": (), "memo": {}})
    try:
        yield
    finally:
        memos.pop()


def _memo(context: Context, stock_known: tuple[int, ...]) -> Memo:
    """A memo for a search: the shared one where it still holds (see :func:`shared_memo`), else a new one."""
    memos: list[Held] | None = getattr(_shared, "memos", None)
    if not memos:
        return {}
    held = memos[-1]
    grown = held["context"] == context and stock_known[: len(held["stock_known"])] == held["stock_known"]
    if not grown:
        held["context"], held["memo"] = context, {}
    held["stock_known"] = stock_known
    return held["memo"]


def solve(seen: Seen, *, budget: float | None = None, node_limit: int | None = None) -> ExactValue:
    """The exact fair value of a position and of each legal action (see the module's notes);
    ``SearchExhausted`` when ``budget`` seconds, or ``node_limit`` decision nodes (a limit that
    answers the same on every machine), run out first."""
    deadline = None if budget is None else time.perf_counter() + budget
    return Expectimax(seen, deadline, node_limit).solve()
