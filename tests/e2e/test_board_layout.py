"""The layout in Chromium, measured: the board stays where it is while the assists are switched,
while the verdict and the win chance change length and when a game ends; nothing of the header,
the control bar, the New game dialog or the review overflows its box or overlaps another, in
every language (Hebrew right to left), in light and dark themes, at widths 700, 1000 and 1300.

One notebook, one widget: the language is its ``lang`` trait, the theme JupyterLab's, the width
the page's. Cell 2 runs whatever the test wrote to a file, so every step is one cell run.
Screenshots (tests/e2e/artifacts/layout-*.png) only show what was measured.
"""

from __future__ import annotations

import pytest
from helpers.labdriver import VIEWPORT, WIN_LINE, Board, Notebook, expect, screenshot
from helpers.layout_probe import (
    JS_BOARD_BOX,
    JS_BUTTON_ROW,
    JS_CHART_PROBLEMS,
    JS_DIALOG_FIT,
    JS_EMPTY_BANDS,
    JS_IN_VIEW,
    JS_MESSAGE_PLACE,
    JS_PROBLEMS,
    JS_VISIBLE_TEXT,
)

from tripeaks_widget import Game, i18n

LANGUAGES = ("en", "el", "he", "is")
WIDTHS = (700, 1000, 1300)
THEMES = (("JupyterLab Light", True), ("JupyterLab Dark", False))
HEIGHT = 1000

SETUP = """\
import json
from tripeaks_widget import TriPeaks
from tripeaks_widget.board.assists import chance_view, verdict_view
from tripeaks_widget.fair import Chance

w = TriPeaks("TP1-E-AAAAAAB", records=False)
w.search_budget = 1.0


def readouts(verdict, chance):
    \"\"\"The board as it is, with these readouts on, said as the assists say them.\"\"\"
    w.state = {**w.board.snapshot(), "show_verdict": True, "show_win_chance": True,
               "verdict": verdict_view(verdict, w.board.say), "win_chance": chance_view(chance, w.board.say)}
"""

# Every readout the header can show, from the shortest text of each language to the longest.
VERDICTS = [
    "{'kind': 'pending', 'move': None}",
    "{'kind': 'winnable', 'move': None}",
    "{'kind': 'lost', 'move': 175, 'undone': True}",
    "{'kind': 'lost', 'move': 9}",
    "{'kind': 'lost', 'move': None}",
    "{'kind': 'never', 'move': None}",
    "{'kind': 'unknown', 'move': None}",
]
CHANCES = [
    "{'kind': 'pending'}",
    "{'kind': 'known', 'chance': Chance.of(0, 50)}",
    "{'kind': 'known', 'chance': Chance.of(50, 50)}",
    "{'kind': 'known', 'chance': Chance.of(1, 1, exact=True)}",
    "{'kind': 'error', 'error': 'out of memory'}",
]
LONGEST = (VERDICTS[2], CHANCES[1])

# A game won after taking two moves back (so the banner names both counts), and a blocked one
# that was lost on the way (so the review's chart has its lost mark).
WON_AFTER_UNDOS = WIN_LINE[:10] + ["undo", "undo"] + WIN_LINE[8:]
BLOCKED = ["draw"] * 23 + ["K♣"]
BLOCKED_AFTER_UNDO = ["draw"] * 23 + ["undo", "draw", "K♣"]


