"""A lesson as a handout in one command (``python -m tripeaks_widget.handout``): every step's board as
its picture, the newest too, no widget state (a stale one saved in the notebook dropped), and a
warning for a cell that failed; as HTML, and as a PDF printed by Chromium."""

import base64
import io
import pathlib
import re
import shutil

import nbformat
import pytest
from helpers.support import in_a_thread_of_its_own

pytest.importorskip("nbclient", reason="the handout runs the lesson (pip install -e '.[handout]')")
pytest.importorskip("nbconvert", reason="the handout is nbconvert's HTML (pip install -e '.[handout]')")
from tripeaks_widget import handout

pytestmark = pytest.mark.slow  # a kernel a test

LESSON = [
    'from tripeaks_widget import TriPeaks\nw = TriPeaks("TP1-E-AAAAAAB", records=False, lang="en")\nw',
    'w.play("K♣")\nw',
    'w.play("A♠")\nw.play("2♦")\nw.caption = "The 7♠ turned up"\nw',
    'w.play("Q♥")',  # refused: the cell fails, the handout goes on
    'box = TriPeaks.compare("TP1-E-AAAAAAB", rules=("easy", "classic"), records=False, lang="en")\nbox',
]
STALE = {"application/vnd.jupyter.widget-state+json": {"version_major": 2, "version_minor": 0, "state": {}}}


@pytest.fixture
def lesson(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in LESSON])
    notebook.metadata["widgets"] = STALE  # as an earlier run saved it
    path = tmp_path / "lesson.ipynb"
    nbformat.write(notebook, path)
    return path


def test_an_html_handout_shows_every_step_and_warns_of_a_failed_cell(lesson, capsys):
    assert handout.main([str(lesson)]) == 0
    out, err = capsys.readouterr()
    page = lesson.with_suffix(".html")
    assert out.strip() == str(page)
    assert re.fullmatch(r"warning: lesson\.ipynb, cell 4: IllegalMoveError: .+\n", err)
    html = page.read_text(encoding="utf-8")
    pictures = [base64.b64decode(p).decode() for p in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)]
    assert len(pictures) == len(set(pictures)) == 4  # three steps and the comparison, each its own
    assert "discard: ace of clubs" in pictures[0] and "The 7♠ turned up" in pictures[2]
    assert "TP1-C-AAAAAAB" in pictures[3]
    assert "widget-state+json" not in html and "widget-view+json" not in html  # no widget, stale or live


def test_a_pdf_handout_is_printed_by_chromium(lesson, tmp_path):
    pypdf = pytest.importorskip("pypdf", reason="pypdf reads the PDF (pip install -e '.[test]')")
    if not any(shutil.which(name) for name in handout.BROWSERS):
        pytest.skip("a PDF handout needs Chromium")
    pdf = handout.handout(lesson, to="pdf", output=tmp_path / "handout.pdf")
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert text.count("TriPeaks Easy Game 1 TP1-E-AAAAAAB") == 4  # the three steps, and Easy in the comparison
    assert text.count("TP1-C-AAAAAAB") == 1  # Classic beside it: each picture fits the page
    assert text.count("SCORE") == 5  # each board's header, to its right end


def test_a_handout_is_html_or_pdf_of_a_notebook_file(lesson, capsys):
    with pytest.raises(ValueError, match="a handout is 'html' or 'pdf'; got 'docx'"):
        handout.handout(lesson, to="docx")
    assert handout.main([str(lesson.with_name("missing.ipynb"))]) == 2
    said = "a handout is made from a notebook file (.ipynb); there is none at"
    assert capsys.readouterr().err == f"error: {said} {lesson.with_name('missing.ipynb')}\n"


def test_the_html_handout_shows_every_picture_in_chromium_offline(lesson):
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright drives Chromium")
    if not shutil.which("chromium") and not pathlib.Path("/usr/bin/chromium").exists():
        pytest.skip("Chromium is needed")
    handout.main([str(lesson)])

    def pictures() -> list:
        with playwright.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
            context = browser.new_context(offline=True)
            page = context.new_page()
            page.goto(lesson.with_suffix(".html").as_uri(), wait_until="load")
            shown = page.locator(".jp-OutputArea-output img").evaluate_all(
                "imgs => imgs.map(i => [i.complete && i.naturalWidth > 0,"
                " i.getBoundingClientRect().width <= innerWidth])"
            )
            browser.close()
        return shown

    shown = in_a_thread_of_its_own(pictures)
    assert shown == [[True, True]] * 4  # each step's picture drawn, and within the page
