"""Every notebook in examples/ (the docs' tutorials) runs top to bottom, headless, and shows what
its text says.

A tutorial shows the board and the words; its checks live here. Each notebook runs in one kernel,
and after each cell named in ``CHECKS`` (by a piece of its source) that cell's checks run in the
same kernel, so a notebook that drifts from the engine fails here. Then ``SHOWN`` compares what the
cells showed: the words they printed, and the pictures of the board their outputs keep (a
picture's ``<desc>`` is the board in words). Replays run at pace 0 (``TRIPEAKS_PACE``). The
notebooks are kept without outputs.
"""

from __future__ import annotations

import ast
import html
import pathlib
import re
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable

import nbformat
import pytest

nbclient = pytest.importorskip("nbclient", reason="nbclient runs the example notebooks (pip install -e '.[test]')")
pytest.importorskip("ipykernel", reason="the example notebooks need the python3 kernel (pip install -e '.[test]')")

from tripeaks_widget import Game  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
CELL_TIMEOUT = 180  # seconds, per cell
DEAL_1 = "TP1-E-AAAAAAB"  # the rule book's own deal (R6.4)

# notebook: {a piece of one code cell's source: what holds once that cell has run, in its kernel}
CHECKS: dict[str, dict[str, str]] = {
    "01_play.ipynb": {
        "w.code, w.rules.name, w.score": """
            assert w.code.startswith(("TP1-E-", "TP1-C-")) and w.rules.name in ("easy", "classic")
            assert w.status in ("playing", "won", "blocked")
            assert 0 <= w.score <= 772 and w.moves >= 0
        """,
        'print("playable:"': """
            assert all(card in w.free() for card in w.playable())
            assert w.stock_count == len(w.stock) and w.stock_count + len(w.waste) + w.cards_left == 52
        """,
        "print(w.game)": """
            rows = w.rows()
            assert [len(row) for row in rows] == [3, 6, 9, 10]
            assert sum(card is not None for row in rows for card in row) == w.cards_left
        """,
        "print(w.describe())": """
            assert w.describe().startswith(f"Stock: {w.stock_count} card")
        """,
        "again = Game.from_dict": """
            assert again.rows() == w.rows() and again.score == w.score and again.history == w.history
        """,
        'p.play("A♠")': """
            assert (str(p.discard), p.score, p.moves) == ("A♠", 498, 2)
        """,
        "p.undo()": """
            assert (str(p.discard), p.score, p.moves) == ("A♠", 498, 3)
        """,
    },
    "02_rules_walkthrough.ipynb": {
        'w.caption = "Deal TP1-E-AAAAAAB': """
            assert str(w.discard) == "A♣" and w.stock_count == 23 and w.score == 500
            bottom = ["3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"]
            assert [str(card) for card in w.rows()[3]] == bottom
            assert all(card == "?" for row in w.rows()[:3] for card in row)  # the other 18 face down
        """,
        'print("fit on the A♣:"': """
            assert [str(card) for card in w.playable()] == ["K♣", "2♦", "K♦"]
            assert sorted(w.state["highlight"]) == sorted(w.game.slot_of(card) for card in w.playable())
        """,
        "box = TriPeaks.compare": """
            assert (easy.code, classic.code) == ("TP1-E-AAAAAAB", "TP1-C-AAAAAAB")
            assert easy.game.deck == classic.game.deck  # the same cards
            assert [str(card) for card in classic.playable()] == ["2♦"]
        """,
        'w.play("3♠")': """
            assert w.message == "Must be one rank higher or lower"
            assert w.moves == 0 and str(w.discard) == "A♣" and w.score == 500  # nothing happened
            assert w.why_not(13) == "This card is blocked"  # face down, under the 2♦ and the A♠
        """,
        'w.play("K♣")': """
            assert str(w.discard) == "K♣" and w.score == 499 and w.moves == 1
            assert w.state["highlight"] == []  # a highlight lasts until the next action
        """,
        'w.play("A♠")': """
            assert str(w.discard) == "A♠" and w.score == 498 and w.moves == 2
            assert [str(card) for card in w.playable()] == ["2♦", "K♦"]
        """,
        'w.play("2♦")': """
            assert str(w.discard) == "2♦" and w.score == 497 and w.moves == 3
        """,
        'w.highlight("7♠")': """
            assert str(w.rows()[2][4]) == "7♠" and w.rows()[2].count("?") == 8
            assert "7♠" in [str(card) for card in w.free()]
            assert w.why_not("7♠") == "Must be one rank higher or lower"
        """,
        "drawn = w.draw()": """
            assert drawn == Game("TP1-E-AAAAAAB").stock[0] == w.discard  # the stock's top card
            assert w.stock_count == 22 and w.score == 496 and w.moves == 4
        """,
        'w.caption = "Undo:': """
            assert str(w.discard) == "2♦" and w.stock_count == 23 and w.score == 497 and w.moves == 4
            assert str(w.rows()[2][4]) == "7♠"
        """,
        "print(w.describe())": """
            text = w.describe()
            assert "discard: 2 of diamonds" in text
            assert ("row 3: hidden card, hidden card, hidden card, hidden card, 7 of spades, "
                    "hidden card, hidden card, hidden card, hidden card;") in text
            assert text.endswith("bottom row: 3 of spades, 5 of spades, 4 of spades, king of diamonds, "
                                 "8 of hearts, 7 of clubs, 9 of spades.")
        """,
        "start = w.position_at(0)": """
            assert start.describe().startswith(
                "Stock: 23 cards; discard: ace of clubs. Peak tops: hidden card, hidden card, hidden card; row 2:")
            assert w.moves == 4  # the widget's game is untouched
        """,
        "won = TriPeaks(": """
            assert won.status == "won" and won.cards_left == 0 and won.message == "You won!"
            assert won.stock_count == 2  # won with two cards still in the stock
            assert won.legal_moves() == []
        """,
        "blocked = TriPeaks(": """
            assert blocked.status == "blocked" and blocked.message == "No more possible moves"
            assert blocked.stock_count == 0 and blocked.legal_moves() == []
            assert [str(card) for card in blocked.rows()[0]] == ["A♦", "2♥", "3♣"] and blocked.cards_left == 3
        """,
        "blocked.undo()": """
            assert blocked.status == "playing" and blocked.stock_count == 1
        """,
    },
    "03_score_and_undo.ipynb": {
        "w.replay(PERFECT": """
            assert w.status == "won" and "draw" not in w.history
            assert (w.score, w.moves) == (772, 28) == (500 - 28 + 300, len(PERFECT))
        """,
        "best = Game(code).solve()": """
            assert best.winnable and best.draws == 0 and best.score == 772
        """,
        "bonuses = [": """
            assert bonuses == [(10, "J♣", 99), (19, "6♦", 99), (28, "5♥", 99)]  # -1 for the card, +100 for the peak
            assert [peak["cleared"] for peak in w.position_at(10).peaks()] == [True, False, False]
            assert w.position_at(10).rows()[0] == [None, "?", "?"]  # the left peak's top, the J♣, is gone
        """,
        "deal_1 = score_after_each_action(": """
            assert deal_1[-1] == 751 == 500 - len(WIN) + 300 and WIN.count("draw") == 21
            assert scores[-1] == 772
        """,
        "REFERENCE = reference_game(": """
            assert REFERENCE is not None and len(REFERENCE) == 50 and REFERENCE.count("draw") == 22
        """,
        "r.replay(REFERENCE": """
            assert emptied == [37, 42, 50]
            assert (r.status, r.score, r.moves) == ("won", 750, 50) and r.score == 500 - 50 + 300
        """,
        'w.caption = "Undo:': """
            assert w.status == "playing" and w.rows()[0][:2] == [None, None] and str(w.rows()[0][2]) == "5♥"
            assert (w.score, w.moves) == (673, 28)
        """,
        'w.play("5♥")': """
            assert (w.status, w.score, w.moves) == ("won", 772, 29)
        """,
        "u = TriPeaks(": """
            assert plain.status == "blocked" and line.count("draw") == 23 and len(line) == 48
            played = u.position_at(len(line))  # the board once the line was played
            assert played.status == "blocked" and played.score == 500 - 48  # three peak tops left: no bonus
            assert u.rows() == Game("TP1-E-AAAAAAB").rows() and u.stock_count == 23 and str(u.discard) == "A♣"
            assert (u.score, u.moves, u.can_undo) == (500, 48, False)
        """,
        "for _ in range(2):": """
            assert len(u.history) == 6 * 48 and u.moves == 3 * 48
            assert u.score == 500 and not u.can_undo and u.rows() == Game("TP1-E-AAAAAAB").rows()
        """,
    },
    "04_solver.ipynb": {
        'easy, classic = Game("TP1-E-AAAAAAD")': """
            assert easy.deck == classic.deck
            assert easy.winnable() is True and classic.winnable() is False
        """,
        "move = w.hint()": """
            assert move in w.legal_moves() and w.message.startswith("Hint (sees the hidden cards)")
            assert w.state["highlight"] == (["stock"] if move == "draw" else [w.game.slot_of(move)])
        """,
        "solution = w.solve()": """
            assert solution.winnable and solution.complete and solution.cards_left == 0
            assert solution.line[0] == move  # the hint is the line's first action
            assert solution.score == 500 - len(solution.line) + 300
            assert solution.draws == list(solution.line).count("draw")
        """,
        "w.replay(solution.line": """
            assert w.status == "won" and w.score == solution.score and w.history == list(solution.line)
        """,
        "box = TriPeaks.compare": """
            assert box["easy"].status == "won"
            assert box["classic"].cards_left == 1 and not box["classic"].winnable()
        """,
        'last = box["classic"]': """
            assert last.status == "blocked" and last.cards_left == 1
        """,
        "lost = verdict_history(plain)": """
            assert plain.status == "blocked" and Game("TP1-E-AAAAAAB").winnable()
            assert Game(plain.code).replay(before).winnable() and not Game(plain.code).replay(after).winnable()
            assert better != mistake
        """,
        "again = TriPeaks(": """
            assert again.hint() == better
        """,
    },
    "05_solvability.ipynb": {
        "draws = sorted(": """
            for row in rows:
                won = sum(int(row[f"draws_{d}"]) for d in draws)
                assert won == int(row["winnable"]) <= int(row["games"])
        """,
        "share = {": """
            assert share["easy"] >= share["classic"]  # the survey here: easy and classic
        """,
    },
    "06_records.ipynb": {
        "records = Records()": """
            assert records.path == folder / "records.sqlite3"
        """,
        "game = Game.from_number(1).replay(WIN_1)": """
            assert game.code == "TP1-E-AAAAAAB" and game.status == "won" and game.moves == 49
        """,
        "slow = Game.from_number(1)": """
            assert slow.moves == 53
        """,
        "game_2 = draw_all_then_play(": """
            assert blocked.status == "blocked" and blocked.cards_left == 22
            assert game_2.status == "blocked"
        """,
        "outside = Game.from_number(60_000)": """
            assert records.best(1, "classic", category="scripted")["outcome"] == "blocked"
            assert records.best(1, "easy") is None  # no game played by hand yet
        """,
        "stats = records.stats()": """
            assert (stats["played"], stats["won"], stats["blocked"], stats["abandoned"]) == (9, 3, 5, 1)
            assert stats["finished"] == 8 and stats["win_percent"] == 37.5  # won of the finished games
            assert stats["by_rules"]["easy"]["won"] == 3 and stats["by_rules"]["classic"]["played"] == 3
            assert stats["longest_run"] == max(r["longest_run"] for r in records.results())
        """,
        "ax.bar(rule_sets": """
            assert bottom == [stats["by_rules"][r]["played"] for r in rule_sets]
        """,
        "board = shared.leaderboard(": """
            assert [(e["player"], e["rank"], e["assisted"]) for e in rows] == [
                ("dee", 1, False), ("bob", 2, False), ("ana", 3, False), ("cy", 4, True)]
            ana = shared.stats(player="ana")
            assert (ana["played"], ana["won"]) == (2, 1)
        """,
        "board_view = TriPeaks(": """
            assert board_view.notices == []  # the record among games played by hand: none yet
        """,
        "Records.open_or_none(stranger)": """
            assert store is None and str(stranger) in error
            assert stranger.read_bytes() == b"these are my notes, not a database"
        """,
    },
    "07_fair_play.ipynb": {
        "seen = g.seen()": """
            assert len(seen.unseen_places()) == len(seen.unseen_cards()) == 18 + 23  # face-down slots + stock
            assert str(seen.discard) == "A♣" and seen.legal_moves == ("K♣", "2♦", "K♦", "draw")
            assert seen.agrees(sample) and sample.deck != g.deck
        """,
        "def opening(": """
            for _, chance, ceiling in easy + classic:
                assert 0 <= chance.low <= chance.value <= chance.high <= 1 and chance.samples == SAMPLES
            assert all(ceiling.value >= 0.85 and chance.value < ceiling.value for _, chance, ceiling in easy)
            assert classic[0][2].value < easy[0][2].value
        """,
        'won = Game("TP1-E-AAAAAAB")': """
            assert won.win_chance().value == 1.0 and won.win_chance().exact
        """,
        "late = Game.from_number(27": """
            assert chance.exact and chance.low == chance.value == chance.high
            assert all(c.exact for c in moves.values()) and moves[late.fair_hint()].value == chance.value
            assert chance.value <= ceiling.high  # no fair player reaches the clairvoyant ceiling
        """,
        "told = {kind:": """
            for c in told.values():
                assert c.high >= chance.value and c.low <= clairvoyant.high  # between the exact value and the ceiling
        """,
        "def rotated(": """
            assert a.deck != b.deck and a.seen() == b.seen()
            assert a.move_chances(samples=20, seed=1) == b.move_chances(samples=20, seed=1)
            assert a.fair_hint(samples=20, seed=1) == b.fair_hint(samples=20, seed=1)
            assert a.win_chance(samples=20, seed=1) == b.win_chance(samples=20, seed=1)
            assert (a.winnable(), b.winnable()) == (False, True)  # the peeking solver tells them apart
        """,
        "upper = g.move_chances(": """
            from tripeaks_widget.fair import best_action

            assert best_action(chances) == best_action(upper) == g.fair_hint(seed=0) == "4♦"
            assert all(played[a].value <= upper[a].value for a in chances)  # the lower bound below the upper
            assert g.hint() == "draw" and really == {"4♦": False, "draw": True}
        """,
        "review = g.review(": """
            assert g.status == "blocked"
            assert len(review.moves) == 29 and review.mistakes
            assert all(m.action == "draw" != m.best for m in review.mistakes)
            assert review.lost_after is not None and review.mistakes[0].move <= review.lost_after
        """,
        "HELD_OUT = {": """
            import gzip
            import json
            from pathlib import Path

            from tripeaks_widget.fair import calibration

            def run(name):  # the benchmark's kept runs, which the notebook's figures come from
                return json.loads(gzip.decompress(Path("../benchmarks", name).read_bytes()))

            held, fitted_on = run("fair_calibration.json.gz"), run("fair_calibration_fit.json.gz")
            assert set(HELD_OUT) == set(held["rules"])
            for rules, found in held["rules"].items():
                rows = found["positions"]
                estimated = [(p, won) for _, _, p, exact, won in fitted_on["rules"][rules]["positions"] if not exact]
                curve = calibration.CURVES[rules]
                assert curve == tuple((round(x, 4), round(y, 4)) for x, y in calibration.fit(estimated))
                raw = calibration.reliability([(p, won) for _, _, p, _, won in rows])
                mapped = [(p if exact else calibration.apply(curve, p), won) for _, _, p, exact, won in rows]
                shown = calibration.reliability(mapped)
                assert shown["ece"] <= 0.03 < raw["ece"] and shown["brier"] < raw["brier"]
                kept = HELD_OUT[rules]
                assert (kept["games"], kept["wins"], kept["positions"]) == (found["games"], found["wins"], len(rows))
                for name, cal in (("raw", raw), ("shown", shown)):
                    assert kept[name]["ece"] == round(cal["ece"], 3) and kept[name]["brier"] == round(cal["brier"], 3)
                    assert kept[name]["bins"] == [(round(mean, 3), round(won, 3)) for _, mean, won, _ in cal["bins"]]
        """,
        "GAMES = range(1, 9)": """
            assert results[-1].label == "exact (peeks: upper bound)"
            assert all(r.wins <= results[-1].wins for r in results)  # no fair player beats the peeking bound
        """,
        "perfect = [Game.from_number(": """
            for r in players:  # perfect play scores at least what any player's line does, game by game
                assert all(s.score >= score for s, score in zip(perfect, hogue_scores(r), strict=True))
            # a lost hand drawn out to the end costs the most: given up once lost, it costs far less
            assert mean(hogue_scores(players[0], "stop-when-lost")) > mean(hogue_scores(players[0])) + 15
        """,
    },
}


