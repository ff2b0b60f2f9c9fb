"""The chance and the fair hint as the board asks for them (``win_chance`` and ``fair_hint`` with
their defaults, seed 0), as JSON, from whichever build this process runs: at the deal of game 1
(Easy and Classic), and along game 1 played by ``lookahead`` on every built-in layout, at a
mid-game position, at one with 9 to 12 cards unseen (where the exact search's try ends) and at one
with at most 8; and the board's review of a game of 29 moves.
The differential test (test_fair_backends.py) runs this file twice, once with
``TRIPEAKS_PURE_PYTHON=1``, and compares. ``python tests/helpers/fair_answers.py`` prints
{"backend": ..., "answers": {...}}."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

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


# A game the board reviews: game 1 (Easy) with the stock drawn out, then blocked after 29 moves.
REVIEWED = ("TP1-E-AAAAAAB", ["draw"] * 23 + ["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"])


def reviewed() -> list:
    """The board's review of ``REVIEWED`` (its chances bounded by their work, as the board asks):
    each move's chance before and after it and its best move, and the exact verdict."""
    from tripeaks_widget.board import Board

    board = Board(REVIEWED[0], records=False)
    board.replay(REVIEWED[1], pace=0)
    review = board.review()
    board.close()
    rows = [[m.action, m.before.value, m.after.value, m.best, m.best_chance.value] for m in review.moves]
    return [rows, review.final.value, review.lost_after]


def main() -> None:
    found = {}
    for name, game in positions():
        chance = game.win_chance(seed=0)
        found[name] = [game.code, len(game.history), repr(chance), chance.value, chance.samples, game.fair_hint()]
    print(json.dumps({"backend": solver.BACKEND, "answers": found, "review": reviewed()}))


if __name__ == "__main__":
    main()
