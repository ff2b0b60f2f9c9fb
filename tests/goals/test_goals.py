"""Goals (``tripeaks_widget.goals``): challenges as data and in words, and for every kind what a
game met, how far it came, whether the challenge can still be met and the best possible (checked
against exhaustive walks over the engine's moves); the game of the day, the same in two processes
and in both builds; its three challenges and their stars."""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import plain_search
from helpers.support import late_positions

import tripeaks_widget
from tripeaks_widget import (
    Card,
    Challenge,
    Game,
    InvalidChallengeError,
    InvalidDateError,
    TriPeaksError,
    challenges_of_the_day,
    i18n,
    solver,
)
from tripeaks_widget.engine.codes import SERIES_LAST
from tripeaks_widget.goals import code_of_the_day, daily, day_of, number_of_the_day

REPO = Path(__file__).resolve().parents[2]
OPENING = "TP1-E-AAAAAAB"  # R6.4: K♣, A♠ and 2♦ play at once under Easy
LINE = "K♣ A♠ K♦ draw 7♣ 8♥ 9♠ 10♠ J♣ draw 6♠ 5♠".split()  # the start of the opening's fewest-draw win

# -- reading and saying a challenge -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "target", "rank", "suit", "short"),
    [
        ("win", "win", 0, None, None, "win"),
        ("score 700", "score", 700, None, None, "score 700"),
        ("clear 4 K", "clear", 4, 13, None, "clear 4 K"),
        ("clear 10 ♥", "clear", 10, None, 2, "clear 10 ♥"),
        ("run 8", "run", 8, None, None, "run 8"),
        ("win in 5 draws", "win in", 5, None, None, "win in 5 draws"),
        ("  WIN   in 1 DRAW ", "win in", 1, None, None, "win in 1 draw"),
        ("win with at most 3 draws", "win in", 3, None, None, "win in 3 draws"),
        ("Win without a draw", "win in", 0, None, None, "win in 0 draws"),
        ("clear 3 kings", "clear", 3, 13, None, "clear 3 K"),
        ("Clear 1 Ace", "clear", 1, 1, None, "clear 1 A"),
        ("clear 2 t", "clear", 2, 10, None, "clear 2 10"),
        ("clear 2 R", "clear", 2, 13, None, "clear 2 K"),
        ("clear 4 sevens", "clear", 4, 7, None, "clear 4 7"),
        ("clear 5 h", "clear", 5, None, 2, "clear 5 ♥"),
        ("clear 13 Spades", "clear", 13, None, 3, "clear 13 ♠"),
        ("clear 2 ♧", "clear", 2, None, 0, "clear 2 ♣"),
        ("Score 0772", "score", 772, None, None, "score 772"),
        ("run\t28", "run", 28, None, None, "run 28"),
    ],
)
def test_parse_reads_every_form_and_writes_it_back(text, kind, target, rank, suit, short):
    challenge = Challenge.parse(text)
    assert (challenge.kind, challenge.target, challenge.rank, challenge.suit) == (kind, target, rank, suit)
    assert challenge.text == short and Challenge.parse(short) == challenge
    assert repr(challenge) == f"Challenge.parse({short!r})" and eval(repr(challenge)) == challenge


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("clear 5 K", "can be met on no deal: a deck has 4 cards of a rank"),
        ("clear 0 K", "clear 1 to 4"),
        ("clear 14 ♥", "a deck has 13 cards of a suit"),
        ("run 0", "a run plays 1 to 50 peak cards"),
        ("run 29", "a run on Three Peaks plays 1 to 28 peak cards"),
        ("run 51", "a run plays 1 to 50 peak cards"),
        ("score 800", "under easy the score starts at 500 and reaches at most 772"),
        ("score 6000", "no deal on any layout scores more than 5450"),
        ("score 500", "under easy the score starts at 500 and reaches at most 772; ask for 501 to 772"),
        ("win in 24 draws", "more draws than the stock holds under easy (23): say 'win'"),
        ("win in 26 draws", "more draws than the stock holds under easy (23)"),
        ("win in 53 draws", "no stock holds more than 52"),
        ("", "not a challenge"),
        ("win in", "not a challenge"),
        ("win in 5", "not a challenge"),
        ("clear 4", "not a challenge"),
        ("clear 4 X", "not a rank or a suit: 'x'"),
        ("clear 4 kingz", "not a rank or a suit"),
        ("run eight", "not a challenge"),
        ("run -3", "not a challenge"),
        ("run ８", "U+FF18 FULLWIDTH DIGIT EIGHT is not ASCII"),
        ("score 7OO", "not a challenge"),
        ("lose", "not a challenge"),
        ("x" * 500, "not a challenge"),
    ],
)
def test_parse_refuses_what_no_deal_can_meet_and_what_is_malformed(text, said):
    with pytest.raises(InvalidChallengeError) as refused:
        Challenge.parse(text)
    message = str(refused.value)
    assert said in message and isinstance(refused.value, ValueError) and isinstance(refused.value, TriPeaksError)
    assert len(message) < 400  # a long input is quoted cut short
    if "not a challenge" in said:
        assert "expected 'win', 'win in 5 draws', 'score 700', 'clear 4 K'" in message