class Layout:
    """The notebook of the layout tests, driven from here."""

    def __init__(self, nb: Notebook, command_file):
        self.nb, self.page, self.command_file = nb, nb.page, command_file
        self.board = Board(nb.cell(1).locator(".tp-root"))
        self.root = self.board.root

    def py(self, code: str) -> str:
        """Run ``code`` in the kernel (cell 2); return what it printed."""
        self.command_file.write_text(code, encoding="utf-8")
        self.nb.run(2)
        return self.nb.output_text(2)

    def shown(self) -> None:
        """Wait until the view has drawn the kernel's last snapshot and its animations ended."""
        self.page.wait_for_timeout(60)  # the snapshot is drawn as it arrives, before the kernel is idle
        self.page.evaluate(
            """() => Promise.race([
                Promise.all(document.getAnimations().filter((a) => a.effect &&
                    a.effect.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => null))),
                new Promise((resolve) => setTimeout(resolve, 2000)),
            ])"""
        )
        self.page.wait_for_timeout(40)

    def board_box(self) -> list[float]:
        return self.root.evaluate(JS_BOARD_BOX)

    def problems(self, selector: str) -> list[str]:
        return self.root.locator(selector).evaluate(JS_PROBLEMS)

    def lang(self, lang: str) -> None:
        self.py(f"w.lang = {lang!r}")
        expect(self.root).to_have_attribute("lang", lang)

    def width(self, width: int) -> None:
        self.page.set_viewport_size({"width": width, "height": HEIGHT})
        self.page.wait_for_function(
            "([el, w]) => window.innerWidth === w && el.getBoundingClientRect().width > 0",
            arg=[self.root.element_handle(), width],
        )
        self.page.wait_for_timeout(100)

    def theme(self, theme: str, light: bool) -> None:
        self.nb.command("apputils:change-theme", {"theme": theme})
        self.page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(light).lower()}'")
        self.page.wait_for_timeout(300)

    def deal(self, code: str, line: list[str], on: bool = True) -> None:
        """A new deal on the same widget, played along ``line``, the readouts on or off."""
        self.py(
            f"w.new_game({code!r}); w.replay({line!r}, pace=0); w.show_verdict = w.show_win_chance = {on}; "
            "w.board.assists.worker.wait(20)"
        )
        self.shown()

    def open_dialog(self) -> None:
        self.board.new_button.click()
        expect(self.board.dialog).to_be_visible()

    def dialog_error(self) -> None:
        game = self.root.locator(".tp-game-input")
        game.fill("12a")
        game.press("Enter")
        expect(self.root.locator(".tp-game-error")).not_to_be_empty()

    def close_dialog(self) -> None:
        self.page.keyboard.press("Escape")
        expect(self.board.dialog).to_be_hidden()

    def shot(self, name: str, locator=None) -> None:
        screenshot(self.page, f"layout-{name}", locator or self.root)


@pytest.fixture(scope="module")
def layout(_lab_page, lab):
    page = _lab_page["page"]
    command_file = lab.root / "layout-command.py"
    command_file.write_text("", encoding="utf-8")
    _lab_page["opened"] += 1
    name = f"{_lab_page['opened']:02d}-layout.ipynb"
    lab.write_notebook(name, [SETUP, "w", f"exec(open({str(command_file)!r}, encoding='utf-8').read())"])
    _lab_page["board"] = None
    before = page.viewport_size
    nb = Notebook.open(page, lab, name)
    nb.run(0, 1)
    here = Layout(nb, command_file)
    here.board.card("K♣").wait_for(state="visible")
    try:
        yield here
    finally:
        page.set_viewport_size(before)
        _lab_page["dirty"] = True  # the next test loads a fresh Lab, with its own notebook


def test_the_lines_played_here_are_what_they_say():
    won = Game("TP1-E-AAAAAAD").replay(WON_AFTER_UNDOS)
    assert won.status == "won" and won.moves != won.moves_kept
    assert Game("TP1-C-AAAAAAB").replay(BLOCKED).status == "blocked"
    undone = Game("TP1-C-AAAAAAB").replay(BLOCKED_AFTER_UNDO)
    assert undone.status == "blocked" and undone.moves != undone.moves_kept


