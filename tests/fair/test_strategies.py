"""Strategies measured (tripeaks_widget.fair.strategies): policies over numbered games, errors kept per game."""

import re
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import matplotlib
import pytest

from tripeaks_widget import LAYOUTS, Game, solver
from tripeaks_widget.engine.errors import InvalidLayoutError, InvalidValueError
from tripeaks_widget.engine.seen import Seen
from tripeaks_widget.fair import fair_hint
from tripeaks_widget.fair.strategies import (
    HOGUE_READINGS,
    Results,
    evaluate,
    exact,
    fair,
    first_fit,
    hogue_scores,
    lookahead,
    own_pool,
    play,
)
from tripeaks_widget.solver import SearchExhausted

matplotlib.use("Agg")


def test_first_fit_plays_the_first_card_that_fits_and_draws_only_when_stuck():
    played = play(first_fit, 1)
    game = Game.from_number(1)
    for action in played.actions:
        assert action == (str(game.playable()[0]) if game.playable() else "draw")
        game.apply(action)
    assert (played.won, played.score, played.cards_left) == (game.status == "won", game.score, game.cards_left)


def test_a_policy_gets_only_the_seen_view():
    handed = []

    def spy(seen):
        handed.append(seen)
        return first_fit(seen)

    evaluate(spy, games=[2], progress=False)
    assert handed and all(type(seen) is Seen for seen in handed)


def test_evaluate_counts_wins_and_scores():
    results = evaluate(first_fit, games=range(1, 21), progress=False)
    rows = [play(first_fit, n) for n in range(1, 21)]
    assert results.rows == tuple(rows)
    assert results.win_rate == sum(r.won for r in rows) / 20
    assert results.mean_score == sum(r.score for r in rows) / 20
    low, high = results.win_interval
    assert low <= results.win_rate <= high
    assert results.summary()["games"] == 20 and results.summary()["errors"] == 0


def test_evaluate_plays_the_numbered_games_of_another_layout():
    results = evaluate(lookahead, games=range(1, 11), rules="classic", layout="diamond", workers=1, progress=False)
    diamond = LAYOUTS["Diamond"]
    assert results.layout == diamond and results.summary()["layout"] == "Diamond" and " on Diamond:" in str(results)
    for row in results.rows:
        game = Game.from_number(row.game, "classic", layout=diamond).replay(row.actions)
        assert game.status != "playing" and row.won == (game.status == "won") and row.score == game.score
    assert results.rows != evaluate(lookahead, games=range(1, 11), rules="classic", workers=1, progress=False).rows
    assert len(hogue_scores(results, "free-draws")) == 10  # its actions replayed on Diamond
    with pytest.raises(InvalidLayoutError):
        evaluate(lookahead, games=[1], layout="no such layout", progress=False)


def test_an_executor_gives_the_same_results():
    serial = evaluate(lookahead, games=range(1, 31), rules="classic", progress=False)
    with ThreadPoolExecutor(2) as pool:
        assert evaluate(lookahead, games=range(1, 31), rules="classic", executor=pool, progress=False) == serial
    with ProcessPoolExecutor(2) as pool:
        assert evaluate(lookahead, games=range(1, 31), rules="classic", executor=pool, progress=False) == serial


def test_evaluate_plays_on_a_process_a_core_with_the_same_results():
    """Without an executor, evaluate plays on its own process pool (one a core): the rows are
    those of one process; a policy that does not pickle (a lambda) is played here."""
    assert isinstance(own_pool(lookahead, 2, 30), ProcessPoolExecutor)
    assert own_pool(lookahead, 1, 30) is None and own_pool(lookahead, 2, 1) is None
    assert own_pool(lambda seen: "draw", 2, 30) is None
    here = evaluate(lookahead, games=range(1, 31), rules="classic", workers=1, progress=False)
    assert evaluate(lookahead, games=range(1, 31), rules="classic", workers=2, progress=False) == here
    assert evaluate(lambda seen: lookahead(seen), range(1, 31), "classic", workers=2, progress=False).rows == here.rows


@pytest.mark.parametrize("workers", [0, -1, 1.5, "2", True])
def test_a_bad_count_of_workers_is_refused(workers):
    with pytest.raises(InvalidValueError, match="workers is a count of processes"):
        evaluate(lookahead, games=range(1, 3), workers=workers, progress=False)


def test_the_fair_players_shared_memo_changes_no_decision():
    """A game's decisions share the exact search's memo (expectimax.shared_memo): each one is the
    decision the fair player makes on that position alone."""
    for number, rules in ((4, "easy"), (7, "classic"), (12, "easy")):
        played = play(fair(), number, rules)
        game = Game.from_number(number, rules)
        for action in played.actions:
            assert fair()(game.seen()) == action, (number, rules, game.moves)
            game.apply(action)


def test_hogue_scoring_is_the_rules_scoring():
    results = evaluate(first_fit, games=range(1, 11), rules="easy+hogue-scoring", progress=False)
    assert results.rules == "easy+hogue-scoring"
    game = Game.from_number(3, "easy+hogue-scoring").replay(results.rows[2].actions)
    assert results.rows[2].score == game.score


def _runs(actions):
    """The lengths of the runs of removals between draws."""
    return [len(run) for run in "".join("|" if a == "draw" else "x" for a in actions).split("|")]


