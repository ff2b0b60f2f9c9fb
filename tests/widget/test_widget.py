"""The widget: intents from the front end (good, refused, malformed), scripted calls, the snapshot."""

import json
import logging
import pathlib
import sys

import pytest
from helpers.support import intent, played, replies_of, unchanged, win_line

from tripeaks_widget import Game, IllegalMoveError, TriPeaks, solver
from tripeaks_widget import widget as widget_module
from tripeaks_widget.board.assists import FAILED, HINT_PENDING, NO_HINT, NO_HINT_IN_TIME

OPENING = "TP1-E-AAAAAAB"  # R6.4
VIEW_KEYS = {
    "code",
    "rules",
    "slots",
    "free",
    "playable",
    "stock",
    "discard",
    "score",
    "moves",
    "status",
    "message",
    "can_undo",
    "description",
    "last",
}
WIDGET_KEYS = {
    "layout",
    "layout_name",
    "ending",
    "error_help",
    "highlight",
    "caption",
    "number",
    "notices",
    "goals",
    "streak",
    "stats",
    "lang",
    "dir",
    "seq",
    "show_verdict",
    "verdict",
    "show_win_chance",
    "win_chance",
    "show_playable",
    "show_hints",
    "hint_kind",
    "review",
    "reply",
    "answered",
    "records",
    "assisted",
    "scripted",
}


@pytest.fixture
def w():
    return TriPeaks(OPENING)


@pytest.fixture
def sent(w, monkeypatch):
    return replies_of(w)


# -- the snapshot ------------------------------------------------------------------------------


def test_snapshot_is_the_games_view_plus_widget_fields(w):
    state = w.state
    view = w.game.view()
    assert VIEW_KEYS <= set(view)
    assert set(state) == set(view) | WIDGET_KEYS
    assert {k: state[k] for k in view} == view
    assert state["error_help"] is True
    assert state["highlight"] == [] and state["caption"] == ""
    assert state["show_verdict"] is False and state["verdict"] is None
    assert state["seq"] == 1


def test_opening_snapshot_r6_4(w):
    state = w.state
    assert state["code"] == OPENING and state["rules"] == "easy"
    assert state["discard"] == "A♣"
    assert state["slots"][18:] == ["3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"]
    assert state["slots"][:18] == ["?"] * 18  # R1.2
    assert state["free"] == list(range(18, 28))  # R2.1
    assert state["playable"] == [20, 22, 24]  # R3.1: K♣, 2♦, K♦ under Easy
    assert state["stock"] == 23 and state["score"] == 500 and state["moves"] == 0  # R1.4, R5.1
    assert state["description"].startswith("Stock: 23 cards; discard: ace of clubs. Peak tops: hidden card")  # R7


def test_snapshot_is_json_and_small(w):
    for move in ("K♣", "A♠", "2♦"):
        w.play(move)
        assert len(json.dumps(w.state, ensure_ascii=False).encode()) <= 2048
    assert json.loads(json.dumps(w.state)) == w.state


def test_every_update_bumps_seq(w):
    seqs = [w.state["seq"]]
    w.play("K♣")
    seqs.append(w.state["seq"])
    w.draw()
    seqs.append(w.state["seq"])
    with pytest.raises(IllegalMoveError):
        w.play(18)
    seqs.append(w.state["seq"])
    assert seqs == sorted(set(seqs))


def test_the_front_end_is_sent_once_for_every_board_and_each_board_carries_its_loader():
    static = pathlib.Path(widget_module.__file__).parent / "static"
    boards = [TriPeaks(records=False) for _ in range(3)]
    holders = {board.get_state()["_front_end"] for board in boards}
    assert len(holders) == 1  # one model holds the front end for every board of the kernel
    holder = boards[0]._front_end
    assert holder.get_state(["esm", "css"]) == {
        "esm": (static / "widget.js").read_text(encoding="utf-8"),
        "css": (static / "widget.css").read_text(encoding="utf-8"),
    }
    loader = boards[0].get_state(["_esm", "_css"])
    assert loader == {"_esm": (static / "loader.js").read_text(encoding="utf-8"), "_css": ""}
    assert len(loader["_esm"]) < 3000 and "_front_end" in loader["_esm"]
    holder.close()  # closed (a cell ran Widget.close_all()): the next board gets a new one
    fresh = TriPeaks(records=False)
    assert fresh._front_end is not holder and fresh._front_end.comm is not None
    for board in [*boards, fresh]:
        board.close()


