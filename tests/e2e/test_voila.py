"""The play-only app, examples/play_app.ipynb, served by Voila: only the board shows, a click
plays, a link chooses the deal, and New game deals a pasted code.

A Voila page has no cells to run: the Python side is seen through the board, which shows only
what the kernel's game sends back (the front end sends intents and renders the state)."""

from __future__ import annotations

import pathlib

import pytest
from helpers.hostdriver import open_app, start_voila
from helpers.labdriver import expect, page_errors, screenshot

from tripeaks_widget import Game, i18n

APP = pathlib.Path(__file__).resolve().parents[2] / "examples" / "play_app.ipynb"


@pytest.fixture(scope="module")
def voila(e2e_ready):
    with start_voila(APP) as server:
        yield server


def test_the_app_shows_the_board_and_no_code(host_page, voila):
    page, board = open_app(host_page, voila)
    expect(board.discard).to_have_attribute("data-card", "A♣")
    assert board.slot_cards()[18:] == [str(card) for card in Game("TP1-E-AAAAAAB").rows()[3]]
    assert (board.stock_count(), board.score(), board.code()) == ("23", "500", "TP1-E-AAAAAAB")
    expect(page.locator(".tp-root")).to_have_count(1)
    assert "TriPeaks(" not in page.locator("body").inner_text()  # no code shown
    screenshot(page, "host-voila-start")
    assert page_errors(page) == []


def test_a_click_plays_and_a_refusal_says_why(host_page, voila):
    """R6.4's opening by clicks: each card lands only once the kernel's game has taken it."""
    page, board = open_app(host_page, voila)
    board.card("3♠").click()
    expect(board.root.locator(".tp-message")).to_have_text("Must be one rank higher or lower")
    for card, score in (("K♣", "499"), ("A♠", "498"), ("2♦", "497")):
        board.card(card).click()
        expect(board.discard).to_have_attribute("data-card", card)
        expect(board.root.locator(".tp-stat-score .tp-stat-value")).to_have_text(score)
    expect(board.slot(13)).to_have_attribute("data-card", "7♠")  # row 3 card 4 turned up
    assert board.moves() == "3"
    screenshot(page, "host-voila-after-opening")
    assert page_errors(page) == []


def test_new_game_with_a_pasted_code(host_page, voila):
    page, board = open_app(host_page, voila, query="")  # a random deal
    board.new_button.click()
    expect(board.dialog).to_be_visible()
    board.code_input.fill("TP1-C-AAAAAAD")
    screenshot(page, "host-voila-dialog")
    board.code_input.press("Enter")
    expect(board.dialog).to_be_hidden()
    expect(board.root.locator(".tp-code")).to_have_text("TP1-C-AAAAAAD")
    expect(board.root.locator(".tp-rules")).to_have_text("Classic")
    expected = Game("TP1-C-AAAAAAD")
    assert board.slot_cards()[18:] == [str(card) for card in expected.rows()[3]]
    assert board.discard_card() == str(expected.discard)
    assert page_errors(page) == []


def test_a_link_chooses_the_language(host_page, voila):
    page, board = open_app(host_page, voila, query="?game=7&lang=el")
    expect(board.root).to_have_attribute("lang", "el")
    expect(board.new_button).to_have_text(i18n.labels("el")["new_game"])
    expect(board.root.locator(".tp-code")).to_have_text(Game.from_number(7).code)
    assert page_errors(page) == []


def test_a_link_chooses_the_layout_as_the_play_page_does(host_page, voila):
    page, board = open_app(host_page, voila, query="?game=7&layout=diamond")
    expect(board.root.locator(".tp-code")).to_have_text("TP1-E-AAAAAAH@DIAMOND")
    assert page_errors(page) == []


def test_a_bad_link_says_why_and_deals_a_random_game(host_page, voila):
    page, board = open_app(host_page, voila, query="?game=TP9-X")
    expect(page.locator("body")).to_contain_text("TP9-X")
    assert board.code().startswith("TP1-E-")
    assert page_errors(page) == []
