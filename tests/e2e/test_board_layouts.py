"""The live board on other layouts, in Chromium: the shipped front end draws a widget's traits
(its snapshot, its labels, its table) and puts every card where the picture Python draws puts
it; no card lies over another unless it covers it, and nothing is cut off, in cells 700 and 1000
pixels wide (one page of the session's Chromium, every board drawn afresh in it, as the docs'
camera draws); every layout fits a window from 320 pixels to a wide screen, its cards scaled; the
won banner covers no control; and in JupyterLab, a new layout's table comes with its deal."""

from __future__ import annotations

import itertools
import pathlib
import sys
import xml.etree.ElementTree as ET

import pytest
from helpers.labdriver import expect

from tripeaks_widget import LAYOUTS, Card, Game, TriPeaks
from tripeaks_widget.picture import Picture, look
from tripeaks_widget.picture.svg import UNIT

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "docs" / "_ext"))
import board_pictures  # the camera README's picture is taken with: its page's scripts

SVG = "{http://www.w3.org/2000/svg}"
WIDTHS = (700, 1000)
LAID_OUT = ("Diamond", "Four Peaks")

# Where each card lies on the live board, in pixels from the board's corner, what it shows, and
# whether the table shows all of it: inside the felt and not scrolled out of sight.
MEASURE = """() => {
  const board = document.querySelector("#cell .tp-board").getBoundingClientRect();
  const felt = document.querySelector("#cell .tp-table").getBoundingClientRect();
  const scroll = document.querySelector("#cell .tp-scroll");
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - board.left, y: r.top - board.top, w: r.width, h: r.height,
             inside: r.left >= felt.left - 0.5 && r.right <= felt.right + 0.5 && r.top >= felt.top - 0.5
                     && r.bottom <= felt.bottom + 0.5 };
  };
  const slots = [...document.querySelectorAll("#cell .tp-slot:not(.tp-removed)")].map((card) =>
    ({ slot: Number(card.dataset.slot), shows: card.classList.contains("tp-hidden") ? "back" : card.dataset.card,
       ...box(card) }));
  return { width: board.width, slots, stock: box(document.querySelector("#cell .tp-stock")),
           discard: box(document.querySelector("#cell .tp-discard")),
           scrolls: scroll.scrollWidth > scroll.clientWidth + 1 };
}"""


class Page:
    """A page of the session's Chromium that draws a widget's traits as the docs' camera does
    (``docs/_ext/board_pictures.py``): the shipped bundle loaded once, each board drawn afresh."""

    def __init__(self, browser) -> None:
        self.context = browser.new_context(viewport={"width": max(WIDTHS) + 20, "height": 900}, reduced_motion="reduce")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        css = (board_pictures.STATIC / "widget.css").read_text(encoding="utf-8")
        self.page.set_content(
            f'<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head>'
            '<body style="margin:0"><div id="cell" style="padding:8px"></div></body></html>'
        )
        self.page.evaluate(board_pictures.LOAD, (board_pictures.STATIC / "widget.js").read_text(encoding="utf-8"))

    def at_width(self, width: int) -> None:
        self.page.set_viewport_size({"width": width + 20, "height": 900})
        self.page.evaluate(f"() => {{ document.getElementById('cell').style.width = '{width}px'; }}")

    def fill_window(self, width: int, height: int = 900) -> None:
        """A window ``width`` pixels wide, the cell as wide as it allows (a notebook on a phone)."""
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.evaluate("() => { document.getElementById('cell').style.width = ''; }")

    def draw(self, traits: dict) -> None:
        self.page.evaluate(board_pictures.DRAW, traits)
        self.page.wait_for_selector("#cell .tp-board")
        assert not self.errors, self.errors


@pytest.fixture(scope="module")
def camera(browser):
    page = Page(browser)
    yield page
    page.context.close()


def pictured(board: TriPeaks) -> dict[tuple[float, float], str]:
    """Where the picture puts each card, in units from the board's corner: (x, y) -> what it shows."""
    snapshot = board.board.snapshot()
    root = ET.fromstring(Picture.of(snapshot).svg)
    prefix = root.find(f"{SVG}title").get("id").removesuffix("title")
    felt = next(rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == f"url(#{prefix}felt)")
    x0 = (float(felt.get("width")) - snapshot["table"]["width"] * UNIT) / 2
    y0 = float(felt.get("y")) + 0.28 * UNIT
    out = {}
    for use in root.iter(f"{SVG}use"):
        name = use.get("href").removeprefix(f"#{prefix}")
        if name.startswith("card-"):
            where = ((float(use.get("x")) - x0) / UNIT, (float(use.get("y")) - y0) / UNIT)
            out[where] = name.removeprefix("card-")
    return out


def overlap(a: dict, b: dict) -> float:
    """How many square pixels two boxes share."""
    wide = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    high = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, wide) * max(0.0, high)