@pytest.mark.parametrize("value", [12, None, b"win", ["win"], 7.0])
def test_parse_refuses_what_is_not_text(value):
    with pytest.raises(InvalidChallengeError, match="a challenge is text like 'win'"):
        Challenge.parse(value)


def test_the_rules_decide_the_scores_and_the_draws_a_challenge_may_ask_for():
    """A score under Hogue's scoring (V2) starts at 0 and reaches at most 1 + … + 28 and the
    peaks' 60; the joker and an empty discard put more cards in the stock."""
    assert Challenge.parse("score 400", "easy+hogue-scoring").target == 400
    assert Challenge.parse("score 466", "classic+hogue-scoring").target == 466
    with pytest.raises(InvalidChallengeError, match="reaches at most 466; ask for 1 to 466"):
        Challenge.parse("score 467", "easy+hogue-scoring")
    assert Challenge.parse("win in 25 draws", "easy+joker+empty-discard").target == 25
    with pytest.raises(InvalidChallengeError, match=r"under easy\+joker \(24\)"):
        Challenge.parse("win in 25 draws", "easy+joker")
    assert Challenge.parse(Challenge.score(400), "easy+hogue-scoring") == Challenge.score(400)
    with pytest.raises(InvalidChallengeError):
        Challenge.parse(Challenge.score(400))  # checked against Easy


def test_a_challenge_is_data():
    """Equal when the same, hashable, made by its constructors as by ``parse``, and checked when
    made directly."""
    assert Challenge.clear(4, "K") == Challenge.parse("clear 4 K") == Challenge("clear", 4, rank=13)
    assert Challenge.clear(3, 13) == Challenge.parse("clear 3 kings") != Challenge.parse("clear 3 ♥")
    assert Challenge.clear(10, "hearts") == Challenge("clear", 10, suit=2)
    assert {Challenge.win(), Challenge.parse("WIN"), Challenge.run(8), Challenge.parse("run 8")} == {
        Challenge.win(),
        Challenge.run(8),
    }
    assert Challenge.win_in(5) == Challenge.parse("win in 5 draws") and Challenge.score(700).text == "score 700"
    assert Challenge.clear(4, "K").cards == {Card.parse(c) for c in ("K♣", "K♦", "K♥", "K♠")}
    assert len(Challenge.clear(1, "♥").cards) == 13 and Challenge.run(3).cards == frozenset()
    for bad, said in [
        (lambda: Challenge("jump"), "a challenge's kind is one of 'win', 'win in', 'score', 'clear', 'run'"),
        (lambda: Challenge("clear", 4), "names a rank or a suit, one of them"),
        (lambda: Challenge("clear", 4, rank=13, suit=2), "names a rank or a suit, one of them"),
        (lambda: Challenge("run", 8, rank=13), "only a 'clear' challenge names a rank or a suit"),
        (lambda: Challenge("run", "8"), "a challenge's target is a whole number; got str '8'"),
        (lambda: Challenge("run", True), "got bool True"),
        (lambda: Challenge("clear", 2, rank=14), "a rank is 1 (ace) to 13 (king); got int 14"),
        (lambda: Challenge("clear", 2, suit=4), "a suit is 0 to 3"),
        (lambda: Challenge.clear(2, "joker"), "not a rank or a suit"),
        (lambda: Challenge("win", 3), "'win' has no number"),
    ]:
        with pytest.raises(InvalidChallengeError, match=re.escape(said)):
            bad()


