"""The solver: verdicts checked against a plain exhaustive search, best lines replayed through
the engine, hints, time budgets, the "no longer winnable since" walk, and the variants."""

import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor

import pytest
from helpers import plain_search, reference
from helpers.support import late_positions

from tripeaks_widget import CLASSIC, EASY, Card, Game, Rules, solver
from tripeaks_widget.engine.history import standing_actions
from tripeaks_widget.solver import NEVER_WINNABLE, SearchExhausted, Solution, verdict_history
from tripeaks_widget.solver._score import HOGUE, highest_score

SEED = 20240601
SAMPLE = 300  # random deals per rule set checked against the plain search


def _position(game):
    removed, drawn, discard = game.position
    return dict(removed=removed, drawn=drawn, discard=discard)


def _plain_answer(task: tuple[str, int, str, list[str], int | None]) -> bool | int:
    """The plain search's answer to ``(kind, number, rules, actions, max_draws)``: whether the
    position is winnable ("winnable"), or the most cards it can clear ("most_cleared")."""
    kind, number, rules_name, actions, max_draws = task
    game = Game.from_number(number, rules_name).replay(actions)
    if kind == "winnable":
        return plain_search.winnable(game.deck, game.rules, **_position(game))
    return plain_search.most_cleared(game.deck, game.rules, **_position(game), max_draws=max_draws)


def plain_answers(name: str, games: list[Game], kind: str, max_draws: list[int | None] | None = None) -> list:
    """The plain search's answers on ``games`` (over every core), each a position reached from its
    deal: kept between runs until the plain search, the engine or the positions change (the
    plain search is slow, and its answers change only with them: tests/helpers/reference.py)."""
    limits = max_draws or [None] * len(games)
    tasks = [(kind, g.number, str(g.rules), list(g.history), m) for g, m in zip(games, limits, strict=True)]

    def compute() -> dict:
        with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
            return {str(i): answer for i, answer in enumerate(pool.map(_plain_answer, tasks, chunksize=4))}

    kept, _ = reference.answers(f"plain-{name}", tasks, [*reference.ENGINE, "tests/helpers/plain_search.py"], compute)
    return [kept[str(i)] for i in range(len(tasks))]


def _random_deals(rules, count, seed):
    rng = random.Random(f"{seed}-{rules}")
    return [Game.from_number(rng.randrange(1, 10**9), rules) for _ in range(count)]


