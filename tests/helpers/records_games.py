"""Games the records tests store: game 1's winning lines under Easy and Classic, a line that
blocks it, and a result recorded as a player would."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

from helpers.support import WINNABLE
from tripeaks_widget import Game
from tripeaks_widget.records import HAND

# Winning lines of game 1 (TP1-?-AAAAAAB, R6.4's deal), found by exhaustive search and replayed here.
WIN_1_EASY = [
    "K♣",
    "A♠",
    "2♦",
    "3♠",
    "4♠",
    "5♠",
    "draw",
    "7♠",
    "8♥",
    "7♣",
    "draw",
    "draw",
    "draw",
    "9♠",
    "10♠",
    "draw",
    "K♠",
    "Q♥",
    "K♦",
    "draw",
    "draw",
    "3♦",
    "2♠",
    "draw",
    "J♣",
    "draw",
    "draw",
    "draw",
    "draw",
    "9♥",
    "draw",
    "draw",
    "draw",
    "5♣",
    "6♥",
    "draw",
    "2♣",
    "3♥",
    "draw",
    "draw",
    "draw",
    "10♦",
    "draw",
    "6♠",
    "draw",
    "4♦",
    "3♣",
    "2♥",
    "A♦",
]


WIN_1_CLASSIC = [
    "2♦",
    "3♠",
    "4♠",
    "5♠",
    "draw",
    "7♣",
    "8♥",
    "9♠",
    "10♠",
    "draw",
    "draw",
    "draw",
    "draw",
    "K♣",
    "Q♥",
    "K♠",
    "draw",
    "5♣",
    "draw",
    "3♥",
    "2♠",
    "A♠",
    "2♣",
    "draw",
    "K♦",
    "draw",
    "draw",
    "draw",
    "draw",
    "J♣",
    "draw",
    "draw",
    "7♠",
    "6♥",
    "draw",
    "3♦",
    "draw",
    "draw",
    "draw",
    "draw",
    "10♦",
    "9♥",
    "draw",
    "6♠",
    "draw",
    "4♦",
    "3♣",
    "2♥",
    "A♦",
]


# Game 1 under Easy, all 23 draws first and then the greedy K♣ A♠ 2♦ 3♠ 4♠ 5♠: blocked, 22 cards left.
BLOCK_1_EASY = ["draw"] * 23 + ["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"]


def game(code="TP1-E-AAAAAAB", actions=()):
    return Game(code).replay(actions)


def record(store, player, *, category=HAND, assists=(), blocked=False, when=None):
    g = Game(WINNABLE)
    if blocked:
        while g.status == "playing":
            g.apply(g.playable()[0] if g.playable() else "draw")
    else:
        g.replay(Game(WINNABLE).solve().line)  # found on a game of its own: this one consulted nothing
    at = when or datetime.now(timezone.utc)
    return store.submit(g, category=category, player=player, assists=set(assists), finished_at=at).result(30)


GAME_3 = "TP1-E-AAAAAAD"  # game 3 under Easy: the solver wins it
RECORD = """
import sys
from tripeaks_widget import Game
from tripeaks_widget.records import HAND, SCRIPTED, Records
where, player, category, code, won = sys.argv[1:6]
game = Game(code)
if won == "won":
    game.replay(Game(code).solve().line)
else:  # drawn to the end, then blocked
    while game.status == "playing":
        game.apply("draw" if game.stock_count else game.playable()[0])
with Records(where) as store:
    store.submit(game, category=HAND if category == "hand" else SCRIPTED, player=player).result(30)
"""


def record_elsewhere(where, player, category="hand", won=True):
    """Game 3, won (or blocked), recorded by another process, as a student's kernel records it."""
    done = subprocess.run(
        [sys.executable, "-c", RECORD, str(where), player, category, GAME_3, "won" if won else "blocked"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": ":".join(sys.path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
