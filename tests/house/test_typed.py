"""Types a checker sees: the members a board reads through to its game, and a widget to its board,
are declared for type checkers in stubs generated from those members (tests/typed/declarations.py),
which must be what the members are now. A user's file using them passes ``mypy --strict`` and
pyright (tests/typed/user_code.py, checked by ``.ci/lint``)."""

import ast
import importlib
import inspect
import shutil
import subprocess
import sys
from pathlib import Path

from tripeaks_widget import TriPeaks
from tripeaks_widget.board import Board

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tests" / "typed" / "declarations.py"
PACKAGE = ROOT / "tripeaks_widget"
# Each stub: its class, and the module and tuple that name the members read through.
STUBS = {
    PACKAGE / "board" / "_game_members.pyi": ("GameMembers", "tripeaks_widget.board.board", "GAME_NAMES"),
    PACKAGE / "_board_members.pyi": ("BoardMembers", "tripeaks_widget.widget", "BOARD_NAMES"),
}


def generator(tmp_root: Path | None = None, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(GENERATOR if tmp_root is None else tmp_root / "tests/typed/declarations.py"), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
    )


def declared(path: Path, name: str) -> set[str]:
    """The members the stub's class declares."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    (cls,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name]
    return {node.name for node in cls.body if isinstance(node, ast.FunctionDef)}


def test_the_declared_members_are_those_read_through():
    for path, (name, module, names) in STUBS.items():
        assert declared(path, name) == set(getattr(importlib.import_module(module), names)), path


def test_the_widget_declares_the_boards_keywords_it_passes_on():
    """``TriPeaks(**options)``: every keyword of the board but its ``layout`` (the widget's
    ``game_layout``), each with the board's type, so ``TriPeaks(recrods=False)`` fails a checker."""
    tree = ast.parse((PACKAGE / "_board_members.pyi").read_text(encoding="utf-8"))
    (keywords,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "BoardKeywords"]
    declared = {node.target.id for node in keywords.body if isinstance(node, ast.AnnAssign)}
    board = {p.name for p in inspect.signature(Board).parameters.values() if p.kind is p.KEYWORD_ONLY}
    assert declared == board - {"layout"}
    assert declared | {"game_layout", "layout"} == set(inspect.signature(TriPeaks).parameters) - {"what"}


def test_the_stubs_are_what_the_members_are_now():
    done = generator(None, "--check")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_stale_stub_is_caught_and_written_again(tmp_path):
    """The check can fail: in a copy whose board's ``score`` says another type, the stub is stale
    until it is written again, and then declares it."""
    for part in ("tripeaks_widget", "tests/typed", "pyproject.toml"):
        source, copy = ROOT / part, tmp_path / part
        if source.is_dir():
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns("*.so", "__pycache__", "_compiled"))
        else:
            shutil.copy(source, copy)
    game = tmp_path / "tripeaks_widget/engine/game.py"
    text = game.read_text(encoding="utf-8")
    assert text.count("    def score(self) -> int:") == 1
    game.write_text(text.replace("    def score(self) -> int:", "    def score(self) -> float:"), encoding="utf-8")
    stale = generator(tmp_path, "--check")
    assert stale.returncode == 1
    assert "tripeaks_widget/board/_game_members.pyi is stale" in stale.stdout
    assert generator(tmp_path).returncode == 0
    assert "def score(self) -> float:" in (tmp_path / "tripeaks_widget/board/_game_members.pyi").read_text()
    assert generator(tmp_path, "--check").returncode == 0
