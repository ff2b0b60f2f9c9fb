"""Helpers shared by the tests: delivering messages as the front end's comm does, a winning
line found by plain search, the Hebrew seed's words, and the engine's invariants."""

from __future__ import annotations

import functools
import random
import threading
import typing
from types import UnionType
from typing import Annotated, Literal, Union

import pytest

from tripeaks_widget import Game
from tripeaks_widget.board import snapshot as contract
from tripeaks_widget.engine.cards import DECK, Card
from tripeaks_widget.engine.game import BLOCKED_CARD, MUST_FIT, NO_MORE_MOVES, PEAK_BONUS, START_SCORE
from tripeaks_widget.engine.layout import THREE_PEAKS, Layout, LayoutSlot
from tripeaks_widget.goals import daily

OPENING = "TP1-E-AAAAAAB"  # R6.4
WINNABLE = 3  # R6.5: game 3 (TP1-E-AAAAAAD) can be won under Easy
# Three Peaks' slots, for the tests that walk them: row by row from the top (0..2 the peak tops).
ROWS = THREE_PEAKS.rows
SLOT_COUNT = THREE_PEAKS.slot_count

# The Hebrew seed's words (SPEC R2.4, R4.2, §7).
HE = {
    MUST_FIT: "הדרגה חייבת להיות גבוהה או נמוכה באחת",
    BLOCKED_CARD: "הקלף הזה חסום",
    NO_MORE_MOVES: "אין עוד מהלכים אפשריים",
}
# The Hebrew seed's two board lines (SPEC §7): the start of TP1-E-AAAAAAB, then after K♣, A♠, 2♦.
HE_START = (
    "קופת משיכה: 23 קלפים; ערימת השלכה: אס תלתן. ראשי הפסגות: קלף מוסתר, קלף מוסתר, קלף מוסתר; "
    "שורה 2: קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר; שורה 3: קלף מוסתר, "
    "קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר; "
    "השורה התחתונה: 3 עלה, 5 עלה, מלך תלתן, 4 עלה, 2 יהלום, אס עלה, מלך יהלום, 8 לב, 7 תלתן, 9 עלה."
)
HE_AFTER = (
    "קופת משיכה: 23 קלפים; ערימת השלכה: 2 יהלום. ראשי הפסגות: קלף מוסתר, קלף מוסתר, קלף מוסתר; "
    "שורה 2: קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר; שורה 3: קלף מוסתר, "
    "קלף מוסתר, קלף מוסתר, קלף מוסתר, 7 עלה, קלף מוסתר, קלף מוסתר, קלף מוסתר, קלף מוסתר; "
    "השורה התחתונה: 3 עלה, 5 עלה, 4 עלה, מלך יהלום, 8 לב, 7 תלתן, 9 עלה."
)


def intent(widget, content):
    """Deliver a custom message as the front end's comm would."""
    widget._handle_custom_msg(content, [])


def played(target, slot, **extra):
    """A click on ``slot`` as the front end sends it: the slot and the card it shows there."""
    return {"type": "play", "slot": slot, "card": target.game.slot_view(slot), **extra}


def play_by_hand(widget, line):
    """Play ``line`` by clicks, as the front end sends them (a game played by hand, for the records)."""
    for action in line:
        if action in ("draw", "undo"):
            intent(widget, {"type": action})
        else:
            intent(widget, played(widget, widget.game.slot_of(action)))


def comm_message(method, **data):
    """A whole comm message as the kernel hands it to a widget's ``_handle_msg``."""
    return {"content": {"data": {"method": method, **data}}, "buffers": []}


def undone_draws(history):
    """How many draws of ``history`` were taken back by an undo."""
    line, undone = [], 0
    for action in history:
        if action == "undo":
            undone += line.pop() == "draw"
        else:
            line.append(action)
    return undone


def check_cards_and_score(g):
    """Every card once (peaks, discard pile, stock), and the app's score from the position alone
    (R5.1, R5.2; Hogue scoring aside)."""
    on_peaks = [g.deck[s] for s in range(SLOT_COUNT) if not g.is_removed(s)]
    assert sorted(on_peaks + g.waste + list(g.stock)) == sorted(g.deck)
    assert len(g.deck) == (53 if g.rules.joker else 52)
    if not g.rules.hogue_scoring:
        cleared = sum(p["cleared"] for p in g.peaks())
        drawn = g.history.count("draw") - undone_draws(g.history)
        assert g.score == max(0, START_SCORE - (SLOT_COUNT - g.cards_left) - drawn + PEAK_BONUS * cleared)
    assert g.moves == sum(a != "undo" for a in g.history)