CHALLENGES = ["win", "win in 0 draws", "win in 5 draws", "score 700", "clear 4 K", "clear 10 ♥", "clear 1 7", "run 8"]


def test_a_challenge_in_words_in_english():
    said = [str(Challenge.parse(text)) for text in CHALLENGES]
    assert said == [
        "Win the game",
        "Win without a draw",
        "Win with at most 5 draws",
        "Reach a score of 700",
        "Clear 4 kings",
        "Clear 10 hearts",
        "Clear 1 seven",
        "Play a run of 8 cards without a draw",
    ]
    assert [Challenge.parse(text).describe("en") for text in CHALLENGES] == said


@pytest.mark.parametrize("lang", ["el", "he", "is"])
def test_a_challenge_its_progress_and_its_best_in_every_language(lang):
    """Every kind says its goal, its progress and its best in the language's own words: none
    falls back to English, none leaves a placeholder, and counts take the plural forms."""
    game = Game(OPENING).replay(LINE)
    for text in CHALLENGES + ["win in 1 draw", "clear 1 K", "clear 2 ♠", "run 1", "run 2"]:
        challenge = Challenge.parse(text)
        for english, said in [
            (str(challenge), challenge.describe(lang)),
            (str(challenge.progress(game)), challenge.progress(game).describe(lang)),
            (str(challenge.best(game)), challenge.best(game).describe(lang)),
        ]:
            assert said != english and "{" not in said and said.strip() == said, (text, said)
    words = {text: Challenge.parse(text).describe(lang) for text in ("clear 1 K", "clear 2 K", "clear 3 K")}
    assert len(set(words.values())) == 3 if lang == "he" else words["clear 1 K"] != words["clear 2 K"]


def test_the_words_follow_the_languages_own_rules():
    """Hebrew counts one and two in words; Icelandic says the piles' names with capitals and a
    21 in the singular; Greek and Hebrew name a draw with the glossary's term."""
    assert Challenge.parse("clear 1 K").describe("he") == "להסיר מלך אחד"
    assert Challenge.parse("clear 2 Q").describe("he") == "להסיר שתי מלכות"
    assert Challenge.parse("win in 2 draws").describe("he") == "לנצח עם שתי משיכות לכל היותר"
    assert Challenge.parse("clear 4 K").describe("is") == "Færðu 4 kónga á Úrgang"
    assert Challenge.parse("win in 21 draws", "easy+joker").describe("is") == "Vinndu með 21 drætti í mesta lagi"
    assert Challenge.parse("clear 4 K").describe("el") == "Αφαιρέστε 4 ρηγάδες"
    assert Challenge.parse("win in 5 draws").describe("el") == "Κερδίστε με το πολύ 5 τραβήγματα"
    game = Game(OPENING).replay(["K♣"])
    assert str(Challenge.parse("clear 4 K").progress(game)) == "1 of 4 kings"
    assert Challenge.parse("clear 4 K").progress(game).describe("is") == "1 af 4 kóngum"
    assert Challenge.parse("clear 4 K").progress(game).describe("he") == "1 מתוך 4 מלכים"