def _random_play(game, rng, steps):
    """A few random legal actions, undos among them; returns the game."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        if game.can_undo and rng.random() < 0.15:
            game.undo()
        else:
            game.apply(rng.choice(moves))
    return game


def _check_line(game, solution):
    """The line replays legally and reaches the claimed result and score."""
    end = game.copy().replay(solution.line)
    assert end.cards_left == solution.cards_left
    assert end.score == solution.score
    assert list(solution.line).count("draw") == solution.draws
    assert (end.status == "won") == bool(solution.winnable)
    return end


# -- R6.5 and the reference deals ---------------------------------------------------------------


def test_deal_3_is_winnable_under_easy_only():
    """R6.5: TP1-…-AAAAAAD can be won under Easy and cannot be won under Classic."""
    easy, classic = Game("TP1-E-AAAAAAD"), Game("TP1-C-AAAAAAD")
    assert solver.winnable(easy) is True and easy.winnable() is True
    assert solver.winnable(classic) is False and classic.winnable() is False
    won, lost = easy.solve(), classic.solve()
    assert won.winnable is True and won.complete and won.cards_left == 0
    assert lost.winnable is False and lost.complete and lost.cards_left >= 1
    _check_line(easy, won)
    _check_line(classic, lost)


def test_a_won_line_scores_772_less_its_draws():
    """R5.3: a game won without undo scores 500 − moves + 300, and a win plays all 28 cards."""
    for code in ("TP1-E-AAAAAAB", "TP1-E-AAAAAAD", "TP1-C-AAAAAAB"):
        solution = Game(code).solve()
        if solution.winnable:
            assert solution.score == 772 - solution.draws == 500 - len(solution.line) + 300


# -- verdicts against the plain search --------------------------------------------------------------


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["easy", "classic"])
def test_verdicts_agree_with_the_plain_search_on_300_random_deals(rules):
    """R4.1, R4.2, R3: the verdict on 300 seeded random deals is the plain search's. The plain
    search is slow (about a second on a hard Classic deal), so it runs on every core."""
    games = _random_deals(rules, SAMPLE, SEED)
    expected = plain_answers(f"deals-{rules}", games, "winnable")
    got = [solver.winnable(game) for game in games]
    wrong = [(g.code, e, v) for g, e, v in zip(games, expected, got, strict=False) if e != v]
    assert not wrong
    assert 0 < sum(got) < len(got)  # both verdicts occur


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["easy", "classic"])
def test_verdicts_agree_with_the_plain_search_in_mid_game(rules):
    """From positions after random play, undos included (R6.1), the verdicts still agree."""
    rng = random.Random(SEED + 1)
    games = [_random_play(game, rng, rng.randrange(1, 30)) for game in _random_deals(rules, 80, SEED + 2)]
    expected = plain_answers(f"mid-game-{rules}", games, "winnable")
    assert [solver.winnable(game) for game in games] == expected


# -- best lines ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["easy", "classic"])
def test_best_lines_replay_to_the_claimed_result_and_clear_the_most_cards(rules):
    """Every line replays through the engine to the result and score it claims (R5), and it
    clears as many cards as the plain search says can be cleared."""
    rng = random.Random(SEED + 3)
    games = _random_deals(rules, 40, SEED + 4)
    games += [_random_play(game, rng, rng.randrange(1, 25)) for game in _random_deals(rules, 20, SEED + 5)]
    for game, cleared in zip(games, plain_answers(f"lines-{rules}", games, "most_cleared"), strict=True):
        solution = game.solve()
        assert solution.complete
        _check_line(game, solution)
        assert solution.winnable == (cleared == 28)
        assert 28 - solution.cards_left == cleared, game.code


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["easy", "classic"])
def test_no_line_with_fewer_draws_does_as_well(rules):
    """The best line needs the fewest draws: with one draw fewer the plain search can't clear
    as many cards (so for a win, no win has fewer draws: a higher score, R5.2)."""
    games = [(game, game.solve()) for game in _random_deals(rules, 12, SEED + 6)]
    games = [(game, solution) for game, solution in games if solution.draws > 0]
    limits = [solution.draws - 1 for _, solution in games]
    fewer = plain_answers(f"fewer-draws-{rules}", [game for game, _ in games], "most_cleared", limits)
    for (game, solution), most in zip(games, fewer, strict=True):
        assert most < 28 - solution.cards_left, game.code


def test_a_deal_from_another_app():
    """52 cards written by another TriPeaks tool (ASCII, peaks row by row, then the discard,
    then the stock from its top): solved like any deal."""
    deck = (
        "Jd Ah 8s Ks 2s 3h Qc Td 5s 9s 6h 7c 9d 2d 8d 7h As Kd 2c 3c 3s 4c Ad 3d Kc Qd "
        "Ac 4s Qs 4h 5c Tc 5d 5h Qh 9h 9c Kh 6s Ts 7d 6c Js 8h 6d 7s Th 2h 8c 4d Jc Jh"
    )
    for rules in (EASY, CLASSIC):
        game = Game.from_deck(deck, rules)
        solution = game.solve()
        _check_line(game, solution)
        assert solution.winnable == plain_search.winnable(game.deck, game.rules, **_position(game))
        assert 28 - solution.cards_left == plain_search.most_cleared(game.deck, game.rules, **_position(game))


# -- hints and finished games -------------------------------------------------------------------


def test_hint_is_the_first_action_of_the_best_line():
    game = Game("TP1-E-AAAAAAD")
    solution = game.solve()
    assert game.hint() == solution.hint == solution.line[0]
    assert game.hint() in game.legal_moves()


def test_hint_on_a_won_game_is_none():
    game = Game("TP1-E-AAAAAAD")
    game.replay(game.solve().line)
    assert game.status == "won"
    solution = game.solve()
    assert solution == Solution(winnable=True, line=(), draws=0, cards_left=0, score=game.score)
    assert game.hint() is None and game.winnable() is True


def test_hint_on_a_lost_game():
    """On a game that can't be won the hint still leads to the most cards cleared; once nothing
    more can be cleared (R4.2 blocked, or only draws left that help nothing) it is None."""
    game = Game("TP1-C-AAAAAAD")
    solution = game.solve()
    assert solution.winnable is False and game.hint() == solution.line[0]
    game.replay(solution.line)
    assert game.cards_left == solution.cards_left and game.hint() is None
    game.replay(["draw"] * game.stock_count)
    assert game.status == "blocked" and game.hint() is None
    assert game.solve().line == () and game.winnable() is False


def test_solution_as_plain_values():
    solution = Game("TP1-C-AAAAAAD").solve()
    data = solution.to_dict()
    assert data["winnable"] is False and data["line"] == list(solution.line) and data["hint"] == solution.hint
    assert set(data) >= {"winnable", "line", "draws", "cards_left", "score", "complete"}
    assert "not winnable" in repr(solution) and f"{solution.draws} draws" in repr(solution)


# -- budgets ---------------------------------------------------------------------------------------

HARD_LOST = "TP1-C-AAAAAAD"  # exhaustive: no win to stop at


def test_a_search_that_runs_out_says_so_and_never_says_lost():
    game = Game(HARD_LOST)
    with pytest.raises(SearchExhausted):
        solver.winnable(game, budget=0)
    partial = solver.solve(game, budget=0)
    assert partial.complete is False and partial.exhausted and partial.winnable is None
    _check_line(game, partial)  # the best line found so far still replays
    won = solver.solve(Game("TP1-E-AAAAAAD"), budget=0)
    assert won.winnable in (True, None) and (won.complete or won.exhausted)
    with pytest.raises(ValueError, match="budget"):
        solver.solve(game, budget=-1)


def test_a_budget_that_suffices_changes_nothing():
    game = Game("TP1-E-AAAAAAD")
    assert solver.solve(game, budget=60) == solver.solve(game)


# -- threads: no shared state ------------------------------------------------------------------------


def test_searches_in_threads_give_the_same_answers():
    games = _random_deals(CLASSIC, 6, SEED + 7) + _random_deals(EASY, 6, SEED + 7)
    expected = [game.solve() for game in games]
    results = [None] * len(games)

    def run(i):
        results[i] = games[i].solve()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(games))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == expected


# -- "no longer winnable since move N" ---------------------------------------------------------------


def _first_lost_by_scan(game):
    """The slow way: replay the standing line one action at a time."""
    line = standing_actions(game.history)
    fresh = Game(game.code)
    if not fresh.winnable():
        return NEVER_WINNABLE
    for index, action in line:
        fresh.apply(action)
        if not fresh.winnable():
            return index
    return None


def test_verdict_history_finds_the_losing_move():
    plain = Game("TP1-E-AAAAAAB")  # the first card that fits, a draw only when none does
    while plain.status == "playing":
        plain.apply(plain.legal_moves()[0])
    assert plain.status == "blocked"
    lost = verdict_history(plain)
    assert lost == _first_lost_by_scan(plain)
    before = Game(plain.code).replay(plain.history[:lost])
    assert before.winnable() and not before.copy().replay([plain.history[lost]]).winnable()


def test_verdict_history_while_winnable_and_on_a_deal_never_winnable():
    game = Game("TP1-E-AAAAAAD")
    assert verdict_history(game) is None
    game.replay(game.solve().line[:10])
    assert verdict_history(game) is None
    never = Game("TP1-C-AAAAAAD").replay(["draw", "draw"])
    assert verdict_history(never) == NEVER_WINNABLE


def test_verdict_history_reasons_about_the_line_that_stands_after_undos():
    """Undone actions don't count (R6.1): a losing move taken back and played again later."""
    rng = random.Random(SEED + 8)
    checked = 0
    for game in _random_deals(EASY, 40, SEED + 9):
        if not game.winnable():
            continue
        _random_play(game, rng, 40)
        if "undo" in game.history:
            assert verdict_history(game) == _first_lost_by_scan(game), game.to_dict()
            checked += 1
        if checked == 6:
            break
    assert checked == 6


