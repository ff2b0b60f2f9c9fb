"""The statistics view in JupyterLab, in each language: opened from the Assists panel, it shows the
figures ``Records.stats()`` gives for the player, their best on the game and their recent games
(a plot with its words); Escape closes it and the focus goes back to the Assists button. axe-core
finds no serious violation in it."""

from __future__ import annotations

from helpers.axe import SERIOUS, audit, inject_axe, summarize
from helpers.labdriver import IMPORT, Board, expect

from tripeaks_widget import i18n
from tripeaks_widget.records import Records
from tripeaks_widget.records.notices import describe

BLOCK_1 = ["draw"] * 23 + ["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"]
# Game 1 won without the solver (a game that consulted it is assisted, and has no best)
WIN_1 = "K♣ A♠ 2♦ 3♠ 4♠ 5♠ draw 7♠ 8♥ 7♣ draw draw draw 9♠ 10♠ draw K♠ Q♥ K♦ draw draw 3♦ 2♠ draw J♣ draw"
WIN_1 += " draw draw draw 9♥ draw draw draw 5♣ 6♥ draw 2♣ 3♥ draw draw draw 10♦ draw 6♠ draw 4♦ 3♣ 2♥ A♦"


def test_the_statistics_view_shows_what_stats_says_in_every_language(open_notebook, page, shot, tmp_path, axe_source):
    path = tmp_path / "records.sqlite3"
    record = (
        "from tripeaks_widget import Game\nfrom tripeaks_widget.records import Records\n"
        f"store = Records(r'{path}')\n"
        "for blocked in (False, False, True):  # won, won, blocked\n"
        "    g = Game.from_number(1)\n"
        f"    g.replay({BLOCK_1!r} if blocked else {WIN_1.split()!r})\n"
        "    store.submit(g, player='ana', category='hand').result(30)"
    )
    nb = open_notebook([IMPORT, record, "w = TriPeaks(1, records=store, player='ana'); w"])
    nb.run(0, 1, 2)
    board = Board(nb.cell(2).locator(".tp-root"))
    board.card("K♣").wait_for(state="visible")
    with Records(path) as store:
        figures = store.stats("easy", player="ana")
        best = store.best(1, "easy", player="ana")
    assert (figures["won"], figures["finished"], figures["best_win_streak"]) == (2, 3, 2)
    toggle, view = board.root.locator(".tp-assists-toggle"), board.root.locator(".tp-statistics")
    for lang in i18n.LANGUAGES:
        labels = i18n.labels(lang)
        toggle.click()
        board.root.locator(".tp-language-picker").select_option(lang)
        expect(board.root).to_have_attribute("lang", lang)
        board.root.locator(".tp-statistics-open").click()
        expect(view).to_be_visible()
        expect(page.get_by_role("dialog", name=labels["stats_title"])).to_have_count(1)
        expect(view.locator(".tp-statistics-close")).to_be_focused()
        expect(view.locator(".tp-statistics-figures dd")).to_have_count(7)
        percent = labels["percent"].format(n=round(figures["win_percent"]))  # 66.7: a whole percent shown
        shown = dict(zip(view.locator("dt").all_inner_texts(), view.locator("dd").all_inner_texts(), strict=True))
        assert shown == {
            labels["stats_played"]: str(figures["played"]),
            labels["stats_finished"]: str(figures["finished"]),
            labels["stats_won"]: str(figures["won"]),
            labels["stats_win_percent"]: percent,
            labels["stats_win_streak"]: str(figures["win_streak"]),
            labels["stats_best_win_streak"]: str(figures["best_win_streak"]),
            labels["stats_best"]: i18n.translate(describe(best["cards_left"], best["moves"]), lang),
        }, lang
        plot = view.get_by_role("img")
        expect(plot.locator("rect")).to_have_count(3)
        assert plot.get_attribute("aria-label").count(",") >= 2  # three games in words
        shot(f"stats-{lang}", board.root)
        if lang == "en":  # axe-core on the view, once
            inject_axe(page, axe_source)
            bad = [v for v in audit(board)["violations"] if v["impact"] in SERIOUS]
            assert not bad, summarize(bad)
        page.keyboard.press("Escape")
        expect(view).to_be_hidden()
        expect(toggle).to_be_focused()
