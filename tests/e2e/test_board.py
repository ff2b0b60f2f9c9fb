"""The widget in a real JupyterLab: clicks, refusals, draws, undo, the New game dialog,
and scripted cells, each checked in the DOM and in the kernel's Python state."""

from __future__ import annotations

import json
import re

from helpers.labdriver import DEAL, IMPORT, STATE, Board, expect

from tripeaks_widget import Game

START_BOTTOM = ["3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"]  # R6.4
BLOCKED = "Must be one rank higher or lower"  # R2.4


def has_class(name: str):
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def first_stock_card(code: str = "TP1-E-AAAAAAB") -> str:
    return str(Game(code).draw())


def test_start_position_matches_the_reference_deal(board_nb, shot):
    """R1.2, R1.4, R6.4: 18 face-down cards, the bottom row as the rule book gives it,
    A♣ on the discard, 23 in the stock, score 500, and Python says the same."""
    _nb, board, py = board_nb
    expect(board.discard).to_have_attribute("data-card", "A♣")
    cards = board.slot_cards()
    assert cards[:18] == ["?"] * 18
    assert cards[18:] == START_BOTTOM
    assert board.stock_count() == "23"
    assert (board.score(), board.moves(), board.code(), board.rules()) == ("500", "0", "TP1-E-AAAAAAB", "easy")
    assert board.message() == ""
    expect(board.undo_button).to_be_disabled()
    state = py()
    assert state["discard"] == "A♣" and state["stock"] == 23
    assert (state["score"], state["moves"], state["status"], state["rules"]) == (500, 0, "playing", "easy")
    assert state["rows"][3] == START_BOTTOM
    shot("01-start", board.root)


def test_clicking_king_of_clubs_makes_it_the_discard(board_nb, shot):
    """R2.2 + R3.1 (Easy: a K goes on an A), R5.2 (-1 a removal), R6.4."""
    _nb, board, py = board_nb
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    expect(board.slot(20)).to_have_class(has_class("tp-removed"))
    expect(board.root.locator(".tp-stat-score .tp-stat-value")).to_have_text("499")
    assert board.moves() == "1"
    assert board.stock_count() == "23"
    expect(board.undo_button).to_be_enabled()
    state = py()
    assert (state["discard"], state["score"], state["moves"], state["stock"]) == ("K♣", 499, 1, 23)
    assert state["rows"][3][2] is None
    shot("02-after-KC", board.root)


def test_a_wrong_rank_is_refused_with_the_reason_and_changes_nothing(board_nb, shot):
    """R2.4 + R6.4: a free 3♠ on the A♣ is refused, "Must be one rank higher or lower"."""
    _nb, board, py = board_nb
    before = board.slot_cards()
    board.card("3♠").click()
    expect(board.root.locator(".tp-message")).to_have_text(BLOCKED)
    assert board.slot_cards() == before
    assert board.discard_card() == "A♣"
    assert (board.stock_count(), board.score(), board.moves()) == ("23", "500", "0")
    expect(board.undo_button).to_be_disabled()
    state = py()
    assert (state["discard"], state["score"], state["moves"], state["stock"]) == ("A♣", 500, 0, 23)
    assert state["message"] == BLOCKED
    assert state["rows"][3] == START_BOTTOM
    shot("03-refusal", board.root)
    # The next legal action clears the reason.
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    expect(board.root.locator(".tp-message")).not_to_have_text(BLOCKED)


def test_a_face_down_card_is_blocked(board_nb):
    """R2.4: a covered, face-down card says "This card is blocked" and nothing moves."""
    _nb, board, py = board_nb
    board.slot(13).click(position={"x": 20, "y": 12})  # row 3 card 4: its uncovered top strip
    expect(board.root.locator(".tp-message")).to_have_text("This card is blocked")
    assert board.discard_card() == "A♣" and board.moves() == "0"
    assert py()["moves"] == 0


def test_clicking_the_stock_draws(board_nb, shot):
    """R2.5 + R5.2: the stock's top card replaces the discard; 23 -> 22; -1 point."""
    _nb, board, py = board_nb
    drawn = first_stock_card()
    board.stock.click()
    expect(board.root.locator(".tp-stock-count")).to_have_text("22")
    expect(board.discard).to_have_attribute("data-card", drawn)
    assert drawn != "A♣"
    assert (board.score(), board.moves()) == ("499", "1")
    state = py()
    assert (state["discard"], state["stock"], state["score"], state["moves"]) == (drawn, 22, 499, 1)
    shot("04-after-draw", board.root)


