"""Every step stays, in the real JupyterLab: a three-step walkthrough and a comparison run live keep
each earlier step as the picture of its own board while the newest board plays a click; executed
by nbclient as nbconvert's --execute runs it (the widgets' state kept) and opened with no kernel
serving its boards, each step shows its own picture: untrusted, as PNG (the live view and the SVG
are not safe there), and trusted, each earlier step as SVG. (Trusted, the newest display is the
widget view, which JupyterLab draws from the saved widget state when its manager has restored it,
and otherwise reports "model not found" but for the package's own extension, js/labextension.)
Run live, then saved by JupyterLab's (and Notebook 7's) own save command, which keeps no widget
state, and opened again in a new kernel: each step shows its own picture, the newest (the widget
view, its model gone) by the extension; an ipywidgets slider saved beside them keeps ipywidgets' own
"model not found"."""

from __future__ import annotations

import base64
import urllib.parse
import xml.etree.ElementTree as ET

import nbformat
import pytest
from helpers.hostdriver import open_notebook7, start_notebook7
from helpers.labdriver import Board, Notebook, expect
from nbformat.sign import NotebookNotary

from tripeaks_widget.shown import FALLBACK

nbclient = pytest.importorskip("nbclient", reason="nbclient runs the walkthrough (pip install -e '.[test]')")

STEPS = [
    'from tripeaks_widget import TriPeaks\nw = TriPeaks("TP1-E-AAAAAAB", records=False, lang="en")\nw',
    'w.play("K♣")\nw',
    'w.play("A♠")\nw.play("2♦")\nw',
    'box = TriPeaks.compare("TP1-E-AAAAAAB", rules=("easy", "classic"), records=False, lang="en")\nbox',
    'box["easy"].play("K♣")\nbox',
]
PICTURE = '.jp-OutputArea-output[data-mime-type="{}"] img'
VIEW = "application/vnd.jupyter.widget-view+json"
SAVED_PICTURE = ".jp-OutputArea-output img.tripeaks-saved-picture"  # the extension's, in the widget view's place
SLIDER = "import ipywidgets\nipywidgets.IntSlider(7)"
MODEL_NOT_FOUND = "Error displaying widget: model not found"


def picture(cell, mime: str) -> bytes:
    """The picture a cell's output shows, as its bytes (SVG text or PNG); for the widget view's
    type, the picture the extension shows in its place."""
    image = cell.locator(SAVED_PICTURE if mime == VIEW else PICTURE.format(mime))
    expect(image).to_have_count(1)
    expect(image).to_be_visible()
    src = image.get_attribute("src")
    head, _, body = src.partition(",")
    if head.startswith("blob:") or not body:
        raise AssertionError(f"a picture not given inline: {src[:60]}")
    return base64.b64decode(body) if head.endswith(";base64") else urllib.parse.unquote(body).encode()


def described(svg: bytes) -> list[str]:
    """The board in words of each board in a picture (a comparison's has two, side by side)."""
    root = ET.fromstring(svg)
    boards = root.findall("{http://www.w3.org/2000/svg}svg") or [root]
    return [board.findtext("{http://www.w3.org/2000/svg}desc") for board in boards]


def test_live_each_step_keeps_its_own_board_and_the_newest_plays(open_notebook, shot):
    nb = open_notebook(STEPS)
    nb.run(*range(len(STEPS)))
    for index in (0, 1, 3):  # the earlier steps: pictures, no live board
        expect(nb.cell(index).locator(".tp-root")).to_have_count(0)
    deal, played = (described(picture(nb.cell(i), "image/svg+xml")) for i in (0, 1))
    assert "discard: ace of clubs" in deal[0] and "discard: king of clubs" in played[0]
    [easy, classic] = described(picture(nb.cell(3), "image/svg+xml"))
    assert "discard: ace of clubs" in easy and "discard: ace of clubs" in classic
    board = Board(nb.cell(2).locator(".tp-root"))
    assert (board.discard_card(), board.moves()) == ("2♦", "3")
    board.card("3♠").click()  # the newest board plays
    expect(board.discard).to_have_attribute("data-card", "3♠")
    expect(nb.cell(4).locator(".tp-root")).to_have_count(2)
    shot("steps-live", nb.page.locator(f"{nb.selector} .jp-Notebook"))


def test_a_click_before_the_next_step_stays_in_that_steps_picture(open_notebook, shot):
    """The player plays the K♣ by hand in the newest board, then the next cell plays the A♠ and shows
    the board: the display clicked keeps the board as the player left it (the K♣ on the discard),
    not as the next cell moved it."""
    nb = open_notebook(STEPS[:1] + ['w.play("A♠")\nw'])
    nb.run(0)
    board = Board(nb.cell(0).locator(".tp-root"))
    board.card("K♣").click()
    expect(board.discard).to_have_attribute("data-card", "K♣")
    nb.run(1)
    expect(nb.cell(0).locator(".tp-root")).to_have_count(0)
    [clicked] = described(picture(nb.cell(0), "image/svg+xml"))
    assert "discard: king of clubs" in clicked
    assert Board(nb.cell(1).locator(".tp-root")).discard_card() == "A♠"
    shot("steps-clicked-then-next", nb.page.locator(f"{nb.selector} .jp-Notebook"))


