"""The chance and the fair hint as the board asks for them (``win_chance`` and ``fair_hint`` with
their defaults, seed 0), as JSON, from whichever build this process runs: at the deal of game 1
(Easy and Classic), and along game 1 played by ``lookahead`` on every built-in layout, at a
mid-game position, at one with 9 to 12 cards unseen (where the exact search's try ends) and at one
with at most 8.
The differential test (test_fair_backends.py) runs this file twice, once with
``TRIPEAKS_PURE_PYTHON=1``, and compares. ``python tests/fair_answers.py`` prints
{"backend": ..., "answers": {...}}."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import LAYOUTS, Game, solver
from tripeaks_widget.fair.strategies import lookahead


def positions():
    """(name, game) pairs: the deals of game 1, then positions along game 1 on each layout."""
    for rules in ("easy", "classic"):
        yield f"deal {rules}", Game.from_number(1, rules)
    for layout in LAYOUTS.values():
        game = Game.from_number(1, "easy", layout=layout)
        wanted = {"middle": lambda g: len(g.history) >= 6, "9-12 unseen": lambda g: g.seen().hidden_count <= 12}
        wanted["8 unseen"] = lambda g: g.seen().hidden_count <= 8
        while game.status == "playing" and wanted:
            seen = game.seen()
            if len(seen.legal_moves) > 1:
                for name, here in list(wanted.items()):
                    if here(game):
                        yield f"{name} easy@{layout.key}", game.copy()
                        del wanted[name]
            game.apply(lookahead(seen))


def main() -> None:
    found = {}
    for name, game in positions():
        chance = game.win_chance(seed=0)
        found[name] = [game.code, len(game.history), repr(chance), chance.value, chance.samples, game.fair_hint()]
    print(json.dumps({"backend": solver.BACKEND, "answers": found}))


if __name__ == "__main__":
    main()
