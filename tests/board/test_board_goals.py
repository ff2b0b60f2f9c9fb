"""The goals on the board (issue: goals for every game): the challenges set from Python, the game
of the day's three, their progress and a notice when one is met, the best possible once the
game is over, the board in words reading them, in the board's language."""

import pytest
from helpers.support import OPENING, WINNABLE, played, winning_line

from tripeaks_widget import Challenge, Game, TriPeaks, challenges_of_the_day, i18n
from tripeaks_widget.board import Board

DAY = "2026-05-01"


def test_a_challenge_set_from_python_shows_its_progress_and_a_notice_when_met():
    w = TriPeaks(OPENING, records=False, lang="en", challenge="run 3")
    [goal] = w.state["goals"]
    assert (goal["text"], goal["progress"], goal["met"], goal["stars"], goal["source"]) == (
        "Play a run of 3 cards without a draw",
        "longest run: 0 of 3 cards",
        False,
        None,
        "set",
    )
    w.play("K♣")
    w.play("A♠")
    assert w.state["goals"][0]["done"] == 2 and w.state["notices"] == []
    w.play("2♦")
    assert w.state["goals"][0]["met"] is True
    assert w.state["notices"] == [{"kind": "goal", "text": "Goal met: Play a run of 3 cards without a draw"}]
    w.draw()  # the notice goes with the next action; the goal stays met
    assert w.state["notices"] == [] and w.state["goals"][0]["met"] is True
    assert w.challenges == (Challenge.parse("run 3"),)
    w.close()


def test_challenges_are_set_as_text_or_challenges_checked_against_the_rules():
    w = TriPeaks(OPENING, records=False, lang="en")
    assert w.state["goals"] == [] and w.challenges == ()
    w.challenges = ["clear 4 K", Challenge.win()]
    assert [goal["text"] for goal in w.state["goals"]] == ["Clear 4 kings", "Win the game"]
    w.challenges = None
    assert w.state["goals"] == []
    for bad in ("clear 5 K", "run 0", 12, ["win", 3]):
        with pytest.raises(ValueError if isinstance(bad, str) else TypeError):
            w.challenges = bad
    with pytest.raises(ValueError, match="can be met on no deal"):
        TriPeaks(OPENING, records=False, challenge="score 800")
    w.close()


def test_the_game_of_the_day_comes_with_its_three_challenges_of_one_two_and_three_stars():
    day = challenges_of_the_day(DAY)
    for make in (TriPeaks.of_the_day, Board.of_the_day):
        board = make(DAY, records=False, lang="en")
        state = board.state if hasattr(board, "state") else board.snapshot()
        assert board.game.code == day.code == Game.of_the_day(DAY).code
        assert [goal["stars"] for goal in state["goals"]] == [1, 2, 3]
        assert [goal["text"] for goal in state["goals"]] == [str(challenge) for challenge in day]
        board.close()


def test_once_the_game_is_over_each_goal_shows_the_best_possible_and_the_game_consulted_nothing():
    w = TriPeaks(game=WINNABLE, records=False, lang="en", challenge=["win in 20 draws", "run 8"])
    w.replay(winning_line(), pace=0)
    assert w.board.assists.worker.wait(60)
    goals = w.state["goals"]
    assert all(goal["best"] and goal["best"].startswith("Best possible: ") for goal in goals)
    assert w.game.consulted == set() and not w.state["assisted"]
    assert goals[0]["best"] == str(Challenge.parse("win in 20 draws").best(Game(w.code)))
    w.close()


def test_an_undo_after_the_best_possible_was_shown_is_an_assisted_game():
    w = TriPeaks("TP1-C-AAAAAAB", records=False, lang="en", challenge="win")
    while w.status == "playing":
        w.apply(w.playable()[0] if w.playable() else "draw")
    assert w.board.assists.worker.wait(60) and w.state["goals"][0]["best"]
    w.undo()
    assert w.state["assisted"] is True  # the best possible said whether the deal can be won
    w.close()


@pytest.mark.parametrize("lang", ["el", "he", "is"])
def test_the_goals_and_their_notice_are_said_in_the_boards_language_and_read_by_the_board_in_words(lang):
    w = TriPeaks(OPENING, records=False, lang=lang, challenge="run 3")
    english = TriPeaks(OPENING, records=False, lang="en", challenge="run 3")
    for board in (w, english):
        for card in ("K♣", "A♠", "2♦"):
            board.play(card)
    said, plain = w.state, english.state
    assert said["goals"][0]["text"] == Challenge.parse("run 3").describe(lang) != plain["goals"][0]["text"]
    assert said["notices"][0]["kind"] == "goal" and said["notices"][0]["text"] != plain["notices"][0]["text"]
    goals = i18n.translate("Goals: {goals}.", lang).split("{goals}")[0]
    assert goals in said["description"] and said["description"] == w.describe()
    assert plain["description"].endswith("Goals: Play a run of 3 cards without a draw: met.")
    w.close(), english.close()


def test_the_game_of_the_day_shows_the_players_streak_and_a_win_adds_a_day(tmp_path):
    import time
    from datetime import date, datetime, timedelta

    from tripeaks_widget.records import HAND, Records

    def soon(done):  # the store answers from its own thread
        deadline = time.monotonic() + 10
        while not done() and time.monotonic() < deadline:
            time.sleep(0.05)
        return done()

    store = tmp_path / "records.sqlite3"
    yesterday = date.today() - timedelta(days=1)
    with Records(store) as records:
        g = Game.of_the_day(yesterday)
        g.replay(g.solve().line)
        noon = datetime.combine(yesterday, datetime.min.time()).replace(hour=12).astimezone()
        records.submit(g, category=HAND, player="ana", finished_at=noon).result(30)
    w = TriPeaks.of_the_day(records=store, player="ana", lang="en")
    assert (
        soon(lambda: w.state["streak"] is not None)
        and w.state["streak"]["current"] == 1
        and w.state["streak"]["text"] == "1 day in a row"
    )
    line = Game(w.code).solve().line
    for action in line:  # by hand: clicks and draws as the front end sends them
        w.board.handle({"type": "draw"} if action == "draw" else played(w, w.game.slot_of(action)))
    assert soon(lambda: w.state["streak"]["current"] == 2)
    assert w.state["streak"] == {
        "current": 2,
        "best": 2,
        "text": "2 days in a row",
        "best_text": "best: 2 days in a row",
    }
    w.close()


def test_a_score_goals_bar_starts_empty_on_the_score_the_game_starts_on():
    """Issue 53, item 8: the score starts at 500, so a bar of the score over the target started
    two-thirds full; it measures the way from the starting score to the target."""
    board = Board(OPENING, records=False, lang="en", challenge="score 700")
    [goal] = board.snapshot()["goals"]
    assert (goal["done"], goal["target"], goal["progress"]) == (0, 200, "500 of 700 points")
    progress = Challenge.parse("score 700").progress(board.game)
    assert (progress.start, progress.share) == (500, 0.0)
    board.apply("draw")  # a draw costs a point under the app's scoring: the highest score is still the start's
    assert board.snapshot()["goals"][0]["done"] == 0
    board.close()
    hogue = Board(1, rules="easy+hogue-scoring", records=False, challenge="score 100")  # a score from 0
    assert Challenge.parse("score 100", "easy+hogue-scoring").progress(hogue.game).start == hogue.game.score == 0
    assert hogue.snapshot()["goals"][0]["target"] == 100
    hogue.close()
