"""A game's history read as the line that stands: its actions once undos are taken out, the moves
numbered along it, the draws used and the longest run of cards played without a draw. One reading,
for every part that asks (the records, the challenges, the searches, the review)."""

from __future__ import annotations

from collections.abc import Iterable


def standing_actions(history: Iterable[str]) -> list[tuple[int, str]]:
    """The actions of a history that stand once its undos are taken out (each ``"undo"`` drops the
    action before it), each with its index in the history."""
    line: list[tuple[int, str]] = []
    for index, action in enumerate(history):
        if action == "undo":
            if line:
                line.pop()
        else:
            line.append((index, action))
    return line


def move_number(history: Iterable[str], index: int) -> int:
    """The number of the action at ``index`` of ``history`` among the moves that stand (1 for the
    first): the one numbering of moves the verdict, the review and its chart use. The Moves
    counter (``Game.moves``, R6.2) counts undone moves too; this does not."""
    return [at for at, _ in standing_actions(history)].index(index) + 1


def effective_line(history: Iterable[str]) -> list[str]:
    """The actions that stand once undos are taken out: each ``"undo"`` drops the action before."""
    return [action for _, action in standing_actions(history)]


def draws_used(history: Iterable[str]) -> int:
    """Draws in the effective line (undone draws do not count)."""
    return sum(action == "draw" for action in effective_line(history))


def longest_run(history: Iterable[str]) -> int:
    """The longest run of consecutive removals (no draw between) in the effective line."""
    best = run = 0
    for action in effective_line(history):
        run = 0 if action == "draw" else run + 1
        best = max(best, run)
    return best
