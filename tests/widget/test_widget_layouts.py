"""The board, the widget and the picture on every built-in layout (R1): a board deals on the
layout it is given and keeps it for a new deal, its snapshot carries where the layout's cards lie
(the widget sends that once per layout, not with every move), a click plays on it, and the
picture draws each card at its layout's place."""

import xml.etree.ElementTree as ET

import pytest
from helpers.support import played

from tripeaks_widget import LAYOUTS, Game, InvalidLayoutError, Layout, TriPeaks, TriPeaksError
from tripeaks_widget.board import Board
from tripeaks_widget.picture import look
from tripeaks_widget.picture.svg import UNIT

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(params=list(LAYOUTS))
def name(request):
    return request.param


def first_move(board):
    """A click on the first card that fits, in reading order; else a draw."""
    layout, game = board.game.layout, board.game
    fits = [slot for slot in layout.reading_order if slot in game.playable_slots()]
    return played(board, fits[0]) if fits else {"type": "draw"}


def test_a_board_deals_on_its_layout_carries_its_table_and_plays_on_it(name):
    layout = LAYOUTS[name]
    board = Board(7, layout=name, records=False)
    snapshot = board.snapshot()
    table = snapshot["table"]
    assert board.layout is board.game.layout == layout and board.code.endswith(
        "" if name == "Three Peaks" else f"@{layout.key}"
    )
    assert table == look.table(layout) and table["name"] == name
    assert len(table["slots"]) == len(snapshot["slots"]) == layout.slot_count
    assert table["order"] == list(layout.reading_order)
    move = first_move(board)
    assert board.handle({**move, "id": 1})["ok"] is True
    assert board.moves == 1 and board.snapshot()["table"] is table  # the same table while the layout stays
    board.new_game(8)
    assert board.layout == layout and board.number == 8
    board.new_game(rules="classic")
    assert board.layout == layout and board.rules.name == "classic"
    board.restart()
    assert board.layout == layout
    board.close()


def test_the_widget_sends_the_table_once_per_layout_not_with_every_move(name):
    w = TriPeaks(7, game_layout=name, records=False)
    sent = []
    w.observe(sent.append, names="table")
    assert "table" not in w.state and w.table == look.table(LAYOUTS[name])
    w.board.handle(first_move(w.board))
    w.new_game(9)
    assert w.moves == 0 and sent == []  # a move and a deal on the same layout send no table
    other = "Diamond" if name != "Diamond" else "Columns"
    w.new_game(game_layout=other)
    assert [change["new"]["name"] for change in sent] == [other] and w.board.layout.name == other
    w.close()


def places(svg):
    """The picture's felt, and the cards drawn on it (``<use>`` of a card)."""
    root = ET.fromstring(svg)
    prefix = root.find(f"{SVG}title").get("id").removesuffix("title")
    felt = next(rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == f"url(#{prefix}felt)")
    uses = [use for use in root.iter(f"{SVG}use") if use.get("href").startswith(f"#{prefix}card-")]
    return felt, uses


def test_the_picture_draws_every_card_at_its_layouts_place(name):
    w = TriPeaks(7, game_layout=name, records=False, lang="en")
    snapshot = w.board.snapshot()
    table = snapshot["table"]
    felt, uses = places(w.picture().svg)
    width = float(felt.get("width"))  # the picture's, to a tenth of a pixel
    x0 = (width - table["width"] * UNIT) / 2
    y0 = float(felt.get("y")) + 0.28 * UNIT
    lift = look.FACE["lift"] * UNIT
    drawn = {(round(float(u.get("x")), 1), round(float(u.get("y")), 1)) for u in uses}
    for slot, seen in enumerate(snapshot["slots"]):
        x, y = table["slots"][slot]
        up = lift if slot in snapshot["playable"] else 0
        assert (round(x0 + x * UNIT, 1), round(y0 + y * UNIT - up, 1)) in drawn, (name, slot, seen)
    assert x0 >= 0 and x0 + table["width"] * UNIT <= width  # nothing cut off at the sides
    assert len(uses) == len(snapshot["slots"]) + 2 + (w.stock_count > 1)  # the slots, the discard, the stock
    w.close()


@pytest.mark.parametrize("bad", ["Hexagon", 3, ""])
def test_a_layout_that_is_none_is_refused_naming_the_built_ins(bad):
    for make, keyword in ((TriPeaks, "game_layout"), (Board, "layout")):
        with pytest.raises(InvalidLayoutError, match=r"Three Peaks.*Diamond") as refused:
            make(**{keyword: bad}, records=False)
        assert isinstance(refused.value, TriPeaksError) and isinstance(refused.value, ValueError | TypeError)
    board = Board(1, records=False)
    with pytest.raises(InvalidLayoutError, match="Four Peaks"):
        board.new_game(layout="Hexagon")
    assert board.layout.name == "Three Peaks" and board.number == 1
    board.close()


def test_a_code_names_its_layout_and_a_layout_given_with_it_must_be_that_one():
    board = Board("TP1-E-AAAAAAB@DIAMOND", records=False)
    assert board.layout.name == "Diamond" and board.snapshot()["table"]["key"] == "DIAMOND"
    board.new_game("TP1-E-AAAAAAB")  # a code without a layout is Three Peaks
    assert board.layout.name == "Three Peaks"
    with pytest.raises(ValueError, match="DIAMOND"):
        Board("TP1-E-AAAAAAB@DIAMOND", layout="Columns", records=False)
    board.close()


def test_a_layout_of_ones_own_from_a_file_is_dealt_played_and_drawn(tmp_path):
    path = tmp_path / "one-peak.toml"
    path.write_text(
        'name = "One Peak"\n'
        + "".join(
            f"[[slots]]\nx = {x}\ny = {y}\npeak = 0\ncovered_by = {covers}\n"
            for x, y, covers in [(0.5, 0, [1, 2]), (0, 1, []), (1, 1, [])]
        ),
        encoding="utf-8",
    )
    w = TriPeaks(5, game_layout=Layout.load(path), records=False, lang="en")
    assert w.code.endswith("@ONE-PEAK") and w.table["slots"] == [[1.05, 0.0], [0.55, 0.644], [1.55, 0.644]]
    assert w.table["depth"] == [1, 2, 2] and w.table["width"] == look.PILE_SPREAD + look.CARD_W  # the piles' width
    w.board.handle(first_move(w.board))
    w.new_game(6)
    assert w.board.layout.name == "One Peak" and w.number == 6
    _felt, uses = places(w.picture().svg)
    assert len(uses) == 3 + 2 + 1  # its three cards, the discard, the stock and the card under it
    w.close()


def test_a_click_names_any_slot_of_the_boards_layout_and_none_beyond_it():
    number = next(
        n for n in range(1, 60) if max(Game.from_number(n, layout="Four Peaks").playable_slots(), default=0) >= 28
    )
    four = Board(number, layout="Four Peaks", records=False)
    slot = max(four.game.playable_slots())
    assert four.handle({**played(four, slot), "id": 1})["ok"] is True and four.game.is_removed(slot)
    three = Board(1, records=False)
    card = str(three.game.deck[30])  # a stock card: no slot of Three Peaks is 30
    three.handle({"type": "play", "slot": 30, "card": card, "id": 2})  # malformed: changes nothing
    assert three.moves == 0 and three.game.stock_count == 23 and three.game.history == []
    four.close()
    three.close()
