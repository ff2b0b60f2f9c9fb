"""The solver in play: the hint, the verdict ("Still winnable", "No longer winnable since move
N", …), winnable-only deals, and the worker thread that keeps the message handler quick and
drops results about a position the board has left."""

from __future__ import annotations

import threading
import time

import pytest
from helpers.support import Gate, at_once, every_reply, intent, played, settled

from tripeaks_widget import Game, TriPeaks, solver
from tripeaks_widget.board.assists import (
    HINT_PENDING,
    NO_WINNABLE_DEAL,
    VERDICT_LOST_SOMETIME,
    VERDICT_NEVER,
    VERDICT_PENDING,
    VERDICT_UNKNOWN,
    VERDICT_WINNABLE,
)
from tripeaks_widget.board.dialog import BAD_CODE

OPENING = "TP1-E-AAAAAAB"  # R6.4
NEVER_CLASSIC = "TP1-C-AAAAAAD"  # R6.5: cannot be won under Classic
WINNABLE_EASY = "TP1-E-AAAAAAD"  # R6.5: can be won under Easy


@pytest.fixture
def w():
    widget = TriPeaks(OPENING, records=False)
    yield widget
    widget.close()


@pytest.fixture
def replies(monkeypatch):
    """The answers widgets give the dialog, from any thread."""
    return every_reply(monkeypatch)


def losing_line():
    """K♣, a draw taken back, then draws: a line of the reference deal that loses it on the way."""
    return ["K♣", "draw", "undo"] + ["draw"] * 23


def first_losing_move(code: str, line: list[str]) -> int:
    """The number of the action that made the game unwinnable among the moves that stand (checked
    position by position; the review numbers moves the same way)."""
    game = Game(code)
    assert game.winnable()
    for action in line:
        game.apply(action)
        if not game.winnable():
            return game.moves_kept
    raise AssertionError("the line never loses")


# -- the verdict's values ----------------------------------------------------------------------------


def test_verdict_still_winnable(w):
    assert w.verdict == {"kind": "winnable", "move": None, "text": VERDICT_WINNABLE}
    assert w.verdict["text"] == "Still winnable"
    assert w.state["verdict"] is None  # read from Python, not switched on: the board says nothing


def test_verdict_not_winnable_from_the_deal_r6_5():
    never = TriPeaks(NEVER_CLASSIC, records=False)
    assert never.verdict == {"kind": "never", "move": None, "text": "Not winnable from the deal"}
    never.draw()
    assert never.verdict["kind"] == "never"
    assert TriPeaks(WINNABLE_EASY, records=False).verdict["kind"] == "winnable"


def test_verdict_lost_since_move_n_counts_the_moves_that_stand_as_the_review_does(w):
    line = losing_line()  # a draw taken back on the way: the Moves counter counts it, the review does not
    expected = first_losing_move(OPENING, line)
    w.replay(line, pace=0)
    verdict = w.verdict
    assert verdict["kind"] == "lost" and verdict["move"] == expected
    assert verdict["text"] == f"No longer winnable since move {expected}, not counting undone moves"
    index = solver.verdict_history(w.game)  # an index into the history, where "undo" counts too
    assert expected == sum(action != "undo" for action in w.history[: index + 1]) - 1  # the draw taken back
    assert w.review().lost_after == expected  # one numbering: the verdict's move is the review's


def test_verdict_without_undos_numbers_moves_as_the_counter_does(w):
    line = ["K♣"] + ["draw"] * 23
    expected = first_losing_move(OPENING, line)
    w.replay(line, pace=0)
    assert w.verdict == {"kind": "lost", "move": expected, "text": f"No longer winnable since move {expected}"}
    assert w.moves == w.game.moves_kept  # nothing undone: the two counts agree, so nothing more is said


