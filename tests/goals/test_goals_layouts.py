"""A goal is checked against its game's rules on its layout wherever it is read (issue 53): the
board's constructor, its ``challenges`` setter, a new deal, a class's challenges and the best
possible, on each built-in layout and on a layout from a file."""

from datetime import datetime, timedelta

import pytest

from tripeaks_widget import LAYOUTS, Challenge, Game, Layout, challenges_of_the_day
from tripeaks_widget.board import Board
from tripeaks_widget.engine.errors import InvalidChallengeError
from tripeaks_widget.records import Records

ONE_PEAK = """name = "One Peak"
[[slots]]
x = 0.5
y = 0
peak = 0
covered_by = [1, 2]
[[slots]]
x = 0
y = 1
peak = 0
[[slots]]
x = 1
y = 1
peak = 0
"""


@pytest.fixture
def one_peak(tmp_path):
    path = tmp_path / "one-peak.toml"
    path.write_text(ONE_PEAK, encoding="utf-8")
    return Layout.load(path)


def _fits(layout: Layout) -> tuple[str, str]:
    """The longest run and the most draws a deal on ``layout`` allows under Easy."""
    stock = Game.from_number(1, "easy", layout=layout).stock_count
    return f"run {layout.slot_count}", f"win in {stock} draws"


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=lambda layout: layout.key)
def test_the_board_judges_a_goal_on_its_own_layout_at_the_start_and_when_set(layout):
    run, draws = _fits(layout)
    board = Board(layout=layout, records=False, challenge=[run, draws])
    assert [challenge.text for challenge in board.challenges] == [run, draws]
    longer = f"run {layout.slot_count + 1}"
    with pytest.raises(InvalidChallengeError, match=f"a run on {layout.name} plays 1 to {layout.slot_count}"):
        Board(layout=layout, records=False, challenge=longer)
    with pytest.raises(InvalidChallengeError, match="more draws than the stock holds"):
        board.challenges = draws.replace(draws.split()[2], str(int(draws.split()[2]) + 1))
    board.challenges = run
    assert board.challenges == (Challenge.parse(run, layout=layout),)
    board.close()


def test_the_issues_cases_four_peaks_runs_31_and_diamonds_stock_holds_26():
    Board(layout="Four Peaks", records=False, challenge="run 30").close()
    Board(layout="Diamond", records=False, challenge="win in 25 draws").close()
    with pytest.raises(InvalidChallengeError, match="a run on Diamond plays 1 to 25"):
        Board(layout="Diamond", records=False, challenge="run 27")


def test_a_new_deal_on_another_layout_keeps_the_goals_it_can_meet_and_drops_the_others():
    board = Board(layout="Four Peaks", records=False, challenge=["run 30", "run 20"])
    board.new_game(layout="Diamond")  # 25 slots: a run of 30 is met on no deal
    assert [challenge.text for challenge in board.challenges] == ["run 20"]
    board.close()


def test_a_layout_from_a_file_bounds_a_goal_by_its_cards(one_peak):
    with pytest.raises(InvalidChallengeError, match="the peaks of One Peak hold 3 cards"):
        Board(layout=one_peak, records=False, challenge="clear 4 K")
    with pytest.raises(InvalidChallengeError, match="the peaks of One Peak hold 3 cards"):
        Challenge.parse("clear 4 ♥", layout=one_peak)
    board = Board(layout=one_peak, records=False, challenge=["clear 3 K", "run 3"])
    assert len(board.challenges) == 2
    board.close()


def test_the_best_possible_is_shown_on_a_layout_of_ones_own(one_peak):
    board = Board(9, layout=one_peak, records=False, lang="en", challenge="win")
    while board.game.status == "playing":
        board.apply(board.game.legal_moves()[0])
    assert board.assists.worker.wait(60)
    [goal] = board.snapshot()["goals"]
    assert goal["best"] and goal["best"].startswith("Best possible: ")
    board.close()


@pytest.mark.parametrize("layout", ["Four Peaks", "Diamond"])
def test_a_class_challenge_on_another_layout_reaches_the_students_board(tmp_path, layout):
    path = tmp_path / "records.sqlite3"
    # met by some play of deal 3 on the layout: Diamond's beyond Three Peaks' stock of 23 cards;
    # on Four Peaks its longest run (a run beyond Three Peaks' 28 slots is met by no deal of hundreds)
    goal = "run 15" if layout == "Four Peaks" else "win in 25 draws"
    with Records(path) as records:
        records.set_challenge(3, goal, layout=layout)
    board = Board(3, layout=layout, records=path, player="ana", lang="en")
    deadline = datetime.now() + timedelta(seconds=10)
    while not board.snapshot()["goals"] and datetime.now() < deadline:
        __import__("time").sleep(0.05)
    [shown] = board.snapshot()["goals"]
    assert shown["source"] == "class" and board.challenges == (Challenge.parse(goal, layout=layout),)
    board.close()


def test_a_number_of_thousands_of_digits_is_refused_in_one_sentence():
    for text in ("run " + "9" * 5000, "score 1234567", "clear " + "4" * 5000 + " K"):
        with pytest.raises(InvalidChallengeError, match="can be met on no deal: its number has"):
            Challenge.parse(text)
    with pytest.raises(InvalidChallengeError, match=r"'score' with <a number of about 5,001 digits>"):
        Challenge("score", 10**5000)


def test_the_days_own_object_sets_its_three_challenges_and_anything_else_is_refused_briefly():
    day = challenges_of_the_day("2026-05-01")
    board = Board(records=False, lang="en", challenge=day)  # any game: its three challenges, no stars
    assert board.challenges == tuple(day)
    assert [goal["stars"] for goal in board.snapshot()["goals"]] == [None, None, None]
    board.challenges = None
    board.challenges = day
    assert board.challenges == tuple(day)
    with pytest.raises(TypeError, match="a challenge is a Challenge or its text such as 'run 8'; got Board") as raised:
        board.challenges = board
    assert len(str(raised.value)) < 200
    board.close()