def win_line(game: Game) -> list[str]:
    """A winning line by plain depth-first search (fine for a winnable deal)."""
    seen = set()

    def search(g, line):
        if g.status == "won":
            return line
        if g.position in seen:
            return None
        seen.add(g.position)
        for action in g.legal_moves():
            h = g.copy()
            h.apply(action)
            found = search(h, line + [action])
            if found:
                return found
        return None

    return search(game, [])


# A winning line of game 3 under Easy: the first that ``win_line``'s search finds, kept (the search
# takes seconds in each process that wants it).
WINNING_LINE = tuple(
    (
        "8♣ 7♠ 6♣ draw draw A♦ 2♣ draw Q♦ J♣ draw draw 9♣ draw 3♥ 2♦ A♥ 2♥ 3♦ 2♠ draw J♠ 10♦ "
        "9♠ 8♥ 9♥ draw K♦ A♠ draw Q♠ J♦ draw 6♠ draw 8♦ draw 3♣ 4♣ draw draw draw draw draw draw 10♥"
    ).split()
)


@functools.cache
def winning_line() -> tuple[str, ...]:
    """A winning line of game 3 under Easy (``WINNING_LINE``), checked once to win it."""
    assert Game.from_number(WINNABLE).replay(WINNING_LINE).status == "won"
    return WINNING_LINE


def at_once(plain):
    """A step-wise stand-in (``tripeaks_widget.engine.steps``) for a search the board runs step by step,
    made of a fake that answers in one piece: ``monkeypatch.setattr(fair, "win_chance_steps",
    at_once(fake))``."""

    def steps(*args, **kwargs):
        return plain(*args, **kwargs)
        yield  # a generator: the fake runs at its first step, as the search it stands for

    return steps


def replies_of(widget, into=None):
    """The answers ``widget``'s board gives to the front end's requests, as its snapshots carry
    them in ``reply`` (each once, in order)."""
    out = [] if into is None else into

    def take(snapshot):
        reply = snapshot.get("reply")
        if reply is not None and not any(reply is seen for seen in out):
            out.append(reply)

    widget.board.subscribe(take)
    return out


def every_reply(monkeypatch):
    """The answers every board gives from now on, as its snapshots carry them (each once)."""
    from tripeaks_widget.board import Board

    out = []
    made = Board.snapshot

    def snapshot(board):
        state = made(board)
        reply = state["reply"]
        if reply is not None and not any(reply is seen for seen in out):
            out.append(reply)
        return state

    monkeypatch.setattr(Board, "snapshot", snapshot)
    return out


def unchanged(state):
    """A snapshot without its answer to the last request and its sequence number: what a refused
    request must leave as it was."""
    return {key: value for key, value in state.items() if key not in ("reply", "seq")}


@functools.cache
def dev_tool(path: str):
    """A developer tool of the repository, outside the package (``js/generate.py``,
    ``tools/catalogs.py``), as a module: loaded once."""
    import importlib.util
    import pathlib

    file = pathlib.Path(__file__).resolve().parents[2] / path
    spec = importlib.util.spec_from_file_location(f"dev_tool_{file.stem}", file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def front_end_generator():
    """``js/generate.py``, the tool that writes the front end's generated files."""
    return dev_tool("js/generate.py")


def catalogs_tool():
    """``tools/catalogs.py``, the tool that keeps the message catalogs in step with the code (it
    needs Babel)."""
    return dev_tool("tools/catalogs.py")


def in_a_thread_of_its_own(function):
    """``function()`` run in a thread of its own, its answer returned or its error raised. A test
    outside tests/e2e that drives Chromium through Playwright's sync API runs there: that API
    refuses a thread whose asyncio loop runs, as a pytest-xdist worker's does once it has run a
    browser test (the session's Chromium stays open)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(function).result()


def settled(widget, timeout: float = 20.0):
    """Wait until the widget's worker thread has nothing left to do."""
    assert widget.board.assists.worker.wait(timeout), "the worker thread did not finish in time"
    return widget


class Gate:
    """A stand-in for a slow search: it blocks until released, then gives ``result``."""

    def __init__(self, result):
        self.result = result
        self.started = threading.Event()
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, game, *, budget=None, **_):
        self.calls += 1
        self.started.set()
        assert self.release.wait(10), "the test never released the search"
        return self.result(game) if callable(self.result) else self.result