class Shown:
    """What a run notebook's cells showed, each cell found by a piece of its source."""

    SVG = "{http://www.w3.org/2000/svg}"

    def __init__(self, cells: list) -> None:
        self.cells = cells

    def cell(self, piece: str):
        return one_cell(self.cells, piece)

    def printed(self, piece: str) -> str:
        return "".join(o.text for o in self.cell(piece).outputs if o.output_type == "stream" and o.name == "stdout")

    def value(self, piece: str) -> str:
        results = [o for o in self.cell(piece).outputs if o.output_type == "execute_result"]
        return results[0].data["text/plain"] if results else ""

    def pictures(self, piece: str) -> list[str]:
        """The pictures of a board the cell's outputs keep, in order (SVG)."""
        return [o.data["image/svg+xml"] for o in self.cell(piece).outputs if "image/svg+xml" in o.get("data", {})]

    def described(self, piece: str) -> list[str]:
        """Each picture's text alternative: the board in words."""
        return [ET.fromstring(svg).find(f"{self.SVG}desc").text for svg in self.pictures(piece)]

    def notices(self, piece: str) -> list[str | None]:
        """The kinds of the records' notices the cell printed (``[first_win] …``), None for "(nothing new)"."""
        said = re.findall(r"^(?:\[(\w+)\] |(\(nothing new\)))", self.printed(piece), re.M)
        return [kind or None for kind, _ in said]