def test_undo_restores_play_and_draw(board_nb):
    """R6.1 (undo gives back the card, the place and the points) and R6.2 (moves never go down)."""
    _nb, board, py = board_nb
    drawn = first_stock_card()
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    board.stock.click()
    expect(board.discard).to_have_attribute("data-card", drawn)
    expect(board.root.locator(".tp-stock-count")).to_have_text("22")
    assert board.score() == "498"

    board.undo_button.click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    expect(board.root.locator(".tp-stock-count")).to_have_text("23")
    assert board.score() == "499"

    board.undo_button.click()
    expect(board.discard).to_have_attribute("data-card", "A♣")
    expect(board.card("K♣")).to_be_visible()
    assert board.slot_cards()[18:] == START_BOTTOM
    assert (board.score(), board.moves()) == ("500", "2")
    expect(board.undo_button).to_be_disabled()
    state = py()
    assert (state["discard"], state["stock"], state["score"], state["moves"]) == ("A♣", 23, 500, 2)
    assert state["rows"][3] == START_BOTTOM


def test_new_game_dialog_deals_a_pasted_code_and_refuses_a_bad_one(board_nb, page, lab, shot):
    """R6.3 (a pasted code deals exactly that game, its letter sets the rules), R6.6 (a bad
    code is refused with the expected form)."""
    _nb, board, py = board_nb
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=lab.url)

    def paste(text: str) -> None:
        board.code_input.fill("")
        board.code_input.focus()
        page.evaluate("t => navigator.clipboard.writeText(t)", text)
        page.keyboard.press("Control+V")
        expect(board.code_input).to_have_value(text)

    board.new_button.click()
    expect(board.dialog).to_be_visible()
    shot("05-dialog", board.root)

    # A bad code: the reason shows inline, the dialog stays open, the game is untouched.
    paste("TP1-X-AAAAAAB")
    board.code_input.press("Enter")
    expect(board.dialog_error).to_have_text("That is not a game code. Codes look like TP1-E-AAAAAAB.")  # the form
    expect(board.dialog).to_be_visible()
    expect(board.code_input).to_have_attribute("aria-invalid", "true")
    shot("06-dialog-bad-code", board.root)
    assert board.code() == "TP1-E-AAAAAAB"
    assert py()["code"] == "TP1-E-AAAAAAB"

    # A good code, pasted with surrounding space and in lower case (R6.6): dealt under Classic.
    paste("  tp1-c-aaaaaad ")
    board.root.locator(".tp-dialog button[type=submit]").click()
    expect(board.dialog).to_be_hidden()
    expect(board.root.locator(".tp-code")).to_have_text("TP1-C-AAAAAAD")
    expect(board.root.locator(".tp-rules")).to_have_attribute("data-rules", "classic")
    expect(board.root.locator(".tp-rules")).to_have_text("Classic")
    expected = Game("TP1-C-AAAAAAD")
    assert board.discard_card() == str(expected.discard)
    assert board.slot_cards()[18:] == [str(card) for card in expected.rows()[3]]
    assert (board.score(), board.moves(), board.stock_count()) == ("500", "0", "23")
    state = py()
    assert (state["code"], state["rules"], state["moves"]) == ("TP1-C-AAAAAAD", "classic", 0)
    assert state["rows"] == [[card if card is None else str(card) for card in row] for row in expected.rows()]
    shot("07-dealt-classic", board.root)


def test_the_dialog_cancels_with_escape_and_keeps_the_game(board_nb):
    _nb, board, py = board_nb
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    board.new_button.click()
    expect(board.dialog).to_be_visible()
    board.code_input.fill("TP1-C-AAAAAAD")
    board.code_input.press("Escape")
    expect(board.dialog).to_be_hidden()
    assert board.code() == "TP1-E-AAAAAAB" and board.discard_card() == "K♣"
    assert py()["code"] == "TP1-E-AAAAAAB"


def test_scripted_cells_update_the_rendered_board(open_notebook, shot):
    """R6.4 driven from cells: K♣, A♠, 2♦ uncover row 3 card 4, the 7♠, face up."""
    nb = open_notebook([IMPORT, DEAL, STATE, 'w.play("K♣")', 'w.play("A♠")', 'w.play("2♦")'])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.card("K♣")).to_be_visible()
    nb.run(3)
    expect(board.discard).to_have_attribute("data-card", "K♣")
    nb.run(4)
    expect(board.discard).to_have_attribute("data-card", "A♠")
    nb.run(5)
    expect(board.discard).to_have_attribute("data-card", "2♦")
    seven = board.slot(13)  # row 3 (9 cards, slots 9-17), card 4
    expect(seven).to_have_attribute("data-card", "7♠")
    expect(seven).to_have_class(has_class("tp-up"))
    cards = board.slot_cards()
    assert cards[9:18] == ["?"] * 4 + ["7♠"] + ["?"] * 4
    assert cards[18:] == ["3♠", "5♠", "", "4♠", "", "", "K♦", "8♥", "7♣", "9♠"]
    assert (board.score(), board.moves(), board.stock_count()) == ("497", "3", "23")
    nb.run(2)
    state = json.loads(nb.output_text(2).strip().splitlines()[-1])
    assert state["rows"][2][4] == "7♠"
    assert (state["discard"], state["score"], state["moves"]) == ("2♦", 497, 3)
    shot("08-seven-of-spades-up", board.root)