def test_verdict_when_the_search_runs_out_of_time(w, monkeypatch):
    def exhausted(game, *, budget=None):
        raise solver.SearchExhausted("no verdict within the budget")

    monkeypatch.setattr(solver, "winnable", exhausted)
    assert w.verdict == {"kind": "unknown", "move": None, "text": VERDICT_UNKNOWN}
    assert VERDICT_UNKNOWN == "Could not decide within the time limit"
    monkeypatch.setattr(solver, "winnable", lambda game, *, budget=None: False)
    monkeypatch.setattr(solver, "verdict_history_steps", at_once(exhausted))
    assert w.verdict == {"kind": "lost", "move": None, "text": VERDICT_LOST_SOMETIME}


def test_searches_get_the_widgets_time_budget(w, monkeypatch):
    budgets = []

    def winnable(game, *, budget=None):
        budgets.append(budget)
        return True

    monkeypatch.setattr(solver, "winnable", winnable)
    w.search_budget = 0.75
    _ = w.verdict
    assert budgets == [0.75]


def test_verdict_of_a_won_game(monkeypatch):
    g = TriPeaks(WINNABLE_EASY, records=False)
    g.replay(g.solve().line, pace=0)
    assert g.status == "won"
    assert g.verdict["kind"] == "won" and g.verdict["text"] == "You won!"


# -- the verdict on the board ------------------------------------------------------------------------


def test_show_verdict_checks_then_shows_and_refreshes_after_every_action(w):
    assert w.show_verdict is False and w.state["show_verdict"] is False
    w.show_verdict = True
    assert w.state["show_verdict"] is True
    assert w.state["verdict"]["kind"] in ("pending", "winnable")
    settled(w)
    assert w.state["verdict"] == {"kind": "winnable", "move": None, "text": "Still winnable"}
    w.play("K♣")
    assert w.state["verdict"] == {"kind": "pending", "move": None, "text": VERDICT_PENDING}
    settled(w)
    assert w.state["verdict"]["kind"] == "winnable"
    for action in losing_line()[1:]:
        w.apply(action)
        settled(w)
    expected = first_losing_move(OPENING, losing_line())
    text = f"No longer winnable since move {expected}, not counting undone moves"
    assert w.state["verdict"] == {"kind": "lost", "move": expected, "text": text}
    w.show_verdict = False
    assert w.state["verdict"] is None and w.state["show_verdict"] is False


def test_show_verdict_from_the_board_and_from_the_constructor(w):
    intent(w, {"type": "show_verdict", "value": True})
    assert w.show_verdict is True
    settled(w)
    assert w.state["verdict"]["kind"] == "winnable"
    intent(w, {"type": "show_verdict", "value": "yes"})  # malformed: ignored
    assert w.show_verdict is True
    intent(w, {"type": "show_verdict", "value": False})
    assert w.show_verdict is False and w.state["verdict"] is None
    never = settled(TriPeaks(NEVER_CLASSIC, records=False, show_verdict=True))
    assert never.state["verdict"]["text"] == VERDICT_NEVER


def test_show_verdict_stays_on_for_a_new_game(w):
    w.show_verdict = True
    w.new_game(NEVER_CLASSIC)
    settled(w)
    assert w.show_verdict is True and w.state["verdict"]["kind"] == "never"
    w.new_game(OPENING)
    settled(w)
    assert w.state["verdict"]["kind"] == "winnable"


def test_a_lost_line_is_not_searched_again_while_the_losing_action_stands(w, monkeypatch):
    w.show_verdict = True
    w.replay(losing_line(), pace=0)
    settled(w)
    lost = w.state["verdict"]
    assert lost["kind"] == "lost"

    def no_search(game, *, budget=None):
        raise AssertionError("searched again")

    monkeypatch.setattr(solver, "winnable", no_search)
    monkeypatch.setattr(solver, "verdict_history_steps", at_once(no_search))
    w.undo()  # the last draw goes; the action that lost the game still stands
    assert w.state["verdict"] == lost
    w.draw()
    assert w.state["verdict"] == lost


