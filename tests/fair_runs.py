"""Fair play's answers on a fixed set of sampled positions, as JSON, from whichever build this
process runs: the playouts' win counts per action (the same samples and seed), the exact fair
value of each action where at most 8 cards are unseen, and the tree search's visits and values.
The differential test (test_fair_backends.py) runs this file twice, once with
``TRIPEAKS_PURE_PYTHON=1``, and compares. ``python tests/fair_runs.py POSITIONS`` prints
{"backend": ..., "answers": {...}}."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game, fair, solver
from tripeaks_widget.fair import expectimax
from tripeaks_widget.fair import tree as search
from tripeaks_widget.fair.strategies import lookahead

SEED = 20261202
RULE_SETS = ("easy", "classic", "easy+joker", "classic+open-peaks", "site")


def positions(rules: str, count: int):
    """``count`` games played by lookahead: a mid-game position of each (a choice), and its first
    position with at most 8 cards unseen and a choice (or None)."""
    rng = random.Random(f"{SEED}-{rules}")
    for _ in range(count):
        number = rng.randrange(1, 10**6)
        game = Game.from_number(number, rules)
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


def answers(count: int) -> dict:
    found: dict = {}
    for rules in RULE_SETS:
        for number, middle, end in positions(rules, count):
            key = f"{rules} {number}"
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
