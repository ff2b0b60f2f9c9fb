"""The walkthrough API of the widget: paced replay, history, positions, side by side, pointing."""

import signal
import types

import ipywidgets
import pytest

from tripeaks_widget import Card, Game, IllegalMoveError, TriPeaks
from tripeaks_widget.board import moves
from tripeaks_widget.compare import Comparison

OPENING = "TP1-E-AAAAAAB"  # R6.4
THREE_MOVES = ["K♣", "A♠", "2♦"]  # R6.4: row 3 card 4 turns up, the 7♠


@pytest.fixture
def w():
    return TriPeaks(OPENING)


@pytest.fixture
def states(w):
    """Every snapshot the widget publishes, in order."""
    seen = []
    w.observe(lambda change: seen.append(change["new"]), names="state")
    return seen


@pytest.fixture
def sleeps(monkeypatch):
    """Record the pauses of a paced replay instead of waiting."""
    out = []
    monkeypatch.setattr(moves.time, "sleep", out.append)
    return out


# -- replay -------------------------------------------------------------------------------------


def test_paced_replay_publishes_each_step_then_pauses_r6_4(w, states, sleeps):
    w.replay(THREE_MOVES, pace=0.25)
    assert sleeps == [0.25, 0.25, 0.25]
    assert [s["discard"] for s in states] == ["K♣", "A♠", "2♦"]  # each step seen in the view
    assert [s["moves"] for s in states] == [1, 2, 3]
    assert w.history == THREE_MOVES
    assert w.rows()[2][4] == Card.parse("7♠")  # R6.4
    assert w.state["slots"][9 + 4] == "7♠"


def test_replay_at_pace_zero_applies_at_once(w, states, sleeps):
    w.replay(THREE_MOVES, pace=0)
    assert sleeps == []
    assert len(states) == 1  # one snapshot, the end of the line
    assert states[0]["discard"] == "2♦" and states[0]["moves"] == 3 and states[0]["score"] == 497


def test_replay_takes_draw_undo_and_slot_numbers(w, sleeps):
    w.replay(["K♣", "draw", "undo", 23], pace=0)  # slot 23: bottom row card 5, the A♠
    assert w.history == ["K♣", "draw", "undo", "A♠"]
    assert w.moves == 3 and str(w.discard) == "A♠"  # R6.2: the undone draw still counted


def test_replay_takes_a_string_of_steps(w, sleeps):
    w.replay("K♣, A♠ 2♦", pace=0)
    assert w.history == THREE_MOVES


def test_replay_takes_a_solvers_answer(w, sleeps):
    answer = types.SimpleNamespace(line=THREE_MOVES, winnable=False)
    w.replay(answer, pace=0.1)
    assert w.history == THREE_MOVES and len(sleeps) == 3


def test_replay_returns_nothing_so_a_cell_does_not_show_the_widget_again(w):
    assert w.replay(THREE_MOVES, pace=0) is None


def test_illegal_step_names_it_and_keeps_the_earlier_steps_r2_4(w, states, sleeps):
    with pytest.raises(IllegalMoveError, match=r"^step 2 \(3♠\) refused: Must be one rank higher or lower$"):
        w.replay(["K♣", "3♠", "A♠"], pace=0.1)
    assert w.history == ["K♣"] and w.moves == 1 and str(w.discard) == "K♣"
    assert states[-1]["message"] == "Must be one rank higher or lower"  # the board says why
    assert states[-1]["moves"] == 1


def test_illegal_step_at_pace_zero_still_publishes_the_steps_made(w, states):
    with pytest.raises(IllegalMoveError, match=r"step 3 \(3♠\)"):
        w.replay(["K♣", "A♠", "3♠"], pace=0)
    assert w.history == ["K♣", "A♠"]
    assert states[-1]["discard"] == "A♠" and states[-1]["moves"] == 2


def test_malformed_step_raises_value_error_naming_it(w):
    with pytest.raises(ValueError, match=r"step 2 \(Zz\) refused"):
        w.replay(["K♣", "Zz"], pace=0)
    assert w.history == ["K♣"]


@pytest.mark.parametrize("pace", [-1, "fast", None, True])
def test_pace_must_be_seconds(w, pace):
    with pytest.raises(ValueError, match="pace"):
        w.replay(THREE_MOVES, pace=pace)
    assert w.history == []


def test_replay_refuses_a_non_line(w):
    with pytest.raises(TypeError, match="replay takes a list"):
        w.replay(3, pace=0)


def test_replay_clears_a_highlight(w, sleeps):
    w.highlight("K♣")
    w.replay(["K♣"], pace=0.1)
    assert w.state["highlight"] == []