@pytest.mark.parametrize("width", (700, 1300))
def test_the_board_does_not_move(layout, width):
    """Switching any assist, a readout of any length, the end of a game (won, blocked): the
    board's box stays where it was, in every language."""
    layout.width(width)
    for lang in LANGUAGES:
        layout.lang(lang)
        layout.deal("TP1-E-AAAAAAB", ["K♣"], on=False)
        where = layout.board_box()
        seen: list[tuple[str, list[float], list[float]]] = []  # what was done, the box before and after
        repeated: list[str] = []  # what a finished game says more than once

        # Each switch of the Assists panel, on and off, as the player clicks them (at one width:
        # the readouts below are measured against the board with them all off at both).
        layout.root.locator(".tp-assists-toggle").click()
        for switch in layout.root.locator(".tp-assists [role='switch']").all() if width == WIDTHS[0] else []:
            first = switch.get_attribute("aria-checked")
            for state in ("false" if first == "true" else "true", first):
                switch.click()
                expect(switch).to_have_attribute("aria-checked", state)
                layout.shown()
                seen.append((f"{switch.get_attribute('data-assist')} {state}", where, layout.board_box()))
        layout.page.keyboard.press("Escape")
        # Both readouts on, then each of their texts in this language.
        layout.py("w.show_verdict = w.show_win_chance = True; w.board.assists.worker.wait(20)")
        layout.shown()
        seen.append(("verdict and chance on", where, layout.board_box()))
        for verdict in VERDICTS:
            layout.py(f"readouts({verdict}, {CHANCES[2]})")
            seen.append((f"verdict {verdict}", where, layout.board_box()))
        for chance in CHANCES:
            layout.py(f"readouts({VERDICTS[2]}, {chance})")
            seen.append((f"chance {chance}", where, layout.board_box()))
        if lang == "el":
            layout.shot(f"longest-readouts-{width}-{lang}")
        # The end of a game, with the readouts on: won, then blocked.
        for code, line in (("TP1-E-AAAAAAD", WON_AFTER_UNDOS), ("TP1-C-AAAAAAB", BLOCKED)):
            layout.deal(code, line[:-1])
            before = layout.board_box()
            layout.py(f"w.apply({line[-1]!r}); w.board.assists.worker.wait(20)")
            layout.shown()
            banner = layout.root.locator(".tp-banner")
            expect(banner).to_be_visible()
            seen.append((f"the end of {code}", before, layout.board_box()))
            # Said once: the banner says how it ended; the message line and the readouts do not.
            ending = banner.locator(".tp-banner-title").text_content()
            visible = layout.root.evaluate(JS_VISIBLE_TEXT)
            if visible.count(ending) != 1:
                repeated.append(f"{code}: {ending!r} is said {visible.count(ending)} times")
            for readout in (".tp-verdict", ".tp-chance"):
                if layout.root.locator(readout).is_visible():
                    repeated.append(f"{code}: {readout} still shows on a finished game")
        moved = [f"{what}: {was} -> {box}" for what, was, box in seen if box != was]
        assert not moved and not repeated, f"{lang} at {width}px:\n" + "\n".join(moved + repeated)


NOTICE = "{'kind': 'record', 'text': w.board.say('New record for game 1 (Easy): 512 points in 31 moves')}"
EMPTY_BAND = 14  # px: more than the gaps between the header's lines and the board


