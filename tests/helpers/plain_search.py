"""A deliberately plain exhaustive search, used by the tests as an independent check.

It knows only the engine's public rules pieces (layout, rule set) and walks every
line from a position, remembering positions it has seen. Slow but obviously right.
"""

from __future__ import annotations

from functools import cache

from tripeaks_widget.engine.game import HOGUE_DRAW_COST
from tripeaks_widget.engine.layout import THREE_PEAKS

SLOT_COUNT, ALL_SLOTS_MASK, COVER_MASK = THREE_PEAKS.slot_count, THREE_PEAKS.all_slots_mask, THREE_PEAKS.cover_mask
STOCK_START = SLOT_COUNT + 1  # the deck's first stock card: after the slots' cards and the discard


def most_cleared(deck, rules, removed=0, drawn=0, discard=None, max_draws=None) -> int:
    """The most peak cards that can be removed in total from this position (28 = winnable),
    optionally with at most ``max_draws`` further draws."""
    limit = len(deck) - STOCK_START if max_draws is None else max_draws
    ranks = [card.rank for card in deck]
    fits = [[rules.fits(rank, onto) for onto in range(14)] for rank in range(14)]  # [rank][onto]

    @cache
    def best(removed: int, drawn: int, top_rank: int | None, draws_left: int) -> int:
        if removed == ALL_SLOTS_MASK:
            return SLOT_COUNT
        result = bin(removed).count("1")
        for slot in range(SLOT_COUNT):
            cover = COVER_MASK[slot]
            if removed >> slot & 1 or removed & cover != cover:
                continue
            rank = ranks[slot]
            if top_rank is None or fits[rank][top_rank]:
                result = max(result, best(removed | 1 << slot, drawn, rank, draws_left))
                if result == SLOT_COUNT:
                    return result
        if STOCK_START + drawn < len(deck) and draws_left:
            result = max(result, best(removed, drawn + 1, ranks[STOCK_START + drawn], draws_left - 1))
        return result

    return best(removed, drawn, discard.rank if discard else None, limit)


def winnable(deck, rules, **position) -> bool:
    return most_cleared(deck, rules, **position) == SLOT_COUNT


def highest_score(game, *, free_draws: bool = False, may_stop: bool = False) -> int:
    """The highest final score any line from the game's position reaches, walking the
    engine's own legal moves until the game ends (won or blocked). Exponential: small
    positions only. Other readings of V2: ``free_draws`` gives back each draw's cost from
    here on; with ``may_stop`` a line may end at any moment."""
    memo: dict = {}
    drawn = game.position[1]

    def value(g) -> int:
        return g.score + (HOGUE_DRAW_COST * (g.position[1] - drawn) if free_draws else 0)

    def best(g, run: int) -> int:
        if g.status != "playing":
            return value(g)
        key = (g.position, run)
        if key not in memo:
            ends = [best(g.copy().replay([m]), 0 if m == "draw" else run + 1) for m in g.legal_moves()]
            memo[key] = max(ends + [value(g)] if may_stop else ends) - value(g)
        return value(g) + memo[key]

    run = 0
    for action in reversed(game.history):
        if action == "draw":
            break
        run += 1
    return best(game, run)


def longest_run(game) -> int:
    """The longest run of cards played without a draw that any line from the game's position
    makes, the run it is in counting, walking the engine's own legal moves. Small positions only."""
    memo: dict = {}

    def best(g, run: int) -> int:
        key = (g.position, run)
        if key not in memo:
            after = [best(g.copy().replay([m]), 0 if m == "draw" else run + 1) for m in g.legal_moves()]
            memo[key] = max([run, *after])
        return memo[key]

    return best(game, game.run)


def most_of(game, cards) -> int:
    """The most of ``cards`` cleared from the peaks at the end of any line from the game's
    position (those cleared already count), walking the engine's own legal moves."""
    slots = [slot for slot in range(SLOT_COUNT) if game.deck[slot] in set(cards)]
    memo: dict = {}

    def best(g) -> int:
        if g.position not in memo:
            here = sum(g.is_removed(slot) for slot in slots)
            memo[g.position] = max([here] + [best(g.copy().replay([m])) for m in g.legal_moves()])
        return memo[g.position]

    return best(game)


def fewest_draws(game) -> int | None:
    """The fewest draws of the whole game at a win from the game's position (those made count),
    walking the engine's own legal moves; None when no line wins."""
    memo: dict = {}

    def best(g) -> int | None:
        if g.status == "won":
            return g.position.drawn
        if g.position not in memo:
            wins = [d for d in (best(g.copy().replay([m])) for m in g.legal_moves()) if d is not None]
            memo[g.position] = min(wins, default=None)
        return memo[g.position]

    return best(game)
