"""Strategies measured: play a policy over numbered games and count its wins and score.

A strategy is any function ``policy(seen) -> action``: it gets only what a player can see
(a ``tripeaks_widget.engine.seen.Seen``) and answers with a card in notation (``"K♣"``) or
``"draw"``. ``evaluate(policy, games=range(1, 1001), rules="easy")`` plays it over those
numbered games (on Three Peaks, or on another layout with ``layout=``), with a progress bar, and
returns ``Results``: on a pool of its own, one process a core (``workers``; ``workers=1`` plays in
this process), or on any ``concurrent.futures.Executor`` handed to it (a Dask cluster's
``client.get_executor()``). The results are the same either way.

Built in: ``first_fit`` (the first card that fits, in slot order; draw only when stuck),
``lookahead`` (one move ahead: the card that frees the most cards, then the one that
keeps a run going), ``fair(samples=…, method=…)`` (the fair hint, ``tripeaks_widget.fair``: by
default exact where few cards are unseen, else ``fair.PLAYOUT_SAMPLES`` arrangements played out by ``lookahead``;
when its ``budget`` runs out before one arrangement is judged, it plays as ``lookahead`` does)
and ``exact`` (the
solver's best line: it peeks at the hidden cards, so it is the upper bound, and is
labelled so; a policy with ``peeks = True`` is handed the game instead of its ``Seen``).

A policy that raises, or answers with something that is not a legal action, stops that
game only: its row carries the error, naming the game and the move, and the other games'
results are kept (``Results.errors``; a warning says how many stopped).

``hogue_scores(results, reading)`` scores the same games' actions under Hogue's scoring
(V2), read one of the ways in ``HOGUE_READINGS``: his published averages do not say how a
hand that is not won ends, and the readings differ most there.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import multiprocessing
import os
import pickle
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from ..engine.cards import Card
from ..engine.errors import InvalidValueError, TriPeaksError, checked_keywords, shown, shown_text
from ..engine.game import HOGUE_DRAW_COST, Game
from ..engine.layout import Layout
from ..engine.rules import Rules
from ..engine.seen import Seen, Sight, check_seed
from ..solver import SearchExhausted, solve, verdict_history
from .arguments import check_budget, samples_for
from .chance import Z95, wilson
from .expectimax import shared_memo
from .playout import lookahead_slot
from .questions import fair_hint

if TYPE_CHECKING:
    from matplotlib.axes import Axes

Policy = Callable[[Seen], str]
# What ``play`` and ``evaluate`` take: a policy, or one that peeks (``peeks``: it is given the game itself);
# its every answer is checked.
Player = Callable[..., object]
CHUNK = 10  # games per task handed to an executor
OWN_CHUNK = 2  # games per task on evaluate's own pool: games differ in length, small tasks keep the cores busy


def first_fit(seen: Seen) -> str:
    """The first free card that fits, in slot order; draw only when none does."""
    return seen.playable[0] if seen.playable else "draw"


def lookahead(seen: Seen) -> str:
    """One move ahead: of the cards that fit, the one whose removal frees the most cards
    (turning them face up), then the one on which the most other free face-up cards would
    fit next (keeping a run going); the first in slot order on a tie; draw only when none fits."""
    if not seen.playable:
        return "draw"
    ranks = [0 if card is None else card.rank for card in seen.slot_cards]
    fit = seen.rules.fit_masks(ranks)
    removed, free = seen.masks
    playable = free & fit[seen.discard.rank if seen.discard else 0]
    return str(seen.slot_cards[lookahead_slot(removed, free, playable, ranks, fit, seen.layout)])


@checked_keywords
def fair(samples: int | None = None, seed: int = 0, budget: float | None = None, method: str = "fair") -> FairPlayer:
    """The fair hint as a player: the action with the best chance, judged by ``method``
    (``"fair"``, the hint's own and the default, ``"search"``, ``"playout"`` or ``"solver"``; see
    ``tripeaks_widget.fair``) over at most ``samples`` arrangements. A bad option is refused here,
    not at every move."""
    return FairPlayer(samples, seed, budget, method)


@dataclass(frozen=True)
class FairPlayer:
    """The policy :func:`fair` makes: a function of what the player sees."""

    samples: int | None
    seed: int
    budget: float | None
    method: str

    def __post_init__(self) -> None:
        # a bad method, count, seed or budget is refused here, not at every move
        samples_for(self.method, self.samples)
        object.__setattr__(self, "seed", check_seed(self.seed))
        object.__setattr__(self, "budget", check_budget(self.budget))

    @property
    def __name__(self) -> str:
        samples = samples_for(self.method, self.samples)
        return {
            "fair": f"fair (exact, else {samples} playouts)",
            "search": f"fair (exact, else a search of {samples} deals)",
            "playout": f"fair ({samples} playouts)",
            "solver": f"fair ({samples} samples, solver)",
        }[self.method]

    def __call__(self, seen: Seen) -> str:
        try:
            action = fair_hint(seen, method=self.method, samples=self.samples, seed=self.seed, budget=self.budget)
        except SearchExhausted:  # not one arrangement judged within the budget: play as lookahead does
            return lookahead(seen)
        return action if action is not None else "draw"


class _Exact:
    """The solver's best line, which peeks at every hidden card: the upper bound."""

    peeks = True
    __name__ = "exact (peeks: upper bound)"

    def __call__(self, game: Game) -> str:
        line = solve(game).line
        if line:
            return line[0]
        return game.legal_moves()[0]  # a lost position the line has finished with: anything left

    def __reduce__(self) -> str:
        return "exact"


