"""Playing a position out, fast: the ``lookahead`` strategy's choice on bitmasks, and a whole
game played by it on one known arrangement.

Fair play's playouts (``fair``, ``method="playout"``) judge an action by how often the rest
of the game, played by ``lookahead``, wins on sampled arrangements: one playout costs tens of
microseconds where an exact verdict costs milliseconds. ``strategies.lookahead`` makes its
choice here too, so the strategy measured and the one played out are one and the same.

A position is bitmasks over the 28 slots (bit s for slot s): ``removed`` (played) and
``free`` (face up, no card covering it), the cards ``drawn`` from the stock and the
discard's ``rank`` (0: a joker, or an empty discard, which every card fits).
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import ALL_SLOTS_MASK, UNCOVERS, play


def lookahead_slot(removed: int, free: int, playable: int, ranks: Sequence[int], fit: Sequence[int]) -> int:
    """The slot ``lookahead`` plays of the ``playable`` ones (a mask, not empty): the card whose
    removal frees the most cards, then the one on which the most other free cards fit next;
    the lowest slot on a tie. Reads only free cards' ranks: cards a player can see."""
    best, choice = (-1, -1), -1
    while playable:
        bit = playable & -playable
        playable ^= bit
        slot = bit.bit_length() - 1
        after = removed | bit
        freed = sum(after & covers == covers for _, covers in UNCOVERS[slot])
        promise = (freed, ((free ^ bit) & fit[ranks[slot]]).bit_count())
        if promise > best:
            best, choice = promise, slot
    return choice


def lookahead_wins(
    ranks: Sequence[int], stock: Sequence[int], fit: Sequence[int], removed: int, free: int, drawn: int, rank: int
) -> bool:
    """Whether ``lookahead`` wins from this position of a known arrangement: ``ranks`` of the
    28 slots, ``stock`` the stock's ranks from its first card, ``fit`` the ``Rules.fit_masks``
    of ``ranks``.
    It draws only when no card fits, so it plays the same under every drawing rule."""
    while removed != ALL_SLOTS_MASK:
        playable = free & fit[rank]
        if not playable:
            if drawn >= len(stock):
                return False
            rank, drawn = stock[drawn], drawn + 1
            continue
        slot = lookahead_slot(removed, free, playable, ranks, fit)
        removed, free = play(removed, free, slot)
        rank = ranks[slot]
    return True
