"""The verdict: whether the board's game can still be won, and if not since which move.

Searched for by the solver (it peeks), remembered for the game, and said as the "Winnable?" line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .. import solver
from ..engine.game import YOU_WON, Game, Position
from ..engine.history import move_number, standing_actions
from ..engine.messages import Message
from ..engine.steps import Steps, drive
from .background import Worker
from .snapshot import VerdictLine
from .watch import FAILED, Found, Host, Say, Watch, reason

VERDICT_PENDING = Message("Checking…")
VERDICT_WINNABLE = Message("Still winnable")
VERDICT_LOST = Message("No longer winnable since move {move}")
VERDICT_LOST_UNDONE = Message("No longer winnable since move {move}, not counting undone moves")
VERDICT_LOST_SOMETIME = Message("No longer winnable")
VERDICT_NEVER = Message("Not winnable from the deal")
VERDICT_UNKNOWN = Message("Could not decide within the time limit")

Verdict = Found  # {"kind": "lost", "move": 12, "index": 13, "undone": False}: see judge


def judge(game: Game, budget: float) -> Verdict:
    """Whether ``game`` (a private copy) can still be won, and if not since when (at most
    ``budget`` seconds for each of the two searches)."""
    return drive(judge_steps(game, budget))


def judge_steps(game: Game, budget: float) -> Steps[Verdict]:
    """``judge`` step by step: a step between two solver runs."""
    if game.status == "won":
        return {"kind": "won", "move": None}
    yield
    try:
        if solver.winnable(game, budget=budget):
            return {"kind": "winnable", "move": None}
    except solver.SearchExhausted:
        return {"kind": "unknown", "move": None}
    yield
    try:
        index = yield from solver.verdict_history_steps(game, budget=budget)
    except solver.SearchExhausted:
        return {"kind": "lost", "move": None}
    if index is None:  # the two searches disagree: trust the one that found a win
        return {"kind": "winnable", "move": None}
    if index == solver.NEVER_WINNABLE:
        return {"kind": "never", "move": None}
    # Numbered among the moves that stand, as the review numbers them; "undone" says when that
    # differs from the Moves counter, so that the verdict can say so.
    number = move_number(game.history, index)
    counted = sum(action != "undo" for action in game.history[: index + 1])
    return {"kind": "lost", "move": number, "index": index, "undone": counted != number}


def verdict_view(verdict: Verdict, say: Say) -> VerdictLine:
    """A verdict as the view and ``w.verdict`` show it: its kind, the move, and its text."""
    kind, move = verdict["kind"], verdict.get("move")
    if kind == "lost" and move is not None:
        lost = VERDICT_LOST_UNDONE if verdict.get("undone") else VERDICT_LOST
        text: Any = Message(lost, move=move)
    elif kind == "error":
        text = Message(FAILED, error=verdict.get("error", ""))
    else:
        text = {
            "pending": VERDICT_PENDING,
            "winnable": VERDICT_WINNABLE,
            "lost": VERDICT_LOST_SOMETIME,
            "never": VERDICT_NEVER,
            "unknown": VERDICT_UNKNOWN,
            "won": YOU_WON,
        }[kind]
    view = {"kind": kind, "move": move, "text": say(text)}
    return cast(VerdictLine, view)  # its types are checked against the contract in tests/board/test_snapshot.py


class Verdicts:
    """What searches found about one game: positions found winnable, and the line that lost it."""

    def __init__(self) -> None:
        self._winnable: set[Position] = set()
        # the standing line up to the losing action (each action with its index), and its verdict
        self._lost: tuple[tuple[tuple[int, str], ...], Verdict] | None = None

    def known(self, game: Game) -> Verdict | None:
        """The verdict on ``game`` when it needs no search, else None."""
        if game.status == "won":
            return {"kind": "won", "move": None}
        if game.position in self._winnable:
            return {"kind": "winnable", "move": None}
        if self._lost is not None:
            prefix, verdict = self._lost
            if tuple(standing_actions(game.history)[: len(prefix)]) == prefix:
                return verdict  # lost positions stay lost: the action that lost it still stands
        return None

    def remember(self, game: Game, verdict: Verdict) -> None:
        """Keep what a search found about this game's positions and line."""
        kind = verdict["kind"]
        if kind == "winnable":
            self._winnable.add(game.position)
        elif kind == "never":
            self._lost = ((), verdict)
        elif kind == "lost" and verdict.get("index") is not None:
            line = standing_actions(game.history)
            self._lost = (tuple(entry for entry in line if entry[0] <= verdict["index"]), verdict)


def verdict_watch(board: Host, worker: Worker, verdicts: Callable[[], Verdicts]) -> Watch[VerdictLine]:
    """The verdict as ``board`` keeps it: judged on a private copy of its game within its search
    budget (read when a search starts: a script may change it), and what is found remembered in
    ``verdicts()``, the game's."""
    return Watch(
        board,
        worker,
        "verdict",
        take=lambda game: game.copy(),
        compute=lambda game: judge_steps(game, board.search_budget),
        found=lambda verdict: verdict,
        failed=lambda error: {"kind": "error", "move": None, "error": reason(error)},
        view=verdict_view,
        answers=("winnable", "lost", "never", "unknown", "won", "error"),
        known=lambda game: verdicts().known(game),
        remember=lambda game, verdict: verdicts().remember(game, verdict),
    )
