"""The widget in Jupyter Notebook 7 (``jupyter notebook``): it renders, a click reaches the
kernel's Python, and a scripted cell shows on the board."""

from __future__ import annotations

import json

import pytest
from helpers.hostdriver import open_notebook7, start_notebook7
from helpers.labdriver import DEAL, IMPORT, STATE, Board, expect, page_errors, screenshot

from tripeaks_widget import Game

# Notebook 7.6 throws "Cannot read properties of undefined (reading 'schema')" from its own core
# bundle as a notebook page loads, before any cell has run: not the widget's.
NOTEBOOK_CORE = "/static/notebook/notebook_core."


@pytest.fixture(scope="module")
def notebook7(e2e_ready, tmp_path_factory):
    with start_notebook7(tmp_path_factory.mktemp("notebook7")) as server:
        yield server


@pytest.fixture(scope="module")
def board_page(notebook7, host_page):
    """The reference deal's notebook open in Notebook 7, its board cell run."""
    notebook7.write_notebook("board.ipynb", [IMPORT, DEAL, STATE, 'w.play("A♠")'])
    page = host_page()
    nb = open_notebook7(page, notebook7, "board.ipynb")
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    return page, nb, board


def python_state(nb) -> dict:
    nb.run(2)
    return json.loads(nb.output_text(2).strip().splitlines()[-1])


def test_the_board_renders(board_page):
    page, _nb, board = board_page
    assert page.url.endswith("/notebooks/board.ipynb")  # Notebook 7's page, not JupyterLab's
    expect(board.discard).to_have_attribute("data-card", "A♣")
    assert board.slot_cards()[18:] == [str(card) for card in Game("TP1-E-AAAAAAB").rows()[3]]
    assert (board.stock_count(), board.score(), board.code()) == ("23", "500", "TP1-E-AAAAAAB")
    screenshot(page, "host-notebook7-start")
    assert page_errors(page, NOTEBOOK_CORE) == []


def test_a_click_reaches_python_and_a_scripted_play_shows(board_page):
    """R6.4's opening: K♣ clicked, then A♠ played from a cell; the kernel and the board agree."""
    page, nb, board = board_page
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    state = python_state(nb)
    assert (state["discard"], state["score"], state["moves"]) == ("K♣", 499, 1)
    nb.run(3)
    expect(board.discard).to_have_attribute("data-card", "A♠")
    expect(board.root.locator(".tp-stat-score .tp-stat-value")).to_have_text("498")
    assert board.moves() == "2"
    assert python_state(nb)["discard"] == "A♠"
    screenshot(page, "host-notebook7-after-play")
    assert page_errors(page, NOTEBOOK_CORE) == []


def test_each_step_keeps_its_own_picture_and_the_newest_board_plays(notebook7, host_page):
    """A walkthrough of three steps: each earlier step's output becomes the picture of its board
    (SVG), the newest is the live board, and it plays a click."""
    deal = f"{IMPORT}\nw = TriPeaks('TP1-E-AAAAAAB', records=False, lang='en')\nw"
    steps = [deal, 'w.play("K♣")\nw', 'w.play("A♠")\nw']
    notebook7.write_notebook("steps.ipynb", steps)
    page = host_page()
    nb = open_notebook7(page, notebook7, "steps.ipynb")
    nb.run(0, 1, 2)
    for index in (0, 1):
        expect(nb.cell(index).locator(".tp-root")).to_have_count(0)
        expect(nb.cell(index).locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"] img')).to_be_visible()
    sources = [nb.cell(i).locator("img").get_attribute("src") for i in (0, 1)]
    assert sources[0] != sources[1]  # each its own step
    board = Board(nb.cell(2).locator(".tp-root"))
    assert (board.discard_card(), board.moves()) == ("A♠", "2")
    board.card("2♦").click()
    expect(board.discard).to_have_attribute("data-card", "2♦")
    screenshot(page, "host-notebook7-steps")
    assert page_errors(page, NOTEBOOK_CORE) == []
