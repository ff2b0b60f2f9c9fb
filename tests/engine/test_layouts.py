"""The built-in layouts and a game on any layout: deal, codes, play, words (R1 names the layout;
R2-R7 hold on each)."""

from __future__ import annotations

import json
import random

import pytest

import tripeaks_widget
from tripeaks_widget import LAYOUTS, Game, InvalidCodeError, InvalidLayoutError, Layout
from tripeaks_widget.engine.layout import THREE_PEAKS, LayoutSlot
from tripeaks_widget.i18n import describe

OTHERS = [layout for layout in LAYOUTS.values() if layout != THREE_PEAKS]


def test_four_layouts_are_built_in_among_them_single_covers_fewer_and_more_slots_than_three_peaks():
    assert tripeaks_widget.LAYOUTS is LAYOUTS
    assert next(iter(LAYOUTS)) == "Three Peaks" and LAYOUTS["Three Peaks"] is THREE_PEAKS
    assert len(LAYOUTS) >= 4
    assert all(name == layout.name for name, layout in LAYOUTS.items())
    assert any(len(slot.covered_by) == 1 for layout in OTHERS for slot in layout.slots)
    assert any(layout.slot_count < 28 for layout in OTHERS)
    assert any(layout.slot_count > 28 for layout in OTHERS)
    assert len({layout.key for layout in LAYOUTS.values()}) == len(LAYOUTS)


@pytest.mark.parametrize("layout", OTHERS, ids=lambda layout: layout.key)
def test_every_tp1_code_means_three_peaks_and_a_code_names_any_other_layout(layout):
    assert Game("TP1-E-AAAAAAB").layout is THREE_PEAKS
    game = Game.from_number(7, "classic", layout=layout.name)
    assert game.layout is layout and game.code == f"TP1-C-AAAAAAH@{layout.key}"
    again = Game(game.code.lower())
    assert again.layout is layout and again.deck == game.deck and again.number == 7
    assert Game(7, rules="classic", layout=layout.key.lower()).code == game.code
    arranged = Game.from_deck(list(game.deck), "classic", layout=layout)
    assert arranged.code.startswith("TPD-C-") and arranged.code.endswith(f"@{layout.key}")
    assert Game(arranged.code).deck == game.deck


@pytest.mark.parametrize("layout", OTHERS, ids=lambda layout: layout.key)
def test_a_numbered_deal_is_the_same_cards_on_every_layout_split_into_slots_discard_and_stock(layout):
    three, other = Game.from_number(12, layout=THREE_PEAKS), Game.from_number(12, layout=layout)
    assert three.deck == other.deck
    assert other.cards_left == layout.slot_count
    assert other.discard == other.deck[layout.slot_count]
    assert other.stock_count == 52 - layout.slot_count - 1
    assert other.free_slots() == [s for s in range(layout.slot_count) if not layout.slots[s].covered_by]
    assert Game.from_number(1, layout=layout).deck != Game.from_number(1).deck  # R6.4 pins Three Peaks' deal 1 only


@pytest.mark.parametrize("layout", list(LAYOUTS.values()), ids=lambda layout: layout.key)
def test_the_rules_hold_on_every_layout_through_whole_games(layout):
    rng = random.Random(layout.key)
    for number in range(1, 6):
        game = Game.from_number(number, rng.choice(["easy", "classic"]), layout=layout)
        while game.status == "playing":
            free = game.free_slots()
            covers = [game.layout.cover_mask[s] for s in free]
            removed = sum(1 << s for s in range(layout.slot_count) if game.is_removed(s))
            assert all(removed & mask == mask for mask in covers)  # R2.1: free means every cover is gone
            for slot in range(layout.slot_count):
                if slot not in free and not game.is_removed(slot):
                    assert game.why_not(slot) is not None
            game.apply(rng.choice(game.legal_moves()))
        assert game.status in ("won", "blocked")
        assert (game.status == "won") == (game.cards_left == 0)
        assert len(game.peaks()) == len(layout.peak_slots)