def test_under_marimo_a_board_carries_the_front_end_itself(monkeypatch):
    import types

    monkeypatch.setitem(sys.modules, "marimo", types.SimpleNamespace(running_in_notebook=lambda: True))
    w = TriPeaks(records=False)
    state = w.get_state(["_esm", "_css", "_front_end"])
    assert "export" in state["_esm"] and ".tp-card" in state["_css"] and state["_front_end"] is None
    w.close()


def test_repr(w):
    assert repr(w) == "TriPeaks('TP1-E-AAAAAAB', easy, score 500, moves 0, playing)"
    w.play("K♣")
    assert repr(w) == "TriPeaks('TP1-E-AAAAAAB', easy, score 499, moves 1, playing)"


# -- construction ------------------------------------------------------------------------------


def test_constructor_variants():
    assert TriPeaks().state["rules"] == "easy"
    classic = TriPeaks(rules="classic")
    assert classic.state["rules"] == "classic" and classic.code.startswith("TP1-C-")
    assert TriPeaks("tp1-c-aaaaaab ").code == "TP1-C-AAAAAAB"  # R6.6
    assert TriPeaks(OPENING, error_help=False).state["error_help"] is False


def test_a_game_number_is_any_whole_number_and_never_a_bool():
    numpy = pytest.importorskip("numpy")
    assert TriPeaks(numpy.int64(7)).game.number == TriPeaks(7).game.number == 7
    w = TriPeaks(1)
    w.new_game(numpy.int16(9))
    assert w.game.number == 9
    for value in (True, 7.0):
        with pytest.raises((TypeError, ValueError), match="Game numbers run from 1 to 50,000"):
            TriPeaks(game=value)


def test_bad_code_is_refused_with_the_expected_form():
    with pytest.raises(ValueError, match="TP1-"):  # R6.6
        TriPeaks("not a code")


# -- intents: moves --------------------------------------------------------------------------


def test_play_intent_r6_4(w):
    intent(w, played(w, 20))  # K♣
    assert w.state["discard"] == "K♣" and w.state["slots"][20] is None
    assert w.state["last"] == {"action": "play", "slot": 20, "card": "K♣"}
    intent(w, played(w, 23))  # A♠ on K♣ (R3.1)
    intent(w, played(w, 22))  # 2♦ on A♠
    assert w.state["slots"][13] == "7♠"  # row 3 card 4 turned up (R2.3, R6.4)
    assert w.state["score"] == 497 and w.state["moves"] == 3  # R5.2


def test_refused_intent_says_why_r2_4():
    w = TriPeaks(OPENING, records=False)  # nothing but the message may change: no store's notice to clear
    before = dict(w.state)
    intent(w, played(w, 18))  # a free 3♠ on the A♣
    after = w.state
    assert after["message"] == "Must be one rank higher or lower"
    assert {k: after[k] for k in after if k not in ("message", "seq")} == {
        k: before[k] for k in before if k not in ("message", "seq")
    }
    intent(w, played(w, 0))  # a face-down peak top
    assert w.state["message"] == "This card is blocked"


def test_refusal_without_error_help_is_silent_r2_4(w):
    intent(w, {"type": "error_help", "value": False})
    assert w.state["error_help"] is False and w.error_help is False
    intent(w, played(w, 18))
    assert w.state["message"] == "" and w.state["moves"] == 0
    intent(w, played(w, 20))  # legality does not change
    assert w.state["discard"] == "K♣"


def test_draw_and_undo_intents_r2_5_r6_1(w):
    intent(w, {"type": "draw"})
    assert w.state["stock"] == 22 and w.state["score"] == 499
    assert w.state["last"]["action"] == "draw"
    intent(w, {"type": "undo"})
    assert w.state["stock"] == 23 and w.state["score"] == 500 and w.state["moves"] == 1  # R6.2
    assert w.state["last"]["action"] == "undo"
    intent(w, {"type": "undo"})
    assert w.state["message"] == "Nothing to undo"


def test_a_refused_move_message_is_cleared_by_the_next_action(w):
    intent(w, played(w, 18))
    assert w.state["message"]
    intent(w, played(w, 20))
    assert w.state["message"] == ""


