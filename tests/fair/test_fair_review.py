"""A game's review (g.review): the chance move by move, the best move, mistakes, the exact verdict."""

import math

import matplotlib
import pytest
from helpers.support import WINNABLE, winning_line

from tripeaks_widget import Game, fair
from tripeaks_widget.engine import game as engine_game
from tripeaks_widget.engine.history import standing_actions
from tripeaks_widget.fair import JUDGED_BY, MISTAKE, Chance, Review, ReviewedMove
from tripeaks_widget.solver import verdict_history

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def played():
    """Classic game 10, played by always taking the first legal action, with an undo on the way."""
    game = Game.from_number(10, rules="classic")
    game.replay(["10♦", "9♦", "8♠", "9♣", "undo", "9♣"])
    for _ in range(8):
        game.apply(game.legal_moves()[0])
    return game, game.review(samples=20, seed=0)


def test_a_review_has_a_row_per_standing_move(played):
    game, review = played
    assert [m.action for m in review.moves] == ["10♦", "9♦", "8♠", "9♣", *game.history[6:]]
    assert [m.move for m in review.moves] == list(range(1, 13))
    for m in review.moves:
        assert m.before.wins >= m.best_chance.wins >= m.after.wins  # the same samples judge every action
        assert m.mistake == (m.best_chance.value - m.after.value >= MISTAKE - 1e-9)
    assert review.mistakes and all(m.action != m.best for m in review.mistakes)


def test_a_review_reports_when_the_exact_verdict_turned_to_lost(played):
    game, review = played
    assert verdict_history(game) == -1 and review.lost_after == 0  # this deal cannot be won at all
    won = Game("TP1-E-AAAAAAB")
    line = won.solve().line
    won.replay(line[:3])
    assert won.review(samples=5).lost_after is None
    won.replay(["undo"])
    assert [m.action for m in won.review(samples=5).moves] == list(line[:2])


def test_the_review_plot_marks_mistakes_and_the_lost_verdict(played):
    _, review = played
    ax = review.plot()
    labels = ax.get_legend_handles_labels()[1]
    assert labels[0] == f"chance of winning ({JUDGED_BY['fair']})"
    assert any(label.startswith("mistake") for label in labels)
    assert "exact verdict: lost after move 0" in labels
    assert len(ax.lines[0].get_xdata()) == len(review.moves) + 1


def test_the_review_prints_a_table(played):
    _, review = played
    text = str(review)
    assert text.splitlines()[0].split()[:2] == ["Move", "Played"]
    assert text.splitlines()[1].split()[:2] == ["1", "10♦"]
    assert "the deal could not be won" in text  # lost after move 0: the deal itself
    assert "A mistake gives away at least 10% of the chance of winning against the best move." in text
    assert "(mistake)" in text or "Mistakes: 0" in text


def test_moves_not_judged_within_the_budget_are_kept_without_chances(played):
    game, judged = played
    review = game.review(method="solver", samples=5, budget=1e-9)  # no arrangement can be judged in time
    assert [m.action for m in review.moves] == [m.action for m in judged.moves]  # nothing lost
    assert review.unjudged == list(review.moves) and not review.mistakes
    for m in review.moves:
        assert (m.judged, m.before, m.after, m.best, m.best_chance, m.loss) == (False, None, None, None, None, 0.0)
    assert review.lost_after == 0  # the exact verdict has no budget: it still holds
    text = str(review)
    assert text.splitlines()[1].split() == ["1", "10♦", "—", "—"]
    assert "—: 12 of 12 moves not judged within the time limit" in text
    ax = review.plot()
    chances = ax.lines[0].get_ydata()
    assert len(chances) == len(review.moves) + 1 and all(math.isnan(v) for v in chances[:-1])


def test_a_review_with_a_move_not_judged_prints_and_plots_the_rest():
    judged = Chance.of(3, 5)
    review = Review(
        "TP1-E-AAAAAAB",
        (ReviewedMove(1, "K♣", judged, judged, "K♣", judged), ReviewedMove(2, "draw", None, None, None, None)),
        final=None,
        lost_after=None,
    )
    assert review.unjudged == [review.moves[1]]
    assert str(review).splitlines()[1:4] == [
        "   1  K♣      60% → 60%              ✓",  # the move played was the best: a tick, not its chance again
        "   2  draw    —                      —",
        "Mistakes: 0 · The exact verdict, which sees the hidden cards: never lost",
    ]
    greek = str(review.said_in("el"))
    assert "Λάθος" in greek and "τράβηγμα" in greek.splitlines()[2]
    chances = review.plot().lines[0].get_ydata()
    assert chances[0] == 0.6 and math.isnan(chances[1]) and math.isnan(chances[2])
    assert str(judged) == f"60% (between {round(judged.low * 100)}% and {round(judged.high * 100)}%)"


