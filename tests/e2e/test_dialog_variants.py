"""The New game dialog in a real JupyterLab: rule sets with variants (SPEC §8), the second
site's preset (§9), numbered games (R6.8) and their records, at a wide and a narrow width,
under the light and the dark theme; each deal checked in the DOM and in the kernel."""

from __future__ import annotations

import json
import re

import pytest
from helpers.labdriver import Board, expect

from tripeaks_widget import Game

SITE = "easy+draw-when-stuck+empty-discard"
JOKER_GAME = 7  # under Classic + Joker its bottom row ends with the joker

SETUP = (
    "import json, pathlib, tempfile\n"
    "import ipywidgets\n"
    "from tripeaks_widget import TriPeaks\n"
    "store = pathlib.Path(tempfile.mkdtemp()) / 'records.sqlite3'\n"
    "def report(w):\n"
    "    print(json.dumps(dict(rules=str(w.rules), code=w.code, number=w.game.number, status=w.status,\n"
    "                          discard=str(w.discard) if w.discard else None, notices=w.notices,\n"
    "                          bottom=[str(c) for c in w.rows()[3]]), ensure_ascii=False))"
)


def widget_cell(width: int, deal: str = '"TP1-E-AAAAAAB"') -> str:
    return f'w = TriPeaks({deal}, records=store); w.layout.width = "{width}px"; w'


REPORT = "report(w)"
TO_THE_END = (
    "for _ in range(200):\n    if w.status != 'playing':\n        break\n    w.apply(w.legal_moves()[0])\nreport(w)"
)


def set_theme(nb, theme: str, light: bool) -> None:
    nb.command("apputils:change-theme", {"theme": theme})
    nb.page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(light).lower()}'")
    nb.page.wait_for_timeout(300)


@pytest.fixture
def wide_page(page):
    """Room for an 860 px widget beside JupyterLab's side bar; the session's size comes back after."""
    before = page.viewport_size
    page.set_viewport_size({"width": 1500, "height": 1100})
    yield page
    page.set_viewport_size(before)


@pytest.fixture
def dialog_nb(open_notebook, wide_page):
    """A notebook whose cell 1 shows a widget of a given width; returns (notebook, board,
    python_state, open_dialog)."""

    def make(width: int = 860, deal: str = '"TP1-E-AAAAAAB"'):
        nb = open_notebook([SETUP, widget_cell(width, deal), REPORT, TO_THE_END])
        nb.run(0, 1)
        board = Board(nb.cell(1).locator(".tp-root"))
        board.root.wait_for(state="visible")
        expect(board.stock).to_be_visible()
        assert abs(board.root.bounding_box()["width"] - width) < 1, "the widget has the width asked for"

        def python_state(cell: int = 2) -> dict:
            nb.run(cell)
            return json.loads(nb.output_text(cell).strip().splitlines()[-1])

        def open_dialog():
            board.new_button.click()
            expect(board.dialog).to_be_visible()
            return board.dialog

        return nb, board, python_state, open_dialog

    return make


def test_classic_with_joker_and_a_game_number(dialog_nb, shot):
    """§8 V3 + R3.2 + R6.8: the dialog deals game 7 under Classic + Joker; Python has exactly that game
    and the board shows the joker, the rules badge and the game number."""
    _nb, board, py, open_dialog = dialog_nb(860)
    dialog = open_dialog()
    expect(dialog.locator(".tp-chip[data-preset='app']")).to_have_attribute("aria-pressed", "true")
    shot("20-dialog-860-light", board.root)
    dialog.locator("input[value='classic']").check()
    dialog.locator("input[value='joker']").check()
    expect(dialog.locator(".tp-chip[data-preset='app']")).to_have_attribute("aria-pressed", "false")
    dialog.locator(".tp-game-input").fill(str(JOKER_GAME))
    shot("21-dialog-classic-joker", board.root)
    dialog.locator("button[type=submit]").click()
    expect(board.dialog).to_be_hidden()

    expected = Game.from_number(JOKER_GAME, "classic+joker")
    expect(board.root.locator(".tp-code")).to_have_text(expected.code)
    expect(board.root.locator(".tp-rules")).to_have_text("Classic · Joker")
    expect(board.root.locator(".tp-number")).to_have_text(f"Game {JOKER_GAME}")
    joker = board.slot(27)
    expect(joker).to_have_attribute("data-card", "★")
    expect(joker).to_have_attribute("aria-label", "joker")
    expect(joker.locator(".tp-joker-word")).to_have_text("JOKER")
    assert board.stock_count() == "24"  # 53 cards with the joker
    state = py()
    assert (state["rules"], state["code"], state["number"]) == ("classic+joker", expected.code, JOKER_GAME)
    assert state["bottom"] == [str(card) for card in expected.rows()[3]] and state["bottom"][-1] == "★"
    shot("22-dealt-classic-joker", board.root)