# -- met and progress, kind by kind ------------------------------------------------------------------


def test_win_and_win_within_draws_met_and_progress():
    """A win meets ``win``, and ``win in D draws`` when its draws, as they stand, are at most D."""
    game = Game(OPENING)
    solution = game.solve()
    draws = solution.draws
    win, within, tight = Challenge.win(), Challenge.win_in(draws), Challenge.win_in(draws - 1)
    assert not win.met(game) and str(win.progress(game)) == "0 of 28 cards cleared"
    game.replay(LINE)
    progress = within.progress(game)
    assert (progress.done, progress.target, progress.drawn, progress.met) == (10, 28, 2, False)
    assert str(progress) == f"10 of 28 cards cleared; 2 of {draws} draws used"
    game.replay(solution.line[len(LINE) :])
    assert game.status == "won" and win.met(game) and within.met(game) and not tight.met(game)
    assert str(tight.progress(game)) == f"28 of 28 cards cleared; {draws} of {draws - 1} draws used"


def test_score_met_and_progress_count_the_highest_score_reached_as_the_moves_stand():
    """A score is reached at some moment (R5: it falls a point a move after a peak's bonus);
    a score reached, then undone, was not reached."""
    game = Game(OPENING)
    line = list(game.solve().line)
    first_bonus = next(
        i for i in range(len(line)) if any(peak["cleared"] for peak in Game(OPENING).replay(line[: i + 1]).peaks())
    )
    challenge = Challenge.score(560)
    game.replay(line[: first_bonus + 1])
    peak = game.score
    assert peak > 560 and challenge.met(game)
    game.replay(line[first_bonus + 1 : first_bonus + 4])
    assert game.score < peak and challenge.progress(game).done == peak and challenge.met(game)
    for _ in range(4):
        game.undo()
    assert not challenge.met(game) and challenge.progress(game).done == 500 > game.score
    assert str(challenge.progress(game)) == "500 of 560 points"


def test_score_under_hogue_scoring_counts_runs():
    """V2: a run of three pays 1 + 2 + 3."""
    game = Game.from_number(1, "easy+hogue-scoring").replay(["K♣", "A♠", "2♦"])
    assert game.score == 6 and Challenge.parse("score 6", "easy+hogue-scoring").met(game)
    assert not Challenge.parse("score 7", "easy+hogue-scoring").met(game)


def test_clear_of_a_rank_and_of_a_suit_met_and_progress():
    game = Game(OPENING).replay(["K♣", "A♠"])
    kings, spades, clubs = Challenge.parse("clear 2 K"), Challenge.parse("clear 1 ♠"), Challenge.parse("clear 2 ♣")
    assert (kings.progress(game).done, kings.met(game), str(kings.progress(game))) == (1, False, "1 of 2 kings")
    assert spades.met(game) and str(spades.progress(game)) == "1 of 1 spade"
    assert not clubs.met(game) and clubs.progress(game).done == 1
    game.replay(["K♦"])
    assert kings.met(game) and str(kings.progress(game)) == "2 of 2 kings"
    game.undo()
    assert not kings.met(game)


def test_run_met_and_progress_count_the_longest_run_as_the_moves_stand():
    game = Game(OPENING).replay(["K♣", "A♠", "2♦"])
    run = Challenge.run(3)
    assert run.met(game) and str(run.progress(game)) == "longest run: 3 of 3 cards"
    game.replay(["draw"])
    assert run.met(game) and game.run == 0  # the longest so far still counts
    game.undo()
    game.undo()
    assert not run.met(game) and run.progress(game).done == 2


# -- possible and best, kind by kind, against the exhaustive walk -----------------------------------


def _late_positions(rules, count, seed):
    positions = late_positions(rules, count, f"goals-{seed}")
    assert sum(game.status == "playing" for game in positions) >= count // 2
    return positions


