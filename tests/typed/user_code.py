# pyright: strict
"""A user's script, as a type checker reads it: ``Game``, ``Board`` and ``TriPeaks`` members have
their own types, not ``Any`` (``assert_type`` fails on ``Any``). ``.ci/lint`` checks it with
``mypy --strict`` and with pyright; it is read, never run."""

from __future__ import annotations

from typing_extensions import assert_type

from tripeaks_widget import Card, Game, Layout, Rules, TriPeaks
from tripeaks_widget.board import Board
from tripeaks_widget.fair import Chance, Review
from tripeaks_widget.solver import Solution

game = Game("TP1-E-AAAAAAB")
assert_type(game.score, int)
assert_type(game.play("K♣"), Card)
assert_type(game.legal_moves(), list[str])
assert_type(game.solve(budget=2.0), Solution)
assert_type(game.winnable(draws_at_most=3), bool)
assert_type(game.hint(), str | None)
assert_type(game.win_chance(samples=200), Chance)
assert_type(game.move_chances(), dict[str, Chance])
assert_type(game.fair_hint(), str | None)
assert_type(game.review(), Review)
assert_type(game.layout, Layout)
assert_type(game.position_at(1), Game)

board = Board(123, rules="classic", layout="Diamond", records=False)
assert_type(board.score, int)
assert_type(board.status, str)
assert_type(board.rules, Rules)
assert_type(board.layout, Layout)
assert_type(board.discard, Card | None)
assert_type(board.solve(budget=1.0), Solution)
assert_type(board.move_chances(samples=100), dict[str, Chance])
assert_type(board.play("K♣"), Card)
assert_type(board.new_game(7), Game)
assert_type(board.hint(budget=1.0), str | None)  # the board's own search, with the game's keywords
assert_type(board.win_chance(samples=100), Chance)
board.hint(budjet=1.0)  # type: ignore[call-arg]  # refused: mypy --strict fails on an ignore it does not use
board.show_verdict = True
board.close()

widget = TriPeaks(7, game_layout="Four Peaks", layout={"width": "480px"}, records=False)
assert_type(widget.score, int)
assert_type(widget.history, list[str])
assert_type(widget.game, Game)
assert_type(widget.game_layout, Layout)
assert_type(widget.draw(), Card)
assert_type(widget.solve(), Solution)
assert_type(widget.hint(budget=1.0), str | None)
assert_type(widget.win_chance(), Chance)
assert_type(widget.new_game(game_layout="Columns"), Game)
assert_type(widget.show_win_chance, bool)
widget.show_win_chance = True
widget.search_budget = 1.5
widget.close()
TriPeaks(7, show_win_chance=True, search_budget=1.5, hint_kind="exact", records=False).close()
TriPeaks(7, recrods=False)  # type: ignore[call-arg]  # the board's keywords are checked on the widget too