def from_scratch(game, samples, seed):
    """The review's rows as a review from scratch makes them: each move judged from its own
    position, the game replayed from its deal up to it."""
    rows = []
    standing = standing_actions(game.history)
    for number, (index, action) in enumerate(standing, 1):
        then = Game.from_deck(list(game.deck), game.rules).replay(game.history[:index])
        chances = fair.move_chances(then.seen(), samples=samples, seed=seed)
        best = fair.best_action(chances)
        rows.append(ReviewedMove(number, action, chances[best], chances[action], best, chances[best]))
    return rows


def won_game():
    """Game 3 under Easy won, with a draw taken back on the way."""
    line = winning_line()
    game = Game.from_number(WINNABLE)
    game.replay([*line[:5], "draw", "undo", *line[5:]])
    assert game.status == "won"
    return game


def blocked_game():
    """TP1-C-AAAAAAB with its stock drawn out, blocked."""
    game = Game("TP1-C-AAAAAAB")
    while game.status == "playing":
        game.apply("draw" if "draw" in game.legal_moves() else game.legal_moves()[0])
    return game


@pytest.mark.parametrize("make", [won_game, blocked_game, lambda: Game("TP1-E-AAAAAAB").replay(["K♣", "draw"])])
def test_the_review_replays_the_game_once_and_judges_each_move_as_a_review_from_scratch(make, monkeypatch):
    game = make()
    applied = []  # every action replayed, by any game (the engine's, the analysis' subclass)
    real_apply = engine_game.Game.apply
    monkeypatch.setattr(
        engine_game.Game, "apply", lambda self, action: applied.append(action) or real_apply(self, action)
    )
    review = game.review(samples=20, seed=3)
    monkeypatch.undo()
    # Linear: the game replayed once move by move, and the exact verdict's replays (a won game or
    # one still winnable: one; else a binary search over the moves), not a replay per move.
    verdict_replays = 1 if review.lost_after is None else 2 + math.ceil(math.log2(len(game.history)))
    assert len(applied) <= (1 + verdict_replays) * len(game.history)
    assert list(review.moves) == from_scratch(game, 20, 3)
    assert review.final == fair.win_chance(game.seen(), samples=20, seed=3)
    assert review.history == tuple(game.history)


def test_a_review_of_a_game_gone_on_keeps_the_moves_judged_before_and_judges_only_the_new_ones(monkeypatch):
    line = winning_line()
    game = Game.from_number(WINNABLE).replay(line[:6])
    earlier = game.review(samples=20, seed=1)
    game.replay(["undo", line[5], *line[6:9]])  # the last move taken back and played again, three more
    judged = []
    real_judge = fair.move_chances_steps
    monkeypatch.setattr(
        fair.reviewing, "move_chances_steps", lambda seen, **kw: judged.append(seen) or real_judge(seen, **kw)
    )
    later = game.review(samples=20, seed=1, earlier=earlier)
    monkeypatch.undo()
    assert later == game.review(samples=20, seed=1)  # the same rows as from scratch
    assert list(later.moves[:5]) == list(earlier.moves[:5])
    assert [seen.history for seen in judged[:-1]] == [tuple(game.history[:i]) for i in (7, 8, 9, 10)]
    assert len(judged) == 4 + 1  # the four moves after the ones kept, and the final chance
    for other in (
        game.review(samples=20, seed=2),  # judged otherwise
        Game.from_number(WINNABLE).replay(["draw"]).review(samples=20, seed=1),  # another line
    ):
        judged.clear()
        monkeypatch.setattr(
            fair.reviewing, "move_chances_steps", lambda seen, **kw: judged.append(seen) or real_judge(seen, **kw)
        )
        assert game.review(samples=20, seed=1, earlier=other) == later
        monkeypatch.undo()
        assert len(judged) == len(later.moves) + 1  # nothing kept from it
    with pytest.raises(ValueError, match="earlier is a Review of this game made before"):
        game.review(samples=20, earlier=list(later.moves))
