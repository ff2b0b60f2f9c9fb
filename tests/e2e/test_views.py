"""Two views of one widget stay in sync; a second widget is independent."""

from __future__ import annotations

import json
import re

from helpers.labdriver import DEAL, IMPORT, Board, expect

from tripeaks_widget import Game

BOTH = (
    "import json\n"
    "print(json.dumps({name: dict(discard=str(x.discard), stock=x.stock_count, moves=x.moves, code=x.code)\n"
    "                  for name, x in (('w', w), ('v', v))}, ensure_ascii=False))"
)


def test_two_views_stay_in_sync_and_a_second_widget_is_independent(open_notebook, shot):
    nb = open_notebook([IMPORT, DEAL, "w", 'v = TriPeaks("TP1-E-AAAAAAB"); v', BOTH])
    nb.run(0, 1, 2, 3)
    a, b, v = (Board(nb.cell(i).locator(".tp-root")) for i in (1, 2, 3))
    for board in (a, b, v):
        expect(board.card("K♣")).to_be_visible()
    drawn = str(Game("TP1-E-AAAAAAB").draw())

    a.card("K♣").click()  # view 1 of w
    for board in (a, b):
        expect(board.discard).to_have_attribute("data-card", "K♣")
        expect(board.slot(20)).to_have_class(re.compile(r"(^|\s)tp-removed(\s|$)"))
    assert b.slot_cards()[20] == "" and a.slot_cards()[20] == ""
    assert v.discard_card() == "A♣" and v.slot_cards()[20] == "K♣"

    b.stock.click()  # view 2 of w
    for board in (a, b):
        expect(board.root.locator(".tp-stock-count")).to_have_text("22")
        expect(board.discard).to_have_attribute("data-card", drawn)
        expect(board.root.locator(".tp-stat-moves .tp-stat-value")).to_have_text("2")
    assert v.stock_count() == "23"

    v.card("K♦").click()  # the other widget
    expect(v.discard).to_have_attribute("data-card", "K♦")
    for board in (a, b):
        assert board.discard_card() == drawn and board.slot_cards()[24] == "K♦"

    a.undo_button.click()
    for board in (a, b):
        expect(board.discard).to_have_attribute("data-card", "K♣")
        expect(board.root.locator(".tp-stock-count")).to_have_text("23")
    assert v.discard_card() == "K♦"
    shot("10-view-1-of-w", a.root)
    shot("10-view-2-of-w", b.root)
    shot("10-other-widget-v", v.root)

    nb.run(4)
    state = json.loads(nb.output_text(4).strip().splitlines()[-1])
    assert state["w"] == {"discard": "K♣", "stock": 23, "moves": 2, "code": "TP1-E-AAAAAAB"}  # R6.2
    assert state["v"] == {"discard": "K♦", "stock": 23, "moves": 1, "code": "TP1-E-AAAAAAB"}

    # The New game dialog belongs to the view that opened it; the deal reaches both views.
    a.new_button.click()
    expect(a.dialog).to_be_visible()
    expect(b.dialog).to_be_hidden()
    a.code_input.fill("TP1-C-AAAAAAD")
    a.code_input.press("Enter")
    expect(a.dialog).to_be_hidden()
    for board in (a, b):
        expect(board.root.locator(".tp-code")).to_have_text("TP1-C-AAAAAAD")
    expect(v.root.locator(".tp-code")).to_have_text("TP1-E-AAAAAAB")