def test_error_help_off_refuses_silently(board_nb):
    """R2.4: the reasons are shown only with error help (on by default); off, a wrong card
    still changes nothing, and says nothing."""
    _nb, board, py = board_nb
    panel_toggle = board.root.locator(".tp-assists-toggle")  # error help is one of the Assists
    switch = board.root.locator(".tp-assist-error-help")
    panel_toggle.click()
    expect(switch).to_have_attribute("aria-checked", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "false")
    board.card("3♠").click()  # a click outside the panel closes it
    expect(switch).to_be_hidden()
    board.root.page.wait_for_timeout(300)  # give a (wrong) message time to arrive
    assert board.message() == ""
    assert board.discard_card() == "A♣" and board.moves() == "0"
    state = py()
    assert (state["message"], state["moves"]) == ("", 0)
    panel_toggle.click()
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "true")
    board.card("3♠").click()
    expect(board.root.locator(".tp-message")).to_have_text(BLOCKED)


def test_hint_points_at_a_move(board_nb, shot):
    """The Hint button names a move in the message line and highlights it: the fair hint (the
    best chance from the cards seen), found in the kernel's worker thread."""
    _nb, board, _py = board_nb
    board.root.locator(".tp-hint").click()
    message = board.root.locator(".tp-message")
    expect(message).to_contain_text("Hint")
    lit = board.root.locator(".tp-slot.tp-highlight, .tp-stock.tp-highlight")
    expect(lit).to_have_count(1)
    target = lit.first
    if "tp-stock" in (target.get_attribute("class") or ""):
        assert "draw" in message.inner_text().lower()
    else:
        assert target.get_attribute("data-card") in ("K♣", "2♦", "K♦")  # the cards that fit (R6.4)
    shot("15-hint", board.root)


def test_the_verdict_says_whether_the_game_can_still_be_won(board_nb, shot):
    """The Winnable? button switches the solver's verdict on: "Still winnable", then, once a
    draw too many has lost the game, "No longer winnable since move N" (N as the Moves counter
    counts); the view and Python say the same."""
    _nb, board, _py = board_nb
    toggle = board.root.locator(".tp-verdict-toggle")
    verdict = board.root.locator(".tp-verdict")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(verdict).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(verdict).to_have_text("Still winnable")
    expect(verdict).to_have_attribute("data-kind", "winnable")
    shot("16-verdict-winnable", board.root)
    # K♣, then the stock drawn out: somewhere on the way the game is lost.
    game = Game("TP1-E-AAAAAAB")
    losing = None
    board.card("K♣").click()
    game.play("K♣")
    expect(board.discard).to_have_attribute("data-card", "K♣")
    for count in range(22, -1, -1):
        board.stock.click()
        game.draw()
        if losing is None and not game.winnable():
            losing = game.moves
        if count:
            expect(board.root.locator(".tp-stock-count")).to_have_text(str(count))
        else:
            expect(board.stock).to_have_attribute("aria-disabled", "true")
    assert losing is not None
    expect(verdict).to_have_text(f"No longer winnable since move {losing}")
    expect(verdict).to_have_attribute("data-kind", "lost")
    shot("17-verdict-lost", board.root)
    toggle.click()
    expect(verdict).to_be_hidden()


FAIR_STATE = (
    "import json\n"
    "print(json.dumps(dict(chance=w.state['win_chance'], hint_kind=w.hint_kind, show_playable=w.show_playable,\n"
    "                      show_hints=w.show_hints, message=w.message), ensure_ascii=False))"
)