@pytest.mark.parametrize(
    "content",
    [
        "play",
        None,
        ["play", 20],
        {},
        {"type": "fly"},
        {"type": "play"},
        {"type": "play", "slot": "20"},
        {"type": "play", "slot": 20.0},
        {"type": "play", "slot": True},
        {"type": "play", "slot": 28},
        {"type": "play", "slot": -1},
        {"type": "error_help", "value": "yes"},
        {"type": "error_help"},
        {"type": "new_game", "rules": "hard"},
        {"type": "new_game", "code": 7},
        {"type": "new_game", "code": "X" * 5000},
        {"type": "new_game", "id": [1]},
        {"type": "new_game", "layout": "PYRAMID"},
        {"type": "new_game", "layout": "Diamond"},  # a name, not a key
        {"type": "new_game", "layout": "diamond"},
        {"type": "new_game", "layout": "/tmp/layout.json"},
        {"type": "new_game", "layout": ["DIAMOND"]},
        {"type": "play", "slot": 20, "card": "K♣", "seq": -1},
        {"type": "play", "slot": 20, "card": "K♣", "seq": "7"},
        {"type": "play", "slot": 20, "card": "K♣", "seq": 2**53},
        {"type": "play", "slot": 20},
        {"type": "play", "slot": 20, "card": 7},
        {"type": "play", "slot": 20, "card": "K♣" * 100},
        {"type": "lang", "value": "fr"},
        {"type": "lang", "value": ["el"]},
        {"type": "lang"},
    ],
)
def test_malformed_intents_change_nothing_and_are_logged(w, sent, caplog, content):
    before = dict(w.state)
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        intent(w, content)
    assert unchanged(w.state) == unchanged(before)
    assert any(r.name == "tripeaks_widget" and "malformed" in r.getMessage() for r in caplog.records)
    assert all(not reply["ok"] for reply in sent)


def test_each_snapshot_names_the_last_intent_handled(w):
    """The front end shows a move in flight until the snapshot that answers its intent: the one
    whose ``answered`` is the intent's ``seq``, played or refused."""
    assert w.state["answered"] is None
    intent(w, played(w, 20, seq=41))
    assert (w.state["answered"], w.state["discard"]) == (41, "K♣")
    intent(w, played(w, 18, seq=42))  # refused: 3♠ on K♣
    assert (w.state["answered"], w.state["slots"][18]) == (42, "3♠")
    intent(w, {"type": "draw"})  # an intent without a number leaves the last one named
    assert w.state["answered"] == 42
    w.undo()  # so does a script
    assert w.state["answered"] == 42


def test_the_language_intent_switches_the_board_as_w_lang_does(w):
    intent(w, {"type": "lang", "value": "el"})
    assert w.lang == "el" and w.state["lang"] == "el" and w.labels["undo"] != "Undo"
    intent(w, {"type": "lang", "value": "he"})
    assert w.lang == "he" and w.state["dir"] == "rtl"


def test_errors_in_handlers_reach_the_message_line(w, caplog, monkeypatch):
    def broken():
        raise RuntimeError("the stock caught fire")

    monkeypatch.setattr(w.game, "draw", broken)
    with caplog.at_level(logging.ERROR, logger="tripeaks_widget"):
        intent(w, {"type": "draw"})
    assert w.state["message"] == FAILED.format(error="the stock caught fire")
    assert any("failed" in r.getMessage() for r in caplog.records)
    intent(w, played(w, 20))  # the widget goes on working
    assert w.state["message"] == "" and w.state["discard"] == "K♣"


# -- intents: new game -----------------------------------------------------------------------


def test_new_game_intent_with_a_bad_code_replies_with_the_reason(w, sent):
    before = dict(w.state)
    intent(w, {"type": "new_game", "rules": "easy", "code": "TP1-X-12", "id": 41})
    assert len(sent) == 1
    reply = sent[0]
    assert reply["type"] == "reply" and reply["id"] == 41 and reply["ok"] is False
    assert "TP1-" in reply["error"]  # R6.6: the message shows the expected form
    assert w.state["reply"] is reply  # the answer's one channel: the snapshot
    assert unchanged(w.state) == unchanged(before)


def test_new_game_intent_with_a_code_r6_3(w, sent):
    w.play("K♣")
    intent(w, {"type": "new_game", "rules": "easy", "code": " tp1-c-aaaaaab ", "id": 7})
    assert sent == [{"type": "reply", "id": 7, "ok": True, "error": ""}]
    state = w.state
    assert state["code"] == "TP1-C-AAAAAAB" and state["rules"] == "classic"  # the code's letter rules
    assert state["slots"][18:] == ["3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"]  # R6.3
    assert state["playable"] == [22]  # R3.2, R6.4: only 2♦ under Classic
    assert state["moves"] == 0 and state["score"] == 500 and not state["can_undo"]


