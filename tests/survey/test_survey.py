"""The solvability survey (tripeaks_widget.survey): records, the table, the executor seam, the CLI."""

import contextlib
import csv
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from tripeaks_widget import LAYOUTS, Game, Layout
from tripeaks_widget.engine.layout import LayoutSlot
from tripeaks_widget.fair import wilson
from tripeaks_widget.survey import (
    main,
    parse_games,
    read_deals,
    solvability,
    solve_deal,
    summarize,
)

STOPS_WITHIN = 5  # seconds from Ctrl-C to the survey's end (before, it finished its chunk: 7-20 s)


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
        "mean_best_score_won": 769.0,
        "mean_best_score_all": None,
        "mean_draws_won": 3.0,
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


def refused(capsys, *args: str) -> str:
    """What the command line says when it refuses ``args``: it exits with status 2 and a usage
    line, before any deal is solved, and never with a traceback."""
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--quiet", "--workers", "1"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "Traceback" not in said and "usage:" in said
    return said


def test_a_deals_file_of_another_kind_is_refused(tmp_path, capsys):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n", encoding="utf-8")
    assert "not a survey's per-deal file" in refused(capsys, "--games", "1-2", "--deals", str(other))
    assert other.read_text(encoding="utf-8") == "a,b\n1,2\n"  # left as it was
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"number,rules\n1,\xe9\n")
    assert "not UTF-8" in refused(capsys, "--games", "1-2", "--deals", str(latin))


def test_a_deals_argument_that_cannot_be_used_is_refused_before_any_work(tmp_path, capsys):
    assert "is a folder" in refused(capsys, "--games", "1-2", "--deals", str(tmp_path))
    missing = tmp_path / "no" / "deals.csv"
    assert "No such file or directory" in refused(capsys, "--games", "1-2", "--deals", str(missing))
    assert "is a folder" in refused(capsys, "--games", "1-2", "--out", str(tmp_path))
    assert "does not exist" in refused(capsys, "--games", "1-2", "--out", str(missing))


def _as_a_user_who_cannot_write(command: list[str]) -> list[str]:
    """``command`` run by a user whom a read-only file holds back: this user, or, as root (which CI
    runs as, and which may write any file), root without the capabilities that override file
    permissions. (The unprivileged ``nobody`` would do as well, but often cannot reach the
    interpreter: it may live in root's own home, which only root may enter.)"""
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", *command]


def test_a_read_only_deals_file_is_refused(tmp_path):
    deals = tmp_path / "deals.csv"
    assert main(["--games", "1", "--rules", "easy", "--quiet", "--workers", "1", "--deals", str(deals)]) == 0
    deals.chmod(0o444)
    command = [sys.executable, "-m", "tripeaks_widget.survey", "--games", "1-2", "--quiet", "--workers", "1"]
    done = subprocess.run(
        _as_a_user_who_cannot_write([*command, "--deals", str(deals)]),
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
    )
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Permission denied" in done.stderr and "usage:" in done.stderr and "Traceback" not in done.stderr
    assert deals.stat().st_mode & 0o777 == 0o444 and len(read_deals(str(deals))) == 1  # left as it was


def test_a_deals_file_with_a_byte_order_mark_is_read_back(tmp_path, capsys):
    """A spreadsheet saving the file puts a byte-order mark first; the survey reads past it."""
    deals = tmp_path / "deals.csv"
    args = ["--games", "1-3", "--rules", "easy", "--quiet", "--workers", "1", "--deals", str(deals)]
    assert main(args) == 0
    deals.write_bytes(b"\xef\xbb\xbf" + deals.read_bytes())
    capsys.readouterr()
    assert main(args) == 0
    assert "3 deals; 0 solved in" in capsys.readouterr().out
    assert [r["number"] for r in read_deals(str(deals))] == [1, 2, 3]


def test_overlapping_games_count_once(tmp_path, capsys):
    assert parse_games("1-3,2,3") == [1, 2, 3]
    assert parse_games("5,1-6") == [5, 1, 2, 3, 4, 6]
    deals = tmp_path / "deals.csv"
    args = ["--games", "1-3,2,3", "--rules", "easy", "--quiet", "--workers", "1"]
    assert main(args) == 0
    assert "3 deals; 3 solved" in capsys.readouterr().out
    assert main([*args, "--deals", str(deals)]) == 0
    assert "3 deals; 3 solved" in capsys.readouterr().out
    assert len(read_deals(str(deals))) == 3