def one_cell(cells: list, piece: str):
    """The one code cell whose source holds ``piece``."""
    found = [cell for cell in cells if cell.cell_type == "code" and piece in cell.source]
    assert len(found) == 1, f"{len(found)} code cells hold {piece!r}: name one cell"
    return found[0]


SHOWN: dict[str, Callable[[Shown], None]] = {}


def shows(name: str):
    def register(check: Callable[[Shown], None]) -> Callable[[Shown], None]:
        SHOWN[name] = check
        return check

    return register


@shows("01_play.ipynb")
def _play(shown: Shown) -> None:
    assert "| stock: 23 cards" in shown.printed('print("playable:"')  # a fresh deal
    assert shown.printed("print(w.describe())").startswith("Stock: 23 cards; discard: ")
    [deal] = shown.described("w = TriPeaks()")
    assert shown.described("again = Game.from_dict") == [deal]  # the same board, from its snapshot
    two = Game(DEAL_1).replay(["K♣", "A♠"]).describe()
    assert shown.described('p.play("A♠")') == [two] and "discard: ace of spades" in two
    assert shown.printed("p.undo()") == "['K♣', 'A♠', 'draw', 'undo']\n"
    assert shown.described("p.undo()") == [two]  # the draw undone: the same position


@shows("02_rules_walkthrough.ipynb")
def _rules(shown: Shown) -> None:
    game = Game(DEAL_1)
    steps = [
        ('w.caption = "Deal', None),
        ('print("fit on the A♣:"', None),
        ('w.play("K♣")', "K♣"),
        ('w.play("A♠")', "A♠"),
        ('w.play("2♦")', "2♦"),
        ('w.highlight("7♠")', None),
        ("drawn = w.draw()", "draw"),
        ('w.caption = "Undo:', "undo"),
    ]
    for piece, action in steps:  # each step's picture: the position the engine reaches, captioned
        if action:
            game.apply(action)
        [picture] = shown.pictures(piece)
        assert shown.described(piece) == [game.describe()], piece
        caption = re.search(r'w\.caption = "([^"]+)"', shown.cell(piece).source)
        assert caption is None or html.escape(caption.group(1)) in picture, piece
    assert shown.printed("print(w.describe())") == game.describe() + "\n"
    assert shown.printed('print("fit on the A♣:"') == "fit on the A♣: K♣ 2♦ K♦\n"
    deal = Game(DEAL_1)
    assert shown.printed('w.play("3♠")') == f"3♠ refused: {deal.why_not('3♠')}\nrow 3 card 4: {deal.why_not(13)}\n"
    assert shown.printed('w.highlight("7♠")') == "row 3: ? ? ? ? 7♠ ? ? ? ?\n7♠: Must be one rank higher or lower\n"
    assert shown.described("start = w.position_at(0)") == [deal.describe()]
    start, end = shown.pictures("won = TriPeaks(")  # the board shown at the deal, then as the game ends
    assert "A winning line" in start and "You won!" in end and "hidden card" not in shown.described("won = ")[1]
    assert shown.printed("won = TriPeaks(") == "You won! Cards left in the stock: 2\n"
    start, end = shown.pictures("blocked = TriPeaks(")
    assert "No more possible moves" in end and shown.described("blocked = TriPeaks(")[0] == deal.describe()
    assert shown.printed("blocked = TriPeaks(") == "No more possible moves Left on the peaks: A♦ 2♥ 3♣\n"
    assert "One undo" in shown.pictures("blocked.undo()")[0]