def test_the_button_row_stays_put_on_one_line(layout):
    """At the default width, in every language: the control bar's buttons sit on one line, a
    message or not; they do not move when Winnable? and Win chance are switched on (their check
    mark included) nor when a notice of the records comes; the message line has one place, on the
    status line under the buttons, the readouts on or off; and no empty band is left anywhere in
    the widget, the readouts on or off, a message or not."""
    layout.width(VIEWPORT["width"])
    found: list[str] = []
    for lang in LANGUAGES:
        layout.lang(lang)
        layout.deal("TP1-E-AAAAAAB", ["K♣"], on=False)
        bands = layout.root.evaluate(JS_EMPTY_BANDS, EMPTY_BAND)
        if bands:
            found.append(f"{lang}: empty bands with the readouts off and no message: {bands}")
        row = layout.root.evaluate(JS_BUTTON_ROW)
        layout.board.card("3♠").click()  # refused: the message line says why
        expect(layout.root.locator(".tp-message")).not_to_be_empty()
        layout.shown()
        place = layout.root.evaluate(JS_MESSAGE_PLACE)
        if place[0] != "tp-status":
            found.append(f"{lang}: the message line is in .{place[0]}, not on the status line")
        bands = layout.root.evaluate(JS_EMPTY_BANDS, EMPTY_BAND)
        if bands:
            found.append(f"{lang}: empty bands with a message: {bands}")
        now = layout.root.evaluate(JS_BUTTON_ROW)
        if len({top for _name, _left, top, _w, _h in now}) != 1 or now != row:
            found.append(f"{lang}: with a message the buttons wrap or move: {row} -> {now}")
        for switch in (".tp-verdict-toggle", ".tp-chance-toggle"):
            layout.root.locator(switch).click()
            expect(layout.root.locator(switch)).to_have_attribute("aria-pressed", "true")
            layout.shown()
            now = layout.root.evaluate(JS_BUTTON_ROW)
            if now != row:
                found.append(f"{lang}: {switch} switched on moves the buttons: {row} -> {now}")
            row = now
        layout.py("w.board.assists.worker.wait(20)")
        layout.shown()
        bands = layout.root.evaluate(JS_EMPTY_BANDS, EMPTY_BAND)
        if bands:
            found.append(f"{lang}: empty bands with the readouts on: {bands}")
        if layout.root.evaluate(JS_MESSAGE_PLACE) != place:
            found.append(
                f"{lang}: the readouts move the message line: {place} -> {layout.root.evaluate(JS_MESSAGE_PLACE)}"
            )
        board = layout.board_box()
        layout.py(f"w.state = {{**w.state, 'notices': [{NOTICE}]}}")
        expect(layout.root.locator(".tp-notice")).to_be_visible()
        layout.shown()
        now = layout.root.evaluate(JS_BUTTON_ROW)
        if now != row or layout.board_box() != board:
            found.append(f"{lang}: a notice moves the buttons: {row} -> {now}")
        if lang == "el":
            layout.shot(f"button-row-{lang}")
    assert not found, "\n".join(found)


def test_a_comparison_keeps_no_empty_band(layout):
    """TriPeaks.compare(...): each board of the comparison, in every language, shows its header,
    its caption and its board with no empty band between them, the readouts off or on."""
    layout.width(VIEWPORT["width"])
    found: list[str] = []
    for lang in LANGUAGES:
        for on in (False, True):  # each run of the cell shows a comparison of its own
            layout.py(
                "from IPython.display import display\n"
                f"c = TriPeaks.compare('TP1-E-AAAAAAB', records=False, lang={lang!r}, show_verdict={on})\n"
                "c[0].caption = 'Easy: K and A connect'; c[1].caption = 'Classic: on an A only a 2'\n"
                "display(c)\n"
                "for b in c.widgets: b.board.assists.worker.wait(20)"
            )
            roots = layout.nb.cell(2).locator(".tp-root")
            expect(roots).to_have_count(2)
            for i in range(2):
                roots.nth(i).locator(".tp-table").wait_for(state="visible")
                if on:
                    expect(roots.nth(i).locator(".tp-verdict")).to_be_visible()
            layout.shown()
            for i in range(2):
                bands = roots.nth(i).evaluate(JS_EMPTY_BANDS, EMPTY_BAND)
                if bands:
                    found.append(f"{lang}, board {i + 1}, the verdict {'on' if on else 'off'}: empty bands {bands}")
            if lang == "en":
                screenshot(
                    layout.page,
                    f"layout-compare-{'on' if on else 'off'}-en",
                    layout.nb.cell(2).locator(".widget-hbox").first,
                )
    layout.py("pass")
    assert not found, "\n".join(found)


