"""The rules walkthrough notebook (examples/02_rules_walkthrough.ipynb) run in the real JupyterLab:
every cell runs clean, the board shows what SPEC R6.4 says after K♣, A♠ and 2♦, and each earlier
step keeps the picture of its own board while the newest display is the live one."""

from __future__ import annotations

import pathlib
import shutil

from helpers.labdriver import Board, Notebook, expect

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
WALKTHROUGH = "02_rules_walkthrough.ipynb"

# Each cell's type, and the errors in its outputs (a failed assertion shows here).
_JS_CELL_REPORT = """([id]) => {
  const panel = Array.from(window.jupyterapp.shell.widgets("main")).find((w) => w.id === id);
  return Array.from(panel.content.model.cells).map((cell) => {
    const errors = [];
    const outs = cell.type === "code" ? cell.outputs : null;
    for (let k = 0; outs && k < outs.length; k++) {
      const o = outs.get(k).toJSON();
      if (o.output_type === "error") errors.push(o.ename + ": " + o.evalue);
    }
    return { type: cell.type, source: cell.sharedModel.getSource(), errors };
  });
}"""


def test_the_rules_walkthrough_runs_in_lab_and_shows_the_7_of_spades(page, lab, shot):
    shutil.copy(EXAMPLES / WALKTHROUGH, lab.root / WALKTHROUGH)
    nb = Notebook.open(page, lab, WALKTHROUGH)
    cells = page.evaluate(_JS_CELL_REPORT, [nb.id])
    for index in range(len(cells)):  # one at a time: the replays near the end take a few seconds
        nb.run(index, timeout=120_000)
    report = page.evaluate(_JS_CELL_REPORT, [nb.id])
    failed = {i: cell["errors"] for i, cell in enumerate(report) if cell["errors"]}
    assert not failed, f"cells failed in Lab: {failed}"

    # The board dealt by `w = TriPeaks("TP1-E-AAAAAAB")`, live where it was last shown: after K♣, A♠, 2♦
    # (and a draw taken back). Where it was shown before, each step keeps its picture.
    deal_cell = next(i for i, cell in enumerate(report) if cell["source"].startswith('w = TriPeaks("TP1-E-AAAAAAB"'))
    last_cell = next(i for i, cell in enumerate(report) if cell["source"].startswith('w.caption = "Undo:'))
    expect(nb.cell(deal_cell).locator(".tp-root")).to_have_count(0)
    expect(nb.cell(deal_cell).locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"] img')).to_be_visible()
    board = Board(nb.cell(last_cell).locator(".tp-root"))
    seven = board.card("7♠")
    expect(seven).to_be_visible()
    assert seven.get_attribute("data-slot") == "13"  # row 3 card 4 (R6.4)
    slots = board.slot_cards()
    assert slots[9:18] == ["?", "?", "?", "?", "7♠", "?", "?", "?", "?"]
    assert slots[18:] == ["3♠", "5♠", "", "4♠", "", "", "K♦", "8♥", "7♣", "9♠"]
    assert board.discard_card() == "2♦"
    assert (board.score(), board.moves(), board.stock_count()) == ("497", "4", "23")
    expect(board.root.locator(".tp-caption")).to_contain_text("Undo")
    shot("walkthrough-7s-up", board.root)

    # The side by side cell: the same cards under Easy and Classic, the fitting cards highlighted.
    compare_cell = next(i for i, cell in enumerate(report) if "TriPeaks.compare(" in cell["source"])
    roots = nb.cell(compare_cell).locator(".tp-root")
    expect(roots).to_have_count(2)
    easy, classic = Board(roots.nth(0)), Board(roots.nth(1))
    assert (easy.rules(), classic.rules()) == ("easy", "classic")
    assert easy.slot_cards()[18:] == classic.slot_cards()[18:]
    lit = "els => els.filter(e => e.classList.contains('tp-highlight')).map(e => e.dataset.card)"
    assert easy.root.locator(".tp-slot").evaluate_all(lit) == ["K♣", "2♦", "K♦"]
    assert classic.root.locator(".tp-slot").evaluate_all(lit) == ["2♦"]
    shot("walkthrough-compare", nb.cell(compare_cell).locator(".jp-OutputArea"))

    # The end states, each on its own board: the won board shown once, live; the blocked one live where
    # the next cell showed it again after undoing one draw (the game goes on).
    won_cell = next(i for i, cell in enumerate(report) if "won.replay(" in cell["source"])
    expect(Board(nb.cell(won_cell).locator(".tp-root")).root.locator(".tp-banner")).to_contain_text("You won!")
    undo_cell = next(i for i, cell in enumerate(report) if cell["source"].startswith("blocked.undo()"))
    blocked = Board(nb.cell(undo_cell).locator(".tp-root"))
    expect(blocked.root.locator(".tp-stock-count")).to_have_text("1")
