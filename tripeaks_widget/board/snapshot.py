"""The snapshot contract: what the ``state`` trait holds, defined once.

:class:`GameView` is the engine's part (``Game.view()``: what a player sees of the position,
defined in :mod:`tripeaks_widget.engine.view`); :class:`Snapshot` adds the board's own fields
(the language, the highlight, the notices, the verdict, a sequence number). Each field's meaning
is written beside it; the front end's JSDoc types (``js/src/snapshot.js``) are generated from
these definitions by :func:`jsdoc`, and a test fails when they, or the front end's fixtures made
from real snapshots, go stale (``python js/generate.py`` rewrites both). Plain types.
"""

from __future__ import annotations

import sys
import types
import typing
from typing import Annotated, Any, Literal, TypedDict, Union

from ..engine.view import GameView, Last, Played
from ..picture.look import Table


class Notice(TypedDict):
    """A line under the board: what the records store said, or a goal met."""

    kind: Annotated[str, "'info', 'record', 'error' or 'goal' (a goal met)"]
    text: Annotated[str, "what the records store said, in the board's language"]


class Goal(TypedDict):
    """A goal on the board: a challenge, how far the game has come on it, and once the game is over
    the best possible on it."""

    text: Annotated[str, "the challenge in words, in the board's language ('Clear 4 kings')"]
    progress: Annotated[str, "how far the game has come, in words ('3 of 4 kings')"]
    done: Annotated[int, "how far, as a number: of target (a score goal's points above the score the game starts on)"]
    target: Annotated[
        int, "the number the challenge asks for (cards, draws at most; a score goal's points above the starting score)"
    ]
    met: Annotated[bool, "whether the game meets it"]
    stars: Annotated[int | None, "the stars it earns, for the game of the day's three (1, 2, 3); else null"]
    source: Annotated[Literal["set", "day", "class"], "set from Python, the game of the day's, or the class's"]
    best: Annotated[
        str | None, "once the game is over, the best possible on it as the solver proves it, in words; else null"
    ]


class Streak(TypedDict):
    """The player's streak, shown with the game of the day's goals."""

    current: Annotated[int, "the days in a row up to today (or yesterday) the player won the game of the day"]
    best: Annotated[int, "the most days in a row they ever did"]
    text: Annotated[str, "the current streak in words, in the board's language ('3 days in a row')"]
    best_text: Annotated[str, "the best one in words"]


class RecentGame(TypedDict):
    """One of the player's recent games in the statistics view."""

    outcome: Annotated[Literal["won", "blocked", "abandoned"], "how it ended ('abandoned': left for a new deal)"]
    cards_left: Annotated[int, "the cards left in the peaks"]
    text: Annotated[str, "how it ended, in a word, in the board's language ('won', 'blocked', 'left')"]


class StatsView(TypedDict):
    """The statistics view: what the records know of the player under the board's rules (the same
    figures as ``Records.stats(rules, player=...)``)."""

    kind: Annotated[
        Literal["pending", "known", "error", "none"],
        "whether the figures are read: 'pending' while the store is asked, 'none' without records",
    ]
    title: Annotated[str, "whose games, under which rules, in the board's language ('Games of ana, Easy')"]
    text: Annotated[str, "with 'pending', 'error' or 'none': what the view says instead of figures; else ''"]
    played: Annotated[int | None, "with 'known': the games played (finished, or left for a new deal)"]
    finished: Annotated[int | None, "with 'known': the games finished, won or blocked"]
    won: Annotated[int | None, "with 'known': the games won"]
    win_percent: Annotated[float | None, "with 'known': the games won, in percent of those finished (one decimal)"]
    win_streak: Annotated[int | None, "with 'known': the last finished games won in a row (0: the last was lost)"]
    best_win_streak: Annotated[int | None, "with 'known': the most finished games ever won in a row"]
    best: Annotated[
        str | None,
        "with 'known' on a numbered game: the player's best unassisted result on it by hand, in words ('won in 47"
        " moves'; none yet: 'none yet'); else null",
    ]
    recent: Annotated[list[RecentGame], "with 'known': the last games, oldest first (at most 10)"]
    recent_text: Annotated[str, "with 'known': the recent games in words, the plot's text alternative"]


