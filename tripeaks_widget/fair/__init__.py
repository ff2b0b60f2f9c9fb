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

from .. import _builds

_builds.compiled_first(__name__, __path__)  # the hot loops' compiled build, where it runs (see _builds)

# Its parts, each a module of its own (imported once the build is chosen: they read the hot loops):
# the chance, the questions' arguments, the exact search's limits, the solver's and the playouts'
# chances, the questions and the review.
from .arguments import (  # noqa: E402
    DEFAULT_SAMPLES,
    JUDGED_BY,
    KINDS,
    METHODS,
    PLAYOUT_SAMPLES,
    SEARCH_ITERATIONS,
    SOLVER_SAMPLES,
    TOLD,
    Clock,
    check_budget,
    check_kind,
    check_method,
    samples_for,
    seen_of,
)
from .ceilings import SAMPLES as RELAXED_SAMPLES  # noqa: E402
from .ceilings import ceiling_chance as relaxed_ceiling_chance  # noqa: E402
from .chance import CHANCE_CERTAIN, CHANCE_ESTIMATED, Z95, Chance, whole_percent, wilson  # noqa: E402
from .clairvoyant import ceiling_chance, chances_from, judge_actions, sample_verdicts  # noqa: E402
from .estimates import DRAW, PLAYOUT_STEP, Played, playout_verdicts  # noqa: E402
from .exact import EXACT_NODES, EXACT_OPEN_NODES, EXACT_TRY_NODES, EXACT_TRY_UNSEEN, EXACT_UNSEEN, exact_chances  # noqa: E402
from .questions import (  # noqa: E402
    T,
    best_action,
    fair_chances,
    fair_chances_steps,
    fair_hint,
    fair_hint_steps,
    move_chances,
    move_chances_steps,
    searched_chances,
    win_chance,
    win_chance_steps,
)
from .reviewing import MISTAKE, NOT_JUDGED, NOT_JUDGED_IN_TIME, Review, ReviewedMove, review, review_steps  # noqa: E402

__all__ = [
    "CHANCE_CERTAIN",
    "CHANCE_ESTIMATED",
    "DEFAULT_SAMPLES",
    "DRAW",
    "EXACT_NODES",
    "EXACT_OPEN_NODES",
    "EXACT_TRY_NODES",
    "EXACT_TRY_UNSEEN",
    "EXACT_UNSEEN",
    "JUDGED_BY",
    "KINDS",
    "METHODS",
    "MISTAKE",
    "NOT_JUDGED",
    "NOT_JUDGED_IN_TIME",
    "PLAYOUT_SAMPLES",
    "PLAYOUT_STEP",
    "RELAXED_SAMPLES",
    "SEARCH_ITERATIONS",
    "SOLVER_SAMPLES",
    "TOLD",
    "Z95",
    "Chance",
    "Clock",
    "Played",
    "Review",
    "ReviewedMove",
    "T",
    "best_action",
    "ceiling_chance",
    "chances_from",
    "check_budget",
    "check_kind",
    "check_method",
    "exact_chances",
    "fair_chances",
    "fair_chances_steps",
    "fair_hint",
    "fair_hint_steps",
    "judge_actions",
    "move_chances",
    "move_chances_steps",
    "playout_verdicts",
    "relaxed_ceiling_chance",
    "review",
    "review_steps",
    "sample_verdicts",
    "samples_for",
    "searched_chances",
    "seen_of",
    "whole_percent",
    "wilson",
    "win_chance",
    "win_chance_steps",
]