def test_the_new_game_dialog_fits_over_the_board(layout):
    """At the notebook's usual width, in every language, a game in progress (so the dialog says
    what a new deal gives up) and a bad game number typed: the New game dialog lies within the
    table, covers none of the buttons under it, and shows all its fields without a scroll; at a
    narrower width its fields may scroll, but the field with the error is whole in view."""
    found: list[str] = []
    for width in (VIEWPORT["width"], 1000):
        layout.width(width)
        layout.deal("TP1-E-AAAAAAB", ["K♣", "draw"], on=False)
        for lang in LANGUAGES:
            layout.lang(lang)
            layout.open_dialog()
            expect(layout.root.locator(".tp-dialog-leave")).to_be_visible()
            layout.dialog_error()
            problems = layout.root.evaluate(JS_DIALOG_FIT)
            if width != VIEWPORT["width"]:  # narrower: scrolling is allowed, nothing else
                problems = [p for p in problems if not p.startswith("its fields scroll")]
            found.extend(f"[{width}px, {lang}] {p}" for p in problems)
            in_view = layout.root.locator(".tp-game-input").evaluate(JS_IN_VIEW)
            found.extend(f"[{width}px, {lang}] the field with the error: {p}" for p in in_view)
            if width == VIEWPORT["width"]:
                layout.shot(f"dialog-fits-{lang}")
            layout.close_dialog()
    assert not found, "\n".join(found)


def test_nothing_overflows_or_overlaps(layout):
    """The header (with its longest readouts), the control bar, the New game dialog with and
    without an error line, and the review (chart and table): no element reaches out of its box
    or over another, in every language, theme and width."""
    found: list[str] = []

    def probe(where: str, selector: str) -> None:
        found.extend(f"{where} {selector}: {p}" for p in layout.problems(selector))

    for theme, light in THEMES:
        layout.theme(theme, light)
        # A game in progress, its readouts at their longest.
        layout.deal("TP1-E-AAAAAAB", ["K♣", "draw"])
        for width in WIDTHS:
            layout.width(width)
            for lang in LANGUAGES:
                where = f"[{theme}, {width}px, {lang}]"
                layout.lang(lang)
                layout.py(f"readouts({LONGEST[0]}, {LONGEST[1]})")
                probe(where, ".tp-header")
                probe(where, ".tp-bar")
                layout.open_dialog()
                expect(layout.root.locator(".tp-dialog-leave")).to_be_visible()  # a game in progress
                probe(where, ".tp-dialog-panel")
                layout.dialog_error()
                probe(where + " with an error", ".tp-dialog-panel")
                in_view = layout.root.locator(".tp-game-input").evaluate(JS_IN_VIEW)
                found.extend(f"{where} the field with the error: {p}" for p in in_view)
                layout.close_dialog()
        # The review of a game that was lost on the way, then blocked.
        layout.deal("TP1-C-AAAAAAB", BLOCKED)
        layout.py("w.review(); w.board.assists.worker.wait(20)")
        for width in WIDTHS:
            layout.width(width)
            for lang in LANGUAGES:
                where = f"[{theme}, {width}px, {lang}]"
                layout.lang(lang)
                review = layout.root.locator(".tp-review")
                expect(review).to_have_attribute("data-kind", "known")
                probe(where, ".tp-review-panel")
                chart = layout.root.locator(".tp-review-chart")
                found.extend(f"{where} the chart: {p}" for p in chart.evaluate(JS_CHART_PROBLEMS))
                probe(where, ".tp-header")
                probe(where, ".tp-bar")
    layout.theme("JupyterLab Light", True)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:60])