@pytest.mark.parametrize("name", LAID_OUT)
def test_the_live_board_lays_its_layout_out_as_the_picture_does_with_no_overlap_and_nothing_cut_off(camera, name):
    layout = LAYOUTS[name]
    w = TriPeaks(11, game_layout=name, records=False, lang="en")
    w.replay([next(iter(w.playable()), "draw")], pace=0)  # a card gone, one maybe turned up
    lift = look.FACE["lift"]
    for width in WIDTHS:
        picture = pictured(w)
        camera.at_width(width)
        camera.draw({"state": w.state, "labels": w.labels, "table": w.table})
        live = camera.page.evaluate(MEASURE)
        unit = live["width"] / w.table["width"]
        assert not live["scrolls"], (name, width)
        shown = live["slots"]
        assert len(shown) == w.cards_left and {card["slot"] for card in shown} <= set(range(layout.slot_count))
        for card in shown:
            x, y = card["x"] / unit, card["y"] / unit
            near = [(px, py) for px, py in picture if abs(px - x) < 0.02 and abs(py - y) < 0.02]
            assert near, (name, width, card)
            what = picture.pop(near[0])
            assert what == card["shows"] or Card.parse(what) == Card.parse(card["shows"]), (name, width, card, what)
            assert card["inside"], (name, width, "cut off", card)
        for a, b in itertools.combinations(shown, 2):
            covering = (
                a["slot"] in layout.slots[b["slot"]].covered_by or b["slot"] in layout.slots[a["slot"]].covered_by
            )
            # a card that fits rises a little: it may then touch a card beside it by its lift
            assert covering or overlap(a, b) <= (lift * unit + 1) * a["w"], (name, width, a, b)
        for pile in (live["stock"], live["discard"]):
            assert pile["inside"] and all(overlap(pile, card) == 0 for card in shown), (name, width, pile)
    w.close()


# Every shown element of the widget inside the window's width, and the page no wider than it.
FITS = """() => {
  const outside = [...document.querySelectorAll("#cell .tp-root, #cell .tp-root *")]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5))
    .map(([el, r]) => `${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
  const scroll = document.querySelector("#cell .tp-scroll");
  return { outside: outside.slice(0, 5), wide: document.scrollingElement.scrollWidth, width: innerWidth,
           scrolls: scroll.scrollWidth > scroll.clientWidth + 1,
           card: document.querySelector("#cell .tp-slot").getBoundingClientRect().width };
}"""
# Whether each control is what a tap at its centre reaches (brought into view in its scrolling box first).
REACHED = """(selector) => [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length)
  .map((el) => { el.scrollIntoView({ block: "nearest" }); const r = el.getBoundingClientRect();
                 const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                 return [el.textContent.trim().slice(0, 30), Boolean(hit && el.contains(hit))]; })"""
FIT_WIDTHS = (320, 360, 390, 768, 1280)


def test_the_notebook_board_fits_any_width_on_every_layout_and_its_cards_scale(camera):
    """From a 320-pixel phone to a wide screen: no element of the board or its controls past the
    window's edge, no sideways scroll of the page or of the board, on every built-in layout; the
    cards shrink with the width (a board with ten cards a row is narrower on a phone than a wide
    screen)."""
    for name in LAYOUTS:
        w = TriPeaks(11, game_layout=name, records=False, lang="en")
        cards = []
        for width in FIT_WIDTHS:
            camera.fill_window(width)
            camera.draw({"state": w.state, "labels": w.labels, "table": w.table})
            fits = camera.page.evaluate(FITS)
            assert not fits["outside"] and fits["wide"] <= width and not fits["scrolls"], (name, width, fits)
            cards.append(fits["card"])
        assert cards == sorted(cards) and cards[0] < cards[-1], (name, cards)
        w.close()


@pytest.mark.parametrize("width", [360, 1280])
def test_the_won_banner_covers_no_control(camera, width):
    """After a win, the banner's own buttons, and every button of the Assists panel (Statistics
    among them) opened over it, take a tap; the banner is whole inside the felt, even on a phone."""
    won = "TP1-E-AAAAAJT"  # game 253, which the solver wins
    w = TriPeaks(won, records=False, lang="el")
    w.replay(Game(won).solve().line, pace=0)
    camera.fill_window(width)
    camera.draw({"state": w.state, "labels": w.labels, "table": w.table})
    page = camera.page
    expect(page.locator("#cell .tp-banner")).to_be_visible()
    felt = page.locator("#cell .tp-table").bounding_box()
    panel = page.locator("#cell .tp-banner-panel").bounding_box()
    assert felt["y"] <= panel["y"] and panel["y"] + panel["height"] <= felt["y"] + felt["height"], (felt, panel)
    reached = page.evaluate(REACHED, "#cell .tp-banner button")
    assert len(reached) == 3 and all(hit for _, hit in reached), reached
    page.locator("#cell .tp-assists-toggle").click()
    reached = page.evaluate(REACHED, "#cell .tp-assists button")
    assert all(hit for _, hit in reached), reached
    assert page.evaluate(REACHED, "#cell .tp-statistics-open") == [[w.labels["stats"], True]]
    w.close()


def test_in_jupyterlab_a_new_layout_comes_with_its_table_and_lays_the_board_out_again(open_notebook):
    """The table trait in a real kernel's widget: a board on Diamond shows its 25 cards, and a new
    deal on Columns (another cell) its 21, each free card of the new layout a card to play."""
    deal = 'w = TriPeaks(11, game_layout="Diamond", records=False); w'
    nb = open_notebook(["from tripeaks_widget import TriPeaks", deal, 'w.new_game(game_layout="Columns"); w.code'])
    nb.run(0, 1)
    root = nb.cell(1).locator(".tp-root")
    root.wait_for(state="visible")
    slots = root.locator(".tp-slot")
    expect(slots).to_have_count(25)
    expect(root.locator(".tp-code")).to_contain_text("@DIAMOND")
    nb.run(2)
    expect(slots).to_have_count(21)
    expect(root.locator(".tp-code")).to_contain_text("@COLUMNS")
    expect(root.locator(".tp-slot.tp-free[role=button]")).to_have_count(7)