@shows("03_score_and_undo.ipynb")
def _score(shown: Shown) -> None:
    start, end = shown.pictures("w.replay(PERFECT")
    assert "28 cards, no draw" in start and "You won!" in end
    assert shown.printed("w.replay(PERFECT").endswith("\nYou won! Score 772 in 28 moves\n")
    assert "score 772" in shown.value("best = Game(code).solve()")
    [after_10] = shown.described("bonuses = [")  # the left peak emptied
    assert "discard: jack of clubs. Peak tops: hidden card, hidden card;" in after_10
    assert (
        shown.printed("deal_1 = score_after_each_action(")
        == "TP1-E-AAAAAAB ends on 751 after 49 actions, 21 of them draws\n"
    )
    assert shown.printed("r.replay(REFERENCE") == "peaks emptied at moves [37, 42, 50] | score 750 = 750\n"
    assert "Peak tops: 5 of hearts;" in shown.described('w.caption = "Undo:')[0]  # the right peak's top again
    assert shown.printed('w.play("5♥")') == "['5♥', 'undo', '5♥']\n"
    start, blocked, back = shown.described("u = TriPeaks(")
    assert start == back == Game(DEAL_1).describe() and blocked.startswith("Stock: empty; ")
    assert shown.value("for _ in range(2):") == "(288, 144, 500)"


