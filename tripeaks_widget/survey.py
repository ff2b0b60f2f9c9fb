"""Solvability across deals: how many can be won, their best scores, the draws they need.

From a shell (a progress bar on stderr, the table on stdout and in the CSV file)::

    python -m tripeaks_widget.survey --games 1-50000 --rules easy,classic --out solvability.csv

``--layout`` surveys another layout (a built-in's name or key, or a layout file), or several
(``--layout all``: every built-in one); ``--markdown page.md`` writes the table as a page of
the docs, with the command, the date, the deals of each layout and rule set and a 95% interval.

With ``--deals deals.csv`` every deal's record goes to that file as it is solved; an
interrupted survey run again with the same file reads those back and solves only the rest.

From Python, ``solvability`` yields one record per deal and rule set as the deals get solved,
and ``summarize`` turns records into the table's rows::

    records = list(solvability(range(1, 1001), ["easy", "classic"]))
    rows = summarize(records)

The work goes to any ``concurrent.futures.Executor``: by default a local process pool using
every core; pass ``executor=`` to use another, for example a Dask cluster's
``client.get_executor()``, unchanged.

It stays one module past 500 lines because it is one command: the deals solved, their records
written and read back, and the table they make change together with the command's options.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import importlib.util
import math
import os
import re
import shlex
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from datetime import date
from statistics import mean, median
from typing import TypedDict, cast

from tqdm import tqdm

from . import solver
from .engine.codes import DEAL_COUNT, SERIES_FIRST, SERIES_LAST
from .engine.errors import InvalidValueError, TriPeaksError
from .engine.game import Game
from .engine.layout import LAYOUTS, THREE_PEAKS, Layout
from .engine.rules import Rules
from .fair import wilson

RECORD_FIELDS = ("number", "rules", "winnable", "draws", "score", "cards_left", "complete", "seconds", "layout")
ALL_LAYOUTS = "all"  # --layout all: every built-in layout
MOST_GAMES = 1_000_000  # deals in one survey: a million takes hours; more goes in several runs sharing --deals
INTERRUPTED = 130  # the exit status of a survey stopped by Ctrl-C, as a shell reports SIGINT


class DealRecord(TypedDict):
    """A deal solved under a rule set (``solve_deal``): plain values, its fields ``RECORD_FIELDS``."""

    number: int
    rules: str
    winnable: bool | None
    draws: int | None
    score: int | None
    cards_left: int | None
    complete: bool
    seconds: float
    layout: str  # the layout's key


# A row of the survey's table (``summarize``): fixed fields, then ``draws_0``, ``draws_1`` … as far as
# the longest best win of the survey, so no fixed shape.
SummaryRow = dict[str, "str | int | float | None"]


def solve_deal(
    number: int,
    rules: Rules | str,
    *,
    budget: float | None = None,
    lost_lines: bool = False,
    layout: Layout | str | None = None,
    verdict_only: bool = False,
) -> DealRecord:
    """Solve numbered deal ``number`` on ``layout`` (a Layout, or a built-in's name or key; None:
    Three Peaks) from its start under ``rules``; a record (plain values; ``layout`` by its key).
    ``verdict_only`` asks whether it can be won and no more (``solver.winnable``, stopping at the
    first win: quicker), so ``draws``, ``score`` and ``cards_left`` are None.

    ``winnable`` is True, False, or None when ``budget`` (seconds) ran out first. For a deal
    that can be won, ``draws`` and ``score`` are those of its best win (fewest draws, highest
    score). For one that can't, they and ``cards_left`` describe the line that clears the most
    cards when ``lost_lines`` is set, and are None otherwise (that search is the slow part).
    """
    game = Game.from_number(number, rules, layout=Layout.parse(layout))
    if verdict_only:
        return _verdict(number, game, budget)
    solution = solver.solve(game, budget=budget, lost_line=lost_lines)
    described = solution.winnable or (solution.winnable is False and lost_lines and solution.complete)
    return {
        "number": number,
        "rules": str(game.rules),
        "winnable": solution.winnable,
        "draws": solution.draws if described else None,
        "score": solution.score if described else None,
        "cards_left": solution.cards_left if described else None,
        "complete": solution.complete,
        "seconds": round(solution.seconds, 4),
        "layout": game.layout.key,
    }


def _verdict(number: int, game: Game, budget: float | None) -> DealRecord:
    """The record of a deal asked only whether it can be won (see ``solve_deal``)."""
    started = time.perf_counter()
    try:
        verdict: bool | None = solver.winnable(game, budget=budget)
    except solver.SearchExhausted:
        verdict = None
    return {
        "number": number,
        "rules": str(game.rules),
        "winnable": verdict,
        "draws": None,
        "score": None,
        "cards_left": None,
        "complete": verdict is not None,
        "seconds": round(time.perf_counter() - started, 4),
        "layout": game.layout.key,
    }


def _solve_chunk(
    numbers: list[int],
    rules: str,
    budget: float | None,
    lost_lines: bool,
    layout: Layout | None = None,
    verdict_only: bool = False,
) -> list[DealRecord]:
    return [
        solve_deal(number, rules, budget=budget, lost_lines=lost_lines, layout=layout, verdict_only=verdict_only)
        for number in numbers
    ]


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the survey's to handle; it ends the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def local_pool(workers: int | None) -> Iterator[ProcessPoolExecutor]:
    """A process pool of ``workers`` processes (default: every core) for a survey. Left normally,
    it shuts down; left by an exception (Ctrl-C's ``KeyboardInterrupt`` too), its processes are
    ended at once, mid-deal, rather than waited for: the deals they were solving are solved
    again on resume."""
    pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        _end_workers(pool)
        raise
    pool.shutdown(cancel_futures=True)


@contextlib.contextmanager
def dask_pool(address: str, workers: int | None) -> Iterator[Executor]:
    """A Dask cluster's executor for a survey: ``"local"`` starts a cluster on this machine of
    ``workers`` processes (default: every core), one thread each; any other ``address`` is a
    running cluster's scheduler (``tcp://host:8786``). Needs Dask's ``distributed`` package."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InvalidValueError(
            "--dask runs the survey on a Dask cluster, which needs Dask's distributed package: "
            "pip install 'tripeaks-widget[dask]'"
        ) from None
    if address != "local":
        with Client(address) as client:
            yield client.get_executor()
        return
    count = workers or os.cpu_count() or 1
    with (
        LocalCluster(n_workers=count, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        yield client.get_executor()


def _end_workers(pool: ProcessPoolExecutor) -> None:
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 has it
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):  # before 3.14: no public way
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def solvability(
    numbers: Iterable[int],
    rules: Iterable[Rules | str] = ("easy", "classic"),
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    budget: float | None = None,
    lost_lines: bool = False,
    chunk: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    layout: Layout | str | None = None,
    verdict_only: bool = False,
) -> Iterator[DealRecord]:
    """Solve every numbered deal in ``numbers`` on ``layout`` (None: Three Peaks) under every rule
    set in ``rules``, in parallel (``verdict_only``: only whether each can be won; see ``solve_deal``).

    Yields a record per deal and rule set (see ``solve_deal``) as soon as its chunk is done,
    so in no set order. ``executor`` is any ``concurrent.futures.Executor``: a local
    ``ProcessPoolExecutor`` with ``workers`` processes (default: every core) when None, shut
    down at the end; one you pass is used as is and left running, e.g. a Dask cluster's
    ``client.get_executor()``. Deals go out in chunks of ``chunk`` deals (default: about eight
    chunks a worker, at most 50 deals each). ``budget`` is the time limit per deal in seconds.
    ``progress`` is called with (deals done, deals in all) after each chunk.
    """
    numbers = list(numbers)
    rule_names = [str(Rules.parse(r)) for r in rules]
    shape = None if layout is None else Layout.parse(layout)
    if executor is None:
        with local_pool(workers) as pool:
            yield from solvability(
                numbers,
                rule_names,
                executor=pool,
                workers=workers,
                budget=budget,
                lost_lines=lost_lines,
                chunk=chunk,
                progress=progress,
                layout=shape,
                verdict_only=verdict_only,
            )
        return
    total = len(numbers) * len(rule_names)
    size = chunk or max(1, min(50, len(numbers) // (8 * (workers or os.cpu_count() or 1)) or 1))
    futures = [
        executor.submit(_solve_chunk, numbers[i : i + size], name, budget, lost_lines, shape, verdict_only)
        for name in rule_names
        for i in range(0, len(numbers), size)
    ]
    done = 0
    try:
        for future in as_completed(futures):
            records = future.result()
            done += len(records)
            if progress is not None:
                progress(done, total)
            yield from records
    finally:
        for future in futures:  # stopped early: what has not started is not wanted any more
            future.cancel()


def summarize(records: Iterable[DealRecord], layouts: Iterable[Layout] = ()) -> list[SummaryRow]:
    """One row per layout and rule set: games, how many can be won (and the share in per cent,
    with its 95% interval, each to ``PCT_DECIMALS`` decimals), how many are not known (budget ran
    out), the mean best score and draws of the won deals, and how many won deals need exactly d
    draws (``draws_0``, ``draws_1`` …). A row names its layout by its name ("Four Peaks"), as
    ``LAYOUTS`` and ``layout=`` do: a built-in's, or one of ``layouts`` (a layout of one's own
    surveyed); a record of another keeps its key. A record without a layout is Three Peaks'."""
    names = {layout.key: layout.name for layout in (*LAYOUTS.values(), *layouts)}
    by_rules: dict[tuple[str, str], list[DealRecord]] = {}
    for record in records:
        by_rules.setdefault((record.get("layout") or THREE_PEAKS.key, record["rules"]), []).append(record)
    longest = max((r["draws"] for rs in by_rules.values() for r in rs if r["draws"] is not None), default=0)
    rows = []
    for (shape, name), group in by_rules.items():
        won = [r for r in group if r["winnable"]]
        lost = [r for r in group if r["winnable"] is False]
        scored = [r["score"] for r in group if r["score"] is not None]
        draws = [r["draws"] for r in won if r["draws"] is not None]  # none when only the verdicts were asked
        low, high = wilson(len(won), len(group))
        row: SummaryRow = {
            "layout": names.get(shape, shape),
            "rules": name,
            "games": len(group),
            "winnable": len(won),
            "not_winnable": len(lost),
            "unknown": len(group) - len(won) - len(lost),
            "winnable_pct": round(100 * len(won) / len(group), PCT_DECIMALS),
            "winnable_pct_low": round(100 * low, PCT_DECIMALS),
            "winnable_pct_high": round(100 * high, PCT_DECIMALS),
            # averages are always floats (statistics gives an int for whole values of ints), so a
            # column is written in one form whatever the rule set: "14.0", never "14" beside "20.5"
            "mean_best_score_won": _average(mean, [r["score"] for r in won if r["score"] is not None]),
            "mean_best_score_all": _average(mean, scored) if len(scored) == len(group) else None,
            "mean_draws_won": _average(mean, draws),
            "median_draws_won": _average(median, draws),
        }
        row.update({f"draws_{d}": draws.count(d) for d in range(longest + 1)})
        rows.append(row)
    return rows


PCT_DECIMALS = 2  # the share and its interval, in per cent: written with as many decimals each
PCT_FIELDS = ("winnable_pct", "winnable_pct_low", "winnable_pct_high")
_NUMBER = re.compile("[0-9]{1,12}")  # ASCII digits: the largest deal number has 10


def _average(average: Callable[[list[int]], float], values: list[int]) -> float | None:
    return round(float(average(values)), 2) if values else None


def parse_games(text: str) -> list[int]:
    """Deal numbers from text such as ``"1-50000"`` or ``"1-100,250,300-310"``, each once (in
    the order first named) however the parts overlap: deals 0 to 26**7 - 1, at most
    ``MOST_GAMES`` of them."""
    numbers: dict[int, None] = {}
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not _NUMBER.fullmatch(low) or not _NUMBER.fullmatch(high if dash else low):
            raise InvalidValueError(f"games are numbers or ranges, e.g. '1-50000' or '1-100,250'; got {text[:100]!r}")
        first, last = int(low), int(high if dash else low)
        if first > last:
            raise InvalidValueError(f"a range of games runs from low to high, e.g. '1-50000'; got {part!r}")
        if last >= DEAL_COUNT:
            raise InvalidValueError(
                f"deals are numbered 0 to {DEAL_COUNT - 1} (the numbered series: 1-50000); got {last}"
            )
        overlap = sum(first <= number <= last for number in numbers)
        if len(numbers) + (last - first + 1) - overlap > MOST_GAMES:
            raise InvalidValueError(
                f"a survey takes at most {MOST_GAMES:,} deals; split it into runs that share one --deals file"
            )
        numbers.update(dict.fromkeys(range(first, last + 1)))
    if not numbers:
        raise InvalidValueError(f"no games in {text[:100]!r}; expected e.g. '1-50000'")
    return list(numbers)


def read_deals(path: str) -> list[DealRecord]:
    """The per-deal records a survey wrote to ``path`` (its ``--deals`` file), as plain values;
    none when the file does not exist yet. A row cut short by an interrupted write is dropped;
    a byte-order mark (a spreadsheet saved it) is read past. Raises ``ValueError`` for a file
    of another kind, ``OSError`` for one that cannot be read (a folder)."""
    if not os.path.exists(path):
        return []
    if os.path.isdir(path):
        raise IsADirectoryError(f"{path} is a folder; --deals names a CSV file")
    records = []
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        if reader.fieldnames is not None and tuple(reader.fieldnames) not in (RECORD_FIELDS, RECORD_FIELDS[:-1]):
            raise InvalidValueError(
                f"{path} is not a survey's per-deal file: expected the columns {', '.join(RECORD_FIELDS)}"
            )
        for row in reader:
            row.setdefault("layout", THREE_PEAKS.key)  # a file from before layouts: Three Peaks' deals
            try:
                records.append(_read_record(row))
            except (TypeError, ValueError):
                continue  # the last row of a run cut short
    return records


def _read_record(row: dict[str, str]) -> DealRecord:
    """A per-deal record as its CSV row wrote it; TypeError or ValueError for a row cut short."""
    return DealRecord(
        number=int(row["number"]),
        rules=str(row["rules"]),
        winnable={"True": True, "False": False}.get(row["winnable"]),
        draws=_count(row["draws"]),
        score=_count(row["score"]),
        cards_left=_count(row["cards_left"]),
        complete=row["complete"] == "True",
        seconds=float(row["seconds"]),
        layout=str(row["layout"]),
    )


def _count(text: str) -> int | None:
    return int(text) if text else None


def _cell(row: SummaryRow, key: str) -> str:
    """A value of a row as the table and the CSV file write it: a share in per cent to
    ``PCT_DECIMALS`` decimals ("100.00", as "99.24" beside it), nothing for None."""
    value = row[key]
    if value is None:
        return ""
    return f"{value:.{PCT_DECIMALS}f}" if key in PCT_FIELDS else str(value)


def _table(rows: list[SummaryRow]) -> str:
    heads = (
        "layout",
        "rules",
        "games",
        "winnable",
        "winnable %",
        "unknown",
        "mean best score (won)",
        "mean draws (won)",
    )
    keys = ("layout", "rules", "games", "winnable", "winnable_pct", "unknown", "mean_best_score_won", "mean_draws_won")
    lines = [[h for h in heads]] + [[_cell(row, k) for k in keys] for row in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(heads))]
    out = ["  ".join(cell.rjust(w) for cell, w in zip(line, widths, strict=False)) for line in lines]
    draws = sorted({int(k[6:]) for row in rows for k in row if k.startswith("draws_")})
    if draws:
        out.append("")
        out.append("won deals by the draws their best win needs:")
        labels = [f"{row['layout']} {row['rules']}" for row in rows]
        out.append("draws  " + "  ".join(label.rjust(8) for label in labels))
        for d in draws:
            cells = (
                str(row.get(f"draws_{d}", 0)).rjust(max(8, len(label))) for row, label in zip(rows, labels, strict=True)
            )
            out.append(f"{d:5d}  " + "  ".join(cells))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """The survey's command line (``python -m tripeaks_widget.survey``); returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m tripeaks_widget.survey",
        description="How many deals can be won, their best scores and the draws they need.",
    )
    parser.add_argument(
        "--games",
        default=f"{SERIES_FIRST}-{SERIES_LAST}",
        help="deal numbers, e.g. 1-50000 or 1-100,250 (default: the numbered series 1-50000)",
    )
    parser.add_argument(
        "--rules",
        default="easy,classic",
        help="rule sets, comma-separated, e.g. easy,classic or site (default: easy,classic)",
    )
    parser.add_argument(
        "--layout",
        action="append",
        help="the layout: a built-in one's name or key (Three Peaks, DIAMOND …), a layout file (TOML or JSON), or "
        f"'{ALL_LAYOUTS}' for every built-in one; give it again for more (default: Three Peaks)",
    )
    parser.add_argument(
        "--markdown",
        help="also write the table to this Markdown file, a page of the docs: the command, the date, the deals of "
        "each layout and rule set, and the share that can be won with its 95%% interval",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler's address (tcp://host:8786), or 'local' for one started on this "
        "machine with --workers processes (default: a process pool of this machine's own)",
    )
    parser.add_argument("--workers", type=int, default=None, help="processes to use (default: every core)")
    parser.add_argument("--out", help="write the table to this CSV file")
    parser.add_argument(
        "--deals",
        help="also write one row per deal and rule set to this CSV file as they are solved; run again with the "
        "same file to resume: the deals in it are read back, not solved again",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="time limit per deal in seconds; a deal that runs out counts as unknown",
    )
    parser.add_argument(
        "--lost-lines", action="store_true", help="also find the best line of each deal that can't be won (slower)"
    )
    parser.add_argument(
        "--verdict-only",
        action="store_true",
        help="only whether each deal can be won, stopping at the first win found (quicker): no best score or draws",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        numbers = parse_games(args.games)
        parsed = [Rules.parse(name) for name in args.rules.split(",") if name.strip()]
        rules = list({str(rule): rule for rule in parsed}.values())  # each rule set once
        layouts = survey_layouts(args.layout)
    except (ValueError, TriPeaksError) as error:
        parser.error(str(error))
    if not rules:
        parser.error(f"--rules names at least one rule set, e.g. easy,classic; got {args.rules!r}")
    if args.dask and importlib.util.find_spec("distributed") is None:
        parser.error("--dask runs the survey on a Dask cluster, which needs Dask: pip install 'tripeaks-widget[dask]'")
    if args.verdict_only and args.lost_lines:
        parser.error("--lost-lines finds the best line of a deal that can't be won; --verdict-only finds no line")
    if args.workers is not None and args.workers < 1:
        parser.error("--workers is at least 1")
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
        parser.error(f"--budget is a time in seconds, more than 0; got {args.budget}")
    for option, path in (("--out", args.out), ("--markdown", args.markdown)):
        why = _cannot_write(path) if path else None
        if why:
            parser.error(f"{option} {path}: {why}")
    if args.out:
        if args.deals and os.path.realpath(args.out) == os.path.realpath(args.deals):
            parser.error(
                f"--out and --deals name the same file ({args.out}); the table would overwrite the per-deal records "
                "a resumed survey reads: give --out another file"
            )

    order = {str(r): i for i, r in enumerate(rules)}
    shapes = {layout.key: i for i, layout in enumerate(layouts)}
    wanted = {(number, name, key) for key in shapes for number in numbers for name in order}
    # resuming: the deals an earlier run already solved (to the end) are read back, not solved again
    known: dict[tuple[int, str, str], DealRecord] = {}
    deals = None
    if args.deals:
        try:
            known = {(r["number"], r["rules"], r["layout"]): r for r in read_deals(args.deals)}
            fresh = not os.path.exists(args.deals) or os.path.getsize(args.deals) == 0
            deals = open(args.deals, "a", newline="", encoding="utf-8")  # refused now, before any work
        except UnicodeDecodeError:
            parser.error(f"--deals {args.deals}: not a survey's per-deal file (not UTF-8 text)")
        except (OSError, ValueError) as error:
            parser.error(f"--deals {args.deals}: {getattr(error, 'strerror', None) or error}")
    records = [r for key, r in known.items() if key in wanted and (r["complete"] or args.budget is not None)]
    done = {(r["number"], r["rules"], r["layout"]) for r in records}
    todo = {
        (layout, name): [number for number in numbers if (number, name, layout.key) not in done]
        for layout in layouts
        for name in order
    }
    started = time.monotonic()
    bar = tqdm(total=len(wanted), initial=len(done), unit="deal", file=sys.stderr, disable=args.quiet)
    try:
        with dask_pool(args.dask, args.workers) if args.dask else local_pool(args.workers) as pool:
            writer = csv.DictWriter(deals, fieldnames=RECORD_FIELDS) if deals else None
            if writer and deals:
                if fresh:
                    writer.writeheader()
                elif not _ends_a_line(args.deals):
                    deals.write("\r\n")  # after a row cut short
            for (layout, name), group in todo.items():
                if not group:
                    continue
                for record in solvability(
                    group,
                    [name],
                    executor=pool,
                    workers=args.workers,
                    budget=args.budget,
                    lost_lines=args.lost_lines,
                    layout=layout,
                    verdict_only=args.verdict_only,
                ):
                    records.append(record)
                    bar.update(1)
                    if writer and deals:
                        writer.writerow(record)  # the file fills as deals get solved
                        if len(records) % 200 == 0:
                            deals.flush()
    except KeyboardInterrupt:  # the workers were ended at once (local_pool); what was solved is kept
        kept = f"; the deals solved are in {args.deals}: run again with it to resume" if deals else ""
        print(f"interrupted{kept}", file=sys.stderr)
        return INTERRUPTED
    finally:
        bar.close()
        if deals:
            deals.close()
    elapsed = time.monotonic() - started
    records.sort(key=lambda r: (shapes[r["layout"]], order[r["rules"]], r["number"]))
    rows = summarize(records, layouts)
    print(_table(rows))
    solved = len(records) - len(done)
    print(f"\n{len(records)} deals; {solved} solved in {elapsed:.0f} s" + (f", {len(done)} read back" if done else ""))
    if args.out:
        try:
            _write_csv(args.out, rows)
        except OSError as error:
            print(f"the table could not be written to {args.out}: {error.strerror or error}", file=sys.stderr)
            return 1
    if args.markdown:
        command = f"{parser.prog} {shlex.join(sys.argv[1:] if argv is None else argv)}"
        page = markdown_page(rows, layouts, command)
        try:
            with open(args.markdown, "w", encoding="utf-8") as handle:
                handle.write(page)
        except OSError as error:
            print(f"the page could not be written to {args.markdown}: {error.strerror or error}", file=sys.stderr)
            return 1
    return 0


def survey_layouts(named: list[str] | None) -> list[Layout]:
    """The layouts ``--layout`` names (each once, in order): a built-in one's name or key, a
    layout file, or ``all``, every built-in one; none named is Three Peaks."""
    found: dict[str, Layout] = {}
    for text in named or [THREE_PEAKS.name]:
        if text.strip().lower() == ALL_LAYOUTS:
            chosen = list(LAYOUTS.values())
        elif os.path.isfile(text):
            chosen = [Layout.load(text)]
        else:
            chosen = [Layout.parse(text)]
        found.update((layout.key, layout) for layout in chosen)
    return list(found.values())


def markdown_page(rows: list[SummaryRow], layouts: list[Layout], command: str, day: date | None = None) -> str:
    """The survey's table as a page of the docs (an include): which share of the deals of each
    layout and rule set can be won, with Wilson's 95% interval, the deals solved, the command
    that made it and the day it ran."""
    names = {layout.name: layout for layout in layouts}
    lines = [
        f"<!-- Made by the survey: {command} (do not edit: run it again). -->",
        "",
        "| layout | slots | rules | deals | can be won | share | 95% interval | unknown |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        layout = names.get(str(row["layout"]))
        name, slots = (layout.name, str(layout.slot_count)) if layout else (row["layout"], "")
        lines.append(
            f"| {name} | {slots} | {str(row['rules']).capitalize()} | {row['games']:,} | {row['winnable']:,} | "
            f"**{_cell(row, 'winnable_pct')}%** | "
            f"{_cell(row, 'winnable_pct_low')}–{_cell(row, 'winnable_pct_high')}% | "
            f"{row['unknown']:,} |"
        )
    deals = sorted({cast(int, row["games"]) for row in rows})  # a count in every row
    lines += [
        "",
        f"Every deal solved exactly from its start ({' or '.join(f'{n:,}' for n in deals)} deals of each layout and "
        f"rule set), on {(day or date.today()).isoformat()}, by:",
        "",
        "```bash",
        command,
        "```",
        "",
    ]
    return "\n".join(lines)


def _cannot_write(path: str) -> str | None:
    """Why a file could not be written at ``path`` (checked before a survey starts), or None."""
    if os.path.isdir(path):
        return "is a folder; expected a file name"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        return "cannot be written here (permission denied)"
    return None


def _ends_a_line(path: str) -> bool:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"


def _write_csv(path: str, rows: list[SummaryRow], fields: Iterable[str] | None = None) -> None:
    fields = list(fields or rows[0].keys())
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows({key: _cell(row, key) if key in PCT_FIELDS else row[key] for key in row} for row in rows)


if __name__ == "__main__":
    sys.exit(main())