def test_a_verdict_for_a_position_the_board_has_left_is_dropped(w, monkeypatch):
    gate = Gate(True)
    monkeypatch.setattr(solver, "winnable", gate)
    w.show_verdict = True
    assert gate.started.wait(5)
    assert w.state["verdict"]["kind"] == "pending"
    w.draw()  # the board moves on while the first search runs
    seq = w.state["seq"]
    monkeypatch.setattr(solver, "winnable", lambda game, *, budget=None: False)
    monkeypatch.setattr(solver, "verdict_history_steps", at_once(lambda game, *, budget=None: 0))
    gate.release.set()
    settled(w)
    # The first answer ("winnable", for the deal before the draw) was dropped; the second is shown.
    assert w.state["verdict"] == {"kind": "lost", "move": 1, "text": "No longer winnable since move 1"}
    assert w.state["seq"] == seq + 1  # one snapshot: the current position's verdict, nothing for the old one


def test_a_slow_search_never_holds_up_the_message_handler(w, monkeypatch):
    def slow_solve(game, *, budget=None, **_):
        time.sleep(0.6)
        return solver.Solution(winnable=True, line=("K♦",), draws=0, cards_left=0, score=0)

    def slow_winnable(game, *, budget=None):
        time.sleep(0.6)
        return True

    monkeypatch.setattr(solver, "solve", slow_solve)
    monkeypatch.setattr(solver, "winnable", slow_winnable)
    switches = [{"type": "show_verdict", "value": True}, {"type": "show_win_chance", "value": True}]
    for content in ({"type": "hint"}, *switches, played(w, 20)):
        started = time.perf_counter()
        intent(w, content)
        assert time.perf_counter() - started < 0.3, content
    assert w.state["discard"] == "K♣" and w.state["verdict"]["kind"] == "pending"
    assert w.state["win_chance"]["kind"] == "pending"
    settled(w)
    assert w.state["verdict"]["kind"] == "winnable" and w.state["win_chance"]["kind"] == "known"


# -- the hint --------------------------------------------------------------------------------------


def test_the_hint_button_answers_from_the_worker_thread(w, monkeypatch):
    w.hint_kind = "exact"
    gate = Gate(solver.Solution(winnable=True, line=("K♦", "draw"), draws=1, cards_left=0, score=0))
    monkeypatch.setattr(solver, "solve", gate)
    intent(w, {"type": "hint"})
    assert w.state["message"] == HINT_PENDING and w.state["highlight"] == []
    gate.release.set()
    settled(w)
    assert w.state["highlight"] == [24]
    assert w.state["message"] == "Hint (sees the hidden cards): play the king of diamonds"


def test_a_hint_for_a_position_the_board_has_left_is_dropped(w, monkeypatch):
    w.hint_kind = "exact"
    gate = Gate(solver.Solution(winnable=True, line=("K♦",), draws=0, cards_left=0, score=0))
    monkeypatch.setattr(solver, "solve", gate)
    intent(w, {"type": "hint"})
    assert gate.started.wait(5)
    intent(w, played(w, 20))  # K♣: the hint was for the position before it
    seq = w.state["seq"]
    gate.release.set()
    settled(w)
    assert w.state["highlight"] == [] and w.state["message"] == ""
    assert w.state["seq"] == seq


def test_a_failing_search_says_so_in_the_message_line(w, monkeypatch):
    w.hint_kind = "exact"

    def broken(game, *, budget=None, **_):
        raise RuntimeError("the solver tripped")

    monkeypatch.setattr(solver, "solve", broken)
    monkeypatch.setattr(solver, "winnable", broken)
    intent(w, {"type": "hint"})
    settled(w)
    assert w.state["message"] == "Something went wrong: the solver tripped"
    w.show_verdict = True
    settled(w)
    assert w.state["verdict"]["kind"] == "error"
    assert w.state["verdict"]["text"] == "Something went wrong: the solver tripped"


