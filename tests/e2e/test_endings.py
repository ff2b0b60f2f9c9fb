"""The end of a game in the browser: the won banner (R4.1, R5.3) and the blocked one (R4.2),
from which the player may still undo."""

from __future__ import annotations

import json

from helpers.labdriver import IMPORT, STATE, WIN_LINE, Board, expect

from tripeaks_widget import Game


def state_of(nb, cell: int) -> dict:
    nb.run(cell)
    return json.loads(nb.output_text(cell).strip().splitlines()[-1])


def test_winning_by_the_last_click_shows_the_won_banner(open_notebook, shot):
    expected = Game("TP1-E-AAAAAAD").replay(WIN_LINE)
    assert (expected.status, expected.score, expected.moves) == ("won", 754, 46)  # R5.3: 500 - 46 + 300
    replay = f"for m in {WIN_LINE[:-1]!r}:\n    w.draw() if m == 'draw' else w.play(m)"
    nb = open_notebook([IMPORT, 'w = TriPeaks("TP1-E-AAAAAAD"); w', replay, STATE])
    nb.run(0, 1, 2)
    board = Board(nb.cell(1).locator(".tp-root"))
    last = board.card("10♥")
    expect(last).to_be_visible()
    expect(board.root.locator(".tp-banner")).to_be_hidden()
    last.click()
    banner = board.root.locator(".tp-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("You won!")
    expect(banner).to_contain_text("754")
    assert board.slot_cards() == [""] * 28
    assert (board.score(), board.moves()) == ("754", "46")
    state = state_of(nb, 3)
    assert (state["status"], state["score"], state["moves"]) == ("won", 754, 46)
    shot("13-won", board.root)


def test_a_blocked_game_says_so_and_can_still_be_undone(open_notebook, shot):
    nb = open_notebook([IMPORT, 'w = TriPeaks("TP1-C-AAAAAAB"); w', "for _ in range(23):\n    w.draw()", STATE])
    nb.run(0, 1, 2)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.root.locator(".tp-stock-count")).to_have_text("0")
    board.card("K♣").click()  # the only move left (Classic: the K on the Q)
    banner = board.root.locator(".tp-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("No more possible moves")  # R4.2
    expect(banner).to_contain_text("27")
    state = state_of(nb, 3)
    assert (state["status"], state["score"], state["stock"]) == ("blocked", 476, 0)  # R5.4: no penalty
    shot("14-blocked", board.root)
    banner.get_by_role("button", name="Undo").click()
    expect(banner).to_be_hidden()
    expect(board.card("K♣")).to_be_visible()
    state = state_of(nb, 3)
    assert (state["status"], state["score"]) == ("playing", 477)
