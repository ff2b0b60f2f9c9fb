"""What the goals say to a player: a challenge, how far a game has come on it, the best possible.

Catalog entries (``python tools/catalogs.py`` reads ``GOAL_ENTRIES``), said in a
language by :func:`tripeaks_widget.i18n.translate`. A count that changes a word has the entry's
plural forms, keyed on ``{n}``. A sentence about cards of one rank or one suit is an entry of its
own for each rank and each suit, so that each language can decline the noun as the sentence needs.
"""

from __future__ import annotations

from ..engine.cards import SUITS
from ..engine.messages import Entry, Message

# The ranks and the suits as counted cards, in English: (one, many), ace first; clubs first.
RANK_WORDS = (
    ("ace", "aces"),
    ("two", "twos"),
    ("three", "threes"),
    ("four", "fours"),
    ("five", "fives"),
    ("six", "sixes"),
    ("seven", "sevens"),
    ("eight", "eights"),
    ("nine", "nines"),
    ("ten", "tens"),
    ("jack", "jacks"),
    ("queen", "queens"),
    ("king", "kings"),
)
SUIT_WORDS = (("club", "clubs"), ("diamond", "diamonds"), ("heart", "hearts"), ("spade", "spades"))

_CHALLENGE = "A challenge, as the board shows it and a screen reader reads it. "
_PROGRESS = "How far a game has come on a challenge. "
_BEST = "The best result a line from here can reach on a challenge (the solver sees the hidden cards). "
_KIND = (
    "Cards of one {what}, counted: one entry per {what}, so that the noun takes the form this "
    "sentence needs (Greek: the accusative; Icelandic: the accusative after færa, the dative "
    "after af)."
)

# -- a challenge, in words --------------------------------------------------------------------
WIN = Entry("Win the game", context="challenge", comment=_CHALLENGE + "Clear every peak card.")
WIN_NO_DRAW = Entry(
    "Win without a draw", context="challenge", comment=_CHALLENGE + "Win, never drawing from the stock."
)
WIN_IN = Entry(
    "Win with at most {n} draw",
    "Win with at most {n} draws",
    context="challenge",
    comment=_CHALLENGE + "Win, drawing from the stock at most {n} times in the whole game.",
)
SCORE = Entry(
    "Reach a score of {score}",
    context="challenge",
    comment=_CHALLENGE + "The game's score reaches {score} points at some moment.",
)
RUN = Entry(
    "Play a run of {n} card without a draw",
    "Play a run of {n} cards without a draw",
    context="challenge",
    comment=_CHALLENGE + "Play {n} peak cards in a row onto the discard, with no draw between them.",
)
CLEAR_RANK = tuple(
    Entry(
        f"Clear {{n}} {one}",
        f"Clear {{n}} {many}",
        context="challenge",
        comment=_CHALLENGE + "Play {n} peak cards of this rank onto the discard. " + _KIND.format(what="rank"),
    )
    for one, many in RANK_WORDS
)
CLEAR_SUIT = tuple(
    Entry(
        f"Clear {{n}} {one}",
        f"Clear {{n}} {many}",
        context="challenge",
        comment=_CHALLENGE
        + f"Play {{n}} peak cards of the suit {symbol} onto the discard. "
        + _KIND.format(what="suit"),
    )
    for (one, many), symbol in zip(SUIT_WORDS, SUITS, strict=True)
)

# -- how far a game has come ---------------------------------------------------------------------
CARDS_CLEARED = Entry(
    "{done} of {n} card cleared",
    "{done} of {n} cards cleared",
    context="progress",
    comment=_PROGRESS + "{done} of the {n} peak cards are gone.",
)
CLEARED_AND_DRAWS = Entry(
    "{done} of {of} cards cleared; {drawn} of {n} draw used",
    "{done} of {of} cards cleared; {drawn} of {n} draws used",
    context="progress",
    comment=_PROGRESS + "Win with at most {n} draws: {done} of the {of} peak cards are gone, and {drawn} draws "
    "were made so far ({drawn} may be more than {n}).",
)
POINTS = Entry(
    "{done} of {n} point",
    "{done} of {n} points",
    context="progress",
    comment=_PROGRESS + "{done}: the highest score the game has reached; {n} the score to reach.",
)
LONGEST_RUN = Entry(
    "longest run: {done} of {n} card",
    "longest run: {done} of {n} cards",
    context="progress",
    comment=_PROGRESS + "The longest run of cards played without a draw so far, against the {n} asked for.",
)
RANK_CLEARED = tuple(
    Entry(
        f"{{done}} of {{n}} {one}",
        f"{{done}} of {{n}} {many}",
        context="progress",
        comment=_PROGRESS
        + "{done} of the {n} cards of this rank asked for are cleared (e.g. '3 of 4 kings'). "
        + _KIND.format(what="rank"),
    )
    for one, many in RANK_WORDS
)
SUIT_CLEARED = tuple(
    Entry(
        f"{{done}} of {{n}} {one}",
        f"{{done}} of {{n}} {many}",
        context="progress",
        comment=_PROGRESS
        + f"{{done}} of the {{n}} cards of the suit {symbol} asked for are cleared. "
        + _KIND.format(what="suit"),
    )
    for (one, many), symbol in zip(SUIT_WORDS, SUITS, strict=True)
)

# -- the best possible -----------------------------------------------------------------------------
BEST = Entry("Best possible: {best}", context="best", comment=_BEST + "{best} is one of the results below.")
BEST_WIN = Entry("a win", context="best", comment=_BEST + "The game can be won.")
BEST_NO_WIN = Entry("no win", context="best", comment=_BEST + "The game can no longer be won.")
BEST_CLEARED = Entry(
    "{n} card cleared",
    "{n} cards cleared",
    context="best",
    comment=_BEST + "At most {n} peak cards can be cleared: the game can't be won.",
)
BEST_WIN_DRAWS = Entry(
    "a win with {n} draw",
    "a win with {n} draws",
    context="best",
    comment=_BEST + "A win with {n} draws in the whole game, the fewest any win has.",
)
BEST_POINTS = Entry("{n} point", "{n} points", context="best", comment=_BEST + "The highest score a line reaches.")
BEST_RUN = Entry(
    "a run of {n} card",
    "a run of {n} cards",
    context="best",
    comment=_BEST + "The longest run of cards played without a draw.",
)

STREAK = Entry(
    "{n} day in a row",
    "{n} days in a row",
    context="streak",
    comment="The player's streak: the days in a row they won the game of the day, shown with its goals.",
)
BEST_STREAK = Entry(
    "best: {n} day in a row",
    "best: {n} days in a row",
    context="streak",
    comment="The player's longest streak ever of days in a row winning the game of the day.",
)


def streak(days: int, *, best: bool = False) -> Message:
    """A streak of ``days`` in a row winning the game of the day, in words (``best``: the longest)."""
    return Message(BEST_STREAK if best else STREAK, n=days)


GOAL_ENTRIES = (
    STREAK,
    BEST_STREAK,
    WIN,
    WIN_NO_DRAW,
    WIN_IN,
    SCORE,
    RUN,
    *CLEAR_RANK,
    *CLEAR_SUIT,
    CARDS_CLEARED,
    CLEARED_AND_DRAWS,
    POINTS,
    LONGEST_RUN,
    *RANK_CLEARED,
    *SUIT_CLEARED,
    BEST,
    BEST_WIN,
    BEST_NO_WIN,
    BEST_CLEARED,
    BEST_WIN_DRAWS,
    BEST_POINTS,
    BEST_RUN,
)
