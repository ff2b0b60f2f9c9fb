"""How fast the solver is, against a plain memoised depth-first search, on the same deals.

    python benchmarks/solver.py                 # 1,000 random numbered deals per rule set
    python benchmarks/solver.py --deals 100     # fewer
    python benchmarks/solver.py --decks FILE    # the decks in a file instead, one a line
    python benchmarks/solver.py --backends c,python   # some builds of the search only
    python benchmarks/solver.py --no-python-baseline  # the plain search in C only (the Python one is slow)
    python benchmarks/solver.py --layout diamond      # another layout (a built-in's name or key, or a file)
    git show main:tripeaks_widget/solver/_csearch.c > /tmp/before.c
    python benchmarks/solver.py --before /tmp/before.c  # beside the search in C built from an older source
    python benchmarks/solver.py --slowest 5           # and the 5 slowest deals of each answer

In one process, for every deal and rule set: the baseline's verdict, the solver's verdict
(``winnable``) and its best line (``solve``). Prints mean, median, 99th percentile and
maximum milliseconds per deal, how many deals took more than a frame (16.7 ms, "> frame"), and
how many times faster than the baseline the solver is (ratio of the means; "x C" the same
against the naive search in C). The verdicts must agree.

Where the compiled build is installed, the solver's rows come twice, one per build of its
searches ("c": the searches written in C, which the compiled build runs; "python": the
pure-Python reference, taken beside it in this process), on the same deals in one run, with
the column "x python": how many times faster than the pure-Python search that row is (ratio of
the means). The answers of both must agree. With ``--before FILE``, a third: the search in C
compiled here from an older version of its source (one that takes any layout), named "before",
on the same deals in the same run; the column "x before" says how many times faster than it each
row is (ratio of the means). The older search must give the same verdicts and lines of the same
worth (as many draws, as many cards left); where lines tie, it may choose another.

``--layout`` deals on another layout (the plain search in C, written for Three Peaks, is then left out).

With the machine's ``cc``, the same naive search written in C (``naive_search.c``, compiled
here into a temporary directory) runs on the same deals: the row "naive C" (its own clock,
no process start-up). Every time is the process's CPU time, not the wall clock, so that
other work on a shared machine weighs on the figures as little as it can. Then Hogue's
highest-score line (V2) on the first ``--hogue-deals`` deals, and fair sampling: mid-game
positions, the unseen cards shuffled into ``--samples`` arrangements each, judged by
``winnable`` and by ``winning_actions``, with how many of one arrangement's searched
positions (the cards still in play included) another arrangement's search met too: what a
table shared between the samples could save.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import weakref
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game, solver
from tripeaks_widget.engine.layout import THREE_PEAKS, Layout
from tripeaks_widget.solver import _backends, _prepare
from tripeaks_widget.solver._search import Search
from tripeaks_widget.solver._space import Space, _play_checks

C_SOURCE = Path(__file__).with_name("naive_search.c")


def baseline_winnable(game: Game) -> bool:
    """The plain way: depth first over every action, remembering each position seen
    (removed set, stock position, discard card) so that none is searched twice."""
    deck, rules = game.deck, game.rules
    stock = game.stock
    seen = set()
    cover_mask, full = game.layout.cover_mask, game.layout.all_slots_mask

    def search(removed, drawn, discard):
        if removed == full:
            return True
        if (removed, drawn, discard) in seen:
            return False
        seen.add((removed, drawn, discard))
        for slot in range(game.layout.slot_count):
            free = not removed >> slot & 1 and removed & cover_mask[slot] == cover_mask[slot]
            if free and rules.fits(deck[slot].rank, discard.rank):
                if search(removed | 1 << slot, drawn, deck[slot]):
                    return True
        return drawn < len(stock) and search(removed, drawn + 1, stock[drawn])

    removed, _, discard = game.position
    return search(removed, 0, discard)


def c_baseline(games: list[Game]) -> list[tuple[bool, float]] | None:
    """The naive search in C on these deals from their start: (verdict, seconds) each; None
    without a C compiler."""
    cc = shutil.which("cc")
    if cc is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "naive_search"
        subprocess.run([cc, "-O2", "-o", str(program), str(C_SOURCE)], check=True)
        lines = [" ".join(str(mask) for mask in THREE_PEAKS.cover_mask)]
        for game in games:
            ranks = [card.rank for card in game.deck]
            lines.append(" ".join(map(str, [int(game.rules.king_ace_wrap), *ranks])))
        out = subprocess.run([str(program)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return [(verdict == "1", float(seconds)) for verdict, seconds in (row.split() for row in out.stdout.splitlines())]


def read_decks(path: str) -> list[str]:
    """The decks in a text file, one a line (52 cards as ``Game.from_deck`` takes them: the 28
    peak cards row by row from the tops, the first discard, the stock from its top), blank
    lines skipped; a line that is not a deck is refused with its number."""
    decks = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                Game.from_deck(line)
            except ValueError as error:
                raise SystemExit(f"{path}, line {number}: not a deck of 52 cards ({error})") from None
            decks.append(line)
    if not decks:
        raise SystemExit(f"{path}: no decks in it; expected one deck of 52 cards a line")
    return decks


def sampled(game: Game, rng: random.Random) -> Game:
    """The game with its unseen cards (face-down peak cards, the stock left) shuffled: an
    arrangement that looks the same to the player."""
    removed = game.position.removed
    stock_start = len(game.deck) - game.stock_count
    places = [s for s in range(game.layout.slot_count) if not removed >> s & 1 and not game.is_face_up(s)]
    places += range(stock_start, len(game.deck))
    cards = [game.deck[p] for p in places]
    rng.shuffle(cards)
    deck = list(game.deck)
    for place, card in zip(places, cards, strict=True):
        deck[place] = card
    return Game.from_deck([str(card) for card in deck], game.rules, layout=game.layout).replay(game.history)


def searched_positions(game: Game) -> set:
    """The positions a first-win search from the game visits, each with the cards still in
    play (the peak cards left, by slot, and the stock from the cards drawn): equal keys in
    two arrangements are the same position with the same future."""
    search = _prepare(game, None)[1]
    seen: dict[int, int] = {}
    search.wins(first_only=True, seen=seen)
    ranks, stock = search.space.ranks, search.space.stock
    keys = set()
    for key, drawn in seen.items():
        removed = key & game.layout.all_slots_mask
        left = tuple(ranks[s] for s in range(game.layout.slot_count) if not removed >> s & 1)
        keys.add((key, drawn, left, stock[drawn:]))
    return keys


def fair_sampling(solver, rules: str, positions: int, samples: int, seed: int, layout: Layout = THREE_PEAKS) -> None:
    rng = random.Random(seed)
    judged, one_pass, per_action, hits, total = 0.0, 0.0, 0.0, 0, 0
    count = 0
    for _ in range(positions):
        game = Game.from_number(rng.randrange(1, 50_001), rules, layout=layout)
        for _ in range(rng.randrange(8, 25)):
            moves = game.legal_moves()
            if not moves:
                break
            game.apply(rng.choice(moves))
        if game.status != "playing":
            continue
        arrangements = [sampled(game, rng) for _ in range(samples)]
        met: set = set()
        for arrangement in arrangements:
            _, seconds = timed(solver.winnable, arrangement)
            judged += seconds
            _, seconds = timed(solver.winning_actions, arrangement)
            one_pass += seconds
            start = time.process_time()
            for action in arrangement.legal_moves():
                solver.winnable(arrangement.copy().replay([action]))
            per_action += time.process_time() - start
            keys = searched_positions(arrangement)
            hits += len(keys & met)
            total += len(keys)
            met |= keys
            count += 1
    print(
        f"{rules:8} {solver.BACKEND:8} fair sampling: {count} arrangements of {positions} mid-game positions; "
        f"verdicts {count / judged:.0f}/s; every first action's verdict: one pass {count / one_pass:.1f}/s, "
        f"one search per action {count / per_action:.1f}/s; positions met again in another arrangement "
        f"{100 * hits / max(total, 1):.2f}% of {total}"
    )


class Before(_backends.C):
    """The search in C compiled from an older version of its source (``--before``): one that takes
    any layout, as the installed one does (from the commit that brought layouts on). A source
    without ``one_left`` is timed as that source's package ran it: the lost line's searches
    without each top, one after the other."""

    def __init__(self, source: str) -> None:
        from setuptools import Distribution, Extension  # the build's own compiler and flags

        folder = Path(tempfile.mkdtemp(prefix="solver-before-"))
        copy = folder / "_csearch.c"  # under its own name: it includes itself once per width
        shutil.copyfile(source, copy)
        dist = Distribution({"name": "before", "ext_modules": [Extension("_csearch", [str(copy)])]})
        command = dist.get_command_obj("build_ext")
        command.build_lib, command.build_temp = str(folder), str(folder / "obj")
        command.ensure_finalized()
        command.run()
        path = next(folder.glob("_csearch*.so"))
        spec = importlib.util.spec_from_file_location("_csearch", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.setup(_play_checks(False), _play_checks(True))
        self._c = module
        self._tables: weakref.WeakKeyDictionary[Space, dict[bool, bytes]] = weakref.WeakKeyDictionary()

    def _space(self, space: Space, draws_in_keys: bool = False) -> bytes:
        try:
            return super()._space(space, draws_in_keys)
        except TypeError:  # a source older than ``draws_in_keys``: the same tables for every search
            tables: bytes = self._c.space(*self._space_args(space))
            self._tables[space] = {False: tables, True: tables}
            return tables

    def one_left(self, search: Search, tops: int):
        if hasattr(self._c, "one_left"):
            return super().one_left(search, tops)
        best, limit, space = None, None, search.space
        for top in (t for t in range(space.shift) if tops >> t & 1):
            without = Search(space, search.removed | 1 << top, search.drawn, search.rank, search.deadline)
            found, complete = self.wins(without, first_only=False, limit=limit)
            search.nodes += without.nodes
            if found is not None:
                best, limit = found, search.drawn + found[0] - 1
            if not complete:
                return best, False
        return best, True


def read_layout(value: str) -> Layout:
    """A built-in layout's name or key, or a layout file."""
    return Layout.load(value) if Path(value).suffix in (".toml", ".json") else Layout.parse(value)