@shows("04_solver.ipynb")
def _solver(shown: Shown) -> None:
    assert shown.value('easy, classic = Game("TP1-E-AAAAAAD")') == "(True, False)"
    hint = shown.printed("move = w.hint()")
    assert re.fullmatch(r"hint: (\S+) \| Hint \(sees the hidden cards\): .+\n", hint)
    first = re.search(r"its first action: (\S+) \| the hint: (\S+)", shown.printed("solution = w.solve()"))
    assert first and first.group(1) == first.group(2) == hint.split()[1]
    assert "You won!" in shown.pictures("w.replay(solution.line")[-1]
    assert (
        shown.printed("box = TriPeaks.compare")
        == "easy: won, peak cards left: 0\nclassic: playing, peak cards left: 1\n"
    )
    assert shown.value('last = box["classic"]') == "'No more possible moves'"
    said = re.fullmatch(
        r"(?s)blocked \| winnable from the deal: True\nmove (\d+) \((\S+)\) lost.*: (\S+)\n", shown.printed("lost = ")
    )
    assert said and said.group(2) != said.group(3)
    assert shown.printed("again = TriPeaks(") == f"hint: {said.group(3)}\n"
    [before] = shown.pictures("again = TriPeaks(")
    assert f"Before move {said.group(1)}" in before