@pytest.mark.parametrize(
    ("games", "said"),
    [
        ("8031810176", "deals are numbered 0 to 8031810175"),
        ("1-99999999999", "deals are numbered 0 to 8031810175"),
        ("0-8031810175", "at most 1,000,000 deals"),
        ("1-3,-4", "games are numbers or ranges"),
        ("١-٣", "games are numbers or ranges"),
        ("9" * 5000, "games are numbers or ranges"),
    ],
)
def test_games_out_of_range_are_refused(games, said, capsys):
    assert said in refused(capsys, "--games", games)


@pytest.mark.parametrize("rules", [" ", ",", " , "])
def test_no_rule_set_is_refused(rules, capsys):
    assert "--rules names at least one rule set" in refused(capsys, "--games", "1", "--rules", rules)


def test_the_same_rule_set_twice_is_surveyed_once(capsys):
    assert main(["--games", "1-2", "--rules", "easy,E,easy", "--quiet", "--workers", "1"]) == 0
    assert "2 deals; 2 solved" in capsys.readouterr().out


def test_every_average_is_written_in_one_form(tmp_path, capsys):
    """The table's averages are decimals in every row, whether or not they come out whole."""
    records = [
        {"rules": "easy", "winnable": True, "draws": 14, "score": 758},
        {"rules": "classic", "winnable": True, "draws": 19, "score": 753},
        {"rules": "classic", "winnable": True, "draws": 21, "score": 751},
    ]
    easy, classic = summarize(records)
    averages = ("mean_best_score_won", "mean_best_score_all", "mean_draws_won", "median_draws_won")
    assert [easy[k] for k in averages] == [758.0, 758.0, 14.0, 14.0]
    assert [classic[k] for k in averages] == [752.0, 752.0, 20.0, 20.0]
    assert all(type(row[k]) is float for row in (easy, classic) for k in averages)
    out = tmp_path / "table.csv"
    assert main(["--games", "1-4", "--rules", "easy,classic", "--quiet", "--workers", "1", "--out", str(out)]) == 0
    for row in csv.DictReader(out.open(encoding="utf-8")):
        written = [row[k] for k in averages if row[k]]
        assert written and all(re.fullmatch(r"\d+\.\d+", value) for value in written), row


def test_ctrl_c_stops_a_survey_at_once_and_keeps_its_deals_file(tmp_path):
    """SIGINT to the survey alone (not to its workers): it ends the workers mid-deal, says how to
    resume, and exits with 130, not a traceback. Bounded: a survey that would not stop is killed."""
    deals = tmp_path / "deals.csv"
    # the whole series: the search in C solves 400 deals in about a second, so fewer could end first
    command = [sys.executable, "-m", "tripeaks_widget.survey", "--games", "1-50000", "--rules", "classic"]
    command += ["--lost-lines", "--workers", "1", "--quiet", "--deals", str(deals)]
    # in a session of its own, with SIGINT as a terminal gives it (a pytest-xdist worker ignores
    # SIGINT, and a child would inherit that), so that a survey that would not stop is killed whole
    survey = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 60
        while not (deals.exists() and deals.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.1)  # the header is written once the workers have started
        time.sleep(1.0)  # the worker is inside its first deals
        survey.send_signal(signal.SIGINT)
        _, said = survey.communicate(timeout=STOPS_WITHIN)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(survey.pid, signal.SIGKILL)  # its workers too, which hold its pipes
        if survey.poll() is None:
            survey.communicate()
    assert survey.returncode == 130, said
    assert "Traceback" not in said and "run again with it to resume" in said
    assert read_deals(str(deals)) == [] or all(r["rules"] == "classic" for r in read_deals(str(deals)))