exact = _Exact()


def memo_for(policy: object) -> contextlib.AbstractContextManager[object]:
    """Within one game, the exact search's memo kept from one decision of ``policy`` to the next
    (the fair player's: ``expectimax.shared_memo``), else nothing."""
    return shared_memo() if isinstance(policy, FairPlayer) else contextlib.nullcontext()


class PolicyError(TriPeaksError, ValueError):
    """A policy raised, or answered with something that is not a legal action."""


def _action(policy: Player, game: Game, number: int, move: int, sight: Sight | None = None) -> str:
    where = f"game {number} ({game.code}), move {move}"
    try:
        if getattr(policy, "peeks", False):
            answer = policy(game)
        else:  # what the player sees: the game followed once, move by move, not replayed a move
            if sight is None or not sight.follow(game):
                sight = Sight.of(game)
            answer = policy(sight.seen())
    except Exception as error:
        raise PolicyError(f"{where}: the policy raised {type(error).__name__}: {shown_text(error)}") from error
    legal = game.legal_moves()
    expected = f"expected one of {', '.join(legal)}"
    if not isinstance(answer, str):
        raise PolicyError(f"{where}: the policy returned {shown(answer)}, not an action; {expected}")
    action = answer.strip().lower() if answer.strip().lower() == "draw" else None
    if action is None:
        try:
            action = str(Card.parse(answer))
        except ValueError:
            raise PolicyError(
                f"{where}: the policy returned {shown(answer)}, not a card or 'draw'; {expected}"
            ) from None
    if action not in legal:
        raise PolicyError(f"{where}: the policy returned {shown(answer)}, which is not legal here; {expected}")
    return action


@dataclass(frozen=True)
class Played:
    """One game played by a policy: its number, whether it was won, the final score, the
    actions and cards left, or the error that stopped it."""

    game: int
    won: bool
    score: int
    moves: int
    cards_left: int
    actions: tuple[str, ...]
    error: str | None = None


@checked_keywords
def play(policy: Player, number: int, rules: Rules | str = "easy", layout: Layout | None = None) -> Played:
    """Play numbered game ``number`` (on ``layout``, None: Three Peaks) with ``policy`` until it is
    won or blocked."""
    game = Game.from_number(number, rules, layout=layout)
    sight = Sight.at_deal(game)
    try:
        with memo_for(policy):  # consecutive decisions of one game share the exact search's memo
            while game.status == "playing":
                game.apply(_action(policy, game, number, game.moves + 1, sight))
    except PolicyError as error:
        return Played(number, False, game.score, game.moves, game.cards_left, tuple(game.history), str(error))
    return Played(number, game.status == "won", game.score, game.moves, game.cards_left, tuple(game.history))


def _play_all(policy: Player, numbers: list[int], rules: Rules | str, layout: Layout | None) -> list[Played]:
    return [play(policy, number, rules, layout) for number in numbers]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_workers(workers: int | None) -> int:
    """``workers`` as a count of processes: None is one a core."""
    if workers is None:
        return cores()
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise InvalidValueError(f"workers is a count of processes, at least 1, or None for one a core; got {workers!r}")
    return workers