# -- a random winnable deal ------------------------------------------------------------------------


def test_random_winnable_code():
    for rules in ("easy", "classic"):
        code = solver.random_winnable_code(rules, random.Random(3))
        assert code == solver.random_winnable_code(rules, random.Random(3))  # a seeded choice repeats
        game = Game(code)
        assert game.rules == Rules.parse(rules) and 1 <= game.number <= 50_000 and game.winnable()
    assert solver.random_winnable_code().startswith("TP1-E-")
    with pytest.raises(SearchExhausted):
        solver.random_winnable_code("classic", random.Random(1), budget=0)


# -- the variants of SPEC §8 -----------------------------------------------------------------------


def _engine_best(game):
    """(most cards cleared, total draws at the last play) over every line, walking the engine's
    own legal moves: slow, but it knows every variant's rules."""
    memo = {}

    def best(g):
        removed, drawn, discard = g.position
        key = (removed, drawn, discard)
        if key not in memo:
            result = (removed.bit_count(), -drawn)
            if g.status == "playing":
                for move in g.legal_moves():
                    result = max(result, best(g.copy().replay([move])))
            memo[key] = result
        return memo[key]

    cleared, drawn = best(game)
    return cleared, -drawn


def _endgame(game, left):
    """Play the first legal action until at most ``left`` cards remain or the game ends."""
    while game.status == "playing" and game.cards_left > left:
        moves = game.legal_moves()
        plays = [m for m in moves if m != "draw"]
        game.apply(plays[0] if plays else moves[0])
    return game


