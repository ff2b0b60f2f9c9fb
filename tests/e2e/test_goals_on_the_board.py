"""The goals on the board in JupyterLab, in each language: the game of the day's three with their
stars, a goal met by clicks and its notice, the best possible once the game is over; the goals
keep their place while the game goes on."""

from __future__ import annotations

import pytest
from helpers.labdriver import IMPORT, Board, expect

from tripeaks_widget import Challenge, challenges_of_the_day, i18n
from tripeaks_widget.goals import words

DAY = "2026-05-01"


@pytest.mark.parametrize("lang", ["en", "el", "he", "is"])
def test_the_goals_show_their_progress_a_met_goal_is_told_and_the_best_possible_follows(
    open_notebook, page, shot, lang
):
    nb = open_notebook(
        [
            IMPORT,
            f'w = TriPeaks.of_the_day("{DAY}", lang="{lang}", records=False); w',
            f'g = TriPeaks("TP1-E-AAAAAAB", lang="{lang}", records=False, challenge="run 3"); g',
            "g.replay(['draw'] * 23, pace=0)\nwhile g.status == 'playing':\n    g.apply(g.playable()[0])",
        ]
    )
    nb.run(0, 1, 2)
    day = Board(nb.cell(1).locator(".tp-root"))
    goals = day.root.locator(".tp-goal")
    expect(goals).to_have_count(3)
    said = [challenge.describe(lang) for challenge in challenges_of_the_day(DAY)]
    assert [goals.nth(i).locator(".tp-goal-text").inner_text() for i in range(3)] == said
    assert [goals.nth(i).locator(".tp-goal-mark").inner_text() for i in range(3)] == ["★", "★★", "★★★"]
    shot(f"goals-{lang}-1-day", day.root)

    board = Board(nb.cell(2).locator(".tp-root"))
    goal = board.root.locator(".tp-goal")
    expect(goal).to_have_attribute("data-met", "false")

    def placed():  # the goal and the table, from the board's top left (the notebook may scroll)
        origin = board.root.bounding_box()
        boxes = [goal.bounding_box(), board.root.locator(".tp-table").bounding_box()]
        return [(box["x"] - origin["x"], box["y"] - origin["y"], box["width"], box["height"]) for box in boxes]

    before = placed()
    for card in ("K♣", "A♠", "2♦"):  # a run of three by clicks
        board.card(card).click()
    expect(goal).to_have_attribute("data-met", "true")
    notice = board.root.locator('.tp-notice[data-kind="goal"]')
    goal_met = i18n.translate("Goal met: {goal}", lang).split("{goal}")[0]
    expect(notice).to_contain_text(goal_met + Challenge.parse("run 3").describe(lang))
    assert placed() == before  # the goal met, nothing moved
    shot(f"goals-{lang}-2-met", board.root)

    nb.run(3)  # the game played out: blocked
    expect(board.root).to_have_attribute("data-status", "blocked", timeout=30_000)
    best = i18n.text(words.BEST, lang).split("{best}")[0]
    expect(goal.locator(".tp-goal-progress")).to_contain_text(best, timeout=60_000)
    shot(f"goals-{lang}-3-best", board.root)
