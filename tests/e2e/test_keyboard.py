"""Playing by keyboard, and keys typed in the widget never reaching JupyterLab's shortcuts."""

from __future__ import annotations

from helpers.labdriver import expect

JS_FOCUSED_SLOT = """() => {
  const el = document.activeElement;
  if (!el || !el.closest('.tp-root')) return null;
  if (el.classList.contains('tp-stock')) return 'stock';
  return el.dataset.slot === undefined ? el.className : Number(el.dataset.slot);
}"""


def focused(page):
    return page.evaluate(JS_FOCUSED_SLOT)


def test_playing_by_keyboard(board_nb, page, shot):
    """Arrows move between free cards and the stock, Enter/Space play or draw, "d" draws,
    "u" undoes (R2.2, R2.5, R6.1) - all through the same intents as clicks."""
    _nb, board, py = board_nb
    board.slot(18).focus()  # 3♠, the first free card
    assert focused(page) == 18
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(page) == 20  # K♣
    shot("09-keyboard-focus", board.root)
    page.keyboard.press("Enter")
    expect(board.discard).to_have_attribute("data-card", "K♣")
    assert isinstance(focused(page), (int, str)), "focus left the board after a keyboard play"

    page.keyboard.press("u")
    expect(board.discard).to_have_attribute("data-card", "A♣")
    expect(board.card("K♣")).to_be_visible()

    page.keyboard.press("Home")
    assert focused(page) == 18
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(page) == 20
    page.keyboard.press(" ")
    expect(board.discard).to_have_attribute("data-card", "K♣")

    page.keyboard.press("d")
    expect(board.root.locator(".tp-stock-count")).to_have_text("22")
    drawn = board.discard_card()
    assert drawn not in ("K♣", "A♣")

    page.keyboard.press("u")
    expect(board.root.locator(".tp-stock-count")).to_have_text("23")
    expect(board.discard).to_have_attribute("data-card", "K♣")

    # End goes to the rightmost card; the stock lies below the bottom row; Enter draws.
    page.keyboard.press("End")
    assert focused(page) == 27
    page.keyboard.press("ArrowDown")
    assert focused(page) == "stock"
    page.keyboard.press("Enter")
    expect(board.root.locator(".tp-stock-count")).to_have_text("22")
    expect(board.discard).to_have_attribute("data-card", drawn)

    state = py()
    assert (state["discard"], state["stock"], state["moves"], state["score"]) == (
        drawn,
        22,
        4,
        498,
    )  # undo never lowers the count (R6.2)


def test_keys_in_the_widget_do_not_reach_notebook_shortcuts(board_nb, page):
    """ "b", "a", "m", "x", "d d" ... pressed on a focused card must not insert, change, cut or
    delete notebook cells; the same key outside the widget does (the control)."""
    nb, board, py = board_nb
    assert nb.mode() == "command"
    cells_before = nb.cell_sources()

    board.card("5♠").focus()
    for key in ["Enter", "b", "a", "m", "y", "x", "c", "v", "z", "1", "Shift+M", "Shift+ArrowDown", "Escape"]:
        page.keyboard.press(key)
    page.keyboard.press("d")
    page.keyboard.press("d")  # "d d" deletes a cell in Lab; here it draws twice
    expect(board.root.locator(".tp-stock-count")).to_have_text("21")
    page.wait_for_timeout(200)
    assert nb.cell_sources() == cells_before
    assert nb.mode() == "command", "a key in the widget put the notebook in edit mode"
    # Enter on the 5♠ (refused on the A♣) and Shift+ArrowDown (focus to the stock) were the
    # only other game keys: nothing else moved.
    state = py()
    assert (state["stock"], state["moves"]) == (21, 2)

    # Control: the same shortcut, pressed on the notebook rather than the widget, does insert.
    nb.cell(0).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    for _ in range(50):
        if nb.cell_count() == len(cells_before) + 1:
            break
        page.wait_for_timeout(100)
    assert nb.cell_count() == len(cells_before) + 1, "control failed: 'b' on the notebook did not insert a cell"
