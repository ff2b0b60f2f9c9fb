"""The solver's answers on a fixed set of deals and positions, as JSON, from one build of its
searches: the differential test (test_solver_backends.py) runs this file twice, once with the
search in C ("compiled") and once with the Python reference ("python"), and compares.
``python tests/helpers/solver_runs.py BUILD DEALS POSITIONS [MIDGAME [GOALS]]`` prints {"backend": the searches'
class, "answers": {...}}; the work is spread over processes that each take the same searches."""

from __future__ import annotations

import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tripeaks_widget import Game, fair, solver
from tripeaks_widget.engine.layout import THREE_PEAKS, Layout
from tripeaks_widget.solver import _backends, _score

SEED = 20261201
# The rule sets of the positions reached mid-game: both rank lines and every variant the win search
# treats apart (a joker stands its predecessor checks down, V5 draws one card at a time and keys its
# memo on the exact draw count, an empty discard fits anything; open peaks change nothing in it).
MIDGAME_RULES = (
    "easy",
    "classic",
    "easy+joker",
    "classic+draw-when-stuck",
    "easy+empty-discard+open-peaks",
    "classic+joker+draw-when-stuck",
    "classic+empty-discard",
    "easy+draw-when-stuck",
)
POSITION_MOVES = (4, 6, 8, 10, 12, 14, 16, 20)  # random actions into the deal, by the deal's number
GOAL_MOVES = (2, 6, 10, 14)  # the goals' positions: a few random actions into the deal
KINGS = ("K♣", "K♦", "K♥", "K♠")


def deal_numbers(count: int) -> list[int]:
    rng = random.Random(SEED)
    return [rng.randrange(1, 10**9) for _ in range(count)]


def mid_game(number: int, rules: str, moves: int, layout: Layout = THREE_PEAKS) -> Game:
    """A position a few random actions into a deal on ``layout`` (the same in every process)."""
    rng = random.Random(f"{SEED}-{number}-{rules}" + ("" if layout is THREE_PEAKS else f"-{layout.key}"))
    game = Game.from_number(number, rules, layout=layout)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal or game.status != "playing":
            break
        game.apply(rng.choice(legal))
    return game


def _solution(solution: solver.Solution) -> list:
    return [
        solution.winnable,
        list(solution.line),
        solution.draws,
        solution.cards_left,
        solution.score,
        solution.complete,
    ]


def _reach(reach: solver.Reach | None) -> list | None:
    return None if reach is None else [reach.value, list(reach.line)]


def goals(game: Game) -> list:
    """The goals' searches from a position: the public functions, then the searches they pass by
    where the win search answers first (the most hearts, the highest score under the app's scoring)."""
    hearts = sum(1 << slot for slot in range(28) if game.deck[slot].suit == 2)
    fewest = solver.fewest_draws(game)
    answers = [
        _reach(solver.longest_run(game)),
        _reach(solver.most_cleared_of(game, KINGS)),
        _reach(solver.highest_score(game)),
        _reach(fewest),
        list(solver._backend.most_of(solver._prepare(game, None)[1], hearts, None)),
    ]
    if fewest is not None and not game.rules.hogue_scoring:
        answers.append(list(solver._backend.highest_score(solver._prepare(game, None)[1], 0, _score.APP, True)))
    return answers


def _chance(chance: fair.Chance) -> list:
    return [chance.value, chance.samples, chance.wins, chance.exact]


def answer(task: tuple[str, int, str]) -> tuple[str, list]:
    kind, number, rules = task
    key = f"{kind} {number} {rules}"
    if kind == "deal":  # the verdict and the best line from the deal
        game = Game.from_number(number, rules)
        return key, [solver.winnable(game), _solution(solver.solve(game))]
    if kind == "hogue":  # Hogue's highest score, from a mid-game position
        return key, _solution(solver.solve(mid_game(number, f"{rules}+hogue-scoring", 14)))
    if kind == "position":  # a position reached mid-game: the verdict, the best line, every action's verdict
        game = mid_game(number, rules, POSITION_MOVES[number % len(POSITION_MOVES)])
        return key, [solver.winnable(game), _solution(solver.solve(game)), sorted(solver.winning_actions(game).items())]
    if kind == "goals":  # the goals' best on each measure (test_solver.py checks them against the exhaustive walk)
        return key, goals(mid_game(number, rules, GOAL_MOVES[number % len(GOAL_MOVES)]))
    position = mid_game(number, rules, 10)
    if kind == "actions":
        return key, sorted(solver.winning_actions(position).items())
    if kind == "fair":  # the fair functions that the solver judges, on sampled arrangements
        chances = fair.move_chances(position, method="solver", samples=6, seed=number % 97)
        return key, [_chance(fair.win_chance(position, samples=12, seed=number % 89))] + [
            [action, _chance(chance)] for action, chance in chances.items()
        ]
    raise ValueError(f"unknown task {kind!r}")


def tasks(deals: int, positions: int, midgame: int = 0, goal_positions: int = 0) -> list[tuple[str, int, str]]:
    """The deals from their start under Easy and Classic, ``positions`` positions per rule set for
    Hogue's line, winning_actions and fair play, ``midgame`` positions reached mid-game under
    the rule sets of ``MIDGAME_RULES`` in turn, and ``goal_positions`` for the goals' searches
    (deals from their start and early positions, under those rule sets, with Hogue's scoring
    for every third)."""
    numbers = deal_numbers(max(deals, positions, midgame, goal_positions))
    found = [("deal", n, rules) for rules in ("easy", "classic") for n in numbers[:deals]]
    for kind in ("hogue", "actions", "fair"):
        found += [(kind, n, rules) for rules in ("easy", "classic") for n in numbers[:positions]]
    found += [("position", n, MIDGAME_RULES[i % len(MIDGAME_RULES)]) for i, n in enumerate(numbers[:midgame])]
    for i, n in enumerate(numbers[:goal_positions]):
        found.append(("goals", n, MIDGAME_RULES[i % len(MIDGAME_RULES)] + ("+hogue-scoring" if i % 3 == 2 else "")))
    return found


def use(build: str) -> None:
    """Make the solver run the searches of ``build`` ("compiled": in C; "python": the reference)."""
    solver._backend = _backends.for_build(build)


def main(argv: list[str]) -> int:
    build, deals, positions = argv[0], int(argv[1]), int(argv[2])
    midgame = int(argv[3]) if len(argv) > 3 else 0
    goal_positions = int(argv[4]) if len(argv) > 4 else 0
    workers = int(os.environ.get("SOLVER_RUNS_WORKERS", "0")) or os.cpu_count() or 1
    use(build)
    with ProcessPoolExecutor(max_workers=workers, initializer=use, initargs=(build,)) as pool:
        answers = dict(pool.map(answer, tasks(deals, positions, midgame, goal_positions), chunksize=16))
    json.dump({"backend": type(solver._backend).__name__, "answers": answers}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
