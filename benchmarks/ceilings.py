"""How far apart the fair player and the ceilings are: the clairvoyant ceiling and the relaxed ones.

    python benchmarks/ceilings.py --games 1-200                   # both rule sets, the issue's run
    python benchmarks/ceilings.py --games 1-5 --probe 3 --probe-nodes 2000000   # where the exact solve is in reach

Each numbered game is played by the fair hint as ``benchmarks/fair.py`` plays it (its own
method, samples and 2.5 s a move). Then:

- **at the deal**: the fair player's win rate (a lower bound that a player reaches) beside the
  clairvoyant ceiling (``win_chance(kind="ceiling")``, ``--ceiling-samples`` arrangements each
  solved with every card known), with 95 % intervals;
- **at the point** (the first position of the fair player's game with at most ``--unseen``
  cards unseen, or the end where the game ends before): the exact fair value where it is found
  (``win_chance()``), the relaxed ceilings ``kind="ceiling-stock"`` (the stock's order told) and
  ``"ceiling-peaks"`` (the face-down peak cards told), each ``--samples`` arrangements solved
  exactly, and the clairvoyant ceiling; means over the games, the per-game tighter of the two
  relaxed ceilings, and the fair player's share of those games won.

An exact solve of a relaxation is an expectimax over the cards it leaves hidden. ``--probe K``
first measures, along the fair player's first ``K`` games, the decision nodes one arrangement's
solve takes at every fourth move up to ``--probe-nodes`` (past it: out of reach), by the number of
cards the relaxation leaves hidden: that says from where the relaxed ceilings can be computed.
``--json FILE`` writes every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair import WIDGET_BUDGET, MeasuredFair, games_spec  # benchmarks/fair.py: the same fair player

from tripeaks_widget import Game
from tripeaks_widget.fair import DEFAULT_SAMPLES, TOLD, relaxed_ceiling_chance, wilson
from tripeaks_widget.fair import ceilings as relaxed
from tripeaks_widget.fair.strategies import play
from tripeaks_widget.solver import SearchExhausted


def mean_interval(values: list[float]) -> str:
    if not values:
        return "-"
    mean = statistics.mean(values)
    half = 1.959964 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:6.1%} (95 % {mean - half:.1%}-{mean + half:.1%})"


def probe(lines: dict[int, tuple[str, ...]], rules: str, nodes: int) -> dict:
    """Decision nodes of one arrangement's relaxed solve along the fair player's games, by the cards left hidden."""
    found: dict = {part: defaultdict(list) for part in relaxed.PARTS}
    for number, actions in lines.items():
        for k in range(0, len(actions) + 1, 4):
            seen = Game.from_number(number, rules).replay(list(actions[:k])).seen()
            if seen.status != "playing":
                break
            deck = next(seen.arrangements(0))
            for part in relaxed.PARTS:
                hidden = relaxed.told(seen, deck, part).hidden_count
                start = time.perf_counter()
                try:
                    count = relaxed.value(seen, deck, part, node_limit=nodes).nodes
                except SearchExhausted:
                    count = None
                found[part][hidden].append((k, count, time.perf_counter() - start))
    return {part: dict(sorted(rows.items())) for part, rows in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=games_spec, default=range(1, 201), help="deal numbers, e.g. 1-200")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    parser.add_argument("--unseen", type=int, default=12, help="the point: the first position with this many unseen")
    parser.add_argument("--samples", type=int, default=20, help="arrangements per relaxed ceiling")
    parser.add_argument("--ceiling-samples", type=int, default=100, help="arrangements per clairvoyant ceiling")
    parser.add_argument("--nodes", type=int, default=500_000, help="decision nodes per relaxed solve at the point")
    parser.add_argument("--probe", type=int, default=0, help="measure the relaxed solves along the first K games")
    parser.add_argument("--probe-nodes", type=int, default=1_000_000, help="decision nodes per probed solve")
    parser.add_argument("--json", help="write every figure here")
    parser.add_argument("--verbose", action="store_true", help="print every game's row as it is measured")
    args = parser.parse_args()
    print(
        f"games {args.games.start}-{args.games.stop - 1}; the point: at most {args.unseen} unseen; "
        f"{args.samples} samples per relaxed ceiling ({args.nodes} nodes each), {args.ceiling_samples} per clairvoyant"
    )
    measured: dict = {"games": f"{args.games.start}-{args.games.stop - 1}", "unseen": args.unseen, "rules": {}}
    for rules in args.rules.split(","):
        player = MeasuredFair("fair", DEFAULT_SAMPLES["fair"], WIDGET_BUDGET)
        start = time.perf_counter()
        lines, rows = {}, []
        for number in args.games:
            played = play(player, number, rules)
            lines[number] = played.actions
            game = Game.from_number(number, rules)
            deal_ceiling = game.win_chance(kind="ceiling", samples=args.ceiling_samples)
            moved = 0
            while game.status == "playing" and game.seen().hidden_count > args.unseen:
                game.apply(played.actions[moved])
                moved += 1
            row = {"game": number, "won": played.won, "deal_ceiling": deal_ceiling.value, "moves": moved}
            row["unseen"] = game.seen().hidden_count
            fair = game.win_chance()
            row["fair"], row["fair_exact"] = fair.value, fair.exact
            row["ceiling"] = game.win_chance(kind="ceiling", samples=args.ceiling_samples).value
            for part in TOLD.values():
                try:
                    row[part] = relaxed_ceiling_chance(game, part, samples=args.samples, node_limit=args.nodes).value
                except SearchExhausted:
                    row[part] = None
            rows.append(row)
            if args.verbose:
                print(json.dumps(row), flush=True)
        seconds = time.perf_counter() - start
        n = len(rows)
        wins = sum(r["won"] for r in rows)
        low, high = wilson(wins, n)
        print(f"{rules} ({seconds:.0f} s, {n} games)")
        print(f"  at the deal: fair player won {wins}/{n} {wins / n:.1%} (95 % {low:.1%}-{high:.1%})")
        print(f"               clairvoyant ceiling {mean_interval([r['deal_ceiling'] for r in rows])}")
        solved = [r for r in rows if r["stock"] is not None and r["peaks"] is not None]
        at = [r["moves"] for r in rows]
        print(
            f"  at the point (<= {args.unseen} unseen, or the end): after {statistics.median(at):.0f} moves "
            f"(median; {min(at)}-{max(at)}), {sum(r['fair_exact'] for r in rows)} of {n} with an exact fair value; "
            f"both relaxations solved in {len(solved)} of {n}"
        )
        won_there = sum(r["won"] for r in solved)
        print(f"    fair player's share won     {won_there / len(solved):6.1%} ({won_there}/{len(solved)})")
        for name, key in (
            ("fair value (exact or est.)", "fair"),
            ("stock order told", "stock"),
            ("peak cards told", "peaks"),
            ("clairvoyant", "ceiling"),
        ):
            print(f"    {name:<28}{mean_interval([r[key] for r in solved])}")
        tighter = [min(r["stock"], r["peaks"]) for r in solved]
        print(f"    the tighter relaxed, per game {mean_interval(tighter)}")
        gap = [min(r["stock"], r["peaks"]) - r["fair"] for r in solved]
        print(f"    gap: tighter relaxed ceiling - fair value {mean_interval(gap)}")
        found: dict = {"wins": wins, "games": n, "seconds": seconds, "rows": rows}
        if args.probe:
            found["probe"] = probe(dict(list(lines.items())[: args.probe]), rules, args.probe_nodes)
            for part, table in found["probe"].items():
                print(f"  probe, {part} told (one arrangement, at most {args.probe_nodes} nodes):")
                for hidden, cases in table.items():
                    counts = [c for _, c, _ in cases if c is not None]
                    over = len(cases) - len(counts)
                    most = max(counts, default=0)
                    slowest = max(s for _, _, s in cases)
                    print(
                        f"    {hidden:2d} hidden: {len(cases)} positions, {len(counts)} solved (most nodes {most}), "
                        f"{over} out of reach; slowest {slowest:.1f} s"
                    )
        measured["rules"][rules] = found
    if args.json:
        Path(args.json).write_text(json.dumps(measured) + "\n")


if __name__ == "__main__":
    main()