def test_new_game_intent_deals_on_the_chosen_built_in_layout(w, sent):
    intent(w, {"type": "new_game", "rules": "easy", "game": 1, "code": "", "layout": "DIAMOND", "id": 3})
    assert sent[-1] == {"type": "reply", "id": 3, "ok": True, "error": ""}
    assert w.code == "TP1-E-AAAAAAB@DIAMOND" and len(w.state["slots"]) == 25
    assert (w.state["layout"], w.state["layout_name"]) == ("DIAMOND", "Diamond")
    intent(w, {"type": "new_game", "rules": "classic", "code": "", "id": 4})  # none named: the board's kept
    assert w.code.startswith("TP1-C-") and w.code.endswith("@DIAMOND")
    intent(w, {"type": "new_game", "code": "TP1-E-AAAAAAB", "layout": "COLUMNS", "id": 5})  # a code names its own
    assert w.code == "TP1-E-AAAAAAB" and w.state["layout"] == "THREE-PEAKS" and len(w.state["slots"]) == 28


def test_new_game_intent_naming_no_built_in_layout_is_refused(w, sent):
    """Least privilege: the front end may name a built-in layout's key, never a file or a name."""
    before = dict(w.state)
    intent(w, {"type": "new_game", "rules": "easy", "code": "", "layout": "../layouts/mine.json", "id": 9})
    assert [(reply["id"], reply["ok"]) for reply in sent] == [(9, False)]
    assert "layout must be one of 'THREE-PEAKS', 'COLUMNS', 'DIAMOND', 'FOUR-PEAKS'" in sent[0]["error"]
    assert unchanged(w.state) == unchanged(before)


def test_new_game_intent_random_deal_under_chosen_rules(w, sent):
    intent(w, {"type": "new_game", "rules": "classic", "code": "", "id": "a1"})
    assert sent[-1]["ok"] is True and sent[-1]["id"] == "a1"
    assert w.state["rules"] == "classic" and w.code.startswith("TP1-C-")
    intent(w, {"type": "new_game", "rules": "easy"})  # no id: no reply
    assert len(sent) == 1 and w.state["rules"] == "easy"


def test_new_game_intent_rules_are_the_whole_rule_set():
    w = TriPeaks(rules="classic+joker")
    monkey = replies_of(w)
    intent(w, {"type": "new_game", "rules": "easy+joker", "code": "", "id": 1})
    assert monkey[-1]["ok"] is True
    assert w.state["rules"] == "easy" and w.state["variants"] == ["joker"]
    assert repr(w).startswith("TriPeaks('TP1-E-") and ", easy+joker, score" in repr(w)
    intent(w, {"type": "new_game", "rules": "easy", "code": "", "id": 2})  # no variant ticked
    assert w.state["variants"] == []
    intent(w, {"type": "new_game", "code": "", "id": 3})  # no rules: the current ones
    assert str(w.rules) == "easy"


def test_new_game_keeps_error_help(w):
    w.error_help = False
    w.new_game()
    assert w.state["error_help"] is False and w.game.error_help is False


# -- scripted calls ----------------------------------------------------------------------------


def test_scripted_calls_publish_at_once(w):
    w.play("K♣")
    assert w.state["discard"] == "K♣"
    w.play("As")
    w.play(22)
    assert w.state["slots"][13] == "7♠"
    w.draw()
    assert w.state["stock"] == 22
    w.undo()
    assert w.state["stock"] == 23
    assert (w.score, w.moves, w.status, w.stock_count) == (497, 4, "playing", 23)  # R6.2
    assert str(w.discard) == "2♦" and w.rules.name == "easy" and w.code == OPENING
    assert [str(c) for c in w.playable()] == [str(c) for c in w.game.playable()]
    assert w.describe() == w.state["description"]
    assert w.state["score"] == w.game.view()["score"]


def test_scripted_illegal_play_raises_and_shows_the_reason(w):
    with pytest.raises(IllegalMoveError, match="Must be one rank higher or lower"):
        w.play("3♠")
    assert w.state["message"] == "Must be one rank higher or lower"
    assert w.message == "Must be one rank higher or lower"
    assert w.why_not("3♠") == "Must be one rank higher or lower"
    assert w.why_not("K♣") is None
    assert w.state["moves"] == 0


def test_scripted_undo_with_nothing_to_undo_raises(w):
    with pytest.raises(IllegalMoveError):
        w.undo()
    assert w.state["message"] == "Nothing to undo"


def test_new_game_method_variants(w):
    w.new_game("classic")
    assert w.rules.name == "classic" and w.code.startswith("TP1-C-")
    w.new_game()
    assert w.rules.name == "classic"
    w.new_game("TP1-E-AAAAAAD")
    assert w.state["code"] == "TP1-E-AAAAAAD" and w.state["seq"] > 1
    with pytest.raises(ValueError, match="TP1-"):
        w.new_game("TP9-Q")
    assert w.state["code"] == "TP1-E-AAAAAAD"
    with pytest.raises(TypeError):
        w.new_game(3.5)


