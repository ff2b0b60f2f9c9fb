"""Fair play's answers on a fixed set of sampled positions, as JSON, from whichever build this
process runs: the playouts' win counts per action (the same samples and seed), the exact fair
value of each action where at most 8 cards are unseen, and the tree search's visits and values;
on Three Peaks under five rule sets, and on every other layout of ``LAYOUTS`` under two, fewer.
The differential test (test_fair_backends.py) runs this file twice, once with
``TRIPEAKS_PURE_PYTHON=1``, and compares. ``python tests/helpers/fair_runs.py POSITIONS`` prints
{"backend": ..., "answers": {...}}."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tripeaks_widget import LAYOUTS, Game, fair, solver
from tripeaks_widget.fair import expectimax
from tripeaks_widget.fair import tree as search
from tripeaks_widget.fair.strategies import lookahead

SEED = 20261202
RULE_SETS = ("easy", "classic", "easy+joker", "classic+open-peaks", "site")
LAYOUT_RULE_SETS = ("easy", "classic+joker")  # on each layout but Three Peaks …
LAYOUT_GAMES = 2  # … this many games each


def positions(rules: str, count: int, layout=None):
    """``count`` games played by lookahead (on ``layout``, None: Three Peaks): a mid-game position
    of each (a choice), and its first position with at most 8 cards unseen and a choice (or None)."""
    rng = random.Random(f"{SEED}-{rules}" + ("" if layout is None else f"-{layout.key}"))
    for _ in range(count):
        number = rng.randrange(1, 10**6)
        game = Game.from_number(number, rules, layout=layout)
        moves, middle, end = rng.randrange(4, 20), None, None
        while game.status == "playing" and end is None:
            seen = game.seen()
            choice = len(seen.legal_moves) > 1
            if middle is None and choice and len(game.history) >= moves:
                middle = seen
            if choice and seen.hidden_count <= 8 and not rules.endswith("open-peaks"):
                end = seen
            game.apply(lookahead(seen))
        yield number, middle, end


def runs(count: int):
    """(key, rules, games, layout): Three Peaks under every rule set, the other layouts under a few."""
    for rules in RULE_SETS:
        yield rules, rules, count, None
    for layout in LAYOUTS.values():
        if layout.key != "THREE-PEAKS":
            for rules in LAYOUT_RULE_SETS:
                yield f"{rules}@{layout.key}", rules, LAYOUT_GAMES, layout


def answers(count: int) -> dict:
    found: dict = {}
    for name, rules, games, layout in runs(count):
        for number, middle, end in positions(rules, games, layout):
            key = f"{name} {number}"
            if middle is not None:
                verdicts, _ = fair.playout_verdicts(middle, samples=60, seed=number)
                found[f"playout {key}"] = {a: sum(v[a] for v in verdicts) for a in verdicts[0]}
                searched = search.search(middle, iterations=150, seed=number)
                found[f"search {key}"] = searched.actions
            if end is not None:
                exact = expectimax.solve(end)
                found[f"exact {key}"] = [exact.value, exact.actions, exact.nodes]
    return found


if __name__ == "__main__":
    print(json.dumps({"backend": solver.BACKEND, "answers": answers(int(sys.argv[1]))}))