def test_site_preset_deals_with_an_empty_discard(dialog_nb, shot):
    """§9: the Site preset is Easy + draw only when stuck (V5) + empty discard at the start (V6)."""
    _nb, board, py, open_dialog = dialog_nb(860)
    dialog = open_dialog()
    dialog.locator(".tp-chip[data-preset='site']").click()
    expect(dialog.locator(".tp-chip[data-preset='site']")).to_have_attribute("aria-pressed", "true")
    expect(dialog.locator("input[value='easy']")).to_be_checked()
    expect(dialog.locator("input[value='draw-when-stuck']")).to_be_checked()
    expect(dialog.locator("input[value='empty-discard']")).to_be_checked()
    expect(dialog.locator("input[value='joker']")).not_to_be_checked()
    dialog.locator(".tp-game-input").fill("123")
    dialog.locator(".tp-game-input").press("Enter")
    expect(board.dialog).to_be_hidden()

    expected = Game.from_number(123, "site")
    expect(board.root.locator(".tp-code")).to_have_text(expected.code)
    expect(board.discard).to_have_class(re.compile(r"(^|\s)tp-empty(\s|$)"))
    expect(board.discard).to_have_attribute("aria-label", "discard, empty")
    assert board.discard_card() == ""
    expect(board.root.locator(".tp-rules")).to_have_text("Easy · Draw when stuck · Empty discard")
    state = py()
    assert (state["rules"], state["code"], state["discard"]) == (SITE, expected.code, None)
    assert state["code"].endswith("-SW")
    shot("23-dealt-site", board.root)

    # Reopened, the dialog starts from the game's own rules.
    dialog = open_dialog()
    expect(dialog.locator(".tp-chip[data-preset='site']")).to_have_attribute("aria-pressed", "true")
    dialog.locator(".tp-code-input").press("Escape")
    expect(board.dialog).to_be_hidden()


def test_a_bad_game_number_says_why_inline(dialog_nb, shot):
    _nb, board, py, open_dialog = dialog_nb(860)
    dialog = open_dialog()
    game = dialog.locator(".tp-game-input")
    error = dialog.locator(".tp-game-error")
    game.fill("0")
    dialog.locator("button[type=submit]").click()
    expect(error).to_have_text("Game numbers run from 1 to 50,000.")
    expect(game).to_have_attribute("aria-invalid", "true")
    expect(game).to_be_focused()
    game.fill("twelve")
    game.press("Enter")
    expect(error).to_contain_text("Not a game number")
    expect(board.dialog).to_be_visible()
    shot("24-dialog-bad-number", board.root)
    assert py()["code"] == "TP1-E-AAAAAAB"  # nothing was dealt
    # A pasted code wins over the number, whatever the number says.
    dialog.locator(".tp-code-input").fill("TP1-C-AAAAAAD-O")
    expect(dialog.locator("form")).to_have_class(re.compile(r"tp-code-given"))
    shot("24-dialog-code-wins-over-the-rest", board.root)
    dialog.locator(".tp-code-input").press("Enter")
    expect(board.dialog).to_be_hidden()
    expect(board.root.locator(".tp-rules")).to_have_text("Classic · Open peaks")
    assert "?" not in board.slot_cards()  # V4: every peak card face up
    state = py()
    assert (state["rules"], state["code"]) == ("classic+open-peaks", "TP1-C-AAAAAAD-O")
    shot("25-dealt-open-peaks", board.root)