def test_interrupt_during_a_pause_leaves_a_consistent_published_game(w, states, monkeypatch):
    """The kernel's interrupt arrives while the replay waits after step 2."""
    pauses = []

    def sleep(seconds):
        pauses.append(seconds)
        if len(pauses) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(moves.time, "sleep", sleep)
    with pytest.raises(KeyboardInterrupt):
        w.replay(THREE_MOVES, pace=0.5)
    assert w.history == ["K♣", "A♠"]
    fresh = Game(OPENING).replay(["K♣", "A♠"])
    assert w.game.view() == fresh.view()  # consistent: exactly two steps made
    published = {k: states[-1][k] for k in fresh.view()}
    assert published == fresh.view()  # and the view shows them
    w.play("2♦")  # the game goes on from there
    assert w.rows()[2][4] == Card.parse("7♠")


@pytest.fixture
def python_sigint():
    """Python's own handler of SIGINT, as a kernel has it (a pytest-xdist worker ignores the signal)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_interrupt_in_the_middle_of_a_step_waits_for_the_step_to_finish(w, states, monkeypatch, python_sigint):
    """A real SIGINT sent while the engine is half way through a step: the step completes, is
    published, and only then does the KeyboardInterrupt go on to the caller."""
    record = w.game._record

    def interrupted_record(*args, **kwargs):
        if len(w.game.history) == 1:  # during the second step, before the engine records it
            signal.raise_signal(signal.SIGINT)
        return record(*args, **kwargs)

    monkeypatch.setattr(w.game, "_record", interrupted_record)
    with pytest.raises(KeyboardInterrupt):
        w.replay(THREE_MOVES, pace=0)
    assert w.history == ["K♣", "A♠"]
    assert w.game.view() == Game(OPENING).replay(["K♣", "A♠"]).view()
    assert states[-1]["discard"] == "A♠" and states[-1]["moves"] == 2
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is back


def test_interrupt_at_pace_zero_during_a_pause_free_line_is_republished(w, states, monkeypatch):
    apply = w.game.apply

    def apply_then_interrupt(action):
        result = apply(action)
        if len(w.game.history) == 2:
            raise KeyboardInterrupt  # as if it came just after the step
        return result

    monkeypatch.setattr(w.game, "apply", apply_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        w.replay(THREE_MOVES, pace=0)
    assert states[-1]["moves"] == 2 and states[-1]["discard"] == "A♠"


# -- history and positions ----------------------------------------------------------------------


def test_history_is_the_games_in_notation(w):
    w.play("K♣")
    w.draw()
    w.undo()
    assert w.history == w.game.history == ["K♣", "draw", "undo"]
    w.history.append("nonsense")  # a copy: the game's own log is safe
    assert w.history == ["K♣", "draw", "undo"]


def test_position_at_replays_a_fresh_game(w):
    w.replay(["K♣", "A♠", "2♦", "draw", "undo"], pace=0)
    start = w.position_at(0)
    assert isinstance(start, Game) and start.history == [] and str(start.discard) == "A♣"
    after_two = w.position_at(2)
    assert after_two.history == ["K♣", "A♠"] and str(after_two.discard) == "A♠"
    before_last = w.position_at(-1)
    assert before_last.history == ["K♣", "A♠", "2♦", "draw"] and before_last.stock_count == 22
    now = w.position_at(len(w.history))
    assert now.view() == w.game.view()
    assert w.position_at(-5).history == []


def test_position_at_is_independent_of_the_widget(w):
    w.replay(THREE_MOVES, pace=0)
    earlier = w.position_at(1)
    earlier.play("A♠")
    assert w.history == THREE_MOVES
    assert earlier is not w.game


@pytest.mark.parametrize("n", [4, -4, 1.5, "1", True])
def test_position_at_out_of_range(w, n):
    w.replay(THREE_MOVES, pace=0)
    with pytest.raises(IndexError, match="position_at takes a whole number from -3 to 3"):
        w.position_at(n)


def test_position_at_keeps_the_rules_and_error_help():
    w = TriPeaks("TP1-C-AAAAAAB", error_help=False)
    w.play("2♦")
    earlier = w.position_at(0)
    assert earlier.rules.name == "classic" and earlier.error_help is False and earlier.code == w.code


# -- side by side ---------------------------------------------------------------------------------


def test_compare_deals_the_same_cards_under_each_rule_set_r6_3_r6_4():
    box = TriPeaks.compare(OPENING)
    assert isinstance(box, Comparison) and isinstance(box, ipywidgets.HBox)
    easy, classic = box.widgets
    assert box[0] is easy and box["classic"] is classic and box["Easy"] is easy
    assert list(box.children) == [easy, classic]
    assert (easy.code, classic.code) == ("TP1-E-AAAAAAB", "TP1-C-AAAAAAB")
    assert easy.game.deck == classic.game.deck  # R6.3: the rule letter never changes the cards
    assert [str(c) for c in easy.playable()] == ["K♣", "2♦", "K♦"]  # R3.1
    assert [str(c) for c in classic.playable()] == ["2♦"]  # R3.2
    easy.play("K♣")
    assert classic.history == []  # independent games


def test_compare_takes_a_classic_code_and_other_rule_sets():
    box = TriPeaks.compare("TP1-C-AAAAAAD", rules=("classic", "site"))
    assert [w.code for w in box.widgets] == ["TP1-C-AAAAAAD", "TP1-E-AAAAAAD-SW"]
    with pytest.raises(KeyError, match="no widget here plays 'easy'"):
        box["easy"]


def test_compare_a_hand_arranged_deal():
    game = Game.from_deck(Game(OPENING).deck, rules="classic")
    box = TriPeaks.compare(game.code)
    assert [w.rules.name for w in box.widgets] == ["easy", "classic"]
    assert box[0].game.deck == box[1].game.deck == game.deck
    assert box[0].code.startswith("TPD-E-")


def test_compare_a_random_deal_and_error_help():
    box = TriPeaks.compare(rules=["easy", "classic", "easy"], error_help=False)
    assert len(box.widgets) == 3
    assert len({w.game.deck for w in box.widgets}) == 1
    assert not any(w.error_help for w in box.widgets)


def test_compare_lays_the_widgets_out_to_share_the_width():
    box = TriPeaks.compare(OPENING)
    assert box.layout.width == "100%"
    assert all(w.layout.flex == "1 1 0" and w.layout.min_width == "0" for w in box.widgets)


def test_compare_needs_a_rule_set():
    with pytest.raises(ValueError, match="at least one rule set"):
        TriPeaks.compare(OPENING, rules=())


# -- pointing and captions -------------------------------------------------------------------------


def test_highlight_the_playable_cards_and_clear(w):
    w.highlight(*w.playable())
    assert w.state["highlight"] == [20, 22, 24]  # K♣, 2♦, K♦ (R6.4)
    w.highlight()
    assert w.state["highlight"] == []


def test_highlight_is_cleared_by_the_next_move_caption_stays(w):
    w.caption = "Under Easy, three cards fit the A♣"
    w.highlight("K♣", "2♦", "K♦", "stock")
    assert w.state["highlight"] == [20, 22, 24, "stock"]
    w.play("K♣")
    assert w.state["highlight"] == []
    assert w.state["caption"] == "Under Easy, three cards fit the A♣"  # the teacher's words stay
    w.highlight("stock")
    w.draw()
    assert w.state["highlight"] == []
    w.highlight("A♠")
    with pytest.raises(IllegalMoveError):
        w.play("3♠")  # a refused move is an action too: the view changes to show why
    assert w.state["highlight"] == []
    w.caption = ""
    assert w.state["caption"] == ""


def test_highlight_a_card_that_is_not_a_peak_card(w):
    with pytest.raises(IllegalMoveError, match="A♣ is the discard"):
        w.highlight("A♣")


# -- the game, delegated -----------------------------------------------------------------------------


def test_delegations_read_the_game(w):
    w.replay(THREE_MOVES, pace=0)
    g = w.game
    assert w.legal_moves() == g.legal_moves() and "draw" in w.legal_moves()
    assert w.free() == g.free() and w.rows() == g.rows()
    assert w.peaks() == g.peaks() and not hasattr(w, "view")  # what the board says, under the game's names
    assert w.cards_left == 25 and w.stock == g.stock and len(w.stock) == 23
    assert [str(c) for c in w.waste] == ["A♣", "K♣", "A♠", "2♦"]
    assert w.to_dict() == g.to_dict() and w.to_dict()["actions"] == THREE_MOVES
    assert w.can_undo is True
    assert Game.from_dict(w.to_dict()).view() == g.view()


def test_apply_goes_through_the_widget(w, states):
    w.apply("K♣")
    w.apply("draw")
    w.apply("undo")
    assert w.history == ["K♣", "draw", "undo"] and len(states) == 3


def test_solve_and_winnable_ask_the_games_solver(w, monkeypatch):
    calls = []
    monkeypatch.setattr(Game, "solve", lambda self, **o: calls.append(("solve", o)) or "answer")
    monkeypatch.setattr(Game, "winnable", lambda self, **o: calls.append(("winnable", o)) or True)
    assert w.solve(limit=5) == "answer" and w.winnable() is True
    assert calls == [("solve", {"limit": 5}), ("winnable", {})]


def test_replay_the_solvers_best_line_r6_5():
    w = TriPeaks("TP1-E-AAAAAAD", records=False)
    assert w.winnable() is True
    solution = w.solve()
    w.replay(solution, pace=0)
    assert w.status == "won" and w.score == solution.score and w.history == list(solution.line)
    assert TriPeaks("TP1-C-AAAAAAD", records=False).winnable() is False