@pytest.mark.parametrize(
    "rules",
    [
        "easy+draw-when-stuck",
        "classic+empty-discard",
        "easy+joker",
        "classic+joker+draw-when-stuck",
        "site",
        "classic+open-peaks",
    ],
)
def test_variants_agree_with_the_engine_moves(rules):
    """V3–V6: from endgames (few cards left) and from the start of V6 deals, the solver's best
    line clears as many cards with as few draws as a brute force over the engine's moves."""
    rng = random.Random(f"{SEED}-{rules}")
    checked = 0
    for _ in range(12):
        game = _endgame(Game.from_number(rng.randrange(1, 50_001), rules), left=rng.choice((8, 10, 12)))
        solution = game.solve()
        end = _check_line(game, solution)
        cleared, drawn = _engine_best(game)
        assert (28 - solution.cards_left, solution.draws) == (cleared, drawn - game.position.drawn), game.to_dict()
        assert solution.winnable == (cleared == 28) == game.winnable()
        assert end.cards_left == 28 - cleared
        checked += game.status == "playing"
    assert checked >= 6


# -- Hogue's scoring (V2): the highest final score -------------------------------------------------


def _small_position(game, left, stock):
    """Play the first legal card (or draw) until at most ``left`` cards and ``stock`` stock
    cards remain, or the game ends."""
    while game.status == "playing" and (game.cards_left > left or game.stock_count > stock):
        moves = game.legal_moves()
        plays = [m for m in moves if m != "draw"]
        game.apply(plays[0] if plays and game.cards_left > left else moves[-1])
    return game


@pytest.mark.parametrize(
    "rules", ["easy+hogue-scoring", "classic+open-peaks+hogue-scoring", "easy+hogue-scoring+draw-when-stuck"]
)
def test_hogue_line_has_the_highest_final_score_of_any_line(rules):
    """V2: solve() returns the line with the highest final score any line reaches, won or
    blocked, as an exhaustive walk over the engine's moves finds it; the line replays to
    the end of the game and to that score."""
    rng = random.Random(f"{SEED}-{rules}")
    playing = 0
    for _ in range(15):
        game = Game.from_number(rng.randrange(1, 50_001), rules)
        game = _small_position(game, rng.choice((8, 10)), rng.choice((4, 6)))
        solution = game.solve()
        end = game.copy().replay(solution.line)
        assert solution.complete and end.status != "playing"
        assert end.score == solution.score == plain_search.highest_score(game), game.to_dict()
        assert solution.winnable == game.winnable()
        playing += game.status == "playing"
    assert playing >= 10