def test_deals_and_out_naming_the_same_file_are_refused_before_any_work(tmp_path, capsys):
    """Before, the summary overwrote the per-deal rows, and the resume data was lost."""
    deals = tmp_path / "deals.csv"
    args = ["--games", "1", "--rules", "easy", "--quiet", "--workers", "1", "--deals", str(deals)]
    assert main(args) == 0
    kept = deals.read_bytes()
    capsys.readouterr()
    (tmp_path / "link.csv").symlink_to(deals)
    for same in (deals, tmp_path / "sub" / ".." / "deals.csv", tmp_path / "link.csv"):
        (tmp_path / "sub").mkdir(exist_ok=True)
        with pytest.raises(SystemExit):
            main([*args, "--out", str(same)])
        assert "--out and --deals name the same file" in capsys.readouterr().err
        assert deals.read_bytes() == kept
    with pytest.raises(SystemExit):  # a new file, named twice
        main(["--games", "1", "--quiet", "--deals", str(tmp_path / "new.csv"), "--out", str(tmp_path / "new.csv")])
    assert not (tmp_path / "new.csv").exists()


# -- layouts (issue 48) -----------------------------------------------------------------------------

SURVEY_PAGE = Path(__file__).resolve().parents[2] / "docs" / "explanation" / "layout-survey.md"


def test_the_share_and_its_95_percent_interval():
    """Wilson's score interval (values from the formula worked by hand)."""
    assert wilson(0, 10) == (0.0, pytest.approx(0.27753, abs=1e-5))
    assert wilson(5, 10) == (pytest.approx(0.23659, abs=1e-5), pytest.approx(0.76341, abs=1e-5))
    low, high = wilson(9_707, 10_000)
    assert low < 0.9707 < high and high - low < 0.007
    row = summarize([{"rules": "easy", "winnable": True, "draws": 1, "score": 771}] * 3)[0]
    assert row["layout"] == "Three Peaks" and row["winnable_pct_high"] == 100.0
    assert row["winnable_pct_low"] == round(100 * wilson(3, 3)[0], 2)  # the one Wilson interval, fair's


def test_a_deals_file_from_before_layouts_is_read_as_three_peaks(tmp_path):
    old = tmp_path / "deals.csv"
    old.write_text(
        "number,rules,winnable,draws,score,cards_left,complete,seconds\r\n1,easy,True,21,751,0,True,0.01\r\n",
        encoding="utf-8",
    )
    (record,) = read_deals(str(old))
    assert record["layout"] == "THREE-PEAKS" and record["winnable"] is True


def test_a_deal_is_solved_on_its_layout():
    diamond = LAYOUTS["Diamond"]
    record = solve_deal(2, "easy", layout="diamond")
    assert record["layout"] == "DIAMOND" and record["complete"]
    assert record["winnable"] == Game.from_number(2, "easy", layout=diamond).solve().winnable
    assert solve_deal(2, "easy")["layout"] == "THREE-PEAKS"
    verdict = solve_deal(2, "easy", layout=diamond, verdict_only=True)
    assert verdict == {**record, "draws": None, "score": None, "cards_left": None, "seconds": verdict["seconds"]}


def test_the_command_surveys_layouts_and_writes_the_docs_page(tmp_path, capsys):
    """--layout takes a built-in layout's name or key, a layout file, or all of them; --markdown
    writes the table as a page: every layout and rule set, its deals, its share and interval, the
    command and the day; run again with the same --deals file, it solves nothing again."""
    own = tmp_path / "own.json"
    LAYOUTS["Columns"].save(own)  # a layout file: Columns under a name and key of its own
    data = json.loads(own.read_text(encoding="utf-8"))
    data["name"] = "My Columns"
    data.pop("key", None)
    own.write_text(json.dumps(data), encoding="utf-8")
    page, deals = tmp_path / "survey.md", tmp_path / "deals.csv"
    args = ["--games", "1-2", "--rules", "easy,classic", "--workers", "1", "--quiet", "--deals", str(deals)]
    args += ["--layout", "all", "--layout", str(own), "--verdict-only", "--markdown", str(page)]
    assert main(args) == 0
    assert "20 deals; 20 solved" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line][1:]
    names = [*LAYOUTS, "My Columns"]
    assert [(row.split(" | ")[0][2:], row.split(" | ")[2]) for row in rows] == [
        (name, rules) for name in names for rules in ("Easy", "Classic")
    ]
    records = read_deals(str(deals))
    won = sum(r["winnable"] for r in records if r["layout"] == "DIAMOND" and r["rules"] == "easy")
    low, high = wilson(won, 2)
    assert f"| Diamond | 25 | Easy | 2 | {won} | **{100 * won / 2:.2f}%** | {100 * low:.2f}–{100 * high:.2f}% |" in text
    assert f"--layout all --layout {own} --verdict-only" in text and datetime.date.today().isoformat() in text
    assert main(args) == 0
    assert "20 deals; 0 solved" in capsys.readouterr().out and page.read_text(encoding="utf-8") == text
    assert "Pentagon" in refused(capsys, "--games", "1", "--layout", "Pentagon")


