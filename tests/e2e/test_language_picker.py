"""The language picker of the Assists panel in JupyterLab: the four languages by their own names;
choosing one changes the board at once, as ``w.lang`` does, and ``w.lang`` reads it back; a
language set from Python shows in the picker; the keyboard reaches it and it has a name."""

from __future__ import annotations

from helpers.labdriver import IMPORT, Board, expect

from tripeaks_widget import i18n

OWN_NAMES = ["English", "Ελληνικά", "עברית", "Íslenska"]


def test_the_language_picker_switches_the_board_and_w_lang(open_notebook, page, shot):
    deal = 'w = TriPeaks("TP1-E-AAAAAAB", records=False); w'
    nb = open_notebook([IMPORT, deal, "print(w.lang)", "w.lang = 'is'"])
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    # The keyboard: the Assists button opens the panel, Tab goes on to the picker, which is named.
    toggle = board.root.locator(".tp-assists-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    picker = board.root.locator(".tp-language-picker")
    expect(board.root.get_by_role("combobox", name="Language")).to_have_count(1)  # named by its label
    for _ in range(12):
        if picker.evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(picker).to_be_focused()
    assert picker.locator("option").all_inner_texts() == OWN_NAMES
    assert picker.locator("option").evaluate_all("os => os.map((o) => o.lang)") == list(i18n.LANGUAGES)
    expect(picker).to_have_value("en")
    for lang in ("el", "he"):
        picker.select_option(lang)
        expect(board.root).to_have_attribute("lang", lang)
        expect(board.undo_button).to_have_text(i18n.labels(lang)["undo"])
        expect(picker).to_have_value(lang)
        nb.run(2)
        assert nb.output_text(2).strip() == lang
    expect(board.root).to_have_attribute("dir", "rtl")
    shot("language-picker-he", board.root)
    nb.run(3)  # from Python
    expect(board.root).to_have_attribute("lang", "is")
    expect(picker).to_have_value("is")
    expect(board.root.get_by_role("combobox", name=i18n.labels("is")["language"])).to_be_visible()