def _highest_so_far(game):
    replay, highest = Game(game.code), 500 if not game.rules.hogue_scoring else 0
    for action in game.history:
        replay.apply(action)
        highest = max(highest, replay.score)
    return highest


def _longest_so_far(game):
    run = longest = 0
    for action in game.history:
        run = 0 if action == "draw" else run + 1
        longest = max(longest, run)
    return longest


def _exhaustive_best(challenge, game):
    """The best on the challenge's measure, by the plain walks of tests/helpers/plain_search.py."""
    if challenge.kind == "win":
        return plain_search.most_of(game, game.deck)
    if challenge.kind == "win in":
        return plain_search.fewest_draws(game)
    if challenge.kind == "score":
        return max(_highest_so_far(game), plain_search.highest_score(game, may_stop=True))
    if challenge.kind == "clear":
        return plain_search.most_of(game, challenge.cards)
    return max(_longest_so_far(game), plain_search.longest_run(game))


def _met_by(challenge, value):
    if challenge.kind == "win":
        return value == 28
    if challenge.kind == "win in":
        return value is not None and value <= challenge.target
    return value >= challenge.target


def _targets(challenge, best, game):
    """Targets at the exhaustive best and one step past it (a 'win' has none)."""
    if challenge.kind == "win":
        return [0]
    if challenge.kind == "win in":
        return [game.position.drawn] if best is None else [best - 1, best]
    return [best, best + 1]


@pytest.mark.parametrize(
    ("rules", "texts"),
    [
        ("easy", ["win", "win in {n} draws", "score {n}", "clear {n} K", "clear {n} ♥", "run {n}"]),
        ("classic", ["win", "win in {n} draws", "score {n}", "clear {n} 7", "clear {n} ♠", "run {n}"]),
        ("easy+draw-when-stuck", ["win", "win in {n} draws", "clear {n} Q", "run {n}"]),
        ("classic+hogue-scoring", ["score {n}", "run {n}", "clear {n} ♣"]),
    ],
)
def test_possible_and_best_are_the_exhaustive_walks_for_every_kind(rules, texts):
    """From late positions, for every kind: ``best`` is the best value the exhaustive walk finds
    on the kind's measure (the past counting), its line replays to it, and ``possible`` is whether
    that meets the challenge, at the best and one step past it."""
    checked = 0
    for game in _late_positions(rules, 6, "best"):
        for text in texts:
            start = _highest_so_far(Game(game.code))
            probe = Challenge.parse(text.format(n=start + 1 if "score" in text else 1), rules)  # its kind, cards
            exhaustive = _exhaustive_best(probe, game)
            for target in _targets(probe, exhaustive, game):
                try:
                    challenge = Challenge.parse(text.format(n=target), rules)
                except InvalidChallengeError:
                    continue  # a count of 0, a score the game starts on
                best = challenge.best(game.copy())
                assert best.value == exhaustive, (challenge, game.to_dict())
                assert best.possible == _met_by(challenge, exhaustive) == challenge.possible(game.copy()), challenge
                end = game.copy().replay(best.line)
                if challenge.kind in ("win", "clear") or best.line:
                    assert challenge.progress(end).done == best.value or challenge.kind == "win in", challenge
                if challenge.kind == "win in" and best.value is not None:
                    assert end.status == "won" and end.position.drawn == best.value
                checked += 1
    assert checked >= 6 * len(texts)


