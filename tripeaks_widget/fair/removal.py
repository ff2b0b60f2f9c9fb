"""Removing a peak card from the packed board (bitmasks over a layout's slots, bit s for slot s):
the cards its removal uncovers, which come free, and which of them a player then sees turned up.

The exact fair value (``expectimax``) and the fair player's search (``search``) both play a card
this way and then look at what it uncovered: the expectimax to open a chance node for each card
turned up that was face down, the search to note the ranks the player now sees.
"""

from __future__ import annotations

from collections.abc import Sequence


def remove(
    removed: int, free: int, slot: int, uncovers: Sequence[Sequence[tuple[int, int]]]
) -> tuple[int, int, list[int]]:
    """The removed and the free slots once the free card in ``slot`` is played, and the slots the
    play uncovers (now free), in ``uncovers`` order (the layout's ``Layout.uncovers``)."""
    bit = 1 << slot
    removed |= bit
    free ^= bit
    uncovered = []
    for place_bit, covers in uncovers[slot]:
        if removed & covers == covers:
            free |= place_bit
            uncovered.append(place_bit.bit_length() - 1)
    return removed, free, uncovered
