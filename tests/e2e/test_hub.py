"""A class on a real JupyterHub, end to end (issue 56): the hub from the package index, its proxy
from npm, the dummy authenticator, the local spawner, and the class's store on PostgreSQL, set up
by the database's owner (no superuser) and handed out by the documentation's recipe as written
(read from the page itself). Three students log in through the hub in Chromium, open the play
notebook, deal the game of the class's challenge and win it by clicks: their results land under
their hub names, and the teacher's challenge board names who met it first. A student's board that
plays under a classmate's name records nothing.

It skips where JupyterHub is not installed (or npm, for its proxy), and says so; under
``TRIPEAKS_E2E=required`` that is a failure."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from helpers.hubdriver import docs_recipe, hub_config, log_in, opened, server_environment, start_hub
from helpers.labdriver import WIN_LINE, Board, expect, free_port, screenshot

from tripeaks_widget.records import HAND, Records

REQUIRED = os.environ.get("TRIPEAKS_E2E", "").strip().lower() == "required"
PLAY = Path(__file__).resolve().parents[2] / "examples" / "01_play.ipynb"
BOARD = [cell.cell_type for cell in nbformat.read(PLAY, as_version=4).cells].index("code")  # the cell that deals
GAME, CHALLENGE = 3, "win in 20 draws"  # WIN_LINE wins game 3 (TP1-E-AAAAAAD) under Easy with 18 draws


@pytest.fixture(scope="module")
def hub_ready(e2e_ready):
    """JupyterHub and npm are here, or the test skips saying which is not (fails when required)."""
    why = None
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        why = "JupyterHub is not installed (pip install -e '.[test]' installs it where it runs: not on Windows)"
    if why is None and shutil.which("npm") is None:
        why = "npm is not installed, and the hub's proxy (configurable-http-proxy) comes from npm"
    if why:
        if REQUIRED:
            pytest.fail(f"TRIPEAKS_E2E=required, but {why}", pytrace=False)
        pytest.skip(f"the JupyterHub test skipped: {why} (set TRIPEAKS_E2E=required to make this a failure)")


def set_up_the_class(owner: str, students: list[str], role: str, folder: Path) -> None:
    """``setup OWNER --students names.txt > students.tsv``, as the docs say, beside the hub's config."""
    (folder / "names.txt").write_text("".join(f"{name}\n" for name in students), encoding="utf-8")
    command = [sys.executable, "-m", "tripeaks_widget.records", "setup", owner, "--role", role]
    with open(folder / "students.tsv", "w", encoding="utf-8") as out:
        done = subprocess.run(
            [*command, "--students", str(folder / "names.txt")],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr


def deal_by_number(board: Board, number: int) -> None:
    """New game, its number typed, Easy, Deal: as a student deals the game the teacher names."""
    board.new_button.click()
    expect(board.dialog).to_be_visible()
    board.dialog.locator("input[value='easy']").check()
    board.dialog.locator(".tp-game-input").fill(str(number))
    board.dialog.locator(".tp-actions .tp-primary").click()
    expect(board.dialog).to_be_hidden()


def recorded(owner: str, player: str, timeout: float = 30) -> list[dict]:
    """The player's results once the store has one."""
    deadline = time.monotonic() + timeout
    with Records(owner) as records:
        while not (found := records.results(player=player)) and time.monotonic() < deadline:
            time.sleep(0.2)
    return found


def hand_out(home: Path, cells: list[str]) -> None:
    """The play notebook in a student's home, as the teacher hands it out, with ``cells`` the student
    added after the board's cell."""
    notebook = nbformat.read(PLAY, as_version=4)
    notebook.cells[BOARD + 1 : BOARD + 1] = [nbformat.v4.new_code_cell(source) for source in cells]
    home.mkdir(parents=True)
    nbformat.write(notebook, home / PLAY.name)


def test_three_students_play_through_the_hub_under_their_hub_names(hub_ready, school, browser, tmp_path):
    prefix, make = school
    owner = make("LOGIN CREATEROLE")
    students = [f"{prefix}_{name}" for name in ("ana", "bob", "cy")]
    ana, bob, cy = students
    unlisted = f"{prefix}_zoe"  # let in by the hub, left out of the class's list
    folder = tmp_path / "hub"
    folder.mkdir()
    set_up_the_class(owner, students, f"{prefix}_players", folder)
    with Records(owner) as records:
        challenge = records.set_challenge(GAME, CHALLENGE, "easy")
    # Bob adds a board that plays under ana's name (the cell after the board's): he plays it from
    # Python to its last move, which he clicks; and he asks it what it said (the next cell).
    replay = f"as_ana.replay({WIN_LINE[:-1]!r}, pace=0)"
    cheat = [f'as_ana = TriPeaks({GAME}, player="{ana}"); {replay}; as_ana']
    cheat += ["import json; print(as_ana.records.flush(30), json.dumps(as_ana.notices))"]
    for name in students:
        hand_out(folder / "homes" / name, cheat if name == bob else [])

    config = hub_config(free_port(), folder, [*students, unlisted])
    with start_hub(folder, config + "\n# The docs' recipe, as written:\n" + docs_recipe()) as hub:
        pages = {}
        for name in [*students, unlisted]:  # all log in; the hub starts their servers side by side
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            context.set_default_timeout(30_000)
            pages[name] = context.new_page()
            then = f"lab/tree/{PLAY.name}" if name in students else "api/status"  # zoe's: her server, no Lab
            log_in(pages[name], hub, name.upper() if name == cy else name, then)  # the hub lowers names
        notebooks = {name: opened(pages[name], hub, name, PLAY.name) for name in students}
        # Each student's server has their own URL; the unlisted user's starts too, with none.
        pages[unlisted].wait_for_url(f"{hub.user_url(unlisted)}/api/status", timeout=90_000)  # on to her server
        pages[unlisted].context.close()
        handed = dict(line.split("\t") for line in (folder / "students.tsv").read_text().splitlines() if "\t" in line)
        assert {name: server_environment(hub, name).get("TRIPEAKS_RECORDS") for name in [*students, unlisted]} == {
            **handed,
            unlisted: None,
        }
        for name in students:  # each runs the play notebook's cell that deals a board
            notebooks[name].start(BOARD)
        notebooks[bob].start(BOARD + 1)
        boards = {}
        for name in students:
            notebooks[name].wait_idle()
            boards[name] = Board(notebooks[name].cell(BOARD).locator(".tp-root"))
            deal_by_number(boards[name], GAME)  # the game the teacher names, by its number
            expect(boards[name].root.locator(".tp-code")).to_have_text("TP1-E-AAAAAAD")
            expect(boards[name].root.locator(".tp-goal[data-source='class']")).to_contain_text(
                "Win with at most 20 draws"
            )

        # Bob's board under ana's name wins first, by his click: refused, said once, and no first.
        as_ana = Board(notebooks[bob].cell(BOARD + 1).locator(".tp-root"))
        said = f'This URL records results for {bob} only; this board plays as {ana} (pass player="{bob}").'
        expect(as_ana.root.locator(".tp-notices")).to_contain_text(said)
        won(as_ana)
        notebooks[bob].run(BOARD + 2)
        flushed, notices = notebooks[bob].output_text(BOARD + 2).strip().split(" ", 1)
        assert flushed == "True" and json.loads(notices).count(said) == 1, notices
        assert not [notice for notice in json.loads(notices) if "First" in notice], notices
        screenshot(pages[bob], "hub-bob-as-ana", as_ana.root)

        # The three boards played by clicks, a click on each in turn, up to the winning click.
        for action in WIN_LINE[:-1]:
            for board in boards.values():
                click(board, action)
        for name in students:  # ana wins first, the first to meet the challenge; then bob, then cy
            won(boards[name])
            first = boards[name].root.locator(".tp-notices", has_text="First to meet the class's challenge")
            expect(first).to_have_count(1 if name == ana else 0)
            assert recorded(owner, name), f"no result of {name} in the store"
            screenshot(pages[name], f"hub-{name.removeprefix(prefix + '_')}", boards[name].root)
        for name in students:
            pages[name].context.close()

    with Records(owner) as records:
        results = records.results(number=GAME)
        board = records.challenge_board(challenge["id"])
    assert sorted((r["player"], r["outcome"], r["category"], r["moves"], r["draws"]) for r in results) == [
        (name, "won", HAND, len(WIN_LINE), WIN_LINE.count("draw")) for name in students
    ]
    assert board["first"]["player"] == ana, board
    assert sorted(p["player"] for p in board["players"] if p["met"] and p["category"] == HAND) == students


def click(board: Board, action: str) -> None:
    (board.stock if action == "draw" else board.card(action)).click()


def won(board: Board) -> None:
    """The winning click, and the won banner."""
    click(board, WIN_LINE[-1])
    expect(board.root.locator(".tp-banner")).to_contain_text("You won!")