def test_records_notice_under_the_board(dialog_nb, shot):
    """§9: a numbered game that ends is recorded; what the store says shows under the board."""
    _nb, board, py, _open_dialog = dialog_nb(860, deal="game=1")
    expect(board.root.locator(".tp-number")).to_have_text("Game 1")
    state = py(3)  # played to its end by a script
    assert state["status"] in ("won", "blocked") and state["notices"]
    notice = board.root.locator(".tp-notice")
    expect(notice).to_have_count(1)
    expect(notice).to_have_text(state["notices"][0])
    scripted = ("First win of game 1 (Easy, scripted)", "Best result so far of game 1 (Easy, scripted)")
    assert state["notices"][0].startswith(scripted)  # a game played by a script ranks apart
    shot("26-notice", board.root)
    # The next action clears it.
    board.undo_button.click()
    expect(board.root.locator(".tp-notices")).to_be_hidden()


@pytest.mark.parametrize("width", [860, 420])
def test_dialog_light_and_dark(dialog_nb, shot, width):
    nb, board, _py, open_dialog = dialog_nb(width)
    dialog = open_dialog()
    panel = dialog.locator(".tp-dialog-panel")
    shot(f"27-dialog-{width}-light", board.root)
    box, root = panel.bounding_box(), board.root.bounding_box()
    assert box["width"] <= root["width"] + 0.5 and box["x"] >= root["x"] - 0.5  # fits the widget
    assert box["y"] >= root["y"] - 0.5 and box["y"] + box["height"] <= root["y"] + root["height"] + 0.5
    try:
        set_theme(nb, "JupyterLab Dark", light=False)
        dialog.locator(".tp-game-input").fill("70000")
        dialog.locator(".tp-game-input").press("Enter")
        expect(dialog.locator(".tp-game-error")).to_contain_text("1 to 50,000")
        shot(f"28-dialog-{width}-dark", board.root)
    finally:
        set_theme(nb, "JupyterLab Light", light=True)


def test_narrow_widget_deals_the_site_preset(dialog_nb, shot):
    """At 420 px the dialog is one column; the dealt game's badge, number and code still read."""
    _nb, board, py, open_dialog = dialog_nb(420)
    dialog = open_dialog()
    dialog.locator(".tp-chip[data-preset='site']").click()
    dialog.locator("input[value='hogue-scoring']").check()
    dialog.locator(".tp-game-input").fill("123")
    shot("29-dialog-420-site-hogue", board.root)
    dialog.locator("button[type=submit]").click()
    expect(board.dialog).to_be_hidden()
    expected = Game.from_number(123, "site+hogue-scoring")
    expect(board.root.locator(".tp-code")).to_have_text(expected.code)
    expect(board.root.locator(".tp-stat-score .tp-stat-value")).to_have_text("0")  # V2 starts at 0
    board.stock.click()  # V5: no draw while a card fits, and on an empty discard (V6) every free card fits
    expect(board.root.locator(".tp-message")).to_have_text("Draw only when no card can be played")
    assert board.stock_count() == "24"
    board.slot(18).click()  # any free card may go first (V6); a run of one scores 1 (V2)
    expect(board.discard).to_have_attribute("data-card", str(expected.deck[18]))
    expect(board.root.locator(".tp-stat-score .tp-stat-value")).to_have_text("1")
    state = py()
    assert state["rules"] == "easy+hogue-scoring+draw-when-stuck+empty-discard" and state["code"] == expected.code
    shot("30-narrow-site-hogue", board.root)


def test_the_dialog_deals_the_layout_chosen_in_its_layout_list(board_nb):
    """The Layout list, found by its label as a reader finds it, starts on the board's layout;
    Diamond chosen, Deal lays 25 cards, and Python's game is on Diamond."""
    _nb, board, python_state = board_nb
    board.new_button.click()
    expect(board.dialog).to_be_visible()
    layouts = board.dialog.get_by_role("combobox", name="Layout")
    expect(layouts).to_have_value("THREE-PEAKS")
    layouts.select_option(label="Diamond")
    board.dialog.get_by_role("button", name="Deal").click()
    expect(board.dialog).to_be_hidden()
    expect(board.root.locator(".tp-slot")).to_have_count(25)
    assert python_state()["code"].endswith("@DIAMOND")
