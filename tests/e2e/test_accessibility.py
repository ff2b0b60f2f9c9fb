"""Accessibility in a real JupyterLab, in English, Greek, Hebrew and Icelandic.

- An automated audit: axe-core (``js/node_modules/axe-core``, a dev dependency of the front
  end) runs on the widget alone (``axe.run(widget)``) on the board, the open New game dialog,
  the won and the blocked banners, under JupyterLab's light and dark themes, in each
  language: no serious or critical violation (colour contrast included).
- Names: every card, button and pile has an accessible name in the chosen language, and the
  board in words (R7) is announced after every change.
- The whole game by keyboard, with a visible focus, and no key reaching JupyterLab.
- Screenshots of the Hebrew (right to left), Greek and Icelandic boards and of the Hebrew
  dialog go to ``tests/e2e/artifacts/``.
"""

from __future__ import annotations

import json
import os
import pathlib

import pytest
from helpers.axe import SERIOUS, audit, inject_axe, summarize
from helpers.labdriver import IMPORT, Board, expect
from helpers.support import win_line

from tripeaks_widget import Game, i18n
from tripeaks_widget.records import Records

HERE = pathlib.Path(__file__).resolve().parent
ARTIFACTS = HERE / "artifacts"
REQUIRED = os.environ.get("TRIPEAKS_E2E", "").strip().lower() == "required"
JS = HERE.parents[1] / "js"
AXE = JS / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ("en", "el", "he", "is")
THEMES = (("JupyterLab Light", "light"), ("JupyterLab Dark", "dark"))
MUST_FIT = "Must be one rank higher or lower"  # R2.4


# -- axe-core -------------------------------------------------------------------------------------


def set_theme(nb, theme: str, light: bool) -> None:
    nb.command("apputils:change-theme", {"theme": theme})
    nb.page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(light).lower()}'")
    nb.page.wait_for_timeout(300)


def scenario_cells(lang: str) -> list[str]:
    """The cells of an audit: the widget (1), a fresh deal (2), a game won with a records notice
    in a widget of its own, each time with a new store, so the notice is a first win (3), a
    blocked game (4), a highlight (5). The solver's verdict and the win chance are on in the
    widget (1)."""
    line = win_line(Game("TP1-E-AAAAAAD"))  # R6.5: deal 3 can be won under Easy
    return [
        IMPORT + "\nimport os, tempfile\nfresh_store = lambda: os.path.join(tempfile.mkdtemp(), 'records.sqlite3')",
        f'w = TriPeaks("TP1-E-AAAAAAB", lang="{lang}", show_verdict=True, show_win_chance=True); w',
        'w.new_game("TP1-E-AAAAAAB");',
        f'v = TriPeaks("TP1-E-AAAAAAD", lang="{lang}", records=fresh_store()); v.replay({line!r}, pace=0); v',
        'w.new_game("TP1-C-AAAAAAB")\nfor _ in range(23):\n    w.draw()\nw.play("K♣");',  # blocked (R4.2)
        'w.highlight("K♦", "stock")',
    ]