def test_screenshots_of_what_was_measured(layout):
    """The board, the dialog with an error and the review, in each language (Hebrew right to
    left), at 1000 px: pictures of what the tests above measured, to look at."""
    layout.width(1000)
    for lang in LANGUAGES:
        layout.lang(lang)
        layout.deal("TP1-E-AAAAAAB", ["K♣", "A♠", "2♦", "draw", "undo"])
        layout.shot(f"board-{lang}")
        layout.open_dialog()
        layout.dialog_error()
        layout.shot(f"dialog-error-{lang}")
        layout.close_dialog()
    layout.deal("TP1-E-AAAAAAD", WON_AFTER_UNDOS)
    for lang in LANGUAGES:
        layout.lang(lang)
        layout.shot(f"won-{lang}")
    layout.py("w.review(); w.board.assists.worker.wait(20)")
    for lang in LANGUAGES:
        layout.lang(lang)
        expect(layout.root.locator(".tp-review")).to_have_attribute("data-kind", "known")
        layout.shot(f"review-won-{lang}")
    layout.deal("TP1-C-AAAAAAB", BLOCKED)
    layout.py("w.review(); w.board.assists.worker.wait(20)")
    for lang in LANGUAGES:
        layout.lang(lang)
        expect(layout.root.locator(".tp-review")).to_have_attribute("data-kind", "known")
        layout.shot(f"review-blocked-{lang}")


def test_the_end_banners_say_both_counts_and_whether_the_game_was_assisted(layout):
    """In every language: the won and the blocked banner after an undo name both move counts; an
    assisted game's banner says it was assisted (an unassisted one's does not); the header says
    whether the game in progress is still unassisted; nothing of the banner or the header
    overflows. Screenshots of each end banner, to look at."""
    layout.width(1000)
    found: list[str] = []
    ends = (
        ("won-assisted", "TP1-E-AAAAAAD", WON_AFTER_UNDOS, True),
        ("won-unassisted", "TP1-E-AAAAAAD", WON_AFTER_UNDOS, False),
        ("blocked-after-undo", "TP1-C-AAAAAAB", BLOCKED_AFTER_UNDO, False),
    )
    for lang in LANGUAGES:
        layout.lang(lang)
        labels = i18n.labels(lang)
        for name, code, line, assisted in ends:
            where = f"{lang} {name}"
            layout.py("w.show_verdict = w.show_win_chance = False")  # a switch left on assists the next deal
            layout.deal(code, line[:-1], on=False)
            indicator = layout.root.locator(".tp-assisted > :visible")  # the word meant; the other keeps its width
            if indicator.text_content() != labels["unassisted"]:
                found.append(f"{where}: a fresh deal's header says {indicator.text_content()!r}")
            if assisted:
                layout.py("w.hint(); w.board.assists.worker.wait(20)")
                layout.shown()
                if indicator.text_content() != labels["assisted"]:
                    found.append(f"{where}: after a hint the header says {indicator.text_content()!r}")
            layout.py(f"w.apply({line[-1]!r})")
            layout.shown()
            banner = layout.root.locator(".tp-banner")
            expect(banner).to_be_visible()
            game = Game(code).replay(line)
            counts = {"score": game.score, "moves": game.moves, "kept": game.moves_kept}
            said = labels["won_detail_undone" if game.status == "won" else "blocked_moves_undone"].format(**counts)
            detail = banner.locator(".tp-banner-detail").text_content()
            if said not in detail:
                found.append(f"{where}: the banner says {detail!r}, not {said!r}")
            note = banner.locator(".tp-banner-assisted")
            if assisted and (not note.is_visible() or note.text_content() != labels["ended_assisted"]):
                found.append(f"{where}: the banner does not say the game was assisted")
            if not assisted and note.is_visible():
                found.append(f"{where}: an unassisted game's banner says {note.text_content()!r}")
            found.extend(f"{where} .tp-banner-panel: {p}" for p in layout.problems(".tp-banner-panel"))
            found.extend(f"{where} .tp-header: {p}" for p in layout.problems(".tp-header"))
            layout.shot(f"end-{name}-{lang}")
    assert not found, "\n".join(found)
