"""The solvability survey (tripeaks_widget.stats): records, the table, the executor seam, the CLI."""

import csv
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from tripeaks_widget import Game
from tripeaks_widget.stats import main, parse_games, read_deals, solvability, solve_deal, summarize


def test_a_record_per_deal():
    won = solve_deal(3, "easy")  # R6.5: deal 3 can be won under Easy, not under Classic
    assert won == {**won, "number": 3, "rules": "easy", "winnable": True, "cards_left": 0, "complete": True}
    assert won["score"] == 772 - won["draws"]  # R5.3
    lost = solve_deal(3, "classic")
    assert lost["winnable"] is False and lost["draws"] is lost["score"] is lost["cards_left"] is None
    described = solve_deal(3, "classic", lost_lines=True)
    assert described["cards_left"] == Game("TP1-C-AAAAAAD").solve().cards_left


def test_the_table():
    records = [
        {"rules": "easy", "winnable": True, "draws": 2, "score": 770},
        {"rules": "easy", "winnable": True, "draws": 4, "score": 768},
        {"rules": "easy", "winnable": False, "draws": None, "score": None},
        {"rules": "classic", "winnable": None, "draws": None, "score": None},
    ]
    easy, classic = summarize(records)
    assert easy == {
        **easy,
        "rules": "easy",
        "games": 3,
        "winnable": 2,
        "not_winnable": 1,
        "unknown": 0,
        "winnable_pct": 66.67,
        "mean_best_score_won": 769,
        "mean_best_score_all": None,
        "mean_draws_won": 3,
        "draws_0": 0,
        "draws_2": 1,
        "draws_3": 0,
        "draws_4": 1,
    }
    assert classic["unknown"] == 1 and classic["winnable_pct"] == 0 and classic["mean_draws_won"] is None
    assert set(easy) == set(classic)  # the same columns for every rule set


def test_game_ranges():
    assert parse_games("1-3,7, 9-10") == [1, 2, 3, 7, 9, 10]
    for bad in ("", "3-1", "a-b", "1-"):
        with pytest.raises(ValueError, match=r"e\.g\."):
            parse_games(bad)


def test_any_executor_does_the_work():
    """The batch takes any concurrent.futures executor (a Dask client's get_executor() too):
    a local process pool and a thread pool give the same records as solving one by one."""
    numbers = range(1, 9)
    expected = sorted(
        (solve_deal(n, r) for r in ("easy", "classic") for n in numbers), key=lambda rec: (rec["rules"], rec["number"])
    )

    def key(rec):
        return {k: v for k, v in rec.items() if k != "seconds"}

    seen = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        records = list(
            solvability(
                numbers,
                ["easy", "classic"],
                executor=pool,
                chunk=3,
                progress=lambda done, total: seen.append((done, total)),
            )
        )
        assert pool.submit(abs, -1).result() == 1  # an executor passed in is left running
    assert sorted(map(key, records), key=lambda rec: (rec["rules"], rec["number"])) == list(map(key, expected))
    assert seen[-1] == (16, 16) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = list(solvability(numbers, ["easy", "classic"], executor=pool))
    assert sorted(map(key, threaded), key=lambda rec: (rec["rules"], rec["number"])) == list(map(key, expected))


def test_the_command_line(tmp_path, capsys):
    out, deals = tmp_path / "table.csv", tmp_path / "deals.csv"
    assert (
        main(
            [
                "--games",
                "1-6",
                "--rules",
                "easy,classic",
                "--workers",
                "2",
                "--quiet",
                "--out",
                str(out),
                "--deals",
                str(deals),
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "winnable %" in printed and "12 deals; 12 solved" in printed
    rows = list(csv.DictReader(out.open()))
    assert [row["rules"] for row in rows] == ["easy", "classic"]
    assert all(int(row["games"]) == 6 for row in rows)
    per_deal = list(csv.DictReader(deals.open()))
    assert sorted((row["rules"], int(row["number"])) for row in per_deal) == [
        (name, number) for name in ("classic", "easy") for number in range(1, 7)
    ]
    with pytest.raises(SystemExit):
        main(["--games", "5-1"])


def test_an_interrupted_survey_resumes_from_its_deals_file(tmp_path, capsys):
    """A survey cut short keeps the deals it solved in its --deals file; run again with the
    same file, it reads them back, solves only the rest, and makes the same table."""
    deals, table, again = tmp_path / "deals.csv", tmp_path / "table.csv", tmp_path / "again.csv"
    args = ["--games", "1-8", "--rules", "easy,classic", "--workers", "2", "--quiet", "--deals", str(deals)]
    assert main([*args, "--out", str(table)]) == 0
    capsys.readouterr()
    lines = deals.read_text(encoding="utf-8").splitlines(keepends=True)
    deals.write_text("".join(lines[:6]) + lines[6][:5], encoding="utf-8")  # 5 deals, then a row cut short
    assert main([*args, "--out", str(again)]) == 0
    assert "16 deals; 11 solved in" in capsys.readouterr().out
    assert again.read_text() == table.read_text()
    assert sorted((r["rules"], r["number"]) for r in read_deals(str(deals))) == [
        (name, number) for name in ("classic", "easy") for number in range(1, 9)
    ]


def test_a_deals_file_of_another_kind_is_refused(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a survey's per-deal file"):
        main(["--games", "1-2", "--quiet", "--deals", str(other)])
