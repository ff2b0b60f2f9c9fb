"""A deliberately plain expectimax over whole arrangements, used by the tests as an independent check
of ``tripeaks_widget.fair.expectimax``.

It deals the unseen cards into the unseen places in every way there is (suits and all, each
arrangement equally likely), plays every legal action in every arrangement with the engine's own
``Game``, and groups the arrangements by what the player sees after the action: a group is one
outcome of the chance node, weighted by its share. No rank counting, no bitmasks: slow but plainly
right, so small positions only (a handful of unseen cards).
"""

from __future__ import annotations

import itertools

from tripeaks_widget.engine.seen import Seen


def arrangements(seen: Seen) -> list:
    """Every game in this position whose deck agrees with what is seen, one per arrangement."""
    known, places = seen.known_places(), seen.unseen_places()
    games = []
    for cards in itertools.permutations(seen.unseen_cards()):
        deck = dict(known)
        deck.update(zip(places, cards, strict=True))
        games.append(seen.game_from(tuple(deck[i] for i in range(seen.deck_size))))
    return games


def looks(game) -> tuple:
    """What the player sees of a game now (the position and every face-up card)."""
    return (game.position, tuple(map(str, game.rows())), str(game.discard))


def best_chances(seen: Seen) -> dict[str, float]:
    """Every legal action's chance of winning with best play after it, over all arrangements."""
    memo: dict = {}

    def value(games: list) -> float:
        first = games[0]
        if first.status != "playing":
            return float(first.status == "won")
        key = (looks(first), frozenset(g.deck for g in games))
        if key not in memo:
            memo[key] = max(action_values(games).values())
        return memo[key]

    def action_values(games: list) -> dict[str, float]:
        values = {}
        for action in games[0].legal_moves():
            outcomes: dict[tuple, list] = {}
            for game in games:
                after = game.copy()
                after.apply(action)
                outcomes.setdefault(looks(after), []).append(after)
            values[action] = sum(len(group) * value(group) for group in outcomes.values()) / len(games)
        return values

    return action_values(arrangements(seen))
