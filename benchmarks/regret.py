"""What the fair hint's choice loses where the best choice can be proven offline, beyond its own exact reach.

    python benchmarks/regret.py --games 1-40 --unseen 10    # both rule sets

Each numbered game is played by the fair hint as ``benchmarks/fair.py`` plays it (its own method,
samples and 2.5 s a move) up to the first position with at most ``--unseen`` cards unseen where it
has a choice. There the exact expectimax solves every action with no clock (up to ``--nodes``
decision nodes; past them the position is counted as out of reach), and the hint's choice is held
against the best: how often it is a best action, and the chance it gives up (the regret: the best
action's exact chance less the chosen one's), in points. Positions the hint itself answered
exactly (``fair.EXACT_TRY_NODES``) are counted apart: their regret is 0 by construction.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair import WIDGET_BUDGET, games_spec  # benchmarks/fair.py: the same games

from tripeaks_widget import Game
from tripeaks_widget.fair import DEFAULT_SAMPLES, best_action, expectimax, move_chances
from tripeaks_widget.fair.strategies import lookahead
from tripeaks_widget.solver import SearchExhausted


def first_choice_within(number: int, rules: str, unseen: int):
    """The fair hint's game up to its first position with at most ``unseen`` cards unseen and a
    choice: that position (a ``Seen``) and the hint's chances there; None if the game ends first."""
    game = Game.from_number(number, rules)
    while game.status == "playing":
        seen = game.seen()
        try:
            chances = move_chances(seen, samples=DEFAULT_SAMPLES["fair"], budget=WIDGET_BUDGET)
        except SearchExhausted:  # no arrangement judged in time: as the player does
            game.apply(lookahead(seen))
            continue
        if seen.hidden_count <= unseen and len(seen.legal_moves) > 1:
            return seen, chances
        game.apply(best_action(chances))
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=games_spec, default=games_spec("1-40"), help="numbered games, e.g. 1-40")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    parser.add_argument("--unseen", type=int, default=10, help="the position: the first with at most this many unseen")
    parser.add_argument("--nodes", type=int, default=3_000_000, help="the offline solve's decision-node limit")
    parser.add_argument("--verbose", action="store_true", help="a row per game")
    args = parser.parse_args(argv)
    for rules in args.rules.split(","):
        regrets, exact_by_hint, out_of_reach, ended = [], 0, 0, 0
        for number in args.games:
            found = first_choice_within(number, rules, args.unseen)
            if found is None:
                ended += 1
                continue
            seen, chances = found
            chosen = best_action(chances)
            if chances[chosen].exact:
                exact_by_hint += 1
                continue
            try:
                solved = expectimax.solve(seen, node_limit=args.nodes)
            except SearchExhausted:
                out_of_reach += 1
                continue
            regret = solved.value - solved.actions[chosen]
            regrets.append(regret)
            if args.verbose:
                print(f"  game {number}: {seen.hidden_count} unseen, {solved.nodes:,} nodes, best "
                      f"{solved.value:.1%}, chosen {chosen} {solved.actions[chosen]:.1%}", flush=True)  # fmt: skip
        optimal = sum(r < 1e-9 for r in regrets)
        games = f"{args.games.start}-{args.games.stop - 1}"
        print(f"{rules}, games {games}, the first choice with at most {args.unseen} cards unseen:")
        print(f"  ended before it {ended}; answered exactly by the hint {exact_by_hint}; "
              f"past {args.nodes:,} nodes {out_of_reach}; estimated and solved offline {len(regrets)}")  # fmt: skip
        if regrets:
            print(f"  the estimate chose a best action in {optimal} of {len(regrets)}; regret mean "
                  f"{100 * statistics.mean(regrets):.2f} points, worst {100 * max(regrets):.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
