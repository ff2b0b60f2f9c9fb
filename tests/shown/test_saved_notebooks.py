"""A walkthrough's steps stay on the page: run, saved and converted to HTML, a notebook shows each
step's board as it was (the newest display the live board, each older one the picture of its step,
as SVG and as PNG); saved with the widgets' state, it holds the front end once, however many boards
it shows."""

import base64
import re
import xml.etree.ElementTree as ET

import nbformat
import pytest
from helpers.support import in_a_thread_of_its_own

nbclient = pytest.importorskip("nbclient", reason="nbclient runs notebooks (pip install -e '.[test]')")
nbconvert = pytest.importorskip("nbconvert", reason="nbconvert converts notebooks (pip install -e '.[test]')")
pytestmark = pytest.mark.slow  # a kernel a test

STEPS = [
    'from tripeaks_widget import TriPeaks\nw = TriPeaks("TP1-E-AAAAAAB", records=False, lang="en")\nw',
    'w.play("K♣")\nw',
    'w.play("A♠")\nw.play("2♦")\nw.caption = "The 7♠ turned up"\nw',
]


VIEW = "application/vnd.jupyter.widget-view+json"
SVG, PNG = "image/svg+xml", "image/png"
COMPARE = [
    'box = TriPeaks.compare("TP1-E-AAAAAAB", rules=("easy", "classic"), records=False, lang="en")\nbox',
    'box["easy"].play("K♣")\nbox',
]


def described(svg: str) -> list[str]:
    """The board in words of each board in a picture (a comparison's has two, side by side)."""
    root = ET.fromstring(svg)
    boards = root.findall("{http://www.w3.org/2000/svg}svg") or [root]
    return [board.findtext("{http://www.w3.org/2000/svg}desc") for board in boards]


def run(sources, store_widget_state):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in sources])
    nbclient.NotebookClient(
        notebook, kernel_name="python3", timeout=120, store_widget_state=store_widget_state
    ).execute()
    return notebook


def test_a_three_step_walkthrough_shows_one_picture_a_step_in_html_without_widget_state():
    notebook = run(STEPS, store_widget_state=False)
    assert "widgets" not in notebook.metadata
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    shown = re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"', html)
    pictures = [base64.b64decode(picture).decode() for picture in shown]
    assert len(pictures) == 3 and len(set(pictures)) == 3  # one a step, each as it was
    first, second, third = pictures
    assert "discard: ace of clubs" in first and "7 of spades" not in first  # the deal
    assert ">1</text>" in second and "The 7♠ turned up" in third and "7 of spades" in third


def test_each_step_keeps_a_picture_of_its_own_and_the_newest_stays_live():
    """Run as nbconvert's --execute runs it (the widgets' state kept): each step's output is one
    display, the older ones the picture of their step alone (SVG and PNG), the newest the live view
    with its picture; the comparison's too, its boards side by side."""
    notebook = run(STEPS + COMPARE, store_widget_state=True)
    shown = [cell.outputs for cell in notebook.cells]
    assert all(len(outputs) == 1 and outputs[0].output_type == "display_data" for outputs in shown)
    data = [outputs[0].data for outputs in shown]
    assert [VIEW in d for d in data] == [False, False, True, False, True]  # the newest of each widget is live
    for pictures in (data[:3], data[3:]):
        assert len({d[SVG] for d in pictures}) == len({d[PNG] for d in pictures}) == len(pictures)
        assert all(base64.b64decode(d[PNG]).startswith(b"\x89PNG") for d in pictures)
    first, second, third = (described(d[SVG])[0] for d in data[:3])
    assert "discard: ace of clubs" in first and "discard: king of clubs" in second
    assert "7 of spades" in third and "7 of spades" not in second
    assert [d["text/plain"].split(", ")[-2:] for d in data[:3]] == [
        ["moves 0", "playing)"],
        ["moves 1", "playing)"],
        ["moves 3", "playing)"],
    ]
    dealt, played = (described(d[SVG]) for d in data[3:])
    assert len(dealt) == len(played) == 2 and dealt[1] == played[1]  # the Classic board did not move
    assert "discard: ace of clubs" in dealt[0] and "discard: king of clubs" in played[0]
    # nbconvert's HTML of that run: each older step is its picture; the newest is the live view,
    # which the widgets' state kept in the notebook draws where the widget manager loads
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    pictures = re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert [base64.b64decode(p).decode() for p in pictures] == [data[0][SVG], data[1][SVG], data[3][SVG]]
    assert html.count(f'<script type="{VIEW}">') == 2


def test_the_steps_stay_in_a_pdf_printed_from_that_html():
    """As nbconvert's webpdf does it: the HTML printed by Chromium; each step's picture is drawn in
    the PDF, its words (the board's header, the caption) text of the page."""
    import io
    import os

    pypdf = pytest.importorskip("pypdf", reason="pypdf reads the PDF (pip install -e '.[test]')")
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright prints the PDF")
    chromium = "/usr/bin/chromium"
    if not os.access(chromium, os.X_OK):
        pytest.skip(f"Chromium is needed at {chromium}")
    html, _ = nbconvert.HTMLExporter().from_notebook_node(run(STEPS, store_widget_state=False))

    def printed() -> bytes:
        with playwright.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium)
            page = browser.new_page()
            page.set_content(html, wait_until="load")
            pdf = page.pdf(print_background=True)
            browser.close()
        return pdf

    pdf = in_a_thread_of_its_own(printed)
    text = "\n".join(printed.extract_text() for printed in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert text.count("TriPeaks Easy Game 1 TP1-E-AAAAAAB") == 3  # a board a step
    assert text.count("The 7♠ turned up") == 2  # the third cell's source, and its board's caption


def test_a_notebook_saved_with_its_widgets_state_holds_the_front_end_once():
    one = run(STEPS[:1], store_widget_state=True)
    five = run([STEPS[0], *(f"TriPeaks({n}, records=False)" for n in range(1, 5))], store_widget_state=True)
    for notebook in (one, five):
        models = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"].values()
        holders = [model for model in models if "esm" in model["state"]]
        assert len(holders) == 1 and ".tp-card" in holders[0]["state"]["css"]
        boards = [model["state"] for model in models if "_front_end" in model["state"]]
        assert len(boards) == len(notebook.cells) and all(len(board["_esm"]) < 3000 for board in boards)
    per_board = (len(nbformat.writes(five)) - len(nbformat.writes(one))) / 4
    # the board's snapshot and labels, its picture as SVG (15 KB) and as PNG (about 100 KB in base64);
    # not the front end (benchmarks/notebook_size.py measures each part)
    assert per_board < 160_000, per_board
