"""A fair player's search: single-observer information-set Monte Carlo tree search (Cowling, Powley
and Whitehouse, 2012) over what the player sees, with chance nodes for the cards turned up.

Each iteration deals the unseen cards at random in agreement with what is seen (one
*determinization*, ``Seen.arrangements``) and walks down a tree of what the player would know:
a node is a moment of the player's game, its children the legal actions, and after an action the
cards it turns up (the ranks of the peak cards it frees, or the card drawn) pick the next node, so
every chance outcome has its own subtree, visited as often as the deal makes it. At a node the
action is chosen by UCB1; at a new node the rest of the game is played out by ``lookahead`` on the
dealt cards (which reads only cards a player could see), or, once few cards are unseen, valued
exactly by the expectimax of ``tripeaks_widget.fair.expectimax`` (its memo shared by the whole
search). The result of the iteration goes back up the path.

The tree's nodes are what the player knows, never a hidden card: the deal of an iteration only
decides which outcome happens, as the real deal will. So two games that look the same get the
same search for the same seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.errors import SearchExhausted
from ..engine.seen import Seen
from .expectimax import Expectimax
from .playout import lookahead_wins
from .removal import remove

EXPLORATION = 0.7  # UCB1's constant, on chances in 0..1
LEAF_EXACT_UNSEEN = 6  # a new node with at most this many cards unseen is valued exactly
DRAW = -1  # the action "draw" among slot numbers


@dataclass
class Node:
    """What the player knows at one moment: each action's visits and summed value, and the nodes
    its outcomes lead to."""

    visits: dict[int, int] = field(default_factory=dict)
    total: dict[int, float] = field(default_factory=dict)
    children: dict[tuple[int, ...], Node] = field(default_factory=dict)  # by what the player saw of an action


@dataclass(frozen=True)
class Searched:
    """Each root action's visits and mean value (``actions``: notation -> (visits, value))."""

    actions: dict[str, tuple[int, float]]
    iterations: int


class Search:
    """One tree search over what the player sees (``method='search'``), from a ``Seen``."""

    def __init__(self, seen: Seen, seed: int, deadline: float | None) -> None:
        self.seen = seen
        self.rules = seen.rules
        self.layout = seen.layout
        self.slot_count, self.uncovers, self.full = (
            self.layout.slot_count,
            self.layout.uncovers,
            self.layout.all_slots_mask,
        )
        self.deadline = deadline
        self.root = Node()
        self.decks = seen.arrangements(seed)
        self.exact = Expectimax(seen, deadline)
        self.root_state = self.exact.root()
        self.total_unseen = len(seen.unseen_cards())
        self.stock_known = len(seen.stock_seen)
        self.when_stuck = self.rules.draw_when_stuck
        self.slot_of = {s: str(seen.slot_cards[s]) for s in seen.free}

    def legal(
        self,
        removed: int,
        free: int,
        drawn: int,
        top: int,
        ranks: Sequence[int],
        fit: Sequence[int],
        stock: Sequence[int],
    ) -> list[int]:
        """The actions legal in a position of the search (playable slots, then draw when allowed)."""
        playable = free & fit[top]
        actions = []
        rest = playable
        while rest:
            bit = rest & -rest
            rest ^= bit
            actions.append(bit.bit_length() - 1)
        if drawn < len(stock) and not (self.when_stuck and playable):
            actions.append(DRAW)
        return actions

    def iterate(self) -> None:
        """One iteration: a deal, a walk down the tree, a new node valued, the value backed up."""
        deck = next(self.decks)
        seen = self.seen
        ranks = [card.rank for card in deck[: self.slot_count]]
        stock = [card.rank for card in deck[seen.stock_start :]]
        fit = self.rules.fit_masks(ranks)
        removed, free, known, drawn, top_code, counts = self.root_state
        top = top_code - 1  # ranks: 0 the joker or an empty discard
        total = self.total_unseen
        node = self.root
        path: list[tuple[Node, int]] = []
        value = 0.0
        while True:
            if removed == self.full:
                value = 1.0
                break
            actions = self.legal(removed, free, drawn, top, ranks, fit, stock)
            if not actions:
                value = 0.0
                break
            action = self.choose(node, actions)
            path.append((node, action))
            # play the action on the dealt cards, noting what the player sees of it
            if action == DRAW:
                top = stock[drawn]
                if drawn >= self.stock_known:
                    counts -= 1 << (4 * (top + 1))
                    total -= 1
                drawn += 1
                seen_now: tuple[int, ...] = (DRAW, top)
            else:
                known &= ~(15 << (4 * action))
                top = ranks[action]
                removed, free, uncovered = remove(removed, free, action, self.uncovers)
                turned = []
                for place in uncovered:
                    if not known >> (4 * place) & 15:
                        known |= (ranks[place] + 1) << (4 * place)
                        counts -= 1 << (4 * (ranks[place] + 1))
                        total -= 1
                    turned.append(ranks[place])
                seen_now = (action, *turned)
            child = node.children.get(seen_now)
            if child is None:
                node.children[seen_now] = Node()
                value = self.leaf(removed, free, known, drawn, top, counts, total, ranks, fit, stock)
                break
            node = child
        for visited, action in path:
            visited.visits[action] = visited.visits.get(action, 0) + 1
            visited.total[action] = visited.total.get(action, 0.0) + value

    def choose(self, node: Node, actions: list[int]) -> int:
        """UCB1 over the actions: an action never tried first, in order (plays before the draw)."""
        parent = 0
        for action in actions:
            tried = node.visits.get(action, 0)
            if not tried:
                return action
            parent += tried
        log = math.log(parent)
        best, choice = -1.0, actions[0]
        for action in actions:
            tried = node.visits[action]
            score = node.total[action] / tried + EXPLORATION * math.sqrt(log / tried)
            if score > best:
                best, choice = score, action
        return choice

    def leaf(
        self,
        removed: int,
        free: int,
        known: int,
        drawn: int,
        top: int,
        counts: int,
        total: int,
        ranks: Sequence[int],
        fit: Sequence[int],
        stock: Sequence[int],
    ) -> float:
        """A new node's value: exact once few cards are unseen, else a ``lookahead`` playout."""
        if removed == self.full:
            return 1.0
        if total <= LEAF_EXACT_UNSEEN:
            try:
                return self.exact.value(removed, free, known, drawn, top + 1, counts, total)
            except SearchExhausted:
                pass  # no time for it: a playout instead
        return float(lookahead_wins(ranks, stock, fit, removed, free, drawn, top, self.layout))

    def result(self, iterations: int) -> Searched:
        """The search's answer after ``iterations``: each root action's visits and mean result."""
        actions = {}
        for action, visits in self.root.visits.items():
            name = "draw" if action == DRAW else self.slot_of[action]
            actions[name] = (visits, self.root.total[action] / visits)
        order = {action: i for i, action in enumerate(self.seen.legal_moves)}
        return Searched(dict(sorted(actions.items(), key=lambda item: order[item[0]])), iterations)


def search(seen: Seen, *, iterations: int, seed: int = 0, deadline: float | None = None) -> Searched:
    """Search ``iterations`` deals (fewer when ``deadline``, a ``time.perf_counter()`` time, comes
    first; at least one per legal action unless time is out before)."""
    tree = Search(seen, seed, deadline)
    done = 0
    while done < iterations:
        if deadline is not None and done % 16 == 0 and time.perf_counter() > deadline:
            break
        tree.iterate()
        done += 1
    return tree.result(done)