class VerdictLine(TypedDict):
    """The Winnable? line: the solver's verdict as the board shows it."""

    kind: Annotated[Literal["pending", "winnable", "lost", "never", "unknown", "won", "error"], "what the solver found"]
    move: Annotated[
        int | None, "with kind 'lost': the move after which the game could not be won, among the moves that stand"
    ]
    text: Annotated[str, "the verdict as the board says it, in its language"]


class WinChanceLine(TypedDict):
    """The Win chance line: the chance as the board shows it."""

    kind: Annotated[
        Literal["pending", "known", "unknown", "error"],
        "whether the chance is still being computed ('unknown': not within the time limit)",
    ]
    value: Annotated[float | None, "with kind 'known': the chance of winning, 0-1"]
    low: Annotated[float | None, "with kind 'known': the low end of its 95% interval"]
    high: Annotated[float | None, "with kind 'known': the high end of its 95% interval"]
    samples: Annotated[int | None, "with kind 'known': the arrangements of the unseen cards judged (0 when exact)"]
    exact: Annotated[bool, "whether the value is certain: solved outright (few cards unseen), or the game is over"]
    text: Annotated[str, "the readout as the board says it ('Win chance 82 %'), in its language"]
    detail: Annotated[
        str, "with kind 'known': what the value is made of (its interval, its samples), from the same chance"
    ]


class ReviewRow(TypedDict):
    """One move of the review after a game."""

    move: Annotated[int, "the move's number among the moves that stand"]
    action: Annotated[str, "the action: a card in notation, or 'draw'"]
    before: Annotated[float | None, "the chance of winning before the move, 0-1; None: not judged within the budget"]
    low: Annotated[float | None, "the low end of its 95% interval"]
    high: Annotated[float | None, "the high end of its 95% interval"]
    after: Annotated[float | None, "the chance after it"]
    best: Annotated[str | None, "the action with the best chance there"]
    best_chance: Annotated[float | None, "that best action's chance"]
    mistake: Annotated[
        bool, "whether the move gave away at least 10 points of chance against a better move (see played_best)"
    ]
    played_best: Annotated[
        bool,
        "whether no action had a better chance than the one played, as shown: a difference that does not show in"
        " the whole percent, or lies within the 95% intervals, is a tie (judged moves only)",
    ]


class ReviewPanel(TypedDict):
    """The review after a game, as the board shows it."""

    kind: Annotated[Literal["pending", "known", "error"], "whether the review is still being made"]
    text: Annotated[str, "with 'pending' or 'error': what the panel says, in the board's language"]
    moves: Annotated[list[ReviewRow], "with 'known': every move that stands, judged from what was seen"]
    final: Annotated[float | None, "with 'known': the chance after the last move (None: not judged within the budget)"]
    lost_after: Annotated[int | None, "the move after which the exact verdict (it peeks) turned to lost; 0: the deal"]


class _Reply(TypedDict):
    type: Annotated[Literal["reply"], "what this is"]
    id: Annotated[int | str, "the request's id, as the front end sent it"]
    ok: Annotated[bool, "whether it was carried out"]
    error: Annotated[str, "why not, in the board's language; '' when ok"]


class Reply(_Reply, total=False):
    """The answer to the front end's last request that carried an ``id`` (until the next action)."""

    field: Annotated[str, "with a refusal of the New game dialog: the field it is about ('code', 'game', 'winnable')"]


