"""Every search a user can start from the goals is bounded in work done, positions searched, not
seconds (issue 53): the game of the day on any layout, the day's challenges, ``possible`` and
``best``, and the best possible on a board. Running out is ``SearchExhausted``, a TriPeaksError
saying what ran out. (That both builds stop at the same position: tests/solver/test_solver_backends.py.)"""

import logging
import re

import pytest
from helpers.support import GRID

from tripeaks_widget import Challenge, Game, TriPeaksError, solver
from tripeaks_widget.board import Board
from tripeaks_widget.goals import challenges_of_the_day, daily, number_of_the_day
from tripeaks_widget.solver import SearchExhausted


def test_the_bounds_are_in_positions_searched_and_cover_the_built_in_layouts_days():
    assert daily.PROOF_NODES <= daily.DAY_NODES <= daily.CHALLENGE_NODES
    assert Challenge.possible.__kwdefaults__["nodes"] == Challenge.best.__kwdefaults__["nodes"] > 0
    day = challenges_of_the_day("2026-05-01", "classic", layout="Four Peaks")  # within them
    assert len(day) == 3


def test_the_game_of_the_day_on_a_layout_where_proofs_run_out_is_a_clear_error(small_bounds):
    with pytest.raises(SearchExhausted, match="no game of the day under classic on Grid: none of the") as raised:
        number_of_the_day("2026-05-01", "classic", layout=GRID)
    tried = int(re.search(r"none of the (\d+) games tried", str(raised.value)).group(1))
    assert tried >= 2  # a game whose proof ran out was passed over for the next
    assert isinstance(raised.value, TriPeaksError) and "20,000 positions searched" in str(raised.value)
    for make in (Game.of_the_day, Board.of_the_day):
        with pytest.raises(SearchExhausted, match="no game of the day"):
            make("2026-05-01", "classic", layout=GRID)


def test_the_days_challenges_are_bounded_too(small_bounds, monkeypatch):
    monkeypatch.setattr(daily, "DAY_NODES", 1_000_000)
    monkeypatch.setattr(daily, "PROOF_NODES", 500_000)
    with pytest.raises(SearchExhausted, match=r"the challenges of the game of 2026-05-01 .* within 5,000 positions"):
        challenges_of_the_day("2026-05-01", "easy+hogue-scoring")


def test_possible_and_best_take_a_bound_and_say_when_it_runs_out():
    game = Game.from_number(1, "classic", layout=GRID)
    for ask in (
        Challenge.run(40).possible,
        Challenge.clear(4, "K").possible,
        Challenge.win().best,
        Challenge.run(40).best,
    ):
        with pytest.raises(SearchExhausted, match="no answer within the bound of 2,000 positions searched"):
            ask(game, nodes=2_000)
    work = solver.Work(3_000)  # one bound shared by several questions
    with pytest.raises(SearchExhausted):
        Challenge.run(40).possible(game, nodes=work)
    assert work.spent
    with pytest.raises(ValueError, match="nodes is a number of positions, at least 1"):
        Challenge.win().possible(game, nodes=0)
    easy = Game.from_number(1, "easy")
    assert Challenge.win().possible(easy) == Challenge.win().possible(easy, nodes=None)


def test_a_best_possible_that_runs_out_is_not_shown_and_not_asked_again(monkeypatch, caplog):
    asked = []

    def out_of_work(challenge, game, **options):
        asked.append(challenge)
        raise SearchExhausted("no answer within the bound of 5 positions searched")

    monkeypatch.setattr(Challenge, "best", out_of_work)
    board = Board(9, records=False, lang="en", challenge="win")
    with caplog.at_level(logging.INFO, logger="tripeaks_widget"):
        while board.game.status == "playing":
            board.apply(board.game.legal_moves()[0])
        assert board.assists.worker.wait(60)
        board.publish()
        assert board.assists.worker.wait(60)
    assert board.snapshot()["goals"][0]["best"] is None and len(asked) == 1
    assert "is not shown: no answer within the bound" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]
    board.close()