def test_hogue_scoring_pays_15_a_peak_and_30_for_the_last_on_any_layout():
    layout = Layout(
        "Two Cards",
        (LayoutSlot(0, 0, 0, ()), LayoutSlot(1, 0, 1, ())),
    )
    ranks = "2♣ 3♣ A♣".split() + [c for c in "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣".split()]
    rest = [f"{r}{s}" for s in "♦♥♠" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    game = Game.from_deck(ranks + rest, "easy+hogue-scoring", layout=layout)
    game.play("2♣")
    assert game.score == 1 + 15
    game.play("3♣")
    assert game.score == 1 + 15 + 2 + 30
    assert game.status == "won"


def test_the_board_in_words_names_each_layouts_rows():
    assert "Peak tops: hidden card" in Game.from_number(3).describe()
    diamond = Game.from_number(3, layout="Diamond")
    text = diamond.describe()
    assert "first row: hidden card; row 2:" in text and "row 8: " in text and "bottom row: hidden card." in text
    assert "Peak tops" in Game.from_number(3, layout="Four Peaks").describe()
    assert "σειρά 5" in describe(diamond, "el")


def test_each_slot_is_painted_before_the_slots_covering_it():
    for layout in LAYOUTS.values():
        order = layout.paint_order
        assert sorted(order) == list(range(layout.slot_count))
        place = {slot: i for i, slot in enumerate(order)}
        assert all(place[slot] < place[cover] for slot in order for cover in layout.slots[slot].covered_by)
        assert sorted(layout.reading_order) == list(range(layout.slot_count))


def test_a_layout_of_ones_own_plays_and_its_code_reads_back_with_it(tmp_path):
    path = tmp_path / "tower.toml"
    path.write_text(
        'name = "Tower"\n'
        + "".join(
            f"[[slots]]\nx = 0\ny = {y}\npeak = 0\ncovered_by = [{y + 1}]\n"
            if y < 5
            else f"[[slots]]\nx = 0\ny = {y}\npeak = 0\n"
            for y in range(6)
        ),
        encoding="utf-8",
    )
    tower = Layout.load(path)
    game = Game.from_number(9, layout=tower)
    assert game.code == "TP1-E-AAAAAAJ@TOWER" and game.free_slots() == [5]
    with pytest.raises(InvalidCodeError, match="TOWER, which is not built in"):
        Game(game.code)
    assert Game(game.code, layout=tower).deck == game.deck
    game.apply(game.legal_moves()[0])
    back = Game.from_dict(game.to_dict(), layout=tower)
    assert back.history == game.history and back.layout == tower


def test_a_layout_that_contradicts_the_code_or_borrows_a_built_in_key_is_refused():
    with pytest.raises(InvalidCodeError, match="layout THREE-PEAKS, not 'Diamond'"):
        Game("TP1-E-AAAAAAB", layout="Diamond")
    with pytest.raises(InvalidCodeError, match="layout NOPE, which is not built in"):
        Game("TP1-E-AAAAAAB@NOPE")
    impostor = Layout("diamond", (LayoutSlot(0, 0, 0, ()),))
    with pytest.raises(InvalidLayoutError, match="the key DIAMOND of the built-in layout 'Diamond'"):
        Game.from_number(3, layout=impostor)
    with pytest.raises(InvalidLayoutError, match="a built-in's name: 'Three Peaks', "):
        Game.from_number(3, layout="Pyramid")
    with pytest.raises(InvalidLayoutError, match="its key in a game code is its letters and digits"):
        Layout("★★", (LayoutSlot(0, 0, 0, ()),))


def test_a_new_layout_needs_no_code_a_file_is_dealt_played_solved_drawn_and_recorded(tmp_path):
    """Issue 48, item 5: a layout written in a file here goes through every part unchanged."""
    from tripeaks_widget import TriPeaks
    from tripeaks_widget.records import Records
    from tripeaks_widget.solver import solve

    path = tmp_path / "twin-towers.json"
    columns = (0, 1, 3, 4, 6, 7)  # two cards a tower, three towers, three rows: each card covered by the one below
    towers = [
        {"x": x, "y": y, "peak": i // 2, "covered_by": [6 * (y + 1) + i] if y < 2 else []}
        for y in range(3)
        for i, x in enumerate(columns)
    ]
    path.write_text(json.dumps({"name": "Twin Towers", "slots": towers}), encoding="utf-8")
    layout = Layout.load(path)
    game = Game.from_number(4, "easy", layout=layout)  # dealt
    assert game.code == "TP1-E-AAAAAAE@TWIN-TOWERS" and len(game.free_slots()) == 6
    solution = solve(game)  # solved, and its line played
    assert solution.winnable and solution.complete
    game.replay(solution.line)
    assert game.status == "won" and game.cards_left == 0
    dealt = Game.from_number(4, "easy", layout=layout)  # drawn, with the board in words as its text
    svg = dealt.picture().svg
    assert all(card.words in svg for card in dealt.free()) and "first row: hidden card" in svg
    records = Records(tmp_path / "records.sqlite3")  # recorded, under the layout's key
    played = Game.from_number(4, "easy", layout=layout).replay(solution.line)
    notices = records.record(played, player="ada")
    assert records.results()[0]["layout"] == "TWIN-TOWERS" and notices
    assert records.best(4, "easy", category="scripted", layout=layout)["player"] == "ada"
    records.close()
    board = TriPeaks(game_layout=layout, records=False)  # and on the board
    assert board.game.layout == layout and len(board.table["slots"]) == 18
    board.close()


@pytest.mark.parametrize("layout", OTHERS, ids=lambda layout: layout.key)
def test_each_layout_has_a_game_of_the_day_on_the_game_the_board_and_the_widget(layout):
    from tripeaks_widget import TriPeaks, challenges_of_the_day
    from tripeaks_widget.board import Board

    day = challenges_of_the_day("2026-12-04", "easy", layout)
    game = Game.of_the_day("2026-12-04", "easy", layout=layout.name)
    assert game.layout is layout and game.code == day.code and day.code.endswith(f"@{layout.key}")
    board = Board.of_the_day("2026-12-04", "easy", layout=layout.key, records=False, lang="en")
    widget = TriPeaks.of_the_day("2026-12-04", "easy", game_layout=layout, records=False)
    assert board.code == widget.code == day.code
    assert [goal["text"] for goal in board.snapshot()["goals"]] == [str(challenge) for challenge in day]
    board.close()
    widget.close()


@pytest.mark.parametrize(("name", "key"), [("Über", "ÜBER"), ("Πύργος", "Πύργος")])
def test_a_layout_named_in_any_script_is_named_by_its_own_key_in_codes(name, key):
    own = Layout(name, THREE_PEAKS.slots[18:28])
    game = Game.from_number(3, layout=own)
    assert game.code == f"TP1-E-AAAAAAD@{key}"
    assert Game(game.code, layout=own).deck == game.deck
    with pytest.raises(InvalidCodeError, match="the layout BER, not"):
        Game("TP1-E-AAAAAAD@BER", layout=own)
