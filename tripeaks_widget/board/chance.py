"""The win chance: the chance of winning from what the player sees, as the board's readout shows it.

With its interval and what it is made of, in the readout's tooltip."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .. import fair, solver
from ..engine.game import Game
from ..engine.messages import Message
from ..engine.seen import Seen
from .background import Worker
from .snapshot import WinChanceLine
from .verdict import VERDICT_UNKNOWN
from .watch import FAILED, Found, Host, Say, Watch, reason

CHANCE_PENDING = Message("Win chance …")
CHANCE_KNOWN = Message("Win chance {percent}%")
CHANCE_DETAIL = Message("95% interval {low}–{high}%, from {samples} deals of the unseen cards")
CHANCE_UNCALIBRATED = Message(
    "95% interval {low}–{high}%, from {samples} deals of the unseen cards; not calibrated: "
    "no calibration was fitted for this layout and these rules"
)
CHANCE_EXACT = Message("Exact: worked out over every way the unseen cards can lie")


# The board's chance is one quantity wherever it shows (the Win chance readout, the hint, the review):
# the chance of a player who follows the fair hint (fair.win_chance), exact where few cards are
# unseen, else over the hint's own arrangements (fair.PLAYOUT_SAMPLES; seed 0). The readout and the
# fair hint are bounded by that work, not by the search budget's seconds, so that both builds (the
# browser's is pure Python) show the same chance and hint on the same position.
WIN_CHANCE_SAMPLES = fair.PLAYOUT_SAMPLES


def chance_view(found: Found, say: Say) -> WinChanceLine:
    """The win chance as the board shows it: its kind, the value and its interval, the text."""
    kind, chance = found["kind"], found.get("chance")
    detail: Message | None = None
    if kind == "known":
        assert chance is not None  # a known chance comes with its Chance
        text: Any = Message(CHANCE_KNOWN, percent=fair.whole_percent(chance.value))
        detail = chance_detail(chance)
    elif kind == "unknown":  # no arrangement judged within the budget: said as the verdict says it
        text = VERDICT_UNKNOWN
    elif kind == "error":
        text = Message(FAILED, error=found.get("error", ""))
    else:
        text = CHANCE_PENDING
    numbers = {"value": None, "low": None, "high": None, "samples": None, "exact": False}
    if chance is not None:
        numbers = {name: getattr(chance, name) for name in numbers}
    view = {"kind": kind, **numbers, "text": say(text), "detail": say(detail) if detail is not None else ""}
    return cast(WinChanceLine, view)  # its types are checked against the contract in tests/board/test_snapshot.py


def chance_detail(chance: fair.Chance) -> Message:
    """What a chance is made of, as the readout's tooltip says it: read from the same ``Chance``
    as its value, so the two never disagree."""
    if chance.exact:
        return CHANCE_EXACT
    low, high = fair.whole_percent(chance.low), fair.whole_percent(chance.high)
    said = CHANCE_DETAIL if chance.calibrated else CHANCE_UNCALIBRATED  # a layout of one's own, a variant
    return Message(said, low=low, high=high, samples=chance.samples)


def chance_watch(board: Host, worker: Worker, seen: Callable[[Game], Seen]) -> Watch[WinChanceLine]:
    """The win chance as ``board`` keeps it: worked out from ``seen(game)``, what the player sees,
    bounded by its work (:data:`WIN_CHANCE_SAMPLES`); out of time is an answer, not a failure."""
    return Watch(
        board,
        worker,
        "win_chance",
        take=seen,
        compute=lambda seen: fair.win_chance_steps(seen, samples=WIN_CHANCE_SAMPLES, seed=0),
        found=lambda chance: {"kind": "known", "chance": chance},
        failed=lambda error: (
            {"kind": "unknown"}
            if isinstance(error, solver.SearchExhausted)
            else {"kind": "error", "error": reason(error)}
        ),
        view=chance_view,
        known=lambda game: (
            None if game.status == "playing" else {"kind": "known", "chance": fair.win_chance(game.seen())}
        ),
    )