def test_the_layout_survey_page_names_every_layout_and_rule_set():
    """docs/explanation/layout-survey.md is the survey's own output (--markdown): a row for each
    built-in layout under Easy and Classic, each with its deals and its interval, and the command."""
    text = SURVEY_PAGE.read_text(encoding="utf-8")
    assert text.startswith("<!-- Made by the survey: python -m tripeaks_widget.survey ")
    rows = {
        (cells[0], cells[2]): cells
        for line in text.splitlines()
        if line.startswith("| ") and "---" not in line
        for cells in [line.strip("| ").split(" | ")]
    }
    for name, layout in LAYOUTS.items():
        for rules in ("Easy", "Classic"):
            cells = rows[(name, rules)]
            assert cells[1] == str(layout.slot_count) and int(cells[3].replace(",", "")) > 0
            assert re.fullmatch(r"\*\*\d+\.\d\d%\*\*", cells[5]) and re.fullmatch(r"\d+\.\d\d–\d+\.\d\d%", cells[6])
    command = re.search(r"```bash\n(python -m tripeaks_widget\.survey .*)\n```", text)
    assert command and "--layout all" in command.group(1) and "--markdown" in command.group(1)


def test_a_row_names_its_layout_as_layouts_and_layout_do_and_its_share_and_interval_alike(tmp_path):
    """Issue 53: a teacher's table needs no map from keys to names, and the share and its interval
    are written with the same decimals ("100.00" beside "99.24", not "100.0")."""
    won = {"rules": "easy", "winnable": True, "draws": 1, "score": 771}
    own = Layout("My Tower", (LayoutSlot(0, 0, 0, (1,)), LayoutSlot(0, 1, 0, ())))
    records = [{**won, "layout": "FOUR-PEAKS"}] * 3 + [{**won, "layout": own.key}, {**won, "layout": "ELSEWHERE"}]
    rows = summarize(records, [own])
    assert [row["layout"] for row in rows] == ["Four Peaks", "My Tower", "ELSEWHERE"]
    assert rows[0]["layout"] in LAYOUTS  # a key of LAYOUTS, and what layout= takes
    out = tmp_path / "table.csv"
    assert main(["--games", "1-2", "--rules", "easy", "--workers", "1", "--quiet", "--out", str(out)]) == 0
    [row] = list(csv.DictReader(out.open(encoding="utf-8")))
    assert row["layout"] == "Three Peaks"
    decimals = {len(row[key].split(".")[1]) for key in ("winnable_pct", "winnable_pct_low", "winnable_pct_high")}
    assert decimals == {2}, row


def test_the_surveys_old_name_answers_with_a_deprecation_warning():
    """``tripeaks_widget.stats`` was the survey's name until ``stats`` came to mean a player's
    statistics alone: the old import path and command still work, and say so."""
    import tripeaks_widget.stats as old
    import tripeaks_widget.survey as survey

    with pytest.warns(DeprecationWarning, match=r"tripeaks_widget\.stats is now tripeaks_widget\.survey"):
        assert old.solvability is survey.solvability
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    ran = subprocess.run(
        [sys.executable, "-m", "tripeaks_widget.stats", "--help"], capture_output=True, text=True, env=env, timeout=120
    )
    assert ran.returncode == 0 and "usage: python -m tripeaks_widget.survey" in ran.stdout
    assert "DeprecationWarning: tripeaks_widget.stats is now tripeaks_widget.survey" in ran.stderr