def own_pool(policy: Player, workers: int, games: int) -> Executor | None:
    """A process pool for ``evaluate``, or None where one process does as well or it can't be had:
    one worker or game; a policy that does not pickle (a lambda); no ``fork`` (the workers
    inherit the policy, a notebook's own function too)."""
    workers = min(workers, games)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    try:
        pickle.dumps(policy)
    except Exception:  # a lambda or a closure: played in this process
        return None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))


class Summary(TypedDict):
    """``Results.summary``'s figures."""

    strategy: str
    rules: str
    layout: str
    games: int
    wins: int
    win_rate: float
    win_95: tuple[float, float]
    mean_score: float
    score_95: tuple[float, float]
    errors: int


@dataclass(frozen=True)
class Results:
    """A strategy's games (``rows``) and what they add up to; a game stopped by a policy error
    is in ``errors`` and left out of the rates and means."""

    label: str
    rules: str
    rows: tuple[Played, ...]
    layout: Layout | None = None  # None: Three Peaks

    @property
    def played(self) -> list[Played]:
        """The games played to the end (those stopped by a policy error left out)."""
        return [row for row in self.rows if row.error is None]

    @property
    def errors(self) -> list[Played]:
        """The games stopped by a policy error."""
        return [row for row in self.rows if row.error is not None]

    @property
    def wins(self) -> int:
        """How many of the games played were won."""
        return sum(row.won for row in self.played)

    @property
    def win_rate(self) -> float:
        """The share of the games played that were won (NaN when none was)."""
        return self.wins / len(self.played) if self.played else math.nan

    @property
    def win_interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson(self.wins, len(self.played)) if self.played else (math.nan, math.nan)

    @property
    def mean_score(self) -> float:
        """The mean final score of the games played."""
        scores = [row.score for row in self.played]
        return sum(scores) / len(scores) if scores else math.nan

    @property
    def score_interval(self) -> tuple[float, float]:
        """95% normal interval of the mean score."""
        scores = [row.score for row in self.played]
        if len(scores) < 2:
            return (self.mean_score, self.mean_score)
        mean = self.mean_score
        sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
        half = Z95 * sd / math.sqrt(len(scores))
        return (mean - half, mean + half)

    def summary(self) -> Summary:
        """The figures as one dict: games, wins, the win rate and mean score with their 95% intervals, errors."""
        low, high = self.win_interval
        score_low, score_high = self.score_interval
        return {
            "strategy": self.label,
            "rules": self.rules,
            "layout": self.layout_name,
            "games": len(self.played),
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_95": (round(low, 4), round(high, 4)),
            "mean_score": round(self.mean_score, 2),
            "score_95": (round(score_low, 2), round(score_high, 2)),
            "errors": len(self.errors),
        }

    @property
    def layout_name(self) -> str:
        """The name of the layout the games were played on."""
        return "Three Peaks" if self.layout is None else self.layout.name

    def __str__(self) -> str:
        low, high = self.win_interval
        on = "" if self.layout is None else f" on {self.layout.name}"
        return (
            f"{self.label} under {self.rules}{on}: won {self.wins} of {len(self.played)} "
            f"({self.win_rate:.1%}, 95% {low:.1%}–{high:.1%}), mean score {self.mean_score:.1f}"
            + (f", {len(self.errors)} stopped by errors" if self.errors else "")
        )

    def plot(self, *others: Results, axes: Sequence[Axes] | None = None) -> Sequence[Axes]:
        """This strategy beside ``others``: win rate and mean score, each with its 95% interval."""
        return plot([self, *others], axes=axes)


def plot(results: Iterable[Results], axes: Sequence[Axes] | None = None) -> Sequence[Axes]:
    """Compare strategies: win rates and mean scores with 95% intervals; returns the two Axes."""
    import matplotlib.pyplot as plt

    results = list(results)
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 0.6 * len(results) + 1.8), layout="constrained")
    labels = [f"{r.label} ({r.rules})" for r in results]
    for ax, value, interval, title in (
        (axes[0], "win_rate", "win_interval", "win rate"),
        (axes[1], "mean_score", "score_interval", "mean score"),
    ):
        values = [getattr(r, value) for r in results]
        spans = [getattr(r, interval) for r in results]
        errors = [
            [v - lo for v, (lo, _) in zip(values, spans, strict=True)],
            [hi - v for v, (_, hi) in zip(values, spans, strict=True)],
        ]
        ax.barh(labels, values, xerr=errors, capsize=4, color="tab:blue", alpha=0.7)
        ax.set(title=f"{title} (95% interval)")
        ax.invert_yaxis()
    axes[0].set_xlim(0, 1)
    axes[1].tick_params(labelleft=False)
    return axes


