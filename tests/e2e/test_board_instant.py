"""A click answers at once, and Python still decides: a card the snapshot marks as playable goes
to the discard before the kernel has answered (even while a cell keeps the kernel busy), a draw
goes face down, and the snapshot that answers the click settles the board, refused or not."""

from __future__ import annotations

import json
import re

import pytest
from helpers.labdriver import IMPORT, STATE, Board, expect

from tripeaks_widget import i18n

LANGUAGES = ("en", "el", "he", "is")
DEAL = 'w = TriPeaks("TP1-E-AAAAAAB", records=False); w'  # the reference deal, R6.4; no records written

FIRST_MOVEMENT = 0.2  # seconds from the click to the card on the discard, the kernel busy

# In the page: when the next click on the widget comes, and the first frame after the discard
# shows `card` (window.__tpFlight resolves to both, in performance.now() milliseconds).
WATCH_FLIGHT = """(root, card) => {
  const discard = root.querySelector(".tp-discard");
  const times = {};
  window.__tpFlight = new Promise((resolve) => {
    root.addEventListener("click", () => { times.click = performance.now(); }, { capture: true, once: true });
    const seen = new MutationObserver(() => {
      if (discard.dataset.card !== card) return;
      seen.disconnect();
      requestAnimationFrame(() => resolve({ ...times, frame: performance.now() }));
    });
    seen.observe(discard, { attributes: true });
  });
}"""


def python_state(nb, cell: int) -> dict:
    nb.run(cell)
    return json.loads(nb.output_text(cell).strip().splitlines()[-1])


def board_agrees(board: Board, state: dict) -> None:
    """The board shows what Python says: every slot, the discard, the stock, score and moves."""
    expect(board.discard).to_have_attribute("data-card", state["discard"])
    expect(board.root.locator(".tp-discard.tp-drawing")).to_have_count(0)
    shown = [card or None for card in board.slot_cards()]
    assert shown == [card for row in state["rows"] for card in row]
    assert (board.stock_count(), board.score(), board.moves()) == tuple(
        str(state[key]) for key in ("stock", "score", "moves")
    )


def test_a_playable_card_reaches_the_discard_while_a_cell_runs(open_notebook, page, shot):
    nb = open_notebook([IMPORT, DEAL, "import time\ntime.sleep(5)", STATE])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    nb.start(2)  # the kernel sleeps 5 s: no message of the board's is handled meanwhile
    board.root.evaluate(WATCH_FLIGHT, "K♣")
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣", timeout=FIRST_MOVEMENT * 1000)
    took = page.evaluate("() => window.__tpFlight.then((t) => t.frame - t.click)") / 1000
    assert took < FIRST_MOVEMENT, f"the card reached the discard {took:.3f} s after the click"
    expect(board.slot(20)).to_have_class("tp-card tp-slot tp-removed")
    # Nothing Python has not said: the score, the moves and the stock wait for its answer.
    assert (board.score(), board.moves(), board.stock_count()) == ("500", "0", "23")
    shot("instant-in-flight", board.root)
    board.stock.click()  # a draw while the play is in flight: sent, and Python decides
    nb.wait_idle()
    expect(board.root.locator(".tp-stat-moves .tp-stat-value")).to_have_text("2")
    state = python_state(nb, 3)
    assert (state["moves"], state["stock"]) == (2, 22)
    board_agrees(board, state)
    shot("instant-settled", board.root)


def test_a_click_the_kernel_does_not_answer_is_said_until_it_does_and_after_a_shutdown(open_notebook, page, shot):
    """A kernel busy with a cell, then one shut down: a click it does not answer within a few
    seconds is said under the board (a status), and the answer, when it comes, takes it away."""
    nb = open_notebook([IMPORT, DEAL, "import time\ntime.sleep(12)", STATE])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    said = board.root.get_by_role("status").filter(has_text=i18n.labels("en")["no_answer"])
    expect(said).to_be_hidden()
    nb.start(2)  # the kernel sleeps 12 s
    board.card("K♣").click()
    expect(said).to_be_visible(timeout=10_000)
    shot("unanswered-busy", board.root)
    nb.wait_idle()
    expect(said).to_be_hidden()  # the kernel answered at last: the card was played
    expect(board.root.locator(".tp-stat-moves .tp-stat-value")).to_have_text("1")

    shut_down = "(id) => Array.from(window.jupyterapp.shell.widgets('main')).find((w) => w.id === id)"
    nb.page.evaluate(shut_down + ".sessionContext.shutdown()", nb.id)
    board.stock.click()
    expect(said).to_be_visible(timeout=10_000)


def test_a_draw_goes_face_down_until_python_names_the_card(open_notebook, page):
    nb = open_notebook([IMPORT, DEAL, "import time\ntime.sleep(3)", STATE])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    nb.start(2)
    board.stock.click()
    expect(board.root.locator(".tp-discard.tp-drawing")).to_have_count(1, timeout=FIRST_MOVEMENT * 1000)
    assert board.discard_card() == "A♣", "the front end does not know the drawn card"
    nb.wait_idle()
    state = python_state(nb, 3)
    assert state["stock"] == 22 and state["discard"] != "A♣"
    board_agrees(board, state)


def test_a_click_as_a_script_undoes_ends_with_the_board_python_has(open_notebook, page):
    """The click and a script's undo race; whichever Python takes first, the board ends as
    Python has it (a play refused after the undo goes back to its slot)."""
    nb = open_notebook([IMPORT, 'w = TriPeaks("TP1-E-AAAAAAB", records=False)\nw.play("K♣")\nw', "w.undo()", STATE])
    for order in ("click first", "undo first"):
        nb.run(0, 1)
        board = Board(nb.cell(1).locator(".tp-root"))
        board.card("A♠").wait_for(state="visible")
        expect(board.discard).to_have_attribute("data-card", "K♣")
        if order == "click first":
            board.card("A♠").click()  # A♠ fits K♣ (Easy: ace and king are neighbours)
            nb.start(2)
        else:
            nb.start(2)
            board.card("A♠").click()
        nb.wait_idle()
        state = python_state(nb, 3)
        board_agrees(board, state)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_move_in_flight_in_four_languages(open_notebook, page, shot, lang):
    """Mid-move and settled, in English, Greek, Hebrew (right to left) and Icelandic: the card in
    flight is on the discard while the kernel sleeps, the counters wait, and the board settles
    to Python's snapshot in the language's words."""
    deal = f'w = TriPeaks("TP1-E-AAAAAAB", records=False, lang={lang!r}); w'
    nb = open_notebook([IMPORT, deal, "import time\ntime.sleep(2)", STATE])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    expect(board.root).to_have_attribute("lang", lang)
    nb.start(2)
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣", timeout=FIRST_MOVEMENT * 1000)
    expect(board.discard).to_have_attribute("aria-label", re.compile(re.escape(i18n.labels(lang)["card_K♣"])))
    assert (board.score(), board.moves()) == ("500", "0")
    page.wait_for_timeout(300)  # the flight's animation ends: the picture shows where it landed
    shot(f"instant-mid-move-{lang}", board.root)
    nb.wait_idle()
    expect(board.root.locator(".tp-stat-score .tp-stat-value")).to_have_text("499")
    board_agrees(board, python_state(nb, 3))
    shot(f"instant-settled-{lang}", board.root)