def test_error_help_property_syncs(w):
    w.error_help = False
    assert w.state["error_help"] is False and w.game.error_help is False
    w.error_help = True
    assert w.state["error_help"] is True


def test_teacher_caption_and_highlight(w):
    w.caption = "Play the king first"
    w.highlight("K♣", "stock")
    assert w.state["caption"] == "Play the king first"
    assert w.state["highlight"] == [20, "stock"]
    w.highlight(22)
    assert w.state["highlight"] == [22]
    w.play("K♣")
    assert w.state["highlight"] == []  # cleared by the next action
    assert w.state["caption"] == "Play the king first"  # the caption stays until changed
    w.caption = None
    assert w.state["caption"] == ""


# -- hints ------------------------------------------------------------------------------------


def answer(*line, complete=True):
    """A stand-in for the solver's answer whose best line is ``line``."""
    return solver.Solution(
        winnable=True if line else None,
        line=tuple(line),
        draws=line.count("draw"),
        cards_left=0,
        score=0,
        complete=complete,
    )


def test_hint_intent_points_at_the_move(w, monkeypatch):
    w.hint_kind = "exact"
    monkeypatch.setattr(solver, "solve", lambda game, budget=None: answer("K♣", "A♠"))
    intent(w, {"type": "hint"})
    w.board.assists.worker.wait(5)
    assert w.state["highlight"] == [20]
    assert w.state["message"] == "Hint (sees the hidden cards): play the king of clubs"
    monkeypatch.setattr(solver, "solve", lambda game, budget=None: answer("draw"))
    intent(w, {"type": "hint"})
    w.board.assists.worker.wait(5)
    assert w.state["highlight"] == ["stock"]
    intent(w, {"type": "draw"})
    assert w.state["highlight"] == [] and w.state["message"] == ""


def test_hint_with_no_move(w, monkeypatch):
    w.hint_kind = "exact"
    monkeypatch.setattr(solver, "solve", lambda game, budget=None: answer())
    assert w.hint() is None
    assert w.state["message"] == NO_HINT and w.state["highlight"] == []
    monkeypatch.setattr(solver, "solve", lambda game, budget=None: answer(complete=False))
    assert w.hint() is None
    assert w.state["message"] == NO_HINT_IN_TIME and w.state["highlight"] == []


def test_hint_with_the_real_solver_r6_4(w):
    """From the reference opening the best line starts with one of the three cards that fit."""
    w.hint_kind = "exact"
    move = w.hint()
    assert move in ("K♣", "2♦", "K♦")
    assert w.state["highlight"] == [w.game.slot_of(move)]
    assert w.state["message"].startswith("Hint (sees the hidden cards): play the ")
    intent(w, {"type": "hint"})
    assert w.state["message"] == HINT_PENDING and w.state["highlight"] == []
    assert w.board.assists.worker.wait(10)
    assert w.state["highlight"] == [w.game.slot_of(move)]


# -- end of game -----------------------------------------------------------------------------


def test_won_game_r4_1():
    line = win_line(Game("TP1-E-AAAAAAD"))  # R6.5: winnable under Easy
    w = TriPeaks("TP1-E-AAAAAAD")
    for action in line:
        if action == "draw":
            intent(w, {"type": "draw"})
        else:
            intent(w, played(w, w.game.slot_of(action)))
    state = w.state
    assert state["status"] == "won" and state["message"] == "You won!"
    assert state["slots"] == [None] * 28
    assert state["score"] == 500 - len(line) + 300  # R5.3


def test_blocked_game_r4_2():
    w = TriPeaks("TP1-C-AAAAAAB")
    while w.status == "playing":
        playable = w.state["playable"]
        intent(w, played(w, playable[0]) if playable else {"type": "draw"})
    state = w.state
    assert state["status"] == "blocked" and state["message"] == "No more possible moves"
    assert state["stock"] == 0 and state["can_undo"]
    intent(w, {"type": "undo"})  # the player may still undo
    assert w.state["status"] == "playing"


# -- several widgets ---------------------------------------------------------------------------


def test_two_widgets_are_independent():
    a, b = TriPeaks(OPENING), TriPeaks(OPENING)
    intent(a, played(a, 20))
    a.caption = "only here"
    assert a.state["discard"] == "K♣" and b.state["discard"] == "A♣"
    assert b.state["caption"] == "" and b.state["moves"] == 0
    assert a.game is not b.game
