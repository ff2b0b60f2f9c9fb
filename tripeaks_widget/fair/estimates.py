"""``method="playout"``: the estimate, the unseen cards dealt at random and each action played out by
``lookahead`` (``tripeaks_widget.fair.playout``), a step a few arrangements."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .. import solver
from ..engine.seen import SAMPLE_STREAM, Seen, check_samples, check_seed
from ..engine.steps import Steps
from ..solver import SearchExhausted
from .arguments import PLAYOUT_SAMPLES, Clock, Position, check_budget, seen_of
from .chance import Chance
from .playout import Playouts, playouts

# Arrangements played out a step (between two steps the board's searches check they are still wanted,
# and without threads the kernel's loop takes its turn). Compiled, one arrangement is a few microseconds
# without the GIL, and a step's own bookkeeping in Python about as long: one a step, the search would hold
# the GIL half its time, and another thread waiting for it would wait its turn (5 ms) on every click.
# As Python, a few arrangements are about a millisecond.
PLAYOUT_STEP = 100 if solver.BACKEND == "compiled" else 4
DRAW = -1  # the draw, among the slots of the actions played out


def playout_verdicts(
    position: Position, *, samples: int = PLAYOUT_SAMPLES, seed: int = 0, budget: float | None = None
) -> tuple[list[dict[str, bool]], bool]:
    """For each sampled arrangement, which legal actions win it when ``lookahead`` plays the
    rest of the game; and whether the sampling is exact (nothing unseen: one arrangement)."""
    seen = seen_of(position)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    if not seen.legal_moves:
        return [], True
    played, wanted, exact = _playouts_of(seen, samples, seed)
    verdicts: list[dict[str, bool]] = []
    before = [0] * len(seen.legal_moves)
    for _ in _play_out(played, wanted, Clock(budget), step=1):  # one arrangement at a time: its own verdict
        wins = played.won()
        verdicts.append({a: now > then for a, now, then in zip(seen.legal_moves, wins, before, strict=True)})
        before = wins
    return verdicts, exact


@dataclass(frozen=True)
class Played:
    """Every legal action played out on the same ``judged`` arrangements (``exact``: the one there
    is, nothing being unseen): the games ``lookahead`` won after it."""

    wins: dict[str, int]
    judged: int
    exact: bool

    def chances(self) -> dict[str, Chance]:
        """Each action's share of games won, with its Wilson interval."""
        return {a: Chance.of(wins, self.judged, self.exact) for a, wins in self.wins.items()}


def _playouts_of(seen: Seen, samples: int, seed: int) -> tuple[Playouts, int, bool]:
    """The playouts of every legal action of a position in play (``tripeaks_widget.fair.playout``), how
    many arrangements to judge, and whether that is exact: ``samples``, or the one there is when
    nothing is unseen."""
    slot_of = {str(seen.slot_cards[s]): s for s in seen.free}
    played = playouts(seen, [slot_of.get(action, DRAW) for action in seen.legal_moves], seed, SAMPLE_STREAM)
    exact = not seen.unseen_places()
    return played, 1 if exact else samples, exact


def _play_out(played: Playouts, wanted: int, clock: Clock, step: int = PLAYOUT_STEP) -> Iterator[None]:
    """``step`` more arrangements a step, until ``wanted`` or the budget; none at all is an error."""
    while played.judged < wanted and not clock.out():
        played.run(min(step, wanted - played.judged))
        yield
    if not played.judged:
        raise SearchExhausted(f"no sampled arrangement played out within the budget of {clock.budget} s")


def playout_steps(seen: Seen, samples: int, seed: int, clock: Clock) -> Steps[Played]:
    """The playouts, a step each ``PLAYOUT_STEP`` sampled arrangements."""
    if not seen.legal_moves:
        return Played({}, 0, True)
    played, wanted, exact = _playouts_of(seen, samples, seed)
    yield from _play_out(played, wanted, clock)
    wins = dict(zip(seen.legal_moves, played.won(), strict=True))
    return Played(wins, played.judged, exact)
