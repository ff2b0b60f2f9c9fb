"""examples/play_marimo.py under ``marimo run``: the board is a ``mo.ui.anywidget``, and a
second cell, run again by marimo whenever the board's state changes, shows the score and the
moves that the kernel's game has, as the player clicks."""

from __future__ import annotations

import pathlib

import pytest
from helpers.hostdriver import open_app, start_marimo
from helpers.labdriver import expect, page_errors, screenshot

from tripeaks_widget import Game

APP = pathlib.Path(__file__).resolve().parents[2] / "examples" / "play_marimo.py"


@pytest.fixture(scope="module")
def marimo_app(e2e_ready):
    with start_marimo(APP) as server:
        yield server


def following(page) -> tuple[str, str]:
    """The second cell's score and moves."""
    return (page.locator(".tp-follow-score").inner_text(), page.locator(".tp-follow-moves").inner_text())


def test_the_board_and_the_cell_that_follows_it(host_page, marimo_app):
    page, board = open_app(host_page, marimo_app, query="?game=TP1-E-AAAAAAB&lang=el")
    expect(board.root).to_have_attribute("lang", "el")  # the link's language
    expect(board.discard).to_have_attribute("data-card", "A♣")
    assert board.slot_cards()[18:] == [str(card) for card in Game("TP1-E-AAAAAAB").rows()[3]]
    assert (board.stock_count(), board.score(), board.code()) == ("23", "500", "TP1-E-AAAAAAB")
    expect(page.locator(".tp-follow-score")).to_have_text("500")
    expect(page.locator(".tp-follow-moves")).to_have_text("0")
    screenshot(page, "host-marimo-start")
    assert page_errors(page) == []


def test_clicks_reach_python_and_the_other_cell_follows(host_page, marimo_app):
    """R6.4's opening by clicks; after each, the second cell (Python) shows the kernel's score."""
    page, board = open_app(host_page, marimo_app)
    for card, score, moves in (("K♣", "499", "1"), ("A♠", "498", "2"), ("2♦", "497", "3")):
        board.card(card).click()
        expect(board.discard).to_have_attribute("data-card", card)
        expect(page.locator(".tp-follow-score")).to_have_text(score)
        expect(page.locator(".tp-follow-moves")).to_have_text(moves)
    expect(board.slot(13)).to_have_attribute("data-card", "7♠")  # row 3 card 4 turned up
    board.stock.click()
    expect(page.locator(".tp-follow-moves")).to_have_text("4")
    assert following(page) == ("496", "4") and board.stock_count() == "22"
    screenshot(page, "host-marimo-after-opening")
    assert page_errors(page) == []


def test_a_link_chooses_the_layout_as_the_play_page_does(host_page, marimo_app):
    page, board = open_app(host_page, marimo_app, query="?game=7&layout=diamond")
    expect(board.root.locator(".tp-code")).to_have_text("TP1-E-AAAAAAH@DIAMOND")
    assert page_errors(page) == []


@pytest.mark.parametrize(("query", "said"), [("?game=0", "Game numbers run from 1 to 50,000"), ("?lang=pt", "'pt'")])
def test_a_bad_link_says_why_and_deals_a_random_game(host_page, marimo_app, query, said):
    """As the Voilà app does: the reason above the board, and a random Easy deal to play."""
    page, board = open_app(host_page, marimo_app, query=query)
    expect(page.locator("body")).to_contain_text(said)
    assert board.code().startswith("TP1-E-")
    assert page_errors(page) == []