def test_the_win_chance_and_the_assists_panel(open_notebook, page, shot):
    """The Win chance button shows the chance of winning from the cards the player sees ("Win
    chance NN%", as Python has it); the Assists panel switches the glow off, the hint to exact
    (it says it peeks) and the Hint button away, every switch's state coming back from Python."""
    nb = open_notebook([IMPORT, DEAL, FAIR_STATE])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.card("K♣")).to_be_visible()

    def python_state(**expected) -> dict:
        """Python's state as the cell prints it, read again (for up to 5 s) until it has the
        expected values: a click's message may reach the kernel after the page shows the click."""
        for _ in range(20):
            nb.run(2)
            state = json.loads(nb.output_text(2).strip().splitlines()[-1])
            if all(state[key] == value for key, value in expected.items()):
                break
            nb.page.wait_for_timeout(250)
        return state

    toggle = board.root.locator(".tp-chance-toggle")
    chance = board.root.locator(".tp-chance")
    expect(chance).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(chance).to_have_text(re.compile(r"^Win chance \d{1,3}%$"), timeout=20_000)
    said = python_state()["chance"]
    assert said["kind"] == "known" and said["text"] == f"Win chance {round(said['value'] * 100)}%"
    expect(chance).to_have_text(said["text"])

    panel = board.root.locator(".tp-assists")
    board.root.locator(".tp-assists-toggle").click()
    expect(panel).to_be_visible()
    expect(board.root.locator(".tp-assists-toggle")).to_have_attribute("aria-expanded", "true")
    shot("30-assists-panel-win-chance", board.root)

    expect(board.root.locator(".tp-slot.tp-playable")).to_have_count(3)  # K♣, 2♦, K♦ glow (R6.4)
    glow = panel.locator(".tp-assist-show-playable")
    glow.click()
    expect(glow).to_have_attribute("aria-checked", "false")
    expect(board.root.locator(".tp-slot.tp-playable")).to_have_count(0)
    assert python_state(show_playable=False)["show_playable"] is False

    panel.locator(".tp-segment[data-kind='exact']").click()
    expect(panel.locator("input[value='exact']")).to_be_checked()
    assert python_state(hint_kind="exact")["hint_kind"] == "exact"
    panel.locator("input[value='exact']").press("Escape")  # running a cell took the focus: give it back
    expect(panel).to_be_hidden()
    expect(board.root.locator(".tp-assists-toggle")).to_be_focused()
    board.root.locator(".tp-hint").click()
    expect(board.root.locator(".tp-message")).to_contain_text("Hint (sees the hidden cards)", timeout=20_000)

    board.root.locator(".tp-assists-toggle").click()
    panel.locator(".tp-assist-show-hints").click()
    expect(board.root.locator(".tp-hint")).to_be_hidden()
    assert python_state(show_hints=False)["show_hints"] is False


def test_the_review_after_a_blocked_game(open_notebook, page, shot):
    """A blocked game's banner offers Review: the kernel's worker thread judges every move from
    what was seen, and the panel over the board lists them with a chart (mistakes crossed, the
    move the exact verdict turned to lost dashed); Escape closes it, a new game too."""
    # the stock drawn out, then a run until no card fits: the early draws give chances away
    blocking = (
        'w.new_game("TP1-E-AAAAAAB")\nfor _ in range(23):\n    w.draw()\n'
        'w.replay(["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"], pace=0);'
    )
    nb = open_notebook([IMPORT, DEAL, blocking, "w.new_game()"])
    nb.run(0, 1, 2)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.root.locator(".tp-banner")).to_be_visible()
    board.root.locator(".tp-review-open").click()
    review = board.root.locator(".tp-review")
    expect(review).to_be_visible()
    expect(board.root.locator(".tp-review-close")).to_be_focused()
    expect(review).to_have_attribute("data-kind", "known", timeout=60_000)
    expect(review.locator("tbody tr")).to_have_count(29)
    expect(review.locator(".tp-review-status")).to_contain_text("lost after move")
    assert review.locator(".tp-chart-mistake").count() >= 1
    expect(review.locator(".tp-chart-lost")).to_have_count(1)
    shot("31-review-blocked", board.root)
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    expect(board.root.locator(".tp-review-open")).to_be_focused()
    board.root.locator(".tp-review-open").click()
    expect(review).to_have_attribute("data-kind", "known")  # kept for the game on the board
    nb.run(3)
    expect(review).to_be_hidden()


def test_a_winnable_deal_from_the_dialog(board_nb, shot):
    """New game, Winnable deals only, Deal with neither a code nor a game number: a random Classic
    deal the solver has proven winnable."""
    _nb, board, py = board_nb
    board.new_button.click()
    expect(board.dialog).to_be_visible()
    board.dialog.locator("input[value='classic']").check()
    board.dialog.locator(".tp-winnable input").check()
    shot("18-dialog-winnable-only", board.root)
    board.dialog.locator(".tp-actions .tp-primary").click()  # Deal: no code, no number, a random deal
    expect(board.dialog).to_be_hidden()
    expect(board.root.locator(".tp-rules")).to_have_attribute("data-rules", "classic")
    state = py()
    assert state["code"].startswith("TP1-C-") and state["moves"] == 0
    assert Game(state["code"]).winnable()