def test_possible_and_best_from_the_deal_and_once_met():
    """From the deal (the start), and once a challenge is met: possible whatever comes next."""
    game = Game(OPENING)
    fewest = solver.fewest_draws(game).value
    assert Challenge.win_in(fewest).possible(game) and not Challenge.win_in(fewest - 1).possible(game)
    best = Challenge.win_in(fewest).best(game)
    assert (best.value, str(best)) == (fewest, f"Best possible: a win with {fewest} draws")
    assert str(Challenge.win().best(game)) == "Best possible: a win"
    game.replay(["K♣", "A♠", "2♦", "draw"])
    assert Challenge.run(3).possible(game) and Challenge.run(3).best(game).value >= 3
    assert "solver" in game.consulted  # it peeked: the game is assisted
    lost = Game.from_number(3, "classic")  # R6.5: not winnable under Classic
    assert not Challenge.win().possible(lost) and Challenge.win_in(23).best(lost).value is None
    assert str(Challenge.win_in(23).best(lost)) == "Best possible: no win"
    assert str(Challenge.win().best(lost)).startswith("Best possible: ") and "cards cleared" in str(
        Challenge.win().best(lost)
    )


# -- the game of the day -----------------------------------------------------------------------------

# Pinned: the rule must give these for good (a change would deal everyone another game that day).
PINNED = {
    ("2026-01-01", "easy"): 33248,
    ("2026-01-01", "classic"): 45293,
    ("2026-05-01", "easy"): 40172,
    ("2027-02-28", "site"): 4211,
}


def test_the_game_of_the_day_follows_its_documented_rule():
    """SHA-256 of "<ISO date> <rule set code>", its first 8 bytes mod 50,000 plus 1, then up the
    series to the first game the solver proves winnable."""
    for (date, rules), _ in PINNED.items():
        code = {"easy": "E", "classic": "C", "site": "E-SW"}[rules]
        first = int.from_bytes(hashlib.sha256(f"{date} {code}".encode()).digest()[:8], "big") % 50_000 + 1
        number = number_of_the_day(date, rules)
        tried = [(first - 1 + step) % SERIES_LAST + 1 for step in range((number - first) % SERIES_LAST + 1)]
        assert tried[-1] == number and Game.from_number(number, rules).winnable()
        assert not any(Game.from_number(n, rules).winnable() for n in tried[:-1])


def test_the_game_of_the_day_is_pinned_and_the_same_in_another_process_under_pure_python():
    """The same numbers in a process of its own that runs the pure-Python searches (Pyodide's),
    as in this one, and the same three challenges."""
    dates = [(date, rules) for date, rules in PINNED]
    code = (
        "import json, sys\n"
        "from tripeaks_widget import challenges_of_the_day, solver\n"
        f"dates = {dates!r}\n"
        "days = [challenges_of_the_day(d, r) for d, r in dates]\n"
        "print(json.dumps([solver.BACKEND, [[day.number, [c.text for c in day]] for day in days]]))"
    )
    env = dict(os.environ, TRIPEAKS_PURE_PYTHON="1", PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    backend, theirs = json.loads(done.stdout)
    ours = [[day.number, [c.text for c in day]] for day in (challenges_of_the_day(d, r) for d, r in dates)]
    assert backend == "python" and theirs == ours
    assert [number for number, _ in ours] == list(PINNED.values())


def test_game_of_the_day_is_a_numbered_winnable_game_of_its_rules():
    game = Game.of_the_day("2026-05-01")
    assert type(game) is tripeaks_widget.Game and game.number == 40172 and game.rules.name == "easy"
    assert game.code == code_of_the_day("2026-05-01") and game.winnable()
    classic = Game.of_the_day(datetime.date(2026, 5, 1), rules="classic", error_help=False)
    assert classic.rules.name == "classic" and not classic.error_help and 1 <= classic.number <= 50_000
    assert classic.winnable() and classic.number == number_of_the_day("2026-05-01", "classic")
    assert Game.of_the_day("2026-05-01", "site").code.endswith("-SW")


def test_a_date_is_a_date_a_datetime_iso_text_or_today():
    """A ``datetime`` stands for its own calendar date; None for today's, in the local calendar."""
    day = datetime.date(2026, 5, 1)
    for value in (day, datetime.datetime(2026, 5, 1, 23, 59), " 2026-05-01\n", "2026-05-01"):
        assert day_of(value) == day and number_of_the_day(value) == number_of_the_day(day)
    aware = datetime.datetime(2026, 5, 1, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-8)))
    assert day_of(aware) == day
    assert day_of(None) == datetime.date.today() and Game.of_the_day().number == number_of_the_day(None)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("2026-13-01", "not a date: '2026-13-01' (month must be in 1..12)"),
        ("2026-02-30", "day is out of range for month"),
        ("tomorrow", "not a date: 'tomorrow'; expected a datetime.date"),
        ("2026-5-1", "not a date"),
        ("20260501", "not a date"),
        ("２０２６-05-01", "U+FF12 FULLWIDTH DIGIT TWO is not ASCII"),
        ("2026-05-01T10:00", "not a date"),
        (12345, "a date is a datetime.date, a datetime.datetime, or ISO text 'YYYY-MM-DD'"),
        (True, "got bool True"),
        (2026.5, "got float 2026.5"),
        (["2026-05-01"], "got list"),
    ],
)
def test_a_bad_date_is_refused_saying_what_a_date_is(value, said):
    for call in (Game.of_the_day, challenges_of_the_day, number_of_the_day):
        with pytest.raises(InvalidDateError, match=re.escape(said)) as refused:
            call(value)
        assert isinstance(refused.value, ValueError) and isinstance(refused.value, TriPeaksError)


