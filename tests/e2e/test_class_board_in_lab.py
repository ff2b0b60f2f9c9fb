"""The teacher's class board in JupyterLab (issue 56, item 5): a real table with headers, focusable,
in each language (Hebrew right to left), and it follows the store: a result recorded by another
process shows on the board, and its polite live region says who met a challenge first. axe-core
finds no serious violation in it."""

from __future__ import annotations

import re
from types import SimpleNamespace

from helpers.axe import SERIOUS, audit, inject_axe, summarize
from helpers.labdriver import expect
from helpers.records_games import record_elsewhere

from tripeaks_widget import i18n
from tripeaks_widget.class_board import COLUMN_STUDENT, TITLE
from tripeaks_widget.records import Records


def test_the_class_board_follows_results_from_another_process_in_every_language(
    open_notebook, page, shot, tmp_path, axe_source
):
    path = tmp_path / "class.sqlite3"
    with Records(path) as store:
        store.set_challenge(3, "win in 20 draws")
        store.set_challenge(3, "run 6")
    record_elsewhere(path, "ana", "scripted")
    record_elsewhere(path, "cleo", won=False)
    languages = [lang for lang in i18n.LANGUAGES if lang != "en"] + ["en"]
    cells = ["from tripeaks_widget import ClassBoard", f"board = ClassBoard(r'{path}'); board"]
    nb = open_notebook(cells + [f"board.lang = {lang!r}" for lang in languages])
    nb.run(0, 1)
    root = nb.cell(1).locator(".tp-class")
    expect(root.locator("h2")).to_have_text(str(TITLE))
    students = root.get_by_role("table", name="Each student's best on the class's challenges")
    expect(students.locator("tbody tr")).to_have_count(2)  # ana (scripted) and cleo
    expect(root.get_by_role("columnheader", name=str(COLUMN_STUDENT))).to_have_count(1)
    expect(root.get_by_role("rowheader", name="ana")).to_have_count(1)
    expect(students.locator("tbody tr", has_text="ana").locator(".tp-class-scripted")).to_have_count(2)
    news = root.locator("[aria-live=polite]")
    expect(news).to_be_hidden()

    record_elsewhere(path, "ben")  # a student's kernel records a win by hand
    expect(students.locator("tbody tr")).to_have_count(3)
    expect(root.get_by_role("rowheader", name="ben")).to_have_count(1)
    expect(news).to_be_visible()
    expect(news).to_contain_text("ben is the first to meet the class's challenge")
    firsts = root.get_by_role("table", name="The class's challenges today").locator("tbody tr td:nth-child(4)")
    expect(firsts).to_have_text([re.compile(r"^ben at \d\d:\d\d$")] * 2)

    root.focus()  # the board takes the focus, and its tables scroll by keyboard
    expect(root).to_be_focused()
    page.keyboard.press("Tab")
    expect(root.locator(".tp-class-scroll").first).to_be_focused()

    inject_axe(page, axe_source)
    findings = audit(SimpleNamespace(root=root))  # what audit reads of a board: its root
    serious = [v for v in findings["violations"] if v["impact"] in SERIOUS]
    assert not serious, summarize(serious)

    for index, lang in enumerate(languages, start=len(cells)):
        nb.run(index)  # the board's language set from Python, as a teacher sets it
        expect(root).to_have_attribute("lang", lang)
        expect(root).to_have_attribute("dir", i18n.direction(lang))
        expect(root.locator("h2")).to_have_text(i18n.translate(TITLE, lang))
        expect(root.get_by_role("rowheader", name="ben")).to_have_count(1)
        expect(news).to_have_attribute("lang", lang)
        root.evaluate("(board) => board.scrollIntoView({ block: 'center' })")  # whole, below the notebook's toolbar
        shot(f"class-board-{lang}", root)