@shows("06_records.ipynb")
def _records(shown: Shown) -> None:
    assert shown.notices("show(records.record(Game.from_number(1).replay(WIN_1[:12])))") == ["best_so_far"]
    assert shown.notices("slow = Game.from_number(1)") == ["first_win", "record", None]
    assert shown.notices("game_2 = draw_all_then_play(") == [None, "best_so_far"]
    assert shown.notices("outside = Game.from_number(60_000)")[-1] is None  # outside the series
    assert shown.notices('("cy", WIN_1, ["hint"])') == ["best_so_far", "first_win", "personal_best", None, "record"]
    assert shown.printed("board = shared.leaderboard(").startswith("1. dee: won in 49 moves\n2. bob: won in 53 moves\n")


@shows("07_fair_play.ipynb")
def _fair(shown: Shown) -> None:
    assert "41 unseen places (18 face-down slots and the 23 of the stock), 41 unseen cards" in shown.printed("seen = ")
    assert "at the deal:" in shown.printed("told = {kind:")  # a relaxation out of reach is refused
    assert shown.printed("review = g.review(")
    assert "the fair hint: 4♦ | the exact hint, which peeks: draw" in shown.printed("upper = g.move_chances(")


def with_checks(path: pathlib.Path) -> tuple[nbformat.NotebookNode, list]:
    """The notebook with each cell's checks after it, as a cell of their own (a function, so that
    the names they make stay out of the notebook's); and the notebook's own cells."""
    notebook = nbformat.read(path, as_version=4)
    own = list(notebook.cells)
    after: dict[int, list[str]] = {}
    for piece, check in CHECKS.get(path.name, {}).items():
        after.setdefault(id(one_cell(own, piece)), []).append(check)
    cells = []
    for cell in own:
        cells.append(cell)
        for check in after.get(id(cell), []):
            body = textwrap.indent(textwrap.dedent(check).strip(), "    ")
            cells.append(nbformat.v4.new_code_cell(f"def _check():\n{body}\n\n\n_check()\ndel _check"))
    notebook.cells = cells
    return notebook, own