def test_bad_rules_are_refused_by_the_game_of_the_day():
    with pytest.raises(tripeaks_widget.InvalidRulesError):
        Game.of_the_day("2026-05-01", rules="hard")


# -- the three challenges of the day -------------------------------------------------------------------


DATES = [f"2026-{month:02d}-{day:02d}" for month in (1, 6) for day in range(1, 9)]


@pytest.mark.parametrize("rules", ["easy", "classic"])
def test_three_challenges_of_rising_difficulty_all_possible_the_hardest_near_the_best(rules):
    """One star: a rank or a suit to clear (all of it in the two lower rows), or a run of half
    the longest; two: a win; three: a win within two draws of the fewest, or its score. Each is
    possible from the deal; the third is not possible with two draws less."""
    firsts, thirds = set(), set()
    for date in DATES:
        day = challenges_of_the_day(date, rules)
        deal = Game(day.code)
        assert day.number == number_of_the_day(date, rules) and len(day) == 3 and list(day) == list(day.challenges)
        one, two, three = day
        assert two == Challenge.win() and all(challenge.possible(deal.copy()) for challenge in day)
        firsts.add(one.kind if one.kind == "run" else "rank" if one.rank else "suit")
        thirds.add(three.kind)
        fewest = solver.fewest_draws(deal.copy()).value
        if one.kind == "run":
            assert one.target == (solver.longest_run(deal.copy()).value + 1) // 2 >= 3
        else:
            lower = [deal.deck[slot] for row in deal.layout.rows[-daily.LOWER_ROWS :] for slot in row]
            assert len(lower) == 19
            assert one.target == sum(card in one.cards for card in lower) >= 2
        slack = max(0, min(2, deal.stock_count - 1 - fewest))
        if three.kind == "win in":
            assert three.target == fewest + slack
        else:
            assert three.target == 772 - fewest - slack  # R5.3: a win scores 772 less a point a draw
        if fewest:
            assert not Challenge.win_in(fewest - 1).possible(deal.copy())
    assert firsts == {"run", "rank", "suit"} and thirds == {"win in", "score"}


def test_the_three_challenges_under_hogue_scoring_and_the_site_rules():
    for rules in ("easy+hogue-scoring", "site"):
        day = challenges_of_the_day("2026-03-14", rules)
        deal = Game(day.code)
        assert deal.rules == tripeaks_widget.Rules.parse(rules) and all(c.possible(deal.copy()) for c in day)