HOGUE_READINGS = {
    "as-defined": "V2 as the rules define it: a hand not won draws the whole stock",
    "stop-after-last-card": "no draw after the last card removed is charged: the player stops there",
    "stop-when-lost": "the player stops at the first draw once the hand can't be won (the verdict says so)",
    "stop-at-best": "the player ends the hand when its score is highest (in hindsight)",
    "free-draws": "draws cost nothing: the runs and the peaks' bonuses only",
    "whole-stock-paid": "every hand pays for the whole stock, a hand won too",
}


def hogue_scores(results: Results, reading: str = "as-defined") -> list[int]:
    """Each played game's score under Hogue's scoring (V2), its actions replayed under the
    same rules with V2 on and scored as ``reading`` (a key of ``HOGUE_READINGS``) says."""
    if reading not in HOGUE_READINGS:
        raise InvalidValueError(f"reading is one of {', '.join(HOGUE_READINGS)}; got {reading!r}")
    rules = dataclasses.replace(Rules.parse(results.rules), hogue_scoring=True)
    scores = []
    for row in results.played:
        game = Game.from_number(row.game, rules, layout=results.layout)
        after = [game.score]  # the score after each action, from the start
        for action in row.actions:
            game.apply(action)
            after.append(game.score)
        draws = row.actions.count("draw")
        last_card = max((i + 1 for i, a in enumerate(row.actions) if a != "draw"), default=0)
        if reading == "stop-when-lost":
            lost = verdict_history(game)  # the index of the action after which it was lost
            since = len(row.actions) if lost is None else lost + 1  # (-1: lost from the deal on)
            stop = next((i for i in range(since, len(row.actions)) if row.actions[i] == "draw"), len(row.actions))
            scores.append(after[stop])
            continue
        scores.append(
            {
                "as-defined": game.score,
                "stop-after-last-card": after[last_card],
                "stop-at-best": max(after),
                "free-draws": game.score + HOGUE_DRAW_COST * draws,
                "whole-stock-paid": game.score - HOGUE_DRAW_COST * game.stock_count,
            }[reading]
        )
    return scores


@checked_keywords
def evaluate(
    policy: Player,
    games: Iterable[int] = range(1, 1001),
    rules: Rules | str = "easy",
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    progress: bool = True,
    label: str | None = None,
    layout: Layout | str | None = None,
) -> Results:
    """Play ``policy`` over the numbered ``games`` under ``rules`` on ``layout`` (a ``Layout`` or a
    built-in's name; None: Three Peaks); see the module's notes. Without an ``executor``, on
    ``workers`` processes (None: one a core; 1: this process)."""
    from tqdm.auto import tqdm

    numbers = list(games)
    if not numbers or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise InvalidValueError(f"games are deal numbers, e.g. range(1, 1001); got {games!r}")
    rules_name = str(Rules.parse(rules))
    on = None if layout is None else Layout.parse(layout)
    label = label or str(getattr(policy, "__name__", repr(policy)))
    workers = check_workers(workers)
    rows: list[Played] = []
    pool = own_pool(policy, workers, len(numbers)) if executor is None else None
    with tqdm(total=len(numbers), desc=label, disable=not progress) as bar, pool or contextlib.nullcontext():
        runner = executor or pool
        if runner is None:
            for number in numbers:
                rows.append(play(policy, number, rules, on))
                bar.update()
        else:
            chunk = CHUNK if pool is None else OWN_CHUNK
            chunks = [numbers[i : i + chunk] for i in range(0, len(numbers), chunk)]
            futures = [runner.submit(_play_all, policy, part, rules, on) for part in chunks]
            for future in as_completed(futures):
                done = future.result()
                rows.extend(done)
                bar.update(len(done))
    order = {number: i for i, number in enumerate(numbers)}
    rows.sort(key=lambda row: order[row.game])
    results = Results(label, rules_name, tuple(rows), on)
    if results.errors:
        first = results.errors[0].error
        warnings.warn(
            f"{len(results.errors)} of {len(rows)} games stopped on a policy error (kept in .errors); first: {first}",
            stacklevel=2,
        )
    return results