@pytest.mark.parametrize("reading", ["free-draws", "may-stop"])
def test_other_readings_of_hogue_have_the_highest_score_of_any_line(reading):
    """The highest-score search under the readings benchmarks/hogue.py compares (draws free;
    the player may stop at any moment) against the exhaustive walk, with its line replayed."""
    free, stop = reading == "free-draws", reading == "may-stop"
    rng = random.Random(f"{SEED}-{reading}")
    shorter = 0
    for _ in range(12):
        game = Game.from_number(rng.randrange(1, 50_001), rng.choice(["easy", "classic"]) + "+hogue-scoring")
        game = _small_position(game, rng.choice((8, 10)), rng.choice((4, 6)))
        snapshot, search, _ = solver._prepare(game, None)
        points, path, complete = highest_score(
            search, snapshot._run, scoring=HOGUE._replace(draw_cost=0) if free else HOGUE, may_stop=stop
        )
        end = game.copy().replay(solver._line(snapshot, path))
        draws = end.position[1] - game.position[1]
        assert complete and game.score + points == plain_search.highest_score(game, free_draws=free, may_stop=stop)
        assert end.score + (5 * draws if free else 0) == game.score + points, game.to_dict()
        shorter += end.status == "playing"
    assert shorter >= (0 if free else 2)  # a player who may stop does, on some of them


def test_hogue_from_a_position_where_no_card_fits():
    """From a position where the only move is a draw (the search's own walk for those), every
    reading agrees with the exhaustive walk; so does the end of the stock, where none is left."""
    rng = random.Random(f"{SEED}-stuck")
    stuck = 0
    for _ in range(25):
        game = Game.from_number(rng.randrange(1, 50_001), rng.choice(["easy", "classic"]) + "+hogue-scoring")
        game = _small_position(game, 10, 6)
        while game.status == "playing" and game.playable():
            game.apply("draw" if "draw" in game.legal_moves() else game.legal_moves()[0])
        if game.status != "playing":
            continue
        stuck += 1
        assert game.solve().score == plain_search.highest_score(game), game.to_dict()
        for free, stop in ((True, False), (False, True)):
            snapshot, search, _ = solver._prepare(game, None)
            points, _, _ = highest_score(
                search, snapshot._run, scoring=HOGUE._replace(draw_cost=0) if free else HOGUE, may_stop=stop
            )
            assert game.score + points == plain_search.highest_score(game, free_draws=free, may_stop=stop)
    assert stuck >= 5


def test_hogue_runs_can_beat_the_fewest_draws():
    """V2: on some position the highest-scoring line is not the win with the fewest draws."""
    rng = random.Random(SEED)
    for _ in range(30):
        game = _small_position(Game.from_number(rng.randrange(1, 50_001), "easy+hogue-scoring"), 18, 12)
        fewest = solver.solve(Game.from_deck([str(c) for c in game.deck], "easy").replay(game.history))
        best = game.solve()
        if fewest.winnable and best.draws > fewest.draws:
            assert best.score > game.copy().replay(fewest.line).score
            return
    pytest.fail("no position where the highest score needs more draws")


# -- which first actions still win ----------------------------------------------------------------


@pytest.mark.parametrize("rules", ["easy", "classic", "easy+draw-when-stuck"])
def test_winning_actions_agree_with_winnable_after_each_action(rules):
    """winning_actions() gives every legal action, each with the verdict winnable() gives
    after it, on positions from the start to the late game."""
    rng = random.Random(f"{SEED}-actions-{rules}")
    mixed = 0
    for _ in range(40):
        game = _random_play(Game.from_number(rng.randrange(1, 50_001), rules), rng, rng.randrange(0, 30))
        verdicts = solver.winning_actions(game)
        assert list(verdicts) == game.legal_moves()
        for action, wins in verdicts.items():
            assert wins == solver.winnable(game.copy().replay([action])), (game.to_dict(), action)
        mixed += len(set(verdicts.values())) == 2
    assert mixed >= (1 if "stuck" in rules else 3)  # V5 leaves fewer choices


def test_winning_actions_budget_and_end_of_game():
    game = Game.from_number(1)
    with pytest.raises(SearchExhausted):
        solver.winning_actions(game, budget=0)
    won = Game("TP1-E-AAAAAAD").replay(Game("TP1-E-AAAAAAD").solve().line)
    assert solver.winning_actions(won) == {}


def test_a_deal_typed_in_gets_the_verdict_of_the_same_deal_dealt_by_code():
    """A deal entered card by card through Game.from_deck gets the same verdict and best line
    as the same deal dealt from its code."""
    rng = random.Random(f"{SEED}-from-deck")
    for rules in ("easy", "classic"):
        for _ in range(25):
            dealt = Game.from_number(rng.randrange(1, 50_001), rules)
            typed = Game.from_deck(" ".join(str(card) for card in dealt.deck), rules)
            assert solver.winnable(typed) == solver.winnable(dealt)
            assert solver.solve(typed, lost_line=False) == solver.solve(dealt, lost_line=False)


