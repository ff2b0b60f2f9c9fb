"""Fair play: the chance of winning from what a player can see, and the action that has the best.

Every function here reads only a ``Seen``; given a ``Game`` it first takes ``game.seen()``
and forgets the game, so two games that look the same to their player get the same answers
for the same seed. It plays on the position's layout (``seen.layout``, any of up to 50 slots);
the estimate is mapped through the calibration curve fitted on that layout's own games where
one was (the built-in layouts' plain rules, ``tripeaks_widget.fair.calibration``), and its
``Chance`` says so (``calibrated``, ``calibrated_on``).

**One chance.** ``win_chance(g)``, the chance each action gets in ``move_chances`` and the
review's rows are one quantity: the chance of winning from this position for a player who
follows the fair hint. It is found by ``method="fair"``, the default:

- where few cards are unseen it is **exact** (``tripeaks_widget.fair.expectimax``): every hidden
  card is a uniform draw from the cards not seen, so the game as the player knows it is an
  expectimax over reveals and draws, solved outright. The value is certain (``.exact``, and
  ``.low == .value == .high``) and the fair hint is then an optimal move. Every position with
  at most ``EXACT_UNSEEN`` (8) cards unseen is solved within ``EXACT_NODES`` nodes, and one
  with up to ``EXACT_TRY_UNSEEN`` when its search fits in ``EXACT_TRY_NODES`` nodes, whatever
  the clock says (counts, not times, so the answer is the same in both builds, on every
  machine and under any load);
- elsewhere it is an **estimate**, with its 95% interval and its sample count: the unseen
  cards dealt at random in agreement with what is seen (``Seen.arrangements``), each action
  taken and the rest of the game played out by the ``lookahead`` strategy
  (``tripeaks_widget.fair.playout``), which reads only cards a player could see.

Other ways of judging are kept, by name:

- ``method="playout"``: the estimate above everywhere, never exact search: the chance of
  taking the action and then playing as ``lookahead`` does (a chance a real player reaches).
- ``method="search"``: exact where few cards are unseen, else a tree search over what the
  player sees (``tripeaks_widget.fair.tree``); ``samples`` is its deals. Measured on small slices
  (the site's Fair play page), it played no better than the playouts, so it is not the hint's method.
- ``method="solver"``, perfect-information Monte Carlo as bridge programs and Klondike
  studies use it: each arrangement is judged exactly by the solver, as if the player learnt
  the hidden cards after this move (*strategy fusion*). No real player does better, so it
  is a *ceiling*, ``win_chance(g, kind="ceiling")``, and never the board's "Win chance".
  ``kind="ceiling-stock"`` and ``"ceiling-peaks"`` are tighter ones, only part of the hidden
  cards told (``relaxed_ceiling_chance``, ``tripeaks_widget.fair.ceilings``).

Under Easy nearly every action keeps a win in nearly every arrangement the solver judges, so
the solver's chances seldom tell the actions apart; the playouts' do. How strong each method
plays, and how well the chance is calibrated, measured: the site's page "Fair play"
(docs/explanation/fair-play.md).

Every estimate comes with a 95% Wilson score interval on its samples. ``samples`` is how many
arrangements to judge (common random numbers: every action is judged on the same
arrangements, so their differences are sharper than their intervals; by default
``PLAYOUT_SAMPLES`` or ``SOLVER_SAMPLES``, the same in both builds). ``seed`` (a whole number)
picks them. The work is bounded by these counts and the node limits, so without a ``budget``
both builds and every machine give the same answer. ``budget`` is seconds for the whole call,
a cap for those who would rather have an answer sooner than the same one everywhere: when it
runs out the arrangements judged so far are the answer (``.samples`` says how many; an
arrangement half judged is dropped), and ``SearchExhausted`` is raised if none was judged. The
exact search is never cut by the clock.

**Step by step.** The board's searches run through the step-wise forms (``win_chance_steps``,
``fair_hint_steps``, ``review_steps``; see ``tripeaks_widget.engine.steps``), which yield between
their units of work: ``PLAYOUT_STEP`` sampled arrangements played out (or one judged by the
solver), a move reviewed, a verdict of the exact history. The plain functions drive the same
steps straight through, so both give the same answer. One exact expectimax run is a single
step (bounded by ``EXACT_NODES``, ``EXACT_TRY_NODES`` or ``EXACT_OPEN_NODES`` nodes).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TypeVar

from .. import _builds, i18n, solver
from ..engine.errors import InvalidValueError, checked_keywords
from ..engine.history import move_number, standing_actions
from ..engine.messages import Message
from ..engine.seen import SAMPLE_STREAM, Seen, Sight, check_samples, check_seed
from ..engine.steps import Steps, drive
from ..solver import SearchExhausted

_builds.compiled_first(__name__, __path__)  # the hot loops' compiled build, where it runs (see _builds)

from . import calibration, expectimax  # noqa: E402  (after the build is chosen)
from .ceilings import SAMPLES as RELAXED_SAMPLES  # noqa: E402
from .ceilings import ceiling_chance as relaxed_ceiling_chance  # noqa: E402
from .playout import Playouts, playouts  # noqa: E402

T = TypeVar("T")

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
SOLVER_SAMPLES = 100  # arrangements judged exactly by default
# Arrangements played out by default, in both builds: the same arrangements give the same chance and
# hint. Compiled, a few milliseconds a move; as Python (Pyodide, a machine without a C compiler) each
# is about 30 times dearer (docs/explanation/fair-play.md: where a lesson waits). More arrangements,
# fewer choices made on noise.
PLAYOUT_SAMPLES = 1000
# Arrangements played out a step (between two steps the board's searches check they are still wanted,
# and without threads the kernel's loop takes its turn). Compiled, one arrangement is a few microseconds
# without the GIL, and a step's own bookkeeping in Python about as long: one a step, the search would hold
# the GIL half its time, and another thread waiting for it would wait its turn (5 ms) on every click.
# As Python, a few arrangements are about a millisecond.
PLAYOUT_STEP = 100 if solver.BACKEND == "compiled" else 4
SEARCH_ITERATIONS = 2000  # deals searched by the tree search a move, by default
METHODS = ("fair", "search", "playout", "solver")
KINDS = ("fair", "ceiling", "ceiling-stock", "ceiling-peaks")
TOLD = {"ceiling-stock": "stock", "ceiling-peaks": "peaks"}  # the relaxed ceilings: the part of the hidden cards told
DEFAULT_SAMPLES = {
    "fair": PLAYOUT_SAMPLES,
    "search": SEARCH_ITERATIONS,
    "playout": PLAYOUT_SAMPLES,
    "solver": SOLVER_SAMPLES,
}
JUDGED_BY = {
    "fair": "the fair player: exact where few cards are unseen, else the rest played by lookahead",
    "search": "the fair player's tree search: exact where few cards are unseen",
    "playout": "the rest played by lookahead",
    "solver": "the solver, every card known: an upper bound",
}
EXACT_UNSEEN = 8  # at most this many cards unseen: always solved exactly (within EXACT_NODES)
# Up to this many: solved exactly when the search fits in EXACT_TRY_NODES. From 10 unseen most
# searches ran out of nodes and their time was lost: over games 1-1000 the fair player wins as
# often with 9 as it did with 12, in a quarter of the time (benchmarks/fair_player.py).
EXACT_TRY_UNSEEN = 9
EXACT_TRY_NODES = 100_000  # decision nodes, about half a second here; a count answers alike everywhere
# At most EXACT_UNSEEN unseen the exact search has no share of the clock (under load it would answer
# fewer positions): a node count bounds it, the same on every machine. The most measured over the 1,749
# such positions with a choice in lookahead's games 1-400 (easy and classic) was 253,483 nodes; the
# limit, 2.4 times that, is about 1.3 s of the compiled build here and 2.4 s of pure Python.
EXACT_NODES = 600_000
EXACT_OPEN_NODES = 300_000  # the bound on an exact search with open peaks (V4), whose tableau stays whole
DRAW = -1  # the draw, among the slots of the actions played out


# A chance as a student reads it, in whole percent (``whole_percent``).
CHANCE_ESTIMATED = Message("{percent}% (between {low}% and {high}%)")
CHANCE_CERTAIN = Message("{percent}%")


def whole_percent(value: float) -> int:
    """A chance in whole percent as everything prints it: halves up (the front end's ``Math.round``)."""
    return math.floor(value * 100 + 0.5)


@dataclass(frozen=True)
class Chance:
    """An estimated chance of winning: ``value`` (0–1), its 95% Wilson interval ``low``–``high``,
    the arrangements judged (``samples``) and how many of them win. ``exact`` when nothing
    unseen is left to sample (or the game is over), so the value is certain. ``calibrated_on``:
    the layout (its name) whose fitted calibration curve mapped this estimate, None when none did
    (a layout of one's own, a variant, another method than ``fair``); ``calibrated`` says whether
    the value means what it says (exact, or so mapped). It prints in ``lang``
    (``"72% (between 71% and 75%)"``); ``said_in(lang)`` is the same chance in another. Its repr
    says when it is not calibrated."""

    value: float
    low: float
    high: float
    samples: int
    wins: int
    exact: bool = False
    calibrated_on: str | None = None
    lang: str = field(default=i18n.SOURCE_LANGUAGE, compare=False, repr=False)

    @property
    def calibrated(self) -> bool:
        """Whether the value is calibrated: exact, or an estimate mapped through the curve fitted on
        its own layout's games under its rules (``calibrated_on``)."""
        return self.exact or self.calibrated_on is not None

    def said_in(self, lang: str | None) -> Chance:
        """This chance, printed in ``lang``."""
        said = i18n.check_language(lang)
        return self if said == self.lang else replace(self, lang=said)

    @classmethod
    def exactly(cls, value: float) -> Chance:
        """A chance computed outright, not sampled: certain, with no samples."""
        return cls(value, value, value, 0, 0, True)

    @classmethod
    def of(cls, wins: int, samples: int, exact: bool = False) -> Chance:
        """The chance of ``wins`` in ``samples`` with its 95% Wilson interval; exact: a certain value."""
        value = wins / samples
        if exact:
            return cls(value, value, value, samples, wins, True)
        low, high = wilson(wins, samples)
        return cls(value, low, high, samples, wins)

    def __float__(self) -> float:
        return self.value

    def __str__(self) -> str:
        if self.exact:
            return i18n.translate(Message(CHANCE_CERTAIN, percent=whole_percent(self.value)), self.lang)
        low, high = whole_percent(self.low), whole_percent(self.high)
        said = Message(CHANCE_ESTIMATED, percent=whole_percent(self.value), low=low, high=high)
        return i18n.translate(said, self.lang)

    def __repr__(self) -> str:
        return f"Chance({self})" if self.calibrated else f"Chance({self}, uncalibrated)"


def wilson(wins: float, samples: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``samples`` (95% by default; a search's wins
    may be fractional, its leaves valued exactly)."""
    p = wins / samples
    centre = (p + z * z / (2 * samples)) / (1 + z * z / samples)
    half = z / (1 + z * z / samples) * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples))
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == samples else min(1.0, centre + half)
    return low, high


def check_budget(budget: object) -> float | None:
    """``budget`` as seconds, a positive number or None; a ValueError says what was expected."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not math.isfinite(budget) or budget <= 0:
        raise InvalidValueError(
            f"budget is a time in seconds, a positive number (or None for no limit); got {budget!r}"
        )
    return float(budget)


def check_method(method: object) -> str:
    """``method`` when it is one of ``METHODS``; a ValueError says what each means."""
    if method not in METHODS:
        raise InvalidValueError(
            "method is 'playout' (the rest of the game played by lookahead), 'fair' (exact where few cards "
            "are unseen, else played out), 'search' (a tree search over what is seen) or 'solver' (each "
            f"arrangement judged exactly, as if the hidden cards were known); got {method!r}"
        )
    return str(method)


def check_kind(kind: object) -> str:
    """``kind`` when it is one of ``KINDS``; a ValueError says what each means."""
    if kind not in KINDS:
        raise InvalidValueError(
            "kind is 'fair' (the chance of a player who follows the fair hint), 'ceiling-stock' or "
            "'ceiling-peaks' (only the stock's order, or only the peak cards, known: tighter upper bounds), "
            "or 'ceiling' (each arrangement solved as if the hidden cards were known: an upper bound); "
            f"got {kind!r}"
        )
    return str(kind)


def samples_for(method: str, samples: object) -> int:
    """How many arrangements to judge: ``samples`` (checked), or ``method``'s default when None."""
    return DEFAULT_SAMPLES[check_method(method)] if samples is None else check_samples(samples)


def seen_of(position) -> Seen:
    """The ``Seen`` of a position: itself, or a game's (which is then forgotten, but for a mark that
    it consulted fair play: a game that asked is assisted)."""
    if isinstance(position, Seen):
        return position
    position.consulted.add("fair")
    return Seen.of(position)


class Clock:
    """A search's time budget: how much is left, and whether it has run out (None: no limit)."""

    def __init__(self, budget: float | None) -> None:
        self.budget = budget
        self.deadline = None if budget is None else time.perf_counter() + budget

    def remaining(self) -> float | None:
        """Seconds left (None: no limit)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def out(self) -> bool:
        """Whether the budget has run out."""
        return self.deadline is not None and time.perf_counter() >= self.deadline


def judge_actions(sample, budget: float | None = None) -> dict[str, bool]:
    """Which legal first actions still win this (fully known) arrangement: the solver answers
    them all in one pass (:func:`tripeaks_widget.solver.winning_actions`)."""
    return solver.winning_actions(sample, budget=budget)


def _arrangements(seen: Seen, samples: int, seed: int):
    """The sampled games, and whether they are the one arrangement there is (nothing unseen)."""
    if not seen.unseen_places():
        return [seen.game_from(next(seen.arrangements(seed)))], True
    return (seen.game_from(deck) for deck in itertools.islice(seen.arrangements(seed), samples)), False


@checked_keywords
def win_chance(
    position, *, kind: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Chance:
    """The chance of winning from this position (1.0 won, 0.0 blocked).

    ``kind="fair"``: the chance of a player who follows the fair hint, exact where few cards are
    unseen, else estimated (see the module's notes); the chance of the best action of
    ``move_chances``. ``kind="ceiling"``: each sampled arrangement judged exactly by the solver,
    as if the player learnt the hidden cards now: an upper bound no player reaches.
    ``kind="ceiling-stock"`` / ``"ceiling-peaks"``: tighter upper bounds, only the stock's order or
    only the face-down peak cards told (``relaxed_ceiling_chance``)."""
    return drive(win_chance_steps(position, kind=kind, samples=samples, seed=seed, budget=budget))


def win_chance_steps(
    position, *, kind: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Steps[Chance]:
    """``win_chance`` step by step (see the module's notes); its arguments are checked at once."""
    seen = seen_of(position)
    kind = check_kind(kind)
    if kind == "ceiling":
        count = SOLVER_SAMPLES if samples is None else samples
        return _at_once(lambda: ceiling_chance(seen, samples=count, seed=seed, budget=budget))
    if kind in TOLD:
        count = RELAXED_SAMPLES if samples is None else samples
        return _at_once(lambda: relaxed_ceiling_chance(seen, TOLD[kind], samples=count, seed=seed, budget=budget))
    samples, seed, budget = samples_for("fair", samples), check_seed(seed), check_budget(budget)
    if seen.status != "playing":
        return _at_once(lambda: Chance.exactly(float(seen.status == "won")))
    return _best_of(fair_chances_steps(seen, samples, seed, Clock(budget)))


def _at_once(compute: Callable[[], T]) -> Steps[T]:
    """A computation in one piece, as a step-wise one (no step between)."""
    return compute()
    yield  # a generator


def _best_of(steps: Steps[dict[str, Chance]]) -> Steps[Chance]:
    return _best_chance((yield from steps))


@checked_keywords
def ceiling_chance(position, *, samples: int = SOLVER_SAMPLES, seed: int = 0, budget: float | None = None) -> Chance:
    """The clairvoyant ceiling: the share of sampled arrangements the solver can win, each judged
    with every card known (see the module's notes)."""
    seen = seen_of(position)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    if seen.status != "playing":
        return Chance.exactly(float(seen.status == "won"))
    clock = Clock(budget)
    games, exact = _arrangements(seen, samples, seed)
    wins = judged = 0
    for game in games:
        try:
            wins += solver.winnable(game, budget=clock.remaining())
        except SearchExhausted:
            break
        judged += 1
        if clock.out():
            break
    if not judged:
        raise SearchExhausted(f"no sampled arrangement judged within the budget of {budget} s")
    return Chance.of(wins, judged, exact)


def exact_chances(seen: Seen) -> dict[str, Chance] | None:
    """Every legal action's exact chance where the expectimax finds it within its node limit
    (``EXACT_UNSEEN``, ``EXACT_TRY_UNSEEN``), else None."""
    hidden = seen.hidden_count
    if hidden > EXACT_TRY_UNSEEN:
        return None
    if hidden > EXACT_UNSEEN:
        limit: int | None = EXACT_TRY_NODES
    else:  # with open peaks every card may still be in play around the stock's last cards: a bound, generous
        limit = EXACT_OPEN_NODES if seen.rules.open_peaks else EXACT_NODES
    try:
        found = expectimax.solve(seen, node_limit=limit)
    except SearchExhausted:
        return None
    return {action: Chance.exactly(value) for action, value in found.actions.items()}


def searched_chances(seen: Seen, iterations: int, seed: int, clock: Clock) -> dict[str, Chance]:
    """``method="search"``: every legal action's chance, exact where it can be, else by the tree
    search (``tripeaks_widget.fair.tree``): its visits and mean value."""
    if not seen.legal_moves:
        return {}
    found = exact_chances(seen)
    if found is not None:
        return found
    from .tree import search

    searched = search(seen, iterations=iterations, seed=seed, deadline=clock.deadline)
    if len(searched.actions) < len(seen.legal_moves):
        raise SearchExhausted(f"no search of every action within the budget of {clock.budget} s")
    chances = {}
    for action, (visits, value) in searched.actions.items():
        low, high = wilson(value * visits, visits)
        chances[action] = Chance(value, low, high, visits, round(value * visits))
    return chances


def fair_chances(seen: Seen, samples: int, seed: int, clock: Clock) -> dict[str, Chance]:
    """``method="fair"``: every legal action's chance, exact where it can be, else played out."""
    return drive(fair_chances_steps(seen, samples, seed, clock))


def fair_chances_steps(seen: Seen, samples: int, seed: int, clock: Clock) -> Steps[dict[str, Chance]]:
    """``fair_chances`` step by step: the exact search in one step, then one a ``PLAYOUT_STEP`` playouts."""
    if not seen.legal_moves:
        return {}
    found = exact_chances(seen)
    if found is not None:
        return found
    yield
    estimated = (yield from _playout_steps(seen, samples, seed, clock)).chances()
    curve = calibration.curve_for(seen.rules, seen.layout)
    if curve is None or not seen.unseen_places():
        return estimated
    mapped = {}  # through the layout's and rule set's curve (increasing: the order of the actions stays)
    for action, c in estimated.items():
        value, low, high = (calibration.apply(curve, x) for x in (c.value, c.low, c.high))
        mapped[action] = Chance(value, low, high, c.samples, c.wins, c.exact, seen.layout.name)
    return mapped


def sample_verdicts(
    position, *, samples: int = SOLVER_SAMPLES, seed: int = 0, budget: float | None = None
) -> tuple[list[dict[str, bool]], bool]:
    """For each sampled arrangement, which legal actions win it (the solver judges, with every
    card known); and whether the sampling is exact (nothing unseen: one arrangement)."""
    seen = seen_of(position)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    return drive(_sample_steps(seen, samples, seed, budget))


def _sample_steps(
    seen: Seen, samples: int, seed: int, budget: float | None
) -> Steps[tuple[list[dict[str, bool]], bool]]:
    if not seen.legal_moves:
        return [], True
    clock = Clock(budget)
    games, exact = _arrangements(seen, samples, seed)
    verdicts = []
    for game in games:
        yield
        try:
            verdicts.append(judge_actions(game, budget=clock.remaining()))
        except SearchExhausted:
            break
        if clock.out():
            break
    if not verdicts:
        raise SearchExhausted(f"no sampled arrangement judged within the budget of {budget} s")
    return verdicts, exact


def playout_verdicts(
    position, *, samples: int = PLAYOUT_SAMPLES, seed: int = 0, budget: float | None = None
) -> tuple[list[dict[str, bool]], bool]:
    """For each sampled arrangement, which legal actions win it when ``lookahead`` plays the
    rest of the game; and whether the sampling is exact (nothing unseen: one arrangement)."""
    seen = seen_of(position)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    if not seen.legal_moves:
        return [], True
    played, wanted, exact = _playouts_of(seen, samples, seed)
    verdicts, before = [], [0] * len(seen.legal_moves)
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


def _playout_steps(seen: Seen, samples: int, seed: int, clock: Clock) -> Steps[Played]:
    """The playouts, a step each ``PLAYOUT_STEP`` sampled arrangements."""
    if not seen.legal_moves:
        return Played({}, 0, True)
    played, wanted, exact = _playouts_of(seen, samples, seed)
    yield from _play_out(played, wanted, clock)
    wins = dict(zip(seen.legal_moves, played.won(), strict=True))
    return Played(wins, played.judged, exact)


def chances_from(verdicts: list[dict[str, bool]], exact: bool) -> dict[str, Chance]:
    """Each action's chance from the solver's verdicts, one dict of action to win a sampled arrangement."""
    actions = verdicts[0] if verdicts else {}
    return {a: Chance.of(sum(v[a] for v in verdicts), len(verdicts), exact) for a in actions}


@checked_keywords
def move_chances(
    position,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
) -> dict[str, Chance]:
    """Every legal action's chance of winning, judged by ``method`` (see the module's notes; the
    sampled methods judge every action on the same arrangements), in the order of
    ``legal_moves`` (cards in slot order, then ``"draw"``); {} when the game is over."""
    return drive(move_chances_steps(position, method=method, samples=samples, seed=seed, budget=budget))


def move_chances_steps(
    position, *, method: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Steps[dict[str, Chance]]:
    """``move_chances`` step by step (a step a few sampled arrangements); its arguments are checked at once."""
    seen = seen_of(position)
    samples, seed, budget = samples_for(method, samples), check_seed(seed), check_budget(budget)
    if method == "fair":
        return fair_chances_steps(seen, samples, seed, Clock(budget))
    if method == "search":
        return _at_once(lambda: searched_chances(seen, samples, seed, Clock(budget)))
    if method == "playout":
        return _raw_chances(_playout_steps(seen, samples, seed, Clock(budget)))
    return _chances_of(_sample_steps(seen, samples, seed, budget))


def _chances_of(steps: Steps[tuple[list[dict[str, bool]], bool]]) -> Steps[dict[str, Chance]]:
    return chances_from(*(yield from steps))


def _raw_chances(steps: Steps[Played]) -> Steps[dict[str, Chance]]:
    return (yield from steps).chances()


def best_action(chances: dict[str, Chance]) -> str | None:
    """The action with the highest chance; on a tie the first in ``legal_moves`` order (a play before a draw)."""
    return max(chances, key=lambda a: chances[a].value, default=None)


def _best_chance(chances: dict[str, Chance]) -> Chance:
    best = best_action(chances)
    assert best is not None  # a position in play has a legal action
    return chances[best]


@checked_keywords
def fair_hint(
    position,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
) -> str | None:
    """The action (a card in notation, or ``"draw"``) with the best chance of winning, found
    without looking at a hidden card; None when the game is over."""
    return drive(fair_hint_steps(position, method=method, samples=samples, seed=seed, budget=budget))


def fair_hint_steps(
    position, *, method: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Steps[str | None]:
    """``fair_hint`` step by step (a step a few sampled arrangements); its arguments are checked at once."""
    seen = seen_of(position)
    if len(seen.legal_moves) == 1:  # nothing to choose: no need to sample
        samples_for(method, samples), check_seed(seed), check_budget(budget)
        only = seen.legal_moves[0]
        return _at_once(lambda: only)
    return _best_action_of(move_chances_steps(seen, method=method, samples=samples, seed=seed, budget=budget))


def _best_action_of(steps: Steps[dict[str, Chance]]) -> Steps[str | None]:
    return best_action((yield from steps))


# -- reviewing a game ---------------------------------------------------------------------------

MISTAKE = 0.10  # a move that loses at least ten points of chance against the best one is a mistake
NOT_JUDGED = "—"  # a chance not judged within the budget, as a review prints it
NOT_JUDGED_IN_TIME = Message("—: {n} of {total} moves not judged within the time limit")


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a review: its number among the moves that stand, the action, the chance
    before it and after it, the best action there and its chance, and whether it was a mistake.
    A move whose position had no arrangement judged within the budget is kept with no chances:
    ``before``, ``after``, ``best`` and ``best_chance`` are None (``judged`` is False)."""

    move: int
    action: str
    before: Chance | None
    after: Chance | None
    best: str | None
    best_chance: Chance | None

    @property
    def judged(self) -> bool:
        """Whether the move was judged within the budget (it has chances)."""
        return self.before is not None

    @property
    def loss(self) -> float:
        """Chance given away against the best action (0 when the move was the best, or not judged)."""
        if self.best_chance is None or self.after is None:
            return 0.0
        return max(0.0, self.best_chance.value - self.after.value)

    @property
    def mistake(self) -> bool:
        """Whether the move gave away at least ``MISTAKE`` of chance against the best."""
        return self.loss >= MISTAKE - 1e-9  # counted in whole samples: 0.7 - 0.6 is a loss of 0.1


@dataclass(frozen=True)
class Review:
    """A move-by-move account of a game (``review(game)``), as a chess engine reviews one.

    ``moves`` are the actions that stand after the undos, each judged from what the player
    could see just before it, by ``method``. ``final`` is the chance after the last move (None
    when not judged within the budget). ``lost_after`` is the exact verdict, which peeks: the
    move after which the game could no longer be won (0: the deal itself could not be won),
    None while it can still be won. ``history`` and ``judged_with`` say what was reviewed and how,
    so that a later review of the same game, gone on since, keeps the moves judged here."""

    code: str
    moves: tuple[ReviewedMove, ...]
    final: Chance | None
    lost_after: int | None
    method: str = "fair"
    history: tuple[str, ...] = ()  # the game's actions reviewed, undos included
    judged_with: tuple = ()  # (samples, seed, budget): how each move was judged, with ``method``
    lang: str = field(default=i18n.SOURCE_LANGUAGE, compare=False, repr=False)  # the language it prints in

    def said_in(self, lang: str | None) -> Review:
        """This review, printed in ``lang``."""
        said = i18n.check_language(lang)
        return self if said == self.lang else replace(self, lang=said)

    @property
    def mistakes(self) -> list[ReviewedMove]:
        """The moves that gave away at least ``MISTAKE`` of chance against the best."""
        return [m for m in self.moves if m.mistake]

    @property
    def unjudged(self) -> list[ReviewedMove]:
        """The moves whose position had no arrangement judged within the budget."""
        return [m for m in self.moves if not m.judged]

    def __str__(self) -> str:
        """The review as the board's panel shows it, in ``lang``: a row a move (the chance before and
        after it, the best move where it was not the one played, mistakes marked), how many
        mistakes and the exact verdict, and what counts as a mistake."""
        said = i18n.labels(self.lang)

        def percent(chance: Chance | None) -> str:
            return NOT_JUDGED if chance is None else said["percent"].format(n=whole_percent(chance.value))

        def action(name: str | None) -> str:
            return NOT_JUDGED if name is None else said["review_draw"] if name == "draw" else name

        rows = []
        for m in self.moves:
            played = action(m.action) + (f" ({said['review_mistake']})" if m.mistake else "")
            chances = f"{percent(m.before)} → {percent(m.after)}" if m.judged else NOT_JUDGED
            # The move played was the best (no action had a better chance): a tick, not its chance again.
            best = "✓" if m.loss == 0 else f"{action(m.best)} ({percent(m.best_chance)})"
            rows.append((str(m.move), played, chances, best if m.judged else NOT_JUDGED))
        heads = (
            said["review_move"],
            said["review_action"],
            said["review_chance"].format(arrow="→"),
            said["review_best"],
        )
        widths = [max(len(row[column]) for row in [heads, *rows]) for column in range(3)]
        lines = [
            "  ".join([row[0].rjust(widths[0]), row[1].ljust(widths[1]), row[2].ljust(widths[2]), row[3]]).rstrip()
            for row in [heads, *rows]
        ]
        lost = (
            said["review_not_lost"]
            if self.lost_after is None
            else said["review_never"]
            if self.lost_after == 0
            else said["review_lost"].format(n=self.lost_after)
        )
        lines.append(f"{said['review_mistakes'].format(n=len(self.mistakes))} · {lost}")
        lines.append(said["review_mistake_rule"].format(n=whole_percent(MISTAKE)))
        if self.method != "fair":
            lines.append(f"({JUDGED_BY[self.method]})")
        if self.unjudged:
            lines.append(
                i18n.translate(Message(NOT_JUDGED_IN_TIME, n=len(self.unjudged), total=len(self.moves)), self.lang)
            )
        return "\n".join(lines)

    def plot(self, ax=None):
        """The chance over the moves with its 95% band, mistakes marked, and the move after
        which the exact verdict turned to lost; returns the matplotlib Axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
        chances = [m.before for m in self.moves] + [self.final]
        x = range(len(chances))  # x = moves made: 0 before the first move, k after move k

        def values(name: str) -> list[float]:  # a gap where a chance was not judged
            return [math.nan if c is None else getattr(c, name) for c in chances]

        ax.plot(x, values("value"), marker=".", label=f"chance of winning ({JUDGED_BY[self.method]})")
        ax.fill_between(x, values("low"), values("high"), alpha=0.2, label="95% interval")
        marked = [(m.move, m.after.value) for m in self.mistakes if m.after is not None]  # mistakes are judged
        if marked:
            ax.scatter(
                [move for move, _ in marked],
                [after for _, after in marked],
                color="red",
                marker="x",
                s=60,
                zorder=3,
                label=f"mistake (gave away ≥ {MISTAKE:.0%})",
            )
        if self.lost_after is not None:
            ax.axvline(
                self.lost_after, color="grey", linestyle="--", label=f"exact verdict: lost after move {self.lost_after}"
            )
        ax.set(xlabel="moves made", ylabel="chance of winning", ylim=(-0.02, 1.02), title=f"Review of {self.code}")
        ax.legend(fontsize="small")
        return ax


@checked_keywords
def review(
    game,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
    earlier: Review | None = None,
) -> Review:
    """Review a played game move by move, each chance judged by ``method`` (see the module's
    notes): the chance before a move is the chance of the position (the best action's), the chance
    after it the played action's. ``budget`` is seconds per move. A move (or the final chance)
    with no arrangement judged within its budget is kept without chances (``Review.unjudged``)
    rather than losing the rest of the review.

    ``earlier``: a review of this game made before it went on. Where it was judged alike (the
    same method, samples, seed and budget) and what it reviewed is where this game's history
    starts, its judged moves that still stand are kept as they are, and only the moves after them
    are judged (each move is judged from its own position, so the rows are the ones a review from
    scratch makes). Any other review is not used."""
    return drive(review_steps(game, method=method, samples=samples, seed=seed, budget=budget, earlier=earlier))


def review_steps(
    game,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
    earlier: Review | None = None,
) -> Steps[Review]:
    """``review`` step by step: a step between two moves, and within a move a step a few sampled
    arrangements (see the module's notes); its arguments are checked at once."""
    samples = samples_for(method, samples)
    seed, budget = check_seed(seed), check_budget(budget)
    if earlier is not None and not isinstance(earlier, Review):
        raise InvalidValueError(f"earlier is a Review of this game made before (or None); got {earlier!r}")
    game.consulted.add("fair")  # a game reviewed from Python is an assisted one from here on
    kept = _kept_rows(earlier, game, method, (samples, seed, budget))
    return _review_steps(game, method, samples, seed, budget, kept)


def _kept_rows(earlier: Review | None, game, method: str, judged_with: tuple) -> dict[int, ReviewedMove]:
    """The judged moves of ``earlier`` a review of ``game`` keeps, by their index in its history:
    none unless it reviewed the start of this game's history, judged alike."""
    if earlier is None or (earlier.code, earlier.method, earlier.judged_with) != (game.code, method, judged_with):
        return {}
    reviewed = earlier.history
    if tuple(game.history[: len(reviewed)]) != reviewed:
        return {}
    indexes = [index for index, _ in standing_actions(reviewed)]
    return {index: m for index, m in zip(indexes, earlier.moves, strict=True) if m.judged}


def _review_steps(
    game, method: str, samples: int, seed: int, budget: float | None, kept: dict[int, ReviewedMove]
) -> Steps[Review]:
    history = game.history
    sight = Sight.at_deal(game)  # the game replayed once, move by move
    moves = []
    for number, (index, action) in enumerate(standing_actions(history), 1):
        if index in kept:  # judged from the same position before: the same row
            moves.append(kept[index])
            continue
        yield
        sight.catch_up(history[:index])
        try:
            chances, before = yield from _judged(sight.seen(), method, samples, seed, budget)
        except SearchExhausted:  # kept, unjudged: the moves around it still count
            moves.append(ReviewedMove(number, action, None, None, None, None))
            continue
        best = best_action(chances)
        assert best is not None  # an action stood here, so there was a legal one
        moves.append(ReviewedMove(number, action, before, chances[action], best, chances[best]))
    sight.catch_up(history)
    try:
        final: Chance | None = yield from _chance_now(sight.seen(), method, samples, seed, budget)
    except SearchExhausted:
        final = None
    yield
    lost = yield from solver.verdict_history_steps(game)
    lost_after = None if lost is None else 0 if lost == solver.NEVER_WINNABLE else move_number(history, lost)
    return Review(game.code, tuple(moves), final, lost_after, method, tuple(history), (samples, seed, budget))


def _judged(
    seen: Seen, method: str, samples: int, seed: int, budget: float | None
) -> Steps[tuple[dict[str, Chance], Chance]]:
    """Every action's chance and the position's: the best action's (the one the player can reach),
    or with the solver the share of arrangements some action wins."""
    if method != "solver":
        chances = yield from move_chances_steps(seen, method=method, samples=samples, seed=seed, budget=budget)
        return chances, _best_chance(chances)
    verdicts, exact = yield from _sample_steps(seen, samples, seed, budget)
    return chances_from(verdicts, exact), Chance.of(sum(any(v.values()) for v in verdicts), len(verdicts), exact)


def _percent(chance: Chance | None) -> str:
    return NOT_JUDGED if chance is None else f"{whole_percent(chance.value)}%"


def _chance_now(seen: Seen, method: str, samples: int, seed: int, budget: float | None) -> Steps[Chance]:
    if method == "solver":
        return ceiling_chance(seen, samples=samples, seed=seed, budget=budget)
    if seen.status != "playing":  # over: certain, nothing to judge
        return Chance.exactly(float(seen.status == "won"))
    chances = yield from move_chances_steps(seen, method=method, samples=samples, seed=seed, budget=budget)
    return _best_chance(chances)