def test_hogue_readings_score_the_same_actions_their_own_ways():
    """Each reading of Hogue's scoring, checked on won and lost games against the runs and
    draws counted here from the actions themselves."""
    results = evaluate(first_fit, games=range(1, 21), rules="classic", progress=False)
    scores = {reading: hogue_scores(results, reading) for reading in HOGUE_READINGS}
    assert hogue_scores(results) == scores["as-defined"]
    under_v2 = evaluate(first_fit, games=range(1, 21), rules="classic+hogue-scoring", progress=False)
    assert scores["as-defined"] == [row.score for row in under_v2.played] == hogue_scores(under_v2)
    kinds = set()
    for i, row in enumerate(results.played):
        game = Game.from_number(row.game, "classic+hogue-scoring").replay(row.actions)
        draws = row.actions.count("draw")
        trailing = len(row.actions) - len("".join("d" if a == "draw" else "c" for a in row.actions).rstrip("d"))
        bonus = sum((15, 15, 30)[: sum(peak["cleared"] for peak in game.peaks())])
        runs = sum(n * (n + 1) // 2 for n in _runs(row.actions))
        assert scores["free-draws"][i] == scores["as-defined"][i] + 5 * draws
        assert scores["free-draws"][i] == runs + bonus
        assert scores["stop-after-last-card"][i] == scores["as-defined"][i] + 5 * trailing
        assert max(scores["stop-after-last-card"][i], scores["stop-when-lost"][i]) <= scores["stop-at-best"][i]
        lost = solver.verdict_history(game)
        if lost is None:
            assert scores["stop-when-lost"][i] == scores["as-defined"][i]
        else:  # the score just before the first draw once lost
            stop = row.actions.index("draw", lost + 1)
            assert (
                scores["stop-when-lost"][i] == Game.from_number(row.game, game.rules).replay(row.actions[:stop]).score
            )
        assert scores["whole-stock-paid"][i] == scores["as-defined"][i] - 5 * game.stock_count
        kinds.add((row.won, trailing > 0))
    assert {(True, False), (False, True)} <= kinds  # won games and lost ones that drew to the end
    with pytest.raises(ValueError, match="as-defined"):
        hogue_scores(results, "generous")


def test_fair_and_exact_play_whole_games():
    results = evaluate(fair(samples=3), games=[1, 2], progress=False)
    assert len(results.played) == 2 and results.label == "fair (exact, else 3 playouts)"
    bound = evaluate(exact, games=range(1, 6), progress=False)
    assert bound.label == "exact (peeks: upper bound)"
    assert [row.won for row in bound.rows] == [Game.from_number(n).winnable() for n in range(1, 6)]


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        (lambda seen: "undo", r"game 4 \(TP1-E-AAAAAAE\), move 1: the policy returned 'undo', not a card or 'draw'"),
        (lambda seen: 7, r"game 4 \(TP1-E-AAAAAAE\), move 1: the policy returned 7, not an action"),
        (lambda seen: "A♥" if "A♥" not in seen.legal_moves else "draw", r"game 4 .*returned 'A♥', which is not legal"),
        (lambda seen: 1 / 0, r"game 4 \(TP1-E-AAAAAAE\), move 1: the policy raised ZeroDivisionError"),
    ],
)
def test_a_bad_policy_stops_its_game_and_keeps_the_others(policy, message):
    def bad_on_game_4(seen):
        return policy(seen) if seen.waste[0] == Game.from_number(4).discard else first_fit(seen)

    with pytest.warns(UserWarning, match="1 of 3 games stopped on a policy error"):
        results = evaluate(bad_on_game_4, games=[3, 4, 5], progress=False)
    assert [row.game for row in results.errors] == [4]
    assert results.errors[0].error is not None
    assert re.search(message, results.errors[0].error)
    assert [row.game for row in results.played] == [3, 5]
    assert results.played == [play(first_fit, 3), play(first_fit, 5)]
    assert "expected one of" in results.errors[0].error or "raised" in results.errors[0].error


def test_bad_games_are_refused():
    with pytest.raises(ValueError, match="games are deal numbers"):
        evaluate(first_fit, games=["one"], progress=False)
    with pytest.raises(ValueError, match="games are deal numbers"):
        evaluate(first_fit, games=[], progress=False)


def test_the_comparison_plot_has_a_bar_and_an_interval_per_strategy():
    a = evaluate(first_fit, games=range(1, 11), progress=False)
    b = evaluate(lookahead, games=range(1, 11), progress=False)
    win_ax, score_ax = a.plot(b)
    assert [t.get_text() for t in win_ax.get_yticklabels()] == ["first_fit (easy)", "lookahead (easy)"]
    assert [p.get_width() for p in win_ax.patches] == [a.win_rate, b.win_rate]
    assert [p.get_width() for p in score_ax.patches] == [a.mean_score, b.mean_score]
    assert isinstance(a, Results)


def test_fair_out_of_time_plays_as_lookahead():
    # Classic game 4 after a draw: its first sampled arrangement (seed 1) needs a long search.
    seen = Game.from_number(4, rules="classic").replay(["draw"]).seen()
    with pytest.raises(SearchExhausted):
        fair_hint(seen, samples=10, seed=1, budget=1e-9)
    assert fair(samples=10, seed=1, budget=1e-9)(seen) == lookahead(seen)