def conforms(value, hint, where="state"):
    """Assert ``value`` is of the contract's type ``hint``, naming the first field that is not."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        return conforms(value, args[0], where)
    if origin in (Union, UnionType):
        problems = []
        for arg in args:
            try:
                return conforms(value, arg, where)
            except AssertionError as problem:
                problems.append(str(problem))
        raise AssertionError(" or ".join(problems))
    if origin is Literal:
        assert value in args, f"{where} is {value!r}, not one of {args}"
    elif origin is list:
        assert isinstance(value, list), f"{where} is {value!r}, not a list"
        for n, item in enumerate(value):
            conforms(item, args[0], f"{where}[{n}]")
    elif hint is type(None):
        assert value is None, f"{where} is {value!r}, not null"
    elif typing.is_typeddict(hint):
        assert isinstance(value, dict), f"{where} is {value!r}, not a dict"
        hints = contract._fields(hint)
        missing = hint.__required_keys__ - set(value)
        assert not missing and set(value) <= set(hints), f"{where}: missing {missing}, extra {set(value) - set(hints)}"
        for key, item in value.items():
            conforms(item, hints[key], f"{where}.{key}")
    else:
        assert type(value) is hint, f"{where} is {value!r}, not {hint.__name__}"


PLAY_ORDER = list(ROWS[3]) + list(ROWS[2]) + list(ROWS[1]) + list(ROWS[0])  # bottom up: always legal


def chain_deck(ranks, stock_at=None):
    """A deck whose peak cards, played bottom row first, follow ``ranks[1:]`` on a discard of
    ``ranks[0]``; with ``stock_at=k`` the k-th stock card (0 = top) is of rank ``ranks[0]`` too,
    so the chain also runs after k + 1 draws."""
    used, peaks = set(), {}

    def take(rank):
        card = next(Card(rank, s) for s in range(4) if Card(rank, s) not in used)
        used.add(card)
        return card

    for slot, rank in zip(PLAY_ORDER, ranks[1:], strict=False):
        peaks[slot] = take(rank)
    discard = take(ranks[0])
    stock = [c for c in DECK if c not in used]
    if stock_at is not None:
        twin = next(c for c in stock if c.rank == ranks[0])
        stock.remove(twin)
        stock.insert(stock_at, twin)
    return [peaks[s] for s in range(28)] + [discard] + stock


CLASSIC_CHAIN = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8]


# The case: 50 slots in a grid, every card face up; under Classic a proof can search for minutes.
GRID = Layout("Grid", tuple(LayoutSlot(i % 10, 2 * (i // 10), 0, ()) for i in range(50)))


@pytest.fixture
def small_bounds(monkeypatch):
    """The day's bounds made small, so that running out is quick; the day's caches kept apart."""
    monkeypatch.setattr(daily, "PROOF_NODES", 5_000)
    monkeypatch.setattr(daily, "DAY_NODES", 20_000)
    monkeypatch.setattr(daily, "CHALLENGE_NODES", 5_000)
    daily._number.cache_clear()
    daily._challenges.cache_clear()
    yield
    daily._number.cache_clear()
    daily._challenges.cache_clear()


def late_positions(rules: str, count: int, seed: str) -> list[Game]:
    """Positions late in random games (at most 13 cards left, at most 8 in the stock), played on
    by random legal actions, plays first more often than not; some won, some lost, most not over.
    ``seed`` names the random stream, so each test has its own positions."""
    rng = random.Random(f"{seed}-{rules}")
    positions = []
    while len(positions) < count:
        game = Game.from_number(rng.randrange(1, 50_001), rules)
        while game.status == "playing" and (game.cards_left > 13 or game.stock_count > 8):
            moves = game.legal_moves()
            plays = [m for m in moves if m != "draw"]
            game.apply(rng.choice(plays) if plays and rng.random() < 0.8 else moves[-1])
        positions.append(game)
    return positions