def test_the_real_hint_follows_the_best_line_under_classic():
    g = TriPeaks("TP1-C-AAAAAAB", records=False, hint_kind="exact")
    best = g.solve()
    assert g.hint() == best.hint
    assert g.state["highlight"] == (["stock"] if best.hint == "draw" else [g.game.slot_of(best.hint)])
    assert best.hint in ("2♦", "draw")  # R6.4: under Classic only the 2♦ fits


# -- winnable deals only -----------------------------------------------------------------------------


def test_winnable_only_deal_from_the_dialog(w, replies):
    intent(w, {"type": "new_game", "rules": "classic", "game": None, "code": "", "winnable": True, "id": 3})
    settled(w)
    assert replies == [{"type": "reply", "id": 3, "ok": True, "error": ""}]
    assert w.state["rules"] == "classic" and w.code.startswith("TP1-C-")
    assert Game(w.code).winnable()


def test_winnable_only_deal_keeps_variants_and_is_looked_for_off_the_handler(w, replies, monkeypatch):
    asked = []
    gate = Gate(lambda rules: "TP1-E-AAAAAAD-SW")

    def finder(rules, rng=None, *, budget=None, layout=None):
        asked.append((str(rules), budget))
        return gate(rules)

    monkeypatch.setattr(solver, "random_winnable_steps", at_once(finder))
    started = time.perf_counter()
    intent(w, {"type": "new_game", "rules": "easy+draw-when-stuck+empty-discard", "winnable": True, "id": 4})
    assert time.perf_counter() - started < 0.3 and replies == []
    gate.release.set()
    settled(w)
    assert asked == [("easy+draw-when-stuck+empty-discard", w.deal_budget)]
    assert replies == [{"type": "reply", "id": 4, "ok": True, "error": ""}] and w.code == "TP1-E-AAAAAAD-SW"


def test_winnable_only_deal_not_found_in_time(w, replies, monkeypatch):
    def none_found(rules, rng=None, *, budget=None, layout=None):
        raise solver.SearchExhausted("no winnable deal proven within the budget")

    monkeypatch.setattr(solver, "random_winnable_steps", at_once(none_found))
    intent(w, {"type": "new_game", "rules": "easy", "winnable": True, "id": 5})
    settled(w)
    assert replies == [{"type": "reply", "id": 5, "ok": False, "error": NO_WINNABLE_DEAL, "field": "winnable"}]
    assert w.code == OPENING


def test_winnable_only_is_for_random_deals(w, replies):
    intent(w, {"type": "new_game", "code": NEVER_CLASSIC, "winnable": True, "id": 6})  # a code names its deal
    assert replies[-1]["ok"] is True and w.code == NEVER_CLASSIC
    intent(w, {"type": "new_game", "game": 3, "rules": "classic", "winnable": True, "id": 7})
    assert replies[-1]["ok"] is True and w.code == NEVER_CLASSIC  # game 3 under Classic: the number wins
    intent(w, {"type": "new_game", "rules": "easy", "winnable": "yes", "id": 8})  # malformed
    assert replies[-1]["ok"] is False and "winnable must be true or false" in replies[-1]["error"]
    intent(w, {"type": "new_game", "code": "TP1-X-AAAAAAB", "id": 9})
    assert replies[-1] == {"type": "reply", "id": 9, "ok": False, "error": BAD_CODE, "field": "code"}


def test_winnable_only_deal_from_python(w):
    dealt = w.new_game(rules="classic", winnable=True)
    assert dealt is w.game and w.rules.name == "classic" and dealt.winnable()
    assert w.new_game(winnable=True).rules.name == "classic"  # the current rules
    with pytest.raises(ValueError, match="random"):
        w.new_game(OPENING, winnable=True)
    with pytest.raises(ValueError, match="random"):
        w.new_game(game=3, winnable=True)
    with pytest.raises(TypeError, match="winnable"):
        w.new_game(winnable="yes")