class Build:
    """One build of the solver's searches under a name: the solver's functions, called with
    ``searches`` (``solver._backends``: the search in C, or the Python reference) in use."""

    def __init__(self, name: str, searches) -> None:
        self.BACKEND, self._searches = name, searches

    def __getattr__(self, name: str):
        function = getattr(solver, name)
        if not callable(function):
            return function

        def call(*args, **kwargs):
            saved, solver._backend = solver._backend, self._searches
            try:
                return function(*args, **kwargs)
            finally:
                solver._backend = saved

        return call


def in_turn(solvers: list, index: int) -> list:
    """The builds in the order the deal ``index`` runs them: each goes first in turn (the first
    search after another may find the memory it needs already mapped)."""
    first = index % len(solvers)
    return solvers[first:] + solvers[:first]


def timed(function, game):
    start = time.process_time()
    result = function(game)
    return result, time.process_time() - start


FRAME = 1 / 60  # seconds: one frame at 60 a second, 16.7 ms


def describe(times):
    """Milliseconds: mean, median, 99th percentile, maximum; and how many took more than a frame."""
    times = sorted(times)
    ms = [1000 * t for t in times]
    over = sum(t > FRAME for t in times)
    return (statistics.mean(ms), statistics.median(ms), ms[min(len(ms) - 1, int(0.99 * len(ms)))], ms[-1], over)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="random deals per rule set (default 1000)")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma-separated")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random choice of deals")
    parser.add_argument("--decks", help="a file of decks, one a line, to time instead of random numbered deals")
    parser.add_argument("--no-baseline", action="store_true", help="time the solver only")
    parser.add_argument(
        "--no-python-baseline", action="store_true", help="leave out the plain search in Python (keep the one in C)"
    )
    parser.add_argument("--hogue-deals", type=int, default=20, help="deals for Hogue's highest score (default 20)")
    parser.add_argument("--positions", type=int, default=10, help="mid-game positions for fair sampling")
    parser.add_argument("--samples", type=int, default=20, help="arrangements per position (default 20)")
    parser.add_argument(
        "--backends", default="c,python", help="builds of the search to time, where built (default both)"
    )
    parser.add_argument("--layout", type=read_layout, default=THREE_PEAKS, help="a layout's name or key, or a file")
    parser.add_argument("--slowest", type=int, default=0, help="name the slowest deals, so many per answer")
    parser.add_argument("--before", help="an older source of the search in C (taking any layout), timed beside it")
    args = parser.parse_args(argv)
    wanted = args.backends.split(",")
    if not set(wanted) <= {"c", "python"}:
        parser.error(f"--backends: expected names from c, python; got {args.backends!r}")
    layout = args.layout
    builds = {"python": Build("python", _backends.Python())}
    if solver.BACKEND == "compiled":
        builds["c"] = Build("c", solver._backend)
    if args.before:
        builds["before"] = Build("before", Before(args.before))
        wanted.append("before")
    solvers = [builds[name] for name in wanted if name in builds]
    print(f"layout: {layout.name} ({layout.slot_count} slots)")
    print(f"builds of the search: {', '.join(s.BACKEND for s in solvers)} (installed: {solver.BACKEND})")

    if args.decks:
        decks = read_decks(args.decks)
        print(f"{len(decks)} decks from {args.decks}, under each rule set; milliseconds per deal")

        def games(rules: str, count: int | None = None) -> list[Game]:
            return [Game.from_deck(deck, rules, layout=layout) for deck in decks[:count]]

    else:
        rng = random.Random(args.seed)
        numbers = [rng.randrange(1, 50_001) for _ in range(args.deals)]
        print(f"{args.deals} random numbered deals per rule set (seed {args.seed}); milliseconds per deal")

        def games(rules: str, count: int | None = None) -> list[Game]:
            return [Game.from_number(number, rules, layout=layout) for number in numbers[:count]]

    print(
        f"{'rules':8} {'search':10} {'build':8} {'mean':>8} {'median':>8} {'p99':>8} {'max':>8} {'> frame':>7}"
        f" {'x faster':>9} {'x C':>6} {'x python':>9} {'x before':>9}  winnable"
    )
    failures = 0
    for name in args.rules.split(","):
        base_times, won = [], 0
        verdict_times: dict[str, list[float]] = {s.BACKEND: [] for s in solvers}
        line_times: dict[str, list[float]] = {s.BACKEND: [] for s in solvers}
        hogue_times: dict[str, list[float]] = {s.BACKEND: [] for s in solvers}
        dealt = games(name)
        verdicts: list[bool] = []
        for index, game in enumerate(dealt):
            answers = []
            for build in in_turn(solvers, index):
                verdict, seconds = timed(build.winnable, game)
                verdict_times[build.BACKEND].append(seconds)
                solution, seconds = timed(build.solve, game)
                line_times[build.BACKEND].append(seconds)
                worth = (verdict, solution.winnable, solution.draws, solution.cards_left)
                answers.append((build.BACKEND, worth, solution.line, solution.score))
                if solution.winnable != verdict:
                    failures += 1
                    print(
                        f"  {game.code}: winnable() says {verdict}, solve() says {solution.winnable} ({build.BACKEND})"
                    )
            now = [answer[1:] for answer in answers if answer[0] != "before"]  # the same search: the same lines
            if any(answer[1] != answers[0][1] for answer in answers) or any(answer != now[0] for answer in now):
                failures += 1
                print(f"  {game.code}: the builds of the search disagree: {answers}")
            verdict = answers[0][1][0]
            won += verdict
            verdicts.append(verdict)
            if not args.no_baseline and not args.no_python_baseline:
                expected, seconds = timed(baseline_winnable, game)
                base_times.append(seconds)
                if expected != verdict:
                    failures += 1
                    print(f"  {game.code}: the baseline says {expected}, the solver {verdict}")
        share = f"{100 * won / len(dealt):.1f}%"
        c_times = []
        if not args.no_baseline and layout == THREE_PEAKS:
            results = c_baseline(dealt) or []
            for game, (expected, seconds) in zip(dealt, results, strict=False):
                c_times.append(seconds)
                if expected != solver.winnable(game):
                    failures += 1
                    print(f"  {game.code}: the C baseline says {expected}")
        for index, game in enumerate(games(f"{name}+hogue-scoring", args.hogue_deals)):
            for build in in_turn(solvers, index):
                solution, seconds = timed(build.solve, game)
                hogue_times[build.BACKEND].append(seconds)
                if game.copy().replay(solution.line).status == "playing":
                    failures += 1
                    print(f"  {game.code}: the highest-score line does not end the game ({build.BACKEND})")
        rows = [("baseline", "", base_times), ("naive C", "", c_times)]
        for label, table in (("verdict", verdict_times), ("best line", line_times), ("hogue line", hogue_times)):
            rows += [(label, build, times) for build, times in table.items()]
        tables = {"verdict": verdict_times, "best line": line_times, "hogue line": hogue_times}
        base_mean = statistics.mean(base_times) if base_times else None
        c_mean = statistics.mean(c_times) if c_times else None
        for label, build, times in rows:
            if not times:
                continue
            mean, med, p99, worst, over = describe(times)
            ratio = f"{base_mean / statistics.mean(times):9.1f}" if base_mean and label != "baseline" else " " * 9
            versus_c = f"{c_mean / statistics.mean(times):6.2f}" if c_mean and build else " " * 6
            python = tables.get(label, {}).get("python") if build else None
            versus = f"{statistics.mean(python) / statistics.mean(times):9.2f}" if python else " " * 9
            before = tables.get(label, {}).get("before") if build else None
            versus += f" {statistics.mean(before) / statistics.mean(times):9.2f}" if before else " " * 10
            deals = f"{share}" if len(times) == len(dealt) else f"({len(times)} deals)"
            figures = f"{mean:8.1f} {med:8.1f} {p99:8.1f} {worst:8.1f} {over:7}"
            print(f"{name:8} {label:10} {build:8} {figures} {ratio} {versus_c} {versus}  {deals}")
        for label, table in (("verdict", verdict_times), ("best line", line_times)):
            for build, times in table.items() if args.slowest else ():
                worst = sorted(range(len(times)), key=times.__getitem__, reverse=True)[: args.slowest]
                said = (f"{dealt[i].code} {1000 * times[i]:.1f} ms ({'won' if verdicts[i] else 'lost'})" for i in worst)
                print(f"{name:8} the slowest {label} ({build}): {', '.join(said)}")
    if args.positions and args.samples:
        for name in args.rules.split(","):
            for build in solvers:
                fair_sampling(build, name, args.positions, args.samples, args.seed, layout)
    if failures:
        print(f"{failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
