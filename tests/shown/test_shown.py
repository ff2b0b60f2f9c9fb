"""Each display of a board in a notebook (``tripeaks_widget.shown``): the newest is the live view with
its picture beside it; shown again, the display before becomes the picture of its step alone, the
board as it was shown or as the player left it by hand, never as code moved it after."""

import base64
import pathlib
import re
import struct

import pytest
from helpers.support import OPENING, comm_message, play_by_hand

from tripeaks_widget import TriPeaks, shown
from tripeaks_widget.picture import PNG, SVG, side_by_side

VIEW = "application/vnd.jupyter.widget-view+json"
CLICK_K_CLUBS = {"type": "play", "slot": 20, "card": "K♣"}  # the bottom row's third card (R6.4)


class Page:
    """The displays the kernel published, by display id, as a notebook keeps them."""

    def __init__(self):
        self.outputs: dict[str, dict] = {}
        self.metadata: dict[str, dict] = {}

    def display(self, data, raw, display_id, metadata=None):
        assert raw
        self.outputs[display_id] = data
        self.metadata[display_id] = metadata or {}

    def update_display(self, data, raw, display_id, metadata=None):
        assert raw and display_id in self.outputs
        self.outputs[display_id] = data
        self.metadata[display_id] = metadata or {}  # as IPython publishes it: the update's own

    def shown(self) -> list[dict]:
        return list(self.outputs.values())


@pytest.fixture
def page(monkeypatch):
    page = Page()
    monkeypatch.setattr(shown, "display", page.display)
    monkeypatch.setattr(shown, "update_display", page.update_display)
    return page


def looks(svg: str) -> str:
    """What a picture shows: two pictures of one board differ only in their ids' prefix."""
    for prefix in re.findall(r'<title id="([\w-]+)-title"', svg):
        svg = svg.replace(prefix, "tp")
    return svg


def png_size(data: dict) -> tuple[int, int]:
    png = base64.b64decode(data[PNG])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def test_shown_again_the_display_before_becomes_the_picture_of_its_step(page):
    w = TriPeaks(OPENING, records=False, lang="en")
    w._ipython_display_()
    deal = dict(page.shown()[0])
    assert VIEW in deal and looks(deal[SVG]) == looks(w.picture().svg)
    assert png_size(deal) == (822, 477)  # the SVG's own size
    w.play("K♣")
    w._ipython_display_()
    first, second = page.shown()
    assert VIEW not in first and VIEW in second  # the newest alone is live
    assert first[SVG] == deal[SVG] and first[PNG] == deal[PNG]  # drawn once, kept
    assert first["text/plain"].endswith("score 500, moves 0, playing)")
    assert second[SVG] != first[SVG] and second[PNG] != first[PNG]
    assert looks(second[SVG]) == looks(w.picture().svg)
    w.close()


def test_a_live_display_names_its_pictures_types_for_the_extension_and_a_picture_alone_does_not(page):
    """The metadata the JupyterLab extension reads (js/labextension/src/index.js) to show the picture
    where the live view's model is gone: on the live display only, SVG first, as the bundle has them."""
    w = TriPeaks(OPENING, records=False, lang="en")
    w._ipython_display_()
    w.play("K♣")
    w._ipython_display_()
    first, second = page.metadata.values()
    assert first == {}  # a picture already: nothing to fall back from
    assert second == {shown.FALLBACK: {"fallback": [SVG, PNG]}}
    assert all(mime in page.shown()[1] for mime in second[shown.FALLBACK]["fallback"])
    w.close()


def test_the_extension_reads_the_mark_the_live_displays_carry():
    """One fact on both sides: the metadata key shown.py writes is the one the extension's source,
    and the build of it the wheel ships (tripeaks_widget/labextension), look for."""
    repo = pathlib.Path(__file__).resolve().parents[2]
    source = (repo / "js" / "labextension" / "src" / "index.js").read_text()
    assert f'const MARK = "{shown.FALLBACK}";' in source
    built = "".join(path.read_text() for path in (repo / "tripeaks_widget" / "labextension" / "static").glob("*.js"))
    assert (
        re.search(rf"\b{shown.FALLBACK}\b", built) and "tripeaks-saved-picture" in built
    )  # not only in a chunk's name