def test_winnable_only_deal_from_python_out_of_time(w, monkeypatch):
    def none_found(rules, rng=None, *, budget=None, layout=None):
        raise solver.SearchExhausted("no winnable deal proven within the budget of 5.0 s")

    monkeypatch.setattr(solver, "random_winnable_steps", at_once(none_found))
    with pytest.raises(TimeoutError):
        w.new_game(winnable=True)
    assert w.code == OPENING


# -- the worker thread ---------------------------------------------------------------------------------


def test_a_closed_widget_drops_what_its_searches_find(monkeypatch):
    gate = Gate(True)
    monkeypatch.setattr(solver, "winnable", gate)
    w = TriPeaks(OPENING, records=False, show_verdict=True)
    assert gate.started.wait(5)
    seq = w.state["seq"]
    w.close()
    gate.release.set()
    settled(w)
    assert w.state["seq"] == seq and w.state["verdict"]["kind"] == "pending"


def test_the_worker_runs_the_newest_job_of_each_name():
    from tripeaks_widget.board.background import Worker

    worker = Worker(idle=0.2)
    ran: list[str] = []
    block = threading.Event()
    worker.submit("first", lambda: (block.wait(5), ran.append("first")))
    worker.submit("verdict", lambda: ran.append("verdict 1"))
    worker.submit("hint", lambda: ran.append("hint"))
    worker.submit("verdict", lambda: ran.append("verdict 2"))  # replaces the waiting "verdict 1"
    worker.cancel("hint")
    block.set()
    assert worker.wait(5)
    assert ran == ["first", "verdict 2"]
    time.sleep(0.5)  # idle: its thread ends, and the next job starts another
    worker.submit("again", lambda: ran.append("again"))
    assert worker.wait(5) and ran[-1] == "again"
    worker.close()
    worker.submit("late", lambda: ran.append("late"))
    assert worker.wait(5) and ran[-1] == "again"


def test_in_the_thread_a_running_step_wise_job_is_dropped_at_its_next_step_once_replaced():
    from tripeaks_widget.board.background import Worker

    worker = Worker(idle=0.2)
    ran: list[str] = []
    started, go_on = threading.Event(), threading.Event()

    def old():
        for step in range(1000):
            ran.append(f"old {step}")
            if step == 0:
                started.set()
                assert go_on.wait(5)
            yield

    worker.submit("review", old)
    assert started.wait(5)
    worker.submit("review", lambda: ran.append("new"))  # a newer question while the old one runs
    go_on.set()
    assert worker.wait(5)
    assert ran == ["old 0", "new"]  # the old job never took another step: its answer was not wanted
    worker.close()


def test_in_the_thread_a_review_of_a_game_the_board_has_left_stops_at_its_next_step(monkeypatch):
    from tripeaks_widget import fair

    w = TriPeaks(OPENING, records=False)
    for _ in range(23):
        w.draw()
    for card in ("K♣", "A♠", "2♦", "3♠", "4♠", "5♠"):
        w.play(card)
    judged: list[int] = []
    first, go_on = threading.Event(), threading.Event()
    real = fair.move_chances_steps

    def counted(seen, **options):
        judged.append(1)
        if len(judged) == 1:
            first.set()
            assert go_on.wait(5)
        return real(seen, **options)

    monkeypatch.setattr(fair.reviewing, "move_chances_steps", counted)
    intent(w, {"type": "review", "open": True})
    assert first.wait(5)
    w.undo()  # the board moves on while the review of the blocked game runs
    seq = w.state["seq"]
    go_on.set()
    settled(w)
    assert w.state["review"] is None and w.state["seq"] == seq
    assert len(judged) <= 2  # of 29 moves and the final chance: it stopped at its next step
    w.close()