# -- the audit --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_serious_violation(lang, open_notebook, page, axe_source, shot):
    """axe-core on the widget alone: the board (a refusal said, a highlight), the New game
    dialog (as it opens, then with a refused code), the won banner with a records notice, the
    blocked banner; light and dark themes."""
    nb = open_notebook(scenario_cells(lang), name=f"a11y-{lang}.ipynb")
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.root).to_have_attribute("lang", lang)
    expect(board.root).to_have_attribute("dir", i18n.direction(lang))
    inject_axe(page, axe_source)
    labels = i18n.labels(lang)
    [notice] = Records(":memory:").record(Game("TP1-E-AAAAAAD").replay(win_line(Game("TP1-E-AAAAAAD"))))
    first_win = i18n.translate(notice.text, lang)  # "First win of game 3 (Easy): won in … moves." in lang
    results: dict[str, dict] = {}
    try:
        for theme, name in THEMES:
            set_theme(nb, theme, light=name == "light")
            nb.run(2)
            expect(board.card("3♠")).to_be_visible()
            board.card("3♠").click()  # refused (R2.4): the message line speaks
            expect(board.root.locator(".tp-message")).to_have_text(i18n.translate(MUST_FIT, lang))
            nb.run(5)
            expect(board.root.locator(".tp-highlight")).to_have_count(2)
            expect(board.root.locator(".tp-verdict")).to_have_attribute("data-kind", "winnable")
            results[f"{name} board"] = audit(board)
            if name == "light":
                shot(f"a11y-{lang}-board", board.root)
            board.root.locator(".tp-assists-toggle").click()  # the Assists panel, the win chance shown
            expect(board.root.locator(".tp-assists")).to_be_visible()
            expect(board.root.locator(".tp-chance")).to_have_attribute("data-kind", "known", timeout=20_000)
            results[f"{name} the Assists panel"] = audit(board)
            if name == "light":
                shot(f"a11y-{lang}-assists", board.root)
            page.keyboard.press("Escape")

            board.new_button.click()
            expect(board.dialog).to_be_visible()
            results[f"{name} dialog"] = audit(board)
            if name == "light":
                shot(f"a11y-{lang}-dialog", board.root)
            board.code_input.fill("TP1-X-AAAAAAB")  # a code sets the other choices aside
            board.code_input.press("Enter")
            expect(board.dialog_error).not_to_be_empty()
            results[f"{name} dialog, a code refused"] = audit(board)
            if name == "light":
                shot(f"a11y-{lang}-dialog-code", board.root)
            board.code_input.press("Escape")
            expect(board.dialog).to_be_hidden()

            nb.run(3)
            won = Board(nb.cell(3).locator(".tp-root"))
            expect(won.root.locator(".tp-banner")).to_be_visible()
            expect(won.root.locator(".tp-banner")).to_contain_text(labels["won_title"])
            expect(won.root.locator(".tp-notice")).to_have_attribute("data-kind", "first_win")
            expect(won.root.locator(".tp-notice")).to_have_text(first_win)
            results[f"{name} won, a records notice"] = audit(won)
            if name == "light":
                shot(f"a11y-{lang}-won", won.root)

            nb.run(4)
            banner = board.root.locator(".tp-banner")
            expect(banner).to_contain_text(labels["blocked_title"])
            results[f"{name} blocked"] = audit(board)
            if name == "light":
                shot(f"a11y-{lang}-blocked", board.root)
    finally:
        set_theme(nb, "JupyterLab Light", light=True)

    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{lang}.json").write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    counts = {
        where: {
            **{
                impact: sum(len(v["nodes"]) for v in found["violations"] if v["impact"] == impact)
                for impact in ("minor", "moderate", "serious", "critical")
            },
            "incomplete": sum(len(v["nodes"]) for v in found["incomplete"]),
            "rules passed": found["passes"],
            "contrast checked": found["contrastChecked"],
        }
        for where, found in results.items()
    }
    print(f"axe ({lang}): " + json.dumps(counts))
    bad = {where: [v for v in found["violations"] if v["impact"] in SERIOUS] for where, found in results.items()}
    bad = {where: found for where, found in bad.items() if found}
    assert not bad, "serious or critical accessibility violations:\n" + "\n".join(
        f"{where}:\n{summarize(found)}" for where, found in bad.items()
    )


# -- names, announcements, the keyboard --------------------------------------------------------------

JS_FOCUS = """() => {
  const el = document.activeElement;
  if (!el || !el.closest('.tp-root')) return null;
  const style = getComputedStyle(el);
  const ring = getComputedStyle(el, '::before');
  return {
    cls: el.className, tag: el.tagName, type: el.type || "", slot: el.dataset.slot ?? null,
    name: el.getAttribute('aria-label') || el.textContent.trim(),
    outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
    ring: ring.content !== 'none' && ring.borderStyle !== 'none',
    label: el.closest('label') ? getComputedStyle(el.closest('label')).outlineStyle : 'none',
    focusVisible: el.matches(':focus-visible'),
  };
}"""


def focused(page) -> dict | None:
    return page.evaluate(JS_FOCUS)


def visibly_focused(info: dict) -> bool:
    """A focus ring shows: an outline on the element or its label, or the card's ring."""
    return bool(info) and info["focusVisible"] and (info["outline"] or info["ring"] or info["label"] != "none")