# -- the predecessor checks against Hall's condition written out ---------------------------------


def _hall_by_hand(counts_left, counts_supply, wrap, allowance):
    """Hall's condition for every run of demand ranks two apart, of every length, on the rank
    line or cycle: the run's demand is at most the supply of the ranks next to it, plus the
    allowance. Slow and plain."""

    def rank(q):
        return (q - 1) % 13 + 1 if wrap else q

    for start in range(1, 14):
        for length in range(1, (13 if wrap else 7) + 1):
            demand_ranks = [start + 2 * i for i in range(length)]
            supply_ranks = {start - 1 + 2 * i for i in range(length + 1)}
            if not wrap and demand_ranks[-1] > 13:
                break
            demand = sum(counts_left[rank(q)] for q in demand_ranks)
            supply = sum(counts_supply[rank(q)] for q in supply_ranks if wrap or 1 <= q <= 13)
            if demand > supply + allowance:
                return False
    return True


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["easy", "classic"])
def test_the_packed_hall_check_is_halls_condition(rules):
    """``Space.hall_ok`` (packed counts, all runs at once, on the cycle only runs up to six)
    agrees with Hall's condition checked run by run, on random rank counts."""
    from tripeaks_widget.solver._space import Space

    game = Game.from_number(1, rules)
    space = Space(game.layout, game.deck, game.rules, game.stock)
    rng = random.Random(SEED + 9)
    outcomes = set()
    for trial in range(1500):
        left = [0] + [rng.choice([0, 0, 1, 1, 2, 3, 4] if trial % 3 else [1, 2, 2, 3]) for _ in range(13)]
        supply = [0] + [c + rng.choice([0, 0, 1, 2, 3] if trial % 2 else [0, 0, 0, 0, 1]) for c in left[1:]]
        allowance = rng.choice([0, 0, 0, 1, 2])
        packed_left = sum(c << 8 * q for q, c in enumerate(left))
        packed_supply = sum(c << 8 * q for q, c in enumerate(supply))
        expected = _hall_by_hand(left, supply, rules.king_ace_wrap, allowance)
        assert space.hall_ok(packed_left, packed_supply, allowance) == expected, (left, supply, allowance)
        outcomes.add(expected)
    assert outcomes == {True, False}


def test_a_search_without_a_top_never_plays_that_top():
    """The most-cleared search looks for the best win of the game without one peak top: that
    top counts as gone, so uncovering it must not bring it back into play (it would be played
    a second time, and the counts behind the predecessor checks would go wrong)."""
    from tripeaks_widget.solver import _prepare
    from tripeaks_widget.solver._search import Search

    played_tops = []
    for number in (7, 10, 16, 39):  # deals whose search without a top once played it
        game = Game.from_number(number, CLASSIC)
        _, root, _ = _prepare(game, None)
        for top in range(3):
            search = Search(root.space, root.removed | 1 << top, root.drawn, root.rank, None)
            found, complete = search.wins(first_only=False)
            assert complete
            for path in (found[1] if found else [], search.most[2]):
                played_tops += [(number, top) for step in path if step == top]
    assert not played_tops


@pytest.mark.parametrize("rules", [EASY, CLASSIC], ids=["easy", "classic"])
def test_one_search_for_a_line_leaving_one_top_agrees_with_a_search_per_top(rules):
    """A lost deal's line that leaves one top comes from one search over the game's positions
    (``one_left``): the same fewest draws as the searches of the game without each top (the
    fewest of them), or none where none of those finds one; and its line leaves a single top."""
    from tripeaks_widget.solver import _backends, _prepare
    from tripeaks_widget.solver._search import Search

    searches = _backends.for_build(solver.BACKEND)
    outcomes = set()
    lost = (game for game in _random_deals(rules, 400, SEED + 5) if not game.winnable())
    for game, _ in zip(lost, range(5), strict=False):
        _, root, _ = _prepare(game, None)
        tops = [t for t in root.space.tables.tops if not root.removed >> t & 1]
        fewest = []
        for top in tops:
            without = Search(root.space, root.removed | 1 << top, root.drawn, root.rank, None)
            found, complete = searches.wins(without, first_only=False)
            assert complete
            fewest += [found[0]] if found else []
        found, complete = searches.one_left(root, sum(1 << t for t in tops))
        assert complete and (found[0] if found else None) == min(fewest, default=None), game.code
        if found:
            end = game.copy().replay(solver._line(game, found[1]))
            assert end.cards_left == 1 and end.position.drawn == found[0], game.code
            assert any(not end.is_removed(t) for t in tops), game.code
        outcomes.add(found is not None)
    assert outcomes == {True, False}