def test_shown_again_before_the_board_moved_on_both_displays_stay_live_in_step(page):
    w = TriPeaks(OPENING, records=False, lang="en")
    w._ipython_display_()
    w._ipython_display_()  # a second view of the same board, say ``w`` again in the next cell
    assert [VIEW in data for data in page.shown()] == [True, True]
    w.play("K♣")
    w._ipython_display_()
    first, second, third = page.shown()
    assert VIEW not in first and VIEW not in second and VIEW in third
    assert first == second and "moves 0" in first["text/plain"]  # both were the deal
    w.close()


def test_an_older_display_keeps_the_board_as_it_was_shown_not_as_code_moved_it_after(page):
    w = TriPeaks(OPENING, records=False, lang="en")
    w._ipython_display_()
    w.play("K♣")  # later in the same cell (a replay, say)
    w.play("A♠")  # the next cell, which does not show the board
    w._ipython_display_()  # nor does the one after, which does
    first = page.shown()[0]
    assert "score 500, moves 0" in first["text/plain"] and VIEW not in first
    assert looks(first[SVG]) == looks(_after(OPENING).picture().svg)
    w.close()


def test_a_click_in_the_newest_display_is_kept_there_and_a_later_cells_move_is_not(page):
    w = TriPeaks(OPENING, records=False, lang="en")
    w._ipython_display_()
    w._handle_msg(comm_message("custom", content=CLICK_K_CLUBS))  # the player's click
    assert w.moves == 1
    w.play("A♠")  # a later cell's move
    w._ipython_display_()
    first, second = page.shown()
    assert "score 499, moves 1" in first["text/plain"]  # as the player left it, the K♣ played
    assert looks(first[SVG]) == looks(_after(OPENING, "K♣").picture().svg)
    assert "moves 2" in second["text/plain"] and VIEW in second
    w.close()


def test_a_comparison_keeps_its_boards_side_by_side_as_one_picture(page):
    box = TriPeaks.compare(OPENING, rules=("easy", "classic"), records=False, lang="en")
    box._ipython_display_()
    box[0]._handle_msg(comm_message("custom", content=CLICK_K_CLUBS))  # a click in one board
    box[1].draw()  # a later cell's move
    box._ipython_display_()
    first, second = page.shown()
    assert VIEW not in first and VIEW in second
    easy = _after(OPENING, "K♣")
    classic = TriPeaks(OPENING.replace("-E-", "-C-"), records=False, lang="en")
    assert looks(first[SVG]) == looks(side_by_side([easy.picture(), classic.picture()]).svg)
    assert "TP1-E-AAAAAAB" in first[SVG] and "TP1-C-AAAAAAB" in first[SVG]
    assert png_size(first) == (1000, round(477 * 1000 / (2 * 822 + 12)))  # the row scaled to fit an output
    assert first["text/plain"].startswith("Comparison(TriPeaks('TP1-E-AAAAAAB', easy, score 499")
    assert second[SVG] != first[SVG]
    for w in (*box.widgets, easy, classic):
        w.close()


def test_a_game_shown_carries_its_png_and_an_animation_none():
    from tripeaks_widget import Game

    game = Game(OPENING)
    game.apply("K♣")
    assert game.animation().png is None and PNG not in game.animation().data()
    shown = game._repr_mimebundle_()  # a game shown as a cell's value: its picture, SVG and PNG
    assert shown[SVG] == game.picture().svg and base64.b64decode(shown[PNG]) == game.picture().png


def _after(code: str, *moves: str) -> TriPeaks:
    """A board after ``moves`` played by clicks, as the displays compared with it were (a move from
    Python would make its header say "Scripted")."""
    w = TriPeaks(code, records=False, lang="en")
    play_by_hand(w, moves)
    return w
