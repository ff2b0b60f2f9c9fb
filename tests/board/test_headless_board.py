"""The headless board, driven without a widget or a comm: requests in, snapshots out."""

import json
import subprocess
import sys
import threading

import pytest
from helpers.support import OPENING, WINNABLE, played, winning_line

from tripeaks_widget.board import Board
from tripeaks_widget.board.snapshot import Snapshot, fields
from tripeaks_widget.engine import game as engine_game


@pytest.fixture
def board():
    made = Board(OPENING, records=False)
    yield made
    made.close()


def watch(board):
    seen = []
    board.subscribe(seen.append)
    return seen


def test_a_whole_game_a_new_game_an_assist_and_a_review_without_a_widget():
    board = Board(game=WINNABLE, records=False, show_verdict=True)
    seen = watch(board)
    assert board.assists.worker.wait(30)
    assert board.snapshot()["verdict"]["kind"] == "winnable"
    line = winning_line()
    for number, action in enumerate(line, 1):
        slot = None if action == "draw" else board.game.slot_of(action)
        request = {"type": "draw", "id": number} if slot is None else played(board, slot, id=number)
        reply = board.handle(request)
        assert reply == {"type": "reply", "id": number, "ok": True, "error": ""}
        assert seen[-1]["reply"] is reply and seen[-1]["moves"] == number
    assert board.game.status == "won" and seen[-1]["status"] == "won" and seen[-1]["ending"] == "You won!"
    assert board.handle({"type": "review", "open": True}) is None
    assert board.assists.worker.wait(120)
    review = seen[-1]["review"]
    assert review["kind"] == "known" and len(review["moves"]) == len(line)
    reply = board.handle({"type": "new_game", "rules": "classic", "code": "", "id": "deal-1"})
    assert reply == {"type": "reply", "id": "deal-1", "ok": True, "error": ""}
    assert seen[-1]["rules"] == "classic" and seen[-1]["moves"] == 0 and seen[-1]["review"] is None
    board.close()


@pytest.mark.parametrize(
    "assist",
    [lambda b: b.hint(), lambda b: b.verdict, lambda b: b.win_chance(), lambda b: b.game.fair_hint(samples=8)],
    ids=["hint", "verdict", "win_chance", "consulted from Python"],
)
def test_the_snapshot_says_whether_the_game_in_progress_is_assisted_until_a_new_deal(board, assist):
    assert board.snapshot()["assisted"] is False
    board.play("K♣")
    assert board.snapshot()["assisted"] is False  # playing is no assist
    assist(board)
    board.draw()
    assert board.snapshot()["assisted"] is True and board.used
    board.new_game(OPENING)
    assert board.snapshot()["assisted"] is False


def test_a_click_with_the_assists_on_replays_nothing_of_a_long_game_in_the_kernels_thread(monkeypatch):
    board = Board(OPENING, records=False, show_verdict=True, show_win_chance=True)
    for _ in range(30):  # a long history: a move played and taken back, again and again
        board.handle(played(board, 20))
        board.handle({"type": "undo"})
    assert board.assists.worker.wait(60)
    here = threading.current_thread()
    replayed = []  # the actions replayed by the thread that handles the clicks
    real_apply = engine_game.Game.apply

    def apply(game, action):
        if threading.current_thread() is here:
            replayed.append(action)
        return real_apply(game, action)

    monkeypatch.setattr(engine_game.Game, "apply", apply)
    board.handle(played(board, 20))  # the win chance and the verdict asked for again
    board.handle({"type": "hint"})  # the fair hint: what the player sees
    board.handle({"type": "undo"})
    assert replayed == ["K♣", "undo"]  # what the player sees followed one action at a time, not replayed
    board.close()


def test_every_snapshot_keeps_the_contract_and_counts_up(board):
    seen = watch(board)
    board.play("K♣")
    board.draw()
    board.undo()
    assert [snapshot["seq"] for snapshot in seen] == sorted({snapshot["seq"] for snapshot in seen})
    for snapshot in seen:
        assert set(snapshot) == fields(Snapshot)
        json.dumps(snapshot)  # plain values only


def test_a_refused_move_is_answered_once_with_the_reason_and_changes_nothing(board):
    seen = watch(board)
    reply = board.handle(played(board, 18, id=5))  # a 3♠ on the A♣ under Easy
    assert reply["ok"] is False and reply["error"] == "Must be one rank higher or lower"
    assert len(seen) == 1 and seen[0]["reply"] is reply and seen[0]["moves"] == 0


def test_a_malformed_request_changes_nothing_and_publishes_nothing(board):
    seen = watch(board)
    assert board.handle({"type": "play", "slot": "K♣", "card": "K♣"}) is None
    assert board.handle(["not", "a", "request"]) is None
    assert seen == [] and board.game.history == []


def test_the_switches_are_plain_properties_and_a_request_sets_them(board):
    seen = watch(board)
    board.show_playable = False
    assert seen[-1]["show_playable"] is False
    board.handle({"type": "show_playable", "value": True, "id": 1})
    assert board.show_playable is True and seen[-1]["show_playable"] is True
    board.lang = "el"
    assert seen[-1]["lang"] == "el" and seen[-1]["message"] == board.say(board.game.message)


def test_an_unsubscribed_callback_hears_nothing_more(board):
    seen = []
    stop = board.subscribe(seen.append)
    board.draw()
    stop()
    board.draw()
    assert len(seen) == 1


def test_the_board_needs_no_jupyter():
    program = (
        "import sys\n"
        "from tripeaks_widget.board import Board\n"
        "b = Board('TP1-E-AAAAAAB', records=False)\n"
        "b.play('K♣'); b.draw(); b.undo()\n"
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', 'comm', 'ipykernel') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