def test_there_are_example_notebooks():
    names = {path.name for path in NOTEBOOKS}
    assert {"01_play.ipynb", "02_rules_walkthrough.ipynb", "03_score_and_undo.ipynb", "04_solver.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_a_tutorial_shows_rather_than_checks(path):
    """No ``assert`` in a tutorial (its checks are here), and each check here follows one cell."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            tree = ast.parse("\n".join(line for line in cell.source.splitlines() if not line.startswith(("%", "!"))))
            asserting = [node for node in ast.walk(tree) if isinstance(node, ast.Assert)]
            assert not asserting, f"{path.name}: a cell asserts; move its check to CHECKS:\n{cell.source}"
            assert "AssertionError" not in cell.source, f"{path.name}: a cell raises AssertionError"
    with_checks(path)  # each piece names one cell


def test_every_check_and_every_comparison_names_a_notebook():
    names = {path.name for path in NOTEBOOKS}
    assert set(CHECKS) <= names and set(SHOWN) <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_a_tutorial_reads_nothing_outside_its_folder(path):
    """A reader opens a notebook on its own (downloaded, or in the JupyterLite site): the repository's
    other folders (benchmarks/, tests/ …) are not there."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert "../" not in cell.source and "..\\" not in cell.source, (
                f"{path.name} reads outside examples/:\n{cell.source}"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_links_between_notebooks_lead_somewhere(path):
    notebook = nbformat.read(path, as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    targets = re.findall(r"\]\(([^)#\s]+\.ipynb)", text)
    missing = [target for target in targets if not (EXAMPLES / target).is_file()]
    assert not missing, f"{path.name} links to notebooks that are not in examples/: {missing}"


def test_the_first_notebook_leads_to_every_other_numbered_one():
    notebook = nbformat.read(EXAMPLES / "01_play.ipynb", as_version=4)
    where_next = next(cell.source for cell in notebook.cells if cell.source.startswith("## Where next"))
    numbered = {path.name for path in NOTEBOOKS if re.match(r"\d\d_", path.name)} - {"01_play.ipynb"}
    assert numbered <= set(re.findall(r"\]\(([^)#\s]+\.ipynb)", where_next))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_the_notebook_runs_and_shows_what_it_says(path, monkeypatch, tmp_path):
    monkeypatch.setenv("TRIPEAKS_PACE", "0")  # the kernel inherits it: replays apply at once
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path / "records.sqlite3"))  # never the reader's own
    notebook, own = with_checks(path)
    client = nbclient.NotebookClient(
        notebook, kernel_name="python3", timeout=CELL_TIMEOUT, resources={"metadata": {"path": str(EXAMPLES)}}
    )
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as error:
        pytest.fail(f"{path.name}: a cell or its checks failed\n{error}", pytrace=False)
    if path.name in SHOWN:
        SHOWN[path.name](Shown(own))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_notebook_is_kept_without_outputs(path):
    """Outputs are made by running; kept in the file they would go stale (and carry the
    widget's whole front end in the saved widget state)."""
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    dirty = [
        i
        for i, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert not dirty, f"{path.name}: clear the outputs of cells {dirty}"
    assert "widgets" not in notebook.metadata, f"{path.name}: saved widget state; clear it"
    assert notebook.metadata.get("kernelspec", {}).get("name") == "python3"