# -- the goals' searches: the best on one measure, checked against the exhaustive walk --------------

GOAL_RULES = ["easy", "classic", "easy+draw-when-stuck", "classic+joker", "easy+empty-discard+hogue-scoring"]


def _late_positions(rules, count, seed):
    """``count`` late positions under ``rules``, from this module's seed and the test's own ``seed``."""
    return late_positions(rules, count, f"{SEED}-{seed}")


def _runs_along(game, line):
    """The longest run along ``line`` from the game's position, the run it is in counting."""
    run = longest = game.run
    for action in line:
        run = 0 if action == "draw" else run + 1
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("rules", GOAL_RULES)
def test_longest_run_is_the_longest_any_line_makes(rules):
    """The longest run without a draw from a late position, the run the game is in counting, is
    the exhaustive walk's; its line replays and makes that run; asked for ``at_least`` it stops
    at a run that long, or says there is none."""
    for game in _late_positions(rules, 10, "run"):
        reach = solver.longest_run(game)
        assert reach.value == plain_search.longest_run(game), game.to_dict()
        game.copy().replay(reach.line)
        assert _runs_along(game, reach.line) == reach.value
        for at_least in (reach.value, reach.value + 1):
            asked = solver.longest_run(game, at_least=at_least)
            assert (asked.value >= at_least) == (at_least <= reach.value) and _runs_along(
                game, asked.line
            ) == asked.value


@pytest.mark.parametrize("rules", GOAL_RULES)
def test_most_cleared_of_a_kind_is_the_most_any_line_clears(rules):
    """The most kings, hearts or 7s (and peak cards of any kind) cleared from a late position,
    those cleared already counting, is the exhaustive walk's; the line replays and clears that many."""
    kinds = [[f"K{s}" for s in "♣♦♥♠"], [f"{r}♥" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")]]
    kinds.append([f"7{s}" for s in "♣♦♥♠"])
    for index, game in enumerate(_late_positions(rules, 9, "most")):
        cards = kinds[index % 3]
        reach = solver.most_cleared_of(game, cards)
        assert reach.value == plain_search.most_of(game, {Card.parse(c) for c in cards}), game.to_dict()
        end = game.copy().replay(reach.line)
        assert sum(end.is_removed(s) and str(end.deck[s]) in cards for s in range(28)) == reach.value
        every = solver.most_cleared_of(game)
        assert every.value == 28 - game.copy().replay(every.line).cards_left == plain_search.most_of(game, game.deck)


@pytest.mark.parametrize("rules", GOAL_RULES)
def test_highest_score_at_any_moment_is_the_highest_any_line_reaches(rules):
    """The highest score at any moment of a line from a late position, under the game's own
    scoring (R5, or V2), is the exhaustive walk's where the player may stop; its line replays to it."""
    for game in _late_positions(rules, 8, "score"):
        reach = solver.highest_score(game)
        assert reach.value == plain_search.highest_score(game, may_stop=True), game.to_dict()
        assert game.copy().replay(reach.line).score == reach.value


@pytest.mark.parametrize("rules", GOAL_RULES)
def test_fewest_draws_and_a_win_within_so_many_draws(rules):
    """The fewest draws of a win (those made counting) is the least the exhaustive walk wins
    with, under either scoring; ``winnable(draws_at_most=d)`` holds from that number on."""
    for game in _late_positions(rules, 8, "draws"):
        drawn, fewest = game.position.drawn, plain_search.fewest_draws(game)
        reach = solver.fewest_draws(game)
        assert (reach and reach.value) == fewest, game.to_dict()
        if reach:
            end = game.copy().replay(reach.line)
            assert end.status == "won" and end.position.drawn == reach.value
        for d in range(max(0, drawn - 1), drawn + game.stock_count + 1):
            assert solver.winnable(game, draws_at_most=d) == (fewest is not None and d >= fewest)