def test_every_card_and_button_is_named_in_hebrew_and_the_board_is_announced(open_notebook, page):
    nb = open_notebook([IMPORT, 'w = TriPeaks("TP1-E-AAAAAAB", lang="he"); w'], name="a11y-names-he.ipynb")
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.card("K♣")).to_be_visible()
    he = i18n.labels("he")
    root = board.root
    for card in ("3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"):  # R6.4's bottom row
        expect(root.get_by_role("button", name=i18n.card_name(card, "he"), exact=True)).to_be_visible()
    expect(root.get_by_role("img", name=he["hidden_card"], exact=True)).to_have_count(18)
    expect(root.get_by_role("button", name="קופת משיכה, 23 קלפים", exact=True)).to_be_visible()
    expect(root.get_by_role("img", name="ערימת השלכה, אס תלתן", exact=True)).to_be_visible()
    for key in ("undo", "hint", "new_game"):
        expect(root.get_by_role("button", name=he[key], exact=True)).to_be_attached()
    root.get_by_role("button", name=he["assists"], exact=True).click()  # the switches are in the Assists panel
    expect(root.get_by_role("switch", name=he["error_help"], exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(root.get_by_role("group", name=he["board"], exact=True)).to_be_visible()
    live = root.locator("[aria-live='polite']")
    expect(live).to_have_text(i18n.describe(Game("TP1-E-AAAAAAB"), "he"))
    for card in ("K♣", "A♠", "2♦"):  # R6.4: the 7♠ turns up
        board.card(card).click()
    expect(live).to_have_text(i18n.describe(Game("TP1-E-AAAAAAB").replay(["K♣", "A♠", "2♦"]), "he"))
    expect(root.get_by_role("button", name="7 עלה", exact=True)).to_be_visible()


def test_the_whole_game_by_keyboard_with_a_visible_focus(open_notebook, page):
    """In Hebrew (right to left): Tab reaches the cards (one stop), the buttons and the switch;
    arrows reach every free card and the stock; the dialog is worked by keys alone and gives
    the focus back; nothing typed reaches JupyterLab's shortcuts."""
    nb = open_notebook([IMPORT, 'w = TriPeaks("TP1-E-AAAAAAB", lang="he"); w', "w.undo"], name="a11y-keys-he.ipynb")
    nb.run(0, 1)
    board = Board(nb.cell(1).locator(".tp-root"))
    expect(board.card("K♣")).to_be_visible()
    cells_before = nb.cell_sources()
    he = i18n.labels("he")

    # The board is one tab stop; arrows go through every free card, then the stock.
    board.slot(18).focus()
    page.keyboard.press("Home")
    seen = []
    for _ in range(12):
        info = focused(page)
        assert visibly_focused(info), info
        seen.append(
            info["slot"] if info["slot"] is not None else ("stock" if "tp-stock" in info["cls"] else info["cls"])
        )
        page.keyboard.press("ArrowRight")
    assert seen[:10] == [str(s) for s in range(18, 28)]
    page.keyboard.press("ArrowDown")
    assert "tp-stock" in focused(page)["cls"]
    page.keyboard.press("Enter")  # draw
    expect(board.root.locator(".tp-stock-count")).to_have_text("22")

    # Tab from the board: Undo, Hint, Winnable?, Win chance, Restart, New game, Assists, each
    # with a visible focus; Assists opens its panel on its first switch, Escape closes it on Assists.
    names = []
    for _ in range(7):
        page.keyboard.press("Tab")
        info = focused(page)
        assert visibly_focused(info), info
        names.append(info["name"])
    assert names == [he[k] for k in ("undo", "hint", "verdict", "win_chance", "restart", "new_game", "assists")]
    page.keyboard.press("Enter")
    assert focused(page)["name"] == he["assist_playable"]
    page.keyboard.press("Tab")
    info = focused(page)
    assert info["name"] == he["error_help"] and visibly_focused(info), info
    switch = board.root.locator(".tp-assist-error-help")
    page.keyboard.press("Space")  # the switch: error help off
    expect(switch).to_have_attribute("aria-checked", "false")
    page.keyboard.press("Space")
    expect(switch).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Escape")
    expect(board.root.locator(".tp-assists")).to_be_hidden()
    assert focused(page)["name"] == he["assists"]
    for _ in range(6):
        page.keyboard.press("Shift+Tab")
    assert focused(page)["name"] == he["undo"]
    page.keyboard.press("Enter")  # undo the draw
    expect(board.root.locator(".tp-stock-count")).to_have_text("23")

    # The dialog: opened from its button, every control reached by Tab, closed by Escape.
    board.new_button.focus()
    page.keyboard.press("Enter")
    expect(board.dialog).to_be_visible()
    assert "tp-code-input" in focused(page)["cls"]
    stops = []
    for _ in range(18):
        info = focused(page)
        assert visibly_focused(info) or info["tag"] == "INPUT", info
        stops.append((info["tag"], info["type"], info["cls"]))
        page.keyboard.press("Tab")
    kinds = [f"{tag}:{kind}" for tag, kind, _ in stops]
    assert kinds[:14] == [
        "INPUT:text",
        "SELECT:select-one",  # the layout
        "BUTTON:button",
        "BUTTON:button",
        "INPUT:radio",
        "INPUT:checkbox",
        "INPUT:checkbox",
        "INPUT:checkbox",
        "INPUT:checkbox",
        "INPUT:checkbox",
        "INPUT:text",
        "INPUT:checkbox",
        "BUTTON:submit",
        "BUTTON:button",  # Deal and Cancel: one button deals
    ], kinds
    assert kinds[14] == "INPUT:text", "Tab wraps round inside the dialog"
    page.keyboard.press("Escape")
    expect(board.dialog).to_be_hidden()
    assert focused(page)["name"] == he["new_game"], "the focus goes back to the New game button"

    # The letter keys (the front end's unit tests check them in Greek and Hebrew layouts too).
    board.slot(18).focus()
    page.keyboard.press("d")
    expect(board.root.locator(".tp-stock-count")).to_have_text("22")
    page.keyboard.press("u")
    expect(board.root.locator(".tp-stock-count")).to_have_text("23")
    page.keyboard.press("n")
    expect(board.dialog).to_be_visible()
    page.keyboard.type("bad")
    page.keyboard.press("Escape")
    expect(board.dialog).to_be_hidden()

    page.wait_for_timeout(200)
    assert nb.cell_sources() == cells_before, "a key in the widget changed the notebook"
    assert nb.mode() == "command", "a key in the widget put the notebook in edit mode"