class Snapshot(GameView):
    """The ``state`` trait: the engine's view in the board's language, and the widget's fields."""

    table: Annotated[
        Table,
        "where the layout's cards lie, as the picture draws them too (the widget sends it apart from"
        " the rest, in its 'table' trait, once per layout)",
    ]

    layout: Annotated[str, "the game's layout by its key ('THREE-PEAKS', 'DIAMOND'), as its code names it"]
    layout_name: Annotated[str, "the game's layout by its name, in the board's language"]
    ending: Annotated[str, "with status won or blocked: the game's word for its end, which the banner says; else ''"]
    error_help: Annotated[bool, "whether refused moves are explained"]
    highlight: Annotated[list[int | Literal["stock"]], "slots, and/or 'stock', to point at"]
    caption: Annotated[str, "a line above the board, apart from the message (walkthroughs)"]
    number: Annotated[int | None, "the game's number in the series 1-50,000; null for another deal"]
    notices: Annotated[list[Notice], "what the records store said, and goals met, until the next action"]
    goals: Annotated[list[Goal], "the goals on the board (none: an empty list, and nothing shown)"]
    streak: Annotated[
        Streak | None, "on the game of the day, with records: the player's days in a row winning it; else null"
    ]
    stats: Annotated[StatsView | None, "the statistics view, while open; null while closed"]
    show_verdict: Annotated[bool, "whether the verdict line is switched on"]
    verdict: Annotated[VerdictLine | None, "can the game still be won; null while switched off"]
    show_win_chance: Annotated[bool, "whether the win chance readout is switched on"]
    win_chance: Annotated[
        WinChanceLine | None, "the chance of winning from what the player sees; null while switched off"
    ]
    show_playable: Annotated[bool, "whether the cards that fit the discard glow"]
    show_hints: Annotated[bool, "whether the Hint button is offered"]
    hint_kind: Annotated[Literal["fair", "exact"], "the hint given: 'fair' from what is seen, 'exact' peeks"]
    records: Annotated[bool, "whether results are recorded (no store: none asked for, or in the browser)"]
    assisted: Annotated[
        bool,
        "whether the game in progress had an assist (Hint, Winnable?, Win chance, or an analysis consulted from"
        " Python): it is recorded as assisted and sets no record",
    ]
    scripted: Annotated[
        bool,
        "whether a move of the game in progress was made from Python (w.play, w.replay …), not by hand on the"
        " board: it is recorded as scripted, apart from the games played by hand",
    ]
    reply: Annotated[Reply | None, "the answer to the last request with an id; null after the next action"]
    review: Annotated[ReviewPanel | None, "the review of the game played, while open; null while closed"]
    lang: Annotated[str, "the language of the board's texts: 'en', 'el', 'he' or 'is'"]
    dir: Annotated[Literal["ltr", "rtl"], "the writing direction of that language"]
    seq: Annotated[int, "grows with every snapshot sent: an older one arriving late is ignored"]
    answered: Annotated[
        int | None, "the sequence number ('seq') of the last front-end intent handled; null before any carried one"
    ]


# in the order of js/src/snapshot.js
CONTRACT = (
    Played,
    Last,
    Notice,
    Goal,
    Streak,
    RecentGame,
    StatsView,
    VerdictLine,
    WinChanceLine,
    ReviewRow,
    ReviewPanel,
    Reply,
    Table,
    GameView,
    Snapshot,
)


# -- the front end's types --------------------------------------------------------------------------


def _js_type(hint: Any) -> str:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        return _js_type(args[0])
    if origin in (Union, types.UnionType):
        return "(" + " | ".join(_js_type(arg) for arg in args) + ")"
    if origin is Literal:
        return " | ".join(f'"{value}"' for value in args)
    if origin is list:
        return f"Array<{_js_type(args[0])}>"
    if hint is type(None):
        return "null"
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return hint.__name__
    return {str: "string", int: "number", bool: "boolean", float: "number"}[hint]


def _fields(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind, globalns=vars(sys.modules[__name__]), include_extras=True)


def jsdoc() -> str:
    """``js/src/snapshot.js``: the contract as JSDoc typedefs, for ``tsc --checkJs``."""
    out = [
        "// The snapshot contract (the `state` trait), generated from tripeaks_widget/board/snapshot.py",
        "// by `python js/generate.py`: edit the Python, never this file.",
        "",
    ]
    for kind in CONTRACT:
        doc = (kind.__doc__ or "").strip().replace("\n    ", " ").replace("``", "`")
        out.append("/**")
        if doc and not doc.startswith(kind.__name__ + "("):
            out.append(f" * {doc}")
        out.append(f" * @typedef {{object}} {kind.__name__}")
        required = kind.__required_keys__
        for name, hint in _fields(kind).items():
            what = typing.get_args(hint)[1] if typing.get_origin(hint) is Annotated else ""
            key = name if name in required else f"[{name}]"
            out.append(f" * @property {{{_js_type(hint)}}} {key} {what}".rstrip())
        out.append(" */")
        out.append("")
    out.append("export {};")
    return "\n".join(out) + "\n"


def fields(kind: type) -> set[str]:
    """The keys of one of the contract's dicts."""
    return set(_fields(kind))
