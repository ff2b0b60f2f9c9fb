"""What a player sees of a position, as plain JSON-ready values (``Game.view()``).

The front end's contract (:mod:`tripeaks_widget.board.snapshot`) is this view plus the board's own
fields; each field's meaning is written beside it. Plain types: nothing of the game is imported.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict


class _Played(TypedDict):
    action: Annotated[Literal["play", "draw"], "what the action was"]
    card: Annotated[str, "the card played, or drawn onto the discard, in notation"]


class Played(_Played, total=False):
    """An action that moved a card."""

    slot: Annotated[int, "the slot a played card left (plays only)"]


class _Acted(TypedDict):
    action: Annotated[Literal["play", "draw", "undo"], "what the action was"]


class Last(_Acted, total=False):
    """The last action, for the front end's small animations; an undo names what it undid."""

    card: Annotated[str, "with play or draw: the card, in notation"]
    slot: Annotated[int, "with play: the slot the card left"]
    undone: Annotated[Played, "with undo: the action taken back"]


class GameView(TypedDict):
    """Everything a player can see of the position, as the engine tells it (``Game.view()``)."""

    code: Annotated[str, "the game code: the deal, its rules and variants, as 'TP1-E-AAAAAAB-SW'"]
    rules: Annotated[Literal["easy", "classic"], "the base rule set"]
    variants: Annotated[list[str], "the variants in play, by name, as 'joker', 'open-peaks'"]
    slots: Annotated[list[str | None], "the layout's peak slots: a card, '?' face down, null once removed"]
    free: Annotated[list[int], "the slots whose card no card covers any more"]
    playable: Annotated[list[int], "the free slots whose card fits the discard now"]
    stock: Annotated[int, "how many cards the stock still has"]
    discard: Annotated[str | None, "the card on top of the discard pile; null while it is empty"]
    score: Annotated[int, "the score"]
    moves: Annotated[int, "the Moves counter (undos do not count back)"]
    moves_kept: Annotated[
        int, "the moves that stand once undone ones are taken out: the verdict and the review count these"
    ]
    status: Annotated[Literal["playing", "won", "blocked"], "how the game stands"]
    message: Annotated[str, "the message line: why a move was refused, the end of the game, a hint"]
    can_undo: Annotated[bool, "whether there is an action to take back"]
    description: Annotated[str, "the board in words, as a screen reader reads it (R7)"]
    last: Annotated[Last | None, "the last action; null before the first"]