def test_stars_count_the_challenges_a_game_of_the_day_meets():
    """None at the deal; one when the one-star challenge is met short of a win; three for the
    win with the fewest draws. A game of another deal earns none: it is refused."""
    day = challenges_of_the_day("2026-01-02", "easy")
    game = Game(day.code)
    assert day.stars(game) == 0 and day.met(game) == (False, False, False)
    line = solver.fewest_draws(game.copy()).line
    for action in line:
        game.apply(action)
        if day[0].met(game):
            break
    assert game.status == "playing" and day.stars(game) == 1
    game.replay(line[len(game.history) :])
    assert game.status == "won" and day.stars(game) == 3 and day.met(game) == (True, True, True)
    with pytest.raises(tripeaks_widget.TriPeaksError, match="this is the game TP1-E-"):
        day.stars(Game(OPENING))


# -- on other layouts (issue 48) ------------------------------------------------------------------------


def test_each_layout_has_its_own_game_of_the_day_by_the_same_rule():
    """On a layout other than Three Peaks the digest's text ends in "@<layout key>", as the game's
    code does; the walk up the series is the same, the solver proving each game on that layout."""
    diamond = tripeaks_widget.LAYOUTS["Diamond"]
    date = "2026-05-01"
    first = int.from_bytes(hashlib.sha256(f"{date} E@DIAMOND".encode()).digest()[:8], "big") % 50_000 + 1
    number = number_of_the_day(date, "easy", layout="Diamond")
    tried = [(first - 1 + step) % SERIES_LAST + 1 for step in range((number - first) % SERIES_LAST + 1)]
    assert tried[-1] == number and Game.from_number(number, "easy", layout=diamond).winnable()
    assert not any(Game.from_number(n, "easy", layout=diamond).winnable() for n in tried[:-1])
    assert code_of_the_day(date, "easy", layout=diamond) == Game.from_number(number, "easy", layout=diamond).code
    assert "@" not in code_of_the_day(date)  # Three Peaks' code, as before
    assert number_of_the_day(date, "easy", layout="THREE-PEAKS") == PINNED[(date, "easy")]


@pytest.mark.parametrize("name", ["Diamond", "Four Peaks", "Columns"])
def test_the_three_challenges_of_the_day_on_each_layout_are_proved_on_it(name):
    layout = tripeaks_widget.LAYOUTS[name]
    day = challenges_of_the_day("2026-01-01", "easy", layout=name)
    deal = Game(day.code, layout=layout)
    assert day.layout == layout and deal.layout == layout and deal.number == day.number
    assert all(challenge.possible(deal.copy()) for challenge in day)
    one = day[0]
    if one.kind == "clear":
        lower = [deal.deck[slot] for row in layout.rows[-daily.LOWER_ROWS :] for slot in row]
        assert one.target == sum(card in one.cards for card in lower)
    won = deal.copy().replay(solver.fewest_draws(deal.copy()).line)
    assert won.status == "won" and day.stars(won) == 3


def test_a_challenge_is_measured_on_the_games_layout():
    four = tripeaks_widget.LAYOUTS["Four Peaks"]
    assert Challenge.parse("run 30", "easy", four).target == 30  # 31 slots: a run of 30 can be played
    with pytest.raises(tripeaks_widget.TriPeaksError, match="a run on Three Peaks plays 1 to 28"):
        Challenge.parse("run 30")
    game = Game.from_number(1, "easy", layout=tripeaks_widget.LAYOUTS["Diamond"])
    progress = Challenge.win().progress(game)
    assert (progress.done, progress.target, progress.met) == (0, 25, False)
    best = Challenge.win().best(game.copy())
    assert best.possible == (best.value == 25) and best.possible == bool(game.copy().winnable())


def test_the_package_exports_the_goals():
    assert tripeaks_widget.Challenge is Challenge and tripeaks_widget.challenges_of_the_day is challenges_of_the_day
    assert {"Challenge", "challenges_of_the_day", "InvalidChallengeError", "InvalidDateError"} <= set(
        tripeaks_widget.__all__
    )
    assert i18n.translate(Challenge.win().message, "he") == Challenge.win().describe("he")