def executed() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in STEPS])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbclient.NotebookClient(notebook, kernel_name="python3", timeout=120, store_widget_state=True).execute()
    return notebook


@pytest.mark.parametrize("trusted", [False, True], ids=["untrusted", "trusted"])
def test_executed_by_nbclient_and_reopened_each_step_shows_its_own_picture(page, lab, trusted, shot):
    name = f"executed-{'trusted' if trusted else 'untrusted'}.ipynb"
    notebook = executed()
    if trusted:  # as JupyterLab signs what it saves: with the server's own secret
        NotebookNotary(data_dir=str(lab.home / "data")).sign(notebook)
    nbformat.write(notebook, lab.root / name)
    nb = Notebook.open(page, lab, name)
    if trusted:
        pictures = [picture(nb.cell(i), "image/svg+xml") for i in (0, 1, 3)]
        assert [len(described(svg)) for svg in pictures] == [1, 1, 2]
    else:
        pictures = [picture(nb.cell(i), "image/png") for i in range(len(STEPS))]  # the newest too
        assert all(png.startswith(b"\x89PNG") for png in pictures)
        for index in range(len(STEPS)):
            expect(nb.cell(index).locator(".tp-root")).to_have_count(0)
    assert len(set(pictures)) == len(pictures)  # each step its own board
    shot(f"steps-reopened-{'trusted' if trusted else 'untrusted'}", nb.page.locator(f"{nb.selector} .jp-Notebook"))


def save_and_reopen(nb: Notebook, reopen) -> Notebook:
    """Save the notebook with the host's own save command (as Ctrl+S does: no widget state, the
    widget manager's default), check what it wrote, shut its kernel down and open it again."""
    nb.command("docmanager:save")
    saved = nbformat.read(nb.server.root / nb.name, as_version=4)
    assert "widgets" not in saved.metadata  # no widget state: every model is gone once the kernel is
    views = [out for cell in saved.cells for out in cell.outputs if VIEW in out.get("data", {})]
    assert len(views) == 3  # the newest board, the newest comparison and the slider
    assert [FALLBACK in out.metadata for out in views] == [True, True, False]  # the mark the extension reads
    shut_down = "(id) => Array.from(window.jupyterapp.shell.widgets('main')).find((w) => w.id === id)"
    nb.page.evaluate(shut_down + ".sessionContext.shutdown()", nb.id)
    return reopen()


def each_step_shows_its_own_picture(nb: Notebook) -> None:
    """The reopened walkthrough: the slider (the last cell) says "model not found", ipywidgets' own
    words, once its manager has restored; every step of ours shows its picture instead."""
    expect(nb.cell(len(STEPS)).locator(".jp-OutputArea-output")).to_contain_text(MODEL_NOT_FOUND)
    for index in range(len(STEPS)):
        expect(nb.cell(index)).not_to_contain_text(MODEL_NOT_FOUND)
        expect(nb.cell(index).locator(".tp-root")).to_have_count(0)
    older = [picture(nb.cell(i), "image/svg+xml") for i in (0, 1, 3)]
    newest = [picture(nb.cell(i), VIEW) for i in (2, 4)]
    assert [len(described(svg)) for svg in older + newest] == [1, 1, 2, 1, 2]
    assert "discard: 2 of diamonds" in described(newest[0])[0]
    assert len(set(older + newest)) == len(STEPS)  # each step its own board
    expect(nb.cell(len(STEPS)).locator("img")).to_have_count(0)
    fits = "img => img.getBoundingClientRect().width <= img.parentElement.getBoundingClientRect().width"
    assert nb.cell(4).locator(SAVED_PICTURE).evaluate(fits)  # the wide comparison, scaled to the cell


def test_saved_by_jupyterlab_and_reopened_each_step_shows_its_own_picture(open_notebook, page, lab, shot):
    nb = open_notebook([*STEPS, SLIDER])
    nb.run(*range(len(STEPS) + 1))
    expect(nb.cell(len(STEPS)).locator(".widget-slider")).to_have_count(1)
    nb = save_and_reopen(nb, lambda: Notebook.open(page, lab, nb.name))
    each_step_shows_its_own_picture(nb)
    shot("steps-saved-by-lab-reopened-newest", nb.cell(2))
    shot("steps-saved-by-lab-reopened-comparison", nb.cell(4))


@pytest.fixture(scope="module")
def notebook7(e2e_ready, tmp_path_factory):
    with start_notebook7(tmp_path_factory.mktemp("notebook7")) as server:
        yield server


def test_saved_by_notebook7_and_reopened_each_step_shows_its_own_picture(notebook7, host_page, shot):
    notebook7.write_notebook("saved.ipynb", [*STEPS, SLIDER])
    page = host_page()
    nb = open_notebook7(page, notebook7, "saved.ipynb")
    nb.run(*range(len(STEPS) + 1))
    nb = save_and_reopen(nb, lambda: open_notebook7(page, notebook7, "saved.ipynb"))
    each_step_shows_its_own_picture(nb)
    shot("steps-saved-by-notebook7-reopened-comparison", nb.cell(4))
